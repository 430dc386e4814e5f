"""Errors the app catches land in the log, and the line on screen says where (issue 19.3)."""

from __future__ import annotations

import pytest

from coach_tui.coach.session import CoachSession
from coach_tui.context import Context
from coach_tui.ui.app import CoachApp
from coach_tui.ui.widgets.chat import Notice
from tests.support import opened, send


@pytest.fixture
def ctx(coach_home):
    context = Context()
    yield context
    context.close()


async def test_a_failing_engine_is_logged_and_the_notice_names_the_file(api, ctx, coach_home,
                                                                       monkeypatch):
    def broken(self, *args, **kwargs):
        raise KeyError("no such row: a bug in the engine")

    monkeypatch.setattr(CoachSession, "send", broken)
    log = coach_home / "logs" / "coach-tui.log"
    async with CoachApp(ctx).run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await send(pilot, screen, "How was my week?")
        notices = [str(n.render()) for n in screen.query(Notice) if n.has_class("error")]

    assert len(notices) == 1
    assert notices[0].startswith("Something went wrong: 'no such row: a bug in the engine'. "
                                 f"The details are in {log}.")
    text = log.read_text()
    assert "Traceback (most recent call last)" in text
    assert "KeyError: 'no such row: a bug in the engine'" in text
    assert "turn failed" in text
    assert log.stat().st_mode & 0o777 == 0o600
    assert log.parent.stat().st_mode & 0o777 == 0o700


async def test_an_unhandled_error_ends_the_app_with_one_line_naming_the_log(ctx, coach_home):
    log = coach_home / "logs" / "coach-tui.log"
    app = CoachApp(ctx)
    shown = []
    app.panic = lambda *renderables: shown.extend(map(str, renderables))  # what it prints

    def bug():
        raise ZeroDivisionError("division by zero")

    with pytest.raises(ZeroDivisionError):
        async with app.run_test(size=(120, 40)) as pilot:
            await opened(pilot)
            app.call_later(bug)
            await pilot.pause(0.1)

    assert shown == [f"coach-tui: unexpected error (ZeroDivisionError); the details are in "
                     f"{log}; please report it with that file"]
    assert "ZeroDivisionError: division by zero" in log.read_text()


async def test_a_warning_from_a_worker_thread_or_the_ui_thread_is_a_toast(ctx):
    import threading

    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await opened(pilot)
        ctx.notify("from the UI thread")
        worker = threading.Thread(target=ctx.notify, args=("from a worker",))
        worker.start()
        while worker.is_alive():
            await pilot.pause(0.02)
        await pilot.pause(0.3)
        toasts = {str(toast.render()) for toast in app.screen.query("Toast")}
    assert {"from the UI thread", "from a worker"} <= toasts
