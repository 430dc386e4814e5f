"""A session's two states: `Pending` (its first message will create it) and `Stored` (a row).

`CoachSession` holds one of them and asks it, so nothing checks "created yet?" twice: the
pending state answers with the options the session will be created with and empty readings;
the stored one reads its row. `prepare` stores a message and plans its request (a pending
session's first message creates the row; coach/turn_plan.py).
"""

from __future__ import annotations

import copy
import sqlite3
from datetime import datetime

from coach_tui.coach.history import ReadAhead
from coach_tui.coach.transcript import (
    SessionTotals,
    TurnView,
    session_totals,
    turn_views,
    turn_views_page,
)
from coach_tui.coach.turn_plan import TurnPlan, prepare_turn
from coach_tui.config import Settings
from coach_tui.store import sessions as store


class Pending:
    """No row, no snapshot yet: the first `prepare` creates the session (on `model`)."""

    session_id: int | None = None
    snapshot_date: str | None = None
    created_at: str | None = None
    title: str | None = None
    history_from = 0
    journal_watermark = 0
    # No snapshot yet, so no journal line waits for the next one.
    memory_on = False
    snapshot_entry_ids: frozenset[int] = frozenset()
    row: store.SessionRow | None = None

    def __init__(self, settings: Settings, model: str | None) -> None:
        self._settings = settings
        self._model = model  # None: the configured chat model

    @property
    def model(self) -> str:
        return self._settings.chat_model if self._model is None else self._model

    @property
    def effort(self) -> str | None:
        return self._settings.effort

    @property
    def max_tokens(self) -> int:
        return self._settings.max_tokens

    def system_blocks(self) -> list[dict]:
        return []

    def turns(self, conn: sqlite3.Connection) -> list[TurnView]:
        return []

    def turns_page(self, conn: sqlite3.Connection, *, limit: int,
                   before_turn_id: int | None = None,
                   after_turn_id: int | None = None) -> list[TurnView]:
        return []

    def totals(self, conn: sqlite3.Connection) -> SessionTotals:
        return SessionTotals(0, 0, 0, 0, 0, 0.0, None, None)

    def left_out(self, conn: sqlite3.Connection) -> int:
        return 0

    def prepare(self, conn: sqlite3.Connection, words: str, *, now: datetime,
                replacing: bool, ahead: ReadAhead | None = None) -> TurnPlan:
        # Nothing was sent yet, so there is no reply to replace.
        return prepare_turn(conn, self._settings, None, words, now=now, model=self._model)


class Stored:
    """A session with its row, as last read or written."""

    def __init__(self, settings: Settings, row: store.SessionRow) -> None:
        self._settings = settings
        self.row = row

    @property
    def session_id(self) -> int | None:
        return self.row.session_id

    @property
    def model(self) -> str:
        return self.row.model

    @property
    def effort(self) -> str | None:
        return self.row.effort

    @property
    def snapshot_date(self) -> str | None:
        return self.row.snapshot_date

    @property
    def created_at(self) -> str | None:
        return self.row.created_at

    @property
    def title(self) -> str | None:
        return self.row.title

    @property
    def history_from(self) -> int:
        return self.row.history_from

    @property
    def journal_watermark(self) -> int:
        return self.row.journal_watermark

    @property
    def memory_on(self) -> bool:
        return self.row.memory_on

    @property
    def snapshot_entry_ids(self) -> frozenset[int]:
        return frozenset(self.row.snapshot_entry_ids)

    @property
    def max_tokens(self) -> int:
        # Sessions from before max_tokens was stored use the setting.
        stored = self.row.max_tokens
        return self._settings.max_tokens if stored is None else stored

    def system_blocks(self) -> list[dict]:
        return copy.deepcopy(self.row.system)

    def turns(self, conn: sqlite3.Connection) -> list[TurnView]:
        return turn_views(conn, self.row.session_id)

    def turns_page(self, conn: sqlite3.Connection, *, limit: int,
                   before_turn_id: int | None = None,
                   after_turn_id: int | None = None) -> list[TurnView]:
        return turn_views_page(conn, self.row.session_id, limit=limit,
                               before_turn_id=before_turn_id, after_turn_id=after_turn_id)

    def totals(self, conn: sqlite3.Connection) -> SessionTotals:
        return session_totals(conn, self.row.session_id)

    def left_out(self, conn: sqlite3.Connection) -> int:
        if not self.row.history_from:
            return 0
        return store.count_exchanges_before(conn, self.row.session_id, self.row.history_from)

    def prepare(self, conn: sqlite3.Connection, words: str, *, now: datetime,
                replacing: bool, ahead: ReadAhead | None = None) -> TurnPlan:
        return prepare_turn(conn, self._settings, self.row, words, now=now, replacing=replacing,
                            ahead=ahead)
