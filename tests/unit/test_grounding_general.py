"""General mechanisms of the checker, one test per rule: operations a coach reaches for
(a day against an average or the best, today's readings against each other, a count + 1),
bindings that must not attach the wrong fact, and fraction words of a ratio."""

from __future__ import annotations

import pytest

from tests.support import number_outcome
from tests.unit.test_grounding import REQUEST

TWO_READINGS = "\n".join([
    "Now: Wednesday 2026-11-25, 07:30. Today so far: 1,204 steps of a 10,000 goal.",
    "- Sun 2026-11-22: 9,100 steps, goal 10,000, not met",
    "Now: Wednesday 2026-11-25, 12:30. Today so far: 4,906 steps of a 10,000 goal.",
])


def outcome(reply: str, number: str, req=REQUEST) -> str:
    return number_outcome(reply, number, req)


@pytest.mark.parametrize("reply, number, expected", [
    # a stated day against an average: 12,245 − 9,486 = 2,759
    ("Saturday's 12,245 was 2,759 above your 7-day average.", "2,759", "computed"),
    ("Saturday's 12,245 was 2,900 above your 7-day average.", "2,900", "unsupported"),
    # a stated day against the best: 13,313 − 11,283 = 2,030
    ("Thursday's 11,283 was only 2,030 shy of your best day.", "2,030", "computed"),
    # a met count + 1: last week met on 3
    ("Last week you met it on 3 days; one more would make it 4.", "4", "computed"),
])
def test_operations_over_stated_values(reply, number, expected):
    assert outcome(reply, number) == expected


def test_todays_readings_against_each_other():
    assert outcome("You've added 3,702 since this morning's 1,204.", "3,702",
                   TWO_READINGS) == "computed"
    assert outcome("You've added 3,900 since this morning's 1,204.", "3,900",
                   TWO_READINGS) == "unsupported"


@pytest.mark.parametrize("reply, number, expected", [
    # "at 4" after a fact word is the fact's level, not an hour
    ("Your streak is at 4.", "4", "quoted"),
    ("Your streak is at 7.", "7", "unsupported"),
    # ordinals continuing a list of dates are dates
    ("You walked most on the 19th and 21st.", "21st", "quoted"),
    ("You walked most on the 19th, 21st and 28th.", "28th", "unsupported"),
    # a day's own value whatever fact word follows it
    ("Sunday's 9,100 is what pulled the average down.", "9,100", "quoted"),
    ("Sunday's 9,200 is what pulled the average down.", "9,200", "unsupported"),
    # "the last 8,796" is a remainder, not a window of days
    ("I'd stop rather than push for the last 8,796 today.", "8,796", "computed"),
    # a count of days is no one day's value
    ("As of the 24th your streak is 4 days.", "4", "computed"),
])
def test_bindings_attach_the_right_fact(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # another number sits between a day and this one: that day is the other number's
    ("Sunday's 9,100 or the 8,000 you did on Monday.", "8,000", "quoted"),
    ("Sunday's 9,100 or the 9,400 you did on Monday.", "9,400", "unsupported"),
    # a day right before a later number ("Monday's 8,000") is that number's
    ("Saturday, easily: 12,245 steps against Monday's 8,000.", "12,245", "quoted"),
    # a number in brackets belongs to the clause around the brackets
    ("The gap between your best (12,245) and your lowest (8,000) day was big.", "8,000",
     "computed"),
    # a period named in the clause wins over a day named in another clause
    ("On Saturday you cleared it, and last week averaged 9,143.", "9,143", "quoted"),
    # "from 8,387 over 30 days to 9,143 last week": the name before "to" is the number
    # before's
    ("Your average went from 8,387 in the last 30 days to 9,143 last week.", "9,143",
     "quoted"),
    # a level in brackets, whatever direction word is near
    ("A bit under an eighth of the way there (12%).", "12%", "computed"),
    ("A bit under an eighth of the way there (15%).", "15%", "unsupported"),
    # levels "from X% to Y%", whatever direction word is near
    ("Fewer misses: your goal rate went from 33% to 43%.", "43%", "computed"),
])
def test_day_period_and_direction_bindings(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # 12,245 ÷ 9,100 = 1.35: about a third more
    ("Saturday's 12,245 was roughly a third more than Sunday's 9,100.", "third", "computed"),
    # 11,283 ÷ 8,000 = 1.41: not a third more
    ("Thursday's 11,283 was a third more than Monday's 8,000.", "third", "unsupported"),
    # 10 of 30 days met: a third of them
    ("You met the goal on a third of the last 30 days.", "a third", "computed"),
])
def test_fraction_words_are_ratios_and_shares(reply, number, expected):
    assert outcome(reply, number) == expected


def test_sizes_in_a_list_under_a_colon_are_a_plan():
    reply = ("You're at 1,204. With mornings full of meetings:\n\n"
             "- Lunch: a 30-minute walk.\n- After six: 40 minutes, or two 20-minute loops.")
    assert outcome(reply, "40") == "advice"
    assert outcome(reply, "20") == "advice"


def test_a_weekday_line_ahead_is_a_plan_without_a_list_marker():
    reply = "Here is the week:\n\nThu: 11,000\nFri: 10,500\nSat: 12,500"
    assert outcome(reply, "10,500") == "advice"


def test_a_fact_word_before_a_number_names_that_number():
    # "average" heads 9,143, so 64,000 is not bound to the average
    assert outcome("To reach 64,000 you'd average about 9,143 a day.", "64,000") == "quoted"
