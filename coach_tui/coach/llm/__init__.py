"""The one package that talks to the model, and the only one that imports `anthropic`.

`anthropic` (and its HTTP stack) is imported inside the functions that use it, so importing the
engine, the CLI or the app stays cheap (coach/warmup.py does that import ahead of need, through
`canned_client`, and builds the app's client in the background). What a failure means is in
llm/errors.py. Requests are the dicts `coach.prompts` builds; replies are streamed with
`client.messages.stream(...)`. 408/409/429/5xx/529 and connection errors are retried here, not
by the SDK (llm/retry.py: `MAX_RETRIES`, waits within `max_wait` seconds, announced through
`on_wait` and stoppable); whatever still fails becomes one `LLMError` whose `message` is a
single line a user can act on. An `event: error` inside a 200 stream is not retried, and its
message says so by not claiming retries.

A reply is complete only when its stream delivered `message_stop` with stop reason `end_turn`
or `stop_sequence`. Anything else (a cut connection, a clean close before `message_stop`, an
error event, `max_tokens`, `refusal`) raises `StreamInterrupted`, which carries the text that
arrived and, when the service finished the response, its billed usage, so the caller can keep
it, mark it, and never send it as history. The 5.5 models think before they answer; thinking
blocks count toward `max_tokens` and `output_tokens` but are never shown, kept or re-sent. Text
is made storable where it comes in (llm/wellformed.py).

Every request whose stream began was billed, however it ended: message_start's input, cache
write and cache read exactly, and the output generated so far. A stream that ends early (a
stop, a cut, an error event, even before any text) carries that usage on its error, the output
as a lower bound (`Usage.output_is_floor`): the larger of the service's own count
(message_delta's cumulative output_tokens, when one came) and an estimate from the text and
thinking received (`estimate_tokens`). Ctrl-C, SIGTERM or SIGHUP mid-stream
(coach/interrupts.py) raises `Interrupted`, still a KeyboardInterrupt, carrying the stop an
Esc would have made, billed usage and all.

The API key is read from `ANTHROPIC_API_KEY` (or `ANTHROPIC_AUTH_TOKEN`) by the SDK, or, when
neither is set, is the key `coach-tui key set` stored (llm/keystore.py); it is never logged.
`ANTHROPIC_BASE_URL` is honoured, which is how tests point
the real SDK at a local fake server.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from coach_tui.coach.llm.body import sdk_body
from coach_tui.coach.llm.errors import (  # noqa: F401  the errors are part of this API
    KEY_ENV,
    MAX_RETRIES,
    NO_KEY_MESSAGE,
    Interrupted,
    LLMError,
    StreamInterrupted,
    check_environment,
    describe_error,
    reason_of,
)
from coach_tui.coach.llm.load import load_sdk
from coach_tui.coach.llm.reply import COMPLETE_STOPS, Reply  # noqa: F401  part of this API
from coach_tui.coach.llm.retry import DEFAULT_MAX_WAIT_SECONDS, Sleep, WaitHook, with_retries
from coach_tui.coach.llm.wellformed import Deltas, well_formed
from coach_tui.coach.pricing import Usage

if TYPE_CHECKING:
    import anthropic

TIMEOUT_SECONDS = 120.0
CONNECT_TIMEOUT_SECONDS = 10.0

log = logging.getLogger(__name__)

THINKING_BLOCKS = ("thinking", "redacted_thinking")


class ClientSource:
    """Hands over an SDK client once it is built (None: build your own); see warmup.py."""

    def wait(self) -> anthropic.Anthropic | None:
        raise NotImplementedError


# The SDK's client, named for modules that may not import the SDK; and what a caller may pass
# as `client`: one of those, or a source that hands one over.
type SDKClient = anthropic.Anthropic
type ModelClient = anthropic.Anthropic | ClientSource


def api_key_configured() -> bool:
    """True when the environment, or the stored key, holds a key the SDK will use (no
    network)."""
    from coach_tui.coach.llm import keystore

    return keystore.from_env() is not None or keystore.loaded() is not None


@contextmanager
def canned_client(body: bytes) -> Iterator:
    """An SDK client that answers every request in process with `body` as its event stream:
    nothing leaves the process. coach/warmup.py runs one canned reply through it."""
    load_sdk()
    import anthropic
    import httpx2

    def serve(request) -> httpx2.Response:
        return httpx2.Response(200, headers={"content-type": "text/event-stream"}, content=body)

    with (httpx2.Client(transport=httpx2.MockTransport(serve)) as http,
          anthropic.Anthropic(api_key="warm-up", base_url="http://warm-up.invalid",
                              http_client=http, max_retries=0) as client):
        yield client


def make_client(*, max_retries: int = MAX_RETRIES) -> anthropic.Anthropic:
    """An SDK client configured from the environment; LLMError('no_api_key') without a key."""
    if not api_key_configured():
        raise LLMError("no_api_key", NO_KEY_MESSAGE)
    check_environment()
    load_sdk()
    import anthropic

    timeout = anthropic.Timeout(TIMEOUT_SECONDS, connect=CONNECT_TIMEOUT_SECONDS)
    # The HTTP client the SDK would make itself, but verifying with a TLS context made once.
    http = anthropic.DefaultHttpxClient(timeout=timeout, verify=_tls_context(
        os.environ.get("SSL_CERT_FILE"), os.environ.get("SSL_CERT_DIR")))
    from coach_tui.coach.llm import keystore

    return anthropic.Anthropic(api_key=keystore.loaded(),  # None: the SDK reads the environment
                               max_retries=max_retries, timeout=timeout, http_client=http)


@functools.cache
def _tls_context(cert_file: str | None, cert_dir: str | None):
    """The HTTP stack's default TLS context (which honours SSL_CERT_FILE and SSL_CERT_DIR,
    hence the key), made once per process: making one reads the CA bundle, ~40 ms of CPU that
    every client, so every turn and every reflection, paid again."""
    import httpx2

    return httpx2.create_ssl_context()


def stream_message(
    request: dict,
    *,
    on_text: Callable[[str], None] | None = None,
    on_thinking: Callable[[], None] | None = None,
    client: ModelClient | None = None,
    should_stop: Callable[[], bool] | None = None,
    budget_setting: str = "max_tokens under [coach]",
    on_wait: WaitHook | None = None,
    max_wait: float = DEFAULT_MAX_WAIT_SECONDS,
    sleep: Sleep = time.sleep,
) -> Reply:
    """Send `request`, calling `on_text(chunk)` per text chunk; the complete reply.

    Only text reaches `on_text` and the reply: thinking blocks are neither shown nor kept
    (`on_thinking()` is called when one begins, so a silent wait can be shown as thinking).
    A reply counts as complete only when the stream delivered `message_stop` and the stop
    reason is `end_turn` or `stop_sequence`; anything else raises StreamInterrupted carrying
    what arrived, however the stream ended (a clean close of the connection does not raise in
    the SDK). LLMError when nothing usable arrived. `should_stop()` is polled per event, so
    a stop also works while the model is still thinking. `budget_setting` names the setting
    to raise in a max_tokens message. A failed request is retried within `max_wait` seconds of
    waiting, each wait announced as `on_wait(seconds, why)` and slept by `sleep` (llm/retry.py);
    `should_stop()` ends a wait too. `client` is an SDK client, a `ClientSource` (the
    app's `warmup.SharedClient`), or None
    (one is built for this call and closed after it).
    """
    given = client.wait() if isinstance(client, ClientSource) else client
    # The app's client, prepared in the background, is waited for here, after the caller
    # stored the message. None (it could not be built): build one as before. The stream's
    # events are read loosely below (`Any`): the SDK types them as a union of a dozen.
    own = given is None
    sdk: Any = make_client() if given is None else given
    chunks = Deltas()
    stream = None
    finished = False
    # The SDK retries nothing: with_retries does, within max_wait (llm/retry.py).
    quiet = sdk.with_options(max_retries=0)
    try:
        stream = with_retries(lambda: quiet.messages.stream(**sdk_body(request)).__enter__(),
                              max_wait=max_wait, on_wait=on_wait, should_stop=should_stop,
                              retries=sdk.max_retries, sleep=sleep)
        with stream:
            for event in stream:
                kind = event.type
                if kind == "text":
                    shown = chunks.add(event.text)
                    if on_text is not None and shown:
                        on_text(shown)
                elif kind == "content_block_start":
                    if event.content_block.type in THINKING_BLOCKS and on_thinking is not None:
                        on_thinking()
                elif kind == "message_stop":
                    finished = True
                if should_stop is not None and should_stop():
                    raise _stopped(chunks, stream)
            if (tail := chunks.rest()) and on_text is not None:
                on_text(tail)
            final = _snapshot(stream)
    except LLMError:
        raise
    except KeyboardInterrupt as exc:
        # Ctrl-C or a signal: it still ends the command, carrying the stop an Esc would have
        # made (what arrived, what was billed), to be stored before it goes on.
        raise Interrupted(_stopped(chunks, stream, INTERRUPTED_MESSAGE)) from exc
    except Exception as exc:
        error = describe_error(exc)
        if chunks:
            raise StreamInterrupted(
                error.kind,
                "The reply was interrupted (" + reason_of(error, exc) + "); the partial reply is "
                "kept and marked interrupted. Send your message again to retry.",
                partial_text=chunks.text(), response_id=_snapshot_id(stream),
                usage=_partial_usage(stream),
            ) from exc
        # Nothing to show, but billed once message_start arrived (it may have been thinking).
        error.usage = _partial_usage(stream)
        raise error from exc
    finally:
        if own:
            sdk.close()
    text = chunks.text()
    if not finished or final is None:
        # The connection closed cleanly before message_stop: the SDK ends the iteration as if
        # all was well, so the missing event is the only sign.
        if not text:
            raise LLMError("network", "The connection closed before the reply arrived: check "
                           "your network and try again; your message is saved.",
                           usage=_partial_usage(stream))
        raise StreamInterrupted(
            "network", "The reply was interrupted (the connection closed before the reply "
            "was complete); the partial reply is kept and marked interrupted. Send your message "
            "again to retry.", partial_text=text, response_id=final.id if final else None,
            usage=_partial_usage(stream))
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
                   "session.")
    else:
        kind = "incomplete"
        message = (f"The reply stopped before it was complete (stop reason: "
                   f"{reply.stop_reason or 'none'}); what arrived is kept and marked.")
    return StreamInterrupted(kind, message, partial_text=reply.text, response_id=reply.response_id,
                             usage=reply.usage, stop_reason=reply.stop_reason)


def complete(request: dict, *, client: anthropic.Anthropic | None = None,
             on_wait: WaitHook | None = None, max_wait: float = DEFAULT_MAX_WAIT_SECONDS,
             sleep: Sleep = time.sleep) -> Reply:
    """Send `request` without streaming (reflection); LLMError on failure.

    The reply is returned whatever its stop reason: check `reply.complete` before trusting it.
    Retried as `stream_message` is.
    """
    own = client is None
    sdk = make_client() if client is None else client
    quiet = sdk.with_options(max_retries=0)
    try:
        message = with_retries(lambda: quiet.messages.create(**sdk_body(request)),
                               max_wait=max_wait, on_wait=on_wait, retries=sdk.max_retries,
                               sleep=sleep)
    except Exception as exc:
        raise describe_error(exc) from exc
    finally:
        if own:
            sdk.close()
    return _reply_of(message)


def _reply_of(message, *, text: str | None = None) -> Reply:
    if text is None:
        text = well_formed("".join(getattr(b, "text", "") for b in message.content
                                   if getattr(b, "type", "") == "text"))
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


# `diagnostics: {"cache_miss_reason": null}`: the service answered before its comparison of
# the prefixes finished (the SDK's types/diagnostics.py), which is not the same as no miss.
MISS_PENDING = "pending"


def miss_reason_of(message) -> str | None:
    """`diagnostics.cache_miss_reason.type`; "pending" while the service has not compared the
    prefixes yet (a null reason inside diagnostics); None without diagnostics (no miss)."""
    diagnostics = getattr(message, "diagnostics", None)
    if diagnostics is None:
        return None
    reason = getattr(diagnostics, "cache_miss_reason", None)
    if reason is None and isinstance(diagnostics, dict):
        reason = diagnostics.get("cache_miss_reason")
    if reason is None:
        return MISS_PENDING
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


STOPPED_MESSAGE = "Stopped: the partial reply is kept and marked stopped."
INTERRUPTED_MESSAGE = ("Stopped before the reply was complete (the program was interrupted); "
                       "the partial reply is kept and marked stopped.")


def _stopped(chunks: Deltas, stream, message: str = STOPPED_MESSAGE) -> StreamInterrupted:
    """The stop the user asked for (Esc; Ctrl-C or a signal: `Interrupted`), with what arrived
    and what was billed."""
    return StreamInterrupted("stopped", message, partial_text=chunks.text(),
                             response_id=_snapshot_id(stream), usage=_partial_usage(stream))


# The estimate of output from received text: a token per 4 UTF-8 bytes. The 5.5 tokenizer
# averages fewer bytes per token than that, so the estimate stays below the true count.
ESTIMATE_BYTES_PER_TOKEN = 4


def estimate_tokens(text: str) -> int:
    """A conservative count of the tokens `text` took to generate (0 for none); a lone
    surrogate still in the SDK's snapshot (llm/wellformed.py) counts as its three bytes."""
    return -(-len(text.encode("utf-8", "surrogatepass")) // ESTIMATE_BYTES_PER_TOKEN)


def _partial_usage(stream) -> Usage | None:
    """What a stream that ended early was billed so far: message_start's input, cache write
    and cache read exactly; the output as a lower bound, the larger of the service's last
    count (message_start's, or a message_delta's cumulative one) and the estimate from the
    text and thinking received. None before message_start (nothing billed that we can see)."""
    snapshot = _snapshot(stream)
    if snapshot is None or getattr(snapshot, "usage", None) is None:
        return None
    usage = usage_of(snapshot.usage)
    received = "".join(getattr(block, "text", None) or getattr(block, "thinking", None) or ""
                       for block in snapshot.content or ())
    return dataclasses.replace(usage, output_tokens=max(usage.output_tokens,
                                                        estimate_tokens(received)),
                               output_is_floor=True)


def _snapshot_id(stream) -> str | None:
    snapshot = _snapshot(stream)
    return snapshot.id if snapshot is not None else None
