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


async def test_ctrl_q_keeps_the_draft_and_stops_a_streaming_reply_as_esc_does(api, ctx):
    from coach_tui.store.settings import DRAFT, get_setting
    from coach_tui.ui.widgets.prompt import PromptInput

    api.seconds_per_text_delta = 0.05
    api.queue_reply(" ".join(["word"] * 200))
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        prompt = screen.query_one(PromptInput)
        prompt.text = "how far today?"
        await pilot.press("enter")
        await until(pilot, lambda: bool(screen.query(AssistantMessage))
                    and "word" in screen.query(AssistantMessage).last().markdown.source)
        prompt.text = "and tomorrow"
        await pilot.press("ctrl+q")
        await until(pilot, lambda: app.return_code is not None)
    assert app.return_code == 0
    assert get_setting(ctx.conn, DRAFT) == "and tomorrow"
    [_, reply] = ctx.conn.execute(
        "SELECT status, stop_reason FROM turns ORDER BY turn_id").fetchall()
    assert tuple(reply) == ("interrupted", "stopped")     # Esc's mark, not a dropped line
    assert app.ended_line.startswith("the partial reply is kept, marked stopped")

    again = CoachApp(ctx)
    async with again.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await until(pilot, lambda: screen.query_one(PromptInput).text == "and tomorrow")

