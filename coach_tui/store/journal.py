"""The `journal` and `journal_events` tables, and the journal deletion counter.

Plain data access; the policy (what a line may hold, how many lines, whose go first) belongs to
memory/journal.py, which passes it in. `add_line` is the one writer of lines: in a single
transaction it refuses a line with the same words as a stored one (the caller says what
"same" means), removes the line a new one replaces, inserts, and prunes the table to `cap`
lines, keeping `protected_source` lines before any other and newer lines before older ones. A
protected line is never pruned or replaced to make room: when `cap` protected lines are stored,
a new protected line is refused (`JournalFull`) and any other line is not written.
A replaced line's text, date and origin stay in its event's `journal_events.replaced` (JSON),
so `replaced_lines` can say which lines are updates and what they said before.
`delete_entry` bumps a counter in `settings` with every line it removes, so an open session
(in this process or another) sees that its snapshot or recall may quote a line that is gone.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from coach_tui import clock
from coach_tui.store.db import transaction

DELETIONS_KEY = "journal_deletions"


@dataclass(frozen=True)
class Entry:
    entry_id: int
    created_at: str
    entry_date: str
    source: str
    source_key: str | None
    seq: int
    text: str


class JournalFull(ValueError):
    """Every line is a protected (the user's own) line: one must be deleted first."""

    def __init__(self, cap: int) -> None:
        super().__init__(f"the journal is full ({cap} lines of your own): delete a line "
                         "first (`coach-tui journal list` shows their ids)")
        self.cap = cap


COLUMNS = "entry_id, created_at, entry_date, source, source_key, seq, text"


@dataclass(frozen=True)
class Added:
    """What `add_line` did: the new line's id (None: nothing stored), and why or what else."""

    entry_id: int | None
    duplicate_of: Entry | None = None   # the stored line with the same words (nothing stored)
    replaced: Entry | None = None       # the line the new one took the place of
    pruned: tuple[Entry, ...] = ()      # lines removed to stay within the cap


def add_line(
    conn: sqlite3.Connection, text: str, *, entry_date: str, source: str,
    source_key: str | None, seq: int, cap: int, protected_source: str,
    same: Callable[[str], str] = str, replaces: int | None = None,
) -> Added:
    """Insert `text` and prune past `cap` in one transaction.

    A line whose `same(text)` equals a stored line's is not stored (`duplicate_of`).
    `replaces` names a line the new one refines: it is removed in the same transaction (a
    protected line never is: then the new line is simply added). Nothing is stored when only
    protected lines would remain (a machine line never displaces one). Raises JournalFull for
    a protected line when `cap` protected lines are stored, and sqlite3.IntegrityError when
    (source, source_key, seq) was already written.
    """
    with transaction(conn):
        stored = [Entry(**row) for row in conn.execute(
            f"SELECT {COLUMNS} FROM journal ORDER BY entry_id")]
        old = next((e for e in stored if e.entry_id == replaces
                    and e.source != protected_source), None)
        key = same(text)
        for e in stored:
            if e is not old and same(e.text) == key:
                return Added(None, duplicate_of=e)
        if count_source(conn, protected_source) >= cap:
            if source == protected_source:
                raise JournalFull(cap)
            return Added(None)
        if old is not None:
            # Not a deletion the user made: open sessions keep their snapshot (DESIGN).
            conn.execute("DELETE FROM journal WHERE entry_id = ?", (old.entry_id,))
        cur = conn.execute(
            "INSERT INTO journal (created_at, entry_date, source, source_key, seq, text) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (clock.local_stamp(), entry_date, source, source_key, seq, text),
        )
        entry_id = cur.lastrowid
        keep = ("SELECT entry_id FROM journal"
                " ORDER BY (source = ?) DESC, entry_id DESC LIMIT ?")
        pruned = tuple(Entry(**row) for row in conn.execute(
            f"SELECT {COLUMNS} FROM journal WHERE entry_id NOT IN ({keep}) ORDER BY entry_id",
            (protected_source, cap)))
        conn.execute(f"DELETE FROM journal WHERE entry_id NOT IN ({keep})",
                     (protected_source, cap))
    if any(e.entry_id == entry_id for e in pruned):
        return Added(None)
    return Added(entry_id, replaced=old, pruned=pruned)


def entry_texts(conn: sqlite3.Connection) -> tuple[str, ...]:
    """Every journal line's text, oldest first (what recall reads names from)."""
    return tuple(text for (text,) in conn.execute("SELECT text FROM journal ORDER BY entry_id"))


def list_entries(
    conn: sqlite3.Connection, *, limit: int | None = None,
    exclude_source_key: tuple[str, str | None] | None = None,
) -> list[Entry]:
    """Journal lines, newest first; `exclude_source_key=(source, key)` leaves one event out."""
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be 0 or more, got {limit}")
    sql = f"SELECT {COLUMNS} FROM journal"
    args: list = []
    if exclude_source_key is not None:
        sql += " WHERE NOT (source = ? AND source_key IS ?)"
        args += exclude_source_key
    sql += " ORDER BY entry_id DESC"
    if limit is not None:
        sql += " LIMIT ?"
        args.append(limit)
    return [Entry(**row) for row in conn.execute(sql, args)]


def count_source(conn: sqlite3.Connection, source: str) -> int:
    """How many lines `source` wrote that are still stored."""
    return conn.execute("SELECT COUNT(*) FROM journal WHERE source = ?", (source,)).fetchone()[0]


def get_entry(conn: sqlite3.Connection, entry_id: int) -> Entry | None:
    row = conn.execute(f"SELECT {COLUMNS} FROM journal WHERE entry_id = ?", (entry_id,)).fetchone()
    return Entry(**row) if row else None


def newest_entry_id(conn: sqlite3.Connection) -> int:
    """The largest entry id stored, 0 for an empty journal (a session's watermark)."""
    return conn.execute("SELECT COALESCE(MAX(entry_id), 0) FROM journal").fetchone()[0]


def existing_ids(conn: sqlite3.Connection, entry_ids: Iterable[int]) -> frozenset[int]:
    """The ids among `entry_ids` whose line is still stored."""
    rows = conn.execute(
        "SELECT entry_id FROM journal WHERE entry_id IN (SELECT value FROM json_each(?))",
        (json.dumps(sorted(set(entry_ids))),),
    )
    return frozenset(r["entry_id"] for r in rows)


def delete_entry(conn: sqlite3.Connection, entry_id: int) -> bool:
    """Remove one line and count the deletion; True when it existed.

    The event the line came from stays marked as reflected on.
    """
    with transaction(conn):
        cur = conn.execute("DELETE FROM journal WHERE entry_id = ?", (entry_id,))
        if cur.rowcount:
            conn.execute(
                "INSERT INTO settings (key, value) VALUES (?, '1') ON CONFLICT(key) "
                "DO UPDATE SET value = CAST(value AS INTEGER) + 1",
                (DELETIONS_KEY,),
            )
    return cur.rowcount > 0


def deletion_count(conn: sqlite3.Connection) -> int:
    row = conn.execute("SELECT value FROM settings WHERE key = ?", (DELETIONS_KEY,)).fetchone()
    return int(row["value"]) if row else 0


def delete_text(conn: sqlite3.Connection, text: str) -> None:
    """Remove the line with exactly `text`, without counting a user deletion.

    For the demo's reseed, which replaces its own lines before any session is opened.
    """
    conn.execute("DELETE FROM journal WHERE text = ?", (text,))


def has_event(conn: sqlite3.Connection, source: str, source_key: str) -> bool:
    """True when (source, source_key) has lines in the journal or is marked reflected on."""
    row = conn.execute(
        "SELECT 1 FROM journal WHERE source = ? AND source_key = ? "
        "UNION ALL SELECT 1 FROM journal_events WHERE source = ? AND source_key = ? LIMIT 1",
        (source, source_key, source, source_key),
    ).fetchone()
    return row is not None


def event_marked(conn: sqlite3.Connection, source: str, source_key: str) -> bool:
    """True when (source, source_key) is marked in `journal_events` (lines aside)."""
    return conn.execute(
        "SELECT 1 FROM journal_events WHERE source = ? AND source_key = ?", (source, source_key)
    ).fetchone() is not None


def mark_event(conn: sqlite3.Connection, source: str, source_key: str, lines: int) -> None:
    """Record that (source, source_key) was reflected on; a second mark raises IntegrityError."""
    conn.execute(
        "INSERT INTO journal_events (source, source_key, reflected_at, lines_written) "
        "VALUES (?, ?, ?, ?)",
        (source, source_key, clock.local_stamp(), lines),
    )


def unmark_event(conn: sqlite3.Connection, source: str, source_key: str) -> None:
    conn.execute(
        "DELETE FROM journal_events WHERE source = ? AND source_key = ?", (source, source_key)
    )


def record_replacements(conn: sqlite3.Connection, source: str, source_key: str,
                        pairs: list[tuple[int, Entry]]) -> None:
    """Keep, on the event (source, source_key), each (new entry id, line it replaced)."""
    history = [{"entry_id": new_id, "old_entry_id": old.entry_id, "old_text": old.text,
                "old_entry_date": old.entry_date, "old_source": old.source,
                "old_source_key": old.source_key} for new_id, old in pairs]
    conn.execute("UPDATE journal_events SET replaced = ? WHERE source = ? AND source_key = ?",
                 (json.dumps(history, ensure_ascii=False), source, source_key))


def replaced_lines(conn: sqlite3.Connection) -> dict[int, str]:
    """{entry id of an update: the text of the line it replaced}, for lines still stored."""
    rows = conn.execute(
        "SELECT j.entry_id, json_extract(r.value, '$.old_text') AS old_text"
        " FROM journal_events e, json_each(e.replaced) r"
        " JOIN journal j ON j.entry_id = json_extract(r.value, '$.entry_id')")
    return {int(row["entry_id"]): row["old_text"] for row in rows}
