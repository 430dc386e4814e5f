"""A fake Garmin Connect for tests: the real garminconnect code runs, only its HTTP is faked.

- Every `requests` call (API tier, SSO sign-in, DI token exchange and refresh) is answered
  by `responses`; an unregistered URL fails the way a dead network does.
- curl_cffi is switched off through the library's own switch (`garminconnect.client.HAS_CFFI`,
  which its login and token refresh read at call time), and a stub in its place fails loudly
  if anything still reaches for it, so no test can touch the real network.
- The library's sleeps (5xx/network retries, profile retries, the anti-bot pause between
  loading the sign-in page and posting it) are replaced in exactly those modules by a
  recorder: tests stay fast and can assert the retries happened.

The fake account: `days` maps ISO date -> the record the steps endpoint returns; `valid_tokens`
are the bearer tokens the API accepts; `step_failure(n)` can make the nth step request
(counting every HTTP attempt, retries included) answer with a status or raise an exception.
"""

from __future__ import annotations

import json
import re
import time as real_time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import requests
import responses

API = "https://connectapi.garmin.com"
SSO = "https://sso.garmin.com"
DIAUTH = "https://diauth.garmin.com/di-oauth2-service/oauth/token"
STEPS = re.compile(
    re.escape(API)
    + r"/usersummary-service/stats/steps/daily/(\d{4}-\d{2}-\d{2})/(\d{4}-\d{2}-\d{2})$"
)
PROFILE = f"{API}/userprofile-service/socialProfile"
USER_SETTINGS = f"{API}/userprofile-service/userprofile/user-settings"
GOOD_TOKEN = "fake-di-token"          # not a JWT: the library never refreshes it proactively
DI_CLIENT_ID = "GARMIN_CONNECT_MOBILE_ANDROID_DI_2025Q2"


class _RecordingTime:
    """Stands in for the `time` module inside one garminconnect module: sleep() records."""

    def __init__(self, sleeps: list[float]) -> None:
        self._sleeps = sleeps

    def sleep(self, seconds: float) -> None:
        self._sleeps.append(seconds)

    def __getattr__(self, name: str) -> Any:
        return getattr(real_time, name)


class _NoCurl:
    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"curl_cffi.requests.{name} used in a test: it bypasses the fake")


def account_record(day: date) -> dict[str, Any]:
    """A plausible Garmin daily-steps record for `day` (deterministic)."""
    steps = 4_000 + (day.toordinal() * 7_919) % 11_000
    return {
        "calendarDate": day.isoformat(),
        "totalSteps": steps,
        "totalDistance": round(steps * 0.76),
        "stepGoal": 10_000 if day.month % 2 else 8_000,
    }


