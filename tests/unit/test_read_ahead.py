"""The request a turn answers is read for the number check while the reply streams
(coach/read_ahead.py), on a thread of its own; what the check gets is that read."""

from __future__ import annotations

import threading

import pytest

from coach_tui.coach import grounding, read_ahead, turn_plan
from coach_tui.coach.read_ahead import ReadAhead
from coach_tui.coach.session import CoachSession
from tests.engine_support import NOW, seed_steps

REQUEST = {"messages": [{"role": "user", "content": [
    {"type": "text", "text": "Now: Thursday 2026-11-19, 14:00. Today so far: 2,214 steps of a "
                             "10,000 goal."},
    {"type": "text", "text": "how far am I from my goal?"}]}]}


REAL_READ = read_ahead.grounding.evidence_of


@pytest.fixture
def threads(monkeypatch) -> list[str]:
    """The name of the thread each reading of a request ran on, in order."""
    names: list[str] = []

    def recorded(request):
        names.append(threading.current_thread().name)
        return REAL_READ(request)

    monkeypatch.setattr(read_ahead.grounding, "evidence_of", recorded)
    return names


def test_the_request_is_read_on_its_own_thread_and_the_check_gets_that_read(threads):
    ahead = ReadAhead(REQUEST)
    evidence = ahead.evidence()
    assert threads == ["coach-tui-read-ahead"]
    assert evidence is REAL_READ(REQUEST)
    assert [m.outcome for m in grounding.check("You're 7,786 short of 10,000.", evidence)] \
        == ["computed", "quoted"]


def test_a_reading_not_begun_is_done_by_the_check_itself_and_the_waiting_one_called_off(
        threads):
    never = ReadAhead(REQUEST, start=False)  # a reply that never showed
    assert never.evidence() is REAL_READ(REQUEST)
    short = ReadAhead(REQUEST, delay=60)  # a reply that ended before its reading was due
    assert short.evidence() is REAL_READ(REQUEST)
    short._thread.join(timeout=5)  # called off: it ends at once, without reading
    assert not short._thread.is_alive()
    assert threads == [threading.current_thread().name] * 2


def test_the_reading_waits_for_the_reply_to_show_before_it_competes_with_the_send(
        api, conn, settings, monkeypatch):
    seed_steps(conn, goal=10_000)
    order: list[str] = []
    real_read, real_stream = read_ahead.grounding.evidence_of, turn_plan.llm.stream_message

    def read(request):
        order.append("read")
        return real_read(request)

    def stream(*args, **kwargs):
        order.append("send")
        return real_stream(*args, **kwargs)

    monkeypatch.setattr(read_ahead.grounding, "evidence_of", read)
    monkeypatch.setattr(turn_plan.llm, "stream_message", stream)
    session = CoachSession.new(conn, settings, now=NOW)
    assert session.send(conn, "how many steps yesterday?", now=NOW).status == "ok"
    assert order == ["send", "read"]


def test_a_request_the_reading_cannot_take_fails_on_the_callers_thread():
    bad = {"messages": [{"role": "user", "content": 5}]}
    with pytest.raises(TypeError):
        grounding.evidence_of(bad)
    ahead = ReadAhead(bad)
    with pytest.raises(TypeError):  # not lost on the reading's thread
        ahead.evidence()


def test_a_turn_checks_its_reply_against_the_request_read_while_it_streamed(api, conn, settings,
                                                                           monkeypatch):
    seed_steps(conn, goal=10_000)
    started: list[dict] = []
    real_init = ReadAhead.__init__

    def init(self, request, **kwargs):
        started.append(dict(request))
        real_init(self, request, **kwargs)

    monkeypatch.setattr(ReadAhead, "__init__", init)
    session = CoachSession.new(conn, settings, now=NOW)
    result = session.send(conn, "how many steps yesterday?", now=NOW)
    assert result.status == "ok" and len(started) == 1
    assert started[0]["messages"][-1]["content"][-1]["text"].endswith("how many steps yesterday?")
