"""Every test runs in its own coach-tui home, with no real keys, tokens or pinned clock leaking
in from the developer's environment."""

from __future__ import annotations

import pytest

from coach_tui.cli import main
from coach_tui.config import load_settings
from tests.fakes.messages_api import FakeMessagesAPI

_LEAKY_ENV = (
    "COACH_MEMORY",
    "COACH_TUI_NOW",
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_AUTH_TOKEN",
    "ANTHROPIC_BASE_URL",
    "GARMINTOKENS",
)


@pytest.fixture(autouse=True)
def coach_home(tmp_path, monkeypatch):
    home = tmp_path / "coach-home"
    monkeypatch.setenv("COACH_TUI_HOME", str(home))
    for name in _LEAKY_ENV:
        monkeypatch.delenv(name, raising=False)
    return home


@pytest.fixture
def api(monkeypatch):
    """A local fake Messages API; the real anthropic SDK is pointed at it through the env."""
    with FakeMessagesAPI() as server:
        monkeypatch.setenv("ANTHROPIC_BASE_URL", server.url)
        monkeypatch.setenv("ANTHROPIC_API_KEY", server.api_key)
        yield server


@pytest.fixture
def cli(capsys):
    """Run `coach-tui ARGV...` in process; returns (exit code, stdout, stderr)."""

    def run(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return run


PINNED_NOW = "2026-11-30T09:15"  # a Monday: the week before (2026-W48) is complete


@pytest.fixture
def home(coach_home, monkeypatch):
    """The test's coach-tui home, with the app clock pinned to PINNED_NOW."""
    monkeypatch.setenv("COACH_TUI_NOW", PINNED_NOW)
    return coach_home


@pytest.fixture
def settings(home):
    return load_settings()


@pytest.fixture
def conn(settings):
    """A connection to the test home's database (created and migrated on first use)."""
    from coach_tui.store import connect

    c = connect(settings.paths.db_file)
    yield c
    c.close()


@pytest.fixture
def garmin(monkeypatch, settings):
    """The fake Garmin Connect (tests/fakes/garmin_connect.py) under the real garminconnect."""
    from tests.fakes.garmin_connect import start_fake

    fake, rsps = start_fake(monkeypatch)
    yield fake
    rsps.stop()
    rsps.reset()
