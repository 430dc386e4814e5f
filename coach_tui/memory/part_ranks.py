"""Each part of a message ranked for itself, then merged: pure.

"Which was my best week by steps, and what did the review of that week say about Tom?" asks
two things, and each part finds its own best memories (memory/ranking.py `rank`, `merge`):

- a best or worst period found for one part does not date the memories another part asks
  about ("best month so far?? also when was my parkrun pb"), unless the part points back at
  it ("...and what did you say about it");
- a part asking what happened after ("...and what stretches did you give me for my calves
  after") is not dated by the days the message names: it asks about the days after them;
- each part asks for its own kind ("what did you tell me ..., and what did the physio say?");
- a part that asks for a saved review by name and found one gets no journal line of the
  review's week beside it (the line holding the part's word, "Tom", is the week the review
  retells), and, when the review is the one of the period the message names, no other review
  that only holds the part's words;
- a later part that points at the week after what an earlier one found, with nothing of its
  own to search for ("What did the physio tell me to do, and did I stick to it the week that
  followed?", "...and what did the weekly review say afterwards?"), asks how that week went:
  the saved review of the Monday-to-Sunday week after the day of the earlier part's best
  memory (`following_week`, `with_review`);
- a part asking what the coach said beforehand ("Frankfurt: what did you advise
  beforehand?", "...and what had you suggested before I left?") asks for the exchange of the
  week before the period the message names (`days_before`, `with_review`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from datetime import date, timedelta

from coach_tui.memory import bests
from coach_tui.memory.focus import DATEISH
from coach_tui.memory.message_parts import clauses
from coach_tui.memory.query import message_words
from coach_tui.memory.ranking import (
    SURE_COVER,
    Ranked,
    asked_kind,
    gathers,
    merge,
    rank,
    which_end,
)
from coach_tui.memory.spans import Span
from coach_tui.store.search import CHAT_KIND, JOURNAL_KIND, REVIEW_KIND, Hit
from coach_tui.text import starting

# "...and what happened in it": a clause about the period another one named
_BACK_TO_IT = re.compile(starting(r"it") +
                         r"\b(?:it|then|that\s+(?:day|week|month)|in\s+there)\b", re.IGNORECASE)
RETOLD_DAYS = 7  # a weekly review, saved the day after its week ends, retells the 7 before
_AFTERWARDS = re.compile(starting(r"al") +
                         r"\b(?:after|afterwards|after\s+that|later)\W*$", re.IGNORECASE)


def rank_parts(hits: Sequence[Hit], parts: Sequence[tuple[str, list[str]]], text: str, *,
               anchors: Sequence[Hit], spans: Sequence[Span], best_spans: Sequence[Span],
               asked: str | None, aliases: dict[str, tuple[str, ...]]) -> list[Ranked]:
    """`hits` ranked for each of `parts` (each part's text and its words to search for) and
    merged; `asked` is the kind the whole message asks for (`asked_kind`)."""
    several = len(parts) > 1
    every = clauses(text)
    only_asked = all(asked_kind(c) == asked for c in every)
    kinds = {asked_kind(c) for c in every} - {REVIEW_KIND}
    rankings = []
    days = {s.start.isoformat() for s in spans if s.start == s.end}
    # (a part pointing before or after another finds its rows by that: `pointing`)
    own = [(part, words) for part, words in parts
           if not several or not _MAY_POINT.search(part) or not pointing(part)]
    for part, words in own if several and own else parts:
        part_asked = asked_kind(part) if several else asked
        ranking = rank(hits, words, anchors=anchors, spans=_dating(part, words, spans,
                                                                     best_spans, several, text),
                       asked=part_asked, aliases=aliases, end=which_end(part),
                       only_asked=only_asked, kinds=kinds, gathering=gathers(part))
        rankings.append(_review_alone(ranking, days) if (
            part_asked == REVIEW_KIND if several else _reviews_asked(every, words))
            else ranking)
    return merge(rankings, parted=several)


def _dating(part: str, words: Sequence[str], spans: Sequence[Span],
            best_spans: Sequence[Span], several: bool, text: str) -> list[Span]:
    """The spans that date the memories `part` asks about."""
    if several and _AFTERWARDS.search(part):
        return []
    if several and asked_kind(part) != CHAT_KIND:
        # "before the half, what time did you reckon was realistic, and how close did I get?":
        # an event's days named where the message asks what the coach said date that, not
        # the part asking about something else
        spans = [s for s in spans if not _dates_a_chat(s, part, text)]
        # ("When did I buy these Brooks? And what did you say yesterday about a second
        # pair?": the days named only where the message asks what the coach said)
        dated = [c for c in clauses(text) if DATEISH.search(c)]
        if dated and not DATEISH.search(part) and all(asked_kind(c) == CHAT_KIND
                                                      for c in dated):
            spans = [s for s in spans if s in best_spans]
    return [s for s in spans if s not in best_spans or any(
        (bests.best_phrases(c) or _BACK_TO_IT.search(c)) and set(message_words(c)) & set(words)
        for c in clauses(part))]


def _dates_a_chat(span: Span, part: str, text: str) -> bool:
    """Whether the days before an event that `span` was read from ("before the half (on
    ...)") are written only in clauses of `text` outside `part` that ask what the coach said
    (a time named after the event, "when my knee flared after the race", names a topic)."""
    phrase, on, _ = span.label.partition(" (on ")
    if not on or not phrase.startswith("before "):
        return False
    phrase = phrase.lower()
    holding = [c for c in clauses(text) if phrase in c.lower()]
    return bool(holding) and phrase not in part.lower() and all(
        asked_kind(c) == CHAT_KIND for c in holding)


def _reviews_asked(every: Sequence[str], words: Sequence[str]) -> bool:
    """Whether the message's `words` are all said in parts asking for a review, beside parts
    that ask only for days ("total for 5-11 oct? and what did the weekly review say about
    Tom"): the message is ranked as one part, and that part asks for the review."""
    if len(every) < 2 or not any(asked_kind(c) == REVIEW_KIND for c in every):
        return False
    holding = [c for c in every if set(message_words(c)) & set(words)]
    return bool(holding) and all(
        asked_kind(c) == REVIEW_KIND for c in holding)


def _review_alone(ranking: list[Ranked], days: Collection[str] = ()) -> list[Ranked]:
    """One part's `ranking` without what the reviews it found retell: the journal lines of
    their weeks (not one written on a day the message names, `days`: it tells that day), and,
    when one is the review of the period the message names (an anchor), the other reviews
    that only hold the part's words."""
    reviews = [r for r in ranking if r.hit.kind == REVIEW_KIND]
    named = any(r.anchor for r in reviews)
    return [r for r in ranking if not (
        (r.hit.kind == JOURNAL_KIND and r.hit.day not in days
         and any(_retells(v, r) for v in reviews))
        or (named and r.hit.kind == REVIEW_KIND and not r.anchor))]


def _retells(review: Ranked, line: Ranked) -> bool:
    """Whether `review` retells the week `line` is dated in (the week before its save)."""
    try:
        saved, day = date.fromisoformat(review.hit.day), date.fromisoformat(line.hit.day)
    except ValueError:
        return False
    return timedelta(days=1) <= saved - day <= timedelta(days=RETOLD_DAYS)


# "...in the week that followed?", "...the following week", "...say afterwards?"
_FOLLOWING = re.compile(starting(r"ait") +
                        r"\b(?:(?:in\s+)?the\s+(?:week|days)\s+(?:that\s+|which\s+)?followed"
                        r"|the\s+following\s+week|the\s+week\s+after(?:wards)?|afterwards"
                        r"|after\s+that)\W*$", re.IGNORECASE)


def pointing(part: str) -> bool:
    """Whether `part` points at the week after or the days before what another part names
    (`following_week`, `days_before`): what it asks is found by that, not by its words."""
    m = _FOLLOWING.search(part)
    return (m is not None and ("week" in m.group(0).lower() or asked_kind(part) == REVIEW_KIND)
            ) or (_BEFORE.search(part) is not None and asked_kind(part) == CHAT_KIND)


def following_week(text: str, ranked: Sequence[Ranked]) -> tuple[date, date] | None:
    """The Monday and Sunday of the week after the day of the best memory `ranked` holds
    (not an event's anchor, not a review), when a part of `text` after the first points at
    that week: it says "week" ("the week that followed") or asks for a review ("what did the
    review say afterwards"). None when no part does, or nothing was found."""
    if not _MAY_POINT.search(text):
        return None
    parts = clauses(text)
    best = next((r for r in ranked if not r.anchor and r.hit.kind != REVIEW_KIND), None)
    if not any(_FOLLOWING.search(p) and pointing(p) for p in parts[1:]) or best is None:
        return None
    try:
        day = date.fromisoformat(best.hit.day)
    except ValueError:
        return None
    monday = day + timedelta(days=7 - day.weekday())
    return monday, monday + timedelta(days=6)


# Any word `_FOLLOWING` or `_BEFORE` needs: most messages have none (one search, no clauses).
_MAY_POINT = re.compile(starting(r"abf") +
                        r"\b(?:follow\w*|after\w*|before\w*)\b", re.IGNORECASE)
# "...what did you advise beforehand?", "...what had you suggested before I left?"
_BEFORE = re.compile(starting(r"b") +
                     r"\b(?:beforehand|before\s+(?:i|we)\s+(?:left|went|flew|set\s+off|travel+ed)"
                     r"|before\s+(?:it|that|then))\W*$", re.IGNORECASE)
BEFORE_DAYS = 7


def days_before(text: str, spans: Sequence[Span]) -> tuple[date, date] | None:
    """The `BEFORE_DAYS` days before the first of `spans` when a part of `text` asks what the
    coach said beforehand, else None."""
    if not spans or not _MAY_POINT.search(text) or not any(
            _BEFORE.search(p) and asked_kind(p) == CHAT_KIND for p in clauses(text)):
        return None
    first = min(s.start for s in spans)
    return first - timedelta(days=BEFORE_DAYS), first - timedelta(days=1)


def with_review(ranked: Sequence[Ranked], reviews: Sequence[Hit]) -> list[Ranked]:
    """`ranked` with the first of `reviews` (the review of the week a part points at, or the
    exchange before the period it names) after its best memory, unless it holds it."""
    held = {(r.hit.kind, r.hit.ref) for r in ranked}
    new = [Ranked(h, SURE_COVER, True) for h in reviews[:1] if (h.kind, h.ref) not in held]
    at = next((i + 1 for i, r in enumerate(ranked) if not r.anchor), len(ranked))
    return [*ranked[:at], *new, *ranked[at:]]
