"""Resizing the terminal while the app is open gives the layout a fresh start at 80x24 opens
with: nothing sized for the old width is left behind."""

from __future__ import annotations

import pytest

from coach_tui.context import Context
from coach_tui.ui.app import CoachApp
from tests.support import opened


@pytest.fixture
def ctx(coach_home):
    context = Context(demo=True)
    yield context
    context.close()


async def test_the_ledger_fits_its_facts_after_the_terminal_shrinks_to_80x24(ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await pilot.pause()
        box = screen.query_one("#facts-box")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        facts = screen.query_one("#facts")
        lines = str(facts.render()).splitlines()
        assert len(lines) == 6 and lines[0] == "• streak: 14 days"   # the short forms
        # The box holds exactly those lines: no blank rows, no scrollbar left from 120 columns.
        assert facts.size.height == box.size.height == len(lines)
        assert not box.show_vertical_scrollbar
        await pilot.resize_terminal(120, 40)   # and back: the long forms, each whole
        await pilot.pause()
        await pilot.pause()
        lines = str(facts.render()).splitlines()
        assert lines[0].startswith("• step goal streak: 14 days")
        assert facts.size.height == box.size.height and not box.show_vertical_scrollbar
