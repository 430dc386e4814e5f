"""Messages a killed process left waiting are marked interrupted at the next start.

A message is stored 'pending' before it is sent, and the process that sent it marks it once
its reply, its failure or a stop is stored: it stays pending only while that process runs,
or for ever after a kill -9, a power cut or a crash nothing could catch. A message pending
for longer than the longest a reply can take (`longest_reply`: every wait to retry, every
attempt's wait for a first byte, and the whole reply budget at a pace slower than any model
streams) belongs to no running process. `mark_orphans`, run when a command or the app first
opens its database (context.py), marks it interrupted with a sentence saying so, which
`sessions show` and the app show as they show any interrupted message. Should a reply still
arrive after all, storing it sets the message's status again.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta

from coach_tui.config import Settings
from coach_tui.store import pending as store

SLOWEST_TOKENS_PER_SECOND = 10
ORPHANED = ("Interrupted: coach-tui was ended before the reply arrived; send your message "
            "again to ask it.")


def longest_reply(settings: Settings) -> timedelta:
    """The longest a message can honestly wait for its reply (see the module docstring)."""
    # Imported here: most starts find nothing pending and need none of the model's code.
    from coach_tui.coach.llm import MAX_RETRIES, TIMEOUT_SECONDS

    return timedelta(seconds=settings.max_wait_seconds
                     + (MAX_RETRIES + 1) * TIMEOUT_SECONDS
                     + settings.max_tokens / SLOWEST_TOKENS_PER_SECOND)


def mark_orphans(conn: sqlite3.Connection, settings: Settings, now: datetime) -> int:
    """Mark the messages pending for longer than `longest_reply` interrupted; how many."""
    pending = store.pending_user_turns(conn)
    if not pending:
        return 0
    cutoff = (now - longest_reply(settings)).replace(tzinfo=None)
    orphans = [turn_id for turn_id, created_at in pending if _before(created_at, cutoff)]
    if orphans:
        store.mark_pending_interrupted(conn, orphans, ORPHANED)
    return len(orphans)


def _before(stamp: str, cutoff: datetime) -> bool:
    try:
        return datetime.fromisoformat(stamp).replace(tzinfo=None) < cutoff
    except ValueError:
        return False  # not a time this app wrote: leave it as it is
