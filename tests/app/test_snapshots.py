"""Screenshots of the app on the demo data with a pinned clock, compared with the accepted ones
in tests/__snapshots__/ (pytest-textual-snapshot; `--snapshot-update` after a deliberate change,
then look at the SVGs)."""

from __future__ import annotations

import pytest

from coach_tui.context import Context
from coach_tui.ui.app import CoachApp
from coach_tui.ui.widgets.journal import JournalList
from coach_tui.ui.widgets.prompt import PromptInput


@pytest.fixture
def demo_app(api):
    ctx = Context(demo=True)
    yield CoachApp(ctx)
    ctx.close()


async def session_open(pilot) -> None:
    screen = pilot.app.screen
    # A blinking cursor would make the picture depend on the moment it is taken.
    screen.query_one(PromptInput).cursor_blink = False
    for _ in range(500):
        if screen.session is not None:
            break
        await pilot.pause(0.01)
    await pilot.pause()


def exchange(words: str):
    """A run_before that opens the session, sends `words` and waits for the reply to end."""

    async def run_before(pilot) -> None:
        await session_open(pilot)
        screen = pilot.app.screen
        screen.query_one(PromptInput).text = words
        await pilot.press("enter")
        for _ in range(1000):
            if screen.query("UserMessage") and not screen.turn_running:
                break
            await pilot.pause(0.01)
        await pilot.pause()

    return run_before


def test_main_screen(snap_compare, demo_app, api):
    """The demo at 120x40 after one exchange: chat, ledger, chart, journal, status, footer."""
    api.queue_reply(
        "A strong week: **14 days in a row** at goal, and Saturday carried it again.\n\n"
        "- Friday is still your quietest day: book a walk before the office.\n"
        "- Keep the flat lunchtime loop; the knee likes it."
    )

    assert snap_compare(demo_app, terminal_size=(120, 40),
                        run_before=exchange("How did last week go?"))


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
def test_main_screen_sizes(snap_compare, demo_app, api, size):
    """The same exchange at 80x24 (short facts, compact chart, the cost in the reply header)
    and 200x60."""
    api.queue_reply(
        "A strong week: **14 days in a row** at goal, and Saturday carried it again.\n\n"
        "- Friday is still your quietest day: book a walk before the office."
    )

    assert snap_compare(demo_app, terminal_size=size,
                        run_before=exchange("How did last week go?"))


def test_confirmation_dialog(snap_compare, demo_app):
    """Delete on a journal line asks first: y deletes, n or escape keeps it."""

    async def run_before(pilot) -> None:
        await session_open(pilot)
        pilot.app.screen.query_one(JournalList).focus()
        await pilot.pause()

    assert snap_compare(demo_app, press=["delete"], terminal_size=(120, 40),
                        run_before=run_before)


def test_memory_off(snap_compare, demo_app):
    """ctrl+t: the status line and the sidebar say memory is off, at once."""
    assert snap_compare(demo_app, press=["ctrl+t"], terminal_size=(120, 40),
                        run_before=session_open)


def test_numbers_not_from_the_records_are_highlighted(snap_compare, demo_app, api):
    """A reply with an invented number: it is highlighted, the header and status count it."""
    api.queue_reply(
        "Your best day last week was solid, and you are on **123,456 steps** for the month, "
        "about 37% more than October."
    )

    assert snap_compare(demo_app, terminal_size=(120, 40),
                        run_before=exchange("How is the month going?"))
