"""A rate a reply works out of its own sentence, checked: `checked(reply, out, sentence)`.

"Spread over the week, 75,000 steps is 11,250 a day", "75,000 over the next seven days works
out to 10,174 a day": a plan's words, but the number is a division the sentence states both
sides of (a true amount, and the days it is spread over: a count of days, or "the week"). A
plan's words cannot tell a true rate from a false one; the arithmetic can. So a rate read as
advice is checked against that division, to the precision written ("about 10,700" for 10,714),
and warned when it is not it; one that is gets the division as its source. Only rates the
words say the amount comes to ("is", "works out to", "comes to", "means", "that's") are
checked: "aim for 11,000 a day" sets a target of its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from coach_tui.coach.grounding.block_ops import written
from coach_tui.coach.grounding.words import SMALL

# "is 11,250 a day", "works out to about 10,174 a day", "that's roughly 10,700 steps a day"
_COMES_TO = re.compile(r"\b(?:is|are|works?\s+out\s+(?:at|to)|comes?\s+(?:out\s+)?to|means|"
                       r"that's|that\s+is|equals)\s+(?:about\s+|around\s+|roughly\s+|"
                       r"approximately\s+|just\s+(?:over|under)\s+|~\s*)?(?:\*\*)?$", re.I)
_A_DAY = re.compile(r"(?:\*\*)?\s*(?:steps?\s+)?(?:a|per|each)\s+day\b|(?:\*\*)?\s*/\s*day\b",
                    re.I)
# the days the amount is spread over: "over 7 days", "across the next seven days", "the week"
_OVER_DAYS = re.compile(r"\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+days\b"
                        r"|\b(?:over|across|through(?:out)?)\s+the\s+(?:whole\s+|full\s+)?"
                        r"(week)\b", re.I)
_APPROX = re.compile(r"\b(?:about|around|roughly|approximately|~)\s*(?:\*\*)?$", re.I)


def checked[M: Any](reply: str, out: list[M], sentence: Callable[[int], tuple[int, int]]
                    ) -> list[M]:
    """`out` with each rate read as advice that its sentence's amount and days give checked:
    computed when it is that division, unsupported when it is not."""
    result = list(out)
    for i, m in enumerate(out):
        if m.outcome != "advice" or m.kind != "count" or not _A_DAY.match(reply, m.end):
            continue
        start, _end = sentence(m.start)
        if not _COMES_TO.search(reply, max(start, m.start - 40), m.start):
            continue
        found = _division(reply, m, out[:i], start)
        if found is not None:
            result[i] = replace(m, outcome=found[0], source=found[1])
    return result


def _division(reply: str, m: Any, before: Sequence[Any], start: int
              ) -> tuple[str, str | None] | None:
    rate = written(m.text)
    over = list(_OVER_DAYS.finditer(reply, start, m.start))
    amounts = [o for o in before if o.start >= start and o.kind == "count"
               and o.outcome in ("quoted", "computed") and (w := written(o.text)) is not None
               and w[0] >= 1000]
    if rate is None or not over or not amounts:
        return None
    days_text = over[-1][1] or over[-1][2]
    days = 7 if days_text.lower() == "week" else int(days_text) if days_text.isdigit() \
        else SMALL.get(days_text.lower())
    if not days:
        return None
    total = written(amounts[-1].text)
    assert total is not None
    share = total[0] / days
    tol = max(rate[1], 50.0 if _APPROX.search(reply, max(0, m.start - 14), m.start) else 1.0)
    if abs(share - rate[0]) <= tol:
        return "computed", f"{amounts[-1].text} ÷ {days} days = {share:,.0f}"
    return "unsupported", None
