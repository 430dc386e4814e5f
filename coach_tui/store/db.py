"""Open the SQLite file: WAL, a busy timeout, foreign keys, migrations, private file modes.

One function opens every connection in the app, so every connection has the same pragmas.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from coach_tui.config import ensure_private_dir
from coach_tui.store.migrations import MIGRATIONS

BUSY_TIMEOUT_MS = 5_000


class StoreError(RuntimeError):
    """The database cannot be used; the message says what to do."""


def connect(path: str | os.PathLike[str] = ":memory:", *, check_same_thread: bool = True) -> sqlite3.Connection:
    """Open (creating if needed) and migrate the database at `path`.

    `":memory:"` gives a private in-memory database, as the memory design's scratch test uses.
    """
    in_memory = str(path) == ":memory:"
    if not in_memory:
        file = Path(path)
        ensure_private_dir(file.parent)
        if not file.exists():
            # Create it 0600 before sqlite does, so it is never readable by others.
            fd = os.open(file, os.O_CREAT | os.O_WRONLY, 0o600)
            os.close(fd)
    try:
        conn = sqlite3.connect(
            str(path), timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=check_same_thread,
            isolation_level=None,
        )
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA foreign_keys = ON")
        if not in_memory:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
        migrate(conn)
    except sqlite3.DatabaseError as exc:
        raise StoreError(_explain(path, exc)) from exc
    if not in_memory:
        for suffix in ("", "-wal", "-shm"):
            f = Path(str(path) + suffix)
            if f.exists():
                f.chmod(0o600)
    return conn


def migrate(conn: sqlite3.Connection) -> int:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > len(MIGRATIONS):
        raise sqlite3.DatabaseError(
            f"schema version {version} is newer than this coach-tui knows ({len(MIGRATIONS)})"
        )
    for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _statements(script):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {number}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return len(MIGRATIONS)


def _statements(script: str) -> list[str]:
    # executescript() would commit our transaction; split on complete statements instead.
    out, buf = [], ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            if buf.strip():
                out.append(buf)
            buf = ""
    if buf.strip():
        out.append(buf)
    return out


def _explain(path: object, exc: sqlite3.DatabaseError) -> str:
    text = str(exc)
    if "locked" in text:
        return f"the database {path} is locked by another program; close it and try again"
    if "newer than" in text:
        return f"the database {path} has a {text}; upgrade coach-tui"
    return (
        f"the database {path} cannot be read ({text}); move it aside and run coach-tui again "
        "to start a fresh one"
    )


class transaction:
    """`with transaction(conn):` BEGIN IMMEDIATE ... COMMIT, ROLLBACK on any error.

    The connections run in autocommit mode (isolation_level=None), so a transaction is always
    explicit and never left open by accident. Nested use joins the outer transaction.
    """

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.outer = False

    def __enter__(self) -> sqlite3.Connection:
        self.outer = not self.conn.in_transaction
        if self.outer:
            self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, exc_type, exc, tb) -> None:
        if not self.outer:
            return
        if exc_type is None:
            self.conn.execute("COMMIT")
        else:
            self.conn.execute("ROLLBACK")
