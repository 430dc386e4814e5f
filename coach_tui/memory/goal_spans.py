"""Days named by the goal in force: "while the goal was 12k", "the days my target was 12,000",
"while the target was up at 12,000".

Pure: the message and the stored days in, the newest unbroken run of days judged on that goal
out (a goal changes a few times a year; the run is the period the user means).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, timedelta

from coach_tui.memory.spans import Span
from coach_tui.store.steps import Day

_WHILE = (r"\b(?:while|when|during|the\s+days?|the\s+weeks?"
          r"|the\s+(?:whole\s+|entire\s+)?(?:time|period|stretch|spell))\s+")
GOAL_PERIOD = re.compile(
    _WHILE + r"(?:that\s+)?(?:the|my|our)\s+"
    r"(?:daily\s+)?(?:step\s+)?(?:goal|target)\s+(?:(?:was|were)(?:\s+(?:still|set|put|bumped"
    r"|pushed|raised|upped|lowered|dropped))?(?:\s+(?:up|down|back))?(?:\s+(?:at|to|on))?"
    r"|sat\s+at|stood\s+at)\s+"
    r"(\d{4,6}|\d{1,3}(?:[,.]\d{3})?)\s*(k\b|thousand\b)?", re.IGNORECASE)
# "while the 12k target was on", "while that higher target was on": the goal by its number or
# by how it changed.
GOAL_ON = re.compile(
    r"\b(?:while|when|during|the\s+days?|the\s+weeks?)\s+(?:that|the|my|our)\s+"
    r"(?:(\d{4,6}|\d{1,3}(?:[,.]\d{3})?)\s*(k\b|thousand\b)?\s*|(higher|bigger|raised|upped|new"
    r"|lower|smaller|reduced|lowered)\s+)?(?:daily\s+)?(?:step\s+)?(?:goal|target)\s+"
    r"(?:was|were)\s+(?:on|in\s+force|in\s+place|running|active|set)\b", re.IGNORECASE)
# "while i was on the 12k target", "the whole time I was on the 12,000 goal"
GOAL_I_WAS_ON = re.compile(
    _WHILE + r"(?:that\s+|when\s+)?(?:i\s+was|we\s+were|i'?m)\s+on\s+(?:the|my|that|a|our)\s+"
    r"(\d{4,6}|\d{1,3}(?:[,.]\d{3})?)\s*(k\b|thousand\b)?\s*(?:daily\s+)?(?:step\s+)?(?:goal|target)\b",
    re.IGNORECASE)
# "my first week on 10,000", "the first day at 12k": the start of the first run on that goal
GOAL_FIRST = re.compile(
    r"\bfirst\s+(day|week|month)\s+(?:on|at)\s+(?:the\s+|a\s+|my\s+)?(?:new\s+)?"
    r"(\d{4,6}|\d{1,3}(?:[,.]\d{3})?)\s*(k\b|thousand\b)?", re.IGNORECASE)
HIGHER = "higher"
LOWER = "lower"
_CHANGE = {"higher": HIGHER, "bigger": HIGHER, "raised": HIGHER, "upped": HIGHER, "new": HIGHER,
           "lower": LOWER, "smaller": LOWER, "reduced": LOWER, "lowered": LOWER}


def asked_goal(text: str) -> int | str | None:
    """The goal the message names a period by ("while the goal was 12k": 12,000; "while that
    higher target was on": `HIGHER`, the newest raise; `LOWER`), or None."""
    m = GOAL_PERIOD.search(text) or GOAL_I_WAS_ON.search(text) or GOAL_ON.search(text)
    first = GOAL_FIRST.search(text)
    if m is None and first is not None:
        number = int(re.sub(r"[,.]", "", first.group(2)))
        return number * 1000 if first.group(3) or number < 100 else number
    if m is None or (m.re is GOAL_ON and not (m.group(1) or m.group(3))):
        return None
    if m.re is GOAL_ON and m.group(3):
        return _CHANGE[m.group(3).lower()]
    number = int(re.sub(r"[,.]", "", m.group(1)))
    return number * 1000 if m.group(2) or number < 100 else number


def first_part(text: str) -> str | None:
    """"day", "week" or "month" when the message asks for the first one on a goal ("my first
    week on 10,000"), else None."""
    m = GOAL_FIRST.search(text)
    return m.group(1).lower() if m is not None else None


def goal_span(goal: int | str, days: Sequence[Day], today: date,
              part: str | None = None) -> Span | None:
    """The newest unbroken run of `days` (oldest first) before today whose goal is `goal`
    (`HIGHER` / `LOWER`: above / below the run's before it); with `part` ("week"), that part
    of the first such run: its first day, the Monday-to-Sunday week holding it, or its first
    30 days."""
    runs: list[list[Day]] = []
    for day in days:
        if day.date >= today.isoformat():
            break
        if runs and runs[-1][-1].goal == day.goal:
            runs[-1].append(day)
        else:
            runs.append([day])
    def changed(i: int) -> int:  # 1: raised from the run before, -1: lowered, 0: neither
        now, before = runs[i][0].goal, runs[i - 1][0].goal if i > 0 else None
        return 0 if now is None or before is None else (now > before) - (now < before)

    chosen = [run for i, run in enumerate(runs) if run[0].goal is not None and (
        run[0].goal == goal or (goal == HIGHER and changed(i) > 0)
        or (goal == LOWER and changed(i) < 0))]
    if not chosen:
        return None
    if part is not None:
        start = date.fromisoformat(chosen[0][0].date)
        begin = start - timedelta(days=start.weekday()) if part == "week" else start
        end = begin + timedelta(days={"day": 0, "week": 6}.get(part, 29))
        return Span(f"the first {part} on the goal of {chosen[0][0].goal:,}", begin, end,
                    begin != end)
    best = chosen[-1]
    start, end = date.fromisoformat(best[0].date), date.fromisoformat(best[-1].date)
    return Span(f"while the goal was {best[0].goal:,}", start, end, start != end)
