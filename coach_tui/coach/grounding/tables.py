"""A reply's markdown tables: each cell's row anchor and column header.

A table is a run of lines that start with "|" whose second line is the separator
("|---|---:|"). Its body rows are the lines after the separator; a row's anchor is its first
cell ("Mon 23", "Sunday", "**Total**"). A weekday written alone in the anchor cells of a
table ("| Mon | 9,231 |" ... "| Tue | 13,311 |") names the days in the table's order, not each
the latest such day: a column of weekdays running over more than a week ends (or, newest
first, starts) on the latest one the request states, and every row above is the stated day of
that weekday just before the row under it.

`restated` gives a table's warned number a second reading: its cell said as the prose it
stands for, the row's anchor, the column's header and the cell ("Weekdays (Mon–Fri) Days: 5",
"Mon Nov 23: −769 vs goal"), checked by the same `check`; a value true there is cleared, one
bound to another day or fact stays warned. An anchor written as a numeric date ("24/11",
"11/25") is quoted when exactly one reading of it is a day the request states. In a table with
a column that plans ("Daily aim"), a row named by a date from today on is the plan: advice.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date, timedelta
from functools import lru_cache
from typing import Any, cast

from coach_tui.coach.grounding.advice import SUGGESTION
from coach_tui.coach.grounding.cell_sums import (
    Mention,
    day_count,
    difference,
    over_rows,
    pace,
    plain,
    rank,
    row_gap,
    share,
    streak,
)
from coach_tui.coach.grounding.facts import Evidence
from coach_tui.coach.grounding.words import MONTHS

_SEPARATOR = re.compile(r"[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
_WEEKDAY_ONLY = re.compile(r"[\s*_]*([A-Za-z]{3,9})\.?(?:'s)?[\s*_]*")
# a column header naming one day: "Sun 29", "Mon 30 Nov", "Tuesday", "Nov 30", "30/11"
_DAY_HEADER = re.compile(
    r"(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?(?: (?:the )?\d{1,2}(?:st|nd|rd|th)?"
    r"(?: [a-z]{3,9}\.?)?| [a-z]{3,9}\.? \d{1,2})?|[a-z]{3,9}\.? \d{1,2}|\d{1,2} [a-z]{3,9}"
    r"|\d{1,2}/\d{1,2})", re.I)
_WEEKDAYS = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}


type Span = tuple[int, int]
type Grid = tuple[tuple[str, ...], tuple[tuple[Span, ...], ...]]  # header words, rows' cells


def anchor_cells(reply: str) -> list[list[Span]]:
    """Each table's body rows as the span of their first cell, in order (tables in order)."""
    return [[row[0] for row in rows] for _, rows in grids(reply)]


def _cells(reply: str, start: int, end: int) -> tuple[Span, ...]:
    first = reply.index("|", start) + 1
    bars = [first - 1] + [i for i in range(first, end) if reply[i] == "|"]
    if bars[-1] < end and reply[bars[-1] + 1:end].strip():
        bars.append(end)
    return tuple((bars[k] + 1, bars[k + 1]) for k in range(len(bars) - 1))


