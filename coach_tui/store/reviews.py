"""The `reviews` table: every saved review is kept as a dated snapshot."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from coach_tui import clock
from coach_tui.store.db import transaction


@dataclass(frozen=True)
class Review:
    review_id: int
    period_key: str        # e.g. "week:2026-W48" or "day:2026-11-29"
    period_start: str
    period_end: str
    created_at: str
    model: str | None
    text: str


_COLUMNS = "review_id, period_key, period_start, period_end, created_at, model, text"


def save_review(
    conn: sqlite3.Connection,
    *,
    period_key: str,
    period_start: str,
    period_end: str,
    text: str,
    model: str | None,
    created_at: str | None = None,
) -> int:
    if not text.strip():
        raise ValueError("a review needs some text")
    stamp = created_at or clock.local_stamp()
    with transaction(conn):
        cur = conn.execute(
            "INSERT INTO reviews (period_key, period_start, period_end, created_at, model, text) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (period_key, period_start, period_end, stamp, model, text),
        )
    return cur.lastrowid


def delete_review(conn: sqlite3.Connection, review_id: int) -> None:
    conn.execute("DELETE FROM reviews WHERE review_id = ?", (review_id,))


def list_reviews(conn: sqlite3.Connection, *, period_key: str | None = None) -> list[Review]:
    """Saved reviews, newest first."""
    sql = f"SELECT {_COLUMNS} FROM reviews"
    args: tuple = ()
    if period_key is not None:
        sql += " WHERE period_key = ?"
        args = (period_key,)
    sql += " ORDER BY review_id DESC"
    return [Review(*row) for row in conn.execute(sql, args)]

