"""The one module that talks to the model, and the only one that imports `anthropic`.

`anthropic` (and its HTTP stack) is imported inside the functions that use it, so importing
the engine, the CLI or the app stays cheap. Requests are the dicts `coach.prompts` builds;
replies are streamed with `client.messages.stream(...)`. The SDK retries 408/409/429/5xx/529
and connection errors itself (`MAX_RETRIES`); whatever still fails becomes one `LLMError`
whose `message` is a single line a user can act on. A stream that breaks after some text has
arrived raises `StreamInterrupted`, which carries the partial text, so the caller can keep it
and mark it.

The API key is read from `ANTHROPIC_API_KEY` (or `ANTHROPIC_AUTH_TOKEN`) by the SDK; it is
never logged or written anywhere. `ANTHROPIC_BASE_URL` is honoured, which is how tests point
the real SDK at a local fake server.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

from coach_tui.coach.pricing import Usage

MAX_RETRIES = 2
TIMEOUT_SECONDS = 120.0
CONNECT_TIMEOUT_SECONDS = 10.0
KEY_ENV = "ANTHROPIC_API_KEY"
MAX_MESSAGE_CHARS = 200

KINDS = ("no_api_key", "bad_key", "rate_limited", "overloaded", "network", "timeout", "api",
         "stopped", "memory_off", "no_data")


class LLMError(Exception):
    """A model call that failed; `message` is the one line to show."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


class StreamInterrupted(LLMError):
    """The reply stream broke after `partial_text` had arrived (or the caller stopped it)."""

    def __init__(self, kind: str, message: str, *, partial_text: str,
                 response_id: str | None) -> None:
        super().__init__(kind, message)
        self.partial_text = partial_text
        self.response_id = response_id


@dataclass(frozen=True)
class Reply:
    text: str
    response_id: str | None
    model: str
    usage: Usage
    cache_miss_reason: str | None
    stop_reason: str | None


NO_KEY_MESSAGE = f"No API key: set {KEY_ENV} and try again."


def api_key_configured() -> bool:
    """True when the environment holds a key the SDK will use (no network)."""
    return any(os.environ.get(name, "").strip() for name in (KEY_ENV, "ANTHROPIC_AUTH_TOKEN"))


def make_client(*, max_retries: int = MAX_RETRIES):
    """An SDK client configured from the environment; LLMError('no_api_key') without a key."""
    if not api_key_configured():
        raise LLMError("no_api_key", NO_KEY_MESSAGE)
    import anthropic

    return anthropic.Anthropic(
        max_retries=max_retries,
        timeout=anthropic.Timeout(TIMEOUT_SECONDS, connect=CONNECT_TIMEOUT_SECONDS),
    )


def stream_message(
    request: dict,
    *,
    on_text: Callable[[str], None] | None = None,
    client=None,
    should_stop: Callable[[], bool] | None = None,
) -> Reply:
    """Send `request`, calling `on_text(chunk)` per text chunk; the complete reply.

    Raises LLMError when nothing usable arrived, StreamInterrupted when the stream broke (or
    `should_stop()` turned true) after some text.
    """
    own = client is None
    if own:
        client = make_client()
    chunks: list[str] = []
    response_id: str | None = None
    stream = None
    try:
        with client.messages.stream(**request) as stream:
            for chunk in stream.text_stream:
                chunks.append(chunk)
                if on_text is not None:
                    on_text(chunk)
                if should_stop is not None and should_stop():
                    response_id = _snapshot_id(stream)
                    raise StreamInterrupted(
                        "stopped", "Stopped: the partial reply is kept and marked interrupted.",
                        partial_text="".join(chunks), response_id=response_id,
                    )
            final = stream.get_final_message()
    except LLMError:
        raise
    except Exception as exc:
        error = describe_error(exc)
        if chunks:
            raise StreamInterrupted(
                error.kind,
                "The reply was cut off (" + _reason(error) + "); the partial reply is kept "
                "and marked interrupted. Send your message again to retry.",
                partial_text="".join(chunks), response_id=_snapshot_id(stream),
            ) from exc
        raise error from exc
    finally:
        if own:
            client.close()
    return _reply_of(final)


def complete(request: dict, *, client=None) -> Reply:
    """Send `request` without streaming (reflection); LLMError on failure."""
    own = client is None
    if own:
        client = make_client()
    try:
        message = client.messages.create(**request)
    except Exception as exc:
        raise describe_error(exc) from exc
    finally:
        if own:
            client.close()
    return _reply_of(message)


def _reply_of(message) -> Reply:
    text = "".join(getattr(b, "text", "") for b in message.content if getattr(b, "type", "") == "text")
    return Reply(
        text=text,
        response_id=message.id,
        model=message.model,
        usage=usage_of(message.usage),
        cache_miss_reason=miss_reason_of(message),
        stop_reason=message.stop_reason,
    )


