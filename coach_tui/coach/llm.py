"""The one module that talks to the model, and the only one that imports `anthropic`.

`anthropic` (and its HTTP stack) is imported inside the functions that use it, so importing
the engine, the CLI or the app stays cheap. `preload` does that import ahead of need and runs
a canned reply through the SDK in memory, and `SharedClient` builds one client for a run of
turns in the background; neither sends a request. Requests are the dicts `coach.prompts`
builds; replies are streamed with `client.messages.stream(...)`. The SDK retries
408/409/429/5xx/529 and connection errors itself (`MAX_RETRIES`); whatever still fails becomes
one `LLMError` whose `message` is a single line a user can act on. An `event: error` inside a
200 stream is not retried by the SDK, and its message says so by not claiming retries.

A reply is complete only when its stream delivered `message_stop` with stop reason `end_turn`
or `stop_sequence`. Anything else (a cut connection, a clean close before `message_stop`, an
error event, `max_tokens`, `refusal`) raises `StreamInterrupted`, which carries the text that
arrived and, when the service finished the response, its billed usage, so the caller can keep
it, mark it, and never send it as history. The 5.5 models think before they answer; thinking
blocks count toward `max_tokens` and `output_tokens` but are never shown, kept or re-sent.

The API key is read from `ANTHROPIC_API_KEY` (or `ANTHROPIC_AUTH_TOKEN`) by the SDK; it is
never logged or written anywhere. `ANTHROPIC_BASE_URL` is honoured, which is how tests point
the real SDK at a local fake server.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass

from coach_tui.coach.pricing import Usage
from coach_tui.text import one_line, truncate

MAX_RETRIES = 2
TIMEOUT_SECONDS = 120.0
CONNECT_TIMEOUT_SECONDS = 10.0
KEY_ENV = "ANTHROPIC_API_KEY"
MAX_MESSAGE_CHARS = 200

log = logging.getLogger(__name__)

class LLMError(Exception):
    """A model call that failed; `message` is the one line to show."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


class StreamInterrupted(LLMError):
    """The reply ended before it was complete; `partial_text` is what had arrived (maybe "").

    `kind` says why: "stopped" (the caller asked), "max_tokens", "refusal", "context_window",
    "incomplete" (another stop reason), or a transport kind ("network", "overloaded", ...).
    `usage` is known when the service finished the response (a max_tokens or refusal stop):
    it was billed, so the caller can account for it.
    """

    def __init__(self, kind: str, message: str, *, partial_text: str,
                 response_id: str | None, usage: Usage | None = None,
                 stop_reason: str | None = None) -> None:
        super().__init__(kind, message)
        self.partial_text = partial_text
        self.response_id = response_id
        self.usage = usage
        self.stop_reason = stop_reason


# Stop reasons that mean the model finished what it meant to say.
COMPLETE_STOPS = ("end_turn", "stop_sequence")
THINKING_BLOCKS = ("thinking", "redacted_thinking")


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


NO_KEY_MESSAGE = f"No API key: set {KEY_ENV} and try again."


def api_key_configured() -> bool:
    """True when the environment holds a key the SDK will use (no network)."""
    return any(os.environ.get(name, "").strip() for name in (KEY_ENV, "ANTHROPIC_AUTH_TOKEN"))


# One short reply as the service streams it (the event flow of the streaming docs: a thinking
# block, then a text block, then message_delta and message_stop), so `preload` can run the
# SDK's reply path once in memory. Every model type the SDK builds on that path is completed
# (pydantic builds most of them lazily, on first use): ~50 ms the first reply would wait for.
_WARM_UP_EVENTS = (
    ("message_start", {"type": "message_start", "message": {
        "id": "msg_warm_up", "type": "message", "role": "assistant", "model": "warm-up",
        "content": [], "stop_reason": None, "stop_sequence": None,
        "diagnostics": {"cache_miss_reason": None},
        "usage": {"input_tokens": 1, "cache_creation_input_tokens": 0,
                  "cache_read_input_tokens": 0, "output_tokens": 1,
                  "cache_creation": {"ephemeral_5m_input_tokens": 0,
                                     "ephemeral_1h_input_tokens": 0}}}}),
    ("ping", {"type": "ping"}),
    ("content_block_start", {"type": "content_block_start", "index": 0,
                             "content_block": {"type": "thinking", "thinking": "",
                                               "signature": ""}}),
    ("content_block_delta", {"type": "content_block_delta", "index": 0,
                             "delta": {"type": "thinking_delta", "thinking": "warm"}}),
    ("content_block_delta", {"type": "content_block_delta", "index": 0,
                             "delta": {"type": "signature_delta", "signature": "warm"}}),
    ("content_block_stop", {"type": "content_block_stop", "index": 0}),
    ("content_block_start", {"type": "content_block_start", "index": 1,
                             "content_block": {"type": "text", "text": ""}}),
    ("content_block_delta", {"type": "content_block_delta", "index": 1,
                             "delta": {"type": "text_delta", "text": "warm"}}),
    ("content_block_stop", {"type": "content_block_stop", "index": 1}),
    ("message_delta", {"type": "message_delta",
                       "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                       "usage": {"input_tokens": 1, "cache_creation_input_tokens": 0,
                                 "cache_read_input_tokens": 0, "output_tokens": 2}}),
    ("message_stop", {"type": "message_stop"}),
)
_warm_lock = threading.Lock()
_warmed = False


