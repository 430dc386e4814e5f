"""Round-7 mechanisms of the checker (generalised by cause from a seventh labeller's replies),
one test each: a true number that must pass and a wrong one that must be flagged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coach_tui.coach.grounding import check
from tests.support import number_outcome
from tests.unit.test_grounding import REQUEST

REQUESTS = Path(__file__).resolve().parents[2] / "bench" / "data" / "grounding" / "requests"


def real(name: str) -> dict:
    """One of the app's real requests the labelled replies answer."""
    return json.loads((REQUESTS / name).read_text(encoding="utf-8"))


def outcome(reply: str, number: str, req=REQUEST) -> str:
    return number_outcome(reply, number, req)


@pytest.mark.parametrize("reply, number, expected", [
    # "over" before a date is the span a total covers, not a gap over a mark
    ("Last week came to 64,000 steps over Nov 16 to Nov 22.", "64,000", "quoted"),
    ("Last week came to 66,000 steps over Nov 16 to Nov 22.", "66,000", "unsupported"),
    # "led by" names who led, not a gap by that much
    ("The weekend was strong, led by 12,245 on Saturday.", "12,245", "quoted"),
    ("The weekend was strong, led by 12,900 on Saturday.", "12,900", "unsupported"),
])
def test_a_span_or_an_agent_is_not_read_as_a_gap(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("count, expected", [("4,016", "quoted"), ("4,116", "unsupported")])
def test_a_day_after_the_number_past_another_number_is_that_numbers(count, expected):
    # Wednesday is the base of the 36%, not the day of the count: Saturday the 21st is
    reply = (f"The low point was Saturday the 21st, when {count} steps came to about 36% of "
             "Wednesday's total.")
    assert outcome(reply, count, real("request_01.json")) == expected


@pytest.mark.parametrize("count, expected", [("13,311", "quoted"), ("13,811", "unsupported")])
def test_a_period_past_a_comparison_word_is_the_other_sides(count, expected):
    reply = f"The biggest reason is Tuesday: {count} beat last week's best, 12,028 on the 25th."
    assert outcome(reply, count, real("request_21.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # a count of activities of a size is a plan's size unless its own clause reports
    ("If the morning is all meetings, two 20-minute walks would cover most of it.", "two",
     "advice"),
    ("Three 20-minute blocks and you're there.", "Three", "advice"),
    ("Yesterday you did two 20-minute walks.", "two", "unsupported"),
    # a wish for the reader ("I'd rather you hit") is not a report that they did
    ("I'd rather you hit 10,500 a day through the race.", "10,500", "advice"),
    ("Last week you hit 10,500 a day.", "10,500", "unsupported"),
])
def test_sized_counts_and_wishes_are_advice_reports_are_claims(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("Your saved week-47 review said the same.", "47", "quoted"),
    ("Your saved week-45 review said the same.", "45", "unsupported"),
])
def test_a_hyphenated_week_number_is_a_week(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("Last week you met the goal on 3 days and missed on 4.", "4", "computed"),
    ("Last week you met the goal on 3 days and missed on 5.", "5", "unsupported"),
    ("Last week you met it on 3 days.", "3", "quoted"),
    ("Last week you met it on two days.", "two", "unsupported"),
])
def test_met_on_or_missed_on_says_which_days_a_count_counts(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, expected", [
    # a day named after the count in a later clause is another claim's, not one ranked
    ("The weak stretch was Sunday into Monday, 9,100 and then 8,000, your two lowest days "
     "back to back, before Thursday's 11,283 pulled things back.", "computed"),
    ("The weak stretch was Thursday into Saturday, your two lowest days back to back, before "
     "Sunday's 9,100 pulled things back.", "unsupported"),
    # a heading ranks the days its line names after the colon
    ("- **Lowest two:** Mon 8,000, Sun 9,100", "computed"),
    ("- **Lowest two:** Thu 11,283, Sun 9,100", "unsupported"),
])
def test_a_ranking_counts_the_days_it_names(reply, expected):
    assert outcome(reply, "two") == expected


@pytest.mark.parametrize("gap, expected", [("260", "computed"), ("700", "unsupported")])
def test_a_gap_is_only_ever_a_difference(gap, expected):
    # 9,237 ÷ 13 = 710.5 is beside it, but "below your average" is a gap: 9,494 − 9,237 = 257
    reply = (f"Monday came in at 9,237. You've met the goal on 13 of the last 30 days, and "
             f"Monday sat about {gap} below your 30-day average.")
    assert outcome(reply, gap, real("request_24.json")) == expected


@pytest.mark.parametrize("reply, expected", [
    # a period the request does not state, named alone in the sentence, binds its count:
    # the last 30 days' 10 goal days are not September's
    ("In the last 30 days you met it on 10. September was much the same: 10 of 30.",
     "unsupported"),
    ("The last 30 days were steady: 10 of 30.", "quoted"),
])
def test_a_count_in_a_period_the_request_does_not_state(reply, expected):
    assert [m.outcome for m in check(reply, REQUEST) if m.text == "10"][-1] == expected


@pytest.mark.parametrize("days, expected", [("18", "computed"), ("10", "unsupported")])
def test_days_away_counts_days_to_a_date_not_goal_days(days, expected):
    # today is Nov 25, the 10k Dec 13: 18 days; 10 is the goal-met count, another kind
    reply = f"With the 10k just {days} days away, aim for a steady 40-minute walk at lunch."
    assert outcome(reply, days) == expected


@pytest.mark.parametrize("days, expected", [("18", "quoted"), ("19", "unsupported")])
def test_your_longest_reports_a_record_even_beside_a_suggestion(days, expected):
    reply = (f"Your longest run of goal days this year was {days} days, back in late summer, "
             "so you know you can string them together.")
    assert outcome(reply, days) == expected


@pytest.mark.parametrize("days, expected", [("3", "quoted"), ("5", "unsupported")])
def test_the_goal_met_on_n_days_reports_in_the_passive_too(days, expected):
    reply = f"A solid week with the goal met on {days} days; Saturday carried it with a walk."
    assert outcome(reply, days) == expected


@pytest.mark.parametrize("since, expected", [("18th", "quoted"), ("19th", "unsupported")])
def test_an_average_since_a_date_is_over_the_days_from_it(since, expected):
    # the 7-day average 9,486 runs from Nov 18: not an average since the 19th
    reply = f"Your steps have held up since the {since}, averaging 9,486 a day."
    assert outcome(reply, "9,486") == expected


@pytest.mark.parametrize("days, expected", [("five", "computed"), ("six", "unsupported"),
                                            ("four", "unsupported")])
def test_the_remaining_days_run_from_today_to_sunday(days, expected):
    # today is Wednesday Nov 25: five days to Sunday (four is the streak, another count)
    reply = f"Monday gave you 8,000, so over the remaining {days} days you need about 8,000 a day."
    assert outcome(reply, days) == expected


def test_your_longest_is_quoted_from_the_record_not_an_operation_of_the_same_value():
    (m,) = check("Your longest streak was 18 days.", REQUEST)
    assert (m.outcome, m.source) == ("quoted", "longest goal streak in the last 365 days: 18 "
                                     "days (2026-08-20 to 2026-09-06)")
