"""Every Garmin failure as a GarminError: a `kind` for the app and one line for the user.

Kinds: login_needed, bad_credentials, mfa_wrong, rate_limited, network, garmin, config. A sync
error also carries `.result`, what was saved before it. The functions here read exceptions
from garminconnect (through client.library_errors()) and requests, and say what happened
and what to do:

    login_error(exc)                 a failed credential sign-in
    mfa_error(exc)                   a refused MFA code (or what really went wrong during it)
    sync_error(exc, result, saved=)  a failed request during a sync; `saved` says what is kept
    classify(exc) -> (kind, status)  the rule sync_error reads a failed request by
    page_answer(exc)                 (content type, status) when a web page came back, not data
    refuse_demo(settings)            the demo home has no Garmin account: login and sync refuse

The library wraps causes, so each looks down the whole `__cause__`/`__context__` chain.
A proxy, captive portal or Cloudflare page instead of data is said to be one (kind
"network"), naming its content type where the library kept it, never as a login problem.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Literal

from coach_tui.config import Settings
from coach_tui.garmin.client import NotData, library_errors, media_type
from coach_tui.text import one_line, truncate

if TYPE_CHECKING:
    from coach_tui.garmin.sync import SyncResult

Kind = Literal[
    "login_needed", "bad_credentials", "mfa_wrong", "rate_limited", "network", "garmin", "config"
]

LOGIN_HINT = "run `coach-tui login`"


class GarminError(Exception):
    """A Garmin failure with one line for the user (`message`) and a `kind` for the app."""

    def __init__(self, kind: Kind, message: str, *, result: SyncResult | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.result = result


def refuse_demo(settings: Settings) -> None:
    if settings.paths.is_demo:
        raise GarminError(
            "config",
            "the demo's steps are generated and it has no Garmin account; "
            "run coach-tui without --demo to sync your own steps",
        )


def short(text: str) -> str:
    """An exception's text fit for the end of a one-line message."""
    return truncate(one_line(text), 120)


# --- sign-in ------------------------------------------------------------------------------


def login_error(exc: BaseException) -> GarminError:
    auth_error, too_many = library_errors()
    if _find(exc, too_many):
        return GarminError(
            "rate_limited",
            "Garmin Connect is refusing sign-ins for now (too many attempts, HTTP 429); "
            "wait a few minutes and try again",
        )
    if "JWT_WEB cookie not set" in str(_find(exc, auth_error) or ""):
        # The credentials were accepted; then neither the token service nor the cookie
        # fallback answered with a session (the library calls this an authentication error).
        return GarminError(
            "garmin",
            "Garmin accepted the email and password, but its token service answered with "
            "neither tokens nor a session (a proxy may be in the way), so nothing was saved; "
            "try again later or from another network",
        )
    if _find(exc, auth_error):
        return GarminError(
            "bad_credentials",
            "Garmin Connect did not accept that email and password (or the account is "
            "locked; check at connect.garmin.com)",
        )
    text = str(exc)
    if re.search(r"\b(429|427)\b|rate limit", text, re.IGNORECASE):
        # Some strategies were rate limited and the rest failed otherwise: still a 429.
        return GarminError(
            "rate_limited",
            "Garmin Connect is rate limiting sign-ins (HTTP 429); wait a few minutes and try "
            "again",
        )
    # The sign-in strategies keep only the status of a page they could not read (the last
    # one's words end the message): "... failed (non-JSON): HTTP 200", "HTTP 403 (Cloudflare".
    page = _SIGNIN_PAGE.search(text)
    if page:
        status = page.group(1) or page.group(2)
        return GarminError(
            "network",
            f"Garmin's sign-in answered with a web page (HTTP {status}), not JSON data; "
            "a proxy or captive portal may be in the way, or Cloudflare is blocking this "
            "network: open any web page in a browser to check, or try another network",
        )
    # The strategy chain reports its last failure as text ("... ConnectionError: ...").
    if _network_cause(exc) or _NETWORK_NAMES.search(text):
        return GarminError(
            "network", "cannot reach Garmin Connect; check your network and try again"
        )
    return GarminError(
        "garmin", f"Garmin Connect sign-in failed ({short(text)}); try again later"
    )


def mfa_error(exc: BaseException) -> GarminError:
    auth_error, too_many = library_errors()
    if _find(exc, too_many):
        return GarminError(
            "rate_limited",
            "Garmin Connect is refusing codes for now (HTTP 429); wait a few minutes and "
            "log in again",
        )
    auth = _find(exc, auth_error)
    if auth is not None and re.match(r"(Widget )?MFA (verification )?failed", str(auth)):
        return _mfa_failure(str(auth))
    if _network_cause(exc):
        return GarminError(
            "network", "cannot reach Garmin Connect; check your network and log in again"
        )
    return GarminError(
        "garmin", f"Garmin Connect could not finish the sign-in ({short(str(exc))}); log in again"
    )


# garminconnect tries two verify endpoints and reports every failure in one message
# ("MFA verification failed: ['<url>: connection error …', '<url>: HTTP 403 non-JSON', …]"):
# a network error, a Cloudflare page or a 429 all land there, not only a wrong code.
_MFA_NETWORK = re.compile(r"connection error")
_MFA_BLOCKED = re.compile(r"HTTP \d{3}( non-JSON)?|429 in JSON body")
_MFA_RATE = re.compile(r"HTTP 42[79]|429 in JSON body")


