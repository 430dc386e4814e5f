"""Names the user wrote, and what they are: "walking Biscuit (beagle)", "running friend Priya",
"Physio (Helen)", "my partner Tom"; and the places written by name ("home from Lisbon"). Pure:
journal lines in, {role word: names} out.

A message that says "my dog" or "the physio" then also searches for the name, and one that
says "Priya" also for "friend": people and pets are written about by name as often as by role.
A role is one of `ROLES` (a word of the synonym list's groups counts through its group), a
name a capitalised word that is not a common word.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from coach_tui.memory.query import STOPWORDS, base_form, expand, place_words, synonym_groups
from coach_tui.memory.textspeak import one_letter_off
from coach_tui.text import starting

ROLES = frozenset([
    "partner", "wife", "husband", "girlfriend", "boyfriend", "friend", "buddy", "mate",
    "dog", "beagle", "puppy", "pup", "cat", "physio", "physiotherapist", "doctor", "coach",
    "trainer", "sister", "brother", "mum", "mom", "dad", "son", "daughter", "colleague", "boss",
    "neighbour", "neighbor", "park", "path", "club", "gym", "river", "trail", "vet",
])
_ROLE_BASES = frozenset(base_form(r) for r in ROLES)
_NAME = r"([A-Z][a-z]{2,})"
_ROLE = r"([A-Za-z]{2,})"
_PATTERNS = (
    re.compile(_NAME + r"\s+\(" + _ROLE + r"\)"),            # Biscuit (beagle)
    re.compile(r"\b" + _ROLE + r"\s+\(" + _NAME + r"\)"),    # Physio (Helen)
    re.compile(r"\b" + _ROLE + r"\s+" + _NAME + r"\b"),      # friend Priya, partner Tom
    re.compile(_NAME + r",\s+(?:my|our|the|a)\s+" + _ROLE),  # Tom, my partner
)


def role_names(texts: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """{role's base form: names written with it}, in the order first written."""
    return _role_names(tuple(texts))


@functools.lru_cache(maxsize=8)
def _role_names(texts: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    # The journal changes rarely and every message reads it: the same lines, the same answer.
    out: dict[str, list[str]] = {}
    for text in texts:
        for pattern in _PATTERNS:
            for m in pattern.finditer(text):
                a, b = m.group(1), m.group(2)
                name, role = (a, b) if a[0].isupper() and pattern.pattern.startswith(_NAME) \
                    else (b, a)
                role_key = base_form(role.lower())
                if role_key not in _ROLE_BASES or name.lower() in STOPWORDS:
                    continue
                names = out.setdefault(role_key, [])
                if name.lower() not in names:
                    names.append(name.lower())
    return {role: tuple(names) for role, names in out.items()}


# "Mon 14 to Thu 17 September": "to Thu" names a day, not a place.
_DAY_AND_MONTH_SHORT = frozenset(["mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri",
                                  "sat", "sun", "jan", "feb", "mar", "apr", "jun", "jul",
                                  "aug", "sep", "sept", "oct", "nov", "dec"])
_PLACE = re.compile(starting(r"afit") +
                    r"\b(?:in|at|to|from)\s+(?:the\s+)?([A-Z][a-z]{2,})\b")


def place_names(texts: Iterable[str]) -> frozenset[str]:
    """The places the user wrote by name ("home from Lisbon", "parkrun at Millbrook Park"),
    lower case: a capitalised word after "in", "at", "to" or "from"."""
    return _place_names(tuple(texts))


@functools.lru_cache(maxsize=8)
def _place_names(texts: tuple[str, ...]) -> frozenset[str]:
    after = {m.group(1).lower() for text in texts for m in _PLACE.finditer(text)
             if m.group(1).lower() not in STOPWORDS
             and m.group(1).lower() not in _DAY_AND_MONTH_SHORT}
    # "the Frankfurt trade fair": a country or city of the word list, capitalised mid-sentence
    # and not the first word of a longer name ("the Manchester Marathon" is a race).
    listed = {m.group(1).lower() for text in texts for m in _LISTED.finditer(text)
              if m.group(1).lower() in place_words()}
    return frozenset(after | listed)


_LISTED = re.compile(starting(r"abcdefghijklmnopqrstuvwxyz") +
                     r"(?<=[a-z,]\s)([A-Z][a-z]{2,})\b(?!\s+[A-Z])")


def place_meant(word: str, places: frozenset[str]) -> str:
    """`word` as the place the user wrote it means: a country or city that holds (or lies in)
    exactly one of `places` is that place ("portugal": "lisbon"), any other word itself."""
    lower = word.lower()
    if lower not in places and lower not in place_words() and len(lower) >= 6:
        # ("wile i was in lisbin", "frankfert", "portugul": a place spelled by ear, one letter
        # off one the user wrote or one the word list knows)
        near = {p for p in _spelled_like(places).get(lower[:2], ()) if _one_off(lower, p)}
        if len(near) == 1:
            word = lower = near.pop()
    if lower in places or lower not in place_words():
        return word
    found = [p for p in expand(lower) if p in places]
    return found[0] if len(found) == 1 else word


@functools.lru_cache(maxsize=8)
def _spelled_like(places: frozenset[str]) -> dict[str, tuple[str, ...]]:
    """The places a word one letter off may mean, by their first two letters (`_one_off` asks
    those as written and six letters or more): a message's words are each compared with the
    few that start alike, not with every place (~10 words x ~80 places a message, each time
    recall reads it)."""
    by_start: dict[str, list[str]] = {}
    for place in dict.fromkeys((*places, *place_words())):
        if len(place) >= 6:
            by_start.setdefault(place[:2], []).append(place)
    return {start: tuple(found) for start, found in by_start.items()}


def _one_off(word: str, place: str) -> bool:
    """Whether `word` is `place` with one letter changed, added or left out (the first two
    letters as written: "lisbin", "frankfert", not "stain" for Spain)."""
    return len(place) >= 6 and one_letter_off(word, place)


def as_written(text: str, places: frozenset[str]) -> str:
    """`text` with a country or city that holds (or lies in) exactly one of the places the
    user wrote named as that place: "home from Portugal" is "home from Lisbon" when Lisbon
    is the place the journal names; and "that trip" (or "while I was away") after the
    sentences before name one such place as the trip to it."""
    if not places:
        return text
    text = _WORD.sub(lambda m: place_meant(m.group(0), places), text)
    # "I travelled to Germany on business. Steps in the week of that trip?": the trip to the
    # one place the sentences before name ("... while I was away": in that place)
    trip = next((m for m in _THAT_TRIP.finditer(text)
                 if m[2] or m[1].lower() in synonym_groups().get("trip", ())), None)
    if trip:
        named = {m[0].lower() for m in _WORD.finditer(text, 0, trip.start())
                 if m[0].lower() in places}
        if len(named) == 1:
            place = next(iter(named))
            said = f"{trip[2]} in {place}" if trip[2] else f"the {place} {trip[1]}"
            text = f"{text[:trip.start()]}{said}{text[trip.end():]}"
    return text


_THAT_TRIP = re.compile(starting(r"tw") +
                        r"\bthat\s+([a-z]+)\b|\b(while\s+(?:i|we)\s+(?:was|were))\s+away\b",
                        re.IGNORECASE)
_WORD = re.compile(starting(r"abcdefghijklmnopqrstuvwxyz") +
                   r"[A-Za-z]+")


# Words for someone not named ("the lady who sorted out my knee"): they stand for the people
# the user wrote by name (not pets, places or clubs).
PERSON_WORDS = frozenset(["lady", "woman", "guy", "bloke", "chap", "fella", "fellow", "girl",
                          "person", "someone", "somebody"])
_NOT_PEOPLE = frozenset(base_form(r) for r in ("dog", "beagle", "puppy", "pup", "cat", "park",
                                                "path", "club", "gym", "river", "trail"))


def person_meant(text: str, known: dict[str, tuple[str, ...]]) -> str:
    """`text` with "I saw her" and "she saw me" said with the name of the one person (of
    `known`, the names the user wrote by role) the text names before it: "My first appointment
    with Helen. The week after I saw her?" is the week after "I saw Helen"."""
    people = {n for role, names in known.items() if role not in _NOT_PEOPLE for n in names}
    if not people:
        return text
    def named(m: re.Match[str]) -> str:
        before = {w.lower() for w in _WORD.findall(text, 0, m.start()) if w.lower() in people}
        if len(before) != 1:
            return m[0]
        name = next(iter(before)).capitalize()
        return f"{m[1]} {name}" if m[1] else f"I saw {name}"
    return _SAW_THEM.sub(named, text)


# "I saw her", "we met him", "she saw me", "he treated me"
_SAW_THEM = re.compile(starting(r"hmsv") +
                       r"\b(?:((?:saw|met|visited|seen|seeing))\s+(?:her|him)"
                       r"|(?:she|he)\s+(?:saw|treated|examined|assessed)\s+me)\b",
                       re.IGNORECASE)


def aliases(words: Iterable[str], known: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """For each of `words`: the names its role (or a synonym's) was written with, or the roles
    a name was written with, or for a word for someone (`PERSON_WORDS`) every person's name.
    Words with none are left out."""
    out: dict[str, tuple[str, ...]] = {}
    for word in words:
        found: list[str] = []
        if word in PERSON_WORDS:
            found += [n for role, names in known.items() if role not in _NOT_PEOPLE
                      for n in names if n not in found]
        for term in expand(word):
            found += [n for n in known.get(base_form(term), ()) if n not in found]
        found += [role for role, names in known.items() if word in names and role not in found]
        if found:
            out[word] = tuple(found)
    return out
