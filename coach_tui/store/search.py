"""The full-text search recall runs: one SQLite FTS5 index over journal lines, saved reviews
and earlier exchanges (migration 8), so their bm25 scores share one scale.

`query` is always an FTS5 query the caller built from plain quoted terms (memory/query.py's
`fts_query`); nothing here turns user text into a query. Every search returns typed rows with
their score (the negated bm25: higher is better), best first, the newest first on a tie, so the
same rows give the same order.

Past chats can hold tens of thousands of exchanges, and the everyday words of a message match
most of them; ranking every match took ~30 ms at 20,000 turns. So only the newest `CANDIDATES`
matching exchanges outside the span of turns the current session's requests carry are scored
(and, of reviews, the newest `REVIEW_CANDIDATES` saves), and bm25 still weighs each word by the
whole index, so scores stay comparable. bm25 counts, once per statement, the rows of the whole
index holding each term: `search_all`, what recall runs, scores every kind in one statement.
The price: a match older than the newest `CANDIDATES` of its kind is not found, nor an exchange
of another session written inside the current session's span (a session resumed and left
while this one ran).

Years of chat make everyday words ("keep", "walk", "knee") terms of a large share of the rows,
and each one costs a walk over its rows three times a search (the matches, bm25's count of
them, the newest-candidates pass): p99 16 ms at 50,000 turns. bm25 gives such a term little
weight (a term in a fifth of the rows weighs ~1.4, one in ten rows ~8; in half or more, 1e-6),
yet every row holding it matches, and the newest of those took the places of the exchanges
that matched the rare words. `rare_query` leaves out the terms in `COMMON_SHARE` of the rows
or more, once they are in `COMMON_MIN_ROWS` rows (a small home searches every word), and the
phrases holding such a word ("went up" walks every row holding "up").
"""

from __future__ import annotations

import json
import re
import sqlite3
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from coach_tui.store.turns import COMPLETED_MESSAGE, COMPLETED_REPLY

_NO_WATERMARK = 2**62
CANDIDATES = 500
REVIEW_CANDIDATES = 100    # weekly reviews: two years of them
REVIEW_BASE = 1_000_000_000_000     # a review's row is -(REVIEW_BASE + review_id)
JOURNAL_KIND, REVIEW_KIND, CHAT_KIND = "journal", "review", "chat"
COMMON_SHARE = 0.2         # a term in this share of the rows is not searched...
COMMON_MIN_ROWS = 1_000     # ...once it is in this many rows
_RECOUNT_GROWTH = 1.1       # a term's count is reused until the index grows by 10%
MERGE_PAGES = 50            # pages of merge work a reply pays for (`merge_segments`)
_TERM = re.compile(r'"(?:[^"]|"")*"')
_counts: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class Hit:
    """One matching memory. `ref` is the journal entry id, the review id or the user turn id."""

    kind: str              # JOURNAL_KIND | REVIEW_KIND | CHAT_KIND
    ref: int
    day: str               # ISO date: the line's date, the day a review was saved, the chat's
    text: str              # the line; the review's matching stretch; the user's message
    score: float           # -bm25: higher is a better match
    reply: str = ""        # a chat's reply
    reply_ref: int = 0     # the reply's turn id
    session_id: int = 0    # a chat's session
    label: str = ""        # a review's period key


def merge_segments(conn: sqlite3.Connection) -> None:
    """Merge the recall index's small segments (at most `MERGE_PAGES` pages of work); run in
    the transaction that stores each reply.

    Every search looks each of its terms up in every segment. Each commit writes a segment
    of its own, and FTS5's automerge works in step with the pages written (a unit every 64),
    so one exchange at a time it never ran: segments piled up to `crisismerge` (16) before a
    merge, ~10 on average, and recall at 50,000 turns spent half its SQL time on the
    look-ups. A 'merge' as each reply is stored keeps ~4 (usermerge: a merge starts once 4
    segments share a level), for ~0.1 ms a reply.
    """
    conn.execute("INSERT INTO recall_fts(recall_fts, rank) VALUES ('merge', ?)", (MERGE_PAGES,))


def index_rows(conn: sqlite3.Connection) -> int:
    """The rows of the recall index, read from FTS5's own totals record (no scan)."""
    row = conn.execute("SELECT block FROM recall_fts_data WHERE id = 1").fetchone()
    if row is None or not row["block"]:
        return 0
    value = 0
    for i, byte in enumerate(row["block"][:9]):  # SQLite's varint: 7 bits a byte, the 9th all 8
        if i == 8:
            return (value << 8) | byte
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            break
    return value


