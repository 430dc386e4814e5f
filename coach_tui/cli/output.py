"""Every byte a command writes to the terminal passes `coach_tui.text.visible`.

`visible_output()` wraps `sys.stdout` and `sys.stderr` for the length of a command, so the
rule holds for every print, every streamed reply chunk and argparse's own messages, without
each command remembering it. Writes stay unbuffered chunk by chunk: a streamed reply still
streams, and a control character split across chunks cannot slip through because the rule is
per character. The one control a command sends on purpose is a progress line's carriage
return on a terminal (`redraw`), written past the rule; the line itself still passes it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TextIO

from coach_tui.text import visible


class VisibleStream:
    """A text stream that writes `visible(text)` to the stream it wraps."""

    def __init__(self, raw: TextIO) -> None:
        self.raw = raw

    def write(self, text: str) -> int:
        self.raw.write(visible(text))
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str):
        # flush, isatty, fileno, encoding, ...: the wrapped stream's own.
        return getattr(self.raw, name)


def redraw(stream: TextIO, line: str) -> None:
    """Draw `line` over the terminal line the cursor is on: a raw carriage return, then the
    line made visible, cut to the terminal's width (a line that wraps can no longer be drawn
    over, and the frames would pile up) and padded with spaces over the last frame's rest."""
    raw = stream.raw if isinstance(stream, VisibleStream) else stream
    try:
        columns = os.get_terminal_size(raw.fileno()).columns
    except (AttributeError, OSError, ValueError):
        columns = 80  # not a real terminal (a test's buffer): the usual width
    width = max(columns - 1, 1)
    raw.write("\r" + visible(line)[:width].ljust(min(width, 72)))


@contextmanager
def visible_output() -> Iterator[None]:
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = VisibleStream(out), VisibleStream(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
