"""The Garmin sync panel: logs in when needed, runs the sync, shows its progress.

Contract:
- `start()` syncs with the saved tokens, or opens the login dialog first (email, password, MFA)
  and syncs once it succeeds. One sync at a time. Hidden while no sync runs.
- Tokens and steps always go to the user's own home: from the demo window (`--demo`, or the
  first run before any data exists) ctrl+g logs in and syncs the user's real data, which the
  next plain `coach-tui` opens.
- The sync runs in a thread worker (garminconnect is imported by garmin/client.py when it runs);
  it posts `SyncProgressed` per saved window and `SyncFinished` at the end. The main screen
  routes them back to `show_progress` and `finish`, and refreshes the sidebar with them.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Label, ProgressBar
from textual.worker import get_current_worker

from coach_tui.logfile import logged_failure
from coach_tui.ui.messages import SyncFinished, SyncProgressed, WorkerCancelled
from coach_tui.ui.typed_app import coach_app
from coach_tui.ui.widgets.literal import as_sentence

if TYPE_CHECKING:
    from coach_tui.garmin.sync import SyncResult

log = logging.getLogger(__name__)


class SyncPanel(Vertical):
    """A label and a progress bar for the running sync."""

    @dataclass
    class Started(Message):
        """A sync began (after the login, when one was needed)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.running = False
        self._own_settings = None  # the real home's settings, loaded once from the demo

    def compose(self) -> ComposeResult:
        yield Label("", id="sync-label")
        # A bar with no total animates 15 times a second even while the panel is hidden, and
        # each tick after a layout change makes Textual place every widget in the app again:
        # it has a total except while a sync is waiting for its first report.
        yield ProgressBar(id="sync-bar", show_eta=False, total=1)

    def on_mount(self) -> None:
        self.display = False

    @property
    def garmin_settings(self):
        """Where Garmin tokens and synced steps go: always the user's own home."""
        if not coach_app(self).ctx.demo:
            return coach_app(self).settings
        if self._own_settings is None:
            from coach_tui.config import load_settings, resolve_paths

            self._own_settings = load_settings(resolve_paths())
        return self._own_settings

    def start(self) -> None:
        if self.running:
            self.notify("A sync is already running.")
            return
        from coach_tui.garmin.tokens import has_tokens

        if has_tokens(self.garmin_settings):
            self._begin()
            return
        self._log_in()

    def _log_in(self) -> None:
        from coach_tui.ui.screens.login import LoginScreen

        self.app.push_screen(LoginScreen(self.garmin_settings), self._login_closed)

    def _login_closed(self, logged_in: bool | None) -> None:
        if logged_in:
            self.notify("Logged in to Garmin Connect; syncing now.", title="Garmin")
            self._begin()

    def _begin(self) -> None:
        self.running = True
        self.display = True
        self.query_one("#sync-label", Label).update("Syncing Garmin…")
        self.query_one("#sync-bar", ProgressBar).update(total=None, progress=0)
        self.post_message(self.Started())
        self.run_sync()

    @work(thread=True, group="sync", exit_on_error=False)
    def run_sync(self) -> None:
        from coach_tui.garmin import sync
        from coach_tui.garmin.errors import GarminError

        worker = get_current_worker()

        def progress(report) -> None:
            # Raising stops the sync after the window in hand; saved windows are kept. A post
            # that is refused means this panel is gone: the app is closing.
            if worker.is_cancelled or not self.post_message(SyncProgressed(report)):
                raise WorkerCancelled()

        result: SyncResult | None = None
        error: Exception | None = None
        try:
            result = sync.sync_steps(self.garmin_settings, progress=progress,
                                     on_lock_wait=coach_app(self).ctx.on_lock_wait)
        except WorkerCancelled:
            return
        except GarminError as exc:
            error = exc
        except Exception as exc:
            log.exception("sync failed")
            error = exc
        self.post_message(SyncFinished(result, error))

    def show_progress(self, report) -> None:
        """Show how far the sync is: windows saved of windows planned."""
        bar = self.query_one("#sync-bar", ProgressBar)
        bar.update(total=max(report.windows, 1), progress=report.windows_done)
        label = f"Syncing Garmin: {report.windows_done} of {report.windows} windows"
        if report.window is not None:
            _, last = report.window
            label += f" (through {last.isoformat()})"
        self.query_one("#sync-label", Label).update(Text(label))

    def finish(self, message: SyncFinished) -> None:
        """Hide the panel and say how the sync went; a refused login opens the login again."""
        self.running = False
        self.display = False
        self.query_one("#sync-bar", ProgressBar).update(total=1, progress=0)
        error = message.error
        demo = coach_app(self).ctx.demo
        if error is None:
            assert message.result is not None  # no error: a result
            summary = as_sentence(message.result.summary())
            if demo:
                summary += (" Your steps went to your own data, not this demo: quit (ctrl+q) "
                            "and run coach-tui to open them.")
            self.notify(summary, title="Garmin sync", markup=False, timeout=12 if demo else 5)
            return
        text = getattr(error, "message", None) or logged_failure(error)
        if getattr(error, "kind", "") == "login_needed":
            self.notify(as_sentence(text), title="Garmin", severity="warning", markup=False)
            self._log_in()
            return
        self.notify(as_sentence(text), title="Garmin sync failed", severity="error",
                    timeout=10, markup=False)
