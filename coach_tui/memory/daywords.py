"""Day words: the days and ranges a message names, read relative to today.

Calendar dates ("Nov 13", "13/11", "the 13th", "Tuesday the 13th", "the week of the 10th",
"early October") are read by memory/datewords.py first, and the words they used are not read
again here. Then: a bare weekday ("Tuesday") is the most recent one on or before today; "last
Tuesday" is the most recent one before today; "Tuesday last week" (or "of last week") is that
day of the previous ISO week, not the whole week, and so is each weekday of a list that ends so
("Monday and Tuesday last week"); "next Tuesday" is skipped; "yesterday" and "the
day before yesterday" are what they say; an ISO date ("2026-11-24") is that day; "N days ago"
and "N weeks ago" are that day; "this week" is the ISO week so far, "last week" the whole
previous ISO week, "the week N weeks ago" and "the week before last" whole ISO weeks further
back; "a fortnight ago", "two Saturdays ago" and "this time last month" are days, "the
Sunday before last" the one a week before "last Sunday";
"last weekend" is the Saturday and Sunday of the previous ISO week, "two weekends ago"
the one before; "last 5 days" and "past 3 weeks" (digits, or a number word) end yesterday;
"this month" and "last month" are calendar months, "N months ago" one further back; a month
name is the most recent such month (this one if it is the current month), or the one in the
year written after it ("May 2026"); "the week before" (after a week) is the week before last,
and "the month before" (or "the one before") after "last month" the month before that.
"May" is only a month when capitalised and used like a date ("in May", "May 3", "May 2026"),
because "may" is also a verb. "since" before a date makes a span from it to yesterday. Future
days are dropped and a span ends yesterday at the latest: today is the live line's job.

Pure: the same text, today and date order give the same spans, in a fixed order.
"""

from __future__ import annotations

import calendar
import functools
import re
from collections.abc import Iterable
from datetime import date, timedelta

from coach_tui.memory.before_that import next_to, said_of_that
from coach_tui.memory.datewords import MON_TO_SUN, MONTHS, WEEKDAYS, calendar_spans, week_of
from coach_tui.memory.month_weekends import month_weekends
from coach_tui.memory.spans import Span
from coach_tui.text import starting

__all__ = ["MONTHS", "WEEKDAYS", "Span", "named_spans"]

NUMBER_WORDS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                 "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
                 "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
                 "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "a couple of": 2,
                 "couple of": 2, "a couple": 2}     # ("a couple weeks back")
_COUNT = r"(\d{1,2}|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
# "3 months ago", "two months ago": that month
_MONTHS_AGO = re.compile(starting("".join(sorted({w[0] for w in NUMBER_WORDS})) + r"\d")
                         + r"\b" + _COUNT + r"\s+months?\s+ago\b")
# "the week 3 weeks back", "two saturdays back", "two weeks before today", "three weeks before
# this one": after a count of days it is "ago" (padded to the same length, so the places of the
# other words do not move).
_BACK = re.compile(starting(r"acefnost\d") +
                   r"\b(" + _COUNT + r"\s+(?:days?|weeks?|weekends?|(?:calendar\s+)?months?"
                   r"|fortnights?|" + "|".join(f"{d}s" for d in WEEKDAYS)
                   + r")\s+)(back|before\s+(?:today|now|this\s+(?:one|week)))\b", re.IGNORECASE)

_DAYS_BEFORE_TODAY = re.compile(starting(r"t") +
                                r"\bthe\s+" + _COUNT + r"\s+(?:full\s+|whole\s+|complete\s+)?days"
                                r"\s+(?:before|prior\s+to|up\s+to)\s+today\b", re.IGNORECASE)

# A month as people shorten it ("sept vs oct"): the three-letter form, and "sept". "mar" (a
# verb) and "may" are read only next to a day or a year.
_MONTH_SHORT = {m[:3]: m for m in MONTHS} | {"sept": "september"}


# "the week before" standing alone ("last week vs the week before?"), not "the week before I
# got the flu" (an event: memory/events.py; "...with the week before for me", "too").
_ALONE = (r"(?=\s*(?:[?.!,;:)]|$|\s(?:and|or|vs|versus|compared|then|too|as\s+well|please|pls"
          r"|for\s+(?:me|us|comparison)\b)\b))")


_WEEK_BEFORE_ALONE = re.compile(starting(r"t") +
                                r"\b(?:the\s+week\s+before|the\s+previous\s+week)" + _ALONE)


# "the one before" with no event after it ("the one before the race" is an event's)
_NO_EVENT = r"(?!\s+(?:the|my|our|a|an|i|we|that|this|his|her|it|last|then)\b)"


# "sundays run", "saturdays parkrun": Sunday's, the apostrophe left out (a word follows that is
# no verb or joint of the sentence: "sundays are my long days", "on sundays i rest" are habits).
_OWNING = re.compile(starting(r"\s") +
                     r"\s+(?!(?:i|we|you|the|my|a|are|were|is|was|and|or|vs|versus|compared"
                     r"|usually|ago|back|before|after)\b)[a-z]")
_HABIT = re.compile(starting(r"aemnostu") +
                    r"\b(?:every|all|most|some|other|usual|typical|normal)\s+$")
# "it was a friday", "on a monday", "on which saturday did I set it": no day named
_A_WEEKDAY = re.compile(starting(r"aw") +
                        r"\b(?:a|an|any|which|what)\s+$")
# "my first Saturday 5k back", "my usual Sunday long run": a kind of run, no day named
_KIND_OF_RUN_BEFORE = re.compile(starting(r"fnrtuw") +
                                 r"\b(?:first|usual|regular|weekly|normal|typical)\s+$")
_KIND_OF_RUN_AFTER = re.compile(starting(r"\s") +
                                r"\s+(?:morning\s+)?(?:5k|parkrun|run|long\s+run|jog|10k)\b")
# "the Saturday and the Sunday" beside a weekend named: its days, none of their own
_WEEKEND_DAYS = re.compile(starting(r"t") +
                           r"\bthe\s+(?:saturday\s+and\s+(?:the\s+)?sunday|sunday\s+and\s+"
                           r"(?:the\s+)?saturday)\b")
_YESTERDAY = re.compile(starting(r"y") +
                        r"\byesterday\b")  # ("yesterday vs the same day last week")
