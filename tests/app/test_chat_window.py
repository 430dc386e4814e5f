"""The chat's window on a long session (ui/widgets/chat_window.py), with a small window so a
short session crosses it: Home and End, scrolling to the top and back, and a retry and Esc
while the reader is far up."""

from __future__ import annotations

import pytest

from coach_tui.context import Context
from coach_tui.ui.app import CoachApp
from coach_tui.ui.widgets.chat import AssistantMessage, ChatView, UserMessage
from coach_tui.ui.widgets.select_mode import SelectBar
from tests.app.test_weeks import long_session
from tests.support import drawn_texts, opened, until

# Twice the window (12 messages, the least the setting takes) on a short terminal, so batches
# are the smallest (4 messages) and each test crosses the window in a few presses.
EXCHANGES = 12
SIZE = (80, 20)


@pytest.fixture(autouse=True)
def pinned_clock(clock):
    clock.set("2026-11-30T09:15:00")


@pytest.fixture
def ctx(coach_home):
    coach_home.mkdir(parents=True, exist_ok=True)
    (coach_home / "config.toml").write_text("[app]\nchat_window = 12\n")
    context = Context()
    yield context
    context.close()


async def resumed(pilot, sid):
    screen = await opened(pilot)
    await pilot.press("ctrl+o")
    await pilot.press("enter")
    await until(pilot, lambda: screen.session.session_id == sid)
    await settle(pilot, screen)
    return screen


async def settle(pilot, screen) -> None:
    await pilot.pause()
    await until(pilot, lambda: screen.chat_pane.window.settled)


def questions(screen) -> list[int]:
    return [int(text.split()[-1]) for text in drawn_texts(screen, "user")]


def block_at_top(screen, text: str) -> bool:
    """The stored message `text` is the first thing in the chat's view (below its margin)."""
    chat = screen.query_one(ChatView)
    history = chat.history
    block = next(b for b in history.blocks if b.text == text)
    return history.block_region(block).y - chat.scroll_y <= 1


async def test_home_and_end_reach_both_ends_drawing_only_a_window(ctx):
    sid = long_session(ctx.conn, ctx.settings, EXCHANGES)
    app = CoachApp(ctx)
    async with app.run_test(size=SIZE) as pilot:
        screen = await resumed(pilot, sid)
        chat, window = screen.query_one(ChatView), screen.chat_pane.window
        assert questions(screen)[-1] == EXCHANGES - 1 and 0 not in questions(screen)
        # Blank rows stand for the older messages; the scrollbar dragged to the top of them
        # lands on drawn messages, and a batch or two is drawn above, not the whole session.
        history = chat.history
        assert history.pad_above > 0
        newest_first = questions(screen)[0]
        chat.scroll_to(y=0, animate=False)
        await settle(pilot, screen)
        top, bottom = history.drawn_span()
        assert top <= chat.scroll_y < bottom
        assert min(questions(screen)) < newest_first and 0 not in questions(screen)
        assert window.more_above
        await pilot.press("home")
        await settle(pilot, screen)
        shown = questions(screen)
        assert shown[0] == 0 and chat.scroll_y == 0
        assert shown == list(range(len(shown)))
        # Bounded: the window's size, plus a batch on its way out at most.
        assert window.drawn <= 12 + window.batch_size() and window.more_below
        await pilot.press("end")
        await settle(pilot, screen)
        assert questions(screen)[-1] == EXCHANGES - 1 and chat.scroll_y == chat.max_scroll_y
        # With text in the message box, Home and End are the box's own keys.
        await pilot.press("h", "i", "home")
        await settle(pilot, screen)
        assert questions(screen)[-1] == EXCHANGES - 1
        assert screen.chat_pane.prompt.cursor_location == (0, 0)


async def test_page_up_to_the_first_message_and_down_again_reads_let_go_messages_back(ctx):
    sid = long_session(ctx.conn, ctx.settings, EXCHANGES)
    app = CoachApp(ctx)
    async with app.run_test(size=SIZE) as pilot:
        screen = await resumed(pilot, sid)
        chat, window = screen.query_one(ChatView), screen.chat_pane.window
        # Keys handled faster than frames come (a held key) move a page each, and what they
        # went past is drawn before the view is shown there: no blank rows in view.
        page, y = chat.scrollable_content_region.height, chat.scroll_y
        for _ in range(3):
            await screen.chat_pane.scroll_chat(-1)
        assert chat.scroll_y == y - 3 * page
        await settle(pilot, screen)
        top, bottom = chat.history.drawn_span()
        assert top <= chat.scroll_y and chat.scroll_y + chat.size.height <= bottom
        for _ in range(4 * EXCHANGES):
            if not window.more_above and chat.scroll_y == 0:
                break
            await pilot.press("pageup")
            await settle(pilot, screen)
            # The window and the batch on its way in, however long the session.
            assert window.drawn <= 12 + window.batch_size()
        assert questions(screen)[0] == 0 and window.more_below
        for _ in range(4 * EXCHANGES):
            if not window.more_below and chat.scroll_y >= chat.max_scroll_y:
                break
            await pilot.press("pagedown")
            await settle(pilot, screen)
            shown = questions(screen)
            assert shown == list(range(shown[0], shown[0] + len(shown)))  # no gap, no repeat
        assert questions(screen)[-1] == EXCHANGES - 1


