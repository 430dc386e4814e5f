"""More of the app as a user drives it: sessions, typing, keys, Garmin sync and login.

Garmin is replaced at coach_tui.garmin's API (tokens.has_tokens, login.start_login /
finish_login, sync.sync_steps), which is what the app calls; that package's own tests fake
Garmin's HTTP layer.
"""

from __future__ import annotations

from datetime import date

import pytest

from coach_tui.coach.turn import TOO_LONG_MESSAGE
from coach_tui.context import Context
from coach_tui.garmin import login as garmin_login
from coach_tui.garmin import sync
from coach_tui.garmin import tokens as garmin_tokens
from coach_tui.garmin.errors import GarminError
from coach_tui.garmin.login import LoginResult
from coach_tui.memory import journal
from coach_tui.store.db import connect, transaction
from coach_tui.store.steps import Day, upsert_days
from coach_tui.ui.app import CoachApp
from coach_tui.ui.screens.login import LoginScreen
from coach_tui.ui.screens.main import MainScreen
from coach_tui.ui.screens.sessions import SessionsScreen
from coach_tui.ui.widgets.chat import AssistantMessage, UserMessage
from coach_tui.ui.widgets.chat_pane import ChatPane
from coach_tui.ui.widgets.prompt import PromptInput
from coach_tui.ui.widgets.status import StatusLine
from coach_tui.ui.widgets.steps_chart import StepsChart
from coach_tui.ui.widgets.sync_panel import SyncPanel
from coach_tui.ui.widgets.turn_lines import failure_text
from tests.support import drawn_texts, opened, until

TODAY = date(2026, 11, 30)


@pytest.fixture
def ctx(coach_home):
    context = Context()
    journal.save_entry(context.conn, "Walks at lunch.", source="user", entry_date="2026-11-25")
    yield context
    context.close()