# "two months ago the day, how many steps?": the same day then ("the day" alone, not "the day
# I hurt my knee")
_DAY_ALONE = r"\b" + _ALONE
# "my weekly total 5 weeks ago", "that week's average 3 weeks ago": "N weeks ago" is the week.
_ASKS_WEEK = re.compile(starting(r"bfhmtw") +
                        r"\b(?:weekly|week'?s\s+(?:total|steps|average|avg)"
                        r"|week\s+(?:total|average|avg)|(?:whole|full)\s+(?:mon(?:day)?-sun(?:day)?\s+)?week"
                        r"|(?:my|the|that)\s+week\s+(?:look(?:ed)?\s+)?like"   # "what was my week
                        # like 6 wks back", "what did my week look like five weeks ago?"
                        # "3 wks ago how was that week", "2 weeks ago, steps that week?"
                        r"|how\s+was\s+(?:that|the|my)\s+week|that\s+week(?!\s+before)"
                        # "3 weeks ago vs 6 weeks ago, how did those weeks compare"
                        r"|(?:those|these|the\s+two|both)\s+weeks)\b")

# "my step total 3 weeks ago", "4 weeks ago vs last week": a total, or weeks set side by side,
# ask for the week N weeks back; "exactly 4 weeks ago", "this time 3 weeks ago", "3 weeks ago
# today" still name the day
_TOTAL_OR_WEEKS = re.compile(starting(r"aclptv") +
                             r"\btotal(?:l?ed)?\b|\b(?:vs\.?|versus|against|compared\s+(?:with|to))"
                             r"\s+(?:(?:last|this|past|previous)\s+week|the\s+week\s+before)\b"
                             r"|\b(?:last|this|past|previous)\s+week\s+(?:vs\.?|versus|against"
                             r"|compared\s+(?:with|to))\b")
_A_DAY_AGO = re.compile(starting(r"epstw") +
                        r"\b(?:exactly|precisely|this\s+time|same\s+(?:day|date))\s+"
                        r"(?:[\w-]+\s+){0,2}?weeks?\s+ago\b|\bweeks?\s+ago\s+today\b")

_NEXT_TO = re.compile(starting(r"t") +
                      r"\bthe\s+day\s+(after|before)(?:\s+that(?:\s+one)?|\s+it)?"
                      r"(?=\s*(?:[,?.!;]|$))")


_TOLD = re.compile(starting(r"arst") +
                   r"\b(?:said|say|told|tell|suggested|advised|recommended)(?:\s+(?:me|us))?\s+$")


def _count(word: str) -> int:
    return int(word) if word.isdigit() else NUMBER_WORDS[word]


# "the week before 16 November", "the day after Nov 3": a stretch beside a date written after it
# ("two days after the 15th": that day; "the three days after 15 Nov": those days; "the eve of
# the 15th": the day before; "week ending 8th November": the seven days to it)
_NEAR_DATE = re.compile(starting(r"acefnostw\d") +
                        r"(?:\bthe\s+(day|week|weekend|fortnight)\s+(before|after)"
                        r"|(?P<the>\bthe\s+)?\b(?P<n>\d{1,2}|"
                        + "|".join(w for w in NUMBER_WORDS if w != "a")
                        + r")\s+days\s+(?P<side>before|after)"
                        r"|\bthe\s+(?P<eve>eve)\s+of|\b(?P<ending>week\s+ending))\s+"
                        r"(?:(?:on|of)\s+)?(?:the\s+)?$", re.IGNORECASE)


def _beside(day: date, unit: str, side: str) -> Span:
    """The `unit` just `side` (before or after) `day`: the day, the 7 or 14 days, or the
    Saturday and Sunday."""
    one = timedelta(days=1)
    if unit == "weekend":
        sat = day - timedelta(days=(day.weekday() - 5) % 7 or 7) if side == "before" \
            else day + timedelta(days=(5 - day.weekday()) % 7 or 7)
        return Span(f"the weekend {side} {day.isoformat()}", sat, sat + one, True)
    n = {"day": 1, "week": 7, "fortnight": 14}[unit]
    start, end = (day - n * one, day - one) if side == "before" else (day + one, day + n * one)
    if n == 1:
        return Span(start.isoformat(), start, start, False)
    return Span(f"the {unit} {side} {day.isoformat()}", start, end, True)


def _near(day: date, near: re.Match) -> Span:
    """The days `near` (a `_NEAR_DATE` match) names beside `day`."""
    one = timedelta(days=1)
    if near["eve"]:
        return Span((day - one).isoformat(), day - one, day - one, False)
    if near["ending"]:
        return Span(f"the week ending {day.isoformat()}", day - 6 * one, day, True)
    if near["n"]:
        n, before = _count(near["n"].lower()), near["side"].lower() == "before"
        if not near["the"]:  # "two days after the 15th": that day
            d = day - n * one if before else day + n * one
            return Span(d.isoformat(), d, d, False)
        start, end = (day - n * one, day - one) if before else (day + one, day + n * one)
        return Span(f"the {n} days {near['side'].lower()} {day.isoformat()}", start, end, True)
    return _beside(day, near[1].lower(), near[2].lower())


_SAME_DAYS = re.compile(starting(r"t") +
                        r"\bthe\s+same\s+(?:[\w-]+\s+){0,2}?(?:days|dates|stretch|period)"
                        r"\s+(?:of|in)\s+$", re.IGNORECASE)


def _same_days(before: Span, month: Span, today: date) -> Span | None:
    """The days of `month` (a whole month named) numbered as `before`'s (a stretch inside one
    month): "the first ten days of September ... the same days of October"."""
    if before.start.month != before.end.month or month.start.day != 1 or month.days < 28:
        return None
    last = calendar.monthrange(month.start.year, month.start.month)[1]
    if before.end.day > last:
        return None
    start, end = month.start.replace(day=before.start.day), month.start.replace(day=before.end.day)
    if start >= today:
        return None
    end = min(end, today - timedelta(days=1))
    return Span(f"{start.isoformat()} to {end.isoformat()}", start, end, True)


_TO_NOW = re.compile(starting(r"tu\s") +
                     r"\s*(?:through\s+to|through|thru|to|until|till|up\s+(?:to|until))\s+"
                     r"(?:now|today|yesterday|date|the\s+present)\b", re.I)
_WEEK_BOUNDS = re.compile(starting(r"w") +
                          r"(\bweek\b|\bweeks?\s+ago\b)[,:]?\s+\(?(?:(?:that\s+)?(?:runs?|ran"
                          r"|running|going)\s+)?" + MON_TO_SUN + r"\)?", re.I)  # ("4 wks ago
