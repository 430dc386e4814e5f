"""The chat pane: the conversation above the message box, and the turn that sends a message.

Contract:
- The pane shows one session (`session`, set by the main screen when it opens or resumes one)
  and sends each message to it. One turn at a time.
- A turn runs in a thread worker with its own database connection; the engine's `on_text`
  callback runs in that thread and feeds each chunk to the reply widget (thread-safe, in order,
  without waiting). The worker ends by posting `TurnFinished`, which the main screen routes back
  to `finish_turn` together with the status line and the journal.
- The message box is cleared when a message is sent and refilled if the turn fails, so typed
  text is never lost. Sending the same words again after a failure replaces the failed pair
  and its error on screen instead of piling up another. Without an API key nothing is sent:
  Enter says so once and leaves the text in the box. A message above max_message_tokens is
  sent only after a yes, and a request still above context_max_tokens after the history cut
  is announced before it goes out (long_message.py).
- `request_stop()` (Esc) asks the running turn to stop at the next streamed event: the part
  that arrived stays on screen and in the store, marked "stopped", and is never history.
- `retry()` sends the last message again; its earlier reply stays in the store, not in history.
- A resumed session is drawn through a window (chat_window.py): its newest messages first,
  older ones read and drawn as the reader scrolls toward them, far ones let go and read again
  when scrolled back to. Sending, sending again and the newest reply's keys (copy, sources)
  act on the session's newest messages wherever the reader is.
- Exchanges the session's history cut leaves out stay on screen; a notice marks where the
  coach's context starts, and a turn that cuts says how many are left out.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.reactive import var
from textual.worker import get_current_worker

from coach_tui import clock
from coach_tui.logfile import where_logged
from coach_tui.ui.messages import TurnFinished
from coach_tui.ui.typed_app import coach_app
from coach_tui.ui.widgets.chat import (
    AssistantMessage,
    ChatView,
    Notice,
    UserMessage,
)
from coach_tui.ui.widgets.chat_window import ChatWindow
from coach_tui.ui.widgets.history import HistoryView
from coach_tui.ui.widgets.literal import one_line
from coach_tui.ui.widgets.long_message import budget_notice, sent_after_asking
from coach_tui.ui.widgets.prompt import PromptInput
from coach_tui.ui.widgets.turn_lines import (
    cut_meta,
    failure_text,
    greeting,
    hhmm,
    usage_meta,
)

if TYPE_CHECKING:
    from coach_tui.coach.session import CoachSession
    from coach_tui.coach.transcript import SessionTotals
    from coach_tui.coach.turn import TurnResult

log = logging.getLogger(__name__)

# How long a send waits for the turn to store the message and plan its request before the
# message is drawn anyway (a database another coach-tui holds locked, a very slow disk).
PLAN_WAIT_SECONDS = 0.3

class ChatPane(Vertical):
    """The chat view and the message box; sends a message as one turn of `session`."""

    # A reply is on its way: the footer's Stop key shows exactly then (bindings refreshed).
    turn_running = var(False, bindings=True)

    @dataclass
    class TurnStarted(Message):
        """A message is on its way to the coach (the status line says "replying…")."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.session: CoachSession | None = None
        self.window = ChatWindow(self)          # which stored messages are drawn
        self.left_out = 0                       # exchanges left out, as last said
        self.api_key_configured = True
        self._no_key_explained = False
        self._stop: threading.Event | None = None
        self._failed: tuple[str, list] | None = None  # (text, widgets) of the last failed send
        self._composed: tuple[str | None, bool] | None = None  # the greeting composed, if shown
        self._queued = False  # Enter pressed before the session opened: send it when it does

    def compose(self) -> ComposeResult:
        # The greeting is in the first frame; the session it greets opens right after it.
        from coach_tui.coach.llm import api_key_configured

        self._composed = (coach_app(self).ctx.demo_reason, api_key_configured())
        yield ChatView(*greeting(*self._composed), id="chat")
        yield PromptInput(id="prompt")

    def on_mount(self) -> None:
        self.prompt.border_title = "Message"
        self.prompt.border_subtitle = "⏎ send · ctrl+j newline · ↑ recall"

    @property
    def chat(self) -> ChatView:
        return self.query_one(ChatView)

    @property
    def prompt(self) -> PromptInput:
        return self.query_one(PromptInput)

    # ------------------------------------------------------------------ sessions
    async def start_session(self, session: CoachSession, *, demo_reason: str | None,
                            api_key_configured: bool) -> None:
        """A new session: an empty chat and a greeting (the one drawn in the first frame is
        kept when it says the same)."""
        self.session = session
        self.window.reset()
        self.left_out = 0
        self.api_key_configured = api_key_configured
        self._failed = None
        self.prompt.load_sent(coach_app(self).conn)
        composed, self._composed = self._composed, None
        if composed != (demo_reason, api_key_configured):
            await self.chat.clear()
            await self.chat.mount_all(greeting(demo_reason, api_key_configured))
        await self._send_queued()

    async def _send_queued(self) -> None:
        """Send what Enter was pressed on before the session opened (if still in the box)."""
        if self._queued:
            self._queued = False
            if self.prompt.text.strip():
                await self.send_message(PromptInput.Submitted(self.prompt, self.prompt.text))

    async def show_session(self, session: CoachSession, *, around: int | None = None) -> None:
        """A resumed session: its newest messages (or those around stored turn `around`) in
        the chat; the window (chat_window.py) draws more as the reader scrolls."""
        conn = coach_app(self).conn
        self.session, self._composed = session, None
        self.left_out = session.left_out(conn)
        self._failed = None
        self.prompt.load_sent(conn)
        self._read_ahead(session)  # in a worker, while the window draws
        await self.window.show(around=around)
        await self._send_queued()

    def left_out_text(self) -> str:
        from coach_tui.coach.turn import left_out_notice

        return (f"{left_out_notice(self.left_out)}: the coach no longer sees the messages "
                "above (they stay here, and recall can still find them).")

    async def scroll_chat(self, where: int | str) -> None:
        """A page up (-1) or down (1), or to the session's "home" (first) or "end" message."""
        self.window.landing = None  # the reader's own move wins over a jump still on its way
        if where == "home":
            await self.window.to_start()
        elif where == "end":
            await self.window.to_end()
        else:
            await self.window.page(1 if where == 1 else -1)

    @on(ChatView.Scrolled)
    def _scrolled(self, event: ChatView.Scrolled) -> None:
        event.stop()
        self.window.queue_check(scrolled=True)

    # ------------------------------------------------------------------ a turn
    @on(PromptInput.Submitted)
    async def send_message(self, event: PromptInput.Submitted) -> None:
        event.stop()
        if self.turn_running:
            self.notify("The coach is still replying; your message stays in the box.",
                        severity="warning")
            return
        if self.session is None:  # the first frame is drawn before the session it greets
            self._queued = True      # opens (~0.1 s): the words stay in the box until it does
            return
        if not self.api_key_configured:
            if not self._no_key_explained:
                self._no_key_explained = True
                await self.chat.add(Notice(
                    "Not sent: no API key. Run `coach-tui key set` or set ANTHROPIC_API_KEY, then "
                    "start coach-tui again; your message stays in the box.", "error"))
                self.chat.scroll_end(animate=False)
            else:
                self.app.bell()
            return
        if not sent_after_asking(self, event.text, self.send_text):  # a long one asks first
            await self.send_text(event.text)

    async def send_text(self, text: str, *, replacing: bool = False) -> None:
        """Send `text` as the next turn (the box is cleared; a failed send of the same words is
        taken off the screen first); `replacing`: in place of the last reply (a retry)."""
        self.prompt.clear()
        self.prompt.remember(text)
        await self.window.to_end()  # the reader may be far up: the message goes at the end
        chat = self.chat
        if self._failed is not None and self._failed[0].strip() == text.strip():
            for widget in self._failed[1]:
                await widget.remove()
        self._failed = None
        now = clock.local_stamp()
        reply = AssistantMessage("coach · thinking…")
        reply.add_class("waiting")
        self.turn_running = True
        self._stop, shown, planned = threading.Event(), threading.Event(), asyncio.Event()
        loop = asyncio.get_running_loop()
        # The turn stores the message and reads what its request needs first, with the UI idle:
        # the message is drawn once that is done (PLAN_WAIT_SECONDS at most), so the layout
        # does not compete with those reads for the GIL in a long session (issue 23).
        def on_planned() -> None:  # in the worker's thread
            with contextlib.suppress(RuntimeError):  # the app closed meanwhile
                loop.call_soon_threadsafe(planned.set)

        self.run_turn(text, reply, self._stop, shown, replacing, on_planned)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(planned.wait(), PLAN_WAIT_SECONDS)
        try:
            await chat.mount_all([UserMessage(text, f"you · {hhmm(now)}"), reply])
            chat.scroll_end(animate=False)  # the reader just sent: follow the reply
        finally:
            shown.set()
        self.post_message(self.TurnStarted())

    async def retry(self) -> bool:
        """Send the last message again in place of its reply; False when nothing was sent."""
        if self.session is None:
            return False
        await self.window.to_end()
        text = await self.window.take_last_sent()
        if text is None:
            return False
        self._failed = None
        await self.send_text(text, replacing=True)  # the reply is marked as it is sent
        return True

    def request_stop(self) -> bool:
        """Ask the running turn to stop streaming; False when no reply is streaming."""
        if not self.turn_running or self._stop is None:
            return False
        self._stop.set()
        return True

    def last_reply_text(self) -> str | None:
        """The text of the newest reply that has any (read from the store when the reader
        scrolled far enough up that it was let go)."""
        if self.window.more_below:
            stored = self.window.newest_reply()
            return stored.text if stored is not None else None
        for reply in reversed(list(self.chat.query(AssistantMessage))):
            if reply.markdown.source.strip():
                return reply.markdown.source
        block = self.window.last_block("reply")
        return block.text if block is not None else None

    def open_sources(self, reply: AssistantMessage | None = None) -> bool:
        """Show where the numbers of `reply` (default: the newest stored one) come from;
        False when there is no stored reply."""
        turn_id = reply.turn_id if reply is not None else None
        if reply is None and self.window.more_below:
            newest = self.window.newest_reply()
            turn_id = newest.turn_id if newest is not None else None
        elif reply is None:
            stored = [r for r in self.chat.query(AssistantMessage) if r.turn_id is not None]
            block = self.window.last_block("reply")
            turn_id = stored[-1].turn_id if stored else block.turn_id if block else None
        if turn_id is None:
            return False
        self._show_sources(turn_id)
        return True

    def _show_sources(self, turn_id: int) -> None:
        from coach_tui.store.sessions import reply_sources
        from coach_tui.ui.screens.sources import SourcesScreen

        self.app.push_screen(SourcesScreen(*reply_sources(coach_app(self).conn, turn_id)))

    def on_assistant_message_inspect(self, message: AssistantMessage.Inspect) -> None:
        message.stop()
        self.open_sources(message.reply)

    def on_history_view_inspect(self, message: HistoryView.Inspect) -> None:
        message.stop()
        self._show_sources(message.turn_id)

    @work(thread=True, group="turn", exit_on_error=False)
    def run_turn(self, text: str, reply: AssistantMessage, stop: threading.Event,
                 shown: threading.Event, replacing: bool, planned: Callable[[], None]) -> None:
        worker = get_current_worker()
        session = self.session
        assert session is not None  # a turn runs only in a shown session
        result: TurnResult | None = None
        totals: SessionTotals | None = None
        crash: str | None = None

        def on_text(chunk: str) -> None:
            # In this thread, once the reply is mounted; `feed` hands it over without waiting.
            if shown.wait() and not worker.is_cancelled:
                reply.feed(chunk)

        def on_checking(count: int) -> None:  # the second read (coach/second_read.py)
            if shown.wait() and not worker.is_cancelled:
                reply.checking(count)

        def on_wait(seconds: float, why: str) -> None:  # a 429 may beat the reply's mount
            if shown.wait() and not worker.is_cancelled:
                reply.wait_shown(seconds, why)

        conn = None
        try:
            app = coach_app(self)
            conn = app.ctx.connect()
            # The client built in the background (None before any was started: send makes one).
            result = session.send(conn, text, now=clock.now(), on_text=on_text,
                                  client=app.model_client,
                                  should_stop=lambda: worker.is_cancelled or stop.is_set(),
                                  on_wait=on_wait, on_budget=budget_notice(app),
                                  on_planned=planned, replacing=replacing,
                                  on_checking=on_checking)
            totals = result.totals  # read in the transaction that stored the turn
        except Exception as exc:  # an engine or database bug: say so, keep the text
            log.exception("turn failed")
            crash = one_line(str(exc)) or type(exc).__name__
        finally:
            planned()  # also when it failed before planning: the message is drawn at once
        try:
            shown.wait()
            if not worker.is_cancelled:  # cancelled: the app is closing, nobody is waiting
                self.post_message(TurnFinished(text, reply, result, totals, crash))
                if conn is not None:
                    session.read_ahead(conn)  # the next message's history, read now
        finally:
            if conn is not None:
                conn.close()

    @work(thread=True, group="read-ahead", exclusive=True, exit_on_error=False)
    def _read_ahead(self, session: CoachSession) -> None:
        conn = coach_app(self).ctx.connect()
        try:
            session.read_ahead(conn)
        finally:
            conn.close()

    async def finish_turn(self, message: TurnFinished) -> None:
        """Show how the turn ended; the turn is over when this returns."""
        reply, result, text = message.reply, message.result, message.text
        chat = self.chat
        if result is not None:
            reply.turn_id = result.assistant_turn_id
        try:
            if result is None:
                await reply.finish(reply.received)
                crash = f"Something went wrong: {message.crash}. {where_logged()}".rstrip()
                await self._failure(text, reply, crash)
            elif result.status == "interrupted" and result.cut_kind == "stopped":
                # Stopped on purpose: nothing failed, so the text is not put back (Up recalls
                # it, the retry key sends it again).
                await reply.finish(result.text or reply.received)
                reply.set_meta(cut_meta(clock.local_stamp(), "stopped", result))
                if not (result.text or reply.received):
                    await chat.add(Notice("Stopped before the coach wrote anything.", "hint"))
            elif result.status == "ok":
                await reply.finish(result.text, result.numbers if result.unverified else ())
                reply.set_meta(usage_meta(clock.local_stamp(), result.usage, result.cost_usd,
                                          result.unverified))
                if result.unchecked:
                    await chat.add(Notice("This reply's numbers were not checked: the check "
                                          f"failed on it. {where_logged()}".rstrip(), "error"))
                if result.left_out != self.left_out:
                    self.left_out = result.left_out
                    await chat.add(Notice(self.left_out_text(), "hint"))
                if result.snapshot_rerendered:
                    await chat.add(Notice(
                        "Memory refreshed for this message: the coach now sees your journal "
                        "as it is.", "hint"))
            else:
                await reply.finish(result.text or reply.received)
                if result.status == "interrupted":
                    reply.set_meta(cut_meta(clock.local_stamp(), result.cut_kind, result))
                await self._failure(text, reply, failure_text(
                    result.status, result.error, kind=result.cut_kind, screen=self.screen))
        finally:
            self.turn_running = False
            self._stop = None

    async def _failure(self, text: str, reply: AssistantMessage, sentence: str) -> None:
        """One error notice for a failed send, the words back in the box when it is empty; a
        send of the same words replaces this pair (see `send_text`)."""
        if not self.prompt.restore(text):
            sentence += " Your message is shown above."
        notice = Notice(sentence, "error")
        await self.chat.add(notice)
        sent = self.chat.query(UserMessage)
        if not reply.markdown.source and sent:
            # Nothing of a reply arrived: the pair is only a failure, safe to replace.
            self._failed = (text, [sent.last(), reply, notice])

