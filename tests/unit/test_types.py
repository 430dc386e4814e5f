"""mypy passes over coach_tui/ (issue 19 item 4), as pyproject.toml's [tool.mypy] sets it."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow(seconds=14)  # a mypy process: 14 s of CPU when fresh, a few once cached
def test_mypy_passes_over_coach_tui() -> None:
    # The cache is the default .mypy_cache at the project root (gitignored): a warm run takes a
    # few seconds, a cold one (fresh checkout) about 14 s of CPU (25 s before the SDK parts
    # coach_tui never imports were skipped: [[tool.mypy.overrides]] in pyproject.toml).
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "coach_tui"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
