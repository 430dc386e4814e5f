"""Round 41's rules (the eighteenth session), each read from a tuning writer's wrong warning or
miss (reg, reh, rei: scored blind on the session's start, then read) and kept with no dev or
held-out outcome changed. Each rule has a true and a false phrasing: a rule that made both
pass would only have silenced the warning."""

from __future__ import annotations

import pytest

from tests.unit.test_grounding_round31 import mention


# request 11: November so far (29 days) 275,589 steps; October 248,630 over 31 days
@pytest.mark.parametrize("reply, number, outcome", [
    ("275,589 steps in November's 29 days versus 248,630 over October's 31, so November is "
     "already 26,959 ahead.", "248,630", "quoted"),
    ("275,589 steps in November's 29 days versus 248,630 over October's 31, so November is "
     "already 26,959 ahead.", "26,959", "computed"),
    ("275,589 steps in November's 29 days versus 246,630 over October's 31.", "246,630",
     "unsupported"),
    # ("over October" alone is still a gap over it: 9,503 − 8,020)
    ("You averaged 9,503, 1,483 over October.", "1,483", "computed"),
    ("You averaged 9,503, 1,583 over October.", "1,583", "unsupported"),
])
def test_a_total_over_a_months_days_is_that_months(reply, number, outcome):
    assert mention(reply, 11, number).outcome == outcome


# request 8: Monday 30 November, 8,214 so far; November's goal days 13
_MET = "| Goal met | 13 days |\n\n- **Today:** 8,214 so far. Another 1,786 and the last day of " \
    "November goes in the met column, making it {n}."


@pytest.mark.parametrize("n, outcome", [("14", "computed"), ("15", "unsupported")])
def test_another_n_and_supposes_todays_goal_day(n, outcome):
    assert mention(_MET.format(n=n), 8, n).outcome == outcome


# request 9: Tuesday 24 November 8,963, Wednesday 25 November 12,028
_PAIR = "| Day | Steps |\n|---|---|\n| Tue 24 Nov | 8,963 |\n| Wed 25 Nov | 12,028 |\n\n" \
    "- **Together:** the {n} days add up to 20,991."


@pytest.mark.parametrize("n, outcome", [("two", "quoted"), ("three", "unsupported")])
def test_the_days_adding_up_are_the_days_the_reply_named(n, outcome):
    assert mention(_PAIR.format(n=n), 9, n).outcome == outcome


# request 12: a sore knee; a plan's walks after what the user told
@pytest.mark.parametrize("reply, outcome", [
    ("You noted back in September that long downhill walks make your left knee sore, so for "
     "now I'd keep to short, flat loops, perhaps two gentle fifteen-minute walks a day rather "
     "than one long walk.", "advice"),
    ("You took two gentle walks a day last week.", "unsupported"),
])
def test_walks_in_the_clause_that_plans_are_advice(reply, outcome):
    assert mention(reply, 12, "two").outcome == outcome


# request 23: week 48, best Wednesday 25th 12,028, Thursday 26th 7,651
@pytest.mark.parametrize("number, outcome", [("7,651", "quoted"), ("7,500", "unsupported")])
def test_the_day_after_your_best_is_no_best(number, outcome):
    reply = f"The weakest moment was Thursday, when you dropped to {number} the day after " \
        "your best."
    assert mention(reply, 23, number).outcome == outcome


# request 6: 12:40, 4,906 so far of 10,000 (5,094 to go: 50.9% of the goal is left, 49.1% done)
@pytest.mark.parametrize("reply, number, outcome", [
    ("You're at 4,906 so far, a little over half of the way there, which leaves 5,094 to go.",
     "half", "unsupported"),
    ("You're at 4,906 so far, a little under half of the way there, which leaves 5,094 to go.",
     "half", "computed"),
    ("You're at 4,906, 51% of the way there.", "51%", "unsupported"),
    ("You're at 4,906, 49% of the way there.", "49%", "computed"),
])
def test_a_share_of_the_way_is_the_part_done(reply, number, outcome):
    assert mention(reply, 6, number).outcome == outcome


def test_a_plans_share_of_the_way_is_not_todays():
    reply = "You're at 4,906 now. A 30-minute walk gets you roughly a third of the way."
    assert mention(reply, 6, "a third").outcome != "unsupported"


