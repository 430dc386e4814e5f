"""Step files: a CSV, or a Garmin account export (its .zip, the unpacked folder, or one file).

`read_step_file(path, today=)` reads and checks the whole file, touching nothing;
`save_step_file(conn, path, parsed)` then upserts every usable day in one transaction, so a
file is imported completely or not at all, and importing the same file twice changes nothing.

- CSV: UTF-8, a header line `date,steps` or `date,steps,goal` (any case), ISO dates, one row
  per day; or Garmin Connect's own Steps report (header `,Actual,Goal` or `Date,Actual,Goal`,
  dates `MM/DD/YYYY` or ISO). Counts may group thousands with commas (`"12,345"`). A row whose
  steps (or goal, when given) are missing, negative or not a whole number is skipped and
  counted, as sync does; a bad date or a date given twice is a malformed file.
- Garmin export: the `UDSFile_*.json` daily summaries found anywhere in the zip or folder
  (Garmin puts them under `DI_CONNECT/DI-Connect-Aggregator/`), each a JSON list of records
  with `calendarDate`, `totalSteps`, and where present `dailyStepGoal` and
  `totalDistanceMeters`. Same rules: unusable steps are skipped and counted, a bad
  `calendarDate` rejects the import. When a day is in two files, the later file wins.

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
import json
import re
import sqlite3
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path, PurePosixPath
from typing import Any

from coach_tui import clock
from coach_tui.garmin.records import (
    MAX_GOAL,
    distance_from_json,
    goal_from_json,
    parse_date,
    parse_report_date,
    steps_from_json,
    steps_from_text,
)
from coach_tui.store.db import StoreError, transaction
from coach_tui.store.steps import Day, upsert_days
from coach_tui.text import plural, truncate


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
UDS_NAME = re.compile(r"UDSFile_.*\.json", re.IGNORECASE)
MAX_UDS_BYTES = 64 * 1024 * 1024   # one UDSFile is a few hundred KB; refuse to inflate a bomb
# All summaries together: years of exports are tens of MB; a bomb of many members is not.
MAX_EXPORT_BYTES = 512 * 1024 * 1024
SKIPS_SHOWN = 3   # skipped rows explained by line; the rest are counted

SOURCE_CSV = "csv"
SOURCE_EXPORT = "garmin-export"

_EXPECTED = (
    "expected a CSV with a `date,steps` or `date,steps,goal` header, Garmin Connect's Steps "
    "report (`,Actual,Goal`), or a Garmin export (.zip or unpacked folder)"
)


class StepFileError(ValueError):
    """A file that cannot be imported; the message is one line and names the file."""


@dataclass(frozen=True)
class StepFile:
    kind: str            # SOURCE_CSV or SOURCE_EXPORT, stored as the rows' source
    days: list[Day]      # usable days, oldest first, one per date
    skipped: int
    records: int         # rows or daily summaries read
    # Why rows were skipped, first few: "line 4: 3 columns, the header has 2".
    skip_reasons: tuple[str, ...] = ()


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
            + _skips(self.skip_reasons, self.skipped)
        )


def _skips(reasons: tuple[str, ...], skipped: int) -> str:
    """' (line 4: ...; line 9: ...; and 12 more)' for a summary or an error line."""
    if not reasons:
        return ""
    more = skipped - len(reasons)
    return " (" + "; ".join(reasons) + (f"; and {more} more" if more > 0 else "") + ")"


@dataclass
class Skips:
    """The rows or records a file reader skipped: all counted, the first few explained."""

    count: int = 0
    reasons: list[str] = field(default_factory=list)

    def add(self, where: str, why: str) -> None:
        self.count += 1
        if len(self.reasons) < SKIPS_SHOWN:
            self.reasons.append(f"{where}: {why}")

    def explained(self) -> str:
        return _skips(tuple(self.reasons), self.count)


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


def read_step_file(path: Path, *, today: date) -> StepFile:
    path = Path(path)
    try:
        if path.is_dir():
            return _from_summaries(path.name, _folder_summaries(path), today)
        if not path.exists():
            raise StepFileError(f"{path} does not exist")
        if not path.is_file():
            raise StepFileError(f"{path} is not a regular file (a FIFO, a device or a socket); "
                                "give the path of a CSV file or a Garmin export")
        if path.suffix.casefold() == ".zip" or zipfile.is_zipfile(path):
            return _from_summaries(path.name, _zip_summaries(path), today)
        if UDS_NAME.fullmatch(path.name):
            return _from_summaries(path.name, [(path.name, path.read_bytes())], today)
        return _from_csv(path.name, path.read_bytes(), today)
    except OSError as exc:
        raise StepFileError(f"cannot read {path}: {exc.strerror or exc}") from None


# --- CSV ----------------------------------------------------------------------------------


def _from_csv(name: str, data: bytes, today: date) -> StepFile:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = None
    if text is None or "\x00" in text:
        raise StepFileError(f"{name} is not a text file; {_EXPECTED}")
    reader = csv.reader(io.StringIO(text, newline=""))
    header: tuple[str, ...] | None = None
    shape = CSV_SHAPES[("date", "steps")]
    days: dict[str, Day] = {}
    seen: dict[str, int] = {}
    rows = 0
    skips = Skips()
    try:
        for row in reader:
            if not any(cell.strip() for cell in row):
                continue
            if header is None:
                header = tuple(cell.strip().casefold() for cell in row)
                if header not in CSV_SHAPES:
                    raise StepFileError(
                        f"{name}: the first line is `{_show(','.join(row))}`; {_EXPECTED}"
                    )
                shape = CSV_SHAPES[header]
                continue
            rows += 1
            line = reader.line_num
            day = parse_report_date(row[0]) if shape.report else parse_date(row[0])
            if day is None:
                like = "11/30/2026 or 2026-11-30" if shape.report else "2026-11-30"
                raise StepFileError(
                    f"{name}, line {line}: `{_show(row[0])}` is not a date like {like}; "
                    "nothing was imported"
                )
            key = day.isoformat()
            if key in seen:
                raise StepFileError(
                    f"{name}, line {line}: {key} is also on line {seen[key]}; "
                    "nothing was imported"
                )
            seen[key] = line
            why = "after today" if day > today else _csv_problem(row, header, shape)
            if why is not None:
                skips.add(f"line {line}", why)
                continue
            days[key] = _csv_day(key, row, shape)
    except csv.Error as exc:
        raise StepFileError(f"{name}, line {reader.line_num}: {exc}; {_EXPECTED}") from None
    if header is None:
        raise StepFileError(f"{name} is empty; {_EXPECTED}")
    if not rows:
        raise StepFileError(f"{name} has a header but no rows")
    if not days:
        raise StepFileError(
            f"{name}: "
            f"{'its one row cannot' if rows == 1 else f'none of its {rows} rows can'} be imported"
            f"{skips.explained()}; "
            "nothing was imported"
        )
    return StepFile(SOURCE_CSV, [days[k] for k in sorted(days)], skips.count, rows,
                    tuple(skips.reasons))


def _csv_problem(row: list[str], header: tuple[str, ...], shape: CsvShape) -> str | None:
    """Why a dated row cannot be imported, in a few words; None when it can."""
    if len(row) != len(header):
        extra = "an extra column" if len(row) > len(header) else "a missing column"
        return f"{extra} ({len(row)} values, the header `{','.join(header)}` has {len(header)})"
    if steps_from_text(row[1]) is None:
        return f"steps `{_show(row[1])}` is not a whole number, 0 or more"
    if shape.has_goal and row[2].strip():
        goal = steps_from_text(row[2])
        if goal is None or not 0 < goal <= MAX_GOAL:
            return f"goal `{_show(row[2])}` is not a whole number from 1 to {MAX_GOAL:,}"
    return None


def _csv_day(key: str, row: list[str], shape: CsvShape) -> Day:
    """The day of a row `_csv_problem` passed."""
    goal = None
    if shape.has_goal and row[2].strip():
        goal = steps_from_text(row[2])
    return Day(date=key, steps=steps_from_text(row[1]), goal=goal)


# --- Garmin export ------------------------------------------------------------------------


def _folder_summaries(folder: Path) -> Iterator[tuple[str, bytes]]:
    files = sorted(
        (p for p in folder.rglob("*") if p.is_file() and UDS_NAME.fullmatch(p.name)),
        key=lambda p: p.name,
    )
    if not files:
        raise StepFileError(_no_uds(folder.name))
    for p in files:
        if p.stat().st_size > MAX_UDS_BYTES:
            raise StepFileError(f"{p.name} is too large to be a daily summary file")
        yield p.name, p.read_bytes()


def _zip_summaries(path: Path) -> Iterator[tuple[str, bytes]]:
    if not zipfile.is_zipfile(path):
        raise StepFileError(f"{path.name} is not a zip file; {_EXPECTED}")
    try:
        with zipfile.ZipFile(path) as zf:
            members = sorted(
                (
                    info for info in zf.infolist()
                    if not info.is_dir() and UDS_NAME.fullmatch(PurePosixPath(info.filename).name)
                ),
                key=lambda info: PurePosixPath(info.filename).name,
            )
            if not members:
                raise StepFileError(_no_uds(path.name))
            if sum(info.file_size for info in members) > MAX_EXPORT_BYTES:
                raise StepFileError(
                    f"{path.name}: its daily summaries unpack to more than "
                    f"{MAX_EXPORT_BYTES // (1024 * 1024)} MB, far more than an export holds; "
                    "nothing was imported")
            for info in members:
                if info.file_size > MAX_UDS_BYTES:
                    raise StepFileError(f"{_show(info.filename, 80)} is too large to be a daily "
                                        "summary file")
                yield PurePosixPath(info.filename).name, zf.read(info)
    except (zipfile.BadZipFile, RuntimeError, NotImplementedError, EOFError) as exc:
        # RuntimeError: encrypted member; NotImplementedError: unknown compression.
        raise StepFileError(f"{path.name} cannot be read as a zip file ({exc})") from None


def _no_uds(name: str) -> str:
    return (
        f"{name} has no UDSFile_*.json daily summaries (a Garmin export keeps them under "
        "DI_CONNECT/DI-Connect-Aggregator/); nothing was imported"
    )


def _from_summaries(name: str, files: Iterable[tuple[str, bytes]], today: date) -> StepFile:
    days: dict[str, Day] = {}
    records = 0
    skips = Skips()
    for member, data in files:
        where = _show(member, 80)
        for index, record in enumerate(_summary_records(member, data), start=1):
            records += 1
            if not isinstance(record, dict):
                skips.add(f"{where} summary {index}",
                          f"a JSON {_json_kind(record)}, not a daily summary")
                continue
            raw_date = record.get("calendarDate")
            day = parse_date(raw_date)
            if day is None:
                raise StepFileError(
                    f"{where}: summary {index} has calendarDate `{_show(str(raw_date))}`, "
                    "not a date like 2026-11-30; nothing was imported"
                )
            steps = steps_from_json(record.get("totalSteps"))
            if day > today:
                skips.add(f"{where} {day.isoformat()}", "after today")
                continue
            if steps is None:
                skips.add(f"{where} {day.isoformat()}", _steps_problem(record))
                continue
            days[day.isoformat()] = Day(
                date=day.isoformat(),
                steps=steps,
                goal=goal_from_json(record.get("dailyStepGoal")),
                distance_m=distance_from_json(record.get("totalDistanceMeters")),
            )
    if not records:
        raise StepFileError(f"{name}: its daily summary files hold no days; nothing was imported")
    if not days:
        raise StepFileError(
            f"{name}: "
            + ("its one daily summary has no" if records == 1
               else f"none of its {records} daily summaries has a")
            + f" usable step count up to today{skips.explained()}; nothing was imported"
        )
    return StepFile(SOURCE_EXPORT, [days[k] for k in sorted(days)], skips.count, records,
                    tuple(skips.reasons))


def _steps_problem(record: dict[str, Any]) -> str:
    """Why a summary's totalSteps is not a step count, in the words CSV rows get."""
    if "totalSteps" not in record:
        return "no totalSteps"
    value = record["totalSteps"]
    if isinstance(value, (list, dict)):
        return f"totalSteps is a JSON {_json_kind(value)}, not a whole number"
    return f"totalSteps `{_show(json.dumps(value))}` is not a whole number, 0 or more"


def _json_kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "object"
    return "null"


def _summary_records(member: str, data: bytes) -> list[Any]:
    try:
        doc = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError):
        raise StepFileError(
            f"{_show(member, 80)} is not valid JSON; nothing was imported") from None
    except RecursionError:
        raise StepFileError(f"{_show(member, 80)} is nested too deeply to be a daily summary "
                            "file; nothing was imported") from None
    if not isinstance(doc, list):
        raise StepFileError(f"{member} is not a list of daily summaries; nothing was imported")
    return doc


def _show(text: str, limit: int = 40) -> str:
    """A piece of the user's file, safe to print on one line."""
    return truncate("".join(c if c.isprintable() else "?" for c in text.strip()), limit)
