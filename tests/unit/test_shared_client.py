"""The chat's model client, built ahead of the first reply: what it builds, what it never does
(send a request, raise, make a turn wait)."""

from __future__ import annotations

import socket
import threading

from coach_tui.coach import llm


def test_preload_runs_the_reply_path_without_opening_a_connection(api, monkeypatch):
    monkeypatch.setattr(llm, "_warmed", False)  # another test may have warmed this process

    def no_network(self, address):
        raise AssertionError(f"preload connected to {address}")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    llm.preload()
    assert llm._warmed
    assert api.requests == []


def test_the_shared_client_is_built_once_and_reused(api):
    shared = llm.SharedClient()
    shared.prepare()
    client = shared.get()
    assert client is not None and shared.get() is client
    shared.close()
    assert client.is_closed()
    assert shared.get() is None  # closed: a turn makes its own
    assert api.requests == []


def test_without_a_key_there_is_no_shared_client_and_nothing_raises(monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    shared = llm.SharedClient()
    shared.prepare()
    assert shared.get() is None


def test_a_failed_warm_up_still_builds_the_client(api, monkeypatch):
    def broken():
        raise RuntimeError("broken SDK")

    monkeypatch.setattr(llm, "preload", broken)
    shared = llm.SharedClient()
    shared.prepare()  # logged, not raised
    assert shared.get() is not None
    shared.close()


def test_a_turn_asking_before_the_client_is_built_does_not_wait(api, monkeypatch):
    building, release = threading.Event(), threading.Event()
    make = llm.make_client

    def slow_make_client(**kwargs):
        building.set()
        release.wait(10)
        return make(**kwargs)

    monkeypatch.setattr(llm, "make_client", slow_make_client)
    shared = llm.SharedClient()
    background = threading.Thread(target=shared.prepare)
    background.start()
    assert building.wait(10)
    assert shared.get() is None  # not ready: the turn makes its own at once
    release.set()
    background.join(10)
    assert shared.get() is not None
    shared.close()


def test_closing_while_the_client_is_built_closes_it_too(api, monkeypatch):
    shared = llm.SharedClient()
    built = []
    make = llm.make_client

    def make_then_close(**kwargs):
        client = make(**kwargs)
        built.append(client)
        shared.close()  # the app exits while the worker is still building
        return client

    monkeypatch.setattr(llm, "make_client", make_then_close)
    shared.prepare()
    assert shared.get() is None
    assert built[0].is_closed()
