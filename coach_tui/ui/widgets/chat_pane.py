"""The chat pane: the conversation above the message box, and the turn that sends a message.

Contract:
- The pane shows one session (`session`, set by the main screen when it opens or resumes one)
  and sends each message to it. One turn at a time.
- A turn runs in a thread worker with its own database connection; the engine's `on_text`
  callback runs in that thread and feeds each chunk to the reply widget (thread-safe, in order,
  without waiting). The worker ends by posting `TurnFinished`, which the main screen routes back
  to `finish_turn` together with the status line and the journal.
- The message box is cleared when a message is sent and refilled if the turn fails, so typed
  text is never lost.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.worker import get_current_worker

from coach_tui import clock
from coach_tui.ui.messages import TurnFinished
from coach_tui.ui.widgets.chat import AssistantMessage, ChatView, Notice, UserMessage, cut_label
from coach_tui.ui.widgets.literal import one_line
from coach_tui.ui.widgets.prompt import PromptInput

log = logging.getLogger(__name__)

NO_KEY_HELP = (
    "No API key: the coach cannot reply yet. Set ANTHROPIC_API_KEY in your shell "
    "(export ANTHROPIC_API_KEY=sk-ant-...) and start coach-tui again. "
    "The sidebar and Garmin sync (ctrl+g) work without it."
)


def hhmm(stamp: str | None) -> str:
    """'2026-11-30T09:15:02' -> '09:15' (and a date when it is not today)."""
    if not stamp:
        return ""
    day, _, time = stamp.partition("T")
    today = clock.today().isoformat()
    return time[:5] if day == today else f"{day} {time[:5]}"


def usage_meta(stamp: str | None, usage, cost: float | None) -> str:
    """'coach · 09:15 · 97% cached · $0.0009': the reply's own cache share and cost."""
    meta = f"coach · {hhmm(stamp)}"
    if usage is not None and usage.total_input:
        meta += f" · {usage.cache_read_tokens / usage.total_input:.0%} cached"
    if cost is not None:
        meta += f" · ${cost:.4f}"
    return meta


def failure_text(status: str, error: str | None) -> str:
    if status == "interrupted":
        # The engine's message already says the partial reply is kept and how to retry.
        return error or "The reply was cut off; the part that arrived is kept above."
    return f"The coach could not reply. {error or 'The request failed.'}"


