"""Recall, round 56: which time of an event that happened more than once the message means,
and states said with "while". The homes and phrasings are this file's own.

- a period the message names dates an event that happened more than once: "while I was ill
  last week", "when I was sick in late November", "poorly at the end of last month" are the
  head cold of that period, not the flu of October; a message setting periods side by side
  ("how did last week compare with when I was ill?") keeps the event's usual reading;
- "while I was poorly", "whilst I was unwell" are the illness's days, as "when I was poorly"
  is; "while I was resting up" names no event;
- the goal's run said other ways: "with the 12k goal", "on the 12,000 target", "how did I cope
  with the raised target", "while the target was higher", "the target when it was 12,000",
  "while I was chasing 12k", "the 12k weeks", "the 12,000 step challenge"; not "was I over my
  10k goal" (a mark passed), "the first day with the bigger goal" (a day of it);
- a goal named loosely, when the message names no other time: "how did I do against the 12k
  target", "12k target period - average?", "how did the raised goal go", "when you upped my
  goal for the race", "how many times did I hit 12,000 while it was my target", "how many
  days did I hit the 12k target", "when the goal was at its highest"; not the goal of now
  ("am I on track for my 10k goal today?"), not when or why it changed ("When did my target
  go back down to 10k?"), not beside a day named;
- an illness told as what happened: "I had a cold last week, how low did my steps go?", "Last
  week I was ill", "I came down with the flu"; not "I had a cold shower", and not "the week I
  was ill", "since I had the flu", "the one where I had the cold" (read by what they say);
- from three new tuning writers (a busy parent, an Australian, a retired teacher): "while i
  had it" in lower case is the illness named before; "those couple of weeks my target was up
  at 12k in november" (the month only dates it); "my best week compared to my worst one";
  "what did you tell me to do with that head cold, and how low did my steps go those three
  days"; "fresh runners" are shoes; "the occasion on which I purchased new footwear", "the
  Saturday on which I at last ran my fastest parkrun"; "since my return from the holiday";
  "how my period of indisposition in late November went", "how did my illness in late
  November go";
- an illness named as a thing with a time beside it that dates it: "How bad were my steps
  last week with the cold?", "what were my steps during last week's cold?", "that cold at the
  end of last month"; not when the message asks when it was ("When did the lurgy floor me last
  month?"), nor "out in the cold last week" (the weather);
- from three more tuning writers (one paraphrasing everything, a night-shift nurse, an
  engineer): "Two weekends ago I felt like a gazelle. Was I actually moving much those two
  days?" (the remark's weekend); "the day the park turned into a lake" (flooded); "my squishy
  new shoes" (cushioned, pillows); "my most sluggish week" (the worst); a texter's "day biscuit
  cut his paw - what were my steps?" (the day of it);
- "the Halloween weekend" is the weekend beside Halloween, not Halloween and last weekend ("Good
  Friday weekend" from the Friday, a Monday's weekend to the Monday);
- bare ordinals across a month's end: "the 31st and the 1st" are 31 October and 1 November
  (the 1st just after, not the latest 1st), "the 28th to the 3rd" on 2 December is 28 October
  to 3 November (not two days a month apart);
- "3 weeks ago, Monday to Sunday" is that whole week (the bounds say what a week is);
- a Yorkshire "after t'race" is "after the race" (not "can't", "don't");
- a club runner's "A race day", "the A race": race day, the race."""

from datetime import datetime

import pytest

from coach_tui.memory import events
from coach_tui.memory.daywords import named_spans
from coach_tui.memory.query import expand, read_phrases
from coach_tui.memory.recall import as_read
from coach_tui.memory.textspeak import spelled_out
from tests.unit.test_recall_memories import named_days
from tests.unit.test_recall_round54 import _steps_and_lines
from tests.unit.test_recall_round55 import goal_home, storied, weeks  # noqa: F401  (fixtures)

NOW = datetime(2026, 12, 3, 9, 30)  # a Thursday: last week is Mon 23 to Sun 29 November
FLU = ("2026-10-12", "2026-10-15")
COLD = ("2026-11-24", "2026-11-26")
LAST_WEEK = ("2026-11-23", "2026-11-29")


