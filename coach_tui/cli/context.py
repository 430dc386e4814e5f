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
        # Why the demo is showing when the user did not ask for it (first run), else None.
        self.demo_reason: str | None = None
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

    def is_first_run(self) -> bool:
        """No Garmin tokens and no stored days: nothing to show of the user's own yet."""
        from coach_tui.garmin.sync import has_tokens

        if self.demo or has_tokens(self.settings):
            return False
        db = self.settings.paths.db_file
        if not db.exists():
            return True
        return self.conn.execute("SELECT 1 FROM daily_steps LIMIT 1").fetchone() is None

    def switch_to_demo(self, reason: str) -> None:
        self.close()
        self.demo, self.demo_reason, self._settings = True, reason, None

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
