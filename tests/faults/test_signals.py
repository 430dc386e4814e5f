"""SIGTERM, SIGHUP and kill -9 in the middle of a streaming reply lose nothing.

The app runs as a real process on a pseudo-terminal (`Terminal`), as a user's terminal runs
it, against the fake Messages API pacing its reply (one word every `DELTA` s); the signal is
sent once part of the reply is on screen. The partial reply is stored and marked as Esc marks
it, the message is marked interrupted, the message being typed is kept for the next start, the
terminal is left as it was (also when it is already gone), one line says what was kept, and the
exit code is the shell's. After kill -9 the next start marks the message interrupted.
(tests/cli/test_interrupts.py sends real signals to `ask` and `review` in process, and
tests/app/test_ending.py to the app under the pilot.)
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import signal
import sqlite3
import struct
import subprocess
import sys
import termios
import time

import pytest

from tests.engine_support import seed_steps
from tests.faults.support import REPO, env_for

pytestmark = pytest.mark.slow

DELTA = 0.05  # seconds between the fake's text deltas
LONG_REPLY = "Fake coach reply: " + "walk more, " * 600  # streams for a minute: never done first


def _turns(home) -> list[tuple]:
    conn = sqlite3.connect(home / "coach.db")
    try:
        return conn.execute("SELECT role, status, text, stop_reason, "
                            "input_tokens + cache_creation_tokens + cache_read_tokens, cost_usd "
                            "FROM turns ORDER BY turn_id").fetchall()
    finally:
        conn.close()


# A process that prepared its turn (the message stored, the request planned) and was then
# killed -9 before the reply was stored (as mid-stream: the message is committed before the
# request goes out), without the SDK's import.
KILLED_MID_REPLY = """
import os, signal
from coach_tui.coach.turn_plan import prepare_turn
from coach_tui.context import Context
ctx = Context()
prepare_turn(ctx.conn, ctx.settings, None, "hi", now=ctx.now())
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_after_kill_9_mid_reply_the_next_start_shows_the_message_interrupted(home, cli,
                                                                             clock):
    killed = subprocess.run([sys.executable, "-c", KILLED_MID_REPLY], env=env_for(home),
                            cwd=REPO, timeout=60)
    assert killed.returncode == -signal.SIGKILL
    assert [t[:2] for t in _turns(home)] == [("user", "pending")]
    clock.set("2026-11-30T10:15")                          # an hour on: no reply takes that long
    code, shown, _ = cli("sessions", "show", "1")
    assert code == 0 and "(interrupted)\n\nhi\n\n> Interrupted: coach-tui was ended" in shown
    assert [t[:2] for t in _turns(home)] == [("user", "interrupted")]

class Terminal:
    """The app on a pseudo-terminal, as a user's terminal runs it; `screen` is every byte it
    drew so far. Made by the `terminal` fixture, which kills the app if the test failed
    before it ended (so no app is left running on a closed terminal)."""

    def __init__(self, home, env: dict[str, str]) -> None:
        self.master: int | None
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 110, 0, 0))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "coach_tui"], stdin=slave, stdout=slave, stderr=slave,
            env=env_for(home, TERM="xterm-256color", **env), cwd=REPO, start_new_session=True)
        os.close(slave)
        self.screen = b""

    def read(self, timeout: float = 0.1) -> None:
        if self.master is None:  # hung up
            time.sleep(timeout)
            return
        ready, _, _ = select.select([self.master], [], [], timeout)
        if ready:
            with contextlib.suppress(OSError):  # the child closed its side
                self.screen += os.read(self.master, 65536)

    def until(self, seen: bytes, timeout: float = 60) -> int:
        """Read until `seen` is on screen; where it starts."""
        deadline = time.monotonic() + timeout
        while seen not in self.screen:
            assert time.monotonic() < deadline, (seen, self.screen[-2000:])
            self.read()
        return self.screen.index(seen)

    def type(self, text: str) -> None:
        assert self.master is not None
        os.write(self.master, text.encode())

    def ended(self, timeout: float = 30) -> int:
        deadline = time.monotonic() + timeout
        while self.process.poll() is None:
            assert time.monotonic() < deadline, self.screen[-2000:]
            self.read()
        self.read(0.2)
        self.hang_up()
        return self.process.returncode

    def hang_up(self) -> None:
        """Close the terminal's side, as a closed terminal window does."""
        if self.master is not None:
            os.close(self.master)
            self.master = None

    def close(self) -> None:
        """Kill the app (and anything it started) if it still runs, then close the terminal."""
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)  # its own session: start_new_session
            self.process.wait(timeout=30)
        self.hang_up()


