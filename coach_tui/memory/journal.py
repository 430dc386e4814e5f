"""The coach's journal: short dated lines about the relationship, capped and idempotent.

Contract (enforced here and in the schema, not by callers being careful): a line is one line
of at most `ENTRY_MAX_CHARS` characters, with control characters and a leading `MEMORY:`
removed; the table never holds more than `JOURNAL_CAP` lines, because every insert prunes in
the same transaction, taking machine-written lines before the user's own; the exact same text
is never stored twice; and an event (source, source_key) is reflected on once: the partial
unique index refuses a second set of lines, and `journal_events` remembers events whose
reflection wrote nothing, so they are not asked about again. Lines written mid-session reach
disk at once and the model at the next session (the snapshot is frozen).
"""

from __future__ import annotations

import re
import sqlite3
import unicodedata
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from coach_tui import clock
from coach_tui.store.db import transaction

JOURNAL_CAP = 60
ENTRY_MAX_CHARS = 240
USER_SOURCE = "user"

_MEMORY_PREFIX = re.compile(r"^\s*MEMORY:\s*", re.IGNORECASE)
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class Entry:
    entry_id: int
    created_at: str
    entry_date: str
    source: str
    source_key: str | None
    seq: int
    text: str


def clean_line(text: str, *, max_chars: int = ENTRY_MAX_CHARS) -> str:
    """Make `text` one journal line: single line, no control characters, no `MEMORY:`."""
    if max_chars < 1:
        raise ValueError(f"max_chars must be at least 1, got {max_chars}")
    chars = [
        " " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in text
    ]
    line = _SPACES.sub(" ", "".join(chars)).strip()
    while _MEMORY_PREFIX.match(line):
        line = _MEMORY_PREFIX.sub("", line, count=1)
    line = line[:max_chars].rstrip()
    if not line:
        raise ValueError("a journal line needs some text")
    return line


def save_entry(
    conn: sqlite3.Connection,
    text: str,
    *,
    source: str,
    source_key: str | None = None,
    seq: int = 1,
    entry_date: str | None = None,
    cap: int = JOURNAL_CAP,
    max_chars: int = ENTRY_MAX_CHARS,
) -> int | None:
    """Store one line and prune past the cap in the same transaction.

    Returns the new entry id, or None when the same text was already stored (or the cap
    pruned the line at once). Raises ValueError for an empty line and sqlite3.IntegrityError
    when (source, source_key, seq) was already written.
    """
    if cap < 1:
        raise ValueError(f"cap must be at least 1, got {cap}")
    if seq < 1:
        raise ValueError(f"seq must be at least 1, got {seq}")
    line = clean_line(text, max_chars=max_chars)
    day = entry_date if entry_date is not None else clock.today().isoformat()
    date.fromisoformat(day)  # a bad date is an error, not a row
    with transaction(conn):
        if conn.execute("SELECT 1 FROM journal WHERE text = ? LIMIT 1", (line,)).fetchone():
            return None
        cur = conn.execute(
            "INSERT INTO journal (created_at, entry_date, source, source_key, seq, text) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (clock.local_stamp(), day, source, source_key, seq, line),
        )
        entry_id = cur.lastrowid
        # Keep the newest `cap` lines, user lines first: machine lines are pruned before any
        # line the user wrote by hand.
        conn.execute(
            "DELETE FROM journal WHERE entry_id NOT IN ("
            " SELECT entry_id FROM journal"
            " ORDER BY (source = ?) DESC, entry_id DESC LIMIT ?)",
            (USER_SOURCE, cap),
        )
        kept = conn.execute("SELECT 1 FROM journal WHERE entry_id = ?", (entry_id,)).fetchone()
    return entry_id if kept else None


def has_event(conn: sqlite3.Connection, source: str, source_key: str) -> bool:
    """True when this event was already reflected on (lines or not)."""
    row = conn.execute(
        "SELECT 1 FROM journal WHERE source = ? AND source_key = ? "
        "UNION ALL SELECT 1 FROM journal_events WHERE source = ? AND source_key = ? LIMIT 1",
        (source, source_key, source, source_key),
    ).fetchone()
    return row is not None


def mark_event(conn: sqlite3.Connection, source: str, source_key: str, lines: int) -> None:
    """Record that (source, source_key) was reflected on; a second mark raises IntegrityError."""
    conn.execute(
        "INSERT INTO journal_events (source, source_key, reflected_at, lines_written) "
        "VALUES (?, ?, ?, ?)",
        (source, source_key, clock.local_stamp(), lines),
    )


def list_entries(conn: sqlite3.Connection, *, limit: int | None = None) -> list[Entry]:
    """Journal lines, newest first."""
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be 0 or more, got {limit}")
    sql = (
        "SELECT entry_id, created_at, entry_date, source, source_key, seq, text "
        "FROM journal ORDER BY entry_id DESC"
    )
    args: tuple = ()
    if limit is not None:
        sql += " LIMIT ?"
        args = (limit,)
    return [Entry(*row) for row in conn.execute(sql, args)]


def get_entry(conn: sqlite3.Connection, entry_id: int) -> Entry | None:
    row = conn.execute(
        "SELECT entry_id, created_at, entry_date, source, source_key, seq, text "
        "FROM journal WHERE entry_id = ?",
        (entry_id,),
    ).fetchone()
    return Entry(*row) if row else None


DELETIONS_KEY = "journal_deletions"


def delete_entry(conn: sqlite3.Connection, entry_id: int) -> bool:
    """Remove one line; True when it existed. The event stays marked as reflected.

    Every deletion bumps a counter, so an open session (in this process or another) sees that
    a line the user removed must leave its snapshot on the next turn.
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
    return int(row[0]) if row else 0


def export_markdown(entries: list[Entry], *, exported_on: str) -> str:
    """A Markdown page a person can read: lines grouped by day, newest day first."""
    out = ["# Coach journal", "", f"Exported {exported_on}. {len(entries)} lines.", ""]
    current = None
    for e in entries:
        if e.entry_date != current:
            current = e.entry_date
            out += [f"## {current}", ""]
        origin = "you" if e.source == USER_SOURCE else f"{e.source} {e.source_key or ''}".strip()
        out.append(f"- {_escape_md(e.text)} _({origin})_")
    if entries:
        out.append("")
    return "\n".join(out)


def _escape_md(text: str) -> str:
    return re.sub(r"([\\`*_\[\]<>#|])", r"\\\1", text)


def write_export(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
