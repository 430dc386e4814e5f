"""The app driven with Textual's pilot against the fake Messages API (the real anthropic SDK,
pointed at a local server): what a user sees and what reaches the database and the wire."""

from __future__ import annotations

import io
import re
import threading
from datetime import date, timedelta

import pytest
from rich.console import Console

from coach_tui.context import Context
from coach_tui.memory import journal
from coach_tui.store.db import transaction
from coach_tui.store.steps import Day, upsert_days
from coach_tui.ui.app import CoachApp
from coach_tui.ui.screens.confirm import ConfirmationModal
from coach_tui.ui.screens.main import MainScreen
from coach_tui.ui.screens.review import ReviewScreen
from coach_tui.ui.widgets.chat import AssistantMessage, Notice, UserMessage
from coach_tui.ui.widgets.journal import NEXT_SESSION_MARK, JournalList
from coach_tui.ui.widgets.prompt import PromptInput
from coach_tui.ui.widgets.status import StatusLine
from coach_tui.ui.widgets.stream import StreamedMarkdown
from tests.support import opened, send, until

TODAY = date(2026, 11, 30)
KNEE = "Long downhill walks make the left knee sore; flat routes on weekdays."
LUNCH = "Lunchtime walks stick once they are in the calendar."


@pytest.fixture
def ctx(coach_home):
    """A home with 40 days of steps through today and two journal lines."""
    context = Context()
    conn = context.conn
    days = [
        Day((TODAY - timedelta(days=i)).isoformat(), 8_000 + 150 * (i % 20), 10_000, None)
        for i in range(40, -1, -1)
    ]
    with transaction(conn):
        upsert_days(conn, days, source="test", synced_at="2026-11-30T08:00:00")
    journal.save_entry(conn, KNEE, source="user", entry_date="2026-11-20")
    journal.save_entry(conn, LUNCH, source="user", entry_date="2026-11-25")
    yield context
    context.close()


def screen_text(app) -> str:
    """The screen as plain text, as a terminal would show it."""
    console = Console(width=app.size.width, file=io.StringIO(), record=True,
                      color_system=None, legacy_windows=False)
    console.print(app.screen._compositor)
    return console.export_text()


def system_text(request: dict) -> str:
    return "\n".join(block["text"] for block in request["system"])


def request_text(request: dict) -> str:
    parts = [system_text(request)]
    for message in request["messages"]:
        content = message["content"]
        if isinstance(content, str):
            parts.append(content)
        else:
            parts += [b.get("text", "") for b in content]
    return "\n".join(parts)


async def test_a_message_streams_into_the_chat_and_is_stored(api, ctx, monkeypatch):
    reply = "Good **week**. Keep the lunchtime walks: they carry your weekdays."
    api.queue_reply(reply)
    chunks: list[str] = []
    original = StreamedMarkdown.write

    async def spy(self, chunk):
        chunks.append(chunk)
        await original(self, chunk)

    monkeypatch.setattr(StreamedMarkdown, "write", spy)
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "How did last week go?")

        assert len(chunks) > 3, "the reply arrived in one piece, not streamed"
        assert "".join(chunks) == reply
        answer = screen.query(AssistantMessage).last()
        assert answer.markdown.source == reply
        assert screen.query(UserMessage).last().text == "How did last week go?"
        assert screen.query_one(PromptInput).text == ""
        assert "$" in str(screen.query_one(StatusLine).render())

    rows = ctx.conn.execute(
        "SELECT role, text, status FROM turns ORDER BY turn_id").fetchall()
    assert rows == [("user", "How did last week go?", "ok"), ("assistant", reply, "ok")]
    assert KNEE in system_text(api.requests[-1])


async def test_a_failed_turn_says_why_and_gives_the_text_back(api, ctx):
    api.queue_error(401, "authentication_error", "invalid x-api-key")
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "Plan my week, please")
        assert screen.query_one(PromptInput).text == "Plan my week, please"
        error = str(screen.query(Notice).last().render())
        # One sentence: what happened and what to do; the words are back in the box.
        assert error == "The API key was refused (401): check ANTHROPIC_API_KEY and try again."


