"""What the app knows about the Garmin account: its time zone and display name.

Garmin's days are the account's days (a day is final at midnight in the profile's zone, not
this machine's), so the zone is learned right after login and refreshed on every sync, and
stored in the settings table (store/settings.py: ACCOUNT_ZONE). Loading it is never what a
login or a sync depends on: the tokens are saved before it is tried, sync runs on the stored
zone when the profile does not load, and with no zone known yet days follow this machine's
clock until one is.

    learn_account(garmin, conn) -> Learned      blocks (two requests); never raises for Garmin
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

from coach_tui.clock import zone_info
from coach_tui.garmin.client import load_account
from coach_tui.garmin.errors import classify, page_answer
from coach_tui.store.db import transaction
from coach_tui.store.settings import ACCOUNT_NAME, ACCOUNT_ZONE, account_zone, set_setting


@dataclass(frozen=True)
class Learned:
    time_zone: str | None       # the zone now stored (learned now, or kept from before)
    problem: str | None = None  # why the profile did not load: "HTTP 503", "no network", ...
    error: BaseException | None = None   # what the library raised, for a caller that must stop


def learn_account(garmin: Any, conn: sqlite3.Connection) -> Learned:
    """Load the signed-in account's profile and store its zone and name; keep what is stored
    when it does not load (the library has already retried it)."""
    try:
        account = load_account(garmin)
    except Exception as exc:
        return Learned(account_zone(conn), _why(exc), exc)
    with transaction(conn):
        if account.time_zone is not None and zone_info(account.time_zone) is not None:
            set_setting(conn, ACCOUNT_ZONE, account.time_zone)
        if account.display_name is not None:
            set_setting(conn, ACCOUNT_NAME, account.display_name)
    return Learned(account_zone(conn))


def _why(exc: BaseException) -> str:
    if page_answer(exc) is not None:
        return "a web page answered instead of Garmin"
    kind, status = classify(exc)
    if status is not None:
        return f"HTTP {status}"
    return {"network": "Garmin could not be reached", "rate_limited": "rate limited"}.get(
        kind, "Garmin gave no usable profile")
