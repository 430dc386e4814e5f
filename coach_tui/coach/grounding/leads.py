"""Which of two days the words say came out on top, for a gap between their counts:
`leader(atom, binder)`.

"Tuesday beat Wednesday by 3,065", "Wednesday topped Tuesday's 8,963 by 3,065", "Wednesday
beat Tuesday comfortably, a gap of 3,065": the day before the verb leads; "Tuesday trailed
Wednesday by 3,065": the day after it. "Wednesday came in 3,065 ahead of Tuesday", "Tuesday
did 3,065 fewer than Wednesday": the words between the number and the day after it say which
side is larger. A difference between the two days' counts is true only with the larger count
on the day that leads (issue 17, item 1: the direction of an operation is checked, so a wrong
difference stays wrong).
"""

from __future__ import annotations

import re
from bisect import bisect_left

from coach_tui.coach.grounding.binding import Binder
from coach_tui.coach.grounding.facts import Evidence
from coach_tui.coach.grounding.scan import Atom

_AHEAD = re.compile(r"\b(?:beat|beats|topped|tops|outdid|outdoes|outpaced|outwalked|"
                    r"out-walked|edged|bested|led|leads|ahead\s+of|better\s+than|more\s+than|"
                    r"higher\s+than)\b", re.I)
_BEHIND = re.compile(r"\b(?:trailed|trails|lost\s+to|behind|lower\s+than|less\s+than|"
                     r"fewer\s+than|worse\s+than)\b", re.I)
_LAST = r"(?:the\s+|last\s+|on\s+)*"
_THEN_AHEAD = re.compile(rf"\s*(?:more\s+)?(?:steps?\s+)?(?:more|higher|better|ahead\s+of|above|"
                         rf"up\s+on)\s+(?:than\s+)?{_LAST}$", re.I)
_THEN_BEHIND = re.compile(rf"\s*(?:steps?\s+)?(?:fewer|less|lower|behind|short\s+of|below|"
                          rf"down\s+on)\s+(?:than\s+)?{_LAST}$", re.I)


def leader(a: Atom, binder: Binder) -> frozenset | None:
    """The days the number's sentence says are the larger side of the gap `a` measures,
    or None when its words name no such pair of days (kept per number on the binder)."""
    cache = binder.__dict__.setdefault("_leaders", {})
    if a.start not in cache:
        cache[a.start] = _leader(a, binder)
    return cache[a.start]


def _leader(a: Atom, binder: Binder) -> frozenset | None:
    reply = binder.reply
    ss, se = binder.sentence(a.start)
    lo = bisect_left(binder.ref_starts, ss)
    hi = bisect_left(binder.ref_starts, se, lo)
    before = [r for r in binder.refs[lo:hi] if r[1] <= a.start]
    after = [r for r in binder.refs[lo:hi] if r[0] >= a.end]
    if len(before) >= 2:
        (_, end1, days1), (start2, _, days2) = before[-2], before[-1]
        between = reply[end1:start2]
        if len(between) <= 60:
            if _BEHIND.search(between):
                return days2
            if _AHEAD.search(between):
                return days1
    if before and after and a.end <= after[0][0] <= a.end + 40:
        if _THEN_AHEAD.match(reply, a.end, after[0][0]):
            return before[-1][2]
        if _THEN_BEHIND.match(reply, a.end, after[0][0]):
            return after[0][2]
    return None


def larger_day(days: frozenset, ev: Evidence):
    """Of two stated days, the one with the larger count (None unless both are stated)."""
    if len(days) != 2 or not all(d in ev.days for d in days):
        return None
    return max(days, key=lambda d: ev.days[d].value)



def on_top(item, a: Atom, binder: Binder, ev: Evidence) -> bool | None:
    """Whether a gap between two days' counts (`item`, an operation) has on top the day the
    words put there, by their stated values: "your best, 12,993 on Nov 7, is 1,523 more than
    Sunday" is best − Sunday, whichever side the operation was worked out from; None when
    the words or the request do not say."""
    top = leader(a, binder)
    if item.kind != "diff" or len(item.days) != 2 or top is None or len(top) != 1 \
            or not top < item.days:
        return None
    (first,), (other,) = top, item.days - top
    gaps = {f.value - g.value for f in ev.facts if f.day == first
            for g in ev.facts if g.day == other and g.kind in ("day", "best", "lowest")}
    if any(abs(gap - item.value) < 0.5 for gap in gaps):
        return True
    return False if any(abs(gap + item.value) < 0.5 for gap in gaps) else None
