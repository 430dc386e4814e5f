"""The open session deleted from the CLI while the app shows it (issue 21, item 7): the next
send says so, a new session opens, and the message waits in the box to be sent there."""

from __future__ import annotations

import anthropic  # noqa: F401  imported ahead, as the app's preload does: the first send waits less

from coach_tui.cli import main
from coach_tui.context import Context
from coach_tui.ui.app import CoachApp
from coach_tui.ui.widgets.chat import Notice, UserMessage
from coach_tui.ui.widgets.prompt import PromptInput
from tests.support import opened, send, until

DELETED = ("Session 1 was deleted elsewhere (in another coach-tui or from the command line), "
           "so this is a new session; your message is still in the box: press Enter to send "
           "it here.")


async def test_a_session_deleted_from_the_cli_says_so_and_keeps_the_message(api, coach_home,
                                                                          capsys):
    ctx = Context()
    api.queue_reply("Walk at lunch.")
    api.queue_reply("Then walk after dinner.")
    try:
        async with CoachApp(ctx).run_test(size=(100, 30)) as pilot:
            screen = await opened(pilot)
            await send(pilot, screen, "How do I fit in a walk?")
            assert screen.session.session_id == 1
            assert main(["sessions", "delete", "1"]) == 0   # another terminal, the CLI
            prompt = screen.query_one(PromptInput)
            prompt.focus()
            prompt.text = "And if lunch is busy?"
            await pilot.press("enter")
            await until(pilot, lambda: screen.session.session_id is None
                        and not screen.turn_running)
            notices = [str(n.render()) for n in screen.query(Notice)]
            assert DELETED in notices, notices
            assert not any("FOREIGN KEY" in n or "went wrong" in n for n in notices)
            assert prompt.text == "And if lunch is busy?"
            assert not screen.query(UserMessage)
            assert len(api.requests) == 1
            # Enter sends it in the new session.
            await pilot.press("enter")
            await until(pilot, lambda: screen.session.session_id is not None
                        and not screen.turn_running)
            assert screen.session.session_id == 2
            assert len(api.requests) == 2
        rows = ctx.conn.execute("SELECT session_id, role, text, status FROM turns "
                                "ORDER BY turn_id").fetchall()
        assert rows == [(2, "user", "And if lunch is busy?", "ok"),
                        (2, "assistant", "Then walk after dinner.", "ok")]
    finally:
        ctx.close()
