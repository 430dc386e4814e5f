"""What the user typed, as text we can store: argument words and stdin, UTF-8 only.

The OS hands Python arguments that are not UTF-8 as lone surrogates, which SQLite and the API
refuse deep inside a command; here they are refused first, with one line.
"""

from __future__ import annotations

import sys

from coach_tui.context import UserError
from coach_tui.text import has_undecodable

NOT_UTF8 = "{what} holds bytes that are not UTF-8 text; send it as UTF-8"


def typed_words(words: list[str], what: str) -> str:
    text = " ".join(words)
    if has_undecodable(text):
        raise UserError(NOT_UTF8.format(what=what))
    return text


def read_stdin(what: str) -> str:
    """All of stdin as UTF-8 text (strictly: a stray byte is refused, never guessed at)."""
    raw = getattr(sys.stdin, "buffer", None)
    try:
        text = raw.read().decode("utf-8") if raw is not None else sys.stdin.read()
    except UnicodeDecodeError:
        raise UserError(NOT_UTF8.format(what=what)) from None
    if has_undecodable(text):
        raise UserError(NOT_UTF8.format(what=what))
    return text
