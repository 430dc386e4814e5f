"""Tests for tests/fakes/messages_api.py, driven through the real anthropic SDK."""

from __future__ import annotations

import json
import threading
import time

import anthropic
import httpx2
import pytest

from tests.fakes.messages_api import FakeMessagesAPI, count_text_tokens

MODEL = "claude-sonnet-5-5"  # minimum cacheable length 512 in the fake
# ~750 tokens in the fake's tokenizer: comfortably above the 512 minimum.
LONG_SYSTEM = "You are a patient running coach. " * 90
USER_1 = [{"role": "user", "content": "Plan my week: I run 30 km."}]


def fake_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("fake-messages-api")]


@pytest.fixture
def api():
    # Thinking off: these tests pin the cache accounting with small max_tokens; the thinking
    # tests below turn it on as the service has it.
    with FakeMessagesAPI(thinking=False) as server:
        yield server
    assert not fake_threads(), "stop() must not leave server or connection threads behind"


@pytest.fixture
def client(api):
    c = anthropic.Anthropic(base_url=api.url, api_key="test-key", max_retries=0)
    yield c
    c.close()


def total_input(usage) -> int:
    return usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens


def cached_system(text: str = LONG_SYSTEM) -> list[dict]:
    return [{"type": "text", "text": text, "cache_control": {"type": "ephemeral"}}]


def test_two_turn_conversation_reads_turn_one_from_cache(api, client):
    api.queue_reply("Easy runs Monday and Wednesday.")
    first = client.messages.create(
        model=MODEL, max_tokens=256, system=cached_system(), messages=USER_1,
        cache_control={"type": "ephemeral"},
    )
    assert first.usage.cache_read_input_tokens == 0
    assert first.usage.cache_creation_input_tokens == total_input(first.usage) > 512
    assert first.usage.input_tokens == 0

    messages = USER_1 + [first.to_param(), {"role": "user", "content": "And the weekend?"}]
    api.queue_reply("Long run Sunday.")
    with client.messages.stream(
        model=MODEL, max_tokens=256, system=cached_system(), messages=messages,
        cache_control={"type": "ephemeral"},
    ) as stream:
        second = stream.get_final_message()

    assert second.content[0].text == "Long run Sunday."
    assert second.usage.cache_read_input_tokens >= 0.95 * total_input(first.usage)
    # The last-block breakpoint looks back to turn 1's last block: all of turn 1 is read.
    assert second.usage.cache_read_input_tokens == total_input(first.usage)
    # Only the assistant turn and the new user turn are new, and they are written.
    assert second.usage.cache_creation_input_tokens > 0
    assert second.usage.input_tokens == 0
    # The streamed (accumulated) usage matches what the server accounted.
    recorded = api.responses[1]["usage"]
    for field in ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens",
                  "output_tokens"):
        assert getattr(second.usage, field) == recorded[field]
    assert [r["id"] for r in api.responses] == ["msg_fake_1", "msg_fake_2"]


def test_token_counting_rule(api, client):
    # "abcdefgh" is 8 bytes -> 2 tokens, plus 3 for the message's role framing.
    msg = client.messages.create(model=MODEL, max_tokens=5,
                                 messages=[{"role": "user", "content": "abcdefgh"}])
    assert msg.usage.input_tokens == 5
    assert msg.usage.output_tokens == count_text_tokens(msg.content[0].text)
    # The string and single-text-block spellings count (and hash) the same.
    same = client.messages.create(model=MODEL, max_tokens=5,
                                  messages=[{"role": "user", "content": [
                                      {"type": "text", "text": "abcdefgh"}]}])
    assert same.usage.input_tokens == 5
    counted = client.messages.count_tokens(model=MODEL,
                                           messages=[{"role": "user", "content": "abcdefgh"}])
    assert counted.input_tokens == 5
    assert len(api.requests) == 2  # count_tokens is not recorded


def test_below_minimum_nothing_is_cached(api, client):
    for _ in range(2):
        msg = client.messages.create(
            model=MODEL, max_tokens=64, system=cached_system("Short system prompt."),
            messages=USER_1,
            cache_control={"type": "ephemeral"},
        )
        assert msg.usage.cache_creation_input_tokens == 0
        assert msg.usage.cache_read_input_tokens == 0
        assert msg.usage.input_tokens == total_input(msg.usage) > 0


