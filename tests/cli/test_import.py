"""`coach-tui import`: CSV files and Garmin account exports, all or nothing."""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import pytest

from tests.support import DATA, step_rows

GARMIN_DATA = DATA / "garmin"
CSV_FILE = GARMIN_DATA / "steps.csv"
EXPORT = GARMIN_DATA / "export"
AGGREGATOR = "DI_CONNECT/DI-Connect-Aggregator"



def zip_folder(folder: Path, target: Path, prefix: str = "") -> Path:
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                zf.write(path, prefix + path.relative_to(folder).as_posix())
    return target


def expected_export_days() -> dict[str, tuple]:
    out = {}
    for path in sorted((EXPORT / AGGREGATOR).glob("UDSFile_*.json")):
        for rec in json.loads(path.read_text()):
            if rec["totalSteps"] is not None:
                out[rec["calendarDate"]] = (
                    rec["calendarDate"], rec["totalSteps"], rec["dailyStepGoal"],
                    float(rec["totalDistanceMeters"]), "garmin-export",
                )
    return out


def assert_one_line_failure(code: int, out: str, err: str, *needles: str) -> None:
    assert code != 0
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("coach-tui: "), err
    for needle in needles:
        assert needle in err, err


# --- CSV ----------------------------------------------------------------------------------


def test_csv_import(settings, cli):
    code, out, err = cli("import", str(CSV_FILE))

    assert code == 0, err
    assert out == (
        "imported CSV steps.csv (2026-11-16 to 2026-11-29): 13 days new, 0 updated, "
        "0 unchanged, 1 skipped (line 6: steps `` is not a whole number, 0 or more)\n"
    )
    stored = step_rows(settings)
    assert len(stored) == 13 and "2026-11-20" not in {r[0] for r in stored}  # no steps: skipped
    assert stored[0] == ("2026-11-16", 9412, 10000, None, "csv")
    assert ("2026-11-22", 8391, None, None, "csv") in stored                 # no goal: unknown


def test_the_same_file_twice_changes_nothing(settings, cli):
    assert cli("import", str(CSV_FILE))[0] == 0
    before = step_rows(settings)

    code, out, err = cli("import", str(CSV_FILE))

    assert code == 0, err
    assert "0 days new, 0 updated, 13 unchanged" in out
    assert step_rows(settings) == before


def test_a_changed_row_is_updated(settings, tmp_path, cli):
    assert cli("import", str(CSV_FILE))[0] == 0
    edited = tmp_path / "edited.csv"
    edited.write_text(CSV_FILE.read_text().replace("2026-11-29,10874", "2026-11-29,11874"))

    code, out, err = cli("import", str(edited))

    assert code == 0 and "0 days new, 1 updated, 12 unchanged" in out
    assert ("2026-11-29", 11874, 10000, None, "csv") in step_rows(settings)


def test_csv_rows_with_unusable_steps_are_skipped_and_counted(settings, tmp_path, cli):
    path = tmp_path / "mixed.csv"
    path.write_text(
        "\ufeffDate, Steps\n"          # a BOM and loose spacing are fine
        "2026-11-20,8000\n"
        "2026-11-21,-5\n"
        "2026-11-22,12.5\n"
        "2026-11-23,lots\n"
        "2026-11-24,\n"
        "2026-11-25,9000,extra\n"
        "2026-12-25,9000\n"             # after today
        "\n"
        "2026-11-26, 10500 \n"
    )

    code, out, err = cli("import", str(path))

    assert code == 0, err
    assert "2 days new" in out and "6 skipped" in out
    assert [(r[0], r[1]) for r in step_rows(settings)] == [("2026-11-20", 8000),
                                                          ("2026-11-26", 10500)]


# --- Garmin export ------------------------------------------------------------------------


def test_export_zip(settings, tmp_path, cli):
    archive = zip_folder(EXPORT, tmp_path / "8f2c1e-export.zip")

    code, out, err = cli("import", str(archive))

    assert code == 0, err
    expected = expected_export_days()
    assert out == (
        f"imported Garmin export 8f2c1e-export.zip (2026-10-20 to 2026-11-29): "
        f"{len(expected)} days new, 0 updated, 0 unchanged, 1 skipped "
        "(UDSFile_2026-10-20_2026-11-05.json 2026-10-27: totalSteps `null` is not a whole "
        "number, 0 or more)\n"
    )
    assert step_rows(settings) == [expected[k] for k in sorted(expected)]


def test_export_folder(settings, cli):
    code, out, err = cli("import", str(EXPORT))

    assert code == 0, err
    expected = expected_export_days()
    assert step_rows(settings) == [expected[k] for k in sorted(expected)]
    assert "1 skipped" in out and "2026-10-27" not in {r[0] for r in step_rows(settings)}


def test_export_zip_twice_and_folder_after_it_change_nothing(settings, tmp_path, cli):
    archive = zip_folder(EXPORT, tmp_path / "export.zip", prefix="garmin-export/")
    assert cli("import", str(archive))[0] == 0
    before = step_rows(settings)

    for again in (archive, EXPORT):
        code, out, err = cli("import", str(again))
        assert code == 0 and "0 days new, 0 updated" in out
    assert step_rows(settings) == before


