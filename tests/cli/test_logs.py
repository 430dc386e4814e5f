"""A command's unexpected error: one line naming the log, the traceback in it, no API key."""

from __future__ import annotations

import logging

from coach_tui.coach.session import CoachSession

KEY = "sk-ant-api03-" + "k" * 40


def test_a_failing_engine_in_ask_is_one_line_and_a_logged_traceback(cli, coach_home,
                                                                     monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)

    def broken(self, *args, **kwargs):
        raise RuntimeError(f"request failed: Authorization: Bearer {KEY}")

    monkeypatch.setattr(CoachSession, "send", broken)
    code, out, err = cli("ask", "How was my week?")
    log = coach_home / "logs" / "coach-tui.log"
    assert code == 1
    assert err == (f"coach-tui: unexpected error (RuntimeError); the details are in {log}; "
                   "please report it with that file\n")
    text = log.read_text()
    assert "Traceback (most recent call last)" in text
    assert "RuntimeError: request failed: Authorization: Bearer [redacted]" in text
    assert KEY not in text
    assert log.stat().st_mode & 0o777 == 0o600


def test_the_command_leaves_no_handler_behind(cli, coach_home):
    cli("facts")
    assert not [h for h in logging.getLogger("coach_tui").handlers
                if isinstance(h, logging.FileHandler)]
