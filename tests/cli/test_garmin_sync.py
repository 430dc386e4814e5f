"""Step sync against the real garminconnect code, with only its HTTP faked (responses)."""

from __future__ import annotations

import io
import logging
import os
import stat
import threading
import time
from datetime import UTC, date, datetime, timedelta

import pytest
import requests

from coach_tui import clock
from coach_tui.cli.garmin_cmds import ProgressBar
from coach_tui.garmin import sync
from coach_tui.garmin.records import api_records_to_days
from tests.fakes.garmin_connect import account_record, start_fake, write_tokens
from tests.support import PINNED_NOW, REPO, step_rows

NOW = datetime.fromisoformat(PINNED_NOW)
TODAY = NOW.date()


@pytest.fixture
def garmin(monkeypatch, settings):
    fake, rsps = start_fake(monkeypatch)
    fake.fill(TODAY - timedelta(days=400), TODAY)
    write_tokens(settings.paths.garmin_dir)
    yield fake
    rsps.stop()
    rsps.reset()


def error_lines(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("coach-tui:")]


# --- the first and the next syncs ---------------------------------------------------------


def test_first_sync_fetches_365_days_in_14_requests(garmin, settings, cli):
    code, out, err = cli("sync")

    assert code == 0, err
    assert len(garmin.step_requests) == 14
    windows = [(date.fromisoformat(a), date.fromisoformat(b)) for a, b in garmin.step_requests]
    assert windows[0][0] == TODAY - timedelta(days=364) and windows[-1][1] == TODAY
    for (start, end), (nxt, _) in zip(windows, windows[1:], strict=False):
        assert (end - start).days + 1 <= 28 and nxt == end + timedelta(days=1)
    stored = step_rows(settings)
    assert len(stored) == 365
    first = account_record(TODAY - timedelta(days=364))
    assert stored[0] == (first["calendarDate"], first["totalSteps"], first["stepGoal"],
                         float(first["totalDistance"]), "garmin")
    assert out.strip() == (
        "synced 2025-12-01 to 2026-11-30: 365 days new, 0 updated, 0 unchanged, "
        "0 skipped, 14 step requests"
    )
    # Private files: the database and its folder.
    assert stat.S_IMODE(os.stat(settings.paths.db_file).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(settings.paths.data_dir).st_mode) == 0o700


def test_second_sync_the_same_day_makes_one_request_and_duplicates_nothing(garmin, settings):
    sync.sync_steps(settings, now=NOW)
    garmin.step_requests.clear()
    garmin.days[TODAY.isoformat()]["totalSteps"] += 1_234   # today keeps counting

    again = sync.sync_steps(settings, now=NOW + timedelta(hours=3))

    # The last two account days are asked for on every sync, whatever their state.
    yesterday = TODAY - timedelta(days=1)
    assert garmin.step_requests == [(yesterday.isoformat(), TODAY.isoformat())]
    assert (again.new, again.updated, again.unchanged, again.requests) == (0, 1, 1, 1)
    stored = step_rows(settings)
    assert len(stored) == 365 and len({r[0] for r in stored}) == 365
    assert stored[-1][1] == account_record(TODAY)["totalSteps"] + 1_234


def test_next_day_sync_starts_at_the_day_that_was_still_running(garmin, settings):
    sync.sync_steps(settings, now=NOW)
    garmin.step_requests.clear()
    garmin.fill(TODAY + timedelta(days=1), TODAY + timedelta(days=1))

    later = sync.sync_steps(settings, now=NOW + timedelta(days=1))

    tomorrow = TODAY + timedelta(days=1)
    assert garmin.step_requests == [(TODAY.isoformat(), tomorrow.isoformat())]
    assert later.new == 1 and len(step_rows(settings)) == 366


def test_a_day_synced_just_before_midnight_is_fetched_again(garmin, settings):
    late = datetime.combine(TODAY, datetime.min.time()) - timedelta(minutes=20)  # 23:40 yesterday
    sync.sync_steps(settings, days=3, now=late)
    garmin.step_requests.clear()

    sync.sync_steps(settings, now=NOW)

    yesterday = TODAY - timedelta(days=1)
    assert garmin.step_requests == [(yesterday.isoformat(), TODAY.isoformat())]


