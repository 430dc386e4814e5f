"""Recall, round 34 (read from fresh62, an older runner's long, chatty messages, after it was
scored blind): "that Saturday and Sunday" after "two weekends ago" are that weekend's days,
also beside a remark about "this week"; "played up again" is a flare; "undo all my hard work"
is losing fitness; "again after the race" is the first time since the race, not the newest.
The phrasings are this file's own."""

from datetime import date, datetime, timedelta

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.query import read_phrases
from coach_tui.memory.ranking import which_end
from coach_tui.memory.weekday_within import weekdays_within
from tests.engine_support import seed_steps
from tests.unit.test_recall_memories import recall

FRIDAY = datetime(2026, 12, 4, 9, 0)


def test_that_saturday_and_sunday_are_the_weekend_named_before():
    text = "It was lovely out two weekends ago. How many steps did I do that Saturday and Sunday?"
    spans = weekdays_within(text, named_spans(text, FRIDAY.date()), FRIDAY.date())
    assert [(s.start, s.end) for s in spans] == [(date(2026, 11, 21), date(2026, 11, 22))]


def test_a_weekday_goes_to_the_one_period_that_holds_it():
    text = "We were busy this week, but two weekends ago was lovely. Steps that Saturday?"
    spans = weekdays_within(text, named_spans(text, FRIDAY.date()), FRIDAY.date())
    assert date(2026, 11, 28) not in {s.start for s in spans}  # (not the latest Saturday)
    assert (date(2026, 11, 21), date(2026, 11, 22)) in {(s.start, s.end) for s in spans}


def test_the_weekend_told_in_a_remark_is_the_one_asked_about(conn):
    values = [10_000 + 37 * i for i in range(30)]  # (every day its own count)
    seed_steps(conn, end=date(2026, 12, 3), values=values, today_steps=None)
    block = recall(conn, "The dog has been lazy this week, and I was remembering our outings "
                   "two weekends ago. How many steps did I do that Saturday and Sunday?",
                   now=FRIDAY).text
    day = {date(2026, 12, 3) - timedelta(days=29 - i): v for i, v in enumerate(values)}
    assert f"{day[date(2026, 11, 21)]:,}" in block and f"{day[date(2026, 11, 22)]:,}" in block
    assert "Sat 2026-11-28" not in block


def test_played_up_again_is_a_flare_and_undoing_the_work_is_losing_fitness():
    assert read_phrases("when my knee played up again") == "when my knee flare"
    assert read_phrases("my knee played up on the stairs") == "my knee hurt on the stairs"
    assert "lose fitness" in read_phrases("would I undo all my hard work?")


def test_again_after_an_event_is_the_first_time_since_it():
    assert which_end("When my knee played up again after the race, what did you say?") == "first"
    assert which_end("How many steps did I manage when it flared up again?") == "last"