class ChatPane(Vertical):
    """The chat view and the message box; sends a message as one turn of `session`."""

    @dataclass
    class TurnStarted(Message):
        """A message is on its way to the coach (the status line says "replying…")."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.session = None                     # coach_tui.coach.session.CoachSession
        self.session_error: str | None = None   # why no session could be opened
        self.turn_running = False

    def compose(self) -> ComposeResult:
        yield ChatView(id="chat")
        yield PromptInput(id="prompt")

    def on_mount(self) -> None:
        self.prompt.border_title = "Message"
        self.prompt.border_subtitle = "⏎ send · ctrl+j newline · tab journal"

    @property
    def chat(self) -> ChatView:
        return self.query_one(ChatView)

    @property
    def prompt(self) -> PromptInput:
        return self.query_one(PromptInput)

    # ------------------------------------------------------------------ sessions
    async def no_session(self, error: str) -> None:
        """Opening a session failed: say so; the session shown before stays."""
        self.session_error = error
        await self.chat.add(Notice(
            f"No chat session could be started: {error} The sidebar still works; ctrl+n "
            "tries again.", "error"))

    async def start_session(self, session, *, demo_reason: str | None,
                            api_key_configured: bool) -> None:
        """A new session: an empty chat and a greeting."""
        self.session, self.session_error = session, None
        chat = self.chat
        await chat.clear()
        if demo_reason:
            await chat.add(Notice(f"{demo_reason} Or press ctrl+g to log in to Garmin here.",
                                  "hint"))
        if not api_key_configured:
            await chat.add(Notice(NO_KEY_HELP, "error"))
        else:
            await chat.add(Notice(
                "New session. Ask your coach anything: how last week went, what to aim for "
                "today. ctrl+r writes this week's review.", "hint",
            ))

    async def show_session(self, session, views) -> None:
        """A resumed session: its turns (`views`, the engine's TurnViews) in the chat."""
        self.session, self.session_error = session, None
        chat = self.chat
        await chat.clear()
        widgets = []
        for view in views:
            if view.role == "user":
                widgets.append(UserMessage(view.text, f"you · {hhmm(view.created_at)}"))
                continue
            if view.text:
                widgets.append(AssistantMessage(self._reply_meta(view), view.text))
            if view.status in ("failed", "interrupted"):
                widgets.append(Notice(failure_text(view.status, view.error), "error"))
        if not widgets:
            widgets.append(Notice("This session has no messages yet.", "hint"))
        await chat.mount_all(widgets)
        chat.scroll_end(animate=False)

    @staticmethod
    def _reply_meta(view) -> str:
        if view.status == "interrupted":
            return f"coach · {hhmm(view.created_at)} · {cut_label(view.stop_reason)}"
        return usage_meta(view.created_at, view.usage, view.cost_usd)

    # ------------------------------------------------------------------ a turn
    @on(PromptInput.Submitted)
    async def send_message(self, event: PromptInput.Submitted) -> None:
        event.stop()
        if self.turn_running:
            self.notify("The coach is still replying; your message stays in the box.",
                        severity="warning")
            return
        if self.session is None:
            if self.session_error:
                self.notify(f"No chat session: {self.session_error} ctrl+n tries again.",
                            severity="error", markup=False)
            else:
                self.notify("The session is still opening; try again in a moment.")
            return
        text = event.text
        self.prompt.clear()
        chat = self.chat
        now = clock.local_stamp()
        reply = AssistantMessage("coach · thinking…")
        reply.add_class("waiting")
        await chat.mount_all([UserMessage(text, f"you · {hhmm(now)}"), reply])
        chat.scroll_end(animate=False)  # the reader just sent: follow the reply
        self.turn_running = True
        self.post_message(self.TurnStarted())
        self.run_turn(text, reply)

    @work(thread=True, group="turn", exit_on_error=False)
    def run_turn(self, text: str, reply: AssistantMessage) -> None:
        worker = get_current_worker()
        session = self.session
        result = totals = crash = None

        def on_text(chunk: str) -> None:
            # Runs in this worker thread; `feed` hands the chunk to the UI without waiting.
            if not worker.is_cancelled:
                reply.feed(chunk)

        conn = None
        try:
            conn = self.app.ctx.connect()
            result = session.send(conn, text, now=clock.now(), on_text=on_text,
                                  should_stop=lambda: worker.is_cancelled)
            totals = session.totals(conn)
        except Exception as exc:  # an engine or database bug: say so, keep the text
            log.exception("turn failed")
            crash = one_line(str(exc)) or type(exc).__name__
        finally:
            if conn is not None:
                conn.close()
        if not worker.is_cancelled:  # cancelled: the app is closing, nobody is waiting
            self.post_message(TurnFinished(text, reply, result, totals, crash))

    async def finish_turn(self, message: TurnFinished) -> None:
        """Show how the turn ended; the turn is over when this returns."""
        reply, result, text = message.reply, message.result, message.text
        chat = self.chat
        try:
            if result is None:
                await reply.finish(reply.received)
                await chat.add(Notice(
                    f"Something went wrong: {message.crash}. {self._restore_hint(text)}",
                    "error"))
            elif result.status == "ok":
                await reply.finish(result.text)
                reply.set_meta(usage_meta(clock.local_stamp(),
                                          result.usage, result.cost_usd))
                if result.snapshot_rerendered:
                    await chat.add(Notice(
                        "Memory refreshed for this message: the coach now sees your journal "
                        "as it is.", "hint"))
            else:
                await reply.finish(result.text or reply.received)
                if result.status == "interrupted":
                    reply.set_meta(f"coach · {cut_label(result.cut_kind)}")
                await chat.add(Notice(
                    f"{failure_text(result.status, result.error)} {self._restore_hint(text)}",
                    "error",
                ))
        finally:
            self.turn_running = False

    def _restore_hint(self, text: str) -> str:
        if self.prompt.restore(text):
            return "Your message is back in the box: press Enter to send it again."
        return "Your message is shown above; copy it back into the box to send it again."
