"""Two-layer memory: a ledger code computes and a journal the model writes.

The functions of the memory design are importable here with its signatures
(`reflect_on_artifact` is imported when first asked for: the app starts without it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from coach_tui.memory.block import HEADER, memory_block
from coach_tui.memory.journal import (
    ENTRY_MAX_CHARS,
    JOURNAL_CAP,
    delete_entry,
    has_event,
    list_entries,
    save_entry,
)
from coach_tui.memory.ledger import ledger_facts, streak_as_of_yesterday
from coach_tui.memory.switch import memory_state, set_memory
from coach_tui.store.db import connect

if TYPE_CHECKING:
    from coach_tui.memory.reflect import reflect_on_artifact


def __getattr__(name: str):
    if name == "reflect_on_artifact":
        from coach_tui.memory.reflect import reflect_on_artifact

        return reflect_on_artifact
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ENTRY_MAX_CHARS",
    "HEADER",
    "JOURNAL_CAP",
    "connect",
    "delete_entry",
    "has_event",
    "ledger_facts",
    "list_entries",
    "memory_block",
    "memory_state",
    "reflect_on_artifact",
    "save_entry",
    "set_memory",
    "streak_as_of_yesterday",
]
