"""Round-7 mechanisms of the checker (generalised by cause from a seventh labeller's replies),
one test each: a true number that must pass and a wrong one that must be flagged."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check
from tests.unit.test_grounding import REQUEST


def outcome(reply: str, number: str, req=REQUEST) -> str:
    found = [m for m in check(reply, req) if m.text == number]
    assert found, f"{number!r} not read in {reply!r}"
    return found[0].outcome


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
