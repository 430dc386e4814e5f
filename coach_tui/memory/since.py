"""What a session rendered on an earlier day needs with each message: the ledger facts that
changed since its snapshot, and the days since it (at most `MAX_LISTED_DAYS` listed, newest
last, then one summary line). The system prompt stays as it was; the model never reads a stale
fact without the current one beside it.
"""

from __future__ import annotations

import sqlite3
from datetime import date, timedelta

from coach_tui.memory.daylines import day_line, summary_line
from coach_tui.memory.recall_items import RecallItem
from coach_tui.memory.snapshot import current_facts
from coach_tui.memory.spans import Span
from coach_tui.store.steps import load_days

CURRENT_FACTS_TITLE = (
    "Current facts (as of yesterday; where the memory snapshot above says otherwise, "
    "these are true now):"
)
SINCE_TITLE = "Days since the memory snapshot (rendered {rendered}, facts through {through}):"
MAX_LISTED_DAYS = 14


def since_snapshot(
    conn: sqlite3.Connection, *, snapshot_date: date, snapshot_text: str, today: date,
    default_goal: int,
) -> list[tuple[str, list[RecallItem]]]:
    """The sections a session rendered before `today` needs: current facts, days since.

    Empty when the snapshot is today's. A fact is current-and-different when its line is not
    one of the snapshot's lines (the snapshot writes each fact as "- FACT").
    """
    if snapshot_date >= today:
        return []
    held = set(snapshot_text.split("\n"))
    changed = [RecallItem("fact", f"- {fact}") for fact in current_facts(conn, today, default_goal)
               if f"- {fact}" not in held]
    last = today - timedelta(days=1)
    count = (last - snapshot_date).days + 1
    days = [snapshot_date + timedelta(days=i) for i in range(count)]
    rows = {d.date: d for d in load_days(conn, snapshot_date, last)}
    lines = [RecallItem("day", day_line(d, rows.get(d.isoformat()), default_goal), d.isoformat())
             for d in days[-MAX_LISTED_DAYS:]]
    if count > MAX_LISTED_DAYS:
        span = Span(f"all {count} days since the snapshot", snapshot_date, last, True)
        lines.append(RecallItem("span", summary_line(span, rows, default_goal),
                                snapshot_date.isoformat(), label=span.label,
                                end=last.isoformat()))
    title = SINCE_TITLE.format(rendered=snapshot_date.isoformat(),
                               through=(snapshot_date - timedelta(days=1)).isoformat())
    return [(CURRENT_FACTS_TITLE, changed), (title, lines)]
