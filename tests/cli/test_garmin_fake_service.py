"""Garmin paths that only run when the fake behaves like the service: token refresh and
write-back, empty day ranges, and a proxy's page where data should be.

The real garminconnect code runs; only its HTTP is faked (tests/fakes/garmin_connect.py).
"""

from __future__ import annotations

import json
import os
import re
import stat
from datetime import date, timedelta
from urllib.parse import parse_qs

import pytest

from coach_tui.cli import main
from coach_tui.garmin.errors import GarminError
from coach_tui.garmin.login import finish_login, start_login
from tests.fakes.garmin_connect import (
    API,
    CAPTIVE_PORTAL,
    CLOUDFLARE,
    DI_CLIENT_ID,
    DIAUTH,
    GOOD_REFRESH,
    expired_access_token,
    jwt_claims,
    make_jwt,
    write_tokens,
)
from tests.support import step_rows

TODAY = date(2026, 11, 30)      # the `home` fixture's PINNED_NOW
EMAIL = "walker@example.com"
PASSWORD = "correct horse"
RAW_NAME = re.compile(r"\b\w*(Error|Exception)\b")


def token_path(settings):
    return settings.paths.garmin_dir / "garmin_tokens.json"


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def one_error_line(err: str) -> str:
    (line,) = [line for line in err.splitlines() if line.startswith("coach-tui:")]
    assert "Traceback" not in err and not RAW_NAME.search(line), line
    return line


# --- tokens: refresh and write-back -------------------------------------------------------


def test_an_expired_access_token_is_refreshed_and_the_new_tokens_saved(garmin, settings, cli):
    old = expired_access_token()
    garmin.valid_tokens.add(old)            # issued by the service, an hour and more ago
    write_tokens(settings.paths.garmin_dir, token=old)
    garmin.fill(TODAY - timedelta(days=6), TODAY)

    code, out, err = cli("sync", "--days", "7")

    assert code == 0, err
    assert "7 days new" in out
    (refresh,) = garmin.calls_to(DIAUTH)
    form = parse_qs(refresh.request.body)
    assert form["grant_type"] == ["refresh_token"] and form["refresh_token"] == [GOOD_REFRESH]
    assert form["client_id"] == [DI_CLIENT_ID]
    saved = json.loads(token_path(settings).read_text())
    assert saved["di_token"] == garmin.issued_token != old
    assert saved["di_refresh_token"] in garmin.refresh_tokens
    assert saved["di_refresh_token"] != GOOD_REFRESH
    assert saved["di_client_id"] == DI_CLIENT_ID
    assert mode(token_path(settings)) == 0o600 and mode(settings.paths.garmin_dir) == 0o700
    (step_call,) = garmin.calls_to(f"{API}/usersummary-service/")
    assert step_call.request.headers["Authorization"] == f"Bearer {garmin.issued_token}"

    # The next sync starts from the written-back tokens: no second refresh.
    assert cli("sync", "--days", "1")[0] == 0
    assert garmin.refreshes == 1


def test_a_refused_refresh_says_log_in_again_and_keeps_the_old_file(garmin, settings, cli):
    old = expired_access_token()
    garmin.valid_tokens.add(old)
    revoked = make_jwt({"jti": "fake-refresh-revoked", "client_id": DI_CLIENT_ID})
    write_tokens(settings.paths.garmin_dir, token=old, refresh=revoked)
    before = token_path(settings).read_bytes()

    code, out, err = cli("sync")

    assert code != 0
    line = one_error_line(err)
    assert line == (
        "coach-tui: Garmin Connect did not accept the saved login (HTTP 401): log in again "
        "(run `coach-tui login`), then sync again (nothing new was saved)"
    )
    assert garmin.refreshes >= 1
    assert all(c.response.status_code == 400 for c in garmin.calls_to(DIAUTH))
    assert token_path(settings).read_bytes() == before and mode(token_path(settings)) == 0o600
    assert garmin.step_requests == [] and step_rows(settings) == []


# --- a range with no data -----------------------------------------------------------------


@pytest.mark.parametrize("answer_204", [True, False], ids=["204", "empty-list"])
def test_an_empty_window_does_not_stop_the_sync(garmin, settings, cli, answer_204):
    # Three 28-day windows; the watch was in a drawer for the whole middle one.
    first = TODAY - timedelta(days=83)
    garmin.fill(first, TODAY)
    gap = [first + timedelta(days=28 + i) for i in range(28)]
    for day in gap:
        del garmin.days[day.isoformat()]
    garmin.empty_range_204 = answer_204
    write_tokens(settings.paths.garmin_dir)

    code, out, err = cli("sync", "--days", "84")

    assert code == 0, err
    assert out.strip() == (
        "synced 2026-09-08 to 2026-11-30: 56 days new, 0 updated, 0 unchanged, 0 skipped, "
        "3 step requests"
    )
    middle = [c for c in garmin.rsps.calls if gap[0].isoformat() in c.request.url]
    assert [c.response.status_code for c in middle] == [204 if answer_204 else 200]
    stored = {row[0] for row in step_rows(settings)}
    assert len(stored) == 56 and TODAY.isoformat() in stored
    assert not stored & {d.isoformat() for d in gap}


# --- a proxy's page where data should be --------------------------------------------------