def _mfa_failure(text: str) -> GarminError:
    """What really went wrong behind "MFA verification failed", from its per-endpoint list."""
    parts = [a or b for a, b in re.findall(r"'([^']*)'|\"([^\"]*)\"", text)] or [text]
    answers = [p for p in parts if not (_MFA_NETWORK.search(p) or _MFA_BLOCKED.search(p))]
    if answers:  # an endpoint read the code and said no
        return GarminError("mfa_wrong", "Garmin did not accept that code; check it and try again")
    if any(_MFA_RATE.search(p) for p in parts):
        return GarminError(
            "rate_limited",
            "Garmin Connect is rate limiting sign-ins (HTTP 429), so the code was not checked; "
            "wait a few minutes and log in again")
    if any(_MFA_BLOCKED.search(p) for p in parts):
        return GarminError(
            "garmin",
            "Garmin's sign-in answered with a web page instead of checking the code (a proxy "
            "or captive portal in the way, or Cloudflare blocking this network), so the code "
            "was not checked; try again later or from another network")
    return GarminError(
        "network", "cannot reach Garmin Connect, so the code was not checked; check your "
        "network and log in again")


# --- sync ---------------------------------------------------------------------------------


def sync_error(
    exc: BaseException, result: SyncResult, *, saved: str, at_login: bool = False
) -> GarminError:
    """The one line for a failed sync request; `saved` tells what was kept ("nothing new…")."""
    page = page_answer(exc)
    if page is not None:
        cloudflare = " (or Cloudflare is blocking this network)" if page[1] == 403 else ""
        return GarminError(
            "network",
            f"Garmin answered with {_describe_page(*page)}, not data; a proxy or captive "
            f"portal may be in the way{cloudflare} ({saved}): open any web page in a browser "
            "to check the network, then run `coach-tui sync` again",
            result=result,
        )
    kind, status = classify(exc)
    http = f" (HTTP {status})" if status else ""
    if kind == "login_needed":
        what = "did not accept the saved login" if at_login or status else "needs a new login"
        message = (
            f"Garmin Connect {what}{http}: log in again ({LOGIN_HINT}), then sync again "
            f"({saved})"
        )
    elif kind == "rate_limited":
        message = (
            f"Garmin Connect is rate limiting requests{http}; nothing was lost ({saved}): "
            "wait a few minutes, then run `coach-tui sync` again to continue"
        )
    elif kind == "network":
        message = (
            f"cannot reach Garmin Connect ({saved}): check your network connection and run "
            "`coach-tui sync` again"
        )
    else:
        message = f"Garmin Connect answered with an error{http} ({saved}): try again later"
    return GarminError(kind, message, result=result)


def classify(exc: BaseException) -> tuple[Kind, int | None]:
    """(kind, HTTP status or None) for an exception from garminconnect during a sync.

    The library wraps causes (a rejected token at profile load surfaces as "Failed to
    retrieve social profile"), so the innermost HTTP status and any network error in the
    chain decide, before the outer exception's type.
    """
    auth_error, too_many = library_errors()
    if _network_cause(exc):
        return "network", None
    for e in reversed(list(_chain(exc))):
        status = _status_of(e)
        if status is None:
            continue
        if status in (401, 403):
            return "login_needed", status
        if status == 429:
            return "rate_limited", status
        return "garmin", status
    if _find(exc, too_many):
        return "rate_limited", None
    if _find(exc, auth_error):
        return "login_needed", None
    return "garmin", None


def page_answer(exc: BaseException) -> tuple[str, int] | None:
    """(content type, HTTP status) when the failure is a web page where data was expected.

    A 2xx answer that is not JSON raises client.NotData. An error status keeps its response
    on the library's exception; there only an HTML page with a status a proxy or Cloudflare
    answers with counts (401, 403, 407): Garmin's own refusals are JSON, a 5xx page is Garmin's.
    """
    for e in _chain(exc):
        if isinstance(e, NotData):
            return e.content_type, e.status
        response = getattr(e, "response", None)
        status = getattr(response, "status_code", None)
        if status in (401, 403, 407):
            content_type = media_type(getattr(response, "headers", None))
            if "html" in content_type:
                return content_type, status
    return None


def _describe_page(content_type: str, status: int) -> str:
    detail = content_type if status == 200 else f"{content_type}, HTTP {status}"
    return f"an HTML page ({detail})" if "html" in content_type else f"a {detail} answer"


# --- reading exceptions -------------------------------------------------------------------


_STATUS = re.compile(r"API Error (\d{3})")
_SIGNIN_PAGE = re.compile(r"\(non-JSON\): HTTP (\d{3})|HTTP (\d{3}) \(Cloudflare")
_NETWORK_NAMES = re.compile(
    r"\b(ConnectionError|ConnectTimeout|ReadTimeout|Timeout|SSLError|ProxyError)\b"
)


def _chain(exc: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    cur: BaseException | None = exc
    while cur is not None and id(cur) not in seen:
        seen.add(id(cur))
        yield cur
        cur = cur.__cause__ or cur.__context__


def _find(
    exc: BaseException, kind: type[BaseException] | tuple[type[BaseException], ...]
) -> BaseException | None:
    return next((e for e in _chain(exc) if isinstance(e, kind)), None)


def _network_cause(exc: BaseException) -> bool:
    import requests

    return _find(exc, (requests.ConnectionError, requests.Timeout)) is not None


def _status_of(exc: BaseException) -> int | None:
    status = getattr(getattr(exc, "response", None), "status_code", None)
    if isinstance(status, int):
        return status
    match = _STATUS.search(str(exc))
    return int(match.group(1)) if match else None
