"""`coach-tui sessions ...`, `ask --model` and global options after the command, as a user runs
them: lines printed, files written, rows left."""

from __future__ import annotations

import re
import stat

import pytest


@pytest.fixture
def two_sessions(clock, api, cli):
    clock.set("2026-11-30T09:00")
    api.queue_reply("Walk at lunch.")
    assert cli("ask", "How do I fit in a walk?")[0] == 0
    api.queue_reply("Rest **today**.")
    assert cli("ask", "--new", "My knee hurts")[0] == 0
    return cli


def test_list_prints_one_aligned_row_per_session_starting_with_its_id(two_sessions):
    code, out, err = two_sessions("sessions", "list")
    assert code == 0 and err == ""
    assert without_costs(out) == [
        "2  2026-11-30 09:00  1 message  $COST  My knee hurts",
        "1  2026-11-30 09:00  1 message  $COST  How do I fit in a walk?",
    ]
    assert two_sessions("sessions", "list", "--search", "lunch")[1].startswith("1  ")


def without_costs(out: str) -> list[str]:
    """The lines, each cost (which depends on the cache's bytes) written $COST; the costs
    must line up (right-aligned) so the titles after them do."""
    lines = out.splitlines()
    ends = {m.end() for m in (re.search(r"\$\d+\.\d{4}", line) for line in lines) if m}
    assert len(ends) == 1
    return [re.sub(r"\$\d+\.\d{4}", "$COST", line, count=1) for line in lines]


def test_list_puts_the_most_recently_active_first_and_tells_same_titles_apart(clock, api,
                                                                               cli, cli_exit):
    for day in ("2026-11-20", "2026-11-21", "2026-11-22"):
        clock.set(f"{day}T07:30")
        assert cli("ask", "How did yesterday go?")[0] == 0
    clock.set("2026-11-23T18:05")
    for words in ("Knee sore after hills", "Still sore", "Better now", "Thanks",
                  "Plan tomorrow", "One more", "Last one", "And another", "Ten", "Eleven"):
        assert cli("ask", "--session", "2", words)[0] == 0
    assert cli("sessions", "rename", "3", "How did yesterday go?")[0] == 0
    code, out, err = cli("sessions", "list")
    assert code == 0 and err == ""
    assert without_costs(out) == [
        "2  2026-11-23 18:05  11 messages  $COST  How did yesterday go? · last: Eleven",
        "3  2026-11-22 07:30   1 message   $COST  How did yesterday go?",
        "1  2026-11-20 07:30   1 message   $COST  How did yesterday go?",
    ]
    code, out, err = cli("sessions", "list", "--limit", "1")
    assert out.splitlines()[0].startswith("2  ") and len(out.splitlines()) == 1
    assert err == "the 1 most recently active sessions; --limit N shows more\n"
    code, out, err = cli("sessions", "list", "--search", "KNEE SORE", "--limit", "5")
    assert (code, err) == (0, "") and [line[:1] for line in out.splitlines()] == ["2"]
    assert cli("sessions", "list", "--search", "nothing like it") == (
        0, "", "no sessions match\n")
    assert cli_exit("sessions", "list", "--limit", "0") == (
        2, "", "coach-tui: sessions list: argument --limit: must be at least 1, got 0\n")


def test_show_and_export_write_a_markdown_transcript_with_times(two_sessions, tmp_path):
    code, out, _ = two_sessions("sessions", "show", "2")
    assert code == 0
    assert out.startswith("# Session 2: My knee hurts\n")
    assert "## You · 2026-11-30 09:00\n\nMy knee hurts\n" in out
    assert "## Coach · 2026-11-30 09:00\n\nRest **today**.\n" in out

    target = tmp_path / "knee.md"
    code, out, _ = two_sessions("sessions", "export", "2", str(target))
    assert code == 0 and target.read_text() == two_sessions("sessions", "show", "2")[1]
    assert stat.S_IMODE(target.stat().st_mode) == 0o600

    target.write_text("mine")
    code, _, err = two_sessions("sessions", "export", "1", str(target))
    assert code != 0 and err == f"coach-tui: {target} already exists; add --force to replace it\n"
    assert target.read_text() == "mine"
    assert two_sessions("sessions", "export", "1", str(target), "--force")[0] == 0
    assert target.read_text().startswith("# Session 1:")

    code, out, _ = two_sessions("sessions", "export", "1", "-")
    assert code == 0 and out.startswith("# Session 1:")


