"""A local, in-process fake of the Anthropic Messages API for tests and benchmarks.

Contract: ``FakeMessagesAPI`` serves ``POST /v1/messages`` (query string ignored) on
``http://127.0.0.1:<ephemeral port>`` from a background ``ThreadingHTTPServer`` so the REAL
``anthropic`` SDK can be pointed at it with ``base_url=server.url``; it checks the key from
``x-api-key`` or ``Authorization: Bearer`` (which SDK 2.x uses) (401 ``authentication_error``), validates ``model``/``max_tokens``/``messages`` (400
``invalid_request_error``; also an unknown ``output_config.effort``, and ``temperature``/``top_p``/
``top_k`` on the 5.5 models), and answers with either a Message JSON or a chunked SSE stream
(message_start, ping, then per content block content_block_start, word-sized deltas and
content_block_stop, then message_delta carrying the stop reason and cumulative usage, and
message_stop).  Reply text comes from ``queue_stop`` (a reply with a given stop reason, such as
``refusal``), else ``queue_reply`` (FIFO), else ``responder(body)``, else a deterministic
default; ``queue_error`` injects HTTP errors, and ``queue_cut`` ends a stream before
``message_stop`` by dropping the connection, by a clean end of the body (which the SDK does not
raise for), or by an ``event: error`` inside the 200 stream (which the SDK does not retry).

Thinking, as on the 5.5 models: a request to a 5.5 model (or one that sets
``output_config.effort``) thinks first, at its effort or the model's default (Sonnet high,
Haiku and Opus medium), spending ``THINKING_TOKENS[effort]``; the thinking block streams
before the text (``thinking_delta``, ``signature_delta``) and counts toward ``max_tokens`` and
``output_tokens``.  When thinking and text do not fit in ``max_tokens`` the text is cut at a
chunk boundary (maybe to nothing) and the stop reason is ``max_tokens``.  The effort is part of
the cache key of message blocks, not of tools or system: changing thinking settings
mid-conversation invalidates cached messages while the system prefix stays cached.
``thinking=False`` turns all of this off.  With ``context_limit`` set, a prompt over that many
tokens gets the service's 400 ``prompt is too long``, and with ``max_tokens_in_context`` a
prompt that fits only without its ``max_tokens`` gets the other wording, ``input length and
`max_tokens` exceed context limit``.  Tokens are counted
deterministically: every content block (a tool definition, a system block, a message block; a
plain string ``system`` or message ``content`` is one text block) costs
``max(1, ceil(utf8_bytes / 4))`` of its text (non-text blocks: of their canonical JSON), and each
message adds 3 role-framing tokens charged to its first block; output tokens use the same rule
on the reply text.  Prompt caching mirrors the service's accounting: blocks are ordered tools ->
system -> messages; each block's prefix key is a running sha256 over model, role boundaries and
the canonical blocks with ``cache_control`` excluded; breakpoints are blocks carrying
``cache_control`` plus, with top-level ``cache_control``, the last block of the last message
(more than 4 -> 400); each breakpoint looks back over 20 blocks, itself included, for a live
entry; the longest hit is ``cache_read_input_tokens`` (and has its TTL refreshed); every
breakpoint past the read point whose cumulative prefix reaches the model's minimum cacheable
length is written, ``cache_creation_input_tokens`` runs from the read point through the last
written breakpoint, and ``input_tokens`` is the remainder, so input + creation + read always
equals the prompt's total.  ``diagnostics.previous_message_id`` is compared against the stored
fingerprint of that earlier request (model, then tools, then system, then message-prefix).
Everything received and sent is recorded in ``requests``, ``raw_requests`` and ``responses``;
``stop()`` closes every connection and joins every thread it started.
"""  # noqa: E501

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import re
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["FakeMessagesAPI", "count_text_tokens"]

# The real service refuses requests with more than four cache breakpoints.
MAX_BREAKPOINTS = 4
# A breakpoint looks for earlier cache entries in at most this many blocks, itself included.
LOOKBACK_BLOCKS = 20
# Role framing cost; charged to a message's first block so per-block prefix sums stay exact.
ROLE_FRAMING_TOKENS = 3
ONE_HOUR = 3600.0
# Adaptive thinking on the 5.5 models: how many thinking tokens a reply spends before its text,
# by effort. Thinking counts toward max_tokens and output_tokens, like the real service's.
THINKING_TOKENS = {"low": 48, "medium": 400, "high": 1600, "xhigh": 3200, "max": 6400}
EFFORTS = tuple(THINKING_TOKENS)


def default_effort(model: str) -> str | None:
    """The effort a model thinks at when the request sets none; None: it does not think."""
    if "-5-5" not in model:
        return None
    return "high" if "sonnet" in model else "medium"
# Statuses the SDK retries; they get retry hints so SDK retries don't sleep for real.
_RETRYABLE = {408, 409, 429}


def count_text_tokens(text: str) -> int:
    """The fake's tokenizer: a quarter token per UTF-8 byte, rounded up, never below 1 (a lone
    surrogate, which a reply can hold as JSON's "\\ud83d", counts its three bytes)."""
    return max(1, math.ceil(len(text.encode("utf-8", "surrogatepass")) / 4))


