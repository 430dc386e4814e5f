"""First reply against later replies: how long after Enter the first text of a reply shows, for
the first message of a fresh process and for the second, against the test suite's fake Messages
API (local, no network), in one run.

Each sample is a fresh interpreter running the real app headless on the demo data (so the SDK
is not imported yet), pointed at the fake API. The child waits until the session is open, then
the time a person takes to type a first message (`--typing`, 2 s by default), sends it, and
measures Enter -> first reply text; then the same for a second message. `--no-preload` turns off
the app's background SDK import, to show what it saves. Target: median first / second <= 1.2.

`--resumed` measures whether sending depends on a session's length (issue 23, item 2): one home
(built in bulk, as bench/scale.py builds it) holds a 500-exchange session and a 5-exchange one;
each sample is a fresh app that resumes one of them, waits until its background work is done
and then the typing time, and sends two messages. The two sessions alternate run by run, so
the machine's load falls on both alike. Besides Enter -> first reply text it gives Enter -> the
request reaching the fake service. Target: the 500-exchange / 5-exchange ratio of the first
reply <= 1.2.

The background work (importing the SDK, warming its reply path, building the client) takes about
2 s on a loaded 2-core machine, as long as the default typing time: each run says when it was
ready, and the summary gives the ratio over all runs and over the runs where it was ready before
Enter (a message sent sooner waits for the rest of it, mostly the SDK's import).

    .venv/bin/python bench/first_reply.py [--runs 5] [--typing 2.0] [--no-preload]
    .venv/bin/python bench/first_reply.py --resumed [--runs 5] [--typing 1.0]

`--json` prints, last, one line of JSON with the summary figures (bench/table.py reads it).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.fakes.messages_api import FakeMessagesAPI  # noqa: E402

# The child: the real app, headless, on the demo data (argv: typing seconds, preload 1/0) or
# resuming a stored session of COACH_TUI_HOME (argv: typing, preload, session id). Prints the
# JSON [first ms, second ms, ready ms or null, wall time at each Enter..., the process's CPU ms
# from each Enter to its first text...] last.
CHILD = r"""
import asyncio, json, sys, time
from coach_tui.coach.warmup import SharedClient
from coach_tui.context import Context
from coach_tui.ui.app import CoachApp
from coach_tui.ui.widgets.prompt import PromptInput
from coach_tui.ui.widgets.stream import StreamedMarkdown

typing, preload = float(sys.argv[1]), sys.argv[2] == "1"
resume = int(sys.argv[3]) if len(sys.argv) > 3 else None
if not preload:
    CoachApp.preload_sdk = lambda self: None
prepared = []  # when the background work finished (stamped by it, so nothing polls)
original_prepare = SharedClient.prepare

def prepare(self):
    original_prepare(self)
    prepared.append(time.perf_counter())

SharedClient.prepare = prepare
started = []
first_text = None  # an asyncio.Event, set at the first text: the wait for it costs nothing
original = StreamedMarkdown.write

async def write(self, chunk):
    started.append((time.perf_counter(), time.process_time()))
    first_text.set()
    await original(self, chunk)

StreamedMarkdown.write = write

async def main():
    global first_text
    first_text = asyncio.Event()
    app = CoachApp(Context(demo=resume is None))
    out, enters, cpu = [], [], []
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        while screen.session is None:
            await pilot.pause(0.01)
        opened = time.perf_counter()
        if resume is not None:
            # What a user resuming a long chat meets: the background work done, the session
            # drawn, then the time it takes to type.
            while preload and not prepared:
                await pilot.pause(0.01)
            await screen._resume_chosen(resume)
        await pilot.pause(typing)
        ready = (prepared[0] - opened) * 1000 if prepared else None
        for text in ("How did last week go?", "And what about today?"):
            started.clear()
            first_text.clear()
            screen.query_one(PromptInput).text = text
            enters.append(time.time())
            sent, sent_cpu = time.perf_counter(), time.process_time()
            await pilot.press("enter")
            # Awaited, not polled: a pilot.pause(0.001) loop walked every widget each
            # millisecond, ~2 s of the UI thread's CPU over a first reply at load 6, which
            # competed with the SDK import the reply waits for (a person waiting does nothing).
            await first_text.wait()
            out.append((started[0][0] - sent) * 1000)
            cpu.append((started[0][1] - sent_cpu) * 1000)
            while screen.turn_running:
                await pilot.pause(0.01)
            await pilot.pause(typing / 4)
    print(json.dumps(out + [ready] + enters + cpu))

