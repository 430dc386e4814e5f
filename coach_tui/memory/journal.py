"""The coach's journal: short dated lines about the relationship, capped and idempotent.

Contract (enforced here, in store/journal.py and in the schema, not by callers being careful): a
line is one line of at most `ENTRY_MAX_CHARS` characters, with control characters and a leading
`MEMORY:` removed; the table never holds more than `JOURNAL_CAP` lines, because every insert
prunes in the same transaction, taking machine-written lines before the user's own, and never a
line of the user's: with the cap full of them, adding one is refused (`JournalFull`: the user
deletes a line first) and reflection writes nothing; a line with the same words as a stored one
(`same_words`: case, punctuation, order, endings and filler words aside) is never stored twice;
reflection may replace a coach line it refines, never the user's, and the old line is kept on
the event in `journal_events`; and an event (source, source_key) is reflected on once: the
partial unique index refuses a second set of lines, and `journal_events` remembers events whose
reflection wrote nothing, so they are not asked about again. Lines written mid-session reach
disk at once and the model at the next session (the snapshot is frozen). This module holds the
policy (what a line may hold, the cap, whose lines go first); store/journal.py runs the SQL.
Reading, deleting and marking events are plain data access: they are store/journal.py's
functions, re-exported here so the layers above ask this one module about the journal.
"""

from __future__ import annotations

import re
import sqlite3
import unicodedata
from datetime import date

from coach_tui import clock
from coach_tui.config import default_of
from coach_tui.store import journal as store
from coach_tui.store.journal import (  # noqa: F401  re-exported: see the module docstring
    Entry,
    JournalFull,
    delete_entry,
    deletion_count,
    get_entry,
    has_event,
    list_entries,
    mark_event,
    replaced_lines,
)
from coach_tui.text import starting

# The defaults of `[memory] journal_cap` and `line_max_chars`, declared in config.Settings.
JOURNAL_CAP: int = default_of("journal_cap")
ENTRY_MAX_CHARS: int = default_of("line_max_chars")
USER_SOURCE = "user"
REVIEW_SOURCE = "review"  # journal lines reflected from a saved review

_MEMORY_PREFIX = re.compile(r"^\s*MEMORY:\s*", re.IGNORECASE)
_SPACES = re.compile(starting(r"\s") +
                     r"\s+")


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


# Filler that does not change what a journal line says. Negations, comparisons, times of day
# and weekdays are not here: dropping them would make different lessons the same line.
_FILLER = frozenset([
    "a", "an", "the", "and", "also", "again", "still", "just", "really", "very", "quite", "so",
    "then", "as", "of", "to", "in", "at", "by", "for", "with", "from", "is", "are", "was",
    "were", "be", "been", "being", "am", "has", "have", "had", "do", "does", "did", "he", "she",
    "they", "them", "his", "her", "hers", "their", "theirs", "you", "your", "i", "me", "my",
    "we", "our", "it", "its", "this", "that", "these", "those", "who", "which", "there", "here",
])
_WORD = re.compile(starting(r"\w") +
                   r"\w+")


def same_words(text: str) -> str:
    """The comparison key of a line: two lines with the same key are the same lesson.

    Case, punctuation, spacing, word order, word endings ("skips"/"skipped") and words that
    carry nothing ("the", "again", "also") do not count; negations and comparisons do.
    """
    # Imported here: the word list and its date patterns cost the app's first frame ~10-40 ms
    # and are needed only when a line is added.
    from coach_tui.memory.query import base_form

    folded = unicodedata.normalize("NFKC", text).casefold().replace("'", "").replace("\u2019", "")
    words = [base_form(w) for w in _WORD.findall(folded) if w not in _FILLER]
    return " ".join(sorted(words)) if words else folded.strip()


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
    """Store one line (see `add_entry`); the new entry id, or None when nothing was stored."""
    return add_entry(conn, text, source=source, source_key=source_key, seq=seq,
                     entry_date=entry_date, cap=cap, max_chars=max_chars).entry_id


def add_entry(
    conn: sqlite3.Connection,
    text: str,
    *,
    source: str,
    source_key: str | None = None,
    seq: int = 1,
    entry_date: str | None = None,
    cap: int = JOURNAL_CAP,
    max_chars: int = ENTRY_MAX_CHARS,
    replaces: int | None = None,
) -> store.Added:
    """Store one line and prune past the cap in the same transaction.

    Nothing is stored when a line with the same words (`same_words`) is stored already
    (`duplicate_of` says which), or, for a machine line, when every line is the user's.
    `replaces` is the id of a machine line the new one refines: it goes in the same
    transaction (a user's line is never replaced). `pruned` lists the lines the cap removed.
    Raises ValueError for an empty line, JournalFull (a ValueError) for a user line when the
    cap is full of user lines, and sqlite3.IntegrityError when (source, source_key, seq) was
    already written.
    """
    if cap < 1:
        raise ValueError(f"cap must be at least 1, got {cap}")
    if seq < 1:
        raise ValueError(f"seq must be at least 1, got {seq}")
    line = clean_line(text, max_chars=max_chars)
    day = entry_date if entry_date is not None else clock.today().isoformat()
    date.fromisoformat(day)  # a bad date is an error, not a row
    # Keep the newest `cap` lines, user lines first: machine lines are pruned before any
    # line the user wrote by hand.
    return store.add_line(conn, line, entry_date=day, source=source, source_key=source_key,
                          seq=seq, cap=cap, protected_source=USER_SOURCE, same=same_words,
                          replaces=replaces)


def full_of_user_lines(conn: sqlite3.Connection, cap: int = JOURNAL_CAP) -> bool:
    """True when the user's own lines fill the cap: nothing can be added until one is deleted."""
    return store.count_source(conn, USER_SOURCE) >= cap


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
