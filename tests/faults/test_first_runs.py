"""Many coach-tui processes opening one home at the same moment (a new home, or an update that
brings a schema upgrade while the app and a scheduled `sync` start): every one opens it, and the
file ends with the one schema a single run makes, its data untouched.

The processes are real: one small Python process imports the store, forks N children that
block on a pipe, and closing the pipe releases them all at once into `connect()` (the part of
every command that migrates). Forking after the import keeps 40 processes under a second.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys

import pytest

from coach_tui.store.migrations import MIGRATIONS
from tests.faults.support import REPO, env_for
from tests.unit.test_schema import SCHEMA_FILE, dump_schema

pytestmark = pytest.mark.slow

START_TOGETHER = """
import os, sys
from coach_tui.store.db import connect
path, n = sys.argv[1], int(sys.argv[2])
release, hold = os.pipe()
children = []
for _ in range(n):
    pid = os.fork()
    if pid == 0:
        os.close(hold)
        os.read(release, 1)  # returns when the parent closes the pipe: all start together
        try:
            connect(path).close()
        except Exception as exc:
            os.write(2, f"{type(exc).__name__}: {exc}\\n".encode())
            os._exit(1)
        os._exit(0)
    children.append(pid)
os.close(release)
os.close(hold)
failed = [os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) for pid in children]
print(sum(code != 0 for code in failed))
"""


def _open_together(db, n: int) -> None:
    run = subprocess.run([sys.executable, "-c", START_TOGETHER, str(db), str(n)],
                         env=env_for(db.parent), cwd=REPO, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert (run.stdout.strip(), run.stderr) == ("0", "")


def _one_schema(db) -> sqlite3.Connection:
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert dump_schema(conn) == SCHEMA_FILE.read_text(encoding="utf-8")
    return conn


def _older_database(db, version: int) -> None:
    """A database as coach-tui at schema `version` left it, with a day and a journal line."""
    db.parent.mkdir(mode=0o700)
    raw = sqlite3.connect(db, isolation_level=None)
    raw.execute("PRAGMA journal_mode = WAL")
    for script in MIGRATIONS[:version]:
        raw.executescript(script)
    raw.execute(f"PRAGMA user_version = {version}")
    raw.execute("INSERT INTO daily_steps (date, steps, source, synced_at) "
                "VALUES ('2026-11-29', 9000, 'garmin', 't')")
    raw.execute("INSERT INTO journal (created_at, entry_date, source, text) "
                "VALUES ('t', '2026-11-20', 'user', 'Hates the treadmill')")
    raw.close()


def test_40_first_runs_at_once_all_open_one_schema(tmp_path):
    db = tmp_path / "home" / "coach.db"
    _open_together(db, 40)
    _one_schema(db).close()


@pytest.mark.parametrize("version", [1, len(MIGRATIONS) - 1])
def test_20_upgrades_at_once_all_open_one_schema_data_kept(tmp_path, version):
    db = tmp_path / "home" / "coach.db"
    _older_database(db, version)
    _open_together(db, 20)
    conn = _one_schema(db)
    assert conn.execute("SELECT date, steps FROM daily_steps").fetchall() == [("2026-11-29", 9000)]
    assert conn.execute("SELECT text FROM journal").fetchall() == [("Hates the treadmill",)]
    conn.close()

