"""Time from process start to the first painted frame: coach-tui on the demo data against a
bare Textual app with the same widgets, in one run.

Each sample starts a fresh interpreter on a pseudo-terminal (so Textual drives a real terminal,
not its headless driver) and measures from just before the process is spawned until the child
reports, through a pipe, that its first frame went to the terminal (the first screen update
`App._display` writes; both children are hooked the same way). The coach child runs the real entry point (`coach-tui --demo`) with a pinned clock;
the demo home is seeded once before timing starts, as it is on every launch after the first.
The two variants alternate so drift hits both alike. The coach child also reports its first
usable frame (the first one written with the greeting in the chat and the message box focused:
what the bare app's first frame shows) and when its chat session is open.

Issue 23, item 3: the first usable screen within 1.3x the bare app's first frame, with and
without an API key. The coach child runs both ways, alternating: without `ANTHROPIC_*` (no
key: the no-key notice, nothing preloaded) and with a key set and `ANTHROPIC_BASE_URL` at a
closed local port (the app then preloads the SDK in the background; nothing leaves the
machine). With the key it also reports when that preload started, which must be after the
usable frame. Each child also reports the CPU time it used up to those frames, and the summary
gives that ratio too: on a shared, loaded machine wall times vary run to run far more than CPU
times do. The children run with bytecode cached, as an installed app does (the warm-up
writes it even when PYTHONDONTWRITEBYTECODE is set here).

    .venv/bin/python bench/first_paint.py [--runs 9] [--size 120x40] [--json]
"""  # noqa: E501

from __future__ import annotations

import argparse
import fcntl
import json
import os
import pty
import select
import signal
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
    if label in ("paint", "usable"):
        # The CPU the child used so far (every thread): what a loaded machine stretches least.
        os.write(fd, f"cpu_{label} {time.process_time():.6f}\n".encode())


def _hook_first_frame(fd: int, then, usable=None, reported: set | None = None) -> None:
    """Report "paint" right after the first frame is written, then call `then(app)`; with
    `usable(app)`, also "usable" after the first frame written while it holds (added to
    `reported`)."""
    from textual.app import App

    original = App._display
    done = False

    def _display(self, screen, renderable) -> None:
        nonlocal done
        original(self, screen, renderable)
        if renderable is None or self._batch_count or not self._running:
            return
        if usable is not None and reported is not None and "usable" not in reported \
                and usable(self):
            reported.add("usable")
            _report(fd, "usable")
        if not done:
            done = True
            _report(fd, "paint")
            then(self)

    App._display = _display


def _hook_preload(fd: int, app_type) -> None:
    """Report "preload" when the app's SDK preload starts. Hooked at the first frame, which
    comes before the session whose opening asks for it, so the child imports nothing before
    that frame the app itself would not, in the order the entry point does (coach.warmup is
    imported when the app asks for the preload)."""
    preload_sdk = app_type.preload_sdk

    def hooked_preload(self) -> None:
        from coach_tui.coach.warmup import SharedClient

        if not getattr(SharedClient, "bench_hooked", False):
            prepare = SharedClient.prepare

            def reported_prepare(shared) -> None:
                _report(fd, "preload")
                prepare(shared)

            SharedClient.prepare = reported_prepare  # type: ignore[method-assign]
            SharedClient.bench_hooked = True  # type: ignore[attr-defined]
        preload_sdk(self)

    app_type.preload_sdk = hooked_preload


