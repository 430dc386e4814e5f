"""The app tests' one shared cost: the model SDK, imported and warmed once per worker."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session", autouse=True)
def sdk_loaded() -> None:
    """Import the anthropic SDK and run its reply path once (`warmup.preload`, what the app
    does in the background after its first frame) before this worker's first app test.

    Without it, the first app test of a worker pays a cold SDK import inside its waits, which
    on a loaded machine outlasts them. The lazy-import tests (test_lazy_imports.py) run the app
    in fresh processes, so they still measure the import the user's first launch pays."""
    from coach_tui.coach import warmup

    warmup.preload()