@pytest.mark.parametrize("text", [
    "How much did I walk while I was ill last week?",
    "What did I manage while I was under the weather last week?",
    "How did my step count hold up when I was sick in late November?",
    "How many steps did I do while I was poorly at the end of last month?",
])
def test_a_period_named_beside_an_illness_picks_the_time_in_it(storied, text):  # noqa: F811
    assert named_days(storied, text, now=NOW) == [COLD]


def test_without_a_period_the_illness_keeps_its_usual_reading(storied):  # noqa: F811
    assert named_days(storied, "How much did I walk when I was ill?", now=NOW) == [FLU]


def test_periods_set_side_by_side_do_not_date_the_event(storied):  # noqa: F811
    got = named_days(storied, "How did last week compare with when I was ill?", now=NOW)
    assert FLU in got and LAST_WEEK in got and COLD not in got


def test_a_single_day_named_does_not_pick_the_time(storied):  # noqa: F811
    # (the day is asked about beside the event, not the event's time)
    got = named_days(storied, "steps on 25 November and when I was ill", now=NOW)
    assert FLU in got


@pytest.mark.parametrize("text, word", [
    ("How low did my steps go while I was poorly?", "poorly"),
    ("what were my steps whilst I was unwell", "unwell"),
    ("how many steps while I was ill", "ill"),
])
def test_while_i_was_ill_is_a_state_as_when_is(text, word):
    assert [(p.relation, p.words) for p in events.event_phrases(text)] == [("during", word)]


def test_while_i_was_doing_something_names_no_event():
    assert events.event_phrases("what were my steps while I was resting up") == []


def test_while_i_was_poorly_is_the_illness(storied):  # noqa: F811
    assert named_days(storied, "How low did my steps go while I was poorly?", now=NOW) == [FLU]


RAISED = ("2026-11-02", "2026-11-22")  # goal_home: 12,000 from 2 to 22 November


@pytest.mark.parametrize("text", [
    "How did I do with the 12k goal?",
    "What did my steps look like on the 12,000 target?",
    "How did I cope with the raised target?",
    "How did I do while the target was higher?",
    "How many days did I hit the target when it was 12,000?",
    "How many steps did I average while I was chasing 12k?",
    "How did I get on during the 12k weeks?",
    "How did the 12,000 step challenge go?",
    "How many days did I hit my goal in the 12k period?",
])
def test_the_goals_run_said_other_ways(goal_home, text):  # noqa: F811
    assert named_days(goal_home, text, now=NOW) == [RAISED]


@pytest.mark.parametrize("text", [
    "Saturday 31st October, was I over my 10k goal and by how much?",
    "The 2 nov was the first day with the bigger goal. I reached it or not?",
])
def test_a_goal_passed_or_a_day_of_it_is_not_its_run(goal_home, text):  # noqa: F811
    assert RAISED not in named_days(goal_home, text, now=NOW)


@pytest.mark.parametrize("text", [
    "I had a cold last week, how low did my steps go?",
    "Last week I was ill, what were my daily steps?",
    "last week i had a stinking cold - how did the days look?",
    "I was sick last week. What were my steps?",
])
def test_an_illness_told_with_its_week_is_its_days(storied, text):  # noqa: F811
    assert named_days(storied, text, now=NOW) == [COLD]


@pytest.mark.parametrize("text, phrases", [
    ("I came down with the flu, how many steps did I manage?", [("during", "flu")]),
    ("I had a cold shower last week", []),
    ("since I had the flu how many steps", [("since", "flu")]),
    ("the week I was ill, steps?", [("the week of", "ill")]),
])
def test_an_illness_told_or_a_time_said_by_its_relation(text, phrases):
    assert [(p.relation, p.words) for p in events.event_phrases(text)] == phrases


def test_the_week_where_i_had_the_cold_is_the_week(storied):  # noqa: F811
    text = "how many steps did i do last week? the one where i had the cold"
    assert LAST_WEEK in named_days(storied, text, now=NOW)


