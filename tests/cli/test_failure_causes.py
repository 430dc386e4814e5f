"""Every failure is a sentence about its cause (issue 21, item 7): a broken config, a database
another program changed, a bad pinned clock or lock wait, a key or base URL no request could
use, a file too large to be a step file. One line on stderr, exit 1, and nothing lost."""

from __future__ import annotations

import os
import sqlite3

import pytest

from tests.engine_support import seed_steps


def one_line(err: str) -> str:
    assert "Traceback" not in err and "unexpected error" not in err, err
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_config_arrays_nested_deeply_are_named_as_such(cli, coach_home):
    coach_home.mkdir()
    config = coach_home / "config.toml"
    for nesting in ("[coach]\nx = " + "[" * 5000 + "]" * 5000,
                    "[coach]\nchat_model = " + "[" * 900 + "]" * 900):
        config.write_text(nesting + "\n")
        code, out, err = cli("journal", "list")
        assert code == 1 and out == ""
        line = one_line(err)
        assert line == (f"coach-tui: {config} nests arrays or tables too deeply to be a "
                        "coach-tui config; remove the nesting or move the file aside") \
            or "chat_model must be a non-empty string" in line, line


def test_a_missing_table_is_named_on_open(cli, conn, coach_home):
    conn.execute("DROP TABLE journal")
    for args in (("journal", "list"), ("facts",)):
        code, out, err = cli(*args)
        assert code == 1 and out == ""
        assert one_line(err) == (
            f"coach-tui: the database {coach_home / 'coach.db'} is damaged: it has no table "
            "journal (another program changed it); move it aside and run coach-tui again to "
            "start a fresh one")


def test_a_missing_column_is_named_on_open(cli, conn, coach_home):
    conn.execute("ALTER TABLE turns DROP COLUMN numbers")
    code, _, err = cli("sessions", "list")
    assert code == 1
    assert "is damaged: its table turns has no column numbers" in one_line(err)


@pytest.fixture
def one_chat(api, cli):
    api.queue_reply("Walk at lunch.")
    assert cli("ask", "How do I fit in a walk?")[0] == 0
    return cli


@pytest.mark.parametrize("table, column", [("sessions", "system_json"),
                                           ("sessions", "snapshot_entry_ids"),
                                           ("turns", "recall_journal"),
                                           ("turns", "numbers")])
def test_bad_json_in_a_stored_column_names_the_session_and_keeps_the_rest(
        one_chat, conn, table, column):
    conn.execute(f"UPDATE {table} SET {column} = '{{not json'")
    code, out, err = one_chat("sessions", "show", "1")
    assert code == 1 and out == ""
    assert one_line(err) == (
        f"coach-tui: the database is damaged: session 1's {column} is not the JSON coach-tui "
        "wrote (another program changed it); delete the session with `coach-tui sessions "
        "delete 1`, or move the database aside")
    # The way out the line gives works, and touches nothing else.
    assert one_chat("sessions", "delete", "1")[0] == 0
    assert one_chat("journal", "list")[0] == 0


def test_bad_json_in_the_history_stops_a_chat_before_anything_is_sent(one_chat, api, conn):
    conn.execute("UPDATE turns SET unverified = '{not json'")
    code, _, err = one_chat("ask", "And tomorrow?")
    assert code == 1
    assert err.splitlines()[-1].startswith(
        "coach-tui: the database is damaged: session 1's unverified is not the JSON")
    assert len(api.requests) == 1   # the first chat's; nothing was sent with a broken history


def _allow_null_steps(conn) -> None:
    """What another program can do: the table redefined without NOT NULL."""
    sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'daily_steps'").fetchone()[0]
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute("UPDATE sqlite_master SET sql = ? WHERE name = 'daily_steps'",
                 (sql.replace("steps      INTEGER NOT NULL", "steps      INTEGER"),))
    conn.execute("PRAGMA writable_schema = OFF")


@pytest.mark.parametrize("value, shown", [("'lots'", "'lots'"), ("NULL", "nothing (NULL)")])
def test_null_or_text_where_steps_belong_names_the_day(cli, conn, settings, value, shown):
    seed_steps(conn, goal=10_000)
    if value == "NULL":
        _allow_null_steps(conn)
        conn.close()
        conn = sqlite3.connect(settings.paths.db_file)
    conn.execute(f"UPDATE daily_steps SET steps = {value} WHERE date = '2026-11-20'")
    conn.commit()
    for args in (("facts",), ("steps",)):
        code, out, err = cli(*args)
        assert code == 1 and out == ""
        assert one_line(err) == (
            f"coach-tui: the database is damaged: the stored day 2026-11-20 has {shown} where "
            "its step count belongs (another program changed it); run `coach-tui sync` or "
            "import that day again to replace it")


