"""The app starts without the heavy SDKs: they are imported when first needed."""

from __future__ import annotations

import subprocess
import sys
import textwrap

HEAVY = ("anthropic", "garminconnect", "httpx", "requests")


def run(code: str, tmp_path) -> str:
    env = {"COACH_TUI_HOME": str(tmp_path), "COACH_TUI_NOW": "2026-11-30T09:15:00",
           "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_importing_the_app_imports_no_sdk(tmp_path):
    out = run("""
        import sys
        import coach_tui.ui.app
        print(sorted(m for m in sys.modules if m.split('.')[0] in %r))
    """ % (HEAVY,), tmp_path)
    assert out.strip() == "[]"


def test_the_first_screen_paints_and_a_session_opens_before_any_sdk_loads(tmp_path):
    out = run("""
        import asyncio, sys
        from coach_tui.context import Context
        from coach_tui.ui.app import CoachApp

        HEAVY = %r
        def heavy():
            return sorted(m for m in sys.modules if m.split('.')[0] in HEAVY)

        async def main():
            app = CoachApp(Context(demo=True))
            async with app.run_test(size=(100, 30)) as pilot:
                print("painted", heavy(), app.startup_ms is not None)
                while app.screen.session is None:
                    await pilot.pause(0.01)
                print("session", heavy())
        asyncio.run(main())
    """ % (HEAVY,), tmp_path)
    assert "painted [] True" in out
    assert "session []" in out
