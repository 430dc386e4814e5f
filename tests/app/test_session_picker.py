"""The session picker (ctrl+o) as a user drives it: live search over titles and messages,
resuming what was found, renaming, deleting with a confirmation that defaults to No."""

from __future__ import annotations

from datetime import datetime

import pytest

from coach_tui.coach.session import TITLE_MAX_CHARS, CoachSession
from coach_tui.context import Context
from coach_tui.store import sessions as store
from coach_tui.store.db import transaction
from coach_tui.ui.app import CoachApp
from coach_tui.ui.screens.confirm import ConfirmationModal
from coach_tui.ui.screens.sessions import RenameScreen, SessionsScreen
from coach_tui.ui.widgets.chat import UserMessage
from coach_tui.ui.widgets.prompt import PromptInput
from tests.support import drawn_texts, opened, settled, until


def stored_session(conn, settings, day: str, title: str, words: list[str]) -> int:
    """A session of completed exchanges on `day`, one per message in `words`, written as the
    engine writes them."""
    session = CoachSession.new(conn, settings, now=datetime.fromisoformat(f"{day}T08:00"))
    with transaction(conn):
        for i, text in enumerate(words):
            stamp = f"{day}T08:{i:02d}:00"
            uid = conn.execute(
                "INSERT INTO turns (session_id, role, created_at, text, status, memory_on) "
                "VALUES (?, 'user', ?, ?, 'ok', 1)", (session.session_id, stamp, text),
            ).lastrowid
            store.add_assistant_turn_in_tx(
                conn, session.session_id, reply_to=uid, created_at=stamp,
                text=f"About {text.lower()}: keep going.", status="ok", error=None,
                response_id=f"msg_{day}_{i}", model=session.model, usage=(10, 0, 100, 20),
                cost_usd=0.001, cache_miss_reason=None, memory_on=True)
        conn.execute("UPDATE sessions SET title = ? WHERE session_id = ?",
                     (title, session.session_id))
    return session.session_id


@pytest.fixture
def ctx(home):
    context = Context()
    conn, settings = context.conn, context.settings
    stored_session(conn, settings, "2026-11-20", "How was my week?",
                   ["How was my week?", "And Friday?"])
    stored_session(conn, settings, "2026-11-24", "Knee plan",
                   ["My knee hurts after downhill runs", "Should I rest?", "ok"])
    stored_session(conn, settings, "2026-11-27", "Lunch walks", ["Lunch walks 100% of days?"])
    yield context
    context.close()


# The rows as the fixture's sessions show: last active, messages, cost, title, aligned.
LUNCH = "2026-11-27 08:00  1 message   $0.0010  Lunch walks"
KNEE = "2026-11-24 08:02  3 messages  $0.0030  Knee plan"
WEEK = "2026-11-20 08:01  2 messages  $0.0020  How was my week?"


def rows(picker: SessionsScreen) -> list[str]:
    return [str(option.prompt) for option in picker.rows.options]


def highlighted_title(picker: SessionsScreen) -> str | None:
    info = picker.highlighted
    return None if info is None else info.title


def titles(conn) -> dict[int, str]:
    return {s.session_id: s.title for s in store.list_sessions(conn)}


async def open_picker(pilot) -> SessionsScreen:
    await pilot.press("ctrl+o")
    await until(pilot, lambda: isinstance(pilot.app.screen, SessionsScreen))
    return pilot.app.screen


async def test_rows_show_last_active_messages_cost_and_title_and_the_search_box_has_focus(ctx):
    async with CoachApp(ctx).run_test(size=(100, 30)) as pilot:
        await opened(pilot)
        picker = await open_picker(pilot)
        assert rows(picker) == [LUNCH, KNEE, WEEK]
        assert picker.focused is picker.search_box
        footer_ids = {b.binding.id for b in picker.active_bindings.values() if b.binding.show}
        assert {"sessions.rename", "sessions.close"} <= footer_ids


