"""What a speaker feels about an event, set aside when reading which event it is: "that
stinking head cold" is the head cold, "that awful week" a week (no event called "awful"),
"the bloody storm" the storm. The words are the word list's `evaluative` table (data). Pure."""

from __future__ import annotations

import functools
import re

from coach_tui.memory.wordlist import words_file


@functools.cache
def _feeling() -> re.Pattern | None:
    words = words_file().get("evaluative", {}).get("words", [])
    if not words:
        return None
    # after a determiner, one or more of them, before the word they describe
    return re.compile(r"\b(the|that|this|those|these|my|our|a|an)\s+(?:(?:really|so|very|"
                      r"absolutely|truly|properly)\s+)?(?:(?:" + "|".join(
                          map(re.escape, sorted(words, key=len, reverse=True)))
                      + r")(?:,?\s+|\s+old\s+))+(?=[a-z0-9])", re.IGNORECASE)


def without_feelings(text: str) -> str:
    """`text` with the words that say how the speaker felt about a thing left out after its
    determiner ("that stinking cold": "that cold")."""
    pattern = _feeling()
    return text if pattern is None else pattern.sub(r"\1 ", text)
