"""The `sessions` and `turns` tables: every chat, every message, exactly as sent.

A session row keeps the system blocks it sends (JSON, key order preserved, so loading them
gives back the same bytes), whether they were rendered with memory on, which journal lines its
snapshot holds, the newest journal line that existed when it was rendered (the watermark) and
the journal deletion counter at that moment, the day the snapshot was rendered
(`snapshot_date`) and the history cut (`history_from`: the first user turn requests still
carry; 0 when none is left out). A turn row keeps the user's words and, apart, the recall block
sent with them (re-sent with or without it), and the journal lines that block quotes ([entry
id, line], `recall_journal`). An assistant turn points at the user turn it answers
(`reply_to`), keeps every number's outcome and source (`numbers`); history is only pairs where
both are 'ok' (store/turns.py reads turns back and defines a completed exchange once).

Writers that must be atomic take `transaction(conn)` themselves; helpers named `_in_tx` expect
the caller to hold one.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

from coach_tui.store import search
from coach_tui.store.db import StoreError, stored_list, transaction
from coach_tui.store.turns import (  # noqa: F401  the turns as read back, re-exported
    HistoryTurn,
    TurnRow,
    TurnTotals,
    completed_exchanges,
    count_exchanges_before,
    exchanges_fingerprint,
    fingerprint_of,
    last_completed_reply,
    last_response_id,
    list_turns,
    list_turns_page,
    mark_last_reply_replaced,
    reply_sources,
    shown_user_turns,
    turn_totals,
)


@dataclass(frozen=True)
class SessionRow:
    session_id: int
    created_at: str
    model: str
    system: list[dict]
    memory_on: bool
    title: str | None
    snapshot_entry_ids: tuple[int, ...]
    journal_watermark: int
    snapshot_deletions: int
    effort: str | None          # output_config.effort sent by every request; None: not sent
    max_tokens: int | None      # None: a session from before options were stored
    snapshot_date: str          # ISO day the snapshot was rendered (facts through the day before)
    history_from: int           # first user turn id requests carry; 0: the whole history


class SessionGone(StoreError):
    """The session a message was for is no longer stored: deleted elsewhere (another coach-tui,
    or `coach-tui sessions delete`) while it was open here."""

    def __init__(self, session_id: int) -> None:
        super().__init__(f"session {session_id} was deleted elsewhere (in another coach-tui or "
                         "from the command line); start a new session and send it there")
        self.session_id = session_id


@dataclass(frozen=True)
class SessionSummary:
    session_id: int
    created_at: str
    title: str | None
    turn_count: int             # messages shown as sent (store/turns.py)
    last_at: str                # last active: its newest message, else when it was created
    known_cost_usd: float       # the billed replies' known costs, summed
    unpriced: int               # billed replies without a cost (a model without a price)
    first_text: str | None      # the first and the newest message the user sent
    last_text: str | None


_SESSION_COLUMNS = (
    "session_id, created_at, model, system_json, memory_on, title, snapshot_entry_ids, "
    "journal_watermark, snapshot_deletions, effort, max_tokens, snapshot_date, history_from"
)

def _session(row: sqlite3.Row) -> SessionRow:
    sid = row["session_id"]
    return SessionRow(
        session_id=sid, created_at=row["created_at"], model=row["model"],
        system=stored_list(row["system_json"], sid, "system_json"),
        memory_on=bool(row["memory_on"]), title=row["title"],
        snapshot_entry_ids=tuple(stored_list(row["snapshot_entry_ids"], sid,
                                             "snapshot_entry_ids")),
        journal_watermark=row["journal_watermark"],
        snapshot_deletions=row["snapshot_deletions"], effort=row["effort"],
        max_tokens=row["max_tokens"],
        snapshot_date=row["snapshot_date"] or row["created_at"][:10],
        history_from=row["history_from"])


def create_session(
    conn: sqlite3.Connection, *, created_at: str, model: str, system: list[dict],
    memory_on: bool, snapshot_entry_ids: list[int], journal_watermark: int,
    snapshot_deletions: int, effort: str | None, max_tokens: int, snapshot_date: str,
) -> int:
    cur = conn.execute(
        "INSERT INTO sessions (created_at, model, system_json, memory_on, snapshot_entry_ids, "
        "journal_watermark, snapshot_deletions, effort, max_tokens, snapshot_date) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (created_at, model, json.dumps(system), int(memory_on),
         json.dumps(sorted(snapshot_entry_ids)), journal_watermark, snapshot_deletions, effort,
         max_tokens, snapshot_date),
    )
    assert cur.lastrowid is not None  # set by the INSERT above
    return cur.lastrowid


def update_system(
    conn: sqlite3.Connection, session_id: int, *, system: list[dict], memory_on: bool,
    snapshot_entry_ids: list[int], journal_watermark: int, snapshot_deletions: int,
    snapshot_date: str,
) -> None:
    conn.execute(
        "UPDATE sessions SET system_json = ?, memory_on = ?, snapshot_entry_ids = ?, "
        "journal_watermark = ?, snapshot_deletions = ?, snapshot_date = ? WHERE session_id = ?",
        (json.dumps(system), int(memory_on), json.dumps(sorted(snapshot_entry_ids)),
         journal_watermark, snapshot_deletions, snapshot_date, session_id),
    )


def set_history_from(conn: sqlite3.Connection, session_id: int, turn_id: int) -> None:
    """Leave the exchanges before user turn `turn_id` out of this session's requests."""
    conn.execute("UPDATE sessions SET history_from = ? WHERE session_id = ?",
                 (turn_id, session_id))


