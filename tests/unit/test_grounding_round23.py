"""Round 23's classes, in phrasings of our own (never a labelled reply): the reply counting
what it is about to suggest ("Two options:", "three simple ideas") is advice; a count of the
user's days beside the same words stays a claim."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check
from tests.unit.test_grounding import REQUEST


def outcomes(reply: str, req=REQUEST) -> dict[str, str]:
    return {m.text: m.outcome for m in check(reply, req)}


@pytest.mark.parametrize("reply, word", [
    ("Two options:\n- a walk after lunch\n- a loop before bed", "Two"),
    ("I'd pick between two simple options: walk to work, or walk at lunch.", "two"),
    ("Four practical ways to get there this week:", "Four"),
    ("Here are 2 tweaks worth making to your evenings.", "2"),
    ("There are three things you could change before Saturday.", "three"),
])
def test_the_reply_counting_its_own_suggestions_is_advice(reply, word):
    assert outcomes(reply)[word] == "advice"


@pytest.mark.parametrize("reply, word", [
    ("You met the goal on two days this week.", "two"),   # the user's days
    ("Two of your days this week were over 12,000.", "Two"),
])
def test_a_count_of_the_users_days_stays_a_claim(reply, word):
    assert outcomes(reply)[word] == "unsupported"
