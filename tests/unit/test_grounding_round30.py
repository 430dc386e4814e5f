"""Round 30's rules, each read from a tuning writer's replies after the set was scored blind.
Written in phrasings of our own; a wrong value, or one bound to the wrong fact, stays
unsupported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coach_tui.coach.grounding import check

REQUESTS = Path(__file__).resolve().parents[2] / "bench" / "data" / "grounding" / "requests"
# "Plan my week: I want 75,000 steps total."; 7-day average 9,905, 30-day average 9,494
TARGET = json.loads((REQUESTS / "request_15.json").read_text(encoding="utf-8"))


def mention(reply: str, req: dict, number: str):
    return next(m for m in check(reply, req) if m.text == number)


def outcomes_of(reply: str, req: dict, numbers) -> dict[str, str]:
    """The outcome of each of `numbers` as `reply` writes it."""
    got = {m.text: m.outcome for m in check(reply, req)}
    return {k: got[k] for k in numbers}


@pytest.mark.parametrize("reply, number, outcome", [
    ("So 75,000 asks for roughly 8% more than your recent walking.", "8%", "computed"),
    ("Against the 30-day average of 9,494 it is about 13% up.", "13%", "computed"),
    ("Against the 30-day average of 9,494 it is about 8% up.", "8%", "unsupported"),
    ("It is about 12% above your 7-day average.", "12%", "unsupported"),
])
def test_a_weekly_target_against_an_average_in_percent(reply, number, outcome):
    m = mention(reply, TARGET, number)
    assert m.outcome == outcome
    if outcome == "computed":
        assert "75,000 ÷ 7" in m.source


# week 48 (Mon 23 to Sun 29 November): Tue 24 8,963, Wed 25 12,028, Thu 26 7,651
WEEK48 = json.loads((REQUESTS / "request_23.json").read_text(encoding="utf-8"))
RANKED = "| Rank | Day | Steps |\n|---|---|---|\n| Best | {best} | 12,028 |\n" \
         "| Weakest | {low} | 7,651 |"


@pytest.mark.parametrize("best, low, outcomes", [
    ("Wednesday", "Thursday", {"12,028": "quoted", "7,651": "quoted"}),
    ("Wednesday", "Tuesday", {"12,028": "computed", "7,651": "unsupported"}),
    ("Tuesday", "Thursday", {"12,028": "unsupported", "7,651": "computed"}),
    ("Wed 25", "Tue 24", {"12,028": "quoted", "7,651": "unsupported"}),
])
def test_a_tables_day_cell_binds_the_rows_numbers(best, low, outcomes):
    got = {m.text: m.outcome for m in check(RANKED.format(best=best, low=low), WEEK48)}
    assert {k: got[k] != "unsupported" for k in outcomes} == \
        {k: v != "unsupported" for k, v in outcomes.items()}


# Monday 30 November: 9,237 steps, 763 short of the 10,000 goal
MONDAY = json.loads((REQUESTS / "request_24.json").read_text(encoding="utf-8"))
# Mon 30 Nov, 21:30: 9,377 so far; week 48 days (Tue 24 8,963, Wed 25 12,028)
EVENING = json.loads((REQUESTS / "request_09.json").read_text(encoding="utf-8"))
# "I'm aiming for 12k a day in December": 30-day average 9,494
TWELVE = json.loads((REQUESTS / "request_19.json").read_text(encoding="utf-8"))
# streak 1 through Tue 1 December; Sun 29 met, Mon 30 missed, Tue 1 met
STREAK = json.loads((REQUESTS / "request_22.json").read_text(encoding="utf-8"))
# a review of week 47 (Mon 16 to Sun 22 November); now is after it
WEEK47 = json.loads((REQUESTS / "request_01.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("reply, req, number, outcome", [
    ("At 9,237 you got a bit over nine tenths of the way to the goal.", MONDAY, "nine tenths",
     "computed"),
    ("At 9,237 you got about seven tenths of the way to the goal.", MONDAY, "seven tenths",
     "unsupported"),
    ("Your Tuesday came in roughly a quarter lower than Wednesday.", EVENING, "a quarter",
     "computed"),
    ("Your Wednesday came in roughly a quarter higher than Tuesday.", EVENING, "a quarter",
     "unsupported"),  # (a third higher: 34%)
    ("Your Wednesday came in roughly a third higher than Tuesday.", EVENING, "third",
     "computed"),
    ("Aiming for 12,000 each day is roughly a quarter more than your 30-day normal.", TWELVE,
     "a quarter", "computed"),
])
def test_fractions_in_words_with_their_direction(reply, req, number, outcome):
    assert mention(reply, req, number).outcome == outcome


@pytest.mark.parametrize("reply, number, outcome", [
    ("Your Tuesday finished about 25% lower than Wednesday.", "25%", "computed"),
    ("Your Wednesday finished about 25% lower than Tuesday.", "25%", "unsupported"),
    ("Your Tuesday finished about 25% lower.", "25%", "unsupported"),  # (lower than what?)
])
def test_a_fall_over_the_later_day_needs_both_days_named_in_order(reply, number, outcome):
    assert mention(reply, EVENING, number).outcome == outcome


def test_counts_listed_before_their_days_pair_in_order():
    got = {m.text: m.outcome for m in check(
        "The soft start was 9,231 and 8,963 on Monday and Tuesday.",
        json.loads((REQUESTS / "request_23.json").read_text(encoding="utf-8")))}
    assert got["9,231"] == "quoted" and got["8,963"] == "quoted"


@pytest.mark.parametrize("reply, number", [
    ("Plan: Fri lunch loop, 25 min. Sun 8-9k easy.", "8-9k"),
    ("Next days: Mon-Tue 9-10k at lunch.", "9-10k"),
    ("**Next days**\n- Sun: 8-9k, easy and flat.", "8-9k"),
])
def test_numbers_after_a_plans_label_are_advice(reply, number):
    assert mention(reply, WEEK47, number).outcome == "advice"


def test_a_plan_label_does_not_hide_a_report():
    assert mention("Plan: you did 9,231 on Sunday.", WEEK47, "9,231").outcome == "unsupported"


@pytest.mark.parametrize("reply, number, outcome", [
    ("Meet it today and today would be day 2.", "2", "computed"),
    ("Meet it today and today would be day 3.", "3", "unsupported"),  # (goal days + 1)
])
def test_day_n_is_a_place_in_the_streak(reply, number, outcome):
    assert mention(reply, STREAK, number).outcome == outcome


def test_half_nine_is_a_clock_time():
    got = check("You're at 9,377, so a short lap of the block at half nine would do it.",
                EVENING)
    assert [m.text for m in got if m.outcome == "unsupported"] == []


@pytest.mark.parametrize("reply, outcomes", [
    ("From Friday it slid: 5,699, then 4,016.", {"5,699": "quoted", "4,016": "quoted"}),
    ("The week faded into Saturday: 5,699 then 4,016.", {"5,699": "quoted", "4,016": "quoted"}),
    ("From Friday it slid: 4,016, then 5,699.", {"5,699": "unsupported",
                                                  "4,016": "unsupported"}),
])
def test_counts_joined_by_then_are_days_in_a_row(reply, outcomes):
    assert outcomes_of(reply, WEEK47, outcomes) == outcomes


# this week so far (Mon 30 Nov, Tue 1 Dec 13,311) against last week (best 12,028)
WEEKS = json.loads((REQUESTS / "request_21.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("reply, supported", [
    ("Tue 13,311 topped last wk's best 12,028.", True),
    ("Tue 13,311 topped last wk's best 11,028.", False),
])
def test_a_periods_fact_named_before_a_number_outranks_the_day(reply, supported):
    assert [m.outcome != "unsupported" for m in check(reply, WEEKS)
            if m.text.endswith("028")] == [supported]


# Monday 30 November, 08:12: 812 so far; last week (Mon 23 to Sun 29) came to 69,329
MONDAY_MORNING = json.loads((REQUESTS / "request_04.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("req, reply, outcomes", [
    (MONDAY_MORNING, "To beat 69,329 you need 68,518 more this week, about 9,788 a day.",
     {"68,518": "computed", "9,788": "computed"}),
    (MONDAY_MORNING, "To beat 69,329 you need 68,618 more this week.", {"68,618": "unsupported"}),
    (WEEKS, "To pass 69,329 you need 46,782 more over 5 days, about 9,356 a day.",
     {"46,782": "computed", "9,356": "computed"}),
    (WEEKS, "To pass 69,329 you need 46,782 more over 5 days, about 9,956 a day.",
     {"9,956": "unsupported"}),
])
def test_what_this_week_needs_to_beat_the_last(req, reply, outcomes):
    assert outcomes_of(reply, req, outcomes) == outcomes


@pytest.mark.parametrize("reply, outcome", [
    ("Matching your 18-day record would take 16 more goal days after today.", "computed"),
    ("Matching your 18-day record would take 15 more goal days after today.", "unsupported"),
    ("You are 16 days off your record.", "unsupported"),  # (17: today is not counted)
])
def test_the_record_less_the_streak_and_today(reply, outcome):
    assert mention(reply, STREAK, "16" if "16" in reply else "15").outcome == outcome


def test_between_two_days_of_a_month_is_a_range():
    got = {m.text: m.outcome for m in check("Between 16 and 22 November you walked 56,775 steps.",
                                             WEEK47)}
    assert got == {"16 and 22 November": "quoted", "56,775": "computed"}


def test_a_bold_ordinal_is_read_as_a_date():
    assert mention("- Today is the **1st**, and you're at **7,645**.",
                   json.loads((REQUESTS / "request_18.json").read_text(encoding="utf-8")),
                   "1st").outcome == "quoted"


@pytest.mark.parametrize("reply, number, outcome", [
    ("- Goal met on 3 of 7 days; the misses were short by a combined 4,438.", "4,438",
     "computed"),
    ("- Goal met on 3 of 7 days; the misses were short by a combined 4,538.", "4,538",
     "unsupported"),
    ("- The met days banked 3,767 over the goal.", "3,767", "computed"),
])
def test_the_gaps_of_a_weeks_misses_or_met_days_added_up(reply, number, outcome):
    assert mention(reply, MONDAY_MORNING, number).outcome == outcome


@pytest.mark.parametrize("reply, number, outcome", [
    ("The weekend carried 23.4% of the week's steps.", "23.4%", "computed"),
    ("The weekend carried 25.4% of the week's steps.", "25.4%", "unsupported"),
    ("The weekdays were 76.6% of the week.", "76.6%", "computed"),
])
def test_a_part_of_the_week_as_a_share_of_it(reply, number, outcome):
    assert mention(reply, WEEK47, number).outcome == outcome


# October: goal met on 13 of 31 days (41.9%); November so far: 13 of 29 (44.8%)
MONTHS = json.loads((REQUESTS / "request_11.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("reply, number, outcome", [
    ("Goal-met share 41.9% → 44.8%: +2.9 points on the same 13 days.", "2.9", "computed"),
    ("Goal-met share 41.9% → 44.8%: +3.9 points on the same 13 days.", "3.9", "unsupported"),
])
def test_percentage_points_between_two_true_shares(reply, number, outcome):
    assert mention(reply, MONTHS, number).outcome == outcome


@pytest.mark.parametrize("reply, number, outcome", [
    ("- 3 days came in above the average, 4 below it.", "4", "computed"),
    ("- 3 days came in above the average, 5 below it.", "5", "unsupported"),
])
def test_a_count_of_days_on_the_other_side_with_days_left_out(reply, number, outcome):
    req = json.loads((REQUESTS / "request_10.json").read_text(encoding="utf-8"))
    assert mention(reply, req, number).outcome == outcome


@pytest.mark.parametrize("reply, outcomes", [
    ("Monday and Tuesday made 22,548 against 18,194 on the same days last week: 4,354 more, "
     "or 23.9% ahead.", {"4,354": "computed", "23.9%": "computed"}),
    ("That's 5,354 more, or 29.9% ahead of the same days last week.",
     {"5,354": "unsupported", "29.9%": "unsupported"}),
    ("At this pace you'd finish the week around 78,900.", {"78,900": "computed"}),
    ("You'd finish the week around 78,900.", {"78,900": "unsupported"}),  # (no pace named)
    ("You need 47,452 more to reach 70,000 this week, about 9,490 a day for the next five days.",
     {"47,452": "computed", "9,490": "computed"}),
    ("This week you're averaging 11,900 over the first 2 days.", {"11,900": "unsupported"}),
])
def test_this_week_so_far_carried_on_and_against_the_same_days_last_week(reply, outcomes):
    assert outcomes_of(reply, WEEKS, outcomes) == outcomes


@pytest.mark.parametrize("reply, number, outcome", [
    ("Your daily average rose 1,483, or 18.5%.", "1,483", "computed"),
    ("Your daily average rose 1,583.", "1,583", "unsupported"),
])
def test_an_average_that_rose_by_an_amount(reply, number, outcome):
    assert mention(reply, MONTHS, number).outcome == outcome


# Monday 30 November, 19:07: 8,214 so far; November so far: goal met on 13 of 29 days
NOVEMBER = json.loads((REQUESTS / "request_08.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("reply, number, outcome", [
    ("Hit it and that's 14 goal days, nearly half the month.", "14", "computed"),
    ("Hit it and that's 15 goal days.", "15", "unsupported"),
    ("You hit it and that's 14 goal days.", "14", "unsupported"),  # (a report: 13)
])
def test_what_meeting_the_goal_today_would_make(reply, number, outcome):
    assert mention(reply, NOVEMBER, number).outcome == outcome