async def test_ctrl_t_turns_memory_off_for_the_next_request(api, ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "hello")
        assert KNEE in system_text(api.requests[-1])

        await pilot.press("ctrl+t")
        status = str(screen.query_one(StatusLine).render())
        assert "memory OFF" in status
        assert screen.has_class("-memory-off")
        # Persisted at once, not when the next message goes out.
        assert ctx.conn.execute(
            "SELECT value FROM settings WHERE key = 'memory_enabled'").fetchone() == ("0",)

        await send(pilot, screen, "and now?")
        sent = request_text(api.requests[-1])
        assert KNEE not in sent and LUNCH not in sent
        assert "MEMORY" not in system_text(api.requests[-1])
        users = [m for m in api.requests[-1]["messages"] if m["role"] == "user"]
        # No recall or step data either, and no exchange made with memory on (its reply may
        # quote memory): only the words typed since memory went off.
        assert [[b["text"] for b in m["content"]] for m in users] == [["and now?"]]

        await pilot.press("ctrl+t")
        assert "memory ON" in str(screen.query_one(StatusLine).render())


async def test_deleting_a_journal_line_asks_then_removes_it_everywhere(api, ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "hello")
        assert LUNCH in system_text(api.requests[-1])

        journal_list = screen.query_one(JournalList)
        journal_list.focus()
        await pilot.pause()
        assert journal_list.highlighted_entry.text == LUNCH  # newest first

        await pilot.press("delete")
        assert isinstance(app.screen, ConfirmationModal)
        await pilot.press("n")  # keep it
        assert isinstance(app.screen, MainScreen)
        assert journal.list_entries(ctx.conn)[0].text == LUNCH

        await pilot.press("delete")
        assert isinstance(app.screen, ConfirmationModal)
        await pilot.press("escape")
        assert len(journal.list_entries(ctx.conn)) == 2

        await pilot.press("ctrl+d")
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        assert [e.text for e in journal.list_entries(ctx.conn)] == [KNEE]
        assert [e.text for e in journal_list.entries] == [KNEE]
        assert journal_list.border_title == "Journal · 1 line"
        assert any("no longer see" in str(n.message) for n in app._notifications)

        await send(pilot, screen, "and now?")
        assert LUNCH not in request_text(api.requests[-1])
        assert KNEE in system_text(api.requests[-1])


async def test_enter_on_a_journal_line_shows_all_of_it(api, ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        screen.query_one(JournalList).focus()
        await pilot.press("down", "enter")
        assert KNEE in str(app.screen.query_one("#dialog-body").render())
        await pilot.press("escape")
        assert isinstance(app.screen, MainScreen)


async def test_review_then_save_adds_reflected_lines_marked_for_next_session(api, ctx):
    review_text = "## Week 48\n\nSteady: the lunch walks held all week."
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        # The first message creates the session and renders its snapshot.
        await send(pilot, screen, "hello")
        api.queue_reply(review_text)
        api.queue_reply("MEMORY: Plans walks around meetings rather than skipping them.\n"
                        "MEMORY: Likes a weekly target more than a daily one.")
        await pilot.press("ctrl+r")
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await until(pilot, lambda: review.draft is not None)
        assert review.query_one("#review-text").source == review_text

        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        journal_list = screen.query_one(JournalList)
        await until(pilot, lambda: len(journal_list.entries) == 4)

        new = [e for e in journal_list.entries if e.source == "review"]
        assert {e.text for e in new} == {
            "Plans walks around meetings rather than skipping them.",
            "Likes a weekly target more than a daily one.",
        }
        for entry in new:
            assert journal_list.is_pending(entry.entry_id)
            assert NEXT_SESSION_MARK in str(
                journal_list.get_option(str(entry.entry_id)).prompt)
        assert not journal_list.is_pending(journal.list_entries(ctx.conn)[-1].entry_id)
        assert any("2 new lines" in (n.title or "") for n in app._notifications)

    assert ctx.conn.execute("SELECT period_key, text FROM reviews").fetchall() == [
        ("week:2026-W48", review_text)]
    # The chat turn, the review and the reflection.
    assert len(api.requests) == 3


async def test_no_api_key_the_app_opens_and_says_how_to_set_it(ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        notice = str(screen.query(Notice).first().render())
        assert "ANTHROPIC_API_KEY" in notice
        assert "streak" in str(screen.query_one("#facts").render())


async def test_a_cut_stream_keeps_the_partial_reply_and_the_message(api, ctx):
    api.queue_cut(3, "You walked more than last week and the weekend carried it.")
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "How was my weekend?")
        answer = screen.query(AssistantMessage).last()
        assert answer.markdown.source.startswith("You walked more")
        assert "interrupted" in str(answer.query_one(".meta").render())
        assert "interrupted" in str(screen.query(Notice).last().render())
        assert screen.query_one(PromptInput).text == "How was my weekend?"
    statuses = ctx.conn.execute("SELECT role, status FROM turns ORDER BY turn_id").fetchall()
    assert statuses == [("user", "interrupted"), ("assistant", "interrupted")]


async def test_a_stream_cut_before_any_text_is_counted_in_the_status_line(api, ctx):
    api.queue_cut(0, "never seen", how="error")  # the model was still thinking
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "How was my weekend?")
        assert "overloaded" in str(screen.query(Notice).last().render())
        assert screen.query_one(PromptInput).text == "How was my weekend?"
        # Billed from message_start, thinking included: counted, as a lower bound.
        [(cost, floor)] = ctx.conn.execute(
            "SELECT cost_usd, output_is_floor FROM turns WHERE role = 'assistant'")
        assert cost > 0 and floor == 1
        assert f"≥${cost:.4f}" in str(screen.query_one(StatusLine).render())


