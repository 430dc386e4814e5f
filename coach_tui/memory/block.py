"""Render the memory block: ledger facts and the newest journal lines under a grounding header.

The header is a contract with the model: cite only what is listed, and make no callbacks when
nothing is. The block is rendered once per session and frozen in the cached system prefix, so
the same facts and journal always give the same bytes (fixed order, no clock). A budget cuts
it at a line boundary; an artifact's own lines can be left out of its own prompt so reflecting
on it never feeds back into it.
"""

from __future__ import annotations

import sqlite3

HEADER = (
    "MEMORY (code-derived facts and journal lines):\n"
    "Cite ONLY facts listed below, with their counts and dates.\n"
    "If this section is empty, make no callbacks to past events.\n"
)
JOURNAL_LINES_IN_BLOCK = 20


def render_memory_block(
    conn: sqlite3.Connection,
    ledger_facts: list[str],
    *,
    exclude_source_key: tuple[str, str] | None = None,
    max_chars: int | None = None,
) -> str:
    """The block as it goes into the system prompt, or "" when there is nothing to say.

    `max_chars=None` means no budget; an explicit budget keeps the header and as many whole
    lines as fit (0, or one too small for the header and a line, gives "").
    """
    if max_chars is not None and max_chars < 0:
        raise ValueError(f"max_chars must be 0 or more, got {max_chars}")
    lines = [f"- {fact}" for fact in ledger_facts]
    sql = "SELECT entry_date, text FROM journal"
    args: tuple = ()
    if exclude_source_key is not None:
        source, key = exclude_source_key
        sql += " WHERE NOT (source = ? AND source_key IS ?)"
        args = (source, key)
    sql += " ORDER BY entry_id DESC LIMIT ?"
    rows = conn.execute(sql, (*args, JOURNAL_LINES_IN_BLOCK)).fetchall()
    lines += [f"- {entry_date}: {text}" for entry_date, text in rows]
    if not lines:
        return ""
    block = HEADER + "\n".join(lines)
    if max_chars is not None and len(block) > max_chars:
        kept = HEADER.rstrip("\n")
        for line in lines:
            if len(kept) + 1 + len(line) > max_chars:
                break
            kept += "\n" + line
        block = kept if kept != HEADER.rstrip("\n") else ""
    return block
