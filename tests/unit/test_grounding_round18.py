"""Round-18 classes of the checker, each in phrasings of our own (not copied from the
labelled replies): a number that must keep its outcome beside one that must change. Written
for the classes the twenty-fourth labeller's calendar-voice replies showed."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding.scan import scan
from tests.unit.test_grounding_round7 import outcome, real


@pytest.mark.parametrize("text, minutes", [
    ("by twenty to one", (40, 760)),
    ("at ten to six", (350, 1070)),
    ("around quarter to eight", (465, 1185)),
    ("at five till nine", (535, 1255)),
])
def test_a_clock_time_to_the_hour_is_the_minutes_before_it(text, minutes):
    assert [(a.kind, a.minutes) for a in scan(text)] == [("time", minutes)]


@pytest.mark.parametrize("reply, number, expected", [
    # request_06: "Now: Monday 2026-11-30, 12:40"
    ("It's twenty to one and you're on 4,906.", "twenty to one", "quoted"),
    ("By twenty to two you had 4,906.", "twenty to two", "unsupported"),
])
def test_a_clock_time_to_the_hour_is_checked_against_the_request_time(reply, number,
                                                                      expected):
    assert outcome(reply, number, real("request_06.json")) == expected
