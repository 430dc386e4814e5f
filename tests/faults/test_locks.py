"""Another process holds the write lock: writers wait it out, and paid work is never lost.

The lock is held for real by a second process (BEGIN IMMEDIATE, then COMMIT when the test
releases it), and coach-tui runs as a subprocess, as two terminals would (in the test's own
process where the test does nothing while it waits). A lock is held as long
as the test needs it and no longer: until the writer has printed its notice (it waited
LOCK_NOTICE_SECONDS, 2 s; COACH_TUI_LOCK_NOTICE shortens it to QUICK_NOTICE where the delay is
not the point) and, where the point is the length of the wait, past sqlite's default 5 s busy
timeout. COACH_TUI_LOCK_WAIT shortens the 30 s wait where a test needs the wait to run out.
"""

from __future__ import annotations

import sqlite3
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from coach_tui.store import sessions as store
from coach_tui.store.db import LOCK_NOTICE_SECONDS
from tests.engine_support import seed_steps
from tests.faults.support import REPO, env_for, one_line_no_traceback

pytestmark = pytest.mark.slow

# Python's sqlite3 waits 5 s for a lock by default; a writer that outlasts a lock longer than
# that is using coach-tui's own wait (30 s), not the default.
SQLITE_DEFAULT_TIMEOUT = 5.0
NOTICE = "another coach-tui is writing; waiting up to 30 s"
QUICK_NOTICE = {"COACH_TUI_LOCK_NOTICE": "0.2"}  # the notice after 0.2 s of waiting, not 2 s

HOLDER = """
import select, sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
select.select([sys.stdin], [], [], float(sys.argv[2]))  # until released, or at most this long
conn.execute("COMMIT")
"""


class Lock:
    """Another process holding the database's write lock, from when this returns until
    `release()` (or `seconds` at most, or `kill()`)."""

    def __init__(self, db: Path, seconds: float) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", HOLDER, str(db), str(seconds)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout.readline().strip() == "locked"
        self.taken = time.monotonic()
        self.held = 0.0

    def release(self) -> None:
        """Commit and end; `held` is how long the lock was held."""
        self.process.stdin.write("go\n")
        self.process.stdin.flush()
        assert self.process.wait(timeout=30) == 0
        self.held = time.monotonic() - self.taken

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()


def hold_lock(db: Path, seconds: float = 60) -> Lock:
    return Lock(db, seconds)


