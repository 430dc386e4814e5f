"""A stretch of days a message names: the one shape every day word becomes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class Span:
    """A stretch of days the message names. `summary` spans also get a totals line."""

    label: str
    start: date
    end: date
    summary: bool

    @property
    def days(self) -> int:
        return (self.end - self.start).days + 1