def _canonical(value: Any) -> str:
    # Sorted keys and fixed separators so dict ordering in the client never changes a hash.
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _strip_block(block: Any) -> Any:
    """The block as the cache sees it: no cache_control, no null-valued keys.

    cache_control is excluded so moving a breakpoint does not change any prefix key; null keys
    are dropped because the SDK echoes e.g. ``citations: null`` on assistant blocks built from
    responses, which the real service treats the same as an absent key.
    """
    if not isinstance(block, dict):
        return block
    return {k: v for k, v in block.items() if k != "cache_control" and v is not None}


def _as_blocks(content: Any) -> list[Any]:
    # A plain string is exactly one text block, both for counting and for hashing, so the
    # string and list spellings of the same prompt share cache entries.
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return list(content)


# json.dumps's own escaping of a string with ensure_ascii=False (the C encoder when present).
_encode_str = json.encoder.encode_basestring  # type: ignore[attr-defined]


def _block_tokens(block: Any) -> int:
    if (isinstance(block, dict) and block.get("type") == "text"
            and isinstance(block.get("text"), str)):
        return count_text_tokens(block["text"])
    return count_text_tokens(_canonical(_strip_block(block)))


def default_min_cacheable_tokens(model: str) -> int:
    """Minimum prompt length (in the fake's tokens) before a breakpoint may be cached."""
    if "-5-5" in model:
        return 512
    if "sonnet-4-5" in model or "sonnet-4-6" in model:
        return 1024
    if any(name in model for name in ("haiku-4-5", "opus-4-5", "opus-4-6")):
        return 4096
    return 1024


class _Block:
    __slots__ = ("key", "tokens", "cumulative", "cache_control")

    def __init__(self, key: str | None, tokens: int, cumulative: int, cache_control: Any):
        self.key = key  # None until keyed (only blocks a breakpoint can look back to are)
        self.tokens = tokens
        self.cumulative = cumulative
        self.cache_control = cache_control


class _RequestError(Exception):
    def __init__(self, status: int, error_type: str, message: str,
                 retry_after: int | None = None):
        super().__init__(message)
        self.status = status
        self.error_type = error_type
        self.message = message
        self.retry_after = retry_after


def _plain_text(block: Any) -> str | None:
    """The text of a plain text block ({"type": "text", "text": ...}, maybe with cache_control
    or null keys), None for any other block."""
    if type(block) is dict and block.get("type") == "text":
        text = block.get("text")
        if isinstance(text, str) and (len(block) == 2 or all(
                k in ("type", "text", "cache_control") or v is None for k, v in block.items())):
            return text
    return None


def _blocks_of(body: dict[str, Any], effort: str | None = None, *,
               keyed: Callable[[list[_Block]], Any] | None = None) -> list[_Block]:
    """Flatten tools -> system -> messages into blocks with running prefix keys and token sums.

    The thinking effort is hashed between system and messages: changing thinking settings
    mid-conversation invalidates cached messages while the system prefix stays cached.
    A block's key is the sha256 of every record up to and including its own. `keyed(blocks)`
    names the blocks whose key is wanted (the ones a breakpoint can look back to); the rest
    keep None, so a long request is hashed once through rather than digested per block.
    None: every block is keyed.
    """
    # One JSON record per line: JSON escapes newlines, so records cannot run together.
    # The model goes first: the same prompt on another model must never share an entry.
    records = [_canonical(["model", body["model"]]).encode() + b"\n"]
    ends: list[int] = []  # per block: how many records its key covers
    blocks: list[_Block] = []
    total = 0

    def add(kind: str, block: Any, framing: int = 0) -> None:
        nonlocal total
        text = _plain_text(block)
        if text is None:
            records.append(_canonical([kind, _strip_block(block)]).encode() + b"\n")
            tokens = _block_tokens(block)
        else:
            # Spelled out directly, byte for byte what `_canonical` writes for a plain text
            # block (sorted keys: "text" before "type"; the string escaped as json.dumps
            # escapes it), without a json.dumps per block: a 500-exchange request has 1,000.
            records.append(f'["{kind}",{{"text":{_encode_str(text)},"type":"text"}}]\n'
                           .encode())
            tokens = count_text_tokens(text)
        tokens += framing
        ends.append(len(records))
        total += tokens
        cc = block.get("cache_control") if isinstance(block, dict) else None
        blocks.append(_Block(None, tokens, total, cc))

    for tool in body.get("tools") or []:
        add("tool", tool)
    system = body.get("system")
    if system:
        for block in _as_blocks(system):
            add("system", block)
    records.append(_canonical(["thinking", effort]).encode() + b"\n")
    roles: dict[str, bytes] = {}
    for message in body["messages"]:
        # The role boundary is hashed so [user: a, b] and [user: a][user: b] differ.
        role = message["role"]
        if role not in roles:
            roles[role] = _canonical(["role", role]).encode() + b"\n"
        records.append(roles[role])
        for i, block in enumerate(_as_blocks(message["content"])):
            add("block", block, ROLE_FRAMING_TOKENS if i == 0 else 0)

    wanted = range(len(blocks)) if keyed is None else sorted(set(keyed(blocks)))
    hasher = hashlib.sha256()
    done = 0
    for index in wanted:
        hasher.update(b"".join(records[done:ends[index]]))
        done = ends[index]
        blocks[index].key = hasher.hexdigest()  # a digest leaves the running hash as it was
    return blocks


