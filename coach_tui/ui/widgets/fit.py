"""One-line labels that give way a whole part at a time.

A status line or a reply header is a few parts joined by a separator. When the line is wider
than its widget, `fit` drops the least important part (the highest rank; of equal ranks the
rightmost) until the rest fits, so the reader sees whole words ("$0.0123", "memory as of
2026-11-29") and never a stump ("0% cach", "1 not"). Only a single part that is wider than the
widget by itself is cut, with an ellipsis.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from textual.widgets import Label

from coach_tui.ui.widgets.literal import plain

Part = tuple[str, int]  # (text, rank): rank 0 goes last


def fit(parts: Sequence[Part], width: int, sep_width: int) -> list[int]:
    """The indexes of the parts to show, in their order, so that they fit in `width` cells."""
    return [i for i, _ in fit_forms([[part] for part in parts], width, sep_width)]


def fit_forms(parts: Sequence[Sequence[Part]], width: int, sep_width: int) -> list[tuple[int, str]]:
    """(index, text) of the parts to show, each part given as its forms, longest first.

    While the line is too wide, the shown part whose current form has the highest rank (of
    equal ranks the rightmost) gives way: to its next form, or, from its last, altogether.
    """
    form = [0] * len(parts)
    keep = list(range(len(parts)))

    def text(i: int) -> str:
        return parts[i][form[i]][0]

    def total() -> int:
        return sum(cell_len(text(i)) for i in keep) + sep_width * max(len(keep) - 1, 0)

    while total() > width:
        victim = max(keep, key=lambda i: (parts[i][form[i]][1], i))
        if form[victim] + 1 < len(parts[victim]):
            form[victim] += 1
        elif len(keep) > 1:
            keep.remove(victim)
        else:
            break
    return [(i, text(i)) for i in keep]


_TIME = re.compile(r"^(?:\d{4}-\d\d-\d\d )?\d\d:\d\d$")
HEADER_SEP = " · "


def header_parts(meta: str) -> list[Part]:
    """A reply header ('coach · 09:15 · $0.0009 · 1 number not from your records · 97%
    cached') as ranked parts: the warning stays longest (it is about this reply, and matters
    more than what it cost), then the cost, then the state ("writing…"), then the time; the
    cache share goes first."""
    parts: list[Part] = []
    for i, text in enumerate(meta.split(HEADER_SEP)):
        if i == 0:
            rank = 0
        elif "not from your records" in text:
            rank = 1
        elif text.startswith(("$", "≥$")):
            rank = 2
        elif text.endswith("% cached"):
            rank = 5
        elif _TIME.match(text):
            rank = 4
        else:
            rank = 3
        parts.append((text, rank))
    return parts


_WARNING = re.compile(r"^(\d+) numbers? (not from your records)$")


def header_forms(meta: str) -> list[list[Part]]:
    """`header_parts`, each as its forms, longest first: the warning gives way to the status
    line's shorter "2 not from your records" before the header lets it go."""
    forms: list[list[Part]] = []
    for text, rank in header_parts(meta):
        short = _WARNING.match(text)
        forms.append([(text, rank)] + ([(" ".join(short.groups()), rank)] if short else []))
    return forms


class FittedParts:
    """`parts` joined by `sep`, as many whole parts as fit the width it is drawn at (a key
    line: "Select · your message (2 of 5) · ↑ ↓ move · c or enter copy · esc leave")."""

    def __init__(self, parts: Sequence[Part], sep: str = HEADER_SEP) -> None:
        self.parts = list(parts)
        self.sep = sep

    def __str__(self) -> str:
        return self.sep.join(text for text, _ in self.parts)

    def __rich_console__(self, console: Console, options: ConsoleOptions):
        width = options.max_width
        keep = fit(self.parts, width, cell_len(self.sep)) if width else range(len(self.parts))
        text = plain(self.sep.join(self.parts[i][0] for i in keep))
        text.no_wrap = True
        text.overflow = "ellipsis"
        yield text

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(1, options.max_width)


class FittedHeader:
    """A header fitted to the width it is drawn at (Rich passes it in), so drawing it never
    asks the layout where the label is: a label's size looked up while the screen is being
    laid out lays out every widget in the app a second time."""

    def __init__(self, meta: str) -> None:
        self.meta = meta

    def __str__(self) -> str:
        """The whole header, as it reads when it fits."""
        return self.meta

    def __rich_console__(self, console: Console, options: ConsoleOptions):
        forms = header_forms(self.meta)
        width = options.max_width
        shown = fit_forms(forms, width, cell_len(HEADER_SEP)) if width else \
            [(i, form[0][0]) for i, form in enumerate(forms)]
        text = plain(HEADER_SEP.join(part for _, part in shown))
        text.no_wrap = True
        text.overflow = "ellipsis"
        yield text

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(1, options.max_width)


class FitLabel(Label):
    """A reply header: `meta` split into `header_parts`, shown as many whole parts as fit."""

    # The full width of its row: fitting to a width that is itself the text's would never
    # give a part back once one was dropped. One row: the header never wraps.
    DEFAULT_CSS = "FitLabel { width: 1fr; height: 1; }"

    def __init__(self, meta: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.meta = meta

    def set_meta(self, meta: str) -> None:
        self.meta = meta
        self.refresh()

    def render(self) -> FittedHeader:
        return FittedHeader(self.meta)
