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
one transaction each, so a failure keeps every window already saved. The first sync (an empty
table) covers the last `first_sync_days` days through today. Later syncs start at the oldest
day of the newest run of rows whose value was fetched before that day had ended (`synced_at`
is UTC; a day ends at local midnight), or the day after the newest row when every row is
settled, never further back than `first_sync_days`; `days=N` asks for the last N days instead.
A record with a bad date or missing, null, negative or non-integer steps is skipped and
counted. Days are judged by coach_tui.clock, so COACH_TUI_NOW pins them.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from coach_tui import clock
from coach_tui.config import Settings
from coach_tui.garmin.client import new_client
from coach_tui.garmin.errors import LOGIN_HINT, GarminError, refuse_demo, sync_error
from coach_tui.garmin.records import api_records_to_days
from coach_tui.garmin.tokens import has_tokens, is_inline_json, token_file, token_store
from coach_tui.store.db import StoreError, connect, transaction
from coach_tui.store.steps import UpsertCounts, sync_stamps, upsert_days
from coach_tui.text import plural

SOURCE = "garmin"
WINDOW_DAYS = 28          # the most Garmin's daily-steps endpoint answers in one request
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

    @property
    def saved_days(self) -> int:
        return self.new + self.updated + self.unchanged

    def summary(self) -> str:
        return (
            f"synced {self.first.isoformat()} to {self.last.isoformat()}: "
            f"{plural(self.new, 'day')} new, {self.updated} updated, {self.unchanged} unchanged, "
            f"{self.skipped} skipped, {plural(self.requests, 'step request')}"
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
) -> SyncResult:
    """Fetch steps from Garmin Connect into the database; see the module docstring."""
    refuse_demo(settings)
    if days is not None:
        check_days(days)
    now = clock.now() if now is None else now
    today = now.date() if today is None else today
    stamp = clock.utc_stamp(now)
    if not has_tokens(settings):
        raise GarminError("login_needed", f"not logged in to Garmin Connect: {LOGIN_HINT}")

    conn = connect(settings.paths.db_file)
    try:
        if days is None:
            first = sync_start(
                sync_stamps(conn), today=today, first_sync_days=settings.first_sync_days
            )
        else:
            first = today - timedelta(days=days - 1)
        windows = plan_windows(first, today)
        result = SyncResult(first=first, last=today, windows=len(windows))
        _report(progress, result, None)
        garmin = _open_session(token_store(settings), result)
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
            counts = _save_window(conn, day_rows, stamp, settings, result)
            result.new += counts.new
            result.updated += counts.updated
            result.unchanged += counts.unchanged
            result.skipped += skipped
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


def day_end_utc(day: date) -> datetime:
    """The moment `day` ends: the next local midnight, in UTC."""
    return datetime.combine(day + timedelta(days=1), time()).astimezone(UTC)


def is_settled(day: date, synced_at: str) -> bool:
    """True when the stored value was fetched after its day had ended, so it is final."""
    try:
        stamp = datetime.fromisoformat(synced_at)
    except ValueError:
        return False
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=UTC)
    return stamp >= day_end_utc(day)


def sync_start(
    stored: Sequence[tuple[str, str]], *, today: date, first_sync_days: int
) -> date:
    """The first day an incremental sync must fetch; `stored` is (date, synced_at), any order.

    Walk back from the newest row over rows that were fetched before their day ended; the
    oldest of that run is where to start. When the newest row is settled, start the day after
    it. An empty table is a first sync. Never before `first_sync_days` ago, never after today.
    """
    floor = today - timedelta(days=first_sync_days - 1)
    if not stored:
        return floor
    rows = sorted(((date.fromisoformat(d), s) for d, s in stored), reverse=True)
    start = rows[0][0] + timedelta(days=1)
    for day, synced_at in rows:
        if is_settled(day, synced_at):
            break
        start = day
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
    conn: sqlite3.Connection, days: list, stamp: str, settings: Settings, result: SyncResult
) -> UpsertCounts:
    try:
        with transaction(conn):
            return upsert_days(conn, days, source=SOURCE, synced_at=stamp)
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


def _open_session(store: str, result: SyncResult) -> Any:
    """A Garmin client resumed from saved tokens (loads the profile: two small requests)."""
    garmin = new_client()
    try:
        garmin.login(store)
    except Exception as exc:
        # An unreadable token file is swallowed by the library, which then asks for the
        # credentials it was never given.
        text = str(exc)
        if "Username and password are required" in text or "garth-format" in text:
            where = "GARMINTOKENS" if is_inline_json(store) else str(token_file(store))
            raise GarminError(
                "login_needed",
                f"the saved Garmin login ({where}) cannot be read: {LOGIN_HINT}",
                result=result,
            ) from None
        raise sync_error(exc, result, saved=result.saved_note(), at_login=True) from None
    return garmin
