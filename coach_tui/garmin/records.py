"""What counts as a usable day of steps, for every source (Garmin sync, CSV, Garmin export).

Pure functions, no I/O. One rule set, so a day Garmin sends and the same day in a file are
judged alike: a date is `YYYY-MM-DD` and a real calendar day (older account exports wrap it
as `{"date": "Mar 25, 2020 12:00:00 AM"}`, read by `parse_export_date`; the Steps report's
slash dates are garmin/reportdates.py's); steps are a whole number from 0
to `MAX_STEPS` (a JSON integer, an integral float, or digits in a text cell, where thousands
may be separated by commas as the Steps report writes them: `12,345`); anything else
(missing, null, negative, fractional, text) makes the record unusable, and the caller skips
and counts it. A goal or distance that cannot be read is dropped (stored as unknown), never a
reason to lose the day's steps.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from datetime import date
from typing import Any

from coach_tui.memory.datewords import MONTHS as MONTH_NAMES
from coach_tui.store.steps import Day

# Far above any human day; it also keeps absurd input from overflowing SQLite's 64-bit ints.
MAX_STEPS = 1_000_000
MAX_GOAL = 1_000_000

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_EXPORT_DATE = re.compile(r"([A-Za-z]{3}) (\d{1,2}), (\d{4})(?: \d{1,2}:\d{2}:\d{2} [AP]M)?")
_MONTHS = {m[:3]: i for i, m in enumerate(MONTH_NAMES, 1)}
# ASCII digits only (\d takes any script's), plain or grouped by threes with commas.
_COUNT = re.compile(r"[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+")


def parse_date(value: Any) -> date | None:
    """`YYYY-MM-DD` as a date, or None (date.fromisoformat alone would take `20261130`)."""
    if not isinstance(value, str) or not _ISO_DATE.fullmatch(value.strip()):
        return None
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        return None


def parse_export_date(value: Any) -> date | None:
    """An export's calendarDate: `YYYY-MM-DD`, or the older exports' (around 2020) object
    `{"date": "Mar 25, 2020 12:00:00 AM"}` (English month names, whatever the locale)."""
    if not isinstance(value, dict):
        return parse_date(value)
    match = _EXPORT_DATE.fullmatch(str(value.get("date", "")).strip())
    if match is None or match.group(1).casefold() not in _MONTHS:
        return None
    try:
        return date(int(match.group(3)), _MONTHS[match.group(1).casefold()],
                    int(match.group(2)))
    except ValueError:
        return None


def steps_from_json(value: Any) -> int | None:
    """A step count from a JSON value, or None when it is not a whole number in range."""
    if isinstance(value, bool):  # True is an int to Python, never a step count
        return None
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            return None
        value = int(value)
    if not isinstance(value, int) or not 0 <= value <= MAX_STEPS:
        return None
    return value


def steps_from_text(text: str) -> int | None:
    """A step count from a text cell (`12345` or `12,345`, with optional spaces), or None."""
    cell = text.strip()
    # The length check first: int() refuses a string of thousands of digits with ValueError.
    if len(cell) > 16 or not _COUNT.fullmatch(cell):
        return None
    value = int(cell.replace(",", ""))
    return value if value <= MAX_STEPS else None


def goal_from_json(value: Any) -> int | None:
    goal = steps_from_json(value)
    return goal if goal is not None and 0 < goal <= MAX_GOAL else None


def distance_from_json(value: Any) -> float | None:
    """Metres, when the value is a finite number >= 0; otherwise unknown."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    value = float(value)
    return value if math.isfinite(value) and value >= 0 else None


def api_records_to_days(
    records: Iterable[Any], *, first: date, last: date
) -> tuple[list[Day], int]:
    """Days from one `get_daily_steps` answer for [first, last]; returns (days, skipped).

    Garmin answers `[{"calendarDate", "totalSteps", "totalDistance", "stepGoal"}]`. A record
    that is not an object, has a bad date or a date outside the window asked for, or unusable
    steps is skipped and counted. When a date comes twice, the later record wins.
    """
    by_date: dict[str, Day] = {}
    skipped = 0
    for record in records:
        if not isinstance(record, dict):
            skipped += 1
            continue
        day = parse_date(record.get("calendarDate"))
        steps = steps_from_json(record.get("totalSteps"))
        if day is None or not first <= day <= last or steps is None:
            skipped += 1
            continue
        by_date[day.isoformat()] = Day(
            date=day.isoformat(),
            steps=steps,
            goal=goal_from_json(record.get("stepGoal")),
            distance_m=distance_from_json(record.get("totalDistance")),
        )
    return [by_date[k] for k in sorted(by_date)], skipped


def pending_dates(records: Iterable[Any], *, first: date, last: date) -> list[str]:
    """Days in [first, last] that Garmin answered without a count yet (`totalSteps` null: the
    watch has not synced that day), ISO, sorted. Sync asks for them again."""
    out = set()
    for record in records:
        if isinstance(record, dict) and record.get("totalSteps") is None:
            day = parse_date(record.get("calendarDate"))
            if day is not None and first <= day <= last:
                out.add(day.isoformat())
    return sorted(out)