def test_days_option_fetches_exactly_the_last_n_days(garmin, settings, cli):
    code, out, err = cli("sync", "--days", "10")

    assert code == 0, err
    assert garmin.step_requests == [((TODAY - timedelta(days=9)).isoformat(), TODAY.isoformat())]
    assert len(step_rows(settings)) == 10


@pytest.mark.parametrize("value", ["0", "-3", "ten", "3651"])
def test_bad_days_value_is_one_line_and_no_request(garmin, settings, cli_exit, value):
    code, out, err = cli_exit("sync", "--days", value)

    assert code == 2
    assert err.count("\n") == 1 and err.startswith("coach-tui: sync: argument --days: ")
    assert garmin.step_requests == [] and len(garmin.rsps.calls) == 0


# --- records that cannot be stored --------------------------------------------------------


def test_malformed_records_are_skipped_and_counted(garmin, settings, cli):
    days = [(TODAY - timedelta(days=i)).isoformat() for i in range(10)]
    garmin.days[days[1]]["totalSteps"] = None
    del garmin.days[days[2]]["totalSteps"]
    garmin.days[days[3]]["totalSteps"] = -40
    garmin.days[days[4]]["totalSteps"] = 8123.5
    garmin.days[days[5]]["totalSteps"] = "8123"
    garmin.extra += [
        (days[0], {"calendarDate": "2026-02-30", "totalSteps": 5000}),
        (days[0], {"calendarDate": "30/11/2026", "totalSteps": 5000}),
        (days[0], "not a record"),
    ]

    code, out, err = cli("sync", "--days", "10")

    assert code == 0, err
    assert "5 days new" in out and "8 skipped" in out
    stored = {r[0] for r in step_rows(settings)}
    assert stored == {days[0], days[6], days[7], days[8], days[9]}


def test_api_records_rules():
    first, last = date(2026, 11, 1), date(2026, 11, 7)
    records = [
        {"calendarDate": "2026-11-01", "totalSteps": 0, "stepGoal": 0, "totalDistance": None},
        {"calendarDate": "2026-11-02", "totalSteps": 9000.0, "stepGoal": 7000,
         "totalDistance": 6800},
        {"calendarDate": "2026-11-03", "totalSteps": True},
        {"calendarDate": "2026-11-08", "totalSteps": 100},       # outside the window asked for
        {"calendarDate": "20261104", "totalSteps": 100},
        {"calendarDate": "2026-11-05", "totalSteps": 10**30},
        {"calendarDate": "2026-11-06", "totalSteps": 500},
        {"calendarDate": "2026-11-06", "totalSteps": 700},         # later record wins
    ]
    days, skipped = api_records_to_days(records, first=first, last=last)
    assert skipped == 4
    assert [(d.date, d.steps, d.goal, d.distance_m) for d in days] == [
        ("2026-11-01", 0, None, None),
        ("2026-11-02", 9000, 7000, 6800.0),
        ("2026-11-06", 700, None, None),
    ]


# --- failures keep what was saved ---------------------------------------------------------


def test_rate_limit_on_the_third_window_keeps_the_first_two(garmin, settings, cli):
    garmin.step_failure = lambda n: 429 if n == 3 else None

    code, out, err = cli("sync")

    assert code != 0 and out == ""
    (line,) = error_lines(err)
    assert "rate limit" in line and "nothing was lost" in line and "56 days" in line
    stored = step_rows(settings)
    assert len(stored) == 56
    assert stored[0][0] == (TODAY - timedelta(days=364)).isoformat()
    assert stored[-1][0] == (TODAY - timedelta(days=364 - 55)).isoformat()
    assert len(garmin.step_requests) == 3   # 429 is never retried

    # The next sync picks up where it stopped.
    garmin.step_failure = None
    garmin.step_requests.clear()
    code, out, err = cli("sync")
    assert code == 0, err
    assert garmin.step_requests[0][0] == (TODAY - timedelta(days=364 - 56)).isoformat()
    assert len(garmin.step_requests) == 12 and len(step_rows(settings)) == 365


def test_rejected_tokens_tell_the_user_to_log_in(monkeypatch, settings, cli):
    fake, rsps = start_fake(monkeypatch)
    try:
        write_tokens(settings.paths.garmin_dir, token="revoked-token", refresh="revoked-refresh")
        code, out, err = cli("sync")
    finally:
        rsps.stop()
        rsps.reset()

    assert code != 0
    (line,) = error_lines(err)
    assert "run `coach-tui login`" in line and "401" in line
    assert fake.step_requests == [] and step_rows(settings) == []


