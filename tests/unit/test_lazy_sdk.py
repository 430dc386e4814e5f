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
