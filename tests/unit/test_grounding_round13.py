"""Round-13 mechanisms of the checker, one test each, in several phrasings a writer uses: a
number that must keep its outcome and one that must change. Written for the classes the
thirteenth labeller's replies showed (not copied from them)."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding.scan import scan
from tests.unit.test_grounding_round7 import outcome, real


@pytest.mark.parametrize("text, minutes", [
    ("it's only ten past eight", (490, 1210)),
    ("by quarter to nine", (495, 1215)),
    ("around half past six", (390, 1110)),
    ("at twenty-five past seven", (445, 1165)),
    ("before seven o'clock", (420, 1140)),
    ("lunch at noon", None),  # "noon" alone is a word, not a number
])
def test_a_clock_time_in_words_is_one_time_not_two_counts(text, minutes):
    atoms = scan(text)
    if minutes is None:
        assert atoms == []
    else:
        assert [(a.kind, a.minutes) for a in atoms] == [("time", minutes)]


@pytest.mark.parametrize("text", ["ten past nine thousand steps", "five past goal days",
                                  "ten minutes after six walks"])
def test_words_near_a_clock_phrase_that_are_not_one_stay_counts(text):
    assert all(a.kind != "time" for a in scan(text))


@pytest.mark.parametrize("reply, number, expected", [
    # request_03: "Now: Monday 2026-11-30, 08:10"
    ("Today's 812 is a slow start, but it's only ten past eight.", "ten past eight", "quoted"),
    ("It's barely ten past eight, so 812 is fine.", "ten past eight", "quoted"),
    ("It's already half past nine and you're on 812.", "half past nine", "unsupported"),
])
def test_a_clock_time_in_words_is_checked_against_the_request_time(reply, number, expected):
    assert outcome(reply, number, real("request_03.json")) == expected
