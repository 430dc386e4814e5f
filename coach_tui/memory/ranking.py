"""Which matching memories a message gets, best first: pure, the same hits give the same order.

Every hit comes with its bm25 score from the one recall index (store/search.py). Ranking:

- *coverage*: the share of the message's words (a word or any of its synonyms) a hit holds.
  bm25 alone lets one common word ("goal") pull in every line that says it;
- a hit dated inside a span the message names ("in October", "the week before the trip") or
  anchoring an event it names counts as covering one more word; a span longer than a month
  ("since the trip", seven weeks) does not: most memories are dated inside it; nor does a hit
  that holds only words more general than the message's ("eat" for "breakfast on race day":
  the race-day exchange that says "eat" is dated there, but tells nothing of breakfast);
- order: coverage, then bm25, then the newer first (recency breaks ties), then kind and id;
- weak matches are dropped: a hit must cover at least `MIN_SHARE` of what the best hit covers
  and score at least `MIN_SCORE_SHARE` of its bm25;
- when even the best hit holds less than `SURE_COVER` of the message's words (one word, or
  synonyms only), the match is a guess, and only the best `UNSURE_MAX` are kept;
- duplicates (the same text, after spaces and case) keep only their best;
- a message that names its days ("on the 27th", "since the trip") asks about those days: a
  guess on words that are not the field's (none in the synonym table, no name) is noise there,
  and is dropped;
- a saved review retells its week: unless the message asks for reviews, one is kept only when
  it covers more than the best other memory (a tie goes to the line that tells the fact);
- a message that does not ask what the coach said gets no exchange beside a journal line or
  review (`recorded_first`): the coach's dated record is the one source of a fact;
- one source per fact: when the message asks what the coach said, a journal line telling
  what an exchange of a day either side tells (no more of the message) is left out; else, an
  exchange that a journal line of a day either side tells too (covering at least half as much
  of the message) gives way to that line, the coach's dated record.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from coach_tui.memory.query import (
    STOPWORDS,
    base_form,
    expand,
    general_words,
    is_distance,
    text_bases,
    weak_words,
)
from coach_tui.memory.spans import Span
from coach_tui.store.search import CHAT_KIND, JOURNAL_KIND, REVIEW_KIND, Hit
from coach_tui.text import starting

MIN_SHARE = 0.75
END_SHARE = 0.9  # of the memories kept, those the earliest or newest is chosen among
DATING_DAYS = 31  # a span longer than a month dates too much to say which memory is meant
MIN_SCORE_SHARE = 0.45
GATHER_SHARE = 0.4        # a question asking for several things ("what books has she read")
GATHER_SCORE_SHARE = 0.3  # keeps matches this far below the best: each may hold one of them
PART_SHARE = 0.9  # a part of a message keeps what covers this much of its best
SYNONYM_WEIGHT = 0.85
GENERAL_WEIGHT = 0.3  # a match on a word more general than the message's ("leg" for "knee")
WEAK_WEIGHT = 0.5     # a word that only tells which of two things ("old", "new": the word list)
ASKED_BONUS = 0.5
SAME_FACT_SHARE = 0.75
SURE_COVER = 1.5
UNSURE_MAX = 2
FAMILY_MAX = 40   # the synonyms a memory's words are compared with ("leg": "patella" too)
SWAP_SHARE = 0.5  # a journal line this close to an exchange of its day tells the same
# Words that only name the kind of memory asked for ("what did my review say"): the kind is
# looked up by `asked_kind`, and the word itself would match every memory that says it.
KIND_WORDS = frozenset({"review", "reviews", "journal", "journals", "note", "notes", "weekly",
                        "diary", "take", "advice", "thoughts", "opinion", "view", "reply",
                        "give", "gave", "advise", "advised", "tips", "recap", "recaps"})


@dataclass(frozen=True)
class Ranked:
    hit: Hit
    covered: float       # words of the message (or a named span) the hit holds
    anchor: bool = False  # it dates an event the message names


Terms = tuple[frozenset[str], tuple[tuple[str, ...], ...]]  # one-word terms, phrases


@functools.lru_cache(maxsize=1_024)
def _wanted(word: str, aliases: tuple[str, ...]) -> tuple[Terms, Terms, Terms]:
    """(the word's own forms, its synonyms' and aliases', the words more general than it),
    each as the base forms of its one-word terms and of its phrases."""
    alternatives = (*expand(word, FAMILY_MAX), *aliases)
    own = alternatives[:1] if not is_distance(word) else alternatives
    looser = general_words(word) - set(aliases)
    other = [t for t in alternatives[len(own):] if t not in looser]
    general = [t for t in alternatives[len(own):] if t in looser]

    def forms(terms: Sequence[str]) -> Terms:
        split = [tuple(base_form(t) for t in term.split()) for term in terms]
        return (frozenset(t[0] for t in split if len(t) == 1),
                tuple(t for t in split if len(t) > 1))

    # "upped" cut to "up" is no sign of itself: "set up the app" does not say it ("evenings",
    # the plural of a word of time, is: "runs in the evenings").
    mine = [t for t in own if base_form(t) not in STOPWORDS or t in STOPWORDS
            or t == f"{base_form(t)}s"]
    return forms(mine), forms(other), forms(general)


def _holds(held: frozenset[str], terms: Terms) -> bool:
    """Whether `held` (a text's base forms) holds one of `terms`, every word of a phrase."""
    words, phrases = terms
    return not held.isdisjoint(words) or any(map(held.issuperset, phrases))


def covered_words(words: Sequence[str], text: str,
                  aliases: dict[str, tuple[str, ...]] | None = None) -> float:
    """How many of `words` occur in `text`, inflections aside: 1 for the word itself,
    `SYNONYM_WEIGHT` for a synonym or an alias (the user's own word is the surer sign), and
    `GENERAL_WEIGHT` for a word only more general than it ("leg" in a line, for "knee"); a weak
    word of the word list ("old", "new") counts `WEAK_WEIGHT` at most."""
    # A message compares the same memories with the same words several times (each part,
    # each event): counted once.
    return _covered(tuple((w, (aliases or {}).get(w, ())) for w in words), text)


@functools.lru_cache(maxsize=8_192)
def _covered(words: tuple[tuple[str, tuple[str, ...]], ...], text: str) -> float:
    """`covered_words` of (each word, its aliases)."""
    held = text_bases(text)
    total = 0.0
    for w, also in words:
        own, other, general = _wanted(w, also)
        if _holds(held, own):
            total += WEAK_WEIGHT if w in weak_words() else 1
        elif _holds(held, other):
            total += SYNONYM_WEIGHT
        elif _holds(held, general):
            total += GENERAL_WEIGHT
    return total


# ("what did you write in that wk's review": a week's, by the week it is of)
_IN_REVIEW = re.compile(starting(r"fi") +
                        r"\b(?:in|from)\s+(?:(?:the|my|your|that|its|this)\s+"
                        r"|(?:that|this|last|the)\s+week(?:['’]s|s)\s+)(?:weekly\s+)?"
                        # ("what did you write in the reviews for those two weeks")
                        r"(?:reviews?|write-?ups?|round-?ups?|wrap-?ups?|summary|summaries|"
                        r"recaps?)\b"
                        r"|\b(?:in|from)\s+(?:the|your|that)\s+weekly\s+(?:report|debrief)\b"
                        # ("What you wrote in review of race week": its article left out)
                        r"|\b(?:in|from)\s+(?:weekly\s+)?reviews?\s+(?:of|for|about)\b")


_ASKED_NOW = re.compile(starting(r"cw") +
                        r"\b(?:can|could|would|will)\s+(?:you|u|ya|yu)\s+(?:please\s+|pls\s+)?"
                        r"(?:tell|give|show|remind)\b")


_SAID_YOU = re.compile(starting(r"hw") +
                       r"\b(?:what|which|how)\s+(?:[a-z]+\s+){0,3}?(?<!\bi\s)(?<!\bwe\s)"
                       r"(?:said|told|advised|suggested|recommended|gave|answered|replied"
                       r"|proposed)\s+(?:you|u)\b")


# "what did you note down on 24/9?", "what's in your notes for Oct 18th?", "what have you got
# logged": the coach's written record, the journal (not what it said in a chat)
_NOTED = re.compile(starting(r"dhuy") +
                    r"\b(?:did|do|have|had)\s+(?:you|u|ya)\s+(?:\w+\s+)?"
                    r"(?:note|jot|log|record|write|put)(?:ted|ged|ed|d)?\s+down\b"
                    r"|\b(?:did|do)\s+(?:you|u|ya)\s+(?:\w+\s+)?(?:note|jot|log|record)\b"
                    r"|\b(?:you|u)\s+(?:\w+\s+)?(?:noted|jotted|logged|recorded)\b"
                    r"|\b(?:your|ur)\s+(?:notes?|log|logs|records?|diary)\b")


@functools.lru_cache(maxsize=2_048)
def asked_kind(text: str) -> str | None:
    """The kind of memory a message asks for by name: what the coach said, a review, the
    journal; None when it names none."""
    low = text.lower()
    if _IN_REVIEW.search(low):  # "what did you put it down to in the review?": the review
        return REVIEW_KIND
    # "could you give me the step total": asked now, not what the coach said then
    low = _ASKED_NOW.sub(" ", low)
    if _NOTED.search(low):
        return JOURNAL_KIND
    if _SAID_YOU.search(low):  # "what said you about the chip?": asked as a Dutch speaker would
        return CHAT_KIND
    # "u", "ya": how a message typed on a phone says "you".
    # ("was it you who told me to take it easy": the coach's words, asked who said them)
    # ("you already said something", "which stretches you sent me": the coach's message)
    if re.search(r"\b(you|u|ya|yu|coach)\s+(?:(?:who|that)\s+)?(?:have\s+|had\s+|has\s+)?"
                 r"(?:already\s+|once\s+)?"
                 r"(said|say|told|tell|suggest\w*|sent(?=\s+me\b)"
                 r"|advis\w*|recommend\w*"
                 r"|predict\w*|gave|give|thought|reckoned|meant|mentioned|explained|replied"
                 r"|answered|listed|rattled\s+off|reeled\s+off|taught|teach|showed)\b"
                 # ("the wall exercise you had me doing": what the coach set)
                 r"|\b(?:you|u)\s+(?:had|got|set)\s+me\s+(?:doing|do)\b"
                 r"|\bwe\s+(talk\w*|discuss\w*|chat\w*)\b|\bdid (?:you|u|ya)\b"
                 r"|\b(?:your|ur)\s+(?:(?:very|first|last|original|initial|exact|actual|own"
                 r"|best)\s+){0,2}(?:(?:bit|piece|words?)\s+of\s+)?"  # ("your first bit of advice")
                 r"(advice|suggestions?|recommendations?|tips?|tricks?|pointers?|thoughts|take|view"
                 r"|rules?"
                 r"|verdict|guidance|call(?=\s+(?:on|about)\b)"  # ("your call on heading out")
                 r"|opinion|answer|reply)\b", low):
        return CHAT_KIND
    # ("the write-up of race week", a weekly recap; not a "year-in-review thing")
    # ("your roundup of that week", "the weekly wrap-up", "your summary of the week")
    # ("race recap pls - finish time": the race's story, not a review)
    if re.search(r"(?<!in-)(?<!in )\b(?:reviews?|write-?ups?|(?<!race )(?<!run )(?<!trip )"
                 r"(?<!parkrun )(?<!holiday )recaps?|round-?ups?|wrap-?ups?"
                 r"|weekly\s+(?:summar(?:y|ies)|reports?|debriefs?)"
                 r"|summary\s+of\s+(?:the|that|this|my)\s+(?:\w+\s+)?week)\b", low):
        return REVIEW_KIND
    if re.search(r"\b(journal|notes?)\b|\b(?:i|we)\s+(?:wrote|noted|logged|jotted)\b", low):
        return JOURNAL_KIND
    return None


# "when did my knee first hurt": the earliest; "what's my target right now": the newest.
# "her first console", "his wife's first dance" are things, not times: "first" after a
# possessive or "a" is not asked.
_FIRST = re.compile(starting(r"abefrtw") +
                    r"(?<!\bmy\s)(?<!\bher\s)(?<!\bhis\s)(?<!\btheir\s)(?<!\bour\s)"
                    r"(?<!\byour\s)(?<!\ba\s)(?<!'s\s)(?<!’s\s)\bfirst\b"
                    # ("eat first thing on race morning": early in the day, not the earliest)
                    r"(?!\s+(?:week|half|weekend|day\s+of|two|three|few|of|thing))"
                    r"|\bthe\s+first\s+time\b|\bearliest\b|\bto\s+begin\s+with\b"
                    # ("we talked about this right at the start": not of a race, "at the start
                    # of the race")
                    r"|\b(?:right|way\s+back|back)\s+at\s+the\s+(?:very\s+)?(?:start|beginning)\b"
                    r"(?!\s+of\b)|\bat\s+the\s+very\s+(?:start|beginning)\b(?!\s+of\b)",
                    re.IGNORECASE)
_LAST = re.compile(starting(r"aclmrt") +
                   r"\b(?:last\s+time|latest|most\s+recent(?:ly)?|right\s+now|currently|current"
                   r"|these\s+days|again)\b", re.IGNORECASE)


def which_end(text: str) -> str | None:
    """"first" when `text` asks for the earliest time something happened, "last" for the
    newest, None when it asks for neither."""
    if _FIRST.search(text):
        return "first"
    said = {m.lower() for m in _LAST.findall(text)}
    if said == {"again"} and _AGAIN_AFTER.search(text):
        return "first"  # "when my knee played up again after the race": the first time since
    # "what exercises did helen give me again": remind me, not the newest time; "when did
    # you say I could run again": running resumed, not the newest time it was asked
    return "last" if said and (said != {"again"} or not _REMINDING.search(text)
                               and not _RESUMED.search(text)) else None


_AGAIN_AFTER = re.compile(starting(r"a") +
                          r"\bagain\s+(?:after|since|following)\b", re.IGNORECASE)


_RESUMED = re.compile(starting(r"ejrt") +
                      r"\b(?:run|running|jog|jogging|train|training|exercise|exercising|race"
                      r"|racing)\s+(?:[a-z]+\s+){0,2}?again\b", re.IGNORECASE)

# (a sentence of it: "Which was my worst week? ... What were those tips again, anyway?")
_REMINDING = re.compile(starting(r"\!\.\?", or_line_start=True) +
                        r"(?:^|[.?!]\s+)\s*(?:what|whats|what's|which|who|whos)\b[^.?!]*"
                        r"\bagain(?:,?\s+(?:anyway|then|please|pls))?\s*(?:[.?!]|$)",
                        re.IGNORECASE)

# "what books has she read", "which cities", "what are her hobbies", "what has he cooked",
# "how many times", "what do they both like": the answer is several things, told on
# several days, so weaker matches may each hold one of them.
_GATHER_WORD = re.compile(starting(r"abcdefghijklmnopqrstuvwxyz") +
                          r"[a-z]+(?:'s|s')?")
_WH = frozenset({"what", "which"})
_OF_KIND = frozenset({"kind", "kinds", "type", "types", "sort", "sorts"})
_BE = frozenset({"are", "were"})
_HAVE = frozenset({"has", "have"})
_NOT_PLURAL = frozenset({"does", "was", "has", "is", "this", "its", "his", "hers", "yours",
                         "theirs", "always", "perhaps", "plus", "us", "as", "tips", "news",
                         "series", "bus", "lens", "gas", "yes", "less"})
# counted in the data, not gathered from memories: "how many steps", "how many days over 10k"
_COUNTED = frozenset({"steps", "km", "kms", "miles", "minutes", "mins", "hours", "hrs",
                      "days", "weeks", "months", "k", "calories", "kg", "pounds", "lbs",
                      "dates", "total", "totals", "average", "averages", "ones"})


def _plural(word: str) -> bool:
    return (len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "'s", "us"))
            and word not in _NOT_PLURAL and word not in _COUNTED)


