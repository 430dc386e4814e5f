"""One run of the app or of a command: its settings, its database, its clock, demo or not.

Both front ends build one: the CLI per command, the Textual app for its lifetime. It sits
below `cli/` and `ui/` (so neither reaches into the other for it) and above `garmin/` and
`demo.py`, because choosing the demo on a first run asks whether Garmin tokens exist and
seeding it writes demo data. Settings are loaded and the database opened on first use.

UserError is here for the same reason: it is the one-line failure both front ends show.
"""

from __future__ import annotations

import sqlite3
from datetime import date, datetime

from coach_tui import clock
from coach_tui.config import Settings, load_settings, resolve_paths
from coach_tui.store.db import connect
from coach_tui.store.steps import has_days


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
                paths = paths.demo()
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
        from coach_tui.garmin.tokens import has_tokens

        if self.demo or has_tokens(self.settings):
            return False
        db = self.settings.paths.db_file
        if not db.exists():
            return True
        return not has_days(self.conn)

    def switch_to_demo(self, reason: str) -> None:
        self.close()
        self.demo, self.demo_reason, self._settings = True, reason, None

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
