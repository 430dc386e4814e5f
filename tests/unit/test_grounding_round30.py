"""Round 30's rules, each read from a tuning writer's replies after the set was scored blind.
Written in phrasings of our own; a wrong value, or one bound to the wrong fact, stays
unsupported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coach_tui.coach.grounding import check

REQUESTS = Path(__file__).resolve().parents[2] / "bench" / "data" / "grounding" / "requests"
# "Plan my week: I want 75,000 steps total."; 7-day average 9,905, 30-day average 9,494
TARGET = json.loads((REQUESTS / "request_15.json").read_text(encoding="utf-8"))


def mention(reply: str, req: dict, number: str):
    return next(m for m in check(reply, req) if m.text == number)


@pytest.mark.parametrize("reply, number, outcome", [
    ("So 75,000 asks for roughly 8% more than your recent walking.", "8%", "computed"),
    ("Against the 30-day average of 9,494 it is about 13% up.", "13%", "computed"),
    ("Against the 30-day average of 9,494 it is about 8% up.", "8%", "unsupported"),
    ("It is about 12% above your 7-day average.", "12%", "unsupported"),
])
def test_a_weekly_target_against_an_average_in_percent(reply, number, outcome):
    m = mention(reply, TARGET, number)
    assert m.outcome == outcome
    if outcome == "computed":
        assert "75,000 ÷ 7" in m.source


# week 48 (Mon 23 to Sun 29 November): Tue 24 8,963, Wed 25 12,028, Thu 26 7,651
WEEK48 = json.loads((REQUESTS / "request_23.json").read_text(encoding="utf-8"))
RANKED = "| Rank | Day | Steps |\n|---|---|---|\n| Best | {best} | 12,028 |\n" \
         "| Weakest | {low} | 7,651 |"


@pytest.mark.parametrize("best, low, outcomes", [
    ("Wednesday", "Thursday", {"12,028": "quoted", "7,651": "quoted"}),
    ("Wednesday", "Tuesday", {"12,028": "computed", "7,651": "unsupported"}),
    ("Tuesday", "Thursday", {"12,028": "unsupported", "7,651": "computed"}),
    ("Wed 25", "Tue 24", {"12,028": "quoted", "7,651": "unsupported"}),
])
def test_a_tables_day_cell_binds_the_rows_numbers(best, low, outcomes):
    got = {m.text: m.outcome for m in check(RANKED.format(best=best, low=low), WEEK48)}
    assert {k: got[k] != "unsupported" for k in outcomes} == \
        {k: v != "unsupported" for k, v in outcomes.items()}
