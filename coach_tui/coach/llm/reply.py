"""What a model call gives back: the reply's text, its ids, usage and why it stopped."""

from __future__ import annotations

from dataclasses import dataclass

from coach_tui.coach.pricing import Usage

# Stop reasons that mean the model finished what it meant to say.
COMPLETE_STOPS = ("end_turn", "stop_sequence")


@dataclass(frozen=True)
class Reply:
    text: str
    response_id: str | None
    model: str
    usage: Usage
    cache_miss_reason: str | None
    stop_reason: str | None

    @property
    def complete(self) -> bool:
        return self.stop_reason in COMPLETE_STOPS
