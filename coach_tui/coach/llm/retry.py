"""Our own retries of a failed request: waited out visibly, within a ceiling, and stoppable.

The SDK retries 408/409/429/5xx/529 and connection errors itself, sleeping whatever
`retry-after` says with no ceiling and no output; its clients are therefore used with
`max_retries=0`, and `with_retries` does the same retries here instead: up to `MAX_RETRIES`,
each after the service's `retry-after` (or `retry-after-ms`, as the SDK reads them) or else
the SDK's backoff (0.5 s doubling to 8 s). The waits of one call add up to at most
`max_wait` seconds (`[api] max_wait_seconds`): a wait that would pass it is not begun, and the
failure says when to try again instead. Each wait of a second or more is announced
(`on_wait(seconds, why)`) before it starts, and `should_stop()` is polled through it, so Esc
ends it at once.
Only the opening of a request is retried; a stream that fails after it began is not.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from datetime import datetime, timedelta

from coach_tui.coach.llm.errors import (
    MAX_RETRIES,
    LLMError,
    StreamInterrupted,
    describe_error,
    retry_status,
)
from coach_tui.config import default_of

DEFAULT_MAX_WAIT_SECONDS: float = default_of("max_wait_seconds")  # [api] max_wait_seconds
# The SDK's backoff when the service gives no hint.
INITIAL_DELAY = 0.5
MAX_DELAY = 8.0
# How often a wait checks whether the user asked to stop.
POLL_SECONDS = 0.1
# Shorter waits pass unannounced: a line would be gone before it could be read.
ANNOUNCE_FROM_SECONDS = 1.0

WaitHook = Callable[[float, str], None]
Sleep = Callable[[float], None]


def retry_after(exc: BaseException) -> float | None:
    """Seconds the service asked us to wait (`retry-after-ms`, else `retry-after` as seconds or
    an HTTP date), or None when it gave no usable hint."""
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None)
    if headers is None:
        return None
    try:
        ms = headers.get("retry-after-ms")
        if ms is not None and float(ms) > 0:
            return float(ms) / 1000
    except ValueError:
        pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        import email.utils  # an HTTP date: rare, and the app imports this module at start

        parsed = email.utils.parsedate_tz(value)
        if parsed is None:
            return None
        seconds = float(email.utils.mktime_tz(parsed) - time.time())
    return seconds if math.isfinite(seconds) and seconds > 0 else None


def why_of(status: int) -> str:
    """What a retried failure was, as the wait line says it."""
    if status == 429:
        return "rate limited"
    if status in (503, 529):
        return "overloaded"
    if status == 0:
        return "connection failed"
    return f"API error {status}"


def span(seconds: float) -> str:
    """A wait as a reader says it: 45s, 3 min, 2 h 5 min."""
    whole = max(1, math.ceil(seconds))
    if whole < 90:
        return f"{whole}s"
    minutes = math.ceil(whole / 60)
    if minutes < 120:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60} min" if minutes % 60 else f"{minutes // 60} h"


def when(seconds: float, now: datetime | None = None) -> str:
    """The local clock time `seconds` from now, as HH:MM (with the date when not today)."""
    now = now or datetime.now().astimezone()
    at = now + timedelta(seconds=math.ceil(seconds))
    if at.date() == now.date():
        return at.strftime("%H:%M" if seconds >= 90 else "%H:%M:%S")
    return at.strftime("%Y-%m-%d %H:%M")


def over_the_cap(error: LLMError, delay: float, max_wait: float) -> LLMError:
    """The failure when the service asks for a longer wait than `max_wait` allows."""
    head = {
        "rate_limited": "Rate limited by the API (429)",
        "overloaded": "The API is overloaded",
    }.get(error.kind, "The API failed")
    return LLMError(error.kind, f"{head}: it asks to wait {span(delay)}, more than "
                    f"[api] max_wait_seconds ({max_wait:g}) allows; try again after "
                    f"{when(delay)}; your message is saved.")


def with_retries[T](call: Callable[[], T], *, max_wait: float = DEFAULT_MAX_WAIT_SECONDS,
                 on_wait: WaitHook | None = None,
                 should_stop: Callable[[], bool] | None = None,
                 retries: int = MAX_RETRIES,
                 sleep: Sleep = time.sleep) -> T:
    """`call()`, retried up to `retries` times (the client's own `max_retries`, which its
    requests no longer use) as the module docstring says; LLMError for what still fails.
    `sleep` waits (tests pass one that only records what it was asked)."""
    waited = 0.0
    attempt = 0
    while True:
        try:
            return call()
        except LLMError:
            raise
        except Exception as exc:
            status = retry_status(exc)
            if status is None:
                raise
            hint = retry_after(exc)
            if attempt >= retries:
                error = describe_error(exc)
                if (hint is not None and hint >= ANNOUNCE_FROM_SECONDS
                        and error.kind in ("rate_limited", "overloaded")):
                    error = LLMError(error.kind, error.message.replace(
                        "wait a minute and try again",
                        f"try again after {when(hint)}").replace(
                        "try again in a minute", f"try again after {when(hint)}"))
                raise error from exc
            delay = hint if hint is not None else min(INITIAL_DELAY * 2 ** attempt, MAX_DELAY)
            if waited + delay > max_wait:
                raise over_the_cap(describe_error(exc), delay, max_wait) from exc
            if on_wait is not None and delay >= ANNOUNCE_FROM_SECONDS:
                on_wait(delay, why_of(status))
            _wait(delay, should_stop, sleep)
            waited += delay
            attempt += 1


def _wait(seconds: float, should_stop: Callable[[], bool] | None,
          sleep: Callable[[float], None]) -> None:
    """Sleep `seconds` in steps of at most POLL_SECONDS, asking `should_stop()` before each.
    The wait is counted in the steps slept (a sleep never returns early), so the `sleep` a
    caller passes is the wait's only clock."""
    slept = 0.0
    while (left := seconds - slept) > 1e-9:
        if should_stop is not None and should_stop():
            raise StreamInterrupted("stopped", "Stopped while waiting to retry; your message is "
                                    "saved: send it again to retry.",
                                    partial_text="", response_id=None)
        step = min(POLL_SECONDS, left)
        sleep(step)
        slept += step
