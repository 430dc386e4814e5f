"""`sessions export` and `journal export` write through one exporter: 0600 files, never over a
file without --force, missing folders created, one line for every failure."""

from __future__ import annotations

import os
import stat

import pytest


def mode(path):
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def one_session(api, home, cli):
    api.queue_reply("Walk at lunch.")
    assert cli("ask", "How do I fit in a walk?")[0] == 0
    assert cli("journal", "add", "Walks the dog")[0] == 0
    return cli


@pytest.mark.parametrize("argv", [("sessions", "export", "1"), ("journal", "export")])
def test_force_replaces_a_readable_file_with_a_private_one(one_session, tmp_path, argv):
    target = tmp_path / "out.md"
    target.write_text("mine")
    target.chmod(0o644)

    code, out, err = one_session(*argv, str(target))
    assert (code, out) == (1, "")
    assert err == f"coach-tui: {target} already exists; add --force to replace it\n"
    assert target.read_text() == "mine"

    code, out, err = one_session(*argv, str(target), "--force")
    assert code == 0 and err == "" and out.endswith(f" to {target}\n")
    assert target.read_text() != "mine" and mode(target) == 0o600


@pytest.mark.parametrize("argv", [("sessions", "export", "1"), ("journal", "export")])
def test_missing_folders_are_created_private(one_session, tmp_path, argv):
    target = tmp_path / "exports" / "coach" / "out.md"

    code, out, err = one_session(*argv, str(target))

    assert code == 0 and err == ""
    assert mode(target) == 0o600 and mode(target.parent) == 0o700
    assert mode(tmp_path / "exports") == 0o700


@pytest.mark.parametrize("argv", [("sessions", "export", "1"), ("journal", "export")])
def test_a_fifo_is_refused_in_one_line_even_with_force(one_session, tmp_path, argv):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    code, out, err = one_session(*argv, str(fifo), "--force")

    assert (code, out) == (1, "")
    assert err == f"coach-tui: {fifo} is not a regular file; give the name of a file to write\n"


def test_a_folder_gets_the_default_name(one_session, tmp_path):
    code, out, err = one_session("sessions", "export", "1", str(tmp_path))

    assert code == 0 and out == f"wrote session 1 to {tmp_path / 'coach-session-1.md'}\n"
    assert (tmp_path / "coach-session-1.md").read_text().startswith("# Session 1:")


@pytest.mark.parametrize("argv", [("sessions", "export", "1"), ("journal", "export")])
@pytest.mark.parametrize("points_to", ["missing.md", "theirs.md"])
def test_a_symlink_is_replaced_by_force_and_never_followed(one_session, tmp_path, argv,
                                                           points_to):
    """Dangling or not, the link is the file: --force replaces the link itself, and where it
    points (a file that may not exist yet, or someone else's) is never created or written."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "theirs.md").write_text("theirs")
    link = tmp_path / "out.md"
    link.symlink_to(elsewhere / points_to)

    code, out, err = one_session(*argv, str(link))
    assert (code, out) == (1, "")
    assert err == (f"coach-tui: {link} is a symbolic link; add --force to replace the link "
                   "(what it points to is never written)\n")

    code, out, err = one_session(*argv, str(link), "--force")
    assert code == 0 and err == "" and out.endswith(f" to {link}\n")
    assert not link.is_symlink() and mode(link) == 0o600 and "# " in link.read_text()
    assert sorted(p.name for p in elsewhere.iterdir()) == ["theirs.md"]
    assert (elsewhere / "theirs.md").read_text() == "theirs"
