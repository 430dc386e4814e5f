"""Step files: a CSV, or a Garmin account export (its .zip, the unpacked folder, or one file).

`read_step_file(path, today=)` reads and checks the whole file, touching nothing;
`save_step_file(conn, path, parsed)` then upserts every usable day in one transaction, so a
file is imported completely or not at all, and importing the same file twice changes nothing.

- CSV: UTF-8, a header line `date,steps` or `date,steps,goal` (any case), ISO dates, one row
  per day; or Garmin Connect's own Steps report (header `,Actual,Goal` or `Date,Actual,Goal`,
  dates `MM/DD/YYYY`, `DD/MM/YYYY` or ISO: the order is decided from the whole file, and a
  report whose rows are weeks or months is refused; garmin/reportdates.py). Counts may group
  thousands with commas (`"12,345"`). A row whose steps (or goal, when given) are missing,
  negative or not a whole number is skipped and counted, as sync does; a bad date or a date
  given twice is a malformed file.
- Garmin export: the `UDSFile_*.json` daily summaries found anywhere in the zip or folder
  (Garmin puts them under `DI_CONNECT/DI-Connect-Aggregator/`), each a JSON list of records
  with `calendarDate`, `totalSteps`, and where present `dailyStepGoal` and
  `totalDistanceMeters`. Same rules: unusable steps are skipped and counted, a bad
  `calendarDate` rejects the import. When a day is in two files, the later file wins. The
  export is read by garmin/export_file.py; what both readers give is in garmin/stepfile.py.

Every skipped row or record is explained the same way (`Skips`): where it is (a CSV line; a
summary file and its date, or its place in the file) and why, for the first `SKIPS_SHOWN`,
then how many more.

An import updates only what the file has: a day's goal or distance that the file does not
give (no such column, an empty cell, a summary without it) keeps the stored one. Days after
today are skipped and counted. Anything else (not a zip, no UDSFile, not JSON,
wrong header, no usable row) raises StepFileError with one line naming the file.
"""

from __future__ import annotations

import csv
import io
import os
import sqlite3
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from coach_tui import clock
from coach_tui.garmin.export_file import (
    UDS_NAME,
    folder_summaries,
    from_summaries,
    read_capped,
    summary_file,
    zip_summaries,
)
from coach_tui.garmin.records import MAX_GOAL, parse_date, steps_from_text
from coach_tui.garmin.reportdates import (
    DateOrder,
    decide_order,
    parse_slash_date,
    report_period,
)
from coach_tui.garmin.stepfile import (  # noqa: F401  StepFileError and StepFile are this API
    EXPECTED,
    SOURCE_CSV,
    SOURCE_EXPORT,
    Skips,
    StepFile,
    StepFileError,
    show,
    skips_note,
)
from coach_tui.store.db import StoreError, transaction
from coach_tui.store.steps import Day, upsert_days
from coach_tui.text import plural

# A step CSV is a line a day: a century of days is about 2 MB. Read no more than this.
MAX_CSV_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class CsvShape:
    """What a CSV header says about its rows: the date in column 0, steps in 1, goal in 2."""

    has_goal: bool
    report: bool     # Garmin Connect's Steps report: MM/DD/YYYY dates as well as ISO


# Headers are compared stripped and casefolded.
CSV_SHAPES = {
    ("date", "steps"): CsvShape(has_goal=False, report=False),
    ("date", "steps", "goal"): CsvShape(has_goal=True, report=False),
    ("", "actual", "goal"): CsvShape(has_goal=True, report=True),
    ("date", "actual", "goal"): CsvShape(has_goal=True, report=True),
}




@dataclass(frozen=True)
class ImportResult:
    path: Path
    kind: str
    new: int
    updated: int
    unchanged: int
    skipped: int
    first: str
    last: str
    skip_reasons: tuple[str, ...] = ()

    def summary(self) -> str:
        what = "CSV" if self.kind == SOURCE_CSV else "Garmin export"
        return (
            f"imported {what} {self.path.name} ({self.first} to {self.last}): "
            f"{plural(self.new, 'day')} new, {self.updated} updated, "
            f"{self.unchanged} unchanged, {self.skipped} skipped"
            + skips_note(self.skip_reasons, self.skipped)
        )


