"""The app's pure pieces: literal text, the 30-day chart's cells, the status line's parts."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from coach_tui.store.steps import Day
from coach_tui.ui.widgets.literal import as_sentence, literal, one_line
from coach_tui.ui.widgets.status import StatusInfo, ranked_parts, tokens
from coach_tui.ui.widgets.steps_chart import (
    GOAL_CHAR,
    WINDOW_DAYS,
    chart_cells,
    chart_data,
    short_count,
)

TODAY = date(2026, 11, 30)


def test_literal_makes_control_characters_visible_and_keeps_markup_as_typed():
    assert literal("[bold]hi[/bold]") == "[bold]hi[/bold]"
    assert literal("a\x1b[2Jb\x07\x9b\u2028") == "a␛[2Jb␇\\x9b<U+2028>"
    assert literal("line\nnext\ttab") == "line\nnext\ttab"
    assert "\x1b" not in literal("\x1b]0;title\x07")


def test_one_line_and_as_sentence():
    assert one_line(" two\nlines\t here ") == "two lines here"
    assert as_sentence("synced 2026-11-01 to 2026-11-30: 3 days new") == \
        "Synced 2026-11-01 to 2026-11-30: 3 days new."
    assert as_sentence("Done.") == "Done."
    assert as_sentence("") == ""


def days(values: dict[int, int], goal: int | None = 10_000) -> list[Day]:
    """Days keyed by how many days before TODAY (1 = yesterday)."""
    return [Day((TODAY - timedelta(days=ago)).isoformat(), steps, goal, None)
            for ago, steps in values.items()]


def test_chart_window_is_the_30_days_through_yesterday_and_today_is_apart():
    data = chart_data(days({0: 4_000, 1: 12_000, 30: 9_000, 31: 50_000}), TODAY, 8_000)
    assert data.dates[0] == "2026-10-31" and data.dates[-1] == "2026-11-29"
    assert len(data.dates) == WINDOW_DAYS
    assert data.steps[-1] == 12_000 and data.steps[0] == 9_000
    assert data.today_steps == 4_000
    assert data.met == 1  # 9,000 is below the day's own 10,000 goal
    assert data.recorded == 2


def test_a_day_without_its_own_goal_uses_the_default():
    data = chart_data(days({1: 8_500}, goal=None), TODAY, 8_000)
    assert data.goals[-1] == 8_000 and data.met == 1 and data.goal_line == 8_000


def test_chart_cells_draw_bars_in_eighths_coloured_by_the_days_own_goal():
    data = chart_data(days({1: 20_000, 2: 10_000, 3: 5_000}), TODAY, 10_000)
    rows = chart_cells(data, 4)
    assert len(rows) == 4 and all(len(r) == WINDOW_DAYS for r in rows)
    column = [row[-1] for row in rows]       # yesterday: the tallest, full height
    assert column == [("█", "met")] * 4
    half = [row[-2] for row in rows]         # 10,000 of 20,000: two full rows, at goal
    assert half == [(" ", ""), (" ", ""), ("█", "met"), ("█", "met")]
    low = [row[-3] for row in rows]          # 5,000: one row, the goal band dashed above
    assert low == [(" ", ""), (" ", ""), (GOAL_CHAR, "goal"), ("█", "missed")]
    empty = [row[0] for row in rows]         # no row that day: a dot at the bottom
    assert empty[-1] == ("·", "none")


def test_chart_height_must_be_positive():
    with pytest.raises(ValueError):
        chart_cells(chart_data([], TODAY, 10_000), 0)


@pytest.mark.parametrize("n, text", [(800, "800"), (1_000, "1k"), (9_500, "9.5k"),
                                     (10_000, "10k"), (24_318, "24k")])
def test_short_count(n, text):
    assert short_count(n) == text


def status_parts(info: StatusInfo) -> list[tuple[str, str]]:
    """(text, role) pieces in display order; roles pick a component style."""
    return [(text, role) for text, role, _ in ranked_parts(info)]


def test_status_line_parts():
    info = StatusInfo(memory_on=False, model="claude-sonnet-5-5", hit_rate=0.934,
                      input_tokens=12_345, output_tokens=678, cost_usd=0.01234,
                      last_miss_reason="system_changed")
    assert [text for text, _ in status_parts(info)] == [
        "memory OFF", "miss: system_changed", "claude-sonnet-5-5", "cache 93%",
        "12k in · 678 out", "$0.0123",
    ]
    # A diagnosis still pending is no miss: said, but not as a warning.
    pending = status_parts(StatusInfo(model="m", last_miss_reason="pending"))
    assert ("miss: pending", "dim") in pending
    assert ("miss: system_changed", "warn") in status_parts(info)
    fresh = [text for text, _ in status_parts(StatusInfo(model="m", cost_usd=None))]
    assert fresh == ["memory ON", "m", "cache –", "0 in · 0 out", "cost unknown"]
    assert tokens(1_500) == "1.5k" and tokens(2_500_000) == "2.5M"
    # A reply that ended early was billed at least this much.
    cut = [text for text, _ in status_parts(StatusInfo(model="m", output_tokens=3,
                                                        cost_usd=0.01, floor=True))]
    assert cut[-2:] == ["0 in · ≥3 out", "≥$0.0100"]
    demo = [text for text, _ in status_parts(StatusInfo(demo=True))]
    assert demo[:2] == ["demo data", "memory ON"]


def test_short_facts_keep_every_number_in_a_sidebar_row():
    from coach_tui.ui.widgets.facts import short_fact

    facts = {
        "step goal streak: 14 days (through 2026-11-29)": "streak: 14 days",
        "7-day average: 12,159 steps/day (2026-11-23 to 2026-11-29)": "7-day avg: 12,159/day",
        "best day of the last 30: 24,318 steps on 2026-11-06": "best of 30 days: 24,318 (11-06)",
        "goal met on 25 of the last 30 days (2026-10-31 to 2026-11-29)": "goal met 25 of 30 days",
        "longest goal streak in the last 365 days: 14 days (2026-11-16 to 2026-11-29)":
            "longest streak in 365d: 14 days",
        # A range that says more than dates is kept.
        "7-day average: 9,000 steps/day (2026-11-23 to 2026-11-29, 5 of 7 days recorded)":
            "7-day avg: 9,000/day (2026-11-23 to 2026-11-29, 5 of 7 days recorded)",
    }
    for fact, short in facts.items():
        assert short_fact(fact) == short
        assert len(short) <= 34 or "recorded" in short


def test_a_retried_message_hides_the_billed_empty_failure_kept_as_its_reply():
    from coach_tui.coach.transcript import TurnView, retried

    def view(turn_id, role, text, status):
        return TurnView(turn_id, role, text, "2026-11-30T09:15", status, None, None, None, None)

    # A stream cut before any text was billed: its empty failed reply is stored with the usage.
    views = [view(1, "user", "plan my day", "failed"), view(2, "assistant", "", "failed"),
             view(3, "user", "plan my day", "ok"), view(4, "assistant", "Walk.", "ok")]
    assert [retried(views, i) for i in range(4)] == [True, True, False, False]
    views[2] = view(3, "user", "something else", "ok")
    assert [retried(views, i) for i in range(4)] == [False, False, False, False]
