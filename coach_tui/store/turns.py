"""The turns of a session as they are read back, and what a completed exchange is.

A completed exchange is a user message and the reply to it, both 'ok', the reply not replaced.
It is defined here once (`_COMPLETED`) and every reader uses it: the history a request carries
(`completed_exchanges`), the "N earlier exchanges left out" count (`count_exchanges_before`),
recall's search of past chats (store/search.py).
A reply the user had written again (ctrl+l), completed or stopped, is kept and marked
`replaced`; it and the message it answered are a replaced exchange (`_SHOWN`): never carried,
counted or shown (the transcript, the export, resume, the message counts), since the retry
stands for them. Only recall's own scrubbing reads them
(`list_turns(..., including_replaced=True)`).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import NamedTuple

from coach_tui.store.db import damaged_session, stored_list, transaction


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
    output_is_floor: bool = False      # the reply ended early: its output is a lower bound


_TURN_FIELDS = (
    "turn_id", "session_id", "role", "created_at", "text", "recall", "status", "error",
    "response_id", "model", "input_tokens", "cache_creation_tokens", "cache_read_tokens",
    "output_tokens", "cost_usd", "cache_miss_reason", "reply_to", "memory_on", "recall_journal",
    "stop_reason", "unverified", "numbers", "output_is_floor",
)
_TURN_COLUMNS = ", ".join(_TURN_FIELDS)
_DECODED = frozenset({
    "memory_on", "recall_journal", "unverified", "numbers", "output_is_floor"})


def _turn(row: sqlite3.Row, prefix: str = "") -> TurnRow:
    """The turn in `row`, read by column name (`prefix` + each of `_TURN_FIELDS`); a stored
    JSON column another program broke is a StoreError naming the session."""
    p = prefix
    session_id = row[p + "session_id"]
    quoted = stored_list(row[p + "recall_journal"], session_id, "recall_journal")
    if not all(isinstance(pair, list) and len(pair) == 2 for pair in quoted):
        raise damaged_session(session_id, "recall_journal")
    return TurnRow(
        **{name: row[p + name] for name in _TURN_FIELDS if name not in _DECODED},
        memory_on=bool(row[p + "memory_on"]),
        recall_journal=tuple((i, line) for i, line in quoted),
        unverified=tuple(stored_list(row[p + "unverified"], session_id, "unverified")),
        numbers=tuple(stored_list(row[p + "numbers"] or "[]", session_id, "numbers")),
        output_is_floor=bool(row[p + "output_is_floor"]))


# A turn of the transcript: not a replaced reply, nor the message a replaced reply answered.
_SHOWN = ("NOT (t.replaced = 1 OR EXISTS (SELECT 1 FROM turns r WHERE r.reply_to = t.turn_id "
          "AND r.replaced = 1))")
# A completed exchange: user turn `u` and its reply `a`, both 'ok', the reply not replaced.
# Its two halves are also what recall's chat search asks (store/search.py), which filters the
# message before it joins the reply.
COMPLETED_MESSAGE = "u.role = 'user' AND u.status = 'ok'"
COMPLETED_REPLY = "a.role = 'assistant' AND a.status = 'ok' AND a.replaced = 0"
_COMPLETED = f"{COMPLETED_MESSAGE} AND {COMPLETED_REPLY}"


# A message that failed or was stopped with no reply and was sent again in the same words: the
# chat shows the retry in its place (coach/transcript.py `retried`), so it is not counted apart.
_RETRIED = ("(t.role = 'user' AND t.status IN ('failed', 'interrupted') AND NOT EXISTS "
            "(SELECT 1 FROM turns r WHERE r.reply_to = t.turn_id AND r.text <> '') "
            "AND (SELECT trim(n.text, ' \n\t\r') FROM turns n WHERE n.session_id = t.session_id "
            "AND n.role = 'user' AND n.turn_id > t.turn_id ORDER BY n.turn_id LIMIT 1) "
            "= trim(t.text, ' \n\t\r'))")


def shown_user_turns(session: str) -> str:
    """SQL counting the messages a session shows as sent (`session`: its session_id column)."""
    return (f"(SELECT COUNT(*) FROM turns t WHERE t.session_id = {session} "
            f"AND t.role = 'user' AND {_SHOWN} AND NOT {_RETRIED})")


def list_turns(conn: sqlite3.Connection, session_id: int, *,
               including_replaced: bool = False) -> list[TurnRow]:
    """The session's transcript, oldest first (with replaced exchanges: every stored turn)."""
    shown = "" if including_replaced else f" AND {_SHOWN}"
    rows = conn.execute(
        f"SELECT {_TURN_COLUMNS} FROM turns t WHERE session_id = ?{shown} ORDER BY turn_id",
        (session_id,)).fetchall()
    return [_turn(r) for r in rows]


