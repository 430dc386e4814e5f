"""Ctrl-C and the signals that end a process (SIGTERM, SIGHUP) keep what a stop keeps.

In a command (`ask`, `review`, ...), `handled()` makes SIGTERM and SIGHUP raise `Terminated`,
a KeyboardInterrupt, in the main thread, so they take the path Ctrl-C takes: the streaming
reply becomes `llm.Interrupted` carrying what arrived and what it was billed, the engine stores
it marked "stopped" (as Esc does in the app), counts its cost and marks the message
interrupted, and then raises `Stopped`, which names what was kept in `kept` and carries what
was stored in `result`. The command prints that reply's usage line (cli/coach_cmds.py), and
the entry point the one line, `how(signum)` and `kept` (cli/__init__.py). While the
engine stores that (or any reply), `held()` keeps every one of these signals waiting, so a
second Ctrl-C or a SIGTERM never lands in the middle of the write that keeps the work.

The app runs its own handlers on its event loop (ui/ending.py): a reply streams in a worker
thread there, and the loop stops it as Esc does before it quits.

`exit_code(exc)` is the shell's 128 + signal number: 130 for Ctrl-C, 143 for SIGTERM, 129 for
SIGHUP. `how(signum)` says which it was, as the one line starts.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

ENDING = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP arrived; raised where Ctrl-C raises KeyboardInterrupt."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class Stopped(KeyboardInterrupt):
    """An interrupt after the engine stored what it could; `kept` says what, for the one line.

    `result` is what was stored and billed, for the command's usage line before that line: a
    chat turn's TurnResult (coach/session.py), a review's Usage (coach/review.py); None when
    nothing had reached the service."""

    def __init__(self, signum: int, kept: str, *, result: object = None) -> None:
        super().__init__(kept)
        self.signum = signum
        self.kept = kept
        self.result = result


def signal_of(exc: BaseException) -> int:
    """The signal behind an interrupt (looking through its causes); SIGINT for Ctrl-C."""
    seen: BaseException | None = exc
    while seen is not None:
        signum = getattr(seen, "signum", None)
        if isinstance(signum, int):
            return signum
        seen = seen.__cause__ or seen.__context__
    return signal.SIGINT


def exit_code(exc: BaseException) -> int:
    return 128 + signal_of(exc)


def how(signum: int) -> str:
    """'interrupted' (Ctrl-C), 'stopped by SIGTERM', 'stopped by SIGHUP (the terminal closed)'."""
    if signum == signal.SIGINT:
        return "interrupted"
    if signum == signal.SIGHUP:
        return "stopped by SIGHUP (the terminal closed)"
    return f"stopped by {signal.Signals(signum).name}"


# Signals that arrived inside `held()`, raised when the outermost one ends.
_state = threading.local()
_waiting: list[int] = []


def _raise_for(signum: int, frame: FrameType | None = None) -> None:
    if getattr(_state, "depth", 0):
        _waiting.append(signum)
        return
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise Terminated(signum)


@contextmanager
def handled() -> Iterator[None]:
    """SIGTERM, SIGHUP (and Ctrl-C) raised as interrupts in this (the main) thread until the
    block ends; elsewhere (a worker thread, an embedding app) nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {sig: signal.signal(sig, _raise_for) for sig in ENDING}
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


@contextmanager
def held() -> Iterator[None]:
    """Signals handled by `handled()` wait until the block ends, then raise (the first one);
    when the block itself raises, that exception goes on and the waiting signal is dropped."""
    _state.depth = getattr(_state, "depth", 0) + 1
    try:
        yield
    except BaseException:
        _state.depth -= 1
        if not _state.depth:
            _waiting.clear()
        raise
    _state.depth -= 1
    if not _state.depth and _waiting and threading.current_thread() is threading.main_thread():
        signum = _waiting[0]
        _waiting.clear()
        _raise_for(signum)