def start(home: Path, *args: str, **env: str) -> subprocess.Popen:
    """`coach-tui ARGS` started, not waited for (stdout and stderr are pipes)."""
    return subprocess.Popen([sys.executable, "-m", "coach_tui", *args], env=env_for(home, **env),
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def until_notice(proc: subprocess.Popen) -> bytes:
    """Read the command's stderr up to and including its lock notice; returns what was read.
    The notice comes only once a write has waited LOCK_NOTICE_SECONDS for the lock."""
    read = b""
    while NOTICE.encode() not in read:
        line = proc.stderr.readline()
        assert line, f"the command ended without a lock notice: {read!r}"
        read += line
    return read


def finish(proc: subprocess.Popen, err_so_far: bytes) -> tuple[int, bytes, str]:
    out, err = proc.communicate(timeout=60)
    return proc.returncode, out, (err_so_far + err).decode()


def api_env(api) -> dict[str, str]:
    return {"ANTHROPIC_BASE_URL": api.url, "ANTHROPIC_API_KEY": api.api_key}


def test_a_reply_that_arrives_during_a_lock_longer_than_sqlites_default_wait_is_saved(
        api, conn, coach_home):
    """The reply is paid for: its write waits past the notice and past sqlite's default 5 s,
    then lands once the other writer commits."""
    locks = []

    def reply_while_locked(body):
        # The request has arrived: lock the database, then answer while the lock is held.
        locks.append(hold_lock(coach_home / "coach.db"))
        return "Keep walking after lunch."

    api.responder = reply_while_locked
    proc = start(coach_home, "ask", "any advice?", **api_env(api))
    err = until_notice(proc)  # the reply's write has waited LOCK_NOTICE_SECONDS (the default)
    # Hold on until that write has waited longer than sqlite's own default would allow.
    time.sleep(SQLITE_DEFAULT_TIMEOUT - LOCK_NOTICE_SECONDS + 0.5)
    assert proc.poll() is None  # still waiting, not given up
    locks[0].release()
    code, out, err = finish(proc, err)
    assert code == 0, err
    assert locks[0].held >= SQLITE_DEFAULT_TIMEOUT + 0.5
    assert out == b"Keep walking after lunch.\n"
    assert NOTICE in err and "Traceback" not in err
    session_id = store.latest_used_session_id(conn)
    replies = [t.text for t in store.list_turns(conn, session_id) if t.role == "assistant"]
    assert replies == ["Keep walking after lunch."]


def test_a_review_that_arrives_during_a_lock_is_saved(api, conn, coach_home):
    """The review arrives while another process writes: saving it waits (the notice shows it
    waited), and it is stored once the lock is released."""
    seed_steps(conn, goal=10_000)
    locks = []
    replies = ["A steady week.", "MEMORY: Steady through the week"]

    def reply_while_locked(body):
        if not locks:  # the review's request: lock the database before the review arrives
            locks.append(hold_lock(coach_home / "coach.db"))
        return replies.pop(0)

    api.responder = reply_while_locked
    proc = start(coach_home, "review", "--save", **api_env(api), **QUICK_NOTICE)
    err = until_notice(proc)
    locks[0].release()
    code, out, err = finish(proc, err)
    assert code == 0, err
    assert out == b"A steady week.\n"
    assert "saved review 1 (week:2026-W48)" in err and "Traceback" not in err
    assert conn.execute("SELECT text FROM reviews").fetchall() == [("A steady week.",)]


def test_journal_add_waits_for_a_short_lock(coach_home, conn):
    """Locked before the command starts and released once it has said that it waits."""
    lock = hold_lock(coach_home / "coach.db")
    proc = start(coach_home, "journal", "add", "Walks the dog", **QUICK_NOTICE)
    err = until_notice(proc)
    lock.release()
    code, out, err = finish(proc, err)
    assert code == 0, err
    assert b"added line 1" in out
    assert "waiting up to 30 s" in err


def test_a_lock_held_past_the_wait_is_one_line(coach_home, conn, cli, monkeypatch):
    # The commands run in the test's process (nothing in it waits on the lock's holder, and
    # `main` is what a process runs: a traceback would fail the test here too); each waits
    # 0.2 s, as long as proving that the wait runs out needs.
    monkeypatch.setenv("COACH_TUI_LOCK_WAIT", "0.2")
    lock = hold_lock(coach_home / "coach.db")
    for args in (("journal", "add", "Walks the dog"), ("journal", "delete", "1"),
                 ("memory", "on")):
        code, _, err = cli(*args)
        assert code == 1
        line = one_line_no_traceback(err.encode())
        assert line.startswith("coach-tui: another coach-tui is writing to "), args
        assert line.endswith("did not finish within 0.2 s; try again when it has finished")
    lock.kill()


def test_a_review_that_still_cannot_be_saved_goes_to_a_recovery_file(
        api, conn, coach_home, cli, monkeypatch):
    # coach-tui runs in the test's process here (nothing in it waits on the lock's holder), so
    # the test pays no second process start and SDK import.
    seed_steps(conn, goal=10_000)
    api.queue_reply("A steady week.")
    monkeypatch.setenv("COACH_TUI_LOCK_WAIT", "0.5")
    lock = hold_lock(coach_home / "coach.db")  # released by the kill below
    code, out, err = cli("review", "--save")
    lock.kill()
    assert code == 1
    assert out == "A steady week.\n"
    line = err.splitlines()[-1]
    assert "Traceback" not in err
    assert line.startswith("coach-tui: the review arrived but could not be saved (another "
                           "coach-tui is writing")
    kept = Path(line.rsplit("it is kept in ", 1)[1])
    assert kept.parent == coach_home / "recovery"
    assert "A steady week." in kept.read_text()
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert sqlite3.connect(coach_home / "coach.db").execute(
        "SELECT count(*) FROM reviews").fetchone() == (0,)
