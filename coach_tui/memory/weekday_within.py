"""A weekday named inside a period the message names: "two weekends ago, the Saturday and the
Sunday", "in Frankfurt on the Wednesday", "the week I had flu, and the Monday of it". "The
Wednesday" is then that period's Wednesday, not the most recent one (memory/daywords.py reads
a weekday alone as the most recent). So is a weekday written bare beside an event the message
names: "lisbon saturday", "what did I do on Saturday in Lisbon". Pure: the message, its spans,
its events' words and today in, spans out."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, timedelta
from itertools import pairwise

from coach_tui.memory.datewords import MON_TO_SUN, WEEKDAYS, weekday_index
from coach_tui.memory.spans import Span
from coach_tui.text import starting

# "the saturday", "on the wednesday", "the monday of it", "that saturday and sunday", "that big
# saturday in lisbon": a weekday (or two) with "the" or "that" (and a word) before it and no
# relation after it ("the sunday before the race", "the monday 2 weeks ago" are read
# elsewhere); "last", "this", "next" before it name their own weeks.
_WD = "|".join(WEEKDAYS)
_NOT_AFTER = (r"(?!\s+(?:before|after|following|\d|(?:one|two|three|four|five|six)\s+weeks?|"
              r"last|next))")
_THE_WEEKDAY = re.compile(starting(r"t") +
                          rf"(?<!\blast\s)(?<!\bthis\s)(?<!\bnext\s)(?<!\bevery\s)\b(?:the|that)\s+"
                          rf"(?:(?!last\b|next\b|first\b|previous\b|following\b|same\b)[a-z]+\s+)?"
                          rf"({_WD})\b{_NOT_AFTER}(?:\s+and\s+(?:the\s+)?({_WD})\b{_NOT_AFTER})?",
                          re.IGNORECASE)
MAX_PERIOD_DAYS = 14    # a week, a trip, an illness: one of each weekday, or two
# A weekday with no "the" ("on Saturday", "lisbon saturday"), no word naming its own week and
# not the first of a range ("monday to friday": read as a stretch elsewhere)
# ("Wed in Frankfurt": cut short beside an event; "sat" and "sun" are words too)
_SHORT = r"mon|tues?|weds?|thu|thur|thurs|fri"
_BARE = (rf"(?<!\blast\s)(?<!\bthis\s)(?<!\bnext\s)(?<!\bevery\s)(?<!\bthe\s)(?<!\bthat\s)"
         rf"\b({_WD}|{_SHORT})\b{_NOT_AFTER}(?!\s*(?:-|–|to|through|thru|till|until)\s*(?:{_WD})\b)")
_A_WEEKDAY = re.compile(starting(r"fmstw") +
                        rf"\b(?:{_WD}|{_SHORT})\b", re.IGNORECASE)
# (a day of a date, "Sunday the 1st", is the date's; "Monday to Sunday" a stretch, either end)
# ("Mon-Sun", "mon to sun": a stretch, its end cut short)
_ANY_BARE = re.compile(starting(r"fmstw") +
                       _BARE + r"(?!,?\s+(?:the\s+)?\d)"
                       rf"(?!\s*(?:-|–|to|through|thru|till|until)\s*(?:{_SHORT}|sat|sun)\b)",
                       re.IGNORECASE)
WEEKEND_DAYS = 3  # a weekend, a long one: the periods a bare weekday is read in
_COMPARED = re.compile(starting(r"abctv") +
                       r"\b(?:than|vs|versus|compared?|comparing|against|beat|beside)\b",
                       re.IGNORECASE)
# ("since Saturday": from the most recent one)
_RANGE_END = re.compile(starting(r"stu\-\–") +
                        r"\b(?:to|through|thru|till|until|since)\s+$|[-–]\s*$", re.IGNORECASE)
# ("saturday and sunday in lisbon": both)
_AND_BARE = rf"(?:\s*(?:,|and|&|,\s*and)\s+(?:on\s+)?{_BARE})?"
# What ties a weekday to the event after it: "Saturday in Lisbon", "Sunday of my flu",
# "saturday like on the lisbon trip" (two words at most between each)
_TIE = (r"(?:\s+[a-z]+){0,2}?\s+(?:in|at|during|of|on|over|while\s+in|while\s+at)\s+"
        r"(?:(?:the|my|our|that|this)\s+)?(?:[a-z]+\s+){0,2}?")


# The three ways a bare weekday sits beside an event, compiled once: the event's place is held
# by a mark put into the message where one of its events' words starts (`_AFTER_EVENT`,
# `_THE_BEFORE_EVENT`), or the words are matched first and the rest after them
# (`_BEFORE_REST`). (Compiled with the event's words in them, the first two took ~2.5 ms of
# every message that names an event and a weekday, more than the rest of recall's work.)
_MARK = "\x00"  # (no message holds it: `_beside_events` drops it from the text first)
_BEFORE_REST = re.compile(starting(r"\'\,\:\s") +
                          rf"(?:'s)?\s*[,:]?\s+(?:on\s+)?{_BARE}{_AND_BARE}", re.IGNORECASE)
_AFTER_EVENT = re.compile(starting(r"fmstw") +
                          rf"{_BARE}{_AND_BARE}{_TIE}{_MARK}", re.IGNORECASE)
# ("The Saturday in Lisbon, the day of the castle": the stay's Saturday, with "the")
_THE_BEFORE_EVENT = re.compile(starting(r"t") +
                               rf"\bthe\s+({_WD})\s+(?:in|at)\s+(?:the\s+)?{_MARK}",
                               re.IGNORECASE)


def _beside_events(text: str, events: Sequence[str]) -> list[str]:
    """The weekdays `text` writes bare right beside one of `events` (their words, as the
    message writes them): "lisbon saturday", "Lisbon, Saturday and Sunday", "frankfurt on
    wednesday", "Saturday in Lisbon" ("the sunday of my flu" is `_THE_WEEKDAY`'s)."""
    words = [w for w in dict.fromkeys(events) if w.strip()]
    if not words or not _A_WEEKDAY.search(text):
        return []
    text = text.replace(_MARK, "")
    # (each word's every place, overlapping ones too, and where it ends: group 1)
    each = [re.compile(rf"(?=(\b{re.escape(w)}\b))", re.IGNORECASE) for w in words]
    starts = sorted({m.start() for word in each for m in word.finditer(text)})
    if not starts:
        return []
    found: list[str] = []
    # the event, then the weekday: at each place an event starts (left to right, none inside
    # the last one found), its words in order, the first that a weekday follows
    last = 0
    for at in starts:
        if at < last:
            continue
        for word in each:
            if (m := word.match(text, at)) and (rest := _BEFORE_REST.match(text, m.end(1))):
                found += [wd for wd in rest.groups() if wd]
                last = rest.end()
                break
    marked = _MARK.join(text[i:j] for i, j in pairwise([0, *starts, len(text)]))
    return found + [wd for pattern in (_AFTER_EVENT, _THE_BEFORE_EVENT)
                    for m in pattern.finditer(marked) for wd in m.groups() if wd]


