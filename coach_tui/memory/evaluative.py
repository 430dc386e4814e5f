"""What a speaker feels about an event, set aside when reading which event it is: "that
stinking head cold" is the head cold, "that awful week" a week (no event called "awful"),
"the bloody storm" the storm, "that little sensor gizmo" a sensor (in the memory search too),
"the big race" the race when reading which event it is (`without_size`; a word of size only
before a thing: "the big day", "a big week" say which day or week, and it stays in the memory
search: "the big screen" is the cinema).
The words are the word list's `evaluative` table (data). Pure."""

from __future__ import annotations

import functools
import re

from coach_tui.memory.wordlist import words_file
from coach_tui.text import starting


def _one_of(key: str) -> str | None:
    """The word list's `[evaluative] key` words as one alternation, the longest first."""
    words = words_file().get("evaluative", {}).get(key)
    return "(?:" + "|".join(map(re.escape, sorted(words, key=len, reverse=True))) + ")" \
        if words else None


@functools.cache
def _feeling() -> tuple[re.Pattern, ...]:
    # after a determiner, one or more of them, before the word they describe ("a little jog"
    # is a short one: a fond word only after "the", "that", "my": "that little sensor")
    return tuple(
        re.compile(r"\b(" + determiners + r")\s+(?:(?:really|so|very|absolutely|truly|properly)"
                   r"\s+)?(?:" + words + r"(?:,?\s+|\s+old\s+))+" + _A_THING, re.IGNORECASE)
        for determiners, words in (("the|that|this|those|these|my|our|a|an", _one_of("words")),
                                   ("the|that|this|those|these|my|our", _one_of("fond")))
        if words)


@functools.cache
def _size() -> re.Pattern | None:
    words = _one_of("size")
    return re.compile(r"\b(the|that|this|those|these|my|our)\s+(?:" + words + r"\s+)+"
                      + _NOT_A_TIME, re.IGNORECASE) if words else None


_A_THING = r"(?=[a-z0-9])"
# ("the big one", "the big event": the word list's phrases for the race, read later)
_NOT_A_TIME = (r"(?=[a-z0-9])(?!(?:day|days|week|weeks|weekend|month|months|year|one|ones|event"
               r"|events)\b)")


@functools.cache
def _feeling_of_a() -> re.Pattern | None:
    words = _one_of("of_a")
    return re.compile(r"\b(the|that|this|a|my|our)\s+" + words + r"\s+of\s+an?\s+" + _A_THING,
                      re.IGNORECASE) if words else None


@functools.cache
def _feeling_after() -> re.Pattern | None:
    words = _one_of("after")
    return re.compile(r"(?<=[a-z])\s+" + words + r"\b", re.IGNORECASE) if words else None


@functools.lru_cache(maxsize=1_024)
def without_feelings(text: str) -> str:
    """`text` with the words that say how the speaker felt about a thing left out after its
    determiner ("that stinking cold": "that cold", "that little sensor": "that sensor"), before
    "of a" ("that stinker of a cold": "that cold") or after the thing ("the cold from hell":
    "the cold")."""
    for pattern in _feeling():
        text = pattern.sub(r"\1 ", text)
    if (of_a := _feeling_of_a()) is not None:   # ("that stinker of a cold": that cold)
        text = of_a.sub(r"\1 ", text)
    after = _feeling_after()
    return after.sub("", text) if after is not None else text


def without_size(text: str) -> str:
    """`text` with a word of size left out before the thing it describes ("the big race": "the
    race"), as an event is named."""
    pattern = _size()
    return pattern.sub(r"\1 ", text) if pattern is not None else text


def sized(text: str) -> list[tuple[str, str]]:
    """(the word of size, the word it describes) for each `without_size` leaves out ("the big
    race": ("big", "race")): recall searches for neither when the thing names an event."""
    pattern = _size()
    if pattern is None:
        return []
    return [(m.group(0).split()[1].lower(), w.group(0).lower())
            for m in pattern.finditer(text)
            if (w := _WORD.match(text, m.end())) is not None]


_WORD = re.compile(starting(r"abcdefghijklmnopqrstuvwxyz\'\-0123456789") +
                   r"[a-z0-9'-]+", re.IGNORECASE)