# (mon-sun)")


def named_spans(text: str, today: date, date_order: str = "DMY") -> list[Span]:
    """The days and ranges `text` names, clipped to before today, in a fixed order."""
    # (one recall reads the same message, and the same clause, more than once)
    return list(_named_spans(text, today, date_order))


@functools.lru_cache(maxsize=256)
def _named_spans(text: str, today: date, date_order: str) -> tuple[Span, ...]:
    """`named_spans`, cached."""
    # ("the seven full days before today": the last seven days, not the day seven days ago)
    text = _DAYS_BEFORE_TODAY.sub(lambda m: f"the last {m[1]} days".ljust(len(m[0])), text)
    text = _BACK.sub(lambda m: m.group(1) + "ago".ljust(len(m.group(3))), text)
    text = _NTH_PART.sub(lambda m: _NTH_WORD[m[1].lower()] + m[2], text)  # "the 1st half of nov"
    # "last week but one": the week before last; "the weekend 2 weeks ago": 2 weekends ago
    text = _BUT_ONE.sub(lambda m: f"the {m[1]} before last".ljust(len(m[0])), text)
    # ("the month before the last one": the month before last)
    text = _BEFORE_THE_LAST_ONE.sub(lambda m: f"{m[1]} before last".ljust(len(m[0])), text)
    text = _WEEKEND_WEEKS_AGO.sub(lambda m: f"{m[1]} weekends {m[2]}".ljust(len(m[0])), text)
    # "that whole week Monday to Sunday": the week's bounds, no days of their own
    bounded = any(m[1].lower().endswith("ago") for m in _WEEK_BOUNDS.finditer(text))
    text = _WEEK_BOUNDS.sub(lambda m: m[1] + " " * (len(m[0]) - len(m[1])), text)
    spans: list[Span] = []
    yesterday = today - timedelta(days=1)
    masked = list(text)
    weekends = month_weekends(text, today)      # "the first w/e of Nov": not the month too
    for start, end, span in [*weekends, *calendar_spans(text, today, date_order)]:
        if span not in [w[2] for w in weekends] and any(a <= start < b for a, b, _ in weekends):
            continue
        if re.search(r"\bsince\s+(?:the\s+)?$", text[:start], re.IGNORECASE):
            span = Span(f"since {span.start.isoformat()}", span.start, yesterday, True)
        elif span.start == span.end and (to_now := _TO_NOW.match(text, end)) \
                and re.search(r"\bfrom\s+(?:the\s+)?$", text[:start], re.IGNORECASE):
            # "from the 7th until yesterday", "from the 14th through to now": to yesterday
            span, end = Span(f"since {span.start.isoformat()}", span.start, yesterday,
                             True), to_now.end()
        elif span.start == span.end and (near := _NEAR_DATE.search(text, 0, start)):
            # "the week before 16 November": the days beside the date, not the date
            span, start = _near(span.start, near), near.start()
        spans.append(span)
        masked[start:end] = " " * (end - start)
    rest = "".join(masked)
    low = rest.lower()
    # "week of 12th October, ... and the week before?": the week before the one week a date
    # named, not the week before last
    if len(spans) == 1 and spans[0].days == 7:
        for m in _WEEK_BEFORE_ALONE.finditer(low):
            blank = " " * (m.end() - m.start())
            rest = rest[:m.start()] + blank + rest[m.end():]
            low = low[:m.start()] + blank + low[m.end():]
            first = spans[0].start - timedelta(days=7)
            spans.append(Span(f"the week of {first.isoformat()}", first,
                              first + timedelta(days=6), True))
    # "and the Monday before it": next to the day named, not the most recent Monday
    asks_week = _ASKS_WEEK.search(low) is not None or (  # (before "that whole week" is blanked)
        _TOTAL_OR_WEEKS.search(low) is not None and _A_DAY_AGO.search(low) is None) or (
        bounded)  # ("3 weeks ago, Monday to Sunday": that week)
    said_of = [m for m in said_of_that(low) if not _TOLD.search(low, 0, m.start())]
    for m in said_of:
        blank = " " * (m.end() - m.start())
        rest = rest[:m.start()] + blank + rest[m.end():]
        low = low[:m.start()] + blank + low[m.end():]

    if re.search(r"\bday before yesterday\b", low):
        d = today - timedelta(days=2)
        spans.append(Span(d.isoformat(), d, d, False))
    # "yesterdays steps"; "last night" is yesterday's evening
    if re.search(r"(?<!before )\byesterday(?:'?s)?\b|\blast\s+night(?:'?s)?\b", low):
        spans.append(Span(yesterday.isoformat(), yesterday, yesterday, False))
    # "the monday 2 weeks ago", "3 weeks ago on the friday": that weekday of the ISO week N
    # weeks back (not the day N weeks ago, nor the most recent Monday as well).
    for m in list(re.finditer(r"\b(" + "|".join(WEEKDAYS) + r")\s+(?:of\s+the\s+week\s+)?"
                              + _COUNT + r"\s+weeks?\s+ago\b|\b" + _COUNT + r"\s+weeks?\s+ago"
                              r",?\s+(?:on\s+)?(?:the\s+)?(" + "|".join(WEEKDAYS) + r")\b", low)):
        weekday, count = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        monday = today - timedelta(days=today.weekday() + 7 * _count(count))
        d = monday + timedelta(days=WEEKDAYS.index(weekday))
        spans.append(Span(d.isoformat(), d, d, False))
        low = low[:m.start()] + " " * (m.end() - m.start()) + low[m.end():]
    # "a few days back when I was under the weather": the days two to five before today, to
    # date what it names ("a few days ago" alone pins no day)
    for _ in re.finditer(r"\b(?:a\s+)?few\s+days\s+(?:ago|back),?\s+(?:when|while)\b", low):
        spans.append(Span("a few days ago", today - timedelta(days=5),
                          today - timedelta(days=2), True))
    for m in re.finditer(r"\b" + _COUNT + r"\s+(days?|weeks?)\s+ago\b", low):
        # "3 weeks ago" is a day, as "3 days ago" is ("the week 3 weeks ago" is read below).
        if re.search(r"\bweek\s+(?:of\s+)?$", low[:m.start()]) or (
                m.group(2).startswith("week") and asks_week):
            continue
        n = _count(m.group(1)) * (7 if m.group(2).startswith("week") else 1)
        d = today - timedelta(days=n)
        spans.append(Span(d.isoformat(), d, d, False))

    for _ in re.finditer(r"\b(?:a\s+|one\s+)?fortnight\s+ago\b", low):
        d = today - timedelta(days=14)
        spans.append(Span(d.isoformat(), d, d, False))
    # "two Saturdays ago": the second most recent Saturday before today.
    for m in re.finditer(r"\b" + _COUNT + r"\s+(" + "|".join(WEEKDAYS) + r")s\s+ago\b", low):
        back = (today.weekday() - WEEKDAYS.index(m.group(2))) % 7 or 7
        d = today - timedelta(days=back + 7 * (_count(m.group(1)) - 1))
        spans.append(Span(d.isoformat(), d, d, False))
    # "this time last week/month", "a month ago today": the same day then.
    for m in list(re.finditer(r"\b(?:this|(?:the\s+)?same)\s+(?:time|day|date)\s+last"
                              r"\s+(week|month)\b"
                              # ("exactly a month ago")
                              r"|(?:\bexactly\s+(?:a|one)|\b(?:a|one)(?=\s+(?:week|month)\s+ago"
                              r"\s+(?:today\b|the\s+day" + _DAY_ALONE + r")))\s+(week|month)"
                              r"\s+ago\b"
                              r"(?:\s+today\b|\s+the\s+day" + _DAY_ALONE + r")?"
                              # "this day two months ago", "the same date 3 weeks ago"
                              r"|\b(?:this|(?:the\s+)?same)\s+(?:time|day|date)\s+" + _COUNT
                              + r"\s+(weeks|months)\s+ago\b"
                              # "2 months ago today", "exactly two months ago": that day
                              r"|\b(?:exactly\s+)?" + _COUNT + r"\s+(?:calendar\s+)?(months)\s+ago"
                              r"\s+(?:today\b|to\s+the\s+day\b|the\s+day" + _DAY_ALONE + r")"
                              r"|\bexactly\s+" + _COUNT
                              + r"\s+(?:calendar\s+)?(months)\s+ago\b", low)):
        count = m.group(3) or m.group(5) or m.group(7)
        n = _count(count) if count else 1
        # ("yesterday vs the same day last week": the day a week before yesterday)
        base = today - timedelta(days=1) if "same" in m[0] and _YESTERDAY.search(
            low, 0, m.start()) else today
        d = _same_day_back(base, m.group(1) or m.group(2)
                           or (m.group(4) or m.group(6) or m.group(8))[:-1], n)
        spans.append(Span(d.isoformat(), d, d, False))
        blank = " " * (m.end() - m.start())     # not "last month" as well
        if len(rest) == len(low):
            rest = rest[:m.start()] + blank + rest[m.end():]
        low = low[:m.start()] + blank + low[m.end():]

    # "a week last Sunday", "a fortnight last Tuesday": that many days before the last one
    for m in list(re.finditer(r"\b(?:a|one)\s+(week|fortnight)\s+(?:last|past)\s+("
                              + "|".join(WEEKDAYS) + r")\b", low)):
        back = (today.weekday() - WEEKDAYS.index(m.group(2))) % 7 or 7
        back = 8 if back == 1 and today.weekday() > 0 else back    # as "last <day>" is read
        d = today - timedelta(days=back + (7 if m.group(1) == "week" else 14))
        spans.append(Span(d.isoformat(), d, d, False))
        low = low[:m.start()] + " " * (m.end() - m.start()) + low[m.end():]
    if "weekend" in low:  # "the weekend that followed it, the Saturday and the Sunday"
        low = _WEEKEND_DAYS.sub(lambda m: " " * len(m[0]), low)
    week_ago: list[tuple[int, int]] = []
    for m in re.finditer(r"\b(?:(last|next|this|the)\s+)?(" + "|".join(WEEKDAYS)
                         + r")(s)?(\s+before\s+last)?(\s+(?:of\s+)?(?:last|past|previous)"
                         r"\s+week\b(?!\s+before))?\b", low):
        qualifier, name = m.group(1), m.group(2)
        if qualifier == "next" or (m.group(3) and not _OWNING.match(low, m.end())) or (
                m.group(3) and _HABIT.search(low, 0, m.start())) or (
                qualifier is None and _A_WEEKDAY.search(low, 0, m.start())) or (
                qualifier is None and _KIND_OF_RUN_BEFORE.search(low, 0, m.start())
                and _KIND_OF_RUN_AFTER.match(low, m.end())):
            continue    # ("11/9, that was a friday": what day it was, no day of its own)
        if qualifier is None and not m.group(4) and not m.group(5) and _AHEAD_OF_IT.search(
                low, max(low.rfind(c, 0, m.start()) for c in ".!?;:\n") + 1, m.start()):
            continue    # ("I will see him on Sunday", "so I can show him at Sunday lunch")
        if qualifier is None and re.search(r"\bby\s+$", low[max(0, m.start() - 4):m.start()]) \
                and _AIMED.search(low, max(low.rfind(c, 0, m.start()) for c in ".!?;:\n") + 1,
                                  m.start()):
            continue    # ("I want to hit 70k total by Friday": a deadline to come)
        if qualifier == "the" and not m.group(4) and _OF_EVENT.match(low, m.end()):
            continue    # ("the saturday before the race": the race's, read by events.py)
        if (before_last := _OF_WEEK_BEFORE_LAST.match(low, m.end())) is not None:
            # "Monday of the week before last": that day two weeks back
            monday = today - timedelta(days=today.weekday() + 14)
            d = monday + timedelta(days=WEEKDAYS.index(name))
            spans.append(Span(d.isoformat(), d, d, False))
            week_ago.append(before_last.span())
            continue
        listed = m.group(5) is None and not m.group(4) and qualifier in (None, "the") \
            and _LISTED_LAST_WEEK.match(low, m.end()) is not None
        if m.group(5) or listed:  # "tuesday last week": that day of the week before this one
            # (also each weekday a list ends with it: "monday and tuesday last week")
            monday = today - timedelta(days=today.weekday() + 7)
            d = monday + timedelta(days=WEEKDAYS.index(name))
            spans.append(Span(d.isoformat(), d, d, False))
            if m.group(5):
                week_ago.append(m.span(5))
            continue
        back = (today.weekday() - WEEKDAYS.index(name)) % 7
        if (qualifier == "last" or m.group(4)) and back == 0:
            back = 7
        elif qualifier == "last" and back == 1 and today.weekday() > 0:
            # yesterday in this week is "yesterday": "last Tuesday" on a Wednesday is last
            # week's (on a Monday "last Sunday" is yesterday, the weekend just gone)
            back = 8
        if m.group(4):  # "the Sunday before last"
            back += 7
        d = today - timedelta(days=back)
        spans.append(Span(d.isoformat(), d, d, False))
    for start, end in week_ago:  # not the whole of last week as well
        low = low[:start] + " " * (end - start) + low[end:]

    spans += _weeks(low, today, asks_week)
    spans += _last_n_weekdays(low, today)
    spans += _months(rest, low, today, spans)
    # "10 days ago - how many steps? and the day before that one": next to the day named
    single = [s for s in spans if not s.summary]
    for m in _NEXT_TO.finditer(low) if len(single) == 1 else ():
        if _TOLD.search(low, 0, m.start()):
            continue    # "what had you told me the day before": when it was said
        d = single[0].start + timedelta(days=1 if m.group(1) == "after" else -1)
        spans.append(Span(d.isoformat(), d, d, False))

    spans += next_to(said_of, spans)
    spans = _weekday_ranges(low, spans)
    written = text.lower()  # (as written: `low` has the dates already read blanked out)
    spans = _listed_together(low, spans, written)
    spans = _so_far(low, written, spans, today)
    spans = _nth_weekday(written, spans, today)
    spans = _month_ranges(written, spans)
    out, seen = [], set()
    for span in spans:
        last = min(span.end, yesterday)
        if span.start > last:
            continue  # today or the future: nothing complete to recall
        span = Span(span.label, span.start, last, span.summary)
        if (span.start, span.end, span.summary) not in seen:
            seen.add((span.start, span.end, span.summary))
            out.append(span)
    return tuple(out)


