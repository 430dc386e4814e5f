"""Round-8 mechanisms of the checker (generalised by cause from an eighth labeller's replies
and the causes that recur across the fifth to eighth), one test each: a number that must keep
its outcome and one that must change."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check
from tests.unit.test_grounding_round7 import outcome, real


@pytest.mark.parametrize("reply, number, expected", [
    # the next item of a list whose item before suggests is advice too
    ("Two walks: 40 minutes at lunch and 35 after six.", "35", "advice"),
    ("A 45-minute walk this afternoon, or two 25-minute ones, would about cover it.", "two",
     "advice"),
    # ...unless the words between report what happened
    ("Try a 20-minute walk, and you walked 35 yesterday.", "35", "unsupported"),
    # a number alone, after no suggestion, stays a claim
    ("You did 40 minutes at lunch and 35 after six.", "35", "unsupported"),
])
def test_a_lists_next_item_after_a_suggestion_is_advice(reply, number, expected):
    assert outcome(reply, number, real("request_06.json")) == expected


@pytest.mark.parametrize("reply, expected", [
    ("7:45 to 8:45: a brisk hour before the first call.\n5:15: another 30 minutes.", "advice"),
    # one line labelled with a time, alone, is not a schedule
    ("Nothing much happened.\n5:15: another 30 minutes.", "unsupported"),
])
def test_lines_labelled_with_clock_times_are_a_schedule(reply, expected):
    assert outcome(reply, "30", real("request_07.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # the request (a review of week 48) states nothing of the week before: not rescued by the
    # streak's 1 or any other 1 it states
    ("Week 48 was a real step up: 69,329 steps, up from 8,111 the week before, and 3 goal "
     "days instead of 1.", "1", "unsupported"),
    ("Week 48 was a real step up: 69,329 steps, up from 8,111 the week before, and 3 goal "
     "days instead of 1.", "8,111", "unsupported"),
    # the number the sentence is about keeps its own week
    ("Week 48 was a real step up: 69,329 steps, up from 8,111 the week before, and 3 goal "
     "days instead of 1.", "3", "computed"),
    # "instead of" in a plan still suggests
    ("A good target for this week: meet the goal on 6 days instead of 5.", "5", "advice"),
])
def test_a_number_of_the_week_before_must_be_that_weeks(reply, number, expected):
    assert outcome(reply, number, real("request_23.json")) == expected


@pytest.mark.parametrize("reply, expected", [
    # a change "on the week before" is not a difference between two days of the week itself
    ("9,904 a day over the last 7 days, up about 1,800 on the week before.", "unsupported"),
    ("Wednesday's 12,028 was about 1,800 above Friday's 10,269.", "computed"),
])
def test_a_change_on_the_week_before_needs_that_week(reply, expected):
    assert outcome(reply, "1,800", real("request_10.json")) == expected


@pytest.mark.parametrize("req, reply, number, expected", [
    # the request states no October: "October: 13" is not November's 13 (the last "13")
    ("request_18.json", "November: goal met on 13 of 30 days. October: 13 of 31, so you were "
     "consistent even though November's average was higher.", "13", "unsupported"),
    # a name after "up ... from last week:" labels nothing: the number is this week's
    ("request_21.json", "Your average is up about 12% from last week: 11,274 a day so far this "
     "week against 9,904 last week.", "11,274", "computed"),
])
def test_a_period_name_labelling_its_sentence_binds_across_the_colon(req, reply, number,
                                                                     expected):
    found = [m.outcome for m in check(reply, real(req)) if m.text == number]
    assert found[-1] == expected


@pytest.mark.parametrize("reply, expected", [
    # the request states a 1-day streak: a named streak of 3 is not "2 goal days + today"
    ("Sunday and Tuesday cleared the goal, and Tuesday brings your streak to 3 days.",
     "unsupported"),
    # "make it 3" names no streak: the count of goal days with today's may be meant
    ("Sunday and Tuesday cleared the goal; one more goal day would make it 3.", "computed"),
])
def test_a_named_streak_is_the_stated_streak_not_goal_days_plus_today(reply, expected):
    found = [m.outcome for m in check(reply, real("request_20.json")) if m.text == "3"]
    assert found == [expected]


@pytest.mark.parametrize("reply, expected", [
    # a place in a run of goal days is a claim even in a sentence that goes on to suggest
    ("That's your third goal day in a row, so keep it going today.", "unsupported"),
    # a size in a suggestion stays advice
    ("Keep it going today with a third walk after dinner.", "advice"),
])
def test_a_place_in_a_run_of_goal_days_is_a_claim(reply, expected):
    found = [m.outcome for m in check(reply, real("request_03.json")) if m.text == "third"]
    assert found == [expected]


@pytest.mark.parametrize("per_day, expected", [("10,960", "computed"), ("11,960", "unsupported")])
def test_a_number_worked_out_is_an_operand_for_the_next(per_day, expected):
    # 65,763 is worked out from the 75,000 and 9,237 beside it; 10,960 from 65,763 ÷ six
    reply = (f"Your 75,000-step week: Monday's already banked: 9,237. That leaves 65,763 for "
             f"Tuesday through Sunday, which is about {per_day} a day over the six days left.")
    found = [m.outcome for m in check(reply, real("request_15.json")) if m.text == per_day]
    assert found == [expected]


@pytest.mark.parametrize("reply, expected", [
    # a topic the reader is told they may ask about is not a claim about the data
    ("If you ask about the week of Nov 16, the app should bring up each day.", "advice"),
    ("The week of Nov 16 was your best.", "unsupported"),
])
def test_a_topic_to_ask_about_is_advice(reply, expected):
    found = [m.outcome for m in check(reply, real("request_17.json")) if m.text == "Nov 16"]
    assert found == [expected]
