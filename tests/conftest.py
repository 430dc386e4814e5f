"""Every test runs in its own coach-tui home, on one pinned clock, with no real keys or tokens
leaking in from the developer's environment."""

from __future__ import annotations

import os
import re
import sys
import tempfile
import warnings
from pathlib import Path

import pytest

from coach_tui.cli import main
from coach_tui.coach.llm import keystore
from coach_tui.config import load_settings
from tests.bytecode import compile_once
from tests.fakes.messages_api import FakeMessagesAPI
from tests.support import PINNED_NOW, collector_as_the_suite_runs

# The tests' homes (pytest's tmp_path) live in memory where the machine has a memory file
# system: each test creates and closes a SQLite database, about ten fsyncs of 3-10 ms of
# waiting each on a disk (more while other programs write), and none of them proves anything
# (nothing here tests durability across a power cut). TMPDIR or PYTEST_DEBUG_TEMPROOT, when
# set, still choose the place. This runs before pytest (or pytest-xdist's controller, which
# hands each worker a folder under its own) picks its temporary folder.
_MEMORY_FS = "/dev/shm"
if (not os.environ.get("TMPDIR") and not os.environ.get("PYTEST_DEBUG_TEMPROOT")
        and os.path.isdir(_MEMORY_FS) and os.access(_MEMORY_FS, os.W_OK | os.X_OK)):
    tempfile.tempdir = _MEMORY_FS

# pytest rewrites the asserts of every test module it imports (each xdist worker imports them
# all to collect): about 5 s of CPU per worker, done once and kept in __pycache__ (ignored by
# git) unless PYTHONDONTWRITEBYTECODE is set, as it is on our machines; the suite keeps what it
# compiled anyway. Only this process: the coach-tui processes the tests start are left alone
# (they read what `pytest_configure` below compiled for them).
sys.dont_write_bytecode = False

_LEAKY_ENV = (
    "COACH_MEMORY",
    "COACH_TUI_NOW",
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_AUTH_TOKEN",
    "ANTHROPIC_BASE_URL",
    "GARMINTOKENS",
)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto` (pyproject's addopts) starts one worker and a half per core this process may
    use: about a fifth of the suite's time is tests waiting on real processes, locks held past
    sqlite's own timeout, and timers, with nothing to compute; with one worker per core those
    waits leave a core idle. On 2 cores, quiet, 3 workers ran the suite (1,789 tests) in 145 s
    and 146 s against 160 s for 2, back to back (2026-12-02).
    `--maxprocesses` (4) still caps it; PYTEST_XDIST_AUTO_NUM_WORKERS still overrides it."""
    if (forced := os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS", "")).isdigit():
        return int(forced)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, (cores or 1) * 3 // 2)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Each worker, once it has collected the tests, freezes what it holds and collects in
    larger steps (tests/support.py: the collector took a fifth of the app tests' CPU)."""
    collector_as_the_suite_runs()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked `slow` (seconds each: real processes, locks, mypy, a wheel) run first,
    so that under pytest-xdist no worker is left alone with a long one at the end while the
    others idle; the longest first (`@pytest.mark.slow(seconds=N)`, mypy's process). A stable
    sort: the order within each part stays the collection order."""

    def key(item: pytest.Item) -> tuple[bool, float]:
        slow = item.get_closest_marker("slow")
        return slow is None, -(slow.kwargs.get("seconds", 0) if slow else 0)

    items.sort(key=key)


@pytest.fixture
def tmp_path(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """pytest's `tmp_path` (a new folder under this run's base folder, named after the test),
    made in constant time. pytest's own numbers each folder by listing every folder made
    before it in the run, so each test paid for all the earlier ones: ~1 ms of CPU a test in a
    worker's 800, more as the suite grows, and every test has one (`coach_home`). The base
    folder, and how many runs pytest keeps, are pytest's as before."""
    name = re.sub(r"\W", "_", request.node.name)[:30]
    return Path(tempfile.mkdtemp(prefix=f"{name}-", dir=tmp_path_factory.getbasetemp()))


@pytest.fixture(autouse=True)
def coach_home(tmp_path, monkeypatch):
    home = tmp_path / "coach-home"
    monkeypatch.setenv("COACH_TUI_HOME", str(home))
    for name in _LEAKY_ENV:
        monkeypatch.delenv(name, raising=False)
    # The key `coach-tui key set` stored, as one command loaded it, is not the next test's.
    monkeypatch.setattr(keystore, "_loaded", None)
    return home


@pytest.fixture
def api(monkeypatch):
    """A local fake Messages API; the real anthropic SDK is pointed at it through the env."""
    with FakeMessagesAPI() as server:
        monkeypatch.setenv("ANTHROPIC_BASE_URL", server.url)
        monkeypatch.setenv("ANTHROPIC_API_KEY", server.api_key)
        yield server


@pytest.fixture
def cli(capsys):
    """Run `coach-tui ARGV...` in process; returns (exit code, stdout, stderr)."""

    def run(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    run.capsys = capsys  # type: ignore[attr-defined]
    return run


@pytest.fixture
def cli_exit(cli):
    """`cli`, where the parser's own exit (`--help`, a mistake in the arguments: 2) is
    returned as the exit code like any other, instead of raised."""

    def run(*argv: str) -> tuple[int, str, str]:
        try:
            return cli(*argv)
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 1
            return (code, *cli.capsys.readouterr())

    return run


class Clock:
    """The app's clock (`COACH_TUI_NOW`) for one test: PINNED_NOW until the test moves it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self._monkeypatch = monkeypatch
        self.set(PINNED_NOW)

    def set(self, now: str) -> None:
        """Move the clock; it applies to this process and to commands started from it."""
        self.now = now
        self._monkeypatch.setenv("COACH_TUI_NOW", now)


@pytest.fixture(autouse=True)
def clock(coach_home, monkeypatch) -> Clock:
    """The one pinned clock: every test starts at PINNED_NOW (a Monday morning)."""
    return Clock(monkeypatch)


@pytest.fixture
def home(coach_home):
    """The test's coach-tui home (its clock is the pinned `clock`)."""
    return coach_home


@pytest.fixture
def settings(home):
    return load_settings()


@pytest.fixture
def conn(settings):
    """A connection to the test home's database (created and migrated on first use)."""
    from coach_tui.store import connect

    c = connect(settings.paths.db_file)
    yield c
    c.close()


@pytest.fixture
def garmin(monkeypatch, settings):
    """The fake Garmin Connect (tests/fakes/garmin_connect.py) under the real garminconnect."""
    from tests.fakes.garmin_connect import start_fake

    fake, rsps = start_fake(monkeypatch)
    yield fake
    rsps.stop()
    rsps.reset()


def pytest_configure(config: pytest.Config) -> None:
    """The controller compiles, once, what each worker and each `coach-tui` the tests start would
    otherwise compile for itself on a fresh checkout (tests/bytecode.py). It leans on pytest's
    private assert rewriter: should a pytest release move it, the suite runs as it did before
    (each worker compiling for itself) and tests/unit/test_bytecode.py is the test that fails."""
    try:
        compile_once(config)
    except (AttributeError, TypeError) as error:  # pytest's internals changed shape
        warnings.warn(f"tests/bytecode.py: no compile before the workers start ({error})",
                      stacklevel=1)
