"""An event said by what happened, after "when": "when the dog hurt his foot, how were my
steps?", "when my back went, the 10 days after": while it lasted, its words as the memories
write them. Pure (memory/events.py reads the other ways of naming an event)."""

from __future__ import annotations

import re
from collections.abc import Callable

from coach_tui.memory.event_spans import HURT_VERBS, EventPhrase
from coach_tui.memory.query import STOPWORDS
from coach_tui.text import starting

# "when the cat hurt her leg", "when my back went" ("when the bad weather set in" is the
# weather: how it began is not searched for).
_WHEN_THE = re.compile(starting(r"w") +
                       r"\bwhen\s+(?:the|my|our)\s+([a-z][a-z'-]*\s+[a-z][a-z'-]*"
                       r"(?:\s+[a-z][a-z'-]*){0,2})(?P<rest>[^.?!;,]*)", re.IGNORECASE)
_BEGAN = frozenset(["set", "kicked", "came", "started", "began", "struck", "hit", "arrived"])
# ("when the app showed 0 steps", "when my watch said 9k": a reading, not an event)
_READ = frozenset(["showed", "shows", "said", "says", "read", "reads", "logged", "synced",
                   "recorded", "counted", "displayed", "registered", "tracked", "gave"])
# ("when the knee trouble came back after the race", "steps on 18/11 when my knee went":
# dated by the race, by the date)
_DATED = re.compile(starting(r"abdilost\d") +
                    r"\b(?:after|before|since|during|in|on|last|this)\b|\d", re.IGNORECASE)
# ...when the days' steps are asked ("what did you recommend when my shoes wore out", "how did I
# manage indoors when the wind was at its worst" ask what was said and done, not days)
_COUNTS = re.compile(starting(r"achmnrst") +
                     r"\b(?:steps?|totals?|average|avg|count|how\s+many|numbers"
                     # ("did i still make my 10k the first few days after?")
                     r"|(?:make|made|hit|reach)\s+(?:my|the)\s+(?:\d+k|goal|target))\b",
                     re.IGNORECASE)
# "when biscuit hurt his paw" (a name typed in lower case): as "when the dog hurt his paw"
_NAME_HURT = re.compile(starting(r"w") +
                        r"\bwhen\s+(?!(?:i|we|you|he|she|they|it|the|my|our)\b)([a-z]+)\s+"
                        r"(" + HURT_VERBS + r")\s+(his|her|its|their)\s+",
                        re.IGNORECASE)
_YOU = re.compile(starting(r"y") +
                  r"\byou\b", re.IGNORECASE)
_ASKING = re.compile(starting(r"dhw") +
                     r"\b(?:did|do|how|what|which|was|were)\s+(?:i|we|my|you)\b", re.IGNORECASE)


def when_it_happened(text: str, own_words: Callable[[str], list[str]],
                     not_events: frozenset[str]) -> list[EventPhrase]:
    """The events `text` names by "when the/my ... happened", as days while they lasted, when
    it asks for the days' steps; `own_words` cuts a phrase where the next part of the message
    starts, `not_events` are words that name no event ("first", "bad")."""
    out: list[EventPhrase] = []
    text = _NAME_HURT.sub(r"when the \1 \2 \3 ", text)
    for m in _WHEN_THE.finditer(text) if _COUNTS.search(text) else ():
        clause = re.split(r"[.?!;]", text[:m.start()])[-1]
        # (up to where the question starts: "when biscuit hurt his paw did i still make my
        # 10k", not dated by the 10k)
        rest = _ASKING.split(m.group("rest"), maxsplit=1)[0]
        if _DATED.search(f"{m.group(1)}{rest} {clause}") or _YOU.search(
                text, 0, m.start()):
            continue
        said = own_words(m.group(1))
        words = [w for w in said if w not in STOPWORDS and w not in not_events
                 and w not in _BEGAN][:3]
        if words and _READ.isdisjoint(said):
            # ("when the pup hurt his foot, how many steps did i do that day": the day it
            # happened, not the days of rest it led to)
            out.append(EventPhrase("during", " ".join(words),
                                   onset=_THAT_DAY.search(text, m.end()) is not None))
    return out


_THAT_DAY = re.compile(starting(r"t") +
                       r"\b(?:that|the\s+same)\s+day\b", re.IGNORECASE)


