"""Files are private under any umask: every file coach-tui writes is 0600 and every folder it
makes 0700, under the usual umask 022 and a careless 000 (tests/faults/umask_run.py writes
each kind: database with -wal and -shm, log and its rotations, recovery, tokens, exports)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.faults.support import env_for
from tests.support import REPO


@pytest.mark.parametrize("umask", ["022", "000"])
def test_every_file_is_0600_and_every_folder_0700_whatever_the_umask(tmp_path, umask):
    home, out = tmp_path / "home", tmp_path / "out"
    env = env_for(home)
    run = subprocess.run([sys.executable, str(REPO / "tests" / "faults" / "umask_run.py"),
                          umask, str(out)], env=env, cwd=REPO, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    modes = dict(reversed(line.split(" ", 1)) for line in run.stdout.splitlines()
                 if line[:1].isdigit())
    written = {p.removeprefix(str(tmp_path)) for p in modes}
    for kind in ("/home/coach.db", "/home/coach.db-wal", "/home/coach.db-shm",
                 "/home/logs/coach-tui.log", "/home/logs/coach-tui.log.1",
                 "/home/garmin/garmin_tokens.json", "/out/j/journal.md",
                 "/out/s/deep/session.md", "/out/t/u/tokens.json"):
        assert kind in written, sorted(written)
    assert any(p.startswith("/home/recovery/reply-") for p in written)
    loose = {path: mode for path, mode in modes.items()
             if mode != ("0700" if Path(path).is_dir() else "0600")}
    assert loose == {}
