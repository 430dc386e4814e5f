"""Recall, round 62. The phrasings are this file's own.

- a word typed without its last g ("movin'", "buyin'", "goin'", "nothin'") is the word, so
  "How'd I do last month all told? Felt like I was movin' more than usual." asks about the
  month as "moving" did (the apostrophe had hidden the month asked)."""

from datetime import date, datetime

import pytest

from coach_tui.memory.query import spelled_out
from tests.engine_support import seed_steps
from tests.unit.test_recall_memories import recall

NOW = datetime(2026, 12, 3, 9, 0)  # a Thursday


def _home(conn):
    seed_steps(conn, end=date(2026, 12, 2), values=[9_000] * 120, goal=10_000,
               today_steps=None)


def _named(conn, text, now=NOW):
    """The block's periods and its days, each as (first, last)."""
    rec = recall(conn, text, now=now, date_order="DMY")
    return sorted({(it.day, it.end or it.day) for it in rec.items if it.kind in ("span", "day")})


@pytest.mark.parametrize("typed, read", [
    ("I was movin' more than usual", "I was moving more than usual"),
    ("what was goin’ on that week", "what was going on that week"),
    ("the shoes I ended up buyin'", "the shoes I ended up buying"),
    ("nothin' doin'", "nothing doing"),
    # (a possessive, a quote and a word of its own are left as written)
    ("Robin's walk", "Robin's walk"),
    ("the 'in' crowd", "the 'in' crowd"),
    ("Berlin was fun", "Berlin was fun"),
])
def test_a_dropped_g_is_the_word(typed, read):
    assert spelled_out(typed) == read


def test_a_dropped_g_no_longer_hides_the_month_asked(conn):
    _home(conn)
    got = _named(conn, "How'd I do last month all told? Felt like I was movin' more than usual.")
    assert ("2026-11-01", "2026-11-30") in got
