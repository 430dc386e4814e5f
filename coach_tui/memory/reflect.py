"""Reflection: after an artifact (a saved review) exists, the model may add journal lines.

At most two `MEMORY:` lines per event, once per event. `has_event` is the cheap pre-check;
when two reflections race past it, the event marker and the partial unique index refuse the
second set inside one transaction, so one set of lines is stored. `NONE` (or no MEMORY line)
writes no lines but marks the event, so it is not asked about again. Reflection is fail-silent:
a model call or write that raises is logged and swallowed, and the artifact, already saved,
is never harmed.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable

from coach_tui.memory.journal import (
    ENTRY_MAX_CHARS,
    JOURNAL_CAP,
    clean_line,
    has_event,
    mark_event,
    save_entry,
)
from coach_tui.store.db import transaction

log = logging.getLogger(__name__)

MAX_LINES_PER_EVENT = 2

PROMPT = (
    "You keep the coach's journal. Read the {kind} below. If something in it is worth "
    "remembering about this person and how they train, write at most two lines, each starting "
    "with 'MEMORY: ' and under {max_chars} characters: a judgment or a habit, not a number "
    "(code keeps the numbers). Otherwise write NONE.\n\n"
)


def reflection_prompt(artifact_text: str, *, kind: str = "review",
                      max_chars: int = ENTRY_MAX_CHARS) -> str:
    return PROMPT.format(kind=kind, max_chars=max_chars) + artifact_text


def parse_memory_lines(reply: str, *, max_chars: int = ENTRY_MAX_CHARS) -> list[str]:
    """The first two usable `MEMORY:` lines of a reply, cleaned; [] for NONE or nothing."""
    out: list[str] = []
    for raw in reply.splitlines():
        if not raw.lstrip().upper().startswith("MEMORY:"):
            continue
        try:
            out.append(clean_line(raw, max_chars=max_chars))
        except ValueError:
            continue  # "MEMORY:" with nothing after it
        if len(out) == MAX_LINES_PER_EVENT:
            break
    return out


def reflect_on_artifact(
    conn: sqlite3.Connection,
    artifact_text: str,
    *,
    source: str,
    source_key: str,
    generate: Callable[[str], str],
    entry_date: str | None = None,
    cap: int = JOURNAL_CAP,
    max_chars: int = ENTRY_MAX_CHARS,
) -> list[int]:
    """Reflect once on (source, source_key); returns the ids of the lines written.

    `generate(prompt) -> str` is the model call. Never raises for a model or store failure.
    """
    try:
        if has_event(conn, source, source_key):
            return []
        reply = generate(reflection_prompt(artifact_text, max_chars=max_chars))
        lines = parse_memory_lines(reply, max_chars=max_chars)
        written: list[int] = []
        with transaction(conn):
            mark_event(conn, source, source_key, len(lines))
            for seq, line in enumerate(lines, start=1):
                entry_id = save_entry(
                    conn, line, source=source, source_key=source_key, seq=seq,
                    entry_date=entry_date, cap=cap, max_chars=max_chars,
                )
                if entry_id is not None:
                    written.append(entry_id)
        return written
    except sqlite3.IntegrityError:
        log.info("reflection on %s %s already stored by another writer", source, source_key)
        return []
    except Exception:
        log.exception("reflection on %s %s failed; nothing was written", source, source_key)
        return []
