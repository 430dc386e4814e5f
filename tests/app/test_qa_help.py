"""The help screen reads as one table: keys, what they do and binding ids in the same columns
from the first section to the last."""

from __future__ import annotations

import io

from rich.console import Console
from textual.widgets import Static

from coach_tui.context import Context
from coach_tui.ui.app import CoachApp
from coach_tui.ui.screens.help import HelpScreen, key_rows
from tests.support import opened, until


async def test_every_section_of_the_help_lines_up_its_columns(coach_home):
    ctx = Context()
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        console = Console(width=96, record=True, file=io.StringIO())
        console.print(app.screen.query_one("#help-keys", Static).content)
        lines = console.export_text().splitlines()
        rows = key_rows(app)
        id_columns, does_columns = set(), set()
        for _, keys, does, binding_id in rows:
            [line] = [x for x in lines if x.startswith(keys + " ") and binding_id in x]
            id_columns.add(line.rindex(binding_id))
            does_columns.add(line.index(does[:12]))
        assert len(id_columns) == 1, id_columns      # ids start at the same column
        assert len(does_columns) == 1, does_columns  # descriptions start at the same column
    ctx.close()
