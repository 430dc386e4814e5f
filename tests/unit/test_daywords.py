"""Dates as people say them: every form names its day or span, read against a pinned today.

Today is the pinned clock's day unless a test says otherwise (the `clock` fixture pins
2026-11-30, a Monday); some forms are read on Tuesday 2026-12-01 too.
"""

from datetime import date, datetime

import pytest

from coach_tui.memory.bests import best_phrases, best_span
from coach_tui.memory.daywords import named_spans
from coach_tui.memory.events import EventPhrase, anchored_span, event_days, event_phrases
from coach_tui.store import transaction
from coach_tui.store.steps import Day, period_totals, upsert_days

TUESDAY = date(2026, 12, 1)


@pytest.fixture
def today(clock):
    return datetime.fromisoformat(clock.now).date()


def spans(text, today, order="DMY"):
    return [(s.start.isoformat(), s.end.isoformat()) for s in named_spans(text, today, order)]


def one_day(iso):
    return [(iso, iso)]


@pytest.mark.parametrize("text", [
    "How many steps on Nov 13?", "13 Nov", "November 13th", "the 13th of November",
    "Friday, Nov 13", "nov. 13", "on 13/11", "13/11/2026", "Friday the 13th",
])
def test_a_calendar_day_in_every_common_form(text, today):
    assert spans(text, today) == one_day("2026-11-13")


def test_a_date_without_a_year_is_the_latest_one_not_in_the_future(today):
    assert spans("Dec 20", today) == one_day("2025-12-20")
    assert spans("Nov 30", today) == []                     # today: the live line's job
    assert spans("Nov 13, 2025", today) == one_day("2025-11-13")


def test_the_nth_is_the_latest_such_day(today):
    assert spans("what about the 13th?", today) == one_day("2026-11-13")
    assert spans("the 30th", TUESDAY) == one_day("2026-11-30")
    assert spans("the 31st", TUESDAY) == one_day("2026-10-31")    # November has no 31st


def test_weekday_and_ordinal_finds_the_13th_that_was_that_weekday(today):
    assert spans("Tuesday the 13th", today) == one_day("2026-10-13")
    assert spans("Tuesday the 17th, did I make it?", TUESDAY) == one_day("2026-11-17")


def test_slashed_dates_follow_the_users_order_unless_only_one_reading_is_a_date(today):
    assert spans("5/11", today, "DMY") == one_day("2026-11-05")
    assert spans("5/11", today, "MDY") == one_day("2026-05-11")
    assert spans("13/11", today, "MDY") == one_day("2026-11-13")  # no 13th month
    assert spans("11/13", today, "DMY") == one_day("2026-11-13")
    assert spans("a coach 24/7", today) == []
    assert spans("ran 3/4 of it", today, "MDY") == one_day("2026-03-04")  # a real date


def test_relative_days(today):
    assert spans("last Tuesday", today) == one_day("2026-11-24")
    assert spans("3 days ago", today) == one_day("2026-11-27")
    assert spans("3 weeks ago", TUESDAY) == one_day("2026-11-10")
    assert spans("two weeks ago", today) == one_day("2026-11-16")
    assert spans("a fortnight ago", today) == one_day("2026-11-16")
    assert spans("the Sunday before last", TUESDAY) == one_day("2026-11-22")
    assert spans("over the past fortnight", today) == [("2026-11-16", "2026-11-29")]


def test_weeks_and_weekends_back(today):
    assert spans("two weekends ago", TUESDAY) == [("2026-11-21", "2026-11-22")]
    assert spans("last weekend", TUESDAY) == [("2026-11-28", "2026-11-29")]
    assert spans("the weekend before last", TUESDAY) == [("2026-11-21", "2026-11-22")]
    assert spans("the week before last", today) == [("2026-11-16", "2026-11-22")]
    assert spans("the week 3 weeks ago", TUESDAY) == [("2026-11-09", "2026-11-15")]
    assert spans("last week vs the week before", today) == [
        ("2026-11-23", "2026-11-29"), ("2026-11-16", "2026-11-22")]
    assert spans("past 3 weeks", today) == [("2026-11-09", "2026-11-29")]


def test_the_week_of_a_day(today):
    assert spans("the week of the 10th", TUESDAY) == [("2026-11-09", "2026-11-15")]
    assert spans("the week of Nov 2", today) == [("2026-11-02", "2026-11-08")]


@pytest.mark.parametrize("text, expected", [
    ("early October", ("2026-10-01", "2026-10-10")),
    ("mid-October", ("2026-10-11", "2026-10-20")),
    ("late Sept", ("2026-09-21", "2026-09-30")),
    ("the end of August", ("2026-08-21", "2026-08-31")),
    ("the beginning of last month", ("2026-10-01", "2026-10-10")),
    ("the first week of November", ("2026-11-01", "2026-11-07")),
    ("the last week of September", ("2026-09-24", "2026-09-30")),
    ("the second half of October", ("2026-10-16", "2026-10-31")),
])
def test_parts_of_a_month(text, expected, today):
    assert spans(text, today) == [expected]


def test_ranges_and_since_a_date(today):
    assert spans("Mon 14 to Thu 17 September", today) == [("2026-09-14", "2026-09-17")]
    assert spans("Sep 14-17", today) == [("2026-09-14", "2026-09-17")]
    assert spans("since Nov 20", today) == [("2026-11-20", "2026-11-29")]


def test_weekdays_back_and_the_same_day_a_month_ago():
    thursday = date(2026, 12, 3)
    assert spans("two Saturdays ago?", thursday) == one_day("2026-11-21")
    assert spans("this time last month, how many steps?", thursday) == one_day("2026-11-03")
    assert spans("a month ago today", date(2026, 3, 31)) == one_day("2026-02-28")
    assert spans("this time last week", thursday) == one_day("2026-11-26")


