"""The schema in one place: coach_tui/store/schema.sql is what a freshly migrated database
holds, read back from sqlite_master. The migrations stay the source of truth; schema.sql is
for reading. After adding a migration, regenerate it with `python -m tests.unit.test_schema`.
"""

from __future__ import annotations

import hashlib
import sqlite3
import sys
from pathlib import Path

from coach_tui.store.db import connect, migrate
from coach_tui.store.migrations import MIGRATIONS

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "coach_tui" / "store" / "schema.sql"
HEADER = (
    "-- Generated: the schema of a freshly migrated coach-tui database (sqlite_master, sorted\n"
    "-- by type and name, then the settings of its full-text tables). Do not edit: the\n"
    "-- migrations in coach_tui/store/migrations.py are the source; regenerate with\n"
    "-- `python -m tests.unit.test_schema`. A new database is made from this file.\n"
)


def dump_schema(conn: sqlite3.Connection) -> str:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    rows = conn.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL "
        "ORDER BY type, name").fetchall()
    parts = [f"{HEADER}-- Schema version {version} (PRAGMA user_version).\n"]
    parts += [f"\n-- {kind} {name}\n{sql.strip()};\n" for kind, name, sql in rows]
    # What a migration set in a full-text table's own settings (its `_config` rows), which a
    # new database made from this file sets again.
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND sql "
                                "LIKE 'CREATE VIRTUAL TABLE % USING fts5%' ORDER BY name"):
        for key, value in conn.execute(
                f"SELECT k, v FROM {name}_config WHERE k != 'version' ORDER BY k"):
            assert isinstance(value, int), (name, key, value)
            parts.append(f"\n-- config {name}.{key}\n"
                         f"INSERT INTO {name}({name}, rank) VALUES ('{key}', {value});\n")
    return "".join(parts)


def fresh_schema() -> str:
    """The schema every migration makes, run in order (a new database is made from schema.sql
    itself: `creation_statements`)."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate(conn, replay=True)
        return dump_schema(conn)
    finally:
        conn.close()


def test_schema_sql_is_what_the_migrations_make():
    assert SCHEMA_FILE.read_text(encoding="utf-8") == fresh_schema(), (
        "coach_tui/store/schema.sql is out of date: run `python -m tests.unit.test_schema`")


# The first 16 hex digits of each shipped migration's SHA-256: a database already at version N
# never runs steps 1..N again, so a shipped step must keep its exact text (the FTS trigger sets
# of steps 2 and 9 are made by helpers; they must keep making the same bytes). A new migration
# adds its line here once it ships.
SHIPPED = {
    1: "a40b6a10895f6ee1",
    2: "61e3009eb446efd7",
    3: "b2bea87f68ed4dd6",
    4: "150b6d9a5a3bd490",
    5: "ec5a804197c131a7",
    6: "9984c771c79f4b48",
    7: "ca19b9d3c91bfa61",
    8: "66368c635b1be5f2",
    9: "7762b68424e7bfdb",
    10: "4184e74eefc118b8",
    11: "bcda3d2619604247",
}


def test_shipped_migrations_are_unchanged():
    changed = [number for number, digest in SHIPPED.items()
               if hashlib.sha256(MIGRATIONS[number - 1].encode()).hexdigest()[:16] != digest]
    assert not changed, f"shipped migrations edited: {changed}; append a new one instead"


if __name__ == "__main__":
    SCHEMA_FILE.write_text(fresh_schema(), encoding="utf-8")
    sys.stdout.write(f"wrote {SCHEMA_FILE}\n")


def test_a_new_database_made_from_schema_sql_is_the_one_every_migration_makes(tmp_path):
    # Every object, its SQL, every row (the full-text tables' own included) and the version.
    from coach_tui.store import expected

    assert expected.creation_statements()
    made = connect(tmp_path / "new.db")
    replayed = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate(replayed, replay=True)
        for conn in (made, replayed):
            assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        # (in another order: sqlite_master lists objects in the order they were made)
        assert sorted(made.iterdump()) == sorted(replayed.iterdump())
        assert dump_schema(made) == dump_schema(replayed)
    finally:
        made.close()
        replayed.close()


def test_the_open_check_reads_the_tables_from_schema_sql_as_the_migrations_make_them():
    # connect() checks every database against these before the app's first frame: made from
    # schema.sql in a few ms, they must be exactly what running every migration makes.
    from coach_tui.store import expected

    dumped = sqlite3.connect(":memory:", isolation_level=None)
    migrated = connect(":memory:")
    try:
        assert expected._make_tables_from_dump(dumped)
        assert expected.tables(dumped) == expected.tables(migrated)
        assert expected.expected_schema() == expected.tables(migrated)
    finally:
        dumped.close()
        migrated.close()


def test_without_this_versions_schema_sql_the_open_check_runs_the_migrations(tmp_path,
                                                                            monkeypatch):
    from coach_tui.store import expected

    stale = tmp_path / "schema.sql"
    stale.write_text("-- Schema version 1 (PRAGMA user_version).\n", encoding="utf-8")
    for path in (stale, tmp_path / "missing.sql"):
        monkeypatch.setattr(expected, "SCHEMA_FILE", path)
        expected.expected_schema.cache_clear()
        fresh = sqlite3.connect(":memory:", isolation_level=None)
        try:
            assert not expected._make_tables_from_dump(fresh)
            assert expected.tables(fresh) == {}
        finally:
            fresh.close()
        assert "turns" in expected.expected_schema()
        # and a new database is made by every migration, as before schema.sql was read
        expected.creation_statements.cache_clear()
        assert expected.creation_statements() == ()
        new = connect(tmp_path / f"{path.stem}.db")
        try:
            assert dump_schema(new) == fresh_schema()
        finally:
            new.close()
    expected.expected_schema.cache_clear()
    expected.creation_statements.cache_clear()
