"""The habits users bring from other clients, driven with the pilot: the help screen (F1, `?`
in an empty box), exporting the open session, the palette's model remembered, copying any
message in select mode, and writing a message in $EDITOR."""

from __future__ import annotations

import io

from coach_tui.config import Settings, load_settings
from coach_tui.context import Context
from coach_tui.ui.app import CoachApp
from coach_tui.ui.screens.help import HelpScreen, key_rows
from coach_tui.ui.widgets.prompt import PromptInput
from tests.support import opened, until


def _ctx(settings: Settings | None = None) -> Context:
    return Context(settings=settings)


def help_text(app) -> str:
    screen = app.screen
    assert isinstance(screen, HelpScreen)
    from rich.console import Console
    from textual.widgets import Static

    console = Console(width=200, record=True, file=io.StringIO())
    for widget_id in ("#help-keys", "#help-data"):
        console.print(screen.query_one(widget_id, Static).content)
    return console.export_text()


async def test_f1_and_question_mark_in_an_empty_box_show_every_key_and_where_data_lives(
        coach_home):
    ctx = _ctx()
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        text = help_text(app)
        for line in ("ctrl+t", "memory.toggle", "ctrl+q", "app.quit", "f1", "app.help",
                     "sessions.rename", "chat.send"):
            assert line in text
        assert str(ctx.paths.db_file) in text and str(ctx.paths.config_file) in text
        assert str(ctx.paths.logs_dir) in text
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, HelpScreen))

        prompt = app.screen.query_one(PromptInput)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, HelpScreen))
        # With words in the box, ? is typed like any other character.
        await pilot.press("w", "h", "y", "question_mark")
        await pilot.pause()
        assert prompt.text == "why?" and not isinstance(app.screen, HelpScreen)
    ctx.close()


async def test_help_shows_keys_as_config_remaps_them(coach_home):
    coach_home.mkdir(parents=True, exist_ok=True)
    (coach_home / "config.toml").write_text('[keys]\n"memory.toggle" = "f2"\n')
    ctx = _ctx(load_settings())
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        rows = {binding_id: keys for _, keys, _, binding_id in key_rows(app)}
        assert rows["memory.toggle"] == "f2"
        assert rows["app.help"] == "f1"
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert "f2" in help_text(app)
    ctx.close()
