"""Round-19 classes of the checker, each in phrasings of our own (not copied from the
labelled replies): a number that must keep its outcome beside one that must change. Written
for the classes the digest-voice replies showed (headed sections with emoji and check marks,
shares, a fact word before a day and its value)."""

from __future__ import annotations

import pytest

from tests.unit.test_grounding_round7 import outcome, real


@pytest.mark.parametrize("reply, number, expected", [
    # request_01: a review of week 47 (Mon 16 Nov to Sun 22 Nov); Sat 21 Nov 4,016
    ("### Plan ✅\nMon: 35 minutes around the park.", "35", "advice"),
    ("### Suggested ramp 👟\n- Week one: 10,800 a day\n- Week two: 11,300", "11,300",
     "advice"),
    ("### Suggested schedule 🔥\nTue: 40 minutes with the dog.", "40", "advice"),
    ("### Things to try ⚠️\nGet 3,500 in before lunch.", "3,500", "advice"),
    # a section that is not a plan, or a sentence in one that reports, still claims
    ("### Wins 🔥\nSat: 10,800 steps.", "10,800", "unsupported"),
    ("### Plan 👟\nYou walked 10,800 on Saturday.", "10,800", "unsupported"),
])
def test_a_section_headed_by_a_plan_with_a_mark_after_it_is_advice(reply, number, expected):
    assert outcome(reply, number, real("request_01.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_02: a journal prompt whose review gives no count of days
    ("MEMORY: Met goal on 6 of 7 days; Sunday stayed quiet.", "6", "unsupported"),
    ("MEMORY: Missed goal on 4 days, mostly Fridays.", "4", "unsupported"),
])
def test_met_goal_without_an_article_reports(reply, number, expected):
    assert outcome(reply, number, real("request_02.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_22: streak 1 day; no record of 20 or 31 days anywhere
    ("That streak is worth guarding, and you're edging back toward the 31-day high.", "31",
     "unsupported"),
    ("Keep going: the 20-day record is in sight.", "20", "unsupported"),
    ("Try a 20-minute walk after lunch.", "20", "advice"),
])
def test_a_count_of_days_that_names_a_record_is_a_claim(reply, number, expected):
    assert outcome(reply, number, real("request_22.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_09: Tue 24 Nov 8,963; Wed 25 Nov 12,028 (74.5%)
    ("Tuesday came to 75% of Wednesday.", "75%", "computed"),
    ("Tuesday landed at about three quarters of Wednesday, 75% in fact.", "75%", "computed"),
    ("Tuesday came to 70% of Wednesday.", "70%", "unsupported"),
    ("Tuesday came to 60% of Wednesday.", "60%", "unsupported"),
])
def test_one_day_as_a_share_of_another_is_worked_out(reply, number, expected):
    assert outcome(reply, number, real("request_09.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_04: Wed 25 Nov 12,028, Thu 26 Nov 7,651; 30-day best 12,993 on Nov 7
    ("Highest Wed Nov 25 (12,028) vs worst Thu Nov 26 (7,651).", "12,028", "quoted"),
    ("Highest Wed Nov 25 (12,028) vs worst Thu Nov 26 (7,651).", "7,651", "quoted"),
    ("Peak Wed Nov 25 (12,500) vs lowest Thu Nov 26 (7,651).", "12,500", "unsupported"),
    ("Best Wed Nov 25 (12,028) vs lowest Thu Nov 26 (7,900).", "7,900", "unsupported"),
])
def test_a_fact_word_before_a_day_heads_that_days_value(reply, number, expected):
    assert outcome(reply, number, real("request_04.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_01: goal met on 16 of the last 30 days; 1 of 7 this week
    ("### This week\nAcross the last 30 you met the goal 16 times.", "16", "quoted"),
    ("### This week\nIn the last 30 you met the goal 16 times.", "16", "quoted"),
    ("### This week\nOver the last 30 you met the goal 17 times.", "17", "unsupported"),
    ("### This week\nYou met the goal 16 times.", "16", "unsupported"),
])
def test_the_last_n_without_days_names_the_window_over_a_heading(reply, number, expected):
    assert outcome(reply, number, real("request_01.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_10: the last 7 days, 69,329 steps, goal met on 3; goal 10,000
    ("- All told: 69,329 steps\n- Goal days: 3 of 7", "69,329", "computed"),
    ("- All told: 69,900 steps\n- Goal days: 3 of 7", "69,900", "unsupported"),
    ("Your 10,000-step goal held on 3 of 7 days.", "10,000", "quoted"),
    ("Your 12,000-step goal held on 3 of 7 days.", "12,000", "unsupported"),
])
def test_a_goal_on_the_next_line_does_not_make_a_value_the_goal(reply, number, expected):
    assert outcome(reply, number, real("request_10.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_22: today 2,214 of a 10,000 goal (22.1% there, 77.9% left)
    ("2,214 so far: 22% there, 78% left.", "78%", "computed"),
    ("You're at 22% of the goal with 78% remaining.", "78%", "computed"),
    ("2,214 so far: 22% there, 75% left.", "75%", "unsupported"),
    ("2,214 so far: 25% there, 75% left.", "75%", "unsupported"),
])
def test_the_rest_of_a_true_share_is_worked_out(reply, number, expected):
    assert outcome(reply, number, real("request_22.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_09: Tue 24 Nov and Wed 25 Nov
    ("### Those two days 📊\nWednesday beat Tuesday by a street.", "two", "quoted"),
    ("### The three days 📊\nWednesday beat Tuesday by a street.", "three", "unsupported"),
])
def test_a_count_of_days_in_a_heading_is_the_days_its_section_names(reply, number, expected):
    assert outcome(reply, number, real("request_09.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_08: November so far, goal met on 13; today 8,214 of 10,000
    ("Another 1,786 makes it 14 goal days this November.", "14", "computed"),
    ("Another 1,786 makes it 15 goal days this November.", "15", "unsupported"),
    ("November has 14 goal days.", "14", "unsupported"),
])
def test_goal_days_with_today_when_the_words_look_ahead(reply, number, expected):
    assert outcome(reply, number, real("request_08.json")) == expected


@pytest.mark.parametrize("reply", [
    "You're at 8,214 of 10,000 so far.",
    "So far you have 8,214 steps of your 10,000.",
])
def test_the_whole_after_a_count_and_of_is_sourced_from_the_goal(reply):
    """request_07 (goal 10,000, 8,214 so far) also holds a journal line about a "city 10k"
    race: the whole in "8,214 of 10,000" is the goal, and its source says so, not the race."""
    from coach_tui.coach.grounding import check

    whole = next(m for m in check(reply, real("request_07.json")) if m.text == "10,000")
    assert whole.outcome == "quoted"
    assert "goal" in whole.source and "city 10k" not in whole.source
