"""The coach-tui Textual app: `run_app(ctx)` opens it on the context's settings and database.

Contract: importing this module imports neither `anthropic` nor `garminconnect` (a test runs
the import in a fresh interpreter and checks `sys.modules`); the first frame paints from
SQLite alone, and the model, Garmin sync, login and reflection each run in a thread worker
with its own database connection, importing their SDK when first used; once the first frame is
drawn and the session is open, a worker also imports the model SDK, warms its reply path in
memory and builds the model client the chat's turns send with (`preload_sdk`), so the first
reply waits for none of it. A failure there is logged and shows nothing until a message is
sent, which then fails, if at all, with its usual one-line error. What other processes commit
to the database is followed (ui/db_watch.py).
Every key is a `Binding` with an `id`, so a user can remap it under `[keys]` in config.toml
(`"memory.toggle" = "f2"`), and every key of the current screen is also a command in the
palette (ctrl+p), titled with its key and its id so either finds it. On the main screen the
journal's keys are listed too, whatever has the focus: they act on the highlighted line.
"""

from __future__ import annotations

import time

_IMPORTED_AT = time.perf_counter()  # startup time is logged from here, as posting does

import contextlib
import logging
import sqlite3
import sys
import threading
from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING

from textual import events, work
from textual.app import SystemCommand
from textual.binding import Binding
from textual.dom import DOMNode
from textual.notifications import Notify, SeverityLevel
from textual.screen import Screen

from coach_tui import failures
from coach_tui.context import Context
from coach_tui.store.db import lock_wait_seconds
from coach_tui.text import visible
from coach_tui.ui import ending, startup_gc
from coach_tui.ui.db_watch import POLL_SECONDS, DatabaseWatch
from coach_tui.ui.screens.main import MainScreen
from coach_tui.ui.textual_private import (
    OneLineFatalError,
    bindings_of,
    keep_newest_notifications,
)
from coach_tui.ui.typing_focus import claim_typing

if TYPE_CHECKING:
    from coach_tui.coach.warmup import SharedClient

log = logging.getLogger(__name__)


# How each binding reads in the command palette (the footer uses the short description):
# every binding id has one, so no command reads as a bare verb ("Delete" of what?).
PALETTE_TITLES = {
    "chat.send": "Send the message",
    "chat.newline": "New line in the message",
    "memory.toggle": "Memory on / off",
    "session.new": "New session",
    "session.open": "Past sessions",
    "sessions.rename": "Rename the session",
    "sessions.delete": "Delete the session",
    "sessions.down": "From the search box into the list",
    "sessions.close": "Close the session list",
    "rename.cancel": "Keep the old title",
    "review.write": "Review the last whole week (Mon–Sun)",
    "review.save": "Save the review",
    "review.rewrite": "Rewrite the review",
    "review.close": "Back to the chat",
    "garmin.sync": "Sync steps from Garmin",
    "journal.open": "Open the journal line",
    "journal.delete": "Delete the journal line",
    "line.close": "Close the journal line",
    "line.delete": "Delete the journal line",
    "confirm.yes": "Yes: confirm",
    "confirm.no": "No: keep it as it is",
    "confirm.cancel": "Cancel: keep it as it is",
    "login.cancel": "Cancel the Garmin login",
    "sources.close": "Close where the numbers come from",
    "chat.sources": "Where the reply's numbers come from",
    "chat.stop": "Stop the reply",
    "chat.retry": "Send the last message again",
    "chat.copy": "Copy the last reply",
    "chat.recall_older": "Recall an earlier message",
    "chat.recall_newer": "Recall a later message",
    "chat.page_up": "Scroll the chat up",
    "chat.page_down": "Scroll the chat down",
    "chat.home": "Scroll the chat to the session's first message",
    "chat.end": "Scroll the chat to the newest message",
    "app.quit": "Quit",
    "app.sidebar": "Hide or show the sidebar",
    "app.help": "Keys and where your data lives",
    "chat.select": "Select a message to copy",
    "chat.editor": "Write the message in $EDITOR",
    "app.help_empty": "Keys and where your data lives (in an empty message box)",
    "help.close": "Close the help screen",
    "export.cancel": "Cancel the session export",
    "select.up": "Select the previous message",
    "select.down": "Select the next message",
    "select.copy": "Copy the selected message",
    "select.leave": "Leave message selection",
}


