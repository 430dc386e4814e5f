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
(counting every HTTP attempt, retries included) answer with a status, a whole response
(status, headers, body) or raise an exception.

Tokens are shaped as the DI token service issues them: JWTs (base64url JSON header and
payload, then a signature) whose payload carries `exp`, `iat` and the `client_id` that
garminconnect reads, in a body with `expires_in`, `refresh_token` and the rest. So the
library's own refresh runs: an access token within 15 minutes of its `exp` is refreshed
before a request, the API answers 401 for an expired one, and the refresh endpoint accepts
only refresh tokens it issued (`refresh_tokens`; anything else is 400 invalid_grant, as in
OAuth 2). Expiry is judged by the real clock, as the library judges it.

`proxy` (CAPTIVE_PORTAL or CLOUDFLARE) puts a page in front of every registered URL: what a
hotel network or a Cloudflare block answers in place of Garmin; `proxied_hosts` narrows it
to some hosts (a filter that lets the sign-in through but not the token service).

The account's profile: `time_zone` is the IANA zone the personal-information endpoint names
(the library's get_user_timezone() reads its top-level `timeZone`; its
get_personal_information() docstring places `timeZone` in `userInfo`: the fake answers both,
and None names no zone). `profile_status` makes the profile endpoints (socialProfile,
user-settings, personal-information) answer that status instead, as during the 503s that
made `resume_login` throw a verified token away.

A day whose watch has not synced yet is a record with `"totalSteps": null` (and a null
distance): `pending(day)` makes one.
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
import re
import time as real_time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

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
# garminconnect's get_personal_information() and get_user_timezone() read
# /userprofile-service/userprofile/personal-information/{displayName}.
PERSONAL_INFO = re.compile(
    re.escape(API) + r"/userprofile-service/userprofile/personal-information/([^/?]+)"
)
DISPLAY_NAME = "walker-42"
DI_CLIENT_ID = "GARMIN_CONNECT_MOBILE_ANDROID_DI_2025Q2"
ACCESS_LIFETIME = 3599                # seconds: the token body's expires_in
REFRESH_LIFETIME = 7_775_999          # about 90 days: refresh_token_expires_in
_serial = itertools.count(1)

# Pages that stand where Garmin's answers should be (status, headers, body).
CAPTIVE_PORTAL = (
    200, {"Content-Type": "text/html; charset=utf-8"},
    "<!DOCTYPE html><html><head><title>Guest Wi-Fi</title></head>"
    "<body><form>Accept the terms to get online</form></body></html>",
)
CLOUDFLARE = (
    403, {"Content-Type": "text/html; charset=UTF-8", "Server": "cloudflare",
          "cf-mitigated": "challenge"},
    "<!DOCTYPE html><html><head><title>Just a moment...</title></head><body></body></html>",
)


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def make_jwt(claims: dict[str, Any]) -> str:
    """header.payload.signature, base64url without padding; the signature is opaque bytes."""
    header = {"alg": "RS256", "typ": "JWT", "kid": "di-oauth-signer-fake"}
    signing_input = f"{_b64(json.dumps(header).encode())}.{_b64(json.dumps(claims).encode())}"
    return f"{signing_input}.{_b64(hashlib.sha256(signing_input.encode()).digest())}"


def jwt_claims(token: str) -> dict[str, Any] | None:
    """The payload of a JWT-shaped token; None for any other string."""
    parts = token.split(".")
    if len(parts) != 3:
        return None
    try:
        return json.loads(base64.urlsafe_b64decode(parts[1] + "=" * (-len(parts[1]) % 4)))
    except ValueError:
        return None


def access_token(*, issued_at: float | None = None, lifetime: int = ACCESS_LIFETIME,
                 client_id: str = DI_CLIENT_ID) -> str:
    """A DI access token as the service signs it, issued at `issued_at` (default: now)."""
    iat = int(real_time.time() if issued_at is None else issued_at)
    return make_jwt({
        "scope": ["CONNECT_READ", "CONNECT_WRITE"],
        "iss": "https://diauth.garmin.com",
        "client_type": "UNDEFINED",
        "exp": iat + lifetime,
        "iat": iat,
        "garmin_guid": "00000000-0000-4000-8000-000000000042",
        "jti": f"fake-jti-{next(_serial)}",
        "client_id": client_id,
    })