def gathers(text: str) -> bool:
    """Whether `text` asks for several things the history tells in several places (a list
    built up over time, a count of times, what two people both did), not for one fact.
    "what stretches did you give me" asks about one telling ("did": one past event)."""
    words = _GATHER_WORD.findall(text.lower())
    if "both" in words and not _COUNTED.intersection(words):
        return True
    for i, word in enumerate(words[:-1]):
        after = words[i + 1:i + 4]
        if word == "many" and i and words[i - 1] == "how":
            return after[0] == "times" or (after[0] not in _COUNTED and "did" not in after)
        if word in ("where", "who") and after[0] in _HAVE:
            return True
        if word not in _WH:
            continue
        if "did" in words[i + 1:i + 5] or after[0] == "about":  # ("what about my knees")
            return False
        if after[0] in _OF_KIND and len(after) > 1 and after[1] == "of":
            return True
        if after[0] in _BE:
            return any(_plural(w) for w in words[i + 2:i + 6])
        if after[0] in _HAVE:
            return True
        return any(_plural(w) for w in after)
    return False


COMMON_HITS = 8       # hits enough to say a word is in nearly all of them...
COMMON_OF_HITS = 0.8  # ...this share


def rank(hits: Sequence[Hit], words: Sequence[str], *, spans: Sequence[Span] = (),
         anchors: Sequence[Hit] = (), asked: str | None = None,
         aliases: dict[str, tuple[str, ...]] | None = None,
         end: str | None = None, only_asked: bool = True,
         kinds: Collection[str | None] = (), gathering: bool = False) -> list[Ranked]:
    """`hits` (and the event `anchors`, which always stay) ranked, weak ones and repeats out.

    `asked` is the kind the message asks for by name (`asked_kind`): it counts half a word
    more. `end` ("first" or "last", `which_end`) keeps, of the memories that cover the most,
    only the earliest or the newest; `only_asked` says every part of the message asks for
    `asked` (none asks "how did my knee hold up" beside "what did you tell me"). When only
    chats are asked for, a journal line telling what a kept exchange of a day either side
    tells is left out. Unless chats were asked for, an exchange within a day of a kept journal
    line that covers as much is the same fact told twice, and the journal line (the coach's
    dated record of it) is kept alone. `gathering` (`gathers`) keeps weaker matches.
    """
    anchor_keys = {(h.kind, h.ref) for h in anchors}
    if len(hits) >= COMMON_HITS and len(words) > 1:
        # a distance nearly every hit holds ("5k": parkrun, in most lines of a runner's
        # year) tells none of them apart: it is not counted (a name in every line of a chat
        # with that person still is: it may be all a question has)
        texts = [f"{h.text}\n{h.reply}" for h in hits]
        common = {w for w in words if any(c.isdigit() for c in w) and sum(
            covered_words([w], t) >= 1 for t in texts) >= COMMON_OF_HITS * len(texts)}
        if common and len(common) < len(words):
            words = [w for w in words if w not in common]
    dating = [s for s in spans if s.days <= DATING_DAYS]
    by_key: dict[tuple[str, int], Ranked] = {}
    for hit in [*anchors, *hits]:
        key = (hit.kind, hit.ref)
        if key in by_key:
            continue
        covered = covered_words(words, f"{hit.text}\n{hit.reply}", aliases)
        if dating and _dated_inside(hit.day, dating) and not 0 < covered < SYNONYM_WEIGHT:
            covered += 1
        if asked is not None and (hit.kind == asked or hit.kind in kinds):
            covered += ASKED_BONUS    # (`kinds`: what the message's other clauses ask for)
        by_key[key] = Ranked(hit, covered, key in anchor_keys)
    ranked = sorted(by_key.values(), key=_order)
    if not ranked:
        return []
    # A saved review retells a whole week in many words, so it covers more of most messages
    # than the line or exchange that tells the fact: unless reviews are asked for, the bar is
    # set by the best other memory.
    best = max((r for r in ranked if not r.anchor and (asked in (r.hit.kind, REVIEW_KIND)
                if asked in (CHAT_KIND, REVIEW_KIND) else r.hit.kind != REVIEW_KIND)),
               key=_order_key, default=None) or max(
        (r for r in ranked if not r.anchor), key=_order_key, default=None)
    kept: list[Ranked] = []
    seen: set[str] = set()
    share, score_share = ((GATHER_SHARE, GATHER_SCORE_SHARE) if gathering
                          else (MIN_SHARE, MIN_SCORE_SHARE))
    # "parkrun on the 8th of August vs parkrun on Oct 31st": of several days named, when the
    # best match is dated on one, each day's best match dated on it stays (measured against
    # its own day, not the other's)
    own_days: set[int] = set()
    one_days = [s for s in dating if s.days == 1]
    if len(one_days) > 1 and best is not None and _dated_inside(best.hit.day, one_days):
        for span in one_days:
            own = max((r for r in ranked if not r.anchor and r.covered >= 2
                       and _dated_inside(r.hit.day, [span])), key=_order_key, default=None)
            if own is not None:
                own_days.add(id(own))
    for r in ranked:
        if not r.anchor and best is not None and id(r) not in own_days and (
                r.covered < share * best.covered
                or r.hit.score < score_share * best.hit.score):
            continue
        text = " ".join(f"{r.hit.text} {r.hit.reply}".lower().split())
        if text in seen:
            continue
        seen.add(text)
        kept.append(r)
    if best is not None and best.covered < SURE_COVER:
        # Nothing holds much of the message: a guess, so only the best few (none when the
        # message names its days and none of its words is one of the field's or a name).
        # A message that names its days asks about those days: a guess dated far from them
        # is noise there unless it holds a word of the field or a name ("my knee on the
        # 27th"), not just a number ("over 12k that day") or a chatty word.
        known = any(len(expand(w)) > 1 or (aliases or {}).get(w) for w in words)
        field = [w for w in words
                 if (len(expand(w)) > 1 and not is_distance(w)) or (aliases or {}).get(w)]
        guesses = [r for r in kept if not r.anchor
                   and (not spans or _dated_inside(r.hit.day, spans, margin=1)
                        or covered_words(field, f"{r.hit.text}\n{r.hit.reply}", aliases) > 0)]
        # A guess on a word of the field ("that lamp thing") before one on a chatty word
        # ("pick", "strap"), whatever their bm25.
        guesses.sort(key=lambda r: not covered_words(field, f"{r.hit.text}\n{r.hit.reply}",
                                                     aliases))
        unsure = [] if spans and not known else guesses[:UNSURE_MAX]
        kept = [r for r in kept if r.anchor or r in unsure]
    if end is not None:
        kept = _one_end(kept, end, asked)
    if asked != REVIEW_KIND:
        top = max((r.covered for r in kept if r.hit.kind != REVIEW_KIND), default=0.0)
        kept = [r for r in kept if r.anchor or r.hit.kind != REVIEW_KIND
                # (a whole word more than any line: a synonym more is the line's fact retold)
                or (r.covered >= top + 1 and not _retold(r, kept))]
    if asked == CHAT_KIND:  # "what did you say about...": the exchange, not the line
        kept = _asked_about(kept, words, aliases)
        return [r for r in kept if r.anchor or r.hit.kind != JOURNAL_KIND or not only_asked
                or not _told_in_chat(r, kept)]
    kept = [r for r in kept if r.anchor or r.hit.kind != CHAT_KIND or not _told_in_journal(r, kept)]
    return _journal_for_chats(kept, ranked)


