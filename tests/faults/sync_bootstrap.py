"""`coach-tui sync` in a subprocess against the `responses`-based fake Garmin.

Run as `python tests/faults/sync_bootstrap.py`: the fake is installed in this process (as the
in-process tests do), with 400 days of steps and saved tokens in COACH_TUI_HOME, and then the
real CLI runs `sync`. A fault test kills it with SIGKILL at a random moment.
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
    # 60 ms per step request, so the 14 windows take about a second and a kill lands inside.
    fake.step_failure = lambda n: time.sleep(0.06)
    today = clock.today()
    fake.fill(today - timedelta(days=400), today)
    write_tokens(load_settings().paths.garmin_dir)
    print("ready", flush=True)
    sys.exit(main(["sync"]))