async def test_typing_filters_by_title_and_by_message_text_and_enter_opens_the_match(ctx):
    async with CoachApp(ctx).run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        picker = await open_picker(pilot)
        await pilot.press(*"friday")        # only in a message of the first session
        assert rows(picker) == [WEEK]
        await pilot.press(*["backspace"] * 6, *"KNEE")   # in a title and a message
        assert rows(picker) == [KNEE]
        await pilot.press(*["backspace"] * 4, *"100%")   # % is a literal, not a wildcard
        assert rows(picker) == [LUNCH.replace("message   ", "message  ")]   # alone: no pad
        await pilot.press("backspace", *"x")
        assert rows(picker) == []
        assert "No session matches “100x”." in str(picker.query_one("#sessions-empty").render())
        await pilot.press(*["backspace"] * 4, *"knee", "enter")
        await until(pilot, lambda: screen.session.session_id is not None)
        assert drawn_texts(screen, "user") == [
            "My knee hurts after downhill runs", "Should I rest?", "ok"]
        assert screen.session.title == "Knee plan"


async def test_down_moves_into_the_list_and_enter_there_resumes_the_highlighted_row(ctx):
    async with CoachApp(ctx).run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        picker = await open_picker(pilot)
        await pilot.press("down")
        assert picker.focused is picker.rows
        await pilot.press("down", "down")
        assert highlighted_title(picker) == "How was my week?"
        await pilot.press("up", "up", "up")   # up from the first row: back to the search box
        assert picker.focused is picker.search_box
        await pilot.press("down", "down", "enter")
        await until(pilot, lambda: screen.session.session_id is not None)
        assert screen.session.title == "Knee plan"


async def test_escape_closes_the_picker_and_keeps_the_chat(ctx):
    async with CoachApp(ctx).run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        await open_picker(pilot)
        await pilot.press("escape")
        assert pilot.app.screen is screen and screen.session.session_id is None


async def test_rename_saves_one_trimmed_line_and_refuses_an_empty_title(ctx):
    async with CoachApp(ctx).run_test(size=(100, 30)) as pilot:
        await opened(pilot)
        picker = await open_picker(pilot)
        await pilot.press("down", "down")       # Knee plan
        await pilot.press("r")
        dialog = pilot.app.screen
        assert isinstance(dialog, RenameScreen)
        box = dialog.query_one("#rename-title")
        assert box.value == "Knee plan"

        box.value = "   "
        await pilot.press("enter")
        assert pilot.app.screen is dialog
        assert "A title cannot be empty" in str(dialog.query_one(".error-line").render())
        assert titles(ctx.conn)[2] == "Knee plan"

        await pilot.press("escape")             # cancelled: nothing changes
        assert pilot.app.screen is picker and titles(ctx.conn)[2] == "Knee plan"

        await pilot.press("f2")
        dialog = pilot.app.screen
        dialog.query_one("#rename-title").value = "Knee\nweek  " + "x" * 100
        await pilot.press("enter")
        await until(pilot, lambda: pilot.app.screen is picker)
        stored = titles(ctx.conn)[2]
        assert stored.startswith("Knee week xxx") and "\n" not in stored
        assert len(stored) == TITLE_MAX_CHARS
        # The row changed in place and keeps the highlight.
        assert rows(picker)[1].startswith(KNEE.replace("Knee plan", "Knee week xxx"))
        assert highlighted_title(picker) == stored and picker.focused is picker.rows


async def test_delete_asks_first_and_enter_or_n_keeps_the_session(ctx):
    async with CoachApp(ctx).run_test(size=(100, 30)) as pilot:
        await opened(pilot)
        picker = await open_picker(pilot)
        await pilot.press("down", "delete")
        assert isinstance(pilot.app.screen, ConfirmationModal)
        await pilot.press("enter")              # No has the focus
        assert pilot.app.screen is picker
        await pilot.press("ctrl+d")
        assert isinstance(pilot.app.screen, ConfirmationModal)
        await pilot.press("n")
        assert pilot.app.screen is picker
        assert len(rows(picker)) == 3 and sorted(titles(ctx.conn)) == [1, 2, 3]


