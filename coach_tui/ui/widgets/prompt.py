"""The message box: Enter sends, ctrl+j (or shift+enter where the terminal reports it) adds a
newline.

TextArea inserts a newline on Enter by itself, so Enter is bound here with priority (its id,
`chat.send`, lets a keymap move it). The box
posts `Submitted` with the text and leaves clearing to the screen: the screen clears it only
once the message is on its way, and puts it back if the turn fails, so typed text is never lost.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.message import Message
from textual.widgets import TextArea


class PromptInput(TextArea):
    BINDINGS = [
        Binding("enter", "submit", "Send", key_display="⏎", priority=True, id="chat.send"),
        Binding("ctrl+j,shift+enter", "newline", "Newline", show=False, id="chat.newline"),
    ]

    class Submitted(Message):
        def __init__(self, prompt: "PromptInput", text: str) -> None:
            super().__init__()
            self.prompt = prompt
            self.text = text

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("soft_wrap", True)
        kwargs.setdefault("show_line_numbers", False)
        kwargs.setdefault("tab_behavior", "focus")
        kwargs.setdefault("compact", True)
        super().__init__(**kwargs)

    def action_submit(self) -> None:
        # A priority binding runs in the app before this widget has handled the keys typed
        # just before it ("ok⏎" arriving in one read); reading the text from this widget's
        # own queue sees every one of them.
        self.call_later(self._submit_text)

    def _submit_text(self) -> None:
        if self.text.strip():
            self.post_message(self.Submitted(self, self.text))

    def action_newline(self) -> None:
        self.insert("\n")

    def restore(self, text: str) -> bool:
        """Put `text` back unless the user already typed something new; True when restored."""
        if self.text.strip():
            return False
        self.text = text
        self.move_cursor(self.document.end)
        return True
