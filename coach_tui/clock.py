"""The one place the app asks what time it is, and how a moment is written down.

`COACH_TUI_NOW=2026-11-30T09:15` pins the clock (local, naive time) so demos, snapshot tests
and subprocess tests see a fixed day; a value that is not such a moment (or names a year outside
PINNED_YEARS) raises BadClock, saying so; nothing else in the code calls
datetime.now() for decisions about days.

Every stored time stamp is made here, to the second: `local_stamp` for the app's own rows
(journal lines, turns, reviews: local time, as the user reads it) and `utc_stamp` for
`daily_steps.synced_at` (UTC, compared with the moment a day ends to know it is final).

Garmin's days are the account's days: `in_zone(moment, zone)` is a moment as the wall clock
reads in the Garmin account's time zone (an IANA name; None, or a name this machine does not
know, means this machine's zone), and `account_date` the day it is there.
"""

from __future__ import annotations

import os
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported when a zone is first named: the app's first frame needs none
    from zoneinfo import ZoneInfo

ENV_VAR = "COACH_TUI_NOW"


# The years a pinned clock may name: the date arithmetic around "now" (a first sync reaches
# 100 years back, weeks and months forward) stays inside what `datetime` can hold.
PINNED_YEARS = (1900, 9000)


class BadClock(ValueError):
    """COACH_TUI_NOW holds something that is not a usable moment; the message says what (the
    CLI checks it before any command runs, failures.explain says it anywhere else)."""


def now() -> datetime:
    pinned = os.environ.get(ENV_VAR)
    if pinned:
        return _pinned(pinned)
    return datetime.now()


def _pinned(raw: str) -> datetime:
    shown = raw if len(raw) <= 40 else raw[:40] + "..."
    try:
        moment = datetime.fromisoformat(raw.strip())
    except ValueError as exc:
        why = "" if "Invalid isoformat" in str(exc) else f" ({exc})"
        raise BadClock(f"{ENV_VAR}={shown!r} is not a date-time such as 2026-11-30T09:15"
                       f"{why}; correct it or unset it to use the real clock") from None
    first, last = PINNED_YEARS
    if not first <= moment.year <= last:
        raise BadClock(f"{ENV_VAR}={shown!r} is outside the years {first} to {last} the clock "
                       "can be pinned to; correct it or unset it to use the real clock")
    if moment.tzinfo is not None:  # the app's clock is local wall time
        moment = moment.astimezone().replace(tzinfo=None)
    return moment


def today() -> date:
    return now().date()


def local_stamp(moment: datetime | None = None) -> str:
    """`moment` (default: now) as ISO text to the second, in the time zone it carries."""
    return (now() if moment is None else moment).isoformat(timespec="seconds")


def utc_stamp(moment: datetime | None = None) -> str:
    """`moment` (default: now; naive = local time) as UTC ISO text to the second."""
    moment = now() if moment is None else moment
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def zone_info(zone: str | None) -> ZoneInfo | None:
    """The zone named `zone`, or None when it is None or not a zone this machine knows."""
    if not zone:
        return None
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        return ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def in_zone(moment: datetime, zone: str | None) -> datetime:
    """`moment` (naive = this machine's local time) as an aware time in `zone`."""
    aware = moment if moment.tzinfo is not None else moment.astimezone()
    info = zone_info(zone)
    return aware.astimezone(info) if info is not None else aware.astimezone()


def account_date(zone: str | None, moment: datetime | None = None) -> date:
    """The day it is in `zone` at `moment` (default: now)."""
    return in_zone(now() if moment is None else moment, zone).date()
