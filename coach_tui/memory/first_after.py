"""The first time of something after an event: "my first run after the flu", "the first parkrun
back after my knee injury", "the first time I ran since the race". Its day is the earliest
memory after the event that tells of it, not every day since. Pure: the message and the
memories in, words and the memory out (memory/recall.py searches)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from coach_tui.memory.ranking import covered_words
from coach_tui.store.search import JOURNAL_KIND, Hit
from coach_tui.text import starting

# "my first run after", "the first long run back after", "our first proper walk since"; "the
# first time I ran after": what was done the first time, before the relation
_FIRST_AFTER = re.compile(starting(r"hmot") +
                          r"\b(?:my|the|our|his|her)\s+(?:very\s+)?first\s+"
                          r"(?:time\s+(?:i|we)\s+)?((?:[a-z][a-z'-]*\s+){0,2}?(?:[a-z][a-z'-]*"
                          r"|\d{1,2}k))\s+"  # ("my first 5k back after the flu")
                          r"(?:back\s+|again\s+|out\s+)?(?:after|since|following)\s", re.IGNORECASE)
# "when my knee flared up again after the half", "the days my knee was playing up again after
# the race": the first time it came back after the event (the words of what came back, and
# "flare")
_CAME_BACK_AFTER = re.compile(starting(r"tw") +
                              r"\b(?:when|the\s+(?:couple\s+of\s+|few\s+)?"
                              r"(?:days?|week|morning|night|time))\s+"
                              r"(?:that\s+)?(?:my|the|our|his|her)\s+"
                              r"((?:[a-z][a-z'-]*\s+){0,2}?[a-z][a-z'-]*)\s+(?:was\s+|were\s+)?"
                              r"(?:flared?|flaring|came\s+back|come\s+back|returned|niggled"
                              r"|(?:play|act|pip)(?:ed|ing|in)\s+up"
                              # ("when my knee went again after the race")
                              r"|went(?=\s+(?:again|agian|once\s+more)\b))(?:\s+up)?"
                              r"(?:\s+(?:again|agian|once\s+more))?\s+(?:after|since|following)\s",
                              re.IGNORECASE)
# "after the race my knee went again on a little jog - which day was that": the same, the
# event named first
_AFTER_CAME_BACK = re.compile(starting(r"afs") +
                              r"\b(?:after|since|following)\s+(?:the|my|our|that)\s+"
                              r"(?:[a-z][a-z'-]*\s+){1,3}?,?\s*(?:my|the|our|his|her)\s+"
                              r"((?:[a-z][a-z'-]*\s+){0,2}?[a-z][a-z'-]*)\s+"
                              r"(?:went|flared?(?:\s+up)?|came\s+back|played\s+up|acted\s+up"
                              r"|grumbled|complained|niggled|started\s+(?:hurting|aching|"
                              r"grumbling|playing\s+up))\s+(?:again|agian|once\s+more)\b",
                              re.IGNORECASE)
# "knee flare after the half. the days it was playing up": the same, said as a thing
_FLARE_AFTER = re.compile(starting(r"abcdefghijklmnopqrstuvwxyz") +
                          r"\b([a-z]+)\s+(?:flare(?:-up)?|flareup|relapse|niggle)\s+(?:after|since"
                          r"|following)\s", re.IGNORECASE)
# "the weekend when I came back to parkrun after the knee trouble": the first parkrun after it
# ("which day was i back at parkrun after the knee?": the same)
_BACK_TO = re.compile(starting(r"iw") +
                      r"\b(?:(?:i|we)\s+(?:came|got|went)\s+back\s+to"
                      r"|(?:was|were)\s+(?:i|we)\s+back\s+(?:at|to)"
                      r"|(?:i|we)\s+(?:was|were)\s+back\s+(?:at|to))\s+(?:the\s+|my\s+)?"
                      r"((?:[a-z][a-z'-]*\s+)?[a-z][a-z'-]*)\s+(?:after|since|following)\s",
                      re.IGNORECASE)
# "after knee break I first go back to parkrun, which day": the same, the event named first
# (a learner's present tense too)
_AFTER_BACK_TO = re.compile(starting(r"afs") +
                            r"\b(?:after|since|following)\s+(?:the\s+|my\s+)?(?:[a-z][a-z'-]*\s+)"
                            r"{1,3}?,?\s*(?:i|we)\s+(?:first\s+)?(?:go|went|came|come|got|get)\s+"
                            r"back\s+to\s+(?:the\s+|my\s+)?([a-z][a-z'-]*)\b", re.IGNORECASE)
# "my PB parkrun and the slow one after the flu": the first of the kind named before "one"
_ONE_AFTER = re.compile(starting(r"mt") +
                        r"\b(?:my|the|that)\s+(?:[a-z]+\s+)?one\s+(?:back\s+)?(?:after|since"
                        r"|following)\s", re.IGNORECASE)
_KIND = re.compile(starting(r"jlprsw") +
                   r"\b(parkrun|long\s+run|run|jog|walk|session|swim|ride)s?\b", re.IGNORECASE)
# a stretch of time is read by the relations ("my first week back after the flu": the week
# after it), a count or a state names nothing done
_NOT_DONE = frozenset({"day", "days", "week", "weeks", "weekend", "weekends", "month", "months",
                       "morning", "evening", "night", "few", "couple", "proper", "real", "full",
                       "i", "we", "was", "were", "had", "got", "back", "one", "time",
                       # ("first run logged post-race": the run)
                       "logged", "recorded",
                       # ("my first Saturday 5k back after the flu": the 5k, on whatever day)
                       "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                       "sunday"})
# ("the old knee pain came back": the knee pain, whichever it was)
_WHICH_ONE = frozenset({"old", "same", "usual", "familiar", "left", "right", "dodgy", "bad"})
# how much of what was done a memory must tell (a synonym will do: "jog" for a run)
MIN_COVER = 0.75
RELATIONS = ("after ", "since ", "following ")


def first_done(text: str, days_asked: bool = False) -> list[str]:
    """The words of what `text` asks the first time of, after an event ("long", "run"), or
    none; with `days_asked` (the message asks for the days' steps), also what came back after
    it ("when my knee flared up again after the half": what was said then is found by its
    words, not by its day)."""
    m = _FIRST_AFTER.search(text) or _BACK_TO.search(text) or _AFTER_BACK_TO.search(text)
    one = _ONE_AFTER.search(text) if m is None else None
    kinds = list(_KIND.finditer(text, 0, one.start())) if one is not None else []
    if kinds:   # ("my PB parkrun and the slow one after the flu": the parkrun after it)
        return kinds[-1].group(1).lower().split()
    if m is None:
        back = (_CAME_BACK_AFTER.search(text) or _FLARE_AFTER.search(text)
                or _AFTER_CAME_BACK.search(text)) if days_asked else None
        return [] if back is None else [*(
            w for w in back.group(1).lower().split() if w not in _NOT_DONE | _WHICH_ONE
        ), "flare"]
    return [w for w in m.group(1).lower().split() if w not in _NOT_DONE]


def earliest_telling(memories: Sequence[Hit], words: Sequence[str]) -> Hit | None:
    """The earliest of `memories` (journal lines and exchanges after the event) that tells of
    `words`, or None. The journal is the record of what was done; an exchange may only plan
    it ("can i do parkrun tmrw?"), so it is read only when no line tells of it."""
    telling = [h for h in memories
               if covered_words(words, f"{h.text}\n{h.reply}") >= MIN_COVER * len(words)]
    return min(telling, key=lambda h: (h.kind != JOURNAL_KIND, h.day), default=None)
