"""Recall, round 44 (read from fresh110, a methodical runner keeping a paper diary, after it was
scored blind): "the past seven days before I close off November" is the last seven days, the
clause after "before" saying when the user will do something, not an event the days lead up
to; "Give me the past seven days" asks for the days themselves, so their lines stay in the
block beside whatever memory matches. The phrasings are this file's own."""

from datetime import date, datetime

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.recall import as_read
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import recall


def _spans(text: str, today: date) -> set[tuple[str, str]]:
    return {(s.start.isoformat(), s.end.isoformat()) for s in named_spans(as_read(text), today)}


@pytest.mark.parametrize("text", [
    "Give me the past seven days before I close off November.",
    "the last 7 days before we head out for the holidays, how did they go?",
])
def test_days_before_what_the_user_will_do_are_the_last_days(text):
    assert ("2026-11-24", "2026-11-30") in _spans(text, date(2026, 12, 1))


@pytest.mark.parametrize("text", [
    "the last seven days before I got the flu",  # an event: its own days (memory/events.py)
    "the past seven days before the race",
])
def test_days_before_an_event_are_not_the_last_days(text):
    assert ("2026-11-24", "2026-11-30") not in _spans(text, date(2026, 12, 1))


@pytest.mark.parametrize("text", [
    "New month, new diary page. Give me the past seven days before I close off November.",
    "Show me last week, the whole of it, for my notebook.",
])
def test_asking_to_be_given_the_days_keeps_their_lines(conn, text):
    seed_steps(conn, end=date(2026, 11, 30), values=[9_000] * 60, today_steps=None)
    seed_journal(conn, ["Diary page for November started; a new notebook."],
                 entry_date="2026-11-02")
    rec = recall(conn, text, now=datetime(2026, 12, 1, 8, 0))
    assert any(it.kind == "day" for it in rec.items)


@pytest.mark.parametrize("text", [
    "Over the whole stretch when the daily number was set at twelve thousand, how did I do?",
    "while the step number was at 12,000, how many days did I make it?",
])
def test_the_daily_number_is_the_goal_by_another_name(text):
    from coach_tui.memory.goal_spans import goal_asks

    assert goal_asks(as_read(text))[:1] == [(12000, None, 1)]


def test_a_number_alone_is_no_goal():
    from coach_tui.memory.goal_spans import goal_asks

    assert goal_asks(as_read("when the number was 12,000 on the scales")) == []