def _lookback(breakpoints: list[int]) -> set[int]:
    """The blocks any of `breakpoints` can read from or write: each and the LOOKBACK_BLOCKS - 1
    blocks before it."""
    return {j for bp in breakpoints for j in range(max(0, bp - LOOKBACK_BLOCKS + 1), bp + 1)}


def _fingerprint(body: dict[str, Any]) -> dict[str, Any]:
    """What diagnostics compare: the prompt with breakpoints and spelling differences removed."""
    system = body.get("system")
    return {
        "model": body["model"],
        "tools": [_strip_block(t) for t in body.get("tools") or []],
        "system": [_strip_block(b) for b in _as_blocks(system)] if system else [],
        "messages": [
            {"role": m["role"], "content": [_strip_block(b) for b in _as_blocks(m["content"])]}
            for m in body["messages"]
        ],
    }


def _chunks(text: str) -> list[str]:
    # Word-sized pieces with their trailing whitespace, so joining them restores the text.
    return re.findall(r"\s*\S+\s*", text) or ([text] if text else [])


class _Server(ThreadingHTTPServer):
    """ThreadingHTTPServer that remembers its live connections so stop() can end them.

    Keep-alive connections park a handler thread in readline() until the client hangs up; an
    SDK client that is never closed would therefore pin threads forever.  Shutting the sockets
    down from stop() wakes those threads so they can be joined.
    """

    daemon_threads = True
    block_on_close = False  # we join our own threads in stop()
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], handler: type, fake: FakeMessagesAPI):
        self.fake = fake
        self.conn_lock = threading.Lock()
        self.connections: dict[threading.Thread, socket.socket] = {}
        super().__init__(address, handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        thread = threading.Thread(
            target=self._serve_connection, args=(request, client_address),
            name="fake-messages-api-conn", daemon=True,
        )
        # Registered before start() so stop() can never miss a thread that is starting up.
        with self.conn_lock:
            self.connections[thread] = request
        thread.start()

    def _serve_connection(self, request: Any, client_address: Any) -> None:
        try:
            self.process_request_thread(request, client_address)
        finally:
            with self.conn_lock:
                self.connections.pop(threading.current_thread(), None)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # Clients hanging up mid-response is normal in tests (cuts, early closes); stay quiet.
        pass


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive and chunked streaming, like the real service
    server: _Server
    timeout = 30  # backstop so a wedged client cannot hold a thread forever

    def setup(self) -> None:
        super().setup()
        # Headers and body (and every SSE chunk) are separate small writes; without NODELAY,
        # Nagle plus the client's delayed ACK stalls each response by ~40 ms.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass  # keep pytest output clean

    def do_GET(self) -> None:
        self._send_json(404, _error_body("not_found_error", f"No route for GET {self.path}"))

    def do_POST(self) -> None:
        path = self.path.split("?", 1)[0].rstrip("/")
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        fake = self.server.fake
        key = self._presented_key()
        if path == "/v1/messages":
            plan = fake._plan(raw, key)
        elif path == "/v1/messages/count_tokens":
            plan = fake._plan_count_tokens(raw, key)
        else:
            plan = {"kind": "error", "status": 404,
                    "body": _error_body("not_found_error", f"No route for POST {path}")}
        try:
            if plan["kind"] == "error":
                self._send_json(plan["status"], plan["body"], plan.get("headers"),
                                plan.get("request_id"))
            elif plan["kind"] == "json":
                self._send_json(200, plan["body"], None, plan.get("request_id"))
            else:
                self._send_stream(plan)
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError, OSError):
            # The client went away (or stop() shut the socket); nothing left to tell it.
            self.close_connection = True

    def _presented_key(self) -> str | None:
        # anthropic-python 2.x sends api_key as "Authorization: Bearer <key>", not x-api-key;
        # the real service accepts both, so the fake must too.
        key = self.headers.get("x-api-key")
        if key is None:
            auth = self.headers.get("authorization") or ""
            if auth[:7].lower() == "bearer ":
                key = auth[7:].strip()
        return key

    def _send_json(self, status: int, body: dict[str, Any], headers: dict[str, str] | None = None,
                   request_id: str | None = None) -> None:
        data = json.dumps(body).encode("utf-8")
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        if request_id:
            self.send_header("request-id", request_id)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def _send_stream(self, plan: dict[str, Any]) -> None:
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        self.send_header("transfer-encoding", "chunked")
        if plan.get("request_id"):
            self.send_header("request-id", plan["request_id"])
        self.end_headers()
        for event_type, payload in plan["events"]:
            frame = f"event: {event_type}\ndata: {json.dumps(payload)}\n\n".encode()
            # One HTTP chunk per SSE event, written immediately, like the real service.
            self.wfile.write(b"%x\r\n%s\r\n" % (len(frame), frame))
            if (event_type == "content_block_stop" and payload["index"] == 0
                    and plan.get("think_until") is not None):
                plan["think_until"].wait(self.timeout)  # the text comes after the thinking
            elif (event_type == "content_block_stop" and payload["index"] == 0
                    and plan.get("think_seconds")):
                time.sleep(plan["think_seconds"])  # the text comes only after the thinking
            if (event_type == "content_block_delta" and plan.get("delta_seconds")
                    and payload["delta"].get("type") == "text_delta"):
                time.sleep(plan["delta_seconds"])
        if plan.get("cut"):
            # No terminating zero-length chunk: the client sees the body end early, exactly as
            # when the real connection drops, instead of a clean end-of-stream.
            # SHUT_WR sends a FIN after the data already written. Shutting the read side too
            # could make the close send an RST, and a client kernel that sees an RST may drop
            # frames it had received but not yet handed over: the partial reply would vanish.
            self.close_connection = True
            try:
                self.wfile.flush()
                self.connection.shutdown(socket.SHUT_WR)
            except OSError:
                pass
            return
        self.wfile.write(b"0\r\n\r\n")


