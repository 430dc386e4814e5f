"""ctrl+r reviews the last whole Monday-to-Sunday week (coach/review.py `review_period`), and
every place that names the key says so: the palette, the key's tooltip (the footer and F1
help), the new session's hint and the README's keys table. None says "this week"."""

from __future__ import annotations

from pathlib import Path

from coach_tui.context import Context
from coach_tui.ui.app import CoachApp
from coach_tui.ui.screens.help import key_rows
from tests.support import drawn_texts, opened

WORDS = "the last whole week (Mon–Sun)"


async def test_ctrl_r_is_named_the_review_of_the_last_whole_week_everywhere(api):
    ctx = Context()
    try:
        async with CoachApp(ctx).run_test(size=(120, 40)) as pilot:
            screen = await opened(pilot)
            app = pilot.app
            [title] = [c.title for c in app.get_system_commands(screen)
                       if "review.write" in c.title]
            [binding] = [b.binding for b in screen.active_bindings.values()
                         if b.binding.id == "review.write"]
            [help_row] = [does for _, _, does, bid in key_rows(app) if bid == "review.write"]
            hints = [text for text in drawn_texts(screen, "hint") if "ctrl+r" in text]
    finally:
        ctx.close()
    for said in (title, binding.tooltip, help_row, *hints):
        assert WORDS in said.replace("Review the", "review the"), said
        assert "this week" not in said
    assert len(hints) == 1
    readme = (Path(__file__).parents[2] / "README.md").read_text()
    [row] = [line for line in readme.splitlines() if line.startswith("| ctrl+r |")]
    assert "the last whole week, Monday to Sunday" in row and "this week" not in row
