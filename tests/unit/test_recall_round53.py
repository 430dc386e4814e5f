"""Recall, round 53: words that only tell which of two things ("my old trainers", "the new
pair") count half a word when memories are ranked, so a chat that says "keep the old pair"
does not outrank the line about the shoes themselves. The home and the phrasings are this
file's own."""

from datetime import date, datetime

import pytest

from coach_tui.memory.query import weak_words
from coach_tui.memory.ranking import covered_words
from tests.engine_support import seed_dated_journal, seed_steps
from tests.unit.test_recall_memories import exchange, recall

NOW = datetime(2026, 11, 30, 9, 15)  # a Monday
STEPS = [8_000 + 41 * i for i in range(130)]

LINES = [
    ("2026-09-12", "Bought Saucony Ride 17 to replace the Nikes, which had passed 800 km and "
                   "gone flat; springy on the first jog."),
    ("2026-10-03", "Parkrun with Ana in 30:05, legs fine."),
]


@pytest.fixture
def home(conn):
    seed_steps(conn, end=date(2026, 11, 29), values=STEPS)
    seed_dated_journal(conn, LINES)
    exchange(conn, "2026-09-13", "went for the saucony ride in the end. feels bouncy",
             "Good pick for easy miles. Keep the old pair for walking the dog.")
    return conn


def _memories(conn, text: str) -> list[str]:
    return [it.text for it in recall(conn, text, now=NOW).items
            if it.kind in ("journal", "chat")]


@pytest.mark.parametrize("text", [
    "which trainers did i end up going for when my old ones died?",
    "When did I finally swap my knackered old trainers for a new pair?",
])
def test_the_line_about_the_shoes_is_recalled_over_a_chat_saying_old_pair(home, text):
    assert any("Saucony Ride 17" in m for m in _memories(home, text))


def test_weak_words_come_from_the_word_list_in_their_forms():
    assert {"old", "new", "older", "newer"} <= weak_words()
    assert "knee" not in weak_words()


def test_a_weak_word_counts_half_a_word():
    assert covered_words(["old", "knee"], "my old knee brace") == 1.5
    assert covered_words(["knee"], "my old knee brace") == 1.0
