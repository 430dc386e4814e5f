"""What a model's tokens cost: the rates, the optional long-prompt band, and the published
prices the settings start from (config.toml's `[prices."MODEL"]` tables override them, parsed
in config.py). Plain data with no imports from the app, so every layer may price a request.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Rates:
    """USD per million tokens for each kind of token a request is billed for."""

    input: float
    cache_write_5m: float
    cache_write_1h: float
    cache_read: float
    output: float

    def __post_init__(self) -> None:
        for name in ("input", "cache_write_5m", "cache_write_1h", "cache_read", "output"):
            value = getattr(self, name)
            if not math.isfinite(value) or value < 0:
                raise ValueError(f"{name} must be a finite price >= 0, got {value!r}")


@dataclass(frozen=True)
class Price:
    """A model's rates, with an optional band for long prompts (over `long_above` tokens)."""

    base: Rates
    long_above: int | None = None
    long: Rates | None = None

    def __post_init__(self) -> None:
        if (self.long_above is None) != (self.long is None):
            raise ValueError("a long-prompt band needs both its threshold and its rates")

    def rates_for(self, prompt_tokens: int) -> Rates:
        if (self.long is not None and self.long_above is not None
                and prompt_tokens > self.long_above):
            return self.long
        return self.base


def _rates(input: float, write_5m: float, write_1h: float, read: float, output: float) -> Rates:
    return Rates(input, write_5m, write_1h, read, output)


# Published prices, USD per million tokens (checked 2026-11).
DEFAULT_PRICES: dict[str, Price] = {
    "claude-sonnet-5-5": Price(_rates(2.00, 2.50, 4.00, 0.10, 10.00)),
    "claude-haiku-5-5": Price(_rates(0.10, 0.125, 0.20, 0.01, 0.50), long_above=100_000,
                              long=_rates(0.50, 0.625, 1.00, 0.05, 2.50)),
    "claude-opus-5-5": Price(_rates(4.00, 5.00, 8.00, 0.20, 20.00)),
    # Earlier models someone may still configure.
    "claude-sonnet-4-6": Price(_rates(3.00, 3.75, 6.00, 0.30, 15.00)),
    "claude-sonnet-4-5": Price(_rates(3.00, 3.75, 6.00, 0.30, 15.00)),
    "claude-haiku-4-5": Price(_rates(1.00, 1.25, 2.00, 0.10, 5.00)),
    "claude-opus-4-6": Price(_rates(5.00, 6.25, 10.00, 0.50, 25.00)),
    "claude-opus-4-5": Price(_rates(5.00, 6.25, 10.00, 0.50, 25.00)),
}


# [prices."MODEL"] keys -> Rates fields. cache_write is the 5-minute write; cache_write_1h
# may be left out, and is then twice the input price, as the published tables have it.
PRICE_FIELDS = ("input", "cache_write", "cache_write_1h", "cache_read", "output")
REQUIRED_PRICE_FIELDS = ("input", "cache_write", "cache_read", "output")
LONG_PROMPT_KEYS = ("long_prompt_above", "long_prompt")
