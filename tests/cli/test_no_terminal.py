"""`coach-tui` (the app) without a terminal: one line pointing to `ask`, exit 2, no screen; and
what `--help` tells about the places, the environment and the exit codes."""

from __future__ import annotations

import os
import pty
import subprocess
import sys

from tests.support import REPO

LINE = ("coach-tui: the app needs a terminal for its input and its screen; from a script or a "
        "pipe use `coach-tui ask TEXT` (`ask -` reads the message from stdin)\n")


def test_no_terminal_at_all_is_one_line_and_exit_2(cli, home):
    assert cli() == (2, "", LINE)
    assert cli("--demo") == (2, "", LINE)
    assert not (home / "demo").exists()   # nothing was seeded for a screen never drawn


def test_stdout_into_a_file_with_a_terminal_for_keys_draws_nothing(home, tmp_path):
    controller, terminal = pty.openpty()
    out = tmp_path / "screen.txt"
    try:
        with out.open("wb") as sink:
            done = subprocess.run([sys.executable, "-m", "coach_tui"], stdin=terminal,
                                  stdout=sink, stderr=subprocess.PIPE, cwd=REPO, timeout=60,
                                  env=dict(os.environ, COACH_TUI_HOME=str(home)))
    finally:
        os.close(controller)
        os.close(terminal)
    assert (done.returncode, done.stderr.decode()) == (2, LINE)
    assert out.read_bytes() == b""


def test_help_names_the_places_the_environment_and_the_exit_codes(cli_exit, home):
    code, out, err = cli_exit("--help")
    assert code == 0 and err == ""
    assert f"data     {home}  (coach.db" in out
    assert f"config   {home / 'config.toml'}  (a persona.md beside it" in out
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "COACH_TUI_HOME", "COACH_MEMORY",
                 "GARMINTOKENS", "COACH_TUI_NOW"):
        assert name in out
    assert "exit codes: 0 done; 1 it failed" in out and "4 with --strict" in out
    code, out, _ = cli_exit("ask", "--help")
    assert code == 0 and "exit codes: 0 the reply arrived whole; 1 no reply" in out
