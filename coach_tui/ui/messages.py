"""What the app's thread workers post back to the UI: one typed Message per result.

A worker (a chat turn, a Garmin sync, a reflection) never calls back into a screen with
positional arguments; it posts one of these to the widget that started it. Posting is
thread-safe: from another thread Textual's `MessagePump.post_message` hands the message to the
app's loop with `call_soon_threadsafe`, and when the receiver is closing or gone it returns
False and drops the message instead of raising, so a worker that outlives its screen or the
app needs no `except RuntimeError`.

The messages bubble to `MainScreen`, which handles each one in a single handler that updates
every pane the result concerns, so everything a finished job changes is on screen together
before its "running" flag drops. Messages that only one widget sends are declared in that
widget's class (`ChatPane.TurnStarted`, `SyncPanel.Started`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from coach_tui.coach.session import SessionTotals, TurnResult
    from coach_tui.garmin.sync import SyncProgress, SyncResult
    from coach_tui.memory.journal import Entry
    from coach_tui.ui.widgets.chat import AssistantMessage


class WorkerCancelled(Exception):
    """Raised from inside a library callback (a sync's progress, a review's text) to stop the
    call it runs in once its worker is cancelled: the screen closed or the app is quitting."""


@dataclass
class TurnFinished(Message):
    """A chat turn ended: answered, refused, interrupted, or crashed in the engine."""

    text: str                       # what the user sent: back into the box when it failed
    reply: AssistantMessage         # the widget the reply streamed into
    result: TurnResult | None       # None when the engine or the database crashed
    totals: SessionTotals | None    # the session's usage so far, for the status line
    crash: str | None = None        # one line saying what broke, when result is None


@dataclass
class SyncProgressed(Message):
    """A Garmin sync saved another window of days (or is about to start the first)."""

    report: SyncProgress


@dataclass
class SyncFinished(Message):
    """A Garmin sync ended; whatever it saved before an error is kept."""

    result: SyncResult | None       # None when it failed
    error: Exception | None         # a GarminError (with .kind, .message) or an unexpected bug


@dataclass
class ReflectionFinished(Message):
    """Reflection on a saved review ended (it never raises: a failure adds nothing)."""

    lines: list[Entry]              # the journal lines it added
    memory_on: bool                 # False: memory was off, so nothing could be added
    already: bool                   # the review's period had been reflected on before
    cost_usd: float | None = None   # what the reflection call cost (None: no call, or unpriced)
    problem: str | None = None      # why a reflection call wrote nothing usable
    updated: frozenset[int] = frozenset()  # ids among `lines` that replaced a line they refine
