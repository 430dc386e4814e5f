"""The layering in pyproject.toml holds, and each heavy library has exactly one importer.

`ui | cli > context > coach | garmin | demo > memory > store > config | clock > text`: the
import-linter contract in pyproject.toml ([tool.importlinter]) is run as `lint-imports` would
run it, from the repository root, so a test run fails on the first import that points up.
"""

from __future__ import annotations

import subprocess
import sys

import grimp
import pytest

from tests.support import REPO

ROOT = REPO

LINT = (
    "import sys\n"
    "from importlinter.cli import lint_imports\n"
    "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True, no_logo=True))\n"
)


def test_imports_follow_the_layers_declared_in_pyproject():
    done = subprocess.run([sys.executable, "-c", LINT], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    if done.returncode != 0:
        pytest.fail("an import breaks the layers in pyproject.toml [tool.importlinter]:\n"
                    + done.stdout + done.stderr, pytrace=False)
    assert "0 broken" in done.stdout


@pytest.mark.parametrize(("library", "only"), [
    ("garminconnect", {"coach_tui.garmin.client"}),
    ("anthropic", {"coach_tui.coach.llm", "coach_tui.coach.llm.errors"}),  # the llm package
])
def test_one_module_imports_each_sdk(library, only):
    graph = grimp.build_graph("coach_tui", include_external_packages=True, cache_dir=None)
    assert graph.find_modules_that_directly_import(library) == only


def test_textual_is_imported_only_under_ui():
    graph = grimp.build_graph("coach_tui", include_external_packages=True, cache_dir=None)
    outside = {m for m in graph.find_modules_that_directly_import("textual")
               if not m.startswith("coach_tui.ui.")}
    assert outside == set()
