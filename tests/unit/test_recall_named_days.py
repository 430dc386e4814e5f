"""Days named by what happens on them ("on Bonfire Night", "since Easter"), from the table in
assets/named_days.toml: each is its most recent day, with a pinned today."""

from datetime import date

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.holidays import easter, holiday_spans
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import exchange, recall

SAT = date(2026, 12, 5)


def days(text: str, today: date = SAT) -> list[str]:
    return [s.start.isoformat() for s in named_spans(text, today)]


@pytest.mark.parametrize("text, day", [
    ("How many steps did I do on Bonfire Night?", "2026-11-05"),
    ("steps on guy fawkes night", "2026-11-05"),
    ("was halloween a good day", "2026-10-31"),
    ("valentines day steps?", "2026-02-14"),
    ("St Patrick's Day, how many?", "2026-03-17"),
    ("how did i do on thanksgiving", "2026-11-26"),      # the fourth Thursday of November
    ("easter monday walk?", "2026-04-06"),
    ("good friday", "2026-04-03"),
    ("last Christmas, how many steps?", "2025-12-25"),   # "last" reaches back a year
])
def test_a_named_day_is_its_most_recent_date(text, day):
    assert days(text) == [day]


def test_a_name_whose_day_is_most_of_a_year_back_means_the_one_to_come():
    assert days("what should I eat at Christmas?") == []
    assert days("christmassy walks", date(2026, 12, 27)) == []   # not the name
    assert days("christmas day", date(2026, 12, 27)) == ["2026-12-25"]


def test_easter_by_the_computus():
    assert [easter(y) for y in (2024, 2025, 2026)] == [
        date(2024, 3, 31), date(2025, 4, 20), date(2026, 4, 5)]


def test_where_the_name_was_written():
    got = holiday_spans("and on Hallowe en?  and Halloween?", SAT)
    assert [(a, b) for a, b, _ in got] == [(24, 33)]


def test_a_named_day_gets_its_day_line_and_its_exchanges(conn):
    seed_steps(conn)   # 16 to 29 November, today the 30th
    exchange(conn, "2026-11-04", "12k a day is hard on office days", "Split it: a walk at lunch.")
    got = recall(conn, "steps on thanksgiving, and what did you suggest when I said 12k was "
                       "hard to fit round work?")
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-11-26"]
    assert [it.kind for it in got.items].count("chat") == 1


def test_an_event_a_remark_dates_is_the_one_asked_about_while_it_lasted(conn):
    seed_steps(conn)
    (start,) = seed_journal(conn, ["Head cold: blocked nose and sore throat."],
                            entry_date="2026-11-20")
    (end,) = seed_journal(conn, ["Cold cleared, 12 km easy."], entry_date="2026-11-23")
    got = recall(conn, "I had that stinking cold a week after Remembrance Sunday. How many "
                       "steps did I manage while it lasted?")
    # the cold's days; Remembrance Sunday (8 Nov) only placed it
    assert [(it.day, it.end) for it in got.items if it.kind == "span"] == [
        ("2026-11-20", "2026-11-22")]
    assert [it.day for it in got.items if it.kind == "day"] == [
        "2026-11-20", "2026-11-21", "2026-11-22"]
    assert {start, end} <= {it.ref for it in got.items if it.kind == "journal"}


def test_a_remarks_event_is_not_asked_about_beside_the_days_a_question_names(conn):
    seed_steps(conn)
    seed_journal(conn, ["Down with flu, in bed."], entry_date="2026-11-17")
    got = recall(conn, "How did last week go? I've rather lost track since I was poorly.")
    assert [(it.day, it.end) for it in got.items if it.kind == "span"] == [
        ("2026-11-23", "2026-11-29")]
