"""Another process holds the write lock: writers wait it out, and paid work is never lost.

The lock is held for real by a second process (BEGIN IMMEDIATE and sleep), and coach-tui runs
as a subprocess, as two terminals would. COACH_TUI_LOCK_WAIT shortens the 30 s wait where a
test needs the wait to run out.
"""

from __future__ import annotations

import sqlite3
import stat
import subprocess
import sys
import time
from pathlib import Path

from coach_tui.store import sessions as store
from tests.engine_support import seed_steps
from tests.faults.support import coach_tui, one_line_no_traceback

HOLDER = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
conn.execute("COMMIT")
"""


def hold_lock(db: Path, seconds: float) -> subprocess.Popen:
    """Another process holding the database's write lock for `seconds`, from when this returns."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(db), str(seconds)],
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "locked"
    return holder


def api_env(api) -> dict[str, str]:
    return {"ANTHROPIC_BASE_URL": api.url, "ANTHROPIC_API_KEY": api.api_key}


def test_a_reply_that_arrives_during_an_8_second_lock_is_saved(api, conn, coach_home):
    holders = []

    def reply_while_locked(body):
        # The request has arrived: lock the database, then answer while the lock is held.
        holders.append(hold_lock(coach_home / "coach.db", 8))
        return "Keep walking after lunch."

    api.responder = reply_while_locked
    started = time.monotonic()
    out = coach_tui(coach_home, "ask", "any advice?", **api_env(api))
    assert out.returncode == 0, out.stderr
    assert time.monotonic() - started >= 7
    assert out.stdout == b"Keep walking after lunch.\n"
    err = out.stderr.decode()
    assert "another coach-tui is writing; waiting up to 30 s" in err and "Traceback" not in err
    holders[0].wait(timeout=10)
    session_id = store.latest_session_id(conn)
    replies = [t.text for t in store.list_turns(conn, session_id) if t.role == "assistant"]
    assert replies == ["Keep walking after lunch."]


def test_a_review_that_arrives_during_an_8_second_lock_is_saved(api, conn, coach_home):
    seed_steps(conn, goal=10_000)
    api.queue_reply("A steady week.")
    api.queue_reply("MEMORY: Steady through the week")
    holder = hold_lock(coach_home / "coach.db", 8)
    out = coach_tui(coach_home, "review", "--save", **api_env(api))
    holder.wait(timeout=10)
    assert out.returncode == 0, out.stderr
    assert out.stdout == b"A steady week.\n"
    assert "saved review 1 (week:2026-W48)" in out.stderr.decode()
    assert conn.execute("SELECT text FROM reviews").fetchall() == [("A steady week.",)]


def test_journal_add_waits_for_a_short_lock(coach_home):
    assert coach_tui(coach_home, "journal", "list").returncode == 0
    holder = hold_lock(coach_home / "coach.db", 2.5)
    out = coach_tui(coach_home, "journal", "add", "Walks the dog")
    holder.wait(timeout=10)
    assert out.returncode == 0, out.stderr
    assert b"added line 1" in out.stdout
    assert "waiting up to 30 s" in out.stderr.decode()


def test_a_lock_held_past_the_wait_is_one_line(coach_home):
    assert coach_tui(coach_home, "journal", "list").returncode == 0
    holder = hold_lock(coach_home / "coach.db", 60)
    for args in (("journal", "add", "Walks the dog"), ("journal", "delete", "1"),
                 ("memory", "on")):
        out = coach_tui(coach_home, *args, COACH_TUI_LOCK_WAIT="0.5")
        assert out.returncode == 1
        line = one_line_no_traceback(out.stderr)
        assert line.startswith("coach-tui: another coach-tui is writing to "), args
        assert line.endswith("did not finish within 0.5 s; try again when it has finished")
    holder.kill()
    holder.wait()


def test_a_review_that_still_cannot_be_saved_goes_to_a_recovery_file(api, conn, coach_home):
    seed_steps(conn, goal=10_000)
    api.queue_reply("A steady week.")
    holder = hold_lock(coach_home / "coach.db", 60)  # released by the kill below
    out = coach_tui(coach_home, "review", "--save", COACH_TUI_LOCK_WAIT="0.5", **api_env(api))
    holder.kill()
    holder.wait()
    assert out.returncode == 1
    assert out.stdout == b"A steady week.\n"
    line = out.stderr.decode().splitlines()[-1]
    assert "Traceback" not in out.stderr.decode()
    assert line.startswith("coach-tui: the review arrived but could not be saved (another "
                           "coach-tui is writing")
    kept = Path(line.rsplit("it is kept in ", 1)[1])
    assert kept.parent == coach_home / "recovery"
    assert "A steady week." in kept.read_text()
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert sqlite3.connect(coach_home / "coach.db").execute(
        "SELECT count(*) FROM reviews").fetchone() == (0,)
