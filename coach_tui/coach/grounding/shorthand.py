"""A terse reply's shorthand read in full words: `through(reply, check)`.

A coach read on a watch writes "avg 9,904/d", "goal hit on 3 of 7 d", "Streak's at 1 d",
"last wk", "2 wks", "goal met 2/7 d", "Last-30 best". Every rule of the checker reads days,
weeks and averages by their words, so the reply is checked with its shorthand written out
("average 9,904 a day", "3 of 7 days", "at 1 day", "last week", "2 weeks", "2 of 7 days",
"last 30 best") and each number's place is mapped back to the reply as written: a number's
span and text are the writer's own.

Only a unit after a number is widened ("7 d", "15-d", "/d"; not "2nd", "3rd", "d" in a word),
"N/M" only before days ("2/7 d", "1/7 goal days"), and "wks", "wkday", "wkend", "avg" as
whole words, "wk" unless a number follows ("Wk 47" is read as written): nothing else moves.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

# a cheap test first: a reply with none of these letters has no shorthand
_HINT = re.compile(r"wk|avg|\d[\s-]?d(?:ays?)?\b|/d\b|last-\d", re.I)
# ("Wk 47", "wk 1": a week's number, read so as written)
_SHORT = re.compile(r"\b(?P<w>wk(?!\s?\d)(?:s|days?|ends?)?|avgs?)\b"
                    r"|(?<=\d)(?P<d>\s?d|-d)\b(?![-'’])|(?<=\w)(?P<rate>/d)\b(?![-'’])"
                    r"|\b(?P<last>last)-(?=\d{1,3}\b)"
                    # "goal met 2/7 d", "1/7 goal days": a count of days out of a period's
                    r"|(?<=\d)(?P<of>/)(?=\d{1,3}\s+(?:[a-z]+\s+)?d(?:ays?)?\b)", re.I)
_WORDS = {"wk": "week", "wks": "weeks", "wkday": "weekday", "wkdays": "weekdays",
          "wkend": "weekend", "wkends": "weekends", "avg": "average", "avgs": "averages"}


def widened(reply: str) -> tuple[str, list[int], list[int]] | None:
    """The reply with its shorthand in full words, and where each changed piece starts in
    the widened text and in the reply (both ascending); None when it has none."""
    if _HINT.search(reply) is None:
        return None
    parts: list[str] = []
    new_at: list[int] = []
    old_at: list[int] = []
    pos = grown = 0
    for m in _SHORT.finditer(reply):
        if m["w"] is not None:
            word = _WORDS[m["w"].lower()]
            full = word[0].upper() + word[1:] if m["w"][0].isupper() else word
        elif m["d"] is not None:
            one = re.search(r"(?<![\d.,/])1$", reply[max(0, m.start() - 4):m.start()])
            full = "-day" if m["d"] == "-d" else " day" if one else " days"
        elif m["rate"] is not None:
            full = " a day"
        elif m["of"] is not None:
            full = " of "
        else:
            full = m["last"] + " "
        parts += (reply[pos:m.start()], full)
        new_at.append(m.start() + grown)
        old_at.append(m.start())
        grown += len(full) - (m.end() - m.start())
        pos = m.end()
        new_at.append(m.end() + grown)  # (after the piece: both texts agree again)
        old_at.append(m.end())
    if not parts:
        return None
    parts.append(reply[pos:])
    return "".join(parts), new_at, old_at


def _back(at: int, new_at: Sequence[int], old_at: Sequence[int], end: bool) -> int:
    """A place of the widened text as a place of the reply: inside a changed piece, its start
    (a span's start) or its end (a span's end)."""
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
    for m in check(text):
        start = _back(m.start, new_at, old_at, False)
        end = _back(m.end, new_at, old_at, True)
        out.append(replace(m, start=start, end=end, text=reply[start:end]))
    return out
