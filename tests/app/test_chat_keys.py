"""The chat's keys driven with the pilot against the fake Messages API: stop, recall, retry,
copy, failures that replace each other, no key, and focus that cannot trip a journal key."""

from __future__ import annotations

import pytest

from coach_tui.context import Context
from coach_tui.memory import journal
from coach_tui.ui.app import CoachApp
from coach_tui.ui.screens.confirm import ConfirmationModal
from coach_tui.ui.screens.main import MainScreen
from coach_tui.ui.widgets.chat import AssistantMessage, Notice, UserMessage
from coach_tui.ui.widgets.journal import JournalList
from coach_tui.ui.widgets.prompt import PromptInput
from coach_tui.ui.widgets.status import StatusLine
from coach_tui.ui.widgets.stream import StreamedMarkdown
from tests.support import drawn_texts, opened, send, stop_once_streaming, until

KNEE = "Long downhill walks make the left knee sore; flat routes on weekdays."


@pytest.fixture
def ctx(coach_home):
    context = Context()
    journal.save_entry(context.conn, KNEE, source="user", entry_date="2026-11-20")
    yield context
    context.close()


def status(screen) -> str:
    return str(screen.query_one(StatusLine).render())


def turn_rows(ctx) -> list[tuple]:
    return ctx.conn.execute("SELECT role, text, status FROM turns ORDER BY turn_id").fetchall()


async def test_esc_stops_a_streaming_reply_keeps_it_marked_and_out_of_history(
        api, ctx, monkeypatch):
    api.queue_reply(" ".join(f"word{i}" for i in range(300)))
    api.queue_reply("Fine.")
    api.seconds_per_text_delta = 0.005  # a reply still streaming when Esc lands, even under load
    stop_once_streaming(monkeypatch)  # what Esc does, mid-reply
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "Tell me everything")
        answer = screen.query(AssistantMessage).last()
        assert answer.markdown.source.startswith("word0 word1")
        assert "word299" not in answer.markdown.source
        # Billed all the same: the reply's header and the status line say so, as lower bounds.
        [(cost,)] = ctx.conn.execute("SELECT cost_usd FROM turns WHERE role = 'assistant'")
        assert f"stopped · ≥${cost:.4f}" in str(answer.query_one(".meta").render())
        assert "reply stopped" in status(screen) and f"≥${cost:.4f}" in status(screen)
        assert screen.query_one(PromptInput).text == ""  # nothing failed: not put back

        await send(pilot, screen, "And now?")
        assert "reply stopped" not in status(screen)
    rows = turn_rows(ctx)
    assert rows[0] == ("user", "Tell me everything", "interrupted")
    assert rows[1][0] == "assistant" and rows[1][2] == "interrupted"
    assert ctx.conn.execute("SELECT stop_reason FROM turns WHERE turn_id = 2").fetchone() == (
        "stopped",)
    # The stopped exchange is never history: the next request has only the new message.
    assert [m["role"] for m in api.requests[-1]["messages"]] == ["user"]


async def test_a_rate_limit_wait_counts_down_on_the_reply_and_esc_ends_it(api, ctx):
    # The service asks for 30 s (within the default max_wait_seconds of 60).
    api.queue_error(429, "rate_limit_error", "Number of requests has exceeded your rate limit",
                    retry_after=30)
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        prompt = screen.query_one(PromptInput)
        prompt.text = "Plan my week"
        await pilot.press("enter")
        await until(pilot, lambda: len(screen.query(AssistantMessage)) == 1)
        reply = screen.query(AssistantMessage).last()

        def meta() -> str:
            return str(reply.query_one(".meta").render())

        def shown() -> int:
            """The seconds the reply says are left (31 before the countdown shows)."""
            if "retrying in " not in meta():
                return 31
            return int(meta().split("retrying in ")[1].split("s")[0])

        await until(pilot, lambda: "coach · rate limited, retrying in " in meta())
        seconds = shown()
        assert 20 <= seconds <= 30
        # It counts down (a loaded machine may skip a tick: any lower figure proves it), well
        # before the wait could run out; Esc then ends the wait long before its 30 s.
        await until(pilot, lambda: shown() < seconds, timeout=15)
        await pilot.press("escape")
        await until(pilot, lambda: not screen.chat_pane.turn_running, timeout=10)
        assert "stopped" in meta()
        notices = [str(n.render()) for n in screen.query(Notice)]
        assert "Stopped before the coach wrote anything." in notices
    assert len(api.requests) == 1  # the wait ended without sending again
    assert turn_rows(ctx)[0] == ("user", "Plan my week", "interrupted")


