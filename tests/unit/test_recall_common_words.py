"""Words in a large share of the recall index (years of everyday chat) are not searched: they
weigh next to nothing in bm25, cost a walk over every row holding them, and their newest rows
took the places of the exchanges that matched the rare words. And migration 15 keeps the
index in few segments."""

from __future__ import annotations

import sqlite3

import pytest

from coach_tui.store import search
from coach_tui.store.db import Row, migrate
from coach_tui.store.migrations import MIGRATIONS


def _lines(conn, texts):
    conn.executemany("INSERT INTO journal (created_at, entry_date, source, text) "
                     "VALUES ('t', '2026-11-20', 'user', ?)", [(t,) for t in texts])


def _found(conn, query):
    return {h.text for h in search.search_all(conn, query, exclude_ids=[], watermark=None,
                                              session_id=None, limit=50)}


@pytest.fixture
def small_floor(monkeypatch):
    monkeypatch.setattr(search, "COMMON_MIN_ROWS", 20)


def test_a_word_in_most_rows_is_not_searched_once_the_index_is_large(conn, small_floor):
    _lines(conn, [f"evening walk number {i}" for i in range(40)])
    _lines(conn, ["walk with the physio about my knee"])
    assert search.index_rows(conn) == 41
    assert search.rare_query(conn, '"walk" OR "knee"') == '"knee"'
    assert _found(conn, '"walk" OR "knee"') == {"walk with the physio about my knee"}
    # Only common words: nothing worth recalling, and nothing searched.
    assert search.rare_query(conn, '"walk" OR "evening"') is None
    assert _found(conn, '"walk" OR "evening"') == set()


def test_a_phrase_holding_a_common_word_is_not_searched(conn, small_floor):
    # "went up" is rare, but finding it walks every row holding "up".
    _lines(conn, [f"keep it up {i}" for i in range(40)] + ["my steps went up", "raise the goal"])
    assert search.rare_query(conn, '"went up" OR "raise" OR "steps"') == '"raise" OR "steps"'
    assert _found(conn, '"went up" OR "raise"') == {"raise the goal"}


def test_a_small_index_searches_every_word(conn):
    _lines(conn, [f"evening walk number {i}" for i in range(40)])
    assert search.rare_query(conn, '"walk" OR "knee"') == '"walk" OR "knee"'
    assert len(_found(conn, '"walk"')) == 40


def test_a_word_that_grows_common_is_counted_again(conn, small_floor):
    _lines(conn, [f"line {i}" for i in range(30)] + ["a rainy walk"])
    assert search.rare_query(conn, '"walk" OR "rainy"') == '"walk" OR "rainy"'
    _lines(conn, [f"walk {i}" for i in range(20)])     # the index grew by more than 10%
    assert search.rare_query(conn, '"walk" OR "rainy"') == '"rainy"'
    assert _found(conn, '"walk" OR "rainy"') == {"a rainy walk"}


def test_migration_15_merges_the_index_eagerly_and_keeps_what_it_finds(tmp_path):
    raw = sqlite3.connect(tmp_path / "old.db", isolation_level=None)
    raw.row_factory = Row
    for script in MIGRATIONS[:14]:
        raw.executescript(script)
    raw.execute("PRAGMA user_version = 14")
    _lines(raw, ["Hates the treadmill"])
    _lines(raw, ["Rain all week, the canal path flooded"])     # a segment each
    assert migrate(raw) == len(MIGRATIONS)
    assert raw.execute("SELECT v FROM recall_fts_config WHERE k = 'automerge'").fetchone()[0] == 2
    raw.execute("INSERT INTO recall_fts(recall_fts) VALUES ('integrity-check')")
    assert _found(raw, '"treadmill" OR "flooded"') == {
        "Hates the treadmill", "Rain all week, the canal path flooded"}


def _segments(conn) -> int:
    return conn.execute("SELECT count(DISTINCT segid) FROM recall_fts_idx").fetchone()[0]


def _exchange(conn, session_id, k):
    from coach_tui.store import sessions
    from coach_tui.store.db import transaction

    uid = sessions.add_user_turn(conn, session_id, created_at="2026-11-20T10:00:00",
                                 text=f"blisters again on the canal path ({k})", memory_on=True,
                                 title="t")
    with transaction(conn):
        sessions.finish_user_turn_in_tx(conn, uid, status="ok", error=None)
        sessions.add_assistant_turn_in_tx(
            conn, session_id, reply_to=uid, created_at="2026-11-20T10:00:05",
            text=f"Thicker merino socks ({k})", status="ok", error=None, response_id=None,
            model="m", usage=None, cost_usd=None, cache_miss_reason=None, memory_on=True)


def test_replies_stored_one_at_a_time_leave_the_index_in_few_segments(conn):
    # Each commit writes a segment; FTS5's own automerge let them pile up to 16 (every
    # search looks each term up in each). Storing a reply merges them.
    session_id = conn.execute(
        "INSERT INTO sessions (created_at, model, system_json, memory_on) "
        "VALUES ('2026-11-20T10:00:00', 'm', '[]', 1)").lastrowid
    most = 0
    for k in range(40):
        _exchange(conn, session_id, k)
        most = max(most, _segments(conn))
    assert most <= 6
    conn.execute("INSERT INTO recall_fts(recall_fts) VALUES ('integrity-check')")
    assert len(_found(conn, '"blisters"')) == 40