def rare_query(conn: sqlite3.Connection, query: str) -> str | None:
    """`query` (quoted terms joined by OR) without the terms, and the phrases with a word, in
    at least `COMMON_SHARE` of the index's rows and `COMMON_MIN_ROWS` rows; None when no term
    is left."""
    total = index_rows(conn)
    threshold = max(COMMON_MIN_ROWS, int(total * COMMON_SHARE))
    terms = _TERM.findall(query)
    if total < COMMON_MIN_ROWS or not terms:
        return query
    try:
        cache = _counts.setdefault(conn, {})
    except TypeError:       # a connection type without weak references: count every time
        cache = {}

    def common(term: str) -> bool:
        seen = cache.get(term)
        if seen is None or total > seen[0] * _RECOUNT_GROWTH or total < seen[0]:
            rows = conn.execute(
                "SELECT count(*) FROM (SELECT 1 FROM recall_fts WHERE recall_fts MATCH ?"
                " LIMIT ?)", (term, threshold)).fetchone()[0]
            seen = cache[term] = (total, rows)
        return seen[1] >= threshold

    # A phrase costs the walk of each of its words: "went up" is as dear as "up". And a
    # phrase is in no more rows than any of its words, so with none of them common it is not
    # common either: its words are counted, never the phrase (a count is a walk of its own).
    kept = [t for t in terms
            if not (any(common(f'"{w}"') for w in t[1:-1].split()) if " " in t else common(t))]
    return " OR ".join(kept) if kept else None


def search_journal(conn: sqlite3.Connection, query: str, *, exclude_ids: Iterable[int],
                   watermark: int | None, limit: int) -> list[Hit]:
    """Journal lines matching `query`, leaving out `exclude_ids` and ids above `watermark`
    (and the terms `rare_query` leaves out)."""
    rare = rare_query(conn, query)
    if rare is None:
        return []
    query = rare
    rows = conn.execute(
        "WITH c AS MATERIALIZED ("
        " SELECT rowid AS id, rank AS score FROM recall_fts WHERE recall_fts MATCH ?"
        " AND rowid < 0 AND rowid > ? ORDER BY rowid LIMIT ?) "
        "SELECT j.entry_id, j.entry_date, j.text, c.score FROM c "
        "JOIN journal j ON j.entry_id = -c.id "
        "WHERE j.entry_id <= ? AND j.entry_id NOT IN (SELECT value FROM json_each(?)) "
        "ORDER BY c.score, j.entry_id DESC LIMIT ?",
        (query, -REVIEW_BASE, CANDIDATES,
         watermark if watermark is not None else _NO_WATERMARK,
         json.dumps(sorted(exclude_ids)), limit),
    ).fetchall()
    return [Hit(JOURNAL_KIND, r["entry_id"], r["entry_date"], r["text"], -r["score"])
            for r in rows]


def search_reviews(conn: sqlite3.Connection, query: str, *, limit: int) -> list[Hit]:
    """Saved reviews matching `query`, only the newest save of each period, whole (the
    caller takes a `review_snippet` of those it keeps)."""
    rows = conn.execute(
        "WITH c AS MATERIALIZED ("
        " SELECT rowid AS id, rank AS score FROM recall_fts WHERE recall_fts MATCH ?"
        " AND rowid <= ? ORDER BY rowid LIMIT ?) "
        "SELECT r.review_id, r.period_key, substr(r.created_at, 1, 10) AS day, c.score, r.text "
        "FROM c JOIN reviews r ON r.review_id = -c.id - ? "
        "WHERE r.review_id = (SELECT MAX(review_id) FROM reviews r2 "
        " WHERE r2.period_key = r.period_key) "
        "ORDER BY c.score, r.review_id DESC LIMIT ?",
        (query, -REVIEW_BASE, REVIEW_CANDIDATES, REVIEW_BASE, limit),
    ).fetchall()
    return [Hit(REVIEW_KIND, r["review_id"], r["day"], r["text"], -r["score"],
                label=r["period_key"])
            for r in rows]


