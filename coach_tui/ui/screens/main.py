"""The main screen: the chat pane on the left, the sidebar (with the sync panel) on the right,
the status line and the keys below. It owns no job's details; it composes the panes and routes.

Contract:
- Opening the app starts a new session (a fresh memory snapshot); ctrl+n starts another,
  ctrl+o resumes a past one with the snapshot it stored (its picker also searches, renames and
  deletes; deleting the open session starts a new one, and so does a send to a session deleted
  elsewhere, the message kept in the box). A new session is pending until its
  first message creates it (and renders its snapshot), so opening the app or pressing ctrl+n
  and typing nothing stores nothing. The status line says "memory as of DATE" while the
  session's snapshot is not today's (a resumed session, the app open past midnight): ctrl+n
  refreshes it. The screen opens or resumes it and hands it to the chat pane (which sends to
  it) and the sidebar (which marks journal lines the snapshot does not hold).
- ctrl+t flips the persisted memory switch at once (status line and sidebar show it); the
  engine reads the switch at each send, so it applies from the next message.
- ctrl+r opens the review screen; a saved review comes back through its `dismiss`, and the
  screen reflects on it in a thread worker, saying what it added to the journal when done.
- ctrl+g hands over to the sync panel.
- Esc stops a streaming reply (only while one streams; otherwise the key does what it did);
  ctrl+l sends the last message again; ctrl+b copies the newest reply to the clipboard through
  the terminal (Textual's `copy_to_clipboard`, OSC 52).
- Focus has two stops, the message box and the journal (Tab cycles); a printable key typed in
  the journal goes to the message box, so typing never triggers a journal key. The chat scrolls
  with PageUp / PageDown, Home / End (the box empty) and the mouse.
- Workers post typed messages (coach_tui.ui.messages) that bubble here; each is handled in one
  handler that updates the status line, the sidebar and the pane that ran the job, the pane
  last, so its "running" flag drops only once everything the job changed is on screen.
"""

from __future__ import annotations

import logging
import sqlite3
from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen

from coach_tui import clock
from coach_tui.logfile import logged_failure
from coach_tui.memory.switch import memory_state, set_memory
from coach_tui.ui import model_choice, reflection
from coach_tui.ui.messages import ReflectionFinished, SyncFinished, SyncProgressed, TurnFinished
from coach_tui.ui.screens.deleted_elsewhere import finish_turn
from coach_tui.ui.typed_app import coach_app
from coach_tui.ui.widgets.chat import ChatView
from coach_tui.ui.widgets.chat_pane import ChatPane
from coach_tui.ui.widgets.footer import KeyFooter
from coach_tui.ui.widgets.journal import JournalList
from coach_tui.ui.widgets.literal import as_sentence
from coach_tui.ui.widgets.sidebar import Sidebar
from coach_tui.ui.widgets.status import StatusInfo, StatusLine
from coach_tui.ui.widgets.sync_panel import SyncPanel
from coach_tui.ui.widgets.turn_lines import new_session_key

if TYPE_CHECKING:
    from coach_tui.coach.session import CoachSession
    from coach_tui.ui.app import CoachApp
    from coach_tui.ui.screens.review import ReviewSaved
    from coach_tui.ui.screens.sessions import Picked

log = logging.getLogger(__name__)


