"""The checker on phrasings a fresh writer uses (the rules of issue 17's fourth round), each
rule with a true number that must pass and a wrong one that must be flagged: a percentage
over the goal, a streak's next day said as "becomes" / "day 5" / "and it's", a gap between
two named facts, "N of M days", a period's own value, an average "over the three", day lists
paired with count lists, a supposing clause, a day with no line, and sentences that report
or plan by their form."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check
from tests.support import number_outcome
from tests.unit.test_grounding import REQUEST, request


def outcome(reply: str, number: str, req=REQUEST) -> str:
    return number_outcome(reply, number, req)


@pytest.mark.parametrize("reply, number, expected", [
    # a day over the goal as a share of it: (12,245 − 10,000) ÷ 10,000 = 22.45%
    ("Saturday's 12,245 was 2,245 above your goal, so 22.5% over.", "22.5%", "computed"),
    ("Saturday's 12,245 was 2,245 above your goal, so 35% over.", "35%", "unsupported"),
    # ... but a share of days is not read as a margin over the goal
    ("You met the goal on 10 of the last 30 days, about 33%.", "33%", "computed"),
    # a streak of 4 and today: "becomes 5", "day 5 if you get there", "and it's 5"
    ("If you hit the goal today, your streak becomes 5.", "5", "computed"),
    ("If you hit the goal today, your streak becomes 6.", "6", "unsupported"),
    ("Today makes day 5 if you get there.", "5", "computed"),
    ("Today makes day 6 if you get there.", "6", "unsupported"),
    ("Do that and it's 5 days in a row.", "5", "computed"),
    ("Do that and it's 6 days in a row.", "6", "unsupported"),
    # the streak named in an imperative is the user's streak, not a plan's
    ("Keep the 4-day streak alive today.", "4", "quoted"),
    ("Keep the 15-day streak alive today.", "15", "unsupported"),
])
def test_operations_and_the_streak(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # fact words after "gap between" name the two sides: 12,245 − 8,000
    ("That's a 4,245-step gap between your best and weakest days.", "4,245", "computed"),
    ("That's a 4,500-step gap between your best and weakest days.", "4,500", "unsupported"),
    # (a span of two stated days does not stand for "2 of 7")
    ("A near-miss week, met on 3 of 7 days.", "3", "quoted"),
    ("A near-miss week, met on 2 of 7 days.", "2", "unsupported"),
    # a period's own value: the 30-day average, not Monday's 8,000
    ("The week sat about 1,100 under your 30-day figure of 8,387.", "8,387", "quoted"),
    ("The week sat about 1,100 under your 30-day figure of 8,000.", "8,000", "unsupported"),
    # a two-period sentence compares those two: (9,143 − 8,387) ÷ 8,387 = 9.0%, not the
    # 7-day average's 13.1%
    ("Last week averaged 9,143 against 8,387 over the last 30 days, up about 9%.", "9%",
     "computed"),
    ("Last week averaged 9,143 against 8,387 over the last 30 days, up about 13%.", "13%",
     "unsupported"),
    # "over the three": an average over three days, (12,245 + 9,100 + 8,000) ÷ 3
    ("From Saturday you averaged 9,782 a day over the three.", "9,782", "computed"),
    ("From Saturday you averaged 10,673 a day over the three.", "10,673", "unsupported"),
    # a share of the days counted is not one day's level
    ("You met it on 3 of 7 days last week (Nov 16 to Nov 22), about 43% of them.", "43%",
     "computed"),
    ("You met it on 3 of 7 days last week (Nov 16 to Nov 22), about 50% of them.", "50%",
     "unsupported"),
])
def test_what_a_number_is_bound_to(reply, number, expected):
    assert outcome(reply, number) == expected


def test_a_list_of_days_pairs_with_a_list_of_counts():
    true = check("Sunday and Monday were both soft at 9,100 and 8,000.", REQUEST)
    assert [m.outcome for m in true if m.text in ("9,100", "8,000")] == ["quoted", "quoted"]
    swapped = check("Sunday and Monday were both soft at 8,000 and 9,100.", REQUEST)
    assert [m.outcome for m in swapped if m.text in ("9,100", "8,000")] == [
        "unsupported", "unsupported"]


def test_a_day_with_no_line_inside_a_summed_period_is_not_another_figure():
    # Nov 17 lies in last week, which the request sums up, but has no line of its own
    assert outcome("Nov 17 came in at 9,486 steps.", "9,486") == "unsupported"
    assert outcome("Nov 21 came in at 12,245 steps.", "12,245") == "quoted"


def test_a_supposing_clause_borrows_no_day():
    req = request("I'm aiming for 11k a day in December. Is that realistic?")
    reply = "Saturday was your ceiling, and 11k would ask for most of that daily."
    assert outcome(reply, "11k", req) == "quoted"
    assert outcome(reply.replace("11k would", "15k would"), "15k", req) == "unsupported"


@pytest.mark.parametrize("reply, number, expected", [
    # running-text schedule of days still ahead (now is a Wednesday)
    ("Thu: 9,500. Fri: 11,000. Sat: 12,500.", "9,500", "advice"),
    ("Mon: 8,800. Sun: 9,100.", "8,800", "unsupported"),
    ("A shape for today:\n- 12:15: 25 minutes outside\n- After six: 45 minutes", "12:15",
     "advice"),
    # words to type, a few quotes along after "ask me"
    ('If you ask me directly about "Thursday the 19th" or "the week of Nov 9", I can '
     "pull that day's line.", "Nov 9", "advice"),
    ("Your best week started on Nov 9.", "Nov 9", "unsupported"),
    # "N days away / after" reports a count of days: 2026-11-25 to Dec 13 is 18
    ("The 10k on Dec 13 is now 18 days away.", "18", "computed"),
    ("The 10k on Dec 13 is now 21 days after Monday.", "21", "unsupported"),
])
def test_report_or_plan_by_the_sentence_form(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # "just over" reads up from the number, "just under" down: 12,245 − 10,000 = 2,245
    ("Saturday finished just over 2,200 above the goal.", "2,200", "computed"),
    ("Saturday finished just under 2,200 above the goal.", "2,200", "unsupported"),
])
def test_a_hedge_reads_the_way_it_leans(reply, number, expected):
    assert outcome(reply, number) == expected


def test_a_hedge_rounds_to_the_first_figure_within_a_share_of_the_value():
    stated = "- 7-day average: 11,600 steps/day (2026-11-18 to 2026-11-24)"
    assert outcome("Your 7-day average is about 12,000.", "12,000", stated) == "quoted"
    assert outcome("Your 7-day average is about 10,000.", "10,000", stated) == "unsupported"
    # 26,959 is "about 27,000", not "about 30,000" (10% off)
    stated = "- total: 26,959 steps (2026-11-18 to 2026-11-24)"
    assert outcome("You walked about 27,000 steps in total.", "27,000", stated) == "quoted"
    assert outcome("You walked about 30,000 steps in total.", "30,000", stated) == "unsupported"


@pytest.mark.parametrize("reply, number, expected", [
    # "under a thousand short" is a bound on the day's gap: Sunday 900 short, Monday 2,000
    ("Sunday was under a thousand short of the goal.", "a thousand", "computed"),
    ("Monday was under a thousand short of the goal.", "a thousand", "unsupported"),
    ("Sunday was under 500 short of the goal.", "500", "unsupported"),
])
def test_under_a_gap_is_a_bound(reply, number, expected):
    assert outcome(reply, number) == expected


def test_a_record_said_to_be_ever_needs_a_record_over_all_time():
    # the request states the best of the last 30 days only; a number in the sentence before
    # does not take the fact word "best" from it
    before = "Saturday and Sunday both beat 9,000. "
    assert outcome(before + "Your best day of the last 30 is 13,313.", "13,313") == "quoted"
    assert outcome(before + "Your best day ever is 13,313.", "13,313") == "unsupported"


@pytest.mark.parametrize("reply, number, expected", [
    # "the three days averaged": over three days, (12,245 + 9,100 + 8,000) ÷ 3 = 9,782
    ("Saturday to Monday, the three days averaged about 9,800.", "9,800", "computed"),
    ("Saturday to Monday, the two days averaged about 9,800.", "9,800", "unsupported"),
    # "on weekends": over weekend days only, (12,245 + 9,100) ÷ 2 = 10,672.5; Sunday's own
    # 9,100 is not a weekend figure
    ("You averaged about 10,700 on weekends.", "10,700", "computed"),
    ("You averaged about 9,100 on weekends.", "9,100", "unsupported"),
    ("You averaged about 9,100 on Saturdays and Sundays.", "9,100", "unsupported"),
    # ... while one Saturday's count beside "Saturdays" is that day's
    ("Your Saturdays are strong lately: 12,245 last week.", "12,245", "quoted"),
    # days to the longest streak: 18 − 4 = 14
    ("You're 14 days off your 18-day record.", "14", "computed"),
    ("You're 3 days off your 18-day record.", "3", "unsupported"),
])
def test_how_many_days_and_which_days_a_figure_covers(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # a bound every day named must meet: Thursday 11,283, Saturday 12,245
    ("Thursday and Saturday were both over 11,200: 11,283 and 12,245.", "11,200", "computed"),
    ("Thursday and Saturday were both over 11,500: 11,283 and 12,245.", "11,500", "unsupported"),
    # the streak (4) and the longest (18) referred back to: "it becomes", "off it"
    ("Your streak is at 4 days; hit the goal today and it becomes 5.", "5", "computed"),
    ("Your streak is at 4 days; hit the goal today and it becomes 6.", "6", "unsupported"),
    ("Your longest streak this year was 18 days, so you're 14 days off it.", "14", "computed"),
    ("Your longest streak this year was 18 days, so you're 12 days off it.", "12", "unsupported"),
])
def test_bounds_and_facts_referred_back_to(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # a day against an average in percent, the average named: (9,100 − 8,387) ÷ 8,387 = 8.5%
    ("Sunday's 9,100 was about 9% above your 30-day average.", "9%", "computed"),
    ("Sunday's 9,100 was about 6% above your 30-day average.", "6%", "unsupported"),
    # ... and not when no average is named: (12,245 − 8,387) ÷ 8,387 = 46.0%
    ("Saturday's 12,245 was about 46% higher.", "46%", "unsupported"),
    # a one-figure percentage rounds like any other: (9,486 − 9,143) ÷ 9,143 = 3.75%
    ("Your 7-day average is about 4% above last week's.", "4%", "computed"),
])
def test_percentages_of_a_day_and_one_figure_percentages(reply, number, expected):
    assert outcome(reply, number) == expected