def set_snapshot_deletions(conn: sqlite3.Connection, session_id: int, count: int) -> None:
    conn.execute("UPDATE sessions SET snapshot_deletions = ? WHERE session_id = ?",
                 (count, session_id))


def get_session(conn: sqlite3.Connection, session_id: int) -> SessionRow | None:
    row = conn.execute(
        f"SELECT {_SESSION_COLUMNS} FROM sessions WHERE session_id = ?", (session_id,)
    ).fetchone()
    return _session(row) if row else None


# When a session was last used: its newest message, else the moment it was created.
_LAST_ACTIVE = ("COALESCE((SELECT MAX(t.created_at) FROM turns t "
                "WHERE t.session_id = s.session_id), s.created_at)")


def latest_used_session_id(conn: sqlite3.Connection, *,
                           used_on: str | None = None) -> int | None:
    """The session used most recently (its newest message, not its start: a morning's
    `ask --continue` on an older chat makes that chat today's); with `used_on` (an ISO day),
    only when that use was on that day."""
    row = conn.execute(
        f"SELECT s.session_id, {_LAST_ACTIVE} AS active FROM sessions s "
        "ORDER BY active DESC, s.session_id DESC LIMIT 1").fetchone()
    if row is None or (used_on is not None and row["active"][:10] != used_on):
        return None
    return row["session_id"]


def list_sessions(conn: sqlite3.Connection, *, limit: int = 50,
                  matching: str | None = None, on_day: str | None = None
                  ) -> list[SessionSummary]:
    """Sessions, the most recently active first (`_LAST_ACTIVE`); `turn_count` counts the
    messages shown as sent (store/turns.py), the cost sums the billed replies.

    `matching` keeps the sessions whose title or any message contains it (a literal,
    case-insensitive substring: `%` and `_` are not wildcards); `on_day` (an ISO day, in
    its place) those with a message written that day.
    """
    if limit < 0:
        raise ValueError(f"limit must be 0 or more, got {limit}")
    where, args = "", []
    if on_day is not None:
        where = ("WHERE EXISTS (SELECT 1 FROM turns t WHERE t.session_id = s.session_id "
                 "AND substr(t.created_at, 1, 10) = ?) ")
        args = [on_day]
    elif matching is not None and matching.strip():
        pattern = "%" + _like_escape(matching.strip()) + "%"
        where = ("WHERE s.title LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM turns t "
                 "WHERE t.session_id = s.session_id AND t.text LIKE ? ESCAPE '\\') ")
        args = [pattern, pattern]
    billed = "b.session_id = s.session_id AND b.role = 'assistant' AND b.input_tokens IS NOT NULL"
    user = "u.session_id = s.session_id AND u.role = 'user'"
    rows = conn.execute(
        "SELECT s.session_id, s.created_at, s.title, "
        f" {shown_user_turns('s.session_id')} AS turn_count, {_LAST_ACTIVE} AS last_at, "
        f" (SELECT COALESCE(SUM(b.cost_usd), 0.0) FROM turns b WHERE {billed})"
        " AS known_cost_usd, "
        f" (SELECT COUNT(*) FROM turns b WHERE {billed} AND b.cost_usd IS NULL) AS unpriced, "
        f" (SELECT u.text FROM turns u WHERE {user} ORDER BY u.turn_id LIMIT 1) AS first_text, "
        f" (SELECT u.text FROM turns u WHERE {user} ORDER BY u.turn_id DESC LIMIT 1)"
        " AS last_text "
        f"FROM sessions s {where}ORDER BY last_at DESC, s.session_id DESC LIMIT ?",
        (*args, limit),
    ).fetchall()
    return [SessionSummary(**row) for row in rows]


