"""Plain-text helpers shared by every layer: one line, a length cap, a counted noun.

Pure functions over str, no imports from the app, so anything may use them. They do not make
control characters visible: text bound for the screen goes through ui/widgets/literal.py.
"""

from __future__ import annotations


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
