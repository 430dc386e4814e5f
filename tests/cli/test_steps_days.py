"""`coach-tui steps --days N`: exactly N calendar days ending today, a day with nothing stored
says so, and the summary counts the days with data."""

from __future__ import annotations

import csv
import io

import pytest

from coach_tui.config import load_settings
from coach_tui.store.db import connect, transaction
from coach_tui.store.steps import Day, upsert_days


@pytest.fixture
def gappy(home):
    """Stored: Nov 25, Nov 27 (no goal of its own), Nov 28. Today (PINNED_NOW) is Mon Nov 30,
    not synced yet."""
    conn = connect(load_settings().paths.db_file)
    with transaction(conn):
        upsert_days(conn, [
            Day("2026-11-25", 11_000, 10_000),
            Day("2026-11-27", 7_000, None),
            Day("2026-11-28", 10_500, 10_000),
        ], source="csv")
    conn.close()


def test_days_shows_n_rows_ending_today_with_the_gaps_said(gappy, cli):
    code, out, err = cli("steps", "--days", "5")

    assert code == 0 and err == ""
    assert out == (
        "date        day    steps    goal   met\n"
        "2026-11-26  Thu  no data\n"
        "2026-11-27  Fri    7,000  10,000*  no\n"
        "2026-11-28  Sat   10,500  10,000   yes\n"
        "2026-11-29  Sun  no data\n"
        "2026-11-30  Mon  no data\n"
        "5 days, 2 with data, goal met on 1\n"
        "* the goal in force (10,000, the newest goal a stored day has): that day has no "
        "goal of its own\n"
    )


@pytest.mark.parametrize("n, with_data", [(3, 1), (5, 2), (14, 3), (40, 3)])
def test_days_always_prints_exactly_n_day_rows(gappy, cli, n, with_data):
    code, out, err = cli("steps", "--days", str(n))

    rows = [line for line in out.splitlines() if line[:4] == "2026"]
    assert code == 0 and len(rows) == n
    assert rows[-1].startswith("2026-11-30  Mon")
    assert sum("no data" in row for row in rows) == n - with_data
    assert f"{n} days, {with_data} with data," in out


def test_csv_gives_a_day_with_no_data_empty_fields(gappy, cli):
    code, out, err = cli("steps", "--days", "4", "--csv")

    assert code == 0 and err == ""
    assert list(csv.reader(io.StringIO(out))) == [
        ["date", "steps", "goal", "met"],
        ["2026-11-27", "7000", "10000", "no"],
        ["2026-11-28", "10500", "10000", "yes"],
        ["2026-11-29", "", "", ""],
        ["2026-11-30", "", "", ""],
    ]


def test_without_days_only_stored_days_are_listed(gappy, cli):
    code, out, err = cli("steps")

    assert code == 0
    assert [line[:10] for line in out.splitlines()[1:-2]] == [
        "2026-11-25", "2026-11-27", "2026-11-28"]
    assert "no data" not in out and "3 days, goal met on 2\n" in out


def test_a_range_with_no_data_at_all_says_so_once(gappy, cli):
    # A table of nothing but `no data` rows would say less than this line.
    code, out, err = cli("steps", "--days", "2")
    assert code == 0 and out == ""
    assert err == ("no step data in the last 2 days: run `coach-tui sync` or "
                   "`coach-tui import FILE`\n")