def review_snippets(conn: sqlite3.Connection, query: str, review_ids: Iterable[int],
                    tokens: int) -> dict[int, str]:
    """{review id: the stretch of that matching review around `query`, '...' where it was
    cut}, in one statement."""
    rowids = [-(REVIEW_BASE + review_id) for review_id in review_ids]
    if not rowids:
        return {}
    rows = conn.execute(
        f"SELECT rowid, snippet(recall_fts, 0, '', '', '...', {int(tokens)}) AS snippet "
        "FROM recall_fts WHERE recall_fts MATCH ? "
        "AND rowid IN (SELECT value FROM json_each(?))", (query, json.dumps(rowids))).fetchall()
    return {-r["rowid"] - REVIEW_BASE: " ".join(r["snippet"].split()) for r in rows}


def review_snippet(conn: sqlite3.Connection, query: str, review_id: int, tokens: int) -> str:
    """The stretch of a matching review around `query`, '...' where it was cut."""
    return review_snippets(conn, query, [review_id], tokens).get(review_id, "")


def search_chats(conn: sqlite3.Connection, query: str, *, session_id: int | None, limit: int,
                 context_from: int = 0) -> list[Hit]:
    """Completed exchanges matching `query`, only those sent with memory on, leaving out the
    exchanges of `session_id` that its requests still carry (those from user turn
    `context_from` on; its earlier ones, left out by the history cut, can be found)."""
    lo, hi = conn.execute(
        "SELECT MIN(turn_id), MAX(turn_id) FROM turns WHERE session_id = ? AND turn_id >= ?",
        (session_id, context_from)).fetchone()
    if lo is None:              # no turn in context: the span is empty
        lo, hi = _NO_WATERMARK, _NO_WATERMARK
    # One pass over the index, newest first, skipping the turns in context: the best of the
    # newest `CANDIDATES` matching exchanges get their reply joined.
    rows = conn.execute(
        "WITH c AS MATERIALIZED ("
        " SELECT rowid AS id, rank AS score FROM recall_fts WHERE recall_fts MATCH :query"
        " AND rowid > 0 AND rowid NOT BETWEEN :lo AND :hi ORDER BY rowid DESC"
        " LIMIT :candidates), "
        "top AS MATERIALIZED ("
        " SELECT c.id, c.score FROM c JOIN turns u ON u.turn_id = c.id"
        f" WHERE {COMPLETED_MESSAGE} AND u.memory_on = 1 ORDER BY c.score, c.id DESC"
        " LIMIT :limit * 4) "
        "SELECT u.turn_id, u.session_id, substr(u.created_at, 1, 10) AS day, u.text, c.score, "
        " a.turn_id AS reply_ref, a.text AS reply "
        "FROM top c "
        "JOIN turns u ON u.turn_id = c.id "
        "JOIN turns a ON a.turn_id = (SELECT MAX(turn_id) FROM turns x "
        " WHERE x.reply_to = u.turn_id AND x.role = 'assistant') "
        f"WHERE {COMPLETED_REPLY} "
        "ORDER BY c.score, u.turn_id DESC LIMIT :limit",
        {"query": query, "lo": lo, "hi": hi, "candidates": CANDIDATES, "limit": limit},
    ).fetchall()
    return [Hit(CHAT_KIND, r["turn_id"], r["day"], r["text"], -r["score"], reply=r["reply"],
                reply_ref=r["reply_ref"], session_id=r["session_id"])
            for r in rows]


