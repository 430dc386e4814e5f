"""The history window: which earlier exchanges a request carries. Pure; no I/O.

Contract: a request may carry at most `context_max_tokens`. Whether the next one would pass
it is measured with the provider's own count of the previous request (input + cache write +
cache read) plus an estimate of what the new request adds (the previous reply and the new
user turn). When it would, the oldest exchanges are left out in one step, enough that the
history then takes at most half of the room the system blocks leave, and the cut stays where
it is until the next overflow. A window that dropped one exchange per turn would change the
start of the messages on every request and miss the cache every time; a fixed cut misses it
once per cut.

Token estimates count UTF-8 bytes, `BYTES_PER_TOKEN` to a token: on the cautious side for
English on the 5.5 tokenizer, which the provider's measured count then corrects on every turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

BYTES_PER_TOKEN = 3
MESSAGE_FRAMING_TOKENS = 4      # role and block framing each message adds, roughly


def estimate_tokens(*texts: str | None) -> int:
    """A cautious token count for `texts` sent as one message."""
    size = sum(len(t.encode("utf-8")) for t in texts if t)
    return -(-size // BYTES_PER_TOKEN) + MESSAGE_FRAMING_TOKENS


@dataclass(frozen=True)
class Exchange:
    """One completed exchange as the window sees it: where it starts and what it weighs."""

    user_turn_id: int
    tokens: int                 # estimated: the user turn (with its recall) and the reply


def would_overflow(*, previous_total: int | None, added: int, estimate: int, cap: int) -> bool:
    """True when the next request would carry more than `cap` tokens.

    `previous_total` is the provider's count for the previous request of this session with the
    same history (None when there is none to go by); `added` estimates what this request adds
    to it; `estimate` is the whole request estimated, used when nothing was measured.
    """
    if cap < 1:
        raise ValueError(f"cap must be at least 1, got {cap}")
    size = estimate if previous_total is None else previous_total + added
    return size > cap


def cut_point(exchanges: Sequence[Exchange], *, system_tokens: int, turn_tokens: int, cap: int,
              next_turn_id: int) -> int:
    """The first user turn id to keep: the newest exchanges that fit in half the room left.

    The room is what the system blocks and the new turn leave of `cap`; the kept history takes
    at most half of it, so the session can grow for a while before the next cut. Returns
    `next_turn_id` (keep none) when not even the newest exchange fits.
    """
    budget = max(0, cap - system_tokens - turn_tokens) // 2
    kept, start = 0, len(exchanges)
    for index in range(len(exchanges) - 1, -1, -1):
        if kept + exchanges[index].tokens > budget:
            break
        kept += exchanges[index].tokens
        start = index
    return exchanges[start].user_turn_id if start < len(exchanges) else next_turn_id


def halve(exchanges: Sequence[Exchange], *, next_turn_id: int) -> int:
    """A harder cut, for when the provider refused the request as too long: keep the newer
    half of the exchanges sent (none when there was at most one)."""
    if len(exchanges) <= 1:
        return next_turn_id
    return exchanges[len(exchanges) - len(exchanges) // 2].user_turn_id