async def test_markup_and_escape_sequences_in_a_reply_are_shown_as_typed(api, ctx):
    api.queue_reply("Try [bold red]this[/bold red] \x1b[2J\x1b]0;pwned\x07 now")
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "[i]hi[/i]")
        answer = screen.query(AssistantMessage).last()
        assert answer.markdown.source == "Try [bold red]this[/bold red] ␛[2J␛]0;pwned␇ now"
        shown = screen_text(app)
        assert "Try [bold red]this[/bold red] ␛[2J␛]0;pwned␇ now" in shown
        assert "\x1b" not in shown
        assert str(screen.query(UserMessage).last().query_one(".body").render()) == "[i]hi[/i]"


@pytest.mark.parametrize("reader_scrolls_up", [False, True])
async def test_the_chat_follows_a_reply_only_while_the_reader_is_at_the_bottom(
        api, ctx, monkeypatch, reader_scrolls_up):
    # The earlier answer fills more than the view (so the reader can scroll up from the
    # start of the next reply), and no more: each streamed word redraws the markdown.
    api.queue_reply("Earlier answer. " * 80)
    api.queue_reply(" ".join(f"word{i}" for i in range(400)))
    app = CoachApp(ctx)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "first")
        chat = screen.chat
        original = StreamedMarkdown.write
        count = 0
        scrollable = []

        async def write(self, chunk):
            nonlocal count
            count += 1
            if reader_scrolls_up and count == 5:
                scrollable.append(chat.max_scroll_y)
                chat.scroll_home(animate=False)  # the reader scrolls up to re-read
            await original(self, chunk)

        monkeypatch.setattr(StreamedMarkdown, "write", write)
        await send(pilot, screen, "second")
        await pilot.pause(0.1)
        assert chat.max_scroll_y > 0
        if reader_scrolls_up:
            assert scrollable[0] > 0  # there was somewhere to scroll up to
            assert chat.scroll_y == 0
        else:
            assert chat.scroll_y == chat.max_scroll_y


async def test_a_failed_review_says_why_literally_and_can_be_retried(api, ctx):
    api.queue_error(400, "invalid_request_error", "max_tokens: [bold]too large[/bold]")
    api.queue_reply("## Week 48\n\nA second try worked.")
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        await pilot.press("ctrl+r")
        # Until the failure is on screen (`writing` is still False while the screen mounts).
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        review = app.screen
        await until(pilot, lambda: not review.writing and any(
            "ctrl+r tries again" in str(s.render()) for s in review.query("#review-status")))
        status = str(review.query_one("#review-status").render())
        assert status.startswith("No review. ") and "ctrl+r tries again" in status
        assert "[bold]too large[/bold]" in status
        assert review.draft is None
        await pilot.press("ctrl+s")  # nothing to save: no crash, nothing stored
        assert ctx.conn.execute("SELECT COUNT(*) FROM reviews").fetchone() == (0,)

        await pilot.press("ctrl+r")
        await until(pilot, lambda: review.draft is not None)
        assert review.query_one("#review-text").source == "## Week 48\n\nA second try worked."
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
    assert ctx.conn.execute("SELECT COUNT(*) FROM reviews").fetchone() == (0,)


async def test_a_review_is_not_rewritten_while_its_outcome_is_still_being_shown(
        api, ctx, monkeypatch):
    """ctrl+r stays off until the finished review and its line are on screen: a rewrite
    started while the text settles would have its draft and line overwritten by the old."""
    api.queue_reply("A steady week.")
    original = StreamedMarkdown.finish
    during: list[tuple[bool, bool | None]] = []

    async def finish(self, text):
        screen = self.screen
        during.append((screen.writing, screen.check_action("rewrite", ())))
        await original(self, text)

    monkeypatch.setattr(StreamedMarkdown, "finish", finish)
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        await pilot.press("ctrl+r")
        review = app.screen
        await until(pilot, lambda: not review.writing)
        assert during == [(True, None)]
        assert review.draft is not None
        assert str(review.query_one("#review-status").render()).startswith("Done")
        assert review.check_action("rewrite", ()) is True


