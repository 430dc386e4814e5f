"""Round 39's rules: operations the checker did only in narrow frames, widened to the
operation (the tuning writers rdo and rdp split what is left of the goal in blocks; ram and rdh
count the days a per-day share of the week is over; rcc adds a planned walk to today's count).
Written in phrasings of our own; a wrong split, a count of days the calendar does not give and
a day's total the plan does not come to stay warned."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check
from tests.unit.test_grounding_round31 import mention, request


# request 13: Tuesday 1 December, 310 so far today, so 9,690 to the goal
@pytest.mark.parametrize("reply, number, outcome", [
    # so many parts, counted: what is left in three, to the hundred after "about"
    ("You're on 310, so 9,690 to go.\n\nThat breaks into three walks of about 3,230.",
     "3,230", "advice"),
    # the amount stated a few lines up, the parts of the plan below it
    ("9,690 to go.\nYou're on 310.\nTwo blocks of 4,845 would cover it.", "4,845", "advice"),
    # a size that is not what is left in as many parts as the words say
    ("You're on 310, so 9,690 to go.\n\nThat breaks into three walks of about 4,850.",
     "4,850", "unsupported"),
    # nothing stated that it is a part of
    ("Two blocks of 4,845 would cover it.", "4,845", "unsupported"),
    # an amount many lines away is not the one split
    ("9,690 to go.\nFirst line.\nSecond line.\nThird line.\nFourth line.\n"
     "Two blocks of 4,845 would cover it.", "4,845", "unsupported"),
])
def test_a_plans_parts_of_what_is_left(reply, number, outcome):
    assert mention(reply, 13, number).outcome == outcome


# request 15: Tuesday 1 December, 75,000 wanted for the week, Monday walked 9,237, so 65,763
# over Tuesday to Sunday (6 days); request 21: Wednesday 2 December, 46,781 more to beat
# last week over Wednesday to Sunday (5 days)
@pytest.mark.parametrize("reply, n, number, outcome", [
    ("Still needed: 65,763 (6 days, about 10,960 a day).", 15, "6", "computed"),
    ("Still needed: 65,763 (5 days, about 10,960 a day).", 15, "5", "unsupported"),
    ("Still needed to beat last week: 46,781 (5 days, about 9,356 a day).", 21, "5",
     "computed"),
    # 46,781 ÷ 6 is a share the request's numbers give, but Wednesday to Sunday is 5 days
    ("Still needed to beat last week: 46,781 (6 days, about 7,797 a day).", 21, "6",
     "unsupported"),
    ("To beat last week you need 46,781 more over the remaining six days, about 7,797 a day.",
     21, "six", "unsupported"),
])
def test_the_days_a_share_of_the_week_is_over(reply, n, number, outcome):
    assert mention(reply, n, number).outcome == outcome


# request 17: Tuesday 1 December, 7,645 so far today at 18:20
@pytest.mark.parametrize("reply, number, outcome", [
    ("You're on 7,645. A brisk loop of about 2,500 takes you to roughly 10,150.", "10,150",
     "advice"),
    ("You're on 7,645. A brisk loop of about 2,500 takes you to roughly 10,150.", "2,500",
     "advice"),
    ("- **After dinner:** about 2,500 on the flat loop, taking you to roughly 10,150", "10,150",
     "advice"),
    # today plus the plan's amount is not what it says the day comes to
    ("You're on 7,645. A brisk loop of about 2,500 takes you to roughly 11,150.", "11,150",
     "unsupported"),
    # what a walk did is no plan
    ("Your lunch loop of 2,500 took you to 10,145.", "10,145", "unsupported"),
])
def test_where_a_plan_takes_today(reply, number, outcome):
    assert mention(reply, 17, number).outcome == outcome


# request 20: Wednesday 2 December, a streak of 1 day through yesterday; request 10: Monday
# 30 November, a streak of 1 day through Sunday, 623 to go today
@pytest.mark.parametrize("reply, n, number, outcome", [
    ("Meeting this makes your streak 2.", 20, "2", "computed"),
    ("Meeting this makes your streak 3.", 20, "3", "unsupported"),
    ("A short walk now would close it and give you a two-day streak going into Tuesday.", 10,
     "two", "computed"),
    ("A short walk now would close it and give you a three-day streak going into Tuesday.", 10,
     "three", "unsupported"),
    # no doing of today's supposed: the streak as it stands, and it is 1
    ("Your streak is at 2 days and counting.", 20, "2", "unsupported"),
])
def test_the_streak_with_today_once_todays_doing_is_supposed(reply, n, number, outcome):
    assert mention(reply, n, number).outcome == outcome


# request 19: Tuesday 1 December, the user aims for 12k a day in December
@pytest.mark.parametrize("reply, number, outcome", [
    ("The month maths: 12,000 for 31 days is 372,000 steps.", "31", "computed"),
    ("- 31 days at 12,000 is 372,000 steps.", "31", "computed"),
    # 372,000 is 12k over 31 days, not over 28
    ("The month maths: 12,000 for 28 days is 372,000 steps.", "28", "unsupported"),
])
def test_the_days_a_rate_is_carried_over(reply, number, outcome):
    assert mention(reply, 19, number).outcome == outcome


# request 11: October met the goal on 13 of 31 days (41.9%), November so far on 13 of 29
# (44.8%)
@pytest.mark.parametrize("reply, number, outcome", [
    ("| | October | November |\n|---|---|---|\n| Goal met | 13 (41.9%) | 13 (44.8%) |\n\n"
     "- Same goal days, but a higher share: up 2.9 points.", "2.9", "computed"),
    ("| | October | November |\n|---|---|---|\n| Goal met | 13 (41.9%) | 13 (44.8%) |\n\n"
     "- Same goal days, but a higher share: up 4.9 points.", "4.9", "unsupported"),
    # its own sentence's two percentages are the ones its points are of
    ("Goal met on 41.9% of October and 44.8% of November.\n"
     "From 41.9% to 45.9% would be up 2.9 points.", "2.9", "unsupported"),
])
def test_points_between_two_shares_written_just_before(reply, number, outcome):
    assert mention(reply, 11, number).outcome == outcome


# request 10: the 7-day average 9,904, 96 under the 10,000 goal
@pytest.mark.parametrize("reply, number, outcome", [
    ("Your 7-day average was 9,904, 96 under your goal. The small win is closing those last "
     "96 a day.", "96", "computed"),
    ("Your 7-day average was 9,904, 96 under your goal. The small win is closing those last "
     "69 a day.", "69", "unsupported"),
])
def test_a_number_pointed_back_at_with_those_last(reply, number, outcome):
    assert [m.outcome for m in check(reply, request(10)) if m.text == number][-1] == outcome


# request 19: a 30-day average line (no goal days stated) and "goal met on 13 of the last 30
# days": 17 missed; nothing is worked out from goal days the average line does not state
@pytest.mark.parametrize("reply, number, outcome", [
    ("You missed the goal on 30 of the last 30 days.", "30", "unsupported"),
    ("You missed the goal on 17 of the last 30 days.", "17", "computed"),
    ("You missed the goal on 7 days out of 7.", "7", "unsupported"),
])
def test_no_goal_days_are_worked_out_of_an_average_line(reply, number, outcome):
    assert [m.outcome for m in check(reply, request(19)) if m.text == number][0] == outcome


# request 10: the 7 days Mon 23 to Sun 29 November met the goal on 3
@pytest.mark.parametrize("reply, number, outcome", [
    ("Over the last 7 days you had 3 goal days.", "3", "computed"),
    ("Over the last 7 days you had 1 goal day.", "1", "unsupported"),
    ("Last week you met the goal on three days out of seven.", "three", "computed"),
    ("Last week you met the goal on one day out of seven.", "one", "unsupported"),
])
def test_a_count_of_goal_days_is_over_the_window_its_clause_names(reply, number, outcome):
    assert mention(reply, 10, number).outcome == outcome


def test_a_zero_share_is_no_share_of_two_true_numbers():
    # request 19: no goal days stated for the 7-day window; 7 ÷ 10,000 rounds to 0%
    assert mention("You met the goal on 0% of the last 7 days.", 19, "0%").outcome \
        == "unsupported"


# request 15: 75,000 wanted for the week
@pytest.mark.parametrize("reply, number, outcome", [
    ("Spread over the week, 75,000 steps is about 10,700 a day.", "10,700", "computed"),
    ("75,000 over the next seven days works out to 10,714 a day.", "10,714", "computed"),
    # a plan's words, a wrong division: 75,000 ÷ 7 is 10,714
    ("Spread over the week, 75,000 steps is 11,250 a day.", "11,250", "unsupported"),
    ("75,000 over the next seven days works out to 10,174 a day.", "10,174", "unsupported"),
    # a target set of its own is no division
    ("Aim for 11,000 a day over the week.", "11,000", "advice"),
])
def test_a_rate_the_sentence_works_out_is_its_division(reply, number, outcome):
    assert mention(reply, 15, number).outcome == outcome


# request 21: Wednesday 2 December: Wednesday to Sunday is 5 days
@pytest.mark.parametrize("reply, number, outcome", [
    ("With 22,548 in and 5 days still to go this week, keep going.", "5", "computed"),
    ("With 22,548 in and 6 days still to go this week, keep going.", "6", "unsupported"),
    # counted ahead, so no count of days since a date gone by (Thursday 26 November: 6)
    ("Monday and Tuesday made 22,548 and there are 6 days still to go, so the week ends high.",
     "6", "unsupported"),
])
def test_days_still_to_go_are_the_weeks_days_left(reply, number, outcome):
    assert mention(reply, 21, number).outcome == outcome


# request 3: Monday 30 November, a streak of 1 day through Sunday
@pytest.mark.parametrize("reply, number, outcome", [
    ("Walk 40 minutes at lunch and 30 after six and the streak reaches 2.", "2", "computed"),
    ("Walk 40 minutes at lunch and 30 after six and the streak reaches 48.", "48",
     "unsupported"),
    ("Your streak is at 1 day! Let's make it two today.", "two", "computed"),
    ("Your streak is at 15 days! Let's make it sixteen today.", "sixteen", "unsupported"),
    # a later day's streak is a plan over days the request does not state
    ("Keep it up and the streak could reach 10 by next week.", "10", "advice"),
])
def test_what_todays_doing_makes_the_streak(reply, number, outcome):
    assert mention(reply, 3, number).outcome == outcome


# request 10: Monday 30 November; Thu 26: 7,651, Fri 27: 10,269, Sat 28: 9,717
@pytest.mark.parametrize("reply, number, outcome", [
    ("Here's the week:\n\n- Thu: 9,717\n- Sat: 7,651", "9,717", "unsupported"),
    ("Here's the week:\n\n- Thu: 7,651\n- Sat: 9,717", "9,717", "quoted"),
    ("| Day | Steps | Plan |\n|---|---|---|\n| Fri | 9,717 | 10,000 |", "9,717", "unsupported"),
    # a planned amount no day walked stays the plan's
    ("- Thu: 9,500\n- Fri: 11,000", "9,500", "advice"),
])
def test_a_stated_count_listed_under_the_wrong_weekday(reply, number, outcome):
    assert mention(reply, 10, number).outcome == outcome


# request 12: Monday 30 November; the 10k on Sun 13 December (13 days ahead), a best day on
# Sat 7 November (23 days back)
@pytest.mark.parametrize("reply, number, outcome", [
    ("The race is two weeks away.", "two", "computed"),
    # 23 days back from a past date is no span ahead
    ("The race is three weeks away.", "three", "unsupported"),
])
def test_a_span_ahead_is_no_count_back_to_a_past_date(reply, number, outcome):
    assert mention(reply, 12, number).outcome == outcome


# request 12: "My knee has been sore since the 19th" on Monday 30 November (11 days); a journal
# line of the request is dated 2026-08-19
def test_the_users_own_19th_is_the_latest_one():
    got = mention("The 19th was 11 days ago.", 12, "19th")
    assert got.outcome == "quoted" and "since the 19th" in got.source
    assert mention("The 19th was 11 days ago.", 12, "11").source \
        == "days since 2026-11-19 from 2026-11-30: 11"
    assert mention("The 19th was 12 days ago.", 12, "12").outcome == "unsupported"


@pytest.mark.parametrize("reply, number, outcome", [
    # a count of days ago is days between, not the 14 goal days of the last 30
    ("Nov 19 was 14 days ago.", "14", "unsupported"),
    ("Nov 19 was 11 days ago.", "11", "computed"),
    ("With the 10k 13 days out, rest now beats a DNF.", "13", "computed"),
])
def test_days_ago_or_out_are_days_between(reply, number, outcome):
    assert mention(reply, 12, number).outcome == outcome