def search_all(conn: sqlite3.Connection, query: str, *, exclude_ids: Iterable[int],
               watermark: int | None, session_id: int | None, context_from: int = 0,
               limit: int) -> list[Hit]:
    """What `search_journal`, `search_reviews` and `search_chats` find together (the best
    `limit` of each kind), in one full-text pass.

    bm25 weighs each term by the rows of the whole index that hold it, and counts them once
    per statement: three statements paid that three times. Here one statement scores the
    candidates of every kind: the journal, the newest `REVIEW_CANDIDATES` saved reviews that
    are each period's newest save, and the newest `CANDIDATES` matching exchanges outside the
    current session's span (found first, unscored, by a cheap pass that only walks rowids).
    The terms `rare_query` leaves out are not searched.
    """
    rare = rare_query(conn, query)
    if rare is None:
        return []
    query = rare
    lo, hi = _context_span(conn, session_id, context_from)
    row = conn.execute(
        "SELECT rowid FROM recall_fts WHERE recall_fts MATCH ? AND rowid > 0 "
        "AND rowid NOT BETWEEN ? AND ? ORDER BY rowid DESC LIMIT 1 OFFSET ?",
        (query, lo, hi, CANDIDATES - 1)).fetchone()
    chat_floor = row["rowid"] if row is not None else 1
    newest = conn.execute("SELECT MAX(review_id) FROM reviews").fetchone()[0] or 0
    rows = conn.execute(
        "WITH c AS MATERIALIZED ("
        " SELECT rowid AS id, rank AS score FROM recall_fts WHERE recall_fts MATCH :query"
        " AND ((rowid >= :floor AND rowid NOT BETWEEN :lo AND :hi)"
        "  OR (rowid < 0 AND rowid > :base)"
        "  OR (rowid <= :review_hi AND rowid >= :review_lo))), "
        "j AS (SELECT 'journal' AS kind, j.entry_id AS ref, j.entry_date AS day, j.text AS text,"
        " c.score AS score, '' AS reply, 0 AS reply_ref, 0 AS sid, '' AS label FROM c"
        " JOIN journal j ON j.entry_id = -c.id WHERE c.id < 0 AND c.id > :base"
        " AND j.entry_id <= :watermark AND j.entry_id NOT IN (SELECT value FROM json_each(:ex))"
        " ORDER BY c.score, j.entry_id DESC LIMIT :limit), "
        "r AS (SELECT 'review', r.review_id, substr(r.created_at, 1, 10), r.text, c.score, '',"
        " 0, 0, r.period_key FROM c JOIN reviews r ON r.review_id = -c.id - :base_abs"
        " WHERE c.id <= :base AND r.review_id = (SELECT MAX(review_id) FROM reviews r2"
        " WHERE r2.period_key = r.period_key) ORDER BY c.score, r.review_id DESC LIMIT :limit), "
        "top AS MATERIALIZED (SELECT c.id, c.score FROM c JOIN turns u ON u.turn_id = c.id"
        f" WHERE c.id > 0 AND {COMPLETED_MESSAGE} AND u.memory_on = 1"
        " ORDER BY c.score, c.id DESC"
        " LIMIT :limit * 4), "
        "x AS (SELECT 'chat', u.turn_id, substr(u.created_at, 1, 10), u.text, c.score, a.text,"
        " a.turn_id, u.session_id, '' FROM top c JOIN turns u ON u.turn_id = c.id"
        " JOIN turns a ON a.turn_id = (SELECT MAX(turn_id) FROM turns t"
        " WHERE t.reply_to = u.turn_id AND t.role = 'assistant')"
        f" WHERE {COMPLETED_REPLY} ORDER BY c.score, u.turn_id DESC"
        " LIMIT :limit) "
        "SELECT * FROM j UNION ALL SELECT * FROM r UNION ALL SELECT * FROM x",
        {"query": query, "floor": chat_floor, "lo": lo, "hi": hi, "base": -REVIEW_BASE,
         "base_abs": REVIEW_BASE, "review_hi": -(REVIEW_BASE + max(1, newest -
                                                                   REVIEW_CANDIDATES + 1)),
         "review_lo": -(REVIEW_BASE + newest),
         "watermark": watermark if watermark is not None else _NO_WATERMARK,
         "ex": json.dumps(sorted(exclude_ids)), "limit": limit},
    ).fetchall()
    return [Hit(r["kind"], r["ref"], r["day"], r["text"], -r["score"], reply=r["reply"],
                reply_ref=r["reply_ref"], session_id=r["sid"], label=r["label"])
            for r in rows]


def _context_span(conn: sqlite3.Connection, session_id: int | None,
                  context_from: int) -> tuple[int, int]:
    """The first and last turn of `session_id` its requests carry (from `context_from` on)."""
    lo, hi = conn.execute(
        "SELECT MIN(turn_id), MAX(turn_id) FROM turns WHERE session_id = ? AND turn_id >= ?",
        (session_id, context_from)).fetchone()
    if lo is None:              # no turn in context: the span is empty
        return _NO_WATERMARK, _NO_WATERMARK
    return lo, hi


def chats_within(conn: sqlite3.Connection, query: str, start: str, end: str, *,
                 session_id: int | None, context_from: int = 0, limit: int) -> list[Hit]:
    """The best `limit` completed exchanges dated within [start, end] (ISO days) that match
    `query`, sent with memory on and not in the current session's context: "what news did
    Maria share on 16 June?" asks about that day's exchanges, however old."""
    return chats_within_each(conn, query, [(start, end)], session_id=session_id,
                             context_from=context_from, limit=limit)[0]