def preload() -> None:
    """Import the SDK and its HTTP stack and run one canned reply through the SDK's reply path
    (the app calls this in a worker after its first frame), so the first reply waits for
    neither. The reply is served from memory by an httpx mock transport: no request leaves the
    process. Once per process; later calls return at once."""
    global _warmed
    with _warm_lock:
        if _warmed:
            return
        import anthropic
        import httpx2

        from coach_tui.coach import prompts

        body = b"".join(f"event: {kind}\ndata: {json.dumps(data)}\n\n".encode()
                        for kind, data in _WARM_UP_EVENTS)

        def serve(request) -> httpx2.Response:
            return httpx2.Response(200, headers={"content-type": "text/event-stream"},
                                   content=body)

        # The request has a chat turn's shape, so the SDK's request-side conversions (which
        # it also caches per type on first use) are warmed too.
        request = prompts.chat_request(
            model="warm-up", max_tokens=2, effort="low",
            system=prompts.system_blocks("warm-up", None), history=[], words="warm-up",
            recall=None, memory_on=False, previous_message_id=None)
        with (httpx2.Client(transport=httpx2.MockTransport(serve)) as http,
              anthropic.Anthropic(api_key="warm-up", base_url="http://warm-up.invalid",
                                  http_client=http, max_retries=0) as client):
            stream_message(request, client=client)
        _warmed = True


