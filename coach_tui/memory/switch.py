"""The memory kill switch: one persisted on/off choice, and an environment override.

Off means no snapshot in the system prompt, no recall or step data in any user turn and no
reflection; the stored data is left exactly as it is, so turning memory on brings it all back.
`COACH_MEMORY=off` forces memory off whatever was saved, for the day memory misbehaves.
It reads only the known on/off words (config.SWITCH_WORDS, any case; `on` leaves the saved
choice in force); any other value raises SwitchError, so a typo such as `disable` or `of` is
refused (every command checks it first, `check_env`) instead of leaving memory on unseen.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass

from coach_tui.config import SWITCH_HELP, SwitchError, switch_value
from coach_tui.store.settings import get_setting, set_setting

SETTING_KEY = "memory_enabled"
ENV_VAR = "COACH_MEMORY"


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
            return (f"memory: off (forced by {ENV_VAR}={os.environ.get(ENV_VAR, 'off').strip()}; "
                    f"saved setting: {saved})")
        return f"memory: {'on' if self.saved_on else 'off'}"


def forced_off(env: Mapping[str, str] | None = None) -> bool:
    """Whether COACH_MEMORY forces memory off; unset or empty does not. SwitchError (exit 2)
    for a value that is not an on/off word."""
    env = os.environ if env is None else env
    raw = env.get(ENV_VAR, "")
    try:
        return bool(raw.strip()) and not switch_value(ENV_VAR, raw)
    except SwitchError:
        raise SwitchError(f"{ENV_VAR}={raw!r} is not an on/off word, so nothing was run: set "
                          f"{ENV_VAR}=off to keep memory off ({SWITCH_HELP}, any case), or "
                          "unset it") from None


def check_env(env: Mapping[str, str] | None = None) -> None:
    """Refuse a COACH_MEMORY that is not an on/off word before anything runs."""
    forced_off(env)


def memory_state(conn: sqlite3.Connection, env: Mapping[str, str] | None = None) -> MemoryState:
    saved = get_setting(conn, SETTING_KEY)
    return MemoryState(saved_on=saved != "0", forced_off=forced_off(env))


def set_memory(conn: sqlite3.Connection, on: bool) -> None:
    set_setting(conn, SETTING_KEY, "1" if on else "0")