def expired_access_token() -> str:
    """An access token whose lifetime ended a minute ago."""
    return access_token(issued_at=real_time.time() - ACCESS_LIFETIME - 60)


GOOD_TOKEN = access_token()           # valid for the hour after the fake is imported
GOOD_REFRESH = make_jwt({"jti": "fake-refresh-0", "client_id": DI_CLIENT_ID})


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
    # refresh token -> the client id it was issued to
    refresh_tokens: dict[str, str] = field(default_factory=lambda: {GOOD_REFRESH: DI_CLIENT_ID})
    step_failure: Callable[[int], Any] | None = None  # nth -> None, status, response, exception
    proxy: tuple[int, dict[str, str], str] | None = None       # a page in front of everything
    proxied_hosts: tuple[str, ...] | None = None                # None: every host
    api_down: bool = False
    sleeps: list[float] = field(default_factory=list)
    # sign-in
    password: str = "correct horse"
    mfa_code: str | None = None                                 # None: no MFA asked
    issued_token: str = ""                                      # the last access token issued
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
    refreshes: int = 0                                          # refresh requests, any answer
    # the profile
    time_zone: str | None = None
    profile_status: int | None = None

    # --- setup ----------------------------------------------------------------------------

    def fill(self, first: date, last: date) -> None:
        d = first
        while d <= last:
            self.days[d.isoformat()] = account_record(d)
            d += timedelta(days=1)

    def pending(self, day: date) -> None:
        """`day` as Garmin answers it before the watch has synced: no count yet."""
        record = account_record(day)
        record["totalSteps"] = None
        record["totalDistance"] = None
        self.days[day.isoformat()] = record

    def revoke(self) -> None:
        """The account's sessions end: no access or refresh token issued so far works."""
        self.valid_tokens.clear()
        self.refresh_tokens.clear()

    def install(self) -> None:
        def add(method: str, url: Any, handler: Callable[[Any], Any]) -> None:
            # Garmin's answers are JSON unless a handler says otherwise (the pages do).
            self.rsps.add_callback(method, url, callback=self._behind_proxy(handler),
                                   content_type="application/json")

        add(responses.GET, STEPS, self._steps)
        add(responses.GET, PROFILE, self._profile)
        add(responses.GET, USER_SETTINGS, self._user_settings)
        add(responses.GET, PERSONAL_INFO, self._personal_info)
        add(responses.POST, DIAUTH, self._diauth)
        add(responses.GET, f"{SSO}/mobile/sso/en_US/sign-in",
            lambda request: (200, {"Content-Type": "text/html"}, "<html>Sign in</html>"))
        add(responses.GET, f"{SSO}/portal/sso/en-US/sign-in", self._portal)
        add(responses.POST, f"{SSO}/portal/api/login", self._portal)
        add(responses.GET, re.compile(r"https://mobile\.integration\.garmin\.com/gcm/.*"),
            self._consume_ticket)
        add(responses.POST, f"{SSO}/mobile/api/login", self._login)
        for flow in ("mobile", "portal"):
            add(responses.POST, f"{SSO}/{flow}/api/mfa/verifyCode", self._verify_code)

    # --- what the tests read --------------------------------------------------------------

    def calls_to(self, prefix: str) -> list[Any]:
        return [c for c in self.rsps.calls if c.request.url.startswith(prefix)]

    # --- handlers -------------------------------------------------------------------------

    def _behind_proxy(self, handler: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def answer(request: Any) -> Any:
            host = urlsplit(request.url).hostname
            if self.proxy is not None and (self.proxied_hosts is None
                                           or host in self.proxied_hosts):
                return self.proxy
            return handler(request)

        return answer

    def _authorized(self, request: Any) -> bool:
        header = request.headers.get("Authorization", "")
        token = header[len("Bearer "):] if header.startswith("Bearer ") else None
        if token in self.valid_tokens:
            claims = jwt_claims(token)
            # The API tier refuses an expired token; a non-JWT test token never expires.
            return claims is None or real_time.time() < claims["exp"]
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
        if isinstance(failure, BaseException | tuple):
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

    def _profile_guard(self, request: Any) -> Any:
        guard = self._api_guard(request)
        if guard is None and self.profile_status is not None:
            body = {"message": "Service Unavailable"}
            return (self.profile_status, {}, json.dumps(body))
        return guard

    def _profile(self, request: Any) -> Any:
        guard = self._profile_guard(request)
        if guard is not None:
            return guard
        body = {"displayName": DISPLAY_NAME, "fullName": "Test Walker", "profileId": 42}
        return (200, {}, json.dumps(body))

    def _user_settings(self, request: Any) -> Any:
        guard = self._profile_guard(request)
        if guard is not None:
            return guard
        return (200, {}, json.dumps({"userData": {"measurementSystem": "metric"}}))

    def _personal_info(self, request: Any) -> Any:
        guard = self._profile_guard(request)
        if guard is not None:
            return guard
        if PERSONAL_INFO.match(request.url).group(1) != DISPLAY_NAME:
            return (404, {}, json.dumps({"message": "Not Found"}))
        user_info: dict[str, Any] = {"genderType": "FEMALE", "locale": "en"}
        body: dict[str, Any] = {"userInfo": user_info, "biometricProfile": {"userId": 42}}
        if self.time_zone is not None:
            user_info["timeZone"] = body["timeZone"] = self.time_zone
        return (200, {}, json.dumps(body))

    def _diauth(self, request: Any) -> Any:
        form = parse_qs(request.body or "")
        (client_id,) = form.get("client_id", [""])
        if form.get("grant_type") == ["refresh_token"]:
            self.refreshes += 1
            (refresh,) = form.get("refresh_token", [""])
            if self.refresh_tokens.get(refresh) != client_id:
                body = {"error": "invalid_grant", "error_description": "Invalid refresh token"}
                return (400, {"Content-Type": "application/json"}, json.dumps(body))
            return (200, {"Content-Type": "application/json"}, json.dumps(self._issue(client_id)))
        if self.di_exchange_status != 200:
            return (self.di_exchange_status, {}, json.dumps({"error": "invalid_request"}))
        return (200, {"Content-Type": "application/json"}, json.dumps(self._issue(client_id)))

    def _issue(self, client_id: str) -> dict[str, Any]:
        """New tokens for `client_id`, registered as valid; the token endpoint's body."""
        token = access_token(client_id=client_id)
        refresh = make_jwt({"jti": f"fake-refresh-{next(_serial)}", "client_id": client_id})
        self.valid_tokens.add(token)
        self.refresh_tokens[refresh] = client_id
        self.issued_token = token
        return {
            "scope": "CONNECT_READ CONNECT_WRITE",
            "jti": jwt_claims(token)["jti"],
            "access_token": token,
            "token_type": "bearer",
            "refresh_token": refresh,
            "expires_in": ACCESS_LIFETIME,
            "refresh_token_expires_in": REFRESH_LIFETIME,
        }

    def _portal(self, request: Any) -> Any:
        # The portal strategy is only exercised for a rate-limited sign-in (where the
        # service answers every strategy 429) or behind a proxy; otherwise it is unreachable.
        if self.login_status != 200:
            return (self.login_status, {}, "")
        return requests.ConnectionError("fake: the portal sign-in is not served")

    def _consume_ticket(self, request: Any) -> Any:
        return (200, {"Set-Cookie": f"JWT_WEB={self.jwt_web}; Domain=.garmin.com; Path=/",
                      "Content-Type": "text/html"}, "<html>signed in</html>")

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


def write_tokens(folder: Path, token: str = GOOD_TOKEN, refresh: str = GOOD_REFRESH) -> Path:
    """A token file as `coach-tui login` leaves it."""
    from coach_tui.config import ensure_private_dir

    ensure_private_dir(folder)  # as login creates it: every new folder 0700
    path = folder / "garmin_tokens.json"
    path.write_text(json.dumps(
        {"di_token": token, "di_refresh_token": refresh, "di_client_id": DI_CLIENT_ID}
    ))
    path.chmod(0o600)
    return path
