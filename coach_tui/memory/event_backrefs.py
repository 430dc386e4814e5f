"""A stretch said of the event the message named before it: "the storm week, and the week
after it", "the four Frankfurt days and the four days after I got back", "since the half, and
the fortnight before it", "since the trip, and the trip itself". Pure: the text and the event
phrases read so far in, more event phrases out (memory/events.py reads the rest)."""

from __future__ import annotations

import functools
import re

from coach_tui.memory.event_spans import HOW_LONG, EventPhrase
from coach_tui.memory.query import STOPWORDS, expand
from coach_tui.memory.spoken import CARDINALS, count_of
from coach_tui.memory.wordlist import words_file
from coach_tui.text import starting

_COUNT = r"\d{1,2}|" + "|".join(sorted(CARDINALS, key=len, reverse=True))
# "it", "that", "them" (its days), "I got back", "it cleared": the event named before, by a
# pronoun or its end.
_IT = (r"(?:it|that|then|them|those(?:\s+days)?"
       r"|(?:i|we)\s+(?:got|came|flew)\s+(?:back|home)|(?:i|we)\s+returned"
       # ("the excursion to Portugal ... the week before we flew out": before it began)
       r"|(?:i|we)\s+(?:flew\s+out|set\s+off|went\s+away|departed)(?!\s+(?:to|for)\b)"
       # ("since the trip compared with the week before I went?")
       r"|(?:i|we)\s+went(?=\s*(?:[?.!,;]|$))"
       r"|it\s+(?:ended|finished|cleared|was\s+over))\b")
_BACK = re.compile(starting(r"t") +
                   r"\bthe\s+(?:(?:first|next|very\s+first)\s+)?"  # ("the first weekend after it")
                   r"(?:(" + _COUNT + r")\s+(?:full\s+|whole\s+)?(days|weeks)|(day|week"
                   r"|weekend|month|fortnight|night|evening|morning))\s+"
                   # ("the week straight after it")
                   r"(?:(?:straight|right|immediately|directly|just)\s+)?(before|after|following"
                   # ("the weekend that followed it")
                   r"|(?:that\s+|which\s+)?(?:followed|preceded))"
                   # ("the race ... and I was a wreck the night before, what did you say")
                   # ("...and the week that followed, steps?", "on the day following")
                   r"(?:\s+" + _IT + r"|(?:(?<=before)|(?<=followed)|(?<=preceded)|(?<=following))"
                   r"(?=\s*(?:[,?.!;]|$)))"
                   # "the two weeks after the race and the two weeks before": counted, alone
                   + r"|\bthe\s+(" + _COUNT + r")\s+(?:full\s+|whole\s+)?(days|weeks)\s+"
                   # ("... the 10 days after how did my steps hold up": a new part begins)
                   r"(before|after|following)(?=\s*(?:[,?.!;]|$|and\b|(?:how|what|did|was|were"
                   r"|which)\b))", re.IGNORECASE)
_IT_BEGAN = re.compile(starting(r"\s") +
                       r"\s+(?:happened|occurred|started|began|kicked\s+off|struck)\b",
                       re.IGNORECASE)
# "the weekend we got my PB, what did I do the next day": the day after the event named
_NEXT_DAY = re.compile(starting(r"t") +
                       r"\bthe\s+(?:next|following)\s+(day|morning|evening|night)\b"
                       r"(?!\s+(?:after|before|of|following)\b)", re.IGNORECASE)
# "the storm week ... and what did I total in that following week?": the one after it
_FOLLOWING = re.compile(starting(r"t") +
                        r"\b(?:the|that)\s+following\s+(week|weekend|month)\b"
                        r"(?!\s+(?:after|before|of|following)\b)", re.IGNORECASE)
# "the flu, and the day it cleared": the day of its end (or start).
_DAY_IT = re.compile(starting(r"t") +
                     r"\bthe\s+(?:day|morning|evening|night)\s+(?:that\s+|when\s+)?it\s+"
                     r"(?:(?:finally|eventually|first)\s+)?([a-z]+)", re.IGNORECASE)
_STARTS = frozenset(["began", "started", "start", "begin", "struck", "hit", "arrived"])
# "how does that compare with the race itself": the event's own days.
_ITSELF = re.compile(starting(r"mot") +
                     r"\b(?:the|my|our|that)\s+([a-z][a-z'-]+(?:\s+[a-z][a-z'-]+)?)\s+itself\b",
                     re.IGNORECASE)

