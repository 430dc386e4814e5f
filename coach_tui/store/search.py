"""The full-text searches recall runs: SQLite FTS5 over journal lines, saved reviews and turns.

`query` is always an FTS5 query the caller built from plain quoted tokens (memory/recall.py's
`fts_query`); nothing here turns user text into a query. Every search returns typed rows, best
match first (bm25), the newest first on a tie, so the same rows give the same order.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

from coach_tui.store.journal import Entry

_NO_WATERMARK = 2**62


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
        "SELECT r.period_key, substr(r.created_at, 1, 10), "
        f"snippet(reviews_fts, 0, '', '', '...', {int(snippet_tokens)}) "
        "FROM reviews_fts f JOIN reviews r ON r.review_id = f.rowid "
        "WHERE reviews_fts MATCH ? "
        "AND r.review_id = (SELECT MAX(review_id) FROM reviews r2 WHERE r2.period_key = r.period_key) "
        "ORDER BY bm25(reviews_fts), r.review_id DESC LIMIT ?",
        (query, limit),
    ).fetchall()
    return [ReviewHit(*row) for row in rows]


def search_chats(conn: sqlite3.Connection, query: str, *, session_id: int | None, limit: int,
                 snippet_tokens: int) -> list[ChatHit]:
    """Completed turns of other sessions matching `query`, only those sent with memory on."""
    rows = conn.execute(
        "SELECT substr(t.created_at, 1, 10), t.role, "
        f"snippet(turns_fts, 0, '', '', '...', {int(snippet_tokens)}) "
        "FROM turns_fts f JOIN turns t ON t.turn_id = f.rowid "
        "WHERE turns_fts MATCH ? AND t.session_id IS NOT ? AND t.status = 'ok' "
        "AND t.memory_on = 1 "
        "ORDER BY bm25(turns_fts), t.turn_id DESC LIMIT ?",
        (query, session_id, limit),
    ).fetchall()
    return [ChatHit(*row) for row in rows]