def test_min_cacheable_override_and_model_defaults():
    with FakeMessagesAPI(min_cacheable_tokens={"tiny-model": 1}) as server:
        assert server.min_cacheable_tokens("tiny-model") == 1
        assert server.min_cacheable_tokens("claude-opus-4-6") == 4096
        assert server.min_cacheable_tokens("claude-haiku-4-5") == 4096
        assert server.min_cacheable_tokens("claude-sonnet-4-6") == 1024
        assert server.min_cacheable_tokens("claude-opus-5-5") == 512
        assert server.min_cacheable_tokens("something-else") == 1024
        with anthropic.Anthropic(base_url=server.url, api_key="test-key", max_retries=0) as c:
            msg = c.messages.create(model="tiny-model", max_tokens=5, messages=USER_1,
                                    cache_control={"type": "ephemeral"})
        assert msg.usage.cache_creation_input_tokens == total_input(msg.usage)


def test_ttl_expiry_and_refresh(api, client):
    def ask():
        return client.messages.create(model=MODEL, max_tokens=64, system=cached_system(),
                                      messages=USER_1)

    written = ask().usage.cache_creation_input_tokens
    assert written > 0
    api.advance(200)
    assert ask().usage.cache_read_input_tokens == written
    api.advance(200)  # 400 s after the write, but only 200 s after the refreshing read
    assert ask().usage.cache_read_input_tokens == written
    api.advance(301)
    expired = ask()
    assert expired.usage.cache_read_input_tokens == 0
    assert expired.usage.cache_creation_input_tokens == written
    api.reset_cache()
    assert ask().usage.cache_read_input_tokens == 0


def test_moved_breakpoint_and_twenty_block_lookback(api, client):
    assert client.messages.create(model=MODEL, max_tokens=8, system=cached_system(),
                                  messages=USER_1).usage.cache_creation_input_tokens > 0

    def with_blocks(n: int):
        # The system keeps no cache_control: only the last message block is a breakpoint.
        blocks = [{"type": "text", "text": f"note {i}"} for i in range(n)]
        blocks[-1]["cache_control"] = {"type": "ephemeral"}
        return client.messages.create(model=MODEL, max_tokens=8, system=LONG_SYSTEM,
                                      messages=[{"role": "user", "content": blocks}])

    # The lookback is 20 blocks counting the breakpoint itself. System is block 0; with 19
    # message blocks the last is block 19, and blocks 0-19 are its 20: within reach.
    assert with_blocks(19).usage.cache_read_input_tokens > 0
    api.reset_cache()
    client.messages.create(model=MODEL, max_tokens=8, system=cached_system(), messages=USER_1)
    # With 20 message blocks the last is block 20: its 20 are blocks 1-20, a miss.
    assert with_blocks(20).usage.cache_read_input_tokens == 0


def test_diagnostics_reasons(api, client):
    def ask(model=MODEL, system=LONG_SYSTEM, messages=USER_1, previous=None, tools=None):
        kwargs = {"tools": tools} if tools else {}
        return client.messages.create(model=model, max_tokens=32, system=system, messages=messages,
                                      diagnostics={"previous_message_id": previous}, **kwargs)

    first = ask()
    assert first.diagnostics is None  # first-turn opt-in: nothing to compare against
    appended = USER_1 + [first.to_param(), {"role": "user", "content": "more"}]
    clean = ask(messages=appended, previous=first.id)
    assert clean.diagnostics is None  # the service's answer when the prefix did not diverge

    reason = ask(system=LONG_SYSTEM + " Today is Monday.",
                 previous=first.id).diagnostics.cache_miss_reason
    assert reason.type == "system_changed" and reason.cache_missed_input_tokens > 0
    assert (ask(model="claude-opus-4-6", previous=first.id).diagnostics.cache_miss_reason.type
            == "model_changed")
    edited = [{"role": "user", "content": "Plan my week: I run 40 km."}]
    assert (ask(messages=edited, previous=first.id).diagnostics.cache_miss_reason.type
            == "messages_changed")
    tool = {"name": "log_run", "description": "Log a run", "input_schema": {"type": "object"}}
    assert (ask(tools=[tool], previous=first.id).diagnostics.cache_miss_reason.type
            == "tools_changed")
    assert (ask(previous="msg_unknown").diagnostics.cache_miss_reason.type
            == "previous_message_not_found")

    # Streaming: diagnostics travel on message_start and survive the SDK's accumulator.
    with client.messages.stream(model=MODEL, max_tokens=32, system=LONG_SYSTEM + "!",
                                messages=USER_1,
                                diagnostics={"previous_message_id": first.id}) as stream:
        final = stream.get_final_message()
    assert final.diagnostics.cache_miss_reason.type == "system_changed"

    # No diagnostics field -> no diagnostics in the response at all.
    plain = client.messages.with_raw_response.create(model=MODEL, max_tokens=8, messages=USER_1)
    assert "diagnostics" not in json.loads(plain.http_response.content)
    assert plain.parse().diagnostics is None


