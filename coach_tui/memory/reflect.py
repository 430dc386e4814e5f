"""Reflection: after an artifact (a saved review) exists, the model may add journal lines.

The model is shown the journal as it stands, in the request's cached prefix (the system
prompt: the fixed instructions, then every line in id order, oldest first, so the same journal
is the same bytes), and the artifact in the user turn. It answers with at most two lines:
`MEMORY: <line>` for something the journal does not say yet, `REPLACE <id>: <line>` for a
sharper version of a coach line already there, or `NONE`. Code has the last word: a line with
the same words as a stored one is refused (memory/journal.py, `same_words`), a replacement may
only take the place of a coach line (the user's own lines are theirs: aimed at one, the line is
added as new), and a replaced line's text stays on the event in `journal_events`.

Prepare (`prepare_reflection`: the journal, read in one read transaction), call, complete
(`complete_reflection`: the lines, in one write transaction), as a chat turn and a review.
Once per event. `has_event` is the cheap pre-check; when two reflections race past it, the event
marker and the partial unique index refuse the second set inside one transaction, so one set of
lines is stored. `NONE` (or no usable line) writes no lines but marks the event, so it is not
asked about again. Reflection is fail-silent: a model call or write that raises is logged and
swallowed, and the artifact, already saved, is never harmed.
"""

from __future__ import annotations

import logging
import re
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from coach_tui.logfile import logged_failure
from coach_tui.memory.journal import (
    ENTRY_MAX_CHARS,
    JOURNAL_CAP,
    USER_SOURCE,
    Entry,
    add_entry,
    clean_line,
    has_event,
    list_entries,
    mark_event,
)
from coach_tui.store import journal as store
from coach_tui.store.db import reading, transaction

log = logging.getLogger(__name__)

MAX_LINES_PER_EVENT = 2

INSTRUCTIONS = (
    "You keep the coach's journal: short lines about this person and how they train. The "
    "journal as it stands follows, one line each as [id] date, who wrote it: the line. The user "
    "then sends a {kind}. Write only what the journal does not already say, at most two lines, "
    "each under {max_chars} characters: a judgment or a habit, not a number (code keeps the "
    "numbers).\n"
    "- Something new: MEMORY: <the line>\n"
    "- A sharper version of a coach line already there: REPLACE <id>: <the line> (the whole "
    "new line; it takes the old one's place). Lines written by the user are never replaced.\n"
    "If the journal already says it all, write NONE."
)

_REPLACE = re.compile(r"^\s*REPLACE\s*\[?\s*(\d+)\s*\]?\s*:\s*", re.IGNORECASE)
_MEMORY = re.compile(r"^\s*MEMORY\s*:", re.IGNORECASE)


@dataclass(frozen=True)
class ReflectionPrompt:
    """What reflection sends: `instructions` and `journal` are the system prompt (the cached
    prefix, in that order), `artifact` the user turn."""

    instructions: str
    journal: str
    artifact: str


@dataclass(frozen=True)
class Proposal:
    """One line the model proposed: new (`replaces` None) or in place of line `replaces`."""

    text: str
    replaces: int | None = None


def journal_block(entries: Sequence[Entry]) -> str:
    """The journal as reflection reads it: every line in id order, with who wrote it."""
    if not entries:
        return "The journal is empty."
    rows = [f"[{e.entry_id}] {e.entry_date}, {'the user' if e.source == USER_SOURCE else 'coach'}"
            f": {e.text}" for e in sorted(entries, key=lambda e: e.entry_id)]
    return f"The journal ({len(rows)} lines):\n" + "\n".join(rows)


def reflection_prompt(artifact_text: str, entries: Sequence[Entry] = (), *,
                      kind: str = "review", max_chars: int = ENTRY_MAX_CHARS) -> ReflectionPrompt:
    return ReflectionPrompt(INSTRUCTIONS.format(kind=kind, max_chars=max_chars),
                            journal_block(entries), artifact_text)


def parse_reply(reply: str, *, max_chars: int = ENTRY_MAX_CHARS) -> list[Proposal]:
    """The first two usable lines of a reply, cleaned; [] for NONE or nothing."""
    out: list[Proposal] = []
    for raw in reply.splitlines():
        replace = _REPLACE.match(raw)
        if replace is None and not _MEMORY.match(raw):
            continue
        body = raw[replace.end():] if replace is not None else raw
        try:
            text = clean_line(body, max_chars=max_chars)
        except ValueError:
            continue  # "MEMORY:" with nothing after it
        out.append(Proposal(text, int(replace.group(1)) if replace is not None else None))
        if len(out) == MAX_LINES_PER_EVENT:
            break
    return out


