"""The habits users bring from other clients, driven with the pilot: the help screen (F1, `?`
in an empty box), exporting the open session, the palette's model remembered, copying any
message in select mode, and writing a message in $EDITOR."""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
from pathlib import Path

import pytest
from textual import events

from coach_tui.coach.llm import keystore
from coach_tui.coach.transcript import markdown_transcript
from coach_tui.config import Settings, load_settings
from coach_tui.context import Context
from coach_tui.store.settings import CHAT_MODEL, get_setting, set_setting
from coach_tui.ui.app import CoachApp
from coach_tui.ui.editor import editor_command
from coach_tui.ui.screens.confirm import ConfirmationModal
from coach_tui.ui.screens.export import ExportScreen
from coach_tui.ui.screens.help import HelpScreen, key_rows
from coach_tui.ui.widgets.chat import AssistantMessage, Notice, UserMessage
from coach_tui.ui.widgets.prompt import PromptInput
from coach_tui.ui.widgets.select_mode import SelectBar
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


async def test_a_question_typed_in_one_burst_is_sent_not_taken_for_help(coach_home):
    # A fast typist, a paste-like burst or keys typed while the app is still starting: the
    # keys arrive in one read, so the app sees `?` before the box has taken the words before it.
    ctx = _ctx()
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        prompt = app.screen.query_one(PromptInput)
        for char in "why?x":
            app.post_message(events.Key("question_mark" if char == "?" else char, char))
        await until(pilot, lambda: prompt.text == "why?x")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        assert prompt.text == "why?x"
    ctx.close()


async def test_a_question_and_its_enter_in_one_burst_send_the_question_whole(api, coach_home):
    # "go?" then Enter in one read (fast typing, a terminal's paste of a line): the `?` is part
    # of the message that Enter sends, and no help opens over the chat afterwards.
    ctx = _ctx()
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        api.queue_reply("Steady week.")
        for char in "go?":
            app.post_message(events.Key("question_mark" if char == "?" else char, char))
        app.post_message(events.Key("enter", None))
        await until(pilot, lambda: bool(screen.query(AssistantMessage)))
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        assert [m.text for m in screen.query(UserMessage)] == ["go?"]
        assert api.requests[-1]["messages"][-1]["content"][-1]["text"].endswith("go?")
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


async def test_select_mode_copies_any_message_not_only_the_last_reply(api, coach_home):
    ctx = _ctx()
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not screen.query(SelectBar)
        assert any("No message to copy yet" in n.message for n in app._notifications)

        api.queue_reply("Walk **after lunch** today.")
        await send(pilot, screen, "How far today?")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(screen.query(SelectBar)))
        bar = screen.query_one(SelectBar)
        assert app.focused is bar
        reply, question = screen.query_one(AssistantMessage), screen.query_one(UserMessage)
        assert bar.selected is reply and reply.has_class("-copy-selected")
        assert "the coach's reply (2 of 2)" in str(bar.render())
        await pilot.press("up", "up")  # past the first message: stays on it
        assert bar.selected is question and question.has_class("-copy-selected")
        assert not reply.has_class("-copy-selected")
        await pilot.press("down", "c")
        await until(pilot, lambda: not screen.query(SelectBar))
        assert app.clipboard == "Walk **after lunch** today."
        assert isinstance(app.focused, PromptInput)
        assert not screen.query(".-copy-selected")

        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(screen.query(SelectBar)))
        await pilot.press("k", "enter")  # your message
        await until(pilot, lambda: not screen.query(SelectBar))
        assert app.clipboard == "How far today?"

        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(screen.query(SelectBar)))
        await pilot.press("escape")  # leaves without copying
        await until(pilot, lambda: not screen.query(SelectBar))
        assert app.clipboard == "How far today?" and isinstance(app.focused, PromptInput)
    ctx.close()


@pytest.fixture
def editor_script(tmp_path, monkeypatch):
    """A real editor process (a small script) in place of vi; the terminal handover itself is
    a no-op here (the test driver has no terminal to hand over)."""
    script = tmp_path / "editor.py"
    seen = tmp_path / "seen.txt"
    script.write_text(
        "import os, stat, sys\n"
        "path = sys.argv[1]\n"
        f"open({str(seen)!r}, 'w').write(oct(stat.S_IMODE(os.stat(path).st_mode)) + '|' "
        "+ open(path).read())\n"
        "open(path, 'a').write(' and a long second paragraph.\\n')\n"
        "sys.exit(int(os.environ.get('EXIT_WITH', '0')))\n")
    monkeypatch.setenv("EDITOR", f"{sys.executable} {script}")
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setattr(CoachApp, "suspend", lambda self: contextlib.nullcontext())
    return seen


async def test_f4_writes_the_message_in_the_editor_and_puts_it_back_in_the_box(
        coach_home, editor_script, monkeypatch, tmp_path):
    # This test's own temporary folder: other runs on the machine write their messages too.
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    ctx = _ctx()
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        prompt = screen.query_one(PromptInput)
        prompt.text = "First paragraph"
        await pilot.press("f4")
        await pilot.pause()
        assert editor_script.read_text() == "0o600|First paragraph"
        assert prompt.text == "First paragraph and a long second paragraph."
        assert not list(Path(tempfile.gettempdir()).glob("coach-message-*"))  # removed

        monkeypatch.setenv("EXIT_WITH", "3")
        await pilot.press("f4")
        await pilot.pause()
        assert prompt.text == "First paragraph and a long second paragraph."  # unchanged
        assert any("exited with status 3" in n.message and "unchanged" in n.message
                   for n in app._notifications)

        monkeypatch.setenv("EDITOR", "no-such-editor-here --wait")
        await pilot.press("f4")
        await pilot.pause()
        assert any(n.message == "Not edited: the editor no-such-editor-here was not found "
                   "($EDITOR); the message box is unchanged." for n in app._notifications)
        assert prompt.text == "First paragraph and a long second paragraph."
    ctx.close()


def test_no_editor_anywhere_is_one_line(monkeypatch):
    monkeypatch.setattr("shutil.which", lambda name: None)
    assert editor_command({}) == ("No editor to open: set $EDITOR (for example export "
                                  "EDITOR=nano) and try again.")
    assert editor_command({"VISUAL": "code --wait", "EDITOR": "nano"}) == (
        ["code", "--wait"], "$VISUAL")
    assert editor_command({"EDITOR": "vim '"}).startswith("$EDITOR (vim ') cannot be read")


async def test_the_no_key_notice_says_both_ways_and_a_stored_key_lets_the_app_chat(
        api, coach_home, monkeypatch):
    server_key = api.api_key
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    ctx = _ctx()
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        greeting = str(screen.query(Notice).last().render())
        assert "coach-tui key set" in greeting and "ANTHROPIC_API_KEY" in greeting

    keystore.save(ctx.paths, server_key, use_keyring=False)
    assert keystore.load(ctx.paths) is None  # what `coach-tui` does before opening the app
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        api.queue_reply("Walk at lunch.")
        await send(pilot, screen, "How do I fit in a walk?")
        assert screen.query(AssistantMessage).last().markdown.source == "Walk at lunch."
    ctx.close()
