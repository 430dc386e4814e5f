"""Getting the model SDK ready before the first reply needs it, without sending anything.

`preload` imports the SDK and its HTTP stack and runs one canned reply (a thinking block, then
text, as the streaming docs describe) through the real reply path in memory
(`llm.canned_client`), so the types pydantic builds lazily are built before the first reply.
`SharedClient` builds the app's one client for its chat turns in a worker after the first
frame and hands it to `llm.stream_message`, which waits for it only after the turn has stored
its message. Failures here are logged, never shown: a turn without a prepared client builds
its own and reports any problem as its usual one-line error.
"""

from __future__ import annotations

import json
import logging
import threading

from coach_tui.coach import llm, prompts

log = logging.getLogger(__name__)


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
        body = b"".join(f"event: {kind}\ndata: {json.dumps(data)}\n\n".encode()
                        for kind, data in _WARM_UP_EVENTS)
        # The request has a chat turn's shape, so the SDK's request-side conversions (which
        # it also caches per type on first use) are warmed too.
        request = prompts.chat_request(
            model="warm-up", max_tokens=2, effort="low",
            system=prompts.system_blocks("warm-up", None), history=[], words="warm-up",
            recall=None, memory_on=False, previous_message_id=None)
        with llm.canned_client(body) as client:
            llm.stream_message(request, client=client)
        _warmed = True


# A message of the kinds recall reads (relative days and months, a date, an event, text-speak).
_WARM_UP_MESSAGE = ("how did last week go b4 the trip, and last month vs the month before, "
                    "3 months ago, Nov 13, the week after the half?")


def warm_recall() -> None:
    """Build what recall builds on its first message (the word list read and made into
    patterns, the day words' regular expressions compiled: ~50-150 ms on a loaded machine that
    the first message of a session used to wait for), on a made-up message: pure, no database.
    """
    from datetime import date

    from coach_tui.memory import daywords, events, message_parts, names, query, ranking

    daywords.named_spans(_WARM_UP_MESSAGE, date(2026, 1, 15))
    events.event_phrases(query.read_phrases(query.spelled_out(_WARM_UP_MESSAGE)))
    # The synonym groups and the words more general than each (~50-100 ms, read on the first
    # message's search and ranking), and the patterns that ask for a kind, an end, a name.
    words = query.message_words(_WARM_UP_MESSAGE)
    query.query_terms(words, {})
    query.general_words("knee")
    names.aliases(words, names.role_names(["Walked with friend Priya (neighbour)"]))
    for part in message_parts.clauses(_WARM_UP_MESSAGE):
        ranking.asked_kind(part)
        ranking.which_end(part)


class SharedClient(llm.ClientSource):
    """One SDK client for the chat turns of an app, built in the background before the first.

    Building a client costs tens of milliseconds (httpx loads the CA bundle into an SSL
    context, even for an http URL), and one client keeps its connection pool between turns.
    `prepare()` (in a worker, after the first frame) builds the client, then runs `preload`
    and `warm_recall` unless a turn has asked for the client by then.
    Pass the SharedClient itself as `stream_message(client=...)`: it waits there, after the
    caller has stored the message, until the client is built (a message sent while the SDK
    still loads would wait for that import anyway), then sends with it. When it could not be
    built (no key, a broken install) or after `close()`, `wait()` gives None and the turn
    builds its own client as before, meeting any failure as its usual one-line LLMError.
    Nothing in here sends a request.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()  # guards the two fields below, never held while building
        self._client: llm.SDKClient | None = None
        self._closed = False
        # Set once `prepare` has built the client (or failed to), or on `close`.
        self._done = threading.Event()
        # A turn asked for the client: it runs the reply path and recall itself, so the
        # warm-up would only compete with it for the GIL and the cores.
        self._asked = False

    def prepare(self) -> None:
        """Build the client, then warm the SDK's reply path; failures are logged, not raised.

        The client comes first: a turn already waiting needs only it (and the import it
        implies). The warm-up is left out once a turn has asked for the client: that turn
        builds the same types and patterns on its own way, and a warm-up beside it only slowed
        its first text (by ~0.4 s on a loaded machine)."""
        try:
            client = llm.make_client()
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
            for warm in (preload, warm_recall):
                if self._asked:
                    break
                warm()
        except Exception:
            log.warning("warming the model SDK failed; the first reply will do it",
                        exc_info=True)

    def wait(self) -> llm.SDKClient | None:
        """The prepared client once `prepare` has built it; None when there is none."""
        self._asked = True
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
