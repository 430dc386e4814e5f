"""Bounds a reply writes: "within a thousand steps of the goal", "under 500 from the goal",
"within 8%": true when the gap it bounds is no larger."""

from __future__ import annotations

import re
from bisect import bisect_left

from coach_tui.coach.grounding.binding import Binder
from coach_tui.coach.grounding.evidence import derived_of, step_gaps
from coach_tui.coach.grounding.facts import Evidence, fmt
from coach_tui.coach.grounding.scan import Atom

_GOAL_LINE = re.compile(r"\b(?:goal|line|mark|target)\b", re.IGNORECASE)


def within(reply: str, a: Atom, ev: Evidence, binder: Binder) -> tuple[str | None, str | None]:
    """"within a thousand steps of the goal" (or "of the line", "under 500 from the goal"): a
    bound, true when a gap (in percent: "within 8%") of each day its clause names (or of the
    day it is bound to, or any, when it names none) to what it names is no larger."""
    cs, ce = binder.clause(a.start)
    to_goal = _GOAL_LINE.search(reply, a.end, ce) is not None
    # "Monday's 9,548 and Sunday's 9,257 both came within a thousand of the line": each day
    # its clause names before it must be within the bound
    named = [r[2] for r in binder.refs if cs <= r[0] < a.start]
    groups = named or [binder.day(a)]
    found = []
    gaps, negated = step_gaps(ev)
    first = bisect_left(negated, -a.number)  # (the largest gap no larger than the bound first)
    for days in groups:
        if a.pct:
            gaps_in = [d for d in derived_of(ev, "%", "change") if d.value <= a.number
                       and (days is None or d.days & days) and (not to_goal or " goal" in d.text)]
            best = max(gaps_in, key=lambda d: d.value) if gaps_in else None
        else:
            best = next((d for d in gaps[first:] if (days is None or d.days & days)
                         and (not to_goal or " goal" in d.text)), None)
        if best is None:
            return None, None
        found.append(best)
    return "computed", "; ".join(f"{d.text}, within {fmt(a.number)}{'%' * a.pct}" for d in found)
