"""`coach-tui import` of Garmin Connect's own Steps report CSV, and skipped records of a Garmin
account export explained like skipped CSV rows: where, why, the first few, then a count."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.support import step_rows

EXPORT = Path(__file__).parent.parent / "data" / "garmin" / "export"
AGGREGATOR = "DI_CONNECT/DI-Connect-Aggregator"


def one_line_failure(result, *needles: str) -> str:
    code, out, err = result
    assert code == 1 and out == "", err
    assert err.count("\n") == 1 and err.startswith("coach-tui: "), err
    for needle in needles:
        assert needle in err, err
    return err


# --- the Steps report ---------------------------------------------------------------------


def test_the_steps_report_with_us_dates_and_quoted_counts(settings, tmp_path, cli):
    path = tmp_path / "Steps.csv"
    path.write_text(
        ",Actual,Goal\n"
        '11/27/2026,"12,345","10,000"\n'
        "11/28/2026,7980,7500\n"
        '11/29/2026,"1,002,003","10,000"\n'     # over a million: not a real day
        '11/30/2026,"4,321","10,000"\n'
    )

    code, out, err = cli("import", str(path))

    assert code == 0, err
    assert out == (
        "imported CSV Steps.csv (2026-11-27 to 2026-11-30): 3 days new, 0 updated, "
        "0 unchanged, 1 skipped (line 4: steps `1,002,003` is not a whole number, 0 or more)\n"
    )
    assert step_rows(settings) == [
        ("2026-11-27", 12345, 10000, None, "csv"),
        ("2026-11-28", 7980, 7500, None, "csv"),
        ("2026-11-30", 4321, 10000, None, "csv"),
    ]


def test_the_steps_report_with_a_date_header_and_iso_dates(settings, tmp_path, cli):
    path = tmp_path / "Steps.csv"
    path.write_bytes(b'\xef\xbb\xbfDate,Actual,Goal\r\n2026-11-28,"9,100","9,000"\r\n'
                     b"11/29/2026,8000,9000\r\n")

    code, out, err = cli("import", str(path))

    assert code == 0, err
    assert "2 days new" in out
    assert step_rows(settings) == [("2026-11-28", 9100, 9000, None, "csv"),
                                   ("2026-11-29", 8000, 9000, None, "csv")]


def test_bad_report_rows_are_explained_like_other_csv_rows(settings, tmp_path, cli):
    path = tmp_path / "Steps.csv"
    path.write_text(
        ",Actual,Goal\n"
        "11/20/2026,--,10000\n"             # Garmin's "no value"
        "11/21/2026,12,345,10000\n"         # a count with a comma, not quoted
        '11/22/2026,"12,34",10000\n'        # not grouped by threes
        '11/23/2026,9000,"0"\n'
        '12/24/2026,9000,10000\n'           # after today
        "11/25/2026,9500,10000\n"
    )

    code, out, err = cli("import", str(path))

    assert code == 0, err
    assert out == (
        "imported CSV Steps.csv (2026-11-25 to 2026-11-25): 1 day new, 0 updated, 0 unchanged, "
        "5 skipped (line 2: steps `--` is not a whole number, 0 or more; line 3: an extra "
        "column (4 values, the header `,actual,goal` has 3); line 4: steps `12,34` is not a "
        "whole number, 0 or more; and 2 more)\n"
    )
    assert [r[:3] for r in step_rows(settings)] == [("2026-11-25", 9500, 10000)]


def test_a_report_mixing_day_first_and_month_first_rejects_the_file(settings, tmp_path, cli):
    path = tmp_path / "Steps.csv"
    path.write_text(",Actual,Goal\n11/28/2026,9000,10000\n29/11/2026,8000,10000\n")

    one_line_failure(cli("import", str(path)), "Steps.csv: line 2 has `11/28/2026`",
                     "line 3 has `29/11/2026`", "mix two orders", "nothing was imported")
    assert step_rows(settings) == []


def test_a_report_keeps_stored_distances(settings, tmp_path, cli):
    assert cli("import", str(EXPORT))[0] == 0
    path = tmp_path / "Steps.csv"
    path.write_text(',Actual,Goal\n11/28/2026,"8,835","10,000"\n11/29/2026,"9,000","12,000"\n')

    code, out, err = cli("import", str(path))

    assert code == 0 and "0 days new, 1 updated, 1 unchanged" in out, err
    assert [r for r in step_rows(settings) if r[0] >= "2026-11-28"] == [
        ("2026-11-28", 8835, 10000, 6803.0, "csv"),
        ("2026-11-29", 9000, 12000, 6856.0, "csv"),
    ]


# --- skipped records of an account export -------------------------------------------------


def edited_export(tmp_path, edit) -> Path:
    folder = tmp_path / "export"
    shutil.copytree(EXPORT, folder)
    uds = next((folder / AGGREGATOR).glob("UDSFile_2026-11-06*.json"))
    records = json.loads(uds.read_text())
    uds.write_text(json.dumps(edit(records)))
    return folder


def test_skipped_export_records_say_file_date_and_reason(settings, tmp_path, cli):
    def edit(records):
        records[0]["totalSteps"] = "lots"           # 2026-11-06
        records[1]["totalSteps"] = -40              # 2026-11-07
        del records[2]["totalSteps"]                # 2026-11-08
        records[3]["totalSteps"] = [1]              # 2026-11-09
        return [*records, 7, {"calendarDate": "2026-12-25", "totalSteps": 900}]

    code, out, err = cli("import", str(edited_export(tmp_path, edit)))

    assert code == 0, err
    uds = "UDSFile_2026-10-20_2026-11-05.json"
    later = "UDSFile_2026-11-06_2027-02-13.json"
    assert out.endswith(
        "7 skipped "
        f"({uds} 2026-10-27: totalSteps `null` is not a whole number, 0 or more; "
        f"{later} 2026-11-06: totalSteps `\"lots\"` is not a whole number, 0 or more; "
        f"{later} 2026-11-07: totalSteps `-40` is not a whole number, 0 or more; "
        "and 4 more)\n"
    ), out
    stored = {r[0] for r in step_rows(settings)}
    assert not stored & {"2026-10-27", "2026-11-06", "2026-11-07", "2026-11-08", "2026-11-09",
                         "2026-12-25"}


def test_the_first_reasons_name_records_that_are_not_summaries_and_future_days(
        settings, tmp_path, cli):
    def edit(records):
        return [7, {"calendarDate": "2026-12-25", "totalSteps": 900},
                {"calendarDate": "2026-11-20"}, *records]

    folder = edited_export(tmp_path, edit)
    (folder / AGGREGATOR / "UDSFile_2026-10-20_2026-11-05.json").unlink()

    code, out, err = cli("import", str(folder))

    assert code == 0, err
    later = "UDSFile_2026-11-06_2027-02-13.json"
    assert out.endswith(
        f"3 skipped ({later} summary 1: a JSON number, not a daily summary; "
        f"{later} 2026-12-25: after today; {later} 2026-11-20: no totalSteps)\n"
    ), out


def test_an_export_with_nothing_usable_says_why(settings, tmp_path, cli):
    def edit(records):
        return [{**r, "totalSteps": None} for r in records]

    folder = edited_export(tmp_path, edit)
    (folder / AGGREGATOR / "UDSFile_2026-10-20_2026-11-05.json").unlink()

    one_line_failure(cli("import", str(folder)),
                     "none of its 24 daily summaries has a usable step count up to today (",
                     "UDSFile_2026-11-06_2027-02-13.json 2026-11-06: totalSteps `null`",
                     "and 21 more)", "nothing was imported")
    assert step_rows(settings) == []
