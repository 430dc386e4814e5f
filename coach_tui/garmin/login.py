"""Signing in to Garmin Connect with email and password, then the MFA code when asked.

    start_login(settings, email, password) -> LoginResult
        Signs in with the credentials. `.done`: tokens are saved. `.needs_mfa`: Garmin sent a
        code; pass `.state` to finish_login. The password is never stored.
    finish_login(settings, state, code) -> LoginResult
        Completes an MFA sign-in and saves the tokens. A wrong code raises
        GarminError(kind="mfa_wrong") and `state` stays usable: call again with another code.

Both block (the app runs them in a thread worker) and raise GarminError with one line for the
user (errors.py); the demo home refuses them. Tokens are saved by tokens.py as soon as Garmin
has verified them; only then is the profile loaded (account.py: the time zone and display
name), separately: when it fails (a 503), the login is kept and `.profile_note` says so in one
line. The library's own `resume_login` loads the profile before returning and throws a good
token away when that fails, so the client's resume (which verifies the token) is used instead.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from coach_tui.config import Settings
from coach_tui.garmin.account import learn_account
from coach_tui.garmin.client import new_client
from coach_tui.garmin.errors import GarminError, login_error, mfa_error, refuse_demo, short
from coach_tui.garmin.tokens import save_tokens, writable_store
from coach_tui.store.db import StoreError, connect


@dataclass
class MfaState:
    """A sign-in waiting for its MFA code. Opaque; held in memory only (it carries cookies)."""

    garmin: Any = field(repr=False)
    client_state: Any = field(repr=False)
    store: Path


@dataclass(frozen=True)
class LoginResult:
    status: Literal["done", "needs_mfa"]
    state: MfaState | None = None
    token_file: Path | None = None
    time_zone: str | None = None        # the account's zone, when known
    profile_note: str | None = None     # one line when the profile did not load


    @property
    def done(self) -> bool:
        return self.status == "done"

    @property
    def needs_mfa(self) -> bool:
        return self.status == "needs_mfa"


def start_login(settings: Settings, email: str, password: str) -> LoginResult:
    """Sign in with email and password; tokens are saved unless an MFA code is needed.

    Uses the client's credential login directly: `Garmin.login()` would quietly resume from
    tokens already saved (or from GARMINTOKENS) and never check the credentials given.
    """
    refuse_demo(settings)
    email = email.strip()
    if not email or not password:
        raise GarminError("bad_credentials", "enter both your Garmin email and your password")
    store = writable_store(settings)
    garmin = new_client()
    try:
        status, client_state = garmin.client.login(email, password, return_on_mfa=True)
    except Exception as exc:
        raise login_error(exc) from None
    if status == "needs_mfa":
        return LoginResult("needs_mfa", state=MfaState(garmin, client_state, store))
    return _signed_in(settings, garmin, save_tokens(garmin, store))


def finish_login(settings: Settings, state: MfaState, code: str) -> LoginResult:
    """Send the MFA code; save the tokens at once, then load the profile on its own."""
    code = code.strip()
    if not code:
        raise GarminError("mfa_wrong", "enter the code Garmin sent you")
    try:
        state.garmin.client.resume_login(state.client_state, code)
    except Exception as exc:
        raise mfa_error(exc) from None
    return _signed_in(settings, state.garmin, save_tokens(state.garmin, state.store))


def _signed_in(settings: Settings, garmin: Any, token_file: Path) -> LoginResult:
    """The tokens are saved: learn the account's time zone, never failing the login for it."""
    try:
        conn = connect(settings.paths.db_file)
        try:
            learned = learn_account(garmin, conn)
        finally:
            conn.close()
    except (StoreError, sqlite3.Error) as exc:
        # The tokens are saved: a database that cannot be written costs only the time zone,
        # which the next sync learns again.
        return LoginResult("done", token_file=token_file, profile_note=(
            f"logged in and the tokens are saved, but the account's time zone could not be "
            f"stored ({short(str(exc))}); `coach-tui sync` asks for it again"))
    note = None
    if learned.problem is not None:
        known = (f"the time zone stays {learned.time_zone}" if learned.time_zone
                 else "its time zone is not known yet")
        note = (f"logged in and the tokens are saved, but Garmin's profile did not load "
                f"({learned.problem}), so {known}; `coach-tui sync` asks for it again")
    return LoginResult("done", token_file=token_file, time_zone=learned.time_zone,
                       profile_note=note)
