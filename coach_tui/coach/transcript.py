"""Reading a chat session back: its turns as shown, its totals, the list of sessions.

Everything here reads what `coach.session` stored; nothing is sent or changed. Totals are
what the service reported (usage per reply) and what it cost at the prices in force when each
reply arrived: a reply of a model without a price makes the session's cost unknown (None),
never a made-up $0.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass

from coach_tui.coach.pricing import Usage
from coach_tui.store import sessions as store


@dataclass(frozen=True)
class TurnView:
    turn_id: int
    role: str                    # 'user' | 'assistant'
    text: str
    created_at: str
    status: str                  # 'pending' | 'ok' | 'failed' | 'interrupted'
    error: str | None
    usage: Usage | None
    cost_usd: float | None
    cache_miss_reason: str | None
    stop_reason: str | None = None
    unverified: tuple[str, ...] = ()   # numbers not supported by what the coach was sent
    # every number of a reply: {text, start, end, outcome, source} (coach/grounding/)
    numbers: tuple[dict, ...] = ()


@dataclass(frozen=True)
class SessionTotals:
    turns: int                   # messages the user sent
    input_tokens: int
    cache_creation_tokens: int
    cache_read_tokens: int
    output_tokens: int
    cost_usd: float | None       # None when a reply's model has no price
    hit_rate: float | None       # read / total input over the session
    last_miss_reason: str | None  # of the last reply
    unverified: int = 0          # numbers in completed replies not from the user's records
    output_is_floor: bool = False  # a reply ended early: output (and cost) are lower bounds


@dataclass(frozen=True)
class SessionInfo:
    session_id: int
    created_at: str
    title: str | None            # the first message's words, or the name it was given
    turn_count: int              # messages the user sent
    last_at: str                 # last active: the newest message, else when it was created
    cost_usd: float | None = 0.0  # None when a reply's model has no price
    first_text: str | None = None  # the first and the newest message the user sent
    last_text: str | None = None


def usage_of(row: store.TurnRow) -> Usage | None:
    """The usage stored with a reply, or None for a row the service did not bill."""
    if row.input_tokens is None:
        return None
    return Usage(row.input_tokens, row.cache_creation_tokens or 0, row.cache_read_tokens or 0,
                 row.output_tokens or 0, output_is_floor=row.output_is_floor)


def _view(t: store.TurnRow) -> TurnView:
    return TurnView(t.turn_id, t.role, t.text, t.created_at, t.status, t.error, usage_of(t),
                    t.cost_usd, t.cache_miss_reason, t.stop_reason, t.unverified, t.numbers)


def turn_views(conn: sqlite3.Connection, session_id: int) -> list[TurnView]:
    return [_view(t) for t in store.list_turns(conn, session_id)]


def retried(views, index: int) -> bool:
    """True when the user message at `index` failed or was stopped with no reply and the next
    message the user sent is the same words (a retry), or when the turn at `index` is the empty
    reply kept for such a message because the service billed it (a stream cut before any
    text). store/turns.py `_RETRIED` counts by the same rule, and the
    chat (ui/widgets/turn_lines.py) and the transcript (`shown_views`) leave such turns out."""
    view = views[index]
    if view.status not in ("failed", "interrupted"):
        return False
    if view.role == "assistant":
        return (not view.text and index > 0 and views[index - 1].role == "user"
                and retried(views, index - 1))
    rest = views[index + 1:]
    if rest and rest[0].role == "assistant" and rest[0].text:
        return False
    following = next((v for v in rest if v.role == "user"), None)
    return following is not None and following.text.strip() == view.text.strip()


def shown_views(conn: sqlite3.Connection, session_id: int) -> list[TurnView]:
    """The turns as the chat shows them: a message sent again in the same words after it
    failed or was stopped with no reply is not shown apart from its retry (`retried`)."""
    views = turn_views(conn, session_id)
    return [v for i, v in enumerate(views) if not retried(views, i)]


def turn_views_page(conn: sqlite3.Connection, session_id: int, *, limit: int,
                    before_turn_id: int | None = None,
                    after_turn_id: int | None = None) -> list[TurnView]:
    """The newest `limit` turns older than `before_turn_id` (None: the newest), oldest first;
    with `after_turn_id`, the oldest `limit` turns newer than it."""
    return [_view(t) for t in store.list_turns_page(conn, session_id, limit=limit,
                                                    before_turn_id=before_turn_id,
                                                    after_turn_id=after_turn_id)]


def session_totals(conn: sqlite3.Connection, session_id: int) -> SessionTotals:
    # Summed in SQL: the status line of a long session must not load every turn.
    t = store.turn_totals(conn, session_id)
    total = Usage(t.input_tokens, t.cache_creation_tokens, t.cache_read_tokens,
                  t.output_tokens)
    return SessionTotals(
        turns=t.user_turns,
        input_tokens=total.input_tokens,
        cache_creation_tokens=total.cache_creation_tokens,
        cache_read_tokens=total.cache_read_tokens,
        output_tokens=total.output_tokens,
        cost_usd=None if t.unpriced else t.known_cost_usd,
        hit_rate=total.hit_rate,
        last_miss_reason=t.last_miss_reason,
        unverified=t.unverified,
        output_is_floor=t.output_is_floor,
    )


def list_sessions(conn: sqlite3.Connection, *, limit: int = 50, matching: str | None = None,
                  on_day: str | None = None) -> list[SessionInfo]:
    """Past sessions, the most recently active first; `matching` searches titles and messages,
    `on_day` (an ISO day, in its place) keeps those with a message written that day."""
    return [SessionInfo(s.session_id, s.created_at, s.title, s.turn_count, s.last_at,
                        None if s.unpriced else s.known_cost_usd, s.first_text, s.last_text)
            for s in store.list_sessions(conn, limit=limit, matching=matching, on_day=on_day)]


_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")


def closed_fences(text: str) -> str:
    """`text` with a code fence it leaves open (a reply cut mid-block) closed at its end, so
    the rest of a transcript is not read as code."""
    opened: str | None = None
    for line in text.splitlines():
        fence = _FENCE.match(line)
        if fence is None:
            continue
        mark = fence.group(1)
        if opened is None:
            opened = mark
        elif mark[0] == opened[0] and len(mark) >= len(opened) and not line[fence.end():].strip():
            opened = None
    return text if opened is None else f"{text}\n{opened}"


def markdown_transcript(conn: sqlite3.Connection, session_id: int) -> str | None:
    """The session as Markdown: a heading, then each message with its time; None if unknown.

    Replies that did not complete say how they ended, and a failed message says why, so the
    file reads like the chat did.
    """
    row = store.get_session(conn, session_id)
    if row is None:
        return None
    title = " ".join((row.title or "Untitled").split())
    out = [f"# Session {session_id}: {title}", "",
           f"Started {row.created_at.replace('T', ' ')} · model {row.model}", ""]
    for view in shown_views(conn, session_id):
        if view.role == "assistant" and view.status == "failed" and not view.text:
            continue  # billed but nothing arrived (a cut before any text): the message says why
        when = view.created_at.replace("T", " ")[:16]
        who = "You" if view.role == "user" else "Coach"
        mark = "" if view.status in ("ok", "pending") else f" ({view.status})"
        out += [f"## {who} · {when}{mark}", ""]
        if view.text:
            out += [closed_fences(view.text.rstrip()), ""]
        if view.role == "user" and view.error:
            out += [f"> {' '.join(view.error.split())}", ""]
    return "\n".join(out)


def transcript_json(conn: sqlite3.Connection, session_id: int) -> dict | None:
    """`sessions show --json`: the session and every message shown, with each reply's usage,
    cost, stop reason and numbers not from the user's records; None for an unknown id."""
    row = store.get_session(conn, session_id)
    if row is None:
        return None
    totals = session_totals(conn, session_id)
    return {
        "id": session_id, "title": row.title, "created_at": row.created_at, "model": row.model,
        "cost_usd": totals.cost_usd,
        "messages": [{
            "id": v.turn_id, "role": v.role, "created_at": v.created_at, "status": v.status,
            "text": v.text, "error": v.error, "stop_reason": v.stop_reason,
            "usage": None if v.usage is None else v.usage.as_json(), "cost_usd": v.cost_usd,
            "unsupported": list(dict.fromkeys(v.unverified)),  # each once, as `ask` lists them
        } for v in shown_views(conn, session_id)],
    }
