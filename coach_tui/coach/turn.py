"""What one chat turn gives back, and the lines the app and `ask` show about a session.

`TurnResult` is a turn's outcome: its stored turn ids, status ('ok', 'failed' or
'interrupted'), the text that arrived, the one-line error, usage, cost, the cache-miss reason,
why an incomplete reply ended, the numbers nothing the request carried supports, and how many
earlier exchanges the history cut leaves out, and the session's totals after it. The engine
(coach/turn_plan.py's `complete_turn`) makes it; callers only read it.
"""

from __future__ import annotations

from dataclasses import dataclass

from coach_tui.coach.pricing import Usage
from coach_tui.coach.transcript import SessionTotals
from coach_tui.text import one_line, plural, truncate

TITLE_MAX_CHARS = 60


@dataclass(frozen=True)
class TurnResult:
    user_turn_id: int
    assistant_turn_id: int | None
    status: str                  # 'ok' | 'failed' | 'interrupted'
    text: str
    error: str | None
    usage: Usage | None
    cost_usd: float | None
    response_id: str | None
    cache_miss_reason: str | None
    snapshot_rerendered: bool
    # Why an incomplete reply ended: the LLMError kind ("max_tokens", "refusal", "stopped",
    # "network", ...); None for a complete reply.
    cut_kind: str | None = None
    # Numbers of a complete reply that nothing the request carried supports (grounding/).
    unverified: tuple[str, ...] = ()
    # Every number of a complete reply with its outcome and source: NumberMention.as_dict().
    numbers: tuple[dict, ...] = ()
    # A complete reply whose numbers the check failed to read (a bug, logged): kept, unchecked.
    unchecked: bool = False
    # Completed exchanges of this session that the request left out (the history cut).
    left_out: int = 0
    # Why the service ended the reply ("end_turn", "max_tokens", ...; "stopped" when the
    # user stopped it); None when no reply came.
    stop_reason: str | None = None
    # The session's totals once this turn was stored, for the status line.
    totals: SessionTotals | None = None
    # The second read (coach/second_read.py): (numbers asked about, numbers code confirmed;
    # None when the read failed), or None when none was sent.
    second_read: tuple[int, int | None] | None = None


TOO_LONG_MESSAGE = ("This session is too long for the model, even with its oldest messages "
                    "left out: start a new session; your message is saved.")
# The failure kinds whose remedy is a new session. The engine does not name a key (`[keys]`
# can move it): the front ends add how (the app's key, `ask --new`).
NEW_SESSION_KINDS = frozenset({"too_long", "context_window"})


def left_out_notice(count: int) -> str:
    """The one line the app and `ask` show while a cut is in force."""
    return f"{plural(count, 'earlier exchange')} left out of context"


def title_line(words: str) -> str:
    """A session title: one line, cut to TITLE_MAX_CHARS (the first message, or a rename)."""
    return truncate(one_line(words), TITLE_MAX_CHARS, ellipsis="...")
