"""Round 46's rules (the twenty-third session), each read from a class of warnings that recurs
across several dev writers answering the same request (a class one writer alone shows did not
carry to held-out writers in earlier rounds), and kept with no dev outcome made worse than it
was made better. Each rule has a true and a false phrasing."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check
from tests.unit.test_grounding_round31 import mention, request


def _last(reply: str, number: str) -> str:
    """The outcome of the last mention of `number` in `reply`, checked against request 18."""
    found = [m for m in check(reply, request(18)) if m.text == number]
    assert found, number
    return found[-1].outcome

# request 2: a review to keep in the journal, with no numbers of the user's at all


@pytest.mark.parametrize("line", [
    "MEMORY: Reached the goal on 6 of 7 days that week; Sundays were the long ones.",
    "MEMORY: Hit the goal on 6 of 7 days in week 47.",
])
def test_the_size_of_a_count_the_request_does_not_state_falls_with_the_count(line):
    assert mention(line, 2, "6").outcome == "unsupported"
    assert mention(line, 2, "7").outcome == "unsupported"


# request 4: Monday 30 November; last week (23-29 Nov) 7 of 7 days recorded, goal met on 3
def test_the_size_of_a_stated_count_stays_true():
    reply = "Last week you reached the goal on 3 of 7 days: Wednesday, Friday and Sunday."
    assert mention(reply, 4, "3").outcome != "unsupported"
    assert mention(reply, 4, "7").outcome != "unsupported"


# request 18: Tuesday 1 December, 18:20, 7,645 so far of a 10,000 goal; no December days yet


@pytest.mark.parametrize("reply, numbers", [
    ("Another 2,355 steps would take December to 100% so far.", ["100%"]),
    ("With 2,355 more, today counts and December sits at 1 goal day of 1, 100% for now.",
     ["1", "100%"]),
    ("Close it and this month starts at 100%.", ["100%"]),
])
def test_the_month_with_today_met_is_its_goal_days_and_today(reply, numbers):
    assert [_last(reply, n) for n in numbers] == ["computed"] * len(numbers)


@pytest.mark.parametrize("reply, n", [
    ("Another 2,355 steps would take December to 50% so far.", "50%"),
    ("With 2,355 more, today counts and December sits at 2 goal days of 2.", "2"),
    ("Close it and this month starts at 90%.", "90%"),
    ("December so far: 100% of days at goal. Close it tonight.", "100%"),  # no doing first
])
def test_a_month_share_not_of_today_met_stays_warned(reply, n):
    assert _last(reply, n) == "unsupported"


# request 7: Monday 30 November, 19:07, 8,214 so far; the streak is 1 day (through Sun 29 Nov)
@pytest.mark.parametrize("reply", [
    "A loop round the block after tea covers it, and that's two goal days in a row.",
    "Tonight's walk is your chance to make it two days running.",
    "That should see you home and turn yesterday's start into a streak of two.",
])
def test_the_streak_one_day_on_in_a_sentence_planning_todays_walk(reply):
    assert mention(reply, 7, "two").outcome == "computed"


@pytest.mark.parametrize("reply", [
    "You're on two days in a row, nice.",  # a streak said to stand now: it is 1
    "A loop round the block after tea covers it, and that's three goal days in a row.",
    "That should see you home, but your streak is at two days already.",
])
def test_a_streak_claimed_or_a_streak_two_on_stays_warned(reply):
    n = "three" if "three" in reply else "two"
    assert mention(reply, 7, n).outcome == "unsupported"


# request 15: Tuesday 1 December ("Plan my week: I want 75,000 steps total"); Monday 9,237
@pytest.mark.parametrize("reply, n", [
    ("A day of 11,000 is well within reach; the hard part is doing it six days running.", "six"),
    ("11,000 on all six days puts the week past 75,000.", "six"),
])
def test_the_days_of_the_week_a_plan_spreads_over(reply, n):
    assert mention(reply, 15, n).outcome == "computed"


@pytest.mark.parametrize("reply, n", [
    ("11,000 on all four days puts the week past 75,000.", "four"),
    ("You met the goal on the other six days.", "six"),  # a report: no plan's days
])
def test_days_no_plan_of_this_week_spreads_over_stay_warned(reply, n):
    assert mention(reply, 15, n).outcome == "unsupported"


# request 3: Monday 30 November, 08:10, 812 so far; Sunday 11,470 met; the streak is 1 day
@pytest.mark.parametrize("reply", [
    "Sunday's 11,470 puts you on day 2 of a fresh streak.",
    "That makes it **day 2** of a new run, so keep going.",
    "A streak has begun: you're on day 2 now.",
])
def test_the_streaks_next_day_said_to_stand_before_today_is_met_is_warned(reply):
    assert mention(reply, 3, "2").outcome == "unsupported"


@pytest.mark.parametrize("reply", [
    "Get the rest in at lunch and you're on day 2 of the streak.",
    "If you close it today, that puts you on day 2.",
    "Finish today and that makes it day 2.",
])
def test_the_streaks_next_day_once_today_is_met_stays_true(reply):
    assert mention(reply, 3, "2").outcome == "computed"


def test_a_streak_in_days_running_is_no_plans_days():
    # request 15 is a Tuesday: six days of the week from today; a streak said is a claim
    assert mention("You have 6 days in a row now.", 15, "6").outcome == "unsupported"


# request 21: Wednesday 2 December; this Mon 30 Nov 9,237, Tue 1 Dec 13,311; last Mon 23 Nov
# 9,231, Tue 24 Nov 8,963. Read from a writer who shows the working inline (rha, tuning)
def test_the_terms_of_a_sum_after_the_days_it_adds_are_those_days():
    reply = "Like for like: last Monday and Tuesday came to 9,231 + 8,963 = 18,194; this " \
        "Monday and Tuesday came to 9,237 + 13,311 = 22,548."
    assert {n: mention(reply, 21, n).outcome for n in ("9,231", "9,237")} == \
        {"9,231": "quoted", "9,237": "quoted"}
    wrong = "Like for like: last Monday and Tuesday came to 9,213 + 8,963 = 18,176."
    assert mention(wrong, 21, "9,213").outcome == "unsupported"


# request 1: week 47, Mon 16 Nov 9,548, Tue 7,915, Wed 11,203, Thu 9,137, Fri 5,699, Sat
# 4,016; the 30-day average 9,505, the week's 8,111
@pytest.mark.parametrize("n, divisor, outcome", [("9,451", "4", "computed"),
                                                 ("12,601", "3", "unsupported")])
def test_an_averages_divisor_is_the_count_of_its_terms(n, divisor, outcome):
    reply = f"Monday to Thursday held up, averaging (9,548 + 7,915 + 11,203 + 9,137) ÷ " \
        f"{divisor} = {n}."
    assert mention(reply, 1, divisor).outcome == outcome


def test_terms_restated_from_their_sentence_are_what_they_were():
    reply = "Friday's 5,699 and Saturday's 4,016 came to 5,699 + 4,016 = 9,715 together."
    found = [m for m in check(reply, request(1)) if m.text in ("5,699", "4,016")]
    assert [m.outcome for m in found] == ["quoted"] * 4


def test_an_equation_of_true_terms_that_does_not_hold_names_its_result():
    reply = "Against your 30-day average of 9,505, the week ran 9,505 - 8,111 = 1,294 a day lower."
    found = [m for m in check(reply, request(1)) if m.text in ("9,505", "1,294")]
    assert [m.outcome for m in found] == ["quoted", "quoted", "unsupported"]
    assert found[-1].source == "9,505 - 8,111 = 1,394, not 1,294"


# request 17: Tuesday 1 December, 18:20, 7,645 so far of a 10,000 goal
@pytest.mark.parametrize("n, outcome", [("2,500", "advice"), ("5,500", "unsupported")])
def test_a_walks_steps_after_a_report_on_its_line(n, outcome):
    reply = f"Today you're at 7,645, just 2,355 from 10,000. A 25-minute walk this evening, " \
        f"around {n} steps, covers it."
    assert mention(reply, 17, n).outcome == outcome


# request 5: the streak is 1 day; the longest in the last 365 days 18 (Aug 20 to Sep 6)
@pytest.mark.parametrize("n, outcome", [("17", "computed"), ("16", "unsupported")])
def test_a_gap_to_the_record_under_the_lists_heading_that_names_it(n, outcome):
    reply = "**Longest streak in the past year**\n- 18 days, from Aug 20 to Sep 6\n" \
        f"- You're {n} days short of matching it"
    assert mention(reply, 5, n).outcome == outcome
