"""The ledger: facts code computes from stored days, as of yesterday.

Pure functions over rows, no I/O. Today's count is partial all day, so every fact is measured
through yesterday: the rendered facts change once a day, at midnight, and the cached prompt
prefix that carries them stays valid all day. A day counts toward its goal when its steps
reach the day's own stored goal, or the goal in force when the day has none (memory/goals.py:
the caller passes it as `default_goal`). A day with
no row counts as zero steps. Facts come in a fixed order, each a stable string the coach may
quote; an average is rounded half up (10,000.5 is 10,001), as a reader rounds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, timedelta

from coach_tui.memory.goals import day_goal
from coach_tui.store.steps import Day
from coach_tui.text import plural, thousands


def _as_date(value: str | date) -> date:
    return value if isinstance(value, date) else date.fromisoformat(value)


def streak_as_of_yesterday(
    daily_counts: Mapping[str, int], goal: int | Mapping[str, int], today: str | date
) -> dict[str, object]:
    """Days in a row, ending yesterday, whose count reached the goal.

    `daily_counts` maps ISO date -> steps. `goal` is one number for every day, or a mapping
    ISO date -> that day's goal. Returns {"streak_days": N, "through": "YYYY-MM-DD"}.
    """
    yesterday = _as_date(today) - timedelta(days=1)
    streak, d = 0, yesterday
    while True:
        key = d.isoformat()
        target = goal[key] if isinstance(goal, Mapping) else goal
        if key not in daily_counts or daily_counts[key] < target:
            break
        streak += 1
        d -= timedelta(days=1)
    return {"streak_days": streak, "through": yesterday.isoformat()}


def ledger_facts(days: Iterable[Day], today: str | date, default_goal: int) -> list[str]:
    """Every ledger fact, in a fixed order, computed through yesterday."""
    if default_goal < 1:
        raise ValueError(f"default_goal must be at least 1, got {default_goal}")
    today_d = _as_date(today)
    yesterday = today_d - timedelta(days=1)
    counts: dict[str, int] = {}
    goals: dict[str, int] = {}
    for day in days:
        if _as_date(day.date) >= today_d:
            continue  # today (or a future day) is never part of the ledger
        counts[day.date] = day.steps
        goals[day.date] = day_goal(day, default_goal)

    if not counts:
        return []

    def goal_of(key: str) -> int:
        return goals.get(key, default_goal)

    def met(key: str) -> bool:
        return key in counts and counts[key] >= goal_of(key)

    def window(n: int) -> list[str]:
        return [(yesterday - timedelta(days=i)).isoformat() for i in range(n - 1, -1, -1)]

    facts: list[str] = []
    streak = streak_as_of_yesterday(counts, _GoalView(goals, default_goal), today_d)
    facts.append(f"step goal streak: {streak['streak_days']} days (through {streak['through']})")

    for n in (7, 30):
        keys = [k for k in window(n) if k in counts]
        if keys:
            avg = sum(counts[k] for k in keys) / len(keys)
            span = f"{window(n)[0]} to {yesterday.isoformat()}"
            recorded = "" if len(keys) == n else f", {len(keys)} of {n} days recorded"
            facts.append(f"{n}-day average: {thousands(avg)} steps/day ({span}{recorded})")

    last30 = window(30)
    recorded30 = [k for k in last30 if k in counts]
    if recorded30:
        # max() keeps the first of equal values; scanning newest first makes the newest win.
        best = max(reversed(recorded30), key=lambda k: counts[k])
        facts.append(f"best day of the last 30: {thousands(counts[best])} steps on {best}")
        hits = sum(1 for k in last30 if met(k))
        facts.append(
            f"goal met on {hits} of the last 30 days ({last30[0]} to {yesterday.isoformat()})"
        )

    longest, run, run_end, best_end = 0, 0, None, None
    for key in window(365):
        if met(key):
            run += 1
            run_end = key
            if run > longest:
                longest, best_end = run, run_end
        else:
            run = 0
    if longest:
        assert best_end is not None  # a run was counted, so it ended somewhere
        start = (_as_date(best_end) - timedelta(days=longest - 1)).isoformat()
        facts.append(
            f"longest goal streak in the last 365 days: {plural(longest, "day")} "
            f"({start} to {best_end})"
        )
    else:
        facts.append("longest goal streak in the last 365 days: 0 days")
    return facts


class _GoalView(Mapping[str, int]):
    """Per-day goals with the default for days that have none."""

    def __init__(self, goals: dict[str, int], default: int) -> None:
        self._goals, self._default = goals, default

    def __getitem__(self, key: str) -> int:
        return self._goals.get(key, self._default)

    def __iter__(self):
        return iter(self._goals)

    def __len__(self) -> int:
        return len(self._goals)