def _error_body(error_type: str, message: str) -> dict[str, Any]:
    return {"type": "error", "error": {"type": error_type, "message": message}}


class FakeMessagesAPI:
    """Fake Messages API server; see the module docstring for the full contract.

    Records (index-aligned, one entry per ``POST /v1/messages``, errors included):
    ``raw_requests[i]`` is the exact body bytes, ``requests[i]`` the parsed JSON object (``None``
    if the body was not a JSON object), and ``responses[i]`` a dict with ``id`` (``None`` on
    errors), ``usage`` (the usage object sent, incl. ``output_tokens``), ``diagnostics`` (the
    object sent, or ``None``), ``status`` (HTTP status), ``stream`` (bool), plus ``text`` and
    ``cut`` on success and ``error`` (``{"type", "message"}``) on failure.

    Diagnostics: fingerprints are stored only for requests that carried a ``diagnostics``
    object (as the real service documents), so a ``previous_message_id`` naming a request
    without one yields ``previous_message_not_found``; ``previous_message_id: null`` answers
    ``diagnostics: null``; an undiverged request answers ``null`` (the default), or with
    ``null_diagnostics_when_clean=False`` ``{"cache_miss_reason": null}``: the service's shape
    for a diagnosis still pending (the comparison had not finished when the response was sent).
    ``cache_missed_input_tokens`` is the previous request's total input tokens minus this
    request's ``cache_read_input_tokens``.
    """

    def __init__(
        self,
        *,
        api_key: str = "test-key",
        ttl_seconds: float = 300.0,
        clock: Callable[[], float] = time.monotonic,
        min_cacheable_tokens: dict[str, int] | None = None,
        responder: Callable[[dict[str, Any]], str] | None = None,
        null_diagnostics_when_clean: bool = True,
        thinking: bool = True,
        context_limit: int | None = None,
        max_tokens_in_context: bool = False,
        thinking_seconds: float = 0.0,
        seconds_per_text_delta: float = 0.0,
    ):
        self.api_key = api_key
        self.ttl_seconds = float(ttl_seconds)
        self.responder = responder
        # The service answers an undiverged request with ``diagnostics: null``;
        # ``{"cache_miss_reason": null}`` means it has not compared yet (pending). False gives
        # the pending shape for every clean request, so callers can check they read both.
        self.null_diagnostics_when_clean = null_diagnostics_when_clean
        # The 5.5 models think by default (adaptive thinking); False turns thinking off for
        # every model, for tests that pin exact output token counts.
        self.thinking = thinking
        # Prompts longer than this many tokens get the service's 400 "prompt is too long";
        # with max_tokens_in_context, a prompt that fits but not with its max_tokens gets the
        # 400 "input length and `max_tokens` exceed context limit".
        self.context_limit = context_limit
        self.max_tokens_in_context = max_tokens_in_context
        # How long a streamed reply thinks (wall time, after its thinking block) before its text.
        self.thinking_seconds = thinking_seconds
        # Or, when set, a reply thinks until this is set (a test that watches the thinking
        # ends it once it has seen what it proves, however slowly a loaded machine shows it).
        self.thinking_until: threading.Event | None = None
        # Wall time between text deltas, as the service paces a reply as it generates it (0: as
        # fast as the socket takes them); a test that acts mid-reply sets it.
        self.seconds_per_text_delta = seconds_per_text_delta
        self._clock = clock
        self._offset = 0.0
        self._min_cacheable = dict(min_cacheable_tokens or {})
        self._lock = threading.RLock()
        self._replies: deque[str] = deque()
        self._errors: deque[tuple[int, str, str, int | None]] = deque()
        self._cuts: deque[tuple[int, str, str, str]] = deque()
        self._stops: deque[tuple[str, str]] = deque()
        self._cache: dict[str, float] = {}  # prefix key -> expiry time
        self._fingerprints: dict[str, dict[str, Any]] = {}  # message id -> fingerprint
        self._counter = 0
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
        self.url = ""
        self.requests: list[dict[str, Any] | None] = []
        self.raw_requests: list[bytes] = []
        self.responses: list[dict[str, Any]] = []

    # ----------------------------------------------------------------- lifecycle
    def start(self) -> FakeMessagesAPI:
        if self._server is not None:
            return self
        self._server = _Server(("127.0.0.1", 0), _Handler, self)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05},
            name="fake-messages-api", daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        server, thread = self._server, self._thread
        if server is None:
            return
        server.shutdown()  # stop accepting; returns once serve_forever has exited
        with server.conn_lock:
            live = dict(server.connections)
        for sock in live.values():
            # Wakes handler threads blocked reading the next keep-alive request.
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        for conn_thread in live:
            conn_thread.join(timeout=5)
        server.server_close()
        if thread is not None:
            thread.join(timeout=5)
        self._server = None
        self._thread = None

    def __enter__(self) -> FakeMessagesAPI:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    # ----------------------------------------------------------------- scripting
    def queue_reply(self, text: str) -> None:
        with self._lock:
            self._replies.append(text)

    def queue_error(self, status: int, error_type: str, message: str = "", times: int = 1, *,
                    retry_after: int | None = None) -> None:
        """The next `times` requests fail with `status`. `retry_after` sends the service's own
        hint, ``retry-after: N`` (whole seconds, and nothing else), as the service does on a
        429 or 529; without it a retryable status gets a 1 ms hint so retries stay fast."""
        with self._lock:
            for _ in range(times):
                self._errors.append((status, error_type, message or f"fake {error_type}",
                                     retry_after))

    def queue_cut(self, after_chunks: int, text: str, *, how: str = "reset",
                  error_type: str = "overloaded_error") -> None:
        """The next stream stops after `after_chunks` text chunks of `text`, before message_stop.

        how: "reset" drops the connection mid-body (no terminating chunk); "eof" ends the body
        cleanly, as if all was well (the SDK raises nothing); "error" sends `event: error` with
        `error_type`, as the service reports overload mid-reply, then ends cleanly.
        """
        if how not in ("reset", "eof", "error"):
            raise ValueError(f"how must be reset, eof or error, not {how!r}")
        with self._lock:
            self._cuts.append((after_chunks, text, how, error_type))

    def queue_stop(self, stop_reason: str, text: str = "") -> None:
        """The next reply is `text` and ends with `stop_reason` ("refusal", "max_tokens", ...)."""
        with self._lock:
            self._stops.append((stop_reason, text))

    def advance(self, seconds: float) -> None:
        with self._lock:
            self._offset += seconds

    def reset_cache(self) -> None:
        with self._lock:
            self._cache.clear()

    def now(self) -> float:
        return self._clock() + self._offset

    def min_cacheable_tokens(self, model: str) -> int:
        if model in self._min_cacheable:
            return self._min_cacheable[model]
        return default_min_cacheable_tokens(model)

    # ----------------------------------------------------------------- request handling
    def _plan(self, raw: bytes, api_key: str | None) -> dict[str, Any]:
        """Decide the whole response under the lock; the handler only writes it out.

        Doing all bookkeeping here keeps concurrent requests serialisable: records, cache and
        queues change atomically per request.
        """
        with self._lock:
            self.raw_requests.append(raw)
            try:
                body = json.loads(raw)
            except ValueError:
                body = None
            # Keep requests/raw_requests/responses index-aligned even for unparseable bodies.
            self.requests.append(body if isinstance(body, dict) else None)
            record: dict[str, Any] = {"id": None, "usage": None, "diagnostics": None,
                                      "status": None,
                                      "stream": bool(isinstance(body, dict) and body.get("stream"))}
            self.responses.append(record)
            request_id = f"req_fake_{len(self.raw_requests)}"
            try:
                if api_key != self.api_key:
                    raise _RequestError(401, "authentication_error", "invalid x-api-key")
                if self._errors:
                    status, error_type, message, retry_after = self._errors.popleft()
                    raise _RequestError(status, error_type, message, retry_after)
                _validate(body)
                return self._succeed(body, record, request_id)
            except _RequestError as err:
                record["status"] = err.status
                record["error"] = {"type": err.error_type, "message": err.message}
                headers = {}
                if err.retry_after is not None:
                    headers = {"retry-after": str(int(err.retry_after))}
                elif err.status in _RETRYABLE or err.status >= 500:
                    # The SDK treats "retry-after: 0" as "no hint" and falls back to 0.5-8 s of
                    # backoff, so a positive retry-after-ms is what actually makes retries fast.
                    headers = {"retry-after": "0", "retry-after-ms": "1"}
                return {"kind": "error", "status": err.status, "request_id": request_id,
                        "body": _error_body(err.error_type, err.message), "headers": headers}

    def _plan_count_tokens(self, raw: bytes, api_key: str | None) -> dict[str, Any]:
        # Convenience twin of the real endpoint; not recorded, it never touches the cache.
        try:
            if api_key != self.api_key:
                raise _RequestError(401, "authentication_error", "invalid x-api-key")
            try:
                body = json.loads(raw)
            except ValueError:
                body = None
            if isinstance(body, dict):
                body.setdefault("max_tokens", 1)
            _validate(body)
            blocks = _blocks_of(body, keyed=lambda _: ())
            return {"kind": "json",
                    "body": {"input_tokens": blocks[-1].cumulative if blocks else 0}}
        except _RequestError as err:
            return {"kind": "error", "status": err.status,
                    "body": _error_body(err.error_type, err.message)}

    def _succeed(self, body: dict[str, Any], record: dict[str, Any],
                 request_id: str) -> dict[str, Any]:
        blocks = _blocks_of(body, self._effort(body),
                            keyed=lambda found: _lookback(self._breakpoints(body, found)))
        if self.context_limit is not None and _total(blocks) > self.context_limit:
            raise _RequestError(
                400, "invalid_request_error",
                f"prompt is too long: {_total(blocks)} tokens > {self.context_limit} maximum")
        wanted = body.get("max_tokens")
        if (self.max_tokens_in_context and self.context_limit is not None
                and isinstance(wanted, int) and _total(blocks) + wanted > self.context_limit):
            # The service's other wording of the same condition, when the prompt fits but the
            # prompt and the reply's budget together do not.
            raise _RequestError(
                400, "invalid_request_error",
                f"input length and `max_tokens` exceed context limit: {_total(blocks)} + "
                f"{wanted} > {self.context_limit}, decrease input length or `max_tokens` and "
                "try again")
        breakpoints = self._breakpoints(body, blocks)
        if len(breakpoints) > MAX_BREAKPOINTS:
            raise _RequestError(
                400, "invalid_request_error",
                f"A maximum of {MAX_BREAKPOINTS} blocks with cache_control may be provided. "
                f"Found {len(breakpoints)}.",
            )
        usage = self._account(body, blocks, breakpoints)
        # Made once: what this request is compared as, and what a later one is compared with.
        fingerprint = _fingerprint(body) if isinstance(body.get("diagnostics"), dict) else None
        diagnostics = self._diagnose(body, usage, fingerprint)

        self._counter += 1
        message_id = f"msg_fake_{self._counter}"
        # Fingerprints are kept only for requests that opted in with a diagnostics object,
        # which is what the real service documents.
        if fingerprint is not None:
            self._fingerprints[message_id] = {"fp": fingerprint, "total": _total(blocks)}

        stream = bool(body.get("stream"))
        cut = self._cuts.popleft() if stream and self._cuts else None
        stop_reason = "end_turn"
        if cut is not None:
            text = cut[1]
        elif self._stops:
            stop_reason, text = self._stops.popleft()
        elif self._replies:
            text = self._replies.popleft()
        elif self.responder is not None:
            text = str(self.responder(body))
        else:
            text = _default_reply(body)

        # Thinking comes first and counts toward max_tokens: a budget spent thinking leaves
        # less (or no) room for the text, and the reply stops with "max_tokens".
        effort = self._effort(body)
        thinking_tokens = THINKING_TOKENS[effort] if effort else 0
        room = body["max_tokens"]
        if thinking_tokens >= room:
            thinking_tokens, text, stop_reason = room, "", "max_tokens"
        elif _output_tokens(text) > room - thinking_tokens:
            text, stop_reason = _truncate(text, room - thinking_tokens), "max_tokens"
        # A reply stopped by max_tokens used the whole budget (the service cuts mid-token; the
        # fake cuts the text at a chunk boundary but bills what the service would).
        usage["output_tokens"] = (room if stop_reason == "max_tokens"
                                  else thinking_tokens + _output_tokens(text))

        record.update(id=message_id, usage=dict(usage), diagnostics=diagnostics, status=200,
                      text=text,
                      cut=cut is not None, stop_reason=None if cut else stop_reason,
                      thinking_tokens=thinking_tokens, effort=effort)
        content: list[dict[str, Any]] = []
        if thinking_tokens:
            content.append({"type": "thinking", "thinking": _thinking_text(thinking_tokens),
                            "signature": f"sig_{message_id}"})
        if text:
            content.append({"type": "text", "text": text})
        message: dict[str, Any] = {
            "id": message_id, "type": "message", "role": "assistant", "model": body["model"],
            "content": content, "stop_reason": stop_reason, "stop_sequence": None, "usage": usage,
        }
        if diagnostics is not None or isinstance(body.get("diagnostics"), dict):
            message["diagnostics"] = diagnostics
        if not stream:
            return {"kind": "json", "body": message, "request_id": request_id}
        events = _stream_events(message, cut[0] if cut else None)
        if cut is not None and cut[2] == "error":
            events.append(("error", _error_body(cut[3], f"fake {cut[3]} mid-stream")))
        return {"kind": "stream", "request_id": request_id,
                "cut": cut is not None and cut[2] == "reset", "events": events,
                "think_seconds": self.thinking_seconds if thinking_tokens else 0.0,
                "think_until": self.thinking_until if thinking_tokens else None,
                "delta_seconds": self.seconds_per_text_delta}

    def _effort(self, body: dict[str, Any]) -> str | None:
        """The effort this request thinks at, or None when the model does not think."""
        if not self.thinking:
            return None
        config = body.get("output_config")
        if isinstance(config, dict) and config.get("effort") is not None:
            return config["effort"]
        return default_effort(body["model"])

    def _breakpoints(self, body: dict[str, Any], blocks: list[_Block]) -> list[int]:
        marked = {i for i, b in enumerate(blocks) if b.cache_control}
        top = body.get("cache_control")
        if isinstance(top, dict) and top.get("type") == "ephemeral" and blocks:
            # Automatic caching lands on the last block; a set, because if that block is
            # already marked it is still one breakpoint.
            marked.add(len(blocks) - 1)
        return sorted(marked)

    def _ttl_for(self, body: dict[str, Any], blocks: list[_Block], index: int) -> float:
        cc = blocks[index].cache_control
        if not cc and index == len(blocks) - 1:
            cc = body.get("cache_control")
        if isinstance(cc, dict) and cc.get("ttl") == "1h":
            return max(self.ttl_seconds, ONE_HOUR)
        return self.ttl_seconds

    def _account(self, body: dict[str, Any], blocks: list[_Block],
                 breakpoints: list[int]) -> dict[str, Any]:
        now = self.now()
        total = _total(blocks)

        def live(key: str) -> bool:
            expiry = self._cache.get(key)
            return expiry is not None and expiry > now

        # Read: each breakpoint scans LOOKBACK_BLOCKS blocks ending at itself (itself included)
        # and keeps its nearest live entry; the longest of those is what gets read.
        read_point = -1
        for bp in breakpoints:
            for j in range(bp, max(-1, bp - LOOKBACK_BLOCKS), -1):
                if live(blocks[j].key):
                    # Reading an entry keeps it warm, as the real 5-minute TTL does.
                    self._cache[blocks[j].key] = max(self._cache[blocks[j].key],
                                                     now + self._ttl_for(body, blocks, j))
                    read_point = max(read_point, j)
                    break
        cache_read = blocks[read_point].cumulative if read_point >= 0 else 0

        # Write: breakpoints past the read point that are long enough to be cacheable.
        minimum = self.min_cacheable_tokens(body["model"])
        written_upto = read_point
        creation_5m = creation_1h = 0
        for bp in breakpoints:
            if bp <= read_point or blocks[bp].cumulative < minimum:
                continue
            ttl = self._ttl_for(body, blocks, bp)
            if not live(blocks[bp].key):
                self._cache[blocks[bp].key] = now + ttl
            segment = blocks[bp].cumulative - (
                blocks[written_upto].cumulative if written_upto >= 0 else 0)
            if ttl >= ONE_HOUR:
                creation_1h += segment
            else:
                creation_5m += segment
            written_upto = bp
        cache_creation = creation_5m + creation_1h
        return {
            "input_tokens": total - cache_read - cache_creation,
            "cache_creation_input_tokens": cache_creation,
            "cache_read_input_tokens": cache_read,
            "cache_creation": {"ephemeral_5m_input_tokens": creation_5m,
                               "ephemeral_1h_input_tokens": creation_1h},
            "output_tokens": 0,
            "service_tier": "standard",
        }

    def _diagnose(self, body: dict[str, Any], usage: dict[str, Any],
                  fingerprint: dict[str, Any] | None) -> dict[str, Any] | None:
        diag = body.get("diagnostics")
        if not isinstance(diag, dict) or diag.get("previous_message_id") is None:
            # No opt-in, or the first turn's opt-in: there is nothing to compare against.
            return None
        previous = self._fingerprints.get(diag["previous_message_id"])
        if previous is None:
            return {"cache_miss_reason": {"type": "previous_message_not_found"}}
        assert fingerprint is not None  # made for every request that opted in
        old, new = previous["fp"], fingerprint
        missed = max(0, previous["total"] - usage["cache_read_input_tokens"])
        for field, reason in (("model", "model_changed"), ("tools", "tools_changed"),
                              ("system", "system_changed")):
            if old[field] != new[field]:
                return {"cache_miss_reason": {"type": reason, "cache_missed_input_tokens": missed}}
        if new["messages"][: len(old["messages"])] != old["messages"]:
            return {"cache_miss_reason": {"type": "messages_changed",
                                          "cache_missed_input_tokens": missed}}
        return None if self.null_diagnostics_when_clean else {"cache_miss_reason": None}


