"""Where one reply's numbers came from: each number, its outcome and source, and what was
recalled for the message it answers.

Opened from the chat by ctrl+e (the newest reply) or a click on a reply. The outcomes are the
ones stored with the reply when it was checked (coach/grounding/): quoted (the line or fact it
restates), computed (the operation that gives it, "7,786 = 10,000 goal − 2,214 so far
(today)"), advice, or not from your records (after a second read, with what the coach pointed
to and why code did not take it). Below them, the recall block the app sent with the message
(`turns.recall`), word for word.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from coach_tui.ui.widgets.literal import literal

OUTCOME_LABELS = {"quoted": "quoted", "computed": "computed", "advice": "advice",
                  "unsupported": "flagged"}


def source_line(number: dict) -> str:
    """'7,786 = 10,000 goal − 2,214 so far (today)' for a computed number, the line quoted
    for a quoted one, why for the rest (for a flagged one the coach defended, what it pointed
    to and why code did not take it)."""
    text, source, outcome = number["text"], number.get("source"), number["outcome"]
    if outcome == "computed" and source and " = " in source:
        operation = source.rsplit(" = ", 1)[0]
        return f"{text} = {operation}"
    if outcome == "unsupported":  # (after a second read: what the coach pointed to, and why not)
        return f"{text}: not from your records ({source})" if source \
            else f"{text}: not from your records"
    return f"{text}: {source}" if source else text


class SourcesScreen(ModalScreen[None]):
    """One reply's numbers and recall; any of esc, enter or q closes it."""

    BINDINGS = [Binding("escape,enter,q", "close", "Close", id="sources.close")]

    def __init__(self, numbers: list[dict] | None, recall: str | None) -> None:
        super().__init__(classes="dialog")
        self.numbers = numbers
        self.recall = recall

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog-box", classes="sources-box") as box:
            box.border_title = "Where this reply's numbers come from"
            yield Static("quoted: stated in what the coach was given · computed: worked out "
                         "from it · advice: not a claim · flagged: neither",
                         classes="dialog-meta sources-legend")
            with VerticalScroll(id="sources-list"):
                if self.numbers is None:
                    yield Label("No sources were kept for this reply (an incomplete reply, "
                                "one written before they were, or one the number check failed "
                                "on).", classes="dialog-meta")
                elif not self.numbers:
                    yield Label("This reply has no numbers.", classes="dialog-meta")
                for n in self.numbers or ():
                    outcome = n["outcome"]
                    line = Text()
                    line.append(f"{OUTCOME_LABELS.get(outcome, outcome):<10}",
                                style="bold" if outcome == "unsupported" else "")
                    line.append(literal(source_line(n)))
                    yield Static(line, classes=f"source-line {outcome}")
                yield Label("Recalled for this message", classes="sources-title")
                yield Static(Text(literal(self.recall or "Nothing: memory was off, or the app "
                                          "added no context to this message.")),
                             id="sources-recall")
            yield Label("esc close", id="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)