# request 15: Monday 30 November 9,237 against a 10,000 goal (92.4%)
@pytest.mark.parametrize("pct, outcome", [("92%", "computed"), ("95%", "unsupported")])
def test_a_days_share_of_the_way_is_its_count_over_the_goal(pct, outcome):
    reply = f"Monday ended at 9,237 steps, 763 short of your 10,000 goal, about {pct} of the " \
        "way there."
    assert mention(reply, 15, pct).outcome == outcome


# request 15: 75,000 wanted, Monday 9,237 banked: 65,763 over 6 days is 10,960.5 a day; the
# 7-day average 9,905 (10,960.5 − 9,905 = 1,055.5)
_LEFT = "- **What's left:** 75,000 minus Monday's 9,237 leaves 65,763 for the 6 days from " \
    "today to Sunday, about 10,960 a day.\n- **Against your usual:** your 7-day average is " \
    "9,905, so this asks for about {n} more a day."


@pytest.mark.parametrize("n, outcome", [("1,056", "computed"), ("1,055", "computed"),
                                        ("1,070", "unsupported"), ("1,156", "unsupported")])
def test_a_worked_out_operand_ending_in_one_zero_carries_its_rounding(n, outcome):
    assert mention(_LEFT.format(n=n), 15, n).outcome == outcome


# request 8: November so far, 13 goal days of 29; today 8,214 of 10,000
_MONTH = "You hit the goal on {met} of the twenty-nine days in November so far. Tonight you're " \
    "only 1,786 away from adding another: at 8,214 now, one easy walk after dinner should do " \
    "it, and that would make it {n} for the month, since today is its last day."


@pytest.mark.parametrize("met, n, outcome", [
    ("thirteen", "fourteen", "computed"),
    # (built on a wrong count: the month with today's has 14)
    ("fourteen", "fifteen", "unsupported"),
])
def test_the_months_goal_days_with_todays(met, n, outcome):
    assert mention(_MONTH.format(met=met, n=n), 8, n).outcome == outcome


# A percent of the week is a day's (or days') steps over the week's total. request 23: week 48,
# 69,329 steps, Wednesday 12,028 (17.3%); request 1: week 47, 56,775 steps, Friday 5,699 and
# Saturday 4,016 (17.1% together; Saturday alone 7.1%)
_BEST = "- Goal met 3 of 7 (43%); average 9,904, just 96 a day under.\n- Best: Wednesday, {} of " \
    "the week on its own."
_WEAKEST = "- Best day: Wednesday 18 Nov, 11,203.\n- Weakest stretch: Friday 5,699 and Saturday " \
    "4,016, together {} of the week."


@pytest.mark.parametrize("reply, n, pct, outcome", [
    (_BEST.format("17.3%"), 23, "17.3%", "computed"),
    (_BEST.format("19.3%"), 23, "19.3%", "unsupported"),
    (_WEAKEST.format("17.1%"), 1, "17.1%", "computed"),
    (_WEAKEST.format("10.1%"), 1, "10.1%", "unsupported"),
    ("Saturday alone fell 5,984 short and carried only 7.1% of the week.", 1, "7.1%",
     "computed"),
    ("Saturday alone fell 5,984 short and carried only 9.1% of the week.", 1, "9.1%",
     "unsupported"),
])
def test_a_percent_of_the_week_is_its_days_over_the_weeks_total(reply, n, pct, outcome):
    assert mention(reply, n, pct).outcome == outcome


# request 23, week 48: Mon 9,231, Tue 8,963 (missed), Wed 12,028 (met), Thu 7,651 (missed),
# Fri 10,269 (met), Sat 9,717 (missed), Sun 11,470 (met)
@pytest.mark.parametrize("reply, outcome", [
    ("Friday through Sunday made the strongest stretch: 10,269, 9,717 and 11,470, two of "
     "them over the goal.", "computed"),
    ("Thursday through Saturday went 7,651, 10,269 and 9,717, two of them over the goal.",
     "unsupported"),
    ("It started quietly, Monday 9,231 and Tuesday 8,963, the week's only two misses in a "
     "row.", "computed"),
    ("It started quietly, Wednesday 12,028 and Thursday 7,651, the week's only two misses in "
     "a row.", "unsupported"),
    ("The best stretch was led by Wednesday the 25th at 12,028, and Friday (10,269) and Sunday "
     "(11,470) added two more wins.", "computed"),
    ("The best stretch was led by Wednesday the 25th at 12,028, and Friday (10,269) and "
     "Saturday (9,717) added two more wins.", "unsupported"),
])
def test_a_count_of_the_days_just_listed_is_of_their_lines(reply, outcome):
    assert mention(reply, 23, "two").outcome == outcome


