"""The one place the app asks what time it is.

`COACH_TUI_NOW=2026-11-30T09:15` pins the clock (local, naive time) so demos, snapshot tests
and subprocess tests see a fixed day; nothing else in the code calls datetime.now() for
decisions about days.
"""

from __future__ import annotations

import os
from datetime import date, datetime

ENV_VAR = "COACH_TUI_NOW"


def now() -> datetime:
    pinned = os.environ.get(ENV_VAR)
    if pinned:
        try:
            return datetime.fromisoformat(pinned)
        except ValueError:
            raise ValueError(f"{ENV_VAR}={pinned!r} is not an ISO date-time") from None
    return datetime.now()


def today() -> date:
    return now().date()
