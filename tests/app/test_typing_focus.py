"""Input always reaches the message box: keys typed faster than the app handles them, and
bracketed pastes, while the journal has focus, arrive in the box whole and in order."""

from __future__ import annotations

import pytest
from textual import events

from coach_tui.context import Context
from coach_tui.memory import journal
from coach_tui.ui.app import CoachApp
from coach_tui.ui.screens.journal_line import JournalLineScreen
from coach_tui.ui.screens.main import MainScreen
from coach_tui.ui.widgets.journal import JournalList
from coach_tui.ui.widgets.prompt import PromptInput
from tests.support import opened, until

KNEE = "Long downhill walks make the left knee sore; flat routes on weekdays."


@pytest.fixture
def ctx(coach_home):
    context = Context()
    journal.save_entry(context.conn, KNEE, source="user", entry_date="2026-11-20")
    yield context
    context.close()


def burst(app, text: str) -> None:
    """Post every key of `text` at once, as a fast typist or an unbracketed paste does: all of
    them are read before the journal has handled the first."""
    for ch in text:
        key = {" ": "space", "\n": "enter"}.get(ch, ch)
        app.post_message(events.Key(key, None if ch == "\n" else ch))


async def journal_focused(pilot, app) -> PromptInput:
    screen = await opened(pilot)
    await pilot.press("tab")
    assert isinstance(app.focused, JournalList)
    return screen.query_one(PromptInput)


async def test_fast_typing_in_the_journal_keeps_every_space(ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        prompt = await journal_focused(pilot, app)
        burst(app, "walked to the lake and back")
        await until(pilot, lambda: prompt.text == "walked to the lake and back")
        assert app.focused is prompt


async def test_enter_after_fast_typing_sends_and_opens_no_journal_line(api, ctx):
    api.queue_reply("Nice.")
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        prompt = await journal_focused(pilot, app)
        burst(app, "ok thanks\n")
        # The first request imports the SDK: slow on a loaded machine.
        await until(pilot, lambda: len(api.requests) == 1, timeout=30)
        assert isinstance(app.screen, MainScreen)  # no journal line was opened
        sent = api.requests[0]["messages"][-1]["content"][-1]["text"]
        assert sent == "ok thanks"
        assert prompt.has_focus


async def test_a_bracketed_paste_in_the_journal_lands_whole_in_the_box(ctx):
    pasted = "Monday: 12k\n  Tuesday:  rest day\twith tabs\nWednesday 😀 walk"
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        prompt = await journal_focused(pilot, app)
        prompt.text = "Notes: "
        prompt.move_cursor(prompt.document.end)
        app.post_message(events.Paste(pasted))
        await until(pilot, lambda: prompt.text == "Notes: " + pasted)
        assert app.focused is prompt
        assert [e.text for e in journal.list_entries(ctx.conn)] == [KNEE]


async def test_keys_that_are_not_text_still_work_the_journal(ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        prompt = await journal_focused(pilot, app)
        await pilot.press("enter")
        assert isinstance(app.screen, JournalLineScreen)
        await pilot.press("escape")
        assert isinstance(app.focused, JournalList) and prompt.text == ""
