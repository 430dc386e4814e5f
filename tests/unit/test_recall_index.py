"""Migration 8: one full-text index over journal lines, reviews and exchanges, kept in step."""

from __future__ import annotations

import sqlite3

from coach_tui.memory.recall import build_recall
from coach_tui.store.db import Row, migrate
from coach_tui.store.migrations import MIGRATIONS
from tests.engine_support import NOW

RECALL_INDEX = 9


def recalled(conn, text):
    return build_recall(conn, text, now=NOW, default_goal=10_000, max_chars=10_000).text


def test_the_index_is_built_from_what_an_older_database_holds(tmp_path):
    raw = sqlite3.connect(tmp_path / "old.db", isolation_level=None)
    raw.row_factory = Row           # the rows store.db.connect() gives every connection
    for script in MIGRATIONS[:RECALL_INDEX - 1]:
        raw.executescript(script)
    raw.execute(f"PRAGMA user_version = {RECALL_INDEX - 1}")
    raw.executescript("""
        INSERT INTO journal (created_at, entry_date, source, text)
            VALUES ('t', '2026-11-20', 'user', 'Hates the treadmill');
        INSERT INTO reviews (period_key, period_start, period_end, created_at, text)
            VALUES ('week:2026-W40', '2026-09-28', '2026-10-04', '2026-10-05T09:00:00',
                    'Rain all week, the canal path flooded');
        INSERT INTO sessions (created_at, model, system_json, memory_on)
            VALUES ('2026-11-01T10:00:00', 'm', '[]', 1);
        INSERT INTO turns (session_id, role, created_at, text, memory_on)
            VALUES (1, 'user', '2026-11-01T10:00:00', 'any tips for blisters?', 1);
        INSERT INTO turns (session_id, role, created_at, text, reply_to, memory_on)
            VALUES (1, 'assistant', '2026-11-01T10:00:05', 'Thicker merino socks help.', 1, 1);
    """)
    assert migrate(raw) == len(MIGRATIONS)
    names = {r[0] for r in raw.execute("SELECT name FROM sqlite_master")}
    assert "recall_fts" in names and not names & {"journal_fts", "reviews_fts", "turns_fts"}
    assert "Hates the treadmill" in recalled(raw, "treadmill")
    assert "canal path flooded" in recalled(raw, "flooded canal")
    # The reply's words find the exchange, and the block gives both sides.
    assert ('you: "any tips for blisters?"; coach: "Thicker merino socks help."'
            in recalled(raw, "merino socks"))


def test_the_index_follows_edits_and_deletions(conn):
    conn.execute("INSERT INTO journal (created_at, entry_date, source, text) "
                 "VALUES ('t', '2026-11-20', 'user', 'Hates the treadmill')")
    assert "Hates the treadmill" in recalled(conn, "treadmill")
    conn.execute("UPDATE journal SET text = 'Loves the rowing machine'")
    assert "treadmill" not in recalled(conn, "treadmill")
    assert "rowing machine" in recalled(conn, "rowing")
    conn.execute("DELETE FROM journal")
    assert "rowing" not in recalled(conn, "rowing")
    assert conn.execute("SELECT count(*) FROM recall_fts").fetchone()[0] == 0


def test_one_search_finds_what_the_searches_by_kind_find(conn):
    from coach_tui.store import search

    conn.execute("INSERT INTO journal (created_at, entry_date, source, text) "
                 "VALUES ('t', '2026-11-20', 'user', 'Knee sore after the hills')")
    conn.execute("INSERT INTO reviews (period_key, period_start, period_end, created_at, model, "
                 "text) VALUES ('week:2026-W46', '2026-11-09', '2026-11-15', "
                 "'2026-11-16T09:00:00', 'm', 'A week of hills; the knee held up.')")
    sid = conn.execute("INSERT INTO sessions (created_at, model, system_json, memory_on, "
                       "snapshot_date) VALUES ('2026-11-10T08:00:00', 'm', '[]', 1, "
                       "'2026-11-10')").lastrowid
    uid = conn.execute("INSERT INTO turns (session_id, role, created_at, text, status, "
                       "memory_on) VALUES (?, 'user', '2026-11-10T08:00:00', 'my knee hurts', "
                       "'ok', 1)", (sid,)).lastrowid
    conn.execute("INSERT INTO turns (session_id, role, created_at, text, status, reply_to, "
                 "memory_on) VALUES (?, 'assistant', '2026-11-10T08:00:01', 'Ice it.', 'ok', ?, "
                 "1)", (sid, uid))
    query = '"knee" OR "hills"'
    kw = dict(exclude_ids=[], watermark=None)
    one = search.search_all(conn, query, session_id=None, limit=8, **kw)
    apart = [*search.search_journal(conn, query, limit=8, **kw),
             *search.search_reviews(conn, query, limit=8),
             *search.search_chats(conn, query, session_id=None, limit=8)]
    assert sorted((h.kind, h.ref, round(h.score, 6), h.reply) for h in one) == sorted(
        (h.kind, h.ref, round(h.score, 6), h.reply) for h in apart)
    assert {h.kind for h in one} == {"journal", "review", "chat"}