def list_turns_page(conn: sqlite3.Connection, session_id: int, *, limit: int,
                    before_turn_id: int | None = None,
                    after_turn_id: int | None = None) -> list[TurnRow]:
    """The transcript's newest `limit` turns older than `before_turn_id` (from the newest when
    None), oldest first: a long session is read a screenful at a time, newest first. With
    `after_turn_id` instead, the oldest `limit` turns newer than it (0: from the first), oldest
    first: the chat reads back what it let go of below the view."""
    if limit < 0:
        raise ValueError(f"limit must be 0 or more, got {limit}")
    sql = f"SELECT {_TURN_COLUMNS} FROM turns t WHERE session_id = ? AND {_SHOWN}"
    args: list = [session_id]
    if after_turn_id is not None:
        rows = conn.execute(sql + " AND turn_id > ? ORDER BY turn_id LIMIT ?",
                            (*args, after_turn_id, limit)).fetchall()
        return [_turn(r) for r in rows]
    if before_turn_id is not None:
        sql += " AND turn_id < ?"
        args.append(before_turn_id)
    rows = conn.execute(sql + " ORDER BY turn_id DESC LIMIT ?", (*args, limit)).fetchall()
    return [_turn(r) for r in reversed(rows)]


@dataclass(frozen=True)
class TurnTotals:
    user_turns: int                 # messages shown as sent (a replaced exchange is not)
    input_tokens: int               # the sums are over every reply the service billed
    cache_creation_tokens: int
    cache_read_tokens: int
    output_tokens: int
    known_cost_usd: float           # the sum of the billed replies' known costs
    unpriced: int                   # billed replies without a cost (a model without a price)
    last_miss_reason: str | None    # of the last billed reply
    unverified: int                 # unverified numbers over the replies shown (each once)
    output_is_floor: bool = False   # a billed reply's output is a lower bound (ended early)


def turn_totals(conn: sqlite3.Connection, session_id: int) -> TurnTotals:
    """The session's counts and usage summed by SQL, without loading its turns."""
    billed = "role = 'assistant' AND input_tokens IS NOT NULL"
    row = conn.execute(
        f"SELECT COUNT(*) FILTER (WHERE role = 'user' AND {_SHOWN} AND NOT {_RETRIED}) "
        " AS user_turns, "
        f"COALESCE(SUM(input_tokens) FILTER (WHERE {billed}), 0) AS input_tokens, "
        f"COALESCE(SUM(cache_creation_tokens) FILTER (WHERE {billed}), 0) "
        " AS cache_creation_tokens, "
        f"COALESCE(SUM(cache_read_tokens) FILTER (WHERE {billed}), 0) AS cache_read_tokens, "
        f"COALESCE(SUM(output_tokens) FILTER (WHERE {billed}), 0) AS output_tokens, "
        f"COALESCE(SUM(cost_usd) FILTER (WHERE {billed}), 0.0) AS known_cost_usd, "
        f"COUNT(*) FILTER (WHERE {billed} AND cost_usd IS NULL) AS unpriced, "
        # Each reply's numbers counted once, as its header counts them.
        "COALESCE(SUM((SELECT COUNT(DISTINCT value) FROM json_each(unverified))) "
        f"FILTER (WHERE role = 'assistant' AND {_SHOWN}), 0) AS unverified, "
        f"COALESCE(MAX(output_is_floor) FILTER (WHERE {billed}), 0) AS output_is_floor "
        "FROM turns t WHERE session_id = ?",
        (session_id,),
    ).fetchone()
    last = conn.execute(
        f"SELECT cache_miss_reason FROM turns WHERE session_id = ? AND {billed} "
        "ORDER BY turn_id DESC LIMIT 1",
        (session_id,),
    ).fetchone()
    return TurnTotals(**{**row, "output_is_floor": bool(row["output_is_floor"]),
                         "last_miss_reason": last["cache_miss_reason"] if last else None})