def test_importing_the_day_again_replaces_text_where_steps_belong(cli, conn, tmp_path):
    seed_steps(conn, goal=10_000)
    conn.execute("UPDATE daily_steps SET steps = 'lots' WHERE date = '2026-11-20'")
    csv = tmp_path / "day.csv"
    csv.write_text("date,steps\n2026-11-20,4321\n")
    assert cli("import", str(csv))[0] == 0
    assert cli("facts")[0] == 0


@pytest.mark.parametrize("value, why", [
    ("garbage", ""),
    ("2026-13-01", " (month must be in 1..12)"),
])
def test_a_pinned_clock_that_is_no_moment_is_named(cli, clock, value, why):
    clock.set(value)
    code, out, err = cli("facts")
    assert code == 1 and out == ""
    assert one_line(err) == (
        f"coach-tui: COACH_TUI_NOW={value!r} is not a date-time such as 2026-11-30T09:15{why}; "
        "correct it or unset it to use the real clock")


@pytest.mark.parametrize("value", ["0001-01-01T00:00", "9999-12-31T23:59"])
def test_a_pinned_clock_at_the_edge_of_time_is_named(cli, clock, value):
    clock.set(value)
    code, _, err = cli("journal", "add", "Walks the dog")
    assert code == 1
    assert one_line(err) == (
        f"coach-tui: COACH_TUI_NOW={value!r} is outside the years 1900 to 9000 the clock can "
        "be pinned to; correct it or unset it to use the real clock")
    clock.set("2026-11-30T09:15")
    assert "Walks the dog" not in cli("journal", "list")[1]   # nothing was written


@pytest.mark.parametrize("value", ["1e306", "1e300", "99999999", "-1", "soon"])
def test_a_lock_wait_no_lock_could_use_is_named(cli, monkeypatch, value):
    monkeypatch.setenv("COACH_TUI_LOCK_WAIT", value)
    code, _, err = cli("journal", "add", "Walks the dog")
    assert code == 1
    assert one_line(err) == (
        f"coach-tui: COACH_TUI_LOCK_WAIT={value!r} must be a number of seconds from 0 to "
        "86,400; correct it or unset it to wait 30 s")
    monkeypatch.setenv("COACH_TUI_LOCK_WAIT", "86400")
    assert cli("journal", "add", "Walks the dog")[0] == 0


@pytest.mark.parametrize("value", ["1e300", "-1", "soon"])
def test_a_lock_notice_delay_no_lock_could_use_is_named(cli, monkeypatch, value):
    monkeypatch.setenv("COACH_TUI_LOCK_NOTICE", value)
    code, _, err = cli("journal", "add", "Walks the dog")
    assert code == 1
    assert one_line(err) == (
        f"coach-tui: COACH_TUI_LOCK_NOTICE={value!r} must be a number of seconds from 0 to "
        "86,400; correct it or unset it to give the notice after 2 s")
    assert "Walks the dog" not in cli("journal", "list")[1]   # nothing was written
    monkeypatch.setenv("COACH_TUI_LOCK_NOTICE", "0.2")
    assert cli("journal", "add", "Walks the dog")[0] == 0


@pytest.mark.parametrize("url, why", [("http://[zz::1]:80", "Invalid IPv6 address: '[zz::1]'"),
                                      ("http://[::1", "Invalid port: ':1'")])
def test_a_bad_ipv6_base_url_is_named_and_the_message_kept(api, cli, monkeypatch, url, why):
    monkeypatch.setenv("ANTHROPIC_BASE_URL", url)
    code, out, err = cli("ask", "How do I fit in a walk?")
    assert code == 1
    assert err.splitlines()[-1] == (
        f"coach-tui: ANTHROPIC_BASE_URL is not a usable URL ({why}): correct it or unset it to "
        "use the Anthropic API.")
    assert api.requests == []
    assert "How do I fit in a walk?" in cli("sessions", "show", "1")[1]


@pytest.mark.parametrize("key, what", [("sk-ant-abc\nsk-ant-def", "a line break"),
                                       ("sk-ant-abc\u00e9", "characters an API key never has")])