def test_diagnostics_need_opt_in_on_previous_request(api, client):
    silent = client.messages.create(model=MODEL, max_tokens=8, messages=USER_1)
    later = client.messages.create(model=MODEL, max_tokens=8, messages=USER_1,
                                   diagnostics={"previous_message_id": silent.id})
    assert later.diagnostics.cache_miss_reason.type == "previous_message_not_found"


def test_not_yet_compared_diagnostics_option():
    # {"cache_miss_reason": null} is the service's "not compared yet"; callers must survive it.
    with (
        FakeMessagesAPI(null_diagnostics_when_clean=False, thinking=False) as server,
        anthropic.Anthropic(base_url=server.url, api_key="test-key", max_retries=0) as c,
    ):
        first = c.messages.create(model=MODEL, max_tokens=8, messages=USER_1,
                                  diagnostics={"previous_message_id": None})
        again = c.messages.create(model=MODEL, max_tokens=8, messages=USER_1,
                                  diagnostics={"previous_message_id": first.id})
    assert again.diagnostics is not None and again.diagnostics.cache_miss_reason is None
    assert server.responses[1]["diagnostics"] == {"cache_miss_reason": None}


def test_five_breakpoints_is_bad_request(api, client):
    system = [{"type": "text", "text": f"part {i}", "cache_control": {"type": "ephemeral"}}
              for i in range(4)]
    client.messages.create(model=MODEL, max_tokens=8, system=system, messages=USER_1)  # 4 is fine
    with pytest.raises(anthropic.BadRequestError) as info:
        client.messages.create(model=MODEL, max_tokens=8, system=system, messages=USER_1,
                               cache_control={"type": "ephemeral"})
    assert info.value.body["error"]["type"] == "invalid_request_error"
    assert api.responses[-1]["status"] == 400


def test_missing_required_fields_is_bad_request(api, client):
    with pytest.raises(anthropic.BadRequestError):
        client.post("/v1/messages", body={"model": MODEL, "messages": USER_1}, cast_to=object)
    assert api.requests[-1] == {"model": MODEL, "messages": USER_1}


def test_wrong_key_is_authentication_error(api):
    with (
        anthropic.Anthropic(base_url=api.url, api_key="wrong", max_retries=0) as bad,
        pytest.raises(anthropic.AuthenticationError),
    ):
        bad.messages.create(model=MODEL, max_tokens=8, messages=USER_1)
    assert api.responses[-1]["status"] == 401


def test_overloaded_three_times_exhausts_two_retries(api):
    api.queue_error(529, "overloaded_error", "Overloaded", times=3)
    started = time.monotonic()
    with (
        anthropic.Anthropic(base_url=api.url, api_key="test-key", max_retries=2) as c,
        pytest.raises(anthropic.OverloadedError) as info,
    ):
        c.messages.create(model=MODEL, max_tokens=8, messages=USER_1)
    assert isinstance(info.value, anthropic.InternalServerError)
    assert time.monotonic() - started < 1.5  # retry-after-ms keeps SDK backoff short
    assert len(api.requests) == 3
    assert [r["status"] for r in api.responses] == [529, 529, 529]


def test_retry_after_error_then_success(api):
    api.queue_error(429, "rate_limit_error")
    with anthropic.Anthropic(base_url=api.url, api_key="test-key", max_retries=1) as c:
        msg = c.messages.create(model=MODEL, max_tokens=8, messages=USER_1)
    assert msg.id == "msg_fake_1"
    assert [r["status"] for r in api.responses] == [429, 200]


def test_cut_stream_raises(api, client):
    api.queue_cut(2, "Warm up for ten minutes then stride.")
    seen = []
    # The SDK raises the transport's error for a body cut mid-read (2.16) or wraps it as a
    # connection error (2.17's iter_response_bytes): the app reads both the same way
    # (coach_tui/coach/llm/errors.py).
    with (
        pytest.raises((httpx2.RemoteProtocolError, anthropic.APIConnectionError)),
        client.messages.stream(model=MODEL, max_tokens=64, messages=USER_1) as stream,
    ):
        for text in stream.text_stream:
            seen.append(text)
    assert "".join(seen) == "Warm up "
    assert len(api.requests) == 1 and api.responses[0]["cut"] is True
    # The connection is gone but the server is fine.
    assert client.messages.create(model=MODEL, max_tokens=8, messages=USER_1).id == "msg_fake_2"