def _total(blocks: list[_Block]) -> int:
    return blocks[-1].cumulative if blocks else 0


def _validate(body: Any) -> None:
    def bad(message: str) -> _RequestError:
        return _RequestError(400, "invalid_request_error", message)

    if not isinstance(body, dict):
        raise bad("Request body must be a JSON object.")
    if not isinstance(body.get("model"), str) or not body["model"]:
        raise bad("model: Field required")
    max_tokens = body.get("max_tokens")
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool) or max_tokens < 1:
        raise bad("max_tokens: Field required (positive integer)")
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise bad("messages: Field required (non-empty list)")
    for i, message in enumerate(messages):
        if not isinstance(message, dict) or message.get("role") not in ("user", "assistant"):
            raise bad(f"messages.{i}.role: must be 'user' or 'assistant'")
        content = message.get("content")
        if isinstance(content, str):
            continue
        if not isinstance(content, list) or not content:
            raise bad(f"messages.{i}.content: must be a string or a non-empty list of blocks")
    config = body.get("output_config")
    if config is not None:
        effort = config.get("effort") if isinstance(config, dict) else None
        if not isinstance(config, dict) or (effort is not None and effort not in EFFORTS):
            raise bad(f"output_config.effort: must be one of {', '.join(EFFORTS)}")
    if "-5-5" in body["model"]:
        for name in ("temperature", "top_p", "top_k"):
            if name in body:
                raise bad(f"{name}: is not supported on this model")
    tools = body.get("tools")
    if tools is not None and not isinstance(tools, list):
        raise bad("tools: must be a list")
    system = body.get("system")
    if system is not None and not isinstance(system, (str, list)):
        raise bad("system: must be a string or a list of blocks")