def test_an_api_key_with_a_line_break_is_named_not_the_network(api, cli, monkeypatch, key,
                                                                 what):
    monkeypatch.setenv("ANTHROPIC_API_KEY", key)
    code, _, err = cli("ask", "How do I fit in a walk?")
    assert code == 1
    assert "network" not in err
    assert err.splitlines()[-1] == (
        f"coach-tui: ANTHROPIC_API_KEY holds {what}; set it to the key alone, on one line, and "
        "try again.")
    assert api.requests == []


def _sparse(path, size: int, head: bytes) -> None:
    with path.open("wb") as f:
        f.write(head)
        f.truncate(size)


@pytest.mark.parametrize("name, line", [
    ("steps.csv", "steps.csv is too large to be a step file (over 64 MB; a century of days is "
                  "about 2 MB); nothing was imported"),
    ("UDSFile_1.json", "UDSFile_1.json is too large to be a daily summary file (over 64 MB); "
                       "nothing was imported"),
])
def test_a_huge_sparse_file_given_as_the_path_is_refused_unread(cli, tmp_path, name, line):
    big = tmp_path / name
    _sparse(big, 100 * 1024**3, b"date,steps\n2026-11-20,4321\n")
    code, out, err = cli("import", str(big))
    assert code == 1 and out == ""
    assert one_line(err) == f"coach-tui: {line}"
    assert os.path.getsize(big) == 100 * 1024**3


def test_a_long_reply_on_a_nearly_full_disk_is_kept_in_a_file(api, cli, coach_home,
                                                              monkeypatch):
    """700 KB free and a 600 KB reply: the failed database write uses the space before it
    fails, so a file written only then finds none; the file is written first. The disk is
    simulated at the two writes: the store's (it fills the disk, then fails as SQLite does)
    and the file's (ENOSPC once the disk is full)."""
    import errno

    from coach_tui import files
    from coach_tui.store import sessions

    reply = "Walk at lunch. " * 400   # the size does not matter to the order of the writes
    disk = {"full": False}
    write_file = files.write_private

    def file_on_the_disk(path, text, **kw):
        if disk["full"]:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        return write_file(path, text, **kw)

    def store_fills_the_disk(*args, **kw):
        disk["full"] = True
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(files, "write_private", file_on_the_disk)
    monkeypatch.setattr(sessions, "add_assistant_turn_in_tx", store_fills_the_disk)
    api.queue_reply(reply)
    code, out, err = cli("ask", "How do I fit in a walk?")
    assert code == 1
    line = err.splitlines()[-1]
    assert line.startswith("coach-tui: the reply arrived but could not be saved (database or "
                           "disk is full); it is kept in "), line
    kept = coach_home / "recovery" / line.rsplit("/", 1)[1]
    assert reply.strip() in kept.read_text()


def test_a_saved_reply_leaves_no_recovery_file(api, cli, coach_home):
    api.queue_reply("Walk at lunch.")
    assert cli("ask", "How do I fit in a walk?")[0] == 0
    assert not (coach_home / "recovery").exists()


@pytest.mark.parametrize("kind, what", [("fifo", "a FIFO, a device or a socket"),
                                        ("folder", "a folder")])
def test_a_fifo_or_folder_in_place_of_the_database_is_named_not_a_full_disk(cli, coach_home,
                                                                            kind, what):
    coach_home.mkdir()
    db = coach_home / "coach.db"
    os.mkfifo(db) if kind == "fifo" else db.mkdir()
    code, _, err = cli("journal", "list")
    assert code == 1
    assert one_line(err) == (f"coach-tui: the database {db} is {what}, not a database file; "
                             "move it aside and run coach-tui again to start a fresh one")


@pytest.mark.parametrize("key", ["notakey!!", "ctrl+", "hyperspace+f2", "f2,,ctrl+s", "f 2"])
def test_a_keys_binding_no_key_can_press_is_refused_by_name(cli, coach_home, key):
    coach_home.mkdir()
    config = coach_home / "config.toml"
    config.write_text(f'[keys]\n"memory.toggle" = "{key}"\n')
    code, _, err = cli("journal", "list")
    assert code == 1
    assert one_line(err) == (f'coach-tui: keys.memory.toggle must be a key name such as "f2", '
                             f'"ctrl+k" or "?", got {key!r} (in {config})')


@pytest.mark.parametrize("key", ["f2", "ctrl+k", "question_mark", "?", "slash", "ctrl+/", "a",
                                 "f2,ctrl+s", "ctrl+shift+up", "space"])
def test_a_keys_binding_textual_can_bind_is_accepted(cli, coach_home, key):
    coach_home.mkdir()
    (coach_home / "config.toml").write_text(f'[keys]\n"memory.toggle" = "{key}"\n')
    assert cli("journal", "list")[0] == 0
