"""Messages still waiting for their reply, read and marked at every start (coach/orphans.py).

Apart from store/sessions.py so that a start, which runs this before the app's first frame,
does not import the whole of the sessions' and turns' store (issue 23).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from coach_tui.store.db import transaction


def pending_user_turns(conn: sqlite3.Connection) -> list[tuple[int, str]]:
    """(turn_id, created_at) of every message still waiting for its reply (an index holds them)."""
    return conn.execute(
        "SELECT turn_id, created_at FROM turns WHERE status = 'pending' ORDER BY turn_id"
    ).fetchall()


def mark_pending_interrupted(conn: sqlite3.Connection, turn_ids: Sequence[int],
                             error: str) -> None:
    """Mark these messages interrupted, those still pending only (their own transaction)."""
    with transaction(conn):
        conn.executemany("UPDATE turns SET status = 'interrupted', error = ? "
                         "WHERE turn_id = ? AND status = 'pending'",
                         [(error, turn_id) for turn_id in turn_ids])
