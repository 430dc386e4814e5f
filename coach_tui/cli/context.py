"""What every subcommand shares: settings, the database (opened on first use), the clock."""

from __future__ import annotations

import sqlite3
from datetime import date, datetime

from coach_tui import clock
from coach_tui.config import Settings, load_settings, resolve_paths
from coach_tui.store.db import connect


class UserError(Exception):
    """A failure the user can act on; its message is the one line they see."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


class Context:
    def __init__(self, *, demo: bool = False, settings: Settings | None = None) -> None:
        self.demo = demo
        self._settings = settings
        self._conn: sqlite3.Connection | None = None

    @property
    def settings(self) -> Settings:
        if self._settings is None:
            paths = resolve_paths()
            if self.demo:
                from coach_tui.demo import demo_paths

                paths = demo_paths(paths)
            self._settings = load_settings(paths)
            if self.demo:
                from coach_tui.demo import ensure_demo_data

                ensure_demo_data(self._settings, today=self.today())
        return self._settings

    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            self._conn = connect(self.settings.paths.db_file)
        return self._conn

    def now(self) -> datetime:
        return clock.now()

    def today(self) -> date:
        return clock.today()

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
