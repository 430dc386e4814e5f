"""The tables and columns a database of this version must have: what `connect` checks a
database against when it opens it (store/db.py), so a table or column another program dropped
is said once, on open."""

from __future__ import annotations

import functools
import re
import sqlite3
from pathlib import Path

from coach_tui.store.migrations import MIGRATIONS

# What a freshly migrated database holds (tests/unit/test_schema.py keeps it so).
SCHEMA_FILE = Path(__file__).with_name("schema.sql")


@functools.cache
def expected_schema() -> dict[str, frozenset[str]]:
    """Every table and its columns, as a fresh database has them: the tables of schema.sql made
    in memory (a few ms), or, when that file is missing or from another version, every
    migration run in memory (~10x that, before the app's first frame)."""
    fresh = sqlite3.connect(":memory:", isolation_level=None)
    try:
        if not _make_tables_from_dump(fresh):
            from coach_tui.store.db import migrate  # db imports this module

            migrate(fresh)
        return tables(fresh)
    finally:
        fresh.close()


def _make_tables_from_dump(fresh: sqlite3.Connection) -> bool:
    """Create in `fresh` the tables schema.sql lists (virtual tables first: they make their
    own shadow tables); False, with nothing made, when it is not this version's dump."""
    try:
        dump = SCHEMA_FILE.read_text(encoding="utf-8")
    except (OSError, UnicodeError):
        return False
    if f"-- Schema version {len(MIGRATIONS)} (PRAGMA user_version).\n" not in dump:
        return False
    made = [part.partition("\n")[2].strip() for part in dump.split("\n-- table ")[1:]]
    statements = [sql.split("\n-- ")[0] for sql in made]
    virtual = [sql for sql in statements if sql.startswith("CREATE VIRTUAL TABLE ")]
    plain = [sql.replace("CREATE TABLE ", "CREATE TABLE IF NOT EXISTS ", 1)
             for sql in statements if sql.startswith("CREATE TABLE ")
             and not sql.startswith("CREATE TABLE sqlite_")]
    for sql in virtual + plain:
        fresh.execute(sql.rstrip().removesuffix(";"))
    return True


# The tables an FTS5 table makes for itself (`<name>_data`, ...), which schema.sql lists too.
_FTS5_SHADOWS = ("_data", "_idx", "_content", "_docsize", "_config")


@functools.cache
def creation_statements() -> tuple[str, ...]:
    """What makes a new, empty database what running every migration makes it, read from
    schema.sql: 26 statements (a new file opened in ~3 ms of CPU) instead of the migrations'
    ~105 (~10 ms: indexes and full-text tables made, rebuilt and dropped on the way), paid by
    every new home. Empty when the file is missing or from another version: then the
    migrations run. Tables first (virtual ones before the rest: they make their own shadow
    tables), then indexes, triggers, views and the full-text tables' settings.
    tests/unit/test_schema.py checks both ways make the same database, row for row."""
    try:
        dump = SCHEMA_FILE.read_text(encoding="utf-8")
    except (OSError, UnicodeError):
        return ()
    if f"-- Schema version {len(MIGRATIONS)} (PRAGMA user_version).\n" not in dump:
        return ()
    parts = re.split(r"\n-- (table|index|trigger|view|config) (\S+)\n", dump)[1:]
    entries = [(kind, name, sql.strip().removesuffix(";"))
               for kind, name, sql in zip(parts[::3], parts[1::3], parts[2::3], strict=True)]
    virtual = [name for kind, name, sql in entries
               if kind == "table" and sql.startswith("CREATE VIRTUAL TABLE ")]
    made_by_others = {f"{name}{shadow}" for name in virtual for shadow in _FTS5_SHADOWS}
    order = {"table": 1, "index": 2, "trigger": 3, "view": 4, "config": 5}
    return tuple(sql for kind, name, sql in sorted(
        entries, key=lambda e: (order[e[0]] - (e[1] in virtual), e[1]))
        if name not in made_by_others and not name.startswith("sqlite_"))


def tables(conn: sqlite3.Connection) -> dict[str, frozenset[str]]:
    names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return {name: frozenset(r[1] for r in conn.execute("SELECT * FROM pragma_table_info(?)",
                                                       (name,)))
            for name in names}
