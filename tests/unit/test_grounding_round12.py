"""Round-12 mechanisms of the checker, one test each, in several writers' phrasings: a number
that must keep its outcome and one that must change (found on the twelfth labeller's set)."""

from __future__ import annotations

import pytest

from tests.unit.test_grounding_round7 import outcome, real


@pytest.mark.parametrize("reply, expected", [
    # request_09/12: Tue Nov 24 8,963, Wed Nov 25 12,028: Wednesday is the larger by 3,065
    ("Wednesday beat Tuesday by 3,065 steps.", "computed"),
    ("Last Tuesday beat Wednesday by 3,065 steps.", "unsupported"),
    ("Tuesday trailed Wednesday by 3,065.", "computed"),
    ("Wednesday trailed Tuesday by 3,065.", "unsupported"),
    ("Wednesday came in 3,065 steps ahead of Tuesday.", "computed"),
    ("Tuesday came in 3,065 steps ahead of Wednesday.", "unsupported"),
    ("On Tuesday you did 3,065 fewer than on Wednesday.", "computed"),
    ("On Wednesday you did 3,065 fewer than on Tuesday.", "unsupported"),
    ("Wednesday beat Tuesday comfortably, a gap of 3,065 steps.", "computed"),
    ("Tuesday beat Wednesday comfortably, a gap of 3,065 steps.", "unsupported"),
    # no side named: the gap between the two days either way
    ("Between Tuesday and Wednesday the gap was 3,065.", "computed"),
])
def test_a_gap_between_two_days_has_the_larger_count_on_the_day_that_leads(reply, expected):
    assert outcome(reply, "3,065", real("request_09.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_12: the last 7 days (Nov 23-29, last week on Monday Nov 30) average 9,904
    ("Your steps held up since the 19th: last week averaged 9,904.", "9,904", "quoted"),
    ("It has been sore since the 19th; last week you still averaged 9,904.", "9,904",
     "quoted"),
    ("Since the 19th you've kept moving, and last week you averaged 9,904.", "9,904",
     "quoted"),
    ("Your steps held up since the 19th: last week averaged 9,409.", "9,409", "unsupported"),
])
def test_a_number_whose_clause_names_its_period_is_not_over_a_span_since_a_date(
        reply, number, expected):
    assert outcome(reply, number, real("request_12.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_15: the user wants 75,000 this week; Monday Nov 30 was 9,237
    ("Monday already gave you 9,237, so 75,000 leaves 65,763 for the week.", "75,000",
     "quoted"),
    ("Monday came in at 9,237, and 75,000 minus that is 65,763.", "75,000", "quoted"),
    ("Monday already gave you 9,237, so 75,000 leaves 65,673 for the week.", "65,673",
     "unsupported"),
    # a count set against the day's count still answers to that day
    ("Monday gave you 9,237, comfortably under your 8,700.", "8,700", "unsupported"),
    ("Monday already gave you 9,237, so 57,000 leaves 47,763 for the week.", "57,000",
     "unsupported"),
])
def test_a_day_whose_own_clause_gives_its_count_does_not_bind_the_next_clause(
        reply, number, expected):
    assert outcome(reply, number, real("request_15.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_15: Monday 9,237 + 310 so far today = 9,547 this week; 75,000 − 9,547 = 65,453
    ("Monday's 9,237 plus the 310 you have this morning means 65,453 steps still to find.",
     "65,453", "computed"),
    ("With 9,547 on the board this week, you have 65,453 to go for 75,000.", "65,453",
     "computed"),
    ("Monday's 9,237 plus the 310 you have this morning means 65,543 steps still to find.",
     "65,543", "unsupported"),
    ("Monday's 9,237 plus the 310 you have this morning means 56,943 steps still to find.",
     "56,943", "unsupported"),
])
def test_a_weekly_target_less_the_week_so_far_is_computed(reply, number, expected):
    assert outcome(reply, number, real("request_15.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_15: this week so far is Monday's 9,237 + today's 310 = 9,547
    ("You have 9,547 so far this week.", "9,547", "computed"),
    ("With 9,547 on the board this week, you have 65,453 to go for 75,000.", "9,547",
     "computed"),
    ("You have 9,457 so far this week.", "9,457", "unsupported"),
])
def test_the_weeks_steps_so_far_are_a_sum_of_its_days(reply, number, expected):
    assert outcome(reply, number, real("request_15.json")) == expected


@pytest.mark.parametrize("reply, expected", [
    # request_09: Tue Nov 24 8,963 + Wed Nov 25 12,028 = 20,991 over the two days
    ("Tuesday and Wednesday came to 20,991 steps together.", "computed"),
    ("Tuesday and Wednesday came to about 20,991 steps a day.", "unsupported"),
])
def test_a_rate_a_day_is_not_the_sum_of_several_days(reply, expected):
    assert outcome(reply, "20,991", real("request_09.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_08: November so far met the goal on 13 of 29 days; "November's" is the month's
    ("Through yesterday, 13 of November's 29 days, about 45%.", "13", "quoted"),
    ("Through yesterday, 15 of November's 29 days, about 45%.", "15", "unsupported"),
    # a date written that way stays a date
    ("Your best day was 12,993 on the 7th of November.", "the 7th of November", "quoted"),
])
def test_a_count_of_a_months_days_is_no_date(reply, number, expected):
    assert outcome(reply, number, real("request_08.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_18: November 2026, 30 of 30 days recorded, goal met on 13 (the 30: the stated
    # 30-day window, Nov 1 to 30; it was once "computed" from days missed worked out of that
    # window's average line, which states no goal days: round 39)
    ("You met the goal on 13 of November's 30 days.", "30", "quoted"),
    ("Over November's 30 days you met the goal 13 times.", "30", "quoted"),
    ("You met the goal on 13 of November's 31 days.", "31", "unsupported"),
])
def test_the_days_of_a_named_month_are_its_length_not_its_goal_days(reply, number, expected):
    assert outcome(reply, number, real("request_18.json")) == expected


@pytest.mark.parametrize("reply, expected", [
    # request_18: November met the goal on 13 of 30 days = 43.3%; today is December 1st
    ("Taking November, since December only began today: 13 goal days out of 30, roughly "
     "43%.", "computed"),
    ("Taking November, since December only began today: 13 goal days out of 30, roughly "
     "34%.", "unsupported"),
])
def test_a_share_after_a_count_of_days_is_of_those_days_not_an_earlier_days(reply, expected):
    pct = "43%" if "43%" in reply else "34%"
    assert outcome(reply, pct, real("request_18.json")) == expected


@pytest.mark.parametrize("reply, expected", [
    # request_01: the week (Nov 16-22) averaged 8,111: (8,111 − 10,000) ÷ 10,000 = −18.9%
    ("You got there on Wednesday with 11,203 and Sunday with 9,257, and the week averaged "
     "8,111, roughly 19% under target.", "computed"),
    ("You got there on Wednesday with 11,203 and Sunday with 9,257, and the week averaged "
     "8,111, roughly 29% under target.", "unsupported"),
])
def test_a_gap_after_a_periods_figure_is_the_periods_not_an_earlier_days(reply, expected):
    pct = "19%" if "19%" in reply else "29%"
    assert outcome(reply, pct, real("request_01.json")) == expected