# --- files that import nothing ------------------------------------------------------------


@pytest.fixture
def existing(settings, cli):
    """A database that already holds days: a failed import must leave them exactly."""
    assert cli("import", str(CSV_FILE))[0] == 0
    return step_rows(settings)


def test_wrong_header(settings, existing, tmp_path, cli):
    path = tmp_path / "fitbit.csv"
    path.write_text("Date,Calories Burned,Steps\n2026-11-28,2400,9000\n")

    assert_one_line_failure(*cli("import", str(path)),
                            "fitbit.csv", "`Date,Calories Burned,Steps`", "date,steps")
    assert step_rows(settings) == existing


def test_bad_dates_reject_the_whole_file(settings, existing, tmp_path, cli):
    path = tmp_path / "us-dates.csv"
    path.write_text("date,steps\n2026-11-01,8000\n2026-11-02,9000\n11/03/2026,7000\n")

    assert_one_line_failure(*cli("import", str(path)),
                            "us-dates.csv, line 4", "`11/03/2026`", "nothing was imported")
    assert step_rows(settings) == existing   # the two good rows before it were not written


@pytest.mark.parametrize("bad", ["2026-02-30", "2026-11-1", "20261101", ""])
def test_every_bad_date_form_is_rejected(settings, tmp_path, cli, bad):
    path = tmp_path / "bad.csv"
    path.write_text(f"date,steps\n{bad},8000\n")

    assert_one_line_failure(*cli("import", str(path)), "line 2")
    assert step_rows(settings) == []


def test_a_date_given_twice(settings, tmp_path, cli):
    path = tmp_path / "twice.csv"
    path.write_text("date,steps\n2026-11-01,8000\n2026-11-01,9000\n")

    assert_one_line_failure(*cli("import", str(path)), "line 3", "also on line 2")


def test_bad_calendar_date_in_an_export(settings, existing, tmp_path, cli):
    folder = tmp_path / "export"
    shutil.copytree(EXPORT, folder)
    uds = next((folder / AGGREGATOR).glob("UDSFile_2026-11-06*.json"))
    records = json.loads(uds.read_text())
    records[3]["calendarDate"] = "Nov 9, 2026"
    uds.write_text(json.dumps(records))

    assert_one_line_failure(*cli("import", str(folder)),
                            uds.name, "summary 4", "`Nov 9, 2026`")
    assert step_rows(settings) == existing


def test_not_a_zip(settings, existing, tmp_path, cli):
    path = tmp_path / "export.zip"
    path.write_text("date,steps\n2026-11-01,8000\n")

    assert_one_line_failure(*cli("import", str(path)), "export.zip is not a zip file")
    assert step_rows(settings) == existing


def test_a_zip_without_daily_summaries(settings, existing, tmp_path, cli):
    path = tmp_path / "photos.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("DI_CONNECT/DI-Connect-User/user_profile.json", "{}")

    assert_one_line_failure(*cli("import", str(path)),
                            "photos.zip has no UDSFile_*.json daily summaries")
    assert step_rows(settings) == existing


def test_a_folder_without_daily_summaries(settings, tmp_path, cli):
    assert_one_line_failure(*cli("import", str(tmp_path)), "has no UDSFile_*.json")


def test_a_summary_file_that_is_not_json(settings, tmp_path, cli):
    path = tmp_path / "export.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr(f"{AGGREGATOR}/UDSFile_2026-11-01_2026-11-30.json", "[{\"calendarDate\": ")

    assert_one_line_failure(*cli("import", str(path)), "is not valid JSON")


@pytest.mark.parametrize(
    "content, needle",
    [
        (b"", "is empty"),
        (b"date,steps\n", "has a header but no rows"),
        (b"date,steps\n2026-11-01,-1\n2026-11-02,x\n", "none of its 2 rows can be imported"),
        (b"date,steps\n2026-11-01,-1\n", "its one row cannot be imported"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "is not a text file"),
    ],
)
def test_files_with_nothing_usable(settings, tmp_path, cli, content, needle):
    path = tmp_path / "steps.csv"
    path.write_bytes(content)

    assert_one_line_failure(*cli("import", str(path)), needle)
    assert not settings.paths.db_file.exists()   # a bad first import creates no database


def test_a_missing_file(settings, tmp_path, cli):
    assert_one_line_failure(*cli("import", str(tmp_path / "nope.csv")), "does not exist")


def test_import_is_refused_in_the_demo(settings, cli):
    assert_one_line_failure(*cli("--demo", "import", str(CSV_FILE)), "without --demo")


def test_one_daily_summary_file_and_windows_line_endings(settings, tmp_path, cli):
    uds = next((EXPORT / AGGREGATOR).glob("UDSFile_2026-10-20*.json"))
    code, out, err = cli("import", str(uds))
    assert code == 0 and "16 days new" in out and "1 skipped" in out

    excel = tmp_path / "excel.csv"
    excel.write_bytes(b"\xef\xbb\xbfdate,steps,goal\r\n2026-11-28,9100,9000\r\n")
    code, out, err = cli("import", str(excel))
    assert code == 0, err
    assert ("2026-11-28", 9100, 9000, None, "csv") in step_rows(settings)