@lru_cache(maxsize=4)  # a check reads a reply's tables three times (its days, its cells)
def grids(reply: str) -> tuple[Grid, ...]:
    """Each table as its header cells' words and its body rows' cell spans, in order (read
    once a reply: the answer is shared, so not to be changed)."""
    tables: list[Grid] = []
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
            header = tuple(plain(reply[a:b]) for a, b in _cells(reply, start, end))
            rows: list[tuple[Span, ...]] = []
            k += 2
            while k < len(lines) and reply[lines[k][0]:lines[k][1]].lstrip().startswith("|"):
                cells = _cells(reply, *lines[k])
                if cells:  # (a lone "|": a row with nothing in it)
                    rows.append(cells)
                k += 1
            tables.append((header, tuple(rows)))
        else:
            k += 1
    return tuple(tables)


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
    monday = latest - timedelta(days=latest.weekday())
    for header, grid in grids(reply):
        rows = [row[0] for row in grid]
        # "| Day | Last week | This week |": each weekday row holds the day of both weeks
        both = any(_WEEK_COLUMN.search(h) for h in header[1:])
        cells = [(start, end, _weekday(reply[start:end])) for start, end in rows]
        named = [(start, end, wd) for start, end, wd in cells if wd is not None]
        if len(named) < 2:
            continue
        wds = [wd for _, _, wd in named]
        up = _sequence(wds, stated, latest)  # oldest first
        down = _sequence(wds[::-1], stated, latest)[::-1]  # newest first
        run = up if up[-1] - up[0] <= down[0] - down[-1] else down
        for (start, end, _), day in zip(named, run, strict=True):
            other = day - timedelta(days=7) if day >= monday else day + timedelta(days=7)
            days_at.append((start, end, frozenset([day, other] if both and other <= latest
                                                  else [day])))
    if not days_at:
        return refs
    out = []
    for start, end, days in refs:
        cell = next((run for s, e, run in days_at if s <= start and end <= e), days)
        out.append((start, end, cell))
    return out


_WEEK_COLUMN = re.compile(r"\b(?:last|previous|prior)\s+week\b|\bweek\s+before\b", re.I)
_PLAN_HEADER = re.compile(r"\b(?:targets?|plan|planned|aim|suggested|to do|ideas?)\b", re.I)
_MONTH_DAY = re.compile(r"([a-z]{3,9})\.? (\d{1,2})\b", re.I)


def _planned(anchor: str, header: Sequence[str], ev: Evidence) -> bool:
    """A plan's row: a table with a column that plans ("Daily aim", "Target"), and a row
    named by a date from today on ("Dec 8–14"): its numbers are the plan, not data."""
    m = _MONTH_DAY.match(anchor)
    if ev.now is None or m is None or m.group(1).lower() not in MONTHS \
            or not any(_PLAN_HEADER.search(h) for h in header[1:]):
        return False
    month, day = MONTHS[m.group(1).lower()], int(m.group(2))
    year = ev.now.year + (month < ev.now.month - 6)
    try:
        return date(year, month, day) >= ev.now
    except ValueError:
        return False


_LINE_DAY = re.compile(r"[A-Z][a-z]{2} (\d{4}-\d\d-\d\d):")  # a day line quoted
_WEEKDAY_BEFORE = re.compile(r"\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?[ \t]+$", re.I)


def _weekday_dated(reply: str, m: Mention, ev: Evidence) -> date | None:
    """The stated day a table's "Mon 23" is when its weekday and day of the month agree."""
    line = reply.rfind("\n", 0, m.start) + 1
    before = _WEEKDAY_BEFORE.search(reply, max(line, m.start - 12), m.start)
    if before is None or not reply[line:m.start].lstrip().startswith("|") \
            or not m.text.isdigit() or len(m.text) > 2:
        return None
    wd = _WEEKDAYS[before.group(1).lower()]
    found = {d for d in [*ev.days, *ev.empty_days, *([ev.now] if ev.now else [])]
             if d.day == int(m.text) and d.weekday() == wd}
    return next(iter(found)) if len(found) == 1 else None


_NUMERIC_DATE = re.compile(r"(\d{1,2})[/.](\d{1,2})(?:[/.](\d{2}|\d{4}))?")


def _numeric_date(cell: str, ev: Evidence, corner: str = "") -> date | None:
    """The one stated day a "24/11" or "11/25" anchor can be, or a bare "23" under a month's
    name ("| Nov | Steps |"), else None."""
    stated = [*ev.days, *ev.empty_days]
    if cell.isdigit() and len(cell) <= 2:
        month = MONTHS.get(re.sub(r"[\s.]+(?:\d{4})?$", "", corner.lower()))
        found = {d for d in stated if d.day == int(cell) and d.month == month}
        return next(iter(found)) if len(found) == 1 else None
    m = _NUMERIC_DATE.fullmatch(cell)
    if m is None:
        return None
    a, b = int(m.group(1)), int(m.group(2))
    found = {d for d in stated if (d.month, d.day) in ((a, b), (b, a))
             and (m.group(3) is None or str(d.year).endswith(m.group(3)))}
    return next(iter(found)) if len(found) == 1 else None


