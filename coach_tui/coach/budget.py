"""The two budgets a chat request holds to, each said in one line before anything is sent.

- One message: a message above `[coach] max_message_tokens` (default 20,000) is not sent
  without a yes (`ask --force`, or the app's confirmation). `message_size` estimates it the
  way the history window does (coach/window.py: UTF-8 bytes, cautious) and prices one send of
  it: a new turn is written to the prompt cache (the request's top-level breakpoint), so its
  tokens cost the model's 5-minute cache-write rate, and every later message of the session
  reads them again. The check runs before the message is stored: a refused message leaves
  nothing behind and stays where the user typed it.
- The whole request: `context_max_tokens` is held by leaving older exchanges out
  (coach/history.py); when the request is still above it after that cut (the system blocks
  and the new message alone are larger), it is sent anyway, but `over_context_line` says so
  first.

Pure: sizes and sentences, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass

from coach_tui.coach.pricing import Usage, format_cost, turn_cost
from coach_tui.coach.window import estimate_tokens
from coach_tui.config import Settings


@dataclass(frozen=True)
class MessageSize:
    tokens: int                  # estimated, as the history window counts
    cost: float | None           # one send, written to the cache; None: the model has no price
    limit: int                   # [coach] max_message_tokens
    model: str

    @property
    def over(self) -> bool:
        return self.tokens > self.limit

    def sentence(self) -> str:
        """'this message is about 333,338 tokens, over [coach] max_message_tokens (20,000):
        sending it would cost about $0.8333 on claude-sonnet-5-5, and more for each later
        message that carries it'."""
        cost = ("at a cost this app does not know (no price for "
                f"{self.model} in config.toml)" if self.cost is None
                else f"would cost about {format_cost(self.cost)} on {self.model}")
        return (f"this message is about {self.tokens:,} tokens, over [coach] "
                f"max_message_tokens ({self.limit:,}): sending it {cost}, and more for each "
                "later message that carries it")


def message_size(settings: Settings, model: str, words: str) -> MessageSize:
    tokens = estimate_tokens(words)
    cost = turn_cost(settings, model, Usage(0, tokens, 0, 0))
    return MessageSize(tokens, cost, settings.max_message_tokens, model)


def over_context_line(tokens: int, cap: int) -> str:
    """The line said before a request that is above `context_max_tokens` after the cut."""
    return (f"this request is about {tokens:,} tokens, over [coach] context_max_tokens "
            f"({cap:,}) even with no earlier exchanges: the system prompt and this message "
            "alone are that long; sending it anyway")
