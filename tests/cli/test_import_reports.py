"""Files read right, or refused with the reason: an older export's dates, a Steps report whose
rows are weeks or months, and day-first report dates decided from the whole file."""

from __future__ import annotations

import json

import pytest

from tests.cli.test_import_formats import one_line_failure
from tests.support import step_rows

AGGREGATOR = "DI_CONNECT/DI-Connect-Aggregator"


@pytest.fixture(autouse=True)
def no_locale(monkeypatch):
    """No locale that says a date order, unless a test sets one."""
    for name in ("LC_ALL", "LC_TIME", "LANG"):
        monkeypatch.delenv(name, raising=False)


def write(tmp_path, text: str, name: str = "Steps.csv"):
    path = tmp_path / name
    path.write_text(text)
    return path


# --- an older account export --------------------------------------------------------------


def test_an_older_export_with_calendar_dates_as_objects_is_read(settings, tmp_path, cli):
    # Exports from around 2020 wrap the date: {"date": "Mar 25, 2020 12:00:00 AM"}.
    folder = tmp_path / "export-2020" / AGGREGATOR
    folder.mkdir(parents=True)
    records = [
        {"userProfilePK": 1, "calendarDate": {"date": "Mar 25, 2020 12:00:00 AM"},
         "totalSteps": 8123, "dailyStepGoal": 7500, "totalDistanceMeters": 6100,
         "wellnessStartTimeLocal": {"date": "Mar 25, 2020 12:00:00 AM"}},
        {"userProfilePK": 1, "calendarDate": {"date": "Mar 26, 2020 12:00:00 AM"},
         "totalSteps": 10456, "dailyStepGoal": 7500},
    ]
    (folder / "UDSFile_2020-03-25_2020-07-02.json").write_text(json.dumps(records))

    code, out, err = cli("import", str(tmp_path / "export-2020"))

    assert code == 0, err
    assert "(2020-03-25 to 2020-03-26): 2 days new" in out
    assert [r[:4] for r in step_rows(settings)] == [
        ("2020-03-25", 8123, 7500, 6100.0), ("2020-03-26", 10456, 7500, None)]


def test_an_object_date_that_is_not_a_date_is_refused(settings, tmp_path, cli):
    folder = tmp_path / "export" / AGGREGATOR
    folder.mkdir(parents=True)
    (folder / "UDSFile_x.json").write_text(json.dumps(
        [{"calendarDate": {"date": "Feb 30, 2020 12:00:00 AM"}, "totalSteps": 1}]))

    one_line_failure(cli("import", str(tmp_path / "export")), "summary 1",
                     "Feb 30, 2020 12:00:00 AM", "nothing was imported")
    assert step_rows(settings) == []


# --- a report by week or by month ---------------------------------------------------------


def test_a_weekly_report_is_refused_naming_its_period(settings, tmp_path, cli):
    path = write(tmp_path, ",Actual,Goal\n"
                 '11/02/2026,"61,234","70,000"\n'
                 '11/09/2026,"58,002","70,000"\n'
                 '11/16/2026,"66,900","70,000"\n'
                 '11/23/2026,"52,118","70,000"\n')

    err = one_line_failure(cli("import", str(path)), "Steps.csv", "by week",
                           "nothing was imported", "daily")
    assert "61,234" in err
    assert step_rows(settings) == []


def test_a_monthly_report_is_refused_naming_its_period(settings, tmp_path, cli):
    path = write(tmp_path, "Date,Actual,Goal\n"
                 '08/01/2026,"281,004","310,000"\n'
                 '09/01/2026,"266,512","300,000"\n'
                 '10/01/2026,"290,077","310,000"\n')

    one_line_failure(cli("import", str(path)), "Steps.csv", "by month",
                     "nothing was imported")
    assert step_rows(settings) == []


def test_a_daily_report_with_a_gap_is_still_daily(settings, tmp_path, cli):
    path = write(tmp_path, ",Actual,Goal\n11/20/2026,9000,10000\n11/27/2026,8000,10000\n"
                 "11/28/2026,7000,10000\n")
    code, out, err = cli("import", str(path))
    assert code == 0, err and "3 days new" in out


