"""Recall, round 16: "w/c 19 oct" (week commencing) and "my week 6 wks back" as people type
them. Pure, with a pinned
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


def test_my_week_n_weeks_back_is_that_whole_week():
    # Friday 4 December: six weeks back is Friday 23 October, in the week of the 19th.
    fri = date(2026, 12, 4)
    got = named_spans(spelled_out("what was my week like 6 wks back? cant picture it"), fri)
    assert [(s.start.isoformat(), s.end.isoformat()) for s in got] == [
        ("2026-10-19", "2026-10-25")]
    # Without asking about the week, "6 weeks back" is still the day.
    assert [s.start.isoformat() for s in named_spans("steps 6 weeks back?", fri)] == [
        "2026-10-23"]
