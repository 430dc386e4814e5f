"""A reply's header at 80 columns: the numbers not from your records outlast the cost (in the
status line's shorter words when the long ones do not fit), so the warning is on the reply it
is about, not only in the status line."""

from __future__ import annotations

import pytest

from coach_tui.context import Context
from coach_tui.ui.app import CoachApp
from coach_tui.ui.widgets.chat import AssistantMessage
from tests.support import opened, send


@pytest.fixture
def ctx(coach_home):
    context = Context()
    yield context
    context.close()


async def test_at_80_columns_a_reply_header_drops_the_cost_before_the_warning(api, ctx):
    api.queue_reply("You did 123,456 steps and 7,890 more: a big month.")
    async with CoachApp(ctx).run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "How is the month going?")
        meta = screen.query(AssistantMessage).last().query_one(".meta")
        full = str(meta.render())
        assert "2 numbers not from your records" in full and "$" in full
        drawn = meta.render_line(0).text.strip()
        assert drawn == "coach · 2 not from your records"   # the status line's short words


async def test_a_reply_the_checker_fails_on_is_shown_whole_and_said_to_be_unchecked(
        api, ctx, monkeypatch):
    from coach_tui.coach import grounding
    from coach_tui.ui.widgets.chat import Notice

    def broken(*args, **kwargs):
        raise IndexError("tuple index out of range")

    monkeypatch.setattr(grounding, "check", broken)
    api.queue_reply("You did 123,456 steps: a big month.")
    async with CoachApp(ctx).run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "How is the month going?")
        reply = screen.query(AssistantMessage).last()
        assert reply.markdown.source == "You did 123,456 steps: a big month."
        notes = [str(n.render()) for n in screen.query(Notice)]
        assert any(n.startswith("This reply's numbers were not checked: the check failed on "
                                "it. The details are in ") for n in notes), notes


async def test_a_review_the_checker_fails_on_is_shown_and_said_to_be_unchecked(
        api, ctx, monkeypatch):
    from coach_tui.coach import grounding
    from coach_tui.ui.screens.review import ReviewScreen
    from tests.engine_support import seed_steps
    from tests.support import until

    def broken(*args, **kwargs):
        raise IndexError("tuple index out of range")

    monkeypatch.setattr(grounding, "unverified_numbers", broken)
    monkeypatch.setattr(grounding, "check", broken)
    seed_steps(ctx.conn, goal=10_000)
    api.queue_reply("A steady week: 9,753 steps on Sunday.")
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        await pilot.press("ctrl+r")
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await until(pilot, lambda: not review.writing)
        status = str(review.query_one("#review-status").render())
        assert status.startswith("Done") and "numbers not checked (the check failed)" in status
        assert review.query_one("#review-text").source == "A steady week: 9,753 steps on Sunday."
