"""Files we write for the user: private from the start, never replaced without --force; and
a private file readable by others is warned about, not silently changed."""

from __future__ import annotations

import stat

import pytest

from coach_tui.files import write_private


def mode(path):
    return stat.S_IMODE(path.stat().st_mode)


def test_journal_export_is_private_and_refuses_to_overwrite(cli, tmp_path):
    assert cli("journal", "add", "Walks the dog")[0] == 0
    target = tmp_path / "journal.md"
    code, out, _ = cli("journal", "export", str(target))
    assert code == 0 and mode(target) == 0o600
    target.write_text("my own notes")
    code, out, err = cli("journal", "export", str(target))
    assert code == 1 and err == f"coach-tui: {target} already exists; add --force to replace it\n"
    assert target.read_text() == "my own notes"
    code, out, err = cli("journal", "export", "--force", str(target))
    assert code == 0 and "Walks the dog" in target.read_text() and mode(target) == 0o600


def test_a_fifo_is_refused_as_not_a_regular_file(tmp_path):
    import os

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(IsADirectoryError):
        write_private(fifo, "x", force=True)


def test_an_open_warns_about_a_database_readable_by_others_and_keeps_its_mode(cli, coach_home):
    assert cli("journal", "list")[0] == 0
    db = coach_home / "coach.db"
    assert mode(db) == 0o600 and mode(coach_home) == 0o700   # created private
    db.chmod(0o644)
    code, out, err = cli("journal", "list")
    assert code == 0
    assert err.splitlines()[0] == (
        f"coach-tui: warning: the database {db} can be read by other users (mode 0644); "
        f"run `chmod 600 {db}` unless you meant that")
    assert mode(db) == 0o644


def test_a_folder_that_exists_keeps_the_mode_its_owner_chose(cli, coach_home):
    coach_home.mkdir(mode=0o750)
    coach_home.chmod(0o750)
    assert cli("journal", "list")[0] == 0
    assert mode(coach_home) == 0o750 and mode(coach_home / "coach.db") == 0o600


def test_a_step_file_that_is_a_fifo_is_not_reported_missing(cli, tmp_path):
    import os

    fifo = tmp_path / "steps.csv"
    os.mkfifo(fifo)
    code, _, err = cli("import", str(fifo))
    assert code == 1 and err.startswith(f"coach-tui: {fifo} is not a regular file")
