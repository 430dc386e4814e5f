"""`coach-tui steps`: the stored days, the way the coach sees them."""

from __future__ import annotations

import csv
import io
import json

import pytest

from coach_tui.config import load_settings, resolve_paths
from coach_tui.store.db import connect, transaction
from coach_tui.store.steps import Day, upsert_days


@pytest.fixture
def stored(home):
    settings = load_settings(resolve_paths())
    conn = connect(settings.paths.db_file)
    with transaction(conn):
        upsert_days(conn, [
            Day("2026-11-20", 9_000, 8_000, 6_900.0),
            Day("2026-11-27", 12_345, 10_000),
            Day("2026-11-28", 7_000, None),          # no goal of its own: the newest applies
            Day("2026-11-29", 10_000, 10_000),       # exactly the goal counts as met
            Day("2026-11-30", 4_321, 10_000),        # today, still counting
        ], source="csv")
    conn.close()
    return settings



def test_table_newest_last_with_the_goal_that_applies(stored, cli):
    code, out, err = cli("steps")

    assert code == 0 and err == ""
    assert out == (
        "date        day   steps    goal   met\n"
        "2026-11-20  Fri   9,000   8,000   yes\n"
        "2026-11-27  Fri  12,345  10,000   yes\n"
        "2026-11-28  Sat   7,000  10,000*  no\n"
        "2026-11-29  Sun  10,000  10,000   yes\n"
        "2026-11-30  Mon   4,321  10,000   not yet\n"
        "5 days, goal met on 3\n"
        "* the goal in force (10,000, the newest goal a stored day has): that day has no goal "
        "of its own\n"
    )


def test_days_limits_to_the_last_n_days_including_today(stored, cli):
    code, out, err = cli("steps", "--days", "3")

    assert code == 0
    assert [line[:10] for line in out.splitlines()[1:4]] == [
        "2026-11-28", "2026-11-29", "2026-11-30"
    ]
    assert "3 days, goal met on 1" in out


def test_csv_output(stored, cli):
    code, out, err = cli("steps", "--csv")

    assert code == 0 and err == ""
    assert list(csv.reader(io.StringIO(out))) == [
        ["date", "steps", "goal", "met"],
        ["2026-11-20", "9000", "8000", "yes"],
        ["2026-11-27", "12345", "10000", "yes"],
        ["2026-11-28", "7000", "10000", "no"],
        ["2026-11-29", "10000", "10000", "yes"],
        ["2026-11-30", "4321", "10000", "not yet"],   # today, as the table says it
    ]


def test_json_output_has_stable_keys_and_the_tables_words(stored, cli):
    code, out, err = cli("steps", "--json", "--days", "4")

    assert code == 0 and err == ""
    assert json.loads(out) == [
        {"date": "2026-11-27", "steps": 12345, "goal": 10000, "goal_is_own": True, "met": "yes"},
        {"date": "2026-11-28", "steps": 7000, "goal": 10000, "goal_is_own": False, "met": "no"},
        {"date": "2026-11-29", "steps": 10000, "goal": 10000, "goal_is_own": True, "met": "yes"},
        {"date": "2026-11-30", "steps": 4321, "goal": 10000, "goal_is_own": True,
         "met": "not yet"},
    ]
    code, out, err = cli("steps", "--json", "--days", "12")
    assert json.loads(out)[0] == {"date": "2026-11-19", "steps": None, "goal": None,
                                  "goal_is_own": None, "met": None}


def test_the_default_goal_comes_from_config_when_no_day_has_a_goal(home, cli):
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("[steps]\ndefault_goal = 6500\n")
    settings = load_settings(resolve_paths())
    conn = connect(settings.paths.db_file)
    with transaction(conn):
        upsert_days(conn, [Day("2026-11-28", 7_000, None)], source="csv")
    conn.close()

    code, out, err = cli("steps", "--days", "3", "--csv")

    assert code == 0
    assert "2026-11-28,7000,6500,yes" in out.splitlines()
    code, out, err = cli("steps")
    assert out.endswith("* the goal in force (6,500, the default goal): that day has no goal of "
                        "its own\n")


@pytest.mark.parametrize("value, message", [
    ("0", "coach-tui: steps: argument --days: must be at least 1, got 0\n"),
    ("-2", "coach-tui: steps: argument --days: must be at least 1, got -2\n"),
    ("week", "coach-tui: steps: argument --days: needs a whole number of days, got 'week'\n"),
    # Not a line for every day back to year 1.
    ("100000000", "coach-tui: steps: argument --days: must be at most 36,500, got 100,000,000\n"),
])
def test_bad_days_is_one_line_and_exits_2_like_every_argument_mistake(stored, cli_exit,
                                                                       value, message):
    code, out, err = cli_exit("steps", "--days", value)

    assert code == 2 and out == "" and err == message


def test_no_days_yet(home, cli):
    code, out, err = cli("steps")
    assert code == 0 and out == ""
    assert err == "no step data yet: run `coach-tui sync` or `coach-tui import FILE`\n"

    code, out, err = cli("steps", "--csv", "--days", "7")
    assert code == 0 and out == "date,steps,goal,met\n"
    assert "in the last 7 days" in err


def test_a_day_without_its_own_goal_shows_the_newest_stored_goal(home, cli):
    settings = load_settings(resolve_paths())
    conn = connect(settings.paths.db_file)
    with transaction(conn):
        upsert_days(conn, [Day("2026-11-28", 9_000, 8_000), Day("2026-11-29", 8_500, 8_000)],
                    source="garmin")
        upsert_days(conn, [Day("2026-11-30", 8_100, None)], source="csv")
    conn.close()

    code, out, err = cli("steps")

    assert code == 0, err
    assert "2026-11-30  Mon  8,100  8,000*  yes" in out
    assert out.endswith("* the goal in force (8,000, the newest goal a stored day has): "
                        "that day has no goal of its own\n")
