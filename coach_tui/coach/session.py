"""One chat session, end to end: the frozen system prompt, a turn, the stored transcript.

Contract:

- A session's system blocks (persona, then the memory snapshot) are rendered once and stored
  with it (coach/frozen.py); every request sends them verbatim, in this process or another,
  across midnight, and after reflection writes journal lines (those reach the next session).
  They change only when the model must see memory differently (a deleted line the snapshot
  holds, memory back on), and the turn then reports `snapshot_rerendered=True`: the model
  never sees a deleted line again. Memory off sends the persona alone, no recall and only
  the user's words, also for earlier turns; nothing stored is changed.
- A turn (coach/turn_plan.py: prepare, call, complete; two transactions) stores the user's
  message before anything is sent, and plans the request once with its recall block (the
  clock and today's partial steps live only there, in the last user message), sends, streams,
  and stores the reply with its usage, cost, response id and cache-miss reason, and every
  number of it checked against the request it answered (grounding/: outcome and source). A
  failed turn keeps the user's message with its error; an interrupted one keeps the partial
  reply, marked.
  Neither is ever sent as history: history is only completed user/assistant pairs, so roles
  alternate and every request's messages begin with the previous request's messages. A reply
  is complete only when it ended with `end_turn` (or a stop sequence); one cut by
  `max_tokens`, refused, or whose stream ended before `message_stop` is kept and marked, with
  its usage and cost when the service billed it, and is never history.
- A session knows its date: the day its snapshot was rendered. Used on a later day (the app
  open past midnight, a resumed session, `ask --continue`), each message's recall block also
  carries the current facts that differ from the snapshot and the days since it (see
  memory/recall.py); the system blocks stay as stored.
- A session is created by its first message: `pending` gives one that has no row yet, and
  its first `send` renders the snapshot and stores the session, so opening the app or starting
  a new chat and typing nothing leaves no empty session behind.
- History is bounded by `context_max_tokens` with a cut that stays fixed until the next
  overflow (coach/history.py, coach/window.py); a turn reports how many exchanges are left
  out. When the service still refuses the prompt as too long, the history is cut again
  (halved) and sent once more; a second refusal is one line saying the session is too long
  and how to start a fresh one. While memory is off, only exchanges made with memory off are
  carried (an earlier reply may quote memory).
- A session keeps the request options it started with (model, effort, max_tokens) beside its
  system blocks: thinking settings are part of what cached messages are keyed on, so a changed
  setting applies to new sessions and never changes a running session's bytes.
- `diagnostics.previous_message_id` is the session's last *completed* response: the request
  the new one extends, so a miss reason means the prefix really diverged.

`send` never raises for model or network failures (they come back as a status and a one-line
error); it raises ValueError for an empty message. Ctrl-C, SIGTERM or SIGHUP mid-turn
(coach/interrupts.py) is stored as Esc's stop is (the partial reply marked, the message marked
interrupted, what the service billed so far counted in the totals) and then raised as
`interrupts.Stopped`, saying what was kept, its `result` the stored turn.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from datetime import datetime

from coach_tui.coach import frozen, history, interrupts, llm
from coach_tui.coach.budget import over_context_line
from coach_tui.coach.session_state import Pending, Stored
from coach_tui.coach.transcript import (  # noqa: F401  readers of a session, re-exported
    SessionInfo,
    SessionTotals,
    TurnView,
    list_sessions,
    session_totals,
    turn_views,
    turn_views_page,
)
from coach_tui.coach.turn import (  # noqa: F401  what a turn gives, re-exported
    TITLE_MAX_CHARS,
    TOO_LONG_MESSAGE,
    TurnResult,
    left_out_notice,
    title_line,
)
from coach_tui.coach.turn_plan import (
    call_model,
    complete_turn,
    crashed,
    interrupted,
)
from coach_tui.coach.turn_recall import turn_recall
from coach_tui.config import Settings
from coach_tui.memory.recall import Recall
from coach_tui.memory.switch import memory_state
from coach_tui.store import sessions as store

log = logging.getLogger(__name__)


class CoachSession:
    """A chat with frozen system blocks. Load it with `new`, `resume`, `latest` or `pending`."""

    def __init__(self, settings: Settings, state: Pending | Stored) -> None:
        self.settings = settings
        self._state = state
        self._ahead: history.ReadAhead | None = None  # the history read before a send

    def read_ahead(self, conn: sqlite3.Connection) -> None:
        """Read the history the next message will carry now, before it is sent (the app's
        worker does once a session is shown and after each turn): `send` reuses it when the
        session's exchanges are still the same, so a long session's history is not read
        between Enter and the request. Nothing for a pending session. Best effort: a failure
        is logged and only means the next message reads its history itself."""
        if isinstance(self._state, Stored):
            try:
                self._ahead = history.read_ahead(conn, self._state.row, memory_state(conn).on)
            except Exception:
                log.warning("could not read the history ahead of the next message",
                            exc_info=True)

    # ------------------------------------------------------------------ loading
    @property
    def is_pending(self) -> bool:
        """True until the first message creates the session (no row, no snapshot yet)."""
        return isinstance(self._state, Pending)

    @property
    def session_id(self) -> int | None:
        """None while pending."""
        return self._state.session_id

    @property
    def model(self) -> str:
        """The session's model; while pending, the one its first message creates it on."""
        return self._state.model

    @property
    def effort(self) -> str | None:
        """The effort every request of this session sends; None for sessions from before."""
        return self._state.effort

    @property
    def max_tokens(self) -> int:
        """The reply budget this session started with (thinking included)."""
        return self._state.max_tokens

    @property
    def snapshot_date(self) -> str | None:
        """The ISO day the snapshot was rendered (its facts run through the day before)."""
        return self._state.snapshot_date

    @property
    def history_from(self) -> int:
        """The first user turn id requests carry (the history cut); 0 when nothing is cut."""
        return self._state.history_from

    @property
    def snapshot_entry_ids(self) -> frozenset[int]:
        """Journal entry ids rendered into this session's snapshot (empty with memory off)."""
        return self._state.snapshot_entry_ids

    @property
    def journal_watermark(self) -> int:
        """The newest journal entry id that existed when the snapshot was rendered.

        Lines with a larger id were written during the session: they reach the model with
        the next session (neither the snapshot nor recall carries them).
        """
        return self._state.journal_watermark

    @property
    def memory_on(self) -> bool:
        """Whether the system blocks, as last sent or rendered, carry the memory snapshot.

        False while pending: there is no snapshot yet, so no journal line waits for the next one.
        """
        return self._state.memory_on

    @property
    def created_at(self) -> str | None:
        return self._state.created_at

    @property
    def title(self) -> str | None:
        return self._state.title

    @classmethod
    def pending(cls, settings: Settings, *, model: str | None = None) -> CoachSession:
        """A session its first `send` creates (on `model`); until then nothing is stored."""
        return cls(settings, Pending(settings, model))

    @classmethod
    def new(cls, conn: sqlite3.Connection, settings: Settings, *, now: datetime,
            model: str | None = None) -> CoachSession:
        """A stored session on `model` (default: the configured chat model), kept for all its
        turns."""
        return cls(settings, Stored(settings, frozen.create(conn, settings, now, model)))

    @classmethod
    def resume(cls, conn: sqlite3.Connection, settings: Settings, session_id: int) -> CoachSession:
        """The stored session: blocks, model and options exactly as stored; ValueError if unknown."""  # noqa: E501
        row = store.get_session(conn, session_id)
        if row is None:
            raise ValueError(f"there is no chat session {session_id}")
        return cls(settings, Stored(settings, row))

    @classmethod
    def latest(cls, conn: sqlite3.Connection, settings: Settings, *,
               used_on: str | None = None) -> CoachSession | None:
        """The session used most recently; with `used_on` (an ISO day), only if that was
        on that day."""
        session_id = store.latest_used_session_id(conn, used_on=used_on)
        return None if session_id is None else cls.resume(conn, settings, session_id)

    def system_blocks(self) -> list[dict]:
        """The system blocks exactly as the next request sends them (a copy; [] while pending)."""
        return self._state.system_blocks()

    def recall_for(self, conn: sqlite3.Connection, words: str, *, now: datetime) -> Recall:
        """The recall block `words` would get at `now` in this session; nothing is stored."""
        return turn_recall(conn, self.settings, self._state.row, words, now=now)

    # ------------------------------------------------------------------ reading
    def turns(self, conn: sqlite3.Connection) -> list[TurnView]:
        return self._state.turns(conn)

    def turns_page(self, conn: sqlite3.Connection, *, limit: int,
                   before_turn_id: int | None = None,
                   after_turn_id: int | None = None) -> list[TurnView]:
        """The newest `limit` turns older than `before_turn_id` (None: the newest), oldest
        first: how the app draws a long session a screenful at a time. With `after_turn_id`,
        the oldest `limit` turns newer than it (0: the session's first)."""
        return self._state.turns_page(conn, limit=limit, before_turn_id=before_turn_id,
                                      after_turn_id=after_turn_id)

    def totals(self, conn: sqlite3.Connection) -> SessionTotals:
        return self._state.totals(conn)

    def left_out(self, conn: sqlite3.Connection) -> int:
        """Completed exchanges the history cut leaves out of this session's requests."""
        return self._state.left_out(conn)

    # ------------------------------------------------------------------ a turn
    def send(
        self,
        conn: sqlite3.Connection,
        text: str,
        *,
        now: datetime,
        on_text: Callable[[str], None] | None = None,
        on_thinking: Callable[[], None] | None = None,
        client: llm.ModelClient | None = None,
        should_stop: Callable[[], bool] | None = None,
        on_wait: Callable[[float, str], None] | None = None,
        on_budget: Callable[[str], None] | None = None,
        on_planned: Callable[[], None] | None = None,
        on_checking: Callable[[int], None] | None = None,
        replacing: bool = False,
    ) -> TurnResult:
        """One turn end to end; see the module docstring.

        `on_thinking()` is called when the model starts a thinking block (nothing is shown of
        it); `should_stop()` is polled per streamed event and through a wait to retry;
        `on_wait(seconds, why)` announces each such wait (llm/retry.py); `on_budget(line)`
        is told, before the request is sent, when it is above `context_max_tokens` even after
        the history cut (coach/budget.py). `on_planned()` is called once the message is stored
        and its request built, before it is sent, and also when that failed (the app draws the
        message then, so its layout does not compete with the store reads). `on_checking(n)`
        is called when the reply is in and the model is asked about n numbers the check could
        not trace (coach/second_read.py, `[check] second_read`). `replacing`: a
        retry (the app's ctrl+l): the last reply is kept but leaves the history, in the
        transaction that stores the message, so the retry extends the same prefix as the first
        try.
        """
        words = text.strip()
        if not words:
            raise ValueError("a message needs some text")
        # The message is stored (committed) before anything is sent; a failure to plan keeps
        # it, marked, and raises (coach/turn_plan.py).
        try:
            plan = self._state.prepare(conn, words, now=now, replacing=replacing,
                                       ahead=self._ahead)
        finally:
            if on_planned is not None:
                on_planned()
        self._state = Stored(self.settings, plan.session)
        cap = self.settings.context_max_tokens
        if plan.tokens > cap and on_budget is not None:
            on_budget(over_context_line(plan.tokens, cap))
        received: list[str] = []

        def collect(chunk: str) -> None:
            received.append(chunk)
            if on_text is not None:
                on_text(chunk)

        try:
            plan, outcome = call_model(plan, self.settings, on_text=collect,
                                       on_thinking=on_thinking, client=client,
                                       should_stop=should_stop, on_wait=on_wait,
                                       on_checking=on_checking)
        except llm.Interrupted as exc:
            # Ctrl-C or a signal: kept as Esc keeps a stop (billed, marked), then it goes on.
            with interrupts.held():
                stopped = complete_turn(conn, self.settings, plan,
                                        interrupted(plan, self.settings, exc.stop), now=now)
                self._state = Stored(self.settings, plan.session)
            raise interrupts.Stopped(interrupts.signal_of(exc), kept_line(exc.stop),
                                     result=stopped) from exc
        except BaseException:
            # A bug mid-stream: keep what arrived, mark it, and let it propagate.
            with interrupts.held():
                complete_turn(conn, self.settings, plan, crashed("".join(received)), now=now)
                self._state = Stored(self.settings, plan.session)
            raise
        with interrupts.held():
            result = complete_turn(conn, self.settings, plan, outcome, now=now)
            self._state = Stored(self.settings, plan.session)
        return result


def kept_line(stop: llm.StreamInterrupted) -> str:
    """What an interrupted turn kept, for the one line that ends the command."""
    if stop.partial_text:
        return ("the partial reply is kept, marked stopped, and your message is marked "
                "interrupted")
    return "your message is kept, marked interrupted (no reply had arrived)"
