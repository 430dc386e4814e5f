"""Every private name of Textual this app uses, in one module, each where no public API does it.

Everything else in `ui/` uses Textual's public API only. Each use here says why, and
tests/app/test_textual_private.py fails, naming the name, when a Textual upgrade removes or
changes one of them (read it before upgrading Textual).

    OneLineFatalError
        An App base whose unhandled exception ends as one line on the terminal (the failure
        policy) instead of Textual's traceback with locals. Textual has no public hook for an
        unhandled exception: `_fatal_error` is the one it calls, and `_exception` holds the
        error. The line is shown with the public `App.panic`.
    bindings_of(node)
        Every (key, Binding) a node has, enabled or not, as remapped by the keymap. The public
        `Screen.active_bindings` leaves out disabled ones, and the palette lists those too.
    markdown_blocks(widget, source) / note_markdown_source(widget, source)
        A Markdown widget whose blocks are built while it is composed, so a stored reply mounts
        in the same pass as its message (`Markdown.update` parses in a thread and mounts in a
        second pass). The first builds the blocks (`_build_from_source`); the second notes the
        text as `Markdown.update` would (`_theme`, `_markdown`, `_table_of_contents`,
        `_last_parsed_line`) without mounting anything, so `append` and `source` keep working.
    follows_bottom(widget)
        Whether an anchored scroll still follows its bottom (the reader has not scrolled away):
        the chat keeps such a view at the bottom when messages are drawn above, and the
        reader's place otherwise (ChatView.arrange). Textual keeps this as `_anchored` /
        `_anchor_released`, with no public reader; the scroll position alone lags a frame
        behind a deferred `scroll_end`.
    keep_newest_notifications(app, keep)
        At most `keep` toasts on screen: when a new one comes, an older one goes (information
        before a warning). Textual keeps
        every notification until its timeout and has no public way to remove one
        (`_notifications`, `_unnotify`).
    forget_let_go_renders()
        Let the rendering of widgets that were removed be freed. Textual's
        `StylesCache.get_inner_outer` is an `lru_cache` on a method, so its keys hold the
        StylesCache of up to 1,024 widgets, each with the lines it last drew, long after the
        widget is gone: scrolling a long session (which draws and lets go of hundreds of
        messages) grew memory by 20 MB that way. Clearing it costs one recomputed pair of
        styles per widget drawn next.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

from rich.text import Text
from textual._styles_cache import StylesCache
from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.widget import Widget
from textual.widgets import Markdown
from textual.widgets.markdown import MarkdownBlock

# What `note_markdown_source` sets: the attributes Markdown.update assigns (the test checks
# that Textual's update still assigns exactly these).
MARKDOWN_UPDATE_ATTRIBUTES = ("_theme", "_markdown", "_table_of_contents", "_last_parsed_line")


class OneLineFatalError(App[int]):
    """Subclasses say what the user reads (`fatal_error_line`); nothing else is printed."""

    def fatal_error_line(self, error: BaseException) -> str:
        raise NotImplementedError

    def _fatal_error(self) -> None:  # Textual's handler for an unhandled exception
        error = self._exception or sys.exc_info()[1] or RuntimeError("unknown error")
        self.bell()
        self.panic(Text(self.fatal_error_line(error)))


def bindings_of(node: DOMNode) -> Iterator[tuple[str, Binding]]:
    for key, bindings in node._bindings.key_to_bindings.items():
        for binding in bindings:
            yield key, binding


def markdown_blocks(widget: Markdown, source: str) -> list[MarkdownBlock]:
    return widget._build_from_source(source)


def note_markdown_source(widget: Markdown, source: str) -> None:
    widget._theme = widget.app.theme
    widget._markdown = source
    widget._table_of_contents = None
    lines = source.splitlines()
    widget._last_parsed_line = len(lines) - (1 if lines and lines[-1] else 0)


def follows_bottom(widget: Widget) -> bool:
    return widget._anchored and not widget._anchor_released


_SEVERITY = {"information": 0, "warning": 1, "error": 2}


def keep_newest_notifications(app: App, keep: int) -> None:
    """Dismiss all but `keep` notifications (see the module docstring): information before a
    warning or an error, and of those the oldest first."""
    shown = list(app._notifications)
    order = sorted(range(len(shown)), key=lambda i: (_SEVERITY.get(shown[i].severity, 0), i))
    for i in order[: max(len(shown) - keep, 0)]:
        app._unnotify(shown[i])


def forget_let_go_renders() -> None:
    StylesCache.get_inner_outer.cache_clear()
