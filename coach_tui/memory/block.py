"""Render the memory block: ledger facts and the newest journal lines under a grounding header.

The header is a contract with the model: cite only what is listed, and make no callbacks when
nothing is. The block is rendered once per session and frozen in the cached system prefix, so
the same facts and journal always give the same bytes (fixed order, no clock). A budget cuts
it at a line boundary; an artifact's own lines can be left out of its own prompt so reflecting
on it never feeds back into it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

from coach_tui.store.journal import Entry, list_entries

HEADER = (
    "MEMORY (code-derived facts and journal lines):\n"
    "Cite ONLY facts listed below, with their counts and dates.\n"
    "If this section is empty, make no callbacks to past events.\n"
)
JOURNAL_LINES_IN_BLOCK = 20


@dataclass(frozen=True)
class MemoryBlock:
    """The block's text ("" when there is nothing to say) and the journal lines it holds."""

    text: str
    entry_ids: tuple[int, ...]


def memory_block(
    conn: sqlite3.Connection,
    ledger_facts: list[str],
    *,
    exclude_source_key: tuple[str, str] | None = None,
    max_chars: int | None = None,
) -> MemoryBlock:
    """The block as it goes into the system prompt ("" when there is nothing to say) and the
    ids of the journal lines that made the cut.

    `max_chars=None` means no budget; an explicit budget keeps the header and as many whole
    lines as fit (0, or one too small for the header and a line, gives "").
    """
    if max_chars is not None and max_chars < 0:
        raise ValueError(f"max_chars must be 0 or more, got {max_chars}")
    entries = list_entries(conn, limit=JOURNAL_LINES_IN_BLOCK,
                           exclude_source_key=exclude_source_key)
    return compose_block(ledger_facts, entries, max_chars=max_chars)


def compose_block(ledger_facts: Sequence[str], entries: Sequence[Entry], *,
                  max_chars: int | None) -> MemoryBlock:
    """Pure: facts first, then `entries` in the order given, cut at a line to `max_chars`."""
    lines = [f"- {fact}" for fact in ledger_facts]
    lines += [f"- {e.entry_date}: {e.text}" for e in entries]
    if not lines:
        return MemoryBlock("", ())
    kept = len(lines)
    block = HEADER + "\n".join(lines)
    if max_chars is not None and len(block) > max_chars:
        block, kept = HEADER.rstrip("\n"), 0
        for line in lines:
            if len(block) + 1 + len(line) > max_chars:
                break
            block += "\n" + line
            kept += 1
        if not kept:
            return MemoryBlock("", ())
    # The journal lines follow the facts, so the first `kept - len(facts)` of them made it.
    held = entries[: max(0, kept - len(ledger_facts))]
    return MemoryBlock(block, tuple(e.entry_id for e in held))
