"""Recall, round 20c: a club runner's slang and informal dates. "w/e" for a weekend, "Sun
gone" for the Sunday just past, "the week starting" a day, "the whole Mon-Sun week" some weeks
back. Pure, with a pinned today (Thursday 10 December 2026); the phrasings are this file's own."""

from datetime import date

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.textspeak import spelled_out

TODAY = date(2026, 12, 10)  # a Thursday


def _spans(text: str) -> list[tuple[date, date]]:
    return [(s.start, s.end) for s in named_spans(spelled_out(text), TODAY)]


@pytest.mark.parametrize("text, days", [
    ("how was my last w/e?", (date(2026, 12, 5), date(2026, 12, 6))),
    ("steps over the w/e before last", (date(2026, 11, 28), date(2026, 11, 29))),
    ("two w/e's ago, sat and sun", (date(2026, 11, 28), date(2026, 11, 29))),
    ("four w/es back please", (date(2026, 11, 14), date(2026, 11, 15))),
    ("the weekend just gone", (date(2026, 12, 5), date(2026, 12, 6))),
])
def test_a_weekend_written_short_or_just_gone(text, days):
    assert days in _spans(text)


@pytest.mark.parametrize("text, day", [
    ("Sun gone, did I make it?", date(2026, 12, 6)),
    ("Mon just gone: steps?", date(2026, 12, 7)),
])
def test_a_weekday_gone_is_the_last_one(text, day):
    assert (day, day) in _spans(text)


def test_the_week_just_gone_is_last_week():
    assert (date(2026, 11, 30), date(2026, 12, 6)) in _spans("total for the week just gone")


@pytest.mark.parametrize("text, week", [
    ("the wk starting Mon 2nd Nov", (date(2026, 11, 2), date(2026, 11, 8))),
    ("week commencing the 16th of November", (date(2026, 11, 16), date(2026, 11, 22))),
    ("the week beginning Wednesday 4 November", (date(2026, 11, 4), date(2026, 11, 10))),
    ("the week of Wednesday 4 November", (date(2026, 11, 2), date(2026, 11, 8))),
])
def test_the_week_starting_a_day(text, week):
    assert week in _spans(text)


def test_the_whole_monday_to_sunday_week_some_weeks_back():
    assert (date(2026, 11, 16), date(2026, 11, 22)) in _spans(
        "3 wks back, that whole Mon-Sun wk, what did I total?")
