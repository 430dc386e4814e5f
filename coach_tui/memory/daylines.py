"""Day lines: how the live moment, a day and a stretch of days are written for the model.

Shared by recall (the days a message names) and reviews (the period's table), so the coach
reads a day the same way wherever it appears. Pure: numbers come from the rows given, counts
carry thousands separators, and a day without its own goal is judged on `default_goal`, which
callers pass as the goal in force (memory/goals.py).
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from coach_tui.memory.goals import day_goal
from coach_tui.memory.spans import Span
from coach_tui.store.steps import Day
from coach_tui.text import starting, thousands


def live_line(now: datetime, today_row: Day | None, default_goal: int) -> str:
    stamp = f"Now: {now:%A} {now.date().isoformat()}, {now:%H:%M}."
    goal = day_goal(today_row, default_goal)
    if today_row is None:
        return f"{stamp} Today so far: no steps synced yet (goal {thousands(goal)})."
    left = goal - today_row.steps
    where = f"{thousands(left)} to go" if left > 0 else f"goal met, {thousands(-left)} over"
    return (f"{stamp} Today so far: {thousands(today_row.steps)} steps of a "
            f"{thousands(goal)} goal, "
            f"{where} (partial: the day is not over).")


def day_line(d: date, row: Day | None, default_goal: int) -> str:
    head = f"- {d:%a} {d.isoformat()}:"
    if row is None:
        return f"{head} no steps recorded"
    goal = day_goal(row, default_goal)
    met = "met" if row.steps >= goal else "not met"
    return f"{head} {thousands(row.steps)} steps, goal {thousands(goal)}, {met}"


def span_rows(span: Span, rows: dict[str, Day]) -> list[Day]:
    """The stored days of `span`, oldest first."""
    days = [span.start + timedelta(days=i) for i in range(span.days)]
    return [rows[d.isoformat()] for d in days if d.isoformat() in rows]


def summary_line(span: Span, rows: dict[str, Day], default_goal: int) -> str:
    days = [span.start + timedelta(days=i) for i in range(span.days)]
    got = span_rows(span, rows)
    head = f"- {span.label} ({span.start.isoformat()} to {span.end.isoformat()}):"
    if not got:
        return f"{head} no steps recorded"
    total = sum(r.steps for r in got)
    met = sum(1 for r in got if r.steps >= day_goal(r, default_goal))
    best = max(reversed(got), key=lambda r: r.steps)  # newest wins a tie
    return (f"{head} {len(got)} of {len(days)} days recorded, {thousands(total)} steps, "
            f"average {thousands(total / len(got))}/day, goal met on {met}, "
            f"best {thousands(best.steps)} on {best.date}")


_COMPARING = re.compile(starting(r"abcdfilmstuvw") +
                        r"\b(compare[sd]?|comparing|comparison|vs|versus|than|against|"
                        r"better|worse|more|less|fewer|difference|differ|change[sd]?|up|down|"
                        r"improve[sd]?|stack|win|wins|won)\b", re.IGNORECASE)


def comparing_words(text: str) -> list[str]:
    """The words of `text` that set periods against each other ("better", "than"): what the
    comparison line answers, not words to look for in memories."""
    return [m.lower() for m in _COMPARING.findall(text)]


def compares(text: str) -> bool:
    """Whether the message sets periods against each other ("this week vs last week")."""
    return _COMPARING.search(text) is not None


def comparison_line(older: Span, newer: Span, rows: dict[str, Day]) -> str | None:
    """Both periods' totals and daily averages and the change from the older to the newer, in
    percent; None when either has no recorded day."""
    a, b = span_rows(older, rows), span_rows(newer, rows)
    if not a or not b:
        return None
    ta, tb = sum(r.steps for r in a), sum(r.steps for r in b)
    va, vb = ta / len(a), tb / len(b)

    def change(x: float, y: float) -> str:
        return "no change to compare from (0 steps)" if x == 0 else f"{(y - x) / x * 100:+.1f}%"

    if older.days == 1 and newer.days == 1:
        return (f"- {newer.start:%a} {newer.start.isoformat()} compared with {older.start:%a} "
                f"{older.start.isoformat()}: {thousands(tb)} vs {thousands(ta)} steps "
                f"({change(ta, tb)})")

    return (f"- {newer.label} compared with {older.label}: total {thousands(tb)} steps over "
            f"{len(b)} recorded days vs {thousands(ta)} over {len(a)} ({change(ta, tb)}); average "
            f"{thousands(vb)}/day vs {thousands(va)}/day ({change(va, vb)})")
