"""Select mode: copy any message of the chat, not only the last reply (as elia does).

ctrl+s (`chat.select`) enters it on the newest message: a bar below the chat takes the focus
and says the keys; ↑ ↓ (or k j) move through the messages shown (yours and the coach's), the
selected one highlighted and scrolled into view; c, y or Enter copies its text as typed or
as the coach wrote it (Markdown source) to the clipboard through the terminal, like ctrl+b,
and leaves; Esc leaves without copying. Either way the message box has the focus again.
Messages drawn above while selecting (older batches on scrolling up) can be reached: the
list is read from the chat at each move. A stored message is a block of the history's lines
(history.py), highlighted there; a message of this session is a widget.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Static

from coach_tui.ui.widgets.chat import AssistantMessage, ChatView, UserMessage
from coach_tui.ui.widgets.fit import FittedParts
from coach_tui.ui.widgets.history import Block

SELECTED = "-copy-selected"

Item = Widget | Block  # a message of this session, or a stored one


def message_text(item: Item) -> str:
    if isinstance(item, Block):
        return item.text
    if isinstance(item, UserMessage):
        return item.text
    assert isinstance(item, AssistantMessage)
    return item.markdown.source


def is_yours(item: Item) -> bool:
    return item.kind == "user" if isinstance(item, Block) else isinstance(item, UserMessage)


def copyable(chat: ChatView) -> list[Item]:
    """The messages drawn that have text, oldest first."""
    history = chat.history
    stored: list[Item] = [b for b in history.blocks if b.is_message and b.text.strip()] \
        if history is not None else []
    return stored + [w for w in chat.children
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
        self.selected: Item | None = None
        self._leaving = False
        self._line = FittedParts([])  # the key line, fitted to the bar's width when drawn

    def on_mount(self) -> None:
        messages = copyable(self.chat)
        if messages:
            self._select(messages[-1])
        self.focus()

    def _mark(self, item: Item | None) -> None:
        """Highlight `item` (None: nothing) in place of the one highlighted."""
        old, self.selected = self.selected, item
        history = self.chat.history
        if isinstance(old, Widget):
            old.remove_class(SELECTED)
        if history is not None and (isinstance(old, Block) or isinstance(item, Block)):
            history.select(item if isinstance(item, Block) else None)
        if isinstance(item, Widget):
            item.add_class(SELECTED)

    def _select(self, widget: Item) -> None:
        self._mark(widget)
        history = self.chat.history
        if isinstance(widget, Block):
            if history is not None:
                self.chat.scroll_to_region(history.block_region(widget), animate=False)
        else:
            widget.scroll_visible(animate=False)
        who = "your message" if is_yours(widget) else "the coach's reply"
        messages = copyable(self.chat)
        place = messages.index(widget) + 1 if widget in messages else 0
        # Whole parts, the keys going first on a narrow chat (the footer shows them too).
        self._line = FittedParts([(f"Select · {who} ({place} of {len(messages)})", 0),
                                  ("↑ ↓ move", 2), ("c or enter copy", 1), ("esc leave", 1)])
        self.refresh()

    def render(self) -> FittedParts:
        return self._line

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
            who = "your message" if is_yours(widget) else "the coach's reply"
            self.notify(f"Copied {who} ({len(text):,} characters).")
        await self.action_leave()

    async def action_leave(self) -> None:
        self._leaving = True
        self._mark(None)
        from coach_tui.ui.widgets.prompt import PromptInput

        self.screen.query_one(PromptInput).focus()
        await self.remove()

    def on_blur(self) -> None:
        # Focus moved elsewhere (a click, Tab): the mode ends, leaving no stray highlight.
        if self._leaving or not self.is_attached:
            return
        self._leaving = True
        self._mark(None)
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