def child_coach(fd: int) -> None:
    reported: set[str] = set()

    def usable(app) -> bool:
        from coach_tui.ui.widgets.chat import ChatView, Notice
        from coach_tui.ui.widgets.prompt import PromptInput

        screen = app.screen
        if not isinstance(app.focused, PromptInput):
            return False
        found = screen.query(ChatView)
        return bool(found) and bool(found.first().query(Notice))

    def wait_for_session(app) -> None:
        if "hooked" not in reported:  # the first frame: the session has not opened yet
            reported.add("hooked")
            _hook_preload(fd, type(app))
        session = getattr(app.screen, "session", None)
        if session is not None and "session" not in reported:
            reported.add("session")
            _report(fd, "session")
        if "session" in reported and "usable" in reported:
            app.exit()
            return
        if "usable" not in reported and usable(app):
            # Usable, but no frame written since (an idle screen draws none): ask for one,
            # which the display hook then reports. Without this a sample could wait forever.
            app.screen.refresh()
        app.set_timer(0.002, lambda: wait_for_session(app))

    _hook_first_frame(fd, wait_for_session, usable, reported)
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
        [sys.executable, str(Path(__file__).resolve()), "--child", kind.split("+")[0]],
        stdin=slave, stdout=slave, stderr=slave, env=child_env, pass_fds=(write_end,),
        cwd=ROOT, start_new_session=True,
    )
    os.close(slave)
    os.close(write_end)
    marks: dict[str, float] = {}
    buffer = b""
    deadline = time.monotonic() + 60
    while (left := deadline - time.monotonic()) > 0:
        if not select.select([read_end], [], [], left)[0]:
            break
        chunk = os.read(read_end, 4096)
        if not chunk:
            break
        buffer += chunk
    if time.monotonic() >= deadline and proc.poll() is None:
        # A child that never ends (it did once in ~150 samples, after reporting everything):
        # what it reported counts, and the run goes on instead of waiting for ever.
        print(f"note: a {kind} child did not end within 60 s; stopped", file=sys.stderr)
        os.killpg(proc.pid, signal.SIGKILL)
    os.close(read_end)
    for line in buffer.decode().splitlines():
        label, stamp = line.split()
        marks[label] = float(stamp) * 1000 if label.startswith("cpu_") \
            else (float(stamp) - start) * 1000
    try:
        proc.wait(timeout=30)
    finally:
        stop.set()
        drainer.join(timeout=2)
        os.close(master)
    if "paint" not in marks:
        raise SystemExit(f"the {kind} child never painted (exit {proc.returncode})")
    return marks


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--json", action="store_true",
                        help="print the summary figures as one line of JSON, last")
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

    kinds = ("bare", "coach", "coach+key")
    marks: dict[str, list[dict[str, float]]] = {kind: [] for kind in kinds}
    with tempfile.TemporaryDirectory(prefix="coach-bench-") as home:
        base = {k: v for k, v in os.environ.items()
                if not k.startswith(("ANTHROPIC_", "COACH_")) and k != "PYTHONDONTWRITEBYTECODE"}
        base.update(COACH_TUI_HOME=home, COACH_TUI_NOW=NOW, TERM="xterm-256color",
                    PYTHONPATH=str(ROOT))
        # A key, and the SDK pointed at a local port nothing listens on (port 9, discard):
        # the preload sends nothing anyway, and nothing could leave the machine.
        envs = {"bare": base, "coach": base,
                "coach+key": dict(base, ANTHROPIC_API_KEY="sk-ant-bench-not-a-key",
                                  ANTHROPIC_BASE_URL="http://127.0.0.1:9")}
        # Warm-up (not timed): seeds the demo home, writes the bytecode and fills the OS file
        # cache for every kind.
        for kind in kinds:
            sample(kind, (cols, rows), envs[kind])
        for i in range(args.runs):
            order = kinds[i % 3:] + kinds[:i % 3]  # each kind first, second and third in turn
            for kind in order:
                marks[kind].append(sample(kind, (cols, rows), envs[kind]))

    def med(kind: str, mark: str) -> float:
        return _median([m[mark] for m in marks[kind] if mark in m])

    def row(name: str, kind: str, mark: str) -> str:
        values = [m[mark] for m in marks[kind] if mark in m]
        return (f"| {name} | {_median(values):.0f} | {min(values):.0f} | "
                f"{max(values):.0f} |")

    bare = med("bare", "paint")
    figures = {"runs": args.runs, "bare_ms": bare}
    for kind, tag in (("coach", "nokey"), ("coach+key", "key")):
        figures[f"{tag}_paint_ms"] = med(kind, "paint")
        figures[f"{tag}_usable_ms"] = med(kind, "usable")
        figures[f"{tag}_session_ms"] = med(kind, "session")
        figures[f"{tag}_ratio"] = med(kind, "usable") / bare
    cpu_bare = med("bare", "cpu_paint")
    figures["bare_cpu_ms"] = cpu_bare
    for kind, tag in (("coach", "nokey"), ("coach+key", "key")):
        figures[f"{tag}_usable_cpu_ms"] = med(kind, "cpu_usable")
        figures[f"{tag}_cpu_ratio"] = med(kind, "cpu_usable") / cpu_bare
    preload_after = [m["preload"] - m["usable"] for m in marks["coach+key"]
                     if "preload" in m and "usable" in m]
    figures["preload_after_usable_ms"] = min(preload_after) if preload_after else None
    print(f"First paint from process start, {args.runs} runs each, {cols}x{rows} pty, "
          f"Python {sys.version.split()[0]}:\n")
    print("| app | median ms | min ms | max ms |")
    print("|---|---:|---:|---:|")
    print(row("bare Textual app, same widgets", "bare", "paint"))
    for kind, label in (("coach", "no API key"), ("coach+key", "API key set")):
        print(row(f"coach-tui --demo, {label}: first frame", kind, "paint"))
        print(row(f"coach-tui --demo, {label}: first usable screen", kind, "usable"))
        print(row(f"coach-tui --demo, {label}: session open", kind, "session"))
    print(f"\nfirst usable screen / bare first frame: {figures['nokey_ratio']:.2f}x without a "
          f"key, {figures['key_ratio']:.2f}x with one (target <= 1.3x)")
    print(f"the same in CPU time (the child's, from its start; a loaded machine stretches it "
          f"least): bare {cpu_bare:.0f} ms, {figures['nokey_cpu_ratio']:.2f}x without a key, "
          f"{figures['key_cpu_ratio']:.2f}x with one")
    if preload_after:
        print(f"SDK preload started {min(preload_after):.0f}-{max(preload_after):.0f} ms after "
              "the usable frame (it must never start before it)")
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
