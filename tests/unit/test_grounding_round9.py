"""Round-9 mechanisms of the checker (generalised by cause from the ninth labeller's replies
and causes that recur across writers), one test each: a number that must keep its outcome and
one that must change."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check
from tests.unit.test_grounding_round7 import outcome, real


@pytest.mark.parametrize("reply, expected", [
    # week 47 (request_01) met the goal on 1 day: "twice" claims 2
    ("You reached 10,000 twice in week 47.", "unsupported"),
    ("Against the 10,000 goal you landed on target twice in week 47.", "unsupported"),
])
def test_twice_is_a_count_of_times(reply, expected):
    assert outcome(reply, "twice", real("request_01.json")) == expected


@pytest.mark.parametrize("reply", [
    "Your best day had twice as many steps as your worst.",
    "Walk twice a week at lunch.",
    "Think twice before you skip the lunch walk.",
])
def test_twice_as_a_ratio_or_a_rate_is_not_a_count(reply):
    assert not [m for m in check(reply, real("request_01.json")) if m.text == "twice"]


@pytest.mark.parametrize("reply, number, expected", [
    ("In week 47 you met the goal on only one day.", "one", "computed"),
    ("In week 47 you met the goal on just one day out of seven.", "one", "computed"),
    # the whole after "out of" is the days of the week, not a count of goal days
    ("In week 47 you met the goal on just one day out of seven.", "seven", "computed"),
    # request_01 states 1 goal day: "only two" is wrong
    ("In week 47 you met the goal on only two days.", "two", "unsupported"),
])
def test_one_limited_or_compared_is_a_count(reply, number, expected):
    assert outcome(reply, number, real("request_01.json")) == expected


@pytest.mark.parametrize("reply", [
    "One thing to try: a lunch walk.",
    "Pick one day this week for a longer walk.",
    "That's the one I'd keep.",
    # a gap of one is left to the request's own operations
    "You were just one goal day short of four.",
])
def test_one_as_a_pronoun_or_article_is_not_read(reply):
    assert not [m for m in check(reply, real("request_01.json")) if m.text == "one"]


@pytest.mark.parametrize("reply, expected", [
    # request_08 states last week (Nov 23-29) met the goal on 3 days: "hit it" is the goal
    ("In the last week alone you hit it 4 times.", "unsupported"),
    ("In the last week alone you hit it 3 times.", "computed"),
])
def test_hit_it_n_times_counts_goal_days(reply, expected):
    number = reply.split("hit it ")[1].split()[0]
    assert outcome(reply, number, real("request_08.json")) == expected


@pytest.mark.parametrize("reply, expected", [
    # request_21 states this week so far (2 days): average 11,274/day
    ("This week you're averaging 11,274 over the first 2 days.", "computed"),
    ("This week you're averaging 11,900 over the first 2 days.", "unsupported"),
])
def test_over_the_first_n_days_is_a_span_not_a_gap(reply, expected):
    number = reply.split("averaging ")[1].split()[0]
    assert outcome(reply, number, real("request_21.json")) == expected


@pytest.mark.parametrize("reply, expected", [
    # request_03: Sunday 11,470, 30-day average 9,548: +20.1%
    ("Yesterday went well: 11,470 steps on Sunday, about 1,500 over the 10,000 goal. That's "
     "20% above your 30-day average of 9,548.", "computed"),
    ("Yesterday went well: 11,470 steps on Sunday, about 1,500 over the 10,000 goal. That's "
     "35% above your 30-day average of 9,548.", "unsupported"),
])
def test_thats_a_change_of_the_day_before_against_a_named_base(reply, expected):
    number = reply.split("That's ")[1].split()[0]
    assert outcome(reply, number, real("request_03.json")) == expected


@pytest.mark.parametrize("reply, expected", [
    # request_23 reviews week 48 (ends Sun Nov 29); the 10k is on Dec 13: 14 days later
    ("With the 10k on Dec 13 two weeks after this one ends, steady weeks matter.", "computed"),
    ("With the 10k on Dec 13 five weeks after this one ends, steady weeks matter.",
     "unsupported"),
])
def test_a_review_counts_weeks_from_the_end_of_the_reviewed_week(reply, expected):
    number = reply.split("Dec 13 ")[1].split()[0]
    assert outcome(reply, number, real("request_23.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_15 (Tue Dec 1): the user's 75,000 week, Monday 9,237: 65,763 over six days
    ("With Monday at 9,237, you need 65,763 more, roughly 11k a day from today to Sunday.",
     "11k", "computed"),
    ("With Monday at 9,237, you need 65,763 more, roughly 13k a day from today to Sunday.",
     "13k", "unsupported"),
    ("Monday gave you 9,237, so the remaining 65,763 works out to about 10,960 a day.",
     "10,960", "computed"),
])
def test_what_is_left_of_a_weekly_target_is_about_the_days_left(reply, number, expected):
    assert outcome(reply, number, real("request_15.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_04 (Mon Nov 30, 812 so far; last week 69,329): a full week at goal is 70,000
    ("You were only 671 short of a full 70,000 week.", "70,000", "computed"),
    ("You were only 671 short of a full 75,000 week.", "75,000", "unsupported"),
    # matching last week: 69,329 − 812 this week so far; "by Sunday" is a deadline
    ("To match it you need another 68,517 steps by Sunday night.", "68,517", "computed"),
    ("To match it you need another 61,517 steps by Sunday night.", "61,517", "unsupported"),
])
def test_a_week_at_goal_and_what_is_left_to_match_a_week(reply, number, expected):
    assert outcome(reply, number, real("request_04.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_17 has no line for Nov 19: its 9,494 is the 30-day average, so "506 short" is
    # worked out from a number the reply got wrong
    ("Nov 19 came in at 9,494 steps, right on your November average and 506 short of the "
     "goal.", "506", "unsupported"),
    # the same gap of the average itself stays true
    ("Your 30-day average is 9,494, 506 short of the goal.", "506", "computed"),
])
def test_a_number_worked_out_from_a_wrong_one_is_wrong(reply, number, expected):
    assert outcome(reply, number, real("request_17.json")) == expected


def test_a_gap_that_names_the_facts_it_is_of_keeps_them():
    # request_10: best 12,028 (Wed) and lowest 7,651 (Thu), here given the wrong days
    reply = ("The best day was Sunday at 12,028 and the low point was Tuesday at 7,651, a "
             "spread of about 4,400 between your best and worst days.")
    assert outcome(reply, "4,400", real("request_10.json")) == "computed"


@pytest.mark.parametrize("reply, number, expected", [
    # request_10: 3 goal days in the last 7, 9,377 today: today at goal makes it 4 of 8
    ("Tonight you're at 9,377, so 623 more makes it four in the last 8 days.", "four",
     "computed"),
    ("You are at 9,377, so 623 more makes it six in the last 8 days.", "six",
     "unsupported"),
])
def test_a_count_in_the_last_n_days_counts_days(reply, number, expected):
    assert outcome(reply, number, real("request_10.json")) == expected


def test_a_count_over_some_listed_days_needs_them_named():
    # request_08 lists Nov 23-29 (3 goal days): "4 times" is not the length of Mon-Thu
    reply = "In the last week alone you hit it 4 times."
    assert outcome(reply, "4", real("request_08.json")) == "unsupported"


@pytest.mark.parametrize("reply, number, expected", [
    # a sentence that opens on a verb and "it" is an imperative: a plan
    ("Front-load it: 3,000 before lunch, 4,000 at lunch, the rest after six.", "4,000",
     "advice"),
    # ...not a past tense ("Made it") or a pronoun's verb
    ("Made it to 14,000 on Sunday.", "14,000", "unsupported"),
    # "and see how it feels": an imperative after a comma
    ("A stepping stone: 11,000 on weekdays for the first half of December, and see how it "
     "feels.", "11,000", "advice"),
])
def test_an_imperative_opening_plans(reply, number, expected):
    assert outcome(reply, number, real("request_13.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_05 states the best day 12,993 (Nov 7) and last week's best 12,028
    ("Your best day is 12,028 steps.", "12,028", "unsupported"),
    ("Your best day is 12,993 steps.", "12,993", "quoted"),
    # a week named: that week's best
    ("Last week your best day was 12,028 steps.", "12,028", "quoted"),
])
def test_your_best_day_is_the_record_not_a_weeks(reply, number, expected):
    assert outcome(reply, number, real("request_05.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_12 (Mon Nov 30): the soreness since the 19th is 11 days, about a week and a half
    ("Soreness since the 19th, nearly three weeks now, is long enough that I'd want a physio "
     "to look at it.", "three", "unsupported"),
    ("Soreness since the 19th, 11 days now, is long enough that I'd want a physio "
     "to look at it.", "11", "computed"),
])
def test_weeks_now_is_a_span_lived(reply, number, expected):
    assert outcome(reply, number, real("request_12.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_23 reviews week 48 (its 7-day window): "last week" there is the reviewed week,
    # and its figures keep the week's own arithmetic (goal × 7 − total)
    ("Last week came to 69,329 steps, about 671 short of 70,000.", "671", "computed"),
    ("Last week came to 69,329 steps, about 671 short of 70,000.", "70,000", "computed"),
    # "the week before" heading the clause is the week before the reviewed one: not stated
    ("The week before you averaged 9,904.", "9,904", "unsupported"),
    ("This week you averaged 9,904.", "9,904", "quoted"),
])
def test_weeks_in_a_review_and_the_week_before(reply, number, expected):
    assert outcome(reply, number, real("request_23.json")) == expected


@pytest.mark.parametrize("reply, expected", [
    # request_23: Wed 12,028 and Sun 11,470 are over 11,000; only Wed is over 12,000
    ("Twice this week you topped 11,000.", "computed"),
    ("You went over 11,000 twice this week.", "computed"),
    ("Twice this week you topped 12,000.", "unsupported"),
])
def test_twice_past_a_mark_counts_the_days_past_it(reply, expected):
    found = [m for m in check(reply, real("request_23.json")) if m.text.lower() == "twice"]
    assert found[0].outcome == expected


@pytest.mark.parametrize("reply", [
    "Saturday it dropped to 4,100.",
    "Overall it was a good week: 4,100 steps a day.",
])
def test_a_day_or_adverb_before_it_is_no_imperative(reply):
    assert outcome(reply, "4,100", real("request_13.json")) == "unsupported"


def test_a_count_over_the_last_days_listed_stays_true():
    # request_04: Fri met, Sat missed, Sun met
    reply = "You met the goal on 2 of the last 3 days."
    assert outcome(reply, "2", real("request_04.json")) == "computed"


@pytest.mark.parametrize("reply, number, expected", [
    # request_01 reviews week 47 (average 8,111; 30-day 9,505): "this week" is that week
    ("Your 30-day average of 9,505 is what a normal week looks like, so this week sat about "
     "1,400 a day below that.", "1,400", "computed"),
    # and "your best day this week" is that week's best (11,203), not the 30 days' (12,993)
    ("Your best day this week was 12,993.", "12,993", "unsupported"),
])
def test_this_week_in_a_review_is_the_reviewed_week(reply, number, expected):
    assert outcome(reply, number, real("request_01.json")) == expected