def test_rename_and_delete(two_sessions, api):
    assert two_sessions("sessions", "rename", "1", "Lunch", "walks") == (
        0, "session 1 is now titled: Lunch walks\n", "")
    assert "1  2026-11-30 09:00  1 message  $COST  Lunch walks" in without_costs(
        two_sessions("sessions", "list")[1])
    assert two_sessions("sessions", "delete", "2") == (0, "deleted session 2\n", "")
    assert [line.split()[0] for line in two_sessions("sessions", "list")[1].splitlines()] == [
        "1"]
    code, _, err = two_sessions("sessions", "delete", "2")
    assert code != 0 and err == "coach-tui: there is no session 2\n"
    code, _, err = two_sessions("sessions", "show", "9")
    assert code != 0 and err.count("\n") == 1


def test_rename_makes_one_line_no_longer_than_a_first_message_title(two_sessions):
    from coach_tui.coach.session import TITLE_MAX_CHARS

    code, out, _ = two_sessions("sessions", "rename", "1", "Knee\nweek", "x" * 100)
    title = two_sessions("sessions", "list")[1].splitlines()[1].split("  ", 4)[4]
    assert code == 0 and title.startswith("Knee week xxx") and len(title) == TITLE_MAX_CHARS
    code, _, err = two_sessions("sessions", "rename", "1", " \n ")
    assert code != 0 and err == "coach-tui: the title is empty\n"


def test_demo_works_before_or_after_the_command(cli, tmp_path):
    before = cli("--demo", "facts")
    after = cli("facts", "--demo")
    assert before[0] == after[0] == 0
    assert before[1] == after[1] and "streak" in after[1]
    code, out, _ = cli("journal", "list", "--demo")
    assert code == 0 and out


def test_version_works_after_the_command(cli):
    with pytest.raises(SystemExit) as exit_:
        cli("steps", "--version")
    assert exit_.value.code == 0
    out, err = cli.capsys.readouterr()
    assert out.startswith("coach-tui ") and out.count("\n") == 1 and not err


def test_a_command_reads_the_package_version_only_when_asked(cli, monkeypatch):
    # Reading it parses the package's whole metadata (~4 ms); it was read once per parser.
    import importlib.metadata

    import coach_tui

    monkeypatch.delitem(vars(coach_tui), "__version__", raising=False)  # read by an earlier test
    reads = []
    real = importlib.metadata.version
    monkeypatch.setattr(importlib.metadata, "version",
                        lambda name: reads.append(name) or real(name))
    assert cli("--demo", "facts")[0] == 0
    assert reads == []
    with pytest.raises(SystemExit):
        cli("--version")
    assert reads == ["coach-tui"]


def test_ask_model_uses_that_model_in_a_new_session(clock, api, cli):
    clock.set("2026-11-30T09:00")
    assert cli("ask", "one")[0] == 0
    assert cli("ask", "--model", "claude-haiku-5-5", "two")[0] == 0
    assert api.requests[-1]["model"] == "claude-haiku-5-5"
    assert len(api.requests[-1]["messages"]) == 1
    code, _, err = cli("ask", "--model", "gpt-9", "three")
    assert code != 0 and "no model 'gpt-9'" in err and err.count("\n") == 1


def test_chats_made_in_the_first_run_demo_are_listed_like_the_app_shows_them(cli, home):
    from datetime import datetime

    from coach_tui.coach.session import CoachSession
    from coach_tui.context import Context
    from coach_tui.store import sessions as store
    from coach_tui.store.db import transaction
    from coach_tui.store.steps import Day, upsert_days

    assert cli("sessions", "list") == (0, "", "no sessions yet\n")   # the app never opened
    demo = Context(demo=True)          # what the app opened on: no account, no steps
    demo.conn  # noqa: B018 -- opened on demo data, no chat there yet
    assert cli("sessions", "list") == (0, "", "no sessions yet\n")
    session = CoachSession.new(demo.conn, demo.settings,
                               now=datetime.fromisoformat("2026-11-30T09:00"))
    store.add_user_turn(demo.conn, session.session_id, created_at="2026-11-30T09:00:00",
                        text="Is this my data?", memory_on=True, title="Is this my data?")
    demo.close()
    code, out, err = cli("sessions", "list")
    assert code == 0 and out.endswith("  Is this my data?\n")
    assert err.startswith("coach-tui: the demo's chats: the app opens on demo data")
    assert cli("sessions", "show", str(session.session_id))[1].startswith(
        f"# Session {session.session_id}: Is this my data?")

    own = Context()                    # steps of the user's own: the app opens on them
    with transaction(own.conn):
        upsert_days(own.conn, [Day("2026-11-29", 9_000, 8_000)], source="csv")
    own.close()
    assert cli("sessions", "list") == (0, "", "no sessions yet\n")