def _asked_about(kept: list[Ranked], words: Sequence[str],
                 aliases: dict[str, tuple[str, ...]] | None) -> list[Ranked]:
    """`kept` without the exchanges whose reply alone holds the message's words when the best
    exchange was asked about them ("what did you tell me to do in December?": the exchange
    that asked about December, not a reply saying "after an easy December" in passing)."""
    chats = [r for r in kept if not r.anchor and r.hit.kind == CHAT_KIND]
    top = max((r.covered for r in chats if covered_words(words, r.hit.text, aliases) > 0),
              default=None)
    if top is None:
        return kept
    return [r for r in kept if r.anchor or r.hit.kind != CHAT_KIND or r.covered > top
            or covered_words(words, r.hit.text, aliases) > 0]


def recorded_first(ranked: Sequence[Ranked]) -> list[Ranked]:
    """`ranked` without its exchanges when a journal line or saved review is in it: a message
    that does not ask what the coach said asks for the facts, and the coach's dated record of
    them is the one source to give (an exchange retells them, or is chat around them)."""
    if not any(r.hit.kind in (JOURNAL_KIND, REVIEW_KIND) for r in ranked):
        return list(ranked)
    return [r for r in ranked if r.hit.kind != CHAT_KIND]


def _one_end(kept: list[Ranked], end: str, asked: str | None = None) -> list[Ranked]:
    """`kept` with only the earliest (or newest) of the memories that cover the most (a
    review is dated by its save, not by what it tells: it does not take part); when the
    message asks for a kind ("what did you tell me when it flared up again"), the day is
    that of the earliest (or newest) memory of that kind."""
    memories = [r for r in kept if not r.anchor and r.hit.kind != REVIEW_KIND]
    if not memories:
        return kept
    top = max(r.covered for r in memories)
    best = [r for r in memories if r.covered >= MIN_SHARE * top]
    # (a journal line when no kind is asked: the dated record, not the chat around it)
    dated = [r for r in best if r.hit.kind == (asked or JOURNAL_KIND)] or best
    # (the end is chosen among those that hold nearly all of it: "my knee played up again when
    # I tried a gentle trot" is the flare's exchange, not the next day's "knee fine")
    near = max(r.covered for r in dated)
    day = (min if end == "first" else max)(-_negated_day(r.hit.day) for r in dated
                                           if r.covered >= END_SHARE * near)
    return [r for r in kept if r.anchor or r not in best or -_negated_day(r.hit.day) == day]


