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
both are 'ok'.

Writers that must be atomic take `transaction(conn)` themselves; helpers named `_in_tx` expect
the caller to hold one.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

from coach_tui.store.db import transaction


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


@dataclass(frozen=True)
class TurnRow:
    turn_id: int
    session_id: int
    role: str
    created_at: str
    text: str
    recall: str | None
    status: str
    error: str | None
    response_id: str | None
    model: str | None
    input_tokens: int | None
    cache_creation_tokens: int | None
    cache_read_tokens: int | None
    output_tokens: int | None
    cost_usd: float | None
    cache_miss_reason: str | None
    reply_to: int | None
    memory_on: bool
    recall_journal: tuple[tuple[int, str], ...]   # (entry id, line) the recall block quotes
    stop_reason: str | None
    unverified: tuple[str, ...] = ()   # numbers of a reply not supported by what was sent
    numbers: tuple[dict, ...] = ()     # every number with its outcome and source (grounding/)


@dataclass(frozen=True)
class SessionSummary:
    session_id: int
    created_at: str
    title: str | None
    turn_count: int
    last_at: str | None


_SESSION_COLUMNS = (
    "session_id, created_at, model, system_json, memory_on, title, snapshot_entry_ids, "
    "journal_watermark, snapshot_deletions, effort, max_tokens, snapshot_date, history_from"
)
_TURN_COLUMNS = (
    "turn_id, session_id, role, created_at, text, recall, status, error, response_id, model, "
    "input_tokens, cache_creation_tokens, cache_read_tokens, output_tokens, cost_usd, "
    "cache_miss_reason, reply_to, memory_on, recall_journal, stop_reason, unverified, numbers"
)


def _session(row: tuple) -> SessionRow:
    (sid, created, model, system_json, memory_on, title, ids, watermark, deletions, effort,
     max_tokens, snapshot_date, history_from) = row
    return SessionRow(sid, created, model, json.loads(system_json), bool(memory_on), title,
                      tuple(json.loads(ids)), watermark, deletions, effort, max_tokens,
                      snapshot_date or created[:10], history_from)


def _turn(row: tuple) -> TurnRow:
    *columns, memory_on, recall_journal, stop_reason, unverified, numbers = row
    return TurnRow(*columns, memory_on=bool(memory_on),
                   recall_journal=tuple((i, line) for i, line in json.loads(recall_journal)),
                   stop_reason=stop_reason, unverified=tuple(json.loads(unverified)),
                   numbers=tuple(json.loads(numbers or "[]")))


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


def latest_session_id(conn: sqlite3.Connection) -> int | None:
    row = conn.execute("SELECT MAX(session_id) FROM sessions").fetchone()
    return row[0]



def list_sessions(conn: sqlite3.Connection, *, limit: int = 50,
                  matching: str | None = None) -> list[SessionSummary]:
    """Sessions newest first; `turn_count` counts the messages the user sent.

    `matching` keeps the sessions whose title or any message contains it (a literal,
    case-insensitive substring: `%` and `_` are not wildcards).
    """
    if limit < 0:
        raise ValueError(f"limit must be 0 or more, got {limit}")
    where, args = "", []
    if matching is not None and matching.strip():
        pattern = "%" + _like_escape(matching.strip()) + "%"
        where = ("WHERE s.title LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM turns t "
                 "WHERE t.session_id = s.session_id AND t.text LIKE ? ESCAPE '\\') ")
        args = [pattern, pattern]
    rows = conn.execute(
        "SELECT s.session_id, s.created_at, s.title, "
        " (SELECT COUNT(*) FROM turns t WHERE t.session_id = s.session_id AND t.role = 'user'), "
        " (SELECT MAX(created_at) FROM turns t WHERE t.session_id = s.session_id) "
        f"FROM sessions s {where}ORDER BY s.session_id DESC LIMIT ?",
        (*args, limit),
    ).fetchall()
    return [SessionSummary(*row) for row in rows]


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
    return [row[0] for row in reversed(rows)]


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
) -> int:
    u = usage if usage is not None else (None, None, None, None)
    cur = conn.execute(
        "INSERT INTO turns (session_id, role, created_at, text, status, error, response_id, "
        "model, input_tokens, cache_creation_tokens, cache_read_tokens, output_tokens, "
        "cost_usd, cache_miss_reason, reply_to, memory_on, stop_reason, unverified, numbers) "
        "VALUES (?, 'assistant', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (session_id, created_at, text, status, error, response_id, model, *u, cost_usd,
         cache_miss_reason, reply_to, int(memory_on), stop_reason, json.dumps(list(unverified)),
         None if numbers is None else json.dumps(list(numbers))),
    )
    return cur.lastrowid


