"""A terse reply's shorthand read in full words: `through(reply, check)`.

A coach read on a watch writes "avg 9,904/d", "goal hit on 3 of 7 d", "Streak's at 1 d",
"last wk", "2 wks", "goal met 2/7 d", "Last-30 best". Every rule of the checker reads days,
weeks and averages by their words, so the reply is checked with its shorthand written out
("average 9,904 a day", "3 of 7 days", "at 1 day", "last week", "2 weeks", "2 of 7 days",
"last 30 best") and each number's place is mapped back to the reply as written: a number's
span and text are the writer's own.

"~" or "≈" right before a number reads as "about" ("went to ~11,300"). A number in bold of
its own, or with up to four words after it ("went from **9,904** to
**11,274**", "sore for **12 days**"), is read without its markers, as the sentence's words
read it; bold that starts with a word or ends a label ("**Streak:** 2 days") stays.

Only a unit after a number is widened ("7 d", "15-d", "/d"; not "2nd", "3rd", "d" in a word),
"N/M" only before days ("2/7 d", "1/7 goal days"), and "wks", "wkday", "wkend", "avg" as
whole words, "wk" unless a number follows ("Wk 47" is read as written): nothing else moves.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from typing import Any

# Each form found from its own first characters (the engine skips to them in C), not tried
# at every position: a word ("Wk 47", "wk 1": a week's number, read so as written), a unit
# right after a digit, "/d" after a word, "last-30", and "goal met 2/7 d", "1/7 goal days" (a
# count of days out of a period's).
# ("last wk 9,904": a count after it, not a week's number)
_WORD = re.compile(r"(?:w(?<!\ww)k(?!\s?\d{1,2}\b(?![,.]\d))(?:s|days?|ends?)?|a(?<!\wa)vgs?)\b")
_DAYS = re.compile(r"[0-9](\s?[dD]|-[dD])\b(?![-'’])")
_SLASH = re.compile(r"/(?:(?<=\w/)d(?:ay)?\b(?![-'’])"
                    r"|(?<=\d/)(?=\d{1,3}\s+(?:[a-z]+\s+)?d(?:ays?)?\b))",
                    re.I)
_LAST = re.compile(r"l(?<!\wl)ast-(?=\d{1,3}\b)", re.I)
_ONE = re.compile(r"(?<![\d.,/])1$")
# "to **11,274** so far", "about **12.2%**", "for **12 days** since", "a **1-day** streak",
# "closes at **14 of 30**": a number in bold, read as plain text
_BOLD_NUMBER = re.compile(r"(\*\*|__)\d[\d,.]*(?:%|k|K|st|nd|rd|th|-[A-Za-z]+)?"
                          r"(?:[ \t]+\w[\w,'’-]*){0,4}(?<![.,])(\1)(?![\w*:])")
# "to ~11,300", "≈ 9,900": the sign of a rounded number, read as "about" (the words every rule
# reads a hedge by)
_APPROX = re.compile(r"(?<![\w~≈])[~≈][ \t]?(?=\d)")
_WORDS = {"wk": "week", "wks": "weeks", "wkday": "weekday", "wkdays": "weekdays",
          "wkend": "weekend", "wkends": "weekends", "avg": "average", "avgs": "averages"}


def _pieces(reply: str) -> list[tuple[int, int, str]]:
    """(start, end, the words) of each piece of shorthand, in order."""
    low = reply.lower()
    found = []
    if "wk" in low or "avg" in low:
        for m in _WORD.finditer(low):
            word = _WORDS[m[0]]
            found.append((m.start(), m.end(),
                          word[0].upper() + word[1:] if reply[m.start()].isupper() else word))
    for m in _DAYS.finditer(reply):
        one = _ONE.search(reply, max(0, m.start(1) - 4), m.start(1))
        found.append((m.start(1), m.end(1),
                      "-day" if m[1].lower() == "-d" else " day" if one else " days"))
    if "/" in reply:
        found += [(m.start(), m.end(), " a day" if m.end() > m.start() + 1 else " of ")
                  for m in _SLASH.finditer(reply)]
    if "last-" in low:
        found += [(m.start(), m.end(), m[0][:-1] + " ") for m in _LAST.finditer(reply)]
    if "~" in reply or "≈" in reply:
        found += [(m.start(), m.end(), "about ") for m in _APPROX.finditer(reply)]
    if "**" in reply or "__" in reply:
        for m in _BOLD_NUMBER.finditer(reply):
            found += [(m.start(1), m.end(1), ""), (m.start(2), m.end(2), "")]
    return sorted(found)


def widened(reply: str) -> tuple[str, list[int], list[int]] | None:
    """The reply with its shorthand in full words, and where each changed piece starts in
    the widened text and in the reply (both ascending); None when it has none."""
    found = _pieces(reply)
    if not found:
        return None
    parts: list[str] = []
    new_at: list[int] = []
    old_at: list[int] = []
    pos = grown = 0
    for start, end, full in found:
        parts += (reply[pos:start], full)
        new_at.append(start + grown)
        old_at.append(start)
        grown += len(full) - (end - start)
        pos = end
        new_at.append(end + grown)  # (after the piece: both texts agree again)
        old_at.append(end)
    parts.append(reply[pos:])
    return "".join(parts), new_at, old_at


def _back(at: int, new_at: Sequence[int], old_at: Sequence[int], end: bool) -> int:
    """A place of the widened text as a place of the reply: inside a changed piece, its start
    (a span's start) or its end (a span's end)."""
    if end and (j := bisect_left(new_at, at)) < len(new_at) and new_at[j] == at and j % 2 == 0:
        return old_at[j]  # (a span ending where a piece starts: "**11,274**" ends before it)
    i = bisect_right(new_at, at) - 1
    if i < 0:
        return at
    if i % 2 == 0 and at > new_at[i]:  # inside a widened piece
        return old_at[i + 1] if end else old_at[i]
    return old_at[i] + at - new_at[i]


def through[M: Any](reply: str, check: Callable[[str], list[M]]) -> list[M]:
    """`check` run on the reply with its shorthand in full words, each mention's span and text
    the reply's own."""
    wide = widened(reply)
    if wide is None:
        return check(reply)
    text, new_at, old_at = wide
    out = []
    first = new_at[0]
    for m in check(text):
        if m.end <= first:
            out.append(m)  # (before the first piece: where the reply has it)
            continue
        start = _back(m.start, new_at, old_at, False)
        end = _back(m.end, new_at, old_at, True)
        # (NumberMention's fields in order: `replace` costs ~3 µs a number, this a third)
        out.append(type(m)(start, end, reply[start:end], m.kind, m.outcome, m.source))
    return out