@pytest.mark.parametrize("text", [
    "How did I do against the 12k target?",
    "12k target period - average?",
    "How did the raised goal go for me?",
    "what did my steps look like when you upped my goal for the race",
    "How many times did I hit 12,000 while it was my target?",
    "How many days did I hit 12k when that was my goal?",
    "How many days did I hit the 12k target?",
    "When the goal was at its highest, how did I do?",
])
def test_a_goal_named_loosely_is_its_run(goal_home, text):  # noqa: F811
    assert named_days(goal_home, text, now=NOW) == [RAISED]


@pytest.mark.parametrize("text", [
    "Am I on track for my 10k goal today?",
    "When did my target go back down to 10k?",
    "Saturday 31st October, was I over my 10k goal?",
    "How did I do against the 12k target on 10 November?",
])
def test_a_goal_of_now_or_a_change_asked_about_is_not_a_run(goal_home, text):  # noqa: F811
    got = named_days(goal_home, text, now=NOW)
    assert RAISED not in got and ("2026-11-23", "2026-12-02") not in got


@pytest.mark.parametrize("text", [
    "finally shaken off that cold from end of last month. how low did my steps go while i had "
    "it?",
    "what did you tell me to do with that stinking head cold, and how low did my steps go "
    "those three days",
    "how did my illness in late November go in terms of steps?",
    "Might you remind me how my period of indisposition in late November went, in terms of my "
    "walking?",
])
def test_the_illness_named_before_or_by_how_it_went_is_its_days(storied, text):  # noqa: F811
    assert named_days(storied, text, now=NOW) == [COLD]


def test_those_couple_of_weeks_the_goal_was_up_dated_by_a_month(goal_home):  # noqa: F811
    text = "those couple of weeks my target was up at 12k in november, how often did i hit it"
    assert named_days(goal_home, text, now=NOW) == [RAISED]


def test_my_best_week_against_my_worst_one_is_both(weeks):  # noqa: F811
    got = named_days(weeks, "how did my best week compare to my worst one? the totals?",
                     now=NOW)
    assert got == [("2026-10-19", "2026-10-25"), ("2026-11-02", "2026-11-08")]


def test_fresh_runners_are_shoes():
    assert read_phrases("should i grab fresh runners") == "should i grab new shoes"


SHOES = [("2026-09-05", "Bought new trail shoes to replace the worn road pair."),
         ("2026-10-31", "Parkrun personal best at the lake: 26:40."),
         ("2026-10-08", "Porto trip with Sam, Thu 8 to Tue 13 October."),
         ("2026-10-13", "Home from Porto, legs tired.")]


@pytest.fixture
def shoes(conn):
    _steps_and_lines(conn, SHOES)
    return conn


@pytest.mark.parametrize("text, day", [
    ("I should like to know how active I was on the occasion on which I purchased new "
     "footwear.", "2026-09-05"),
    ("the Saturday on which I at last ran my fastest parkrun: how many steps?", "2026-10-31"),
])
def test_the_occasion_or_weekday_on_which_is_the_day_of_it(shoes, text, day):
    assert named_days(shoes, text, now=NOW) == [(day, day)]


def test_since_my_return_from_the_trip_is_since_it(shoes):
    got = named_days(shoes, "Since my return from the trip to Porto, what is my average?",
                     now=NOW)
    assert got == [("2026-10-14", "2026-12-02")]


@pytest.mark.parametrize("text", [
    "How bad were my steps last week with the cold?",
    "what were my steps during last week's cold?",
    "how did I do last week with my head cold?",
    "my steps with that cold at the end of last month?",
])
def test_an_illness_named_with_a_time_beside_it_is_its_days(storied, text):  # noqa: F811
    assert named_days(storied, text, now=NOW) == [COLD]


@pytest.mark.parametrize("text", [
    "how did I do out in the cold last week?",
    "When did the cold get me last week, and how long was I out?",
    "what did you say about running with the cold?",
])
def test_an_illness_asked_when_or_undated_or_the_weather_names_no_days(text):
    assert events.event_phrases(text) == []


def test_those_two_days_ending_the_question_are_the_weekend_the_remark_named(storied):  # noqa: F811
    text = "Two weekends ago I felt like a gazelle. Was I actually moving much those two days?"
    assert named_days(storied, text, now=NOW) == [("2026-11-21", "2026-11-22")]


def test_a_park_turned_into_a_lake_is_flooded():
    assert read_phrases("the day the park turned into a lake") == "the day the park flooded"


