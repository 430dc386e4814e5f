"""Round 27's classes, in phrasings of our own (never a labelled reply): a change in percent
between any two true counts of its sentence, in the direction its words say ("beats ... by",
"shrank by"); "those six days" counting the span the sentence before named; an average "a
day over 30 days" bound to the stated window that long, not to the period named before;
"11,274 a day this week against 9,904": the week named after the rate is the rate's side."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coach_tui.coach.grounding import check

REQUESTS = Path(__file__).resolve().parents[2] / "bench" / "data" / "grounding" / "requests"
# Wednesday 2 December: last week Mon 23 9,231, Tue 24 8,963, Wed 25 12,028 ... (69,329);
# this week Mon 30 9,237, Tue 1 13,311; today 2,214 of a 10,000 goal
WEEKS = json.loads((REQUESTS / "request_21.json").read_text(encoding="utf-8"))
# Tuesday 1 December: 7-day average 9,905, 30-day average 9,494 (1 to 30 November)
MONTH = json.loads((REQUESTS / "request_14.json").read_text(encoding="utf-8"))


def outcomes(reply: str, req: dict) -> dict[str, str]:
    return {m.text: m.outcome for m in check(reply, req)}


@pytest.mark.parametrize("reply, pct", [
    ("Tuesday's 13,311 tops last week's best, the 12,028 of Wednesday, by 10.7%.", "10.7%"),
    ("Wednesday's 12,028 beats Tuesday's 8,963, by 34.2%.", "34.2%"),
    ("From 12,028 on Wednesday the 25th, Thursday's 7,651 slid by 36.4%.", "36.4%"),
])
def test_a_change_between_two_true_counts_of_its_sentence_is_computed(reply, pct):
    assert outcomes(reply, WEEKS)[pct] == "computed"


@pytest.mark.parametrize("reply, pct", [
    ("Tuesday's 13,311 tops last week's best, the 12,028 of Wednesday, by 9.6%.", "9.6%"),
    ("From 12,028 on Wednesday the 25th, Thursday's 7,651 slid by 57.2%.", "57.2%"),  # base
])
def test_a_change_over_the_wrong_base_stays_unsupported(reply, pct):
    assert outcomes(reply, WEEKS)[pct] == "unsupported"


def test_those_days_count_the_span_the_sentence_before_named():
    reply = ("Monday is banked at 9,237, so 65,763 is left for Wednesday to Sunday. "
             "Over those five days that's about 13,150 a day.")
    assert outcomes(reply, WEEKS)["five"] == "computed"
    assert outcomes(reply.replace("five", "six"), WEEKS)["six"] == "unsupported"


@pytest.mark.parametrize("reply", [
    "Your 7-day average is 9,905. Over the month you did 9,494 a day over 30 days.",
    "Your 7-day average is 9,905. You managed 9,494 a day across 30 days.",
])
def test_an_average_a_day_over_n_days_is_that_windows(reply):
    assert outcomes(reply, MONTH)["9,494"] == "quoted"
    wrong = reply.replace("9,494", "9,905", 1).replace("9,905", "9,000", 1)
    assert outcomes(wrong, MONTH)["9,905"] == "unsupported"


def test_a_period_named_after_a_rate_is_that_sides_not_the_number_it_is_set_against():
    got = outcomes("Up 13.8%: 11,274 a day this week against 9,904.", WEEKS)
    assert got["9,904"] == "quoted"  # last week's average
    assert outcomes("11,274 a day this week against 9,950.", WEEKS)["9,950"] == "unsupported"


@pytest.mark.parametrize("reply", [
    "Daily average: 9,904 last week versus **11,274** so far this week.",
    "**9,904** last week vs **11,274** this week, up about **1,370 a day**.",
])
def test_the_period_right_after_the_first_side_is_that_sides_bold_or_not(reply):
    got = outcomes(reply, WEEKS)
    assert got["9,904"] == "quoted" and got["11,274"] in ("quoted", "computed"), got
    wrong = reply.replace("11,274", "11,724")
    assert outcomes(wrong, WEEKS)["11,724"] == "unsupported"


@pytest.mark.parametrize("reply", [
    "A good first target: 5,000 by mid-afternoon.",
    "A sensible next target is 5,000 by 3pm.",
])
def test_a_target_proposed_with_words_before_it_is_advice(reply):
    assert set(outcomes(reply, WEEKS).values()) == {"advice"}


# Monday 30 November: November so far, 29 days recorded, goal met on 13
MONTH_SO_FAR = json.loads((REQUESTS / "request_08.json").read_text(encoding="utf-8"))


def test_the_whole_of_a_count_in_a_named_month_is_that_months_days_without_the_word_days():
    assert outcomes("That's 13 out of 29 in November.", MONTH_SO_FAR)["29"] == "quoted"
    assert outcomes("That's 13 out of 30 in November.", MONTH_SO_FAR)["30"] == "unsupported"


@pytest.mark.parametrize("reply, outcome", [
    ("The 10k on Dec 13 is 13 days away now, just under two weeks.", "computed"),
    ("The 10k on Dec 13 is 13 days away, about two weeks.", "computed"),
    ("The 10k on Dec 13 is 13 days away, just over two weeks.", "unsupported"),
    ("The 10k on Dec 13 is 13 days away, about three weeks.", "unsupported"),
])
def test_days_away_said_again_in_weeks_are_those_days_in_weeks(reply, outcome):
    got = outcomes(reply, MONTH_SO_FAR)
    assert got["13"] == "computed"
    assert [v for k, v in got.items() if k in ("two", "three")] == [outcome]


def test_a_run_n_days_longer_than_the_current_one_is_the_record_less_the_streak():
    got = outcomes("Your 18-day run from the summer is 17 days longer than the current one.",
                   WEEKS)  # longest 18, streak 1
    assert got["17"] == "computed"
    assert outcomes("Your record run is 16 days longer than your current streak.",
                    WEEKS)["16"] == "unsupported"


@pytest.mark.parametrize("reply, number", [
    ("Until you're seen: flat routes only, and walks no longer than 30 minutes.", "30"),
    ("Yesterday needed about 8 more minutes of walking at your pace.", "8"),
    ("Keep each walk to at most 25 minutes this week.", "25"),
])
def test_a_capped_or_estimated_length_of_time_is_advice(reply, number):
    assert outcomes(reply, WEEKS)[number] == "advice"


def test_a_length_of_time_reported_without_a_hedge_stays_a_claim():
    assert outcomes("Yesterday you walked 40 minutes of brisk walking.", WEEKS)["40"] \
        == "unsupported"


# Monday 30 November: October 248,630 (8,020 a day); November so far 275,589 (9,503 a day)
MONTHS = json.loads((REQUESTS / "request_11.json").read_text(encoding="utf-8"))


def test_a_list_item_takes_no_period_from_the_item_before_it():
    reply = ("Here is the working:\n"
             "- Average: 9,503 − 8,020 = 1,483 more a day, about 1.18× October's level.\n"
             "- Total: 275,589 − 248,630 = 26,959 more steps.")
    got = outcomes(reply, MONTHS)
    assert got["275,589"] == "quoted" and got["26,959"] == "computed", got
    assert outcomes(reply.replace("275,589", "257,589"), MONTHS)["257,589"] == "unsupported"


def test_a_dated_weekday_line_is_a_plan_only_when_its_date_is_not_past():
    plan = outcomes("5. Sat 5 Dec: 12,500. A long flat walk.\n6. Sun 6 Dec: 10,800. Easy.", WEEKS)
    assert "unsupported" not in plan.values(), plan
    # on Wednesday 2 December, "Mon 23" is 23 November: a report, whose wrong value is warned
    assert outcomes("- Mon 23: 9,999", WEEKS)["9,999"] == "unsupported"
    assert outcomes("1. Tue 24 Nov: 8,999.", WEEKS)["8,999"] == "unsupported"


def test_a_slash_date_both_orders_read_takes_the_order_of_the_replys_other_dates():
    got = outcomes("- Tuesday: 13,311 (1/12) vs 8,963 (24/11), up 4,348.", WEEKS)
    assert got["1/12"] == "quoted" and "12" not in got, got
    shares = outcomes("Goal met 3/7 days, last on 24/11.", WEEKS)  # a share stays a share
    assert "3/7" not in shares and shares["3"] != "unsupported", shares


def test_a_line_labelled_as_a_target_is_advice_but_not_the_users_own():
    got = outcomes("2. December target: 50% of days, which is 16 of 31.", MONTH)
    assert {got[n] for n in ("50%", "16", "31")} == {"advice"}
    assert outcomes("Your target: 11,000.", MONTH)["11,000"] == "unsupported"



def test_a_walks_steps_in_the_next_sentence_of_its_line_are_the_plans_at_a_walking_pace():
    line = "1. **Lunch (12:30):** 30 minutes on the flat route. Roughly {} steps."
    assert outcomes(line.format("3,000–3,500"), WEEKS)["3,000–3,500"] == "advice"
    assert outcomes(line.format("6,100"), WEEKS)["6,100"] == "unsupported"  # no walking pace


def test_a_good_three_thousand_is_at_least_three_thousand():
    got = outcomes("Tuesday's 13,311 was a good three thousand over your goal.", WEEKS)
    assert got["three thousand"] == "computed"  # 3,311
    assert outcomes("Tuesday's 13,311 was a good 6,000 over your goal.", WEEKS)["6,000"] \
        == "unsupported"


# Tuesday 1 December: "I'm aiming for 12k a day in December"
AIMING = json.loads((REQUESTS / "request_19.json").read_text(encoding="utf-8"))


def test_a_number_word_with_k_is_thousands():
    assert outcomes("Twelve k a day? Here's the math.", AIMING)["Twelve k"] == "quoted"
    assert outcomes("Seventeen k a day?", AIMING)["Seventeen k"] == "unsupported"


def test_make_it_a_two_day_streak_counts_today_in():
    got = outcomes("Let's go for ten thousand by dinner and make it a two-day streak!", WEEKS)
    assert got["two"] == "computed"  # streak 1 through yesterday, and today


@pytest.mark.parametrize("reply", ["Two walks, job done!", "Two great questions!",
                                   "Three short flat loops, one goal."])
def test_a_count_of_things_the_app_does_not_record_is_the_talks_not_a_claim(reply):
    assert set(outcomes(reply, WEEKS).values()) <= {"advice", "quoted", "computed"}


def test_a_count_of_walks_reported_as_done_stays_a_claim():
    assert outcomes("You did two walks yesterday.", WEEKS)["two"] == "unsupported"


# Monday 30 November, 19:10: 9,377 so far; streak 1 through yesterday
TONIGHT = json.loads((REQUESTS / "request_09.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("reply, number", [
    ("Quick 10-min loop → ✓ and streak to 2.", "10"),
    ("Tonight: 6 mins round the block = ✓.", "6"),
])
def test_a_length_sizing_an_activity_in_shorthand_is_advice(reply, number):
    assert outcomes(reply, TONIGHT)[number] == "advice"


def test_streak_to_n_is_the_streak_with_today():
    assert outcomes("Quick 10-min loop → ✓ and streak to 2.", TONIGHT)["2"] == "computed"
    assert outcomes("Quick 10-min loop → ✓ and streak to 5.", TONIGHT)["5"] == "unsupported"
    assert outcomes("Yesterday you did a 40-min walk.", TONIGHT)["40"] == "unsupported"


def test_not_met_on_n_counts_the_missed_days():
    assert outcomes("- Not met on 16", MONTH_SO_FAR)["16"] == "computed"  # 29 − 13
    assert outcomes("- Not met on 15", MONTH_SO_FAR)["15"] == "unsupported"


def test_the_nine_to_five_with_a_dash_is_an_idiom():
    assert set(outcomes("Front- and back-load it around the 9–5.", WEEKS).values()) == {"advice"}


def test_a_seven_day_average_in_words_is_the_7_day_one():
    got = outcomes("Only 668 under your seven-day average of 9,905.", MONTH)
    assert got["9,905"] == "quoted" and got["668"] == "computed", got
    assert outcomes("Only 668 under your seven-day average of 9,494.", MONTH)["9,494"] \
        == "unsupported"  # the 30-day one


def test_a_bare_day_in_a_sentence_naming_its_month_is_that_months():
    reply = "Part of that is October's shape: you had the flu the week of the {} and came back."
    assert outcomes(reply.format("5th"), MONTHS)["5th"] == "quoted"  # "week of Oct 5"
    assert outcomes(reply.format("12th"), MONTHS)["12th"] == "unsupported"


# a review request: week 47 (16-22 November), 56,775 steps, Wednesday 18th 11,203
REVIEW = json.loads((REQUESTS / "request_01.json").read_text(encoding="utf-8"))


def test_a_days_share_of_the_week_it_falls_in():
    base = "Week 47 came to 56,775 steps. Wednesday alone was {} of the week."
    assert outcomes(base.format("19.7%"), REVIEW)["19.7%"] == "computed"
    assert outcomes(base.format("21.7%"), REVIEW)["21.7%"] == "unsupported"


def test_a_day_in_brackets_after_a_months_figure_is_that_months_date():
    got = outcomes("- Best: Oct 13,759 (17th) vs Nov 12,993 (7th)", MONTHS)
    assert got["17th"] == got["7th"] == "quoted"
    assert outcomes("- Best: Oct 13,759 (18th)", MONTHS)["18th"] == "unsupported"


# Tuesday 1 December, 18:22: 7,645 so far
EVENING = json.loads((REQUESTS / "request_17.json").read_text(encoding="utf-8"))


def test_a_clock_time_later_today_is_a_plans():
    got = outcomes("You're at 7,645, so 2,355 to go. A 25-minute loop at 19:00 closes it.",
                   EVENING)
    assert got["19:00"] == "advice"
    assert outcomes("You were at 7,000 at 17:00.", EVENING)["17:00"] == "unsupported"


def test_the_goal_fell_on_just_n_days_counts_the_days_met():
    assert outcomes("The goal fell on just 1 of 7 days.", REVIEW)["1"] == "computed"
    assert outcomes("The goal fell on just 2 of 7 days.", REVIEW)["2"] == "unsupported"


# Monday 30 November: last week 23-29 November met the goal on 3 days
WEEK_AGO = json.loads((REQUESTS / "request_04.json").read_text(encoding="utf-8"))


def test_an_aim_beside_a_report_is_still_the_aim():
    assert outcomes("**This week:** aim for 4 goal days instead of last week's 3.",
                    WEEK_AGO)["4"] == "advice"
    assert outcomes("You met it on 4 days last week.", WEEK_AGO)["4"] == "unsupported"


def test_goal_day_number_n_counts_todays_in():
    got = outcomes("An 18-minute walk now makes it goal day number 14 for November.", MONTH_SO_FAR)
    assert got["14"] == "computed"  # 13 met + today
    assert outcomes("A walk now makes it goal day number 15 for November.",
                    MONTH_SO_FAR)["15"] == "unsupported"


# Tuesday 1 December, 18:20: December has only today so far, 7,645 of 10,000
FIRST_OF_MONTH = json.loads((REQUESTS / "request_18.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("reply", ["Hit it and December starts at 1 for 1.",
                                   "| December (so far) | 0 of 1, day still open | n/a |"])
def test_goal_days_of_the_month_in_progress(reply):
    assert set(outcomes(reply, FIRST_OF_MONTH).values()) <= {"computed", "advice"}


def test_goal_days_of_the_month_in_progress_that_it_has_not_had_are_warned():
    assert "unsupported" in outcomes("Hit it and December starts at 2 for 2.",
                                     FIRST_OF_MONTH).values()


def test_a_share_of_a_named_periods_total():
    base = "This week has already logged {} of last week's total in 2 of 7 days."
    assert outcomes(base.format("32.5%"), WEEKS)["32.5%"] == "computed"  # 22,548 / 69,329
    assert outcomes(base.format("35.5%"), WEEKS)["35.5%"] == "unsupported"


def test_a_total_shared_over_a_run_of_weekdays_it_names():
    base = "To beat last week's 69,329, you need 46,781 more over Wed–Sun: {} a day."
    assert outcomes(base.format("9,356"), WEEKS)["9,356"] == "computed"  # ÷ 5
    assert outcomes(base.format("11,695"), WEEKS)["11,695"] == "unsupported"  # ÷ 4


def test_a_gap_over_the_mark_a_result_is_set_against():
    base = "Against a 70,000 week you came in 13,225 short, about {} under."
    assert outcomes(base.format("18.9%"), REVIEW)["18.9%"] == "computed"  # 13,225 / 70,000
    assert outcomes(base.format("23.3%"), REVIEW)["23.3%"] == "unsupported"  # over 56,775


def test_a_days_share_of_a_larger_count_its_sentence_gives():
    base = "- **Share:** of the 20,991 steps across the two days, Wednesday carried {}."
    assert outcomes(base.format("57.3%"), TONIGHT)["57.3%"] == "computed"  # 12,028 / 20,991
    assert outcomes(base.format("42.7%"), TONIGHT)["42.7%"] == "unsupported"  # Tuesday's


# Monday 30 November, 08:10: Sunday 29th 11,470; 7-day average 9,904
SUNDAY = json.loads((REQUESTS / "request_03.json").read_text(encoding="utf-8"))


def test_a_percentage_cell_is_one_true_count_of_its_row_over_another():
    table = ("| Metric | Value | Gap |\n|---|---|---|\n| Steps | 11,470 | — |\n"
             "| vs 7-day avg 9,904 | +1,566 | {} |\n")
    assert outcomes(table.format("+15.8%"), SUNDAY)["15.8%"] == "computed"  # 1,566 / 9,904
    assert outcomes(table.format("+13.7%"), SUNDAY)["13.7%"] == "unsupported"  # over 11,470


def test_a_percentage_cell_under_a_header_naming_its_base_is_over_that_base():
    table = "| Metric | Value | vs 12,000 |\n|---|---|---|\n| 30-day avg | 9,494 | -2,506 ({}) |"
    assert outcomes(table.format("-20.9%"), AIMING)["20.9%"] == "computed"  # 2,506 / 12,000
    assert outcomes(table.format("-26.4%"), AIMING)["26.4%"] == "unsupported"  # over 9,494
