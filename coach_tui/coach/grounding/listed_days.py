"""A day's count listed under its weekday, checked: `checked(reply, out, ev)`.

"- Thu: 9,717", "| Sat | 7,651 |": a line labelled with a weekday reads like a schedule, and a
schedule's amounts are advice. But when the amount is exactly a count the request states for
one of its days, the line reports that data, and a weekday the request states a day for binds
it: "- Thu: 9,717" when the Thursday listed walked 7,651 (9,717 was Saturday's) is a claim about
the wrong day, not a plan. So a count read as advice on such a line is quoted when the latest
stated day of that weekday (not after today) has it, and warned when it has another; a planned
amount no day has ("- Thu: 9,500") stays advice.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from coach_tui.coach.grounding.counted import value
from coach_tui.coach.grounding.facts import Evidence, fmt, short_day
from coach_tui.coach.grounding.words import WEEKDAYS

# the line's label before the count: "- Thu: ", "**Saturday:** ", "| Sat | "
_DAY_LABEL = re.compile(r"[\s>*+•|-]*(?:\*\*)?(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?(?:\*\*)?"
                        r"\s*(?::|\||–|—|-)?\s*(?:\*\*)?\s*$", re.I)


def checked[M: Any](reply: str, out: list[M], ev: Evidence) -> list[M]:
    """`out` with each stated day's count listed under a weekday, read as advice, bound to
    that weekday's day (see the module's words)."""
    if not ev.days:
        return out
    stated = {f.value for f in ev.days.values()}
    result = list(out)
    for i, m in enumerate(out):
        if m.outcome != "advice" or m.kind != "count" or (v := value(m.text)) not in stated:
            continue
        label = _DAY_LABEL.fullmatch(reply, reply.rfind("\n", 0, m.start) + 1, m.start)
        if label is None:
            continue
        weekday = WEEKDAYS[label[1].lower()]
        days = [d for d in ev.days if d.weekday() == weekday and (ev.now is None or d < ev.now)]
        if not days:
            continue
        day = max(days)
        fact = ev.days[day]
        result[i] = replace(m, outcome="quoted", source=fact.source) \
            if fact.value == v else \
            replace(m, outcome="unsupported", source=f"{short_day(day)} was {fmt(fact.value)}")
    return result
