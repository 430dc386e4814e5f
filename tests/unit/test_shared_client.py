"""The chat's model client, built ahead of the first reply: what it builds, what it never does
(send a request, raise), and that a turn sent while it is built waits for it."""

from __future__ import annotations

import socket
import threading
import time

from coach_tui.coach import llm, warmup


def test_preload_runs_the_reply_path_without_opening_a_connection(api, monkeypatch):
    monkeypatch.setattr(warmup, "_warmed", False)  # another test may have warmed this process

    def no_network(self, address):
        raise AssertionError(f"preload connected to {address}")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    warmup.preload()
    assert warmup._warmed
    assert api.requests == []


def test_the_shared_client_is_built_once_and_reused(api):
    shared = warmup.SharedClient()
    shared.prepare()
    client = shared.wait()
    assert client is not None and shared.wait() is client
    shared.close()
    assert client.is_closed()
    assert shared.wait() is None  # closed: a turn makes its own
    assert api.requests == []


def test_without_a_key_there_is_no_shared_client_and_nothing_raises(monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    shared = warmup.SharedClient()
    shared.prepare()
    assert shared.wait() is None


def test_a_failed_warm_up_still_builds_the_client(api, monkeypatch):
    def broken():
        raise RuntimeError("broken SDK")

    monkeypatch.setattr(warmup, "preload", broken)
    shared = warmup.SharedClient()
    shared.prepare()  # logged, not raised
    assert shared.wait() is not None
    shared.close()


def test_a_turn_sent_while_the_client_is_built_waits_for_it_and_sends_with_it(
        api, monkeypatch):
    building, release = threading.Event(), threading.Event()
    built = []
    make = llm.make_client

    def slow_make_client(**kwargs):
        building.set()
        release.wait(10)
        built.append(make(**kwargs))
        return built[-1]

    monkeypatch.setattr(llm, "make_client", slow_make_client)
    api.queue_reply("Here.")
    shared = warmup.SharedClient()
    background = threading.Thread(target=shared.prepare)
    background.start()
    assert building.wait(10)
    replies = []
    turn = threading.Thread(target=lambda: replies.append(llm.stream_message(
        {"model": "claude-sonnet-5-5", "max_tokens": 1024, "output_config": {"effort": "low"},
         "messages": [{"role": "user", "content": "Hi"}]}, client=shared)))
    turn.start()
    turn.join(0.3)
    assert turn.is_alive() and api.requests == []  # waiting for the client, not building one
    release.set()
    background.join(10)
    turn.join(10)
    assert [r.text for r in replies] == ["Here."] and len(built) == 1
    shared.close()


def test_closing_while_the_client_is_built_closes_it_too(api, monkeypatch):
    shared = warmup.SharedClient()
    built = []
    make = llm.make_client

    def make_then_close(**kwargs):
        client = make(**kwargs)
        built.append(client)
        shared.close()  # the app exits while the worker is still building
        return client

    monkeypatch.setattr(llm, "make_client", make_then_close)
    shared.prepare()
    assert shared.wait() is None
    assert built[0].is_closed()


def test_a_turn_already_waiting_for_the_client_gets_it_without_the_warm_up_beside_it(
        api, monkeypatch):
    warmed = []
    monkeypatch.setattr(warmup, "preload", lambda: warmed.append("reply path"))
    monkeypatch.setattr(warmup, "warm_recall", lambda: warmed.append("recall"))
    building, release = threading.Event(), threading.Event()
    make = llm.make_client

    def slow_make_client(**kwargs):
        building.set()
        release.wait(10)
        return make(**kwargs)

    monkeypatch.setattr(llm, "make_client", slow_make_client)
    shared = warmup.SharedClient()
    background = threading.Thread(target=shared.prepare)
    background.start()
    assert building.wait(10)
    got = []
    turn = threading.Thread(target=lambda: got.append(shared.wait()))
    turn.start()
    deadline = time.monotonic() + 10
    while not shared._asked and time.monotonic() < deadline:
        time.sleep(0.001)
    release.set()
    background.join(10)
    turn.join(10)
    # The turn runs the reply path and recall itself: a warm-up beside it only slows it.
    assert got and got[0] is not None and warmed == []
    shared.close()


def test_with_no_turn_waiting_the_warm_up_runs_after_the_client_is_built(api, monkeypatch):
    warmed = []
    monkeypatch.setattr(warmup, "preload", lambda: warmed.append("reply path"))
    monkeypatch.setattr(warmup, "warm_recall", lambda: warmed.append("recall"))
    shared = warmup.SharedClient()
    shared.prepare()
    assert warmed == ["reply path", "recall"] and shared.wait() is not None
    shared.close()
