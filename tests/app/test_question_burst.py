"""A message ending in `?` typed fast with its Enter ("ok?⏎" in one read, as a paste or tmux
send-keys delivers it) is sent whole, and no help screen opens over the chat."""

from __future__ import annotations

from textual import events

from coach_tui.context import Context
from coach_tui.ui.app import CoachApp
from coach_tui.ui.screens.help import HelpScreen
from coach_tui.ui.widgets.chat import UserMessage
from tests.support import opened, until


async def test_a_question_sent_in_one_burst_with_its_enter_keeps_its_question_mark(api):
    api.queue_reply("Yes.")
    ctx = Context()
    app = CoachApp(ctx)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await opened(pilot)
            for char in "ok?\r":
                key = {"?": "question_mark", "\r": "enter"}.get(char, char)
                app.post_message(events.Key(key, char))
            await until(pilot, lambda: len(screen.query(UserMessage)) == 1)
            await until(pilot, lambda: not screen.turn_running)
            await pilot.pause()
            assert [m.text for m in screen.query(UserMessage)] == ["ok?"]
            assert not isinstance(app.screen, HelpScreen)
            assert screen.chat_pane.prompt.text == ""
    finally:
        ctx.close()
