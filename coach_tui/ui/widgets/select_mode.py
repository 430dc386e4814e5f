"""Select mode: copy any message of the chat, not only the last reply (as elia does).

ctrl+s (`chat.select`) enters it on the newest message: a bar below the chat takes the focus
and says the keys; ↑ ↓ (or k j) move through the messages shown (yours and the coach's), the
selected one highlighted and scrolled into view; c, y or Enter copies its text as typed or
as the coach wrote it (Markdown source) to the clipboard through the terminal, like ctrl+b,
and leaves; Esc leaves without copying. Either way the message box has the focus again.
Messages drawn above while selecting (older batches on scrolling up) can be reached: the
list is read from the chat at each move.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Static

from coach_tui.ui.widgets.chat import AssistantMessage, ChatView, UserMessage

SELECTED = "-copy-selected"


def message_text(widget: Widget) -> str:
    if isinstance(widget, UserMessage):
        return widget.text
    assert isinstance(widget, AssistantMessage)
    return widget.markdown.source


def copyable(chat: ChatView) -> list[Widget]:
    """The messages on screen that have text, oldest first."""
    return [w for w in chat.children
            if isinstance(w, UserMessage | AssistantMessage) and message_text(w).strip()]


class SelectBar(Static, can_focus=True):
    """The select mode's key line; while it has the focus, its keys move and copy."""

    BINDINGS = [
        Binding("up,k", "move(-1)", "Previous message", id="select.up",
                tooltip="Select the message above"),
        Binding("down,j", "move(1)", "Next message", id="select.down",
                tooltip="Select the message below"),
        Binding("c,y,enter", "copy", "Copy", id="select.copy",
                tooltip="Copy the selected message to the clipboard"),
        Binding("escape", "leave", "Leave", id="select.leave",
                tooltip="Leave select mode without copying"),
    ]

    SCOPED_CSS = False  # the highlight is on the chat's messages, outside this widget
    DEFAULT_CSS = f"""
    SelectBar {{
        height: 1;
        padding: 0 1;
        background: $accent 30%;
        color: $text;
    }}
    ChatView > .{SELECTED} {{
        background: $accent 15%;
        outline-left: thick $accent;
    }}
    """

    def __init__(self, chat: ChatView) -> None:
        super().__init__("", id="select-bar")
        self.chat = chat
        self.selected: Widget | None = None
        self._leaving = False

    def on_mount(self) -> None:
        messages = copyable(self.chat)
        if messages:
            self._select(messages[-1])
        self.focus()

    def _select(self, widget: Widget) -> None:
        if self.selected is not None:
            self.selected.remove_class(SELECTED)
        self.selected = widget
        widget.add_class(SELECTED)
        widget.scroll_visible(animate=False)
        who = "your message" if isinstance(widget, UserMessage) else "the coach's reply"
        messages = copyable(self.chat)
        place = messages.index(widget) + 1 if widget in messages else 0
        self.update(f"Select · {who} ({place} of {len(messages)}) · ↑ ↓ move · "
                    "c or enter copy · esc leave")

    def action_move(self, step: int) -> None:
        messages = copyable(self.chat)
        if not messages:
            return
        index = messages.index(self.selected) if self.selected in messages else len(messages)
        self._select(messages[max(0, min(len(messages) - 1, index + step))])

    async def action_copy(self) -> None:
        widget = self.selected
        if widget is not None and widget in copyable(self.chat):
            text = message_text(widget)
            self.app.copy_to_clipboard(text)
            who = "your message" if isinstance(widget, UserMessage) else "the coach's reply"
            self.notify(f"Copied {who} ({len(text):,} characters).")
        await self.action_leave()

    async def action_leave(self) -> None:
        self._leaving = True
        if self.selected is not None:
            self.selected.remove_class(SELECTED)
        from coach_tui.ui.widgets.prompt import PromptInput

        self.screen.query_one(PromptInput).focus()
        await self.remove()

    def on_blur(self) -> None:
        # Focus moved elsewhere (a click, Tab): the mode ends, leaving no stray highlight.
        if self._leaving or not self.is_attached:
            return
        self._leaving = True
        if self.selected is not None:
            self.selected.remove_class(SELECTED)
        self.call_later(self.remove)


async def enter(chat: ChatView, pane: Widget, before: Widget) -> bool:
    """Start select mode below `chat` in `pane`; False when there is no message to copy."""
    if not copyable(chat):
        return False
    existing = pane.query(SelectBar)
    if existing:
        existing.first().focus()
        return True
    await pane.mount(SelectBar(chat), before=before)
    return True