def first_turn_on_day(conn: sqlite3.Connection, session_id: int, day: str) -> int | None:
    """The session's first message written on `day` (an ISO day); None when there is none."""
    return conn.execute(
        "SELECT MIN(turn_id) FROM turns WHERE session_id = ? AND substr(created_at, 1, 10) = ?",
        (session_id, day)).fetchone()[0]


def _like_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def rename_session(conn: sqlite3.Connection, session_id: int, title: str) -> bool:
    """Set the session's title; False when there is no such session."""
    with transaction(conn):
        cur = conn.execute("UPDATE sessions SET title = ? WHERE session_id = ?",
                           (title, session_id))
    return cur.rowcount > 0


def delete_session(conn: sqlite3.Connection, session_id: int) -> bool:
    """Delete the session and its turns (ON DELETE CASCADE); False when there is none."""
    with transaction(conn):
        cur = conn.execute("DELETE FROM sessions WHERE session_id = ?", (session_id,))
    return cur.rowcount > 0


def recent_user_texts(conn: sqlite3.Connection, *, limit: int = 200) -> list[str]:
    """The user's last `limit` messages over all sessions, oldest first (for recall)."""
    rows = conn.execute(
        "SELECT text FROM turns WHERE role = 'user' ORDER BY turn_id DESC LIMIT ?", (limit,)
    ).fetchall()
    return [row["text"] for row in reversed(rows)]


def add_user_turn(
    conn: sqlite3.Connection, session_id: int, *, created_at: str, text: str, memory_on: bool,
    title: str,
) -> int:
    """Store the user's message (status 'pending'); the session takes `title` if it has none."""
    with transaction(conn):
        cur = conn.execute(
            "INSERT INTO turns (session_id, role, created_at, text, status, memory_on) "
            "VALUES (?, 'user', ?, ?, 'pending', ?)",
            (session_id, created_at, text, int(memory_on)),
        )
        conn.execute("UPDATE sessions SET title = ? WHERE session_id = ? AND title IS NULL",
                     (title, session_id))
    assert cur.lastrowid is not None  # set by the INSERT above
    return cur.lastrowid


def set_recall(conn: sqlite3.Connection, turn_id: int, recall: str | None,
               journal_lines: Sequence[tuple[int, str]] = ()) -> None:
    """Store the recall block sent with a user turn and the journal lines it quotes."""
    conn.execute("UPDATE turns SET recall = ?, recall_journal = ? WHERE turn_id = ?",
                 (recall, json.dumps([list(q) for q in journal_lines]), turn_id))


def finish_user_turn_in_tx(conn: sqlite3.Connection, turn_id: int, *, status: str,
                           error: str | None) -> None:
    conn.execute("UPDATE turns SET status = ?, error = ? WHERE turn_id = ?",
                 (status, error, turn_id))


def add_assistant_turn_in_tx(
    conn: sqlite3.Connection, session_id: int, *, reply_to: int, created_at: str, text: str,
    status: str, error: str | None, response_id: str | None, model: str,
    usage: tuple[int, int, int, int] | None, cost_usd: float | None,
    cache_miss_reason: str | None, memory_on: bool, stop_reason: str | None = None,
    unverified: tuple[str, ...] = (), numbers: tuple[dict, ...] | None = None,
    output_is_floor: bool = False,
) -> int:
    u = usage if usage is not None else (None, None, None, None)
    cur = conn.execute(
        "INSERT INTO turns (session_id, role, created_at, text, status, error, response_id, "
        "model, input_tokens, cache_creation_tokens, cache_read_tokens, output_tokens, "
        "cost_usd, cache_miss_reason, reply_to, memory_on, stop_reason, unverified, numbers, "
        "output_is_floor) VALUES (?, 'assistant', " + ", ".join("?" * 18) + ")",
        (session_id, created_at, text, status, error, response_id, model, *u, cost_usd,
         cache_miss_reason, reply_to, int(memory_on), stop_reason, json.dumps(list(unverified)),
         None if numbers is None else json.dumps(list(numbers)), int(output_is_floor)),
    )
    assert cur.lastrowid is not None  # set by the INSERT above
    search.merge_segments(conn)  # the exchange's new index segment: keep recall's look-ups few
    return cur.lastrowid
