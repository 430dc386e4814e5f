"""The controller compiles the suite once before its workers start (tests/bytecode.py)."""

import importlib.util
from pathlib import Path

from tests.bytecode import ROOT, _plain_stale, _rewritten_pyc, _rewritten_stale


def test_every_test_module_is_rewritten_and_the_package_compiled_before_the_tests_run():
    # By the time any test runs, pytest_configure has written what each worker would have
    # rewritten or compiled for itself: a rewritten pyc under pytest's tag for every test
    # module, up to date with its source, and plain bytecode for every module of coach_tui/.
    test_modules = sorted((ROOT / "tests").rglob("test_*.py"))
    assert test_modules
    assert [p for p in test_modules if _rewritten_stale(p)] == []
    assert all(_rewritten_pyc(p).name.endswith(".pyc") and "pytest" in _rewritten_pyc(p).name
               for p in test_modules)
    package = sorted((ROOT / "coach_tui").rglob("*.py"))
    assert [p for p in package if _plain_stale(p)] == []


def test_a_source_newer_than_its_bytecode_counts_as_stale(tmp_path: Path):
    module = tmp_path / "test_fresh.py"
    module.write_text("def test_x():\n    assert 1\n")
    assert _rewritten_stale(module) and _plain_stale(module)
    assert importlib.util.cache_from_source(str(module)).endswith(".pyc")
