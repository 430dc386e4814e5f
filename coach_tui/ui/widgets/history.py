"""A resumed session's stored messages, drawn as lines by one widget.

Contract:
- `HistoryView` shows a run of `Block`s (a stored message, a stored reply, or a notice about
  one), each drawn once at the widget's width into Strips, cached, and redrawn only when the
  width or the theme changes. The widget's height is the sum of its blocks' heights, and
  Textual asks it for the lines in view only (the Line API): scrolling past a thousand drawn
  messages lays out one widget and draws one screenful of cached lines.
- A block reads as the widgets of a message of this session read (chat.py, app.tcss): a blank
  line above it, the header in the muted colour, the text behind an outer left border (yours on
  the accent tint, the coach's as Markdown with a blank line under it), a notice in its colour.
  The component classes below carry the same CSS values as `.message` and `.notice`.
- Blocks are added above or below and taken away at either end (chat_window.py). While more
  is stored beyond an end, blank rows stand for it there (`pad_above`, `pad_below`, refilled
  to `reserve`): a batch drawn there takes the place of as many blank rows, and one let go
  leaves as many, so the widget keeps its height and nothing is laid out again; only when the
  blank rows run out (or the session's end is drawn) does the height change. The rows that
  change above the view then are kept as `shift` until ChatView.arrange takes them, so the
  reader's place holds in the layout pass that places the change.
- A click on a reply posts `Inspect` with its stored turn (its sources open); the pointer over
  a reply with numbers not from the records shows why they are highlighted. `selected` is the
  block select mode highlights.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.text import Text
from textual import events
from textual.color import Color
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual, visualize
from textual.widget import Widget

from coach_tui.ui.widgets.fit import FittedHeader
from coach_tui.ui.widgets.literal import plain

if TYPE_CHECKING:  # imported when a reply is first drawn: Rich's Markdown is not in the
    from coach_tui.ui.widgets.stored_markdown import ReplyMarkdown  # first frame (issue 23)

BORDER = "▌"  # Textual's "outer" left border
OUTLINE = "█"  # Textual's "thick" left outline (select mode's highlight)


@dataclass(eq=False)
class Block:
    """One stored message, reply or notice as the chat shows it.

    kind: "user", "reply", or a notice's kind ("hint", "error", "info"). `text` is what is
    shown and what select mode copies (a reply's Markdown, its unverified numbers marked)."""

    turn_id: int
    kind: str
    text: str
    meta: str = ""
    unverified: bool = False

    @property
    def is_message(self) -> bool:
        return self.kind in ("user", "reply")


class HistoryView(Widget):
    """Stored blocks drawn as cached lines (see the module docstring)."""

    @dataclass
    class Inspect(Message):
        """The reader clicked a stored reply: show where its numbers come from."""

        turn_id: int

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "history--meta", "history--user", "history--user-border", "history--reply-border",
        "history--info", "history--hint", "history--error", "history--error-border",
        "history--selected", "history--selected-border",
    }

    # The same values as `.message` / `.notice` in app.tcss and select mode's highlight.
    DEFAULT_CSS = """
    HistoryView { height: auto; }
    HistoryView > .history--meta { color: $text-muted; }
    HistoryView > .history--user { background: $accent 10%; }
    HistoryView > .history--user-border { color: $accent; }
    HistoryView > .history--reply-border { color: $success 60%; }
    HistoryView > .history--info { color: $text-muted; }
    HistoryView > .history--hint { color: $text-muted; text-style: italic; }
    HistoryView > .history--error { color: $text-error; background: $error 10%; }
    HistoryView > .history--error-border { color: $error; }
    HistoryView > .history--selected { background: $accent 15%; }
    HistoryView > .history--selected-border { color: $accent; }
    """

    auto_links = False  # replies are set without links (hyperlinks=False)

    def __init__(self, blocks: list[Block], **kwargs) -> None:
        super().__init__(**kwargs)
        self.blocks = list(blocks)
        self.shift = 0  # rows added (less rows taken) above, not yet taken by the layout
        self.pad_above = 0  # blank rows standing for stored messages not drawn above
        self.pad_below = 0  # ... and below
        self.reserve = 0    # the blank rows kept at an end while more is stored beyond it
        self.selected: Block | None = None
        self._width = 0
        self._drawn: dict[int, list[Strip]] = {}  # id(block) -> its lines at _width
        self._tops: list[int] | None = None      # the first row of each block
        self._styles: dict[tuple[str, Color | None], Style] = {}  # _style's, for this theme

    # ------------------------------------------------------------------ blocks
    def padded(self, *, above: bool, below: bool) -> None:
        """Blank rows at the ends where more is stored (a new history, before its layout)."""
        self.pad_above = self.reserve if above else 0
        self.pad_below = self.reserve if below else 0
        self._tops = None

    def unpad(self, *, above: bool) -> None:
        """Take away the blank rows above (or below): the view on them moves onto the blocks."""
        if above:
            self.shift -= self.pad_above
            self.pad_above = 0
        else:
            self.pad_below = 0
        self._changed(layout=True)

    def prepend(self, blocks: list[Block], *, more: bool) -> None:
        """Draw `blocks` above the others; `more`: more is stored above them."""
        self.blocks[:0] = blocks
        self._fill(blocks, above=True, more=more)

    def append(self, blocks: list[Block], *, more: bool) -> None:
        self.blocks += blocks
        self._fill(blocks, above=False, more=more)

    def _fill(self, blocks: list[Block], *, above: bool, more: bool) -> None:
        """Let `blocks` take the place of blank rows at their end (refilled, or gone when
        nothing more is stored there, with a new layout)."""
        if not self._width:  # not laid out yet
            self._changed(layout=True)
            return
        rows = self.rows(blocks)
        pad = self.pad_above if above else self.pad_below
        left = pad - rows if more and pad >= rows else (self.reserve if more else 0)
        if above:
            self.pad_above = left
            self.shift += rows + left - pad
            start = left
        else:
            self.pad_below = left
            start = self.pad_above + self._end_rows() - rows
        self._changed(layout=left != pad - rows, rows=(start, rows))

    def drop_first(self, count: int) -> None:
        """Let go of the first `count` blocks: blank rows take their place."""
        gone, self.blocks = self.blocks[:count], self.blocks[count:]
        rows = self.rows(gone)
        self.pad_above += rows
        self._forget(gone, layout=False, rows=(self.pad_above - rows, rows))

    def drop_from(self, block: Block, *, keep_rows: bool = False) -> None:
        """Take away `block` and every block below it; `keep_rows`: blank rows take their
        place (they were let go, not replaced)."""
        index = self.blocks.index(block)
        gone, self.blocks = self.blocks[index:], self.blocks[:index]
        rows = self.rows(gone)
        if keep_rows:
            self.pad_below += rows
        self._forget(gone, layout=not keep_rows,
                     rows=(self.pad_above + self._end_rows(), rows))

    def _forget(self, gone: list[Block], *, layout: bool,
                rows: tuple[int, int] | None = None) -> None:
        for block in gone:
            self._drawn.pop(id(block), None)
            if block is self.selected:
                self.selected = None
        self._changed(layout=layout, rows=rows)

    def _end_rows(self) -> int:
        """The rows of the drawn blocks (from what is drawn now, not the cached offsets)."""
        return self.rows(self.blocks)

    def _changed(self, *, layout: bool, rows: tuple[int, int] | None = None) -> None:
        """Lay out again, or repaint: only `rows` (first, count) when given, so blocks drawn
        or let go out of view repaint nothing (a PageUp that draws the next batch above
        paints only the view)."""
        self._tops = None
        if layout or rows is None:
            self.refresh(layout=layout)
        elif rows[1] > 0:
            self.refresh(Region(0, rows[0], max(self.size.width, self._width), rows[1]))

    def drawn_span(self) -> tuple[int, int]:
        """The first and past-the-last row of the drawn blocks, in the chat's content."""
        top = self.virtual_region.y + self.pad_above
        return top, top + self._offsets()[-1] - self._offsets()[0]

    def take_shift(self) -> int:
        shift, self.shift = self.shift, 0
        return shift

    def select(self, block: Block | None) -> None:
        for old in (self.selected, block):
            if old is not None:
                self._drawn.pop(id(old), None)
        self.selected = block
        self.refresh()

    # ------------------------------------------------------------------ geometry
    def height_of(self, block: Block) -> int:
        return len(self._lines(block))

    def rows(self, blocks: list[Block]) -> int:
        return sum(self.height_of(b) for b in blocks)

    def _offsets(self) -> list[int]:
        if self._tops is None:
            tops, y = [], self.pad_above
            for block in self.blocks:
                tops.append(y)
                y += self.height_of(block)
            tops.append(y)
            self._tops = tops
        return self._tops

    def top_of(self, block: Block) -> int:
        """The row of `block`'s header (below its blank line) in this widget."""
        return self._offsets()[self.blocks.index(block)] + 1

    def block_region(self, block: Block) -> Region:
        """Where `block` is in the chat's scrolled content."""
        top = self._offsets()[self.blocks.index(block)]
        region = self.virtual_region
        return Region(region.x, region.y + top + 1, region.width, self.height_of(block) - 1)

    def block_at(self, y: int) -> Block | None:
        tops = self._offsets()
        index = bisect_right(tops, y) - 1
        return self.blocks[index] if 0 <= index < len(self.blocks) else None

    # ------------------------------------------------------------------ drawing
    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self._set_width(width)
        return self._offsets()[-1] + self.pad_below

    def _set_width(self, width: int) -> None:
        if width != self._width:
            self._width, self._drawn, self._tops = width, {}, None

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn, self._tops, self._styles = {}, None, {}  # a new theme: every colour

    def render_line(self, y: int) -> Strip:
        self._set_width(self.size.width)
        block = self.block_at(y)
        if block is None:
            return Strip.blank(self.size.width, self.visual_style.rich_style)
        lines = self._lines(block)
        row = y - self._offsets()[self.blocks.index(block)]
        return lines[row] if row < len(lines) else Strip.blank(self._width)

    def _lines(self, block: Block) -> list[Strip]:
        drawn = self._drawn.get(id(block))
        if drawn is None:
            drawn = self._drawn[id(block)] = self._draw(block, max(self._width, 8))
        return drawn

    def _style(self, component: str, under: Color | None = None) -> Style:
        """The visual style of `component`: its colour and text style over its background
        laid on `under` (default: what is behind this widget); worked out once a theme."""
        style = self._styles.get((component, under))
        if style is None:
            style = self._styles[component, under] = self._work_out_style(component, under)
        return style

    def _work_out_style(self, component: str, under: Color | None) -> Style:
        base = self.visual_style
        styles = self.get_component_styles(component)
        background = base.background if under is None else under
        assert background is not None
        if styles.has_rule("background"):
            background = background + styles.background
        foreground = styles.color if styles.has_rule("color") else base.foreground
        text = styles.text_style if styles.has_rule("text_style") else RichStyle()
        return Style(background=background, foreground=foreground, bold=text.bold,
                     dim=text.dim, italic=text.italic, underline=text.underline)

    def _content(self, renderable, width: int, style: Style) -> list[Strip]:
        visual = visualize(self, renderable, markup=False)
        rich = style.rich_style
        return [strip.adjust_cell_length(width, rich)
                for strip in Visual.to_strips(self, visual, width, None, style)]

    def _draw(self, block: Block, width: int) -> list[Strip]:
        base = self.visual_style
        behind = base.background
        assert behind is not None
        blank = Strip.blank(width, base.rich_style)
        lines = [blank]  # the margin above a message or notice
        chosen = block is self.selected
        if chosen:
            behind = self._style("history--selected").background or behind
        if block.is_message:
            meta = self._style("history--meta", behind)
            border: str | None
            shown: Text | ReplyMarkdown
            header = plain(block.meta) if block.kind == "user" else FittedHeader(block.meta)
            lines += [Strip([Segment(" ", meta.rich_style), *strip])
                      for strip in self._content(header, width - 1, meta)]
            if block.kind == "user":
                body = self._style("history--user", behind)
                border = "history--user-border"
                shown = plain(block.text)
            else:
                body = Style(background=behind, foreground=base.foreground)
                border = "history--reply-border"
                from coach_tui.ui.widgets.stored_markdown import ReplyMarkdown

                shown = ReplyMarkdown(block.text, hyperlinks=False)
            lines += self._boxed(shown, width, body, border, behind, bottom=block.kind == "reply")
        else:
            body = self._style(f"history--{block.kind}", behind)
            border = "history--error-border" if block.kind == "error" else None
            lines += self._boxed(plain(block.text), width, body, border, behind)
        if chosen:  # select mode's outline on the left, over the first cell
            edge = self._style("history--selected-border", behind)
            mark = Segment(OUTLINE, RichStyle.from_color(
                (behind + (edge.foreground or Color(0, 0, 0))).rich_color, behind.rich_color))
            lines[1:] = [Strip([mark, *line.crop(1, width)]) for line in lines[1:]]
        return lines

    def _boxed(self, renderable, width: int, body: Style, border: str | None, behind: Color,
               *, bottom: bool = False) -> list[Strip]:
        """`renderable` with one cell of padding each side (and a line under it when
        `bottom`), behind an outer left `border` in that component's colour."""
        inner = body.rich_style
        background = body.background or behind
        pad = Segment(" ", RichStyle.from_color(bgcolor=background.rich_color))
        left: list[Segment] = []
        if border is not None:
            colour = self._style(border, behind).foreground or Color(0, 0, 0)
            left = [Segment(BORDER, RichStyle.from_color((behind + colour).rich_color,
                                                         background.rich_color))]
        room = width - len(left) - 2
        lines = [Strip([*left, pad, *strip, pad])
                 for strip in self._content(renderable, max(room, 1), body)]
        if bottom:
            lines.append(Strip([*left, Segment(" " * (width - len(left)), inner)]))
        return lines

    # ------------------------------------------------------------------ the pointer
    def on_click(self, event: events.Click) -> None:
        block = self.block_at(event.y)
        if block is not None and block.kind == "reply":
            self.post_message(self.Inspect(block.turn_id))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        from coach_tui.ui.widgets.chat import NOT_FROM_RECORDS

        block = self.block_at(event.y)
        self.tooltip = NOT_FROM_RECORDS if block is not None and block.unverified else None