def chats_within_each(conn: sqlite3.Connection, query: str, windows: Sequence[tuple[str, str]],
                      *, session_id: int | None, context_from: int = 0,
                      limit: int) -> list[list[Hit]]:
    """`chats_within` for each of `windows` ([start, end] ISO days), in one statement: the
    index is walked for `query`'s terms once, not once a window (a message naming four short
    spans searched each one's days and the days after it: eight walks)."""
    if not windows:
        return []
    rare = rare_query(conn, query)
    if rare is None:
        return [[] for _ in windows]
    lo, hi = _context_span(conn, session_id, context_from)
    rows = conn.execute(
        "WITH w AS MATERIALIZED (SELECT key AS i, json_extract(value, '$[0]') AS s,"
        " json_extract(value, '$[1]') AS e FROM json_each(:windows)), "
        # (the index first, so its terms are walked once: CROSS JOIN keeps the order)
        "m AS (SELECT w.i, u.turn_id, u.session_id, substr(u.created_at, 1, 10) AS day, u.text,"
        " f.rank AS score, a.turn_id AS reply_ref, a.text AS reply "
        "FROM recall_fts f CROSS JOIN turns u ON u.turn_id = f.rowid"
        " CROSS JOIN w ON substr(u.created_at, 1, 10) BETWEEN w.s AND w.e "
        "JOIN turns a ON a.turn_id = (SELECT MAX(turn_id) FROM turns x"
        " WHERE x.reply_to = u.turn_id AND x.role = 'assistant') "
        "WHERE recall_fts MATCH :query AND f.rowid > 0 AND f.rowid NOT BETWEEN :lo AND :hi"
        f" AND {COMPLETED_MESSAGE} AND u.memory_on = 1 AND {COMPLETED_REPLY}), "
        "n AS (SELECT m.*, ROW_NUMBER() OVER (PARTITION BY i ORDER BY score, turn_id DESC)"
        " AS place FROM m) "
        "SELECT * FROM n WHERE place <= :limit ORDER BY i, place",
        {"query": rare, "lo": lo, "hi": hi, "windows": json.dumps([list(w) for w in windows]),
         "limit": limit},
    ).fetchall()
    out: list[list[Hit]] = [[] for _ in windows]
    for r in rows:
        out[r["i"]].append(Hit(CHAT_KIND, r["turn_id"], r["day"], r["text"], -r["score"],
                               reply=r["reply"], reply_ref=r["reply_ref"],
                               session_id=r["session_id"]))
    return out


def exchanges_within(conn: sqlite3.Connection, start: str, end: str, *,
                     session_id: int | None, context_from: int = 0, limit: int) -> list[Hit]:
    """The first `limit` completed exchanges dated within [start, end] (ISO days), whatever
    their words, sent with memory on and not in the current session's context: "what was I
    moaning to you about that morning?" asks for the day's exchanges themselves."""
    lo, hi = _context_span(conn, session_id, context_from)
    rows = conn.execute(
        "SELECT u.turn_id, u.session_id, substr(u.created_at, 1, 10) AS day, u.text,"
        " a.turn_id AS reply_ref, a.text AS reply "
        "FROM turns u JOIN turns a ON a.turn_id = (SELECT MAX(turn_id) FROM turns x"
        " WHERE x.reply_to = u.turn_id AND x.role = 'assistant') "
        "WHERE u.role = 'user' AND u.turn_id NOT BETWEEN :lo AND :hi"
        " AND u.created_at >= :start AND u.created_at < :after"
        f" AND {COMPLETED_MESSAGE} AND u.memory_on = 1 AND {COMPLETED_REPLY}"
        " ORDER BY u.created_at, u.turn_id LIMIT :limit",
        {"lo": lo, "hi": hi, "start": start, "after": f"{end}~", "limit": limit},
    ).fetchall()
    return [Hit(CHAT_KIND, r["turn_id"], r["day"], r["text"], 0.0, reply=r["reply"],
                reply_ref=r["reply_ref"], session_id=r["session_id"])
            for r in rows]


