"""Round 31's rules, each read from a tuning writer's replies after the set was scored blind
(`rbw`, an upbeat coach of challenges and milestones; `rbv`, a coach comparing periods; `rbz`
and `rcb`, blunt coaches who correct; `rcc`, a planner), and probes of our own. Written in
phrasings of our own; a claim about the user's data in the same frame stays checked."""

from __future__ import annotations

import json

import pytest

from coach_tui.coach.grounding import check
from tests.unit.test_grounding_round30 import REQUESTS
from tests.unit.test_grounding_round30 import mention as mention_in


def request(n: int) -> dict:
    return json.loads((REQUESTS / f"request_{n:02d}.json").read_text(encoding="utf-8"))


def mention(reply: str, n: int, number: str):
    """The mention of `number` in `reply` checked against request `n`."""
    return mention_in(reply, request(n), number)


# request 4: Monday 30 November, 812 so far; last week met the goal on three days
@pytest.mark.parametrize("reply, outcome", [
    ("Today you need 9,188 more. Challenge for the week: 4 goal days, one more than last week.",
     "advice"),
    ("**This week's challenge:** 4 goal days.", "advice"),
    ("Last week: you met the goal on 4 days.", "unsupported"),
])
def test_a_challenge_label_makes_its_target_advice(reply, outcome):
    assert mention(reply, 4, "4").outcome == outcome


# request 7: Monday 30 November 19:05, 8,214 so far
@pytest.mark.parametrize("reply, outcome", [
    ("Challenge: can you have 5,000 on the board before your last meeting ends? 💪", "advice"),
    ("Can you beat 8,000 by 7 pm?", "advice"),
    ("You're at 5,000 on the board already.", "unsupported"),
])
def test_a_challenge_asked_of_the_reader_is_advice(reply, outcome):
    number = "5,000" if "5,000" in reply else "8,000"
    assert mention(reply, 7, number).outcome == outcome


# request 19: Tuesday 1 December; November averaged 9,494
RAMP = "A realistic ramp:\n- **{a}:** 10,500 a day\n- **{b}:** 11,000\n- **{c}:** 12,000"


def test_a_list_line_labelled_with_a_date_ahead_is_a_plan():
    reply = RAMP.format(a="Dec 1–13", b="Dec 14–20", c="Dec 21 on")
    got = {m.text: m.outcome for m in check(reply, request(19))}
    assert got["10,500"] == got["11,000"] == "advice"
    assert got["12,000"] != "unsupported"  # (the user's own 12k)


def test_a_list_line_labelled_with_a_past_date_reports():
    reply = RAMP.format(a="Nov 1–13", b="Nov 14–20", c="Nov 21 on")
    got = {m.text: m.outcome for m in check(reply, request(19))}
    assert got["11,000"] == "unsupported"


# request 15: 75,000 this week, 65,763 over 6 days (10,960 a day); 7-day average 9,905
@pytest.mark.parametrize("gap, outcome", [("1,000", "computed"), ("2,000", "unsupported")])
def test_a_gap_that_points_back_to_the_figure_before_it(gap, outcome):
    reply = f"You need about 11,000 a day. That's roughly {gap} more a day than your 7-day " \
            "average of 9,905."
    m = mention(reply, 15, gap)
    assert m.outcome == outcome
    if outcome == "computed":
        assert m.source == "11,000 − 9,905 = 1,095"  # the base the words name, shown


# request 6: a streak of 1 day through yesterday, 4,906 so far today
@pytest.mark.parametrize("reply, outcome", [
    ("Your streak is 1 day through yesterday, so closing this gap makes it 2.", "computed"),
    ("Your streak is 1 day, so hitting the goal makes it 2.", "computed"),
    ("Your streak is 1 day through yesterday, so closing this gap makes it 4.", "unsupported"),
])
def test_the_doing_that_makes_a_streak_its_next_day(reply, outcome):
    number = "4" if "it 4" in reply else "2"
    assert mention(reply, 6, number).outcome == outcome


# request 11: a journal line of 12 October says "Had the flu the week of Oct 5"
@pytest.mark.parametrize("said, outcome", [
    ("5 October", "quoted"), ("October 5th", "quoted"), ("12 October", "unsupported")])
def test_a_week_told_day_first_is_the_lines_week(said, outcome):
    reply = f"You bounced back quickly after the flu week of {said}."
    assert mention(reply, 11, said).outcome == outcome


