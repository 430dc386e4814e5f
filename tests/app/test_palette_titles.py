"""Every key of the app has a palette title that says what it acts on: "Delete the journal
line", never a bare "Delete"."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import coach_tui.ui
from coach_tui.ui.app import PALETTE_TITLES


def binding_ids() -> set[str]:
    ids = set()
    for module in pkgutil.walk_packages(coach_tui.ui.__path__, "coach_tui.ui."):
        for _, cls in inspect.getmembers(importlib.import_module(module.name), inspect.isclass):
            for binding in getattr(cls, "BINDINGS", ()):
                if getattr(binding, "id", None):
                    ids.add(binding.id)
    return ids


def test_every_binding_has_a_palette_title_that_names_its_object():
    ids = binding_ids()
    assert {"journal.delete", "line.delete", "sessions.delete"} <= ids
    assert sorted(ids - PALETTE_TITLES.keys()) == []
    assert PALETTE_TITLES["line.delete"] == "Delete the journal line"
    bare = [title for title in PALETTE_TITLES.values() if len(title.split()) == 1]
    assert bare == ["Quit"]
