"""Reading the dates of Garmin Connect's Steps report: which order, and whether rows are days.

The report writes `MM/DD/YYYY`, or `DD/MM/YYYY` in day-first locales, and says nothing about
which. The order is decided from the whole file, never row by row: any first field over 12
means day first, any second field over 12 means month first (both: the file mixes orders and
is refused). When no date can tell (every field 12 or under), the user's choice
(`import --date-order dmy|mdy`) decides, else the locale's order when it has one (LC_ALL,
LC_TIME or LANG naming a territory), else the file is refused as ambiguous.

For long periods the report's rows are weeks or months, not days (totals of 50-70k a row):
`report_period` names such a file so it is refused instead of storing a week on one Monday.

Pure functions over the file's cells and the environment given; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import date
from typing import Literal

from coach_tui.garmin.stepfile import StepFileError, show

DateOrder = Literal["dmy", "mdy"]
DATE_ORDERS: tuple[DateOrder, ...] = ("dmy", "mdy")
ORDER_WORDS = {"dmy": "day/month/year", "mdy": "month/day/year"}

SLASH_DATE = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})")

# Territories whose everyday numeric dates put the month first; those writing the year first
# say nothing about day and month. Every other territory writes the day first.
_MONTH_FIRST = frozenset({"US", "PH", "FM", "MH", "PW", "AS", "GU", "MP", "PR", "VI", "UM"})
_NO_DM_ORDER = frozenset({"CA", "CN", "JP", "KR", "KP", "TW", "HU", "LT", "MN", "IR", "BT"})
_LOCALE = re.compile(r"[a-zA-Z]{2,3}_([A-Z]{2})(?:[.@].*)?")

# A day far above anything a person walks: a row over it in a week- or month-spaced file
# settles that the rows are totals.
DAY_RANGE_MAX = 40_000


def locale_order(env: Mapping[str, str]) -> DateOrder | None:
    """The date order of the user's locale (LC_ALL, then LC_TIME, then LANG), or None."""
    for name in ("LC_ALL", "LC_TIME", "LANG"):
        value = env.get(name, "").strip()
        if not value:
            continue
        match = _LOCALE.fullmatch(value)
        if match is None:
            return None   # C, POSIX, a bare language: no territory, no order
        territory = match.group(1)
        if territory in _NO_DM_ORDER:
            return None
        return "mdy" if territory in _MONTH_FIRST else "dmy"
    return None


def decide_order(
    name: str, cells: Sequence[tuple[int, str]], *, chosen: DateOrder | None,
    env: Mapping[str, str],
) -> DateOrder:
    """The order of the file's slash dates; `cells` are (line, date cell) for every row.

    Raises StepFileError when the file mixes orders, contradicts `chosen`, or cannot tell and
    neither `chosen` nor the locale decides.
    """
    day_first: tuple[int, str] | None = None
    month_first: tuple[int, str] | None = None
    for line, cell in cells:
        match = SLASH_DATE.fullmatch(cell.strip())
        if match is None:
            continue
        first, second = int(match.group(1)), int(match.group(2))
        if first > 12 and day_first is None:
            day_first = (line, cell)
        if second > 12 and month_first is None:
            month_first = (line, cell)
    if day_first and month_first:
        (dl, dc), (ml, mc) = day_first, month_first
        raise StepFileError(
            f"{name}: line {ml} has `{show(mc)}` (month first) but line {dl} has "
            f"`{show(dc)}` (day first), so its dates mix two orders; nothing was imported")
    told: DateOrder | None = "dmy" if day_first else "mdy" if month_first else None
    if told is not None:
        if chosen is not None and chosen != told:
            found = day_first or month_first
            assert found is not None  # told is set only when one of them is
            line, cell = found
            raise StepFileError(
                f"{name}, line {line}: `{show(cell)}` is not a date in "
                f"{ORDER_WORDS[chosen]} order (--date-order {chosen}); nothing was imported")
        return told
    if chosen is not None:
        return chosen
    from_locale = locale_order(env)
    if from_locale is not None:
        return from_locale
    example = next((cell for _, cell in cells if SLASH_DATE.fullmatch(cell.strip())), "")
    raise StepFileError(
        f"{name}: the date order is ambiguous (`{show(example)}` could be day/month or "
        "month/day, no date in the file tells, and the locale does not say); nothing was "
        "imported: run `coach-tui import --date-order dmy PATH` for day first or "
        "`--date-order mdy` for month first")


def parse_slash_date(cell: str, order: DateOrder) -> date | None:
    """`DD/MM/YYYY` or `MM/DD/YYYY` (as `order` says) as a date; None when not a real day."""
    match = SLASH_DATE.fullmatch(cell.strip())
    if match is None:
        return None
    a, b, year = (int(part) for part in match.groups())
    day, month = (a, b) if order == "dmy" else (b, a)
    try:
        return date(year, month, day)
    except ValueError:
        return None


def report_period(rows: Sequence[tuple[date, int | None]]) -> str | None:
    """"week" or "month" when the report's rows are weekly or monthly totals, else None.

    `rows` are (date, steps) in the file's order. Rows all 7 days apart, or on the same day
    of consecutive months, are weeks or months once there are three of them or a total is
    beyond a day's range; two daily rows a week apart stay days.
    """
    if len(rows) < 2:
        return None
    dates = sorted(d for d, _ in rows)
    gaps = {(b - a).days for a, b in zip(dates, dates[1:], strict=False)}
    if gaps == {7}:
        period = "week"
    elif len({d.day for d in dates}) == 1 and all(
        (b.year * 12 + b.month) - (a.year * 12 + a.month) == 1
        for a, b in zip(dates, dates[1:], strict=False)
    ):
        period = "month"
    else:
        return None
    big = any(steps is not None and steps > DAY_RANGE_MAX for _, steps in rows)
    return period if big or len(rows) >= 3 else None
