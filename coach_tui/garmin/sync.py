"""Garmin Connect sign-in and step sync: the only module that imports garminconnect.

The plain API the CLI and the app call. Every function blocks, so the app runs them in a
thread worker; each opens its own database connection. garminconnect is imported inside the
functions that talk to Garmin, never at import time.

    has_tokens(settings) -> bool
        Saved tokens exist (or GARMINTOKENS holds inline token JSON). No network.
    start_login(settings, email, password) -> LoginResult
        Signs in with the credentials. `.done`: tokens are saved. `.needs_mfa`: Garmin sent a
        code; pass `.state` to finish_login. The password is never stored.
    finish_login(settings, state, code) -> LoginResult
        Completes an MFA sign-in and saves the tokens. A wrong code raises
        GarminError(kind="mfa_wrong") and `state` stays usable: call again with another code.
    sync_steps(settings, *, days=None, today=None, now=None, progress=None) -> SyncResult
        Fetches daily steps into `daily_steps` from saved tokens only. `progress` is called
        with a SyncProgress before the first window and after each saved one (from the
        calling thread; an exception it raises stops the sync, keeping what was saved).

Every Garmin failure is a GarminError with `.kind` (login_needed, bad_credentials, mfa_wrong,
rate_limited, network, garmin, config) and `.message`, one sentence a user can act on; a sync
error also carries `.result`, what was saved before it. The demo home refuses login and sync
(kind "config": its steps are generated). A database that cannot be written raises
coach_tui.store.db.StoreError.

Tokens live in `GARMINTOKENS` when it is set (a folder, or a `.json` file; the library's own
convention), else in the data folder's `garmin/` (folder 0700, `garmin_tokens.json` 0600).

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

import logging
import os
import re
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path
from typing import Any, Literal

from coach_tui import clock
from coach_tui.config import Settings, ensure_private_dir
from coach_tui.garmin.records import api_records_to_days
from coach_tui.store.db import StoreError, connect, transaction
from coach_tui.store.steps import UpsertCounts, upsert_days

SOURCE = "garmin"
WINDOW_DAYS = 28          # the most Garmin's daily-steps endpoint answers in one request
MAX_DAYS = 3650           # `days=` beyond ten years is a typo, not a request
TOKENS_ENV = "GARMINTOKENS"
TOKEN_FILE_NAME = "garmin_tokens.json"

Kind = Literal[
    "login_needed", "bad_credentials", "mfa_wrong", "rate_limited", "network", "garmin", "config"
]

LOGIN_HINT = "run `coach-tui login`"


class GarminError(Exception):
    """A Garmin failure with one line for the user (`message`) and a `kind` for the app."""

    def __init__(self, kind: Kind, message: str, *, result: "SyncResult | None" = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.result = result


# --- results ------------------------------------------------------------------------------


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
            f"{_plural(self.new, 'day')} new, {self.updated} updated, {self.unchanged} unchanged, "
            f"{self.skipped} skipped, {_plural(self.requests, 'step request')}"
        )


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


@dataclass
class MfaState:
    """A sign-in waiting for its MFA code. Opaque; held in memory only (it carries cookies)."""

    garmin: Any = field(repr=False)
    client_state: Any = field(repr=False)
    store: Path
    attempts: int = 0


@dataclass(frozen=True)
class LoginResult:
    status: Literal["done", "needs_mfa"]
    state: MfaState | None = None
    token_file: Path | None = None

    @property
    def done(self) -> bool:
        return self.status == "done"

    @property
    def needs_mfa(self) -> bool:
        return self.status == "needs_mfa"


# --- tokens -------------------------------------------------------------------------------


def token_store(settings: Settings) -> str:
    """Where tokens are read from: GARMINTOKENS (a path or inline JSON) or `garmin/`."""
    env = os.environ.get(TOKENS_ENV, "").strip()
    return env if env else str(settings.paths.garmin_dir)


def token_file(store: str | Path) -> Path:
    """The token file for a store path, as garminconnect resolves it."""
    path = Path(store).expanduser()
    if path.is_dir() or path.suffix.casefold() != ".json":
        return path / TOKEN_FILE_NAME
    return path


def has_tokens(settings: Settings) -> bool:
    store = token_store(settings)
    if _is_inline_json(store):
        return True
    return token_file(store).is_file()


def _is_inline_json(store: str) -> bool:
    return store.lstrip().startswith("{")


def _writable_store(settings: Settings) -> Path:
    store = token_store(settings)
    if _is_inline_json(store):
        raise GarminError(
            "config",
            f"{TOKENS_ENV} holds tokens, not a folder, so new ones cannot be saved: "
            f"unset it (or point it at a folder) and log in again",
        )
    path = Path(store).expanduser()
    if path == settings.paths.garmin_dir:
        ensure_private_dir(settings.paths.data_dir)  # mkdir(parents=True) alone would be 0755
    return path


def _save_tokens(garmin: Any, store: Path) -> Path:
    target = token_file(store)
    try:
        if target.parent == store:
            ensure_private_dir(store)
        garmin.client.dump(str(store))  # writes 0600 via a temp file, parent chmod 0700
        target.chmod(0o600)
    except (OSError, ValueError) as exc:  # ValueError: the library refuses symlinked paths
        reason = getattr(exc, "strerror", None) or _short(str(exc))
        raise GarminError(
            "config", f"signed in, but the tokens cannot be saved in {store} ({reason})"
        ) from None
    return target


# --- login --------------------------------------------------------------------------------


def start_login(settings: Settings, email: str, password: str) -> LoginResult:
    """Sign in with email and password; tokens are saved unless an MFA code is needed.

    Uses the client's credential login directly: `Garmin.login()` would quietly resume from
    tokens already saved (or from GARMINTOKENS) and never check the credentials given.
    """
    _refuse_demo(settings)
    email = email.strip()
    if not email or not password:
        raise GarminError("bad_credentials", "enter both your Garmin email and your password")
    store = _writable_store(settings)
    garmin = _new_client()
    try:
        status, client_state = garmin.client.login(email, password, return_on_mfa=True)
    except Exception as exc:
        raise _login_error(exc) from None
    if status == "needs_mfa":
        return LoginResult("needs_mfa", state=MfaState(garmin, client_state, store))
    return LoginResult("done", token_file=_save_tokens(garmin, store))


def finish_login(settings: Settings, state: MfaState, code: str) -> LoginResult:
    """Send the MFA code; save the tokens (resume_login does not save them by itself)."""
    code = code.strip()
    if not code:
        raise GarminError("mfa_wrong", "enter the code Garmin sent you")
    state.attempts += 1
    try:
        state.garmin.resume_login(state.client_state, code)
    except Exception as exc:
        raise _mfa_error(exc) from None
    return LoginResult("done", token_file=_save_tokens(state.garmin, state.store))


def _refuse_demo(settings: Settings) -> None:
    from coach_tui.demo import is_demo_home

    if is_demo_home(settings.paths):
        raise GarminError(
            "config",
            "the demo's steps are generated and it has no Garmin account; "
            "run coach-tui without --demo to sync your own steps",
        )


def _new_client() -> Any:
    from garminconnect import Garmin

    _quiet_library_logs()
    return Garmin()


def _quiet_library_logs() -> None:
    # garminconnect logs tracebacks at ERROR for failures we report ourselves in one line;
    # with no handler anywhere, Python's last-resort handler would print them to stderr.
    logger = logging.getLogger("garminconnect")
    if not any(isinstance(h, logging.NullHandler) for h in logger.handlers):
        logger.addHandler(logging.NullHandler())


def _login_error(exc: BaseException) -> GarminError:
    from garminconnect import GarminConnectAuthenticationError, GarminConnectTooManyRequestsError

    if _find(exc, GarminConnectTooManyRequestsError):
        return GarminError(
            "rate_limited",
            "Garmin Connect is refusing sign-ins for now (too many attempts, HTTP 429); "
            "wait a few minutes and try again",
        )
    if _find(exc, GarminConnectAuthenticationError):
        return GarminError(
            "bad_credentials",
            "Garmin Connect did not accept that email and password (or the account is "
            "locked; check at connect.garmin.com)",
        )
    text = str(exc)
    # The strategy chain reports its last failure as text ("... ConnectionError: ...").
    if _network_cause(exc) or _NETWORK_NAMES.search(text):
        return GarminError(
            "network", "cannot reach Garmin Connect; check your network and try again"
        )
    return GarminError(
        "garmin", f"Garmin Connect sign-in failed ({_short(text)}); try again later"
    )


def _mfa_error(exc: BaseException) -> GarminError:
    from garminconnect import GarminConnectAuthenticationError, GarminConnectTooManyRequestsError

    if _find(exc, GarminConnectTooManyRequestsError):
        return GarminError(
            "rate_limited",
            "Garmin Connect is refusing codes for now (HTTP 429); wait a few minutes and "
            "log in again",
        )
    auth = _find(exc, GarminConnectAuthenticationError)
    if auth is not None and re.match(r"(Widget )?MFA (verification )?failed", str(auth)):
        return GarminError("mfa_wrong", "Garmin did not accept that code; check it and try again")
    if _network_cause(exc):
        return GarminError(
            "network", "cannot reach Garmin Connect; check your network and log in again"
        )
    return GarminError(
        "garmin", f"Garmin Connect could not finish the sign-in ({_short(str(exc))}); log in again"
    )


# --- sync ---------------------------------------------------------------------------------


def sync_steps(
    settings: Settings,
    *,
    days: int | None = None,
    today: date | None = None,
    now: datetime | None = None,
    progress: Callable[[SyncProgress], None] | None = None,
) -> SyncResult:
    """Fetch steps from Garmin Connect into the database; see the module docstring."""
    _refuse_demo(settings)
    if days is not None:
        check_days(days)
    now = clock.now() if now is None else now
    today = now.date() if today is None else today
    stamp = utc_stamp(now)
    if not has_tokens(settings):
        raise GarminError("login_needed", f"not logged in to Garmin Connect: {LOGIN_HINT}")

    conn = connect(settings.paths.db_file)
    try:
        if days is None:
            first = sync_start(
                _stored_rows(conn), today=today, first_sync_days=settings.first_sync_days
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
                raise _sync_error(exc, result) from None
            if not isinstance(records, list):
                raise GarminError(
                    "garmin",
                    f"Garmin Connect sent an unexpected answer for {start} to {end} "
                    f"({_saved_note(result)}): try again later",
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


def utc_stamp(now: datetime) -> str:
    """`now` (naive = local time) as the UTC ISO text stored in `synced_at`."""
    return now.astimezone(timezone.utc).isoformat(timespec="seconds")


def day_end_utc(day: date) -> datetime:
    """The moment `day` ends: the next local midnight, in UTC."""
    return datetime.combine(day + timedelta(days=1), time()).astimezone(timezone.utc)


def is_settled(day: date, synced_at: str) -> bool:
    """True when the stored value was fetched after its day had ended, so it is final."""
    try:
        stamp = datetime.fromisoformat(synced_at)
    except ValueError:
        return False
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=timezone.utc)
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


def _stored_rows(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    return conn.execute("SELECT date, synced_at FROM daily_steps").fetchall()


def _save_window(
    conn: sqlite3.Connection, days: list, stamp: str, settings: Settings, result: SyncResult
) -> UpsertCounts:
    try:
        with transaction(conn):
            return upsert_days(conn, days, source=SOURCE, synced_at=stamp)
    except sqlite3.Error as exc:
        raise StoreError(
            f"cannot save steps to {settings.paths.db_file} ({exc}); "
            f"{_saved_note(result)}; close other programs using it and sync again"
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
    garmin = _new_client()
    try:
        garmin.login(store)
    except Exception as exc:
        # An unreadable token file is swallowed by the library, which then asks for the
        # credentials it was never given.
        text = str(exc)
        if "Username and password are required" in text or "garth-format" in text:
            where = "GARMINTOKENS" if _is_inline_json(store) else str(token_file(store))
            raise GarminError(
                "login_needed",
                f"the saved Garmin login ({where}) cannot be read: {LOGIN_HINT}",
                result=result,
            ) from None
        raise _sync_error(exc, result, at_login=True) from None
    return garmin


def _sync_error(exc: BaseException, result: SyncResult, *, at_login: bool = False) -> GarminError:
    kind, status = classify(exc)
    http = f" (HTTP {status})" if status else ""
    saved = _saved_note(result)
    if kind == "login_needed":
        what = "did not accept the saved login" if at_login or status else "needs a new login"
        message = f"Garmin Connect {what}{http}: {LOGIN_HINT}, then sync again ({saved})"
    elif kind == "rate_limited":
        message = (
            f"Garmin Connect is rate limiting requests{http}; nothing was lost ({saved}): "
            "wait a few minutes, then run `coach-tui sync` again to continue"
        )
    elif kind == "network":
        message = (
            f"cannot reach Garmin Connect ({saved}): check your network connection and run "
            "`coach-tui sync` again"
        )
    else:
        message = f"Garmin Connect answered with an error{http} ({saved}): try again later"
    return GarminError(kind, message, result=result)


def _saved_note(result: SyncResult) -> str:
    if not result.windows_done:
        return "nothing new was saved"
    return f"{_plural(result.saved_days, 'day')} through {result.saved_through} are saved"


# --- reading exceptions -------------------------------------------------------------------


_STATUS = re.compile(r"API Error (\d{3})")
_NETWORK_NAMES = re.compile(
    r"\b(ConnectionError|ConnectTimeout|ReadTimeout|Timeout|SSLError|ProxyError)\b"
)


def _chain(exc: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    cur: BaseException | None = exc
    while cur is not None and id(cur) not in seen:
        seen.add(id(cur))
        yield cur
        cur = cur.__cause__ or cur.__context__


def _find(
    exc: BaseException, kind: type[BaseException] | tuple[type[BaseException], ...]
) -> BaseException | None:
    return next((e for e in _chain(exc) if isinstance(e, kind)), None)


def _network_cause(exc: BaseException) -> bool:
    import requests

    return _find(exc, (requests.ConnectionError, requests.Timeout)) is not None


def _status_of(exc: BaseException) -> int | None:
    status = getattr(getattr(exc, "response", None), "status_code", None)
    if isinstance(status, int):
        return status
    match = _STATUS.search(str(exc))
    return int(match.group(1)) if match else None


def classify(exc: BaseException) -> tuple[Kind, int | None]:
    """(kind, HTTP status or None) for an exception from garminconnect during a sync.

    The library wraps causes (a rejected token at profile load surfaces as "Failed to
    retrieve social profile"), so the innermost HTTP status and any network error in the
    chain decide, before the outer exception's type.
    """
    from garminconnect import GarminConnectAuthenticationError, GarminConnectTooManyRequestsError

    if _network_cause(exc):
        return "network", None
    for e in reversed(list(_chain(exc))):
        status = _status_of(e)
        if status is None:
            continue
        if status in (401, 403):
            return "login_needed", status
        if status == 429:
            return "rate_limited", status
        return "garmin", status
    if _find(exc, GarminConnectTooManyRequestsError):
        return "rate_limited", None
    if _find(exc, GarminConnectAuthenticationError):
        return "login_needed", None
    return "garmin", None


def _short(text: str, limit: int = 120) -> str:
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