asyncio.run(main())
"""


def child(api: FakeMessagesAPI, home: str, typing: float, preload: bool,
          resume: int | None = None) -> list:
    env = dict(os.environ, COACH_TUI_HOME=home, COACH_TUI_NOW="2026-11-30T09:15",
               ANTHROPIC_BASE_URL=api.url, ANTHROPIC_API_KEY=api.api_key,
               PYTHONPATH=str(REPO))
    env.pop("COACH_MEMORY", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # bytecode cached, as an installed app has it
    argv = [sys.executable, "-c", CHILD, str(typing), "1" if preload else "0"]
    if resume is not None:
        argv.append(str(resume))
    done = subprocess.run(argv, env=env, cwd=REPO, capture_output=True, text=True,
                          timeout=180)
    if done.returncode != 0:
        raise SystemExit(done.stderr[-2000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def sample(api: FakeMessagesAPI, typing: float,
           preload: bool) -> tuple[float, float, float | None]:
    """(first reply ms, second reply ms, ms from the session opening until the background
    work was done, or None when it was not done at Enter)."""
    with tempfile.TemporaryDirectory() as home:
        first, second, ready = child(api, home, typing, preload)[:3]
        return first, second, ready


def fresh(args: argparse.Namespace) -> dict:
    runs = []
    with FakeMessagesAPI() as api:
        for run in range(args.runs):
            first, second, ready = sample(api, args.typing, not args.no_preload)
            runs.append((first, second, ready))
            when = "not ready at Enter" if ready is None else f"ready after {ready:5.0f} ms"
            print(f"run {run + 1}: first reply {first:7.0f} ms   second {second:7.0f} ms   "
                  f"background work {when}", flush=True)
    figures = summary("median", runs)
    summary("median, ready before Enter", [r for r in runs if r[2] is not None])
    if args.no_preload:
        print("[preload off]")
    return figures


def summary(label: str, runs: list[tuple[float, float, float | None]]) -> dict:
    if not runs:
        print(f"{label}: no runs")
        return {}
    f = statistics.median(r[0] for r in runs)
    s = statistics.median(r[1] for r in runs)
    print(f"{label} ({len(runs)} runs): first {f:.0f} ms, second {s:.0f} ms; "
          f"first / second = {f / s:.2f} (target <= 1.2)")
    return {"runs": len(runs), "first_ms": f, "second_ms": s, "ratio": f / s}


def resumed(args: argparse.Namespace) -> dict:
    """Resumed 500-exchange session against a resumed 5-exchange one, alternating."""
    from bench.scale import build_home

    arrivals: list[tuple[float, float]] = []  # (wall time a request arrived, ms to answer)

    got: dict[str, list[tuple[float, ...]]] = {"500": [], "5": []}
    with tempfile.TemporaryDirectory() as home, FakeMessagesAPI() as api:
        plan = api._plan

        def timed_plan(raw: bytes, key: str | None) -> dict:
            # The stand-in's own work on a request (parsing it, hashing every block for its
            # cache accounting): ~10x more for the long session's 175 KB than for 11 KB, and
            # no part of the app. Subtracted for the app's share below.
            arrived = time.time()
            start = time.perf_counter()
            try:
                return plan(raw, key)
            finally:
                arrivals.append((arrived, (time.perf_counter() - start) * 1000))

        api._plan = timed_plan  # type: ignore[method-assign]
        saved = os.environ.get("COACH_TUI_HOME")
        # Two sessions: the first with 5 exchanges, the second (the long one) with 500.
        long_id = build_home(Path(home), days=365, sessions=2, turns_per_session=10,
                             reviews=2, journal_lines=6)
        if saved is None:
            os.environ.pop("COACH_TUI_HOME", None)
        else:
            os.environ["COACH_TUI_HOME"] = saved
        ids = {"500": long_id, "5": long_id - 1}
        # Warm-up (not timed): fills the OS file cache; each session then holds two turns
        # more than it was built with, as every later sample finds it.
        for name in ("500", "5"):
            child(api, home, 0.2, True, ids[name])
        for run in range(args.runs):
            order = ("500", "5") if run % 2 == 0 else ("5", "500")
            for name in order:
                arrivals.clear()
                out = child(api, home, args.typing, True, ids[name])
                first, enter = out[0], out[3]
                reached, service = ((arrivals[0][0] - enter) * 1000, arrivals[0][1]) \
                    if arrivals else (float("nan"), float("nan"))
                got[name].append((first, out[1], reached, first - service, out[5]))
                print(f"run {run + 1} resumed {name:>3} exchanges: first reply {first:6.0f} ms"
                      f" (the stand-in's own work {service:4.0f} ms; the app's CPU "
                      f"{out[5]:4.0f} ms)   request reached it {reached:6.0f} ms   second reply "
                      f"{out[1]:6.0f} ms", flush=True)
    med = {name: [statistics.median(r[i] for r in rows) for i in range(5)]
           for name, rows in got.items()}
    ratio = med["500"][0] / med["5"][0]
    app_ratio = med["500"][3] / med["5"][3]
    cpu_ratio = med["500"][4] / med["5"][4]
    for name in ("500", "5"):
        first, second, reached, app_part, cpu = med[name]
        print(f"median, resumed {name:>3} exchanges ({args.runs} runs): first reply "
              f"{first:.0f} ms ({app_part:.0f} ms without the stand-in's own work; the app's "
              f"CPU {cpu:.0f} ms), request at the service {reached:.0f} ms, second reply "
              f"{second:.0f} ms")
    print(f"resumed 500 / resumed 5, first reply: {ratio:.2f}; without the stand-in's own "
          f"work: {app_ratio:.2f}; the app's CPU: {cpu_ratio:.2f} (target <= 1.2)")
    return {"runs": args.runs, "long_first_ms": med["500"][0], "short_first_ms": med["5"][0],
            "long_app_ms": med["500"][3], "short_app_ms": med["5"][3],
            "long_cpu_ms": med["500"][4], "short_cpu_ms": med["5"][4],
            "long_request_ms": med["500"][2], "short_request_ms": med["5"][2],
            "long_second_ms": med["500"][1], "short_second_ms": med["5"][1], "ratio": ratio,
            "app_ratio": app_ratio, "cpu_ratio": cpu_ratio}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--typing", type=float, default=None,
                        help="seconds between the session opening and the first Enter "
                             "(default 2.0; 1.0 with --resumed, once the session is drawn)")
    parser.add_argument("--no-preload", action="store_true",
                        help="turn off the background SDK import (what it saves)")
    parser.add_argument("--resumed", action="store_true",
                        help="a resumed 500-exchange session against a resumed 5-exchange one")
    parser.add_argument("--json", action="store_true",
                        help="print the summary figures as one line of JSON, last")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if args.resumed and args.no_preload:
        parser.error("--resumed measures the app as it runs: without --no-preload")
    if args.typing is None:
        args.typing = 1.0 if args.resumed else 2.0
    figures = resumed(args) if args.resumed else fresh(args)
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
