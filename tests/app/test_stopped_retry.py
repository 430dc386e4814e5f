"""A reply stopped with Esc and then written again (ctrl+l): the retry stands for the stopped
exchange everywhere it is read back, as it does in the live chat: the resumed chat, the
message counts, `sessions show` and `sessions list`."""

from __future__ import annotations

from coach_tui.context import Context
from coach_tui.ui.app import CoachApp
from coach_tui.ui.widgets.chat import AssistantMessage, UserMessage
from tests.support import drawn_texts, opened, send, stop_once_streaming, until


async def test_a_stopped_reply_written_again_is_replaced_in_resume_show_and_list(
        api, cli, coach_home, monkeypatch):
    api.queue_reply(" ".join(f"word{i}" for i in range(300)))
    api.queue_reply("A better answer.")
    api.seconds_per_text_delta = 0.005  # still streaming when the stop lands, even under load
    stop_once_streaming(monkeypatch)  # what Esc does, mid-reply
    ctx = Context()
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "Tell me everything")
        assert "stopped" in str(screen.query(AssistantMessage).last().query_one(".meta").render())
        await pilot.press("ctrl+l")
        await until(pilot, lambda: len(api.requests) == 2)
        await until(pilot, lambda: not screen.turn_running)
        await pilot.pause()
        live = [m.markdown.source for m in screen.query(AssistantMessage) if m.display]
        assert live == ["A better answer."]
        assert [m.text for m in screen.query(UserMessage)] == ["Tell me everything"]
        # Resumed, it reads as the live chat did, and counts one message.
        await screen.chat_pane.show_session(screen.session)
        await pilot.pause()
        assert drawn_texts(screen, "reply") == ["A better answer."]
        assert drawn_texts(screen, "user") == ["Tell me everything"]
        assert screen.session.totals(ctx.conn).turns == 1
        session_id = screen.session.session_id
    ctx.close()
    code, out, _ = cli("sessions", "show", str(session_id))
    assert code == 0 and out.count("## You") == 1
    assert out.count("## Coach") == 1 and "A better answer." in out and "word0" not in out
    code, out, _ = cli("sessions", "list")
    assert code == 0 and " 1 message " in out.splitlines()[0] + " "


async def test_a_reply_stopped_before_any_text_written_again_is_shown_once_everywhere(api, cli):
    api.queue_error(429, "rate_limit_error", "Number of requests has exceeded your rate limit",
                    retry_after=30)
    ctx = Context()
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        screen.chat_pane.prompt.text = "Plan my week"
        await pilot.press("enter")
        # Answered 429 "retry in 30 s": Esc stops the wait before any text came.
        await until(pilot, lambda: len(api.requests) == 1 and screen.chat_pane.turn_running)
        await pilot.press("escape")
        await until(pilot, lambda: not screen.chat_pane.turn_running)
        api.queue_reply("Walk daily.")
        await pilot.press("ctrl+l")
        await until(pilot, lambda: len(api.requests) == 2)
        await until(pilot, lambda: not screen.turn_running)
        await screen.chat_pane.show_session(screen.session)
        await pilot.pause()
        assert drawn_texts(screen, "user") == ["Plan my week"]
        assert drawn_texts(screen, "reply") == ["Walk daily."]
        assert drawn_texts(screen, "error") == []
        assert screen.session.totals(ctx.conn).turns == 1
        session_id = screen.session.session_id
    ctx.close()
    code, out, _ = cli("sessions", "show", str(session_id))
    assert code == 0 and out.count("## You") == 1 and "interrupted" not in out
    code, out, _ = cli("sessions", "list")
    assert code == 0 and " 1 message " in out.splitlines()[0] + " "
