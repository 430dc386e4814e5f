"""The full-text searches recall runs: SQLite FTS5 over journal lines, saved reviews and turns.

`query` is always an FTS5 query the caller built from plain quoted tokens (memory/recall.py's
`fts_query`); nothing here turns user text into a query. Every search returns typed rows, best
match first (bm25), the newest first on a tie, so the same rows give the same order.

Past chats can hold tens of thousands of turns, and the everyday words of a message match most
of them; ranking every match took ~30 ms at 20,000 turns. So the chat search ranks only the
newest `CANDIDATES` matching turns outside the span of turns the current session's requests
carry (read from the index in rowid order, below and above that span), and takes snippets for
the winners alone; reviews likewise rank only the newest `CANDIDATES` matching saves. bm25
still weighs each word by the whole table, so scores stay comparable. The price: a match older
than the newest `CANDIDATES` is not found, nor a turn of another session written inside the
current session's span (a session resumed and left while this one ran).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

from coach_tui.store.journal import Entry

_NO_WATERMARK = 2**62
CANDIDATES = 500


@dataclass(frozen=True)
class ReviewHit:
    period_key: str
    saved_on: str          # ISO date the review was saved
    snippet: str           # the matching stretch, '...' where it was cut


@dataclass(frozen=True)
class ChatHit:
    day: str               # ISO date of the turn
    role: str              # 'user' | 'assistant'
    snippet: str


def search_journal(conn: sqlite3.Connection, query: str, *, exclude_ids: Iterable[int],
                   watermark: int | None, limit: int) -> list[Entry]:
    """Journal lines matching `query`, leaving out `exclude_ids` and ids above `watermark`."""
    rows = conn.execute(
        "SELECT j.entry_id, j.created_at, j.entry_date, j.source, j.source_key, j.seq, j.text "
        "FROM journal_fts f JOIN journal j ON j.entry_id = f.rowid "
        "WHERE journal_fts MATCH ? AND j.entry_id <= ? "
        "AND j.entry_id NOT IN (SELECT value FROM json_each(?)) "
        "ORDER BY bm25(journal_fts), j.entry_id DESC LIMIT ?",
        (query, watermark if watermark is not None else _NO_WATERMARK,
         json.dumps(sorted(exclude_ids)), limit),
    ).fetchall()
    return [Entry(*row) for row in rows]


def search_reviews(conn: sqlite3.Connection, query: str, *, limit: int,
                   snippet_tokens: int) -> list[ReviewHit]:
    """Saved reviews matching `query`, only the newest save of each period."""
    rows = conn.execute(
        "WITH candidates AS MATERIALIZED ("
        " SELECT rowid AS id, rank AS score FROM reviews_fts WHERE reviews_fts MATCH ?"
        " ORDER BY rowid DESC LIMIT ?) "
        "SELECT r.review_id, r.period_key, substr(r.created_at, 1, 10) "
        "FROM candidates c JOIN reviews r ON r.review_id = c.id "
        "WHERE r.review_id = (SELECT MAX(review_id) FROM reviews r2 "
        " WHERE r2.period_key = r.period_key) "
        "ORDER BY c.score, r.review_id DESC LIMIT ?",
        (query, CANDIDATES, limit),
    ).fetchall()
    return [ReviewHit(key, day, _snippet(conn, "reviews_fts", query, review_id, snippet_tokens))
            for review_id, key, day in rows]


def _snippet(conn: sqlite3.Connection, table: str, query: str, rowid: int, tokens: int) -> str:
    """The stretch of one matching row around `query`, '...' where it was cut."""
    return conn.execute(
        f"SELECT snippet({table}, 0, '', '', '...', {int(tokens)}) "
        f"FROM {table} WHERE {table} MATCH ? AND rowid = ?", (query, rowid)).fetchone()[0]


def search_chats(conn: sqlite3.Connection, query: str, *, session_id: int | None, limit: int,
                 snippet_tokens: int, context_from: int = 0) -> list[ChatHit]:
    """Completed turns matching `query`, only those sent with memory on, leaving out the turns
    of `session_id` that its requests still carry (those from user turn `context_from` on;
    its earlier turns, left out by the history cut, can be found)."""
    lo, hi = conn.execute(
        "SELECT MIN(turn_id), MAX(turn_id) FROM turns WHERE session_id = ? AND turn_id >= ?",
        (session_id, context_from)).fetchone()
    if lo is None:              # no turn in context: the span is empty
        lo, hi = _NO_WATERMARK, _NO_WATERMARK
    rows = conn.execute(
        "WITH below AS MATERIALIZED ("
        " SELECT rowid AS id, rank AS score FROM turns_fts WHERE turns_fts MATCH :query"
        " AND rowid < :lo ORDER BY rowid DESC LIMIT :candidates), "
        "above AS MATERIALIZED ("
        " SELECT rowid AS id, rank AS score FROM turns_fts WHERE turns_fts MATCH :query"
        " AND rowid > :hi ORDER BY rowid DESC LIMIT :candidates) "
        "SELECT t.turn_id, substr(t.created_at, 1, 10), t.role "
        "FROM (SELECT * FROM below UNION ALL SELECT * FROM above) c "
        "JOIN turns t ON t.turn_id = c.id "
        "WHERE t.status = 'ok' AND t.memory_on = 1 "
        "ORDER BY c.score, t.turn_id DESC LIMIT :limit",
        {"query": query, "lo": lo, "hi": hi, "candidates": CANDIDATES, "limit": limit},
    ).fetchall()
    return [ChatHit(day, role, _snippet(conn, "turns_fts", query, turn_id, snippet_tokens))
            for turn_id, day, role in rows]