def reviews_within(conn: sqlite3.Connection, start: str, end: str, *, limit: int) -> list[Hit]:
    """The newest save of each review whose period lies within [start, end] (ISO days), the
    newest period first: "what did the review of race week say?" asks for these."""
    rows = conn.execute(
        "SELECT r.review_id, r.period_key, substr(r.created_at, 1, 10) AS day, r.text "
        "FROM reviews r "
        "WHERE r.period_start >= ? AND r.period_end <= ? AND r.review_id = "
        "(SELECT MAX(review_id) FROM reviews r2 WHERE r2.period_key = r.period_key) "
        "ORDER BY r.period_start DESC, r.review_id DESC LIMIT ?", (start, end, limit)).fetchall()
    return [Hit(REVIEW_KIND, r["review_id"], r["day"], r["text"], 0.0, label=r["period_key"])
            for r in rows]


def journal_within(conn: sqlite3.Connection, start: str, end: str, *,
                   exclude_ids: Iterable[int], watermark: int | None, limit: int) -> list[Hit]:
    """The journal lines dated within [start, end] (ISO days), oldest first, at most `limit`:
    "where was I on 10/10?" asks for what the journal says of that day."""
    rows = conn.execute(
        "SELECT entry_id, entry_date, text FROM journal WHERE entry_date BETWEEN ? AND ?"
        " AND entry_id <= ? AND entry_id NOT IN (SELECT value FROM json_each(?))"
        " ORDER BY entry_date, entry_id LIMIT ?",
        (start, end, watermark if watermark is not None else _NO_WATERMARK,
         json.dumps(sorted(exclude_ids)), limit)).fetchall()
    return [Hit(JOURNAL_KIND, r["entry_id"], r["entry_date"], r["text"], 0.0) for r in rows]


def next_exchanges(conn: sqlite3.Connection, turn_ids: Iterable[int], *,
                   session_id: int | None, context_from: int, minutes: int) -> dict[int, Hit]:
    """{user turn id: the next completed exchange of its session, sent with memory on}, for
    those whose next exchange came within `minutes` and is not in the current session's
    context (see `search_chats`). Its score is 0: it matched nothing itself."""
    return _adjacent_exchanges(conn, turn_ids, session_id, context_from, minutes, after=True)


def previous_exchanges(conn: sqlite3.Connection, turn_ids: Iterable[int], *,
                       session_id: int | None, context_from: int,
                       minutes: int) -> dict[int, Hit]:
    """{user turn id: the exchange of its session just before it}, like `next_exchanges`
    the other way: the one a recalled exchange answered or carried on from."""
    return _adjacent_exchanges(conn, turn_ids, session_id, context_from, minutes, after=False)


def _adjacent_exchanges(conn: sqlite3.Connection, turn_ids: Iterable[int],
                        session_id: int | None, context_from: int, minutes: int, *,
                        after: bool) -> dict[int, Hit]:
    ids = json.dumps(sorted(set(turn_ids)))
    lo, hi = _context_span(conn, session_id, context_from)
    pick, side = ("MIN", ">") if after else ("MAX", "<")
    gap = ("julianday(u.created_at) - julianday(p.created_at)" if after
           else "julianday(p.created_at) - julianday(u.created_at)")
    rows = conn.execute(
        "SELECT p.turn_id AS prev, u.turn_id, u.session_id, substr(u.created_at, 1, 10) AS day,"
        " u.text, a.turn_id AS reply_ref, a.text AS reply "
        f"FROM turns p JOIN turns u ON u.turn_id = (SELECT {pick}(turn_id) FROM turns x"
        f" WHERE x.session_id = p.session_id AND x.turn_id {side} p.turn_id AND x.role = 'user') "
        "JOIN turns a ON a.turn_id = (SELECT MAX(turn_id) FROM turns t"
        " WHERE t.reply_to = u.turn_id AND t.role = 'assistant') "
        f"WHERE p.turn_id IN (SELECT value FROM json_each(?)) AND {COMPLETED_MESSAGE}"
        f" AND u.memory_on = 1 AND {COMPLETED_REPLY}"
        " AND u.turn_id NOT BETWEEN ? AND ?"
        f" AND {gap} <= ? / 1440.0",
        (ids, lo, hi, minutes)).fetchall()
    return {r["prev"]: Hit(CHAT_KIND, r["turn_id"], r["day"], r["text"], 0.0, reply=r["reply"],
                           reply_ref=r["reply_ref"], session_id=r["session_id"])
            for r in rows}
