"""store/journal.py and migration 4: the journal's SQL, asserted on the rows it leaves."""

import json
import sqlite3

import pytest

from coach_tui.store import connect
from coach_tui.store import journal as store
from coach_tui.store.db import migrate
from coach_tui.store.migrations import MIGRATIONS


@pytest.fixture
def conn():
    c = connect(":memory:")
    yield c
    c.close()


def add(conn, text, source="review", *, cap=60, key=None):
    return store.add_line(conn, text, entry_date="2026-11-20", source=source, source_key=key,
                          seq=1, cap=cap, protected_source="user").entry_id


def test_the_cap_prunes_other_sources_before_the_protected_one(conn):
    mine = [add(conn, f"mine {i}", "user", cap=4) for i in range(2)]
    for i in range(5):
        add(conn, f"machine {i}", cap=4)
    assert [e.text for e in store.list_entries(conn)] == ["machine 4", "machine 3", "mine 1",
                                                          "mine 0"]
    assert store.existing_ids(conn, mine) == frozenset(mine)


def test_a_line_the_cap_takes_at_once_and_a_repeated_text_return_none(conn):
    add(conn, "mine", "user", cap=1)
    assert add(conn, "machine", cap=1) is None          # never displaces a line of the user
    assert add(conn, "mine", "user", cap=1) is None      # the same text is never stored twice
    assert [e.text for e in store.list_entries(conn)] == ["mine"]


def test_only_a_user_deletion_is_counted(conn):
    a, b = add(conn, "one"), add(conn, "two")
    assert store.deletion_count(conn) == 0
    assert store.delete_entry(conn, a) and not store.delete_entry(conn, a)
    store.delete_text(conn, "two")                       # the demo's reseed
    assert store.deletion_count(conn) == 1
    assert store.existing_ids(conn, [a, b]) == frozenset()
    assert store.newest_entry_id(conn) == 0


def test_one_event_can_be_left_out_of_the_newest_lines(conn):
    add(conn, "own line", key="week:2026-W48")
    add(conn, "other line", key="week:2026-W47")
    add(conn, "typed line", "user")
    kept = store.list_entries(conn, limit=5, exclude_source_key=("review", "week:2026-W48"))
    assert [e.text for e in kept] == ["typed line", "other line"]


def test_event_marks_are_kept_apart_from_lines(conn):
    add(conn, "a line", key="week:2026-W48")
    assert store.has_event(conn, "review", "week:2026-W48")
    assert not store.event_marked(conn, "review", "week:2026-W48")
    store.mark_event(conn, "review", "week:2026-W48", 1)
    with pytest.raises(sqlite3.IntegrityError):
        store.mark_event(conn, "review", "week:2026-W48", 1)
    store.unmark_event(conn, "review", "week:2026-W48")
    assert not store.event_marked(conn, "review", "week:2026-W48")


def test_migration_4_records_the_journal_lines_an_old_recall_quotes(tmp_path):
    raw = sqlite3.connect(tmp_path / "old.db", isolation_level=None)
    for script in MIGRATIONS[:2]:                        # a database as version 2 left it
        raw.executescript(script)
    raw.execute("PRAGMA user_version = 2")
    raw.executescript("""
        INSERT INTO journal (created_at, entry_date, source, text) VALUES
            ('t', '2026-11-20', 'user', 'Hates the treadmill'),
            ('t', '2026-11-20', 'user', 'Hates the treadmill at night');
        INSERT INTO sessions (created_at, model, system_json, memory_on) VALUES ('t', 'm', '[]', 1);
    """)
    recall = ("CONTEXT\nOlder journal lines that match:\n"
              "- 2026-11-20: Hates the treadmill at night")
    for text, block in (("treadmill?", recall), ("hi", None)):
        raw.execute("INSERT INTO turns (session_id, role, created_at, text, recall) "
                    "VALUES (1, 'user', 't', ?, ?)", (text, block))
    assert migrate(raw) == len(MIGRATIONS)
    rows = raw.execute("SELECT recall_journal FROM turns ORDER BY turn_id").fetchall()
    # Whole lines only: the shorter line the quoted one starts with was not quoted.
    assert [json.loads(r[0]) for r in rows] == [
        [[2, "- 2026-11-20: Hates the treadmill at night"]], []]
