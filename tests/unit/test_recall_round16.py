"""Recall, round 16: "w/c 19 oct" (week commencing) as people type it. Pure, with a pinned
today (Wednesday 2 December 2026)."""

from datetime import date

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.query import spelled_out

WED = date(2026, 12, 2)


def days(text: str) -> list[tuple[str, str]]:
    return [(s.start.isoformat(), s.end.isoformat()) for s in named_spans(text, WED)]


def test_week_commencing_is_the_week_of_that_day():
    text = spelled_out("what did the review for w/c 19 oct say? and the week's totals")
    assert days(text) == [("2026-10-19", "2026-10-25")]


def test_w_alone_is_still_with():
    assert spelled_out("parkrun w priya, w/c 2 nov") == "parkrun with priya, the week of 2 nov"
