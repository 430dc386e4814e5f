"""Typing always reaches the message box, whichever sidebar widget has focus.

The app hands each key to whatever has focus at the moment it reads the key, so a widget that
moves focus from its own key handler is too late for the keys already read behind the first
one: typing fast in the journal lost its spaces there, an Enter typed after the words opened a
journal line, and a bracketed paste went to a widget that ignores pastes. `claim_typing` runs in
the app before a key or a paste is handed on: when the main screen's focus is in the sidebar (or
nowhere) and the event is text (a printable key, space included, or a paste), it moves focus to
the message box there and then, so this event and every event read after it arrive in the box,
in order and whole. Keys that are not text (arrows, Enter, Delete, Tab) still belong to the
sidebar widget that has focus.
"""

from __future__ import annotations

from textual import events
from textual.app import App

from coach_tui.ui.screens.main import MainScreen


def is_text(event: events.Event) -> bool:
    """A paste, or a key that types a character (not a shortcut, not Enter or Tab)."""
    if isinstance(event, events.Paste):
        return True
    return isinstance(event, events.Key) and event.is_printable and bool(event.character)


def claim_typing(app: App, event: events.Event) -> None:
    """Move focus to the message box when text is typed or pasted outside it (see above)."""
    if event.is_forwarded or not is_text(event):
        return
    screen = app.screen
    if not isinstance(screen, MainScreen):
        return  # a dialog on top owns its keys
    focused = screen.focused
    if focused is not None and screen.sidebar not in focused.ancestors_with_self:
        return
    prompt = screen.chat_pane.prompt
    if focused is not prompt:
        screen.set_focus(prompt)
