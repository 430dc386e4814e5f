"""The windowed step sync from Garmin Connect into `daily_steps`.

    sync_steps(settings, *, days=None, today=None, now=None, progress=None) -> SyncResult
        Fetches daily steps from saved tokens only (login.py makes them). Blocks, so the app
        runs it in a thread worker; it opens its own database connection. `progress` is
        called with a SyncProgress before the first window and after each saved one (from
        the calling thread; an exception it raises stops the sync, keeping what was saved).

A Garmin failure is a GarminError (errors.py) whose `.result` is what was saved before it;
the demo home refuses (kind "config": its steps are generated). A database that cannot be
written raises coach_tui.store.db.StoreError.

Sync, precisely: windows of at most 28 days, oldest first, one `get_daily_steps` request and
one transaction each, so a failure keeps every window already saved. Days are the Garmin
account's days: "today" and a day's end are read in the account's time zone (account.py
learns it after the tokens are loaded, on every sync; a sync runs on the stored zone when the
profile does not load, and on this machine's zone before any is known). The first sync (an
empty table) covers the last `first_sync_days` days through today. Later syncs start at the
oldest day of the newest run of rows whose value was fetched before that day had ended
(`synced_at` is UTC; a day ends at midnight in the account's zone), or the day after the
newest row when every row is settled; but always at yesterday or earlier (the last two account
days are asked for on every sync, whatever their state), and at the oldest day Garmin answered
without a count yet (`pending_days`: null `totalSteps`, the watch had not synced) while it is
at most `PENDING_DAYS` old; never further back than `first_sync_days`. `days=N` asks for the
last N days instead. A record with a bad date or missing, null, negative or non-integer steps
is skipped and counted. The moment comes from coach_tui.clock, so COACH_TUI_NOW pins it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from coach_tui import clock
from coach_tui.config import Settings
from coach_tui.garmin.account import learn_account
from coach_tui.garmin.client import new_client, resume_tokens
from coach_tui.garmin.errors import LOGIN_HINT, GarminError, classify, refuse_demo, sync_error
from coach_tui.garmin.records import api_records_to_days, pending_dates
from coach_tui.garmin.tokens import has_tokens, is_inline_json, token_file, token_store
from coach_tui.store.db import StoreError, connect, transaction
from coach_tui.store.steps import (
    UpsertCounts,
    clear_pending,
    mark_pending,
    oldest_pending,
    sync_stamps,
    upsert_days,
)
from coach_tui.text import plural

SOURCE = "garmin"
WINDOW_DAYS = 28          # the most Garmin's daily-steps endpoint answers in one request
PENDING_DAYS = 30         # a day without a count is asked for again while at most this old
MAX_DAYS = 3650           # `days=` beyond ten years is a typo, not a request


@dataclass
class SyncResult:
    first: date                     # the first day asked for
    last: date                      # the last day asked for (today)
    windows: int                    # windows planned
    windows_done: int = 0
    requests: int = 0               # get_daily_steps calls made, one per window
    new: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: int = 0
    saved_through: date | None = None   # the last day of the last window saved
    waiting: int = 0                # days Garmin has no count for yet (the watch), asked again
    time_zone: str | None = None    # the account's zone the days were judged in (None: local)
    zone_problem: str | None = None  # why the profile did not load, when no zone is known

    @property
    def saved_days(self) -> int:
        return self.new + self.updated + self.unchanged

    def summary(self) -> str:
        return (
            f"synced {self.first.isoformat()} to {self.last.isoformat()}: "
            f"{plural(self.new, 'day')} new, {self.updated} updated, {self.unchanged} unchanged, "
            f"{self.skipped} skipped, {plural(self.requests, 'step request')}"
            + (f"; {plural(self.waiting, 'day')} without a count yet (asked again next sync)"
               if self.waiting else "")
        )

    def saved_note(self) -> str:
        """What a failure keeps, for the end of its message."""
        if not self.windows_done:
            return "nothing new was saved"
        return f"{plural(self.saved_days, 'day')} through {self.saved_through} are saved"


@dataclass(frozen=True)
class SyncProgress:
    first: date
    last: date
    windows_done: int
    windows: int
    window: tuple[date, date] | None   # the window just saved; None before the first
    new: int
    updated: int
    skipped: int

    @property
    def fraction(self) -> float:
        return self.windows_done / self.windows if self.windows else 1.0


def sync_steps(
    settings: Settings,
    *,
    days: int | None = None,
    today: date | None = None,
    now: datetime | None = None,
    progress: Callable[[SyncProgress], None] | None = None,
    on_lock_wait: Callable[[], None] | None = None,
) -> SyncResult:
    """Fetch steps from Garmin Connect into the database; see the module docstring.
    `on_lock_wait()` is called when a write has waited a while for another coach-tui's lock
    (store/db.py), as the CLI's and the app's own connections do."""
    refuse_demo(settings)
    if days is not None:
        check_days(days)
    now = clock.now() if now is None else now
    stamp = clock.utc_stamp(now)
    if not has_tokens(settings):
        raise GarminError("login_needed", f"not logged in to Garmin Connect: {LOGIN_HINT}")

    conn = connect(settings.paths.db_file)
    conn.on_lock_wait = on_lock_wait
    try:
        garmin = _open_session(token_store(settings))
        learned = learn_account(garmin, conn)
        zone = learned.time_zone
        today = clock.in_zone(now, zone).date() if today is None else today
        if days is None:
            waiting_since = today - timedelta(days=PENDING_DAYS)
            first = sync_start(
                sync_stamps(conn), today=today, first_sync_days=settings.first_sync_days,
                zone=zone, pending=oldest_pending(conn, since=waiting_since.isoformat()),
            )
        else:
            first = today - timedelta(days=days - 1)
        windows = plan_windows(first, today)
        result = SyncResult(first=first, last=today, windows=len(windows), time_zone=zone,
                            zone_problem=learned.problem if zone is None else None)
        if learned.error is not None and classify(learned.error)[0] in ("login_needed",
                                                                        "network"):
            # Refused tokens or no network: the step requests would fail the same way.
            raise sync_error(learned.error, result, saved=result.saved_note(), at_login=True)
        _report(progress, result, None)
        for start, end in windows:
            result.requests += 1
            try:
                records = garmin.get_daily_steps(start.isoformat(), end.isoformat())
            except Exception as exc:
                raise sync_error(exc, result, saved=result.saved_note()) from None
            if records == {}:
                # The service answers a range with no data with HTTP 204; the library hands
                # that back as {} (its empty-response stand-in): no days, not an error.
                records = []
            if not isinstance(records, list):
                raise GarminError(
                    "garmin",
                    f"Garmin Connect sent an unexpected answer for {start} to {end} "
                    f"({result.saved_note()}): try again later",
                    result=result,
                )
            day_rows, skipped = api_records_to_days(records, first=start, last=end)
            waiting = pending_dates(records, first=start, last=end)
            counts = _save_window(conn, day_rows, waiting, stamp, settings, result,
                                  forget_before=today - timedelta(days=PENDING_DAYS))
            result.new += counts.new
            result.updated += counts.updated
            result.unchanged += counts.unchanged
            result.skipped += skipped
            result.waiting += len(waiting)
            result.windows_done += 1
            result.saved_through = end
            _report(progress, result, (start, end))
        return result
    finally:
        conn.close()


def check_days(days: int) -> int:
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= MAX_DAYS:
        raise GarminError(
            "config", f"days must be a whole number from 1 to {MAX_DAYS}, got {days!r}"
        )
    return days


def day_end_utc(day: date, zone: str | None = None) -> datetime:
    """The moment `day` ends: the next midnight in `zone` (None: this machine's), in UTC."""
    midnight = datetime.combine(day + timedelta(days=1), time())
    info = clock.zone_info(zone)
    if info is not None:
        return midnight.replace(tzinfo=info).astimezone(UTC)
    return midnight.astimezone(UTC)


def is_settled(day: date, synced_at: str, zone: str | None = None) -> bool:
    """True when the stored value was fetched after its day had ended, so it is final."""
    try:
        stamp = datetime.fromisoformat(synced_at)
    except ValueError:
        return False
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=UTC)
    return stamp >= day_end_utc(day, zone)