async def test_a_rate_limit_answered_before_the_reply_is_on_screen_still_counts_down(api, ctx):
    # On a busy machine the service's 429 can come back before the reply's line is mounted:
    # the wait must land on that line once it is there, not end the turn in a crash.
    import asyncio

    api.queue_error(429, "rate_limit_error", "Number of requests has exceeded your rate limit",
                    retry_after=30)
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        chat = screen.chat_pane.chat
        mount_all = chat.mount_all

        async def mounted_late(*args, **kwargs):
            while not api.requests:  # the request is out; its 429 is answered meanwhile
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.3)
            return await mount_all(*args, **kwargs)

        chat.mount_all = mounted_late
        screen.query_one(PromptInput).text = "Plan my week"
        await pilot.press("enter")
        await until(pilot, lambda: len(screen.query(AssistantMessage)) == 1)
        reply = screen.query(AssistantMessage).last()
        await until(pilot, lambda: "rate limited, retrying in " in
                    str(reply.query_one(".meta").render()))
        assert screen.chat_pane.turn_running
        await pilot.press("escape")
        await until(pilot, lambda: not screen.chat_pane.turn_running, timeout=10)
    assert len(api.requests) == 1


async def test_esc_does_nothing_when_no_reply_streams(api, ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        screen.query_one(PromptInput).text = "draft"
        await pilot.press("escape")
        assert isinstance(app.screen, MainScreen)
        assert screen.query_one(PromptInput).text == "draft"
        assert "stop" not in status(screen)


async def test_up_recalls_earlier_messages_and_down_goes_back(api, ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "first question")
        await send(pilot, screen, "second question")
        prompt = screen.query_one(PromptInput)
        await pilot.press("up")
        assert prompt.text == "second question"
        await pilot.press("up")
        assert prompt.text == "first question"
        await pilot.press("up")  # the oldest stays
        assert prompt.text == "first question"
        await pilot.press("down")
        assert prompt.text == "second question"
        await pilot.press("down")
        assert prompt.text == ""
        # Text of your own: Up moves the cursor, it does not replace what you typed.
        prompt.text = "line one\nline two"
        prompt.move_cursor((1, 3))
        await pilot.press("up")
        assert prompt.text == "line one\nline two" and prompt.cursor_location[0] == 0


async def test_recall_reaches_messages_of_earlier_sessions(api, ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "from the first session")
        await pilot.press("ctrl+n")
        await until(pilot, lambda: not screen.query(UserMessage))
        await pilot.press("up")
        assert screen.query_one(PromptInput).text == "from the first session"


async def test_retry_sends_the_last_message_again_with_the_same_prefix(api, ctx):
    api.queue_reply("Hello.")
    api.queue_reply("A first answer.")
    api.queue_reply("A better answer.")
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "hello")
        await send(pilot, screen, "How did I do?")
        first = api.requests[-1]
        await pilot.press("ctrl+l")
        await until(pilot, lambda: len(api.requests) == 3)
        await until(pilot, lambda: not screen.turn_running)
        await pilot.pause()
        retried = api.requests[-1]
        replies = [m.markdown.source for m in screen.query(AssistantMessage) if m.display]
        assert replies == ["Hello.", "A better answer."]  # in place of the first answer
        assert [m.text for m in screen.query(UserMessage)] == ["hello", "How did I do?"]
        # Resumed, the session reads as it was shown, and counts the messages sent.
        await screen.chat_pane.show_session(screen.session)
        await pilot.pause()
        assert drawn_texts(screen, "reply") == ["Hello.", "A better answer."]
        assert drawn_texts(screen, "user") == ["hello", "How did I do?"]
        assert screen.session.totals(ctx.conn).turns == 2
    # Same system and history before the last message: the earlier prefix is read from cache.
    assert retried["system"] == first["system"]
    assert retried["messages"][:-1] == first["messages"][:-1]
    assert retried["messages"][-1]["content"][-1]["text"] == "How did I do?"
    assert api.responses[-1]["usage"]["cache_read_input_tokens"] > 0
    assert retried["diagnostics"]["previous_message_id"] == api.responses[0]["id"]


