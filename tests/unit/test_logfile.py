"""The log file: private, rotating, attached once, and never holding an API key."""

from __future__ import annotations

import logging

import pytest

from coach_tui import logfile
from coach_tui.context import Context


@pytest.fixture(autouse=True)
def _detached():
    yield
    logfile.detach()


def test_nothing_is_created_until_a_line_is_written(tmp_path):
    path = logfile.attach(tmp_path / "logs")
    assert path == tmp_path / "logs" / "coach-tui.log"
    assert not (tmp_path / "logs").exists()
    logging.getLogger("coach_tui.x").warning("hello")
    assert "WARNING coach_tui.x: hello" in path.read_text()
    assert path.stat().st_mode & 0o777 == 0o600
    assert path.parent.stat().st_mode & 0o777 == 0o700


def test_a_log_left_readable_by_others_becomes_private_on_the_next_line(tmp_path):
    """A log written before (by an older version, or under a careless umask) is 0600 again
    as soon as the app writes to it: every file the app writes is private."""
    logs = tmp_path / "logs"
    logs.mkdir(mode=0o700)
    (logs / "coach-tui.log").write_text("old line\n")
    (logs / "coach-tui.log").chmod(0o666)
    path = logfile.attach(logs)
    logging.getLogger("coach_tui.x").warning("hello")
    assert path.read_text().startswith("old line\n")
    assert path.stat().st_mode & 0o777 == 0o600


def test_an_api_key_never_reaches_the_file(tmp_path, monkeypatch):
    key = "sk-ant-api03-" + "x" * 40
    monkeypatch.setenv("ANTHROPIC_API_KEY", key)
    path = logfile.attach(tmp_path)
    try:
        raise RuntimeError(f"bad request with key {key} and sk-ant-oat01-abcdefghijkl")
    except RuntimeError:
        logging.getLogger("coach_tui.x").exception("failed for %s", key)
    text = path.read_text()
    assert "sk-ant" not in text and key not in text
    assert "RuntimeError: bad request with key [redacted] and [redacted]" in text


def test_the_file_rotates_and_old_files_stay_private(tmp_path, monkeypatch):
    monkeypatch.setattr(logfile, "MAX_BYTES", 200)
    path = logfile.attach(tmp_path)
    for i in range(20):
        logging.getLogger("coach_tui.x").warning("line %d %s", i, "." * 50)
    old = sorted(tmp_path.glob("coach-tui.log.*"))
    assert [p.name for p in old] == [f"coach-tui.log.{i}" for i in (1, 2, 3)]
    assert all(p.stat().st_mode & 0o777 == 0o600 for p in [path, *old])


def test_attaching_again_replaces_the_file_and_close_detaches(tmp_path, monkeypatch):
    monkeypatch.setenv("COACH_TUI_HOME", str(tmp_path / "a"))
    first = Context()
    assert first.log_to_file() == tmp_path / "a" / "logs" / "coach-tui.log"
    second = logfile.attach(tmp_path / "b")
    handlers = [h for h in logging.getLogger("coach_tui").handlers
                if isinstance(h, logging.FileHandler)]
    assert len(handlers) == 1 and logfile.log_path() == second
    first.close()
    assert logfile.log_path() is None and logfile.where_logged() == ""


def test_a_log_that_cannot_be_written_is_not_named(tmp_path):
    (tmp_path / "logs").write_text("a file where the folder should be")
    logfile.attach(tmp_path / "logs")
    logging.getLogger("coach_tui.x").error("lost")   # no "Logging error" on stderr either
    assert logfile.log_path() is None
    assert logfile.logged_failure(ValueError("bad")) == "bad."


def test_a_logged_failure_is_one_sentence_then_where_it_was_logged(tmp_path):
    path = logfile.attach(tmp_path)
    logging.getLogger("coach_tui.x").error("boom")
    assert logfile.logged_failure(RuntimeError("no\nsuch\x1b[2J row.")) == (
        f"no such␛[2J row. The details are in {path}.")
    assert logfile.logged_failure(RuntimeError()) == f"RuntimeError. The details are in {path}."


def test_the_log_follows_a_switch_to_the_demo_home(tmp_path, monkeypatch):
    monkeypatch.setenv("COACH_TUI_HOME", str(tmp_path))
    ctx = Context()
    ctx.log_to_file()
    ctx.switch_to_demo("first run")
    assert logfile.log_path() == tmp_path / "demo" / "logs" / "coach-tui.log"
    ctx.close()
    assert logfile.log_path() is None