# the weekdays after one in a list that ends "last week" ("monday and tuesday last week",
# "thursday, friday and saturday of last week"): each is that day of last week
_LISTED_LAST_WEEK = re.compile(starting(r"ao\&\,\/\s") +
                               r"(?:\s*(?:,|\band\b|\bor\b|&|/)\s*(?:the\s+)?(?:"
                               + "|".join(WEEKDAYS) + r")\b)+\s+(?:of\s+)?(?:last|past|previous)"
                               r"\s+week\b(?!\s+before)")
_WD = r"(mon|tue|wed|thu|fri|sat|sun)(?:day|s|sday|nesday|rsday|urday|\.)?"
# "Thursday to Saturday", "from Mon till Wed", "Thu-Sat": the days from one to the other
_WEEKDAY_RANGE = re.compile(starting(r"fmstw") +
                            r"\b" + _WD + r"\s*(?:-|–|to|till|until|through|thru)\s*" + _WD + r"\b")
_DAY_INDEX = {d[:3]: i for i, d in enumerate(WEEKDAYS)}


def _weekday_ranges(low: str, spans: list[Span]) -> list[Span]:
    """`spans` with each range of weekdays `low` writes ("last thursday to saturday", "thu-sat
    last week") read as one span of its days: from the day its first weekday was read as (or
    that weekday of the one week named) to the next day of the second weekday."""
    for m in _WEEKDAY_RANGE.finditer(low):
        first, last = _DAY_INDEX[m[1]], _DAY_INDEX[m[2]]
        if (last - first) % 7 == 6 and len(re.findall(_WD, low)) == 2:
            # ("week 46, Monday to Sunday, naturally": what a week is, no days of it)
            spans = [s for s in spans if s.summary or s.start.weekday() not in (first, last)]
            continue
        if first == last or (last - first) % 7 == 6:
            continue
        starts = [s for s in spans if not s.summary and s.start.weekday() == first]
        weeks = [s for s in spans if s.summary and s.days == 7 and s.start.weekday() == 0]
        if starts:
            start = starts[0].start
        elif len(weeks) == 1:
            start = weeks[0].start + timedelta(days=first)
            spans = [s for s in spans if s is not weeks[0]]  # ("thu-sat last week": those days)
        else:
            continue
        end = start + timedelta(days=(last - first) % 7)
        spans = [s for s in spans if s.summary or not (start <= s.start <= end)]
        spans.append(Span(f"{start.isoformat()} to {end.isoformat()}", start, end, True))
    return spans


