"""An import updates only the columns its file has: a `date,steps` CSV keeps the goal and
distance already stored for its days, and the new/updated/unchanged counts say what changed."""

from __future__ import annotations

from pathlib import Path

from tests.support import step_rows

EXPORT = Path(__file__).parent.parent / "data" / "garmin" / "export"
# In the export: 2026-11-28 8,835 steps, goal 10,000, 6,803 m; 2026-11-29 8,904, 10,000, 6,856 m.


def rows_for(settings, *dates):
    return [r for r in step_rows(settings) if r[0] in dates]


def test_a_steps_only_csv_keeps_the_stored_goal_and_distance(settings, tmp_path, cli):
    assert cli("import", str(EXPORT))[0] == 0
    path = tmp_path / "steps.csv"
    path.write_text("date,steps\n2026-11-28,8835\n2026-11-29,9100\n2026-11-30,4000\n")

    code, out, err = cli("import", str(path))

    assert code == 0, err
    assert out == ("imported CSV steps.csv (2026-11-28 to 2026-11-30): 1 day new, 1 updated, "
                   "1 unchanged, 0 skipped\n")
    assert rows_for(settings, "2026-11-28", "2026-11-29", "2026-11-30") == [
        ("2026-11-28", 8835, 10000, 6803.0, "csv"),
        ("2026-11-29", 9100, 10000, 6856.0, "csv"),
        ("2026-11-30", 4000, None, None, "csv"),
    ]


def test_a_goal_column_updates_the_goal_and_keeps_the_distance(settings, tmp_path, cli):
    assert cli("import", str(EXPORT))[0] == 0
    path = tmp_path / "goals.csv"
    path.write_text("date,steps,goal\n2026-11-28,8835,12000\n2026-11-29,8904,\n")

    code, out, err = cli("import", str(path))

    assert code == 0, err
    assert "0 days new, 1 updated, 1 unchanged" in out
    assert rows_for(settings, "2026-11-28", "2026-11-29") == [
        ("2026-11-28", 8835, 12000, 6803.0, "csv"),
        ("2026-11-29", 8904, 10000, 6856.0, "csv"),   # an empty goal cell: the stored one
    ]


def test_an_export_after_a_csv_still_updates_goals_and_distances(settings, tmp_path, cli):
    path = tmp_path / "steps.csv"
    path.write_text("date,steps,goal\n2026-11-28,8835,7000\n2026-11-29,8904,\n")
    assert cli("import", str(path))[0] == 0

    code, out, err = cli("import", str(EXPORT))

    assert code == 0, err
    assert ", 2 updated, 0 unchanged" in out
    assert rows_for(settings, "2026-11-28", "2026-11-29") == [
        ("2026-11-28", 8835, 10000, 6803.0, "garmin-export"),
        ("2026-11-29", 8904, 10000, 6856.0, "garmin-export"),
    ]

    code, out, err = cli("import", str(path.with_name("steps.csv")))
    assert code == 0 and "0 days new, 1 updated, 1 unchanged" in out   # only the 7,000 goal