def test_a_401_mid_sync_keeps_the_saved_windows_and_asks_for_login(garmin, settings, cli):
    def revoke(n):
        if n >= 2:
            garmin.revoke()
        return None

    garmin.step_failure = revoke

    code, out, err = cli("sync")

    assert code != 0
    (line,) = error_lines(err)
    assert "run `coach-tui login`" in line
    assert len(step_rows(settings)) == 28
    assert garmin.refreshes == 1   # the library tried its refresh token once, through the fake


def test_not_logged_in_makes_no_request(monkeypatch, settings, cli):
    fake, rsps = start_fake(monkeypatch)
    try:
        code, out, err = cli("sync")
    finally:
        rsps.stop()
        rsps.reset()

    assert code != 0
    assert error_lines(err) == [
        "coach-tui: not logged in to Garmin Connect: run `coach-tui login`"
    ]
    assert len(rsps.calls) == 0


def test_network_down_mid_sync_is_one_line(garmin, settings, cli, monkeypatch):
    monkeypatch.setattr(logging.root, "handlers", [])   # as in a real run: no log handlers
    garmin.step_failure = lambda n: requests.ConnectionError("unreachable") if n >= 2 else None

    started = time.monotonic()
    code, out, err = cli("sync")

    assert code != 0
    (line,) = error_lines(err)
    assert line.startswith("coach-tui: cannot reach Garmin Connect")
    assert "28 days through 2025-12-28 are saved" in line
    assert "Traceback" not in err and err.count("\n") == len(err.splitlines())
    assert len(garmin.sleeps) == 3                    # the library's retries, not slept
    assert time.monotonic() - started < 5
    assert len(step_rows(settings)) == 28


def test_network_down_from_the_start(garmin, settings, cli):
    garmin.api_down = True

    code, out, err = cli("sync")

    assert code != 0
    (line,) = error_lines(err)
    assert line.startswith("coach-tui: cannot reach Garmin Connect")
    assert "nothing new was saved" in line


def test_garmin_server_errors_are_one_line(garmin, settings, cli, monkeypatch):
    monkeypatch.setattr(logging.root, "handlers", [])
    garmin.step_failure = lambda n: 503

    code, out, err = cli("sync")

    assert code != 0
    (line,) = error_lines(err)
    assert line.startswith("coach-tui: Garmin Connect answered with an error (HTTP 503)")
    assert "Traceback" not in err
    assert len(garmin.step_requests) == 4 and len(garmin.sleeps) == 3  # 1 try + 3 retries
    assert step_rows(settings) == []


# --- progress -----------------------------------------------------------------------------


def test_progress_reports_every_window(garmin, settings):
    seen: list[sync.SyncProgress] = []

    result = sync.sync_steps(settings, now=NOW, progress=seen.append)

    assert seen[0].windows_done == 0 and seen[0].window is None and seen[0].windows == 14
    assert [p.windows_done for p in seen] == list(range(15))
    assert seen[-1].fraction == 1.0 and seen[-1].new == result.new == 365


def test_progress_in_a_pipe_is_plain_text(garmin, settings, cli):
    code, out, err = cli("sync")

    assert code == 0
    assert "\x1b" not in err and "\r" not in err
    assert "sync: 14/14 saved through 2026-11-30" in err


def test_progress_on_a_terminal_redraws_one_line():
    stream = io.StringIO()
    bar = ProgressBar(stream, tty=True)
    for done in (0, 7, 14):
        bar.update(sync.SyncProgress(
            first=TODAY, last=TODAY, windows_done=done, windows=14,
            window=None if done == 0 else (TODAY, TODAY), new=0, updated=0, skipped=0,
        ))
    bar.close()
    text = stream.getvalue()
    assert text.count("\r") == 3 and text.endswith("\n") and "\x1b" not in text
    assert "[########################] 14/14" in text


def test_sync_runs_in_a_worker_thread(garmin, settings):
    box: dict = {}

    def work():
        try:
            box["result"] = sync.sync_steps(settings, days=5, now=NOW)
        except BaseException as exc:  # pragma: no cover - reported below
            box["error"] = exc

    worker = threading.Thread(target=work)
    worker.start()
    worker.join(30)
    assert "error" not in box and box["result"].new == 5


