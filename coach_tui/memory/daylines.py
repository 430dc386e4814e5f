"""Day lines: how the live moment, a day and a stretch of days are written for the model.

Shared by recall (the days a message names) and reviews (the period's table), so the coach
reads a day the same way wherever it appears. Pure: numbers come from the rows given, counts
carry thousands separators, and a day without its own goal is judged on `default_goal`, which
callers pass as the goal in force (memory/goals.py).
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from coach_tui.memory.daywords import Span
from coach_tui.memory.goals import day_goal
from coach_tui.store.steps import Day
from coach_tui.text import thousands


def _fmt(n: float) -> str:
    return thousands(n)


def live_line(now: datetime, today_row: Day | None, default_goal: int) -> str:
    stamp = f"Now: {now:%A} {now.date().isoformat()}, {now:%H:%M}."
    goal = day_goal(today_row, default_goal)
    if today_row is None:
        return f"{stamp} Today so far: no steps synced yet (goal {_fmt(goal)})."
    return (f"{stamp} Today so far: {_fmt(today_row.steps)} steps of a {_fmt(goal)} goal "
            "(partial: the day is not over).")


def day_line(d: date, row: Day | None, default_goal: int) -> str:
    head = f"- {d:%a} {d.isoformat()}:"
    if row is None:
        return f"{head} no steps recorded"
    goal = day_goal(row, default_goal)
    met = "met" if row.steps >= goal else "not met"
    return f"{head} {_fmt(row.steps)} steps, goal {_fmt(goal)}, {met}"


def summary_line(span: Span, rows: dict[str, Day], default_goal: int) -> str:
    days = [span.start + timedelta(days=i) for i in range((span.end - span.start).days + 1)]
    got = [rows[d.isoformat()] for d in days if d.isoformat() in rows]
    head = f"- {span.label} ({span.start.isoformat()} to {span.end.isoformat()}):"
    if not got:
        return f"{head} no steps recorded"
    total = sum(r.steps for r in got)
    met = sum(1 for r in got if r.steps >= day_goal(r, default_goal))
    best = max(reversed(got), key=lambda r: r.steps)  # newest wins a tie
    return (f"{head} {len(got)} of {len(days)} days recorded, {_fmt(total)} steps, "
            f"average {_fmt(total / len(got))}/day, goal met on {met}, "
            f"best {_fmt(best.steps)} on {best.date}")
