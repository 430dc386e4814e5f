"""What a failed model call means, in one line a user can act on.

Every SDK or transport exception becomes one `LLMError` (`describe_error`), with a `kind` the
callers branch on ("no_api_key", "bad_key", "rate_limited", "overloaded", "too_long", "timeout",
"network", "api") and a `message` that says what happened, whether the SDK already retried,
and that the user's message is saved. An `event: error` inside a 200 stream is not retried by
the SDK, so its message repeats what the service said and claims no retries.
`StreamInterrupted` is a reply that ended before it was complete, with what had arrived.
A failure after the service's `message_start` was billed all the same: its `usage` says what
(`Usage.output_is_floor`: the output so far, a lower bound). `Interrupted` is Ctrl-C, SIGTERM
or SIGHUP while a reply streamed: still a KeyboardInterrupt, carrying the stop an Esc would
have made.
"""

from __future__ import annotations

import logging

from coach_tui.coach.llm.wellformed import well_formed
from coach_tui.coach.pricing import Usage
from coach_tui.logfile import where_logged
from coach_tui.text import one_line, truncate

MAX_RETRIES = 2
KEY_ENV = "ANTHROPIC_API_KEY"
MAX_MESSAGE_CHARS = 200

NO_KEY_MESSAGE = (f"No API key: store one with `coach-tui key set`, or set {KEY_ENV}, and try "
                  "again.")
BASE_URL_ENV = "ANTHROPIC_BASE_URL"


