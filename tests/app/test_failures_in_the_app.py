"""Failures the app meets said as their cause (issue 21, item 7): the open session deleted from
the CLI while the app shows it (the next send says so, a new session opens, and the message
waits in the box to be sent there), and a database another program damaged."""

from __future__ import annotations

import anthropic  # noqa: F401  imported ahead, as the app's preload does: the first send waits less
import pytest

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


async def test_a_damaged_day_ends_the_app_with_its_sentence_not_unexpected_error(coach_home):
    """A day another program broke is read when the sidebar draws: the app ends with the
    sentence the CLI says, not "unexpected error (StoreError)"."""
    from coach_tui.store.db import StoreError, transaction
    from coach_tui.store.steps import Day, upsert_days

    ctx = Context()
    with transaction(ctx.conn):
        upsert_days(ctx.conn, [Day("2026-11-20", 4321, 10_000)], source="test")
    ctx.conn.execute("UPDATE daily_steps SET steps = 'lots'")
    app = CoachApp(ctx)
    said: list[str] = []
    line_for = app.fatal_error_line
    app.fatal_error_line = lambda error: said.append(line_for(error)) or said[-1]  # type: ignore
    try:
        with pytest.raises(StoreError):  # run_test raises what ended the app
            async with app.run_test(size=(100, 30)) as pilot:
                await until(pilot, lambda: said)
        line = said[0]
    finally:
        ctx.close()
    assert line == ("coach-tui: the database is damaged: the stored day 2026-11-20 has 'lots' "
                    "where its step count belongs (another program changed it); run `coach-tui "
                    "sync` or import that day again to replace it")