# --- the incremental rule, as a pure function ---------------------------------------------


def at(day: date, hours: float) -> str:
    """The stored synced_at of a fetch made `hours` after local midnight starting `day`."""
    return clock.utc_stamp(datetime.combine(day, datetime.min.time()) + timedelta(hours=hours))


def test_sync_start_rules():
    today = date(2026, 11, 30)
    y = today - timedelta(days=1)
    # Empty: a first sync.
    assert sync.sync_start([], today=today, first_sync_days=365) == today - timedelta(days=364)
    # Newest row settled: the day after it, but never later than yesterday (the last two
    # account days are always asked for again).
    settled = [((y - timedelta(days=3)).isoformat(), at(y, 1))]
    assert sync.sync_start(settled, today=today, first_sync_days=365) == y - timedelta(days=2)
    settled = [(y.isoformat(), at(today, 1))]
    assert sync.sync_start(settled, today=today, first_sync_days=365) == y
    # A day still waiting for its count moves the start back to it.
    assert sync.sync_start(settled, today=today, first_sync_days=365,
                           pending="2026-11-20") == date(2026, 11, 20)
    # A run of unsettled rows at the end: the oldest of them.
    stored = [
        ((y - timedelta(days=1)).isoformat(), at(y, 2)),  # fetched after it ended
        (y.isoformat(), at(y, 12)),                        # fetched during the day
        (today.isoformat(), at(today, 8)),
    ]
    assert sync.sync_start(stored, today=today, first_sync_days=365) == y
    # Never further back than first_sync_days.
    old = today - timedelta(days=900)
    assert sync.sync_start([(old.isoformat(), at(old, 30))], today=today,
                           first_sync_days=30) == today - timedelta(days=29)


def test_a_day_ends_at_local_midnight(monkeypatch):
    monkeypatch.setenv("TZ", "America/Los_Angeles")
    time.tzset()
    try:
        day = date(2026, 11, 29)
        # 23:30 local on the 29th is 07:30 UTC on the 30th: still the 29th locally.
        assert not sync.is_settled(day, "2026-11-30T07:30:00+00:00")
        assert sync.is_settled(day, "2026-11-30T08:00:00+00:00")
        assert sync.day_end_utc(day) == datetime(2026, 11, 30, 8, 0, tzinfo=UTC)
        # The account's zone, when known, decides instead of this machine's.
        assert sync.day_end_utc(day, "Europe/Berlin") == datetime(2026, 11, 29, 23, 0,
                                                                  tzinfo=UTC)
        assert sync.is_settled(day, "2026-11-29T23:30:00+00:00", "Europe/Berlin")
    finally:
        monkeypatch.undo()
        time.tzset()


def test_windows_are_at_most_28_days():
    windows = sync.plan_windows(date(2025, 12, 1), date(2026, 11, 30))
    assert len(windows) == 14
    assert all((b - a).days < 28 for a, b in windows)
    assert sync.plan_windows(TODAY, TODAY) == [(TODAY, TODAY)]


def test_an_unreadable_token_file_asks_for_a_login(garmin, settings, cli):
    (settings.paths.garmin_dir / "garmin_tokens.json").write_text("{not json")

    code, out, err = cli("sync")

    assert code != 0
    (line,) = error_lines(err)
    assert "garmin_tokens.json) cannot be read: run `coach-tui login`" in line
    assert garmin.step_requests == []


def test_importing_the_sync_code_loads_no_heavy_library():
    import subprocess
    import sys

    code = (
        "import sys, coach_tui.cli, coach_tui.garmin.sync, coach_tui.garmin.login, "
        "coach_tui.garmin.importers, coach_tui.demo\n"
        "heavy = [m for m in ('garminconnect', 'requests', 'curl_cffi') if m in sys.modules]\n"
        "assert not heavy, heavy"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)


def test_a_range_with_no_data_answered_204_does_not_stop_the_sync(garmin, settings, cli):
    # A new account: only the last 40 days have data; older ranges come back 204 No Content.
    garmin.days = {k: v for k, v in garmin.days.items()
                   if k >= (TODAY - timedelta(days=39)).isoformat()}
    code, out, err = cli("sync")
    assert code == 0, err
    assert len(garmin.step_requests) == 14
    assert len(step_rows(settings)) == 40
    assert "40 days new" in out
