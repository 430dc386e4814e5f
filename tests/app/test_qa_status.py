"""What the status line counts, as a person reads it beside the replies: the numbers not from
your records agree with the replies' headers, and a new session starts from nothing."""

from __future__ import annotations

import pytest

from coach_tui.context import Context
from coach_tui.ui.app import CoachApp
from coach_tui.ui.widgets.chat import AssistantMessage
from coach_tui.ui.widgets.status import StatusLine
from tests.support import opened, send, until


@pytest.fixture
def ctx(coach_home):
    context = Context()
    yield context
    context.close()


def status(screen) -> str:
    return str(screen.query_one(StatusLine).render())


async def test_a_number_repeated_in_a_reply_is_counted_once_and_ctrl_n_starts_from_none(
        api, ctx):
    api.queue_reply("You did 123,456 steps. Yes, 123,456: a big month.")
    async with CoachApp(ctx).run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "How is the month going?")
        answer = screen.query(AssistantMessage).last()
        assert "1 number not from your records" in str(answer.query_one(".meta").render())
        assert "1 not from your records" in status(screen)

        await pilot.press("ctrl+n")
        await until(pilot, lambda: "$0.0000" in status(screen))
        assert "not from your records" not in status(screen)
