"""Budgets in the app (issue 21 item 6): a message above `[coach] max_message_tokens` is sent
only after a yes; a request above `context_max_tokens` after the cut is announced first."""

from __future__ import annotations

import pytest

from coach_tui.context import Context
from coach_tui.ui.app import CoachApp
from coach_tui.ui.screens.confirm import ConfirmationModal
from coach_tui.ui.screens.main import MainScreen
from coach_tui.ui.widgets.chat import UserMessage
from coach_tui.ui.widgets.prompt import PromptInput
from tests.support import opened, until


@pytest.fixture
def ctx_with(coach_home):
    contexts = []

    def make(config: str) -> Context:
        coach_home.mkdir(parents=True, exist_ok=True)
        (coach_home / "config.toml").write_text(config)
        contexts.append(Context())
        return contexts[-1]

    yield make
    for context in contexts:
        context.close()


async def test_a_long_message_asks_first_and_no_keeps_it_in_the_box(api, ctx_with):
    app = CoachApp(ctx_with("[coach]\nmax_message_tokens = 50\n"))
    long = "walk " * 60       # 300 bytes: about 104 tokens
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        prompt = screen.query_one(PromptInput)
        prompt.text = long
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ConfirmationModal))
        body = str(app.screen.query_one("#dialog-body").render())
        assert "This message is about 104 tokens, over [coach] max_message_tokens (50)" in body
        assert "would cost about $0.0003 on claude-sonnet-5-5" in body
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert prompt.text == long and not screen.query(UserMessage)
        assert api.requests == []

        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ConfirmationModal))
        await pilot.press("y")
        # The first reply of the process imports the SDK: on a loaded machine that is slow.
        await until(pilot, lambda: screen.query(UserMessage) and not screen.turn_running,
                    timeout=60)
        assert prompt.text == ""
    assert api.requests[-1]["messages"][-1]["content"][-1]["text"] == long.strip()


async def test_a_request_over_the_context_budget_is_announced(api, ctx_with):
    app = CoachApp(ctx_with("[coach]\ncontext_max_tokens = 1000\n"))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        screen = await opened(pilot)
        screen.query_one(PromptInput).text = "hello"
        await pilot.press("enter")
        await until(pilot, lambda: screen.query(UserMessage) and not screen.turn_running,
                    timeout=60)
        said = [str(n.message) for n in app._notifications]
    assert any(s.startswith("This request is about ") and "over [coach] context_max_tokens "
               "(1,000) even with no earlier exchanges" in s for s in said), said
    assert len(api.requests) == 1
