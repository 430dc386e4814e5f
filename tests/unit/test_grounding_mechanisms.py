"""Round-5 mechanisms of the checker (generalised from a labeller the rules were not tuned
on), one test each: a true number that must pass and a wrong one that must be flagged."""

from __future__ import annotations

import pytest

from coach_tui.memory.block import HEADER as MEMORY_HEADER
from tests.support import number_outcome
from tests.unit.test_grounding import REQUEST, request

TARGET = request("I want 75,000 steps this week. How do I get there?")


def outcome(reply: str, number: str, req=TARGET) -> str:
    return number_outcome(reply, number, req)


@pytest.mark.parametrize("reply, number, expected", [
    # a difference of two numbers the reply has just shown true (75,000 − 8,000)
    ("Monday's 8,000 is already banked, leaving 67,000 of your 75,000.", "67,000",
     "computed"),
    ("Monday's 8,000 is already banked, leaving 68,500 of your 75,000.", "68,500",
     "unsupported"),
    # a user's total shared over a stated count of days (75,000 ÷ 7 = 10,714)
    ("Your 75,000 over 7 days works out to about 10,700 a day.", "10,700", "computed"),
    ("Your 75,000 over 7 days works out to about 11,500 a day.", "11,500", "unsupported"),
    # the goal times a count of days (3 × 10,000)
    ("Over those 3 days you needed 30,000 to hit your 10,000 goal each day.", "30,000",
     "computed"),
    ("Over those 3 days you needed 40,000 to hit your 10,000 goal each day.", "40,000",
     "unsupported"),
])
def test_arithmetic_over_numbers_the_reply_states(reply, number, expected):
    assert outcome(reply, number) == expected


def test_a_number_worked_out_from_a_wrong_one_does_not_prove_it():
    # 9,143 is not Monday's (8,000) but last week's average: the 857 worked out from it
    # does not make it true
    reply = "Monday came in at 9,143, which is 857 short of the goal."
    assert outcome(reply, "9,143") == "unsupported"


@pytest.mark.parametrize("reply, number, expected", [
    # the Y of "X of Y days", in words too, is the period's count of days
    ("Last week you met the goal on three of seven days.", "seven", "quoted"),
    ("Last week you met the goal on three of the seven days.", "seven", "quoted"),
    ("Last week you met the goal on three of eight days.", "eight", "unsupported"),
])
def test_the_days_of_a_period_after_a_count_in_words(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # "N days ago", "N days of X, since <date>": a span already lived is a claim, not advice
    ("Best day I can see: 13,313 on Nov 8, 17 days ago.", "17", "computed"),
    ("Best day I can see: 13,313 on Nov 8, 16 days ago.", "16", "unsupported"),
    ("Nine days of soreness, since Monday the 16th, should be looked at.", "Nine",
     "computed"),
    ("Twelve days of soreness, since Monday the 16th, should be looked at.", "Twelve",
     "unsupported"),
])
def test_days_ago_and_since_a_date_are_reports(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # "an after-six walk": an hour as a compound adjective, read as the time it is
    ("You mentioned mornings are meetings, so you rely on an after-six walk.", "six",
     "quoted"),
    ("You mentioned mornings are meetings, so you rely on an after-eight walk.", "eight",
     "unsupported"),
])
def test_an_hour_written_as_a_compound_adjective(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # a bound ("within", "under ... from") holds for every day its clause names
    ("Sunday's 9,100 came within a thousand steps of the line.", "a thousand", "computed"),
    ("Sunday's 9,100 and Monday's 8,000 both came within a thousand steps of the line.",
     "a thousand", "unsupported"),
    ("Sunday's 9,100 was under 1,000 from the goal.", "1,000", "computed"),
    ("Monday's 8,000 was under 1,000 from the goal.", "1,000", "unsupported"),
])
def test_a_bound_holds_for_each_day_it_names(reply, number, expected):
    assert outcome(reply, number, REQUEST) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # "from Nov 16 to 22": a range of dates (the month covers both ends), not a change
    ("Just under ten thousand: 9,143 a day from Nov 16 to 22.", "Nov 16 to 22", "quoted"),
    ("Just under ten thousand: 9,143 a day from Nov 16 to 22.", "9,143", "quoted"),
    ("Just under ten thousand: 9,143 a day from Nov 16 to 17.", "Nov 16 to 17",
     "unsupported"),
])
def test_a_date_range_after_from(reply, number, expected):
    assert outcome(reply, number, REQUEST) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # "the 13th": a date the request states in this month, the last or the next (Dec 13)
    ("With the 10k on the 13th, keep the knee happy.", "13th", "quoted"),
    ("You noted the 10k with Ana is on the 12th.", "12th", "unsupported"),
])
def test_a_bare_day_of_the_month_near_now(reply, number, expected):
    assert outcome(reply, number, REQUEST) == expected


