"""Failures that need a real process to happen, each said as its cause (issue 21, item 7)."""

from __future__ import annotations

import resource
import sqlite3
import subprocess
import sys

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