@pytest.fixture
def terminal():
    """`terminal(home, env)` starts the app on a pseudo-terminal; every one it started is
    killed at the end of the test, passed or failed."""
    started: list[Terminal] = []

    def start(home, env: dict[str, str] | None = None) -> Terminal:
        started.append(Terminal(home, env or {}))
        return started[-1]

    yield start
    for term in started:
        term.close()


# What Textual writes to leave the alternate screen and to turn mouse reporting off.
LEAVE_ALT_SCREEN = b"\x1b[?1049l"
MOUSE_OFF = b"\x1b[?1000l"


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_during_an_app_reply_keeps_reply_message_and_draft(api, home, conn, signum,
                                                                     terminal):
    seed_steps(conn, goal=10_000)  # the user's own home: the app opens on it, not the demo
    api.seconds_per_text_delta = DELTA
    api.queue_reply(LONG_REPLY)
    term = terminal(home, {"ANTHROPIC_BASE_URL": api.url, "ANTHROPIC_API_KEY": api.api_key})
    term.until(b"Ask your coach")
    term.type("hi\r")
    term.until(b"Fake coach")                 # the reply is streaming
    term.type("typed, not sent")
    term.until(b"typed, not sent")
    mark = len(term.screen)
    if signum == signal.SIGHUP:
        term.hang_up()                        # the terminal really went away
    term.process.send_signal(signum)
    assert term.ended() == 128 + signum
    (user, reply) = _turns(home)
    assert user[:3] == ("user", "interrupted", "hi")
    assert reply[:2] == ("assistant", "interrupted") and reply[3] == "stopped"
    assert LONG_REPLY.startswith(reply[2]) and reply[4] > 0 and reply[5] > 0
    assert conn.execute("SELECT value FROM settings WHERE key = 'chat.draft'").fetchone() == (
        "typed, not sent",)
    assert b"Traceback" not in term.screen
    if signum == signal.SIGTERM:
        after = term.screen[mark:]
        assert LEAVE_ALT_SCREEN in after and MOUSE_OFF in after
        line = after[after.rindex(LEAVE_ALT_SCREEN):].split(b"coach-tui: ", 1)[1]
        assert line.decode().strip() == (
            "stopped by SIGTERM; the partial reply is kept, marked stopped, and your message "
            "is marked interrupted; the message you were typing is back in the box next time")


def test_a_terminal_closed_without_a_sighup_ends_the_app_and_keeps_the_draft(home, conn,
                                                                            terminal):
    """Some terminals (and test harnesses) only close their side of the pty: no SIGHUP comes,
    the app's input is at end of file for good. The app ends as SIGHUP ends it (the message
    being typed kept for the next start, the shell's 129) within a moment, instead of running
    on with nothing to draw on (it used to spin on the closed input and never end)."""
    seed_steps(conn, goal=10_000)  # the user's own home: the app opens on it, not the demo
    term = terminal(home)
    term.until(b"No API key")                 # drawn (no key needed: nothing is sent)
    term.type("typed, not sent")
    term.until(b"typed, not sent")
    term.hang_up()                            # no signal: only the terminal's side closes
    assert term.ended(timeout=10) == 128 + signal.SIGHUP
    assert conn.execute("SELECT value FROM settings WHERE key = 'chat.draft'").fetchone() == (
        "typed, not sent",)
