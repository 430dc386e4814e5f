"""Recall, round 24: what only a day's journal line tells ("how far did I run last Sunday"),
and the goal over a period ("what was my target doing thru Nov"). The home: the shared test
steps up to Sunday 29 November 2026 and a few journal lines; today Monday 30 November. The
phrasings are this file's own."""

import pytest

from coach_tui.memory.focus import WHAT_HAPPENED
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import recall


@pytest.mark.parametrize("text, asks", [
    ("how far did i run last sunday", True),
    ("how long was the walk on saturday?", True),
    ("how fast did I go at parkrun on the 21st", True),
    ("what pace did i do on tuesday", True),
    ("how far is it to the park", False),
    ("how long did I sleep", False),
])
def test_how_far_or_how_long_an_outing_asks_what_the_day_s_line_says(text, asks):
    assert (WHAT_HAPPENED.search(text) is not None) == asks


@pytest.fixture
def lines(conn):
    seed_steps(conn)
    sunday = seed_journal(conn, ["Easy 11 km along the canal with Sam, legs fresh."],
                          entry_date="2026-11-29")[0]
    older = seed_journal(conn, ["First 15 km long run, new route over the hills, no blisters."],
                         entry_date="2026-10-04")[0]
    return sunday, older


def test_how_far_on_a_named_day_brings_that_day_s_line(conn, lines):
    sunday, _ = lines
    got = recall(conn, "how far did i run last sunday")
    assert ("journal", sunday) in {(it.kind, it.ref) for it in got.items}
    assert "- Sun 2026-11-29:" in got.text


def test_steps_alone_on_a_named_day_bring_no_line(conn, lines):
    sunday, _ = lines
    got = recall(conn, "how many steps did i get last sunday")
    assert ("journal", sunday) not in {(it.kind, it.ref) for it in got.items}


@pytest.mark.parametrize("text, asks, moved", [
    ("first wk after you bumped me to 10k a day, what did the review say",
     [(10_000, "week", 1)], 1),
    ("the second week after you raised my goal to 12,000", [(12_000, "week", 2)], 1),
    ("my first week after the target went back down to 10,000", [(10_000, "week", 1)], -1),
    ("first day after u dropped me back to 9k", [(9_000, "day", 1)], -1),
    ("my first week on 12k", [(12_000, "week", 1)], 0),
    ("the first week after my holiday", [], 0),
])
def test_a_goal_s_run_dated_by_the_raise_or_cut_that_began_it(text, asks, moved):
    from coach_tui.memory.goal_spans import goal_asks, goal_moved
    from coach_tui.memory.textspeak import spelled_out

    assert goal_asks(spelled_out(text)) == asks
    assert goal_moved(spelled_out(text)) == moved


@pytest.mark.parametrize("moved, first_day", [(1, 2), (-1, 21), (0, 2)])
def test_the_raise_picks_the_run_it_began_and_the_cut_the_other(moved, first_day):
    """10,000 raised from 8,000 on 2 Nov, then 12,000, then cut back to 10,000 on 21 Nov."""
    from datetime import date

    from coach_tui.memory.goal_spans import goal_span
    from coach_tui.store.steps import Day

    goals = {d: 8_000 if d < 2 else 10_000 if d < 10 else 12_000 if d < 21 else 10_000
             for d in range(1, 29)}
    days = [Day(f"2026-11-{d:02d}", 9_000, g) for d, g in goals.items()]
    span = goal_span(10_000, days, date(2026, 11, 30), "day", 1, moved)
    assert span is not None and span.start == date(2026, 11, first_day)


@pytest.mark.parametrize("text, parts", [
    ("did my hip start hurting before or after the new insoles? and didnt you say they "
     "might help", ["did my hip start hurting", "the new insoles",
                    "didnt you say they might help"]),
    ("was the flu after or before the 10k race", ["was the flu", "the 10k race"]),
])
def test_before_or_after_splits_the_two_dated_things(text, parts):
    from coach_tui.memory.message_parts import asking, clauses

    assert clauses(text) == parts
    assert asking(text)[-1] == parts[-1]    # ("didnt you say": a question too)


@pytest.mark.parametrize("text", [
    "did my hip start hurting before or after the new insoles?",
    "was it after or before the race",
])
def test_before_or_after_anchors_no_days(text):
    from coach_tui.memory.events import event_phrases

    assert event_phrases(text) == []


def test_after_alone_still_anchors_days():
    from coach_tui.memory.events import event_phrases

    assert [p.relation for p in event_phrases("steps after the race")] == ["after"]


@pytest.mark.parametrize("text, asks", [
    ("steps yesterday? and wasn't that a rest day", ["steps yesterday", "wasn't that a rest day"]),
    ("how was my week? i didnt sleep", ["how was my week"]),   # a remark
])
def test_a_question_asked_the_other_way_is_a_question(text, asks):
    from coach_tui.memory.message_parts import asking

    assert asking(text) == asks


@pytest.mark.parametrize("text, parts", [
    ("the day my hip went, steps that day + what did you tell me to do",
     ["the day my hip went, steps that day", "what did you tell me to do"]),
    ("total for sat & how was sunday", ["total for sat", "how was sunday"]),
    ("me & tom walked 5k, was that a record?", ["me & tom walked 5k, was that a record"]),
])
def test_a_plus_or_ampersand_before_a_question_starts_a_part(text, parts):
    from coach_tui.memory.message_parts import clauses

    assert clauses(text) == parts