@pytest.mark.parametrize("reader_scrolls_up", [False, True])
async def test_the_review_follows_its_text_only_while_the_reader_is_at_the_bottom(
        api, ctx, monkeypatch, reader_scrolls_up):
    # Ten paragraphs: 40 lines in a 24-line view (sixteen only cost more markdown redraws).
    api.queue_reply("\n\n".join(f"Paragraph {i}: " + "steady walking " * 12 for i in range(10)))
    # Paced as the service streams, so the text outgrows the screen while it still arrives
    # (unpaced, a loaded machine can merge the whole reply into one write).
    api.seconds_per_text_delta = 0.003
    app = CoachApp(ctx)
    async with app.run_test(size=(100, 30)) as pilot:
        await opened(pilot)
        original = StreamedMarkdown.write
        scrolled = False

        async def write(self, chunk):
            nonlocal scrolled
            scroll = self.parent
            if reader_scrolls_up and not scrolled and scroll.is_anchored:
                scrolled = True  # once the text outgrew the screen, the reader scrolls up
                scroll.scroll_home(animate=False)
            await original(self, chunk)

        monkeypatch.setattr(StreamedMarkdown, "write", write)
        await pilot.press("ctrl+r")
        review = app.screen
        await until(pilot, lambda: review.draft is not None)
        await pilot.pause(0.1)
        scroll = review.query_one("#review-scroll")
        assert scroll.max_scroll_y > 0
        if reader_scrolls_up:
            assert scrolled and scroll.scroll_y == 0
        else:
            assert scroll.scroll_y == scroll.max_scroll_y


async def test_while_the_model_thinks_the_reply_counts_its_seconds(api, ctx):
    api.thinking_until = threading.Event()  # it thinks until the test has seen the count
    api.queue_reply("Walk after lunch.")
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        prompt = screen.query_one(PromptInput)
        prompt.text = "How am I doing?"
        await pilot.press("enter")
        await until(pilot, lambda: bool(screen.query(AssistantMessage)))
        reply = screen.query(AssistantMessage).last()

        def counted() -> int:
            """The seconds the reply says it has thought (-1 before it says)."""
            found = re.search(r"thinking… (\d+)s", str(reply.query_one(".meta").render()))
            return int(found[1]) if found else -1

        # 2 s or more (a loaded machine may skip a tick): the figure has counted up.
        await until(pilot, lambda: counted() >= 2)
        api.thinking_until.set()
        await until(pilot, lambda: not screen.turn_running)
        assert reply.markdown.source == "Walk after lunch."
        assert "thinking" not in str(reply.query_one(".meta").render())


async def test_a_reply_cut_by_max_tokens_is_named_on_screen(api, ctx):
    ctx.settings.paths.config_file.write_text("[coach]\nmax_tokens = 60\n")
    ctx = Context()  # the same home, with the config just written
    api.queue_reply("Walk after lunch today, then again after dinner, and keep the weekend "
                    "loop going because it is working for you and the knee likes it.")
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "plan my day")
        answer = screen.query(AssistantMessage).last()
        assert "cut short" in str(answer.query_one(".meta").render())
        notice = str(screen.query(Notice).last().render())
        assert "max_tokens (60)" in notice and "config.toml" in notice
    assert api.responses[-1]["stop_reason"] == "max_tokens"


async def test_unverified_numbers_are_marked_in_the_reply_and_counted(api, ctx):
    api.queue_reply("You are on 123,456 steps this month.")
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "How is the month going?")
        answer = screen.query(AssistantMessage).last()
        assert answer.markdown.source == "You are on `123,456` steps this month."
        assert "1 number not from your records" in str(answer.query_one(".meta").render())
        assert "not from your records" in str(answer.tooltip)
        assert "1 not from your records" in str(screen.query_one(StatusLine).render())


async def test_the_review_screen_highlights_numbers_not_from_the_records(api, ctx):
    # The review is answered once the screen it opens on has settled: the pilot's wait after
    # ctrl+r then never races the review's text replacing the widgets it waits on.
    answer = threading.Event()
    api.responder = lambda body: (answer.wait(30), "A solid week with 123,456 steps in all.")[1]
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        await pilot.press("ctrl+r")
        review = app.screen
        await until(pilot, lambda: review.writing)
        answer.set()
        await until(pilot, lambda: review.draft is not None)
        assert review.query_one("#review-text").source == (
            "A solid week with `123,456` steps in all.")
        status = str(review.query_one("#review-status").render())
        assert "1 number not from your records" in status