def _journal_for_chats(kept: list[Ranked], ranked: Sequence[Ranked]) -> list[Ranked]:
    """`kept` with each exchange that a journal line of a day either side also tells
    replaced by that line: the coach's dated record of the fact (one source per fact)."""
    out: list[Ranked] = []
    for r in kept:
        if not r.anchor and r.hit.kind == CHAT_KIND:
            lines = [k for k in ranked if k.hit.kind == JOURNAL_KIND
                     and k.covered >= SWAP_SHARE * r.covered and k.covered > 0
                     and abs(_negated_day(r.hit.day) - _negated_day(k.hit.day)) <= 1]
            if lines:
                r = lines[0]
        if r not in out:
            out.append(r)
    return out


def _retold(review: Ranked, kept: Sequence[Ranked]) -> bool:
    """Whether a journal line or exchange kept is dated in the week a saved review retells
    (the week before the day it was saved): the line is the fact, the review its retelling."""
    saved = -_negated_day(review.hit.day)
    return any(k.hit.kind != REVIEW_KIND and k.covered > 0
               and 0 < saved + _negated_day(k.hit.day) <= 8 for k in kept)


def _told_in_chat(r: Ranked, kept: Sequence[Ranked]) -> bool:
    return any(k.hit.kind == CHAT_KIND and k.covered >= r.covered
               and abs(_negated_day(k.hit.day) - _negated_day(r.hit.day)) <= 1 for k in kept)


