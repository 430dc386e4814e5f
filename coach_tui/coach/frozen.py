"""A session's frozen system prompt: rendered once, stored with the session, changed only when
the model must see memory differently.

Contract:
- `create` renders the persona and (memory on) the memory snapshot as of `now` and stores a
  new session with those blocks, the ids of the journal lines the snapshot holds, the journal
  watermark (the newest line id then) and the deletion count, all read in one transaction so
  they describe the same moment. The session keeps them verbatim for every request.
- `reconcile` brings the stored blocks in line with the memory switch and the user's
  deletions, before a turn. The snapshot is rendered again, once, in exactly two cases: a line
  it holds was deleted, or memory was turned back on. A deleted line is also taken out of the
  session's earlier recall blocks, by id (`scrub_recalls`). It returns True when the model
  will see memory differently from the last turn. With memory off the blocks become the
  persona alone; the deletion count is kept, so deletions made meanwhile are handled when
  memory comes back.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime
from typing import NamedTuple

from coach_tui.clock import local_stamp
from coach_tui.coach import prompts
from coach_tui.coach.persona import load_persona
from coach_tui.config import Settings
from coach_tui.memory.recall import Recall, without_deleted_lines
from coach_tui.memory.snapshot import ledger_today, render_snapshot
from coach_tui.memory.switch import memory_state
from coach_tui.store import journal as journal_store
from coach_tui.store import sessions as store
from coach_tui.store.db import transaction


class Rendered(NamedTuple):
    """System blocks and what they were rendered from, read together."""

    system: list[dict]
    entry_ids: list[int]   # journal lines the snapshot holds
    watermark: int         # the newest journal entry id at render time
    deletions: int         # the journal's deletion count at render time


def create(conn: sqlite3.Connection, settings: Settings, now: datetime,
           model: str | None = None) -> store.SessionRow:
    """Render the system blocks as of `now` and store a new session with them."""
    persona = load_persona(settings)
    on = memory_state(conn).on
    with transaction(conn):
        rendered = render(conn, settings, persona, on, now)
        session_id = store.create_session(
            conn, created_at=local_stamp(now),
            model=settings.chat_model if model is None else model, system=rendered.system,
            memory_on=on, snapshot_entry_ids=rendered.entry_ids,
            journal_watermark=rendered.watermark, snapshot_deletions=rendered.deletions,
            effort=settings.effort, max_tokens=settings.max_tokens,
            snapshot_date=now.date().isoformat(),
        )
    row = store.get_session(conn, session_id)
    assert row is not None  # created above
    return row


def render(conn: sqlite3.Connection, settings: Settings, persona: str, memory_on: bool,
           now: datetime) -> Rendered:
    """The system blocks as of `now`; the caller holds the transaction."""
    watermark = journal_store.newest_entry_id(conn)
    deletions = journal_store.deletion_count(conn)
    if not memory_on:
        return Rendered(prompts.system_blocks(persona, None), [], watermark, deletions)
    snapshot = render_snapshot(
        conn, today=ledger_today(conn, now), default_goal=settings.default_step_goal,
        max_chars=settings.memory_block_max_chars,
    )
    return Rendered(prompts.system_blocks(persona, snapshot.text or None),
                    list(snapshot.entry_ids), watermark, deletions)


def reconcile(conn: sqlite3.Connection, settings: Settings, row: store.SessionRow, on: bool,
              now: datetime) -> bool:
    """Bring `row`'s stored system blocks in line with the memory switch and deletions.

    True when the model will see memory differently from the last turn: the snapshot was
    rendered again, or a line the user deleted was taken out of earlier recall blocks. The
    caller reloads its row afterwards.
    """
    persona = row.system[0]["text"]
    with transaction(conn):
        if not on:
            if row.memory_on:
                # Persona only. The deletion count is kept as it was, so deletions made
                # while memory is off are still cleaned up when it comes back on.
                store.update_system(
                    conn, row.session_id, system=prompts.system_blocks(persona, None),
                    memory_on=False, snapshot_entry_ids=[],
                    journal_watermark=row.journal_watermark,
                    snapshot_deletions=row.snapshot_deletions, snapshot_date=row.snapshot_date)
            return False
        deletions = journal_store.deletion_count(conn)
        scrubbed = deletions != row.snapshot_deletions and scrub_recalls(conn, row.session_id)
        if not row.memory_on:
            _store(conn, row.session_id, render(conn, settings, persona, True, now), now)
            return True
        if deletions == row.snapshot_deletions:
            return False
        held = set(row.snapshot_entry_ids)
        if journal_store.existing_ids(conn, held) == held:
            # No line the snapshot holds was deleted: the system prompt stays as it is.
            store.set_snapshot_deletions(conn, row.session_id, deletions)
            return scrubbed
        _store(conn, row.session_id, render(conn, settings, persona, True, now), now)
        return True


def scrub_recalls(conn: sqlite3.Connection, session_id: int) -> bool:
    """Take deleted journal lines out of a session's stored recall blocks, by id."""
    changed = False
    for turn in store.list_turns(conn, session_id, including_replaced=True):
        if turn.role != "user" or not turn.recall_journal:
            continue
        cleaned = without_deleted_lines(conn, Recall(turn.recall or "", turn.recall_journal))
        if cleaned.quoted != turn.recall_journal:
            store.set_recall(conn, turn.turn_id, cleaned.text, cleaned.quoted)
            changed = True
    return changed


def _store(conn: sqlite3.Connection, session_id: int, rendered: Rendered,
           now: datetime) -> None:
    """Store a fresh render with memory on, as of `now`."""
    store.update_system(conn, session_id, system=rendered.system, memory_on=True,
                        snapshot_entry_ids=rendered.entry_ids,
                        journal_watermark=rendered.watermark,
                        snapshot_deletions=rendered.deletions,
                        snapshot_date=now.date().isoformat())