async def test_copy_puts_the_last_reply_on_the_clipboard(api, ctx):
    api.queue_reply("Walk **after lunch** today.")
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await pilot.press("ctrl+b")
        assert any("No reply to copy" in str(n.message) for n in app._notifications)
        await send(pilot, screen, "What now?")
        await pilot.press("ctrl+b")
        assert app.clipboard == "Walk **after lunch** today."
        assert any("Copied" in str(n.message) for n in app._notifications)


async def test_a_failed_send_retried_replaces_its_error_instead_of_piling_up(api, ctx):
    api.queue_error(529, "overloaded_error", "Overloaded", times=3)
    api.queue_error(529, "overloaded_error", "Overloaded", times=3)
    api.queue_reply("Here now.")
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        prompt = screen.query_one(PromptInput)
        await send(pilot, screen, "Plan my week")
        assert prompt.text == "Plan my week"
        errors = [str(n.render()) for n in screen.query(Notice) if n.has_class("error")]
        assert len(errors) == 1 and "overloaded" in errors[0]
        assert errors[0].count("try again") == 1  # one sentence, not repeated

        await pilot.press("enter")  # the same words again: fails again
        await until(pilot, lambda: not screen.turn_running and prompt.text == "Plan my week")
        await pilot.pause()
        assert len(screen.query(UserMessage)) == 1
        assert len([n for n in screen.query(Notice) if n.has_class("error")]) == 1

        await pilot.press("enter")
        await until(pilot, lambda: not screen.turn_running and prompt.text == "")
        await pilot.pause()
        assert [m.text for m in screen.query(UserMessage)] == ["Plan my week"]
        assert not [n for n in screen.query(Notice) if n.has_class("error")]
        assert screen.query(AssistantMessage).last().markdown.source == "Here now."

        # Resumed later, the retries still show as one message.
        session_id = screen.session.session_id
        await pilot.press("ctrl+n")
        await until(pilot, lambda: screen.session.session_id != session_id)
        await screen._resume_chosen(session_id)
        await pilot.pause()
        assert drawn_texts(screen, "user") == ["Plan my week"]


async def test_with_no_api_key_enter_explains_once_and_keeps_the_text(ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        prompt = screen.query_one(PromptInput)
        prompt.focus()
        prompt.text = "hello coach"
        notices = len(screen.query(Notice))
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert prompt.text == "hello coach"
        assert not screen.query(UserMessage)
        added = list(screen.query(Notice))[notices:]
        assert len(added) == 1 and "no API key" in str(added[0].render())
    assert turn_rows(ctx) == []


async def test_typing_in_the_journal_goes_to_the_message_box_and_never_deletes(api, ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        prompt = screen.query_one(PromptInput)
        await pilot.press("tab")
        assert isinstance(app.focused, JournalList)
        await pilot.press("d", "a", "y")
        assert isinstance(app.screen, MainScreen)
        assert app.focused is prompt and prompt.text == "day"
        assert [e.text for e in journal.list_entries(ctx.conn)] == [KNEE]

        # Tab cycles message box -> journal -> message box: no hidden third stop.
        await pilot.press("tab")
        assert isinstance(app.focused, JournalList)
        await pilot.press("tab")
        assert app.focused is prompt

        await pilot.press("tab", "ctrl+d")
        assert isinstance(app.screen, ConfirmationModal)
        await pilot.press("enter")  # the focused answer is No
        assert isinstance(app.screen, MainScreen)
        assert len(journal.list_entries(ctx.conn)) == 1
        await pilot.press("delete", "y")
        await pilot.pause()
        assert journal.list_entries(ctx.conn) == []


async def test_page_keys_scroll_the_chat_from_the_message_box(api, ctx):
    api.queue_reply("A long answer. " * 300)
    app = CoachApp(ctx)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "Tell me a lot")
        chat = screen.chat
        bottom = chat.scroll_y
        assert bottom == chat.max_scroll_y > 0
        await pilot.press("pageup")
        await pilot.pause()
        assert chat.scroll_y < bottom
        await pilot.press("pagedown")
        await pilot.pause()
        assert chat.scroll_y == bottom


async def test_esc_in_the_review_stops_writing_first_then_goes_back(api, ctx, monkeypatch):
    from coach_tui.store.db import transaction
    from coach_tui.store.steps import Day, upsert_days
    from coach_tui.ui.screens.review import ReviewScreen

    with transaction(ctx.conn):
        upsert_days(ctx.conn, [Day(f"2026-11-{d:02d}", 9000, 10000, None) for d in range(20, 30)],
                    source="test", synced_at="2026-11-30T08:00:00")
    api.queue_reply(" ".join(f"word{i}" for i in range(400)))
    api.seconds_per_text_delta = 0.005  # still streaming when Esc lands, however fast the UI is
    original = StreamedMarkdown.write
    pressed = False

    async def write(self, chunk):
        nonlocal pressed
        await original(self, chunk)
        if not pressed and len(self.received) > 40 and isinstance(app.screen, ReviewScreen):
            pressed = True
            await app.screen.run_action("close")  # the first Esc

    monkeypatch.setattr(StreamedMarkdown, "write", write)
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        await pilot.press("ctrl+r")
        review = app.screen
        await until(pilot, lambda: pressed and not review.writing)
        assert isinstance(app.screen, ReviewScreen)
        status = str(review.query_one("#review-status").render())
        assert "Stopped" in status
        assert "word399" not in review.query_one("#review-text").source
        # Billed all the same: its cost is said, a lower bound, and kept to be counted.
        [(cost, floor)] = ctx.conn.execute(
            "SELECT cost_usd, output_is_floor FROM review_drafts WHERE status = 'unfinished'")
        assert f"It was billed (≥${cost:.4f})." in status and floor == 1
        # A second attempt finishes; the line says what both cost.
        api.queue_reply("A steady week.")
        await pilot.press("ctrl+r")
        await until(pilot, lambda: review.draft is not None)
        status = str(review.query_one("#review-status").render())
        [(total,)] = ctx.conn.execute("SELECT SUM(cost_usd) FROM review_drafts")
        assert status.startswith("Done ($") and f"; review total ≥${total:.4f})" in status
        await pilot.press("escape")
        assert isinstance(app.screen, MainScreen)
    assert ctx.conn.execute("SELECT COUNT(*) FROM reviews").fetchone() == (0,)


async def test_the_palette_lists_every_action_with_its_key_and_id(api, ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        titles = {c.title: c for c in app.get_system_commands(screen)}
        for wanted in ("(ctrl+t · memory.toggle)", "(delete · journal.delete)",
                       "(ctrl+b · chat.copy)", "(ctrl+l · chat.retry)", "(escape · chat.stop)",
                       "(ctrl+o · session.open)", "(ctrl+r · review.write)"):
            assert any(wanted in t for t in titles), wanted

        # Search by the id in the real palette, then run it from the message box.
        await pilot.press("ctrl+p")
        await pilot.press(*"journal.delete")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ConfirmationModal))
        await pilot.press("n")


