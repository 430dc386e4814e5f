"""Every byte a command writes to the terminal passes `coach_tui.text.visible`; `--json`.

`visible_output()` wraps `sys.stdout` and `sys.stderr` for the length of a command, so the
rule holds for every print, every streamed reply chunk and argparse's own messages, without
each command remembering it. Writes stay unbuffered chunk by chunk: a streamed reply still
streams, and a control character split across chunks cannot slip through because the rule is
per character.
"""

from __future__ import annotations

import json
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


@contextmanager
def visible_output() -> Iterator[None]:
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = VisibleStream(out), VisibleStream(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def print_json(value: object) -> None:
    """A command's `--json` answer: one JSON document on stdout, indented, keys in the order
    the command builds them (they are part of its interface: README.md and tests/cli keep
    them). Non-ASCII text stays readable; JSON escapes every control character itself."""
    print(json.dumps(value, indent=2, ensure_ascii=False))
