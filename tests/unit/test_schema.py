"""The schema in one place: coach_tui/store/schema.sql is what a freshly migrated database
holds, read back from sqlite_master. The migrations stay the source of truth; schema.sql is
for reading. After adding a migration, regenerate it with `python -m tests.unit.test_schema`.
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

from coach_tui.store.db import connect

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "coach_tui" / "store" / "schema.sql"
HEADER = (
    "-- Generated: the schema of a freshly migrated coach-tui database (sqlite_master, sorted\n"
    "-- by type and name). Do not edit: the migrations in coach_tui/store/migrations.py are the\n"
    "-- source; regenerate with `python -m tests.unit.test_schema`.\n"
)


def dump_schema(conn: sqlite3.Connection) -> str:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    rows = conn.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL "
        "ORDER BY type, name").fetchall()
    parts = [f"{HEADER}-- Schema version {version} (PRAGMA user_version).\n"]
    parts += [f"\n-- {kind} {name}\n{sql.strip()};\n" for kind, name, sql in rows]
    return "".join(parts)


def fresh_schema() -> str:
    conn = connect(":memory:")
    try:
        return dump_schema(conn)
    finally:
        conn.close()


def test_schema_sql_is_what_the_migrations_make():
    assert SCHEMA_FILE.read_text(encoding="utf-8") == fresh_schema(), (
        "coach_tui/store/schema.sql is out of date: run `python -m tests.unit.test_schema`")


if __name__ == "__main__":
    SCHEMA_FILE.write_text(fresh_schema(), encoding="utf-8")
    sys.stdout.write(f"wrote {SCHEMA_FILE}\n")
