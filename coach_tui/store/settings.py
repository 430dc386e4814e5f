"""The `settings` table: small persisted choices the user makes in the app or CLI, and what the
app learns about the Garmin account (its time zone, display name) at login and sync."""

from __future__ import annotations

import sqlite3

from coach_tui.store.db import transaction


def get_setting(conn: sqlite3.Connection, key: str) -> str | None:
    row = conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
    return row["value"] if row else None


def set_setting(conn: sqlite3.Connection, key: str, value: str) -> None:
    # In a transaction (joining the caller's, if any), so a write that waits for another
    # coach-tui's lock says so as every other write does (store/db.py).
    with transaction(conn):
        conn.execute(
            "INSERT INTO settings (key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, value),
        )


def delete_setting(conn: sqlite3.Connection, key: str) -> None:
    conn.execute("DELETE FROM settings WHERE key = ?", (key,))


# The message typed in the app but not sent when a signal ended it (ui/ending.py).
DRAFT = "chat.draft"
# The Garmin account's IANA time zone, as its profile names it: Garmin's days are its days.
ACCOUNT_ZONE = "garmin.time_zone"
ACCOUNT_NAME = "garmin.display_name"
# The chat model picked in the app's palette, for new sessions from the next start on.
CHAT_MODEL = "chat.model"


def account_zone(conn: sqlite3.Connection) -> str | None:
    """The Garmin account's time zone as last learned, or None before any was."""
    return get_setting(conn, ACCOUNT_ZONE)
