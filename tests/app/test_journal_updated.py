"""A journal line reflection rewrote in place of one it refined shows as "updated" in the
sidebar, and opening it shows what it said before."""

from __future__ import annotations

from coach_tui.context import Context
from coach_tui.memory import journal
from coach_tui.memory.reflect import reflect_on_artifact
from coach_tui.ui.app import CoachApp
from coach_tui.ui.screens.journal_line import JournalLineScreen
from coach_tui.ui.widgets.journal import UPDATED_MARK, JournalList
from tests.support import opened


async def test_an_updated_line_is_marked_and_shows_its_old_wording(coach_home):
    ctx = Context()
    try:
        old = journal.save_entry(ctx.conn, "Walks at lunch", source="review",
                                 source_key="week:2026-W46", entry_date="2026-11-16")
        kept = journal.save_entry(ctx.conn, "Prefers trails", source="user",
                                  entry_date="2026-11-20")
        [new] = reflect_on_artifact(
            ctx.conn, "r", source="review", source_key="week:2026-W48",
            entry_date="2026-11-30",
            generate=lambda prompt: f"REPLACE {old}: Walks at lunch on office days")
        app = CoachApp(ctx)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await opened(pilot)
            jl = screen.query_one(JournalList)
            assert UPDATED_MARK in str(jl.get_option(str(new)).prompt)
            assert UPDATED_MARK not in str(jl.get_option(str(kept)).prompt)
            await pilot.press("tab")
            jl.highlighted = jl.get_option_index(str(new))
            await pilot.press("enter")
            assert isinstance(app.screen, JournalLineScreen)
            shown = " ".join(str(w.render()) for w in app.screen.query(".dialog-meta"))
            assert "Updated; it said before: Walks at lunch" in shown
    finally:
        ctx.close()
