"""Text shown exactly as typed: never Rich markup, never a terminal escape sequence.

Replies, journal lines and Garmin data can hold `[bold]`, `\\x1b[2J` or a stray bell. Rich
markup is avoided by building `rich.text.Text` objects (never parsing markup); escape
sequences are defused here by replacing every control character except newline and tab with
its visible Unicode "control picture" (ESC becomes `␛`), so the user sees what was sent and the
terminal never acts on it.
"""

from __future__ import annotations

import unicodedata

from rich.text import Text

_PICTURE_BASE = 0x2400  # U+2400 SYMBOL FOR NULL; U+241B is SYMBOL FOR ESCAPE
_DELETE_PICTURE = "\u2421"
_KEEP = {"\n", "\t"}


def _visible(ch: str) -> str:
    code = ord(ch)
    if code < 0x20:
        return chr(_PICTURE_BASE + code)
    if code == 0x7F:
        return _DELETE_PICTURE
    # C1 controls (0x80-0x9f, e.g. the one-byte CSI 0x9b) and line/paragraph separators.
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def literal(text: str) -> str:
    """`text` with every control character made visible; newlines and tabs kept."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch in _KEEP or ch.isprintable() or unicodedata.category(ch) not in ("Cc", "Zl", "Zp"):
            out.append(ch)
        else:
            out.append(_visible(ch))
    return "".join(out)


def one_line(text: str) -> str:
    """`literal(text)` on a single line: newlines and tabs become spaces (for list rows)."""
    return " ".join(literal(text).split())


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
