"""The first frame of a first launch (the demo, its data not read yet) says nothing false: the
steps chart waits neutrally for the data instead of saying there are no steps. What the first
frame does not wait for comes right after it: the sidebar's content, and the cycle collector
the start held off (ui/startup_gc.py)."""

from __future__ import annotations

import gc

from coach_tui.context import Context
from coach_tui.ui import startup_gc
from coach_tui.ui.app import CoachApp
from coach_tui.ui.widgets.sidebar import Sidebar
from coach_tui.ui.widgets.steps_chart import StepsChart
from tests.support import collector_as_the_suite_runs, opened


async def test_the_chart_before_the_demo_data_is_read_does_not_say_there_are_no_steps(
        monkeypatch):
    before: list[str] = []
    read = Sidebar.refresh_all

    def refresh_all(self, **kwargs):
        if not before:  # what the first frame showed, just before the data is read
            before.append(str(self.query_one(StepsChart).render()))
        return read(self, **kwargs)

    monkeypatch.setattr(Sidebar, "refresh_all", refresh_all)
    ctx = Context(demo=True)
    gc.unfreeze()  # what the suite froze (tests/support.py): only the app's own freeze counts
    startup_gc.pause()  # as the command line does before it opens the app
    try:
        async with CoachApp(ctx).run_test(size=(120, 40)) as pilot:
            screen = await opened(pilot)
            after = str(screen.query_one(StepsChart).render())
            collecting, frozen = gc.isenabled(), gc.get_freeze_count()
    finally:
        ctx.close()
        collector_as_the_suite_runs()
    assert collecting and frozen > 0  # back on once the first frame was drawn
    assert before and "No steps" not in before[0]
    assert before[0].strip() == "Reading the last 30 days…"
    assert "No steps" not in after and "▕" in after   # then the demo's bars
