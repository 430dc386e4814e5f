"""Every command that takes an id answers a bad one in one line with a non-zero exit: a word, 0,
a negative number, or a number too large for SQLite (which used to end in OverflowError)."""

from __future__ import annotations

import pytest

from coach_tui.cli import main

TOO_LARGE = "99999999999999999999999"

COMMANDS = [
    ("sessions", "show", "{id}"),
    ("sessions", "export", "{id}", "out.md"),
    ("sessions", "rename", "{id}", "Knee week"),
    ("sessions", "delete", "{id}"),
    ("journal", "delete", "{id}"),
    ("ask", "--session", "{id}", "hello"),
]


def run(capsys, argv) -> tuple[int, str, str]:
    """`coach-tui ARGV`, whether it fails in the parser (SystemExit) or in the command."""
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


def what(argv) -> str:
    return "journal line" if argv[0] == "journal" else "session"


def command_name(argv) -> str:
    return "ask" if argv[0] == "ask" else f"{argv[0]} {argv[1]}"


def argument(argv) -> str:
    return "--session" if argv[0] == "ask" else "ID"


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_an_id_too_large_for_sqlite_is_no_such_row(home, capsys, tmp_path, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, [a.format(id=TOO_LARGE) for a in argv])

    assert (code, out) == (2, "")
    assert err == (f"coach-tui: {command_name(argv)}: argument {argument(argv)}: "
                   f"there is no {what(argv)} {TOO_LARGE}\n")
    assert not (tmp_path / "out.md").exists()


@pytest.mark.parametrize("bad", ["abc", "0", "-3", "1.5", "١٢"])
@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_a_word_or_a_number_below_1_is_not_an_id(home, capsys, argv, bad):
    code, out, err = run(capsys, [a.format(id=bad) for a in argv])

    assert (code, out) == (2, "")
    assert err == (f"coach-tui: {command_name(argv)}: argument {argument(argv)}: "
                   f"not a {what(argv)} id: {bad!r}\n")


def test_an_id_with_no_row_is_one_line_from_the_command(home, capsys):
    assert run(capsys, ["sessions", "show", "7"]) == (
        1, "", "coach-tui: there is no session 7; `coach-tui sessions list` shows them\n")
    assert run(capsys, ["journal", "delete", "7"]) == (
        1, "", "coach-tui: there is no journal line 7; see `coach-tui journal list`\n")


@pytest.mark.parametrize("argv, line", [
    (["sessions", "bogus"], "coach-tui: sessions: argument ACTION: invalid choice: 'bogus' "
     "(choose from 'list', 'show', 'export', 'rename', 'delete')\n"),
    (["sessions", "show"], "coach-tui: sessions show: the following arguments are required: ID\n"),
    (["steps", "--days"], "coach-tui: steps: argument --days: expected one argument\n"),
    (["sessions", "show", "1", "2"], "coach-tui: unrecognized arguments: 2\n"),
])
def test_every_parser_error_is_one_line(home, capsys, argv, line):
    assert run(capsys, argv) == (2, "", line)


@pytest.mark.parametrize("argv, same_as", [
    (["journal"], ["journal", "list"]),
    (["--demo", "journal"], ["--demo", "journal", "list"]),
    (["journal", "--demo"], ["--demo", "journal", "list"]),
    (["memory"], ["memory", "status"]),
    (["sessions"], ["sessions", "list"]),
    (["key"], ["key", "show"]),
])
def test_a_command_without_its_action_does_what_reading_it_would(home, capsys, argv, same_as):
    assert run(capsys, argv) == run(capsys, same_as)


def test_help_still_shows_the_usage(home, capsys):
    code, out, err = run(capsys, ["sessions", "show", "--help"])
    assert code == 0 and out.startswith("usage: coach-tui sessions show")
