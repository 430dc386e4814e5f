"""Resolve the memory snapshot once, at the call site: read the rows, compute, render.

Prompt builders never open the database; they get the text this returns. The snapshot also
says which journal lines it holds, so a session knows which deletions must re-render it.
"""

from __future__ import annotations

import sqlite3
from datetime import date, datetime, timedelta

from coach_tui import clock
from coach_tui.memory.block import MemoryBlock, memory_block
from coach_tui.memory.goals import goal_in_force
from coach_tui.memory.ledger import ledger_facts
from coach_tui.store.settings import account_zone
from coach_tui.store.steps import load_days

LEDGER_WINDOW_DAYS = 366


def ledger_today(conn: sqlite3.Connection, now: datetime | None = None) -> date:
    """The day the ledger is "as of yesterday" from: today in the Garmin account's time zone
    (Garmin's days are its days), or on this machine's clock before a zone is known."""
    return clock.account_date(account_zone(conn), now)


def current_facts(conn: sqlite3.Connection, today: date, default_goal: int) -> list[str]:
    """Ledger facts as of yesterday, from the stored days the ledger can use; a day without
    its own goal is judged on the goal in force (`default_goal` only when no day has one)."""
    days = load_days(conn, today - timedelta(days=LEDGER_WINDOW_DAYS), today - timedelta(days=1))
    return ledger_facts(days, today, goal_in_force(conn, default_goal))


def render_snapshot(
    conn: sqlite3.Connection,
    *,
    today: date,
    default_goal: int,
    max_chars: int | None,
    exclude_source_key: tuple[str, str] | None = None,
) -> MemoryBlock:
    """The snapshot as of `today`: its text and the ids of the journal lines it holds."""
    facts = current_facts(conn, today, default_goal)
    return memory_block(
        conn, facts, exclude_source_key=exclude_source_key, max_chars=max_chars
    )
