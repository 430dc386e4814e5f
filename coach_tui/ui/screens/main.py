"""The main screen: the chat on the left, what the coach remembers on the right.

Contract:
- Opening the app starts a new session (a fresh memory snapshot); ctrl+n starts another,
  ctrl+o resumes a past one with the snapshot it stored.
- A turn runs in a thread worker with its own database connection; the engine's `on_text`
  callback runs in that thread and posts each chunk to the reply widget's queue (thread-safe,
  in order, without waiting); the end of the turn comes back with `call_from_thread`.
  The message box is cleared when a message is sent and refilled if the turn fails, so typed
  text is never lost. One turn at a time.
- ctrl+t flips the persisted memory switch at once (status line and sidebar show it); the
  engine reads the switch at each send, so it applies from the next message.
- Journal lines: Enter opens one, Delete or `d` asks (y/n/escape), then the row goes from the
  database and the list; the engine re-renders the snapshot on the next message.
- Sync and login run in workers; garminconnect is imported by the sync module when it runs.
"""

from __future__ import annotations

import logging
import sqlite3
from datetime import timedelta
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Label, ProgressBar
from textual.worker import get_current_worker

from coach_tui import clock
from coach_tui.memory import journal
from coach_tui.memory.snapshot import current_facts
from coach_tui.memory.switch import memory_state, set_memory
from coach_tui.store.db import connect
from coach_tui.store.steps import load_days
from coach_tui.ui.screens.confirm import ConfirmationModal
from coach_tui.ui.screens.journal_line import JournalLineScreen
from coach_tui.ui.widgets.chat import AssistantMessage, ChatView, Notice, UserMessage, cut_label
from coach_tui.ui.widgets.facts import FactsPanel
from coach_tui.ui.widgets.journal import JournalList, source_label
from coach_tui.ui.widgets.literal import as_sentence, literal, one_line
from coach_tui.ui.widgets.prompt import PromptInput
from coach_tui.ui.widgets.status import StatusInfo, StatusLine
from coach_tui.ui.widgets.steps_chart import WINDOW_DAYS, StepsChart

if TYPE_CHECKING:
    from coach_tui.ui.app import CoachApp

log = logging.getLogger(__name__)

NO_KEY_HELP = (
    "No API key: the coach cannot reply yet. Set ANTHROPIC_API_KEY in your shell "
    "(export ANTHROPIC_API_KEY=sk-ant-...) and start coach-tui again. "
    "The sidebar and Garmin sync (ctrl+g) work without it."
)


class Cancelled(Exception):
    """Raised from the sync's progress callback to stop it when the app is closing (the
    windows already saved are kept)."""


def hhmm(stamp: str | None) -> str:
    """'2026-11-30T09:15:02' -> '09:15' (and a date when it is not today)."""
    if not stamp:
        return ""
    day, _, time = stamp.partition("T")
    today = clock.today().isoformat()
    return time[:5] if day == today else f"{day} {time[:5]}"


