"""Running the real `coach-tui` in a subprocess, and reading what the terminal would receive."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.support import PINNED_NOW, REPO

# What must never reach a terminal raw: C0 but \t \n, DEL, C1, and the bidi controls.
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

HOSTILE = ("clear\x1b[2J clip\x1b]52;c;aGk=\x07 title\x1b]0;pwned\x1b\\ csi\x9b31m "
           "rtl\u202eabc\u2066")


def env_for(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("ANTHROPIC_", "COACH_", "GARMIN"))}
    env.update(COACH_TUI_HOME=str(home), COACH_TUI_NOW=PINNED_NOW, PYTHONPATH=str(REPO), **extra)
    return env


def coach_tui(home: Path, *args: str | bytes, input: bytes | None = None, timeout: float = 60,
              preexec_fn=None, **env: str) -> subprocess.CompletedProcess[bytes]:
    """`coach-tui ARGS` as a user runs it; stdout and stderr as the raw bytes a terminal gets."""
    return subprocess.run(
        [sys.executable, "-m", "coach_tui", *args], env=env_for(home, **env), cwd=REPO,
        input=input, capture_output=True, timeout=timeout, preexec_fn=preexec_fn,
    )


def assert_no_raw_controls(*outputs: bytes) -> None:
    for out in outputs:
        text = out.decode("utf-8")
        assert not RAW_CONTROL.search(text), text


def one_line_no_traceback(err: bytes) -> str:
    text = err.decode("utf-8")
    assert "Traceback" not in text, text
    lines = text.splitlines()
    assert len(lines) == 1, text
    return lines[0]