async def test_delete_confirmed_with_y_removes_the_session_and_keeps_the_highlight_near(ctx):
    async with CoachApp(ctx).run_test(size=(100, 30)) as pilot:
        await opened(pilot)
        picker = await open_picker(pilot)
        await pilot.press("down", "down", "delete", "y")   # Knee plan, the middle row
        await until(pilot, lambda: pilot.app.screen is picker)
        assert rows(picker) == [LUNCH, WEEK]
        assert highlighted_title(picker) == "How was my week?"
        assert sorted(titles(ctx.conn)) == [1, 3]
        assert ctx.conn.execute("SELECT COUNT(*) FROM turns WHERE session_id = 2").fetchone() \
            == (0,)


async def test_deleting_the_last_session_says_the_list_is_empty(ctx):
    with transaction(ctx.conn):
        ctx.conn.execute("DELETE FROM sessions WHERE session_id IN (1, 2)")
    async with CoachApp(ctx).run_test(size=(100, 30)) as pilot:
        await opened(pilot)
        picker = await open_picker(pilot)
        await pilot.press("down", "delete", "y")
        await until(pilot, lambda: not rows(picker))
        assert "No past sessions yet." in str(picker.query_one("#sessions-empty").render())
        assert picker.focused is picker.search_box


async def test_deleting_the_open_session_starts_a_new_one(api, ctx):
    async with CoachApp(ctx).run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        picker = await open_picker(pilot)
        await pilot.press(*"lunch", "enter")
        await until(pilot, lambda: screen.session.session_id == 3)
        picker = await open_picker(pilot)
        assert rows(picker)[0] == LUNCH.replace("$0.0010  ", "$0.0010  this session · ")
        await pilot.press("down", "up")        # the open session is the first row
        assert highlighted_title(picker) == "Lunch walks"
        await pilot.press("delete", "y", "escape")
        await until(pilot, lambda: screen.session.session_id is None)
        assert not screen.query(UserMessage)
        assert 3 not in titles(ctx.conn)
        # The new chat works: its first message creates a new session.
        screen.query_one(PromptInput).text = "Fresh start"
        await pilot.press("enter")
        await until(pilot, lambda: screen.session.session_id is not None
                    and not screen.turn_running)
        assert screen.session.session_id not in (1, 2, 3)


async def test_picker_keys_have_ids_in_the_palette_and_can_be_remapped(ctx):
    config = ctx.settings.paths.config_file
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text('[keys]\n"sessions.rename" = "f6"\n', encoding="utf-8")
    ctx._settings = None  # read the config again
    app = CoachApp(ctx)
    async with app.run_test(size=(100, 30)) as pilot:
        await opened(pilot)
        picker = await open_picker(pilot)
        commands = [c.title for c in app.get_system_commands(picker)]
        assert "Rename the session  (f6 · sessions.rename)" in commands
        assert any(t.startswith("Delete the session  (") and "sessions.delete)" in t
                   for t in commands)
        assert not [n for n in app._notifications if "no key has the id" in n.message]
        await pilot.press("down", "f6")
        assert isinstance(app.screen, RenameScreen)


def test_picker_at_80x24(snap_compare, ctx):
    """The picker over the chat at 80x24: the search box, one line per session, the footer."""

    async def run_before(pilot) -> None:
        screen = await opened(pilot)
        # A cursor in the chat's box under the picker would make the picture depend on the
        # moment it is taken (its blink, and when the box under a modal redraws its blur).
        screen.query_one(PromptInput).cursor_blink = False
        screen.set_focus(None)
        await pilot.pause()
        picker = await open_picker(pilot)
        picker.search_box.cursor_blink = False
        # The picture is taken once the app is idle: the model client built in the background
        # (a cold import under load holds the app for seconds) finished and what it queued drawn.
        await settled(pilot)

    app = CoachApp(ctx)
    # The no-key toast behind the picker is in the picture: it stays up however long a loaded
    # machine takes to get there (after its usual 5 s it was gone in some runs).
    app.NOTIFICATION_TIMEOUT = 3600
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