# request 14: an earlier reply said "the streak is now 15 days" (it is 0)
@pytest.mark.parametrize("reply, outcome", [
    ("Correction first. Earlier I said yesterday's 9,237 put your streak at 15 days. The 9,237 "
     "is right. The 15 is not.", "quoted"),
    ("I said your streak was at 15 days. The 9,237 is right. Your streak is 15 days.",
     "unsupported"),
])
def test_a_value_taken_back_and_named_again_to_deny_it(reply, outcome):
    last = [m for m in check(reply, request(14)) if m.text == "15"][-1]
    assert last.outcome == outcome


# request 22: earlier replies said 47 days and 24,318, then 15; the streak is 1
@pytest.mark.parametrize("opening, outcome", [
    ("Corrections first. ", "quoted"),  # (announced before)
    ("", "quoted"),  # (taken back two sentences on: "All wrong.")
])
def test_what_was_said_is_taken_back_over_a_sentence_that_says_more(opening, outcome):
    reply = f"{opening}I told you your streak was 47 days and your best day was 24,318. " \
            "Then I told you the streak was 15. All wrong. Your streak is 1 day."
    got = {m.text: m.outcome for m in check(reply, request(22))}
    assert got["47"] == got["24,318"] == got["15"] == outcome


def test_what_was_said_stays_warned_when_nothing_takes_it_back():
    reply = "I told you your streak was 47 days and your best day was 24,318. Then I told you " \
            "the streak was 15. Your streak is 1 day."
    got = {m.text: m.outcome for m in check(reply, request(22))}
    assert got["47"] == got["24,318"] == got["15"] == "unsupported"


# request 5: a streak of 1 day; request 8: goal met on 13 of 29 November days, 1,786 to go
@pytest.mark.parametrize("n, reply, number, outcome", [
    (5, "Your streak is 1 day. Hit 10,000 today and the streak is at 2.", "2", "computed"),
    (5, "Your streak is 1 day. Hit it and the streak is 2.", "2", "computed"),
    (5, "Your streak is 1 day. Hit it and the streak is 3.", "3", "unsupported"),
    (8, "Goal met on 13 of 29 days. 1,786 more and it is 15.", "15", "unsupported"),
])
def test_a_doings_result_joined_by_and(n, reply, number, outcome):
    assert mention(reply, n, number).outcome == outcome


# request 19: "I'm aiming for 12k a day in December"; the best day of the last 30 is 12,993
@pytest.mark.parametrize("reply, outcome", [
    ("So 12k is close to your best day, every day.", "quoted"),
    ("So 12,500 is close to your best day.", "unsupported"),
    ("Your best day was 12k.", "unsupported"),
])
def test_a_number_set_against_a_fact_is_not_its_value(reply, outcome):
    number = "12,500" if "12,500" in reply else "12k"
    assert mention(reply, 19, number).outcome == outcome


# request 7: Monday 19:05, 8,214 so far; meetings 9 to 5 tomorrow
SCHEDULE = ("Tomorrow: meetings 9 to 5. So the steps go on either side.\n"
            "- 07:30 to 08:15: flat walk, 45 minutes. Target 4,500.\n"
            "- Every meeting break: stand up, walk the hall. Target 1,500 across the day.\n"
            "- 17:15 to 18:00: out the door, 45 minutes. Target 4,500.\n"
            "- Fill the last {rest} with stairs and hallway laps.")


def test_a_schedules_lines_and_the_items_beside_them_are_the_plan():
    got = {m.text: m.outcome for m in check(SCHEDULE.format(rest="700"), request(7))}
    assert got["07:30 to 08:15"] == got["17:15 to 18:00"] == "advice"
    assert got["700"] == "advice"


def test_an_item_beside_a_schedule_that_reports_stays_a_claim():
    reply = SCHEDULE.format(rest="700") + "\n- Yesterday you walked 9,300."
    assert mention(reply, 7, "9,300").outcome == "unsupported"


# Probes of our own (request 14, which states no 70,000 and no 11,000): a target proposed
@pytest.mark.parametrize("reply, number", [
    ("A weekly total of 70,000 is a good target.", "70,000"),
    ("You could target 70,000 for the week.", "70,000"),
    ("A realistic ceiling is about 11,000 a day.", "11,000"),
])
def test_a_target_proposed_is_advice(reply, number):
    assert mention(reply, 14, number).outcome == "advice"


@pytest.mark.parametrize("reply, number", [
    ("Your weekly total of 70,000 was a good week.", "70,000"),
    ("You walked 11,000 a day.", "11,000"),
])
def test_a_total_reported_stays_a_claim(reply, number):
    assert mention(reply, 14, number).outcome == "unsupported"


