"""Hostile text (ESC/OSC sequences, C1 controls, bidi overrides) through every output path:
the bytes a terminal receives hold none of them raw, and streaming still streams."""

from __future__ import annotations

import io
import sqlite3
import zipfile

from coach_tui.cli import main
from coach_tui.cli.output import VisibleStream
from coach_tui.text import visible
from tests.faults.support import HOSTILE, assert_no_raw_controls, coach_tui


def test_visible_shows_every_control_and_bidi_character():
    assert visible("a\x1b[2Jb\x07\x9b\u2028") == "a␛[2Jb␇\\x9b<U+2028>"
    assert visible("x\u202ey\u2066z\u2069") == "x<U+202E>y<U+2066>z<U+2069>"
    assert visible("line\nnext\ttab [bold]é") == "line\nnext\ttab [bold]é"
    assert visible("\x7f\x00") == "␡␀"
    assert visible("bad \udcff byte") == "bad \\xff byte"   # a byte that was not UTF-8


def test_a_stream_is_made_visible_chunk_by_chunk():
    raw = io.StringIO()
    stream = VisibleStream(raw)
    for chunk in ("Hello ", "\x1b", "[2J", "world\u202e"):
        stream.write(chunk)
        assert "\x1b" not in raw.getvalue()
    assert raw.getvalue() == "Hello ␛[2Jworld<U+202E>"


def test_journal_text_is_shown_visibly_in_list_and_export(tmp_path):
    home = tmp_path / "home"
    added = coach_tui(home, "journal", "add", HOSTILE)
    assert added.returncode == 0, added.stderr
    listed = coach_tui(home, "journal", "list")
    assert listed.returncode == 0
    assert b"rtl<U+202E>abc" in listed.stdout         # the override shown, not obeyed
    assert b"shortened" not in added.stdout          # only control characters were taken out
    exported = coach_tui(home, "journal", "export", "-")
    for out in (added, listed, exported):
        assert_no_raw_controls(out.stdout, out.stderr)


def test_a_streamed_reply_and_an_error_body_are_shown_visibly(api, capfdbinary):
    # `coach-tui ask` runs in the test's process (two subprocesses paid two SDK imports, 7 s of
    # CPU), and what reaches file descriptors 1 and 2 is read as the bytes a terminal gets.
    api.queue_reply(f"Nice walk! {HOSTILE} More text.")
    assert main(["ask", "hi"]) == 0
    asked = capfdbinary.readouterr()
    assert "Nice walk!" in asked.out.decode() and "<U+202E>" in asked.out.decode()
    api.queue_error(400, "invalid_request_error", f"bad {HOSTILE}")
    assert main(["ask", "again"]) != 0
    failed = capfdbinary.readouterr()
    assert "bad clear" in failed.err.decode()
    for out in (asked, failed):
        assert_no_raw_controls(out.out, out.err)


def test_a_file_name_inside_an_archive_is_shown_visibly(tmp_path):
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr(f"DI_CONNECT/UDSFile_{HOSTILE}.json", "not json")
    out = coach_tui(tmp_path / "home", "import", str(archive))
    assert out.returncode != 0
    assert "UDSFile_" in out.stderr.decode()
    assert_no_raw_controls(out.stdout, out.stderr)


def test_text_stored_in_the_database_is_shown_visibly_by_steps_and_facts(tmp_path):
    home = tmp_path / "home"
    assert coach_tui(home, "journal", "list").returncode == 0   # creates the database
    conn = sqlite3.connect(home / "coach.db")
    conn.execute("INSERT INTO daily_steps (date, steps, goal, source, synced_at) "
                 "VALUES ('2026-11-29', 5000, NULL, ?, '2026-11-30T00:00:00Z')", (HOSTILE,))
    conn.commit()
    conn.close()
    for args in (("steps", "--days", "3"), ("facts",), ("steps", "--csv", "--days", "3")):
        out = coach_tui(home, *args)
        assert out.returncode == 0, out.stderr
        assert_no_raw_controls(out.stdout, out.stderr)
