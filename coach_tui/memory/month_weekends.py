"""A weekend counted within a month: "the first weekend of November", "the last w/e in Oct",
"the second weekend of September". Pure.

A month's weekends are the Saturdays that fall in it, each with its Sunday (the Sunday may be
the next month's first day); the month is the most recent one so named, on or before today.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

from coach_tui.memory.datewords import MONTHS, latest, month_number
from coach_tui.memory.spans import Span
from coach_tui.text import starting

_NTH = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3,
        "4th": 3, "last": -1, "final": -1}
_MONTH = r"(" + "|".join(sorted({*MONTHS, *(m[:3] for m in MONTHS), "sept"}, key=len,
                                 reverse=True)) + r")\.?"
_WEEKEND = re.compile(starting(r"flst1234") +
                      r"\b(?:the\s+)?(" + "|".join(_NTH) + r")\s+(?:full\s+)?weekend\s+(?:of|in)"
                      r"\s+" + _MONTH + r"\b(?:,?\s+(\d{4}))?", re.IGNORECASE)


def month_weekends(text: str, today: date) -> list[tuple[int, int, Span]]:
    """(start, end, span) of each weekend counted within a month in `text`, a Saturday and
    its Sunday, for the most recent such month on or before today."""
    out = []
    for m in _WEEKEND.finditer(text):
        month = month_number(m.group(2))
        first = latest(month, 1, today, int(m.group(3)) if m.group(3) else None)
        if first is None:
            continue
        last_day = calendar.monthrange(first.year, month)[1]
        saturdays = [first + timedelta(days=i) for i in range(last_day)
                     if (first + timedelta(days=i)).weekday() == 5]
        n = _NTH[m.group(1).lower()]
        if n >= len(saturdays):
            continue
        saturday = saturdays[n]
        out.append((m.start(), m.end(), Span(f"the weekend of {saturday.isoformat()}",
                                             saturday, saturday + timedelta(days=1), True)))
    return out
