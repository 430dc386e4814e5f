"""The ledger facts in the sidebar, worded exactly as the coach's memory snapshot words them.

The facts are computed from stored days as of yesterday (coach_tui.memory.snapshot), so what
the user reads here is what the model is told. When a sync changes them mid-session the panel
says so: the running session keeps the snapshot it started with.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from coach_tui.ui.widgets.literal import one_line
from coach_tui.ui.widgets.style import component_style


class FactsPanel(Static):
    """One bullet per ledger fact; a hint when there is no step data yet."""

    COMPONENT_CLASSES = {"facts--bullet", "facts--note"}

    def show(self, facts: list[str], *, changed_since_session: bool = False) -> None:
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
            text.append(one_line(fact))
        if changed_since_session:
            text.append("\nchanged by the sync: reaches the coach next session", note)
        self.update(text)