def list_turns(conn: sqlite3.Connection, session_id: int) -> list[TurnRow]:
    rows = conn.execute(
        f"SELECT {_TURN_COLUMNS} FROM turns WHERE session_id = ? ORDER BY turn_id", (session_id,)
    ).fetchall()
    return [_turn(r) for r in rows]


def list_turns_page(conn: sqlite3.Connection, session_id: int, *, limit: int,
                    before_turn_id: int | None = None) -> list[TurnRow]:
    """The session's newest `limit` turns older than `before_turn_id` (from the newest when
    None), oldest first: a long session is read a screenful at a time, newest first."""
    if limit < 0:
        raise ValueError(f"limit must be 0 or more, got {limit}")
    sql = f"SELECT {_TURN_COLUMNS} FROM turns WHERE session_id = ?"
    args: list = [session_id]
    if before_turn_id is not None:
        sql += " AND turn_id < ?"
        args.append(before_turn_id)
    rows = conn.execute(sql + " ORDER BY turn_id DESC LIMIT ?", (*args, limit)).fetchall()
    return [_turn(r) for r in reversed(rows)]


@dataclass(frozen=True)
class TurnTotals:
    user_turns: int
    input_tokens: int               # the sums are over replies the service billed
    cache_creation_tokens: int
    cache_read_tokens: int
    output_tokens: int
    known_cost_usd: float           # the sum of the billed replies' known costs
    unpriced: int                   # billed replies without a cost (a model without a price)
    last_miss_reason: str | None    # of the last billed reply
    unverified: int                 # unverified numbers over every reply


def turn_totals(conn: sqlite3.Connection, session_id: int) -> TurnTotals:
    """The session's counts and usage summed by SQL, without loading its turns."""
    billed = "role = 'assistant' AND input_tokens IS NOT NULL"
    row = conn.execute(
        "SELECT COUNT(*) FILTER (WHERE role = 'user'), "
        f"COALESCE(SUM(input_tokens) FILTER (WHERE {billed}), 0), "
        f"COALESCE(SUM(cache_creation_tokens) FILTER (WHERE {billed}), 0), "
        f"COALESCE(SUM(cache_read_tokens) FILTER (WHERE {billed}), 0), "
        f"COALESCE(SUM(output_tokens) FILTER (WHERE {billed}), 0), "
        f"COALESCE(SUM(cost_usd) FILTER (WHERE {billed}), 0.0), "
        f"COUNT(*) FILTER (WHERE {billed} AND cost_usd IS NULL), "
        "COALESCE(SUM(json_array_length(unverified)) FILTER (WHERE role = 'assistant'), 0) "
        "FROM turns WHERE session_id = ?",
        (session_id,),
    ).fetchone()
    last = conn.execute(
        f"SELECT cache_miss_reason FROM turns WHERE session_id = ? AND {billed} "
        "ORDER BY turn_id DESC LIMIT 1",
        (session_id,),
    ).fetchone()
    *sums, unverified = row
    return TurnTotals(*sums, last_miss_reason=last[0] if last else None, unverified=unverified)


