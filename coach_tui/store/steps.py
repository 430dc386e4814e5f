"""The `daily_steps` table: one row per calendar day, upserted by date; and `pending_days`,
the days Garmin had no count for yet, which sync asks for again."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, replace
from datetime import date

from coach_tui import clock
from coach_tui.store.db import StoreError


@dataclass(frozen=True)
class Day:
    date: str              # ISO calendar date
    steps: int
    goal: int | None       # the day's own goal when the source had one
    distance_m: float | None = None


@dataclass
class UpsertCounts:
    new: int = 0
    updated: int = 0
    unchanged: int = 0


def upsert_days(
    conn: sqlite3.Connection, days: list[Day], *, source: str, synced_at: str | None = None,
    keep_unknown: bool = False,
) -> UpsertCounts:
    """Insert or update `days`; rows whose values did not change are left as they are.

    With `keep_unknown` (a file import: a file may have no goal or distance column at all), a
    goal or distance that is None keeps the one already stored, and a day counts as updated
    only when what is stored changes. Without it (sync: Garmin's answer is the whole day),
    the day is stored exactly as given. The caller owns the transaction (sync commits one per
    window).
    """
    stamp = synced_at or clock.utc_stamp()
    counts = UpsertCounts()
    for day in days:
        row = conn.execute(
            "SELECT steps, goal, distance_m FROM daily_steps WHERE date = ?", (day.date,)
        ).fetchone()
        if keep_unknown and row is not None:
            day = replace(day, goal=row["goal"] if day.goal is None else day.goal,
                          distance_m=row["distance_m"] if day.distance_m is None
                          else day.distance_m)
        if row is None:
            counts.new += 1
        elif (row["steps"], row["goal"], row["distance_m"]) == (day.steps, day.goal,
                                                                 day.distance_m):
            counts.unchanged += 1
            # The value is the same but it was seen again: remember when, so sync knows the
            # day is settled once it was fetched after it ended.
            conn.execute(
                "UPDATE daily_steps SET synced_at = ?, source = ? WHERE date = ?",
                (stamp, source, day.date),
            )
            continue
        else:
            counts.updated += 1
        conn.execute(
            "INSERT INTO daily_steps (date, steps, goal, distance_m, source, synced_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(date) DO UPDATE SET "
            "steps = excluded.steps, goal = excluded.goal, distance_m = excluded.distance_m, "
            "source = excluded.source, synced_at = excluded.synced_at",
            (day.date, day.steps, day.goal, day.distance_m, source, stamp),
        )
    return counts


def delete_all_days(conn: sqlite3.Connection) -> None:
    """Empty the table: for the demo's reseed, whose days are all generated."""
    conn.execute("DELETE FROM daily_steps")


def load_days(
    conn: sqlite3.Connection, start: date | None = None, end: date | None = None
) -> list[Day]:
    """Stored days in [start, end] (either bound optional), oldest first."""
    sql = "SELECT date, steps, goal, distance_m FROM daily_steps"
    where, args = [], []
    if start is not None:
        where.append("date >= ?")
        args.append(start.isoformat())
    if end is not None:
        where.append("date <= ?")
        args.append(end.isoformat())
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += " ORDER BY date"
    return [_day(row) for row in conn.execute(sql, args)]


def _day(row: sqlite3.Row) -> Day:
    """A stored row as a Day; StoreError naming the day when another program left something
    other than counts there (SQLite keeps text in an INTEGER column, and a CHECK compares text
    as larger than any number), since every fact is computed from these values."""
    day, steps, goal, distance = row["date"], row["steps"], row["goal"], row["distance_m"]
    problem = None
    if not _is_count(steps, 0):
        problem = f"{_show(steps)} where its step count belongs"
    elif goal is not None and not _is_count(goal, 1):
        problem = f"{_show(goal)} where its goal belongs"
    elif distance is not None and (isinstance(distance, bool)
                                   or not isinstance(distance, (int, float))
                                   or not distance >= 0):
        problem = f"{_show(distance)} where its distance belongs"
    if problem is not None:
        raise StoreError(f"the database is damaged: the stored day {day} has {problem} "
                         "(another program changed it); run `coach-tui sync` or import that "
                         "day again to replace it")
    return Day(day, steps, goal, distance)


def _is_count(value: object, least: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def _show(value: object) -> str:
    return "nothing (NULL)" if value is None else repr(value)[:40]


def has_days(conn: sqlite3.Connection) -> bool:
    """True once any day is stored."""
    return conn.execute("SELECT 1 FROM daily_steps LIMIT 1").fetchone() is not None


def sync_stamps(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    """(date, synced_at) of every stored day, in no order: what an incremental sync reads."""
    return [(row["date"], row["synced_at"])
            for row in conn.execute("SELECT date, synced_at FROM daily_steps")]


def newest_goal(conn: sqlite3.Connection) -> int | None:
    """The goal of the newest day that has one; None when no stored day has a goal."""
    row = conn.execute(
        "SELECT goal FROM daily_steps WHERE goal IS NOT NULL ORDER BY date DESC LIMIT 1"
    ).fetchone()
    return None if row is None else row["goal"]


def mark_pending(conn: sqlite3.Connection, dates: list[str], *, asked_at: str) -> None:
    """Remember days Garmin answered without a count (a stored day is never pending)."""
    for day in dates:
        conn.execute(
            "INSERT INTO pending_days (date, first_seen, last_asked) "
            "SELECT ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM daily_steps WHERE date = ?) "
            "ON CONFLICT(date) DO UPDATE SET last_asked = excluded.last_asked",
            (day, asked_at, asked_at, day),
        )


def clear_pending(conn: sqlite3.Connection, *, stored_from: str, before: str) -> None:
    """Forget pending days that now have a row (from `stored_from` on) or are before `before`."""
    conn.execute(
        "DELETE FROM pending_days WHERE date < ? OR (date >= ? AND date IN "
        "(SELECT date FROM daily_steps WHERE date >= ?))",
        (before, stored_from, stored_from),
    )


def oldest_pending(conn: sqlite3.Connection, *, since: str) -> str | None:
    """The oldest day still waiting for a count, on or after `since`; None when none is."""
    row = conn.execute(
        "SELECT min(date) AS oldest FROM pending_days WHERE date >= ?", (since,)
    ).fetchone()
    return row["oldest"]


# (what a period is grouped by, its first day from that): a week by its Julian week number
# (Julian day 0 was a Monday, so day // 7 runs Monday to Sunday), its Monday worked out once
# per week rather than a date() per day (ten years' weeks: 5.0 ms of CPU to 2.3 ms); a month by
# the text of its month, not by its first day spelled out per row (2.0 ms to 1.7 ms)
_PERIOD_KEYS = {
    "week": ("CAST(julianday(date) + 0.5 AS INTEGER) / 7", "date({} * 7 - 0.5)"),
    "month": ("substr(date, 1, 7)", "{} || '-01'"),
}


def period_totals(conn: sqlite3.Connection, unit: str,
                  before: date) -> list[tuple[str, int, int]]:
    """(first day, total steps, days recorded) of every day, week (from its Monday) or month
    with a record before `before`, oldest first: summed in SQL, not in Python."""
    # Ten years are 3,650 days: read as plain tuples (a Row each cost ~5 ms), and a day,
    # one row by its key, is not summed.
    cur = conn.cursor()
    cur.row_factory = None
    if unit == "day":
        return cur.execute("SELECT date, steps, 1 FROM daily_steps WHERE date < ? ORDER BY date",
                           (before.isoformat(),)).fetchall()
    group, first = _PERIOD_KEYS[unit]
    return cur.execute(
        f"SELECT {first.format(group)} AS first_day, SUM(steps) AS total, COUNT(*) AS days "
        f"FROM daily_steps WHERE date < ? GROUP BY {group} ORDER BY first_day",
        (before.isoformat(),)).fetchall()