class LLMError(Exception):
    """A model call that failed; `message` is the one line to show.

    `usage` is what the service billed for it when its stream had begun (message_start
    arrived) before it failed; None when nothing reached the service's accounting.
    """

    def __init__(self, kind: str, message: str, *, usage: Usage | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.usage = usage


class StreamInterrupted(LLMError):
    """The reply ended before it was complete; `partial_text` is what had arrived (maybe "").

    `kind` says why: "stopped" (the caller asked), "max_tokens", "refusal", "context_window",
    "incomplete" (another stop reason), or a transport kind ("network", "overloaded", ...).
    `usage` is known once message_start arrived: exact for a response the service finished
    (a max_tokens or refusal stop), with the output as a lower bound for one that ended early.
    It was billed, so the caller can account for it.
    """

    def __init__(self, kind: str, message: str, *, partial_text: str,
                 response_id: str | None, usage: Usage | None = None,
                 stop_reason: str | None = None) -> None:
        super().__init__(kind, message, usage=usage)
        self.partial_text = partial_text
        self.response_id = response_id
        self.stop_reason = stop_reason


class Interrupted(KeyboardInterrupt):
    """Ctrl-C, SIGTERM or SIGHUP (coach/interrupts.py) ended the stream. Still a
    KeyboardInterrupt, so the command ends, it carries in `stop` the StreamInterrupted an Esc
    at that moment would have raised: the text that arrived, the response id and what was
    billed so far, so the caller can store the reply as a stop and count its cost first."""

    def __init__(self, stop: StreamInterrupted) -> None:
        super().__init__(stop.message)
        self.stop = stop


def check_environment() -> None:
    """LLMError when the environment holds a key or base URL no request could use: said as
    what is wrong with it, before a request fails in the HTTP layer with a misleading cause
    (a key with a line break reads as a network failure, a bad IPv6 host as a crash)."""
    import os

    for name in (KEY_ENV, "ANTHROPIC_AUTH_TOKEN"):
        value = os.environ.get(name, "")
        if value and (not value.isascii() or not value.isprintable()):
            what = "a line break" if "\n" in value or "\r" in value else \
                "characters an API key never has"
            raise LLMError("bad_key", f"{name} holds {what}; set it to the key alone, "
                           "on one line, and try again.")
    url = os.environ.get(BASE_URL_ENV, "").strip()
    if url:
        import httpx2

        try:
            parsed = httpx2.URL(url)
            if parsed.scheme not in ("http", "https") or not parsed.host:
                raise httpx2.InvalidURL("it needs http:// or https:// and a host")
        except httpx2.InvalidURL as exc:
            raise LLMError("api", f"{BASE_URL_ENV} is not a usable URL ({_one_line(exc)}): "
                           "correct it or unset it to use the Anthropic API.") from None


def reason_of(error: LLMError, exc: BaseException) -> str:
    """Why a stream stopped, as the interrupted line's reason."""
    if getattr(exc, "status_code", None) == 200:
        # An `event: error` mid-stream: repeat what the service said.
        return f"the API sent {_error_type(exc) or 'an error'}: {_server_message(exc)}"
    return {
        "network": "the connection dropped",
        "timeout": "the reply took too long",
        "overloaded": "the API is overloaded",
        "rate_limited": "rate limited",
    }.get(error.kind, "the API sent an error")


def _one_line(text: object) -> str:
    """An API error message as one line of at most MAX_MESSAGE_CHARS, storable (a lone
    surrogate in the service's JSON becomes U+FFFD, as in a reply)."""
    return truncate(well_formed(one_line(text)), MAX_MESSAGE_CHARS, ellipsis="...")


def _server_message(exc) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        err = body.get("error")
        if isinstance(err, dict) and err.get("message"):
            return _one_line(err["message"])
    return _one_line(getattr(exc, "message", exc))


def _dropped(cause: BaseException | None) -> bool:
    """Whether a connection error's cause is a connection made and then lost (a body cut
    mid-read), not one never made (refused, no route, no DNS)."""
    import httpx2

    return isinstance(cause, (httpx2.RemoteProtocolError, httpx2.ReadError))


def describe_error(exc: BaseException) -> LLMError:
    """Map any SDK or transport exception to one LLMError with a one-line message."""
    if isinstance(exc, LLMError):
        return exc
    import anthropic
    import httpx2

    saved = "; your message is saved"
    if isinstance(exc, anthropic.APIError):
        status = getattr(exc, "status_code", None)
        # An `event: error` inside a 200 stream carries its kind only in the body, and the SDK
        # does not retry it: only a failed HTTP status was retried.
        kind = _error_type(exc)
        if status == 200:
            return _stream_error(kind, exc)
        retried = f" (after {MAX_RETRIES} retries)"
        if status == 401 or kind == "authentication_error":
            return LLMError("bad_key",
                            f"The API key was refused (401): check {KEY_ENV} and try again.")
        if status == 403 or kind == "permission_error":
            return LLMError("bad_key",
                            f"The API key may not do this (403: {_server_message(exc)}).")
        if status == 429 or kind == "rate_limit_error":
            return LLMError("rate_limited", f"Rate limited by the API (429){retried}: wait a "
                            f"minute and try again{saved}.")
        if status in (503, 529) or kind == "overloaded_error":
            return LLMError("overloaded",
                            f"The API is overloaded ({status if status in (503, 529) else 529})"
                            f"{retried}: try again in a minute{saved}.")
        if status == 400 and _too_long(_server_message(exc)):
            # The caller can cut the history and try again; see coach.session.
            return LLMError("too_long", f"The API refused the request as too long "
                            f"(400: {_server_message(exc)}).")
        if status == 404 or kind == "not_found_error":
            return LLMError("api",
                            f"The API does not know this model (404: {_server_message(exc)}); "
                            "check chat_model and reflection_model in config.toml.")
        if isinstance(exc, anthropic.APITimeoutError):
            return LLMError("timeout", f"The API did not answer in time: check your connection "
                            f"and try again{saved}.")
        if isinstance(exc, anthropic.APIConnectionError) and _dropped(exc.__cause__):
            # (anthropic 2.17 wraps a body cut mid-read; 2.16 raised the transport's error)
            return LLMError("network", f"The connection to the API dropped: check your network "
                            f"and try again{saved}.")
        if isinstance(exc, anthropic.APIConnectionError):
            return LLMError("network", f"Could not reach the API: check your network connection "
                            f"and try again{saved}.")
        if status is not None and status >= 500 or kind == "api_error":
            return LLMError("api",
                            f"The API had an internal error{retried}: try again later{saved}.")
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
    # Nothing we know: the traceback goes to the log, and the line says where.
    logging.getLogger(__name__).error("the model call failed", exc_info=exc)
    return LLMError("api", f"The model call failed: "
                    f"{_one_line(type(exc).__name__ + ': ' + str(exc))}. {where_logged()}".rstrip())


# The service's two wordings of one condition: the prompt alone is over the context window,
# or the prompt with the reply's max_tokens is.
TOO_LONG_WORDINGS = ("prompt is too long", "input length and `max_tokens` exceed context limit")


def _too_long(said: str) -> bool:
    said = said.lower()
    return any(wording.lower() in said for wording in TOO_LONG_WORDINGS)


def retry_status(exc: BaseException) -> int | None:
    """The HTTP status of a failure worth retrying (0: a connection failure), else None."""
    import anthropic

    if isinstance(exc, anthropic.APIStatusError):
        status = exc.status_code
        should = exc.response.headers.get("x-should-retry")
        if should in ("true", "false"):
            return status if should == "true" else None
        return status if status in (408, 409, 429) or status >= 500 else None
    if isinstance(exc, anthropic.APIConnectionError):
        return 0
    return None


def _stream_error(kind: str | None, exc) -> LLMError:
    """An `event: error` sent inside a 200 stream: say what the service said, claim no retry."""
    said = _server_message(exc)
    if kind == "overloaded_error":
        return LLMError("overloaded", f"The API is overloaded and stopped the reply ({said}): "
                        "try again in a minute; your message is saved.")
    if kind == "rate_limit_error":
        return LLMError("rate_limited", f"The API rate limited the reply ({said}): wait a minute "
                        "and try again; your message is saved.")
    return LLMError("api", f"The API stopped the reply with an error ({kind or 'error'}: {said}); "
                    "your message is saved.")


def _error_type(exc) -> str | None:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        err = body.get("error")
        if isinstance(err, dict) and isinstance(err.get("type"), str):
            return err["type"]
    return None
