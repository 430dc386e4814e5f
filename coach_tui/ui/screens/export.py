"""Export the open session from the app: the palette's "Export this session" command.

The same exporter and rules as `coach-tui sessions export` (coach_tui/exports.py): the
session's Markdown transcript, written through `text.visible`, the file created 0600 (missing
folders 0700), a folder meaning `coach-session-ID.md` inside it. A file that exists is replaced
only after a yes (the CLI's `--force`); a symbolic link is replaced, never followed. The
dialog asks for the file (default `coach-session-ID.md` in the folder coach-tui was started
from); a failure is one line in the dialog, which stays open with the name as typed.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from coach_tui.context import UserError
from coach_tui.exports import export_target, export_text
from coach_tui.text import visible
from coach_tui.ui.screens.confirm import ConfirmationModal
from coach_tui.ui.typed_app import coach_app

if TYPE_CHECKING:
    from coach_tui.ui.screens.main import MainScreen


def default_name(session_id: int) -> str:
    return f"coach-session-{session_id}.md"  # the CLI's default too


def export_open_session(screen: MainScreen) -> None:
    """Ask where to write the session on `screen`; says so when there is nothing to write."""
    session = screen.session
    session_id = session.session_id if session is not None else None
    if session_id is None:
        screen.notify("Nothing to export yet: this session starts with your first message.")
        return
    screen.app.push_screen(ExportScreen(session_id), _exported(screen))


def _exported(screen: MainScreen):
    def done(path: Path | None) -> None:
        if path is not None:
            screen.notify(visible(f"Wrote the session to {path} (only you can read it)."),
                          markup=False)
    return done


class ExportScreen(ModalScreen[Path | None]):
    """Where to write session `session_id`; dismisses with the file written, or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="export.cancel")]

    def __init__(self, session_id: int) -> None:
        super().__init__(classes="dialog")
        self.session_id = session_id

    def compose(self) -> ComposeResult:
        name = default_name(self.session_id)
        with Vertical(id="dialog-box") as box:
            box.border_title = f"Export session {self.session_id}"
            yield Static(Text("A Markdown file, readable only by you. A folder means "
                              f"{name} inside it."), classes="dialog-meta")
            yield Input(str(Path.cwd() / name), id="export-path")
            yield Label("", id="export-error", classes="error-line")
            yield Label("enter writes · esc cancels", id="dialog-hint")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def _say(self, line: str) -> None:
        self.query_one("#export-error", Label).update(Text(visible(line)))

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        event.stop()
        typed = event.value.strip()
        if not typed:
            self._say("Give the name of a file to write.")
            return
        if typed == "-":
            self._say("'-' (standard output) is for `coach-tui sessions export`; "
                      "give a file name.")
            return
        target = export_target(Path(typed).expanduser(), default_name(self.session_id))
        if target.is_symlink() or target.exists():
            if target.is_dir():
                self._say(f"{target} is not a regular file; give the name of a file to write")
                return
            question = Text(visible(f"{target} already exists. Replace it with this session?"))
            self.app.push_screen(ConfirmationModal("Replace the file?", question,
                                                   yes="Replace", no="Keep it"),
                                 lambda yes: self._write(target, force=True) if yes else None)
            return
        self._write(target, force=False)

    def _write(self, target: Path, *, force: bool) -> None:
        from coach_tui.coach.transcript import markdown_transcript

        text = markdown_transcript(coach_app(self).conn, self.session_id)
        if text is None:
            self._say(f"Session {self.session_id} is no longer stored (deleted elsewhere).")
            return
        try:
            written = export_text(text, target, default_name(self.session_id), force=force)
        except UserError as exc:
            self._say(f"{exc}.")
            return
        self.dismiss(written)
