"""One row per session, the same in `coach-tui sessions list` and the app's picker (ctrl+o).

A row is: when the session was last active (date and time of its newest message), the
messages you sent, what its replies cost, and its title. The title is the name it was given,
else its first message's words; when two listed sessions would read the same (the same first
question asked on many days), a session not renamed adds its newest message, so the rows tell
them apart. Cells are padded per column over the rows listed together, so the columns line up
and "1 message" sits under "12 messages". Pure: the rows are made from `SessionInfo` values.
`session_json` is a row for `sessions list --json`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from coach_tui.coach.pricing import format_cost
from coach_tui.coach.transcript import SessionInfo
from coach_tui.coach.turn import title_line
from coach_tui.text import one_line

NO_MESSAGES = "(no messages)"
# The picker and `sessions list` show this many (the most recently active); searching, or
# `--limit`, reaches older ones.
LIST_LIMIT = 200


@dataclass(frozen=True)
class SessionCells:
    """A row's cells, each already padded to its column's width (the title is not)."""

    session_id: str
    active: str      # "2026-11-30 09:15"
    messages: str    # " 1 message " / "12 messages"
    cost: str        # "$0.0123", or "unknown" when a reply's model has no price
    title: str


def last_active(info: SessionInfo) -> str:
    """'2026-11-30 09:15': the day and minute of the session's newest message."""
    return (info.last_at or info.created_at)[:16].replace("T", " ")


def renamed(info: SessionInfo) -> bool:
    """The title is one the user gave, not the first message's words."""
    return (info.title is not None and info.first_text is not None
            and info.title != title_line(info.first_text))


def session_titles(infos: Sequence[SessionInfo]) -> list[str]:
    """Each session's title, one line, made distinct where its newest message can do it."""
    base = [one_line(i.title) if i.title else NO_MESSAGES for i in infos]
    counts = Counter(base)
    titles = []
    for info, title in zip(infos, base, strict=True):
        newest = title_line(info.last_text or "")
        if counts[title] > 1 and not renamed(info) and newest and newest != title:
            title = f"{title} · last: {newest}"
        titles.append(title)
    return titles


def session_cells(infos: Sequence[SessionInfo]) -> list[SessionCells]:
    """The rows of `infos` (in their order), every column but the title padded to align."""
    if not infos:
        return []
    count_width = max(len(str(i.turn_count)) for i in infos)
    word_width = len("messages") if any(i.turn_count != 1 for i in infos) else len("message")
    costs = [format_cost(i.cost_usd) for i in infos]
    cost_width = max(map(len, costs))
    id_width = max(len(str(i.session_id)) for i in infos)
    return [
        SessionCells(
            session_id=f"{info.session_id:>{id_width}}",
            active=last_active(info),
            messages=(f"{info.turn_count:>{count_width}} "
                      f"{'message' if info.turn_count == 1 else 'messages':<{word_width}}"),
            cost=f"{cost:>{cost_width}}",
            title=title,
        )
        for info, cost, title in zip(infos, costs, session_titles(infos), strict=True)
    ]


def session_lines(infos: Sequence[SessionInfo]) -> list[str]:
    """`sessions list`: the id first, then the row's cells, two spaces apart."""
    return ["  ".join((c.session_id, c.active, c.messages, c.cost, c.title))
            for c in session_cells(infos)]


def session_json(info: SessionInfo) -> dict:
    """One session of `sessions list --json` (keys kept stable; README.md shows them)."""
    return {"id": info.session_id, "title": info.title, "created_at": info.created_at,
            "last_active_at": info.last_at, "messages": info.turn_count,
            "cost_usd": info.cost_usd}
