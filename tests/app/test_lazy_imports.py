"""The app starts without the heavy SDKs: they are imported when first needed."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from tests.support import PINNED_NOW

HEAVY = ("anthropic", "garminconnect", "httpx", "requests")
# What the first frame does not wait for (issue 23): the engine and the store of past chats
# (the session opens right after the frame), what fills the sidebar (read right after it) and
# the Markdown stored replies are drawn with (when one is).
AFTER_FIRST_FRAME = ("coach_tui.coach.session", "coach_tui.coach.transcript",
                     "coach_tui.store.sessions", "coach_tui.memory.snapshot",
                     "coach_tui.ui.widgets.stored_markdown", "rich.markdown")


def run(code: str, tmp_path, *, key: bool = False) -> str:
    env = {"COACH_TUI_HOME": str(tmp_path), "COACH_TUI_NOW": PINNED_NOW,
           "PATH": "/usr/bin:/bin"}
    if key:  # the SDK is preloaded only when a reply can be asked for
        env["ANTHROPIC_API_KEY"] = "sk-ant-test-not-used"
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_importing_the_app_imports_no_sdk(tmp_path):
    out = run(f"""
        import sys
        import coach_tui.ui.app
        print(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r}))
    """, tmp_path)
    assert out.strip() == "[]"


@pytest.mark.slow  # a fresh process that imports the SDK: seconds
def test_the_first_screen_paints_before_any_sdk_and_the_engine_load_then_the_sdk_preloads(
        tmp_path):
    out = run(f"""
        import asyncio, sys, time
        from coach_tui.context import Context
        from coach_tui.ui.app import CoachApp

        HEAVY = {HEAVY!r}
        def heavy():
            # A copy: the background preload adds modules while this runs.
            return sorted(m for m in sys.modules.copy() if m.split('.')[0] in HEAVY)
        def later():
            return sorted(m for m in {AFTER_FIRST_FRAME!r} if m in sys.modules)

        # What is loaded when the first frame is on screen (the app's `on_ready` resumes the
        # collector there): read then, not once the pilot gets its turn, by which time a busy
        # machine has let the session open right after the frame begin.
        at_frame = []
        from coach_tui.ui import startup_gc
        resume = startup_gc.resume
        def first_frame():
            at_frame.extend((heavy(), later()))
            resume()
        startup_gc.resume = first_frame

        async def main():
            app = CoachApp(Context(demo=True))
            async with app.run_test(size=(100, 30)) as pilot:
                print("painted", at_frame[0], app.startup_ms is not None)
                print("deferred", at_frame[1])
                while app.screen.session is None:
                    await pilot.pause(0.01)
                print("session", heavy())
                print("opened", later())
                # Then the model SDK loads in the background, before any message is sent.
                # Until it has loaded, with a ceiling well inside the process's own timeout:
                # a cold import on a loaded machine can outlast 1000 pauses of 10 ms.
                deadline = time.monotonic() + 45
                while "anthropic" not in sys.modules and time.monotonic() < deadline:
                    await pilot.pause(0.01)
                print("preloaded", "anthropic" in sys.modules)
        asyncio.run(main())
    """, tmp_path, key=True)
    assert "painted [] True" in out
    assert "deferred []" in out
    # the session and the sidebar's content came right after the frame, a stored reply's
    # Markdown is still not needed
    assert "opened ['coach_tui.coach.session', 'coach_tui.coach.transcript', " \
        "'coach_tui.memory.snapshot', 'coach_tui.store.sessions']" in out
    assert "session" in out  # it opened (the preload starts only then, so it may be running)
    assert "preloaded True" in out
