"""What the checker's later stages read of a number's verdict (verdict.NumberMention): one
protocol for all of them, so a stage depends on the shape of a verdict, not on verdict.py."""

from __future__ import annotations

from typing import Any, ClassVar, Protocol


class Mention(Protocol):
    """A number's verdict as a stage reads it."""

    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...
    @property
    def text(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def outcome(self) -> str: ...
    @property
    def source(self) -> str | None: ...


class Replaceable(Mention, Protocol):
    """A verdict a stage gives anew with `dataclasses.replace` (verdict.NumberMention is a
    dataclass)."""

    __dataclass_fields__: ClassVar[dict[str, Any]]