def restated[M: Mention](reply: str, out: list[M], ev: Evidence,
                         check: Callable[[str, Evidence], Sequence[Mention]]) -> list[M]:
    """`out` with a table cell's warned number cleared when its cell, said as prose with
    its row's anchor and its column's header, is true (see the module's words)."""
    if "|" not in reply:
        return out
    runs = {start: next(iter(days)) for start, _, days in
            table_days(reply, [(s, e, frozenset()) for rows in anchor_cells(reply)
                               for s, e in rows], ev) if days}
    places: dict[int, tuple[tuple[str, ...], tuple[Span, ...]]] = {}
    rows_of: dict[tuple[Span, ...], tuple[tuple[Span, ...], ...]] = {}  # a row: those above it
    table_of: dict[tuple[Span, ...], tuple[tuple[Span, ...], ...]] = {}  # a row: its table's
    for header, rows in grids(reply):
        for r, row in enumerate(rows):
            rows_of[row], table_of[row] = rows[:r], rows
            for a, b in row:
                places.update((i, (header, row)) for i in range(a, b))
    result = list(out)
    for k, m in enumerate(out):
        if m.outcome == "unsupported" and (day := _weekday_dated(reply, m, ev)) is not None:
            fact = ev.days.get(day)  # "Mon 23 – Sun 29" in a header or a row's first cell
            result[k] = _clear(m, "quoted", fact.source if fact is not None
                               else f"{day:%a %Y-%m-%d}")
            continue
        if m.start not in places or m.outcome == "advice":
            continue
        header, row = places[m.start]
        (a0, b0), col = row[0], next(c for c, (a, b) in enumerate(row) if a <= m.start < b)
        anchor = plain(reply[a0:b0])
        if m.outcome == "unsupported" and _planned(anchor, header, ev):
            result[k] = _clear(m, "advice", SUGGESTION)
            continue
        corner = header[0] if header else ""
        if m.outcome != "unsupported":
            if not 0 < col < len(header):
                continue
            if _DAY_HEADER.fullmatch(header[col]) and anchor \
                    and sum(bool(_DAY_HEADER.fullmatch(h)) for h in header[1:]) >= 2 \
                    and not _DAY_HEADER.fullmatch(anchor):
                prose = f"{anchor} {header[col]}"  # a column per day: the cell is that day's
            elif (day := _numeric_date(anchor, ev, corner)) is not None:
                if day.isoformat() in (m.source or "") or f"{day:%a %b} {day.day}" in (
                        m.source or ""):
                    continue  # already that day's
                prose = f"{day:%a %b} {day.day} {header[col]}"  # "29/11": that day's row
            else:
                continue
            a, b = row[col]
            cell = reply[a:b].strip()
            at = len(prose) + 2 + m.start - a - (len(reply[a:b]) - len(reply[a:b].lstrip()))
            again = next((n for n in check(f"{prose}: {cell}.", ev) if n.start == at), None)
            if again is not None and again.outcome == "unsupported":
                result[k] = _clear(m, "unsupported", None)
            continue
        if col == 0:
            day = _numeric_date(anchor, ev, corner)
            if day is not None:
                fact = ev.days.get(day)
                result[k] = _clear(m, "quoted", fact.source if fact is not None
                                  else f"{day:%a %Y-%m-%d} (written {anchor})")
            elif (placed := rank(m, corner, row, table_of[row], out, ev)) is not None:
                result[k] = _clear(m, "computed", placed)
            continue
        if not anchor or col >= len(header):
            continue
        # "| Weakest | Tuesday | 7,651 |": a day cell makes the row that day's, said one way
        named = _day_cell(reply, row, col)
        summed = None if named is not None else over_rows(
            reply, m, anchor, row, col, rows_of[row], out) or difference(
            reply, m, anchor, col, rows_of[row], out) or share(
            reply, m, header[col], row, col, table_of[row], out) or rank(
            m, header[col], row, table_of[row], out, ev) or streak(m, header[col], row, out, ev) \
            or pace(reply, m, header[col], row, table_of[row], ev) \
            or row_gap(reply, m, header[col], row, col, result, ev) \
            or day_count(m, header[col], anchor)
        if summed is not None:
            result[k] = _clear(m, "computed", summed)
            continue
        day = None if named is not None else runs.get(a0) or _numeric_date(anchor, ev, corner)
        if day is not None:
            anchor = f"{day:%a %b} {day.day}"
        elif named is None:
            day = next((date.fromisoformat(d.group(1)) for n in out if a0 <= n.start < b0
                        and n.outcome == "quoted" and (d := _LINE_DAY.match(n.source or ""))),
                       None)
        a, b = row[col]
        cell = _said(reply[a:b].strip(), header[col])
        j = sum(1 for n in out if a <= n.start < m.start)  # its place among the cell's numbers
        sayings = [(f"{anchor}, {named}, {header[col]}: {cell}.",
                     len(anchor) + len(named) + len(header[col]) + 6)] if named is not None \
            else [(f"{anchor} {header[col]}: {cell}.", len(anchor) + len(header[col]) + 2)]
        # (a day's row, or a row with a day cell: said one way only)
        if day is None and named is None and not _DAY_HEADER.match(anchor):
            sayings.append((f"{anchor}: {cell} {header[col]}.", len(anchor) + 1))
        for prose, at in sayings:
            inside = [n for n in check(prose, ev) if at <= n.start < at + 1 + len(cell)]
            again = inside[j] if j < len(inside) else None
            if again is not None and again.outcome in ("quoted", "computed") and (
                    day is None or f"{day:%a %b} {day.day}" in (again.source or "")
                    or day.isoformat() in (again.source or "")):  # a day's row: that day's
                result[k] = _clear(m, again.outcome, again.source)
                break
    return result


