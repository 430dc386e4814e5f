"""The `reviews` table: every saved review is kept as a dated snapshot.

`review_drafts` holds every review the model wrote for a period, with what it cost: a
'complete' one can be saved (once); an 'unfinished' one (stopped, cut off, refused, empty) is
never offered for saving, but it was billed, so `review_spend` counts it with the rest.
"""

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
    assert cur.lastrowid is not None  # set by the INSERT above
    return cur.lastrowid


def delete_review(conn: sqlite3.Connection, review_id: int) -> None:
    conn.execute("DELETE FROM reviews WHERE review_id = ?", (review_id,))



@dataclass(frozen=True)
class Draft:
    """A review as written, before (or after) it was saved; `saved_review_id` once saved."""

    draft_id: int
    period_key: str
    period_start: str
    period_end: str
    written_on: str
    created_at: str
    model: str | None
    text: str
    cost_usd: float | None
    saved_review_id: int | None


_DRAFT_COLUMNS = ("draft_id, period_key, period_start, period_end, written_on, created_at, "
                  "model, text, cost_usd, saved_review_id")


def add_draft(conn: sqlite3.Connection, *, period_key: str, period_start: str, period_end: str,
              written_on: str, text: str, model: str | None, cost_usd: float | None,
              created_at: str | None = None, unfinished: bool = False,
              output_is_floor: bool = False) -> int:
    """Store a review as written; `unfinished` for one that did not finish (never saved, but
    counted), `output_is_floor` when its cost counts only the output received."""
    with transaction(conn):
        cur = conn.execute(
            "INSERT INTO review_drafts (period_key, period_start, period_end, written_on, "
            "created_at, model, text, cost_usd, status, output_is_floor) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (period_key, period_start, period_end, written_on,
             created_at or clock.local_stamp(), model, text, cost_usd,
             "unfinished" if unfinished else "complete", int(output_is_floor)),
        )
    assert cur.lastrowid is not None  # set by the INSERT above
    return cur.lastrowid


def add_draft_cost(conn: sqlite3.Connection, draft_id: int, cost_usd: float | None) -> None:
    """Add what checking a stored draft cost (the second read) to the draft's cost; a cost
    not known (a model with no price) leaves it not known."""
    with transaction(conn):
        conn.execute("UPDATE review_drafts SET cost_usd = CASE WHEN ? IS NULL THEN NULL "
                     "ELSE cost_usd + ? END WHERE draft_id = ?", (cost_usd, cost_usd, draft_id))


def latest_draft(conn: sqlite3.Connection, period_key: str, written_on: str) -> Draft | None:
    """The newest complete draft of `period_key` written on the day `written_on`, or None."""
    row = conn.execute(
        f"SELECT {_DRAFT_COLUMNS} FROM review_drafts WHERE period_key = ? AND written_on = ? "
        "AND status = 'complete' ORDER BY draft_id DESC LIMIT 1",
        (period_key, written_on)).fetchone()
    return None if row is None else Draft(**row)


@dataclass(frozen=True)
class Spend:
    """What writing one period's review cost on one day, every attempt counted."""

    cost_usd: float | None   # None when an attempt's model has no price
    floor: bool              # an attempt ended early: the cost is a lower bound
    attempts: int            # reviews written, finished or not


def review_spend(conn: sqlite3.Connection, period_key: str, written_on: str) -> Spend:
    """The sum of what the drafts of `period_key` written on `written_on` cost."""
    total, unpriced, floor, attempts = conn.execute(
        "SELECT COALESCE(SUM(cost_usd), 0.0), COUNT(*) FILTER (WHERE cost_usd IS NULL), "
        "COALESCE(MAX(output_is_floor), 0), COUNT(*) FROM review_drafts "
        "WHERE period_key = ? AND written_on = ?", (period_key, written_on)).fetchone()
    return Spend(None if unpriced else total, bool(floor), attempts)


def save_draft(conn: sqlite3.Connection, draft_id: int) -> tuple[int, bool]:
    """Store the draft as a review once: (review id, True when this call stored it).

    The draft row is read and marked in the same transaction, so two saves of one draft leave
    one review.
    """
    with transaction(conn):
        row = conn.execute(
            "SELECT period_key, period_start, period_end, model, text, saved_review_id, status "
            "FROM review_drafts WHERE draft_id = ?", (draft_id,)).fetchone()
        if row is None or row["status"] != "complete":
            raise ValueError(f"there is no finished review draft {draft_id}")
        if row["saved_review_id"] is not None:
            return row["saved_review_id"], False
        cur = conn.execute(
            "INSERT INTO reviews (period_key, period_start, period_end, created_at, model, text) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (row["period_key"], row["period_start"], row["period_end"], clock.local_stamp(),
             row["model"], row["text"]))
        conn.execute("UPDATE review_drafts SET saved_review_id = ? WHERE draft_id = ?",
                     (cur.lastrowid, draft_id))
    assert cur.lastrowid is not None  # set by the INSERT above
    return cur.lastrowid, True
