"""Every byte a command writes to the terminal passes `coach_tui.text.visible`; `--json`.

`visible_output()` wraps `sys.stdout` and `sys.stderr` for the length of a command, so the
rule holds for every print, every streamed reply chunk and argparse's own messages, without
each command remembering it. Writes stay unbuffered chunk by chunk: a streamed reply still
streams, and a control character split across chunks cannot slip through because the rule is
per character. The one control a command sends on purpose is a progress line's carriage
return on a terminal (`redraw`), written past the rule; the line itself still passes it.

A stream the shell closed (`coach-tui facts >&-`) is None in Python: writing to a closed stdout
raises ClosedOutput, which the CLI says in one line; what would go to a closed stderr is
dropped (a None stderr would send `print(..., file=sys.stderr)` to stdout).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TextIO

from coach_tui.text import visible


class ClosedOutput(OSError):
    """A command wrote to a standard output the shell had closed."""

    def __init__(self) -> None:
        super().__init__("standard output is closed (as with `>&-`), so the output has nowhere "
                         "to go; run the command with an open stdout, or redirect it to "
                         "/dev/null to discard it")


class _Closed:
    """Where a closed stream's writes go: refused (stdout) or dropped (stderr)."""

    def __init__(self, refuse: bool) -> None:
        self.refuse = refuse

    def write(self, text: str) -> int:
        if self.refuse:
            raise ClosedOutput()
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


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
    sys.stdout = VisibleStream(out if out is not None else _Closed(True))  # type: ignore[arg-type]
    sys.stderr = VisibleStream(err if err is not None else _Closed(False))  # type: ignore[arg-type]
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def print_json(value: object) -> None:
    """A command's `--json` answer: one JSON document on stdout, indented, keys in the order
    the command builds them (they are part of its interface: README.md and tests/cli keep
    them). Non-ASCII text stays readable; JSON escapes every control character itself."""
    print(json.dumps(value, indent=2, ensure_ascii=False))
