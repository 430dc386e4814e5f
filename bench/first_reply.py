"""First reply against later replies: how long after Enter the first text of a reply shows, for
the first message of a fresh process and for the second, against the test suite's fake Messages
API (local, no network), in one run.

Each sample is a fresh interpreter running the real app headless on the demo data (so the SDK
is not imported yet), pointed at the fake API. The child waits until the session is open, then
the time a person takes to type a first message (`--typing`, 2 s by default), sends it, and
measures Enter -> first reply text; then the same for a second message. `--no-preload` turns off
the app's background SDK import, to show what it saves. Target: median first / second <= 1.2.

The background work (importing the SDK, warming its reply path, building the client) takes about
2 s on a loaded 2-core machine, as long as the default typing time: each run says when it was
ready, and the summary gives the ratio over all runs and over the runs where it was ready before
Enter (a message sent sooner waits for the rest of it, mostly the SDK's import).

    .venv/bin/python bench/first_reply.py [--runs 5] [--typing 2.0] [--no-preload]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.fakes.messages_api import FakeMessagesAPI  # noqa: E402

CHILD = r"""
import asyncio, json, sys, time
from coach_tui.coach.warmup import SharedClient
from coach_tui.context import Context
from coach_tui.ui.app import CoachApp
from coach_tui.ui.widgets.prompt import PromptInput
from coach_tui.ui.widgets.stream import StreamedMarkdown

typing, preload = float(sys.argv[1]), sys.argv[2] == "1"
if not preload:
    CoachApp.preload_sdk = lambda self: None
prepared = []  # when the background work finished (stamped by it, so nothing polls)
original_prepare = SharedClient.prepare

def prepare(self):
    original_prepare(self)
    prepared.append(time.perf_counter())

SharedClient.prepare = prepare
started = []
original = StreamedMarkdown.write

async def write(self, chunk):
    started.append(time.perf_counter())
    await original(self, chunk)

StreamedMarkdown.write = write

async def main():
    app = CoachApp(Context(demo=True))
    out = []
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        while screen.session is None:
            await pilot.pause(0.01)
        opened = time.perf_counter()
        await pilot.pause(typing)
        ready = (prepared[0] - opened) * 1000 if prepared else None
        for text in ("How did last week go?", "And what about today?"):
            started.clear()
            screen.query_one(PromptInput).text = text
            sent = time.perf_counter()
            await pilot.press("enter")
            while not started:
                await pilot.pause(0.001)
            out.append((started[0] - sent) * 1000)
            while screen.turn_running:
                await pilot.pause(0.01)
            await pilot.pause(typing / 4)
    print(json.dumps(out + [ready]))

asyncio.run(main())
"""


def sample(api: FakeMessagesAPI, typing: float,
           preload: bool) -> tuple[float, float, float | None]:
    """(first reply ms, second reply ms, ms from the session opening until the background
    work was done, or None when it was not done at Enter)."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, COACH_TUI_HOME=home, COACH_TUI_NOW="2026-11-30T09:15",
                   ANTHROPIC_BASE_URL=api.url, ANTHROPIC_API_KEY=api.api_key,
                   PYTHONPATH=str(REPO))
        done = subprocess.run([sys.executable, "-c", CHILD, str(typing), "1" if preload else "0"],
                              env=env, cwd=REPO, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise SystemExit(done.stderr[-2000:])
        first, second, ready = json.loads(done.stdout.strip().splitlines()[-1])
        return first, second, ready


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--typing", type=float, default=2.0,
                        help="seconds between the session opening and the first Enter")
    parser.add_argument("--no-preload", action="store_true",
                        help="turn off the background SDK import (what it saves)")
    args = parser.parse_args()
    runs = []
    with FakeMessagesAPI() as api:
        for run in range(args.runs):
            first, second, ready = sample(api, args.typing, not args.no_preload)
            runs.append((first, second, ready))
            when = "not ready at Enter" if ready is None else f"ready after {ready:5.0f} ms"
            print(f"run {run + 1}: first reply {first:7.0f} ms   second {second:7.0f} ms   "
                  f"background work {when}", flush=True)
    summary("median", runs)
    summary("median, ready before Enter", [r for r in runs if r[2] is not None])
    if args.no_preload:
        print("[preload off]")


def summary(label: str, runs: list[tuple[float, float, float | None]]) -> None:
    if not runs:
        print(f"{label}: no runs")
        return
    f = statistics.median(r[0] for r in runs)
    s = statistics.median(r[1] for r in runs)
    print(f"{label} ({len(runs)} runs): first {f:.0f} ms, second {s:.0f} ms; "
          f"first / second = {f / s:.2f} (target <= 1.2)")


if __name__ == "__main__":
    main()
