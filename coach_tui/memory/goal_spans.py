"""Days named by the goal in force: "while the goal was 12k", "the days my target was 12,000".

Pure: the message and the stored days in, the newest unbroken run of days judged on that goal
out (a goal changes a few times a year; the run is the period the user means).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from coach_tui.memory.spans import Span
from coach_tui.store.steps import Day

GOAL_PERIOD = re.compile(
    r"\b(?:while|when|during|the\s+days?|the\s+weeks?)\s+(?:that\s+)?(?:the|my|our)\s+"
    r"(?:daily\s+)?(?:step\s+)?(?:goal|target)\s+(?:was|were|sat\s+at|stood\s+at)\s+"
    r"(\d{1,3}(?:[,.]\d{3})?)\s*(k\b|thousand\b)?", re.IGNORECASE)


def asked_goal(text: str) -> int | None:
    """The goal the message names a period by ("while the goal was 12k": 12,000), or None."""
    m = GOAL_PERIOD.search(text)
    if m is None:
        return None
    number = int(re.sub(r"[,.]", "", m.group(1)))
    return number * 1000 if m.group(2) or number < 100 else number


def goal_span(goal: int, days: Sequence[Day], today: date) -> Span | None:
    """The newest unbroken run of `days` (oldest first) before today whose goal is `goal`."""
    run: list[Day] = []
    best: list[Day] = []
    for day in days:
        if day.date >= today.isoformat():
            break
        if day.goal == goal:
            run.append(day)
            best = run
        else:
            run = []
    if not best:
        return None
    start, end = date.fromisoformat(best[0].date), date.fromisoformat(best[-1].date)
    return Span(f"while the goal was {goal:,}", start, end, start != end)
