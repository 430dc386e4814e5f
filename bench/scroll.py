"""Holding PageUp through a long session: from the newest message to the first, one run.

Builds a home with one 500-exchange session (bench/scale.py's small home), opens the real
app headless at 120x40, resumes that session and presses PageUp until the first message is at
the top (or `--max-presses`). Each press is timed from the key until the app is idle again
(the window done reading, drawing and letting go of messages), so what a press triggers counts
in that press. Memory is
this process's resident set right after resuming and at the top. On a shared machine the wall
times hold the waits for a core; the CPU figures are what this process did.

Targets (issue 23): the whole climb <= 10 s, p95 of a press <= 100 ms, memory at the top
<= 1.3x memory right after resuming.

    python bench/scroll.py [--exchanges 500] [--size 120x40] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.scale import NOW, build_home  # noqa: E402


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


async def climb(long_id: int, size: tuple[int, int], max_presses: int) -> dict[str, float]:
    from coach_tui.context import Context
    from coach_tui.ui.app import CoachApp

    os.environ["COACH_TUI_NOW"] = NOW.isoformat(timespec="minutes")
    ctx = Context()
    try:
        app = CoachApp(ctx)
        async with app.run_test(size=size) as pilot:
            screen = app.screen
            # The app opens a new session as it starts: resuming before that is done would
            # have it cleared away under the climb.
            while screen.session is None:
                await pilot.pause(0.05)
            await pilot.pause(0.2)
            pane = screen.chat_pane
            window, chat = pane.window, pane.chat

            async def settle() -> None:
                await pilot.pause()
                while not window.settled:
                    await pilot.pause()

            await screen._resume_chosen(long_id)
            await settle()
            await pilot.pause(0.3)
            after_resume = rss_mb()
            presses: list[float] = []
            cpu: list[float] = []
            start, start_cpu = time.perf_counter(), time.process_time()
            while window.more_above or chat.scroll_y > 0:
                if len(presses) >= max_presses:
                    break
                began, began_cpu = time.perf_counter(), time.process_time()
                await pilot.press("pageup")
                await settle()
                presses.append((time.perf_counter() - began) * 1000)
                cpu.append((time.process_time() - began_cpu) * 1000)
            total, total_cpu = time.perf_counter() - start, time.process_time() - start_cpu
            history = chat.history
            first = next(b.text for b in history.blocks if b.kind == "user") if history else ""
            reached = first.endswith("(0)") and chat.scroll_y == 0
            at_top = rss_mb()
            drawn = window.drawn
    finally:
        ctx.close()
    return {
        "reached the first message": reached,
        "presses": len(presses),
        "climb s": total,
        "  of it this process's CPU s": total_cpu,
        "press p50 ms": statistics.median(presses),
        "press p95 ms": p95(presses),
        "press max ms": max(presses),
        "press CPU p95 ms": p95(cpu),
        "memory after resuming MB": after_resume,
        "memory at the top MB": at_top,
        "memory top/resumed": at_top / after_resume,
        "messages drawn at the top": drawn,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--max-presses", type=int, default=3000)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    os.environ.pop("COACH_MEMORY", None)
    with tempfile.TemporaryDirectory() as root:
        long_id = build_home(Path(root) / "home", days=365, sessions=1, turns_per_session=0,
                             reviews=2, journal_lines=6)
        figures = asyncio.run(climb(long_id, (width, height), args.max_presses))
    if args.json:
        print(json.dumps(figures))
        return 0
    for key, value in figures.items():
        print(f"{key:<28} {value:>10.2f}" if isinstance(value, float) else
              f"{key:<28} {value:>10}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
