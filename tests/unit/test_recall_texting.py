"""Recall, round 20d: a texter in a hurry naming events by description. "the big match" is the
match, "4 wks ago how was that week" a week. Pure, with a pinned today (Wednesday 9 December
2026); the phrasings are this file's own."""

from datetime import date

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.evaluative import without_feelings
from coach_tui.memory.events import EventPhrase, event_phrases
from coach_tui.memory.textspeak import spelled_out

TODAY = date(2026, 12, 9)  # a Wednesday


def _spans(text: str) -> list[tuple[date, date]]:
    return [(s.start, s.end) for s in named_spans(spelled_out(text), TODAY)]


@pytest.mark.parametrize("text, means", [
    ("the wk after the big match", "the wk after the match"),
    ("since that huge hike", "since that hike"),
    ("b4 my massive trip abroad", "b4 my trip abroad"),
])
def test_a_word_of_size_is_set_aside_before_a_thing(text, means):
    assert " ".join(without_feelings(text).split()) == means


@pytest.mark.parametrize("text", ["the big day, steps?", "my big week in june",
                                  "that huge one in may"])
def test_a_word_of_size_stays_before_a_day_or_week(text):
    assert without_feelings(text) == text


def test_the_day_after_the_big_event_is_anchored_on_it():
    assert EventPhrase("the day after", "match") in event_phrases(
        "day after the big match how many steps")


@pytest.mark.parametrize("text", [
    "4 wks ago how was that week",
    "four weeks ago what was the week like for steps",
    "4 weeks ago, total that week?",
])
def test_weeks_ago_with_the_week_asked_for_is_that_week(text):
    assert (date(2026, 11, 9), date(2026, 11, 15)) in _spans(text)


def test_weeks_ago_alone_is_still_a_day():
    assert _spans("4 weeks ago steps?") == [(date(2026, 11, 11), date(2026, 11, 11))]
