"""What the user typed, as values we can store: argument words and stdin, UTF-8 only; ids.

The OS hands Python arguments that are not UTF-8 as lone surrogates, which SQLite and the API
refuse deep inside a command; here they are refused first, with one line.

`record_id(what)` is the argparse type of every id a command takes (a session, a journal
line): digits, from 1 to SQLite's largest integer. Anything else is refused by the parser in
one line ("not a session id: 'abc'"); a number past SQLite's range cannot name a row, so it
is "there is no session N" (looking it up would overflow inside sqlite3).

`count(what)` is the argparse type of every count a command takes (`--days`, `--limit`): a
whole number from 1 (to `most`); a mistake there exits 2 in one line like any other argument.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable

from coach_tui.context import UserError
from coach_tui.text import has_undecodable, truncate

NOT_UTF8 = "{what} holds bytes that are not UTF-8 text; send it as UTF-8"
SQLITE_MAX_INT = 2**63 - 1
_DIGITS = re.compile(r"[0-9]+")


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


def record_id(what: str) -> Callable[[str], int]:
    """The argparse type for the id of a stored `what`, e.g. record_id("session")."""

    def parse(text: str) -> int:
        if not _DIGITS.fullmatch(text.strip()) or int(text) < 1:
            raise argparse.ArgumentTypeError(f"not a {what} id: {truncate(text, 40)!r}")
        value = int(text)
        if value > SQLITE_MAX_INT:
            raise argparse.ArgumentTypeError(f"there is no {what} {truncate(text.strip(), 40)}")
        return value

    return parse


def count(what: str, *, most: int | None = None) -> Callable[[str], int]:
    """The argparse type for a count of `what` ("days", "sessions"), at least 1."""

    def parse(text: str) -> int:
        if not _DIGITS.fullmatch(text.strip().removeprefix("-")):
            raise argparse.ArgumentTypeError(
                f"needs a whole number of {what}, got {truncate(text, 40)!r}")
        value = int(text)
        if value < 1:
            raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
        if most is not None and value > most:
            raise argparse.ArgumentTypeError(f"must be at most {most:,}, got {value:,}")
        return value

    return parse