def _exchanges(select: str, session_id: int, *, before_turn_id: int | None = None,
               from_turn_id: int = 0, memory_off_only: bool = False) -> tuple[str, list]:
    """The one query over completed exchanges (`u` the user turn, `a` its reply)."""
    sql = (f"SELECT {select} FROM turns u JOIN turns a ON a.reply_to = u.turn_id "
           f"WHERE u.session_id = ? AND {_COMPLETED}")
    args: list = [session_id]
    if before_turn_id is not None:
        sql += " AND u.turn_id < ?"
        args.append(before_turn_id)
    if from_turn_id:
        sql += " AND u.turn_id >= ?"
        args.append(from_turn_id)
    if memory_off_only:
        sql += " AND u.memory_on = 0 AND a.memory_on = 0"
    return sql, args


class HistoryTurn(NamedTuple):
    """What a request carries of a past turn: the history reads only these columns (a whole
    TurnRow per turn, its JSON columns decoded, made a 500-exchange session's every turn
    ~100 ms slower than a short one's)."""

    turn_id: int
    text: str
    recall: str | None


def completed_exchanges(
    conn: sqlite3.Connection, session_id: int, *, before_turn_id: int | None = None,
    from_turn_id: int = 0, memory_off_only: bool = False,
) -> list[tuple[HistoryTurn, HistoryTurn]]:
    """Completed (user, assistant) exchanges, oldest first: the history a request sends.

    `from_turn_id` leaves out exchanges whose user turn is older (the session's history cut);
    `memory_off_only` keeps only exchanges sent with memory off.
    """
    sql, args = _exchanges("u.turn_id AS ut, u.text AS ux, u.recall AS ur, a.turn_id AS at, "
                           "a.text AS ax, a.recall AS ar", session_id,
                           before_turn_id=before_turn_id, from_turn_id=from_turn_id,
                           memory_off_only=memory_off_only)
    # One row holding every exchange as JSON, not a row each: the sqlite3 module lets go of
    # the GIL at every row it steps, and while the UI thread lays out it waits up to 5 ms to
    # get it back, so 500 rows took 100-300 ms in the app against 10 ms alone.
    (packed,) = conn.execute(
        "SELECT json_group_array(json_array(ut, ux, ur, at, ax, ar)) "
        f"FROM ({sql} ORDER BY u.turn_id, a.turn_id)", args).fetchone()
    rows = sorted(json.loads(packed), key=lambda r: (r[0], r[3]))
    return [(HistoryTurn(r[0], r[1], r[2]), HistoryTurn(r[3], r[4], r[5])) for r in rows]


