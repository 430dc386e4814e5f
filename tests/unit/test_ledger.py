from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coach_tui.memory.ledger import ledger_facts, streak_as_of_yesterday
from coach_tui.store.steps import Day

TODAY = date(2026, 11, 30)


def days_back(values, goal=None, end=TODAY - timedelta(days=1)):
    """Days ending at `end`, oldest first; `values` are listed newest last."""
    start = end - timedelta(days=len(values) - 1)
    return [Day((start + timedelta(days=i)).isoformat(), v, goal) for i, v in enumerate(values)]


def test_facts_come_in_a_fixed_order_as_stable_strings():
    days = days_back([8_000] * 20 + [12_000, 9_000, 11_000, 10_500, 15_250, 10_000, 10_001])
    assert ledger_facts(days, TODAY, 10_000) == [
        "step goal streak: 5 days (through 2026-11-29)",
        "7-day average: 11,107 steps/day (2026-11-23 to 2026-11-29)",
        "30-day average: 8,806 steps/day (2026-10-31 to 2026-11-29, 27 of 30 days recorded)",
        "best day of the last 30: 15,250 steps on 2026-11-27",
        "goal met on 6 of the last 30 days (2026-10-31 to 2026-11-29)",
        "longest goal streak in the last 365 days: 5 days (2026-11-25 to 2026-11-29)",
    ]


def test_todays_partial_count_never_counts():
    days = days_back([11_000, 11_000]) + [Day(TODAY.isoformat(), 50_000, None)]
    facts = ledger_facts(days, TODAY, 10_000)
    assert facts[0] == "step goal streak: 2 days (through 2026-11-29)"
    assert "50,000" not in " ".join(facts)


def test_a_days_own_goal_wins_over_the_default():
    days = days_back([7_000, 7_000], goal=6_000)
    assert ledger_facts(days, TODAY, 10_000)[0] == "step goal streak: 2 days (through 2026-11-29)"
    days = days_back([7_000, 7_000], goal=8_000)
    assert ledger_facts(days, TODAY, 5_000)[0] == "step goal streak: 0 days (through 2026-11-29)"


def test_a_missing_day_breaks_the_streak():
    days = days_back([12_000, 12_000, 12_000])
    del days[1]
    assert ledger_facts(days, TODAY, 10_000)[0].startswith("step goal streak: 1 days")


def test_no_days_no_facts():
    assert ledger_facts([], TODAY, 10_000) == []


def test_zero_goal_is_rejected():
    with pytest.raises(ValueError):
        ledger_facts(days_back([1]), TODAY, 0)


def test_seed_streak_signature():
    counts = {"2026-07-23": 10500, "2026-07-24": 11200, "2026-07-25": 3100}
    assert streak_as_of_yesterday(counts, 10000, "2026-07-25") == {
        "streak_days": 2, "through": "2026-07-24"
    }


@given(st.lists(st.integers(min_value=0, max_value=30_000), min_size=1, max_size=400))
def test_facts_depend_only_on_days_before_today(values):
    days = days_back(values)
    base = ledger_facts(days, TODAY, 10_000)
    with_today = days + [Day(TODAY.isoformat(), 99_999, 1)]
    assert ledger_facts(with_today, TODAY, 10_000) == base
    assert ledger_facts(list(reversed(days)), TODAY, 10_000) == base


def test_averages_round_half_up_like_a_reader():
    # 10,000 and 10,001 average to 10,000.5: a spreadsheet (and a reader) shows 10,001, where
    # Python's round() would give the even 10,000.
    days = days_back([10_000, 10_001])
    facts = ledger_facts(days, TODAY, 10_000)
    assert "7-day average: 10,001 steps/day" in facts[1]
    assert "30-day average: 10,001 steps/day" in facts[2]


def test_day_lines_average_rounds_half_up():
    from coach_tui.memory.daylines import summary_line
    from coach_tui.memory.daywords import Span

    rows = {d.date: d for d in days_back([8_000, 8_001])}
    line = summary_line(Span("last two days", TODAY - timedelta(days=2),
                             TODAY - timedelta(days=1), True), rows, 10_000)
    assert "average 8,001/day" in line


def test_round_half_up():
    from coach_tui.text import round_half_up, thousands

    assert [round_half_up(x) for x in (0.5, 1.5, 2.5, 10_000.5, 10_000.49, 7)] == [
        1, 2, 3, 10_001, 10_000, 7]
    assert thousands(10_000.5) == "10,001"
