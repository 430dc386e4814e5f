"""Token usage and what it costs.

A response's usage splits the prompt three ways: `input_tokens` (after the last cache
breakpoint, full price), `cache_creation_tokens` (written to the cache; a 5-minute write costs
1.25x input, a 1-hour write 2x) and `cache_read_tokens` (read from it, about 0.05-0.1x). Their
sum is everything sent. Output tokens include the model's thinking: the 5.5 models think by
default and bill it as output.

Prices come from `settings.price(model)` as a `config.Price` in USD per million tokens. A price may
have a long-prompt band (Haiku 5.5): when a request's prompt (input + reads + writes) is above
`long_above` tokens, every token of that request, output included, pays the band's rates.
A model without a price has no cost (None, shown as "cost unknown"), never a made-up one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from coach_tui.config import Price, Settings

PER_TOKENS = 1_000_000


@dataclass(frozen=True)
class Usage:
    input_tokens: int
    cache_creation_tokens: int
    cache_read_tokens: int
    output_tokens: int
    # The part of cache_creation_tokens written with a 1-hour TTL (the rest is 5-minute).
    cache_creation_1h_tokens: int = 0
    # The stream ended early: output_tokens is what was counted so far, a lower bound.
    output_is_floor: bool = False

    @property
    def total_input(self) -> int:
        """Every prompt token sent: uncached + written + read."""
        return self.input_tokens + self.cache_creation_tokens + self.cache_read_tokens

    @property
    def hit_rate(self) -> float | None:
        """Share of the prompt read from cache; None for an empty prompt."""
        total = self.total_input
        return self.cache_read_tokens / total if total else None

    def as_json(self) -> dict:
        """The usage as `--json` gives it, in the Messages API's own field names."""
        return {"input_tokens": self.input_tokens,
                "cache_creation_input_tokens": self.cache_creation_tokens,
                "cache_read_input_tokens": self.cache_read_tokens,
                "output_tokens": self.output_tokens,
                "output_is_lower_bound": self.output_is_floor}

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.input_tokens + other.input_tokens,
            self.cache_creation_tokens + other.cache_creation_tokens,
            self.cache_read_tokens + other.cache_read_tokens,
            self.output_tokens + other.output_tokens,
            self.cache_creation_1h_tokens + other.cache_creation_1h_tokens,
            self.output_is_floor or other.output_is_floor,
        )


def request_cost(price: Price, usage: Usage) -> float:
    """USD for one request's usage at `price`; the band is chosen by this request's prompt."""
    rates = price.rates_for(usage.total_input)
    write_1h = min(usage.cache_creation_1h_tokens, usage.cache_creation_tokens)
    write_5m = usage.cache_creation_tokens - write_1h
    return (
        usage.input_tokens * rates.input
        + write_5m * rates.cache_write_5m
        + write_1h * rates.cache_write_1h
        + usage.cache_read_tokens * rates.cache_read
        + usage.output_tokens * rates.output
    ) / PER_TOKENS


def turn_cost(settings: Settings, model: str, usage: Usage) -> float | None:
    """USD for one response, or None when `model` has no price in the settings."""
    price = settings.price(model)
    return None if price is None else request_cost(price, usage)


def add_costs(costs: Iterable[float | None]) -> float | None:
    """The sum of several costs; None (unknown) as soon as one of them is unknown."""
    total = 0.0
    for cost in costs:
        if cost is None:
            return None
        total += cost
    return total


def format_usage_line(usage: Usage, cost: float | None, *, miss_reason: str | None = None,
                      session_cost: float | None = None, session_label: str = "session",
                      show_session: bool | None = None, session_floor: bool = False) -> str:
    """The one line `ask` and `review` print to stderr after a reply.

    The session total is shown when `session_cost` is given, or (unknown) when `show_session`
    asks for it although a cost in the session was unknown. A reply whose stream ended early
    has a lower bound of output (`usage.output_is_floor`): its output and cost read "≥", and
    so does the session total when `session_floor` says a reply in it ended early.
    """
    floor = "≥" if usage.output_is_floor else ""
    rate = usage.hit_rate
    parts = [
        f"tokens: {usage.input_tokens:,} uncached, {usage.cache_creation_tokens:,} written, "
        f"{usage.cache_read_tokens:,} read"
        + (f" (hit rate {rate:.0%})" if rate is not None else "")
        + f", {floor}{usage.output_tokens:,} out",
        f"cost {format_cost(cost, at_least=usage.output_is_floor)}",
    ]
    if show_session if show_session is not None else session_cost is not None:
        parts.append(f"{session_label} {format_cost(session_cost, at_least=session_floor)}")
    if miss_reason:
        parts.append(f"cache miss: {miss_reason}")
    return "; ".join(parts)


def format_cost(cost: float | None, *, at_least: bool = False) -> str:
    """'$0.0123'; '≥$0.0123' when the cost is a lower bound (a reply that ended early);
    'unknown' for a model without a price."""
    if cost is None:
        return "unknown"
    return f"{'≥' if at_least else ''}${cost:.4f}"
