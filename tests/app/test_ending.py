"""The app ended by a signal keeps the message being typed and offers it at the next start.

A real SIGINT is sent to this process while the app runs under the pilot: the handler the app
puts on its event loop (ui/ending.py) takes it, not pytest. tests/faults/test_signals.py sends
SIGTERM and SIGHUP to the app as a real process on a terminal, mid-reply.
"""

from __future__ import annotations

import os
import signal

import pytest

from coach_tui.context import Context
from coach_tui.store.settings import DRAFT, get_setting
from coach_tui.ui.app import CoachApp
from coach_tui.ui.widgets.prompt import PromptInput
from tests.support import drawn_texts, opened, until


@pytest.fixture
def ctx(coach_home):
    context = Context()
    yield context
    context.close()


async def test_sigint_keeps_the_unsent_message_for_the_next_start(ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        await pilot.press(*"half a thought")
        os.kill(os.getpid(), signal.SIGINT)
        await until(pilot, lambda: app.return_code is not None)
    assert app.return_code == 130
    assert app.ended_line == "interrupted; the message you were typing is back in the box next time"
    assert get_setting(ctx.conn, DRAFT) == "half a thought"

    again = CoachApp(ctx)
    async with again.run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        await until(pilot, lambda: screen.query_one(PromptInput).text == "half a thought")
        assert any("is back in the box" in str(n.message) for n in again._notifications)
    assert get_setting(ctx.conn, DRAFT) is None  # offered once


async def test_a_signal_with_nothing_typed_keeps_nothing_and_says_so(ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(100, 30)) as pilot:
        await opened(pilot)
        os.kill(os.getpid(), signal.SIGINT)
        await until(pilot, lambda: app.return_code is not None)
    assert app.ended_line == "interrupted; nothing was lost"
    assert get_setting(ctx.conn, DRAFT) is None


async def test_a_message_a_killed_coach_tui_left_pending_shows_as_interrupted(coach_home, clock):
    """kill -9 mid-reply leaves the message pending; the next start (a later hour) marks it
    interrupted, and the resumed session says so under it."""
    from coach_tui.coach.orphans import ORPHANED
    from coach_tui.coach.turn_plan import prepare_turn
    killed = Context()
    prepare_turn(killed.conn, killed.settings, None, "how far today?",
                 now=killed.now())  # then kill -9
    killed.close()
    clock.set("2026-11-30T13:15")
    ctx = Context()
    app = CoachApp(ctx)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        await screen._resume_chosen(1)
        await until(pilot, lambda: drawn_texts(screen, "user") == ["how far today?"])
        assert ORPHANED in drawn_texts(screen, "error")
    ctx.close()
