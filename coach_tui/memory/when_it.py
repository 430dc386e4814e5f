"""An event said by what happened, after "when": "when the dog hurt his foot, how were my
steps?", "when my back went, the 10 days after": while it lasted, its words as the memories
write them. Pure (memory/events.py reads the other ways of naming an event)."""

from __future__ import annotations

import re
from collections.abc import Callable

from coach_tui.memory.event_spans import EventPhrase
from coach_tui.memory.query import STOPWORDS

# "when the cat hurt her leg", "when my back went" ("when the bad weather set in" is the
# weather: how it began is not searched for).
_WHEN_THE = re.compile(r"\bwhen\s+(?:the|my|our)\s+([a-z][a-z'-]*\s+[a-z][a-z'-]*"
                       r"(?:\s+[a-z][a-z'-]*){0,2})(?P<rest>[^.?!;,]*)", re.IGNORECASE)
_BEGAN = frozenset(["set", "kicked", "came", "started", "began", "struck", "hit", "arrived"])
# ("when the app showed 0 steps", "when my watch said 9k": a reading, not an event)
_READ = frozenset(["showed", "shows", "said", "says", "read", "reads", "logged", "synced",
                   "recorded", "counted", "displayed", "registered", "tracked", "gave"])
# ("when the knee trouble came back after the race", "steps on 18/11 when my knee went":
# dated by the race, by the date)
_DATED = re.compile(r"\b(?:after|before|since|during|in|on|last|this)\b|\d", re.IGNORECASE)
# ...when the days' steps are asked ("what did you recommend when my shoes wore out", "how did I
# manage indoors when the wind was at its worst" ask what was said and done, not days)
_COUNTS = re.compile(r"\b(?:steps?|totals?|average|avg|count|how\s+many|numbers)\b",
                     re.IGNORECASE)
_YOU = re.compile(r"\byou\b", re.IGNORECASE)


def when_it_happened(text: str, own_words: Callable[[str], list[str]],
                     not_events: frozenset[str]) -> list[EventPhrase]:
    """The events `text` names by "when the/my ... happened", as days while they lasted, when
    it asks for the days' steps; `own_words` cuts a phrase where the next part of the message
    starts, `not_events` are words that name no event ("first", "bad")."""
    out: list[EventPhrase] = []
    for m in _WHEN_THE.finditer(text) if _COUNTS.search(text) else ():
        clause = re.split(r"[.?!;]", text[:m.start()])[-1]
        if _DATED.search(f"{m.group(1)}{m.group('rest')} {clause}") or _YOU.search(
                text, 0, m.start()):
            continue
        said = own_words(m.group(1))
        words = [w for w in said if w not in STOPWORDS and w not in not_events
                 and w not in _BEGAN][:3]
        if words and _READ.isdisjoint(said):
            out.append(EventPhrase("during", " ".join(words)))
    return out
