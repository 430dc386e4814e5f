"""Broken homes, hostile input and a full disk: one line, a non-zero exit, never a traceback."""

from __future__ import annotations

import os
import resource
import shutil
import sqlite3
import subprocess
import zipfile
from datetime import date, timedelta

import pytest

from coach_tui.cli import memory_cmds
from tests.faults.support import coach_tui, one_line_no_traceback


def test_a_home_that_is_a_file_is_one_line(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    for home in (blocker, blocker / "coach"):   # the home is a file; it cannot be created
        out = coach_tui(home, "journal", "list")
        assert out.returncode == 1
        assert one_line_no_traceback(out.stderr) == (
            f"coach-tui: cannot use {blocker}: a file is in the way of a folder; move it aside "
            "or set COACH_TUI_HOME to a folder")


def test_a_config_toml_that_is_not_a_file_is_one_line(tmp_path):
    (tmp_path / "config.toml").mkdir()
    out = coach_tui(tmp_path, "journal", "list")
    assert out.returncode == 1
    assert "config.toml is not a regular file" in one_line_no_traceback(out.stderr)


def test_a_huge_config_number_is_one_line(tmp_path):
    (tmp_path / "config.toml").write_text("[garmin]\nfirst_sync_days = 100000000000000000000\n"
                                          "[memory]\njournal_cap = 9223372036854775808\n")
    out = coach_tui(tmp_path, "journal", "list")
    assert out.returncode == 1
    assert "must be at most" in one_line_no_traceback(out.stderr)


def test_an_id_too_large_for_sqlite_is_refused_by_name(tmp_path):
    out = coach_tui(tmp_path, "journal", "delete", str(2**63))
    assert out.returncode == 2
    assert one_line_no_traceback(out.stderr) == (
        f"coach-tui: journal delete: argument ID: there is no journal line {2**63}")


def test_bytes_that_are_not_utf8_in_asks_argument_or_stdin_are_one_line(tmp_path):
    for args, stdin in (((b"caf\xe9 time?",), None), (("-",), b"caf\xe9 time?\n")):
        out = coach_tui(tmp_path, "ask", *args, input=stdin)
        assert out.returncode == 1
        assert one_line_no_traceback(out.stderr) == (
            "coach-tui: your message holds bytes that are not UTF-8 text; send it as UTF-8")


def test_a_deeply_nested_json_in_an_export_is_one_line(tmp_path):
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("DI_CONNECT/UDSFile_1.json", "[" * 200_000 + "]" * 200_000)
    out = coach_tui(tmp_path / "home", "import", str(archive))
    assert out.returncode == 1
    assert one_line_no_traceback(out.stderr) == (
        "coach-tui: UDSFile_1.json is nested too deeply to be a daily summary file; "
        "nothing was imported")


def test_a_database_from_a_newer_coach_tui_reads_correctly(tmp_path):
    assert coach_tui(tmp_path, "journal", "list").returncode == 0
    conn = sqlite3.connect(tmp_path / "coach.db")
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    out = coach_tui(tmp_path, "journal", "list")
    assert out.returncode == 1
    line = one_line_no_traceback(out.stderr)
    assert line.startswith(f"coach-tui: the database {tmp_path / 'coach.db'} was written by a "
                           "newer coach-tui (schema version 99; this one knows up to ")
    assert line.endswith("); upgrade coach-tui to use it")


def _set_immutable(paths, on: bool) -> bool:
    flag = "+i" if on else "-i"
    return all(subprocess.run(["chattr", flag, str(p)], capture_output=True).returncode == 0
               for p in paths)


@pytest.mark.parametrize("how", ["read-only", "immutable"])
def test_a_read_only_or_immutable_database_is_one_line(tmp_path, how):
    home = tmp_path / "home"
    assert coach_tui(home, "journal", "add", "Walks the dog").returncode == 0
    db = home / "coach.db"
    if how == "immutable" or os.geteuid() == 0:
        # root writes through any mode; the immutable flag stops root too.
        if shutil.which("chattr") is None or not _set_immutable([db, home], True):
            pytest.skip("this filesystem has no immutable flag")
    else:
        home.chmod(0o555)
        db.chmod(0o444)
    try:
        out = coach_tui(home, "journal", "add", "Another line")
    finally:
        _set_immutable([home, db], False) if how == "immutable" or os.geteuid() == 0 else None
        home.chmod(0o700)
        db.chmod(0o600)
    assert out.returncode == 1
    line = one_line_no_traceback(out.stderr)
    assert line.startswith(f"coach-tui: the database {db} ")
    assert "read-only" in line or "cannot be opened" in line, line


def _file_size_limit(limit: int):
    def apply():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


def test_a_full_disk_during_import_is_one_line_and_imports_nothing(tmp_path):
    home = tmp_path / "home"
    assert coach_tui(home, "journal", "list").returncode == 0
    csv = tmp_path / "steps.csv"
    first = date(2000, 1, 1)
    rows = [f"{first + timedelta(days=i)},{1000 + i}" for i in range(365 * 20)]
    csv.write_text("date,steps\n" + "\n".join(rows) + "\n")
    size = (home / "coach.db").stat().st_size
    out = coach_tui(home, "import", str(csv), preexec_fn=_file_size_limit(size + 16_384))
    assert out.returncode == 1
    line = one_line_no_traceback(out.stderr)
    assert "nothing was imported" in line and "free some space" in line, line
    check = sqlite3.connect(home / "coach.db")
    assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert check.execute("SELECT count(*) FROM daily_steps").fetchone() == (0,)


@pytest.mark.slow
def test_a_full_disk_during_journal_export_is_one_line_and_leaves_no_file(cli, coach_home,
                                                                          tmp_path):
    home = coach_home
    home.mkdir()
    (home / "config.toml").write_text("[memory]\nline_max_chars = 3000\n")
    # The lines are added in this process (the export is what runs on a full disk).
    for i in range(40):
        assert cli("journal", "add", f"Line {i} " + "x" * 2900)[0] == 0
    target = tmp_path / "journal.md"
    # Above the database's shared-memory file (32 KB), below the export (120 KB).
    out = coach_tui(home, "journal", "export", str(target), preexec_fn=_file_size_limit(65_536))
    assert out.returncode == 1
    assert "the disk is full" in one_line_no_traceback(out.stderr)
    assert not target.exists()


def test_an_unexpected_error_is_one_line_pointing_at_the_log(cli, coach_home, monkeypatch):
    def broken(ctx, args):
        raise TypeError("a bug")

    monkeypatch.setattr(memory_cmds, "cmd_facts", broken)
    code, out, err = cli("facts")
    log = coach_home / "logs" / "coach-tui.log"
    assert code == 1 and out == ""
    assert err == (f"coach-tui: unexpected error (TypeError); the details are in {log}; "
                   "please report it with that file\n")
    assert "Traceback" in log.read_text() and "TypeError: a bug" in log.read_text()


