"""A bar chart of the last 30 days through yesterday, against the step goal.

The window matches the ledger's ("goal met on N of the last 30 days"): it ends yesterday,
because today's count is partial all day; today's count so far is printed under the chart.
Each column is one day, drawn in eighth-blocks; a day is coloured as met when its steps reach
its own stored goal (or the default goal), exactly the ledger's rule. The goal line is drawn at
yesterday's goal. `chart_cells` decides every cell and is pure; the widget only styles them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date, timedelta

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from coach_tui.memory.goals import day_goal
from coach_tui.store.steps import Day

WINDOW_DAYS = 30
_EIGHTHS = " ▁▂▃▄▅▆▇█"
GOAL_CHAR = "┄"
NO_DATA_CHAR = "·"


@dataclass(frozen=True)
class ChartData:
    dates: list[str]              # oldest first, WINDOW_DAYS of them, ending yesterday
    steps: list[int | None]       # None: no row for that day
    goals: list[int]              # each day's own goal, or the default
    goal_line: int                # where the dashed goal line sits (yesterday's goal)
    today_steps: int | None       # today's partial count, when synced

    @property
    def met(self) -> int:
        return sum(1 for s, g in zip(self.steps, self.goals, strict=False)
                   if s is not None and s >= g)

    @property
    def recorded(self) -> int:
        return sum(1 for s in self.steps if s is not None)


def chart_data(days: list[Day], today: date, default_goal: int) -> ChartData:
    """The chart's numbers from stored rows (any order, any range)."""
    by_date = {d.date: d for d in days}
    yesterday = today - timedelta(days=1)
    dates = [(yesterday - timedelta(days=i)).isoformat() for i in range(WINDOW_DAYS - 1, -1, -1)]
    steps: list[int | None] = []
    goals: list[int] = []
    for key in dates:
        day = by_date.get(key)
        steps.append(day.steps if day else None)
        goals.append(day_goal(day, default_goal))
    today_row = by_date.get(today.isoformat())
    return ChartData(
        dates=dates, steps=steps, goals=goals, goal_line=goals[-1],
        today_steps=today_row.steps if today_row else None,
    )


def chart_top(data: ChartData) -> int:
    """The value the top of the chart stands for: the highest day, or the goal if higher."""
    return max([data.goal_line, *(s for s in data.steps if s is not None)])


def goal_row(data: ChartData, height: int) -> int:
    """The row (0 = bottom) whose band holds the goal line."""
    scale = chart_top(data) or 1
    return min(height - 1, max(0, math.ceil(data.goal_line / scale * height) - 1))


def chart_cells(data: ChartData, height: int) -> list[list[tuple[str, str]]]:
    """Rows (top first) of (character, kind) per day; kind is met, missed, goal, none or ''."""
    if height < 1:
        raise ValueError(f"height must be at least 1, got {height}")
    scale = chart_top(data) or 1
    goal_at = goal_row(data, height)
    rows: list[list[tuple[str, str]]] = [[] for _ in range(height)]
    for steps, goal in zip(data.steps, data.goals, strict=False):
        eighths = 0 if steps is None else round(steps / scale * height * 8)
        if steps is not None and steps > 0:
            eighths = max(eighths, 1)  # a day with any steps shows something
        kind = "none" if steps is None else ("met" if steps >= goal else "missed")
        for r in range(height):
            fill = min(8, max(0, eighths - r * 8))
            if fill:
                cell = (_EIGHTHS[fill], kind)
            elif r == goal_at:
                cell = (GOAL_CHAR, "goal")
            elif r == 0 and steps is None:
                cell = (NO_DATA_CHAR, "none")
            else:
                cell = (" ", "")
            rows[height - 1 - r].append(cell)
    return rows


def short_count(n: int) -> str:
    """12,345 -> '12k', 9,500 -> '9.5k', 800 -> '800' (axis labels fit in 4 columns)."""
    if n >= 10_000:
        return f"{n / 1000:.0f}k"
    if n >= 1_000:
        text = f"{n / 1000:.1f}"
        return (text[:-2] if text.endswith(".0") else text) + "k"
    return str(n)


class StepsChart(Widget):
    """The 30-day bar chart; call `set_data` with fresh rows after a sync."""

    COMPONENT_CLASSES = {
        "steps-chart--met",
        "steps-chart--missed",
        "steps-chart--goal",
        "steps-chart--none",
        "steps-chart--axis",
        "steps-chart--caption",
    }
    BAR_ROWS = 5
    COMPACT_BAR_ROWS = 4

    data: reactive[ChartData | None] = reactive(None, layout=True)
    compact: reactive[bool] = reactive(False, layout=True)
    """Fewer rows and no date axis, for short terminals."""

    def set_data(self, days: list[Day], today: date, default_goal: int) -> None:
        self.data = chart_data(days, today, default_goal)

    def render(self) -> Text:
        data = self.data
        caption = self.get_component_rich_style("steps-chart--caption")
        if data is None:  # not read yet (the first frame comes first): nothing to say
            return Text(f"Reading the last {WINDOW_DAYS} days…", style=caption)
        if not data.recorded:
            return Text.assemble(
                ("No steps for the last 30 days yet.\n", caption),
                ("Press ctrl+g to sync Garmin, or run coach-tui import FILE.", caption),
            )
        styles = {
            kind: self.get_component_rich_style(f"steps-chart--{kind}")
            for kind in ("met", "missed", "goal", "none")
        }
        axis = self.get_component_rich_style("steps-chart--axis")
        height = self.COMPACT_BAR_ROWS if self.compact else self.BAR_ROWS
        cells = chart_cells(data, height)
        top = chart_top(data)
        goal_line_at = height - 1 - goal_row(data, height)  # counted from the top, as drawn
        out = Text(no_wrap=True, overflow="crop")
        for i, row in enumerate(cells):
            if i == goal_line_at:
                label = short_count(data.goal_line)
            elif i == 0:
                label = short_count(top)
            else:
                label = ""
            out.append(f"{label:>4}▕", axis)
            for char, kind in row:
                out.append(char, styles.get(kind, ""))
            if i < len(cells) - 1 or not self.compact:
                out.append("\n")
        if self.compact:
            return out
        first = date.fromisoformat(data.dates[0]).strftime("%b %d")
        last = date.fromisoformat(data.dates[-1]).strftime("%b %d")
        gap = max(1, WINDOW_DAYS - len(first) - len(last))
        out.append(f"     {first}{' ' * gap}{last}", axis)
        return out

    def caption(self) -> str:
        """One line under the chart: goal days met, and today's count so far."""
        data = self.data
        if data is None:
            return ""
        today = "not synced" if data.today_steps is None else f"{data.today_steps:,}"
        if not data.recorded:
            return f"today {today}"
        return f"met {data.met}/{WINDOW_DAYS} · today {today}"
