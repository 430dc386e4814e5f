"""kill -9 of a real `coach-tui import` and `coach-tui sync` at random moments: the database
passes integrity_check and holds whole imports and whole sync windows, never part of one."""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
import time
from datetime import date, timedelta

import pytest

from coach_tui.garmin.sync import plan_windows
from tests.faults.support import REPO, env_for

TODAY = date(2026, 11, 30)

pytestmark = pytest.mark.slow


def _kill_after(args: list[str], home, delay: float, *, wait_line: str | None = None) -> int:
    """Start `python ARGS`, SIGKILL it `delay` s later (after it prints `wait_line`, if given)."""
    proc = subprocess.Popen([sys.executable, *args], env=env_for(home),
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True)
    if wait_line is not None:
        for line in proc.stdout:
            if line.strip() == wait_line:
                break
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    return proc.wait(timeout=30)


def _stored_dates(home) -> list[str]:
    db = home / "coach.db"
    if not db.exists():
        return []
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'daily_steps'").fetchone() \
                is None:
            return []  # killed before the first migration committed: an empty database
        return [r[0] for r in conn.execute("SELECT date FROM daily_steps ORDER BY date")]
    finally:
        conn.close()


def test_kill_9_during_import_leaves_all_or_nothing(tmp_path):
    first = date(2000, 1, 1)
    days = [first + timedelta(days=i) for i in range(9000)]
    csv = tmp_path / "steps.csv"
    csv.write_text("date,steps\n" + "".join(f"{d},{1000 + i}\n" for i, d in enumerate(days)))
    started = time.monotonic()
    whole = subprocess.run([sys.executable, "-m", "coach_tui", "import", str(csv)],
                           env=env_for(tmp_path / "whole"), cwd=REPO,
                           capture_output=True)
    took = time.monotonic() - started
    assert whole.returncode == 0 and len(_stored_dates(tmp_path / "whole")) == len(days)
    rng = random.Random(12)
    outcomes = set()
    for attempt in range(5):
        home = tmp_path / f"home{attempt}"
        _kill_after(["-m", "coach_tui", "import", str(csv)], home, rng.uniform(0.3, 1.0) * took)
        stored = _stored_dates(home)
        assert len(stored) in (0, len(days)), len(stored)
        outcomes.add(len(stored))
    assert 0 in outcomes  # at least one kill landed before the commit


def test_kill_9_during_sync_leaves_only_whole_windows(tmp_path):
    first = TODAY - timedelta(days=364)
    ends = [end.isoformat() for _, end in plan_windows(first, TODAY)]
    rng = random.Random(7)
    partial = 0
    for attempt in range(4):
        home = tmp_path / f"home{attempt}"
        # Killed while step request N (of 14) is in flight: windows before it may be stored.
        _kill_after([str(REPO / "tests" / "faults" / "sync_bootstrap.py")], home,
                    rng.uniform(0.0, 0.04), wait_line=f"request {rng.randint(2, 13)}")
        stored = _stored_dates(home)
        if not stored:
            continue
        partial += len(stored) < 365
        # Oldest first, one transaction per window: what is stored is a run of whole windows.
        assert stored[0] == first.isoformat()
        assert stored[-1] in ends, stored[-1]
        expected = (date.fromisoformat(stored[-1]) - first).days + 1
        assert len(stored) == expected
    assert partial  # at least one kill landed between windows