# "Thursday, Friday and Saturday ... over those three days", "... all three together"
_TOGETHER = re.compile(starting(r"acdfiopt") +
                       r"\b(?:(?:over|across|for|in|during)\s+(?:those|these|the)\s+(?:two|three|"
                       r"four|\d)\s+days|all\s+(?:three|four)|altogether|in\s+total|combined"
                       r"|put\s+together|total(?!\s+(?:wreck|mess|disaster|nightmare|write-?off"
                       r"|shambles|joke)))\b")
# ("steps for aug 22 and 23?? was that weekend as grim as i remember": a Saturday and Sunday
# listed and called a weekend)
_WEEKEND_WORD = re.compile(starting(r"w") +
                           r"\b(?:weekend|w/e|wknd)\b")


def _listed_together(low: str, spans: list[Span], written: str) -> list[Span]:
    """`spans` with one span over the days it names one by one when they follow each other
    (two to four) and the words ask for them together, or call a Saturday and Sunday a weekend
    (`written`: the text with its dates)."""
    days = sorted({s.start for s in spans if not s.summary})
    weekend = len(days) == 2 and days[0].weekday() == 5 and _WEEKEND_WORD.search(
        written) is not None
    if not 2 <= len(days) <= 4 or any(s.summary for s in spans) \
            or not (weekend or _TOGETHER.search(low)) \
            or (days[-1] - days[0]).days != len(days) - 1:
        return spans
    start, end = days[0], days[-1]
    return [*spans, Span(f"{start.isoformat()} to {end.isoformat()}", start, end, True)]


_SINCE_WEEKDAY = re.compile(starting(r"s") +
                            r"\bsince\s+(?:last\s+)?" + _WD + r"\b")
_MONTH_SO_FAR = re.compile(starting(r"ms") +
                           r"\b(?:since\s+the\s+(?:start|beginning)\s+of\s+(?:the|this)\s+month"
                           r"|month\s+to\s+date|mtd)\b")
_WEEK_SO_FAR = re.compile(starting(r"sw") +
                          r"\b(?:since\s+the\s+(?:start|beginning)\s+of\s+(?:the|this)\s+week"
                          r"|week\s+to\s+date)\b")
