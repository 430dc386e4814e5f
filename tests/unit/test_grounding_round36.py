"""Round 36's rules, from the tuning writers' replies (rcs, rct, rcu: read case by case; the
held-out writers only in aggregate). Written in phrasings of our own; a claim about the user's
data in the same frame stays checked."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding.clauses import Clauses
from tests.unit.test_grounding_round31 import mention


@pytest.mark.parametrize("reply", [
    "Over by 1,470, i.e. 14.7% above it.",
    "A few extras, e.g. 5 minutes more, add up.",
    "Sunday vs. Monday: 11,470 against 9,237.",
])
def test_an_abbreviation_ends_no_sentence(reply):
    assert Clauses(reply, []).sentence(len(reply) - 2) == (0, len(reply))


def test_a_sentence_still_ends_after_a_full_stop():
    reply = "You did 9,237. That's close."
    assert Clauses(reply, []).sentence(len(reply) - 2)[0] == reply.index("That")


# request 03: Sun 29 Nov 11,470 against the 10,000 goal; request 13: Mon 30 Nov 9,237
@pytest.mark.parametrize("reply, req, number, outcome", [
    ("Over the 10,000 goal by 1,470 steps, i.e. 14.7% above it.", 3, "14.7%", "computed"),
    ("Yesterday beat it by 1,470, that's 14.7% over.", 3, "14.7%", "computed"),
    ("Yesterday missed by 763, i.e. 7.6% short.", 13, "7.6%", "computed"),
    # the gap's share written wrong, or the day's share of the goal read as the gap's
    ("Yesterday beat it by 1,470, that's 12.7% over.", 3, "12.7%", "unsupported"),
    ("Yesterday missed by 763, i.e. 8.6% short.", 13, "8.6%", "unsupported"),
    ("Monday came in at 9,237, 763 short of the 10,000 goal, about 93% of the target.", 13,
     "93%", "unsupported"),
])
def test_a_gap_to_the_goal_in_percent(reply, req, number, outcome):
    assert mention(reply, req, number).outcome == outcome
