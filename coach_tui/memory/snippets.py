"""The stretch of a long memory (a saved review) that a message matched: pure, text in.

The window of `tokens` words holding the most of the message's terms (their base forms, as
memory/ranking.py compares them), starting a few words before the first of them, with "..."
where the text was cut. Computed here rather than by the index's snippet(), which cost one
more full-text statement per message.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from coach_tui.memory.query import base_form

LEAD = 3          # words kept before the first matching word of the window
_WORD = re.compile(r"[^\W_]+")


def snippet(text: str, terms: Iterable[str], tokens: int) -> str:
    """The best window of `text`; "" when it holds none of `terms`."""
    words = text.split()
    wanted = {base_form(w) for term in terms for w in _WORD.findall(term.lower())}
    hits = [i for i, word in enumerate(words)
            if any(base_form(w) in wanted for w in _WORD.findall(word.lower()))]
    if not hits:
        return ""
    if len(words) <= tokens:
        return " ".join(words)
    best, best_count = 0, -1
    for first in hits:
        start = max(0, first - LEAD)
        count = len({base_form(w) for i in hits if start <= i < start + tokens
                     for w in _WORD.findall(words[i].lower())} & wanted)
        if count > best_count:
            best, best_count = start, count
    end = min(len(words), best + tokens)
    return (("..." if best > 0 else "") + " ".join(words[best:end])
            + ("..." if end < len(words) else ""))
