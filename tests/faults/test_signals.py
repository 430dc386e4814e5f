"""SIGTERM, SIGHUP and Ctrl-C in the middle of a streaming reply lose nothing.

`coach-tui ask` and `review` run as real processes against the fake Messages API pacing its
reply (one word every `DELTA` s); the signal is sent once part of the reply is on stdout. The
partial reply is stored and marked as Esc marks it, the message is marked interrupted (and
`sessions show` says so), one line says what was kept, and the exit code is the shell's.
"""

from __future__ import annotations

import os
import select
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from tests.engine_support import seed_steps
from tests.faults.support import REPO, coach_tui, env_for, one_line_no_traceback

pytestmark = pytest.mark.slow

DELTA = 0.05  # seconds between the fake's text deltas: the reply streams for a few seconds


def _signal_mid_reply(api, home, signum: int, *args: str) -> tuple[int, bytes, bytes]:
    """Run `coach-tui ARGS`, send `signum` once some of the reply is on stdout; (exit code,
    stdout, stderr)."""
    api.seconds_per_text_delta = DELTA
    env = env_for(home, ANTHROPIC_BASE_URL=api.url, ANTHROPIC_API_KEY=api.api_key)
    proc = subprocess.Popen([sys.executable, "-m", "coach_tui", *args], env=env, cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = b""
    deadline = time.monotonic() + 60
    while len(out.split()) < 3 and time.monotonic() < deadline:  # a few words arrived
        ready, _, _ = select.select([proc.stdout], [], [], 1)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 4096)
            assert chunk, proc.stderr.read()
            out += chunk
    proc.send_signal(signum)
    rest, err = proc.communicate(timeout=30)
    return proc.returncode, out + rest, err


def _turns(home) -> list[tuple]:
    conn = sqlite3.connect(home / "coach.db")
    try:
        return conn.execute("SELECT role, status, text, stop_reason, "
                            "input_tokens + cache_creation_tokens + cache_read_tokens, cost_usd "
                            "FROM turns ORDER BY turn_id").fetchall()
    finally:
        conn.close()


@pytest.mark.parametrize(("signum", "said"), [
    (signal.SIGTERM, "stopped by SIGTERM"),
    (signal.SIGHUP, "stopped by SIGHUP (the terminal closed)"),
])
def test_a_signal_during_ask_keeps_the_partial_reply_marked(api, home, signum, said):
    code, out, err = _signal_mid_reply(api, home, signum, "ask", "hi")
    assert code == 128 + signum
    assert one_line_no_traceback(err) == (
        f"coach-tui: {said}; the partial reply is kept, marked stopped, and your message is "
        "marked interrupted")
    (user, reply) = _turns(home)
    assert user[:3] == ("user", "interrupted", "hi")
    role, status, text, stop_reason, input_tokens, cost = reply
    assert (role, status, stop_reason) == ("assistant", "interrupted", "stopped")
    assert text and out.decode().startswith(text)       # what was printed is what is kept
    assert input_tokens > 0 and cost > 0                 # billed, so counted
    if signum != signal.SIGTERM:
        return
    shown = coach_tui(home, "sessions", "show", "1")
    assert shown.returncode == 0
    assert b"## You" in shown.stdout and b"(interrupted)\n\nhi\n" in shown.stdout


def test_sigterm_during_review_says_nothing_was_saved(api, home, conn):
    seed_steps(conn, goal=10_000)
    code, out, err = _signal_mid_reply(api, home, signal.SIGTERM, "review")
    assert code == 143 and out.strip()
    assert one_line_no_traceback(err) == (
        "coach-tui: stopped by SIGTERM; the review was not finished, so nothing was saved")
    assert conn.execute("SELECT count(*) FROM reviews").fetchone() == (0,)