async def test_the_review_screen_palette_offers_save(api, ctx):
    from coach_tui.ui.screens.review import ReviewScreen

    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        await pilot.press("ctrl+r")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert any("(ctrl+s · review.save)" in t for t in titles)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_toasts_never_cover_the_message_box_or_the_status_line(api, ctx, size):
    app = CoachApp(ctx)
    async with app.run_test(size=size, notifications=True) as pilot:
        screen = await opened(pilot)
        await pilot.press("ctrl+t")  # a toast with a title and two lines
        await pilot.press("ctrl+b")  # and another
        await pilot.pause(0.3)
        toasts = list(app.screen.query("Toast"))
        assert toasts
        covered = [screen.query_one(PromptInput).region, screen.query_one(StatusLine).region]
        for toast in toasts:
            for region in covered:
                assert not toast.region.overlaps(region), (toast.region, region)


async def test_a_rate_limit_wait_in_the_review_counts_down_and_esc_ends_it(api, ctx):
    from coach_tui.store.db import transaction
    from coach_tui.store.steps import Day, upsert_days
    from coach_tui.ui.screens.review import ReviewScreen

    with transaction(ctx.conn):
        upsert_days(ctx.conn, [Day(f"2026-11-{d:02d}", 9000, 10000, None) for d in range(20, 30)],
                    source="test", synced_at="2026-11-30T08:00:00")
    api.queue_error(429, "rate_limit_error", "Number of requests has exceeded your rate limit",
                    retry_after=30)
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        await pilot.press("ctrl+r")
        review = app.screen
        assert isinstance(review, ReviewScreen)

        def line() -> str:
            return str(review.query_one("#review-status").render())

        await until(pilot, lambda: "Rate limited: retrying in " in line())
        await pilot.press("escape")
        await until(pilot, lambda: not review.writing, timeout=3)
        assert isinstance(app.screen, ReviewScreen) and "retrying" not in line()
        assert "Stopped" in line()
    assert len(api.requests) == 1
