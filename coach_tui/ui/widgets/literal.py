"""Text shown exactly as typed: never Rich markup, never a terminal escape sequence.

Replies, journal lines and Garmin data can hold `[bold]`, `\\x1b[2J` or a stray bell. Rich
markup is avoided by building `rich.text.Text` objects (never parsing markup); escape
sequences and bidi overrides are defused by `coach_tui.text.visible`, the same rule every
command's output follows (ESC becomes `␛`), so the user sees what was sent and the terminal
never acts on it.
"""

from __future__ import annotations

from rich.text import Text

from coach_tui import text as plain_text
from coach_tui.text import visible


def literal(text: str) -> str:
    """`text` with every control character made visible; newlines and tabs kept."""
    return visible(text)


def one_line(text: str) -> str:
    """`literal(text)` on a single line: newlines and tabs become spaces (for list rows)."""
    return plain_text.one_line(literal(text))


def plain(text: str, style: str = "") -> Text:
    """A Text that shows `text` literally (no markup parsing, controls made visible)."""
    return Text(literal(text), style=style)


def as_sentence(message: str) -> str:
    """A CLI-style one-liner ('synced ...: 3 days new') as a sentence for a dialog or toast."""
    message = one_line(message)
    if not message:
        return message
    message = message[0].upper() + message[1:]
    return message if message.endswith((".", "!", "?", ")")) else message + "."
