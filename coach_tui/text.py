"""Plain-text helpers shared by every layer: visible controls, one line, a length cap, a count,
a number as people round and write it (`round_half_up`, `thousands`).

Pure functions over str, no imports from the app, so anything may use them.

`visible` is the one rule for text leaving the program (every command's stdout and stderr, and
the app's widgets through ui/widgets/literal.py), wherever it came from: the model, Garmin, a
file, the database, an error body. C0 and C1 control characters other than newline and tab
become visible (ESC is `␛`, the one-byte CSI 0x9b is `\\x9b`), as do the bidi embedding,
override and isolate controls U+202A-U+202E and U+2066-U+2069 (`\\u202e`) and the line and
paragraph separators. A byte that was not UTF-8 (a lone surrogate from the OS's
surrogateescape decoding) is shown as `\\xff`. The terminal never acts on any of them, and a
stream can be made visible chunk by chunk, because every rule is per character.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

_PICTURE_BASE = 0x2400  # U+2400 SYMBOL FOR NULL; U+241B is SYMBOL FOR ESCAPE
_DELETE_PICTURE = "\u2421"
# Everything `visible` rewrites: C0 but \t and \n, DEL, C1, LS/PS, bidi controls, surrogates.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"
                     "\ud800-\udfff]")


def _show(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(_PICTURE_BASE + code)
    if code == 0x7F:
        return _DELETE_PICTURE
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if 0xDC80 <= code <= 0xDCFF:
        return f"\\x{code - 0xDC00:02x}"  # surrogateescape: the byte that was not UTF-8
    return f"\\u{code:04x}"


def visible(text: str) -> str:
    """`text` with every control, bidi control and undecodable byte made visible; \\n, \\t kept."""
    return _UNSAFE.sub(_show, text)


def has_undecodable(text: str) -> bool:
    """Whether `text` holds bytes that were not UTF-8 (lone surrogates), which cannot be stored."""
    return any("\ud800" <= ch <= "\udfff" for ch in text)


def one_line(text: object) -> str:
    """`text` on a single line: every run of whitespace (newlines included) becomes one space."""
    return " ".join(str(text).split())


def truncate(text: str, limit: int, *, ellipsis: str = "…") -> str:
    """`text` cut to at most `limit` characters, ending in `ellipsis` when it was cut."""
    if len(text) <= limit:
        return text
    return text[: max(limit - len(ellipsis), 0)].rstrip() + ellipsis


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 day', '2 days', '0 days'; `many` for a word whose plural is not word + 's'."""
    if count == 1:
        return f"{count} {word}"
    return f"{count} {many if many is not None else word + 's'}"


def round_half_up(value: float) -> int:
    """`value` to a whole number the way a reader and a spreadsheet round: halves go up
    (10,000.5 -> 10,001), where round() goes to the even neighbour (10,000)."""
    return int(Decimal(repr(value)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def thousands(value: float) -> str:
    """A count rounded half up, with thousands separators: 10000.5 -> '10,001'."""
    return f"{round_half_up(value):,}"
