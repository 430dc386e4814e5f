"""The ledger facts in the sidebar, worded exactly as the coach's memory snapshot words them.

The facts are computed from stored days as of yesterday (coach_tui.memory.snapshot), so what
the user reads here is what the model is told. When a sync changes them mid-session the panel
says so: the running session keeps the snapshot it started with. In a narrow sidebar (an
80-column terminal) each fact is shown in a short form (`short_fact`): the same numbers with
shorter labels and without the date ranges, one row each, so every fact is readable without
scrolling.
"""

from __future__ import annotations

import re

from rich.text import Text
from textual.widgets import Static

from coach_tui.ui.widgets.literal import one_line
from coach_tui.ui.widgets.style import component_style

# (pattern, replacement) applied in order; each keeps every number of the fact.
_SHORTER = (
    (re.compile(r" \((?:through )?\d{4}-\d\d-\d\d(?: to \d{4}-\d\d-\d\d)?\)"), ""),
    (re.compile(r"^step goal streak:"), "streak:"),
    (re.compile(r"-day average: ([\d,]+) steps/day"), r"-day avg: \1/day"),
    (re.compile(r"^best day of the last 30: ([\d,]+) steps on \d{4}-(\d\d-\d\d)"),
     r"best of 30 days: \1 (\2)"),
    (re.compile(r"^goal met on (\d+) of the last 30 days"), r"goal met \1 of 30 days"),
    (re.compile(r"^longest goal streak in the last 365 days:"), "longest streak in 365d:"),
)
NARROW_WIDTH = 40  # below this many columns (an 80-column terminal) the short forms


def short_fact(fact: str) -> str:
    """A ledger fact with shorter labels and no date range ("streak: 14 days")."""
    for pattern, replacement in _SHORTER:
        fact = pattern.sub(replacement, fact)
    return fact


class FactsPanel(Static):
    """One bullet per ledger fact; a hint when there is no step data yet."""

    COMPONENT_CLASSES = {"facts--bullet", "facts--note"}

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._shown: tuple[list[str], bool] | None = None
        self._narrow: bool | None = None

    def on_resize(self) -> None:
        narrow = self.size.width < NARROW_WIDTH
        if narrow != self._narrow and self._shown is not None:
            facts, changed = self._shown
            # After this resize's layout: new text set while it runs keeps the old height.
            self.call_after_refresh(self.show, facts, changed_since_session=changed)

    def show(self, facts: list[str], *, changed_since_session: bool = False) -> None:
        self._shown = (facts, changed_since_session)
        self._narrow = self.size.width < NARROW_WIDTH
        note = component_style(self, "facts--note")
        if not facts:
            self.update(Text(
                "No step data yet. Press ctrl+g to sync Garmin, or run "
                "`coach-tui import FILE`.", style=note,
            ))
            return
        bullet = component_style(self, "facts--bullet")
        text = Text()
        for i, fact in enumerate(facts):
            if i:
                text.append("\n")
            text.append("• ", bullet)
            text.append(one_line(short_fact(fact) if self._narrow else fact))
        if changed_since_session:
            text.append("\nchanged by the sync: reaches the coach next session", note)
        self.update(text)
