"""Token usage and what it costs.

A response's usage splits the prompt three ways: `input_tokens` (after the last cache
breakpoint, full price), `cache_creation_tokens` (written to the cache, 1.25x for 5 minutes)
and `cache_read_tokens` (read from it, about 0.1x). Their sum is everything sent. Prices come
from `settings.prices` in USD per million tokens as (input, cache write, cache read, output);
a model without a price has no cost (None), never a made-up one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

PER_TOKENS = 1_000_000


@dataclass(frozen=True)
class Usage:
    input_tokens: int
    cache_creation_tokens: int
    cache_read_tokens: int
    output_tokens: int

    @property
    def total_input(self) -> int:
        """Every prompt token sent: uncached + written + read."""
        return self.input_tokens + self.cache_creation_tokens + self.cache_read_tokens

    @property
    def hit_rate(self) -> float | None:
        """Share of the prompt read from cache; None for an empty prompt."""
        total = self.total_input
        return self.cache_read_tokens / total if total else None

    def __add__(self, other: "Usage") -> "Usage":
        return Usage(
            self.input_tokens + other.input_tokens,
            self.cache_creation_tokens + other.cache_creation_tokens,
            self.cache_read_tokens + other.cache_read_tokens,
            self.output_tokens + other.output_tokens,
        )


ZERO = Usage(0, 0, 0, 0)


def sum_usage(usages: Iterable[Usage]) -> Usage:
    total = ZERO
    for u in usages:
        total = total + u
    return total


def turn_cost(settings, model: str, usage: Usage) -> float | None:
    """USD for one response, or None when `model` has no price in the settings."""
    price = settings.price(model)
    if price is None:
        return None
    p_input, p_write, p_read, p_output = price
    return (
        usage.input_tokens * p_input
        + usage.cache_creation_tokens * p_write
        + usage.cache_read_tokens * p_read
        + usage.output_tokens * p_output
    ) / PER_TOKENS


def format_usage_line(usage: Usage, cost: float | None, *, miss_reason: str | None = None,
                      session_cost: float | None = None) -> str:
    """The one line `ask` and `review` print to stderr after a reply."""
    rate = usage.hit_rate
    parts = [
        f"tokens: {usage.input_tokens:,} uncached, {usage.cache_creation_tokens:,} written, "
        f"{usage.cache_read_tokens:,} read"
        + (f" (hit rate {rate:.0%})" if rate is not None else "")
        + f", {usage.output_tokens:,} out",
        f"cost {format_cost(cost)}",
    ]
    if session_cost is not None:
        parts.append(f"session {format_cost(session_cost)}")
    if miss_reason:
        parts.append(f"cache miss: {miss_reason}")
    return "; ".join(parts)


def format_cost(cost: float | None) -> str:
    return "unpriced" if cost is None else f"${cost:.4f}"
