"""How a chat turn reads on screen: a reply's header (with what a cut reply was billed), a
failure's sentence, a retried message, a stored message or reply with what became of it, and
what the chat says when there is no API key to send with, and a new session's greeting.

Pure functions over stored values (the clock only for "today"), so the chat pane, a resumed
session and the tests agree on every line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from coach_tui import clock
from coach_tui.ui.widgets.chat import Notice, cut_label, mark_unverified, unverified_note
from coach_tui.ui.widgets.literal import literal

if TYPE_CHECKING:
    from coach_tui.ui.widgets.history import Block

# The greeting is in the app's first frame, so this module imports the engine's modules (the
# transcript, the turn, prices) and the history's lines only in the functions that use them,
# once a session is open (issue 23).

NO_KEY_HELP = (
    "No API key: the coach cannot reply yet. Store it once with `coach-tui key set` "
    "(in the config folder, or the system keyring), or set ANTHROPIC_API_KEY in your shell "
    "(export ANTHROPIC_API_KEY=sk-ant-...), then start coach-tui again. "
    "The sidebar and Garmin sync (ctrl+g) work without it."
)


def greeting(demo_reason: str | None, api_key_configured: bool) -> list[Notice]:
    """What a new session's empty chat says: why the demo shows (if it does), then how to
    start, or that there is no key to send with."""
    lines = []
    if demo_reason:
        lines.append(Notice(f"{demo_reason} Or press ctrl+g to log in to Garmin here.", "hint"))
    if not api_key_configured:
        lines.append(Notice(NO_KEY_HELP, "error"))
    else:
        lines.append(Notice("New session. Ask your coach anything: how last week went, what to "
                            "aim for today. ctrl+r reviews the last whole week (Mon–Sun).", "hint"))
    return lines


def hhmm(stamp: str | None) -> str:
    """'2026-11-30T09:15:02' -> '09:15' (and a date when it is not today)."""
    if not stamp:
        return ""
    day, _, time = stamp.partition("T")
    today = clock.today().isoformat()
    return time[:5] if day == today else f"{day} {time[:5]}"


def usage_meta(stamp: str | None, usage, cost: float | None, unverified=()) -> str:
    """'coach · 09:15 · $0.0009 · 1 number not from your records · 97% cached': the reply's
    own cost, its unverified numbers and cache share (what matters first, so a narrow chat
    cuts the share, never the cost or the warning)."""
    meta = f"coach · {hhmm(stamp)}"
    if cost is not None:
        meta += f" · ${cost:.4f}"
    meta += unverified_note(unverified)
    if usage is not None and usage.total_input:
        meta += f" · {usage.cache_read_tokens / usage.total_input:.0%} cached"
    return meta


def cut_meta(stamp: str | None, reason: str | None, turn) -> str:
    """'coach · 09:15 · stopped · ≥$0.0011': the header of a reply that did not finish, with
    what it was billed when it was (`turn`: a TurnView or TurnResult, its usage and cost; '≥'
    when its output is only what arrived)."""
    from coach_tui.coach.pricing import format_cost

    meta = f"coach · {hhmm(stamp)} · {cut_label(reason)}"
    if turn.cost_usd is not None:
        at_least = turn.usage is not None and turn.usage.output_is_floor
        meta += f" · {format_cost(turn.cost_usd, at_least=at_least)}"
    return meta


def reply_meta(view) -> str:
    """A stored reply's header: how it ended when it ended early (cut_meta), else its cost
    (usage_meta)."""
    if view.status == "interrupted":
        return cut_meta(view.created_at, view.stop_reason, view)
    return usage_meta(view.created_at, view.usage, view.cost_usd, view.unverified)


def failure_text(status: str, error: str | None, *, kind: str | None = None,
                 screen: Screen | None = None) -> str:
    """One sentence for a failed turn: the engine's error already says what to do. Given the
    failure's `kind` and the `screen`, a failure whose remedy is a new session names the key
    the keymap gives `session.new` (the engine names no key)."""
    if status == "interrupted":
        # The engine's message already says the partial reply is kept and how to retry.
        text = error or "The reply was interrupted; the part that arrived is kept above."
    else:
        text = error or "The coach could not reply: the request failed; try again."
    from coach_tui.coach.turn import NEW_SESSION_KINDS

    key = new_session_key(screen) if screen is not None and kind in NEW_SESSION_KINDS else None
    return text + (f" Press {key} to start one." if key else "")


def new_session_key(screen: Screen) -> str | None:
    """The key that starts a new session on `screen`, as `[keys]` maps it (None: none does)."""
    return next((key for key, active in screen.active_bindings.items()
                 if active.binding.id == "session.new"), None)


def unanswered(views, index: int) -> bool:
    """True when the user message at `index` failed or was interrupted and no reply to it was
    stored (a request that failed, or a coach-tui ended before the reply: coach/orphans.py)."""
    view = views[index]
    if view.role != "user" or view.status not in ("failed", "interrupted"):
        return False
    after = views[index + 1:index + 2]
    return not (after and after[0].role == "assistant")


def sent_lines(views, index: int) -> list[Block]:
    """How the stored user message at `index` is drawn (history.py blocks): the message, and
    for one that got no reply (`unanswered`) the sentence saying why; nothing when the next
    message is its retry (the retry stands for it)."""
    from coach_tui.coach.transcript import retried
    from coach_tui.ui.widgets.history import Block

    view = views[index]
    if retried(views, index):
        return []
    lines = [Block(view.turn_id, "user", view.text, f"you · {hhmm(view.created_at)}")]
    if unanswered(views, index):
        lines.append(Block(view.turn_id, "error", failure_text(view.status, view.error)))
    return lines


def reply_lines(views, index: int) -> list[Block]:
    """How the stored reply at `index` is drawn: its text under its header (`reply_meta`), and
    for one that failed or ended early the sentence saying why; nothing for the empty billed
    reply to a message that was sent again (`retried`: the retry stands for both)."""
    from coach_tui.coach.transcript import retried
    from coach_tui.ui.widgets.history import Block

    view = views[index]
    if retried(views, index):
        return []
    lines: list[Block] = []
    if view.text:
        text = view.text
        if view.unverified:  # marked where the spans say, then made literal (as streamed)
            text = mark_unverified(text, view.numbers or view.unverified)
        lines.append(Block(view.turn_id, "reply", literal(text), reply_meta(view),
                           unverified=bool(view.unverified)))
    if view.status in ("failed", "interrupted"):
        lines.append(Block(view.turn_id, "error", failure_text(view.status, view.error)))
    return lines