@pytest.mark.parametrize("page, words", [
    (CAPTIVE_PORTAL, "an HTML page (text/html), not data; a proxy or captive portal may be "
                     "in the way (nothing new was saved)"),
    (CLOUDFLARE, "an HTML page (text/html, HTTP 403), not data; a proxy or captive portal "
                 "may be in the way (or Cloudflare is blocking this network)"),
], ids=["captive-portal", "cloudflare"])
def test_a_page_in_front_of_garmin_at_sync_is_named_in_one_line(garmin, settings, cli, page,
                                                                words):
    write_tokens(settings.paths.garmin_dir)
    before = token_path(settings).read_bytes()
    garmin.proxy = page

    code, out, err = cli("sync")

    assert code != 0
    line = one_error_line(err)
    assert line.startswith(f"coach-tui: Garmin answered with {words}"), line
    assert line.endswith("then run `coach-tui sync` again")
    assert "log in" not in line
    assert token_path(settings).read_bytes() == before


@pytest.mark.parametrize("page, detail", [
    (CAPTIVE_PORTAL, "(text/html)"), (CLOUDFLARE, "(text/html, HTTP 403)"),
], ids=["captive-portal", "cloudflare"])
def test_a_page_mid_sync_keeps_the_saved_windows(garmin, settings, cli, page, detail):
    garmin.fill(TODAY - timedelta(days=400), TODAY)
    write_tokens(settings.paths.garmin_dir)
    garmin.step_failure = lambda n: page if n >= 2 else None

    code, out, err = cli("sync")

    assert code != 0
    line = one_error_line(err)
    assert f"Garmin answered with an HTML page {detail}, not data" in line
    assert "(28 days through 2025-12-28 are saved)" in line
    assert len(step_rows(settings)) == 28


@pytest.mark.parametrize("page, status", [(CAPTIVE_PORTAL, 200), (CLOUDFLARE, 403)],
                         ids=["captive-portal", "cloudflare"])
def test_a_page_in_front_of_the_sign_in_is_named_in_one_line(garmin, settings, monkeypatch,
                                                              capsys, page, status):
    monkeypatch.setattr("getpass.getpass", lambda prompt="": PASSWORD)
    garmin.proxy = page

    code = main(["login", "--email", EMAIL])
    err = capsys.readouterr().err

    assert code != 0
    assert one_error_line(err) == (
        f"coach-tui: Garmin's sign-in answered with a web page (HTTP {status}), not JSON "
        "data; a proxy or captive portal may be in the way, or Cloudflare is blocking this "
        "network: open any web page in a browser to check, or try another network"
    )
    assert not token_path(settings).exists()


def test_a_page_from_the_token_service_is_not_a_wrong_password(garmin, settings, monkeypatch,
                                                                capsys):
    # The sign-in goes through; the DI token service and the cookie fallback answer a page.
    monkeypatch.setattr("getpass.getpass", lambda prompt="": PASSWORD)
    garmin.proxy = CAPTIVE_PORTAL
    garmin.proxied_hosts = ("diauth.garmin.com", "mobile.integration.garmin.com")

    code = main(["login", "--email", EMAIL])

    assert code != 0
    assert one_error_line(capsys.readouterr().err) == (
        "coach-tui: Garmin accepted the email and password, but its token service answered "
        "with neither tokens nor a session (a proxy may be in the way), so nothing was saved; "
        "try again later or from another network"
    )
    assert garmin.calls_to(DIAUTH) and not token_path(settings).exists()


def test_a_page_during_the_mfa_step_is_not_a_wrong_code(garmin, settings):
    garmin.mfa_code = "135790"
    started = start_login(settings, EMAIL, PASSWORD)
    garmin.proxy = CAPTIVE_PORTAL

    with pytest.raises(GarminError) as error:
        finish_login(settings, started.state, "135790")

    assert error.value.kind == "garmin"
    assert "answered with a web page instead of checking the code" in error.value.message
    assert "proxy or captive portal" in error.value.message
    assert not token_path(settings).exists()


# --- sign-ins that yield no reusable tokens -----------------------------------------------


def test_a_cookie_only_login_after_mfa_keeps_the_tokens_already_saved(garmin, settings):
    write_tokens(settings.paths.garmin_dir)
    before = token_path(settings).read_bytes()
    garmin.mfa_code = "135790"
    garmin.di_exchange_status = 400
    started = start_login(settings, EMAIL, PASSWORD)

    with pytest.raises(GarminError) as error:
        finish_login(settings, started.state, "135790")

    assert "not reusable tokens, so nothing was saved" in error.value.message
    assert token_path(settings).read_bytes() == before


def test_the_fake_issues_tokens_shaped_like_the_service(garmin, settings):
    # What the library reads from an access token: exp (refresh timing) and client_id.
    start_login(settings, EMAIL, PASSWORD)
    claims = jwt_claims(garmin.issued_token)
    assert claims is not None and claims["client_id"] == DI_CLIENT_ID
    assert claims["exp"] - claims["iat"] == 3599
    saved = json.loads(token_path(settings).read_text())
    assert saved["di_token"] == garmin.issued_token and jwt_claims(saved["di_refresh_token"])


@pytest.mark.parametrize("failure, words", [
    ("network", "cannot reach Garmin Connect, so the code was not checked"),
    ("cloudflare", "answered with a web page instead of checking the code"),
    ("429", "(HTTP 429)"),
])
def test_login_stops_at_an_mfa_step_that_failed_for_another_reason(garmin, settings,
                                                                   monkeypatch, capsys,
                                                                   failure, words):
    typed: list[str] = []

    def fake_input(prompt=""):
        typed.append(prompt)
        return "135790"

    monkeypatch.setattr("builtins.input", fake_input)
    monkeypatch.setattr("getpass.getpass", lambda prompt="": PASSWORD)
    garmin.mfa_code = "135790"
    garmin.mfa_failure = failure

    code = main(["login", "--email", EMAIL])
    err = capsys.readouterr().err

    assert code != 0
    line = one_error_line(err)
    assert words in line and "did not accept that code" not in line
    assert "tries left" not in err and typed == ["MFA code: "]   # not asked again: not a typo
    assert not token_path(settings).exists()
