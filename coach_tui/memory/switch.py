"""The memory kill switch: one persisted on/off choice, and an environment override.

Off means no snapshot in the system prompt, no recall or step data in any user turn and no
reflection; the stored data is left exactly as it is, so turning memory on brings it all back.
`COACH_MEMORY=off` forces memory off whatever was saved, for the day memory misbehaves.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass

from coach_tui.store.settings import get_setting, set_setting

SETTING_KEY = "memory_enabled"
ENV_VAR = "COACH_MEMORY"
_OFF_WORDS = {"off", "0", "false", "no", "disabled"}


@dataclass(frozen=True)
class MemoryState:
    saved_on: bool          # what the user chose last
    forced_off: bool        # COACH_MEMORY=off is set

    @property
    def on(self) -> bool:
        return self.saved_on and not self.forced_off

    def describe(self) -> str:
        if self.forced_off:
            saved = "on" if self.saved_on else "off"
            return (f"memory: off (forced by {ENV_VAR}={os.environ.get(ENV_VAR, 'off')}; "
                    f"saved setting: {saved})")
        return f"memory: {'on' if self.saved_on else 'off'}"


def memory_state(conn: sqlite3.Connection, env: Mapping[str, str] | None = None) -> MemoryState:
    env = os.environ if env is None else env
    saved = get_setting(conn, SETTING_KEY)
    forced = env.get(ENV_VAR, "").strip().lower() in _OFF_WORDS
    return MemoryState(saved_on=saved != "0", forced_off=forced)


def set_memory(conn: sqlite3.Connection, on: bool) -> None:
    set_setting(conn, SETTING_KEY, "1" if on else "0")
