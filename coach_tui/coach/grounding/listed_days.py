"""A day's count listed under its weekday, checked: `checked(reply, out, ev)`.

"- Thu: 9,717", "| Sat | 7,651 |": a line labelled with a weekday reads like a schedule, and a
schedule's amounts are advice. But when the amount is exactly a count the request states for
one of its days, the line reports that data, and a weekday the request states a day for binds
it: "- Thu: 9,717" when the Thursday listed walked 7,651 (9,717 was Saturday's) is a claim about
the wrong day, not a plan. So a count read as advice on such a line is quoted when the latest
stated day of that weekday (not after today) has it, and warned when it has another; a planned
amount no day has ("- Thu: 9,500") stays advice.

A line labelled as a record ("- **Weakest day:** Tuesday the 24th, 8,963") is checked against
the record of the block of day lines that holds its day (`extremes`): the day's own count is
true, the claim that it was the block's lowest is not when another day was lower.
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


# "- **Weakest day:** Tuesday the 24th, 8,963", "**Best day:** Wed 25 Nov, 12,028": a record
# of a block of days, labelled, its day and count written after the label
_EXTREME_LABEL = re.compile(r"^[ \t]*(?:[-*•][ \t]+)?(?:\*\*)?(?:(best|highest|top|biggest|"
                            r"strongest)|(weakest|lowest|worst|quietest|slowest))[ \t]+day"
                            r"(?:\*\*)?[ \t]*:(?:\*\*)?", re.I | re.M)


def extremes[M: Any](reply: str, out: list[M], ev: Evidence,
                     refs: list[tuple[int, int, frozenset]]) -> list[M]:
    """`out` with the count on a line labelled as a block's best or weakest day warned when
    the day the line names is in a block of the request's day lines (five or more) whose
    best (or lowest) is another day: "- **Weakest day:** Tuesday the 24th, 8,963" when
    Thursday's 7,651 was the week's lowest (the day's own count is true; the record is not)."""
    if not ev.blocks or "day" not in reply:
        return out
    result = list(out)
    for label in _EXTREME_LABEL.finditer(reply):
        end = reply.find("\n", label.end())
        end = len(reply) if end < 0 else end
        named = {d for lo, _, days in refs if label.end() <= lo < end and len(days) == 1
                 for d in days}
        counts = [(i, m) for i, m in enumerate(out) if label.end() <= m.start < end
                  and m.kind == "count" and (v := value(m.text)) is not None and v >= 100]
        if len(named) != 1 or len(counts) != 1:
            continue  # (one day and its count: "Tuesday's 13,311 beats last week's best, 12,028
            # on Wednesday" compares two records)
        (day,) = named
        block = next((b for b in ev.blocks if day in b and len(b) >= 5), None)
        if block is None or any(d not in ev.days for d in block):
            continue
        pick = max if label[1] else min
        record = pick(block, key=lambda d: ev.days[d].value)
        if record == day or ev.days[record].value == ev.days[day].value:
            continue
        source = f"the {'best' if label[1] else 'lowest'} of {short_day(block[0])} to " \
            f"{short_day(block[-1])} is {fmt(ev.days[record].value)} ({short_day(record)})"
        i, m = counts[0]
        if m.outcome == "quoted" and value(m.text) == ev.days[day].value:
            result[i] = replace(m, outcome="unsupported", source=source)
    return result
