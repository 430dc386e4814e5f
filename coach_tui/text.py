"""Plain-text helpers shared by every layer: visible controls, one line, a length cap, a count,
a number as people round and write it (`round_half_up`, `thousands`), and a one-character
start test for a regular expression that reads long text (`starting`).

Pure functions over str, no imports from the app, so anything may use them.

`visible` is the one rule for text leaving the program (every command's stdout and stderr, the
files it exports, and the app's widgets through ui/widgets/literal.py), wherever it came from:
the model, Garmin, a file, the database, an error body. C0 and C1 control characters other
than newline and tab become visible (ESC is `␛`, the one-byte CSI 0x9b is `\\x9b`). Every
invisible character that is not a control, that is every format character (Unicode category
Cf: zero-width spaces and joiners U+200B-U+200D, word joiner U+2060, the byte order mark
U+FEFF, the bidi marks, embeddings, overrides and isolates, soft hyphen...) and the whole tag
block U+E0000-U+E007F, and the line and paragraph separators, is shown by one rule: its code
point, `<U+200B>`, so nothing is hidden from the reader, nothing reorders the line and nothing
is silently dropped. A byte that was not UTF-8 (a lone surrogate from the OS's surrogateescape
decoding) is shown as `\\xff`. The terminal never acts on any of them, and a stream can be
made visible chunk by chunk, because every rule is per character.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

_PICTURE_BASE = 0x2400  # U+2400 SYMBOL FOR NULL; U+241B is SYMBOL FOR ESCAPE
_DELETE_PICTURE = "\u2421"
# Unicode category Cf (format characters) as of Unicode 15.0, written out because deriving it
# at import would cost every command ~0.1 s; tests/faults/test_hostile_text.py checks it against
# the running Python's unicodedata. The tag block is taken whole (its unassigned points too).
_FORMAT = ("\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b\u200c\u200e\u200f"
           "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd"
           "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e007f")
# The zero-width joiner U+200D is the one format character with a visible job: it glues an emoji
# sequence (a family, a runner with a skin tone) into one picture. Between two pictographs it is
# kept; anywhere else it is shown like the rest. (A ZWJ that ends one streamed chunk is shown.)
_PICTOGRAPH = "\u2600-\u27bf\ufe0f\U0001f000-\U0001faff"
_LONE_JOINER = f"(?<![{_PICTOGRAPH}])\u200d|\u200d(?![{_PICTOGRAPH}])"
# Everything `visible` rewrites: C0 but \t and \n, DEL, C1, LS/PS, format characters and
# tags, surrogates.
_UNSAFE = re.compile(
    f"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029{_FORMAT}\ud800-\udfff]|{_LONE_JOINER}")


def _show(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(_PICTURE_BASE + code)
    if code == 0x7F:
        return _DELETE_PICTURE
    if code <= 0x9F:
        return f"\\x{code:02x}"             # C1
    if 0xDC80 <= code <= 0xDCFF:
        return f"\\x{code - 0xDC00:02x}"  # surrogateescape: the byte that was not UTF-8
    if 0xD800 <= code <= 0xDFFF:
        return f"\\u{code:04x}"             # a lone surrogate that was no byte
    return f"<U+{code:04X}>"


def visible(text: str) -> str:
    """`text` with every control, invisible format character and undecodable byte made
    visible; \\n, \\t kept."""
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


def starting(chars: str, *, or_line_start: bool = False) -> str:
    """A test to put before a regular expression whose every match starts with one of `chars`
    (the body of a character class, read in any case): `starting("ab") + r"\\b(?:after|before)"`;
    `or_line_start` when some of its matches may instead start where `^` holds.

    Python's re tries a search at every position of the text in turn, and a pattern that opens
    with a word boundary, a lookbehind or a long list of alternatives does that work in full at
    each one; this look at one character rules most positions out first. It changes no match:
    tests/unit/test_pattern_starts.py works out from each pattern what its matches can start
    with and checks that the test allows all of it. Recall reads a long message with a few
    hundred patterns, and much of its time went to that (docs/recall.md round 63)."""
    test = f"(?i:(?=[{chars}]))"
    return f"(?:{test}|^)" if or_line_start else test
