"""Time from process start to the first painted frame: coach-tui on the demo data against a
bare Textual app with the same widgets, in one run.

Each sample starts a fresh interpreter on a pseudo-terminal (so Textual drives a real terminal,
not its headless driver) and measures from just before the process is spawned until the child
reports, through a pipe, that its first frame went to the terminal (the first screen update
`App._display` writes; both children are hooked the same way). The coach child runs the real entry point (`coach-tui --demo`) with a pinned clock;
the demo home is seeded once before timing starts, as it is on every launch after the first.
The two variants alternate so drift hits both alike. The coach child also reports when its
chat session is open (it opens right after the first frame).

    /tmp/v312/bin/python bench/first_paint.py [--runs 9] [--size 120x40]
"""  # noqa: E501

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOW = "2026-11-30T09:15:00"


# ----------------------------------------------------------------------------- children
def _report(fd: int, label: str) -> None:
    os.write(fd, f"{label} {time.time():.6f}\n".encode())


def _hook_first_frame(fd: int, then) -> None:
    """Report "paint" right after the first frame is written, then call `then(app)`."""
    from textual.app import App

    original = App._display
    done = False

    def _display(self, screen, renderable) -> None:
        nonlocal done
        original(self, screen, renderable)
        if not done and renderable is not None and not self._batch_count and self._running:
            done = True
            _report(fd, "paint")
            then(self)

    App._display = _display


def child_coach(fd: int) -> None:
    def wait_for_session(app) -> None:
        if app.screen.session is None:
            app.set_timer(0.002, lambda: wait_for_session(app))
            return
        _report(fd, "session")
        app.exit()

    _hook_first_frame(fd, wait_for_session)
    from coach_tui.cli import main

    main(["--demo"])


def child_bare(fd: int) -> None:
    from textual.app import App, ComposeResult
    from textual.containers import Horizontal, Vertical, VerticalScroll
    from textual.widgets import Footer, Label, Markdown, OptionList, ProgressBar, Static, TextArea

    class Bare(App):
        CSS = """
        #sidebar { width: 40%; }
        #sidebar > * { border: round $border-blurred; }
        TextArea { height: auto; min-height: 3; }
        """

        def compose(self) -> ComposeResult:
            with Horizontal():
                with Vertical():
                    with VerticalScroll():
                        yield Static("New session.")
                        yield Markdown("")
                    yield TextArea()
                with Vertical(id="sidebar"):
                    yield Label("")
                    with VerticalScroll():
                        yield Static("")
                    yield Static("")
                    with Vertical():
                        yield Label("")
                        yield ProgressBar()
                    yield OptionList()
            yield Static("")
            yield Footer(compact=True)

    _hook_first_frame(fd, lambda app: app.exit())
    Bare().run()


# ----------------------------------------------------------------------------- parent
def _drain(master: int, stop: threading.Event) -> None:
    # The child blocks on a full pty buffer unless someone reads what it draws.
    while not stop.is_set():
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                if not os.read(master, 65536):
                    return
            except OSError:
                return


def sample(kind: str, size: tuple[int, int], env: dict[str, str]) -> dict[str, float]:
    master, slave = pty.openpty()
    cols, rows = size
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    read_end, write_end = os.pipe()
    stop = threading.Event()
    drainer = threading.Thread(target=_drain, args=(master, stop), daemon=True)
    drainer.start()
    child_env = dict(env, BENCH_FD=str(write_end))
    start = time.time()
    proc = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), "--child", kind],
        stdin=slave, stdout=slave, stderr=slave, env=child_env, pass_fds=(write_end,),
        cwd=ROOT, start_new_session=True,
    )
    os.close(slave)
    os.close(write_end)
    marks: dict[str, float] = {}
    buffer = b""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        chunk = os.read(read_end, 4096)
        if not chunk:
            break
        buffer += chunk
    os.close(read_end)
    for line in buffer.decode().splitlines():
        label, stamp = line.split()
        marks[label] = (float(stamp) - start) * 1000
    try:
        proc.wait(timeout=30)
    finally:
        stop.set()
        drainer.join(timeout=2)
        os.close(master)
    if "paint" not in marks:
        raise SystemExit(f"the {kind} child never painted (exit {proc.returncode})")
    return marks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--child", choices=("coach", "bare"), help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.child:
        fd = int(os.environ["BENCH_FD"])
        (child_coach if args.child == "coach" else child_bare)(fd)
        return 0

    if args.runs < 1:
        parser.error("--runs must be at least 1")
    try:
        cols, rows = (int(n) for n in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size must look like 120x40, not {args.size!r}")

    with tempfile.TemporaryDirectory(prefix="coach-bench-") as home:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("ANTHROPIC_", "COACH_"))}
        env.update(COACH_TUI_HOME=home, COACH_TUI_NOW=NOW, TERM="xterm-256color",
                   PYTHONPATH=str(ROOT))
        # Warm-up (not timed): seeds the demo home and fills the OS file cache for both.
        sample("coach", (cols, rows), env)
        sample("bare", (cols, rows), env)
        coach, bare, session = [], [], []
        for i in range(args.runs):
            order = ("coach", "bare") if i % 2 == 0 else ("bare", "coach")
            for kind in order:
                marks = sample(kind, (cols, rows), env)
                if kind == "coach":
                    coach.append(marks["paint"])
                    session.append(marks.get("session", float("nan")))
                else:
                    bare.append(marks["paint"])

    def row(name: str, values: list[float]) -> str:
        return (f"| {name} | {statistics.median(values):.0f} | {min(values):.0f} | "
                f"{max(values):.0f} |")

    ratio = statistics.median(coach) / statistics.median(bare)
    print(f"First paint from process start, {args.runs} runs each, {cols}x{rows} pty, "
          f"Python {sys.version.split()[0]}:\n")
    print("| app | median ms | min ms | max ms |")
    print("|---|---:|---:|---:|")
    print(row("bare Textual app, same widgets", bare))
    print(row("coach-tui --demo (first frame)", coach))
    print(row("coach-tui --demo (session open)", session))
    print(f"\nratio (median first paint, coach-tui / bare): {ratio:.2f}x (target <= 1.5x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
