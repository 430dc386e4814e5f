"""Round 22x's classes (the rX writer: terse to long replies with headings, tables and plans),
in phrasings of our own (never a labelled reply): a section headed by a
plan's name with one qualifying word ("## An easier ramp") plans; a table with a "When" and a
"Target" column plans a day; "from 4 to 5 days" counts days, no hour; "topped by N" names the
top day's level, no gap; in "spread: A vs B" A is a side, not the gap; a headline's "Average up
N" is the average's change."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check
from tests.unit.test_grounding import REQUEST
from tests.unit.test_grounding_round7 import outcome, real


def outcomes(reply: str, req=REQUEST) -> dict[str, str]:
    return {m.text: m.outcome for m in check(reply, req)}


@pytest.mark.parametrize("heading", [
    "## An easier ramp", "### A slower build-up", "## Gentle plan", "## Your weekend schedule"])
def test_a_plan_heading_with_one_qualifying_word_plans(heading):
    reply = f"{heading}\n\n- Block 1: 10,400/day\n- Block 2: 10,900/day\n- Block 3: 11,600/day"
    got = outcomes(reply)
    for n in ("10,400", "10,900", "11,600"):
        assert got[n] == "advice", (n, got)


@pytest.mark.parametrize("heading", ["## How the plan went for you", "## Last week vs plan"])
def test_a_heading_that_only_mentions_a_plan_does_not(heading):
    reply = f"{heading}\n\nLast Thursday came in at 10,400 and Saturday at 10,900."
    assert outcomes(reply)["10,400"] == "unsupported"


def test_a_table_of_when_and_target_plans_a_day():
    reply = ("| Walk | When | Target |\n|---|---|---|\n| Early loop | 6:50 | 2,700 |\n"
             "| Coffee break | 14:40 | 1,300 |\n| Errands | any 20 spare minutes | 1,900 |")
    got = outcomes(reply)
    for n in ("6:50", "2,700", "14:40", "1,300", "20", "1,900"):
        assert got[n] != "unsupported", (n, got)


def test_a_table_of_days_with_a_target_column_still_reports():
    reply = ("| Day | Steps | Target |\n|---|---|---|\n| Thu | 11,283 | 10,000 |\n"
             "| Sat | 12,900 | 10,000 |")
    assert outcomes(reply)["12,900"] == "unsupported"


@pytest.mark.parametrize("reply", [
    "Reach the goal today and the streak goes on, taking it from 4 to 5 days.",
    "One more good day lifts your run from 4 to 5 days.",
])
def test_the_first_of_two_counts_of_days_is_no_hour(reply):
    assert outcomes(reply)["4"] != "unsupported", check(reply, REQUEST)


def test_a_range_of_hours_stays_hours():
    found = check("Your meetings run from 9 to 5, so walk at lunch.", REQUEST)
    assert [(m.kind, m.outcome) for m in found] == [("time", "quoted")] * 2


@pytest.mark.parametrize("reply, verdict", [
    ("A strong week, topped by 12,245 on Saturday.", "quoted"),
    ("Last week was headed by Saturday's 12,245.", "quoted"),
    ("A strong week, topped by 12,900 on Saturday.", "unsupported"),
])
def test_topped_by_names_the_top_days_level_not_a_gap(reply, verdict):
    number = "12,900" if "12,900" in reply else "12,245"
    assert outcomes(reply)[number] == verdict, check(reply, REQUEST)


@pytest.mark.parametrize("reply, number, verdict", [
    ("The spread between best and lowest: 12,245 versus 9,100, a gap of 3,145.", "12,245",
     "quoted"),
    ("Best vs weakest day spread: 12,245 against 9,100.", "12,245", "quoted"),
    ("The spread between best and lowest: 12,245 versus 9,100, a gap of 3,412.", "3,412",
     "unsupported"),
])
def test_a_side_set_against_the_other_is_no_gap(reply, number, verdict):
    assert outcomes(reply)[number] == verdict, check(reply, REQUEST)


@pytest.mark.parametrize("reply, number, verdict", [
    ("- **7-day average up 1,099 a day on the 30-day one.**", "1,099", "computed"),
    ("Headline: average up about 1,100 on your 30-day level.", "1,100", "computed"),
    ("- **7-day average up 1,350 a day on the 30-day one.**", "1,350", "unsupported"),
])
def test_a_headlines_fact_up_or_down_is_its_change(reply, number, verdict):
    assert outcomes(reply)[number] == verdict, check(reply, REQUEST)




@pytest.mark.parametrize("reply, verdict", [
    ("November came out ahead. It averaged 9,503 across 29 days, against 8,020 over 31 in "
     "October.", "quoted"),
    ("November came out ahead. It averaged 9,503 across 29 days, against 8,020 across all 31 "
     "in October.", "quoted"),
    ("November came out ahead. It averaged 9,503 across 29 days, against 8,400 over 31 in "
     "October.", "unsupported"),
])
def test_a_count_of_days_between_a_number_and_its_month_is_the_months_length(reply, verdict):
    number = "8,400" if "8,400" in reply else "8,020"
    assert outcome(reply, number, real("request_11.json")) == verdict
