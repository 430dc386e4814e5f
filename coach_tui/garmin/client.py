"""The only module that imports garminconnect, and only inside its functions.

Importing the app must not pull the library in (a subprocess test checks it), so the rest of
coach_tui.garmin reaches it through these two calls: `new_client()` for a signed-out
`Garmin` object, and `library_errors()` for the exception types errors.py reads.
"""

from __future__ import annotations

import logging
from typing import Any


def new_client() -> Any:
    """A fresh `garminconnect.Garmin()`, with the library's own tracebacks silenced."""
    from garminconnect import Garmin

    _quiet_library_logs()
    return Garmin()


def library_errors() -> tuple[type[Exception], type[Exception]]:
    """(authentication error, too-many-requests error): the library's types errors.py reads."""
    from garminconnect import GarminConnectAuthenticationError, GarminConnectTooManyRequestsError

    return GarminConnectAuthenticationError, GarminConnectTooManyRequestsError


def _quiet_library_logs() -> None:
    # garminconnect logs tracebacks at ERROR for failures we report ourselves in one line;
    # with no handler anywhere, Python's last-resort handler would print them to stderr.
    logger = logging.getLogger("garminconnect")
    if not any(isinstance(h, logging.NullHandler) for h in logger.handlers):
        logger.addHandler(logging.NullHandler())