def _day_cell(reply: str, row: Sequence[Span], col: int) -> str | None:
    """A cell of `row` other than its anchor and `col` that names one day ("Tuesday",
    "Tue 24", "Nov 25"), as written; None when none does."""
    for c, (a, b) in enumerate(row):
        if c in (0, col):
            continue
        cell = plain(reply[a:b])
        if _weekday(cell) is not None or _DAY_HEADER.fullmatch(cell) and (
                cell[:3].lower() in _WEEKDAYS
                or any(w.lower().rstrip(".,") in MONTHS for w in cell.split())):
            return cell
    return None


_MET = re.compile(r"goal|\bmet\b|\bhit|target", re.I)
_SO_MANY_OF = re.compile(r"(\d+)\s*(?:/|\bof\b)\s*(\d+)(?:\s*days?\b)?", re.I)


_THOUSANDS = re.compile(r"\(\s*k\s*\)|\bthousands?\b|\('?000s?\)|\bk steps\b", re.I)
_BARE = re.compile(r"(?<![\d.,])(\d{1,3}(?:\.\d+)?)(?![\d.,]*\d|\s*[k%])", re.I)


def _said(cell: str, header: str) -> str:
    """A cell as prose says it: "1 / 4" under "Days at goal" is "goal met on 1 of 4 days";
    "5/7" under "Days" is "5 of 7"; "9.2" under "Steps (k)" is "9.2k"."""
    if _THOUSANDS.search(header):
        return _BARE.sub(r"\1k", cell)
    if _MET.search(header):
        return _SO_MANY_OF.sub(r"goal met on \1 of \2 days", cell)
    return _SO_MANY_OF.sub(r"\1 of \2", cell) if re.search(r"\bdays?\b", header, re.I) \
        else cell


def _clear[M: Mention](m: M, outcome: str, source: str | None) -> M:
    return cast(M, replace(cast(Any, m), outcome=outcome, source=source))
