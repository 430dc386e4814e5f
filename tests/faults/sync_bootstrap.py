"""`coach-tui sync` in a subprocess against the `responses`-based fake Garmin.

Run as `python tests/faults/sync_bootstrap.py`: the fake is installed in this process (as the
in-process tests do), with 400 days of steps and saved tokens in COACH_TUI_HOME, and then the
real CLI runs `sync`, printing `request N` as each step request starts. A fault test kills
it with SIGKILL at a random one of them.
"""

from __future__ import annotations

import sys
import time
from datetime import timedelta

from _pytest.monkeypatch import MonkeyPatch

from coach_tui import clock
from coach_tui.cli import main
from coach_tui.config import load_settings
from tests.fakes.garmin_connect import start_fake, write_tokens

if __name__ == "__main__":
    fake, rsps = start_fake(MonkeyPatch())
    def announce(n: int) -> None:
        # Tells the test which step request is in flight, so its kill lands mid-sync whatever
        # the machine's speed; the pause keeps the request in flight while the test acts.
        print(f"request {n}", flush=True)
        time.sleep(0.05)

    fake.step_failure = announce
    today = clock.today()
    fake.fill(today - timedelta(days=400), today)
    write_tokens(load_settings().paths.garmin_dir)
    print("ready", flush=True)
    sys.exit(main(["sync"]))