class SharedClient:
    """One SDK client for the chat turns of an app, built in the background before the first.

    Building a client costs tens of milliseconds (httpx loads the CA bundle into an SSL
    context, even for an http URL), and one client keeps its connection pool between turns.
    `prepare()` (in a worker, after the first frame) builds the client, then runs `preload`.
    Pass the SharedClient itself as `stream_message(client=...)`: it waits there, after the
    caller has stored the message, until the client is built (a message sent while the SDK
    still loads would wait for that import anyway), then sends with it. When it could not be
    built (no key, a broken install) or after `close()`, `wait()` gives None and the turn
    builds its own client as before, meeting any failure as its usual one-line LLMError.
    Nothing in here sends a request.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()  # guards the two fields below, never held while building
        self._client = None
        self._closed = False
        # Set once `prepare` has built the client (or failed to), or on `close`.
        self._done = threading.Event()

    def prepare(self) -> None:
        """Build the client, then warm the SDK's reply path; failures are logged, not raised.

        The client comes first: a turn already waiting needs only it (and the import it
        implies), not the warm-up, which then runs beside that turn."""
        try:
            client = make_client()
        except Exception:
            # The turn builds its own client and reports this failure the usual way.
            log.info("no shared model client", exc_info=True)
            client = None
        with self._lock:
            if client is not None and not self._closed and self._client is None:
                self._client, client = client, None
        self._done.set()
        if client is not None:
            client.close()  # closed while building (the app is exiting), or prepared twice
        try:
            preload()
        except Exception:
            log.warning("warming the model SDK failed; the first reply will do it",
                        exc_info=True)

    def wait(self):
        """The prepared client once `prepare` has built it; None when there is none."""
        self._done.wait()
        with self._lock:
            return self._client

    def close(self) -> None:
        with self._lock:
            self._closed = True
            client, self._client = self._client, None
        self._done.set()
        if client is not None:
            client.close()


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
    on_thinking: Callable[[], None] | None = None,
    client=None,
    should_stop: Callable[[], bool] | None = None,
    budget_setting: str = "max_tokens under [coach]",
) -> Reply:
    """Send `request`, calling `on_text(chunk)` per text chunk; the complete reply.

    Only text reaches `on_text` and the reply: thinking blocks are neither shown nor kept
    (`on_thinking()` is called when one begins, so a silent wait can be shown as thinking).
    A reply counts as complete only when the stream delivered `message_stop` and the stop
    reason is `end_turn` or `stop_sequence`; anything else raises StreamInterrupted carrying
    what arrived, however the stream ended (a clean close of the connection does not raise in
    the SDK). LLMError when nothing usable arrived. `should_stop()` is polled per event, so
    a stop also works while the model is still thinking. `budget_setting` names the setting
    to raise in a max_tokens message. `client` is an SDK client, a `SharedClient`, or None
    (one is built for this call and closed after it).
    """
    if isinstance(client, SharedClient):
        # The app's client, prepared in the background: waited for here, after the caller
        # stored the message. None (it could not be built): build one as before.
        client = client.wait()
    own = client is None
    if own:
        client = make_client()
    chunks: list[str] = []
    stream = None
    finished = False
    try:
        with client.messages.stream(**request) as stream:
            for event in stream:
                kind = event.type
                if kind == "text":
                    chunks.append(event.text)
                    if on_text is not None:
                        on_text(event.text)
                elif kind == "content_block_start":
                    if event.content_block.type in THINKING_BLOCKS and on_thinking is not None:
                        on_thinking()
                elif kind == "message_stop":
                    finished = True
                if should_stop is not None and should_stop():
                    raise StreamInterrupted(
                        "stopped", "Stopped: the partial reply is kept and marked stopped.",
                        partial_text="".join(chunks), response_id=_snapshot_id(stream),
                    )
            final = _snapshot(stream)
    except LLMError:
        raise
    except Exception as exc:
        error = describe_error(exc)
        if chunks:
            raise StreamInterrupted(
                error.kind,
                "The reply was cut off (" + _reason(error, exc) + "); the partial reply is kept "
                "and marked interrupted. Send your message again to retry.",
                partial_text="".join(chunks), response_id=_snapshot_id(stream),
            ) from exc
        raise error from exc
    finally:
        if own:
            client.close()
    text = "".join(chunks)
    if not finished or final is None:
        # The connection closed cleanly before message_stop: the SDK ends the iteration as if
        # all was well, so the missing event is the only sign.
        if not text:
            raise LLMError("network", "The connection closed before the reply arrived: check "
                           "your network and try again; your message is saved.")
        raise StreamInterrupted(
            "network", "The reply was cut off (the connection closed before the reply was "
            "complete); the partial reply is kept and marked interrupted. Send your message "
            "again to retry.", partial_text=text, response_id=final.id if final else None)
    reply = _reply_of(final, text=text)
    if not reply.complete:
        raise incomplete(reply, request.get("max_tokens"), budget_setting)
    return reply


def incomplete(reply: Reply, max_tokens: int | None, budget_setting: str) -> StreamInterrupted:
    """The StreamInterrupted for a finished response whose stop reason is not a completion."""
    has_text = bool(reply.text.strip())
    budget = f"{max_tokens:,}" if isinstance(max_tokens, int) else "its limit"
    if reply.stop_reason == "max_tokens":
        kind = "max_tokens"
        message = (
            f"Cut short: the reply reached max_tokens ({budget}); the part that arrived is kept. "
            f"Raise {budget_setting} in config.toml for longer replies."
            if has_text else
            f"The model used its whole budget of max_tokens ({budget}) thinking and wrote no "
            f"reply: raise {budget_setting} in config.toml (or lower the effort) and try again."
        )
    elif reply.stop_reason == "refusal":
        kind = "refusal"
        message = ("The model declined to answer this (refusal); the reply is not kept in the "
                   "conversation. Rephrase your message and try again.")
    elif reply.stop_reason == "model_context_window_exceeded":
        kind = "context_window"
        message = ("The conversation is too long for the model's context window: start a new "
                   "session (ctrl+n in the app, ask --new in the shell).")
    else:
        kind = "incomplete"
        message = (f"The reply stopped before it was complete (stop reason: "
                   f"{reply.stop_reason or 'none'}); what arrived is kept and marked.")
    return StreamInterrupted(kind, message, partial_text=reply.text, response_id=reply.response_id,
                             usage=reply.usage, stop_reason=reply.stop_reason)


def complete(request: dict, *, client=None) -> Reply:
    """Send `request` without streaming (reflection); LLMError on failure.

    The reply is returned whatever its stop reason: check `reply.complete` before trusting it.
    """
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


def _reply_of(message, *, text: str | None = None) -> Reply:
    if text is None:
        text = "".join(getattr(b, "text", "") for b in message.content
                       if getattr(b, "type", "") == "text")
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

    # The split of cache writes by TTL; a 1-hour write is billed at a higher rate.
    creation = getattr(usage, "cache_creation", None)
    one_hour = (getattr(creation, "ephemeral_1h_input_tokens", None)
                if creation is not None else None)
    return Usage(
        input_tokens=n("input_tokens"),
        cache_creation_tokens=n("cache_creation_input_tokens"),
        cache_read_tokens=n("cache_read_input_tokens"),
        output_tokens=n("output_tokens"),
        cache_creation_1h_tokens=int(one_hour) if one_hour is not None else 0,
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


def _snapshot(stream):
    """The message accumulated so far, or None when no message_start arrived."""
    if stream is None:
        return None
    try:
        return stream.current_message_snapshot
    except AssertionError:
        return None  # the SDK asserts a snapshot exists; none does before message_start


def _snapshot_id(stream) -> str | None:
    snapshot = _snapshot(stream)
    return snapshot.id if snapshot is not None else None


def _reason(error: LLMError, exc: BaseException) -> str:
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
    """An API error message as one line of at most MAX_MESSAGE_CHARS."""
    return truncate(one_line(text), MAX_MESSAGE_CHARS, ellipsis="...")


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
        if status == 400 and "prompt is too long" in _server_message(exc).lower():
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
    return LLMError("api",
                    f"The model call failed: {_one_line(type(exc).__name__ + ': ' + str(exc))}.")


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
