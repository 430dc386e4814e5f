"""Failures that need a real process to happen, each said as its cause (issue 21, item 7)."""

from __future__ import annotations

import os
import resource
import sqlite3
import subprocess
import sys

import pytest

from coach_tui.store import connect
from tests.faults.support import REPO, coach_tui, env_for, one_line_no_traceback

CLOSED = ("coach-tui: standard output is closed (as with `>&-`), so the output has nowhere to "
          "go; run the command with an open stdout, or redirect it to /dev/null to discard it")


def _shell(home, line: str) -> subprocess.CompletedProcess[bytes]:
    """`coach-tui ...` run by a shell, so its redirections (`>&-`) really close descriptors."""
    return subprocess.run(["sh", "-c", f"'{sys.executable}' -m coach_tui {line}"],
                          env=env_for(home), cwd=REPO, stderr=subprocess.PIPE, timeout=60)


def test_a_closed_stdout_is_one_line_and_the_work_is_done(tmp_path):
    home = tmp_path / "home"
    for line in ("facts --demo >&-", "journal add 'Walks the dog' >&-", "journal list >&-"):
        out = _shell(home, line)
        assert out.returncode == 1, line
        assert one_line_no_traceback(out.stderr) == CLOSED, line
    # The line was added: only its confirmation had nowhere to go.
    rows = sqlite3.connect(home / "coach.db").execute("SELECT text FROM journal").fetchall()
    assert rows == [("Walks the dog",)]


def test_closed_stdout_and_stderr_end_quietly_with_a_failure(tmp_path):
    out = _shell(tmp_path / "home", "facts --demo >&- 2>&-")
    assert out.returncode == 1 and out.stderr == b""


def _file_size_limit(limit: int):
    def apply():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


def test_a_full_disk_on_first_run_names_the_disk_not_a_rollback(tmp_path):
    """The file size limit stops the first migrations part way: SQLite has rolled back by
    itself, and the ROLLBACK after it must not put "no transaction is active" in its place."""
    for limit in (40_000, 70_000):
        home = tmp_path / f"home-{limit}"
        out = coach_tui(home, "journal", "list", preexec_fn=_file_size_limit(limit))
        assert out.returncode == 1
        assert one_line_no_traceback(out.stderr) == (
            f"coach-tui: the database {home / 'coach.db'} could not be written: the disk is full "
            "or failing; free some space (or raise the file size limit) and run it again")
        # With the space back, the same home starts.
        assert coach_tui(home, "journal", "list").returncode == 0


NO_TERMINAL = ("coach-tui: no terminal to type the password in, so it is read from standard "
               "input (and may be echoed)")


def test_login_with_no_terminal_says_so_in_one_line_not_getpass_warning(tmp_path):
    """No controlling terminal (a new session) and stdin a pipe: getpass would warn over
    several lines with its own source line; one line says where the password is read from."""
    home = tmp_path / "home"
    for stdin, outcome in ((b"", "coach-tui: login cancelled: no answer was typed"),
                           (b"\n", "coach-tui: enter both your Garmin email and your password")):
        out = coach_tui(home, "login", "--email", "walker@example.com", input=stdin,
                        preexec_fn=os.setsid)
        assert out.returncode == 1
        assert out.stderr.decode().splitlines() == [NO_TERMINAL, outcome]


@pytest.mark.slow
def test_sync_and_the_memory_switch_say_they_wait_for_a_lock(tmp_path):
    from tests.faults.test_locks import QUICK_NOTICE, finish, hold_lock, until_notice

    home = tmp_path / "home"
    connect(home / "coach.db").close()  # the home and database, made as coach-tui makes them
    bootstrap = str(REPO / "tests" / "faults" / "sync_bootstrap.py")
    for command in ([sys.executable, "-m", "coach_tui", "memory", "off"], [sys.executable,
                                                                           bootstrap]):
        lock = hold_lock(home / "coach.db")
        proc = subprocess.Popen(command, env=env_for(home, **QUICK_NOTICE), cwd=REPO,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        err = until_notice(proc)
        lock.release()
        code, out, err = finish(proc, err)
        assert code == 0, err
        assert "another coach-tui is writing; waiting up to 30 s for it to finish" in err
    rows = sqlite3.connect(home / "coach.db").execute(
        "SELECT value FROM settings WHERE key = 'memory_enabled'").fetchall()
    assert rows == [("0",)]
    assert b"synced" in out or b"new" in out, out