def test_a_cut_stream_reads_as_a_dropped_connection_whichever_way_the_sdk_raises_it(api, client):
    from coach_tui.coach.llm.errors import describe_error

    api.queue_cut(2, "Warm up for ten minutes then stride.")
    with pytest.raises((httpx2.RemoteProtocolError, anthropic.APIConnectionError)) as raised, \
            client.messages.stream(model=MODEL, max_tokens=64, messages=USER_1) as stream:
        for _ in stream.text_stream:
            pass
    said = describe_error(raised.value)
    assert said.kind == "network" and "connection to the API dropped" in str(said)


def test_streaming_text_equals_queued_text(api, client):
    text = "Run easy today, then  rest.\nTomorrow: intervals!"
    api.queue_reply(text)
    with client.messages.stream(model=MODEL, max_tokens=64, messages=USER_1) as stream:
        events = list(stream)
        final = stream.get_final_message()
    deltas = [e for e in events if e.type == "content_block_delta"]
    assert len(deltas) > 3
    assert "".join(d.delta.text for d in deltas) == text == final.content[0].text
    assert final.stop_reason == "end_turn"
    assert final.usage.output_tokens == count_text_tokens(text)


def test_reply_sources_in_order(client):
    with (
        FakeMessagesAPI(responder=lambda body: f"echo {len(body['messages'])}",
                        thinking=False) as server,
        anthropic.Anthropic(base_url=server.url, api_key="test-key", max_retries=0) as c,
    ):
        server.queue_reply("queued")
        assert (c.messages.create(model=MODEL, max_tokens=8, messages=USER_1)
                .content[0].text == "queued")
        assert (c.messages.create(model=MODEL, max_tokens=8, messages=USER_1)
                .content[0].text == "echo 1")
    a = client.messages.create(model=MODEL, max_tokens=8, messages=USER_1).content[0].text
    b = client.messages.create(model=MODEL, max_tokens=8, messages=USER_1).content[0].text
    assert a == b  # the default reply is deterministic


def test_raw_requests_hold_exact_bytes(api, client):
    raw = client.messages.with_raw_response.create(model=MODEL, max_tokens=8, messages=USER_1,
                                                   extra_query={"beta": "true"})
    assert raw.http_request.url.query == b"beta=true"  # the fake must ignore the querystring
    assert api.raw_requests[-1] == raw.http_request.content
    assert isinstance(api.raw_requests[-1], bytes)
    assert json.loads(api.raw_requests[-1]) == api.requests[-1]
    assert api.responses[-1]["usage"]["input_tokens"] == raw.parse().usage.input_tokens


