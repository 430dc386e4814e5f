"""Invisible characters (zero-width, bidi marks, tags, the byte order mark...) follow the same
output rule as controls: every command and every exported file shows them as `<U+200B>`, and
the sync progress bar is the one thing that still sends a carriage return, on a terminal."""

from __future__ import annotations

import io
import os
import pty
import unicodedata
from datetime import date

import pytest

from coach_tui.cli.garmin_cmds import ProgressBar
from coach_tui.cli.output import VisibleStream
from coach_tui.garmin.sync import SyncProgress
from coach_tui.text import visible
from tests.faults.support import HOSTILE

TAGS = range(0xE0000, 0xE0080)
# Zero-width space, joiners, word joiner, BOM, Arabic letter mark, LRM, RLM, hidden "HI" in
# tag characters, and a soft hyphen.
INVISIBLE = ("zero\u200bwidth \u200cnon\u200djoin \u2060word \ufeffbom \u061calm \u200elrm "
             "\u200frlm tag\U000e0048\U000e0049\U000e007f soft\u00adhyphen")


def raw_invisible(text: str) -> list[str]:
    """Characters a terminal would act on or hide: controls but \\n \\t, format characters
    (category Cf), tags, and the line and paragraph separators."""
    return [f"U+{ord(c):04X}" for c in text
            if (unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") and c not in "\n\t")
            or ord(c) in TAGS]


def test_every_format_character_and_tag_is_shown_by_its_code_point():
    """Against the running Python's Unicode tables, so a newer Unicode cannot slip past."""
    for code in range(0x110000):
        if unicodedata.category(chr(code)) == "Cf" or code in TAGS:
            assert visible(f"a{chr(code)}b") == f"a<U+{code:04X}>b"
    assert visible(INVISIBLE).startswith("zero<U+200B>width <U+200C>non<U+200D>join <U+2060>")
    assert "tag<U+E0048><U+E0049><U+E007F> soft<U+00AD>hyphen" in visible(INVISIBLE)
    assert visible("👍 café\n\tok") == "👍 café\n\tok"     # visible text stays as typed


def test_a_joiner_inside_an_emoji_sequence_keeps_the_picture_whole():
    """A coach reply with a family or a runner with a skin tone and gender reads as the emoji,
    not as code points; the same joiner between letters is still shown."""
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
    runner = "\U0001F3C3\U0001F3FD\u200d\u2640\ufe0f"
    assert visible(f"{family} and {runner}") == f"{family} and {runner}"
    shown = "a<U+200D>\U0001F3C3 \U0001F3C3<U+200D>b"
    assert visible("a\u200d\U0001F3C3 \U0001F3C3\u200db") == shown


def test_ask_sessions_and_journal_show_invisible_characters(api, cli, tmp_path):
    api.queue_reply(f"Nice walk {INVISIBLE} {HOSTILE}\r done.")
    code, out, err = cli("ask", "hello")
    assert code == 0, err
    assert "Nice walk zero<U+200B>width" in out and "rlm tag<U+E0048>" in out
    title = f"walks {INVISIBLE}"
    outputs = [(out, err), cli("sessions", "rename", "1", title)[1:],
               cli("sessions", "list")[1:], cli("sessions", "list", "--search", "walks")[1:],
               cli("journal", "add", INVISIBLE)[1:], cli("journal", "list")[1:]]
    for out, err in outputs:
        assert raw_invisible(out + err) == [], (out, err)
    assert "walks zero<U+200B>width" in outputs[2][0] and "walks zero<U+200B>" in outputs[3][0]
    assert "zero<U+200B>width" in outputs[5][0]


@pytest.mark.parametrize("argv", [("sessions", "export", "1"), ("journal", "export")])
def test_exported_files_hold_no_raw_control_or_invisible_character(api, cli, tmp_path, argv):
    """`cat FILE` shows what a reply held; it does not replay ESC]52, CSI, BEL, C1, CR, bidi."""
    api.queue_reply(f"Reply {HOSTILE}\r\x07\x9b2J {INVISIBLE}")
    assert cli("ask", f"my words {INVISIBLE}")[0] == 0
    assert cli("journal", "add", f"line {HOSTILE} {INVISIBLE}")[0] == 0
    target = tmp_path / "out.md"
    code, out, err = cli(*argv, str(target))
    assert code == 0, err
    text = target.read_bytes().decode("utf-8")
    assert raw_invisible(text) == []
    assert "zero<U+200B>width" in text
    if argv[0] == "sessions":   # a journal line holds no controls at all (they become spaces)
        assert "clip␛]52;c;aGk=␇" in text and "␍␇\\x9b2J" in text
    assert cli(*argv, "-")[1] == text   # stdout and the file say the same


def _progress(done: int) -> SyncProgress:
    day = date(2026, 11, 30)
    return SyncProgress(first=day, last=day, windows_done=done, windows=14,
                        window=None if done == 0 else (day, day), new=0, updated=0, skipped=0)


def test_the_progress_bar_redraws_in_place_on_a_terminal():
    """Through the CLI's visible stderr, on a real terminal 40 columns wide: each frame starts
    with a raw carriage return and fits the width, so the frames are drawn over each other."""
    import fcntl
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 40, 0, 0))
    with open(slave, "w", encoding="utf-8", closefd=True) as tty:
        bar = ProgressBar(VisibleStream(tty))
        assert bar.tty
        for done in range(15):
            bar.update(_progress(done))
        bar.close()
    received = b""
    while not received.endswith(b"\n"):
        received += os.read(master, 65536)
    os.close(master)
    text = received.decode("utf-8")
    frames = text.rstrip("\r\n").split("\r")[1:]
    assert len(frames) == 15 and "␍" not in text
    assert all(len(frame) <= 39 for frame in frames)
    assert frames[-1].startswith("syncing steps [###")


def test_the_progress_bar_prints_plain_lines_when_not_a_terminal():
    raw = io.StringIO()
    bar = ProgressBar(VisibleStream(raw))
    for done in (0, 7, 14):
        bar.update(_progress(done))
    bar.close()
    lines = raw.getvalue().splitlines()
    assert lines[0] == "sync: fetching 2026-11-30 to 2026-11-30 in 14 requests"
    assert lines[-1].startswith("sync: 14/14 saved through 2026-11-30")
    assert "\r" not in raw.getvalue() and "␍" not in raw.getvalue()
