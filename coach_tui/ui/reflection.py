"""Reflection on a saved review as the app runs it: the job and the notice that reports it.

`reflect` runs in a worker thread on its own connection and never raises: a failure is logged
and adds nothing, because a saved review must not be spoiled by its reflection. `notice` turns
the outcome into the one toast the user sees: what was added to the journal and from when the
coach sees it, or why nothing was (memory off, already reflected, a call that wrote nothing),
with the reflection's cost when it was billed.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.notifications import SeverityLevel

from coach_tui.config import Settings
from coach_tui.logfile import logged_failure
from coach_tui.text import plural
from coach_tui.ui.messages import ReflectionFinished
from coach_tui.ui.widgets.literal import one_line

if TYPE_CHECKING:
    from coach_tui.context import Context
    from coach_tui.ui.screens.review import ReviewSaved

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Notice:
    text: str
    title: str = "Journal"
    severity: SeverityLevel = "information"
    timeout: float | None = None  # None: the app's default


def reflect(ctx: Context, settings: Settings, saved: ReviewSaved) -> ReflectionFinished:
    """Reflect on `saved` (at most two journal lines, once per period) and say what happened."""
    from coach_tui.coach import review

    conn = ctx.connect()
    reflection, crash = None, None
    try:
        # Prepare (one read), call, complete (one write): coach/review.py.
        reflection = review.reflect_on_review(conn, settings, saved.review, saved.draft)
    except Exception as exc:
        log.exception("reflection failed")
        crash = logged_failure(exc)
    finally:
        conn.close()
    if reflection is None:
        return ReflectionFinished([], True, False, problem=crash)
    return ReflectionFinished(
        list(reflection.lines), reflection.memory_on, reflection.already,
        cost_usd=reflection.cost_usd, problem=reflection.problem, updated=reflection.updated)


def notice(message: ReflectionFinished) -> Notice:
    """The toast for a finished reflection."""
    cost = "" if message.cost_usd is None else f" (reflection cost ${message.cost_usd:.4f})"
    lines = message.lines
    if message.problem:
        return Notice(f"Reflection wrote nothing: {message.problem}{cost}", severity="warning")
    if not message.memory_on:
        return Notice("Memory is off, so nothing was added to the coach's journal.")
    if message.already:
        return Notice("The coach already reflected on this review; the journal is "
                      "unchanged.")
    if not lines:
        return Notice(f"Reflection added nothing new to the journal{cost}.")
    added = "\n".join(f"• {one_line(e.text)}"
                      + (" (updated)" if e.entry_id in message.updated else "") for e in lines)
    new = sum(e.entry_id not in message.updated for e in lines)
    title = ", ".join(part for part in (
        plural(new, "new line") if new else "",
        f"{len(lines) - new} updated" if len(lines) > new else "") if part)
    return Notice(
        f"{added}\nThe coach sees {'it' if len(lines) == 1 else 'them'} from the next "
        f"session{cost}.",
        title=f"Journal: {title}", timeout=12)