# --- day-first dates ----------------------------------------------------------------------


def test_day_first_dates_are_read_when_a_day_is_over_12(settings, tmp_path, cli):
    # `05/11/2026` alone could be May 11; `13/11/2026` says the file writes the day first.
    path = write(tmp_path, ",Actual,Goal\n05/11/2026,9000,10000\n13/11/2026,8000,10000\n")

    code, out, err = cli("import", str(path))

    assert code == 0, err
    assert [r[:2] for r in step_rows(settings)] == [("2026-11-05", 9000), ("2026-11-13", 8000)]


def test_month_first_dates_are_read_when_a_day_is_over_12(settings, tmp_path, cli, clock):
    path = write(tmp_path, ",Actual,Goal\n11/05/2026,9000,10000\n11/13/2026,8000,10000\n")
    code, out, err = cli("import", str(path))
    assert code == 0, err
    assert [r[0] for r in step_rows(settings)] == ["2026-11-05", "2026-11-13"]


def test_a_file_that_mixes_both_orders_is_refused(settings, tmp_path, cli):
    path = write(tmp_path, ",Actual,Goal\n11/28/2026,9000,10000\n29/11/2026,8000,10000\n")
    one_line_failure(cli("import", str(path)), "Steps.csv", "`11/28/2026`", "`29/11/2026`",
                     "nothing was imported")
    assert step_rows(settings) == []


def test_an_ambiguous_file_is_refused_saying_how_to_choose(settings, tmp_path, cli):
    path = write(tmp_path, ",Actual,Goal\n05/01/2026,9000,10000\n06/01/2026,8000,10000\n")
    one_line_failure(cli("import", str(path)), "Steps.csv", "ambiguous", "`05/01/2026`",
                     "--date-order dmy", "mdy", "nothing was imported")
    assert step_rows(settings) == []


@pytest.mark.parametrize("order, first", [("dmy", "2026-01-05"), ("mdy", "2026-05-01")])
def test_the_user_chooses_the_order(settings, tmp_path, cli, order, first):
    path = write(tmp_path, ",Actual,Goal\n05/01/2026,9000,10000\n06/01/2026,8000,10000\n")
    code, out, err = cli("import", "--date-order", order, str(path))
    assert code == 0, err
    assert step_rows(settings)[0][0] == first


def test_a_chosen_order_the_file_contradicts_is_refused(settings, tmp_path, cli):
    path = write(tmp_path, ",Actual,Goal\n05/01/2027,9000,10000\n13/01/2027,8000,10000\n")
    one_line_failure(cli("import", "--date-order", "mdy", str(path)), "line 3",
                     "`13/01/2027`", "month/day/year", "nothing was imported")


def test_a_bad_date_order_value_is_one_line(settings, tmp_path, capsys):
    from coach_tui.cli import main

    path = write(tmp_path, ",Actual,Goal\n05/01/2026,9000,10000\n")
    with pytest.raises(SystemExit) as exit_:
        main(["import", "--date-order", "ymd", str(path)])
    out, err = capsys.readouterr()
    assert exit_.value.code == 2 and out == "" and err.count("\n") == 1 and "'dmy'" in err


@pytest.mark.parametrize("lang, first", [("en_GB.UTF-8", "2026-01-05"),
                                         ("en_US.UTF-8", "2026-05-01"),
                                         ("de_DE", "2026-01-05")])
def test_the_locale_decides_an_ambiguous_file(settings, tmp_path, cli, monkeypatch, lang,
                                              first):
    monkeypatch.setenv("LANG", lang)
    path = write(tmp_path, ",Actual,Goal\n05/01/2026,9000,10000\n06/01/2026,8000,10000\n")
    code, out, err = cli("import", str(path))
    assert code == 0, err
    assert step_rows(settings)[0][0] == first


@pytest.mark.parametrize("lang", ["C.UTF-8", "POSIX", "en"])
def test_a_locale_without_an_order_does_not_decide(settings, tmp_path, cli, monkeypatch, lang):
    monkeypatch.setenv("LANG", lang)
    path = write(tmp_path, ",Actual,Goal\n05/01/2026,9000,10000\n")
    one_line_failure(cli("import", str(path)), "ambiguous")
