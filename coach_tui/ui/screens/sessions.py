"""Past sessions: pick one to resume it with the memory snapshot it stored."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from coach_tui.ui.widgets.literal import one_line


def session_prompt(info, *, current: bool) -> Text:
    when = (info.created_at or "").replace("T", " ")[:16]
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(when, "bold")
    turns = info.turn_count
    text.append(f"  {turns} message{'s' if turns != 1 else ''}", "dim")
    if current:
        text.append("  · this session", "italic")
    title = one_line(info.title or "")
    if title:
        text.append("\n")
        text.append(title)
    return text


class SessionsScreen(ModalScreen[int | None]):
    BINDINGS = [Binding("escape", "close", "Close", id="sessions.close")]

    def __init__(self, sessions: list, *, current: int | None) -> None:
        super().__init__(classes="dialog")
        self.sessions = sessions
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog-box") as box:
            box.border_title = "Past sessions"
            if self.sessions:
                yield OptionList(*(
                    Option(session_prompt(s, current=s.session_id == self.current),
                           id=str(s.session_id))
                    for s in self.sessions
                ), id="sessions")
                yield Label("⏎ resume · esc close", id="dialog-hint")
            else:
                yield Label("No past sessions yet.", id="dialog-body")
                yield Label("esc close", id="dialog-hint")

    def on_mount(self) -> None:
        # Start on the newest session other than the one already open.
        for index, info in enumerate(self.sessions):
            if info.session_id != self.current:
                self.query_one(OptionList).highlighted = index
                break

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id))

    def action_close(self) -> None:
        self.dismiss(None)