def completed_exchanges(
    conn: sqlite3.Connection, session_id: int, *, before_turn_id: int | None = None,
    from_turn_id: int = 0, memory_off_only: bool = False,
) -> list[tuple[TurnRow, TurnRow]]:
    """(user, assistant) pairs that both completed, oldest first: the history a request sends.

    `from_turn_id` leaves out exchanges whose user turn is older (the session's history cut);
    `memory_off_only` keeps only exchanges sent with memory off.
    """
    sql = (
        f"SELECT {', '.join('u.' + c.strip() for c in _TURN_COLUMNS.split(','))}, "
        f"{', '.join('a.' + c.strip() for c in _TURN_COLUMNS.split(','))} "
        "FROM turns u JOIN turns a ON a.reply_to = u.turn_id "
        "WHERE u.session_id = ? AND u.role = 'user' AND u.status = 'ok' "
        "AND a.role = 'assistant' AND a.status = 'ok' AND a.replaced = 0"
    )
    args: list = [session_id]
    if before_turn_id is not None:
        sql += " AND u.turn_id < ?"
        args.append(before_turn_id)
    if from_turn_id:
        sql += " AND u.turn_id >= ?"
        args.append(from_turn_id)
    if memory_off_only:
        sql += " AND u.memory_on = 0 AND a.memory_on = 0"
    sql += " ORDER BY u.turn_id, a.turn_id"
    n = len(_TURN_COLUMNS.split(","))
    return [(_turn(r[:n]), _turn(r[n:])) for r in conn.execute(sql, args)]


def count_exchanges_before(conn: sqlite3.Connection, session_id: int, turn_id: int) -> int:
    """Completed exchanges whose user turn is older than `turn_id` (those a cut leaves out)."""
    return conn.execute(
        "SELECT COUNT(*) FROM turns u JOIN turns a ON a.reply_to = u.turn_id "
        "WHERE u.session_id = ? AND u.role = 'user' AND u.status = 'ok' AND u.turn_id < ? "
        "AND a.role = 'assistant' AND a.status = 'ok'", (session_id, turn_id)).fetchone()[0]


def last_completed_reply(conn: sqlite3.Connection, session_id: int) -> TurnRow | None:
    """This session's last completed reply (with the usage its request was billed for)."""
    row = conn.execute(
        f"SELECT {_TURN_COLUMNS} FROM turns WHERE session_id = ? AND role = 'assistant' "
        "AND status = 'ok' AND input_tokens IS NOT NULL ORDER BY turn_id DESC LIMIT 1",
        (session_id,),
    ).fetchone()
    return _turn(row) if row else None


def mark_last_reply_replaced(conn: sqlite3.Connection, session_id: int) -> int | None:
    """Mark the session's last completed reply `replaced` (kept, no longer history) when it
    answers the session's last user message; its turn id, or None when there is none."""
    row = conn.execute(
        "SELECT a.turn_id FROM turns a WHERE a.session_id = ? AND a.role = 'assistant' "
        "AND a.status = 'ok' AND a.replaced = 0 AND a.reply_to = (SELECT MAX(turn_id) FROM "
        "turns WHERE session_id = ? AND role = 'user')", (session_id, session_id)).fetchone()
    if row is None:
        return None
    with transaction(conn):
        conn.execute("UPDATE turns SET replaced = 1 WHERE turn_id = ?", (row[0],))
    return row[0]


def last_response_id(conn: sqlite3.Connection, session_id: int) -> str | None:
    """The id of this session's last completed reply that is still history: what the next
    request extends."""
    row = conn.execute(
        "SELECT response_id FROM turns WHERE session_id = ? AND role = 'assistant' "
        "AND status = 'ok' AND replaced = 0 AND response_id IS NOT NULL "
        "ORDER BY turn_id DESC LIMIT 1", (session_id,)).fetchone()
    return row[0] if row else None


def reply_sources(conn: sqlite3.Connection, turn_id: int) -> tuple[list | None, str | None]:
    """(numbers with outcomes and sources, the recall sent with its message) of a reply;
    numbers None for a reply checked before they were kept (or no such reply)."""
    row = conn.execute("SELECT a.numbers, u.recall FROM turns a LEFT JOIN turns u "
                       "ON u.turn_id = a.reply_to WHERE a.turn_id = ?", (turn_id,)).fetchone()
    if row is None:
        return None, None
    return (None if row[0] is None else json.loads(row[0])), row[1]
