"""The model picked in the palette ("Model for the next session: …"), remembered for the next
start: stored in the `settings` table (store/settings.py, key `chat.model`), like the memory
switch. New sessions use it instead of `[models] chat` until another is picked; a remembered
model that config.toml no longer prices (so its cost could not be shown) is ignored, and the
configured one is used. `ask` is unaffected: it uses the configured model or `--model`.
"""

from __future__ import annotations

import sqlite3

from coach_tui.config import Settings
from coach_tui.store.settings import CHAT_MODEL, get_setting, set_setting


def remember(conn: sqlite3.Connection, model: str) -> None:
    set_setting(conn, CHAT_MODEL, model)


def remembered(conn: sqlite3.Connection, settings: Settings) -> str | None:
    """The model picked last, while it is still one of the configured models; else None."""
    model = get_setting(conn, CHAT_MODEL)
    return model if model is not None and model in settings.prices else None
