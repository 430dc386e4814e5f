"""The benchmarks name the app's modules (also inside the child programs they start as
strings); a module moved or renamed must not leave a benchmark that fails only when run."""

from __future__ import annotations

import importlib
import importlib.util
import re

import pytest

from tests.support import REPO

IMPORT = re.compile(r"^\s*from (coach_tui[\w.]*) import ([\w, ]+?)(?:\s*#.*)?$", re.M)
BENCHES = sorted((REPO / "bench").glob("*.py"))


@pytest.mark.parametrize("bench", BENCHES, ids=[b.name for b in BENCHES])
def test_every_name_a_benchmark_imports_from_the_app_exists(bench):
    found = IMPORT.findall(bench.read_text())
    for module, names in found:
        loaded = importlib.import_module(module)
        for name in (n.strip() for n in names.split(",")):
            assert hasattr(loaded, name) or importlib.util.find_spec(f"{module}.{name}"), (
                f"{bench.name}: {module} has no {name}")
