"""A message a killed coach-tui left pending is marked interrupted at the next start, once it
is older than the longest a reply can take; a younger one may still be answered, and stays."""

from __future__ import annotations

from datetime import datetime, timedelta

from coach_tui.coach.orphans import ORPHANED, longest_reply, mark_orphans
from coach_tui.coach.transcript import markdown_transcript
from coach_tui.coach.turn_plan import prepare_turn

SENT = datetime(2026, 11, 30, 9, 15)


def statuses(conn):
    return conn.execute("SELECT text, status, error FROM turns ORDER BY turn_id").fetchall()


def test_only_messages_older_than_the_longest_reply_are_marked(conn, settings):
    prepare_turn(conn, settings, None, "killed mid-reply", now=SENT)  # then killed
    bound = longest_reply(settings)
    assert timedelta(minutes=10) < bound < timedelta(hours=2)
    assert mark_orphans(conn, settings, SENT + bound - timedelta(seconds=1)) == 0
    assert statuses(conn) == [("killed mid-reply", "pending", None)]
    assert mark_orphans(conn, settings, SENT + bound + timedelta(seconds=1)) == 1
    assert statuses(conn) == [("killed mid-reply", "interrupted", ORPHANED)]
    shown = markdown_transcript(conn, 1)
    assert "(interrupted)\n\nkilled mid-reply\n\n> " + ORPHANED in shown
    assert mark_orphans(conn, settings, SENT + 2 * bound) == 0  # once


def test_every_command_marks_them_when_it_opens_the_database(conn, settings, cli, clock):
    prepare_turn(conn, settings, None, "killed mid-reply", now=SENT)  # then killed
    clock.set((SENT + longest_reply(settings) + timedelta(minutes=1)).isoformat())
    code, out, _ = cli("sessions", "show", "1")
    assert code == 0 and "(interrupted)" in out and ORPHANED in out
