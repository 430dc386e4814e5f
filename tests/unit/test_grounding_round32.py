"""Round 32's rules, each read from a tuning writer's replies after the set was scored blind,
or from dev replies the checker still warned wrongly. Written in phrasings of our own; a claim
about the user's data in the same frame stays checked."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check
from tests.unit.test_grounding_round31 import mention, request


# request 20: Tuesday 1 December; the streak is 1 day
@pytest.mark.parametrize("reply, outcome", [
    ("- The streak restarted on Tuesday and sits at 1.", "quoted"),
    ("Your streak stands at 1 going into today.", "quoted"),
    ("Your streak stands at 4 going into today.", "unsupported"),
])
def test_a_streak_that_sits_at_a_number_is_its_level_not_an_hour(reply, outcome):
    number = "1" if " 1 " in reply or "1." in reply else "4"
    assert mention(reply, 20, number).outcome == outcome


# request 4: the weekend (Sat 9,717, Sun 11,470) averaged 10,593.5, the weekdays 9,628.4
@pytest.mark.parametrize("reply, outcome", [
    ("The weekend averaged 10,594, roughly 965 a day more than the weekdays (9,628).",
     "computed"),
    ("The weekend averaged about 10.6k, roughly 965 a day more than the weekdays (9,628).",
     "computed"),
    ("The weekend averaged 10,594, 940 a day more than the weekdays (9,628).", "unsupported"),
])
def test_a_difference_of_two_worked_out_averages_allows_their_rounding(reply, outcome):
    number = "940" if "940" in reply else "965"
    assert mention(reply, 4, number).outcome == outcome


def test_a_round_operand_lends_no_rounding():
    # request 24: Monday 9,237; 10,000 − 9,237 is 763, and "10,000" is no 500-step window
    reply = "Monday finished at 9,237 steps, 673 short of your 10,000, so not a goal day."
    assert mention(reply, 24, "673").outcome == "unsupported"


def test_a_plan_offered_before_a_colon_is_advice():
    # request 15: the user wants 75,000 this week; nothing states 10,263
    reply = ("Here's a shape that fits around your morning meetings: Tue–Thu, 11,000 each with a "
             "lunch walk; Friday, 10,000 as a lighter day; Sunday, 10,263 to land it exactly.")
    assert mention(reply, 15, "10,263").outcome == "advice"
    told = "Here's how last week went: Sunday came to 10,263."
    assert mention(told, 15, "10,263").outcome == "unsupported"


# request 4: Monday 30 November; the streak is 1 day through Sunday 29
@pytest.mark.parametrize("reply, number, outcome", [
    ("Sunday's **11,470** also started a **1-day** streak.", "1", "computed"),
    ("You're on a **4-day** streak.", "4", "unsupported"),
])
def test_a_count_in_bold_with_its_unit_reads_as_plain_text(reply, number, outcome):
    assert mention(reply, 4, number).outcome == outcome


# request 8: November so far met the goal on 13 of 29 days; today is under way
@pytest.mark.parametrize("reply, outcome", [
    ("November: 13 goal days so far. Hit it today and the month closes at **14 of 30**.",
     "computed"),
    ("November: 13 goal days so far. Hit it today and the month closes at 15 of 30.",
     "unsupported"),
])
def test_the_month_closing_at_one_more_goal_day_if_today_is_met(reply, outcome):
    number = "14" if "14" in reply else "15"
    assert mention(reply, 8, number).outcome == outcome


# request 22: the streak is 1 day, the longest 18
@pytest.mark.parametrize("reply, outcome", [
    ("Hit the goal today and you're on day 2, 16 more after that to tie your record.",
     "computed"),
    ("Hit the goal today and you're on day 2, 12 more after that to tie your record.",
     "unsupported"),
])
def test_days_to_tie_the_record_after_today(reply, outcome):
    number = "16" if "16" in reply else "12"
    assert mention(reply, 22, number).outcome == outcome


def test_the_other_side_of_a_contrast_after_a_count_of_this_weeks_days():
    # request 21: this week is Mon 9,237 and Tue 13,311 (22,548); last week totalled 69,329
    reply = ("A caveat: this week is only 2 days, so comparing totals (22,548 against 69,329) "
             "would be unfair.")
    assert mention(reply, 21, "69,329").outcome == "computed"
    wrong = reply.replace("69,329", "69,923")
    assert mention(wrong, 21, "69,923").outcome == "unsupported"


# request 4: last week met the goal on 3 days
@pytest.mark.parametrize("reply, outcome", [
    ("Your target this week: goal met on **4** days, one more than last week.", "advice"),
    ("Your target this week: beat the 4 goal days you had last week.", "unsupported"),
])
def test_a_weeks_target_label_makes_its_count_advice_unless_it_reports(reply, outcome):
    assert mention(reply, 4, "4").outcome == outcome


def test_the_month_closing_after_closing_the_last_steps_far_below_its_goal_days():
    # request 8: 13 goal days in November so far; 8,214 today, 1,786 to go
    table = "\n".join(f"| row {i} | {i} |" for i in range(1, 12))
    reply = (f"You hit your goal on 13 of the 29 days recorded so far in November.\n\n{table}\n\n"
             "Today you're at 8,214; close the last 1,786 and November would finish at {n} of 30.")
    assert mention(reply.replace("{n}", "14"), 8, "14").outcome == "computed"
    assert mention(reply.replace("{n}", "15"), 8, "15").outcome == "unsupported"


# request 7: last week met the goal on Wed 12,028, Fri 10,269 and Sun 11,470; missed on Mon
# 9,231, Tue 8,963, Thu 7,651 and Sat 9,717
@pytest.mark.parametrize("reply, number, outcome", [
    ("Last week you met the goal on 3 of 7 days, and those three days averaged 11,256.",
     "11,256", "computed"),
    ("Last week you met the goal on 3 of 7 days, and those three days averaged 11,456.",
     "11,456", "unsupported"),
    ("The four days below goal averaged 8,891.", "8,891", "computed"),
])
def test_the_average_of_a_weeks_goal_days_or_missed_days(reply, number, outcome):
    assert mention(reply, 7, number).outcome == outcome


# request 18: November met the goal on 13 of 30 days
@pytest.mark.parametrize("reply, number, outcome", [
    ("November missed the goal on 17 days, 56.7% of the month.", "56.7%", "computed"),
    ("November missed the goal on 17 days, 53.3% of the month.", "53.3%", "unsupported"),
])
def test_missed_days_as_a_share_of_the_period(reply, number, outcome):
    assert mention(reply, 18, number).outcome == outcome


def test_an_equation_after_the_difference_is_keeps_its_operands():
    # request 9: Wed 12,028, Tue 8,963
    reply = "The difference is 12,028 − 8,963 = 3,065 steps."
    assert mention(reply, 9, "12,028").outcome == "quoted"
    assert mention(reply, 9, "3,065").outcome == "computed"


# Round 32c (read from rci and rcj): a gap "a day" short of the goal; "by only 96"; "your
# streak's at 1"; a pace projected; "over the full 30 days"; a named month's length beside a
# rate supposed; "tell me where you landed" asks, it does not tell.
@pytest.mark.parametrize("reply, number, outcome", [
    ("Your 30-day average was 452 steps a day short of the goal.", "452", "computed"),
    ("Your 30-day average was 552 steps a day short of the goal.", "552", "unsupported"),
    ("- The average missed the goal by only 96 steps a day.", "96", "computed"),
    ("- The average missed the goal by only 69 steps a day.", "69", "unsupported"),
])
def test_a_gap_per_day_and_a_gap_by_only(reply, number, outcome):
    assert mention(reply, 4, number).outcome == outcome  # (7-day 9,904, 30-day 9,548)


def test_a_streak_that_is_at_a_number_with_an_apostrophe():
    # request 20: the streak is 1 day
    assert mention("Your streak's at 1, and it's 7,786 steps from becoming 2.", 20,
                   "1").outcome == "computed"
    assert mention("Your streak's at 3.", 20, "3").outcome == "unsupported"


# request 11: November so far averaged 9,503 (× 30 = 285,090)
@pytest.mark.parametrize("reply, number, outcome", [
    ("- At 9,503 a day, the full month projects to about 285,000.", "285,000", "computed"),
    ("November is on pace for 285,090 over the full 30 days.", "285,090", "computed"),
    ("- At 9,503 a day, November came to about 285,000.", "285,000", "unsupported"),
])
def test_a_pace_projected_over_a_month(reply, number, outcome):
    assert mention(reply, 11, number).outcome == outcome


def test_a_named_months_length_beside_a_rate_supposed():
    # request 19: the user aims for 12k a day in December
    reply = "A full December at 12k comes to 372,000 steps over 31 days."
    assert mention(reply, 19, "31").outcome == "advice"
    told = "You walked on 31 days in October at 8,020 a day."
    assert mention(told, 19, "31").outcome == "unsupported"


def test_asking_to_be_told_later_reports_nothing():
    # request 22: a clock time in a tip
    assert mention("Check in by 9pm and tell me where you landed.", 22,
                   "9pm").outcome == "advice"


def test_days_listed_then_their_counts_past_a_mark_they_fell_under():
    # request 23: Mon 9,231, Tue 8,963
    reply = "Monday and Tuesday both stalled below 10,000, at {a} and {b}."
    assert mention(reply.format(a="9,231", b="8,963"), 23, "8,963").outcome == "quoted"
    assert mention(reply.format(a="8,963", b="9,231"), 23, "8,963").outcome == "unsupported"


def test_a_plan_over_listed_weekdays_and_a_day_already_walked():
    # request 15: Monday 9,237 walked; the plan for Tuesday to Sunday
    plan = ("Monday already gave you 9,237.\n\nHere's a plan:\n"
            "- **Tue, Wed, Thu:** 11,000 each\n- **Fri:** 10,500\n- **Sat:** 12,000\n"
            "- **Sun:** 10,263\n\nThat adds up to exactly {n} with Monday included.")
    assert mention(plan.replace("{n}", "75,000"), 15, "75,000").outcome != "unsupported"
    assert mention(plan.replace("{n}", "77,000"), 15, "77,000").outcome == "unsupported"


def test_a_running_total_on_its_first_line_is_that_days_count():
    # request 20: Sun 11,470, Mon 9,237
    lines = ("- **Sun 29 Nov:** 11,470 (+1,470), running total {n}\n"
             "- **Mon 30 Nov:** 9,237 (−763), running total 20,707")
    got = [m.outcome for m in check(lines.format(n="11,470"), request(20))
           if m.text == "11,470"]
    # (round 45: "running total" names no stated total, so the first line's total is that
    # day's count as the request states it)
    assert got == ["quoted", "quoted"]
    assert mention(lines.format(n="11,740"), 20, "11,740").outcome == "unsupported"


# Round 32d (read from rcl): "isn't 47 or 15 days" denies the earlier figures; "the streak is
# back at 1"; the days left after one left out, the period's total unsaid.
def test_figures_denied_after_isnt_are_quoted_from_the_reply_that_gave_them():
    # request 22: an earlier coach reply said 47 days and, later, 15 days
    reply = "Quick correction to what I said earlier: the streak isn't 47 or 15 days."
    assert mention(reply, 22, "47").outcome == mention(reply, 22, "15").outcome == "quoted"


def test_a_streak_back_at_a_number_is_its_level():
    # request 3: the streak is 1 day
    assert mention("The streak is back at 1.", 3, "1").outcome != "advice"
    assert mention("The streak is back at 4.", 3, "4").outcome == "unsupported"


@pytest.mark.parametrize("reply, number, outcome", [
    ("Without Thursday's 7,651, the other six days average 10,280.", "10,280", "computed"),
    ("Without Thursday's 7,651, the other six days average 10,480.", "10,480", "unsupported"),
])
def test_the_days_left_when_one_is_left_out_of_a_period_unnamed(reply, number, outcome):
    # request 10: last week totalled 69,329 with Thursday 7,651
    assert mention(reply, 10, number).outcome == outcome


def test_a_line_labelled_with_a_day_of_the_month_ahead_is_a_plan():
    # request 19: Tuesday 1 December
    assert mention("A ramp:\n- From the 7th: 11,000 a day\n- From the 21st: 12,000 if the knee "
                   "is quiet.", 19, "21st").outcome == "advice"


def test_a_count_after_more_than_is_the_other_sides():
    # request 4: last week averaged 9,904; this week is one morning old
    reply = "To beat last week, this week needs more than {n} a day."
    assert mention(reply.format(n="9,904"), 4, "9,904").outcome == "quoted"
    assert mention(reply.format(n="9,409"), 4, "9,409").outcome == "unsupported"


def test_a_streak_stated_with_an_apostrophe_beside_an_imperative_is_a_claim():
    # request 5: the streak is 1 day
    reply = "Streak's at {n} days, counting yesterday's 11,470, so don't let it slip tonight."
    assert mention(reply.format(n="2"), 5, "2").outcome == "unsupported"