def holds_named_weekday(text: str, span: Span) -> bool:
    """Whether `span`, a period of a week or two or shorter, holds a weekday `text` names with
    "the" or bare ("Under the weather last weekend. Steps on the Saturday and the Sunday?",
    "Two weekends ago I was very active. How many steps on Saturday and Sunday?": the
    question's days are the weekend's)."""
    named = {*_with_the(text), *(_bare(text) if span.days <= WEEKEND_DAYS else ())}
    return bool(named) and span.summary and span.days <= MAX_PERIOD_DAYS and any(
        (span.start + timedelta(days=i)).weekday() in named for i in range(span.days))


def _with_the(text: str) -> list[int]:
    """The weekdays (0 = Monday) `text` names with "the" or "that"; not a week's bounds
    ("last week, from the Monday to the Sunday": the whole week)."""
    text = _WEEK_BOUNDS.sub(" ", text)
    return [WEEKDAYS.index(wd.lower()) for m in _THE_WEEKDAY.finditer(text)
            for wd in m.groups() if wd]


_WEEK_BOUNDS = re.compile(starting(r"fmt") + r"\b" + MON_TO_SUN, re.IGNORECASE)


def _bare(text: str) -> list[int]:
    """The weekdays (0 = Monday) `text` names bare ("on Saturday and Sunday", "Tues"): read
    in the one weekend the message names that holds them ("two weekends ago, Saturday and
    Sunday"), unless the message sets a day beside a period ("Was Sunday higher than the
    weekend before?": the most recent Sunday)."""
    if _COMPARED.search(text):
        return []
    return [weekday_index(m[1]) for m in _ANY_BARE.finditer(text)
            if not _RANGE_END.search(text, 0, m.start())]


