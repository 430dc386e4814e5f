"""Waits to retry, through the real SDK against the fake: the service's `retry-after`, the
ceiling on the total wait, what is said after it, and the reflection call's retries too."""

from __future__ import annotations

import time

import anthropic
import pytest

from coach_tui.coach import llm
from coach_tui.coach.llm.retry import POLL_SECONDS, span
from tests.fakes.messages_api import FakeMessagesAPI

REQUEST = {"model": "claude-haiku-5-5", "max_tokens": 64,
           "messages": [{"role": "user", "content": "hello"}]}


@pytest.fixture
def server():
    with FakeMessagesAPI(thinking=False) as fake:
        yield fake


@pytest.fixture
def client(server):
    with anthropic.Anthropic(base_url=server.url, api_key=server.api_key, max_retries=2) as c:
        yield c


def test_the_fake_sends_the_services_retry_after_in_whole_seconds(server):
    server.queue_error(429, "rate_limit_error", retry_after=7)
    with (anthropic.Anthropic(base_url=server.url, api_key=server.api_key, max_retries=0) as c,
          pytest.raises(anthropic.RateLimitError) as info):
        c.messages.create(**REQUEST)
    headers = info.value.response.headers
    assert headers["retry-after"] == "7" and "retry-after-ms" not in headers


class Sleeps(list):
    """A `sleep` that sleeps nothing and keeps what it was asked: the waits' only clock."""

    def __call__(self, seconds: float) -> None:
        assert 0 < seconds <= POLL_SECONDS
        self.append(seconds)

    @property
    def total(self) -> float:
        return round(sum(self), 6)


def test_waits_add_up_to_at_most_max_wait_then_one_line_says_when(server, client):
    # Two waits of 1 s fit a ceiling of 2 s... a third would not, but there are only 2 retries.
    server.queue_error(529, "overloaded_error", "Overloaded", times=2, retry_after=1)
    server.queue_reply("Here.")
    waits = []
    sleeps = Sleeps()
    reply = llm.stream_message(REQUEST, client=client, max_wait=2, sleep=sleeps,
                               on_wait=lambda s, why: waits.append((s, why)))
    assert reply.text == "Here." and waits == [(1.0, "overloaded"), (1.0, "overloaded")]
    assert sleeps.total == 2.0
    # 1 s, then 1 s more would pass a ceiling of 1.5 s: the second wait is never begun.
    server.queue_error(529, "overloaded_error", "Overloaded", times=2, retry_after=1)
    sleeps = Sleeps()
    with pytest.raises(llm.LLMError) as info:
        llm.stream_message(REQUEST, client=client, max_wait=1.5, sleep=sleeps)
    assert sleeps.total == 1.0
    message = info.value.message
    assert info.value.kind == "overloaded" and "\n" not in message
    assert message.startswith("The API is overloaded: it asks to wait 1s, more than [api] "
                              "max_wait_seconds (1.5) allows; try again after ")


def test_a_wait_takes_real_time_unless_told_otherwise(server, client):
    server.queue_error(429, "rate_limit_error", retry_after=1)
    server.queue_reply("Here.")
    started = time.monotonic()
    assert llm.stream_message(REQUEST, client=client, max_wait=1).text == "Here."
    assert time.monotonic() - started >= 1 and len(server.requests) == 2


def test_after_the_retries_the_line_says_when_the_service_said(server, client):
    server.queue_error(429, "rate_limit_error", times=3, retry_after=1)
    sleeps = Sleeps()
    with pytest.raises(llm.LLMError) as info:
        llm.stream_message(REQUEST, client=client, max_wait=10, sleep=sleeps)
    assert info.value.kind == "rate_limited" and len(server.requests) == 3
    assert sleeps.total == 2.0
    assert "(after 2 retries): try again after " in info.value.message


def test_the_reflection_call_waits_as_the_reply_does(server, client):
    server.queue_error(529, "overloaded_error", "Overloaded", retry_after=1)
    server.queue_reply("Noted.")
    sleeps = Sleeps()
    assert llm.complete(REQUEST, client=client, max_wait=1, sleep=sleeps).text == "Noted."
    assert sleeps.total == 1.0 and len(server.requests) == 2


def test_the_reflection_call_is_held_to_the_same_ceiling(server, client):
    server.queue_error(429, "rate_limit_error", retry_after=3600)
    started = time.monotonic()
    with pytest.raises(llm.LLMError) as info:
        llm.complete(REQUEST, client=client, max_wait=60)
    assert time.monotonic() - started < 5 and len(server.requests) == 1
    assert "it asks to wait 60 min, more than [api] max_wait_seconds (60)" in info.value.message


def test_a_wait_reads_as_a_reader_says_it():
    assert [span(s) for s in (0.4, 12, 89, 90, 3600, 7500, 7200)] == [
        "1s", "12s", "89s", "2 min", "60 min", "2 h 5 min", "2 h"]


def test_retry_after_is_read_as_the_sdk_reads_it():
    import email.utils
    from types import SimpleNamespace

    from coach_tui.coach.llm.retry import retry_after

    def failure(**headers):
        return SimpleNamespace(response=SimpleNamespace(headers=headers))

    assert retry_after(failure(**{"retry-after": "12"})) == 12.0
    assert retry_after(failure(**{"retry-after-ms": "1500", "retry-after": "9"})) == 1.5
    assert retry_after(failure(**{"retry-after": "0"})) is None  # no hint: the backoff
    assert retry_after(failure(**{"retry-after": "soon"})) is None
    later = email.utils.formatdate(time.time() + 120, usegmt=True)
    assert 100 < retry_after(failure(**{"retry-after": later})) <= 120
    assert retry_after(ValueError("no response")) is None
