"""Recall, round 50: the day of an event as people name it. A weekday written bare beside an
event ("porto saturday", "what did I do on Saturday in Porto") or with a state ("the Tuesday I
had the flu") is that event's weekday, not the most recent one nor the event's first day; the
first or last day of an event ("our last day in Porto", "the first day of the flu") is that
day. The phrasings and the home are this file's own."""

from datetime import date, datetime, timedelta

import pytest

from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import recall

NOW = datetime(2026, 11, 30, 9, 15)  # a Monday: the most recent Saturday is 28 November
STEPS = [6_000 + 37 * i for i in range(100)]


@pytest.fixture
def home(conn):
    seed_steps(conn, end=date(2026, 11, 29), values=STEPS)
    seed_journal(conn, ["City break in Porto with Sam booked, Thu 8 to Tue 13 October."],
                 entry_date="2026-10-05")
    seed_journal(conn, ["Down with flu since Saturday: fever, aches, in bed all day."],
                 entry_date="2026-09-27")
    seed_journal(conn, ["Fever finally gone. A slow walk to the shop and back."],
                 entry_date="2026-10-01")
    return conn


def _days(conn, text: str) -> list[str]:
    got = recall(conn, text, now=NOW)
    return sorted(it.day for it in got.items if it.kind == "day")


def _steps(day: str) -> int:
    return STEPS[(date.fromisoformat(day) - (date(2026, 11, 29) - timedelta(days=99))).days]


@pytest.mark.parametrize("text, days", [
    ("porto saturday, how many steps?", ["2026-10-10"]),
    ("Porto, Saturday: steps?", ["2026-10-10"]),
    ("What did I do on Saturday in Porto?", ["2026-10-10"]),
    ("porto saturday and sunday steps", ["2026-10-10", "2026-10-11"]),
    ("saturday and sunday in porto, how many steps?", ["2026-10-10", "2026-10-11"]),
])
def test_a_bare_weekday_beside_an_event_is_that_events_weekday(home, text, days):
    assert _days(home, text) == days


def test_a_weekday_asked_apart_from_the_event_stays_the_most_recent(home):
    # two questions: Saturday is last Saturday, Porto its own days
    assert "2026-11-28" in _days(home, "How was Saturday? And what did I do in Porto?")


@pytest.mark.parametrize("text, day", [
    ("the tuesday I had the flu, how many steps?", "2026-09-29"),
    ("the monday I was in porto, steps?", "2026-10-12"),
    # the flu's days and the flu's week hold the same Tuesday
    ("the tuesday of the flu week, how many steps?", "2026-09-29"),
])
def test_a_weekday_inside_a_state_is_that_day(home, text, day):
    assert _days(home, text) == [day]
    block = recall(home, text, now=NOW).text
    assert f"{_steps(day):,} steps" in block


@pytest.mark.parametrize("text, day", [
    ("the first day of the flu, steps?", "2026-09-26"),
    # (the last of the flu's days: the line written when the fever had gone is the day after)
    ("the last day of the flu, how many steps?", "2026-09-30"),
    ("our last day in Porto, how many steps?", "2026-10-13"),
    ("on the first day in porto how far did I walk?", "2026-10-08"),
    ("the final day of the porto trip", "2026-10-13"),
])
def test_the_first_or_last_day_of_an_event_is_that_day(home, text, day):
    assert _days(home, text) == [day]


def test_both_ends_of_two_events(home):
    assert _days(home, "the last day of the flu and the first day in Porto") == [
        "2026-09-30", "2026-10-08"]


@pytest.mark.parametrize("text, days", [
    ("the second day of the flu, steps?", ["2026-09-27"]),
    ("day two in porto, how many steps?", ["2026-10-09"]),
    # "the 3rd" here is a day of the flu, not the 3rd of November
    ("the 3rd day of the flu", ["2026-09-28"]),
    ("day 9 in porto", []),  # a six-day stay has no ninth day
    ("the 13th day of november", ["2026-11-13"]),
])
def test_the_nth_day_of_an_event_is_that_day(home, text, days):
    assert _days(home, text) == days


@pytest.mark.parametrize("text, day", [
    ("the thursday before porto, steps?", "2026-10-01"),
    ("the saturday after porto, how many steps?", "2026-10-17"),
])
def test_a_weekday_before_or_after_a_place_is_not_also_the_last_one(home, text, day):
    assert _days(home, text) == [day]


def test_the_first_run_after_an_event_is_the_earliest_line_that_tells_of_one(home):
    seed_journal(home, ["Easy jog round the park, legs heavy but fine."], entry_date="2026-10-04")
    seed_journal(home, ["Long run by the river, 12 km."], entry_date="2026-10-18")
    got = recall(home, "how many steps did I do on my first run after the flu?", now=NOW)
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-10-04"]
    assert "Easy jog round the park" in got.text and f"{_steps('2026-10-04'):,} steps" in got.text


def test_the_events_own_line_telling_of_it_is_the_answer_and_dates_nothing_else(home):
    seed_journal(home, ["Back at parkrun after the calf strain, no pain at all."],
                 entry_date="2026-11-07")
    seed_journal(home, ["Parkrun again, a minute quicker."], entry_date="2026-11-14")
    got = recall(home, "my first parkrun back after the calf strain - any pain?", now=NOW)
    assert "Back at parkrun after the calf strain" in got.text
    assert [it.day for it in got.items if it.kind == "day"] == []


