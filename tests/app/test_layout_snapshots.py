"""The layout's new states as screenshots: the sidebar hidden (F3), and a status line full of
parts at 80x24 and 120x40, where whole parts give way and the cost and "memory as of" stay."""

from __future__ import annotations

import pytest

from coach_tui.ui.widgets.status import StatusInfo, StatusLine
from tests.app.test_snapshots import demo_app, exchange, session_open  # noqa: F401 (fixture)

SIZES = [(80, 24), (120, 40)]
REPLY = ("You are on **123,456 steps** for the month, and Saturday carried last week again.\n\n"
         "- Friday is still your quietest day: book a walk before the office.")


@pytest.mark.parametrize("size", SIZES)
def test_sidebar_hidden(snap_compare, demo_app, api, size):  # noqa: F811
    """F3 after an exchange: the chat takes the whole width, the header keeps whole parts."""
    api.queue_reply(REPLY)
    send = exchange("How is the month going?")

    async def run_before(pilot) -> None:
        await send(pilot)
        await pilot.press("f3")
        await pilot.pause()

    assert snap_compare(demo_app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_status_line_gives_way(snap_compare, demo_app, size):  # noqa: F811
    """A day-old snapshot, a cache miss, an unsupported number: at 80 columns the model, the
    token counts and the cache share go, whole; the cost and "memory as of" stay."""

    async def run_before(pilot) -> None:
        await session_open(pilot)
        pilot.app.screen.query_one(StatusLine).info = StatusInfo(
            model="claude-sonnet-5-5", hit_rate=0.0, input_tokens=12_345, output_tokens=678,
            cost_usd=0.0123, memory_as_of="2026-11-29", unverified=1,
            last_miss_reason="system_changed")
        await pilot.pause()

    assert snap_compare(demo_app, terminal_size=size, run_before=run_before)