# ("the weekend of the 21st", "the weekend of Aug 22nd")
_WEEKEND_OF = re.compile(starting(r"w") +
                         r"\bweekend\s+of\s+(?:the\s+)?(?:(?:" + "|".join(m[:3] for m in MONTHS)
                         + r")[a-z]*\.?\s+(?:the\s+)?)?\d")


def _so_far(low: str, written: str, spans: list[Span], today: date) -> list[Span]:
    """`spans` with what runs to yesterday: "since Monday" (from that day), "since the start of
    the month", "month to date", "week to date"; and "the weekend of the 21st" as the Saturday
    and Sunday that hold it."""
    yesterday = today - timedelta(days=1)
    for m in _SINCE_WEEKDAY.finditer(low):
        day = _DAY_INDEX[m[1]]
        for s in [s for s in spans if not s.summary and s.start.weekday() == day]:
            spans = [x for x in spans if x is not s]
            spans.append(Span(f"since {s.start.isoformat()}", s.start, yesterday, True))
            break
    first = None
    if _MONTH_SO_FAR.search(low):
        first = today.replace(day=1)
    elif _WEEK_SO_FAR.search(low):
        first = today - timedelta(days=today.weekday())
    if first is not None and first <= yesterday:
        spans.append(Span(f"since {first.isoformat()}", first, yesterday, True))
    if _WEEKEND_OF.search(written):  # (the date itself is blanked in `low`)
        for s in [s for s in spans if not s.summary and s.start.weekday() >= 5]:
            sat = s.start - timedelta(days=s.start.weekday() - 5)
            spans = [x for x in spans if x is not s]
            spans.append(Span(f"the weekend of {sat.isoformat()}", sat,
                              sat + timedelta(days=1), True))
            break
    return spans


# ("the second saturday in october", read "the 2nd saturday" by then; "second sunday in november")
_NTH_WEEKDAY = re.compile(starting(r"flst1234") +
                          r"\b(?:the\s+)?(first|second|third|fourth|last|final|1st|2nd|3rd|4th)\s+"
                          + _WD
                          + r"\s+(?:of|in)\s+(" + "|".join(sorted([*MONTHS, *_MONTH_SHORT],
                                                                   key=len, reverse=True))
                          + r")\b")


def _nth_weekday(written: str, spans: list[Span], today: date) -> list[Span]:
    """`spans` with "the first Monday of November", "the last Friday in October", "the 2nd
    saturday in october" and "the last day of November" read as that day, in place of the
    month and the latest such weekday (or "the 2nd" of a month) it would give alone."""
    for m in _NTH_WEEKDAY.finditer(written):
        month = MONTHS.index(_MONTH_SHORT.get(m[3], m[3])) + 1
        year = today.year if month <= today.month else today.year - 1
        wd = _DAY_INDEX[m[2]]
        days = [d for d in range(1, calendar.monthrange(year, month)[1] + 1)
                if date(year, month, d).weekday() == wd]
        nth = {"first": 0, "second": 1, "third": 2, "fourth": 3, "1st": 0, "2nd": 1, "3rd": 2,
               "4th": 3}.get(m[1], -1)
        day = date(year, month, days[nth])
        if day >= today:
            continue
        # (not the month, the latest such weekday, nor "the 2nd" read as a day of a month)
        written_day = int(m[1][0]) if m[1][0].isdigit() else None
        spans = [s for s in spans if not (
            s.summary and s.start == date(year, month, 1) and s.days >= 28
            or not s.summary and s.start.weekday() == wd
            or not s.summary and s.days == 1 and s.start.day == written_day)]
        spans.append(Span(day.isoformat(), day, day, False))
    for m in _END_DAY_OF.finditer(written):  # "the last day of november": that day
        month = MONTHS.index(_MONTH_SHORT.get(m[2], m[2])) + 1
        year = today.year if month <= today.month else today.year - 1
        last = calendar.monthrange(year, month)[1]
        day = date(year, month, 1 if m[1] == "first" else last)
        if day >= today:
            continue
        spans = [s for s in spans if not (s.summary and s.start == date(year, month, 1)
                                          and s.days >= 28)]
        spans.append(Span(day.isoformat(), day, day, False))
    return spans


_MONTH_NAME = "(" + "|".join(sorted([*MONTHS, *_MONTH_SHORT], key=len, reverse=True)) + ")"
# "the last day of november", "the first day of october"
_END_DAY_OF = re.compile(starting(r"fltv") +
                         r"\b(?:the\s+)?(first|last|final|very\s+last)\s+day\s+(?:of|in)\s+"
                         + _MONTH_NAME + r"\b")
# "from September to November", "sep to nov", "Sept-Nov": every month from one to the other
_MONTH_RANGE = re.compile(starting(r"adfjmnos") +
                          r"\b" + _MONTH_NAME + r"\s*(?:-|–|to|till|until|through|thru)\s*"
                          + _MONTH_NAME + r"\b(?!\s+\d)")


def _month_ranges(written: str, spans: list[Span]) -> list[Span]:
    """`spans` with a range of whole months read as one span from the first month's first day to
    the last one's end, in place of the two months alone."""
    for m in _MONTH_RANGE.finditer(written):
        first, last = (MONTHS.index(_MONTH_SHORT.get(w, w)) + 1 for w in (m[1], m[2]))
        months = [s for s in spans if s.summary and s.start.day == 1 and s.days >= 28
                  or s.label.endswith(" so far")]
        a = next((s for s in months if s.start.month == first), None)
        b = next((s for s in months if s.start.month == last), None)
        if a is None or b is None or not a.start < b.start or (b.end - a.start).days > 200:
            continue
        spans = [s for s in spans if s is not a and s is not b]
        spans.append(Span(f"{a.start.isoformat()} to {b.end.isoformat()}", a.start, b.end, True))
    return spans


def _same_day_back(today: date, unit: str, n: int = 1) -> date:
    """The day `n` weeks or calendar months before `today` (the month's last day if
    shorter)."""
    if unit == "week":
        return today - timedelta(days=7 * n)
    year, month = today.year, today.month - n
    while month < 1:
        year, month = year - 1, month + 12
    return date(year, month, min(today.day, calendar.monthrange(year, month)[1]))