@pytest.mark.parametrize("text, day", [
    ("the day we got home from Porto, how many steps?", "2026-10-13"),
    ("steps on the day I flew back from porto?", "2026-10-13"),
    ("the day we went to porto, how many steps?", "2026-10-08"),
])
def test_the_day_home_from_a_stay_is_its_last_day(home, text, day):
    assert _days(home, text) == [day]


def _periods(conn, text: str) -> list[tuple[str, str]]:
    got = recall(conn, text, now=NOW)
    return sorted((it.day, it.end) for it in got.items if it.kind == "span")


@pytest.mark.parametrize("text, periods", [
    # the week before the flu's week, not also the week before last
    ("how did the flu week stack up against the week before?",
     [("2026-09-21", "2026-09-27"), ("2026-09-28", "2026-10-04")]),
    ("compare the flu week with the week after",
     [("2026-09-28", "2026-10-04"), ("2026-10-05", "2026-10-11")]),
    ("last week vs the week before", [("2026-11-16", "2026-11-22"), ("2026-11-23", "2026-11-29")]),
    ("last week against the week before it, steps? the porto week vs the flu week",
     [("2026-11-16", "2026-11-22"), ("2026-11-23", "2026-11-29")]),
    # (on a Monday this week has no day before today: the week before is last week, not the
    # week before last)
    ("this week vs the week before", [("2026-11-23", "2026-11-29")]),
])
def test_the_week_before_is_the_week_before_the_one_named(home, text, periods):
    assert _periods(home, text) == periods


def test_compare_a_day_with_the_day_before(home):
    assert _days(home, "compare the first day in porto with the day before") == [
        "2026-10-07", "2026-10-08"]


@pytest.mark.parametrize("text, days", [
    # a sentence opening on the day or week, its "the" left out
    ("Saturday before Porto, how many steps?", ["2026-10-03"]),
    ("day after porto - steps?", ["2026-10-14"]),
    ("first run after the flu? steps that day", ["2026-10-04"]),
    # both sides of the event named last; a "pls" after the second
    ("the day before and the day after porto, steps?", ["2026-10-07", "2026-10-14"]),
    ("the first day of the flu and the day after pls", ["2026-09-26", "2026-10-01"]),
])
def test_days_by_an_event_as_people_type_them(home, text, days):
    seed_journal(home, ["Easy jog round the park, legs heavy but fine."], entry_date="2026-10-04")
    assert _days(home, text) == days


@pytest.mark.parametrize("text, periods", [
    ("the ten days after porto, steps?", [("2026-10-14", "2026-10-23")]),
    # the calendar week before the flu's week, not the seven days before the flu
    ("was the week before the flu week any good? steps?", [("2026-09-21", "2026-09-27")]),
    ("how did the flu week compare with the week before the flu week?",
     [("2026-09-21", "2026-09-27"), ("2026-09-28", "2026-10-04")]),
])
def test_periods_by_an_event_as_people_count_them(home, text, periods):
    assert _periods(home, text) == periods


@pytest.mark.parametrize("text, bought, periods", [
    ("between getting the flu and porto, how many steps?", None, [("2026-10-01", "2026-10-07")]),
    ("from the flu through to the end of porto, total?", None, [("2026-09-26", "2026-10-13")]),
    ("between the flu and when I bought the trail shoes, steps?", "2026-10-20",
     [("2026-10-01", "2026-10-19")]),
    # (the line that says it was bought, not a later one that only names the shoes)
    ("from buying the trail shoes up to porto, total steps?", "2026-09-10",
     [("2026-09-10", "2026-10-13")]),
])
def test_a_stretch_between_two_events_as_people_say_it(home, text, bought, periods):
    if bought:
        seed_journal(home, ["Bought new trail shoes at the outlet."], entry_date=bought)
        seed_journal(home, ["Trail shoes muddy but comfy."], entry_date="2026-10-25")
    assert _periods(home, text) == periods


def test_a_month_after_how_the_event_kept_the_runner_dates_it(home):
    # "in bed" (read as "bedridden") between the event and its month
    assert _periods(home, "When I was sick in bed in September, what did the tracker "
                          "record?") == [("2026-09-26", "2026-09-30")]


def test_two_illnesses_weighed_need_no_the(home):
    seed_journal(home, ["Streaming head cold, staying in."], entry_date="2026-11-10")
    seed_journal(home, ["Cold cleared, back out with the dog."], entry_date="2026-11-13")
    assert _periods(home, "flu vs head cold, which one knocked my steps harder?") == [
        ("2026-09-26", "2026-09-30"), ("2026-11-10", "2026-11-12")]


@pytest.mark.parametrize("text, periods", [
    ("the seven days preceding porto, how many steps?", [("2026-10-01", "2026-10-07")]),
    # the weekend after the stay, not also the last weekend
    ("what were my figures over the weekend immediately following porto?",
     [("2026-10-17", "2026-10-18")]),
    ("please show me my step counts for the duration of the flu", [("2026-09-26", "2026-09-30")]),
    ("from the start of the flu through to porto, total?", [("2026-09-26", "2026-10-13")]),
])
def test_more_ways_of_saying_an_events_days(home, text, periods):
    assert _periods(home, text) == periods


@pytest.mark.parametrize("text, days", [
    ("day after the flu finished. steps?", ["2026-10-01"]),
    ("saturday in porto and race day, which was bigger?", ["2026-10-10", "2026-11-08"]),
    ("first day in porto + race day, show me both", ["2026-10-08", "2026-11-08"]),
])
def test_a_second_event_day_after_and_or_plus(home, text, days):
    seed_journal(home, ["Riverside 10k race this morning, finished in 55:02."],
                 entry_date="2026-11-08")
    assert _days(home, text) == days