def exchanges_fingerprint(conn: sqlite3.Connection, session_id: int, *,
                          before_turn_id: int | None = None, from_turn_id: int = 0,
                          memory_off_only: bool = False) -> tuple[int, ...]:
    """Which completed exchanges `completed_exchanges` would give with the same arguments, in a
    few numbers (their count and sums of their turn ids), read in SQL without the texts: a
    history read ahead is reused when these still match (coach/history.py)."""
    sql, args = _exchanges("COUNT(*), COALESCE(SUM(u.turn_id), 0), "
                           "COALESCE(SUM(u.turn_id * u.turn_id), 0), "
                           "COALESCE(SUM(a.turn_id), 0), COALESCE(SUM(a.turn_id * a.turn_id), 0)",
                           session_id, before_turn_id=before_turn_id, from_turn_id=from_turn_id,
                           memory_off_only=memory_off_only)
    return tuple(conn.execute(sql, args).fetchone())


def fingerprint_of(exchanges: list[tuple[HistoryTurn, HistoryTurn]]) -> tuple[int, ...]:
    """`exchanges_fingerprint` of exchanges already read."""
    return (len(exchanges), sum(u.turn_id for u, _ in exchanges),
            sum(u.turn_id * u.turn_id for u, _ in exchanges),
            sum(a.turn_id for _, a in exchanges), sum(a.turn_id * a.turn_id for _, a in exchanges))


def count_exchanges_before(conn: sqlite3.Connection, session_id: int, turn_id: int) -> int:
    """Completed exchanges whose user turn is older than `turn_id` (those a cut leaves out)."""
    sql, args = _exchanges("COUNT(*)", session_id, before_turn_id=turn_id)
    return conn.execute(sql, args).fetchone()[0]


def last_completed_reply(conn: sqlite3.Connection, session_id: int) -> TurnRow | None:
    """This session's last completed reply (with the usage its request was billed for)."""
    row = conn.execute(
        f"SELECT {_TURN_COLUMNS} FROM turns WHERE session_id = ? AND role = 'assistant' "
        "AND status = 'ok' AND input_tokens IS NOT NULL ORDER BY turn_id DESC LIMIT 1",
        (session_id,),
    ).fetchone()
    return _turn(row) if row else None


def mark_last_reply_replaced(conn: sqlite3.Connection, session_id: int) -> int | None:
    """Mark the session's last reply `replaced` (kept, no longer history) when it answers
    the session's last user message: a completed one, or one that ended early (stopped, cut
    short, failed), which the chat's retry takes off the screen just the same. Its turn id,
    or None when there is none."""
    row = conn.execute(
        "SELECT a.turn_id FROM turns a WHERE a.session_id = ? AND a.role = 'assistant' "
        "AND a.replaced = 0 AND a.reply_to = (SELECT MAX(turn_id) FROM "
        "turns WHERE session_id = ? AND role = 'user')", (session_id, session_id)).fetchone()
    if row is None:
        return None
    with transaction(conn):
        conn.execute("UPDATE turns SET replaced = 1 WHERE turn_id = ?", (row["turn_id"],))
    return row["turn_id"]


def last_response_id(conn: sqlite3.Connection, session_id: int) -> str | None:
    """The id of this session's last completed reply that is still history: what the next
    request extends."""
    row = conn.execute(
        "SELECT response_id FROM turns WHERE session_id = ? AND role = 'assistant' "
        "AND status = 'ok' AND replaced = 0 AND response_id IS NOT NULL "
        "ORDER BY turn_id DESC LIMIT 1", (session_id,)).fetchone()
    return row["response_id"] if row else None


def reply_sources(conn: sqlite3.Connection, turn_id: int) -> tuple[list | None, str | None]:
    """(numbers with outcomes and sources, the recall sent with its message) of a reply;
    numbers None for a reply checked before they were kept (or no such reply)."""
    row = conn.execute("SELECT a.numbers, u.recall FROM turns a LEFT JOIN turns u "
                       "ON u.turn_id = a.reply_to WHERE a.turn_id = ?", (turn_id,)).fetchone()
    if row is None:
        return None, None
    if row["numbers"] is None:
        return None, row["recall"]
    owner = conn.execute("SELECT session_id FROM turns WHERE turn_id = ?", (turn_id,)).fetchone()
    return stored_list(row["numbers"], owner["session_id"], "numbers"), row["recall"]
