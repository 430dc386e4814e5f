"""One run of the app or of a command: its settings, its database, its clock, demo or not.

Both front ends build one: the CLI per command, the Textual app for its lifetime. It sits
below `cli/` and `ui/` (so neither reaches into the other for it) and above `garmin/` and
`demo.py`, because choosing the demo on a first run asks whether Garmin tokens exist and
seeding it writes demo data. Settings are loaded and the database opened on first use.
`log_to_file()` sends the package's log to `<data folder>/logs/coach-tui.log` (logfile.py)
until `close()`: both front ends call it, so an error caught anywhere lands in one file.

UserError is here for the same reason: it is the one-line failure both front ends show.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path

from coach_tui import clock, logfile
from coach_tui.config import DEMO_SEEDED_FOR_KEY, Paths, Settings, load_settings, resolve_paths
from coach_tui.files import loose_permissions
from coach_tui.store.db import StoreError, connect
from coach_tui.store.steps import has_days

log = logging.getLogger(__name__)


class UserError(Exception):
    """A failure the user can act on; its message is the one line they see."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


class Context:
    """`notify(line)` shows a one-line warning (the permissions check on open);
    `on_lock_wait()` is called when a write has waited a while for another coach-tui's lock.
    The CLI prints both to stderr; the app shows them in its status."""

    def __init__(self, *, demo: bool = False, settings: Settings | None = None) -> None:
        self.demo = demo
        self.notify: Callable[[str], None] = lambda line: None
        self.on_lock_wait: Callable[[], None] | None = None
        # Why the demo is showing when the user did not ask for it (first run), else None.
        self.demo_reason: str | None = None
        self._settings = settings
        self._conn: sqlite3.Connection | None = None
        self._logging = False

    def log_to_file(self) -> Path:
        """Attach the log file of this run's home (nothing is written until a line is) and
        return its path; the home's `logs/` folder follows a switch to the demo."""
        self._logging = True
        return logfile.attach(self.paths.logs_dir)

    @property
    def paths(self) -> Paths:
        """Where this run's files live; needs no config file, so it works when that is broken."""
        if self._settings is not None:
            return self._settings.paths
        paths = resolve_paths()
        return paths.demo() if self.demo else paths

    @property
    def settings(self) -> Settings:
        if self._settings is None:
            self._settings = load_settings(self.paths)
            if self.demo and not self._demo_seeded_today(self._settings):
                from coach_tui.demo import ensure_demo_data

                ensure_demo_data(self._settings, today=self.today())
        return self._settings

    def _demo_seeded_today(self, settings: Settings) -> bool:
        """Whether the demo home is seeded for today already (every start after the day's
        first): one read on the connection this run opens anyway, so such a start imports
        none of the seeding code and opens no second connection (issue 23)."""
        if not settings.paths.db_file.exists():
            return False
        from coach_tui.store.settings import get_setting

        return get_setting(self.conn, DEMO_SEEDED_FOR_KEY) == self.today().isoformat()

    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            self._conn = connect(self.settings.paths.db_file)
            self._conn.on_lock_wait = self.on_lock_wait
            self._warn_loose_permissions()
            self._mark_orphans()
        return self._conn

    def connect(self) -> sqlite3.Connection:
        """A connection of its own (for a worker thread) that tells of lock waits the same way."""
        conn = connect(self.settings.paths.db_file)
        conn.on_lock_wait = self.on_lock_wait
        return conn

    def _warn_loose_permissions(self) -> None:
        from coach_tui.garmin.tokens import token_file, token_store

        checks = [(self.settings.paths.db_file, "the database")]
        if not self.demo:
            checks.append((token_file(token_store(self.settings)), "the Garmin token file"))
        for path, what in checks:
            line = loose_permissions(path, what)
            if line is not None:
                self.notify(line)

    def _mark_orphans(self) -> None:
        """Messages a killed coach-tui left waiting for a reply (coach/orphans.py); a failure
        here stops nothing: the next start tries again."""
        from coach_tui.coach.orphans import mark_orphans

        assert self._conn is not None
        try:
            mark_orphans(self._conn, self.settings, self.now())
        except (sqlite3.Error, StoreError):
            log.warning("could not mark orphaned messages", exc_info=True)

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
        logging = self._logging
        self.close()
        self.demo, self.demo_reason, self._settings = True, reason, None
        if logging:
            self.log_to_file()

    def close(self) -> None:
        if self._logging:
            self._logging = False
            logfile.detach()
        if self._conn is not None:
            self._conn.close()
            self._conn = None
