"""The days an event phrase means, given the first and last day of the event: "since the
trip" runs from the day after it to yesterday, "the week before the race" is the 7 days before
it, "the day after" is what it says (memory/events.py reads the phrase). Pure."""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta

from coach_tui.memory.datewords import WEEKDAYS
from coach_tui.memory.spans import Span

# What a body part or a pet's paw is said to suffer ("when biscuit hurt his paw"): events read
# it in a pattern of their own (memory/events.py, memory/when_it.py).
HURT_VERBS = "hurt|cut|injured|twisted|sprained|broke"

# "how long was I ill": how long the event lasted (its lines say), not a stretch of days
HOW_LONG = "how long"
# the two events of "between the flu and Lisbon" and of "from Lisbon to the storm"
BETWEEN_FIRST, BETWEEN_SECOND = "between", "and"
FROM_FIRST, TO_SECOND = "from", "to"
_WEEKDAY_REL = re.compile(r"the (" + "|".join(WEEKDAYS) + r") (after|before)")


@dataclass(frozen=True)
class EventPhrase:
    relation: str      # "since", "the week before", "during", ...
    words: str         # the event as written: "trip", "half marathon"
    onset: bool = False  # "when my knee first started hurting": its first day only
    change: bool = False  # "since I dropped my target": the new state holds from that day
    days: int = 0      # "the first 3 days after the half": this many days, not all since
    end: bool = False  # "the day the fever broke": its last day only
    nth: int = 0       # "the second day of the flu", "day 3 in Lisbon": that day of it only
    #                    (-1: "the last day of the flu", the last of its days)
    ended: bool = False  # "since my knee settled": of the times it happened, one a line says
    #                      ended (the latest)
    time: int = 0      # "the second time my knee flared up": of the times it happened, that
    #                    one (a time: lines of it no more than two weeks apart)


def span_between(first: tuple[EventPhrase, date, date], second: tuple[EventPhrase, date, date],
                 today: date) -> Span | None:
    """The days between two events, each given as (its phrase, first day, last day): from the
    day after the first to the day before the second ("between the flu and Lisbon"), or from
    the first's first day to the second's last ("from Lisbon to the storm"); None when they
    leave no day between them or the stretch has not begun."""
    (p1, first1, last1), (p2, first2, last2) = first, second
    between = p1.relation == BETWEEN_FIRST
    start = last1 + timedelta(days=1) if between else first1
    end = min(first2 - timedelta(days=1) if between else last2, today - timedelta(days=1))
    if start > end:
        return None
    how = "between the {} and the {}" if between else "from the {} to the {}"
    return Span(how.format(p1.words, p2.words), start, end, start != end)


def anchored_span(phrase: EventPhrase, first: date, last: date, today: date) -> Span | None:
    """The days `phrase` means, given the event ran from `first` to `last`; None if future
    (or when it asks how long the event lasted: its lines say, not its steps)."""
    if phrase.relation == HOW_LONG:
        return None
    yesterday = today - timedelta(days=1)
    if phrase.onset:
        last = first
    elif phrase.end or phrase.nth == -1:
        first = last
    elif phrase.nth:
        if first + timedelta(days=phrase.nth - 1) > last:
            return None     # ("the fifth day of a three-day trip": no such day)
        first = last = first + timedelta(days=phrase.nth - 1)
    elif phrase.relation == "during" and phrase.days:  # "the first two days of the storm"
        last = min(last, first + timedelta(days=phrase.days - 1))
    label = f"{phrase.relation} the {phrase.words}"
    rel = phrase.relation
    one = timedelta(days=1)
    if rel == "after" and phrase.days:    # "the first 3 days after the half"
        start, end = last + one, last + timedelta(days=phrase.days)
    elif rel in ("before", "leading up to") and phrase.days:   # "the 5 days before the race"
        start, end = first - timedelta(days=phrase.days), first - one
    elif rel in ("since", "after"):  # a change holds from its own day on
        start, end = (first if phrase.change and rel == "since" else last + one), yesterday
    elif rel in ("before", "until", "leading up to", "the week before"):
        start, end = first - timedelta(days=7), first - one
    elif rel == "the day of":
        start = end = first
    elif rel == "the month of":  # "the month of the race": the calendar month it began in
        start = first.replace(day=1)
        end = start.replace(day=calendar.monthrange(start.year, start.month)[1])
    elif rel == "the weekend of":   # the Saturday and Sunday of the event's week
        start = first + timedelta(days=5 - first.weekday()) if first.weekday() < 6 else first - one
        end = start + one
    elif rel in ("the week of", "the week after the week of", "the week before the week of"):
        # "the flu week": the Monday-to-Sunday week holding most of the event's days
        days = [first + timedelta(days=i) for i in range(min((last - first).days, 27) + 1)]
        mondays = [d - timedelta(days=d.weekday()) for d in days]
        start = max(dict.fromkeys(mondays), key=mondays.count)
        start += timedelta(days={"the week of": 0, "the week after the week of": 7,
                                 "the week before the week of": -7}[rel])
        end = start + timedelta(days=6)
    elif (weekday := _WEEKDAY_REL.fullmatch(rel)) is not None:  # "the sunday after"
        n = WEEKDAYS.index(weekday.group(1))
        # ("the second sunday after": `days`, a week, on from the first)
        start = end = (last + timedelta(days=((n - last.weekday()) % 7 or 7) + phrase.days)
                       if weekday.group(2) == "after"
                       else first - timedelta(days=((first.weekday() - n) % 7 or 7)
                                              + phrase.days))
    elif rel == "the day before":
        start = end = first - one
    elif rel == "the day after":
        start = end = last + one
    elif rel == "the week after":
        start, end = last + one, last + timedelta(days=7)
    elif rel == "the month before":
        start, end = first - timedelta(days=30), first - one
    elif rel == "the month after":
        start, end = last + one, last + timedelta(days=30)
    elif rel == "the weekend before":
        sunday = first - timedelta(days=first.weekday() + 1)
        start, end = sunday - one, sunday
    elif rel == "the weekend after":
        saturday = last + timedelta(days=(5 - last.weekday()) % 7 or 7)
        start, end = saturday, saturday + one
    else:  # during, around
        start, end = first, last
    end = min(end, yesterday)
    if start > end:
        return None
    if (start, end) != (first, last):
        label += f" (on {first.isoformat()})" if first == last else (
            f" ({first.isoformat()} to {last.isoformat()})")
    return Span(label, start, end, start != end)

