"""Step files: a CSV, or a Garmin account export (its .zip, the unpacked folder, or one file).

`read_step_file(path, today=)` reads and checks the whole file, touching nothing;
`save_step_file(conn, path, parsed)` then upserts every usable day in one transaction, so a
file is imported completely or not at all, and importing the same file twice changes nothing.

- CSV: UTF-8, a header line `date,steps` or `date,steps,goal` (any case), ISO dates, one row
  per day. A row whose steps (or goal, when given) are missing, negative or not a whole
  number is skipped and counted, as sync does; a bad date or a date given twice is a
  malformed file.
- Garmin export: the `UDSFile_*.json` daily summaries found anywhere in the zip or folder
  (Garmin puts them under `DI_CONNECT/DI-Connect-Aggregator/`), each a JSON list of records
  with `calendarDate`, `totalSteps`, and where present `dailyStepGoal` and
  `totalDistanceMeters`. Same rules: unusable steps are skipped and counted, a bad
  `calendarDate` rejects the import. When a day is in two files, the later file wins.

Days after today are skipped and counted. Anything else (not a zip, no UDSFile, not JSON,
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
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path, PurePosixPath
from typing import Any

from coach_tui import clock
from coach_tui.garmin.records import (
    MAX_GOAL,
    distance_from_json,
    goal_from_json,
    parse_date,
    steps_from_json,
    steps_from_text,
)
from coach_tui.store.db import StoreError, transaction
from coach_tui.store.steps import Day, upsert_days
from coach_tui.text import plural, truncate

CSV_HEADERS = (("date", "steps"), ("date", "steps", "goal"))
UDS_NAME = re.compile(r"UDSFile_.*\.json", re.IGNORECASE)
MAX_UDS_BYTES = 64 * 1024 * 1024   # one UDSFile is a few hundred KB; refuse to inflate a bomb

SOURCE_CSV = "csv"
SOURCE_EXPORT = "garmin-export"

_EXPECTED = (
    "expected a CSV with a `date,steps` or `date,steps,goal` header, or a Garmin export "
    "(.zip or unpacked folder)"
)


class StepFileError(ValueError):
    """A file that cannot be imported; the message is one line and names the file."""


@dataclass(frozen=True)
class StepFile:
    kind: str            # SOURCE_CSV or SOURCE_EXPORT, stored as the rows' source
    days: list[Day]      # usable days, oldest first, one per date
    skipped: int
    records: int         # rows or daily summaries read


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

    def summary(self) -> str:
        what = "CSV" if self.kind == SOURCE_CSV else "Garmin export"
        return (
            f"imported {what} {self.path.name} ({self.first} to {self.last}): "
            f"{plural(self.new, 'day')} new, {self.updated} updated, "
            f"{self.unchanged} unchanged, {self.skipped} skipped"
        )


def save_step_file(
    conn: sqlite3.Connection, path: Path, parsed: StepFile, *, now: datetime | None = None
) -> ImportResult:
    """Upsert a file `read_step_file` accepted, in one transaction."""
    stamp = clock.utc_stamp(now)
    try:
        with transaction(conn):
            counts = upsert_days(conn, parsed.days, source=parsed.kind, synced_at=stamp)
    except sqlite3.Error as exc:
        raise StoreError(f"cannot save steps ({exc}); nothing was imported") from exc
    return ImportResult(
        path=Path(path), kind=parsed.kind, new=counts.new, updated=counts.updated,
        unchanged=counts.unchanged, skipped=parsed.skipped,
        first=parsed.days[0].date, last=parsed.days[-1].date,
    )


def read_step_file(path: Path, *, today: date) -> StepFile:
    path = Path(path)
    try:
        if path.is_dir():
            return _from_summaries(path.name, _folder_summaries(path), today)
        if not path.is_file():
            raise StepFileError(f"{path} does not exist")
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
    days: dict[str, Day] = {}
    seen: dict[str, int] = {}
    skipped = rows = 0
    try:
        for row in reader:
            if not any(cell.strip() for cell in row):
                continue
            if header is None:
                header = tuple(cell.strip().casefold() for cell in row)
                if header not in CSV_HEADERS:
                    raise StepFileError(
                        f"{name}: the first line is `{_show(','.join(row))}`; {_EXPECTED}"
                    )
                continue
            rows += 1
            line = reader.line_num
            day = parse_date(row[0])
            if day is None:
                raise StepFileError(
                    f"{name}, line {line}: `{_show(row[0])}` is not a date like 2026-11-30; "
                    "nothing was imported"
                )
            key = day.isoformat()
            if key in seen:
                raise StepFileError(
                    f"{name}, line {line}: {key} is also on line {seen[key]}; "
                    "nothing was imported"
                )
            seen[key] = line
            parsed = _csv_day(key, row, header)
            if parsed is None or day > today:
                skipped += 1
                continue
            days[key] = parsed
    except csv.Error as exc:
        raise StepFileError(f"{name}, line {reader.line_num}: {exc}; {_EXPECTED}") from None
    if header is None:
        raise StepFileError(f"{name} is empty; {_EXPECTED}")
    if not rows:
        raise StepFileError(f"{name} has a header but no rows")
    if not days:
        raise StepFileError(
            f"{name}: none of its {rows} rows has a usable step count (a whole number, 0 or "
            "more) for a day up to today; nothing was imported"
        )
    return StepFile(SOURCE_CSV, [days[k] for k in sorted(days)], skipped, rows)


def _csv_day(key: str, row: list[str], header: tuple[str, ...]) -> Day | None:
    if len(row) != len(header):
        return None
    steps = steps_from_text(row[1])
    if steps is None:
        return None
    goal = None
    if len(header) == 3 and row[2].strip():
        goal = steps_from_text(row[2])
        if goal is None or not 0 < goal <= MAX_GOAL:
            return None
    return Day(date=key, steps=steps, goal=goal)


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
            for info in members:
                if info.file_size > MAX_UDS_BYTES:
                    raise StepFileError(f"{info.filename} is too large to be a daily summary file")
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
    skipped = records = 0
    for member, data in files:
        for index, record in enumerate(_summary_records(member, data), start=1):
            records += 1
            if not isinstance(record, dict):
                skipped += 1
                continue
            raw_date = record.get("calendarDate")
            day = parse_date(raw_date)
            if day is None:
                raise StepFileError(
                    f"{member}: summary {index} has calendarDate `{_show(str(raw_date))}`, "
                    "not a date like 2026-11-30; nothing was imported"
                )
            steps = steps_from_json(record.get("totalSteps"))
            if steps is None or day > today:
                skipped += 1
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
            f"{name}: none of its {records} daily summaries has a usable step count up to "
            "today; nothing was imported"
        )
    return StepFile(SOURCE_EXPORT, [days[k] for k in sorted(days)], skipped, records)


def _summary_records(member: str, data: bytes) -> list[Any]:
    try:
        doc = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError):
        raise StepFileError(f"{member} is not valid JSON; nothing was imported") from None
    if not isinstance(doc, list):
        raise StepFileError(f"{member} is not a list of daily summaries; nothing was imported")
    return doc


def _show(text: str, limit: int = 40) -> str:
    """A piece of the user's file, safe to print on one line."""
    return truncate("".join(c if c.isprintable() else "?" for c in text.strip()), limit)
