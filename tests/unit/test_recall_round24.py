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