# "the week it never stopped raining", "the day it snowed", "the weekend it was roasting": the
# weather said as what it did, the day or week of it.
# ("the week everything flooded": what the weather did to everything)
_THE_UNIT_IT = re.compile(starting(r"t") +
                          r"\bthe\s+(days|day|morning|evening|night|weekend|week)\s+(?:that\s+"
                          r"|when\s+)?(?:it|everything)\s+((?:[a-z']+\s+){0,3}[a-z']+)",
                          re.IGNORECASE)


def weather_it_did(text: str, weather: Callable[[str], bool]) -> list[EventPhrase]:
    """The weather `text` names by "the week it <did>", as its day or week; `weather` tells a
    word of the weather ("raining"). The first such word within four words of "it" is read."""
    out: list[EventPhrase] = []
    for m in _THE_UNIT_IT.finditer(text):
        said = re.split(r"[^a-z']+", m.group(2).lower())
        word = next((w for w in said if w not in STOPWORDS and weather(w)), None)
        if word is not None:
            unit = m.group(1).lower()
            unit = "day" if unit in ("morning", "evening", "night") else unit
            out.append(EventPhrase("during" if unit == "days" else f"the {unit} of", word))
    return out


# "when we went abroad", "while i was away", "when me and tom went on holiday": the trip.
_WENT_AWAY = re.compile(starting(r"w") +
                        r"\b(?:when|while|whilst)\s+(?:i|we|(?:me|i)\s+and\s+[a-z]+|[a-z]+\s+and"
                        r"\s+(?:i|me))\s+(?:went|were|was|flew|headed|got)\s+(?:on\s+(?:(?:the|our|my"
                        r"|a)\s+)?)?([a-z]+)\b", re.IGNORECASE)


_AWAY_IN = re.compile(starting(r"\s") +
                      r"\s+(?:in|at|to)\s+[a-z]", re.IGNORECASE)


def went_away(text: str, travel: Callable[[str], bool],
              told: Callable[[str], bool]) -> list[EventPhrase]:
    """The trip `text` names by going away ("when we went abroad"), as its days; `travel`
    tells a word of travel ("abroad", "holiday"), `told` a clause that dates a telling
    ("what did you say when I was away": when it was said)."""
    out: list[EventPhrase] = []
    for m in _WENT_AWAY.finditer(text):
        word = m.group(1).lower()
        if word == "away" and _AWAY_IN.match(text, m.end()):
            continue    # "while i was away in frankfurt": the place is the trip, read as named
        if (word == "away" or travel(word)) and not told(text[:m.start()]):
            out.append(EventPhrase("during", "trip" if word == "away" else word))
    return out


# "when did i buy my new shoes", "the new trainers, when did i actually get them": the day the
# new thing was bought ("them" / "it": the new thing the message named before; a thing not
# called new, "when did i buy the head torch", is searched for as it is).
# ("when i get my new trainers and which ones": a learner's present asks the same)
_WHEN_BOUGHT = re.compile(starting(r"w") +
                          r"\bwhen\s+(?:did\s+(?:i|we)\s+(?:actually\s+|first\s+|finally\s+)?(?:buy"
                          r"|get|order|pick\s+up)\s+(?:(?:the|my|those|these|our)\s+new\s+"
                          r"([a-z][a-z'-]+)|(them|it)\b"
                          # ("when did I buy the pair of running footwear I am using now")
                          r"|(?<=buy\s)(?:the|my|those|these|our)\s+(?:pair\s+of\s+|current\s+)?"
                          r"(?:running\s+)?(shoes|trainers|footwear|sneakers|kicks)\b)"
                          r"|(?:i|we)\s+(?:(?:buy|bought)\s+(?:new\s+)?"
                          r"|(?:buy|bought|get|got)\s+(?:(?:the|my|our)\s+)?new\s+)"
                          r"(?!(?:home|back|the|my|our|a|an|that|this|those|these)\b)"
                          r"([a-z][a-z'-]+(?:\s+[a-z][a-z'-]+)?)(?=\s+and\b|\s*[,?]))",
                          re.IGNORECASE)
_NEW_THING = re.compile(starting(r"n") +
                        r"\bnew\s+([a-z][a-z'-]+)", re.IGNORECASE)


def when_bought(text: str) -> list[EventPhrase]:
    """The day `text` asks the new thing was bought on, as the day of its buying."""
    out: list[EventPhrase] = []
    for m in _WHEN_BOUGHT.finditer(text):
        thing = m.group(1) or m.group(3) or m.group(4)
        if thing is None:
            before = _NEW_THING.findall(text, 0, m.start())
            thing = before[-1] if before else None
        if thing is not None and thing.lower() not in STOPWORDS:
            out.append(EventPhrase("the day of", f"{thing.lower()} bought", change=True))
    return out