def sync_start(
    stored: Sequence[tuple[str, str]], *, today: date, first_sync_days: int,
    zone: str | None = None, pending: str | None = None,
) -> date:
    """The first day an incremental sync must fetch; `stored` is (date, synced_at), any order.

    Walk back from the newest row over rows that were fetched before their day ended (in
    `zone`); the oldest of that run is where to start. When the newest row is settled, start
    the day after it. Yesterday at the latest: the last two days are always asked for. A
    `pending` day (ISO; one Garmin had no count for) moves the start back to it. An empty
    table is a first sync. Never before `first_sync_days` ago, never after today.
    """
    floor = today - timedelta(days=first_sync_days - 1)
    if not stored:
        return floor
    rows = sorted(((date.fromisoformat(d), s) for d, s in stored), reverse=True)
    start = rows[0][0] + timedelta(days=1)
    for day, synced_at in rows:
        if is_settled(day, synced_at, zone):
            break
        start = day
    start = min(start, today - timedelta(days=1))
    if pending is not None:
        start = min(start, date.fromisoformat(pending))
    return min(max(start, floor), today)


def plan_windows(first: date, last: date, size: int = WINDOW_DAYS) -> list[tuple[date, date]]:
    """[first, last] cut into consecutive windows of at most `size` days, oldest first."""
    if size < 1:
        raise ValueError(f"size must be at least 1, got {size}")
    out, start = [], first
    while start <= last:
        end = min(start + timedelta(days=size - 1), last)
        out.append((start, end))
        start = end + timedelta(days=1)
    return out


def _save_window(
    conn: sqlite3.Connection, days: list, waiting: list[str], stamp: str, settings: Settings,
    result: SyncResult, *, forget_before: date,
) -> UpsertCounts:
    try:
        with transaction(conn):
            counts = upsert_days(conn, days, source=SOURCE, synced_at=stamp)
            mark_pending(conn, waiting, asked_at=stamp)
            clear_pending(conn, stored_from=days[0].date if days else "9999-12-31",
                          before=forget_before.isoformat())
            return counts
    except sqlite3.Error as exc:
        raise StoreError(
            f"cannot save steps to {settings.paths.db_file} ({exc}); "
            f"{result.saved_note()}; close other programs using it and sync again"
        ) from exc


def _report(
    progress: Callable[[SyncProgress], None] | None,
    result: SyncResult,
    window: tuple[date, date] | None,
) -> None:
    if progress is not None:
        progress(
            SyncProgress(
                first=result.first, last=result.last, windows_done=result.windows_done,
                windows=result.windows, window=window, new=result.new,
                updated=result.updated, skipped=result.skipped,
            )
        )


def _open_session(store: str) -> Any:
    """A Garmin client signed in from saved tokens; no request (the profile is not needed)."""
    garmin = new_client()
    try:
        resume_tokens(garmin, store)
    except Exception:
        where = "GARMINTOKENS" if is_inline_json(store) else str(token_file(store))
        raise GarminError(
            "login_needed", f"the saved Garmin login ({where}) cannot be read: {LOGIN_HINT}"
        ) from None
    return garmin
