"""Select mode's key line on a narrow chat: whole parts, never a word cut off."""

from __future__ import annotations

import pytest
from textual.geometry import Region

from coach_tui.context import Context
from coach_tui.ui.app import CoachApp
from coach_tui.ui.widgets.select_mode import SelectBar
from tests.support import opened, send, until


@pytest.fixture
def ctx(coach_home):
    context = Context()
    yield context
    context.close()


def drawn(widget) -> str:
    [strip] = widget.render_lines(Region(0, 0, widget.size.width, 1))
    return strip.text


async def test_the_select_bar_drops_whole_parts_when_the_chat_is_narrow(api, ctx):
    api.queue_reply("Walk after lunch today.")
    async with CoachApp(ctx).run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "How far today?")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(screen.query(SelectBar)))
        await pilot.pause()
        bar = screen.query_one(SelectBar)
        assert drawn(bar).strip() == (
            "Select · the coach's reply (2 of 2) · c or enter copy · esc leave")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert drawn(bar).strip() == "Select · the coach's reply (2 of 2)"