def _told_in_journal(r: Ranked, kept: Sequence[Ranked]) -> bool:
    return any(k.hit.kind == JOURNAL_KIND and k.covered >= SAME_FACT_SHARE * r.covered
               and abs(_negated_day(k.hit.day) - _negated_day(r.hit.day)) <= 1 for k in kept)


def _order_key(r: Ranked) -> tuple:
    return (r.covered, r.hit.score)


def _order(r: Ranked) -> tuple:
    return (not r.anchor, -r.covered, -r.hit.score, _negated_day(r.hit.day), r.hit.kind,
            -r.hit.ref)


def _negated_day(day: str) -> int:
    try:
        return -date.fromisoformat(day).toordinal()
    except ValueError:
        return 0


def _dated_inside(day: str, spans: Sequence[Span], margin: int = 0) -> bool:
    try:
        d = date.fromisoformat(day)
    except ValueError:
        return False
    return any(s.start - timedelta(days=margin) <= d <= s.end + timedelta(days=margin)
               for s in spans)


def _near_best(ranking: Sequence[Ranked]) -> list[Ranked]:
    """`ranking` (one part's) without what covers less than `PART_SHARE` of its best."""
    top = max((r.covered for r in ranking if not r.anchor), default=0.0)
    return [r for r in ranking if r.anchor or r.covered >= PART_SHARE * top]


def merge(rankings: Sequence[Sequence[Ranked]], parted: bool = False) -> list[Ranked]:
    """One list from several: anchors first, then the best of each in turn, no repeats.
    With several parts (`parted`: the message had several, some found otherwise), each keeps
    only what covers about as much as its own best (`PART_SHARE`): the parts share the
    block, and a part's weaker matches crowd it."""
    out: list[Ranked] = []
    seen: set[tuple[str, int]] = set()
    if len(rankings) > 1 or parted:  # each part brings only its best few; the parts fill the block
        rankings = [_near_best(ranking) for ranking in rankings]
    ordered = [r for ranking in rankings for r in ranking if r.anchor]
    for depth in range(max((len(r) for r in rankings), default=0)):
        ordered += [ranking[depth] for ranking in rankings if depth < len(ranking)]
    for r in ordered:
        key = (r.hit.kind, r.hit.ref)
        if key not in seen:
            seen.add(key)
            out.append(r)
    return out
