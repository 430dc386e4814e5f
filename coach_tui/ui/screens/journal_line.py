"""The whole of one journal line, with its date, source and event key."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from coach_tui.memory.journal import Entry
from coach_tui.ui.widgets.journal import source_label
from coach_tui.ui.widgets.literal import literal


class JournalLineScreen(ModalScreen[bool]):
    """Dismisses with True when the user asks to delete the line from here."""

    BINDINGS = [
        Binding("escape,enter,q", "close", "Close", id="line.close"),
        Binding("delete,ctrl+d", "delete", "Delete", key_display="del", id="line.delete"),
    ]

    def __init__(self, entry: Entry, *, pending: bool, before: str | None = None) -> None:
        super().__init__(classes="dialog")
        self.entry = entry
        self.pending = pending
        self.before = before  # the line this one updated, when reflection replaced one

    def compose(self) -> ComposeResult:
        e = self.entry
        with Vertical(id="dialog-box") as box:
            box.border_title = f"Journal line {e.entry_id}"
            meta = f"{e.entry_date} · {source_label(e)}"
            if self.pending:
                meta += " · written this session: reaches the coach next session"
            yield Label(Text(literal(meta)), classes="dialog-meta")
            yield Static(Text(literal(e.text)), id="dialog-body")
            if self.before is not None:
                yield Label(Text(literal(f"Updated; it said before: {self.before}")),
                            classes="dialog-meta")
            yield Label("esc close · del delete", id="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(False)

    def action_delete(self) -> None:
        self.dismiss(True)
