"""A real SIGINT to a real `coach-tui ask` while the reply streams: the reply is kept as a stop,
and what the service billed for it is printed and counted in the session's total."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys

import pytest

from tests.fakes.messages_api import FakeMessagesAPI
from tests.faults.support import REPO, env_for

pytestmark = pytest.mark.slow


def test_ctrl_c_while_ask_streams_keeps_the_stop_and_counts_its_cost(tmp_path):
    home = tmp_path / "home"
    # The service paces the reply, so the key lands while it is still arriving.
    with FakeMessagesAPI(seconds_per_text_delta=0.3) as api:
        api.queue_reply("Walk after lunch today, then again after dinner, and rest on Sunday.")
        proc = subprocess.Popen(
            [sys.executable, "-m", "coach_tui", "ask", "plan my day"], cwd=REPO,
            env=env_for(home, ANTHROPIC_BASE_URL=api.url, ANTHROPIC_API_KEY=api.api_key),
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert proc.stdout is not None
        first = proc.stdout.read1(100)  # the first words are on the screen
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert (first + out).decode().startswith("Walk ")
    lines = err.decode().splitlines()
    assert "Traceback" not in err.decode() and len(lines) == 2, lines
    usage_line, error_line = lines
    billed = api.responses[-1]["usage"]
    assert f"{billed['input_tokens']:,} uncached" in usage_line
    assert "cost ≥$" in usage_line and "session ≥$" in usage_line
    assert error_line == ("coach-tui: interrupted; the partial reply is kept, marked stopped, "
                          "and your message is marked interrupted")
    conn = sqlite3.connect(home / "coach.db")
    try:
        status, stop, text, cost, floor = conn.execute(
            "SELECT status, stop_reason, text, cost_usd, output_is_floor FROM turns "
            "WHERE role = 'assistant'").fetchone()
    finally:
        conn.close()
    assert (status, stop, floor) == ("interrupted", "stopped", 1)
    assert text.startswith("Walk ") and cost > 0
    assert f"session ≥${cost:.4f}" in usage_line
