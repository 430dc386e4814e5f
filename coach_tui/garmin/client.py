"""The only module that imports garminconnect, and only inside its functions.

Importing the app must not pull the library in (a subprocess test checks it), so the rest of
coach_tui.garmin reaches it through these calls: `new_client()` for a signed-out `Garmin`
object, `resume_tokens()` to sign it in from saved tokens without loading the profile (the
library's `login(tokenstore)` also loads the social profile and user settings, so a profile
outage would fail a sync that needs neither), `load_account()` for the display name and time
zone, and `library_errors()` for the exception types errors.py reads.

A successful answer from the API tier that is not JSON (a proxy's or captive portal's page)
raises NotData, which names its content type (`media_type`): the library would only see a
JSON decode error ("Expecting value: line 1 column 1"), with the response already gone.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any


class NotData(Exception):
    """A 2xx answer from Garmin's API tier whose body is not JSON (e.g. an HTML page)."""

    def __init__(self, content_type: str, status: int) -> None:
        super().__init__(f"HTTP {status} answer of type {content_type}, not JSON")
        self.content_type = content_type
        self.status = status


def new_client() -> Any:
    """A fresh `garminconnect.Garmin()`, with the library's own tracebacks silenced."""
    from garminconnect import Garmin

    _quiet_library_logs()
    garmin = Garmin()
    # Every data call (and the profile load that resumes saved tokens) goes through this
    # requests session; the library keeps it private, so a version without it just loses
    # the content type in the message.
    session = getattr(garmin.client, "_api_session", None)
    if session is not None:
        session.hooks["response"].append(_refuse_pages)
    return garmin


def resume_tokens(garmin: Any, store: str) -> None:
    """Sign `garmin` in from saved tokens (`store`: a folder, a .json file or inline JSON).

    No request is made: the library refreshes an access token that is near its expiry before
    the next request, and after a 401, writing the new tokens back to a file store. Raises
    the library's GarminConnectConnectionError when the tokens cannot be read.
    """
    if store.lstrip().startswith("{"):
        garmin.client.loads(store)
    else:
        garmin.client.load(str(Path(store).expanduser()))


@dataclass(frozen=True)
class Account:
    display_name: str | None
    time_zone: str | None       # IANA name, as the profile gives it; None when it names none


def load_account(garmin: Any) -> Account:
    """The signed-in account's display name and time zone: two requests (the social profile,
    retried by the library, then the personal information). Raises what the library raises.

    The zone is read where the library's get_user_timezone() reads it (a top-level
    `timeZone`), else where its get_personal_information() docstring puts it (`userInfo`).
    """
    info = garmin.get_personal_information(include_biometric=False, include_vo2max=False)
    zone = None
    if isinstance(info, dict):
        user_info = info.get("userInfo")
        zone = info.get("timeZone")
        if not zone and isinstance(user_info, dict):
            zone = user_info.get("timeZone")
    name = getattr(garmin, "display_name", None)
    return Account(
        display_name=name if isinstance(name, str) and name else None,
        time_zone=zone if isinstance(zone, str) and zone.strip() else None,
    )


def _refuse_pages(response: Any, *args: Any, **kwargs: Any) -> None:
    """Raise NotData for a 2xx answer that does not parse as JSON, naming its content type.

    Only successful answers: an error status is raised by the library itself, with the
    response attached (errors.py reads its content type there). 204 has no body by design.
    """
    if not 200 <= response.status_code < 300 or response.status_code == 204:
        return
    content_type = media_type(response.headers)
    if "json" in content_type:
        return
    try:
        json.loads(response.content)
    except ValueError:  # a JSONDecodeError or bytes that are not text
        raise NotData(content_type or "no content type", response.status_code) from None


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


def media_type(headers: Any) -> str:
    """The Content-Type header without its parameters, lower case ("" when absent)."""
    return (headers or {}).get("Content-Type", "").split(";")[0].strip().lower()
