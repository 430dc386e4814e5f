"""Plain helpers shared by several test modules (fixtures live in conftest.py)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib.util
import sqlite3
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "tests" / "data"

def bench_module(file: str, name: str) -> ModuleType:
    """bench/`file` (a script, not a package module) loaded as the module `name`, registered
    in sys.modules (its dataclasses look their module up there)."""
    spec = importlib.util.spec_from_file_location(name, REPO / "bench" / file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


# The one pinned clock of the suite: a Monday morning, so the week before (2026-W48) is
# complete and yesterday (Sunday) is the ledger's last day. The `clock` fixture sets it.
PINNED_NOW = "2026-11-30T09:15"

# The day lines of week 48 (Mon 23 to Sun 29 November 2026) as the app writes them in a
# request: the week the number checker's labelled requests are about
WEEK_48_DAYS = """- Mon 2026-11-23: 9,231 steps, goal 10,000, not met
- Tue 2026-11-24: 8,963 steps, goal 10,000, not met
- Wed 2026-11-25: 12,028 steps, goal 10,000, met
- Thu 2026-11-26: 7,651 steps, goal 10,000, not met
- Fri 2026-11-27: 10,269 steps, goal 10,000, met
- Sat 2026-11-28: 9,717 steps, goal 10,000, not met
- Sun 2026-11-29: 11,470 steps, goal 10,000, met
"""


def step_rows(settings) -> list[tuple]:
    """Every stored day as (date, steps, goal, distance_m, source), oldest first."""
    if not settings.paths.db_file.exists():
        return []
    conn = sqlite3.connect(settings.paths.db_file)
    try:
        return conn.execute(
            "SELECT date, steps, goal, distance_m, source FROM daily_steps ORDER BY date"
        ).fetchall()
    finally:
        conn.close()


async def until(pilot, condition, *, timeout: float = 30.0) -> None:
    """Let the app run until `condition()` holds (workers finish in other threads).

    `timeout` is only a ceiling for a condition that never comes: a wait ends as soon as its
    condition holds, so the ceiling is generous enough for a machine under load (2 cores
    shared by a dozen processes) and costs nothing when the test passes."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError("timed out waiting for the app")
        await pilot.pause(0.02)


async def opened(pilot):
    """The app's main screen, once its session is open."""
    from coach_tui.ui.screens.main import MainScreen

    screen = pilot.app.screen
    assert isinstance(screen, MainScreen)
    await until(pilot, lambda: screen.session is not None)
    return screen


async def enter(pilot, screen, text: str) -> None:
    """Type `text` in the message box and press Enter (not waiting for anything)."""
    from coach_tui.ui.widgets.prompt import PromptInput

    prompt = screen.query_one(PromptInput)
    prompt.focus()
    prompt.text = text
    await pilot.press("enter")


async def send(pilot, screen, text: str) -> None:
    """Type `text` in the message box, press Enter, and wait until the turn has ended."""
    from coach_tui.ui.widgets.chat import UserMessage

    sent_before = len(screen.query(UserMessage))
    await enter(pilot, screen, text)
    await until(pilot, lambda: len(screen.query(UserMessage)) > sent_before)
    await until(pilot, lambda: not screen.turn_running)
    await pilot.pause()


def stop_once_streaming(monkeypatch, *, after_chars: int = 40) -> None:
    """Do what Esc does, once, as soon as a streaming reply holds more than `after_chars`
    characters: a stop that lands mid-reply however loaded the machine is."""
    from coach_tui.ui.widgets.stream import StreamedMarkdown

    original = StreamedMarkdown.write
    stopped = False

    async def write(self, chunk):
        nonlocal stopped
        await original(self, chunk)
        if not stopped and len(self.received) > after_chars:
            stopped = True
            await self.app.screen.run_action("stop")

    monkeypatch.setattr(StreamedMarkdown, "write", write)


def drawn_texts(screen, kind: str) -> list[str]:
    """The texts the chat draws, oldest first: `kind` "user" (your messages), "reply" (the
    coach's, as Markdown) or a notice's kind ("hint", "error"): the stored ones (blocks of
    the history's lines) and this session's widgets."""
    from coach_tui.ui.widgets.chat import AssistantMessage, ChatView, Notice, UserMessage

    chat = screen.query_one(ChatView)
    history = chat.history
    texts = [b.text for b in history.blocks if b.kind == kind] if history is not None else []
    for widget in chat.children:
        if kind == "user" and isinstance(widget, UserMessage):
            texts.append(widget.text)
        elif kind == "reply" and isinstance(widget, AssistantMessage):
            texts.append(widget.markdown.source)
        elif isinstance(widget, Notice) and widget.has_class(kind):
            texts.append(str(widget.render()))
    return texts


def saved_reviews(conn: sqlite3.Connection, *, period_key: str | None = None) -> list:
    """Saved reviews (`store.reviews.Review`), newest first; the app itself never lists them."""
    from dataclasses import fields

    from coach_tui.store.reviews import Review

    columns = ", ".join(f.name for f in fields(Review))
    where, args = ("WHERE period_key = ?", (period_key,)) if period_key is not None else ("", ())
    return [Review(*row) for row in conn.execute(
        f"SELECT {columns} FROM reviews {where} ORDER BY review_id DESC", args)]


async def settled(pilot) -> None:
    """Let the app settle before a snapshot: every worker finished (the SDK preload, a sync),
    every scheduled animation done, and the refreshes they queued drawn."""
    await until(pilot, lambda: all(w.is_finished for w in pilot.app.workers))
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


# Python's cycle collector as the suite runs it (tests/conftest.py, once a process has collected
# the tests): what exists then (pytest, the SDKs, Textual, every test module: some 700,000
# objects) is frozen, never scanned again, and the youngest generation is collected every 10,000
# allocations instead of 700. Left as it is, each full pass scans that whole heap (~0.2 s of CPU
# on this machine, a dozen times in an app test file) and the collector took a fifth of the app
# tests' CPU. What is garbage is still collected, only in fewer, shorter passes.
SUITE_GC_THRESHOLDS = (10_000, 10, 10)


def collector_as_the_suite_runs() -> None:
    """Freeze what exists and collect in larger steps; tests that take the collector apart
    (the app's own pause and freeze at start, ui/startup_gc.py) call it again when done."""
    gc.enable()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*SUITE_GC_THRESHOLDS)


@contextlib.contextmanager
def collector_unfrozen() -> Iterator[None]:
    """What the suite froze back within the collector's reach, for a test of code that freezes
    (or leaves frozen) only what it should, and the suite's collector again afterwards. The
    garbage is collected first, while the suite's frozen heap is out of the pass (a short one),
    and what exists afterwards is frozen again without another: a full pass over the unfrozen
    heap took ~0.5 s of CPU per test. What the test left (a few objects) is frozen with the
    rest. Not for a test that leaves much garbage (an app): `collector_as_the_suite_runs`."""
    gc.collect()
    gc.unfreeze()
    try:
        yield
    finally:
        gc.enable()
        gc.freeze()
        gc.set_threshold(*SUITE_GC_THRESHOLDS)


def number_outcome(reply: str, number: str, request) -> str:
    """The number checker's outcome for the first number of `reply` written `number`, checked
    against `request` (a request body or its text); fails if the checker did not read it."""
    from coach_tui.coach.grounding import check

    found = check(reply, request)
    for mention in found:
        if mention.text == number:
            return mention.outcome
    raise AssertionError(f"{number!r} not read in {reply!r}: {[m.text for m in found]}")
