"""The app over weeks, with the clock pinned: no empty sessions, "memory as of", long sessions
drawn from their newest messages, and the history cut shown where it is."""

from __future__ import annotations

from datetime import datetime

import pytest

from coach_tui.coach.session import CoachSession
from coach_tui.context import Context
from coach_tui.store import sessions as store
from coach_tui.store.db import transaction
from coach_tui.ui.app import CoachApp
from coach_tui.ui.widgets.chat import ChatView, Notice
from coach_tui.ui.widgets.status import StatusLine
from tests.support import drawn_texts, opened, until


@pytest.fixture(autouse=True)
def pinned_clock(clock):
    clock.set("2026-11-30T09:15:00")


@pytest.fixture
def ctx(coach_home):
    context = Context()
    yield context
    context.close()


def long_session(conn, settings, exchanges: int, *, day: str = "2026-11-30") -> int:
    """A stored session of `exchanges` completed exchanges (written as the engine writes them)."""
    session = CoachSession.new(conn, settings, now=datetime.fromisoformat(f"{day}T08:00"))
    with transaction(conn):
        for i in range(exchanges):
            stamp = f"{day}T08:{i % 60:02d}:00"
            uid = conn.execute(
                "INSERT INTO turns (session_id, role, created_at, text, status, memory_on) "
                "VALUES (?, 'user', ?, ?, 'ok', 1)", (session.session_id, stamp, f"question {i}"),
            ).lastrowid
            store.add_assistant_turn_in_tx(
                conn, session.session_id, reply_to=uid, created_at=stamp, text=f"answer {i}",
                status="ok", error=None, response_id=f"msg_{i}", model=session.model,
                usage=(10, 0, 100, 20), cost_usd=0.001, cache_miss_reason=None, memory_on=True)
    return session.session_id


def status_text(screen) -> str:
    return str(screen.query_one(StatusLine).render())


async def test_opening_and_quitting_the_app_leaves_the_latest_session_as_it_was(api, ctx):
    latest = long_session(ctx.conn, ctx.settings, 2)
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        assert "New session" in str(screen.query(Notice).last().render())
        assert "claude-sonnet-5-5" in status_text(screen)
        await pilot.press("ctrl+n")
        await pilot.pause()
    assert store.latest_used_session_id(ctx.conn) == latest
    assert ctx.conn.execute("SELECT COUNT(*) FROM sessions").fetchone() == (1,)
    # So the next `ask` today continues that chat, with its history.
    again = CoachSession.latest(ctx.conn, ctx.settings, used_on="2026-11-30")
    assert again.session_id == latest and len(again.turns(ctx.conn)) == 4
    assert api.requests == []


async def test_a_session_from_an_earlier_day_says_memory_as_of_until_ctrl_n(ctx):
    long_session(ctx.conn, ctx.settings, 3, day="2026-11-27")
    app = CoachApp(ctx)
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await opened(pilot)
        assert "memory as of" not in status_text(screen)
        await pilot.press("ctrl+o")
        await pilot.press("enter")
        await until(pilot, lambda: screen.session.session_id is not None)
        assert "memory as of 2026-11-27" in status_text(screen)
        await pilot.press("ctrl+n")
        await until(pilot, lambda: screen.session.session_id is None)
        assert "memory as of" not in status_text(screen)


# Long enough that it is drawn in several batches (a screenful first, then a screenful more as
# the reader nears the top), that the default window (40 messages) lets the newest go by the top,
# and that the history cut falls in a part drawn only on scrolling up; short enough to stay quick.
LONG = 30
CUT = 12


@pytest.mark.slow
async def test_a_long_session_draws_its_newest_messages_and_older_ones_on_scrolling_up(ctx):
    sid = long_session(ctx.conn, ctx.settings, LONG)
    store.set_history_from(ctx.conn, sid, store.list_turns(ctx.conn, sid)[2 * CUT].turn_id)
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await pilot.press("ctrl+o")
        await pilot.press("enter")
        await until(pilot, lambda: screen.session.session_id == sid)
        await pilot.pause(0.1)
        chat = screen.query_one(ChatView)
        drawn = drawn_texts(screen, "user")
        # The newest messages, a screenful or a little more, at the bottom.
        assert 3 <= len(drawn) < LONG - CUT
        assert drawn == [f"question {i}" for i in range(LONG - len(drawn), LONG)]
        assert chat.max_scroll_y > 0 and chat.scroll_y == chat.max_scroll_y
        # The status line counts the whole session, not the messages drawn.
        assert "cache 91%" in status_text(screen) and f"${LONG * 0.001:.4f}" in status_text(screen)
        window = screen.chat_pane.window
        batches = 0
        for _ in range(LONG):
            if not window.more_above and chat.scroll_y == 0:
                break
            top, first = chat.history.blocks[0], window.batches[0].first
            chat.scroll_home(animate=False)
            await until(pilot, lambda f=first: window.batches[0].first < f
                        or not window.more_above)
            # Older messages went in above; the one the reader reached is put back where it
            # was (at the top of the view, below its margin) once they are laid out.
            # (Or the top was reached with nothing more above it.)
            await until(pilot, lambda t=top: (
                chat.scroll_y > 0 and chat.history.block_region(t).y == chat.scroll_y + 1)
                or (not window.more_above and chat.scroll_y == 0))
            await until(pilot, lambda: window.settled)
            batches += 1
        assert batches >= 3
        questions = drawn_texts(screen, "user")
        assert questions[0] == "question 0"
        assert questions == [f"question {i}" for i in range(len(questions))]
        # Far messages were let go at the top; scrolling back down draws them again, and the
        # cut is marked where the coach's context starts.
        assert window.more_below and len(questions) < LONG
        for _ in range(LONG):
            notices = drawn_texts(screen, "hint")
            if any(f"{CUT} earlier exchanges left out of context" in n for n in notices):
                break
            chat.scroll_page_down(animate=False)
            await pilot.pause()
            await until(pilot, lambda: window.settled)
        else:
            raise AssertionError("the cut was never drawn")
        questions = drawn_texts(screen, "user")
        first = int(questions[0].split()[-1])
        assert questions == [f"question {i}" for i in range(first, first + len(questions))]
