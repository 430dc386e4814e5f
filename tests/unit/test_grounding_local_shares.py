"""A fraction or a multiple in words between two true numbers of its sentence
(coach_tui/coach/grounding/local_shares.py, and the readings it needs: "two-thirds" with a
hyphen is one fraction, "three times Saturday's 4,016" a multiple, not how often, and "a
quarter of Wednesday's 11,203" a share of that figure). Phrasings of our own; each true one
beside a wrong one that must stay warned."""

from __future__ import annotations

import pytest

from tests.unit.test_grounding_round7 import outcome, real

# request_01: week 47 review; average 8,111 a day; goal 10,000; Wed 18 Nov 11,203;
# Thu 19 Nov 9,137; Sat 21 Nov 4,016


@pytest.mark.parametrize("reply, number, expected", [
    ("The week averaged 8,111 a day, roughly four-fifths of your 10,000 goal.", "four-fifths",
     "computed"),
    ("The week averaged 8,111 a day, roughly two-thirds of your 10,000 goal.", "two-thirds",
     "unsupported"),
    ("At 8,111 a day you sat at about four fifths of the goal.", "four fifths", "computed"),
    ("Saturday's 4,016 came to about a third of Wednesday's 11,203.", "a third", "computed"),
    ("Saturday's 4,016 came to about a quarter of Wednesday's 11,203.", "a quarter",
     "unsupported"),
    ("Saturday's 4,016 was well under half of Thursday's 9,137.", "half", "computed"),
    ("Saturday's 4,016 was more than a third of Wednesday's 11,203.", "a third", "computed"),
    ("Saturday's 4,016 was less than a third of Wednesday's 11,203.", "a third",
     "unsupported"),
    # a hedge says which side the true share is on: 9,137 ÷ 11,203 is 0.82, over four-fifths
    ("Thursday's 9,137 was just over four-fifths of Wednesday's 11,203.", "four-fifths",
     "computed"),
    ("Thursday's 9,137 was a little under four-fifths of Wednesday's 11,203.", "four-fifths",
     "unsupported"),
])
def test_a_fraction_of_two_true_numbers_is_worked_out(reply, number, expected):
    assert outcome(reply, number, real("request_01.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("Wednesday's 11,203 was nearly three times Saturday's 4,016.", "three", "computed"),
    ("Wednesday's 11,203 came in at almost 3 times Saturday's 4,016.", "3", "computed"),
    # the wrong way round, or too far off, stays warned however the days are counted
    ("Saturday's 4,016 was three times Wednesday's 11,203.", "three", "unsupported"),
    ("Wednesday's 11,203 was four times Saturday's 4,016.", "four", "unsupported"),
    # how often is a count, not a multiple (the week's 6 misses; "two times the week before"
    # once passed here as the misses of Mon 16 to Tue 17, two days the words do not name: the
    # request holds no week before, round 40)
    ("You reached the goal once that week, and fell short six times.", "six", "computed"),
    ("You reached the goal once that week, and fell short two times the week before.", "two",
     "unsupported"),
])
def test_a_multiple_of_a_figure_is_a_ratio_not_how_often(reply, number, expected):
    assert outcome(reply, number, real("request_01.json")) == expected


def test_an_invented_number_never_makes_a_fraction_true():
    # 5,500 is no day of the request: the third it gives proves nothing
    reply = "Saturday's 4,016 was about a third of the 12,000 you did on Sunday."
    assert outcome(reply, "a third", real("request_01.json")) == "unsupported"


@pytest.mark.parametrize("reply, number, expected", [
    # request_22: 2,214 so far of 10,000; a plan's round size is advice, not a near result of
    # two days' counts the sentence never wrote
    ("Get 3,000 in before lunch and another 3,000 after work.", "3,000", "advice"),
    # a result of numbers the sentence writes keeps its operation
    ("Aim for 7,786 more today to reach the goal.", "7,786", "computed"),
])
def test_a_round_size_in_a_plan_is_advice_not_a_coincidence(reply, number, expected):
    assert outcome(reply, number, real("request_22.json")) == expected
