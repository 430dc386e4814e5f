"""Recall, round 58. The home and the phrasings are this file's own.

- "Before the half, what finish time did you reckon was realistic, and how close did I actually
  get?": the days before the race date when the coach said it, not the time run (the race's
  own line, not the taper's); "when my knee flared after the race, what did you tell me, and
  how long till it settled?" still dates both parts by the race."""

from datetime import date, datetime

import pytest

from tests.engine_support import seed_dated_journal, seed_steps
from tests.unit.test_recall_memories import exchange, recall

NOW = datetime(2026, 12, 3, 18, 20)  # a Thursday


@pytest.fixture
def raced(conn):
    seed_steps(conn, end=date(2026, 11, 30), values=[9_500] * 120, goal=10_000,
               today_steps=None)
    seed_dated_journal(conn, [
        ("2026-08-12", "Entered the Canal Half Marathon on Sunday 15 November."),
        ("2026-11-08", "Last long run before the race, 15 km. Taper from today until the race."),
        ("2026-11-15", "Canal Half Marathon finished in 2:01:40, a first half."),
        ("2026-11-18", "Knee sore again after a short jog; ice and step-downs."),
        ("2026-11-20", "Knee settled; easy 5 km with no pain."),
    ])
    exchange(conn, "2026-11-10", "whats a realistic finish time for the half",
             "Going by your long runs, about 2:05 is realistic.")
    exchange(conn, "2026-11-18", "knee flared after the race, ugh",
             "Back to step-downs and ice; walk only for two days.")
    return conn


def _journal(conn, text):
    return [it.text for it in recall(conn, text, now=NOW).items if it.kind == "journal"]


@pytest.mark.parametrize("text", [
    "Before the half, what finish time did you reckon was realistic, and how close did I actually "
    "get?",
    "Before the race you gave me a realistic finish time, I think. What did you predict, and "
    "what did I end up running?",
])
def test_the_time_run_is_not_dated_by_when_the_coach_predicted_it(raced, text):
    got = _journal(raced, text)
    assert any("2:01:40" in t for t in got)
    assert not any("Taper" in t for t in got)


def test_an_event_that_dates_the_topic_still_dates_every_part(raced):
    got = _journal(raced, "when my knee flared after the race what did you tell me to do, and "
                          "how long till it settled?")
    assert any("settled" in t for t in got)
