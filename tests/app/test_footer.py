"""The key footer is rebuilt when the keys it shows change, and only then (ui/widgets/footer.py):
a change of the bindings that changes no key it shows (a focus move between widgets with the
same keys, a refresh) leaves it as it was."""

from __future__ import annotations

import inspect
import threading

from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from coach_tui.context import Context
from coach_tui.ui.app import CoachApp
from coach_tui.ui.widgets.footer import KeyFooter
from coach_tui.ui.widgets.journal import JournalList
from coach_tui.ui.widgets.prompt import PromptInput
from tests.support import opened, until


def shown(screen) -> tuple[list[FooterKey], list[str]]:
    keys = list(screen.query_one(KeyFooter).query(FooterKey))
    return keys, [key.description for key in keys]


async def test_the_footer_changes_with_the_keys_and_stays_when_they_stay(coach_home):
    ctx = Context(demo=True)  # journal lines to focus
    async with CoachApp(ctx).run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await pilot.pause()
        keys, described = shown(screen)
        assert "Sessions" in described and "Open" not in described
        screen.query_one(JournalList).focus()      # the journal brings its own keys
        # (the footer redraws on the next refresh after the focus moves: waited for, not a
        # single pause, which a busy host can outrun)
        await until(pilot, lambda: "Open" in shown(screen)[1])
        journal_keys, described = shown(screen)
        assert "Open" in described and "Delete" in described
        screen.query_one(PromptInput).focus()      # back: the footer shows the first keys
        first = [k.description for k in keys]
        await until(pilot, lambda: shown(screen)[1] == first)   # (recomposed: empty between)
        again, described = shown(screen)
        assert [k.description for k in again] == [k.description for k in keys]
        screen.refresh_bindings()                  # told of a change that changes no key
        await pilot.pause()
        assert all(a is b for a, b in zip(shown(screen)[0], again, strict=True))  # not rebuilt
    ctx.close()


def test_textual_still_tells_the_footer_of_each_change_through_bindings_changed():
    # KeyFooter overrides it; were it renamed, the footer would still be right but rebuilt on
    # every focus move again (a third of the app's work on each).
    assert "bindings_updated_signal.subscribe(self, self.bindings_changed)" in inspect.getsource(
        Footer.on_mount)
    assert "self.recompose" in inspect.getsource(Footer.bindings_changed)


async def test_the_stop_key_shows_while_a_reply_is_on_its_way_and_goes_when_it_ends(api,
                                                                                     coach_home):
    api.thinking_until = threading.Event()  # the reply is on its way until the test saw the key
    api.queue_reply("Walk after lunch.")
    ctx = Context()
    async with CoachApp(ctx).run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await pilot.pause()
        assert "Stop" not in shown(screen)[1]
        screen.query_one(PromptInput).text = "How am I doing?"
        await pilot.press("enter")
        await until(pilot, lambda: "Stop" in shown(screen)[1])
        api.thinking_until.set()
        await until(pilot, lambda: not screen.turn_running)
        await until(pilot, lambda: "Stop" not in shown(screen)[1])
    ctx.close()
