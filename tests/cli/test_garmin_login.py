"""Sign-in against the real garminconnect code, with only its HTTP faked (responses)."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from datetime import date

import pytest
import requests
import responses

from coach_tui.cli import main
from coach_tui.garmin.errors import GarminError
from coach_tui.garmin.login import finish_login, start_login
from coach_tui.garmin.tokens import has_tokens
from tests.fakes.garmin_connect import GOOD_TOKEN, SSO

PASSWORD = "correct horse"
EMAIL = "walker@example.com"


@pytest.fixture
def typed(monkeypatch):
    """What the user types: answers to input() in order, and the password for getpass."""
    answers: list[str] = []
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        if not answers:
            raise EOFError
        return answers.pop(0)

    monkeypatch.setattr("builtins.input", fake_input)
    monkeypatch.setattr("getpass.getpass", lambda prompt="": PASSWORD)
    return answers, prompts


def files_under(root) -> Iterator:
    for dirpath, _, names in os.walk(root):
        for name in names:
            yield os.path.join(dirpath, name)


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_login_saves_private_tokens_and_never_the_password(garmin, settings, home, typed, capsys):
    code = main(["login", "--email", EMAIL])
    out, err = capsys.readouterr()

    assert code == 0, err
    token_file = settings.paths.garmin_dir / "garmin_tokens.json"
    assert str(token_file) in out and "password is not stored" in out
    assert mode(settings.paths.garmin_dir) == 0o700 and mode(token_file) == 0o600
    assert mode(settings.paths.data_dir) == 0o700
    saved = json.loads(token_file.read_text())
    assert saved["di_token"] == garmin.issued_token and saved["di_refresh_token"]
    for path in files_under(home):
        with open(path, "rb") as f:
            assert PASSWORD.encode() not in f.read(), path
    posted = json.loads(garmin.calls_to(f"{SSO}/mobile/api/login")[0].request.body)
    assert posted["username"] == EMAIL

    # The saved tokens are what sync uses: no password needed.
    garmin.fill(date(2026, 11, 24), date(2026, 11, 30))
    assert main(["sync", "--days", "7"]) == 0
    assert "7 days new" in capsys.readouterr().out


def test_mfa_code_is_asked_for_and_a_wrong_one_can_be_retried(garmin, settings, typed, capsys):
    answers, prompts = typed
    garmin.mfa_code = "246810"
    answers += [EMAIL, "111111", "246810"]

    code = main(["login"])
    out, err = capsys.readouterr()

    assert code == 0, err
    assert prompts == ["Garmin email: ", "MFA code: ", "MFA code: "]
    assert "Garmin did not accept that code" in err and "2 tries left" in err
    # resume_login does not save tokens; login must, with the same private modes.
    token_file = settings.paths.garmin_dir / "garmin_tokens.json"
    assert json.loads(token_file.read_text())["di_token"] == garmin.issued_token
    assert mode(token_file) == 0o600 and mode(settings.paths.garmin_dir) == 0o700
    codes = [json.loads(c.request.body)["mfaVerificationCode"]
             for c in garmin.calls_to(f"{SSO}/") if "verifyCode" in c.request.url]
    assert codes[-1] == "246810" and "111111" in codes


def test_three_wrong_codes_end_the_login(garmin, settings, typed, capsys):
    answers, _ = typed
    garmin.mfa_code = "246810"
    answers += ["1", "2", "3"]

    code = main(["login", "--email", EMAIL])
    out, err = capsys.readouterr()

    assert code != 0
    assert err.splitlines()[-1] == (
        "coach-tui: Garmin did not accept that code after 3 tries; "
        "run `coach-tui login` to start again"
    )
    assert not (settings.paths.garmin_dir / "garmin_tokens.json").exists()


def test_wrong_password_is_one_line(garmin, settings, monkeypatch, capsys):
    monkeypatch.setattr("getpass.getpass", lambda prompt="": "wrong")

    code = main(["login", "--email", EMAIL])
    out, err = capsys.readouterr()

    assert code != 0
    assert err.splitlines() == [
        "coach-tui: Garmin Connect did not accept that email and password (or the account "
        "is locked; check at connect.garmin.com)"
    ]
    assert not settings.paths.garmin_dir.exists()


def test_empty_password_and_cancelled_prompt(garmin, settings, monkeypatch, typed, capsys):
    monkeypatch.setattr("getpass.getpass", lambda prompt="": "")
    assert main(["login", "--email", EMAIL]) != 0
    assert capsys.readouterr().err == "coach-tui: enter both your Garmin email and your password\n"

    assert main(["login"]) != 0   # no answer typed at the email prompt (EOF)
    assert capsys.readouterr().err == "coach-tui: login cancelled: no answer was typed\n"

    def no_password(prompt=""):
        raise EOFError

    monkeypatch.setattr("getpass.getpass", no_password)
    assert main(["login", "--email", EMAIL]) != 0
    assert capsys.readouterr().err == "coach-tui: login cancelled: no answer was typed\n"
    assert len(garmin.rsps.calls) == 0


def test_network_down_at_login(garmin, settings, typed, capsys):
    garmin.rsps.replace(
        responses.GET, f"{SSO}/mobile/sso/en_US/sign-in", body=requests.ConnectionError("down")
    )

    code = main(["login", "--email", EMAIL])
    out, err = capsys.readouterr()

    assert code != 0
    assert err.splitlines() == [
        "coach-tui: cannot reach Garmin Connect; check your network and try again"
    ]


def test_two_step_login_api_for_the_app(garmin, settings):
    garmin.mfa_code = "135790"

    started = start_login(settings, EMAIL, PASSWORD)
    assert started.needs_mfa and not started.done and started.state is not None
    assert not has_tokens(settings)

    with pytest.raises(GarminError) as wrong:
        finish_login(settings, started.state, "000000")
    assert wrong.value.kind == "mfa_wrong"

    done = finish_login(settings, started.state, "135790")
    assert done.done and done.token_file == settings.paths.garmin_dir / "garmin_tokens.json"
    assert has_tokens(settings)


def test_garmintokens_folder_replaces_the_data_folder(garmin, settings, typed, tmp_path,
                                                      monkeypatch, capsys):
    custom = tmp_path / "my-tokens"
    monkeypatch.setenv("GARMINTOKENS", str(custom))

    assert main(["login", "--email", EMAIL]) == 0
    assert mode(custom / "garmin_tokens.json") == 0o600 and mode(custom) == 0o700
    assert not settings.paths.garmin_dir.exists()
    assert has_tokens(settings)

    garmin.fill(date(2026, 11, 30), date(2026, 11, 30))
    assert main(["sync", "--days", "1"]) == 0


def test_garmintokens_inline_json_syncs_but_cannot_receive_a_login(garmin, settings, typed,
                                                                    monkeypatch, capsys):
    monkeypatch.setenv("GARMINTOKENS", json.dumps(
        {"di_token": GOOD_TOKEN, "di_refresh_token": "r", "di_client_id": "c"}
    ))
    garmin.fill(date(2026, 11, 30), date(2026, 11, 30))

    assert has_tokens(settings)
    assert main(["sync", "--days", "1"]) == 0
    capsys.readouterr()
    assert main(["login", "--email", EMAIL]) != 0
    assert capsys.readouterr().err.startswith("coach-tui: GARMINTOKENS holds tokens, not a folder")


def test_login_and_sync_are_refused_in_the_demo(garmin, settings, typed, capsys):
    for command in ("login", "sync"):
        assert main(["--demo", command]) != 0
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "without --demo" in err
    assert len(garmin.rsps.calls) == 0


def test_a_token_folder_that_cannot_be_written_is_one_line(garmin, settings, typed, tmp_path,
                                                           monkeypatch, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("GARMINTOKENS", str(blocker / "tokens"))

    code = main(["login", "--email", EMAIL])
    out, err = capsys.readouterr()

    assert code != 0
    assert err.splitlines() == [
        f"coach-tui: signed in, but the tokens cannot be saved in {blocker / 'tokens'} "
        "(Not a directory)"
    ]


@pytest.mark.parametrize("failure, kind, words", [
    ("network", "network", "cannot reach Garmin Connect, so the code was not checked"),
    ("cloudflare", "garmin", "answered with a web page instead of checking the code"),
    ("429", "rate_limited", "(HTTP 429)"),
])
def test_an_mfa_step_that_failed_for_another_reason_is_not_called_a_wrong_code(
        garmin, settings, failure, kind, words):
    garmin.mfa_code = "135790"
    started = start_login(settings, EMAIL, PASSWORD)
    assert started.needs_mfa
    garmin.mfa_failure = failure
    with pytest.raises(GarminError) as error:
        finish_login(settings, started.state, "135790")
    assert error.value.kind == kind and words in error.value.message
    assert "did not accept that code" not in error.value.message
    garmin.mfa_failure = None   # the pending sign-in is still usable
    assert finish_login(settings, started.state, "135790").done


def test_a_cookie_only_login_saves_no_token_file_and_says_so(garmin, settings, typed, capsys):
    garmin.di_exchange_status = 400
    code = main(["login", "--email", EMAIL])
    out, err = capsys.readouterr()
    assert code != 0
    assert err.splitlines() == [
        "coach-tui: signed in, but Garmin gave this account only a browser session, not "
        "reusable tokens, so nothing was saved and sync cannot use it; try `coach-tui login` "
        "again later"
    ]
    assert not (settings.paths.garmin_dir / "garmin_tokens.json").exists()


def test_a_429_during_login_is_rate_limited_not_a_network_error(garmin, settings, typed,
                                                                   capsys):
    garmin.login_status = 429
    code = main(["login", "--email", EMAIL])
    out, err = capsys.readouterr()
    assert code != 0
    assert err.splitlines() == [
        "coach-tui: Garmin Connect is rate limiting sign-ins (HTTP 429); wait a few minutes "
        "and try again"
    ]