NOVEMBER = request("How did November go?", context=None, snapshot=MEMORY_HEADER + "\n".join([
    "- 30-day average: 9,494 steps/day (2026-11-01 to 2026-11-30)",
    "- goal met on 13 of the last 30 days (2026-11-01 to 2026-11-30)",
]))


@pytest.mark.parametrize("reply, number, expected", [
    # "November" names a stated window that is that whole month (Nov 1-30)
    ("It closed out a November in which you met the goal on 13 of 30 days.", "13", "quoted"),
    ("It closed out a November in which you met the goal on 15 of 30 days.", "15",
     "unsupported"),
])
def test_a_month_name_means_a_window_that_is_that_month(reply, number, expected):
    assert outcome(reply, number, NOVEMBER) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # a percentage right after "X of Y" is X ÷ Y: 10 of 30 is 33%, not last week's 3 of 7
    ("Goal days: 10 of 30, so 33%.", "33%", "computed"),
    ("Goal days: 10 of 30, so 43%.", "43%", "unsupported"),
    ("That is 10 of 30 days, or 43%.", "43%", "unsupported"),
    # of numbers that are not true, the share is not true either
    ("Goal days: 12 of 30, so 40%.", "40%", "unsupported"),
])
def test_a_share_is_of_the_x_of_y_just_written(reply, number, expected):
    assert outcome(reply, number, REQUEST) == expected


SAME_AVERAGE = request(snapshot=MEMORY_HEADER + "\n".join([
    "- 7-day average: 9,904 steps/day (2026-11-18 to 2026-11-24)",
    "- 30-day average: 9,904 steps/day (2026-10-26 to 2026-11-24)",
]), context=None)


@pytest.mark.parametrize("reply, number, expected", [
    # a ratio of two facts stands for a multiple ("1.0 times"), never for a count
    ("Your 7-day average is 1.0 times your 30-day average.", "1.0", "computed"),
    ("You met the goal on 3 days versus 1.", "1", "unsupported"),
])
def test_a_ratio_is_a_multiple_not_a_count(reply, number, expected):
    assert outcome(reply, number, SAME_AVERAGE) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # "that keeps / extends / takes the streak to N": a consequence, the streak + 1
    ("You need 8,796 more. That keeps the streak going at 5 days.", "5", "computed"),
    ("You need 8,796 more. That keeps the streak going at 6 days.", "6", "unsupported"),
])
def test_a_consequence_verb_looks_ahead_one_day(reply, number, expected):
    assert outcome(reply, number, REQUEST) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # an imperative clause after a condition suggests, whatever its verb ("spread", "move")
    ("If a day falls short, spread the missing 3,400 over the next evenings.", "3,400",
     "advice"),
    ("If Friday fills up, move 3,400 of it to Saturday's walk.", "3,400", "advice"),
    # a report with the same number stays a claim
    ("Last week you fell short by 3,400.", "3,400", "unsupported"),
])
def test_an_imperative_after_a_condition_is_advice(reply, number, expected):
    assert outcome(reply, number, REQUEST) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # "flat, 20-minute walks": a duration adjective on a plural activity is generic
    ("For this week: flat, 20-minute walks, and no running until it settles.", "20",
     "advice"),
    # unless its own clause reports
    ("You did 25-minute walks every day last week.", "25", "unsupported"),
])
def test_a_duration_on_plural_walks_is_generic(reply, number, expected):
    assert outcome(reply, number, REQUEST) == expected
