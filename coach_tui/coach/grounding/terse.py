"""A terse reply's "d" for days read as the word, before it is checked.

A coach writing in bullets and arrows shortens the word the checker reads a count of days by:
"4 of 7 d under 10k", "Streak 0 d; longest 18 d", "Longest streak (365 d)", "11 d since the
19th". `expanded(reply)` spells out a "d" right after a number as "days" and gives, for each
position of the spelled-out text, the position of the reply it came from, so `mapped` puts
every mention back on the reply as written. A reply with none is checked as it is (one
search). Tried and left out: "/d", "avg", "wk" spelled out (they moved what terse bullets
are bound to: "avg 8,111/d" as an average lost its week, rS001 and rS023 warned wrongly).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

_SHORT = re.compile(r"(?<=\d)(\s?)d\b(?![-'’/])")


def expanded(reply: str) -> tuple[str, list[int] | None]:
    """(the reply with its abbreviations spelled out, each position's position in the reply),
    or (the reply, None) when it has none."""
    if _SHORT.search(reply) is None:
        return reply, None
    parts: list[str] = []
    back: list[int] = []
    at = 0
    for m in _SHORT.finditer(reply):
        parts.append(reply[at:m.start()])
        back.extend(range(at, m.start()))
        word = m[1] + "days"
        parts.append(word)
        back.extend(min(m.start() + i, m.end() - 1) for i in range(len(word)))
        at = m.end()
    parts.append(reply[at:])
    back.extend(range(at, len(reply) + 1))  # (and the end of the text)
    return "".join(parts), back


def mapped(reply: str, back: Sequence[int], mentions: list[Any]) -> list[Any]:
    """`mentions` of the spelled-out text, put back on `reply`."""
    out = []
    for m in mentions:
        start, end = back[m.start], back[m.end - 1] + 1
        out.append(replace(m, start=start, end=end, text=reply[start:end]))
    return out
