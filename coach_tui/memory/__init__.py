"""Two-layer memory: a ledger code computes and a journal the model writes.

The functions of the memory design are importable here with its signatures; each is imported
when first asked for (the app starts without them, `reflect_on_artifact` above all).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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
    from coach_tui.memory.reflect import reflect_on_artifact
    from coach_tui.memory.switch import memory_state, set_memory
    from coach_tui.store.db import connect

# Where each name is defined: imported when first asked for, so the app's first frame, which
# reads only the memory switch (memory.switch), waits for none of the rest (issue 23).
_HOMES = {
    "HEADER": "coach_tui.memory.block", "memory_block": "coach_tui.memory.block",
    "ENTRY_MAX_CHARS": "coach_tui.memory.journal", "JOURNAL_CAP": "coach_tui.memory.journal",
    "delete_entry": "coach_tui.memory.journal", "has_event": "coach_tui.memory.journal",
    "list_entries": "coach_tui.memory.journal", "save_entry": "coach_tui.memory.journal",
    "ledger_facts": "coach_tui.memory.ledger",
    "streak_as_of_yesterday": "coach_tui.memory.ledger",
    "reflect_on_artifact": "coach_tui.memory.reflect",
    "memory_state": "coach_tui.memory.switch", "set_memory": "coach_tui.memory.switch",
    "connect": "coach_tui.store.db",
}


def __getattr__(name: str):
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)


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