@dataclass(frozen=True)
class Reflected:
    """What one reflection stored: the lines written, as stored, and the ids of those that took
    the place of a coach line (updates)."""

    lines: tuple[Entry, ...] = ()
    updated: frozenset[int] = frozenset()
    problem: str | None = None   # an unexpected failure, in one line naming where it is logged

    @property
    def entry_ids(self) -> list[int]:
        return [e.entry_id for e in self.lines]


def prepare_reflection(conn: sqlite3.Connection, artifact_text: str, *, source: str,
                       source_key: str, max_chars: int = ENTRY_MAX_CHARS,
                       ) -> ReflectionPrompt | None:
    """What reflecting on (source, source_key) sends, the journal read in one read transaction
    (the caller's, when it holds one); None when it was reflected on already."""
    with reading(conn):
        if has_event(conn, source, source_key):
            return None
        return reflection_prompt(artifact_text, list_entries(conn), max_chars=max_chars)


def complete_reflection(conn: sqlite3.Connection, reply: str, *, source: str, source_key: str,
                        entry_date: str | None = None, cap: int = JOURNAL_CAP,
                        max_chars: int = ENTRY_MAX_CHARS) -> Reflected:
    """Store the lines of the model's `reply` and mark the event, in one write transaction
    (the lines written are read back in it). sqlite3.IntegrityError when another writer
    stored this event first."""
    proposals = parse_reply(reply, max_chars=max_chars)
    written: list[int] = []
    replaced: list[tuple[int, Entry]] = []
    with transaction(conn):
        mark_event(conn, source, source_key, len(proposals))
        for seq, proposal in enumerate(proposals, start=1):
            added = add_entry(
                conn, proposal.text, source=source, source_key=source_key, seq=seq,
                entry_date=entry_date, cap=cap, max_chars=max_chars,
                replaces=proposal.replaces,
            )
            if added.duplicate_of is not None:
                log.info("reflection on %s %s: %r says what line %d says; not stored",
                         source, source_key, proposal.text, added.duplicate_of.entry_id)
            if added.entry_id is not None:
                written.append(added.entry_id)
                if added.replaced is not None:
                    replaced.append((added.entry_id, added.replaced))
        if replaced:
            store.record_replacements(conn, source, source_key, replaced)
        lines = tuple(e for e in (store.get_entry(conn, i) for i in written) if e is not None)
    return Reflected(lines, frozenset(new for new, _ in replaced))


def reflect_with(conn: sqlite3.Connection, prompt: ReflectionPrompt, *, source: str,
                 source_key: str, generate: Callable[[ReflectionPrompt], str],
                 entry_date: str | None = None, cap: int = JOURNAL_CAP,
                 max_chars: int = ENTRY_MAX_CHARS) -> Reflected:
    """The call and the write of a prepared reflection; never raises for a model or store
    failure (logged, nothing written, `problem` says so and where it is logged)."""
    try:
        reply = generate(prompt)
        return complete_reflection(conn, reply, source=source, source_key=source_key,
                                   entry_date=entry_date, cap=cap, max_chars=max_chars)
    except sqlite3.IntegrityError:
        log.info("reflection on %s %s already stored by another writer", source, source_key)
    except Exception as exc:
        log.exception("reflection on %s %s failed; nothing was written", source, source_key)
        return Reflected(problem=logged_failure(exc))
    return Reflected()


def reflect_on_artifact(
    conn: sqlite3.Connection,
    artifact_text: str,
    *,
    source: str,
    source_key: str,
    generate: Callable[[ReflectionPrompt], str],
    entry_date: str | None = None,
    cap: int = JOURNAL_CAP,
    max_chars: int = ENTRY_MAX_CHARS,
) -> list[int]:
    """Reflect once on (source, source_key): prepare (one read), `generate(prompt) -> str` (the
    model call), complete (one write); returns the ids of the lines written. Never raises for
    a model or store failure."""
    try:
        prompt = prepare_reflection(conn, artifact_text, source=source, source_key=source_key,
                                    max_chars=max_chars)
    except Exception:
        log.exception("reflection on %s %s failed; nothing was written", source, source_key)
        return []
    if prompt is None:
        return []
    return reflect_with(conn, prompt, source=source, source_key=source_key, generate=generate,
                        entry_date=entry_date, cap=cap, max_chars=max_chars).entry_ids
