"""Open the SQLite file: WAL, a busy timeout, foreign keys, migrations, a private new file.

One function opens every connection in the app, so every connection has the same pragmas, and
every row it reads is a `Row` (a `sqlite3.Row`): the store reads columns by name (`row["text"]`).
A new database file is created 0600 (SQLite gives its -wal and -shm files the same mode); an
existing one keeps the mode its owner chose.

Locks are waited out: a writer waits up to `LOCK_WAIT_SECONDS` (30 s; COACH_TUI_LOCK_WAIT
overrides it, for tests) for another process's write to finish. A transaction that has waited
`LOCK_NOTICE_SECONDS` (2 s; COACH_TUI_LOCK_NOTICE overrides it, so that a test of the notice
holds its lock no longer than it proves) calls the connection's `on_lock_wait()` once, so the
CLI can print a notice and the app show a status; one that cannot start in time raises
DatabaseBusy, whose message says that another coach-tui is writing.
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from coach_tui.config import ConfigError, ensure_private_dir
from coach_tui.store.expected import creation_statements, expected_schema, tables
from coach_tui.store.migrations import MIGRATIONS

LOCK_WAIT_SECONDS = 30.0
LOCK_NOTICE_SECONDS = 2.0
LOCK_WAIT_ENV = "COACH_TUI_LOCK_WAIT"
LOCK_NOTICE_ENV = "COACH_TUI_LOCK_NOTICE"
MAX_LOCK_WAIT_SECONDS = 86_400


class StoreError(RuntimeError):
    """The database cannot be used; the message says what to do."""


class DatabaseBusy(StoreError):
    """Another process held the write lock for longer than we wait."""


class NotSaved(StoreError):
    """Work that arrived (a reply, a review) could not be stored; the message says where it is."""


class Row(sqlite3.Row):
    """A row read by column name (`row["text"]`) or position, equal to the tuple of its values
    as the rows read by position were (`row == ("ok",)`), so code reading either way agrees."""

    def __eq__(self, other: object) -> bool:
        if isinstance(other, tuple):
            return tuple(self) == other
        return super().__eq__(other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(tuple(self))


class CoachConnection(sqlite3.Connection):
    """A connection that knows its file, how long it waits for a lock, and whom to tell."""

    path: str = ":memory:"
    lock_wait: float = LOCK_WAIT_SECONDS
    lock_notice: float = LOCK_NOTICE_SECONDS
    on_lock_wait: Callable[[], None] | None = None


def lock_wait_seconds() -> float:
    """The wait COACH_TUI_LOCK_WAIT sets (default 30 s); ConfigError naming the value when it
    is not a number of seconds from 0 to MAX_LOCK_WAIT_SECONDS (SQLite's busy timeout is a
    32-bit count of milliseconds: a larger one would silently become no wait at all)."""
    return _seconds_from_env(LOCK_WAIT_ENV, LOCK_WAIT_SECONDS, "wait")


def lock_notice_seconds() -> float:
    """How long a write waits before its notice, COACH_TUI_LOCK_NOTICE (default 2 s); checked
    as COACH_TUI_LOCK_WAIT is."""
    return _seconds_from_env(LOCK_NOTICE_ENV, LOCK_NOTICE_SECONDS, "give the notice after")


def _seconds_from_env(name: str, default: float, unset_means: str) -> float:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 <= value <= MAX_LOCK_WAIT_SECONDS):
        shown = raw if len(raw) <= 40 else raw[:40] + "..."
        raise ConfigError(f"{name}={shown!r} must be a number of seconds from 0 to "
                          f"{MAX_LOCK_WAIT_SECONDS:,}; correct it or unset it to "
                          f"{unset_means} {default:g} s")
    return value


def connect(path: str | os.PathLike[str] = ":memory:", *,
            check_same_thread: bool = True) -> CoachConnection:
    """Open (creating if needed) and migrate the database at `path`.

    `":memory:"` gives a private in-memory database, as the memory design's scratch test uses.
    """
    in_memory = str(path) == ":memory:"
    if not in_memory:
        file = Path(path)
        ensure_private_dir(file.parent)
        _refuse_a_non_file(file)
        if not file.exists():
            # Create it 0600 before sqlite does, so it is never readable by others.
            fd = os.open(file, os.O_CREAT | os.O_WRONLY, 0o600)
            os.close(fd)
    wait = lock_wait_seconds()
    try:
        conn = sqlite3.connect(
            str(path), timeout=wait, check_same_thread=check_same_thread,
            isolation_level=None, factory=CoachConnection,
        )
        conn.path, conn.lock_wait, conn.lock_notice = str(path), wait, lock_notice_seconds()
        conn.row_factory = Row
        _set_busy_timeout(conn, wait)
        conn.execute("PRAGMA foreign_keys = ON")
        _open_retrying(conn, path, in_memory, wait)
    except StoreError:
        raise
    except sqlite3.DatabaseError as exc:
        raise StoreError(_explain(path, exc)) from exc
    return conn


def _open_retrying(conn: CoachConnection, path: object, in_memory: bool, wait: float) -> None:
    """WAL on, schema migrated and checked; retried while processes opening one new file
    together answer "locked" without the busy handler (each step is idempotent)."""
    deadline = time.monotonic() + wait
    while True:
        try:
            if not in_memory:
                conn.execute("PRAGMA journal_mode = WAL")
                conn.execute("PRAGMA synchronous = NORMAL")
            migrate(conn)
            _check_schema(conn, path)
            return
        except sqlite3.OperationalError as exc:
            if not _is_busy(exc) or time.monotonic() >= deadline:
                raise
            if conn.in_transaction:
                conn.rollback()
            time.sleep(0.02)


def _refuse_a_non_file(file: Path) -> None:
    """StoreError for a database path that is a folder, a FIFO, a device or a socket: SQLite
    would call each an I/O error, which reads as a full or failing disk."""
    import stat

    try:
        mode = file.stat().st_mode
    except OSError:
        return  # missing (created below) or unreadable (sqlite says which)
    if stat.S_ISREG(mode):
        return
    what = "a folder" if stat.S_ISDIR(mode) else "a FIFO, a device or a socket"
    raise StoreError(f"the database {file} is {what}, not a database file; move it aside and "
                     "run coach-tui again to start a fresh one")


def _check_schema(conn: sqlite3.Connection, path: object) -> None:
    """StoreError naming what is missing when another program dropped a table or a column:
    said once on open, not as "no such table" in the middle of some command."""
    have = tables(conn)
    for table, columns in expected_schema().items():
        if table not in have:
            raise StoreError(damaged(path, f"it has no table {table}"))
        missing = sorted(columns - have[table])
        if missing:
            raise StoreError(damaged(path, f"its table {table} has no column {missing[0]}"))


def damaged(path: object, what: str) -> str:
    """The one line for a database another program changed: what is wrong, what to do."""
    return (f"the database {path} is damaged: {what} (another program changed it); move it "
            "aside and run coach-tui again to start a fresh one")


def stored_list(raw: object, session_id: object, column: str) -> list:
    """A JSON list coach-tui stored in a session's or turn's `column`; StoreError saying which
    session is damaged when another program left something else there."""
    try:
        value = json.loads(raw)  # type: ignore[arg-type]
    except (ValueError, TypeError, RecursionError):
        value = None
    if not isinstance(value, list):
        raise damaged_session(session_id, column)
    return value


def damaged_session(session_id: object, column: str) -> StoreError:
    """A session row (or one of its turns) whose stored JSON another program broke."""
    return StoreError(f"the database is damaged: session {session_id}'s {column} is not the JSON "
                      f"coach-tui wrote (another program changed it); delete the session with "
                      f"`coach-tui sessions delete {session_id}`, or move the database aside")


def _set_busy_timeout(conn: sqlite3.Connection, seconds: float) -> None:
    conn.execute(f"PRAGMA busy_timeout = {max(int(seconds * 1000), 0)}")


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    return getattr(exc, "sqlite_errorcode", None) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) \
        or "locked" in str(exc)


def begin_immediate(conn: sqlite3.Connection) -> None:
    """BEGIN IMMEDIATE, waiting out another writer: see the module docstring."""
    wait = getattr(conn, "lock_wait", LOCK_WAIT_SECONDS)
    notice = getattr(conn, "on_lock_wait", None)
    first = min(wait, getattr(conn, "lock_notice", LOCK_NOTICE_SECONDS)) \
        if notice is not None else wait
    _set_busy_timeout(conn, first)
    try:
        try:
            conn.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as exc:
            if not _is_busy(exc):
                raise
            if first >= wait:
                raise DatabaseBusy(_busy_message(conn, wait)) from exc
        assert notice is not None  # first < wait only when there is a notice
        notice()
        _set_busy_timeout(conn, wait - first)
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if not _is_busy(exc):
                raise
            raise DatabaseBusy(_busy_message(conn, wait)) from exc
    finally:
        _set_busy_timeout(conn, wait)


def _busy_message(conn: sqlite3.Connection, wait: float) -> str:
    path = getattr(conn, "path", "the database")
    return (f"another coach-tui is writing to {path} and did not finish within {wait:g} s; "
            "try again when it has finished")


def migrate(conn: sqlite3.Connection, *, replay: bool = False) -> int:
    """Bring the schema to the newest version; returns it. A new, empty database is made from
    schema.sql in one step (`creation_statements`), unless `replay` runs every migration.

    Every pending step runs in one write transaction, and the version is read again once the
    lock is held: processes started together on a new home (or after an update) queue on the
    lock, one upgrades, and the others find the work done. A step that fails leaves the file
    exactly as it was, and says so rather than calling a healthy database unreadable.
    """
    newest = len(MIGRATIONS)
    version = _schema_version(conn)
    if version == newest:
        return newest  # the common case: no lock taken
    begin_immediate(conn)
    try:
        version = _schema_version(conn)
        fresh = () if replay or version else creation_statements()
        if fresh and conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0:
            statements = list(fresh)
        else:
            statements = [s for script in MIGRATIONS[version:] for s in _statements(script)]
        for statement in statements:
            conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {newest}")
        conn.execute("COMMIT")
    except BaseException as exc:
        if conn.in_transaction:  # a full disk may have rolled it back already
            conn.execute("ROLLBACK")
        if isinstance(exc, sqlite3.DatabaseError) and not _from_newer(exc):
            raise StoreError(_upgrade_failed(conn, version, exc)) from exc
        raise
    return newest


def _schema_version(conn: sqlite3.Connection) -> int:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > len(MIGRATIONS):
        raise sqlite3.DatabaseError(
            f"was written by a newer coach-tui (schema version {version}; this one knows up to "
            f"{len(MIGRATIONS)})"
        )
    return int(version)


def _from_newer(exc: sqlite3.DatabaseError) -> bool:
    return "newer coach-tui" in str(exc)


def _upgrade_failed(conn: sqlite3.Connection, version: int, exc: sqlite3.DatabaseError) -> str:
    path = getattr(conn, "path", "the database")
    plain = _explain(path, exc)
    if "cannot be read" not in plain:
        return plain  # the disk, a lock, a read-only file: the cause is the machine's
    return (f"the database {path} could not be upgraded from schema version {version} to "
            f"{len(MIGRATIONS)} ({exc}); it was left as it was and nothing in it is lost: "
            "run coach-tui again, and if this repeats keep the file (it holds your data) "
            "and report this line")


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
    if "full" in text or "disk I/O" in text:
        return (f"the database {path} could not be written: the disk is full or failing; free "
                "some space (or raise the file size limit) and run it again")
    if "readonly" in text or "unable to open" in text:
        return (f"the database {path} cannot be opened for writing (it or its folder is "
                "read-only or immutable); make both writable and run it again")
    if "newer coach-tui" in text:
        return f"the database {path} {text}; upgrade coach-tui to use it"
    return (
        f"the database {path} cannot be read ({text}); move it aside and run coach-tui again "
        "to start a fresh one"
    )


def data_version(conn: sqlite3.Connection) -> int:
    """SQLite's `PRAGMA data_version`: a counter that moves only when another connection has
    committed, answered from this connection's own state (no page of the file is read)."""
    return int(conn.execute("PRAGMA data_version").fetchone()[0])


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
            self._begin()
        return self.conn

    def _begin(self) -> None:
        begin_immediate(self.conn)

    def __exit__(self, exc_type, exc, tb) -> None:
        if not self.outer:
            return
        if exc_type is None:
            try:
                self.conn.execute("COMMIT")
            except sqlite3.Error:
                if self.conn.in_transaction:  # a failed COMMIT (a full disk) stays open
                    self.conn.execute("ROLLBACK")
                raise
        elif self.conn.in_transaction:
            # SQLite may have rolled back already (a full disk, an I/O error): then a ROLLBACK
            # would fail with "no transaction is active" and hide the error that matters.
            self.conn.execute("ROLLBACK")


class reading(transaction):
    """`with reading(conn):` BEGIN ... COMMIT: the reads inside see one moment of the file.

    A deferred transaction that takes no write lock (in WAL, another process may write
    meanwhile; these reads do not see it). Nested use joins the outer transaction.
    """

    def _begin(self) -> None:
        self.conn.execute("BEGIN")

    def __exit__(self, exc_type, exc, tb) -> None:
        if self.outer and self.conn.in_transaction:
            self.conn.execute("COMMIT" if exc_type is None else "ROLLBACK")