# request 22: a streak of 1 day (2 with today), the longest in the year 18 days
@pytest.mark.parametrize("reply, number, outcome", [
    ("Your record is 18 days; 16 more after today ties it.", "16", "computed"),
    ("Your record is 18 days; 15 more after today ties it.", "15", "unsupported"),
    ("Getting back to 18 would take today plus 16 more days in a row.", "16", "computed"),
    ("Your record is 18 days. Day 19 would be a new all-time best.", "19", "computed"),
    ("Your record is 18 days. Day 20 would be a new all-time best.", "20", "unsupported"),
    ("Your record is 18 days. Only 17 more after today and it's yours.", "17", "computed"),
])
def test_the_days_after_today_to_the_record(reply, number, outcome):
    assert mention(reply, 22, number).outcome == outcome


# request 18: November 13 goal days
@pytest.mark.parametrize("n, outcome", [("three", "computed"), ("four", "unsupported")])
def test_goal_days_more_than_a_month_managed(n, outcome):
    reply = f"To finish December above half, you'd need 16 goal days out of 31, {n} more than " \
        "November managed."
    assert mention(reply, 18, n).outcome == outcome


# request 4: Monday 30 November 08:12, 812 so far: no complete day this week, today not met
@pytest.mark.parametrize("n, outcome", [("0", "computed"), ("2", "unsupported")])
def test_this_weeks_goal_days_so_far(n, outcome):
    reply = f"| | Last week | This week so far |\n|---|---|---|\n| Goal met | 3 | {n} so far |"
    assert mention(reply, 4, n).outcome == outcome


# request 7: a streak of 1 (through Sunday); request 13: no streak; request 22: Wednesday 2
# December, a streak of 1
@pytest.mark.parametrize("reply, n, number, outcome", [
    ("Land tonight and tomorrow both and you'll be on a 3-day streak by Tuesday night.", 7, "3",
     "computed"),
    ("Hit it today and tomorrow and you'll be on a 2-day streak by Wednesday night.", 13, "2",
     "computed"),
    ("Stay unbroken until the 10k with Ana on Dec 13 and you'd arrive on a 13-day streak.", 22,
     "13", "computed"),
    ("Your record is 18 days: 16 more met days after today would tie it.", 22, "16",
     "computed"),
])
def test_the_streak_after_the_days_a_plan_names(reply, n, number, outcome):
    assert mention(reply, n, number).outcome == outcome


# request 9: Wednesday 12,028, Tuesday 8,963 (+34.2%)
def test_beat_by_a_fraction_is_a_change():
    reply = "3. **Gap: 3,065 steps**: Wednesday beat Tuesday by roughly a third."
    assert mention(reply, 9, "third").outcome == "computed"


# request 11: November so far (29 days) 275,589
@pytest.mark.parametrize("number, outcome", [("275,589", "quoted"), ("265,589", "unsupported")])
def test_a_total_over_a_months_first_days(number, outcome):
    reply = f"Total: 248,630 over October's 31 days, and already {number} over November's first 29."
    assert mention(reply, 11, number).outcome == outcome


# request 8: November so far, 13 goal days of 29 (the last 30 days, from Oct 31: 14)
@pytest.mark.parametrize("n, outcome", [("13", "quoted"), ("14", "unsupported")])
def test_goal_days_out_of_the_days_after_a_colon_are_that_periods(n, outcome):
    reply = f"1. **Goal met on {n} days**: out of the 29 days recorded so far this month."
    assert mention(reply, 8, n).outcome == outcome


# request 4: last week met the goal on three days
@pytest.mark.parametrize("reply, number, outcome", [
    ("If you aim to hit the goal on four days instead of three, you'll get there.", "four",
     "advice"),
    ("If you hit the goal on four days last week, you did well.", "four", "unsupported"),
])
def test_an_aim_supposed_is_advice(reply, number, outcome):
    assert mention(reply, 4, number).outcome == outcome
