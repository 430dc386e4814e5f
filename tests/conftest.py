"""Every test runs in its own coach-tui home, with no real keys, tokens or pinned clock leaking
in from the developer's environment."""

from __future__ import annotations

import pytest

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