def weekdays_within(text: str, spans: list[Span], today: date,
                    events: Sequence[str] = (), asked: str | None = None) -> list[Span]:
    """`spans` with each weekday the message names with "the", or bare beside one of the
    `events` it names (their words), or bare in a question (`asked`: the message's questions
    when a remark stands beside them; read in a weekend alone), moved into the one period of
    `spans` (a week or two, or shorter) that holds it: the most recent such weekday is taken
    out and that period's own is added when the period lists no days of its own (longer than
    three days: a weekend's days are listed with it), in the period's place unless the message
    asks for the whole period too ("the trip's total, and the Wednesday")."""
    beside = [weekday_index(wd) for wd in _beside_events(text, events)]
    with_the = _with_the(text)
    bare = _bare(text if asked is None else asked)
    # (a bare weekday is read so only where asked about: "Two weekends ago I was very active.
    # Steps on Saturday and Sunday?"; not in a remark, "Slow Saturday morning, coffee in
    # hand...", `asked` being the message's questions when a remark stands beside them)
    named = [*with_the, *beside, *bare]
    periods = [s for s in spans if s.summary and s.days <= MAX_PERIOD_DAYS]
    if not named or not periods:
        return spans
    out = list(spans)
    for weekday in dict.fromkeys(named):
        # the one period that holds the weekday once ("this week so far" beside "two
        # weekends ago" holds no Saturday), or the periods that hold the same one
        holding = [(p, [p.start + timedelta(days=i) for i in range(p.days)
                        if (p.start + timedelta(days=i)).weekday() == weekday]) for p in periods]
        holding = [(p, days) for p, days in holding if len(days) == 1 and (
            p.days <= WEEKEND_DAYS or weekday in with_the or weekday in beside)]
        # ("the Friday of the storm week": the storm's days and its week hold the same one)
        if not holding or len({days[0] for _, days in holding}) != 1:
            continue
        period, days = min(holding, key=lambda held: held[0].days)
        latest = today - timedelta(days=(today.weekday() - weekday) % 7 or 7)
        out = [s for s in out if s.summary or s.start != latest or period.start <= latest
               <= period.end]
        day = days[0]
        already = any(not s.summary and s.start == day for s in out)
        # ("saturday in lisbon, the castle day": the day beside the stay, named another way
        # too; "race week, and the Sunday": race day named too, the week still asked for)
        # (a period of three days or fewer lists its days: it stays when every one is named,
        # "the Saturday and Sunday of that weekend"; "the Saturday of my cold" is that day)
        # (a weekend keeps its two days: "two weekends ago, and that long sunday walk")
        whole = period.days <= 2 or period.days == 3 and {
            (period.start + timedelta(days=i)).weekday() for i in range(3)} <= set(named)
        if not whole and (not already or weekday in beside):
            if not already:
                out.append(Span(day.isoformat(), day, day, False))
            if not _WHOLE.search(text):     # the period only places the day asked about
                out = [s for s in out if all(s is not p for p, _ in holding)]
    return out


# What asks for the whole period as well: "the total for the trip, and the Wednesday?"
_WHOLE = re.compile(starting(r"aceoptvw") +
                    r"\b(?:totals?|overall|all\s+told|all\s+in|altogether|whole|average|avg"
                    r"|each\s+day|every\s+day|compare\w*|vs|versus|per\s+day|a\s+day)\b",
                    re.IGNORECASE)