def _weeks(low: str, today: date, asks_week: bool) -> list[Span]:
    """The weeks `low` names; `asks_week`: the message asks for a whole week (`_ASKS_WEEK`,
    read before "that whole week" was blanked)."""
    spans = []
    yesterday = today - timedelta(days=1)
    monday = today - timedelta(days=today.weekday())
    if re.search(r"\bthis week\b", low):
        spans.append(Span("this week so far", monday, yesterday, True))
    # "the week just gone", "the weekend gone": the last one
    low = re.sub(r"\b(?:the\s+)?(week|weekend)\s+(?:just\s+)?gone\b", r"last \1", low)
    if re.search(r"\b(last|past|previous) week\b(?! before)", low):
        start = monday - timedelta(days=7)
        spans.append(Span("last week", start, start + timedelta(days=6), True))
    back = [(_count(m.group(1)), "week") for m in
            re.finditer(r"\bweek\s+(?:of\s+)?" + _COUNT + r"\s+weeks?\s+(?:ago|back)\b", low)]
    if asks_week:  # "my weekly total 5 weeks ago": that whole week
        back += [(_count(m.group(1)), "week") for m in
                 re.finditer(r"(?<!week )(?<!week of )\b" + _COUNT + r"\s+weeks?\s+(?:ago|back)\b",
                             low)]
    back += [(2, "week") for _ in re.finditer(r"\b(?:the\s+)?week before last\b", low)]
    # "last week vs the week before": the week before last (and alone, "and the week
    # before?", as a reply to last week's); "this week vs the week before": last week
    before = 1 if re.search(r"\b(?:this|current) week\b", low) and not re.search(
        r"\b(?:last|past|previous) week\b", low) else 2
    back += [(before, "week") for m in re.finditer(
        r"\b(?:the week before|the previous week)" + _ALONE, low)
        # ("how was the previous week?": last week, when no other week is named)
        if m[0] != "the previous week" or re.search(r"\b(?:last|past|this|current) week\b", low)]
    if re.search(r"\b(?:last|past|previous) week\b", low) and "month" not in low:
        # "last week and the one before": the week before last
        back += [(2, "week") for _ in re.finditer(
            r"\bthe (?:one before|previous one)" + _NO_EVENT, low)]
    back += [(_count(m.group(1)), "weekend")
             for m in re.finditer(r"\b" + _COUNT + r"\s+weekends?\s+ago\b", low)]
    back += [(1, "weekend") for _ in re.finditer(r"\b(?:last|past|previous) weekend\b", low)]
    back += [(2, "weekend") for _ in re.finditer(r"\bthe weekend before last\b", low)]
    back += [(0, "weekend") for _ in re.finditer(r"\bthis weekend\b", low)]
    # "over the weekend", "at the weekend" with nothing after it: the latest one
    back += [(0 if today.weekday() >= 5 else 1, "weekend") for _ in re.finditer(
        r"\b(?:over|at|on)\s+the\s+weekend\b(?!\s+(?:of|before|after|when|i|we|that|in|at"
        r"|immediately|right|just|straight|following|preceding)\b)",
        low)]
    for n, unit in back:
        start, end = week_of(today - timedelta(days=7 * n))
        if unit == "weekend":
            spans.append(Span(f"the weekend of {end.isoformat()}", end - timedelta(days=1), end,
                              True))
        elif 1 <= n <= 520:
            spans.append(Span(f"the week of {start.isoformat()}", start, end, True))
    # ("the last few days", "past couple days": three and two)
    low_n = re.sub(r"\b((?:last|past|previous)\s+)(few|couple)\s+(?=days\b|weeks\b)",
                   lambda m: m[1] + ("three " if m[2] == "few" else "two "), low)
    # ("past 7 day": a learner's, its plural left out)
    for m in re.finditer(r"\b(?:last|past|previous)\s+(?:" + _COUNT + r"\s+)?(days|weeks|"
                         r"fortnight|(?<=\d\s)day|(?<=\d\s)week)\b", low_n):
        if m.group(1) is None and m.group(2) != "fortnight" or _BEFORE_EVENT.match(low_n, m.end()):
            continue  # ("the last seven days before the big day": the event's, events.py)
        n = 14 if m.group(2) == "fortnight" else (
            _count(m.group(1)) * (7 if m.group(2).startswith("week") else 1))
        if 1 <= n <= 92:
            spans.append(Span(f"the last {n} days", today - timedelta(days=n), yesterday, True))
            if re.search(r"\bthe\s+(?:one\s+before|previous\s+one)" + _NO_EVENT
                         + r"|\bthe\s+(?:fortnight|" + _COUNT + r"\s+(?:days|weeks))\s+before"
                         + _ALONE, low) and "month" not in low:
                # "the last fortnight against the one before": the window before it
                start = today - timedelta(days=n)
                spans.append(Span(f"the {n} days before", start - timedelta(days=n),
                                  start - timedelta(days=1), True))
    return spans


_N_WEEKDAYS = re.compile(starting(r"lp") +
                         r"\b(?:last|past|previous)\s+" + _COUNT + r"\s+(" + "|".join(WEEKDAYS)
                         + r"|weekend)s\b")


def _last_n_weekdays(low: str, today: date) -> list[Span]:
    """"the last 4 Saturdays", "my past three weekends": each of them, the newest first."""
    out: list[Span] = []
    for m in _N_WEEKDAYS.finditer(low):
        n = _count(m[1])
        if not 1 <= n <= 8:
            continue
        weekend = m[2] == "weekend"
        wd = 5 if weekend else WEEKDAYS.index(m[2])
        day = today - timedelta(days=(today.weekday() - wd) % 7 or 7)
        if weekend and day + timedelta(days=1) >= today:
            day -= timedelta(days=7)   # (a weekend not over yet is not one of the last)
        for _ in range(n):
            out.append(Span(f"the weekend of {day.isoformat()}", day, day + timedelta(days=1),
                            True) if weekend else Span(day.isoformat(), day, day, False))
            day -= timedelta(days=7)
    return out


# what a sentence says is still to come, before a bare weekday in it
_AHEAD_OF_IT = re.compile(starting(r"hipstw") +
                          r"\b(?:i|we|he|she|they)(?:\s+will|\s+shall|'ll|’ll)\b"
                          r"|\b(?:(?:i'm|i\s+am|we're|we\s+are)\s+(?:going\s+to|gonna)"
                          r"|so\s+(?:that\s+)?(?:i|we)\s+can"
                          r"|plan(?:ning)?\s+to|hop(?:e|ing)\s+to)\b")
