"""The app tests' shared costs, paid once per worker: the model SDK imported and warmed, and
the app's CSS parsed; and the pilot's wait for an idle app, in steps of 5 ms."""

from __future__ import annotations

import pytest
import textual._wait
from textual.css.stylesheet import Stylesheet


@pytest.fixture(scope="session", autouse=True)
def sdk_loaded() -> None:
    """Import the anthropic SDK and run its reply path once (`warmup.preload`, what the app
    does in the background after its first frame) before this worker's first app test.

    Without it, the first app test of a worker pays a cold SDK import inside its waits, which
    on a loaded machine outlasts them. The lazy-import tests (test_lazy_imports.py) run the app
    in fresh processes, so they still measure the import the user's first launch pays."""
    from coach_tui.coach import warmup

    warmup.preload()


@pytest.fixture(scope="session", autouse=True)
def css_parsed_once():
    """Each CSS source (the app's .tcss, every widget's DEFAULT_CSS), with the theme's
    variables, is parsed once per worker instead of once per app and again at each reparse:
    Textual keeps its parsed rules per stylesheet only, and each app test starts a new app
    (about 60 ms of CPU of the app's ~400 ms start). The rules are read-only once parsed (Textual
    itself hands the same ones to each parse of a stylesheet), and a CSS error still raises, in
    every app that has it. `Stylesheet._parse_rules` is Textual's own; if it goes, this fails
    loudly rather than quietly parsing every time."""
    original = Stylesheet._parse_rules
    parsed: dict[tuple, list] = {}

    def parse_rules(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        key = (css, read_from, is_default_rules, tie_breaker, scope,
               tuple(sorted(self._variables.items())))
        rules = parsed.get(key)
        if rules is None:
            rules = parsed[key] = original(self, css, read_from, is_default_rules,
                                           tie_breaker, scope)
        return rules

    Stylesheet._parse_rules = parse_rules  # type: ignore[method-assign]
    yield
    Stylesheet._parse_rules = original  # type: ignore[method-assign]


@pytest.fixture(scope="session", autouse=True)
def idle_in_5_ms_steps():
    """The pilot waits for the app to go idle after each key it presses (twice) and at each
    `pilot.pause()`: it sleeps in steps of 20 ms until one step passes with under 1 ms of the
    process's CPU. That is at least 40 ms a key, and the app tests sleep about 56 s in those
    steps in all. Steps of 5 ms (idle: under 0.25 ms of CPU, the same share) end each wait as
    soon as the app is idle, to 5 ms instead of 20; what is waited for is the same (an app
    doing nothing), and the pilot still waits for every message queued to the screen after.
    The two constants are Textual's own (`textual._wait`); if they go, this fails loudly."""
    step, idle = textual._wait.SLEEP_GRANULARITY, textual._wait.SLEEP_IDLE
    textual._wait.SLEEP_GRANULARITY, textual._wait.SLEEP_IDLE = 0.005, 0.005 / 20
    yield
    textual._wait.SLEEP_GRANULARITY, textual._wait.SLEEP_IDLE = step, idle