def save_step_file(
    conn: sqlite3.Connection, path: Path, parsed: StepFile, *, now: datetime | None = None
) -> ImportResult:
    """Upsert a file `read_step_file` accepted, in one transaction."""
    stamp = clock.utc_stamp(now)
    try:
        with transaction(conn):
            counts = upsert_days(conn, parsed.days, source=parsed.kind, synced_at=stamp,
                                  keep_unknown=True)
    except sqlite3.Error as exc:
        text = str(exc)
        hint = ""
        if "full" in text or "disk I/O" in text:
            hint = ": the disk is full or failing; free some space and import again"
        raise StoreError(f"cannot save steps ({text}){hint}; nothing was imported") from exc
    return ImportResult(
        path=Path(path), kind=parsed.kind, new=counts.new, updated=counts.updated,
        unchanged=counts.unchanged, skipped=parsed.skipped,
        first=parsed.days[0].date, last=parsed.days[-1].date, skip_reasons=parsed.skip_reasons,
    )


def read_step_file(
    path: Path, *, today: date, date_order: DateOrder | None = None,
    env: Mapping[str, str] | None = None,
) -> StepFile:
    """Read and check a whole step file; `date_order` and `env` (default: the process's
    environment, for the locale) settle a Steps report's day/month order (reportdates.py)."""
    path = Path(path)
    env = os.environ if env is None else env
    try:
        if path.is_dir():
            return from_summaries(path.name, folder_summaries(path), today)
        if not path.exists():
            raise StepFileError(f"{path} does not exist")
        if not path.is_file():
            raise StepFileError(f"{path} is not a regular file (a FIFO, a device or a socket); "
                                "give the path of a CSV file or a Garmin export")
        if path.suffix.casefold() == ".zip" or zipfile.is_zipfile(path):
            return from_summaries(path.name, zip_summaries(path), today)
        if UDS_NAME.fullmatch(path.name):
            return from_summaries(path.name, [(path.name, summary_file(path))], today)
        data = read_capped(path, MAX_CSV_BYTES, f"{show(path.name, 80)} is too large to be a "
                           f"step file (over {MAX_CSV_BYTES // (1024 * 1024)} MB; a century of "
                           "days is about 2 MB); nothing was imported")
        return _from_csv(path.name, data, today, date_order, env)
    except OSError as exc:
        raise StepFileError(f"cannot read {path}: {exc.strerror or exc}") from None


# --- CSV ----------------------------------------------------------------------------------


def _from_csv(
    name: str, data: bytes, today: date, date_order: DateOrder | None, env: Mapping[str, str]
) -> StepFile:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = None
    if text is None or "\x00" in text:
        raise StepFileError(f"{name} is not a text file; {EXPECTED}")
    lines = _csv_lines(name, text)
    if not lines:
        raise StepFileError(f"{name} is empty; {EXPECTED}")
    first_line, first_row = lines[0]
    header = tuple(cell.strip().casefold() for cell in first_row)
    if header not in CSV_SHAPES:
        # As the file has it, quotes and all (lines counted as the csv reader counts them).
        written = io.StringIO(text, newline="").readlines()[first_line - 1].rstrip("\r\n")
        raise StepFileError(f"{name}: the first line is `{show(written)}`; {EXPECTED}")
    shape = CSV_SHAPES[header]
    body = lines[1:]
    if not body:
        raise StepFileError(f"{name} has a header but no rows")
    order: DateOrder | None = None
    if shape.report:
        _refuse_totals(name, body)
        order = decide_order(name, [(line, row[0]) for line, row in body],
                             chosen=date_order, env=env)
    days: dict[str, Day] = {}
    seen: dict[str, int] = {}
    skips = Skips()
    for line, row in body:
        day = _report_date(row[0], order) if order is not None else parse_date(row[0])
        if day is None:
            like = ("30/11/2026" if order == "dmy" else "11/30/2026") + " or 2026-11-30"
            raise StepFileError(
                f"{name}, line {line}: `{show(row[0])}` is not a date like "
                f"{like if shape.report else '2026-11-30'}; nothing was imported"
            )
        key = day.isoformat()
        if key in seen:
            raise StepFileError(
                f"{name}, line {line}: {key} is also on line {seen[key]}; nothing was imported"
            )
        seen[key] = line
        why = "after today" if day > today else _csv_problem(row, header, shape)
        if why is not None:
            skips.add(f"line {line}", why)
            continue
        days[key] = _csv_day(key, row, shape)
    if not days:
        rows = len(body)
        raise StepFileError(
            f"{name}: "
            f"{'its one row cannot' if rows == 1 else f'none of its {rows} rows can'} be imported"
            f"{skips.explained()}; "
            "nothing was imported"
        )
    return StepFile(SOURCE_CSV, [days[k] for k in sorted(days)], skips.count, len(body),
                    tuple(skips.reasons))


