"""The app follows its database: what other processes commit reaches the screen within 2 s.

`coach-tui sync`, `import`, `journal add`, `memory off` or `ask` in another shell commit to the
same SQLite file while the app is open. Every `POLL_SECONDS` the app asks SQLite's
`PRAGMA data_version` on its UI connection: a counter that moves only when another connection
has committed, answered from the connection's own state without reading the file's pages.
Only when it moved does the app read what it shows (the sidebar's ledger, chart and journal,
the memory switch, and the sessions while the picker is open) and redraw the parts whose content
differs. Nothing committed: one pragma, no read, no redraw. The app's own workers (a turn, a
sync) write through connections of their own, so they move the counter too; their parts are
already drawn, so the comparison leaves them alone. While a chat turn runs nothing is read at
all (the UI thread would compete with the turn's own reads and its request): the counter is
looked at again at the first poll after the turn, so another process's commit then shows.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

from coach_tui.memory.switch import memory_state
from coach_tui.store.db import data_version

if TYPE_CHECKING:
    from textual.app import App

POLL_SECONDS = 1.0


class DatabaseWatch:
    """`moved()`: whether another connection committed since the last call."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.version = self._read()
        self.memory = memory_state(conn)

    def _read(self) -> int:
        return data_version(self.conn)

    def moved(self) -> bool:
        version = self._read()
        moved, self.version = version != self.version, version
        return moved

    def follow(self, app: App) -> bool:
        """Redraw what changed under `app`; whether anything was redrawn."""
        from coach_tui.ui.screens.main import MainScreen
        from coach_tui.ui.screens.sessions import SessionsScreen
        from coach_tui.ui.widgets.chat_pane import ChatPane

        mains = [s for s in app.screen_stack if isinstance(s, MainScreen)]
        if any(not s.query(ChatPane) for s in mains):
            return False  # the app is closing: its chat is already gone, nothing to redraw
        if any(s.turn_running for s in mains):
            return False
        if not self.moved():
            return False
        redrawn = False
        for screen in app.screen_stack:
            if isinstance(screen, MainScreen) and screen.is_mounted:
                memory = memory_state(self.conn)
                if memory != self.memory:
                    self.memory = memory
                    screen.refresh_memory()
                    redrawn = True
                redrawn = screen.sidebar.refresh_all(only_if_changed=True) or redrawn
            elif isinstance(screen, SessionsScreen) and screen.is_mounted:
                redrawn = screen.reload_if_changed() or redrawn
        return redrawn
