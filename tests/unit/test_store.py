import sqlite3
import stat

import pytest

from coach_tui.store import StoreError, connect
from coach_tui.store.db import lock_wait_seconds
from coach_tui.store.migrations import MIGRATIONS
from coach_tui.store.steps import Day, load_days, upsert_days


def mode(path):
    return stat.S_IMODE(path.stat().st_mode)


def test_database_is_private_and_migrated(tmp_path):
    db = tmp_path / "data" / "coach.db"
    conn = connect(db)
    assert mode(db.parent) == 0o700
    assert mode(db) == 0o600
    assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert conn.execute("PRAGMA busy_timeout").fetchone()[0] == int(lock_wait_seconds() * 1000)
    conn.close()
    connect(db).close()  # a second open migrates nothing and works


def test_rows_are_read_by_name_and_equal_the_tuple_of_their_values():
    conn = connect(":memory:")
    row = conn.execute("SELECT 'ok' AS status, 3 AS n").fetchone()
    assert (row["status"], row["n"]) == ("ok", 3) and dict(row) == {"status": "ok", "n": 3}
    values = ("ok", 3)
    assert row == values and values == row and row != ("ok", 4)
    assert (row != ("ok", 3)) is False
    assert row[:1] == ("ok",) and hash(row) == hash(("ok", 3))
    assert row == conn.execute("SELECT 'ok' AS status, 3 AS n").fetchone()
    conn.close()


def test_a_corrupt_file_gets_one_clear_line(tmp_path):
    db = tmp_path / "coach.db"
    db.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError) as err:
        connect(db)
    assert "move it aside" in str(err.value) and "\n" not in str(err.value)


def test_a_newer_schema_is_refused(tmp_path):
    db = tmp_path / "coach.db"
    raw = sqlite3.connect(db)
    raw.execute("PRAGMA user_version = 999")
    raw.close()
    with pytest.raises(StoreError, match="upgrade coach-tui"):
        connect(db)


def test_a_failed_upgrade_leaves_the_file_as_it_was_and_never_says_start_afresh(tmp_path):
    db = tmp_path / "coach.db"
    raw = sqlite3.connect(db)
    raw.execute("PRAGMA user_version = 5")  # says version 5, but lacks migration 6's table
    raw.close()
    with pytest.raises(StoreError) as err:
        connect(db)
    line = str(err.value)
    assert "\n" not in line
    assert f"could not be upgraded from schema version 5 to {len(MIGRATIONS)}" in line
    assert "nothing in it is lost" in line and "fresh" not in line and "aside" not in line
    raw = sqlite3.connect(db)
    assert raw.execute("PRAGMA user_version").fetchone() == (5,)
    assert raw.execute("SELECT count(*) FROM sqlite_master").fetchone() == (0,)
    raw.close()


def test_upsert_counts_new_updated_unchanged():
    conn = connect(":memory:")
    first = upsert_days(conn, [Day("2026-11-28", 9000, None), Day("2026-11-29", 12000, 10000)],
                        source="csv")
    assert (first.new, first.updated, first.unchanged) == (2, 0, 0)
    second = upsert_days(conn, [Day("2026-11-28", 9000, None), Day("2026-11-29", 12500, 10000)],
                         source="csv")
    assert (second.new, second.updated, second.unchanged) == (0, 1, 1)
    assert [d.steps for d in load_days(conn)] == [9000, 12500]



def test_keep_unknown_keeps_stored_goal_and_distance_and_counts_truthfully():
    conn = connect(":memory:")
    upsert_days(conn, [Day("2026-11-28", 9000, 8000, 6900.0)], source="garmin")
    same = upsert_days(conn, [Day("2026-11-28", 9000, None)], source="csv", keep_unknown=True)
    assert (same.updated, same.unchanged) == (0, 1)
    more = upsert_days(conn, [Day("2026-11-28", 9500, None)], source="csv", keep_unknown=True)
    assert more.updated == 1
    assert load_days(conn) == [Day("2026-11-28", 9500, 8000, 6900.0)]
    # Sync stores Garmin's answer whole: a day it sends without a goal has none.
    upsert_days(conn, [Day("2026-11-28", 9500, None)], source="garmin")
    assert load_days(conn) == [Day("2026-11-28", 9500, None, None)]

def test_the_schema_refuses_impossible_days():
    conn = connect(":memory:")
    for bad in (Day("2026-11-2", 1, None), Day("2026-11-29", -1, None), Day("2026-11-29", 1, 0)):
        with pytest.raises(sqlite3.IntegrityError):
            upsert_days(conn, [bad], source="csv")


def test_a_day_seen_again_unchanged_takes_the_new_source_and_stamp():
    # An imported day that was still in progress is settled by a later sync of the same value.
    conn = connect(":memory:")
    upsert_days(conn, [Day("2026-11-29", 9000, None)], source="csv",
                synced_at="2026-11-29T12:00:00+00:00")
    again = upsert_days(conn, [Day("2026-11-29", 9000, None)], source="garmin",
                        synced_at="2026-11-30T08:00:00+00:00")
    assert again.unchanged == 1
    assert conn.execute("SELECT source, synced_at FROM daily_steps").fetchone() == (
        "garmin", "2026-11-30T08:00:00+00:00")
