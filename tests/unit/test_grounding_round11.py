"""Round-11 mechanisms of the checker (structural: the arithmetic a writer does over numbers
the reply has just shown true, and which clause of a sentence reports), one test each: a
number that must keep its outcome and one that must change."""

from __future__ import annotations

import pytest

from tests.unit.test_grounding_round7 import outcome, real


@pytest.mark.parametrize("reply, expected", [
    # request_01: Wednesday 11,203, Saturday 4,016: 4,016 ÷ 11,203 = 35.8%
    ("The highlight was Wednesday at 11,203. Saturday's 4,016 steps came to about 36% of "
     "Wednesday's total.", "computed"),
    ("The highlight was Wednesday at 11,203. Saturday's 4,016 steps came to about 46% of "
     "Wednesday's total.", "unsupported"),
])
def test_a_share_of_two_true_counts_beside_it_is_computed(reply, expected):
    assert outcome(reply, "36%" if "36%" in reply else "46%", real("request_01.json")) \
        == expected
