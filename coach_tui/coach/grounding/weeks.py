"""Calendar quantities arithmetic.py works from: this week's steps so far, and the days from
the end of a reviewed week to each date a request states.

Pure helpers over an `Evidence`: `week_so_far(ev)` is this week's total through today (its
stated days and today's count so far) as a fact, when every day of it is stated and no stated
period is this week; `dates_ahead(ev, end)` lists (date, days after `end`) for each stated
date after `end` (a date without a year is the next one on or after it).
"""

from __future__ import annotations

import re
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


# "up from 8,111 a day in week 47", "week 47's 56,775": an ISO week named by its number
_WEEK_BEFORE = re.compile(r"\b(?:week|wk)\s*$", re.IGNORECASE)


def week_number(reply: str, start: int, value: float, ev: Evidence) -> str | None:
    """The source of a week's number written after "week" ("week 47"), when it is the ISO
    week of a day the request states or of today, or the week before or after one of those
    (a reply compares a week with its neighbours); else None."""
    if not value.is_integer() or not 1 <= value <= 53 \
            or not _WEEK_BEFORE.search(reply, max(0, start - 6), start):
        return None
    stated = {d.isocalendar()[:2]: d for d in sorted(ev.days, reverse=True)}
    if ev.now is not None:
        stated.setdefault(ev.now.isocalendar()[:2], ev.now)
    for (year, week), day in stated.items():
        for step, how in ((0, "the week of"), (-1, "the week before that of"),
                          (1, "the week after that of")):
            monday = date.fromisocalendar(year, week, 1) + timedelta(weeks=step)
            if monday.isocalendar()[1] == int(value):
                return f"week {int(value)}: {how} {day:%a} {day:%d %b}".replace(" 0", " ")
    return None