def test_squishy_shoes_are_cushioned_like_pillows():
    assert {"cushioned", "pillows"} <= set(expand("squishy"))


def test_my_most_sluggish_week_is_the_worst(weeks):  # noqa: F811
    assert named_days(weeks, "which was my most sluggish week for steps?", now=NOW) == [
        ("2026-11-02", "2026-11-08")]


@pytest.mark.parametrize("text, day", [
    ("day Sam and I flew to Porto - what were my steps?", "2026-09-24"),
    ("day i had the flu - steps?", "2026-10-12"),
])
def test_a_texters_bare_day_opening_the_message_is_the_day_of_it(storied, text, day):  # noqa: F811
    assert (day, day) in named_days(storied, text, now=NOW)


@pytest.mark.parametrize("text, read", [
    ("day biscuit cut his paw - steps?", "the day biscuit cut his paw - steps?"),
    ("wk the park flooded, total?", "the week the park flooded, total?"),
    ("day 2 in porto, steps?", "day 2 in porto, steps?"),
])
def test_a_bare_day_opening_the_message_is_given_its_the(text, read):
    assert as_read(text) == read


@pytest.mark.parametrize("text, first, last", [
    ("What did I do over the Halloween weekend?", "2026-10-31", "2026-11-01"),  # a Saturday
    ("bonfire night weekend steps", "2026-11-07", "2026-11-08"),  # a Thursday: the one after
    ("the good friday weekend", "2026-04-03", "2026-04-05"),
])
def test_a_named_days_weekend_is_the_weekend_beside_it(text, first, last):
    assert [(s.start.isoformat(), s.end.isoformat())
            for s in named_spans(text, NOW.date())] == [(first, last)]


HALLOWEEN = ("2026-10-31", "2026-10-31")


@pytest.mark.parametrize("text, spans", [
    ("steps on the 31st and the 1st?", [HALLOWEEN, ("2026-11-01", "2026-11-01")]),
    ("the 31st & 1st", [HALLOWEEN, ("2026-11-01", "2026-11-01")]),
    ("the 28th to the 3rd", [("2026-10-28", "2026-11-03")]),
    ("the 21st and 22nd", [("2026-11-21", "2026-11-21"), ("2026-11-22", "2026-11-22")]),
    ("the 1st to the 7th", [("2026-11-01", "2026-11-07")]),
])
def test_bare_ordinals_across_a_months_end_are_read_in_order(text, spans):
    today = datetime(2026, 12, 2).date()
    assert [(s.start.isoformat(), s.end.isoformat()) for s in named_spans(text, today)] == spans


@pytest.mark.parametrize("text", [
    "What were me total 3 weeks ago, Monday to Sunday like?",
    "3 weeks ago, Monday to Sunday, how did I do?",
])
def test_n_weeks_ago_monday_to_sunday_is_that_week(text):
    assert [(s.start.isoformat(), s.end.isoformat())
            for s in named_spans(text, datetime(2026, 12, 3).date())] == [
        ("2026-11-09", "2026-11-15")]


@pytest.mark.parametrize("text, read", [
    ("When me knee played up again after t'race", "When my knee played up again after the race"),
    ("round t'park", "round the park"),
    ("can't and don't", "can't and don't"),
])
def test_a_northern_t_apostrophe_is_the(text, read):
    assert spelled_out(text) == read


@pytest.mark.parametrize("text, read", [
    ("Steps on A race day?", "Steps on race day?"),
    ("How did the A race go?", "How did the race go?"),
])
def test_a_club_runners_a_race_is_the_race(text, read):
    assert read_phrases(text) == read


def test_a_named_days_weekend_asked_within_it_has_only_its_days_gone():
    # (on Sunday 1 November, the Saturday; on the Saturday itself, no day before today and no
    # span ending before it starts)
    got = named_spans("how was the Halloween weekend?", datetime(2026, 11, 1).date())
    assert [(s.start.isoformat(), s.end.isoformat()) for s in got] == [
        ("2026-10-31", "2026-10-31")]
    assert all(s.start <= s.end for s in named_spans("how's the Halloween weekend going?",
                                                      datetime(2026, 10, 31).date()))
