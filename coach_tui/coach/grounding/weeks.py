"""Calendar quantities arithmetic.py works from: this week's steps so far, and the days from
the end of a reviewed week to each date a request states.

Pure helpers over an `Evidence`: `week_so_far(ev)` is this week's total through today (its
stated days and today's count so far) as a fact, when every day of it is stated and no stated
period is this week; `dates_ahead(ev, end)` lists (date, days after `end`) for each stated
date after `end` (a date without a year is the next one on or after it).
"""

from __future__ import annotations

from datetime import date, timedelta

from coach_tui.coach.grounding.facts import Evidence, Fact, fmt
from coach_tui.coach.grounding.words import valid_date


def week_so_far(ev: Evidence) -> Fact | None:
    """This week's steps through today as a fact about today, or None."""
    if ev.now is None or ev.today is None:
        return None
    monday = ev.now - timedelta(days=ev.now.weekday())
    if any(p.start == monday for p in ev.periods):
        return None  # the request states this week itself
    days = [monday + timedelta(days=i) for i in range(ev.now.weekday())]
    if not all(d in ev.days for d in days):
        return None
    total = ev.today.value + sum(ev.days[d].value for d in days)
    return Fact(total, "step", "total", ev.now, f"{fmt(total)} so far this week", "")


def weeks_before(ev: Evidence, day: date) -> list[Fact]:
    """The total of each stated week that ended before `day`'s week began."""
    monday = day - timedelta(days=day.weekday())
    return [Fact(p.total, "step", "total", None, f"{fmt(p.total)} ({p.label})", "")
            for p in ev.periods if p.total and p.length == 7 and p.end < monday]


def dates_ahead(ev: Evidence, end: date) -> list[tuple[date, int]]:
    """(date, days after `end`) for each stated date from 2 to 400 days after `end`."""
    years = {(m, d): end.year + (m < end.month) for m, d in ev.yearless}
    named = set(ev.dates) | {date(y, m, d) for (m, d), y in years.items() if valid_date(y, m, d)}
    return [(d, (d - end).days) for d in sorted(named) if 1 < (d - end).days <= 400]
