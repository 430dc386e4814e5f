"""Grounding: which numbers in a coach reply the context it was given does not support.

Pure and stdlib only. `unverified_numbers(reply, context)` is the simple entry point: the
numbers of `reply`, as written there, that `context` (everything the request carried: system
blocks, history, the recall block, the user's words) does not support, in reply order, one
entry per occurrence. `check(reply, context)` returns every number it found, with its span,
kind, status and what it matched, for highlighting. `index_context(context)` reads the context
once into an `Evidence` (values by unit, percentages, dates, times); `check` accepts either a
context string (indexed through a small cache keyed on the string) or an `Evidence`.

The rules live beside the code that applies them, one job a module, each depending only on
the ones above it:

    words.py     number words, month and weekday names; a written number's value and precision
    scan.py      what a number is as written: digits, words, ordinals, fractions, dates, times
    reading.py   ranges, units, gaps and list markers: the numbers as a reader sees them
    evidence.py  index_context: everything a context states, filed for lookups
    support.py   what counts as supported: rounding, units, dates, percentages, gaps
    advice.py    advice sizes ("a 20-minute walk") that are not claims about the user's data
    verdict.py   check and unverified_numbers: each number supported, unverified or ignored

Anything the model worked out (a difference, a sum, a percentage change) is unverified unless
it equals a number in the context: code derives numbers, the model only phrases them.

**Speed.** Indexing reads the context once (two patterns find the tokens that can start a
number, and a small pattern is tried at each: linear in its length, ~55 ms for 400 KB); checking
does the same over the reply plus a bisect or dict lookup per number, independent of the
context's size (~3 ms for a 1,000-word reply with 130 numbers). `check(reply, context_string)`
keeps the last few indexes, keyed on the string; a caller checking many replies against one
context can hold the `Evidence` itself. bench/grounding.py times the check alone, the cached
call, and index + check.
"""

from coach_tui.coach.grounding.evidence import Evidence, index_context
from coach_tui.coach.grounding.verdict import NumberMention, check, unverified_numbers

__all__ = ["Evidence", "NumberMention", "check", "index_context", "unverified_numbers"]
