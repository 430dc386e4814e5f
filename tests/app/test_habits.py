"""The habits users bring from other clients, driven with the pilot: the help screen (F1, `?`
in an empty box), exporting the open session, the palette's model remembered, copying any
message in select mode, and writing a message in $EDITOR."""

from __future__ import annotations

import io

from coach_tui.coach.transcript import markdown_transcript
from coach_tui.config import Settings, load_settings
from coach_tui.context import Context
from coach_tui.store.settings import CHAT_MODEL, get_setting, set_setting
from coach_tui.ui.app import CoachApp
from coach_tui.ui.screens.confirm import ConfirmationModal
from coach_tui.ui.screens.export import ExportScreen
from coach_tui.ui.screens.help import HelpScreen, key_rows
from coach_tui.ui.widgets.prompt import PromptInput
from tests.support import opened, send, until


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


def palette_command(app, screen, starts: str):
    found = [c for c in app.get_system_commands(screen) if c.title.startswith(starts)]
    assert len(found) == 1, starts
    # Run as the palette runs it: on the app's loop, in its context.
    return lambda: app.call_later(found[0].callback)


async def test_export_the_open_session_from_the_palette_like_sessions_export(
        api, coach_home, tmp_path):
    ctx = _ctx()
    app = CoachApp(ctx)
    target = tmp_path / "out" / "knee.md"
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        export = palette_command(app, screen, "Export this session")
        export()  # nothing sent yet: nothing stored to export
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, ExportScreen)
        assert any("Nothing to export yet" in n.message for n in app._notifications)

        api.queue_reply("Rest **today**.")
        await send(pilot, screen, "My knee hurts")
        export()
        await until(pilot, lambda: isinstance(app.screen, ExportScreen))
        field = app.screen.query_one("#export-path")
        assert field.value == str(tmp_path.cwd() / "coach-session-1.md")
        field.value = "-"
        await pilot.press("enter")
        assert "standard output" in str(app.screen.query_one("#export-error").render())
        field.value = str(target)
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, ExportScreen))
        assert target.read_text() == markdown_transcript(ctx.conn, 1)
        assert target.stat().st_mode & 0o777 == 0o600
        assert target.parent.stat().st_mode & 0o777 == 0o700

        # A file that exists is replaced only after a yes.
        target.write_text("mine")
        export()
        await until(pilot, lambda: isinstance(app.screen, ExportScreen))
        app.screen.query_one("#export-path").value = str(target.parent)  # a folder: inside it
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, ExportScreen))
        assert (target.parent / "coach-session-1.md").exists()
        export()
        await until(pilot, lambda: isinstance(app.screen, ExportScreen))
        app.screen.query_one("#export-path").value = str(target)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ConfirmationModal))
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, ExportScreen))
        assert target.read_text() == "mine"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ConfirmationModal))
        await pilot.press("y")
        await until(pilot, lambda: not isinstance(app.screen, (ExportScreen, ConfirmationModal)))
        assert target.read_text().startswith("# Session 1: My knee hurts")
    ctx.close()


async def test_the_model_picked_in_the_palette_is_used_after_a_restart(coach_home):
    ctx = _ctx()
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        assert screen.session.model == "claude-sonnet-5-5"
        palette_command(app, screen, "Model for the next session: claude-haiku-5-5")()
        await pilot.pause()
    assert get_setting(ctx.conn, CHAT_MODEL) == "claude-haiku-5-5"
    ctx.close()

    ctx = _ctx()
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        assert screen.session.model == "claude-haiku-5-5"
    # A remembered model config.toml no longer prices is ignored: the configured one is used.
    set_setting(ctx.conn, CHAT_MODEL, "claude-gone-1")
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        assert screen.session.model == "claude-sonnet-5-5"
    ctx.close()