@dataclass
class FakeGarmin:
    rsps: responses.RequestsMock
    days: dict[str, Any] = field(default_factory=dict)
    extra: list[tuple[str, Any]] = field(default_factory=list)  # (anchor date, raw record)
    valid_tokens: set[str] = field(default_factory=lambda: {GOOD_TOKEN})
    step_failure: Callable[[int], Any] | None = None            # nth -> None, status or exception
    api_down: bool = False
    sleeps: list[float] = field(default_factory=list)
    # sign-in
    password: str = "correct horse"
    mfa_code: str | None = None                                 # None: no MFA asked
    issued_token: str = "fake-di-token-new"
    refresh_status: int = 401
    # How a verify-code request fails regardless of the code: "network" (the connection
    # drops), "cloudflare" (an HTML challenge page, 403), "429" (rate limited); None: normal.
    mfa_failure: str | None = None
    # Status of the DI token exchange at sign-in: not 200 makes the library fall back to a
    # JWT_WEB cookie session (the service URL sets the cookie; the API accepts it).
    di_exchange_status: int = 200
    jwt_web: str = "fake-jwt-web-cookie"
    # The sign-in post's status (429: every strategy rate limited).
    login_status: int = 200
    # A range with no days is answered 204 No Content, as the service does.
    empty_range_204: bool = True
    step_requests: list[tuple[str, str]] = field(default_factory=list)
    refreshes: int = 0

    # --- setup ----------------------------------------------------------------------------

    def fill(self, first: date, last: date) -> None:
        d = first
        while d <= last:
            self.days[d.isoformat()] = account_record(d)
            d += timedelta(days=1)

    def install(self) -> None:
        r = self.rsps
        r.add_callback(responses.GET, STEPS, callback=self._steps)
        r.add_callback(responses.GET, PROFILE, callback=self._profile)
        r.add_callback(responses.GET, USER_SETTINGS, callback=self._user_settings)
        r.add_callback(responses.POST, DIAUTH, callback=self._diauth)
        r.add(responses.GET, f"{SSO}/mobile/sso/en_US/sign-in", body="<html>Sign in</html>")
        r.add_callback(responses.GET, f"{SSO}/portal/sso/en-US/sign-in", callback=self._portal)
        r.add_callback(responses.GET, re.compile(r"https://mobile\.integration\.garmin\.com/gcm/.*"),
                       callback=self._consume_ticket)
        r.add_callback(responses.POST, f"{SSO}/mobile/api/login", callback=self._login)
        for flow in ("mobile", "portal"):
            r.add_callback(
                responses.POST, f"{SSO}/{flow}/api/mfa/verifyCode", callback=self._verify_code
            )

    # --- what the tests read --------------------------------------------------------------

    def calls_to(self, prefix: str) -> list[Any]:
        return [c for c in self.rsps.calls if c.request.url.startswith(prefix)]

    # --- handlers -------------------------------------------------------------------------

    def _authorized(self, request: Any) -> bool:
        header = request.headers.get("Authorization", "")
        if header.startswith("Bearer ") and header[len("Bearer "):] in self.valid_tokens:
            return True
        cookie = request.headers.get("Cookie", "")
        return self.di_exchange_status != 200 and f"JWT_WEB={self.jwt_web}" in cookie

    def _api_guard(self, request: Any) -> Any:
        if self.api_down:
            return requests.ConnectionError("fake: network is unreachable")
        if not self._authorized(request):
            return (401, {}, json.dumps({"message": "Token is not active"}))
        return None

    def _steps(self, request: Any) -> Any:
        first, last = STEPS.match(request.url).groups()
        self.step_requests.append((first, last))
        failure = self.step_failure(len(self.step_requests)) if self.step_failure else None
        if isinstance(failure, BaseException):
            return failure
        if failure is not None:
            return (failure, {}, json.dumps({"message": f"fake status {failure}"}))
        guard = self._api_guard(request)
        if guard is not None:
            return guard
        out = [rec for key, rec in sorted(self.days.items()) if first <= key <= last]
        out += [rec for anchor, rec in self.extra if first <= anchor <= last]
        if not out and self.empty_range_204:
            return (204, {}, "")
        return (200, {}, json.dumps(out))

    def _profile(self, request: Any) -> Any:
        guard = self._api_guard(request)
        if guard is not None:
            return guard
        body = {"displayName": "walker-42", "fullName": "Test Walker", "profileId": 42}
        return (200, {}, json.dumps(body))

    def _user_settings(self, request: Any) -> Any:
        guard = self._api_guard(request)
        if guard is not None:
            return guard
        return (200, {}, json.dumps({"userData": {"measurementSystem": "metric"}}))

    def _diauth(self, request: Any) -> Any:
        form = parse_qs(request.body or "")
        if form.get("grant_type") == ["refresh_token"]:
            self.refreshes += 1
            return (self.refresh_status, {}, json.dumps({"error": "invalid_grant"}))
        if self.di_exchange_status != 200:
            return (self.di_exchange_status, {}, json.dumps({"error": "invalid_request"}))
        self.valid_tokens.add(self.issued_token)
        body = {"access_token": self.issued_token, "refresh_token": "fake-refresh-new"}
        return (200, {}, json.dumps(body))

    def _portal(self, request: Any) -> Any:
        # The portal strategy is only exercised for a rate-limited sign-in (where the
        # service answers every strategy 429); otherwise it is unreachable, as before.
        if self.login_status != 200:
            return (self.login_status, {}, "")
        return requests.ConnectionError("fake: the portal sign-in is not served")

    def _consume_ticket(self, request: Any) -> Any:
        return (200, {"Set-Cookie": f"JWT_WEB={self.jwt_web}; Domain=.garmin.com; Path=/"},
                "<html>signed in</html>")

    def _login(self, request: Any) -> Any:
        if self.login_status != 200:
            return (self.login_status, {}, "")
        sent = json.loads(request.body)
        if sent.get("password") != self.password:
            return (200, {}, json.dumps({"responseStatus": {"type": "INVALID_USERNAME_PASSWORD"}}))
        if self.mfa_code is not None:
            body = {
                "responseStatus": {"type": "MFA_REQUIRED"},
                "customerMfaInfo": {"mfaLastMethodUsed": "email"},
            }
            return (200, {}, json.dumps(body))
        return (200, {}, json.dumps(_ticket()))

    def _verify_code(self, request: Any) -> Any:
        if self.mfa_failure == "network":
            return requests.ConnectionError("fake: connection reset during MFA")
        if self.mfa_failure == "cloudflare":
            return (403, {"Content-Type": "text/html"},
                    "<html><title>Just a moment...</title></html>")
        if self.mfa_failure == "429":
            return (429, {}, "")
        sent = json.loads(request.body)
        if sent.get("mfaVerificationCode") != self.mfa_code:
            return (200, {}, json.dumps({"responseStatus": {"type": "INVALID_MFA_CODE"}}))
        return (200, {}, json.dumps(_ticket()))


def _ticket() -> dict[str, Any]:
    return {"responseStatus": {"type": "SUCCESSFUL"}, "serviceTicketId": "ST-0001-fake-cas"}


def start_fake(monkeypatch: Any) -> tuple[FakeGarmin, responses.RequestsMock]:
    """Patch the library's network and sleeps; the caller stops the returned mock."""
    import garminconnect.api._common as common
    import garminconnect.api.base as base
    import garminconnect.client as client
    import garminconnect.client.sso as sso

    rsps = responses.RequestsMock(assert_all_requests_are_fired=False)
    fake = FakeGarmin(rsps)
    monkeypatch.setattr(client, "HAS_CFFI", False)
    monkeypatch.setattr(client, "cffi_requests", _NoCurl(), raising=False)
    for module in (common, base, sso):
        monkeypatch.setattr(module, "time", _RecordingTime(fake.sleeps))
    fake.install()
    rsps.start()
    return fake, rsps


def write_tokens(folder: Path, token: str = GOOD_TOKEN) -> Path:
    """A token file as `coach-tui login` leaves it."""
    from coach_tui.config import ensure_private_dir

    ensure_private_dir(folder)  # as login creates it: every new folder 0700
    path = folder / "garmin_tokens.json"
    path.write_text(json.dumps(
        {"di_token": token, "di_refresh_token": "fake-refresh", "di_client_id": DI_CLIENT_ID}
    ))
    path.chmod(0o600)
    return path
