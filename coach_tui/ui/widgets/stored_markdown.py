"""How a finished reply read from the store is set: Rich's Markdown, as Textual's reads.

Textual's `Markdown` builds a widget per block (a paragraph, a list, each list item and the
paragraph inside it): a short reply is a dozen widgets, and every one of them is placed again
whenever anything in the chat moves. A reply drawn from the store is instead lines of the
history (history.py) drawn from `ReplyMarkdown`: Rich's Markdown, its lists set like Textual's
(`•` flush with the text, `1.` numbers) and its headings left-aligned, so it reads the same as
the replies streamed in this session. Its text went through `literal` first (turn_lines.py),
like a streamed one: escape sequences are shown, never executed.
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from markdown_it import MarkdownIt
from rich.console import Console, ConsoleOptions, JustifyMethod, RenderResult
from rich.markdown import Heading, ListItem, Markdown
from rich.segment import Segment
from rich.text import Text


class _Item(ListItem):
    """A list item set as Textual sets it: '• ' or ' 1. ' then the text, wrapped under it."""

    def _lines(self, console: Console, options: ConsoleOptions, mark: str) -> RenderResult:
        width = len(mark)
        lines = console.render_lines(self.elements, options.update(width=options.max_width
                                                                    - width), style=self.style)
        style = console.get_style("markdown.item.bullet", default="none")
        for first, line in ((i == 0, line) for i, line in enumerate(lines)):
            yield Segment(mark if first else " " * width, style)
            yield from line
            yield Segment("\n")

    def render_bullet(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self._lines(console, options, "• ")

    def render_number(self, console: Console, options: ConsoleOptions, number: int,
                      last_number: int) -> RenderResult:
        yield from self._lines(console, options,
                               f"{number}.".rjust(len(str(last_number)) + 2) + " ")


class _Heading(Heading):
    """Left-aligned, with a blank line more above it than a paragraph has, as in Textual."""

    LEVEL_ALIGN: ClassVar[dict[str, JustifyMethod]] = {}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text()
        yield from super().__rich_console__(console, options)


@cache
def _parser() -> MarkdownIt:
    """Rich builds a parser for each Markdown it is given (most of the time it takes to set a
    short reply); stored replies are set with this one, built once, on the UI thread."""
    return MarkdownIt().enable("strikethrough").enable("table")


class ReplyMarkdown(Markdown):
    elements = {**Markdown.elements, "list_item_open": _Item, "heading_open": _Heading}

    def __init__(self, markup: str, *, hyperlinks: bool = False) -> None:
        # Rich's Markdown.__init__ with its defaults, parsing with the shared parser
        # (tests/unit/test_stored_markdown.py checks it still sets exactly these).
        self.markup = markup
        self.parsed = _parser().parse(markup)
        self.code_theme = "monokai"
        self.justify: JustifyMethod | None = None
        self.style = "none"
        self.hyperlinks = hyperlinks
        self.inline_code_lexer = None
        self.inline_code_theme = self.code_theme
