"""Weekdays as people type them (issue 18, item 1): "last thurs and fri", "tues last wk",
"friday of last week" name those days, read with a pinned clock (Thursday 3 December 2026);
the short forms that are words too ("sat", "sun", "wed") are left alone."""

from datetime import date

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.query import spelled_out

TODAY = date(2026, 12, 3)  # a Thursday


def _spans(text: str) -> list[tuple[date, date]]:
    return [(s.start, s.end) for s in named_spans(spelled_out(text), TODAY, "DMY")]


def _day(m: int, d: int) -> tuple[date, date]:
    return (date(2026, m, d), date(2026, m, d))


@pytest.mark.parametrize("text, expected", [
    ("last thurs and fri were dire right? numbers pls", [_day(11, 26), _day(11, 27)]),
    ("steps on tues?", [_day(12, 1)]),
    ("weds vs tues", [_day(12, 2), _day(12, 1)]),
])
def test_a_weekday_cut_short_names_its_day(text, expected):
    assert _spans(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("tues last wk, steps? think i was well over", [_day(11, 24)]),
    ("tuesday last week vs this tuesday", [_day(11, 24), _day(12, 1)]),
    ("friday of last week", [_day(11, 27)]),
    ("sunday last week", [_day(11, 29)]),
])
def test_a_weekday_of_last_week_is_that_day_not_the_whole_week(text, expected):
    assert _spans(text) == expected


def test_last_week_alone_is_still_the_week():
    assert _spans("how was last week?") == [(date(2026, 11, 23), date(2026, 11, 29))]


@pytest.mark.parametrize("text", ["i sat down all day", "out in the sun", "we wed in june"])
def test_short_forms_that_are_words_name_no_day(text):
    assert [s for s in named_spans(spelled_out(text), TODAY, "DMY") if s.days == 1] == []
