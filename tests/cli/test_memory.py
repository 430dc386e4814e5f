"""The memory commands as a user runs them: exit codes, one-line errors, what is printed."""

import os
import stat
import subprocess
import sys
from datetime import date, timedelta

import pytest

from coach_tui.cli import main
from coach_tui.config import load_settings
from coach_tui.store import connect
from coach_tui.store.steps import Day, upsert_days


def seed_steps(values, end=date(2026, 11, 29)):
    conn = connect(load_settings().paths.db_file)
    start = end - timedelta(days=len(values) - 1)
    upsert_days(conn, [Day((start + timedelta(days=i)).isoformat(), v, None)
                       for i, v in enumerate(values)], source="csv")
    conn.close()


def test_facts_prints_the_ledger_as_injected(clock, cli):
    clock.set("2026-11-30T08:00")
    seed_steps([11_000, 9_000, 12_000, 10_000])
    code, out, err = cli("facts")
    assert code == 0
    assert out.splitlines()[0] == "step goal streak: 2 days (through 2026-11-29)"
    assert out.splitlines()[-1] == (
        "longest goal streak in the last 365 days: 2 days (2026-11-28 to 2026-11-29)"
    )


def test_facts_with_no_data_says_how_to_get_some(cli):
    code, out, err = cli("facts")
    assert code == 0 and out == ""
    assert "coach-tui sync" in err


def test_journal_add_list_delete_export(clock, cli, tmp_path):
    clock.set("2026-11-30T08:00")
    assert cli("journal", "add", "Prefers", "[bold]trails[/bold]")[0] == 0
    code, out, _ = cli("journal", "list")
    assert out == "1  2026-11-30  you      Prefers [bold]trails[/bold]\n"

    target = tmp_path / "out" / "journal.md"
    code, out, _ = cli("journal", "export", str(target))
    assert code == 0 and "wrote 1 line to" in out
    assert "Prefers \\[bold\\]trails\\[/bold\\] _(you)_" in target.read_text()

    assert cli("journal", "delete", "1")[:2] == (0, "deleted line 1\n")
    code, out, err = cli("journal", "delete", "1")
    assert code == 1 and err == ("coach-tui: there is no journal line 1; "
                                 "see `coach-tui journal list`\n")


def test_journal_add_reports_shortening_and_duplicates(cli):
    _, out, _ = cli("journal", "add", "y" * 300)
    assert "shortened to 240 characters" in out
    code, out, err = cli("journal", "add", "y" * 300)
    assert code == 0 and "already in the journal" in err


@pytest.mark.parametrize("argv, message", [
    (("journal", "add", "   "), "coach-tui: a journal line needs some text\n"),
])
def test_bad_journal_input_is_one_line(cli, argv, message):
    code, out, err = cli(*argv)
    assert (code, err) == (1, message)


@pytest.mark.parametrize("bad_id", ["0", "-3", "abc"])
def test_a_bad_id_is_refused_by_the_parser(capsys, bad_id):
    with pytest.raises(SystemExit) as exit_:
        main(["journal", "delete", bad_id])
    assert exit_.value.code == 2
    assert "not a journal line id" in capsys.readouterr().err


def test_export_to_an_unwritable_place_is_one_line(cli, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, _, err = cli("journal", "export", str(blocker / "sub" / "j.md"))
    assert code == 1 and err.startswith("coach-tui: cannot write") and err.count("\n") == 1


def test_memory_switch_persists_and_env_forces_off(cli, monkeypatch):
    assert cli("memory", "status")[1] == "memory: on\n"
    assert cli("memory", "off")[1] == "memory: off\n"
    assert cli("memory", "status")[1] == "memory: off\n"
    cli("memory", "on")
    monkeypatch.setenv("COACH_MEMORY", "off")
    code, out, err = cli("memory", "on")
    assert out.startswith("memory: off (forced by COACH_MEMORY=off; saved setting: on)")
    assert "unset COACH_MEMORY" in err


def test_a_bad_config_is_one_line_and_exit_1(cli, coach_home):
    coach_home.mkdir(parents=True)
    (coach_home / "config.toml").write_text("[memory]\njournal_cap = 0\n")
    code, out, err = cli("journal", "list")
    assert code == 1
    assert err == (f"coach-tui: memory.journal_cap must be at least 1, got 0 "
                   f"(in {coach_home / 'config.toml'})\n")


def test_help_everywhere():
    for argv in (["--help"], ["journal", "--help"], ["journal", "add", "--help"],
                 ["memory", "--help"], ["facts", "--help"]):
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        assert exit_.value.code == 0


def test_the_console_entry_point_runs(coach_home):
    env = dict(os.environ, COACH_TUI_HOME=str(coach_home))
    result = subprocess.run([sys.executable, "-m", "coach_tui", "memory", "status"],
                            capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0 and result.stdout == "memory: on\n"
    assert stat.S_IMODE((coach_home / "coach.db").stat().st_mode) == 0o600


@pytest.mark.parametrize("word, forced", [
    ("off", True), ("OFF", True), (" Disabled ", True), ("no", True), ("0", True),
    ("False", True), ("on", False), ("TRUE", False), ("yes", False), ("1", False),
    ("Enabled", False), ("", False),
])
def test_the_kill_switch_reads_the_known_words_in_any_case(cli, monkeypatch, word, forced):
    monkeypatch.setenv("COACH_MEMORY", word)
    code, out, err = cli("memory", "status")
    assert code == 0, err
    assert out.startswith("memory: off (forced" if forced else "memory: on")


@pytest.mark.parametrize("word", ["disable", "none", "of", "offf", "2", "nein"])
def test_a_kill_switch_that_is_not_an_on_off_word_stops_everything(cli, api, monkeypatch,
                                                                   coach_home, word):
    """Fails closed: no command runs, the app does not open, no request carries memory."""
    monkeypatch.setenv("COACH_MEMORY", word)
    api.queue_reply("hello")
    for argv in (("ask", "hi"), ("memory", "status"), ()):
        code, out, err = cli(*argv)
        assert code == 2 and out == ""
        assert err == (f"coach-tui: COACH_MEMORY={word!r} is not an on/off word, so nothing "
                       "was run: set COACH_MEMORY=off to keep memory off (on/off, true/false, "
                       "1/0, yes/no or enabled/disabled, any case), or unset it\n")
    assert api.requests == []
    assert not (coach_home / "coach.db").exists()
