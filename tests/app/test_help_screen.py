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
        # A key bound by its character's name reads as the character.
        assert "question_mark" not in "\n".join(lines)
        assert any(keys.split(", ")[-1] == "?" for _, keys, _, _ in rows)
        assert len(id_columns) == 1, id_columns      # ids start at the same column
        assert len(does_columns) == 1, does_columns  # descriptions start at the same column
    ctx.close()


async def test_a_question_mark_typed_first_in_a_burst_is_typed_with_the_words_after_it(
        coach_home):
    # "?is that right" typed fast into an empty box: the words after `?` arrive in the same read,
    # so they are typing, not a help screen over the box with the `?` eaten.
    from textual import events

    from coach_tui.ui.widgets.prompt import PromptInput

    ctx = Context()
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        prompt = app.screen.query_one(PromptInput)
        for char in "?is it":
            key = {"?": "question_mark", " ": "space"}.get(char, char)
            app.post_message(events.Key(key, char))
        await until(pilot, lambda: prompt.text.endswith("it"))
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        assert prompt.text == "?is it" and prompt.cursor_location == (0, 6)
        await pilot.press("x")
        assert prompt.text == "?is itx"
        # `?` alone in an empty box still opens help.
        prompt.text = ""
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
    ctx.close()


async def test_every_palette_command_explains_itself_in_more_than_one_word(coach_home):
    ctx = Context()
    app = CoachApp(ctx)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        bare = [(c.title, c.help) for c in app.get_system_commands(screen)
                if len(c.help.split()) < 2]
        assert bare == []
    ctx.close()