# Read from rcc (a planner coach): a checkpoint is the plan's; a day's slot labels a schedule
# ("**Lunch:**", "**After six:**"); "**Tue 1 Dec** (meetings 9 to 5):" labels a plan's line;
# "if Saturday had reached even 8,000" supposes a value.
@pytest.mark.parametrize("reply, number", [
    ("Yesterday you walked 9,000.\nCheckpoint: 6,000 by 3 pm.", "6,000"),
    ("Yesterday you walked 9,000.\n- **Next checkpoint:** 6,500 by 3 pm", "6,500"),
    ("- **Lunch:** 4,000, about 6,200 by 1:30 pm\n- **After six:** 3,500 to finish near 9,700",
     "6,200"),
    ("- **Tue 1 Dec** (meetings 9 to 5): 9,000\n- **Wed:** 11,000", "9,000"),
    ("- **Lunch (12:30):** a 35-minute loop, 4,000\n- **After six:** 3,500 to reach 9,700",
     "3,500"),
])
def test_a_plans_checkpoints_and_slots_are_advice(reply, number):
    assert mention(reply, 13, number).outcome == "advice"


@pytest.mark.parametrize("reply, outcome", [
    ("If Saturday had reached even 8,000, this week's average would have been about 8,680.",
     "advice"),
    ("Had Saturday reached 8,000, the week would have looked better.", "advice"),
    ("Saturday had reached 8,000 by noon.", "unsupported"),
    ("If you reached 8,000 yesterday, great.", "unsupported"),
])
def test_a_day_supposed_otherwise(reply, outcome):
    assert mention(reply, 1, "8,000").outcome == outcome


def test_a_slot_labelled_line_that_reports_stays_a_claim():
    reply = "- **Lunch:** you walked 6,200 yesterday\n- **After six:** 3,500"
    assert mention(reply, 15, "6,200").outcome == "unsupported"


# Probes of our own (request 14 states none of these values): a target, a floor or a split
# proposed in the words a coach uses
@pytest.mark.parametrize("reply, number", [
    ("The sweet spot for you is probably 9,300 to 10,700.", "9,300 to 10,700"),
    ("Think of 9,300 as the floor, not the target.", "9,300"),
    ("A 9,300 minimum keeps the habit alive.", "9,300"),
    ("On the weekend, 13,300 is doable with a long walk.", "13,300"),
    ("You'd want 3,700 banked before lunch.", "3,700"),
    ("Budget 3,700 for the evening walk.", "3,700"),
    ("Something like 9,300 would be a win today.", "9,300"),
    ("Hitting 9,300 on four days would already be progress.", "9,300"),
    ("Bumping each day by 1,300 gets you to the goal.", "1,300"),
    ("A good rhythm would be 3,200 in the morning and 3,700 after work.", "3,200"),
])
def test_a_target_or_split_proposed_in_a_coachs_words(reply, number):
    assert mention(reply, 14, number).outcome == "advice"


@pytest.mark.parametrize("reply, number", [
    ("You're already close to 60% of the way there, so this is very doable.", "60%"),
    ("Yesterday's 9,300 was a win.", "9,300"),
    ("You walked 3,200 in the morning.", "3,200"),
])
def test_the_same_words_beside_a_report_stay_a_claim(reply, number):
    assert mention(reply, 14, number).outcome == "unsupported"


# Probes of our own: request 5 (Monday 30 November; the 10k on Dec 13), request 11 (October
# and November: 13 goal days each)
@pytest.mark.parametrize("reply, number, outcome", [
    ("The 10k with Ana is 13 days off.", "13", "computed"),
    ("The 10k with Ana is 14 days off.", "14", "unsupported"),
    ("You took 13 days off in October.", "13", "unsupported"),
])
def test_an_event_some_days_off(reply, number, outcome):
    assert mention(reply, 5, number).outcome == outcome


@pytest.mark.parametrize("reply, outcome", [
    ("Both months: 26 goal days.", "computed"),
    ("Across the two months you met the goal on 26 days.", "computed"),
    ("October: 26 goal days.", "unsupported"),  # (no word joins the two)
    ("Both months: 27 goal days.", "unsupported"),
])
def test_two_periods_goal_days_added(reply, outcome):
    number = "27" if "27" in reply else "26"
    assert mention(reply, 11, number).outcome == outcome


# request 21: Wednesday 2 December, 2,214 so far; this week so far 22,548 over 2 days
@pytest.mark.parametrize("number, outcome", [("8,254", "computed"), ("8,754", "unsupported")])
def test_a_periods_average_with_today_counted(number, outcome):
    reply = f"Counting today's 2,214 as well, this week would average {number} so far."
    m = mention(reply, 21, number)
    assert m.outcome == outcome
    if outcome == "computed":
        assert m.source == "(22,548 (this week so far) + 2,214 today) ÷ 3 days = 8,254"