class MainScreen(Screen):
    BINDINGS = [
        Binding("ctrl+t", "toggle_memory", "Memory", id="memory.toggle",
                tooltip="Turn the coach's memory on or off (applies from the next message)"),
        Binding("ctrl+n", "new_session", "New", id="session.new",
                tooltip="Start a new session with a fresh memory snapshot"),
        Binding("ctrl+o", "past_sessions", "Sessions", id="session.open",
                tooltip="Resume a past session"),
        Binding("ctrl+r", "review", "Review", id="review.write",
                tooltip="Write this week's review"),
        Binding("ctrl+g", "sync", "Sync", id="garmin.sync",
                tooltip="Sync steps from Garmin Connect"),
    ]

    app: "CoachApp"

    def __init__(self) -> None:
        super().__init__(id="main-screen")
        self.session = None                     # coach_tui.coach.session.CoachSession
        self.session_error: str | None = None
        self._own_settings = None               # the real home's settings, from the demo
        self.turn_running = False
        self.sync_running = False
        self._facts_at_session_start: list[str] | None = None
        self._status = StatusInfo()

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            with Vertical(id="chat-pane"):
                yield ChatView(id="chat")
                yield PromptInput(id="prompt")
            with Vertical(id="sidebar"):
                yield Label("", id="memory-banner")
                with VerticalScroll(id="facts-box") as facts_box:
                    # Tab goes from the message box straight to the journal.
                    facts_box.can_focus = False
                    yield FactsPanel(id="facts")
                yield StepsChart(id="chart")
                with Vertical(id="sync-box"):
                    yield Label("", id="sync-label")
                    yield ProgressBar(id="sync-bar", show_eta=False)
                yield JournalList(id="journal")
        yield StatusLine(id="status")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#facts-box").border_title = "Ledger · as of yesterday"
        self.query_one("#chart").border_title = f"Last {WINDOW_DAYS} days"
        prompt = self.query_one(PromptInput)
        prompt.border_title = "Message"
        prompt.border_subtitle = "⏎ send · ctrl+j newline · tab journal"
        self.query_one("#sync-box").display = False
        # A new session uses the configured chat model; shown before the session is open.
        self.set_status(model=self.settings.chat_model, demo=self.app.ctx.demo)
        self.refresh_memory()
        self.refresh_sidebar()
        prompt.focus()
        # The session is opened right after the first frame is on screen.
        self.call_after_refresh(self.open_new_session)

    def on_resize(self, event) -> None:
        # Short terminals (30 rows) get a shorter chart so every ledger fact still fits; very
        # short ones (24 rows) drop the chart so the journal keeps room to browse.
        height = event.size.height
        self.query_one(StepsChart).compact = height < 36
        self.set_class(height < 28, "-tiny")

    # ------------------------------------------------------------------ helpers
    @property
    def conn(self) -> sqlite3.Connection:
        return self.app.conn

    @property
    def settings(self):
        return self.app.settings

    @property
    def chat(self) -> ChatView:
        return self.query_one(ChatView)

    @property
    def prompt(self) -> PromptInput:
        return self.query_one(PromptInput)

    @property
    def journal_list(self) -> JournalList:
        return self.query_one(JournalList)

    def set_status(self, **changes) -> None:
        fields = {**self._status.__dict__, **changes}
        self._status = StatusInfo(**fields)
        self.query_one(StatusLine).info = self._status

    def refresh_memory(self) -> None:
        state = memory_state(self.conn)
        self.set_class(not state.on, "-memory-off")
        banner = self.query_one("#memory-banner", Label)
        if state.on:
            banner.update("")
        elif state.forced_off:
            banner.update("Memory OFF (COACH_MEMORY env)")
        else:
            banner.update("Memory OFF: coach sees none of this")
        self.set_status(memory_on=state.on, memory_forced_off=state.forced_off)

    def pending_ids(self, entries: list[journal.Entry]) -> set[int]:
        """Lines written after this session's snapshot: they reach the coach next session.

        Only lines newer than every line the snapshot holds count (entry ids only grow); older
        lines outside the snapshot were left out by its size limit, not written this session.
        With memory off, or a session whose snapshot was rendered with memory off (the next
        message renders a fresh one), nothing waits for the next session.
        """
        session = self.session
        if session is None or not session.memory_on or not memory_state(self.conn).on:
            return set()
        held = session.snapshot_entry_ids
        watermark = getattr(session, "journal_watermark", None)
        if watermark is None:
            watermark = max(held, default=0)
        return {e.entry_id for e in entries if e.entry_id not in held and e.entry_id > watermark}

    def refresh_sidebar(self) -> None:
        today = clock.today()
        goal = self.settings.default_step_goal
        facts = current_facts(self.conn, today, goal)
        changed = self._facts_at_session_start is not None and facts != self._facts_at_session_start
        self.query_one(FactsPanel).show(facts, changed_since_session=changed)
        days = load_days(self.conn, today - timedelta(days=WINDOW_DAYS), today)
        chart = self.query_one(StepsChart)
        chart.set_data(days, today, goal)
        chart.border_title = f"Last {WINDOW_DAYS} days · goal {chart.data.goal_line:,}"
        chart.border_subtitle = chart.caption()
        self.refresh_journal()

    def refresh_journal(self) -> None:
        entries = journal.list_entries(self.conn)
        jl = self.journal_list
        jl.show(entries, pending=self.pending_ids(entries))
        jl.border_title = f"Journal · {len(entries)} lines"
        jl.border_subtitle = "⏎ open · d delete" if entries else ""

    def refresh_totals(self, totals) -> None:
        if totals is None:
            return
        self.set_status(
            hit_rate=totals.hit_rate,
            input_tokens=totals.input_tokens + totals.cache_creation_tokens + totals.cache_read_tokens,
            output_tokens=totals.output_tokens,
            cost_usd=totals.cost_usd,
            last_miss_reason=totals.last_miss_reason,
        )

    def _engine(self):
        """The conversation engine, imported on first use (it never imports anthropic itself)."""
        from coach_tui.coach import session as engine

        return engine

    def _api_key_configured(self) -> bool:
        from coach_tui.coach.llm import api_key_configured

        return api_key_configured()

    # ------------------------------------------------------------------ sessions
    async def open_new_session(self) -> None:
        engine = self._engine()
        try:
            session = engine.CoachSession.new(self.conn, self.settings, now=clock.now())
        except Exception as exc:  # a locked or broken database, a missing persona file
            log.exception("could not open a session")
            self.session_error = as_sentence(str(exc)) or type(exc).__name__
            await self.chat.add(Notice(
                f"No chat session could be started: {self.session_error} The sidebar still "
                "works; ctrl+n tries again.", "error"))
            return
        self.session_error = None
        self.session = session
        self._facts_at_session_start = current_facts(
            self.conn, clock.today(), self.settings.default_step_goal
        )
        await self.chat.clear()
        self.set_status(model=self.session.model, hit_rate=None, input_tokens=0,
                        output_tokens=0, cost_usd=0.0, last_miss_reason=None)
        await self._greet()
        self.refresh_sidebar()

    async def _greet(self) -> None:
        reason = getattr(self.app.ctx, "demo_reason", None)
        if reason:
            await self.chat.add(Notice(f"{reason} Or press ctrl+g to log in to Garmin here.",
                                       "hint"))
        if not self._api_key_configured():
            await self.chat.add(Notice(NO_KEY_HELP, "error"))
        else:
            await self.chat.add(Notice(
                "New session. Ask your coach anything: how last week went, what to aim for "
                "today. ctrl+r writes this week's review.", "hint",
            ))

    async def show_session(self, session) -> None:
        """Load a resumed session's turns into the chat."""
        self.session = session
        self._facts_at_session_start = None
        chat = self.chat
        await chat.clear()
        views = session.turns(self.conn)
        widgets = []
        for view in views:
            if view.role == "user":
                widgets.append(UserMessage(view.text, f"you · {hhmm(view.created_at)}"))
                continue
            if view.text:
                widgets.append(AssistantMessage(self._reply_meta(view), view.text))
            if view.status in ("failed", "interrupted"):
                widgets.append(Notice(self._failure_text(view.status, view.error), "error"))
        if not widgets:
            widgets.append(Notice("This session has no messages yet.", "hint"))
        await chat.mount_all(widgets)
        chat.scroll_end(animate=False)
        self.set_status(model=session.model)
        self.refresh_totals(session.totals(self.conn))
        self.refresh_journal()

    def _reply_meta(self, view) -> str:
        if view.status == "interrupted":
            return f"coach · {hhmm(view.created_at)} · {cut_label(view.stop_reason)}"
        return self._usage_meta(view.created_at, view.usage, view.cost_usd)

    @staticmethod
    def _failure_text(status: str, error: str | None) -> str:
        if status == "interrupted":
            # The engine's message already says the partial reply is kept and how to retry.
            return error or "The reply was cut off; the part that arrived is kept above."
        return f"The coach could not reply. {error or 'The request failed.'}"

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
        self.prompt.focus()

    def action_past_sessions(self) -> None:
        if self._busy_refusal("switch sessions"):
            return
        from coach_tui.ui.screens.sessions import SessionsScreen

        engine = self._engine()
        current = self.session.session_id if self.session is not None else None
        sessions = [s for s in engine.list_sessions(self.conn)
                    if s.turn_count > 0 or s.session_id == current]
        self.app.push_screen(SessionsScreen(sessions, current=current), self._resume_chosen)

    async def _resume_chosen(self, session_id: int | None) -> None:
        if session_id is None:
            return
        if self.session is not None and session_id == self.session.session_id:
            return
        engine = self._engine()
        try:
            session = engine.CoachSession.resume(self.conn, self.settings, session_id)
        except Exception as exc:
            log.exception("could not resume session %s", session_id)
            self.notify(f"Session {session_id} could not be opened: {as_sentence(str(exc))}",
                        severity="error", markup=False)
            return
        await self.show_session(session)
        self.notify(f"Resumed session {session_id} with the memory snapshot it started with.")
        self.prompt.focus()

    # ------------------------------------------------------------------ chat
    @on(PromptInput.Submitted)
    async def send_message(self, event: PromptInput.Submitted) -> None:
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
        now = clock.now().isoformat(timespec="seconds")
        reply = AssistantMessage("coach · thinking…")
        reply.add_class("waiting")
        await chat.mount_all([UserMessage(text, f"you · {hhmm(now)}"), reply])
        chat.scroll_end(animate=False)  # the reader just sent: follow the reply
        self.turn_running = True
        self.set_status(busy="replying…")
        self.run_turn(text, reply)

    @work(thread=True, group="turn", exit_on_error=False)
    def run_turn(self, text: str, reply: AssistantMessage) -> None:
        worker = get_current_worker()
        app = self.app
        result = totals = crash = None

        def on_text(chunk: str) -> None:
            # Runs in this worker thread; `feed` hands the chunk to the UI without waiting.
            if not worker.is_cancelled:
                reply.feed(chunk)

        conn = None
        try:
            conn = connect(self.settings.paths.db_file)
            result = self.session.send(conn, text, now=clock.now(), on_text=on_text,
                                       should_stop=lambda: worker.is_cancelled)
            totals = self.session.totals(conn)
        except Exception as exc:  # an engine or database bug: say so, keep the text
            log.exception("turn failed")
            crash = one_line(str(exc)) or type(exc).__name__
        finally:
            if conn is not None:
                conn.close()
        if worker.is_cancelled:
            return
        try:
            app.call_from_thread(self.turn_done, text, reply, result, totals, crash)
        except RuntimeError:
            pass  # the app closed while the reply was streaming

    async def turn_done(self, text, reply: AssistantMessage, result, totals, crash) -> None:
        self.turn_running = False
        self.set_status(busy="")
        self.refresh_totals(totals)
        chat = self.chat
        if result is None:
            await reply.finish(reply.received)
            await chat.add(Notice(
                f"Something went wrong: {crash}. {self._restore_hint(text)}", "error"))
            return
        if result.status == "ok":
            await reply.finish(result.text)
            reply.set_meta(self._turn_meta(result))
            if result.snapshot_rerendered:
                await chat.add(Notice(
                    "Memory refreshed for this message: the coach now sees your journal "
                    "as it is.", "hint"))
            self.refresh_journal()
            return
        await reply.finish(result.text or reply.received)
        if result.status == "interrupted":
            reply.set_meta(f"coach · {cut_label(result.cut_kind)}")
        await chat.add(Notice(
            f"{self._failure_text(result.status, result.error)} {self._restore_hint(text)}",
            "error",
        ))

    def _restore_hint(self, text: str) -> str:
        if self.prompt.restore(text):
            return "Your message is back in the box: press Enter to send it again."
        return "Your message is shown above; copy it back into the box to send it again."

    def _turn_meta(self, result) -> str:
        return self._usage_meta(clock.now().isoformat(timespec="seconds"), result.usage,
                                result.cost_usd)

    @staticmethod
    def _usage_meta(stamp: str | None, usage, cost: float | None) -> str:
        """'coach · 09:15 · 97% cached · $0.0009': the reply's own cache share and cost."""
        meta = f"coach · {hhmm(stamp)}"
        if usage is not None and usage.total_input:
            meta += f" · {usage.cache_read_tokens / usage.total_input:.0%} cached"
        if cost is not None:
            meta += f" · ${cost:.4f}"
        return meta

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
        self.refresh_journal()
        if on:
            self.notify("From your next message the coach sees your facts and journal again.",
                        title="Memory ON")
        else:
            self.notify("From your next message the coach gets no facts, journal or step "
                        "data. Your data is kept.", title="Memory OFF")

    # ------------------------------------------------------------------ journal
    @on(JournalList.ViewRequested)
    def view_line(self, message: JournalList.ViewRequested) -> None:
        entry = message.entry
        pending = self.journal_list.is_pending(entry.entry_id)

        def closed(delete: bool | None) -> None:
            if delete:
                self.confirm_delete(entry)

        self.app.push_screen(JournalLineScreen(entry, pending=pending), closed)

    @on(JournalList.DeleteRequested)
    def delete_requested(self, message: JournalList.DeleteRequested) -> None:
        self.confirm_delete(message.entry)

    def confirm_delete(self, entry: journal.Entry) -> None:
        body = Text()
        body.append(f"{entry.entry_date} · {one_line(source_label(entry))}\n", "dim")
        body.append(literal(entry.text))
        body.append("\n\nThe coach will no longer see it from your next message.", "dim")

        def answered(yes: bool | None) -> None:
            if yes:
                self.delete_line(entry)

        self.app.push_screen(
            ConfirmationModal("Delete this journal line?", body, yes="Delete", no="Keep"),
            answered,
        )

    def delete_line(self, entry: journal.Entry) -> None:
        existed = journal.delete_entry(self.conn, entry.entry_id)
        self.journal_list.remove_entry(entry.entry_id)
        self.refresh_journal()
        if existed:
            self.notify("Deleted. The coach will no longer see that line from your next "
                        "message.", title="Journal")
        else:
            self.notify("That line was already gone.", title="Journal")

    # ------------------------------------------------------------------ review
    def action_review(self) -> None:
        from coach_tui.ui.screens.review import ReviewScreen

        self.app.push_screen(ReviewScreen())

    def reflect_in_background(self, saved, draft) -> None:
        """Called by the review screen after a save; the result arrives as a notification."""
        self.run_reflection(saved, draft)

    @work(thread=True, group="reflection", exit_on_error=False)
    def run_reflection(self, saved, draft) -> None:
        from coach_tui.coach import review

        app = self.app
        conn = connect(self.settings.paths.db_file)
        memory_on, already, lines = True, False, []
        try:
            memory_on = memory_state(conn).on
            already = journal.has_event(conn, review.SOURCE, saved.period.key)
            ids = review.reflect_on_review(conn, self.settings, saved, draft).entry_ids
            lines = [e for e in (journal.get_entry(conn, i) for i in ids) if e is not None]
        except Exception:
            log.exception("reflection failed")
        finally:
            conn.close()
        try:
            app.call_from_thread(self.reflection_done, lines, memory_on, already)
        except RuntimeError:
            pass

    def reflection_done(self, lines: list[journal.Entry], memory_on: bool,
                        already: bool = False) -> None:
        self.refresh_journal()
        if not memory_on:
            self.notify("Memory is off, so nothing was added to the coach's journal.",
                        title="Journal")
        elif already:
            self.notify("The coach already reflected on this week's review; the journal is "
                        "unchanged.", title="Journal")
        elif not lines:
            self.notify("Reflection added nothing new to the journal.", title="Journal")
        else:
            added = "\n".join(f"• {one_line(e.text)}" for e in lines)
            self.notify(
                f"{added}\nThe coach sees {'it' if len(lines) == 1 else 'them'} from the "
                "next session.",
                title=f"Journal: {len(lines)} new line{'s' if len(lines) != 1 else ''}",
                timeout=12, markup=False,
            )

    # ------------------------------------------------------------------ Garmin
    @property
    def garmin_settings(self):
        """Where Garmin tokens and synced steps go: always the user's own home.

        The demo never syncs into itself: from the demo window (`--demo`, or the first run
        before any data exists) ctrl+g logs in and syncs the user's real data, which the next
        plain `coach-tui` opens.
        """
        if not self.app.ctx.demo:
            return self.settings
        if self._own_settings is None:
            from coach_tui.config import load_settings, resolve_paths

            self._own_settings = load_settings(resolve_paths())
        return self._own_settings

    def action_sync(self) -> None:
        if self.sync_running:
            self.notify("A sync is already running.")
            return
        from coach_tui.garmin.tokens import has_tokens

        if has_tokens(self.garmin_settings):
            self.start_sync()
            return
        from coach_tui.ui.screens.login import LoginScreen

        self.app.push_screen(LoginScreen(self.garmin_settings), self._login_closed)

    def _login_closed(self, logged_in: bool | None) -> None:
        if logged_in:
            self.notify("Logged in to Garmin Connect; syncing now.", title="Garmin")
            self.start_sync()

    def start_sync(self) -> None:
        self.sync_running = True
        self.query_one("#sync-box").display = True
        self.query_one("#sync-label", Label).update("Syncing Garmin…")
        self.query_one("#sync-bar", ProgressBar).update(total=None, progress=0)
        self.set_status(busy="syncing…")
        self.run_sync()

    @work(thread=True, group="sync", exit_on_error=False)
    def run_sync(self) -> None:
        from coach_tui.garmin import sync

        worker = get_current_worker()
        app = self.app

        def progress(report) -> None:
            # Raising stops the sync after the window in hand; saved windows are kept.
            if worker.is_cancelled:
                raise Cancelled()
            try:
                app.call_from_thread(self.sync_progress, report)
            except RuntimeError:
                raise Cancelled() from None

        result = error = None
        try:
            result = sync.sync_steps(self.garmin_settings, progress=progress)
        except Cancelled:
            return
        except sync.GarminError as exc:
            error = exc
        except Exception as exc:
            log.exception("sync failed")
            error = exc
        try:
            app.call_from_thread(self.sync_done, result, error)
        except RuntimeError:
            pass

    def sync_progress(self, report) -> None:
        bar = self.query_one("#sync-bar", ProgressBar)
        bar.update(total=max(report.windows, 1), progress=report.windows_done)
        label = f"Syncing Garmin: {report.windows_done} of {report.windows} windows"
        if report.window is not None:
            first, last = report.window
            label += f" (through {last.isoformat()})"
        self.query_one("#sync-label", Label).update(Text(label))
        self.set_status(busy=f"syncing {report.windows_done}/{report.windows}")

    def sync_done(self, result, error) -> None:
        self.sync_running = False
        self.query_one("#sync-box").display = False
        self.set_status(busy="")
        self.refresh_sidebar()  # whatever was saved, also before a failure, shows at once
        if error is None:
            summary = as_sentence(result.summary())
            if self.app.ctx.demo:
                summary += (" Your steps went to your own data, not this demo: quit (ctrl+q) "
                            "and run coach-tui to open them.")
            self.notify(summary, title="Garmin sync", markup=False,
                        timeout=12 if self.app.ctx.demo else 5)
            return
        message = getattr(error, "message", None) or one_line(str(error)) or type(error).__name__
        if getattr(error, "kind", "") == "login_needed":
            from coach_tui.ui.screens.login import LoginScreen

            self.notify(as_sentence(message), title="Garmin", severity="warning", markup=False)
            self.app.push_screen(LoginScreen(self.garmin_settings), self._login_closed)
            return
        self.notify(as_sentence(message), title="Garmin sync failed", severity="error",
                    timeout=10, markup=False)