# what a clause aims at, before "by <weekday>": a deadline, not a past day
_AIMED = re.compile(starting(r"acghnpstw\'") +
                    r"\b(?:want(?:s|ed)?\s+to|need(?:s)?\s+to|aim(?:ing)?\s+(?:to|for)|"
                    r"try(?:ing)?\s+to|hop(?:e|ing)\s+to|plan(?:ning)?\s+to|going\s+to|gonna|"
                    r"can\s+i|could\s+i|should\s+i|will|'ll)\b")
_OF_EVENT = re.compile(starting(r"\s") +
                       r"\s+(?:before|after|of)\s+(?:the|my|our)\s+(?!last\b|next\b|week\b|month\b)"
                       r"[a-z]")
_BEFORE_EVENT = re.compile(starting(r"\s") +
                           r"\s+(?:before|leading\s+up\s+to|ahead\s+of|prior\s+to)\s+"
                           # (not "before I close off November": when the user will do
                           # something, no event the days lead up to)
                           r"(?!now\b|today\b|(?:i|we|you)\s+(?!got\b|went\b|had\b|did\b|was\b|"
                           r"were\b|started\b|flew\b|left\b|ran\b)[a-z]+)")


def _months(text: str, low: str, today: date, named: list[Span]) -> list[Span]:
    spans: list[Span] = []
    first_of_month = today.replace(day=1)
    if re.search(r"\bthis month\b", low):
        spans.append(_month_span(today.year, today.month, today))
    if re.search(r"\blast month\b", low):
        prev = first_of_month - timedelta(days=1)
        spans.append(_month_span(prev.year, prev.month, today))
        if re.search(r"\b(?:the month before|the previous month)" + _ALONE
                     + r"|\bthe (?:one before|previous one)" + _NO_EVENT, low):
            # "last month vs the month before": the month before last.
            prev = prev.replace(day=1) - timedelta(days=1)
            spans.append(_month_span(prev.year, prev.month, today))
    if re.search(r"\b(?:the\s+)?month\s+before\s+last\b", low):  # two months back
        prev = (first_of_month - timedelta(days=1)).replace(day=1) - timedelta(days=1)
        spans.append(_month_span(prev.year, prev.month, today))
    # "the past month", "the last 3 months", "over the past two months": the days since that
    # day then, to yesterday ("last month" alone is the calendar month)
    for m in re.finditer(r"\b(?:the\s+)?(?:past\s+month\b|(?:last|past|previous)\s+" + _COUNT
                         + r"\s+months\b)", low):
        n = _count(m.group(1)) if m.group(1) else 1
        if 1 <= n <= 24:
            start = _same_day_back(today, "month", n)
            spans.append(Span(f"the last {n} months" if n > 1 else "the past month", start,
                              today - timedelta(days=1), True))
    for m in _MONTHS_AGO.finditer(low):
        y, mo = today.year, today.month - _count(m.group(1))
        while mo < 1:
            y, mo = y - 1, mo + 12
        spans.append(_month_span(y, mo, today))
    for name, year, at in _month_mentions(text):
        month = MONTHS.index(name) + 1
        if year is None:
            year = today.year if month <= today.month else today.year - 1
        span = _month_span(year, month, today)
        if _SINCE_MONTH.search(text, max(0, at - 16), at) and span.end < today:
            # "how many days over 15k since sept": from its first day to yesterday
            span = Span(f"since {span.start.isoformat()}", span.start,
                        today - timedelta(days=1), True)
        elif (before := [*named, *spans]) and _SAME_DAYS.search(text, max(0, at - 40), at) \
                and (same := _same_days(before[-1], span, today)) is not None:
            span = same  # "early September ... the same ten days of October": the 1st-10th
        spans.append(span)
    return spans


_OF_WEEK_BEFORE_LAST = re.compile(starting(r"\s") +
                                  r"\s+of\s+the\s+week\s+before\s+last\b")
_BUT_ONE = re.compile(starting(r"l") +
                      r"\blast\s+(week|weekend)\s+but\s+one\b", re.I)
_BEFORE_THE_LAST_ONE = re.compile(starting(r"mw") +
                                  r"\b(week|weekend|month)\s+before\s+the\s+last\s+one\b",
                                  re.I)
_WEEKEND_WEEKS_AGO = re.compile(starting(r"t") +
                                r"\bthe\s+weekend\s+" + _COUNT + r"\s+weeks?\s+(ago|back)\b",
                                re.I)
_NTH_PART = re.compile(starting(r"1234") +
                       r"\b(1st|2nd|3rd|4th)(\s+(?:half|week|fortnight|full\s+week)\b)", re.I)
_NTH_WORD = {"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth"}
_SINCE_MONTH = re.compile(starting(r"s") +
                          r"\bsince\s+(?:the\s+(?:start|beginning)\s+of\s+)?$", re.I)


def _month_span(year: int, month: int, today: date) -> Span:
    last = calendar.monthrange(year, month)[1]
    label = f"{calendar.month_name[month]} {year}"
    if (year, month) == (today.year, today.month):
        label += " so far"
    return Span(label, date(year, month, 1), date(year, month, last), True)


_MONTH_MENTION = re.compile(starting("".join(sorted({m[0] for m in MONTHS}))) + r"\b("
                            + "|".join(sorted([*MONTHS, *_MONTH_SHORT], key=len, reverse=True))
                            + r")\b\.?(?:\s+(\d{1,2})\b(?!:))?(?:,?\s+(\d{4})\b)?",
                            re.IGNORECASE)


def _month_mentions(text: str) -> Iterable[tuple[str, int | None, int]]:
    for m in _MONTH_MENTION.finditer(text):
        word = m.group(1).lower()
        name = _MONTH_SHORT.get(word, word)
        year = int(m.group(3)) if m.group(3) else None
        if word in _MONTH_SHORT and word not in MONTHS and (
                word == "mar" or (m.group(1)[0].isupper() and word == "jan")) and not (
                m.group(2) or m.group(3)):
            continue  # "mar" the verb, "Jan" a name
        if name == "may":
            before = text[: m.start()].split()
            prev = before[-1].lower() if before else ""
            datelike = m.group(2) or m.group(3) or prev in {
                "in", "during", "since", "of", "last", "this", "early", "late", "mid", "through"}
            if m.group(1) != "May" or not datelike:
                continue
        if year is not None and not 1970 <= year <= 9999:
            continue
        yield name, year, m.start()