class MainScreen(Screen):
    BINDINGS = [
        Binding("ctrl+t", "toggle_memory", "Memory", id="memory.toggle",
                tooltip="Turn the coach's memory on or off (applies from the next message)"),
        Binding("ctrl+n", "new_session", "New", id="session.new",
                tooltip="Start a new session with a fresh memory snapshot"),
        Binding("ctrl+o", "past_sessions", "Sessions", id="session.open",
                tooltip="Resume a past session"),
        Binding("ctrl+r", "review", "Review", id="review.write",
                tooltip="Review the last whole week (Mon–Sun)"),
        Binding("ctrl+g", "sync", "Sync", id="garmin.sync",
                tooltip="Sync steps from Garmin Connect"),
        Binding("escape", "stop", "Stop", id="chat.stop",
                tooltip="Stop the reply that is streaming (the part that arrived is kept)"),
        Binding("ctrl+l", "retry", "Retry", show=False, id="chat.retry",
                tooltip="Send your last message again, in place of its reply"),
        Binding("ctrl+b", "copy_reply", "Copy", show=False, id="chat.copy",
                tooltip="Copy the coach's last reply to the clipboard"),
        # priority: the message box (a TextArea) takes ctrl+e for the line's end (End does too)
        Binding("ctrl+e", "sources", "Sources", show=False, priority=True, id="chat.sources",
                tooltip="Where the numbers of the coach's last reply come from"),
        Binding("pageup", "scroll_chat(-1)", "Scroll up", show=False, priority=True,
                id="chat.page_up", tooltip="Scroll the chat up a page"),
        Binding("pagedown", "scroll_chat(1)", "Scroll down", show=False, priority=True,
                id="chat.page_down", tooltip="Scroll the chat down a page"),
        Binding("home", "scroll_chat('home')", "First message", show=False, priority=True,
                id="chat.home", tooltip="Scroll to the session's first message"),
        Binding("end", "scroll_chat('end')", "Newest", show=False, priority=True, id="chat.end",
                tooltip="Scroll to the newest message"),
    ]

    app: CoachApp

    def __init__(self) -> None:
        super().__init__(id="main-screen")
        self._status = StatusInfo()
        self.next_model: str | None = None  # chosen in the palette; None: the configured one

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            yield ChatPane(id="chat-pane")
            yield Sidebar(id="sidebar")
        yield StatusLine(id="status")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        # A new session uses the configured chat model; shown before the session is open.
        self.set_status(model=self.settings.chat_model, demo=coach_app(self).ctx.demo)
        self.refresh_memory()
        self.chat_pane.prompt.focus()
        # The session is opened right after the first frame is on screen; the sidebar's facts,
        # chart and journal are read then too (open_new_session), not before it (issue 23).
        self.call_after_refresh(self.open_new_session)

    def on_resize(self, event) -> None:
        # Below 24 rows the chart goes, so the journal keeps room to browse; from 24 rows a
        # compact chart fits beside the short facts.
        height = event.size.height
        self.sidebar.fit_height(height)
        self.set_class(height < 24, "-tiny")

    # ------------------------------------------------------------------ parts
    @property
    def conn(self) -> sqlite3.Connection:
        return coach_app(self).conn

    @property
    def settings(self):
        return coach_app(self).settings

    @property
    def chat_pane(self) -> ChatPane:
        return self.query_one(ChatPane)

    @property
    def sidebar(self) -> Sidebar:
        return self.query_one(Sidebar)

    @property
    def sync_panel(self) -> SyncPanel:
        return self.query_one(SyncPanel)

    @property
    def chat(self) -> ChatView:
        return self.chat_pane.chat

    @property
    def session(self) -> CoachSession | None:
        """The session the chat sends to, once open."""
        return self.chat_pane.session

    @property
    def turn_running(self) -> bool:
        return self.chat_pane.turn_running

    def set_status(self, **changes) -> None:
        fields = {**self._status.__dict__, **changes}
        if fields.get("memory_as_of") and self.is_attached:
            # Worded with the key `[keys]` gives `session.new`, not a fixed ctrl+n.
            fields["refresh_key"] = new_session_key(self)
        self._status = StatusInfo(**fields)
        self.query_one(StatusLine).info = self._status

    def refresh_memory(self) -> None:
        state = memory_state(self.conn)
        self.set_class(not state.on, "-memory-off")
        self.sidebar.show_memory(state)
        self.set_status(memory_on=state.on, memory_forced_off=state.forced_off)

    def refresh_totals(self, totals) -> None:
        if totals is None:
            return
        self.set_status(
            hit_rate=totals.hit_rate,
            input_tokens=(totals.input_tokens + totals.cache_creation_tokens
                          + totals.cache_read_tokens),
            output_tokens=totals.output_tokens,
            cost_usd=totals.cost_usd,
            last_miss_reason=totals.last_miss_reason,
            unverified=totals.unverified, floor=totals.output_is_floor,
        )

    def _engine(self) -> type[CoachSession]:
        """The conversation engine's session type, imported on first use (it never imports
        anthropic itself)."""
        from coach_tui.coach.session import CoachSession

        return CoachSession

    def _api_key_configured(self) -> bool:
        from coach_tui.coach.llm import api_key_configured

        return api_key_configured()

    # ------------------------------------------------------------------ sessions
    async def open_new_session(self) -> None:
        # Pending: the first message stores it, so nothing here touches the database.
        model = self.next_model or model_choice.remembered(self.conn, self.settings)
        session = self._engine().pending(self.settings, model=model)
        self.sidebar.show_session(session, new=True)
        self.sidebar.refresh_all()  # before the chat holds the session: it is all on screen then
        await self.chat_pane.start_session(
            session, demo_reason=getattr(coach_app(self).ctx, "demo_reason", None),
            api_key_configured=self._api_key_configured())
        self.set_status(model=session.model, hit_rate=None, input_tokens=0, floor=False,
                        output_tokens=0, cost_usd=0.0, last_miss_reason=None, memory_as_of=None,
                        unverified=0)
        if self.chat_pane.api_key_configured:
            self.app.preload_sdk()  # after the first frame and the session: nothing waits

    def refresh_memory_date(self) -> None:
        """Say "memory as of DATE" while the session's snapshot is from an earlier day."""
        session = self.session
        day = None if session is None else session.snapshot_date
        stale = day is not None and day < clock.today().isoformat()
        self.set_status(memory_as_of=day if stale else None)

    def _busy_refusal(self, doing: str) -> bool:
        if self.turn_running:
            self.notify(f"Wait for the coach to finish replying before you {doing}.",
                        severity="warning")
            return True
        return False

    async def action_new_session(self) -> None:
        if self._busy_refusal("start a new session"):
            return
        await self.open_new_session()
        self.notify("New session: the coach starts from a fresh snapshot of its memory.")
        self.chat_pane.prompt.focus()

    def choose_model(self, model: str) -> None:
        """The model new sessions use from now on (this one keeps its own: the cache is keyed
        on it)."""
        self.next_model = model
        model_choice.remember(self.conn, model)  # and from the next start on
        key = new_session_key(self)
        self.notify(f"New sessions use {model}, also after a restart"
                    + (f"; {key} starts one now." if key else "."), markup=False)

    def action_past_sessions(self) -> None:
        if self._busy_refusal("switch sessions"):
            return
        from coach_tui.ui.screens.sessions import SessionsScreen

        current = self.session.session_id if self.session is not None else None
        self.app.push_screen(SessionsScreen(self.conn, current=current), self._picked)

    async def _picked(self, picked: Picked | None) -> None:
        if picked is None:
            return  # the picker always dismisses with a Picked; None is Textual's type
        if picked.current_deleted:
            # The chat on screen was deleted in the picker: it must not stay nor take messages.
            await self.open_new_session()
            if picked.session_id is None:
                self.notify("That session is deleted; this is a new session.")
                self.chat_pane.prompt.focus()
                return
        await self._resume_chosen(picked.session_id, around=picked.around)

    async def _resume_chosen(self, session_id: int | None, *, around: int | None = None) -> None:
        if session_id is None:
            return
        if self.session is not None and session_id == self.session.session_id:
            if around is not None:  # a day of the open session: go there
                await self.chat_pane.window.show(around=around)
            return
        try:
            session = self._engine().resume(self.conn, self.settings, session_id)
        except Exception as exc:
            log.exception("could not resume session %s", session_id)
            self.notify(f"Session {session_id} could not be opened: "
                        f"{as_sentence(logged_failure(exc))}",
                        severity="error", markup=False)
            return
        self.sidebar.show_session(session, new=False)
        await self.chat_pane.show_session(session, around=around)
        self.set_status(model=session.model)
        self.refresh_totals(session.totals(self.conn))
        self.refresh_memory_date()
        self.sidebar.refresh_journal()
        self.notify(f"Resumed session {session_id} with the memory snapshot it started with.")
        self.chat_pane.prompt.focus()

    # ------------------------------------------------------------------ chat
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "stop":
            # Only while a reply streams; otherwise Esc falls through to whatever it did.
            return self.turn_running
        if action == "scroll_chat":  # Home/End: the box's own keys while it holds text
            return not isinstance(self.focused, JournalList) and (
                parameters[0] in (-1, 1) or not self.chat_pane.prompt.text)
        return True

    def action_stop(self) -> None:
        if self.chat_pane.request_stop():
            self.set_status(busy="stopping…")

    async def action_retry(self) -> None:
        if self._busy_refusal("send again"):
            return
        if not self.chat_pane.api_key_configured:
            self.notify("Not sent: there is no API key (`coach-tui key set`, or "
                        "ANTHROPIC_API_KEY).", severity="warning")
            return
        if not await self.chat_pane.retry():
            self.notify("Nothing to send again yet: send a message first.")

    def action_copy_reply(self) -> None:
        text = self.chat_pane.last_reply_text()
        if text is None:
            self.notify("No reply to copy yet.")
            return
        self.app.copy_to_clipboard(text)
        self.notify(f"Copied the coach's last reply ({len(text):,} characters).")

    def action_sources(self) -> None:
        if not self.chat_pane.open_sources():
            self.notify("No reply with numbers to show yet.")

    async def action_scroll_chat(self, where: int | str) -> None:
        await self.chat_pane.scroll_chat(where)

    def on_chat_pane_turn_started(self, message: ChatPane.TurnStarted) -> None:
        self.set_status(busy="replying…")

    async def on_turn_finished(self, message: TurnFinished) -> None:
        result = message.result
        stopped = result is not None and result.cut_kind == "stopped"
        self.set_status(busy="reply stopped" if stopped else "")
        self.refresh_totals(message.totals)
        self.refresh_memory_date()
        if message.result is not None and message.result.status == "ok":
            self.sidebar.refresh_journal()  # a deleted line re-rendered the snapshot
        await finish_turn(self, message)  # the chat pane's, or a new session if it is gone

    # ------------------------------------------------------------------ memory
    def action_toggle_memory(self) -> None:
        state = memory_state(self.conn)
        if state.forced_off:
            self.notify("COACH_MEMORY=off forces memory off; unset it to turn memory on.",
                        severity="warning")
            return
        on = not state.on
        set_memory(self.conn, on)
        self.refresh_memory()
        self.sidebar.refresh_journal()
        if on:
            self.notify("From your next message the coach sees your facts and journal again.",
                        title="Memory ON")
        else:
            self.notify("From your next message the coach gets no facts, journal or step "
                        "data. Your data is kept.", title="Memory OFF")

    # ------------------------------------------------------------------ review
    def action_review(self) -> None:
        from coach_tui.ui.screens.review import ReviewScreen

        self.app.push_screen(ReviewScreen(), self._review_closed)

    def _review_closed(self, saved: ReviewSaved | None) -> None:
        if saved is not None:
            self.run_reflection(saved)

    @work(thread=True, group="reflection", exit_on_error=False)
    def run_reflection(self, saved: ReviewSaved) -> None:
        self.post_message(reflection.reflect(coach_app(self).ctx, self.settings, saved))

    def on_reflection_finished(self, message: ReflectionFinished) -> None:
        self.sidebar.refresh_journal()
        note = reflection.notice(message)
        self.notify(note.text, title=note.title, severity=note.severity, timeout=note.timeout,
                    markup=False)

    # ------------------------------------------------------------------ Garmin
    def action_sync(self) -> None:
        self.sync_panel.start()

    def on_sync_panel_started(self, message: SyncPanel.Started) -> None:
        self.set_status(busy="syncing…")

    def on_sync_progressed(self, message: SyncProgressed) -> None:
        report = message.report
        self.set_status(busy=f"syncing {report.windows_done}/{report.windows}")
        self.sync_panel.show_progress(report)

    def on_sync_finished(self, message: SyncFinished) -> None:
        self.set_status(busy="")
        self.sidebar.refresh_all()  # whatever was saved, also before a failure, shows at once
        self.sync_panel.finish(message)
