"""The recall block of one message in one session: what `send` puts before the user's words,
and what `coach-tui recall` prints without sending anything.

A stored session recalls around its frozen snapshot (the journal lines it holds are not
repeated, lines newer than it wait for the next session, a snapshot from an earlier day brings
the days since) and its history cut; a session not created yet reads the snapshot its first
message would render, and stores nothing.

The block's "now" (its live line, and the day "yesterday" or "last week" are read from) is the
wall clock of the Garmin account's time zone, as the ledger's "today" is (memory/snapshot.py's
`ledger_today`): Garmin's days are its days, whatever this machine's clock says.
"""

from __future__ import annotations

import sqlite3
from datetime import date, datetime

from coach_tui import clock
from coach_tui.config import Settings
from coach_tui.memory.goals import goal_in_force
from coach_tui.memory.recall import Recall, build_recall
from coach_tui.memory.snapshot import render_snapshot
from coach_tui.store import journal as journal_store
from coach_tui.store import sessions as store
from coach_tui.store.settings import account_zone


def turn_recall(conn: sqlite3.Connection, settings: Settings, row: store.SessionRow | None,
                words: str, *, now: datetime) -> Recall:
    """The recall+live block `words` gets at `now` in the session `row` (None: a new one)."""
    now = account_now(conn, now)
    if row is None:
        snapshot = render_snapshot(conn, today=now.date(),
                                   default_goal=settings.default_step_goal,
                                   max_chars=settings.memory_block_max_chars)
        entry_ids, watermark = snapshot.entry_ids, journal_store.newest_entry_id(conn)
        rendered, session_id, context_from = (now.date(), snapshot.text), None, 0
    else:
        entry_ids, watermark = row.snapshot_entry_ids, row.journal_watermark
        rendered = (date.fromisoformat(row.snapshot_date),
                    row.system[1]["text"] if len(row.system) > 1 else "")
        session_id, context_from = row.session_id, row.history_from
    return build_recall(
        conn, words, now=now, default_goal=goal_in_force(conn, settings.default_step_goal),
        max_chars=settings.recall_max_chars, max_tokens=settings.recall_max_tokens,
        date_order=settings.date_order, session_id=session_id,
        snapshot_entry_ids=entry_ids, journal_watermark=watermark, snapshot=rendered,
        context_from=context_from,
    )


def account_now(conn: sqlite3.Connection, now: datetime) -> datetime:
    """`now` as the wall clock reads in the account's time zone (naive): its date is the
    ledger's today (memory/snapshot.py's `ledger_today`)."""
    return clock.in_zone(now, account_zone(conn)).replace(tzinfo=None)