def _default_reply(body: dict[str, Any]) -> str:
    # Depends only on the request, so replaying a request replays its reply.
    last = body["messages"][-1]
    texts = [b.get("text", "") for b in _as_blocks(last["content"])
             if isinstance(b, dict) and b.get("type") == "text"]
    snippet = " ".join(" ".join(texts).split())[:60] or "(no text)"
    return f"Fake coach reply to: {snippet}"


def _stream_events(message: dict[str, Any],
                   cut_after: int | None) -> list[tuple[str, dict[str, Any]]]:
    """The SSE events of `message`: thinking block first (if any), then the text block.

    `cut_after` text chunks, when given, is where the stream stops: no block stop, no
    message_delta, no message_stop.
    """
    usage = message["usage"]
    start = dict(message, content=[], stop_reason=None, stop_sequence=None,
                 usage=dict(usage, output_tokens=1))
    # Diagnostics ride on message_start's message: RawMessageDeltaEvent has no field for them,
    # and the SDK's accumulator builds its snapshot from message_start.message.
    events: list[tuple[str, dict[str, Any]]] = [
        ("message_start", {"type": "message_start", "message": start}),
        ("ping", {"type": "ping"}),
    ]
    for index, block in enumerate(message["content"]):
        if block["type"] == "thinking":
            events.append(("content_block_start", {
                "type": "content_block_start", "index": index,
                "content_block": {"type": "thinking", "thinking": "", "signature": ""}}))
            events += [("content_block_delta", {"type": "content_block_delta", "index": index,
                                                "delta": {"type": "thinking_delta", "thinking": p}})
                       for p in _chunks(block["thinking"])]
            events.append(("content_block_delta", {
                "type": "content_block_delta", "index": index,
                "delta": {"type": "signature_delta", "signature": block["signature"]}}))
            events.append(("content_block_stop", {"type": "content_block_stop", "index": index}))
            continue
        events.append(("content_block_start", {"type": "content_block_start", "index": index,
                                               "content_block": {"type": "text", "text": ""}}))
        pieces = _chunks(block["text"])
        if cut_after is not None:
            pieces = pieces[:cut_after]
        events += [("content_block_delta", {"type": "content_block_delta", "index": index,
                                            "delta": {"type": "text_delta", "text": p}})
                   for p in pieces]
        if cut_after is not None:
            return events
        events.append(("content_block_stop", {"type": "content_block_stop", "index": index}))
    if cut_after is not None:
        return events  # cut before any text: the reply was still thinking
    events += [
        # Like the real service, message_delta repeats the final cumulative usage numbers.
        ("message_delta", {"type": "message_delta",
                           "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
                           "usage": {"input_tokens": usage["input_tokens"],
                                     "cache_creation_input_tokens":
                                         usage["cache_creation_input_tokens"],
                                     "cache_read_input_tokens": usage["cache_read_input_tokens"],
                                     "output_tokens": usage["output_tokens"]}}),
        ("message_stop", {"type": "message_stop"}),
    ]
    return events


def _output_tokens(text: str) -> int:
    return count_text_tokens(text) if text else 0


def _truncate(text: str, tokens: int) -> str:
    """The longest run of whole chunks of `text` that fits in `tokens` output tokens."""
    out = ""
    for piece in _chunks(text):
        if _output_tokens(out + piece) > tokens:
            break
        out += piece
    return out


def _thinking_text(tokens: int) -> str:
    # Exactly `tokens` of the fake's tokens (4 ASCII bytes each), in word-sized pieces.
    words = ("plan", "step", "goal", "walk", "week", "rest")
    return "".join(words[i % len(words)] if i % 8 else "\nhmm" for i in range(tokens))