async def test_typed_keys_then_enter_send_exactly_what_was_typed(api, ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        # The keys arrive together, as from a fast typist or a terminal that batches input.
        await pilot.press("o", "k", "ctrl+j", "g", "o", "enter")
        await until(pilot, lambda: screen.query(UserMessage) and not screen.turn_running)
        assert screen.query(UserMessage).last().text == "ok\ngo"
    assert api.requests[-1]["messages"][-1]["content"][-1]["text"] == "ok\ngo"


async def test_enter_before_the_session_opens_sends_once_it_opens(api, ctx):
    # The greeting is in the first frame and the session opens just after it: a message sent
    # in between stays in the box and goes out when the session is there, not lost to a toast.
    app = CoachApp(ctx)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        pane = screen.query_one(ChatPane)
        session, pane.session = pane.session, None       # as in the first frame
        await pilot.press("h", "i", "enter")
        await pilot.pause()
        assert not screen.query(UserMessage) and pane.prompt.text == "hi" and not api.requests
        await pane.start_session(session, demo_reason=ctx.demo_reason, api_key_configured=True)
        await until(pilot, lambda: screen.query(UserMessage) and not screen.turn_running)
        assert screen.query(UserMessage).last().text == "hi" and pane.prompt.text == ""
    assert api.requests[-1]["messages"][-1]["content"][-1]["text"] == "hi"


async def test_resuming_a_session_reuses_its_stored_snapshot(api, ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        assert screen.session.session_id is None        # created by its first message
        screen.query_one(PromptInput).text = "first session"
        await pilot.press("enter")
        await until(pilot, lambda: screen.query(AssistantMessage) and not screen.turn_running)
        first_id = screen.session.session_id
        first_system = api.requests[-1]["system"]

        # A line written now reaches new sessions, never the old one's frozen snapshot.
        journal.save_entry(ctx.conn, "Prefers evening walks now.", source="user",
                           entry_date="2026-11-30")
        await pilot.press("ctrl+n")
        await until(pilot, lambda: screen.session.session_id != first_id)
        assert screen.session.session_id is None
        assert not screen.query(UserMessage)

        await pilot.press("ctrl+o")
        picker = app.screen
        assert isinstance(picker, SessionsScreen)
        await pilot.press("enter")  # the newest other session is highlighted
        await until(pilot, lambda: screen.session.session_id == first_id)
        assert drawn_texts(screen, "user") == ["first session"]
        meta = next(b.meta for b in screen.chat.history.blocks if b.kind == "reply")
        assert "cached" in meta or "$" in meta

        screen.query_one(PromptInput).text = "back again"
        await pilot.press("enter")
        await until(pilot, lambda: drawn_texts(screen, "user") == ["first session", "back again"]
                    and not screen.turn_running)
    assert api.requests[-1]["system"] == first_system
    assert "Prefers evening walks now." not in str(api.requests[-1]["system"])


async def test_keys_can_be_remapped_by_binding_id(api, ctx):
    config = ctx.settings.paths.config_file
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text('[keys]\n"memory.toggle" = "f2"\n"no.such.key" = "f3"\n'
                      '"session.new" = "f4"\n', encoding="utf-8")
    ctx._settings = None  # read the config again
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await pilot.press("f2")
        assert "memory OFF" in str(screen.query_one(StatusLine).render())
        warnings = [n.message for n in app._notifications]
        assert any("no key has the id no.such.key" in m for m in warnings)
        # The engine names no key for "start a new session"; the app names the remapped one.
        said = failure_text("failed", TOO_LONG_MESSAGE, kind="too_long", screen=screen)
        assert said == f"{TOO_LONG_MESSAGE} Press f4 to start one."
        assert failure_text("failed", "x", kind="network", screen=screen) == "x"
        screen.choose_model("claude-test")
        await until(pilot, lambda: any("f4 starts one now" in n.message
                                       for n in app._notifications))
        # A snapshot from an earlier day: the status line names the remapped key too.
        screen.set_status(memory_as_of="2026-11-29")
        await pilot.pause()
        line = str(screen.query_one(StatusLine).render())
        assert "memory as of 2026-11-29 (f4 refreshes)" in line and "ctrl+n" not in line


async def test_every_footer_key_is_in_the_command_palette(api, ctx):
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        titles = [c.title for c in app.get_system_commands(screen)]
        for wanted in ("Memory on / off  (ctrl+t · memory.toggle)",
                       "New session  (ctrl+n · session.new)",
                       "Past sessions  (ctrl+o · session.open)",
                       "Review the last whole week (Mon–Sun)  (ctrl+r · review.write)",
                       "Sync steps from Garmin  (ctrl+g · garmin.sync)",
                       "Quit  (ctrl+q · app.quit)", "Send the message  (enter · chat.send)",
                       "Keys and where your data lives  (f1 · app.help)"):
            assert wanted in titles
        # F1's help stands for Textual's own keys panel, which would narrow the chat and
        # not close on Esc: the palette does not offer it.
        assert "Keys" not in titles
        footer_ids = {b.binding.id for b in screen.active_bindings.values() if b.binding.show}
        assert {"memory.toggle", "session.new", "session.open", "review.write",
                "garmin.sync", "app.quit", "chat.send"} <= footer_ids


def _progress(done: int, window) -> sync.SyncProgress:
    fields = dict(first=TODAY, last=TODAY, windows_done=done, windows=2, window=window,
                  new=done // 2, updated=0, skipped=0)
    return sync.SyncProgress(**{k: v for k, v in fields.items()
                                if k in sync.SyncProgress.__dataclass_fields__})


def _fake_sync(calls: list, steps_today: int):
    def sync_steps(settings, *, days=None, today=None, now=None, progress=None, on_lock_wait=None):
        calls.append("sync")
        result = sync.SyncResult(first=TODAY, last=TODAY, windows=2)
        progress(_progress(0, None))
        conn = connect(settings.paths.db_file)
        try:
            with transaction(conn):
                upsert_days(conn, [Day(TODAY.isoformat(), steps_today, 10_000, None)],
                            source="garmin", synced_at="2026-11-30T09:15:00")
        finally:
            conn.close()
        result.windows_done, result.requests, result.new = 2, 2, 1
        progress(_progress(2, (TODAY, TODAY)))
        return result
    return sync_steps


async def test_ctrl_g_syncs_with_progress_and_the_chart_updates(api, ctx, monkeypatch):
    calls: list = []
    monkeypatch.setattr(garmin_tokens, "has_tokens", lambda settings: True)
    monkeypatch.setattr(sync, "sync_steps", _fake_sync(calls, 12_345))
    seen: list[tuple[int, int]] = []
    original = SyncPanel.show_progress

    def spy(self, report):
        seen.append((report.windows_done, report.windows))
        original(self, report)

    monkeypatch.setattr(SyncPanel, "show_progress", spy)
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await pilot.press("ctrl+g")
        await until(pilot, lambda: calls and not screen.sync_panel.running)
        assert seen == [(0, 2), (2, 2)]
        assert "today 12,345" in screen.query_one(StepsChart).border_subtitle
        assert any("Synced 2026-11-30 to 2026-11-30: 1 day new" in str(n.message)
                   for n in app._notifications)
        assert not screen.query_one("#sync-box").display


async def test_ctrl_g_without_tokens_logs_in_with_mfa_then_syncs(api, ctx, monkeypatch):
    calls: list = []
    tokens = {"saved": False}
    state = object()
    codes: list[str] = []

    def start_login(settings, email, password):
        assert (email, password) == ("me@example.com", "hunter2")
        return LoginResult("needs_mfa", state=state)

    def finish_login(settings, got_state, code):
        assert got_state is state
        codes.append(code)
        if code != "123456":
            raise GarminError("mfa_wrong", "that code was not accepted")
        tokens["saved"] = True
        # Logged in, but the profile (the account's time zone) answered 503.
        return LoginResult("done", profile_note="logged in and the tokens are saved, but "
                           "Garmin's profile did not load (HTTP 503)")

    monkeypatch.setattr(garmin_tokens, "has_tokens", lambda settings: tokens["saved"])
    monkeypatch.setattr(garmin_login, "start_login", start_login)
    monkeypatch.setattr(garmin_login, "finish_login", finish_login)
    monkeypatch.setattr(sync, "sync_steps", _fake_sync(calls, 4_321))
    app = CoachApp(ctx)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        await pilot.press("ctrl+g")
        login = app.screen
        assert isinstance(login, LoginScreen)
        login.query_one("#email").value = "me@example.com"
        await pilot.press("enter")  # on to the password
        await pilot.press(*"hunter2", "enter")
        await until(pilot, lambda: login.query_one("#mfa").display)
        assert login.query_one("#password").value == ""  # never kept past the call

        login.query_one("#code").value = "000000"
        await pilot.press("enter")
        await until(pilot, lambda: codes == ["000000"] and not login.busy)
        assert "You can type the code again" in str(login.query_one("#login-error").render())

        login.query_one("#code").value = "123456"
        await pilot.press("enter")
        await until(pilot, lambda: calls and not screen.sync_panel.running)
        assert isinstance(app.screen, MainScreen)
        assert "today 4,321" in screen.query_one(StepsChart).border_subtitle
        assert any("profile did not load (HTTP 503)" in str(n.message)
                   for n in app._notifications)


async def test_a_sync_that_needs_login_opens_the_login_screen(api, ctx, monkeypatch):
    def sync_steps(settings, **kwargs):
        raise GarminError("login_needed", "Garmin refused the saved tokens: log in again")

    monkeypatch.setattr(garmin_tokens, "has_tokens", lambda settings: True)
    monkeypatch.setattr(sync, "sync_steps", sync_steps)
    app = CoachApp(ctx)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        await pilot.press("ctrl+g")
        await until(pilot, lambda: isinstance(app.screen, LoginScreen))
        assert not screen.sync_panel.running


async def test_a_failed_sync_says_why_in_one_line(api, ctx, monkeypatch):
    def sync_steps(settings, **kwargs):
        raise GarminError("rate_limited", "Garmin is rate limiting; try again in an "
                               "hour (nothing was lost)")

    monkeypatch.setattr(garmin_tokens, "has_tokens", lambda settings: True)
    monkeypatch.setattr(sync, "sync_steps", sync_steps)
    app = CoachApp(ctx)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        await pilot.press("ctrl+g")
        await until(pilot, lambda: app._notifications and not screen.sync_panel.running)
        note = list(app._notifications)[-1]
        assert note.severity == "error" and "rate limiting" in note.message



async def test_sync_from_the_demo_goes_to_the_users_own_data(api, coach_home, monkeypatch):
    used: list = []

    def sync_steps(settings, **kwargs):
        used.append(settings.paths.data_dir)
        return sync.SyncResult(first=TODAY, last=TODAY, windows=1, windows_done=1, requests=1)

    monkeypatch.setattr(garmin_tokens, "has_tokens", lambda settings: True)
    monkeypatch.setattr(sync, "sync_steps", sync_steps)
    ctx = Context(demo=True)
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        assert "demo data" in str(screen.query_one(StatusLine).render())
        await pilot.press("ctrl+g")
        await until(pilot, lambda: used and not screen.sync_panel.running)
        assert any("not this demo" in str(n.message) for n in app._notifications)
    ctx.close()
    assert used == [coach_home]  # not coach_home / "demo"
