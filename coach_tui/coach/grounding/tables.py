"""A reply's markdown tables: the rows and the day each row's first cell names.

A table is a run of lines that start with "|" whose second line is the separator
("|---|---:|"). Its body rows are the lines after the separator; a row's anchor is its first
cell ("Mon 23", "Sunday", "**Total**"). A weekday written alone in the anchor cells of a
table ("| Mon | 9,231 |" ... "| Tue | 13,311 |") names the days in the table's order, not each
the latest such day: a column of weekdays running over more than a week ends (or, newest
first, starts) on the latest one the request states, and every row above is the stated day of
that weekday just before the row under it.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from coach_tui.coach.grounding.facts import Evidence

_SEPARATOR = re.compile(r"[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*(?:\|[ \t]*:?-{2,}:?[ \t]*)*\|?[ \t]*$")
_WEEKDAY_ONLY = re.compile(r"[\s*_]*([A-Za-z]{3,9})\.?(?:'s)?[\s*_]*")
_WEEKDAYS = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}


def anchor_cells(reply: str) -> list[list[tuple[int, int]]]:
    """Each table's body rows as the span of their first cell, in order (tables in order)."""
    tables: list[list[tuple[int, int]]] = []
    lines: list[tuple[int, int]] = []
    pos = 0
    for line in reply.splitlines(keepends=True):
        lines.append((pos, pos + len(line.rstrip("\r\n"))))
        pos += len(line)
    k = 0
    while k + 1 < len(lines):
        start, end = lines[k]
        s2, e2 = lines[k + 1]
        if reply[start:end].lstrip().startswith("|") and _SEPARATOR.fullmatch(reply, s2, e2):
            rows: list[tuple[int, int]] = []
            k += 2
            while k < len(lines) and reply[lines[k][0]:lines[k][1]].lstrip().startswith("|"):
                row_start, row_end = lines[k]
                first = reply.index("|", row_start) + 1
                bar = reply.find("|", first, row_end)
                rows.append((first, bar if bar >= 0 else row_end))
                k += 1
            tables.append(rows)
        else:
            k += 1
    return tables


def _weekday(cell: str) -> int | None:
    m = _WEEKDAY_ONLY.fullmatch(cell)
    if m is None:
        return None
    word = m.group(1).lower()
    wd = _WEEKDAYS.get(word[:3])
    full = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
    if wd is None or not (word == full[wd][:len(word)] or word == "tues" or word == "thurs"):
        return None
    return wd


def _before(stated: list[date], wd: int, limit: date) -> date:
    """The latest stated day of weekday `wd` before `limit` (else the calendar's)."""
    for d in reversed(stated):
        if d < limit and d.weekday() == wd:
            return d
    return limit - timedelta(days=(limit.weekday() - wd - 1) % 7 + 1)


def _sequence(wds: list[int], stated: list[date], latest: date) -> list[date]:
    """Oldest first: the last row is the latest such day on or before `latest`."""
    out: list[date] = []
    limit = latest + timedelta(days=1)
    for wd in reversed(wds):
        limit = _before(stated, wd, limit)
        out.append(limit)
    return out[::-1]


def table_days(reply: str, refs: list[tuple[int, int, frozenset]],
               ev: Evidence) -> list[tuple[int, int, frozenset]]:
    """`refs` (day references: start, end, days) with a table's weekday-only anchor cells
    read as a run of days in the table's order (when two rows or more are such cells)."""
    if "|" not in reply or ev.now is None and not ev.days:
        return refs
    latest = ev.now or max(ev.days)
    stated = sorted(d for d in [*ev.days, *ev.empty_days, latest] if d <= latest)
    days_at: list[tuple[int, int, frozenset]] = []
    for rows in anchor_cells(reply):
        cells = [(start, end, _weekday(reply[start:end])) for start, end in rows]
        named = [(start, end, wd) for start, end, wd in cells if wd is not None]
        if len(named) < 2:
            continue
        wds = [wd for _, _, wd in named]
        up = _sequence(wds, stated, latest)  # oldest first
        down = _sequence(wds[::-1], stated, latest)[::-1]  # newest first
        run = up if up[-1] - up[0] <= down[0] - down[-1] else down
        for (start, end, _), day in zip(named, run, strict=True):
            days_at.append((start, end, frozenset([day])))
    if not days_at:
        return refs
    out = []
    for start, end, days in refs:
        cell = next((run for s, e, run in days_at if s <= start and end <= e), days)
        out.append((start, end, cell))
    return out
