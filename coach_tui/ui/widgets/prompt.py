"""The message box: Enter sends, ctrl+j (or shift+enter where the terminal reports it) adds a
newline, Up and Down in an empty box walk through the messages you sent before.

TextArea inserts a newline on Enter by itself, so Enter is bound here with priority (its id,
`chat.send`, lets a keymap move it). The box
posts `Submitted` with the text and leaves clearing to the screen: the screen clears it only
once the message is on its way, and puts it back if the turn fails, so typed text is never lost.

Recall works like a shell's history: Up recalls an earlier message only while the box is empty
or still shows a recalled message unedited, so Up and Down keep moving the cursor inside text
you are writing. Down past the newest message empties the box again.
"""

from __future__ import annotations

import sqlite3

from textual.binding import Binding
from textual.message import Message
from textual.widgets import TextArea
from textual.widgets.text_area import Selection

from coach_tui.ui.typed_app import coach_app


class PromptInput(TextArea):
    BINDINGS = [
        Binding("enter", "submit", "Send", key_display="⏎", priority=True, id="chat.send",
                tooltip="Send what the message box holds to the coach"),
        Binding("ctrl+j,shift+enter", "newline", "Newline", show=False, id="chat.newline",
                tooltip="Start a new line in the message instead of sending it"),
        Binding("up", "recall(-1)", "Earlier message", show=False, id="chat.recall_older"),
        Binding("down", "recall(1)", "Later message", show=False, id="chat.recall_newer"),
    ]

    class Submitted(Message):
        def __init__(self, prompt: PromptInput, text: str) -> None:
            super().__init__()
            self.prompt = prompt
            self.text = text

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("soft_wrap", True)
        kwargs.setdefault("show_line_numbers", False)
        kwargs.setdefault("tab_behavior", "focus")
        kwargs.setdefault("compact", True)
        super().__init__(**kwargs)
        self.sent: list[str] = []       # messages sent before, oldest first
        self._recalled: int | None = None  # index into history while showing one unedited

    def check_consume_key(self, key: str, character: str | None = None) -> bool:
        # `?` in an empty box is the app's help key (app.help_empty); with text, it is typed.
        if key == "question_mark" and not self.text:
            return False
        return super().check_consume_key(key, character)

    def action_submit(self) -> None:
        # A priority binding runs in the app before this widget has handled the keys typed
        # just before it ("ok⏎" arriving in one read); reading the text from this widget's
        # own queue sees every one of them.
        self.call_later(self._submit_text)

    def help_or_type_question_mark(self) -> None:
        """The app's `?` binding saw an empty box; keys typed just before `?` in the same read
        may still be queued here, and keys typed just after it still in the app's queue. Once
        the keys before it have landed (this widget's queue): words there make `?` part of
        them, typed at once, before an Enter after it sends them ("go?⏎"). A box still empty
        waits for the keys after it (the app's queue, then this one's again): help from a box
        that is still empty, else `?` typed where it was typed ("?is that right")."""
        self.call_later(self._place_question_mark)

    def _place_question_mark(self) -> None:
        at = self.selection
        if self.text:
            self.replace("?", *at, maintain_selection_offset=False)  # as typed
            return
        self.app.call_later(self.call_later, self._help_or_type, at)

    def _help_or_type(self, at: Selection) -> None:
        if not self.text:
            coach_app(self).action_help()
            return
        start, end = at
        cursor = self.cursor_location
        self.replace("?", start, end, maintain_selection_offset=False)  # as typed
        if cursor != end:  # keys typed after `?` moved the cursor on: it stays after them
            row, column = cursor
            self.move_cursor((row, column + 1) if row == end[0] else cursor)

    def _submit_text(self) -> None:
        if self.text.strip():
            self.post_message(self.Submitted(self, self.text))

    def action_newline(self) -> None:
        self.insert("\n")

    def load_sent(self, conn: sqlite3.Connection) -> None:
        """The messages Up walks through: the user's latest, from every session (the store
        module is imported here, once a session opens, not with the first frame)."""
        from coach_tui.store.sessions import recent_user_texts

        self.sent = recent_user_texts(conn)

    def remember(self, text: str) -> None:
        """Add a sent message to the history Up walks through (a repeat is kept once)."""
        if not self.sent or self.sent[-1] != text:
            self.sent.append(text)
        self._recalled = None

    def action_recall(self, step: int) -> None:
        recalling = self._recalled is not None and self.text == self.sent[self._recalled]
        if not (recalling or (self.text == "" and step < 0)) or not self.sent:
            # Editing text of your own: the arrow keys move the cursor as usual.
            if step < 0:
                self.action_cursor_up()
            else:
                self.action_cursor_down()
            return
        index = (len(self.sent) if self._recalled is None or not recalling
                 else self._recalled) + step
        if index >= len(self.sent):
            self._recalled = None
            self.text = ""
            return
        self._recalled = max(index, 0)
        self.text = self.sent[self._recalled]
        self.move_cursor(self.document.end)

    def restore(self, text: str) -> bool:
        """Put `text` back unless the user already typed something new; True when restored."""
        if self.text.strip():
            return False
        self.text = text
        self.move_cursor(self.document.end)
        return True
