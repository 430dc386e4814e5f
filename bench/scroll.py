"""Holding PageUp through a long session: from the newest message to the first, one run.

Builds a home with one 500-exchange session (bench/scale.py's small home), opens the real
app headless at 120x40, resumes that session and climbs to its first message twice:

- **Held**: PageUp is held down. A thread sends the key at a terminal's key-repeat rate
  (`--rate`, 30 a second), through the driver as a terminal's input thread does, whatever the
  app is doing: keys the app has not handled yet wait in its queue, as they would. The climb
  is timed from the first key to the first frame that shows the session's first message at
  the top; each key from when it was sent to the first frame painted after the chat handled
  it (its wait in the queue included). Also counted: the keys sent until then (the press-by-
  press count below is how many a page each would take: more means keys were lost, the view
  stopped at row 0 while rows drawn above it waited for their layout), the frames, and the
  frames that showed blank rows (messages not drawn yet) in the view, in both climbs.
- **Press by press**: the newest messages drawn again, then one PageUp at a time, each sent
  once the app is idle: timed from the key to the frame that shows it, and its CPU from the
  key until the app is idle again (what it drew or let go as a result counts in it; the wait
  for idle itself is at least 20 ms of sleep and is not in any figure).

A frame is what the app hands its driver. Textual's headless driver drops it before it is
encoded for the terminal; here it is encoded as a terminal's driver does (`render_segments`)
and the bytes thrown away, so only the write itself is missing. Memory is this process's
resident set right after resuming and at the top of the held climb. On a shared machine the
wall times hold the waits for a core; the CPU figures are what this process did.

Targets (issue 23): the held climb <= 10 s (at 30 keys a second the 171 pages take 5.7 s at
the least), p95 of a press <= 100 ms, memory at the top <= 1.3x memory right after resuming.

    python bench/scroll.py [--size 120x40] [--rate 30] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from bisect import bisect_left
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


class Frames:
    """The frames the app paints, and how many PageUps it had handled by each.

    Textual's headless driver drops each frame before it is encoded for the terminal; here it
    is encoded as the terminal driver does (`render_segments`) and the bytes thrown away, so a
    frame costs what it costs in a terminal, less the write itself."""

    def __init__(self, app, pane) -> None:
        self.handled = 0            # PageUps the chat has handled
        self.count = 0
        self.times: list[float] = []
        self.handled_by: list[int] = []
        self.top_at: float | None = None  # the first frame with the first message at the top
        self.blank = 0  # frames showing blank rows (messages not drawn yet) in the view
        window, chat = pane.window, pane.chat
        display, scroll_chat = app._display, pane.scroll_chat

        async def counted(where) -> None:
            await scroll_chat(where)
            if where == -1:
                self.handled += 1

        def painted(screen, renderable) -> None:
            display(screen, renderable)
            if renderable is None or app._batch_count:
                return
            encode = getattr(renderable, "render_segments", None)
            if encode is not None:
                encode(app.console)
            now = time.perf_counter()
            self.count += 1
            self.times.append(now)
            self.handled_by.append(self.handled)
            if self.top_at is None and not window.more_above and chat.scroll_y == 0:
                self.top_at = now
            history, y = chat.history, chat.scroll_y
            if history is not None:
                top, bottom = history.drawn_span()
                if (history.pad_above and y < top) or (
                        history.pad_below and y + chat.size.height > bottom):
                    self.blank += 1

        pane.scroll_chat = counted
        app._display = painted

    def reset(self) -> None:
        self.handled, self.count, self.top_at = 0, 0, None
        self.times, self.handled_by = [], []

    def latencies(self, sent_at: list[float]) -> list[float]:
        """For each key sent (in order) whose effect was painted: ms from sending it to the
        first frame painted after the chat handled it."""
        out = []
        for index, sent in enumerate(sent_at):
            frame = bisect_left(self.handled_by, index + 1)
            if frame == len(self.times):
                break
            out.append((self.times[frame] - sent) * 1000)
        return out


async def climb(long_id: int, size: tuple[int, int], max_presses: int,
                rate: float) -> dict[str, float]:
    from textual import events

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
            frames = Frames(app, pane)
            driver = app._driver
            assert driver is not None

            def send() -> float:
                """One PageUp as a terminal's input thread sends it; when it was sent."""
                sent = time.perf_counter()
                driver.process_message(events.Key("pageup", None))
                return sent

            def at_top() -> bool:
                return not window.more_above and chat.scroll_y == 0

            async def settle() -> None:
                await pilot.pause()
                while not window.settled:
                    await pilot.pause()

            async def resume(again: bool = False) -> None:
                if again:  # the same session: its newest messages drawn afresh
                    await window.show()
                else:
                    await screen._resume_chosen(long_id)
                await settle()
                await pilot.pause(0.3)

            # The held key: PageUp sent at the key-repeat rate from a thread, as a terminal's
            # input thread posts keys whatever the app is doing, until a frame shows the first
            # message at the top.
            await resume()
            after_resume = rss_mb()
            stop = threading.Event()
            sent_at: list[float] = []

            def hold() -> None:
                began = time.perf_counter()
                while not stop.is_set() and len(sent_at) < max_presses:
                    due = began + len(sent_at) / rate
                    wait = due - time.perf_counter()
                    if wait > 0:
                        stop.wait(wait)
                        continue
                    sent_at.append(send())

            frames.reset()
            frames.blank = 0
            start_cpu = time.process_time()
            holder = threading.Thread(target=hold, daemon=True)
            holder.start()
            deadline = time.perf_counter() + 300
            while frames.top_at is None and time.perf_counter() < deadline:
                await asyncio.sleep(0.005)
                if len(sent_at) >= max_presses and frames.handled >= len(sent_at):
                    break
            stop.set()
            holder.join()
            held_cpu = time.process_time() - start_cpu
            top_at = frames.top_at
            needed = [s for s in sent_at if top_at is None or s <= top_at]
            waits = frames.latencies(needed) or [float("nan")]
            held = {
                "held: reached the first message": top_at is not None,
                "held: keys sent until the top was drawn": len(needed),
                "held: keys not yet handled then": len(needed) - frames.handled_by[-1]
                if frames.handled_by else len(needed),
                "held: climb s": ((top_at or time.perf_counter()) - sent_at[0]),
                "held: climb CPU s": held_cpu,
                "held: key to frame p50 ms": statistics.median(waits),
                "held: key to frame p95 ms": p95(waits),
                "held: key to frame max ms": max(waits),
                "held: frames drawn": frames.count,
                "held: frames with blank rows in view": frames.blank,
            }
            at_top_mb = rss_mb()
            drawn = window.drawn
            await settle()

            # Press by press: each PageUp sent once the app is idle again, timed from the key to
            # the frame that shows it, and its CPU until the app is idle (what it drew or let go
            # as a result counts in it).
            await resume(again=True)
            frames.blank = 0
            presses: list[float] = []
            cpu: list[float] = []
            start = time.perf_counter()
            while not at_top() and len(presses) < max_presses:
                frames.reset()
                began_cpu = time.process_time()
                sent = send()
                while not frames.latencies([sent]) and time.perf_counter() - sent < 30:
                    await asyncio.sleep(0.001)
                presses.append(frames.latencies([sent])[0])
                await settle()
                cpu.append((time.process_time() - began_cpu) * 1000)
            by_press = time.perf_counter() - start
            blank_by_press = frames.blank
            history = chat.history
            first = next(b.text for b in history.blocks if b.kind == "user") if history else ""
            reached = first.endswith("(0)") and chat.scroll_y == 0
    finally:
        ctx.close()
    return {
        **held,
        "reached the first message": reached,
        "presses": len(presses),
        "press by press s": by_press,
        "press p50 ms": statistics.median(presses),
        "press p95 ms": p95(presses),
        "press max ms": max(presses),
        "press: frames with blank rows in view": blank_by_press,
        "press CPU p50 ms": statistics.median(cpu),
        "press CPU p95 ms": p95(cpu),
        "press CPU mean ms": statistics.fmean(cpu),
        "memory after resuming MB": after_resume,
        "memory at the top MB": at_top_mb,
        "memory top/resumed": at_top_mb / after_resume,
        "messages drawn at the top": drawn,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--max-presses", type=int, default=3000)
    parser.add_argument("--rate", type=float, default=30.0,
                        help="keys a second while PageUp is held (a terminal's key repeat)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    os.environ.pop("COACH_MEMORY", None)
    with tempfile.TemporaryDirectory() as root:
        long_id = build_home(Path(root) / "home", days=365, sessions=1, turns_per_session=0,
                             reviews=2, journal_lines=6)
        figures = asyncio.run(climb(long_id, (width, height), args.max_presses,
                                           args.rate))
    if args.json:
        print(json.dumps(figures))
        return 0
    for key, value in figures.items():
        print(f"{key:<28} {value:>10.2f}" if isinstance(value, float) else
              f"{key:<28} {value:>10}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
