"""Ctrl-C, SIGTERM and SIGHUP in the middle of a streaming `ask` or `review`, in process: a real
signal is sent to this process while the fake Messages API paces the reply, and the handlers
coach-tui installs turn it into the interrupt a stop is made of (tests/faults/test_signals.py
does the same to real processes and to the app)."""

from __future__ import annotations

import os
import signal
import sqlite3
import time

import pytest

from coach_tui.cli import coach_cmds
from coach_tui.coach import interrupts
from tests.engine_support import seed_steps

DELTA = 0.02
LONG_REPLY = "Fake coach reply: " + "walk more, " * 600


@pytest.fixture
def signal_mid_reply(api, monkeypatch):
    """`send(signum)`: the signal arrives once three chunks of the reply are on stdout."""
    api.seconds_per_text_delta = DELTA
    api.queue_reply(LONG_REPLY)
    unhandled: list[int] = []
    # If coach-tui installed no handler, the signal must fail the test, not end the run.
    guard = {sig: signal.signal(sig, lambda s, f: unhandled.append(s))
             for sig in (signal.SIGTERM, signal.SIGHUP)}
    write = coach_cmds._write

    def send(signum: int) -> None:
        written = []

        def write_then_signal(chunk: str) -> None:
            write(chunk)
            written.append(chunk)
            if len(written) == 3:
                os.kill(os.getpid(), signum)

        monkeypatch.setattr(coach_cmds, "_write", write_then_signal)

    yield send
    for sig, handler in guard.items():
        signal.signal(sig, handler)
    assert not unhandled


@pytest.mark.parametrize(("signum", "said"), [
    (signal.SIGTERM, "stopped by SIGTERM"),
    (signal.SIGHUP, "stopped by SIGHUP (the terminal closed)"),
    (signal.SIGINT, "interrupted"),
])
def test_a_signal_during_ask_keeps_the_partial_reply_marked(cli, home, signal_mid_reply,
                                                             signum, said):
    signal_mid_reply(signum)
    code, out, err = cli("ask", "hi")
    assert code == 128 + signum
    usage_line, said_line = err.splitlines()           # what it cost, then what was kept
    assert " out; cost ≥$" in usage_line and "session ≥$" in usage_line
    assert said_line == (f"coach-tui: {said}; the partial reply is kept, marked stopped, and "
                         "your message is marked interrupted")
    conn = sqlite3.connect(home / "coach.db")
    rows = conn.execute("SELECT role, status, stop_reason, text, cost_usd, "
                        "input_tokens + cache_creation_tokens + cache_read_tokens "
                        "FROM turns ORDER BY turn_id")
    (user, reply) = rows.fetchall()
    conn.close()
    assert user[:2] == ("user", "interrupted")
    assert reply[:3] == ("assistant", "interrupted", "stopped")
    assert reply[3] and out.startswith(reply[3])        # what was printed is what is kept
    assert reply[4] > 0 and reply[5] > 0                # billed, so counted
    code, shown, _ = cli("sessions", "show", "1")
    assert code == 0 and "(interrupted)\n\nhi\n" in shown


def test_sigterm_during_review_says_nothing_was_saved(cli, conn, signal_mid_reply):
    seed_steps(conn, goal=10_000)
    signal_mid_reply(signal.SIGTERM)
    code, out, err = cli("review")
    assert code == 143 and out.strip()
    usage_line, said_line = err.splitlines()           # what it cost, then that it is not saved
    assert "cost ≥$" in usage_line
    assert said_line == ("coach-tui: stopped by SIGTERM; the review was not finished, so "
                         "nothing was saved")
    assert conn.execute("SELECT count(*) FROM reviews").fetchone() == (0,)
    # Billed, so kept to be counted, but never offered for saving.
    assert conn.execute("SELECT status FROM review_drafts").fetchall() == [("unfinished",)]


def test_a_signal_while_the_reply_is_stored_waits_for_the_store(cli, home):
    """`held()`: a signal that lands while the engine stores waits, then raises."""
    with interrupts.handled(), pytest.raises(interrupts.Terminated), interrupts.held():
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.01)  # the handler ran here, and only recorded the signal
        stored = True
    assert stored


def test_sigterm_while_waiting_to_retry_marks_the_message_interrupted(api, cli, home,
                                                                      monkeypatch):
    api.queue_error(429, "rate_limit_error", "slow down", retry_after=30)
    announce = coach_cmds._announce_wait

    def announce_then_signal(seconds: float, why: str) -> None:
        announce(seconds, why)
        os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(coach_cmds, "_announce_wait", announce_then_signal)
    code, _, err = cli("ask", "hi")
    assert code == 143  # (a wait left to run out would retry, and the reply would arrive)
    assert err.splitlines()[-1] == ("coach-tui: stopped by SIGTERM; your message is kept, "
                                    "marked interrupted (no reply had arrived)")
    conn = sqlite3.connect(home / "coach.db")
    assert conn.execute("SELECT role, status FROM turns").fetchall() == [("user", "interrupted")]
    conn.close()