def test_concurrent_requests_and_clean_stop():
    server = FakeMessagesAPI().start()
    c = anthropic.Anthropic(base_url=server.url, api_key="test-key", max_retries=0)
    ids: list[str] = []

    def worker():
        ids.append(c.messages.create(model=MODEL, max_tokens=8, messages=USER_1).id)

    workers = [threading.Thread(target=worker) for _ in range(8)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert (sorted(ids, key=lambda i: int(i.rsplit("_", 1)[1]))
            == [f"msg_fake_{n}" for n in range(1, 9)])
    # The client is deliberately left open: its pooled keep-alive connections must not pin threads.
    server.stop()
    assert not fake_threads()
    c.close()


# ---------------------------------------------------------------- the 5.5 models' behaviour

@pytest.fixture
def thinking_api():
    with FakeMessagesAPI() as server:  # thinking on, as the service has it
        yield server


@pytest.fixture
def thinking_client(thinking_api):
    c = anthropic.Anthropic(base_url=thinking_api.url, api_key="test-key", max_retries=0)
    yield c
    c.close()


def test_thinking_streams_first_and_counts_toward_output_by_effort(thinking_api, thinking_client):
    spent = {}
    for effort in ("low", "medium", "high"):
        thinking_api.queue_reply("Walk after lunch.")
        with thinking_client.messages.stream(model=MODEL, max_tokens=8192, messages=USER_1,
                                             output_config={"effort": effort}) as stream:
            events = list(stream)
            final = stream.get_final_message()
        kinds = [e.delta.type for e in events if e.type == "content_block_delta"]
        assert kinds[0] == "thinking_delta" and "signature_delta" in kinds
        assert kinds.index("signature_delta") < kinds.index("text_delta")
        assert [b.type for b in final.content] == ["thinking", "text"]
        thinking = final.usage.output_tokens - count_text_tokens("Walk after lunch.")
        assert thinking == count_text_tokens(final.content[0].thinking) > 0
        spent[effort] = thinking
    assert spent["low"] < spent["medium"] < spent["high"]


def test_models_think_at_their_default_effort_when_none_is_set(thinking_api, thinking_client):
    sonnet = thinking_client.messages.create(model=MODEL, max_tokens=8192, messages=USER_1)
    haiku = thinking_client.messages.create(model="claude-haiku-5-5", max_tokens=8192,
                                            messages=USER_1)
    assert thinking_api.responses[0]["effort"] == "high"
    assert thinking_api.responses[1]["effort"] == "medium"
    assert sonnet.usage.output_tokens > haiku.usage.output_tokens
    older = thinking_client.messages.create(model="claude-sonnet-4-6", max_tokens=64,
                                            messages=USER_1)
    assert [b.type for b in older.content] == ["text"]  # older models do not think unasked


def test_thinking_can_use_the_whole_budget(thinking_api, thinking_client):
    with thinking_client.messages.stream(model=MODEL, max_tokens=1024, messages=USER_1) as stream:
        texts = list(stream.text_stream)
        final = stream.get_final_message()
    assert texts == [] and final.stop_reason == "max_tokens"
    assert final.usage.output_tokens == 1024
    thinking_api.queue_reply("One two three four five six seven eight nine ten " * 20)
    cut = thinking_client.messages.create(model=MODEL, max_tokens=100, messages=USER_1,
                                          output_config={"effort": "low"})
    assert cut.stop_reason == "max_tokens" and cut.usage.output_tokens <= 100
    assert cut.content[-1].type == "text" and cut.content[-1].text.startswith("One two")


def test_refusal_on_demand(thinking_api, thinking_client):
    thinking_api.queue_stop("refusal", "I can't help with that.")
    with thinking_client.messages.stream(model=MODEL, max_tokens=8192, messages=USER_1) as stream:
        final = stream.get_final_message()
    assert final.stop_reason == "refusal"


def test_a_clean_close_before_message_stop_raises_nothing(api, client):
    api.queue_cut(2, "Warm up for ten minutes then stride.", how="eof")
    with client.messages.stream(model=MODEL, max_tokens=64, messages=USER_1) as stream:
        events = list(stream)
        final = stream.get_final_message()
    assert "".join(e.text for e in events if e.type == "text") == "Warm up "
    assert "message_stop" not in [e.type for e in events]
    assert final.stop_reason is None  # the only sign that the reply is not complete


def test_an_error_event_inside_a_200_stream_is_not_retried(api):
    api.queue_cut(2, "Warm up for ten minutes then stride.", how="error")
    with (
        anthropic.Anthropic(base_url=api.url, api_key="test-key", max_retries=2) as c,
        pytest.raises(anthropic.APIStatusError) as info,
        c.messages.stream(model=MODEL, max_tokens=64, messages=USER_1) as stream,
    ):
        list(stream)
    assert info.value.status_code == 200
    assert info.value.body["error"]["type"] == "overloaded_error"
    assert len(api.requests) == 1


def test_prompt_too_long_above_the_context_limit():
    with (
        FakeMessagesAPI(context_limit=100, thinking=False) as server,
        anthropic.Anthropic(base_url=server.url, api_key="test-key", max_retries=0) as c,
    ):
        c.messages.create(model=MODEL, max_tokens=8, messages=USER_1)
        with pytest.raises(anthropic.BadRequestError) as info:
            c.messages.create(model=MODEL, max_tokens=8, system=LONG_SYSTEM, messages=USER_1)
    assert "prompt is too long" in info.value.body["error"]["message"]


def test_changing_effort_invalidates_messages_but_not_the_system(thinking_api, thinking_client):
    messages = [{"role": "user", "content": [{"type": "text", "text": "note " * 400,
                                              "cache_control": {"type": "ephemeral"}}]}]

    def ask(effort):
        return thinking_client.messages.create(
            model=MODEL, max_tokens=8192, system=cached_system(), messages=messages,
            output_config={"effort": effort}).usage

    first = ask("low")
    assert ask("low").cache_read_input_tokens == total_input(first)
    changed = ask("high")
    system_only = total_input(first) - changed.cache_creation_input_tokens
    assert 0 < changed.cache_read_input_tokens == system_only < total_input(first)


def test_sampling_parameters_and_unknown_efforts_are_refused(thinking_client):
    with pytest.raises(anthropic.BadRequestError):
        # SDK 2.x has no temperature argument at all; the service refuses one sent anyway.
        thinking_client.messages.create(model=MODEL, max_tokens=64, messages=USER_1,
                                        extra_body={"temperature": 0.2})
    with pytest.raises(anthropic.BadRequestError):
        thinking_client.messages.create(model=MODEL, max_tokens=64, messages=USER_1,
                                        output_config={"effort": "extreme"})