def test_two_written_days_joined_are_the_period_between(today):
    assert spans("my total from Nov 9 to Nov 15?", today) == [("2026-11-09", "2026-11-15")]
    assert spans("28 Oct - 3 Nov", today) == [("2026-10-28", "2026-11-03")]
    assert spans("between Sept 5 and Sept 12", today) == [("2026-09-05", "2026-09-12")]
    # "and" alone names two days; so does "vs".
    assert len(spans("compare Sept 5 and Sept 6", today)) == 2
    assert len(spans("29 Nov vs the 1st of September", today)) == 2


def test_may_the_verb_is_not_a_month(today):
    assert spans("I may 10 times a day walk", today) == []
    assert spans("may 5 was good", today) == []
    assert spans("May 5 was good", today) == one_day("2026-05-05")


def test_event_phrases_are_read_with_their_relation():
    assert event_phrases("how have I done since the trip?") == [EventPhrase("since", "trip")]
    assert event_phrases("the week before the race") == [EventPhrase("the week before", "race")]
    assert event_phrases("steps on race day") == [EventPhrase("the day of", "race")]
    assert event_phrases("my total in the storm week") == [EventPhrase("the week of", "storm")]
    assert event_phrases("when I was sick") == [EventPhrase("during", "sick")]
    assert event_phrases("the week before last") == []
    assert event_phrases("before Lisbon") == [EventPhrase("before", "lisbon")]
    assert event_phrases("since I got the Brooks") == [EventPhrase("since", "brooks")]
    assert event_phrases("since January") == []
    assert event_phrases("while I was in Frankfurt") == [EventPhrase("during", "frankfurt")]
    assert event_phrases("just after the race") == [EventPhrase("after", "race")]
    assert event_phrases("the days before the trip") == [EventPhrase("the week before", "trip")]


def test_an_event_anchors_the_span_the_phrase_means():
    race = date(2026, 11, 15)
    week_before = anchored_span(EventPhrase("the week before", "race"), race, race, TUESDAY)
    assert (week_before.start, week_before.end) == (date(2026, 11, 8), date(2026, 11, 14))
    trip = (date(2026, 10, 8), date(2026, 10, 13))
    since = anchored_span(EventPhrase("since", "trip"), *trip, TUESDAY)
    assert (since.start, since.end) == (date(2026, 10, 14), date(2026, 11, 30))
    assert since.label == "since the trip (2026-10-08 to 2026-10-13)"
    race_week = anchored_span(EventPhrase("the week of", "race"), race, race, TUESDAY)
    assert (race_week.start, race_week.end) == (date(2026, 11, 9), date(2026, 11, 15))
    assert anchored_span(EventPhrase("since", "race"), TUESDAY, TUESDAY, TUESDAY) is None


def test_an_anchor_that_writes_the_events_dates_dates_it():
    written = date(2026, 8, 11)
    text = "Priya talked them into the Riverside Half Marathon on 15 November."
    assert event_days(written, [], text) == (date(2026, 11, 15), date(2026, 11, 15))
    text = "Lisbon holiday booked for Thu 8 to Tue 13 October."
    assert event_days(date(2026, 10, 6), [], text) == (date(2026, 10, 8), date(2026, 10, 13))
    # Days a line names relative to when it was written: "since Saturday" on Sunday the 27th.
    assert event_days(date(2026, 9, 27), [date(2026, 10, 1)],
                      "Down with flu: fever since Saturday evening.", ["sick"],
                      ["Fever gone since yesterday."]) == (date(2026, 9, 26), date(2026, 9, 30))
    assert event_days(date(2026, 9, 27), [date(2026, 10, 1)], "Down with flu") == (
        date(2026, 9, 27), date(2026, 10, 1))


def test_best_and_worst_periods_are_computed_over_whole_periods(conn):
    rows = [Day(f"2026-{m:02d}-{d:02d}", 10_000 + (5_000 if m == 10 else 0), None)
            for m in (9, 10, 11) for d in range(1, 31)]
    with transaction(conn):
        upsert_days(conn, rows, source="test", synced_at="2026-11-30T08:00:00")
    assert best_phrases("what was my best month? and my worst week") == [
        (True, "month"), (False, "week")]
    assert best_phrases("my busiest day, my least active week") == [(True, "day"), (False, "week")]
    tuesday = date(2026, 12, 1)
    best = best_span(period_totals(conn, "month", tuesday), True, "month", tuesday)
    assert (best.start, best.end) == (date(2026, 10, 1), date(2026, 10, 31))
    # November is not over on Nov 30: it is not a whole month yet.
    monday = date(2026, 11, 30)
    worst = best_span(period_totals(conn, "month", monday), False, "month", monday)
    assert (worst.start, worst.end) == (date(2026, 9, 1), date(2026, 9, 30))
    week = best_span(period_totals(conn, "week", tuesday), True, "week", tuesday)
    # Monday to Sunday; October's whole weeks tie, and the newest wins.
    assert (week.start, week.end) == (date(2026, 10, 19), date(2026, 10, 25))


@pytest.mark.parametrize("text", ["how far was sundays run", "steps on sundays long run",
                                  "how was saturdays parkrun"])
def test_a_weekday_owning_something_without_its_apostrophe_is_that_day(text):
    day = "2026-11-29" if "sunday" in text else "2026-11-28"
    assert spans(text, TUESDAY) == one_day(day)


@pytest.mark.parametrize("text", ["do i walk more on sundays", "on sundays i rest",
                                  "sundays are my long run days", "every sundays walk"])
def test_weekdays_said_as_a_habit_name_no_day(text):
    assert spans(text, TUESDAY) == []