class CoachApp(OneLineFatalError):
    CSS_PATH = "app.tcss"
    TITLE = "coach-tui"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True, id="app.quit",
                tooltip="Quit coach-tui"),
        Binding("f3", "toggle_sidebar", "Sidebar", key_display="F3", show=False, id="app.sidebar",
                tooltip="Hide the sidebar to give the chat the whole width, or show it again"),
        Binding("f1", "help", "Help", show=False, id="app.help",
                tooltip="Every key with its binding id, and where your data lives"),
        Binding("ctrl+s", "select_messages", "Select", show=False, id="chat.select",
                tooltip="Choose any message with ↑ ↓ and copy it (c or enter)"),
        Binding("f4", "edit_in_editor", "Editor", show=False, id="chat.editor",
                tooltip="Write the message in $EDITOR (saved text comes back to the box)"),
        # priority: the message box would type it; only while the box is empty (check_action)
        Binding("question_mark", "help_if_empty", "Help", show=False, priority=True,
                id="app.help_empty", tooltip="Help, from an empty message box"),
    ]
    # Toasts sit over the ledger (app.tcss): at most two at once, each gone within a moment.
    MAX_NOTICES = 2
    NOTIFICATION_TIMEOUT = 5

    def __init__(self, ctx: Context) -> None:
        super().__init__()
        self.ctx = ctx
        ctx.log_to_file()
        self.settings = ctx.settings
        # The UI thread's connection; workers open their own (connections are per-thread).
        self.conn: sqlite3.Connection = ctx.conn
        self.startup_ms: float | None = None
        # The chat's model client, made by `preload_sdk`; None until then (a turn then makes
        # its own).
        self.model_client: SharedClient | None = None
        # The thread the app runs on (set again once mounted, in case `run` is called from
        # another): a warning from any other thread goes through `call_from_thread`.
        self.ui_thread_id = threading.get_ident()
        # What a signal that ended the app kept, in one line (ui/ending.py); run_app prints it.
        self.ended_line: str | None = None
        ctx.notify = self._notify_from_any_thread
        ctx.on_lock_wait = partial(
            self._notify_from_any_thread,
            f"Another coach-tui is writing; waiting up to {lock_wait_seconds():g} s for it.")

    def _notify_from_any_thread(self, line: str) -> None:
        """A warning toast, from the UI thread or a worker (lock waits happen in workers)."""
        if threading.get_ident() == self.ui_thread_id:
            self.notify(line, severity="warning", markup=False, timeout=10)
        else:
            self.call_from_thread(self.notify, line, severity="warning", markup=False,
                                  timeout=10)

    def fatal_error_line(self, error: BaseException) -> str:
        """An unhandled exception: its traceback goes to the log, one line to the terminal,
        instead of Textual's rendered traceback (the failure policy: no traceback reaches a
        user)."""
        line = failures.explain(error) or failures.log_unexpected(error)
        return visible(f"coach-tui: {line}")

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        if timeout is None or timeout > self.NOTIFICATION_TIMEOUT:
            timeout = self.NOTIFICATION_TIMEOUT
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def on_notify(self, event: Notify) -> None:
        # Once Textual's own handler has added the new one (it runs after this).
        self.call_later(keep_newest_notifications, self, self.MAX_NOTICES)

    async def action_quit(self) -> None:
        ending.quit_keeping(self)  # the draft and a streaming reply kept, as on a signal

    def action_toggle_sidebar(self) -> None:
        screen = self.screen
        if not isinstance(screen, MainScreen):
            return
        sidebar = screen.sidebar
        hiding = bool(sidebar.display)
        if hiding and screen.focused is not None and sidebar in screen.focused.ancestors:
            screen.set_focus(screen.chat_pane.prompt)
        sidebar.display = not hiding

    async def on_event(self, event: events.Event) -> None:
        claim_typing(self, event)  # before the app hands the event to what has focus
        await super().on_event(event)

    def get_default_screen(self) -> Screen:
        return MainScreen()

    def on_load(self) -> None:
        # Before the terminal is taken over: from then on a signal ends the app cleanly.
        ending.install(self)

    def on_mount(self) -> None:
        self.ui_thread_id = threading.get_ident()
        ending.watch_terminal(self)  # a terminal closed without SIGHUP ends the app too
        self._load_keymap()
        # Changes other processes commit reach the screen (ui/db_watch.py).
        self.db_watch = DatabaseWatch(self.conn)
        self.set_interval(POLL_SECONDS, partial(self.db_watch.follow, self))

    def on_ready(self) -> None:
        # The first frame is on screen: garbage collection runs again (ui/startup_gc.py).
        startup_gc.resume()
        self.startup_ms = (time.perf_counter() - _IMPORTED_AT) * 1000
        log.info("first frame %.0f ms after import", self.startup_ms)
        ending.offer_draft(self)

    def preload_sdk(self) -> None:
        """The model client, built in a worker once the first frame is drawn and the session is
        open (the main screen calls this): the SDK imported, its reply path warmed in memory,
        the client and its connection pool made. The chat's turns then use that client, so
        the first reply starts as fast as the later ones. Once per app."""
        if self.model_client is not None:
            return
        from coach_tui.coach.warmup import SharedClient

        self.model_client = SharedClient()
        self._prepare_model_client(self.model_client)

    @work(thread=True, group="preload", exclusive=True, exit_on_error=False)
    def _prepare_model_client(self, shared: SharedClient) -> None:
        shared.prepare()  # raises nothing: a failure meets the user at their first send

    def on_unmount(self) -> None:
        ending.uninstall()
        if self.model_client is not None:
            self.model_client.close()

    def _load_keymap(self) -> None:
        keymap = self.settings.keys
        if not keymap:
            return
        known = {b.id for b in self.all_bindings() if b.id}
        unknown = sorted(set(keymap) - known)
        if unknown:
            self.notify(
                f"config.toml [keys]: no key has the id {', '.join(unknown)}; "
                f"ids are {', '.join(sorted(known))}",
                severity="warning", markup=False, timeout=10,
            )
        self.set_keymap({k: v for k, v in keymap.items() if k in known})

    def all_bindings(self) -> list[Binding]:
        from coach_tui.ui.screens.confirm import ConfirmationModal
        from coach_tui.ui.screens.export import ExportScreen
        from coach_tui.ui.screens.help import HelpScreen
        from coach_tui.ui.screens.journal_line import JournalLineScreen
        from coach_tui.ui.screens.login import LoginScreen
        from coach_tui.ui.screens.review import ReviewScreen
        from coach_tui.ui.screens.sessions import RenameScreen, SessionsScreen
        from coach_tui.ui.screens.sources import SourcesScreen
        from coach_tui.ui.widgets.journal import JournalList
        from coach_tui.ui.widgets.prompt import PromptInput
        from coach_tui.ui.widgets.select_mode import SelectBar

        owners = (type(self), MainScreen, ConfirmationModal, JournalLineScreen, LoginScreen,
                  ReviewScreen, SessionsScreen, RenameScreen, SourcesScreen, JournalList,
                  PromptInput, HelpScreen, ExportScreen, SelectBar)
        return [b for owner in owners for b in owner.BINDINGS if isinstance(b, Binding)]

    def action_help(self) -> None:
        from coach_tui.ui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_help_if_empty(self) -> None:
        from coach_tui.ui.widgets.prompt import PromptInput

        focused = self.focused
        if isinstance(focused, PromptInput):
            focused.help_or_type_question_mark()
        else:
            self.action_help()

    async def action_select_messages(self) -> None:
        from coach_tui.ui.widgets.select_mode import enter

        screen = self.screen
        assert isinstance(screen, MainScreen)  # check_action
        pane = screen.chat_pane
        if not await enter(pane.chat, pane, before=pane.prompt):
            self.notify("No message to copy yet.")

    def action_edit_in_editor(self) -> None:
        from coach_tui.ui.editor import edit_prompt

        screen = self.screen
        assert isinstance(screen, MainScreen)  # check_action
        edit_prompt(self, screen.chat_pane.prompt)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("select_messages", "edit_in_editor", "toggle_sidebar"):
            return isinstance(self.screen, MainScreen)
        if action == "help_if_empty":
            # `?` opens help only from an empty message box; anywhere else it is typed.
            from coach_tui.ui.widgets.prompt import PromptInput

            focused = self.focused
            return isinstance(focused, PromptInput) and focused.text == ""
        return True

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        seen: set[str] = set()
        found = [(key, active.binding, active.node)
                 for key, active in screen.active_bindings.items()]
        # The screen's own keys also while disabled for now (stop with nothing streaming, save
        # with nothing written: running them then does nothing), and on the main screen the
        # journal's, acting on its highlighted line. Each node's own map, so keys remapped
        # under [keys] show as remapped.
        nodes: list[DOMNode] = [screen]
        if isinstance(screen, MainScreen):
            from coach_tui.ui.widgets.journal import JournalList

            nodes.append(screen.query_one(JournalList))
        found += [(key, binding, node) for node in nodes for key, binding in bindings_of(node)]
        for key, binding, node in found:
            if not binding.id or not binding.description or binding.id in seen:
                continue
            seen.add(binding.id)
            title = PALETTE_TITLES.get(binding.id, binding.description)
            yield SystemCommand(
                f"{title}  ({key} · {binding.id})",
                binding.tooltip or binding.description,
                partial(self.run_action, binding.action, node),
            )
        if isinstance(screen, MainScreen):
            from coach_tui.ui.screens.export import export_open_session

            yield SystemCommand("Export this session to a Markdown file",
                                "The same file as `coach-tui sessions export` writes (0600)",
                                partial(export_open_session, screen))
            for model in sorted(self.settings.prices):
                yield SystemCommand(f"Model for the next session: {model}",
                                    "The current session keeps its model",
                                    partial(screen.choose_model, model))
        for command in super().get_system_commands(screen):
            # Quit: already listed from its binding. Keys: Textual's keys panel, which docks
            # beside the chat (narrowing it) and does not close on Esc; F1's help lists every
            # key, remapped ones as remapped, and where the data lives.
            if command.title not in ("Quit", "Keys"):
                yield command


def run_app(ctx: Context) -> int:
    """Open the app; returns the process exit code."""
    # Touch settings and the database first, so a bad config or an unreadable database ends
    # with the CLI's one-line message instead of a half-drawn screen.
    ctx.settings  # noqa: B018 -- read on purpose: loads and validates the config
    ctx.conn  # noqa: B018 -- read on purpose: opens the database
    app = CoachApp(ctx)
    app.run()
    if app.ended_line:
        with contextlib.suppress(OSError):  # SIGHUP: the terminal may be gone
            print(visible(f"coach-tui: {app.ended_line}"), file=sys.stderr, flush=True)
    return app.return_code or 0
