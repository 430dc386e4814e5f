"""A person's best or worst day, week or month ("my best month", "my worst week"): pure.

Read over the stored days through yesterday: a day by its steps, a week (Monday to Sunday) or a
calendar month by its total, counting only whole periods with a record on at least
`MIN_SHARE_RECORDED` of their days (a half-synced month is not a "worst month"). Ties go to the
newer period.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence
from datetime import date, timedelta

from coach_tui.memory.spans import Span
from coach_tui.store.steps import Day

MIN_SHARE_RECORDED = 0.8
_PHRASE = re.compile(r"\b(best|worst|highest|lowest|strongest|weakest|biggest)\s+"
                     r"(day|week|month)\b", re.IGNORECASE)
_BEST = {"best", "highest", "strongest", "biggest"}


def best_phrases(text: str) -> list[tuple[bool, str]]:
    """(best?, "day" | "week" | "month") for every such phrase in `text`."""
    out = []
    for m in _PHRASE.finditer(text):
        item = (m.group(1).lower() in _BEST, m.group(2).lower())
        if item not in out:
            out.append(item)
    return out


def best_span(rows: Sequence[Day], best: bool, unit: str, today: date) -> Span | None:
    """The best (or worst) whole `unit` among `rows` before today."""
    groups: dict[tuple[date, date], list[int]] = {}
    for row in rows:
        d = date.fromisoformat(row.date)
        if d >= today:
            continue
        if unit == "day":
            key = (d, d)
        elif unit == "week":
            monday = d - timedelta(days=d.weekday())
            key = (monday, monday + timedelta(days=6))
        else:
            key = (d.replace(day=1),
                   d.replace(day=calendar.monthrange(d.year, d.month)[1]))
        groups.setdefault(key, []).append(row.steps)
    whole = {k: v for k, v in groups.items() if k[1] < today
             and len(v) >= MIN_SHARE_RECORDED * ((k[1] - k[0]).days + 1)}
    if not whole:
        return None
    sign = 1 if best else -1
    (start, end), _ = max(whole.items(), key=lambda kv: (sign * sum(kv[1]), kv[0][0]))
    word = "best" if best else "worst"
    if unit == "day":
        return Span(f"{word} day", start, end, False)
    label = f"{word} {unit}: " + (calendar.month_name[start.month] + f" {start.year}"
                                   if unit == "month" else f"the week of {start.isoformat()}")
    return Span(label, start, end, True)
