"""Round 34's rules, each read from a tuning writer's replies (rcp, an analyst with tables;
rcq, a motivator comparing periods) after the sets were scored blind. Written in phrasings of
our own; a claim about the user's data in the same frame stays checked."""

from __future__ import annotations

import pytest

from tests.unit.test_grounding_round31 import mention


# request 5: a 1-day streak, 812 steps so far today
@pytest.mark.parametrize("reply, outcome", [
    ("You're 9,188 short of extending the run to 2.", "computed"),
    ("9,188 more today and the count reads 2.", "computed"),
    ("9,188 more today and the count reads 3.", "unsupported"),
    ("Your streak is 2 days.", "unsupported"),
])
def test_the_next_place_of_a_streak_said_as_a_reading(reply, outcome):
    number = "3" if " 3." in reply else "2"
    assert mention(reply, 5, number).outcome == outcome


# request 8: 13 goal days in November so far, 8,214 today
@pytest.mark.parametrize("reply, outcome", [
    ("1,786 more and November claims goal day 14.", "computed"),
    ("1,786 more and November claims goal-day 14.", "computed"),
    ("1,786 more and November claims goal day 15.", "unsupported"),
])
def test_goal_day_n_is_the_next_goal_day(reply, outcome):
    number = "15" if "15" in reply else "14"
    assert mention(reply, 8, number).outcome == outcome