def _csv_lines(name: str, text: str) -> list[tuple[int, list[str]]]:
    """(line number, cells) of every line with something on it, the header first."""
    reader = csv.reader(io.StringIO(text, newline=""))
    out = []
    try:
        for row in reader:
            if any(cell.strip() for cell in row):
                out.append((reader.line_num, row))
    except csv.Error as exc:
        raise StepFileError(f"{name}, line {reader.line_num}: {exc}; {EXPECTED}") from None
    return out


def _report_date(cell: str, order: DateOrder) -> date | None:
    return parse_slash_date(cell, order) or parse_date(cell)


def _refuse_totals(name: str, body: list[tuple[int, list[str]]]) -> None:
    """A Steps report whose rows are weeks or months cannot be stored as days. Checked under
    either date order before the order is settled: a monthly report's dates (all the 1st)
    never tell the order, and read day first they would be consecutive days."""
    for order in ("mdy", "dmy"):
        dated = [(_report_date(row[0], order), steps_from_text(row[1]) if len(row) > 1 else None)
                 for _, row in body]
        if any(day is None for day, _ in dated):
            continue
        period = report_period([(day, steps) for day, steps in dated if day is not None])
        if period is None:
            continue
        apart = "7 days" if period == "week" else "a month"
        like = next((steps for _, steps in dated if steps is not None), 0)
        raise StepFileError(
            f"{name} is Garmin Connect's Steps report by {period} (rows {apart} apart, totals "
            f"like {like:,}), not by day; nothing was imported: in Garmin Connect open "
            "Reports, Steps, choose a period whose bars are days (4 weeks or less) and export "
            "that daily report"
        )


def _csv_problem(row: list[str], header: tuple[str, ...], shape: CsvShape) -> str | None:
    """Why a dated row cannot be imported, in a few words; None when it can."""
    if len(row) != len(header):
        extra = "an extra column" if len(row) > len(header) else "a missing column"
        return f"{extra} ({len(row)} values, the header `{','.join(header)}` has {len(header)})"
    if steps_from_text(row[1]) is None:
        return f"steps `{show(row[1])}` is not a whole number, 0 or more"
    if shape.has_goal and row[2].strip():
        goal = steps_from_text(row[2])
        if goal is None or not 0 < goal <= MAX_GOAL:
            return f"goal `{show(row[2])}` is not a whole number from 1 to {MAX_GOAL:,}"
    return None


def _csv_day(key: str, row: list[str], shape: CsvShape) -> Day:
    """The day of a row `_csv_problem` passed."""
    goal = None
    if shape.has_goal and row[2].strip():
        goal = steps_from_text(row[2])
    steps = steps_from_text(row[1])
    assert steps is not None  # _csv_problem checked it
    return Day(date=key, steps=steps, goal=goal)
