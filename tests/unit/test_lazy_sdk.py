"""Importing the engine (and the CLI that registers `ask`) must not load the anthropic SDK."""

import subprocess
import sys

from tests.support import REPO


def test_engine_modules_do_not_load_anthropic():
    code = (
        "import sys\n"
        "import coach_tui.coach, coach_tui.coach.session, coach_tui.coach.review\n"
        "import coach_tui.coach.prompts, coach_tui.coach.pricing, coach_tui.coach.llm\n"
        "import coach_tui.memory.recall, coach_tui.cli.coach_cmds\n"
        "from coach_tui.cli import build_parser\n"
        "build_parser()\n"
        "heavy = sorted(m for m in sys.modules"
        " if m.split('.')[0] in ('anthropic', 'httpx2', 'httpx'))\n"
        "print(heavy)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_opening_the_app_reads_no_subcommand_module_nor_the_package_version(tmp_path):
    # `coach-tui` and `coach-tui --demo` open the app: the first frame waits for neither the
    # subcommands' modules (Garmin sync, exports...) nor importlib.metadata. Without a terminal
    # the app is refused with its one line (exit 2) at the point the app would start.
    code = (
        "import sys\n"
        "from coach_tui.cli import main\n"
        "code = main(['--demo'])\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('coach_tui.cli.')"
        " or m in ('importlib.metadata', 'coach_tui.garmin.sync'))\n"
        "print(code, loaded)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
                         timeout=60, env={"COACH_TUI_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
                         stdin=subprocess.DEVNULL)
    assert out.stdout.strip() == "2 ['coach_tui.cli.output']", out.stderr
    assert "needs a terminal" in out.stderr
