"""The toast the app shows when reflection on a saved review ends: one per outcome."""

from __future__ import annotations

from coach_tui.store.journal import Entry
from coach_tui.ui.messages import ReflectionFinished
from coach_tui.ui.reflection import notice


def entry(i: int, text: str) -> Entry:
    return Entry(entry_id=i, created_at="2026-11-30T09:15:00Z", entry_date="2026-11-30",
                 source="review", source_key="week:2026-W48", seq=i, text=text)


def test_one_added_line_is_named_with_its_cost_and_counted_in_the_singular():
    note = notice(ReflectionFinished([entry(1, "Likes\nweekly targets.")], True, False,
                                     cost_usd=0.0012))
    assert note.title == "Journal: 1 new line"
    assert note.text == ("• Likes weekly targets.\nThe coach sees it from the next session "
                         "(reflection cost $0.0012).")


def test_each_outcome_that_adds_nothing_says_why():
    assert "Memory is off" in notice(ReflectionFinished([], False, False)).text
    assert "already reflected" in notice(ReflectionFinished([], True, True)).text
    assert notice(ReflectionFinished([], True, False)).text == (
        "Reflection added nothing new to the journal.")
    problem = notice(ReflectionFinished([], True, False, problem="the reply was cut short"))
    assert problem.severity == "warning"
    assert problem.text == "Reflection wrote nothing: the reply was cut short"
