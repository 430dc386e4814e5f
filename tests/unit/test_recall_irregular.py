"""A verb's irregular past is the same word ("when did she win" finds "I won"); "did I meet my
target" asks about the day line, and "which month won" compares (pinned clock)."""

from datetime import datetime

import pytest

from coach_tui.memory.daylines import compares, comparing_words
from coach_tui.memory.query import expand
from coach_tui.memory.ranking import covered_words
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import exchange, recall


@pytest.mark.parametrize("word, past", [
    ("win", "won"), ("meet", "met"), ("find", "found"), ("teach", "taught"),
    ("write", "wrote"), ("begin", "began"), ("bring", "brought"), ("pay", "paid"),
])
def test_the_irregular_past_is_searched_for(word, past):
    assert past in expand(word)
    assert covered_words([word], f"Last week I {past} it") > 0


@pytest.mark.parametrize("word", ["keep", "hold", "give", "lose"])
def test_verbs_a_runner_asks_with_are_left_as_written(word):
    # "did I keep moving", "have my steps held up", "the plan you gave me", "losing my mind"
    assert expand(word) == (word,)


def test_when_did_i_win_finds_the_exchange_that_says_won(conn):
    exchange(conn, "2026-11-07", "I won the club 10k on saturday, first time ever!",
             "Brilliant, well done.")
    exchange(conn, "2026-11-01", "the club 10k is on saturday, nervous", "You are ready.")
    got = recall(conn, "when did I win the club 10k?")
    assert "I won the club 10k" in got.text and "nervous" not in got.text


def test_meeting_a_target_on_a_named_day_asks_for_the_day_line(conn):
    seed_steps(conn)
    seed_journal(conn, ["Met Sam for coffee after the run."], entry_date="2026-11-20")
    got = recall(conn, "did I meet my target on the 20th?", now=datetime(2026, 11, 30, 9, 15))
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-11-20"]
    assert not any(it.kind == "journal" for it in got.items)


def test_which_month_won_is_a_comparison():
    assert compares("sept vs oct, which month won?")
    assert "won" in comparing_words("which month won")
