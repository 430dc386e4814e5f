"""The account's days and what login earns, against the real garminconnect code with only its
HTTP faked: the account's time zone decides "today" and "final", the last two account days are
asked for on every sync, days the watch had not synced come back, and a verified login is kept
when the profile fails to load."""

from __future__ import annotations

import json
import sqlite3
import time
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from coach_tui.cli import main
from coach_tui.garmin import sync
from tests.fakes.garmin_connect import start_fake, write_tokens
from tests.support import PINNED_NOW, step_rows

NOW = datetime.fromisoformat(PINNED_NOW)
TODAY = NOW.date()
PASSWORD = "correct horse"
EMAIL = "walker@example.com"


@pytest.fixture
def account(monkeypatch, settings):
    fake, rsps = start_fake(monkeypatch)
    yield fake
    rsps.stop()
    rsps.reset()


@pytest.fixture
def machine_zone(monkeypatch):
    """Set this machine's time zone (naive times, like COACH_TUI_NOW, are read in it)."""
    def set_zone(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        time.tzset()

    yield set_zone
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def typed(monkeypatch):
    answers: list[str] = []
    monkeypatch.setattr("builtins.input", lambda prompt="": answers.pop(0))
    monkeypatch.setattr("getpass.getpass", lambda prompt="": PASSWORD)
    return answers


def stored_setting(settings, key: str) -> str | None:
    conn = sqlite3.connect(settings.paths.db_file)
    try:
        row = conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
    finally:
        conn.close()
    return row[0] if row else None


def token_file(settings):
    return settings.paths.garmin_dir / "garmin_tokens.json"


# --- login keeps what it earned -----------------------------------------------------------


def test_a_profile_503_after_a_correct_mfa_code_keeps_the_login(account, settings, typed,
                                                                 capsys):
    account.mfa_code = "246810"
    account.profile_status = 503
    typed.append("246810")

    code = main(["login", "--email", EMAIL])
    out, err = capsys.readouterr()

    assert code == 0, err
    assert json.loads(token_file(settings).read_text())["di_token"] == account.issued_token
    assert "logged in to Garmin Connect" in out
    (note,) = [line for line in err.splitlines() if "profile" in line]
    assert "503" in note and "time zone" in note and "sync" in note
    assert len(account.sleeps) >= 2   # the profile was retried before giving up

    # Sync does not need the profile: the saved tokens are enough.
    account.fill(TODAY - timedelta(days=6), TODAY)
    assert main(["sync", "--days", "7"]) == 0
    out, err = capsys.readouterr()
    assert "7 days new" in out
    assert err.splitlines()[-1] == (
        "coach-tui: Garmin's profile did not load (HTTP 503), so the account's time zone is "
        "not known yet and days follow this machine's clock; the next sync asks again")


def test_a_profile_503_after_a_password_login_keeps_the_login(account, settings, capsys,
                                                              monkeypatch):
    monkeypatch.setattr("getpass.getpass", lambda prompt="": PASSWORD)
    account.profile_status = 503

    code = main(["login", "--email", EMAIL])
    out, err = capsys.readouterr()

    assert code == 0, err
    assert token_file(settings).is_file()
    assert "profile" in err and "503" in err and err.count("\n") == 1


def test_login_stores_the_accounts_time_zone(account, settings, capsys, monkeypatch):
    monkeypatch.setattr("getpass.getpass", lambda prompt="": PASSWORD)
    account.time_zone = "America/Los_Angeles"

    assert main(["login", "--email", EMAIL]) == 0
    out, err = capsys.readouterr()

    assert stored_setting(settings, "garmin.time_zone") == "America/Los_Angeles"
    assert "America/Los_Angeles" in out and err == ""


def test_sync_refreshes_the_time_zone_and_does_without_it_when_the_profile_fails(
        account, settings):
    write_tokens(settings.paths.garmin_dir)
    account.fill(TODAY - timedelta(days=3), TODAY)
    account.time_zone = "Europe/Paris"
    sync.sync_steps(settings, days=2, now=NOW)
    assert stored_setting(settings, "garmin.time_zone") == "Europe/Paris"

    account.time_zone = "Asia/Tokyo"            # the user moved and changed the profile
    sync.sync_steps(settings, days=2, now=NOW)
    assert stored_setting(settings, "garmin.time_zone") == "Asia/Tokyo"

    account.profile_status = 503                # the profile service is down: sync goes on
    result = sync.sync_steps(settings, days=2, now=NOW)
    assert result.saved_days == 2
    assert stored_setting(settings, "garmin.time_zone") == "Asia/Tokyo"


# --- the account's days -------------------------------------------------------------------


def test_a_day_still_running_at_garmin_is_not_final_on_a_machine_ahead(account, settings,
                                                                        machine_zone):
    # The machine is in Berlin, the account in Los Angeles. At 01:00 on 07-20 in Berlin it is
    # 16:00 on 07-19 for Garmin: 07-19 is still counting, whatever this machine's clock says.
    machine_zone("Europe/Berlin")
    write_tokens(settings.paths.garmin_dir)
    account.time_zone = "America/Los_Angeles"
    day = date(2026, 7, 19)
    account.fill(day - timedelta(days=5), day)
    account.days[day.isoformat()]["totalSteps"] = 5_000

    first = sync.sync_steps(settings, days=3, now=datetime(2026, 7, 20, 1, 0))
    assert first.last == day                  # the account's today, not the machine's 07-20

    account.days[day.isoformat()]["totalSteps"] = 11_800   # Garmin's final figure
    account.step_requests.clear()
    sync.sync_steps(settings, now=datetime(2026, 7, 20, 10, 0))   # 01:00 on 07-20 in LA

    assert account.step_requests[0][0] <= day.isoformat()
    assert dict((r[0], r[1]) for r in step_rows(settings))[day.isoformat()] == 11_800


def test_the_last_two_account_days_are_asked_for_on_every_sync(account, settings):
    write_tokens(settings.paths.garmin_dir)
    account.fill(TODAY - timedelta(days=10), TODAY)
    sync.sync_steps(settings, days=10, now=NOW)
    account.step_requests.clear()

    # A day later, both earlier days settled: still yesterday and today are asked for.
    account.fill(TODAY + timedelta(days=1), TODAY + timedelta(days=1))
    late = NOW + timedelta(days=1, hours=5)
    sync.sync_steps(settings, now=late)
    sync.sync_steps(settings, now=late + timedelta(minutes=5))

    tomorrow = TODAY + timedelta(days=1)
    assert account.step_requests[-1] == (TODAY.isoformat(), tomorrow.isoformat())


def test_the_ledger_is_as_of_the_accounts_yesterday(account, settings, machine_zone, clock,
                                                    cli):
    machine_zone("Europe/Berlin")
    write_tokens(settings.paths.garmin_dir)
    account.time_zone = "America/Los_Angeles"
    account.fill(date(2026, 7, 1), date(2026, 7, 19))
    clock.set("2026-07-20T01:00")             # Berlin; 07-19 16:00 for the account
    assert cli("sync")[0] == 0

    code, out, err = cli("facts")

    assert code == 0, err
    assert "(through 2026-07-18)" in out.splitlines()[0]


# --- gaps fill ----------------------------------------------------------------------------


def test_a_day_the_watch_had_not_synced_is_asked_for_again(account, settings, cli):
    write_tokens(settings.paths.garmin_dir)
    account.fill(TODAY - timedelta(days=40), TODAY)
    gap = TODAY - timedelta(days=3)
    account.pending(gap)
    assert cli("sync", "--days", "30")[0] == 0
    assert gap.isoformat() not in {r[0] for r in step_rows(settings)}

    # Days later, every stored day settled; the watch has synced the gap since.
    account.days[gap.isoformat()]["totalSteps"] = 7_777
    later = NOW + timedelta(days=2)
    account.fill(TODAY + timedelta(days=1), later.date())
    account.step_requests.clear()
    sync.sync_steps(settings, now=later)

    assert account.step_requests[0][0] <= gap.isoformat()
    assert dict((r[0], r[1]) for r in step_rows(settings))[gap.isoformat()] == 7_777
    # Filled: no longer asked for.
    account.step_requests.clear()
    sync.sync_steps(settings, now=later + timedelta(hours=1))
    assert account.step_requests[0][0] > gap.isoformat()


def test_a_gap_older_than_30_days_is_no_longer_asked_for(account, settings):
    write_tokens(settings.paths.garmin_dir)
    account.fill(TODAY - timedelta(days=10), TODAY)
    gap = TODAY - timedelta(days=5)
    account.pending(gap)
    sync.sync_steps(settings, days=10, now=NOW)

    later = NOW + timedelta(days=40)
    account.fill(TODAY + timedelta(days=1), later.date())
    sync.sync_steps(settings, now=later - timedelta(days=1))
    account.step_requests.clear()
    sync.sync_steps(settings, now=later)

    assert account.step_requests[0][0] >= (later.date() - timedelta(days=1)).isoformat()


def test_sync_says_how_many_days_wait_for_the_watch(account, settings, cli):
    write_tokens(settings.paths.garmin_dir)
    account.fill(TODAY - timedelta(days=5), TODAY)
    account.pending(TODAY - timedelta(days=1))

    code, out, err = cli("sync", "--days", "5")

    assert code == 0, err
    assert "1 skipped" in out and "1 day without a count yet (asked again next sync)" in out


@pytest.fixture(autouse=True)
def _zone_exists():
    ZoneInfo("America/Los_Angeles")   # tzdata present: the tests above need real zones


def test_a_zone_this_machine_does_not_know_is_not_stored(account, settings):
    write_tokens(settings.paths.garmin_dir)
    account.fill(TODAY - timedelta(days=2), TODAY)
    account.time_zone = "Mars/Olympus_Mons"

    result = sync.sync_steps(settings, days=2, now=NOW)

    assert result.saved_days == 2 and result.last == TODAY   # this machine's day
    assert stored_setting(settings, "garmin.time_zone") is None


def test_account_date_reads_the_wall_clock_in_the_zone():
    from coach_tui import clock

    moment = datetime(2026, 7, 20, 1, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    assert clock.account_date("America/Los_Angeles", moment) == date(2026, 7, 19)
    assert clock.account_date("Asia/Tokyo", moment) == date(2026, 7, 20)
    assert clock.account_date("No/Such_Zone", moment) == moment.astimezone().date()


def test_a_database_that_cannot_be_written_costs_a_login_nothing(account, settings, capsys,
                                                                 monkeypatch):
    monkeypatch.setattr("getpass.getpass", lambda prompt="": PASSWORD)
    account.time_zone = "Europe/Paris"
    settings.paths.db_file.parent.mkdir(parents=True, exist_ok=True)
    settings.paths.db_file.write_bytes(b"not a database at all" * 100)

    code = main(["login", "--email", EMAIL])
    out, err = capsys.readouterr()

    assert code == 0, err
    assert token_file(settings).is_file() and "logged in to Garmin Connect" in out
    assert "time zone could not be stored" in err and err.count("\n") == 1
