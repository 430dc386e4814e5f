"""A day's step goal: the one rule every fact, line, chart and table reads a goal by.

A day with its own goal (Garmin's `stepGoal`, an export's `dailyStepGoal`, a file's goal
column) is judged on it. Any other day (today before it is synced, a day imported from a file
without a goal column) is judged on the goal in force: the newest goal any stored day has, and
the configured default only when no day has one. So when Garmin has said 8,000 for weeks, the
coach, the sidebar and `coach-tui steps` all say 8,000, never the config's 10,000.

    day_goal(day, in_force) -> int                 pure: the day's own goal, or `in_force`
    goal_in_force_of(days, default_goal) -> int    pure: over rows already read
    goal_in_force(conn, default_goal) -> int       the same rule over the database
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

from coach_tui.store.steps import Day, newest_goal


def day_goal(day: Day | None, in_force: int) -> int:
    """The goal `day` is judged on: its own when it has one, else the goal in force."""
    return day.goal if day is not None and day.goal is not None else in_force


def goal_in_force_of(days: Iterable[Day], default_goal: int) -> int:
    """The newest goal among `days` (any order), or `default_goal` when none has one."""
    dated = [(d.date, d.goal) for d in days if d.goal is not None]
    return max(dated)[1] if dated else default_goal


def goal_in_force(conn: sqlite3.Connection, default_goal: int) -> int:
    """The newest goal a stored day has, or `default_goal` when no day has one."""
    newest = newest_goal(conn)
    return default_goal if newest is None else newest