def usage_of(usage) -> Usage:
    """The four counts from an SDK usage object; absent cache fields are zero."""
    def n(name: str) -> int:
        value = getattr(usage, name, None)
        return int(value) if value is not None else 0

    return Usage(
        input_tokens=n("input_tokens"),
        cache_creation_tokens=n("cache_creation_input_tokens"),
        cache_read_tokens=n("cache_read_input_tokens"),
        output_tokens=n("output_tokens"),
    )


def miss_reason_of(message) -> str | None:
    """`diagnostics.cache_miss_reason.type`, or None (no diagnostics, or no miss)."""
    diagnostics = getattr(message, "diagnostics", None)
    reason = getattr(diagnostics, "cache_miss_reason", None) if diagnostics is not None else None
    if reason is None:
        return None
    kind = getattr(reason, "type", None)
    if kind is None and isinstance(reason, dict):
        kind = reason.get("type")
    return str(kind) if kind else "unknown"


def _snapshot_id(stream) -> str | None:
    if stream is None:
        return None
    try:
        return stream.current_message_snapshot.id
    except Exception:
        return None  # no message_start arrived


def _reason(error: LLMError) -> str:
    return {
        "network": "the connection dropped",
        "timeout": "the reply took too long",
        "overloaded": "the API is overloaded",
        "rate_limited": "rate limited",
    }.get(error.kind, "the API sent an error")


def _one_line(text: object) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= MAX_MESSAGE_CHARS else line[: MAX_MESSAGE_CHARS - 3] + "..."


def _server_message(exc) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        err = body.get("error")
        if isinstance(err, dict) and err.get("message"):
            return _one_line(err["message"])
    return _one_line(getattr(exc, "message", exc))


def describe_error(exc: BaseException) -> LLMError:
    """Map any SDK or transport exception to one LLMError with a one-line message."""
    if isinstance(exc, LLMError):
        return exc
    import anthropic
    import httpx2

    retried = f" (after {MAX_RETRIES} retries)"
    saved = "; your message is saved"
    if isinstance(exc, anthropic.APIError):
        status = getattr(exc, "status_code", None)
        # An `event: error` inside a 200 stream carries its kind only in the body.
        kind = _error_type(exc)
        if status == 401 or kind == "authentication_error":
            return LLMError("bad_key", f"The API key was refused (401): check {KEY_ENV} and try again.")
        if status == 403 or kind == "permission_error":
            return LLMError("bad_key", f"The API key may not do this (403: {_server_message(exc)}).")
        if status == 429 or kind == "rate_limit_error":
            return LLMError("rate_limited", f"Rate limited by the API (429){retried}: wait a "
                            f"minute and try again{saved}.")
        if status in (503, 529) or kind == "overloaded_error":
            return LLMError("overloaded", f"The API is overloaded ({status if status in (503, 529) else 529})"
                            f"{retried}: try again in a minute{saved}.")
        if status == 404 or kind == "not_found_error":
            return LLMError("api", f"The API does not know this model (404: {_server_message(exc)}); "
                            "check chat_model and reflection_model in config.toml.")
        if isinstance(exc, anthropic.APITimeoutError):
            return LLMError("timeout", f"The API did not answer in time: check your connection "
                            f"and try again{saved}.")
        if isinstance(exc, anthropic.APIConnectionError):
            return LLMError("network", f"Could not reach the API: check your network connection "
                            f"and try again{saved}.")
        if status is not None and status >= 500 or kind == "api_error":
            return LLMError("api", f"The API had an internal error{retried}: try again later{saved}.")
        code = f"{status}: " if status is not None and status != 200 else ""
        return LLMError("api", f"The API refused the request ({code}{_server_message(exc)}).")
    if isinstance(exc, httpx2.TimeoutException):
        return LLMError("timeout", f"The API stopped answering in time: check your connection and "
                        f"try again{saved}.")
    if isinstance(exc, (httpx2.TransportError, OSError)):
        return LLMError("network", f"The connection to the API dropped: check your network and "
                        f"try again{saved}.")
    if isinstance(exc, (anthropic.CredentialsError,)) or (
            isinstance(exc, TypeError) and "authentication" in str(exc).lower()):
        return LLMError("no_api_key", NO_KEY_MESSAGE)
    return LLMError("api", f"The model call failed: {_one_line(type(exc).__name__ + ': ' + str(exc))}.")


def _error_type(exc) -> str | None:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        err = body.get("error")
        if isinstance(err, dict) and isinstance(err.get("type"), str):
            return err["type"]
    return None
