"""Days a reply counts by their values, and the lengths it names facts by: a last look at a
warned number (lenient.py's stage, through prospects.py), by class.

- **the window of a fact** ("window"): "Last-30 best: 12,993", "Longest streak (365 d): 18
  d", "longest in 365 d is 18": a count that is the length of a window the request states a
  fact over ("best day of the last 30", "longest goal streak in the last 365 days"), right
  after "last" or after the fact's name and "(", "in", "of" or "over";
- **a size after a slash** ("slash"): "3/7 goal days", "1/7 d": the 7 is the week's size (or
  a period's the request states), when the count before the slash is not warned (with a wrong
  count, "2/7" is one wrong claim);
- **days counted between two bounds** ("between"): "three of the seven days finished between
  8,900 and 9,800": the bounds (and the count) are true when that many days of a block of day
  lines the request states (of the size written, when it is) fall within them; "of the six
  misses, three were within about 900 steps": the count, when that many days of a block are
  that near the goal (under it, when the words speak of misses).

Only unsupported numbers with no source change: a number these find nothing for stays warned.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from coach_tui.coach.grounding.block_ops import day_blocks
from coach_tui.coach.grounding.block_ops import written as _written
from coach_tui.coach.grounding.facts import fmt, short_day
from coach_tui.coach.grounding.words import SMALL

if TYPE_CHECKING:
    from coach_tui.coach.grounding.facts import Evidence
    from coach_tui.coach.grounding.lenient import Mention

written = lru_cache(maxsize=2048)(_written)  # (pure: a reply's numbers are read by many rules)
# "between 8,900 and 9,800", "from 8,900 to 9,800"
_BETWEEN = re.compile(r"\b(?:between|from)\s+(?:about\s+|roughly\s+|around\s+)?"
                      r"(\d[\d,.]*k?)\s*(?:and|to|-|–)\s*(?:about\s+|roughly\s+|around\s+)?"
                      r"(\d[\d,.]*k?)\b", re.I)
# "three were within about 900 steps": a count of days by their distance to the goal
# ("three other days missed by under 900 steps": the same bound, said of the misses)
_WITHIN = re.compile(r"[^.;:!?\n\d]{0,40}?\b(?:within|(?:missed|fell\s+short|were\s+short)\s+"
                     r"(?:by\s+)?(?:under|less\s+than|fewer\s+than))\s+"
                     r"(?:about\s+|roughly\s+|around\s+)?(\d[\d,]*k?)\b", re.I)
_MISSES = re.compile(r"\b(?:miss(?:es|ed)?|short|under|below|fell|fall)\b", re.I)
_COUNTED = re.compile(r"\b(\d+|" + "|".join(SMALL) + r")\b(?:\s+(?:of|out\s+of)\s+(?:the\s+|"
                      r"those\s+|these\s+|your\s+)?(\d+|" + "|".join(SMALL) + r"))?", re.I)
# "Last-30 best", "Longest streak (365 d)", "longest in 365 d": the window a fact is over
# ("the last 30", "over those same 30 days you met the goal on 14": the window just named)
_LAST_BEFORE = re.compile(r"\b(?:last|past|those(?:\s+same)?|the\s+same)[\s-]$", re.I)
_FACT_BEFORE = re.compile(r"\b(?:best|longest|streak|record|average|avg|high|low)\b[^.;:\d\n]{0,12}"
                          r"(?:\(|\b(?:in|of|over)\s+(?:the\s+)?(?:last\s+|past\s+)?)$", re.I)
_WINDOW = re.compile(r"\b(?:last|past) (\d+)(?: days)?\b|\b(\d+)-day\b")


def value(text: str) -> float | None:
    """A count as written: a small number word or digits ("seven", "9.9k")."""
    t = text.strip().lower()
    if t in SMALL:
        return float(SMALL[t])
    got = written(t)
    return None if got is None else got[0]


def between(reply: str, m: Mention, ev: Evidence, start: int,
             end: int) -> tuple[str, str] | None:
    for span in _BETWEEN.finditer(reply, start, end):
        if not span.start(1) <= m.start < span.end(2):
            continue
        lo, hi = value(span[1]), value(span[2])
        # (the sentence's first count: "Three of the seven days finished between ...")
        counted = _COUNTED.search(reply, start, span.start())
        if lo is None or hi is None or lo >= hi or counted is None:
            return None
        n, size = value(counted[1]), counted[2] and value(counted[2])
        for days in day_blocks(ev):
            if size and len(days) != size:
                continue
            within = [(d, v) for d, v in days if lo <= v <= hi]
            if len(within) == n:
                listed = ", ".join(f"{short_day(d)} {fmt(v)}" for d, v in within)
                return "computed", f"{len(within)} of {len(days)} days between {fmt(lo)} " \
                                   f"and {fmt(hi)}: {listed}"
        return None
    return None




def within(reply: str, m: Mention, ev: Evidence, end: int) -> tuple[str, str] | None:
    """"Of the six misses, three were within about 900 steps": that many days of a block are
    within the bound of the goal (of the days under it, when the words speak of misses)."""
    near = _WITHIN.match(reply, m.end, end)
    n = value(m.text) if near is not None else None
    if n is None or n >= 32:
        return None
    bound = None if near is None else value(near[1])
    if bound is None or not ev.goal or bound >= ev.goal:
        return None
    goal, misses = ev.goal, _MISSES.search(reply, max(0, m.start - 60), end) is not None
    for days in day_blocks(ev):
        close = [(d, v) for d, v in days if (v < goal or not misses) and abs(goal - v) <= bound]
        if len(close) == n:
            listed = ", ".join(f"{short_day(d)} {fmt(v)}" for d, v in close)
            return "computed", f"{len(close)} of {len(days)} days within {fmt(bound)} of the " \
                               f"{fmt(goal)} goal: {listed}"
    return None




def window(reply: str, m: Mention, ev: Evidence) -> tuple[str, str] | None:
    """The length of a window the request states a fact over, named as that window."""
    n = value(m.text)
    if n is None or not n.is_integer() or n < 2 or not (
            _LAST_BEFORE.search(reply, max(0, m.start - 12), m.start)
            or _FACT_BEFORE.search(reply, max(0, m.start - 40), m.start)):
        return None
    windows = ev.period_cache.get("prospects.windows")
    if windows is None:  # (each window length a fact is over: read once per request)
        windows = ev.period_cache["prospects.windows"] = {}
        for f in ev.facts:
            if f.kind in ("best", "longest", "average", "met"):
                for w in {int(w[1] or w[2]) for w in _WINDOW.finditer(f.source)}:
                    windows.setdefault(w, []).append(f)
    near = reply[max(0, m.start - 40):m.end + 16].lower()
    named = [k for k, w in (("best", "best"), ("longest", "longest"), ("longest", "streak"),
                            ("average", "av"), ("met", "goal")) if w in near]
    fitting = list(windows.get(int(n), ()))
    fitting.sort(key=lambda f: f.kind not in named)  # (the fact its words name first)
    return ("quoted", fitting[0].source) if fitting else None




def slash(m: Mention, out: Sequence[Mention], ev: Evidence) -> tuple[str, str] | None:
    """The size of a week or stated period after a slash whose count is not warned."""
    n = value(m.text)
    before = [o for o in out if o.end == m.start - 1]
    if n is None or not before or before[-1].outcome == "unsupported":
        return None
    if n == 7:
        return "quoted", "a week's 7 days"
    for p in ev.periods:
        if n in (p.length, p.recorded):
            return "quoted", f"{int(n)} days ({p.label})"
    return None
