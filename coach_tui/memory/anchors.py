"""Memories by kind, and the events a message anchors days on ("since the trip"), dated by the
memories that name them: the impure half of memory/events.py (which reads the phrases and turns
dates into spans, purely).

The anchor is the best journal line naming the event when one is about as good as the best
match of any kind (the journal holds the dated facts); a line that writes the event's dates
("Lisbon, Thu 8 to Tue 13 October") is preferred; a second journal line near it (an illness's
start and end) anchors too; for a one-day event, the line written that day replaces the one
that dated it. The later lines near it that name it tell how long it lasted ("Cold cleared"
ends it the day before), and the last of them anchors too.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from datetime import date, timedelta

from coach_tui.memory import bests, events, names
from coach_tui.memory.daywords import named_spans
from coach_tui.memory.event_days import one_act, writes_duration
from coach_tui.memory.event_refs import qualifying_months
from coach_tui.memory.focus import asks_days
from coach_tui.memory.goal_spans import goal_changes
from coach_tui.memory.query import terms_query
from coach_tui.memory.ranking import GENERAL_WEIGHT, asked_kind, covered_words
from coach_tui.memory.spans import Span
from coach_tui.store import search
from coach_tui.store.steps import Day
from coach_tui.text import starting

SEARCH_LIMIT = 16
ANCHOR_SHARE = 0.5
ANCHOR_COVER = 0.8
KEEP_ANCHOR = frozenset({"the day of"})


_THAT_WEEK = re.compile(starting(r"t") +
                        r"\b(?:that|the\s+same)\s+week\b", re.IGNORECASE)
_REVIEW_OF_WEEK = re.compile(starting(r"r") +
                             r"\breview\b[^.?!;]*?\b(?:that|the|this)\s+(?:[a-z]+\s+)?week\b",
                             re.IGNORECASE)


def reviews_of(conn: sqlite3.Connection, spans: Sequence[Span],
               hits: Sequence[search.Hit], text: str = "") -> list[search.Hit]:
    """The reviews a message asks for beside the days it names: those whose period lies within
    a span ("the review of race week"); when neither they nor the search (`hits`) found one,
    those of the Monday-to-Sunday weeks holding a span ("steps on 10 Oct, and what did the
    weekly review say about that week": 5-11 Oct's). A review asked for "that week" beside a
    month and a week named is the week's ("my best month, my worst week, and the review of
    that awful week")."""
    if _LATEST_REVIEW.search(text):  # "what did the last weekly review say?": the newest
        return search.reviews_within(conn, "0001-01-01", "9999-12-31", limit=1)
    if _REVIEW_OF_WEEK.search(text) and any(s.days <= 7 for s in spans):
        spans = [s for s in spans if s.days <= 7]
    # Of a month's reviews, those that match the message best ("what did my weekly review in
    # September say about the old Asics": the one that says Asics), else the newest two.
    scores = {h.ref: h.score for h in hits if h.kind == search.REVIEW_KIND}
    within = []
    for s in map(_iso_weeks, spans):
        found = search.reviews_within(conn, s.start.isoformat(), s.end.isoformat(),
                                      limit=REVIEWS_WITHIN)
        best = max((scores.get(h.ref, 0.0) for h in found), default=0.0)
        within += [h for h in found if scores.get(h.ref, 0.0) >= BEST_REVIEW_SHARE * best
                   ] if best > 0 else found[:2]
    if within:
        return within
    # (a review the search found stands unless the message points back at the week of the
    # day it named: "on 29.08 ... what the weekly review said for that week")
    if any(h.kind == search.REVIEW_KIND for h in hits) and not _THAT_WEEK.search(text):
        return []
    weeks = [(s.start - timedelta(days=s.start.weekday()),
              s.end + timedelta(days=6 - s.end.weekday())) for s in spans]
    return [h for start, end in weeks
            for h in search.reviews_within(conn, start.isoformat(), end.isoformat(), limit=2)]


# "the last weekly review", "your latest review", "the most recent write-up" (not "last
# week's review": that week's)
_LATEST_REVIEW = re.compile(starting(r"lmn") +
                            r"\b(?:last|latest|most\s+recent|newest)\s+(?:(?:weekly|saved)\s+)?"
                            r"(?:review|write-?up|round-?up|recap)\b", re.IGNORECASE)
REVIEWS_WITHIN = 5  # a month's weekly reviews
BEST_REVIEW_SHARE = 0.6  # of these, those matching the message this near the best


def _iso_weeks(span: Span) -> Span:
    """A span longer than a week with the weeks its ends cut into that count as its own (a
    week is the month's whose Thursday it holds: Mon 31 Aug to Sun 6 Sep is September's)."""
    if span.days <= 7:
        return span
    monday = span.start - timedelta(days=span.start.weekday())
    start = monday if monday + timedelta(days=3) >= span.start else span.start
    sunday = span.end + timedelta(days=6 - span.end.weekday())
    end = sunday if sunday - timedelta(days=3) <= span.end else span.end
    return replace(span, start=start, end=end)


LATER_DAYS = 2   # a line written this many days after a day may tell of it


def lines_of_day(conn: sqlite3.Connection, span: Span, exclude_ids: Sequence[int],
                 watermark: int | None, still: bool = False) -> list[search.Hit]:
    """What the journal says of the day `span` ("where was I on 10/10?", "in Frankfurt on the
    Wednesday, what did I do that day?"): the lines written that day, and those written in the
    next days that name it ("one hotel treadmill session on Wednesday the 16th"); asked what
    `still` held then ("was I still resting then?"), the newest line of the week before when
    the day has none (what was in force)."""
    one = timedelta(days=1)
    found = search.journal_within(conn, span.start.isoformat(), span.end.isoformat(),
                                  exclude_ids=exclude_ids, watermark=watermark, limit=2)
    if still and not found:
        found = sorted(search.journal_within(
            conn, (span.start - STILL_DAYS * one).isoformat(), (span.start - one).isoformat(),
            exclude_ids=exclude_ids, watermark=watermark, limit=STILL_DAYS),
            key=lambda h: h.day)[-1:]
    later = search.journal_within(conn, (span.end + one).isoformat(),
                                  (span.end + LATER_DAYS * one).isoformat(),
                                  exclude_ids=exclude_ids, watermark=watermark, limit=4)
    return found + [h for h in later if any(
        span.start <= s.start and s.end <= span.end
        for s in named_spans(h.text, date.fromisoformat(h.day)))][:2 - len(found)]


def days_after(span: Span) -> tuple[str, str]:
    """The `LATER_DAYS` days after `span` (ISO days): a line written then may tell of it."""
    return ((span.end + timedelta(days=1)).isoformat(),
            (span.end + timedelta(days=LATER_DAYS)).isoformat())


def told_of(span: Span, hits: Sequence[search.Hit], had: set[int]) -> list[search.Hit]:
    """Of `hits`, the exchanges found in the days after `span` (`days_after`), those that
    tell of a day within it by their own date ("watched the trilogy last night", said on 2 May,
    for "what did I watch on 1 May?"), not already in `had`."""
    return [h for h in hits if h.ref not in had and any(
        s.start <= span.end and span.start <= s.end
        for s in named_spans(h.text, date.fromisoformat(h.day)))]


def story_of(conn: sqlite3.Connection, span: Span, exclude_ids: Sequence[int],
             watermark: int | None) -> list[search.Hit]:
    """What tells the story of a stretch of a few days ("my best week, and what was I doing
    that week?", "worst week, why was it so bad?"): its saved review and the journal's first
    line within it (what began it)."""
    start, end = span.start.isoformat(), span.end.isoformat()
    lines = search.journal_within(conn, start, end, exclude_ids=exclude_ids,
                                  watermark=watermark, limit=STORY_LINES)
    return [*search.reviews_within(conn, start, end, limit=1),
            *sorted(lines, key=lambda h: h.day)[:1]]


STORY_LINES = 8   # a week's lines read to find its first
STILL_DAYS = 7    # "was I still ... then": the days before a day whose newest line held then
# "was I still banned from running then", "still off work then?": what held on a named day
STILL = re.compile(starting(r"sw") +
                   r"\b(?:was|were)\s+(?:i|we)\s+still\b|\bstill\b[^.?!;]*\bthen\b",
                   re.IGNORECASE)


def search_memories(conn: sqlite3.Connection, query: str, *, exclude_ids: Iterable[int],
                    watermark: int | None, session_id: int | None, context_from: int,
                    limit: int = SEARCH_LIMIT, memo: dict | None = None) -> list[search.Hit]:
    """Every kind of memory matching `query`, unranked. `memo` (one message's searches):
    the same search twice in one recall ("the week I hurt my leg and the week after" names
    the injury twice) is run once; each FTS5 pass walks every row holding its terms."""
    key = ("all", query, limit)
    if memo is not None and key in memo:
        return list(memo[key])
    hits = search.search_all(conn, query, exclude_ids=exclude_ids, watermark=watermark,
                             session_id=session_id, context_from=context_from, limit=limit)
    if memo is not None:
        memo[key] = tuple(hits)
    return hits


def _journal_hits(conn: sqlite3.Connection, query: str, search_kw: dict) -> list[search.Hit]:
    """`search.search_journal` with `search_kw`, run once per query in one recall."""
    memo = search_kw.get("memo")
    key = ("journal", query)
    if memo is not None and key in memo:
        return list(memo[key])
    hits = search.search_journal(conn, query, exclude_ids=search_kw["exclude_ids"],
                                 watermark=search_kw["watermark"], limit=SEARCH_LIMIT)
    if memo is not None:
        memo[key] = tuple(hits)
    return hits


def _event_hits(conn: sqlite3.Connection, query: str, words: list[str],
                also: dict[str, tuple[str, ...]], search_kw: dict,
                journal: Sequence[str] | None = None) -> list[search.Hit]:
    """The memories naming an event, best first. The journal alone is searched first (one
    small pass): a line holding every word of the event settles it; else every kind is.
    `journal` is every journal line's text, when the caller has read them."""
    def order(h: search.Hit) -> tuple:
        return (-covered_words(words, h.text, also), -h.score, h.day)

    # The journal pass costs as much as the search of every kind (bm25 counts each term's
    # rows in the whole index, years of chat included): it is skipped when no line of the
    # journal holds every word, as then none it could find would settle it.
    if journal is None or any(covered_words(words, t, also) >= len(words) for t in journal):
        lines = sorted(_journal_hits(conn, query, search_kw), key=order)
        if lines and covered_words(words, lines[0].text, also) >= len(words):
            return lines
    return sorted(search_memories(conn, query, **search_kw), key=order)


def event_anchors(conn: sqlite3.Connection, text: str, today: date, search_kw: dict,
                  known: dict[str, tuple[str, ...]] | None = None,
                  places: frozenset[str] = frozenset(),
                  journal: Sequence[str] | None = None,
                  periods: Sequence[Span] = ()) -> tuple[list[Span], list[search.Hit]]:
    """Spans anchored on the events `text` names, and the memories that date them (see the
    module docstring). `search_kw` are `search_memories`' keywords; `known` the names the
    user wrote by role (memory/names.py), so "the day the dog cut his paw" finds "Biscuit";
    `places` the places they wrote by name; `journal` every journal line's text (read by the
    caller already: it spares a search); `periods` the spans the message names by date, which
    say which time an event that happened more than once is meant ("when I was ill last week")."""
    spans: list[Span] = []
    anchors: list[search.Hit] = []
    # "what did you tell me after the race", "the review of race week": the event dates what
    # is asked for, its own line is not asked for
    other_kind = asked_kind(text) in (search.CHAT_KIND, search.REVIEW_KIND) and not asks_days(text)
    recent = _RECENT.search(text) is not None
    paired: list[tuple[events.EventPhrase, date, date]] = []  # ("between the flu and Lisbon")
    as_good: dict[events.EventPhrase, list[date]] = {}  # (the days of lines as good as its best)
    for phrase in events.event_phrases(text, places):
        words = phrase.words.split()
        also = names.aliases(words, known or {})
        query = terms_query(words, also)
        if query is None:
            continue
        hits = _event_hits(conn, query, words, also, search_kw, journal)
        if not hits or _local_place(phrase, hits, places):
            continue
        # "when I was poorly in November": of the times it happened, the one in that month
        # first (the lines after it that tell how long it lasted may run into the next)
        months = qualifying_months(text, [phrase])
        if months:
            hits = sorted(hits, key=lambda h: _month_of(h.day) not in months)
        elif (dating := _dating(text, periods)) and any(map(dating, hits)):
            # "while I was ill last week", "sick in late November": the time in that period,
            # told by a line of it that does not say it ended ("Cold cleared")
            hits = sorted(hits, key=lambda h: (not dating(h),
                                               events.closes(h.text, words) is not None))
        top = covered_words(words, hits[0].text, also)
        # A journal line about as good as the best match, or one naming the event's head word
        # ("cold" of "that stinking cold") as written.
        lines = [h for h in hits if h.kind == search.JOURNAL_KIND
                 and ((covered_words(words, h.text, also) >= ANCHOR_COVER * top
                       and h.score >= ANCHOR_SHARE * hits[0].score)
                      or covered_words(words[-1:], h.text) >= 1)]
        # A line that writes the event's dates ("the Riverside Half on 15 November") dates it
        # best, unless it holds fewer of the event's words ("the track session with priya":
        # not the line that only names Priya and the race date); else the best line, else the
        # best match of any kind.
        # (not for an act done on one day: "the day I entered the Riverside Half" is the day
        # of the line that tells of the entering, not the race day it writes)
        act = one_act(words)
        dated = [] if act else [h for h in lines
                                if covered_words(words, h.text, also) >= ANCHOR_COVER * top
                                and events.writes_dates(h.text, date.fromisoformat(h.day), words)]
        # (of two that write dates, the one that writes the most days: "Bergen, Wed 14 to Sun
        # 18 October", not "Home from Bergen: one treadmill session, on Wednesday the 14th")
        # (a stay named alone: a thing done in it is dated by the line that writes its day)
        if len(dated) > 1 and len(words) == 1:
            dated.sort(key=lambda h: _days_written(h, words), reverse=True)
        # (a saved review retells a whole week: the best line or exchange dates the event
        # before it, "the day the beagle got hurt" by the line of the cut paw, not the review
        # that names the dog beside the knee's flare)
        best = dated[0] if dated else lines[0] if lines else next(
            (h for h in hits if h.kind != search.REVIEW_KIND), hits[0])
        if recent and not dated and len(lines) > 1:  # "when I was poorly recently": of the
            # lines as good, the latest that does not say it ended
            best = max((h for h in lines if not events.closes(h.text, words)), default=best,
                       key=lambda h: h.day)
        if phrase.ended and not dated and len(lines) > 1:  # "since my knee settled": of the
            # times it happened, the latest a later line says ended (in the month named)
            best = max((h for h in lines if _said_ended(h, hits, words)
                        and (not months or _month_of(h.day) in months)),
                       default=best, key=lambda h: h.day)
        if phrase.time and not dated:  # "the second time my knee flared up": the first line
            # of that time (each of its words told, at least by a more general one; lines of a
            # time no more than two weeks apart; one saying it ended closes it)
            times = _times([h for h in hits if h.kind == search.JOURNAL_KIND
                            and covered_words(words, h.text, also)
                            >= len(words) - 1 + GENERAL_WEIGHT - 1e-9
                            and not events.closes(h.text, words)])
            best = times[phrase.time - 1] if len(times) >= phrase.time else best
        if phrase.relation == events.HOW_LONG and not dated:
            # "how long was the dog restricted": a line as good that says how long it lasted
            # ("short lead walks only for ten days") answers it
            lasting = [h for h in hits if h.kind == search.JOURNAL_KIND
                       and writes_duration(h.text)
                       and covered_words(words, h.text, also) >= ANCHOR_COVER * top]
            best = lasting[0] if lasting else best
        if phrase.onset and not dated:   # "the day my knee first flared": its earliest time
            best = min((h for h in (lines or hits)
                        if covered_words(words, h.text, also) >= covered_words(
                            words, best.text, also)), key=lambda h: h.day)
        day = date.fromisoformat(best.day)
        # The later lines that name it (its first word as written) or say it ended ("fever
        # gone", "the weather week ends") tell how long it lasted, unless they come after it
        # ("first parkrun after the illness"); the last of them anchors too.
        later = [] if dated or act else sorted(
            (h for h in hits if h.kind == search.JOURNAL_KIND and h is not best
             and 0 < (date.fromisoformat(h.day) - day).days <= events.EVENT_MAX_DAYS
             and (covered_words(words[:1], h.text) >= 1 or events.closes(h.text, words))
             and not events.follows(h.text, words)), key=lambda h: h.day)
        first, last = (day, day) if act else events.event_days(
            day, [date.fromisoformat(h.day) for h in later], best.text, words,
            [h.text for h in later], ending=phrase.end)
        # The line written on the day a one-day event happened tells how it went.
        on_the_day = [h for h in lines if h is not best and first == last
                      and h.day == first.isoformat()][:1]
        if phrase.relation in _PAIRED:
            paired.append((phrase, first, first if phrase.onset else last))  # (joined below:
            # one span between them; "between Biscuit cutting his paw and...": its day)
            # ("from my first 14k to the 18k": of the lines as good, one before the other)
            # ("between bergen and getting sick": of the journal's lines as good, however the
            # search weighed them, the first after it that does not say it ended)
            second = phrase.relation in (events.BETWEEN_SECOND, events.TO_SECOND)
            as_good[phrase] = [date.fromisoformat(h.day) for h in (
                [h for h in hits if h.kind == search.JOURNAL_KIND
                 and not events.closes(h.text, words)] if second else lines)
                if covered_words(words, h.text, also) >= covered_words(words, best.text, also)]
            anchors += [best]
            continue
        span = events.anchored_span(phrase, first, last, today)
        # ("away in frankfurt for work": "frankfurt" and "frankfurt work" are the same days)
        if span is not None and not any((s.start, s.end) == (span.start, span.end)
                                        for s in spans):
            spans.append(span)
        # The line of the day itself tells how it went; the line that dated it has done its job.
        # (a line that says how long the event lasts needs no line where it ended)
        if not (other_kind and phrase.relation not in KEEP_ANCHOR):
            anchors += on_the_day or [best, *later[-1:]][:1 if writes_duration(best.text) else 2]
    for one, two in zip(paired, paired[1:], strict=False):
        if (one[0].relation, two[0].relation) in ((events.BETWEEN_FIRST, events.BETWEEN_SECOND),
                                                  (events.FROM_FIRST, events.TO_SECOND)):
            span = events.span_between(one, two, today)
            earlier = [d for d in as_good.get(one[0], []) if d < two[1]]
            if span is None and one[1] >= two[1] and earlier:
                span = events.span_between((one[0], max(earlier), max(earlier)), two, today)
            # ("between lisbon and getting sick": of the times as good, the first after it)
            after_it = [d for d in as_good.get(two[0], []) if d > one[2]]
            # ("...and getting back to parkrun": the first after it, whichever came later)
            if after_it and (span is None and one[1] >= two[1] or two[0].onset):
                span = events.span_between(one, (two[0], min(after_it), min(after_it)), today)
            if span is not None:
                spans.append(span)
    return spans, anchors


def _dating(text: str, periods: Sequence[Span]) -> Callable[[search.Hit], bool] | None:
    """Whether a memory lies in a period of `periods` short enough to date an event (a line
    written up to three days before it tells of its start), unless the message sets periods
    side by side ("last week vs when I was ill": another time)."""
    short = [p for p in periods if 1 < p.days <= MAX_DATING_DAYS]
    if not short or _SIDE_BY_SIDE.search(text):
        return None

    def inside(hit: search.Hit) -> bool:
        try:
            day = date.fromisoformat(hit.day)
        except ValueError:
            return False
        return any(p.start - timedelta(days=3) <= day <= p.end for p in short)
    return inside


MAX_DATING_DAYS = 31  # (a month or less: "this year" dates nothing)
_SIDE_BY_SIDE = re.compile(starting(r"acdtv") +
                           r"\b(?:vs\.?|versus|compar\w*|against|than|differ\w*)\b",
                           re.IGNORECASE)


def _month_of(day: str) -> int:
    try:
        return date.fromisoformat(day).month
    except ValueError:
        return 0


def _days_written(line: search.Hit, words: list[str]) -> int:
    """How many days the dates `line` writes of the event `words` span."""
    first, last = events.event_days(date.fromisoformat(line.day), [], line.text, words)
    return (last - first).days + 1


TIME_GAP_DAYS = 14  # lines further apart than this tell of different times it happened


def _times(lines: Sequence[search.Hit]) -> list[search.Hit]:
    """The first line of each time `lines` tell of, oldest first: a line more than
    `TIME_GAP_DAYS` after the one before begins another time."""
    out: list[search.Hit] = []
    last: date | None = None
    for h in sorted(lines, key=lambda h: h.day):
        day = date.fromisoformat(h.day)
        if last is None or (day - last).days > TIME_GAP_DAYS:
            out.append(h)
        last = day
    return out


def _said_ended(line: search.Hit, hits: Sequence[search.Hit], words: list[str]) -> bool:
    """Whether a journal line of `hits` written after `line` (not by much: one event's time)
    says the event `line` tells of ended ("Left knee niggle came back", then "Knee settled")."""
    if events.closes(line.text, words):
        return False
    day = date.fromisoformat(line.day)
    return any(h.kind == search.JOURNAL_KIND and events.closes(h.text, words)
               and 0 < (date.fromisoformat(h.day) - day).days <= events.EVENT_MAX_DAYS
               for h in hits)


_PAIRED = (events.BETWEEN_FIRST, events.BETWEEN_SECOND, events.FROM_FIRST, events.TO_SECOND)


# "that bug recently", "the other week": of the times an event happened, the latest
_RECENT = re.compile(starting(r"lnrt") +
                     r"\b(?:recently|lately|the\s+other\s+(?:day|week)|not\s+long\s+ago)\b",
                     re.IGNORECASE)
LOCAL_DAYS = 60   # a place the journal names this far apart is one the user goes to often


def _local_place(phrase: events.EventPhrase, hits: Sequence[search.Hit],
                 places: frozenset[str]) -> bool:
    """Whether `phrase` is a place named with no relation ("was millbrook park flooded")
    that the journal names across months: a park or path the user goes to, not a trip whose
    days it could mean."""
    if phrase.relation != "during" or phrase.words not in places:
        return False
    written = [date.fromisoformat(h.day) for h in hits if h.kind == search.JOURNAL_KIND
               and covered_words([phrase.words], h.text) >= 1]
    return len(written) > 1 and (max(written) - min(written)).days > LOCAL_DAYS


def goal_change_lines(conn: sqlite3.Connection, span: Span, search_kw: dict) -> list[search.Hit]:
    """The journal lines that set the goal of `span` (a goal period: "while the 12k target was
    on") and that changed it again: those naming the goal, written the day before it began to
    its first day, and its last day to the day after."""
    one = timedelta(days=1)
    found: list[search.Hit] = []
    for lo, hi in ((span.start - one, span.start), (span.end, span.end + one)):
        found += [h for h in search.journal_within(
            conn, lo.isoformat(), hi.isoformat(), exclude_ids=search_kw["exclude_ids"],
            watermark=search_kw["watermark"], limit=4) if covered_words(["goal"], h.text) > 0]
    return found


def goals_changed(conn: sqlite3.Connection, spans: Sequence[Span], days: Sequence[Day],
                  search_kw: dict) -> list[search.Hit]:
    """"my best month, and what daily targets was I on through it?": the journal lines naming
    the goal written the day before or on each day of `spans` the goal changed."""
    one = timedelta(days=1)
    return [h for span in spans for day in goal_changes(days, span)
            for h in search.journal_within(
                conn, (day - one).isoformat(), day.isoformat(),
                exclude_ids=search_kw["exclude_ids"], watermark=search_kw["watermark"], limit=4)
            if covered_words(["goal"], h.text) > 0]


def best_said(conn: sqlite3.Connection, spans: Sequence[Span], text: str,
              session_id: int | None, context_from: int) -> list[search.Hit]:
    """"my worst week, and what did you say about it at the time?", "which week did you say was
    my best?": the exchange that named it ("worst", "week"), said from the period's start on
    (in it, once it was over, or when asked weeks later which was the best)."""
    query = terms_query(sorted(bests.best_words(text)))
    if query is None:
        return []
    then = AT_THE_TIME.search(text) is not None   # "at the time": the week's own review too,
    return [h for span in spans for h in [      # and what was said in it or just after
        *(search.reviews_within(conn, span.start.isoformat(), span.end.isoformat(), limit=1)
          if then else []),
        *search.chats_within(conn, query, span.start.isoformat(), (
            span.end + timedelta(days=AFTER_THE_TIME)).isoformat() if then else "9999-12-31",
            session_id=session_id, context_from=context_from, limit=1)]]


AT_THE_TIME = re.compile(starting(r"abt") +
                         r"\b(?:at\s+the\s+time|back\s+then|then\s+and\s+there)\b", re.IGNORECASE)
AFTER_THE_TIME = 7   # days after a period that "at the time" still means


SAID_DAYS = 2   # a named span this short: what the coach said in it is asked by its days


def said_within(conn: sqlite3.Connection, spans: Sequence[Span], words: Sequence[str],
                session_id: int | None, context_from: int, after: int = 0,
                days_asked: bool = False, most_days: int = SAID_DAYS) -> list[search.Hit]:
    """"what did you tell me the night before the half?": the message asks what the coach
    said on the days it names and has no word of its own to search for (the event's words
    named the days): the exchange of each such span (at most `SAID_DAYS` days) that holds
    the event's `words`, said in it or up to `after` days after it. With no words and
    `days_asked` ("what did you tell me on 12/11?": the message wrote the day and nothing else
    to look for), the span's first exchange; with words none of its exchanges holds and
    `days_asked` ("what did you say when I got back from Germany?", told as "back from
    germany" where the event's line says Frankfurt), the same."""
    query = terms_query(sorted(set(words)))
    out: list[search.Hit] = []
    for span in spans:
        if span.days > most_days:
            continue
        start, end = span.start.isoformat(), (span.end + timedelta(days=after)).isoformat()
        found = search.chats_within(conn, query, start, end, session_id=session_id,
                                    context_from=context_from, limit=1) if query else []
        if not found and days_asked:
            found = search.exchanges_within(conn, start, end, session_id=session_id,
                                            context_from=context_from, limit=1)
        out += found
    return out


# "what did you advise before I flew out?": what was said in the days before a stay began
BEFORE_I_LEFT = re.compile(starting(r"b") +
                           r"\bbefore\s+(?:i|we)\s+(?:flew\s+out|left|set\s+off|went\s+away"
                           r"|headed\s+off|flew|went)\b", re.IGNORECASE)
LEFT_DAYS = 7   # the days before a stay whose exchanges may tell of it
HOME_DAYS = 7   # the days after a stay ended whose exchanges may tell of coming home


def said_before(conn: sqlite3.Connection, spans: Sequence[Span], words: Sequence[str],
                session_id: int | None, context_from: int) -> list[search.Hit]:
    """"...Frankfurt: what did you advise before I flew out?": of each stay (a span longer
    than a day), the exchange of the `LEFT_DAYS` before it that holds the event's `words`."""
    query = terms_query(sorted(set(words)))
    if query is None:
        return []
    return [h for span in spans if span.days > 1 for h in search.chats_within(
        conn, query, (span.start - timedelta(days=LEFT_DAYS)).isoformat(),
        (span.start - timedelta(days=1)).isoformat(), session_id=session_id,
        context_from=context_from, limit=1)]


# "...and what did you say when I told you", "what did u say after i told you about it": the
# reply to the message that told the coach of the day, sent that day or soon after.
TOLD_YOU = re.compile(starting(r"w") +
                      r"\bwhat\s+did\s+you\s+(?:say|reply|tell\s+me|reckon|think)\b[^.?!;]*?"
                      r"\b(?:when|after|once)\s+i\s+(?:told|texted|messaged|mentioned\s+it\s+to"
                      r"|said\s+it\s+to)\s+you\b", re.IGNORECASE)
TOLD_DAYS = 2   # a day's news told the coach this many days after it still tells of it
