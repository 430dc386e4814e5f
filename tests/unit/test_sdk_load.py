"""The model SDK is imported with the cycle collector held off and what it made frozen
(coach/llm/load.py): the collector is as it was afterwards, and a second call does nothing."""

from __future__ import annotations

import gc
import sys

import pytest

from coach_tui.coach.llm import load
from tests.support import collector_unfrozen

# A stand-in for the SDK: a module that notes whether the collector ran while it was imported.
STAND_IN = ("collecting_at_import = __import__('gc').isenabled()\n"
            "objects = [{} for _ in range(1000)]\n")


@pytest.fixture
def stand_in(tmp_path, monkeypatch):
    name = f"sdk_stand_in_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{name}.py").write_text(STAND_IN)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(load, "SDK", name)
    # what the suite froze (tests/support.py) is unfrozen: only the load's own freeze counts
    with collector_unfrozen():
        yield name
        sys.modules.pop(name, None)


def test_the_import_runs_without_the_collector_then_freezes_and_turns_it_back_on(stand_in):
    load.load_sdk()
    assert sys.modules[stand_in].collecting_at_import is False
    assert gc.isenabled() and gc.get_freeze_count() > 0
    frozen = gc.get_freeze_count()
    load.load_sdk()  # loaded already: nothing more is frozen
    assert gc.get_freeze_count() == frozen


def test_a_collector_someone_else_turned_off_stays_off_and_nothing_is_frozen(stand_in):
    gc.disable()
    load.load_sdk()
    assert stand_in in sys.modules
    assert not gc.isenabled() and gc.get_freeze_count() == 0
