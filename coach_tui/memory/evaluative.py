"""What a speaker feels about an event, set aside when reading which event it is: "that
stinking head cold" is the head cold, "that awful week" a week (no event called "awful"),
"the bloody storm" the storm, "that little sensor gizmo" a sensor (in the memory search too).
The words are the word list's `evaluative` table (data). Pure."""

from __future__ import annotations

import functools
import re

from coach_tui.memory.wordlist import words_file


@functools.cache
def _feeling() -> tuple[re.Pattern, ...]:
    table = words_file().get("evaluative", {})
    # after a determiner, one or more of them, before the word they describe ("a little jog"
    # is a short one: a fond word only after "the", "that", "my": "that little sensor")
    return tuple(
        re.compile(r"\b(" + determiners + r")\s+(?:(?:really|so|very|absolutely|truly|properly)"
                   r"\s+)?(?:(?:" + "|".join(map(re.escape, sorted(words, key=len, reverse=True)))
                   + r")(?:,?\s+|\s+old\s+))+(?=[a-z0-9])", re.IGNORECASE)
        for determiners, words in (("the|that|this|those|these|my|our|a|an", table.get("words")),
                                   ("the|that|this|those|these|my|our", table.get("fond")))
        if words)


def without_feelings(text: str) -> str:
    """`text` with the words that say how the speaker felt about a thing left out after its
    determiner ("that stinking cold": "that cold", "that little sensor": "that sensor")."""
    for pattern in _feeling():
        text = pattern.sub(r"\1 ", text)
    return text
