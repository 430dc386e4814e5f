"""A Garmin account export as a step file: its .zip, the unpacked folder, or one UDSFile.

The `UDSFile_*.json` daily summaries are found anywhere in the zip or folder (Garmin puts them
under `DI_CONNECT/DI-Connect-Aggregator/`); each is a JSON list of records with
`calendarDate` (ISO, or in older exports `{"date": "Mar 25, 2020 12:00:00 AM"}`), `totalSteps`,
and where present `dailyStepGoal` and `totalDistanceMeters`. Unusable steps are skipped and
explained, a bad `calendarDate` rejects the import, and when a day is in two files the later
file wins. Archives are capped per member and in total, so a
zip bomb is refused before it is inflated.
"""

from __future__ import annotations

import json
import re
import zipfile
from collections.abc import Iterable, Iterator
from datetime import date
from pathlib import Path, PurePosixPath
from typing import Any

from coach_tui.garmin.records import (
    distance_from_json,
    goal_from_json,
    parse_export_date,
    steps_from_json,
)
from coach_tui.garmin.stepfile import (
    EXPECTED,
    SOURCE_EXPORT,
    Skips,
    StepFile,
    StepFileError,
    show,
)
from coach_tui.store.steps import Day

UDS_NAME = re.compile(r"UDSFile_.*\.json", re.IGNORECASE)
MAX_UDS_BYTES = 64 * 1024 * 1024   # one UDSFile is a few hundred KB; refuse to inflate a bomb
# All summaries together: years of exports are tens of MB; a bomb of many members is not.
MAX_EXPORT_BYTES = 512 * 1024 * 1024


def read_capped(path: Path, limit: int, too_large: str) -> bytes:
    """The bytes of `path`, or StepFileError(`too_large`) when it holds more than `limit`: a
    file given as a step file is never read whole before its size is known (a sparse 100 GB
    file would exhaust memory), and the read stops at the cap whatever `stat` said."""
    if path.stat().st_size > limit:
        raise StepFileError(too_large)
    with path.open("rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise StepFileError(too_large)
    return data


def summary_file(path: Path) -> bytes:
    """One UDSFile, capped as an archive's members are."""
    return read_capped(path, MAX_UDS_BYTES, f"{show(path.name, 80)} is too large to be a daily "
                       f"summary file (over {MAX_UDS_BYTES // (1024 * 1024)} MB); nothing was "
                       "imported")


def folder_summaries(folder: Path) -> Iterator[tuple[str, bytes]]:
    files = sorted(
        (p for p in folder.rglob("*") if p.is_file() and UDS_NAME.fullmatch(p.name)),
        key=lambda p: p.name,
    )
    if not files:
        raise StepFileError(_no_uds(folder.name))
    for p in files:
        yield p.name, summary_file(p)


def zip_summaries(path: Path) -> Iterator[tuple[str, bytes]]:
    if not zipfile.is_zipfile(path):
        raise StepFileError(f"{path.name} is not a zip file; {EXPECTED}")
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
                    raise StepFileError(f"{show(info.filename, 80)} is too large to be a daily "
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


def from_summaries(name: str, files: Iterable[tuple[str, bytes]], today: date) -> StepFile:
    days: dict[str, Day] = {}
    records = 0
    skips = Skips()
    for member, data in files:
        where = show(member, 80)
        for index, record in enumerate(_summary_records(member, data), start=1):
            records += 1
            if not isinstance(record, dict):
                skips.add(f"{where} summary {index}",
                          f"a JSON {_json_kind(record)}, not a daily summary")
                continue
            raw_date = record.get("calendarDate")
            day = parse_export_date(raw_date)
            if day is None:
                raise StepFileError(
                    f"{where}: summary {index} has calendarDate `{show(str(raw_date))}`, "
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
    return f"totalSteps `{show(json.dumps(value))}` is not a whole number, 0 or more"


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
            f"{show(member, 80)} is not valid JSON; nothing was imported") from None
    except RecursionError:
        raise StepFileError(f"{show(member, 80)} is nested too deeply to be a daily summary "
                            "file; nothing was imported") from None
    if not isinstance(doc, list):
        raise StepFileError(f"{member} is not a list of daily summaries; nothing was imported")
    return doc


