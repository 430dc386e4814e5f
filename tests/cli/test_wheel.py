"""`pip install .` (not editable) into a new venv, then the demo run from another directory.

The assets live at the top of the repository and reach the installed package only through
pyproject.toml's mapping, so this is the test that a user's install finds the persona and the
demo data. The source is copied first so the build's scratch files stay out of the tree. The new
venv gets the project's dependencies from the running environment through a .pth file, whose
folders come after the venv's own site-packages: the installed copy of coach_tui wins, and
PYTHONPATH (which points at the checkout in development) is removed from the environment.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.support import REPO

# One built venv for the module: under pytest-xdist its tests stay on one worker, which builds it
# once. Building and installing takes seconds.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("wheel")]

SOURCES = ("pyproject.toml", "README.md", "coach_tui", "assets")
# `--demo steps --days 3` on the pinned day: the last two demo days (the third is today).
STEPS_TABLE = [  # the demo ends yesterday: today has no data yet
    "2026-11-28  Sat   13,743  10,000   yes",
    "2026-11-29  Sun   11,883  10,000   yes",
    "2026-11-30  Mon  no data",
    "3 days, 2 with data, goal met on 2",
]


def run(argv: list, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in argv], capture_output=True, text=True, timeout=120,
                          **kwargs)


def files_under(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A venv holding coach-tui as `pip install .` puts it there; returns the venv folder."""
    root = tmp_path_factory.mktemp("wheel")
    source = root / "source"
    source.mkdir()
    for name in SOURCES:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(REPO / name, source / name)
    venv = root / "venv"
    made = run([sys.executable, "-m", "venv", "--without-pip", venv])
    assert made.returncode == 0, made.stderr
    # The wheel is built as a release builds it, with the setuptools pyproject's build-system
    # asks for (the running environment's, from the test extra: no build environment to make
    # and fill first), then the running pip installs it into the new venv (`--python`), which
    # saves bootstrapping one. 4.5 s against 6.9 s for `pip install SOURCE` in one step.
    wheel = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                 "--quiet", "--wheel-dir", root / "dist", source])
    assert wheel.returncode == 0, wheel.stderr
    pip = run([sys.executable, "-m", "pip", "--python", venv / "bin" / "python", "install",
               "--no-deps", "--quiet", *(root / "dist").glob("coach_tui-*.whl")])
    assert pip.returncode == 0, pip.stderr
    purelib = Path(run([venv / "bin" / "python", "-c",
                        "import sysconfig; print(sysconfig.get_path('purelib'))"]).stdout.strip())
    deps = dict.fromkeys([sysconfig.get_path("purelib"), sysconfig.get_path("platlib")])
    (purelib / "zz_coach_tui_test_deps.pth").write_text("\n".join(deps) + "\n")
    return venv


@pytest.fixture
def coach_tui(installed, tmp_path, home):
    """Run the installed `coach-tui ARGS...` in a folder away from the checkout."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()

    def call(*args: str) -> subprocess.CompletedProcess:
        # Read at call time: the `api` fixture sets the Messages API's address in os.environ.
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
        return run([installed / "bin" / "coach-tui", *args], cwd=folder, env=env)

    return call


def test_the_installed_package_holds_the_code_and_the_assets(installed):
    found = run([installed / "bin" / "python", "-c",
                 "import coach_tui, pathlib; print(pathlib.Path(coach_tui.__file__).parent)"],
                cwd=installed.parent, env={"PATH": os.environ.get("PATH", "")})
    package = Path(found.stdout.strip())
    assert package.is_relative_to(installed), found.stderr
    # Every module of the checkout (so no package is missing from pyproject's list), every
    # asset under coach_tui/assets/, the stylesheet, and the schema the open check reads.
    wanted = ({p for p in files_under(REPO / "coach_tui") if p.endswith((".py", ".tcss"))}
              | {"store/schema.sql"}
              | {f"assets/{p}" for p in files_under(REPO / "assets")})
    assert wanted <= files_under(package)


def test_the_demo_opens_from_another_directory(coach_tui):
    facts = coach_tui("--demo", "facts")
    assert facts.returncode == 0, facts.stderr
    assert facts.stdout.splitlines()[0] == "step goal streak: 14 days (through 2026-11-29)"

    steps = coach_tui("--demo", "steps", "--days", "3")
    assert steps.returncode == 0, steps.stderr
    assert steps.stdout.splitlines()[1:] == STEPS_TABLE

    journal = coach_tui("--demo", "journal", "list")
    assert journal.returncode == 0, journal.stderr
    assert "concrete plan" in journal.stdout


def test_the_installed_coach_speaks_with_the_shipped_persona(coach_tui, api):
    api.queue_reply("Good morning.")
    ask = coach_tui("--demo", "ask", "hello")
    assert ask.returncode == 0, ask.stderr
    assert ask.stdout == "Good morning.\n"
    persona = (REPO / "assets" / "persona.md").read_text(encoding="utf-8").strip()
    assert api.requests[0]["system"][0]["text"] == persona
