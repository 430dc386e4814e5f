"""Round 24's classes, in phrasings of our own (never a labelled reply): a day the user named
as "the 17th" told back with its month ("since Nov 17"); a plan's "and another 20" after a
suggested size; a count of days left out after a second period's name ("...4 days, and last
week 7")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coach_tui.coach.grounding import check
from tests.unit.test_grounding import REQUEST, request

REQUESTS = Path(__file__).resolve().parents[2] / "bench" / "data" / "grounding" / "requests"


def outcome(reply: str, number: str, req=REQUEST, occurrence: int = 1) -> str:
    found = [m.outcome for m in check(reply, req) if m.text == number]
    return found[occurrence - 1]


TIGHT = request("My calf has been tight since the 17th. Rest or walk?")


@pytest.mark.parametrize("reply, number", [
    ("Tight since Nov 17 is long enough to get it looked at.", "Nov 17"),
    ("Since Tuesday, November 17th, you've been careful with it.", "Tuesday, November 17th"),
    ("It has been tight since Tuesday the 17th.", "Tuesday the 17th"),
    ("From 17 Nov to today is a while for a calf.", "17 Nov"),
])
def test_a_day_the_user_named_told_back_with_its_month_is_quoted(reply, number):
    assert outcome(reply, number, TIGHT) == "quoted"


@pytest.mark.parametrize("reply, number", [
    ("Tight since Oct 17 is long enough to get it looked at.", "Oct 17"),   # another month
    ("Since Wednesday, November 17th, the calf has been tight.", "Wednesday, November 17th"),
    ("It has been tight since Friday the 17th.", "Friday the 17th"),  # the 17th is a Tuesday
])
def test_the_same_day_number_in_another_month_or_weekday_is_not(reply, number):
    assert outcome(reply, number, TIGHT) == "unsupported"


@pytest.mark.parametrize("reply", [
    "A 20-minute walk at lunch and another 20 after six would close the gap.",
    "Try 15 minutes before work, then a further 15 at lunch.",
])
def test_and_another_after_a_suggested_size_is_advice(reply):
    assert [m.outcome for m in check(reply, REQUEST) if m.kind != "time"] == ["advice"] * 2


def test_a_days_count_left_out_after_a_second_period_is_bound_to_that_period():
    reply = "Your streak is 4 days, and last week {} (64,000 steps in all)."
    assert outcome(reply.format(7), "7") != "unsupported"   # 7 of 7 days recorded
    assert outcome(reply.format(6), "6") == "unsupported"


def test_days_since_a_date_its_sentence_names_is_the_source_shown():
    # In this request (one of the app's, the runner sore "since the 19th" on the 30th), eleven
    # is also 14 goal days of the last 30 less 3 of the last 7; the source shown is the days
    # since the date the sentence names, after the number.
    req = json.loads((REQUESTS / "request_12.json").read_text())
    sources = {m.text: m.source for m in check(
        "Eleven days of it since Nov 19 is long enough to see someone.", req)}
    assert sources["Eleven"] == "days since 2026-11-19 from 2026-11-30: 11"
