"""A yes/no question: y or Enter on Yes answers True, n or escape answers False."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static


class ConfirmationModal(ModalScreen[bool]):
    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n", "answer(False)", "No", id="confirm.no"),
        Binding("escape", "answer(False)", "Cancel", id="confirm.cancel"),
    ]

    def __init__(self, title: str, body: Text, *, yes: str = "Yes", no: str = "No") -> None:
        super().__init__(classes="dialog")
        self._title = title
        self._body = body
        self._yes = yes
        self._no = no

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog-box") as box:
            box.border_title = self._title
            yield Static(self._body, id="dialog-body")
            with Horizontal(id="dialog-buttons"):
                yield Button(f"{self._yes} (y)", id="yes", variant="error")
                yield Button(f"{self._no} (n)", id="no", variant="primary")
            yield Label("y yes · n or esc no", id="dialog-hint")

    def on_mount(self) -> None:
        # The safe answer has the focus, so a stray Enter keeps the data.
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
