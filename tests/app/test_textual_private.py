"""Loud when a Textual upgrade changes one of the private names ui/textual_private.py uses.

Each test names what broke; fix ui/textual_private.py (or drop the use, if Textual has grown
a public API for it) before upgrading Textual.
"""

from __future__ import annotations

import inspect
import re

from textual.app import App
from textual.binding import Binding, BindingsMap
from textual.widget import Widget
from textual.widgets import Markdown

from coach_tui.ui import textual_private


def test_textual_still_routes_an_unhandled_exception_through_fatal_error():
    handle = inspect.getsource(App._handle_exception)
    assert "self._exception = error" in handle, "App._handle_exception no longer sets _exception"
    assert "self._fatal_error()" in handle, "App._handle_exception no longer calls _fatal_error"
    assert inspect.signature(App._fatal_error).parameters.keys() == {"self"}
    assert "_fatal_error" in textual_private.OneLineFatalError.__dict__
    assert callable(App.panic)


def test_a_node_still_keeps_its_bindings_in_a_bindings_map():
    class Node(Widget):
        BINDINGS = [Binding("f9", "nothing", "Nothing", id="test.nothing")]

    node = Node()
    assert isinstance(node._bindings, BindingsMap), "DOMNode._bindings is not a BindingsMap"
    assert [(key, b.id) for key, b in textual_private.bindings_of(node)] == [
        ("f9", "test.nothing")]


def test_markdown_update_still_keeps_exactly_the_bookkeeping_we_mirror():
    update = inspect.getsource(Markdown.update)
    assigned = set(re.findall(r"self\.(_\w+)\s*=", update))
    assert assigned == set(textual_private.MARKDOWN_UPDATE_ATTRIBUTES), (
        f"Markdown.update now assigns {sorted(assigned)}; update note_markdown_source")
    assert "_last_parsed_line" in inspect.getsource(Markdown.append)
    assert inspect.signature(Markdown._build_from_source).parameters.keys() == {
        "self", "markdown"}


def test_the_compose_time_build_still_makes_the_blocks():
    widget = Markdown()
    blocks = textual_private.markdown_blocks(widget, "# Title\n\nSome *text*.\n")
    assert [type(b).__name__ for b in blocks] == ["MarkdownH1", "MarkdownParagraph"]


async def test_an_anchored_scroll_still_says_whether_it_follows_its_bottom():
    from textual.app import App
    from textual.containers import VerticalScroll
    from textual.widgets import Static

    from coach_tui.ui.textual_private import follows_bottom

    class Tall(App):
        def compose(self):
            with VerticalScroll():
                yield Static("line\n" * 100)

    app = Tall()
    async with app.run_test(size=(40, 10)) as pilot:
        scroll = app.query_one(VerticalScroll)
        assert not follows_bottom(scroll)  # not anchored
        scroll.anchor()
        await pilot.pause()
        assert follows_bottom(scroll)
        scroll.scroll_page_up(animate=False)
        await pilot.pause()
        assert not follows_bottom(scroll)  # the reader scrolled away
        scroll.scroll_end(animate=False)
        await pilot.pause()
        assert follows_bottom(scroll)


def test_an_app_still_keeps_its_notifications_where_we_trim_them():
    app = App()
    assert hasattr(app, "_notifications"), "App._notifications is gone"
    assert list(inspect.signature(App._unnotify).parameters)[:2] == ["self", "notification"]
    textual_private.keep_newest_notifications(app, 2)  # nothing to trim: no error


def test_the_styles_cache_still_keeps_its_pairs_of_styles_where_we_clear_them():
    from textual._styles_cache import StylesCache

    assert hasattr(StylesCache.get_inner_outer, "cache_clear"), \
        "StylesCache.get_inner_outer is no longer an lru_cache: drop forget_let_go_renders"
    textual_private.forget_let_go_renders()
    assert StylesCache.get_inner_outer.cache_info().currsize == 0
