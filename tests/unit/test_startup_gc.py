"""The cycle collector is held off while the app starts and back on, its startup objects
frozen, once the first frame is drawn (ui/startup_gc.py); nothing changes for a process that
never paused it."""

from __future__ import annotations

import gc

import pytest

from coach_tui.ui import startup_gc
from tests.support import collector_unfrozen


@pytest.fixture
def restore_gc():
    # what the suite froze (tests/support.py) goes back to being collected
    with collector_unfrozen():
        yield
        startup_gc._paused = False


def test_pause_turns_collection_off_and_resume_freezes_what_exists_and_turns_it_on(restore_gc):
    startup_gc.pause()
    assert not gc.isenabled()
    startup_gc.resume()
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0
    frozen = gc.get_freeze_count()
    startup_gc.resume()  # a second resume (the app's end after its first frame) does nothing
    assert gc.get_freeze_count() == frozen


def test_resume_without_a_pause_leaves_the_collector_as_it_was(restore_gc):
    startup_gc.resume()
    assert gc.isenabled() and gc.get_freeze_count() == 0
    gc.disable()  # turned off by someone else: a pause does not claim it, a resume keeps it off
    startup_gc.pause()
    startup_gc.resume()
    assert not gc.isenabled() and gc.get_freeze_count() == 0