# "the rainy week, the one with the floods", "which month was best, the one w the wedding?":
# the day, week or month named before, the one holding the event.
_ONE_WITH = re.compile(starting(r"dmw") +
                       r"\b(day|week|weekend|month)\b[^.?!;]*?\bthe\s+one\s+(?:with|where|when"
                       r"|that\s+had)\s+(?:the\s+|my\s+|our\s+|a\s+|an\s+)?([a-z][a-z'-]*"
                       r"(?:\s+[a-z][a-z'-]*)?)", re.IGNORECASE)
# ("that day" is the day of what was found: memory/focus.py's THAT_DAY; "in Rome on the
# Friday ... what did I do that day" is the Friday)
_THAT_UNIT = re.compile(starting(r"t") +
                        r"\b(?:that|the\s+same)\s+(weekend|week)\b(?!\s+(?:before|after))",
                        re.IGNORECASE)
_NEXT_PART = frozenset(["what", "how", "when", "where", "which", "who", "why", "and", "but",
                        "did", "was", "were", "is"])


@functools.cache
def ends() -> frozenset[str]:
    """Verbs that say an event ended (the word list's [event_ends])."""
    return frozenset(words_file().get("event_ends", {}).get("words", []))


def back_references(text: str, before: list[EventPhrase]) -> list[EventPhrase]:
    """The phrases of `text` that relate days to the first event of `before` by a pronoun,
    and the events named with "itself"."""
    out: list[EventPhrase] = []
    named = [p for p in before if p.relation != HOW_LONG]
    for m in _BACK.finditer(text) if named else ():
        count, unit, kind, side = (m.group(1, 2, 3, 4) if m.group(4) is not None
                                   else (m.group(5), m.group(6), "", m.group(7)))
        side = side.lower().split()[-1]
        side = {"following": "after", "followed": "after", "preceded": "before"}.get(side, side)
        kind = (kind or "").lower()
        event = named[0]
        if count is not None or kind == "fortnight":
            n = 14 if count is None else count_of(count)
            n *= 7 if unit is not None and unit.lower() == "weeks" else 1
            # ("the 3 days after it happened": after the day it began, not after it ended)
            began = _IT_BEGAN.match(text, m.end()) is not None
            out.append(EventPhrase(side, event.words, event.onset or began, days=n))
            continue
        kind = "day" if kind in ("night", "evening", "morning") else kind  # ("the night
        relation = f"the {kind} {side}"                                    # before": its day)
        if relation in ("the week after", "the week before") and event.relation == "the week of":
            relation += " the week of"      # the calendar week next to it
        # ("on the day our beagle injured his foot, and on the day following": the day after
        # that day, not after the ten days of short walks it began)
        out.append(EventPhrase(relation, event.words, onset=relation == "the day after"
                               and event.relation == "the day of" and not event.end))
    for m in _FOLLOWING.finditer(text) if named and not out else ():
        # "the storm week ... what did I total in that following week?": the week after it
        if m.start() > text.lower().find(named[0].words.split()[0]):
            unit = m.group(1).lower()
            relation = f"the {unit} after"
            if unit == "week" and named[0].relation == "the week of":
                relation += " the week of"
            out.append(EventPhrase(relation, named[0].words))
            break
    for m in _NEXT_DAY.finditer(text) if named and not out else ():
        if m.start() > text.lower().find(named[0].words.split()[0]):
            out.append(EventPhrase("the day after", named[0].words))
            break
    for m in _DAY_IT.finditer(text) if named else ():
        verb = m.group(1).lower()
        if verb in ends() or verb in _STARTS:
            out.append(EventPhrase("the day of", named[0].words, onset=verb in _STARTS,
                                   end=verb in ends()))
    # "around when I got the new bike, that weekend": the weekend of it
    for m in _THAT_UNIT.finditer(text) if named and named[0].relation == "during" else ():
        if m.start() > text.lower().find(named[0].words.split()[0]):
            out.append(EventPhrase(f"the {m.group(1).lower()} of", named[0].words))
    for m in _ONE_WITH.finditer(text):
        held: list[str] = []
        for w in m.group(2).lower().split():
            if w in _NEXT_PART:
                break
            held += [] if w in STOPWORDS else [w]
        # ("the one with the most steps", "the one with the highest HR": a measure, no event)
        if held and not any(w in ("most", "least", "more", "less", "fewest", "lowest")
                            or w.endswith("est") and len(w) > 5 for w in held[:1]):
            out.append(EventPhrase(f"the {m.group(1).lower()} of", " ".join(held)))
    for m in _ITSELF.finditer(text):
        # the event named before, in its own word or a synonym ("since the trip ... the holiday
        # itself"; `expand` gives the word first)
        last = m.group(1).lower().split()[-1]
        same = next((p for p in named if last in expand(p.words.split()[-1], 99)), None)
        if same is not None:
            out.append(EventPhrase("during", same.words.split()[-1]))
    return out