async def test_retry_and_esc_far_up_in_a_windowed_session_act_on_the_newest_message(
        api, ctx, monkeypatch):
    sid = long_session(ctx.conn, ctx.settings, EXCHANGES)
    api.queue_reply("A better answer.")
    api.queue_reply(" ".join(f"word{i}" for i in range(200)))
    api.seconds_per_text_delta = 0.05  # ~10 s of reply: Esc lands mid-stream under load
    app = CoachApp(ctx)
    async with app.run_test(size=SIZE) as pilot:
        screen = await resumed(pilot, sid)
        chat = screen.query_one(ChatView)
        await pilot.press("home")
        await settle(pilot, screen)
        assert 0 in questions(screen)
        await pilot.press("ctrl+l")  # sends the newest message again, not the one in view
        await until(pilot, lambda: len(api.requests) == 1)
        await until(pilot, lambda: not screen.turn_running)
        await settle(pilot, screen)
        assert api.requests[0]["messages"][-1]["content"][-1]["text"] == \
            f"question {EXCHANGES - 1}"
        assert questions(screen)[-1] == EXCHANGES - 1 and questions(screen).count(
            EXCHANGES - 1) == 1
        replies = drawn_texts(screen, "reply")
        assert replies[-1] == "A better answer." and f"answer {EXCHANGES - 1}" not in replies
        assert chat.scroll_y == chat.max_scroll_y
        # Far up again, then a new message: it goes at the end, and Esc stops its reply.
        await pilot.press("home")
        await settle(pilot, screen)
        screen.chat_pane.prompt.text = "Tell me everything"
        await pilot.press("enter")
        await until(pilot, lambda: "word1" in screen.query(AssistantMessage).last().received)
        await pilot.press("escape")
        await until(pilot, lambda: not screen.turn_running)
        last = screen.query(AssistantMessage).last()
        assert "stopped" in str(last.query_one(".meta").render())
        assert screen.query(UserMessage).last().text == "Tell me everything"
    assert ctx.conn.execute("SELECT status FROM turns ORDER BY turn_id DESC LIMIT 1"
                            ).fetchone() == ("interrupted",)


async def test_a_day_typed_in_the_session_picker_lands_on_that_days_first_message(ctx):
    sid = long_session(ctx.conn, ctx.settings, EXCHANGES)  # all written on 2026-11-30
    turns = [t for (t,) in ctx.conn.execute(
        "SELECT turn_id FROM turns WHERE session_id = ? ORDER BY turn_id", (sid,))]
    # Exchanges 0-3 were written on the 28th, 4-7 on the 29th.
    with ctx.conn:
        for day, first, last in (("2026-11-28", 0, 8), ("2026-11-29", 8, 16)):
            ctx.conn.execute(
                "UPDATE turns SET created_at = ? || substr(created_at, 11) "
                "WHERE turn_id BETWEEN ? AND ?", (day, turns[first], turns[last - 1]))
    app = CoachApp(ctx)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("ctrl+o")
        picker = app.screen
        box, empty = picker.query_one("#session-search"), picker.query_one("#sessions-empty")
        # A day that is not on the calendar, then one with no message: each says so.
        box.value = "2026-11-31"
        await until(pilot, lambda: "not a day on the calendar" in str(empty.render()))
        box.value = "2026-11-27"
        await until(pilot, lambda: "No session has a message written on 2026-11-27"
                    in str(empty.render()))
        box.value = "2026-11-29"
        await pilot.pause()
        await pilot.press("enter")
        await until(pilot, lambda: screen.session.session_id == sid)
        await settle(pilot, screen)
        # The 29th's first message is at the top of the view; the window is drawn around it.
        await until(pilot, lambda: block_at_top(screen, "question 4"))
        window = screen.chat_pane.window
        assert window.drawn <= 12 + window.batch_size() and 3 in questions(screen)
        # The same again on the session already open: it goes there too.
        await pilot.press("end")
        await settle(pilot, screen)
        await pilot.press("ctrl+o")
        app.screen.query_one("#session-search").value = "2026-11-28"
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot, screen)
        await until(pilot, lambda: block_at_top(screen, "question 0"))



async def test_select_mode_reaches_and_copies_stored_messages_highlighting_them(ctx):
    sid = long_session(ctx.conn, ctx.settings, EXCHANGES)
    app = CoachApp(ctx)
    async with app.run_test(size=SIZE) as pilot:
        screen = await resumed(pilot, sid)
        chat = screen.query_one(ChatView)
        history = chat.history
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(screen.query(SelectBar)))
        bar = screen.query_one(SelectBar)
        newest = bar.selected
        assert newest.kind == "reply" and newest.text == f"answer {EXCHANGES - 1}"
        assert history.selected is newest and "the coach's reply" in str(bar.render())
        await pilot.press("up", "up", "up")  # three messages up: a question, drawn as lines
        chosen = bar.selected
        assert chosen.text == f"question {EXCHANGES - 2}" and history.selected is chosen
        # Highlighted where it is drawn, and in view.
        region = history.block_region(chosen)
        assert chat.scroll_y <= region.y < chat.scroll_y + chat.size.height
        line = history.render_line(region.y - history.virtual_region.y)
        assert line.text.startswith("█you ·")  # the outline over the header's first cell
        await pilot.press("c")
        await until(pilot, lambda: not screen.query(SelectBar))
        assert app.clipboard == f"question {EXCHANGES - 2}" and history.selected is None

