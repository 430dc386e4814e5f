"""The history a session's next message carries, read ahead of it (the app does once a session
is shown and after each turn): the send reuses it only while it is exactly what the store holds,
and the request is byte for byte what it would be without it."""

from datetime import timedelta

from coach_tui.coach import history, prompts
from coach_tui.coach.session import CoachSession
from coach_tui.memory.switch import set_memory
from coach_tui.store import connect
from coach_tui.store import sessions as store
from tests.engine_support import NOW, chat_requests, seed_steps


def _talk(session, conn, words, start=NOW):
    for i, text in enumerate(words):
        assert session.send(conn, text, now=start + timedelta(minutes=i)).status == "ok"


def _calls(monkeypatch, module, name: str) -> list[int]:
    calls: list[int] = []
    real = getattr(module, name)

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def _reads_of_history(monkeypatch) -> list[int]:
    return _calls(monkeypatch, store, "completed_exchanges")


def test_a_send_after_reading_ahead_reads_no_history_and_sends_the_same_bytes(
        api, conn, settings, monkeypatch):
    seed_steps(conn, goal=10_000)
    session = CoachSession.new(conn, settings, now=NOW)
    _talk(session, conn, ["first", "second", "third"])
    resumed = CoachSession.resume(conn, settings, session.session_id)
    plain = CoachSession.resume(conn, settings, session.session_id)
    resumed.read_ahead(conn)
    reads = _reads_of_history(monkeypatch)
    builds = _calls(monkeypatch, prompts, "history_messages")
    later = NOW + timedelta(hours=1)
    assert resumed.send(conn, "fourth", now=later).status == "ok"
    assert reads == []  # the exchanges came from the read ahead
    assert builds == []  # and their messages too, built when they were read
    # The same message from a session that read nothing ahead sends the same bytes (its
    # history now holds "fourth" too, so compare what both carried before the new message).
    store.mark_last_reply_replaced(conn, session.session_id)
    assert plain.send(conn, "fourth", now=later).status == "ok"
    assert reads == [1] and builds == [1]
    ahead, read = chat_requests(api)[-2:]
    assert ahead["messages"] == read["messages"]
    assert len(ahead["messages"]) == 7


def test_a_history_changed_since_it_was_read_ahead_is_read_again(api, conn, settings,
                                                                monkeypatch):
    seed_steps(conn, goal=10_000)
    session = CoachSession.new(conn, settings, now=NOW)
    _talk(session, conn, ["first", "second"])
    session.read_ahead(conn)
    # Another coach-tui adds an exchange to the same session meanwhile.
    other = connect(settings.paths.db_file)
    try:
        elsewhere = CoachSession.resume(other, settings, session.session_id)
        _talk(elsewhere, other, ["from elsewhere"], start=NOW + timedelta(minutes=10))
    finally:
        other.close()
    reads = _reads_of_history(monkeypatch)
    assert session.send(conn, "and now?", now=NOW + timedelta(minutes=20)).status == "ok"
    assert reads == [1]
    sent = chat_requests(api)[-1]["messages"]
    assert [m["content"][-1]["text"] for m in sent if m["role"] == "user"] == [
        "first", "second", "from elsewhere", "and now?"]


def test_a_read_ahead_is_not_used_across_the_memory_switch_or_for_another_session(
        api, conn, settings, monkeypatch):
    seed_steps(conn, goal=10_000)
    session = CoachSession.new(conn, settings, now=NOW)
    _talk(session, conn, ["first"])
    row = store.get_session(conn, session.session_id)
    ahead = history.read_ahead(conn, row, True)
    assert ahead.holds(conn, row, 10**9, True)
    assert not ahead.holds(conn, row, 10**9, False)  # memory off carries other exchanges
    other = CoachSession.new(conn, settings, now=NOW)
    _talk(other, conn, ["elsewhere"])
    assert not ahead.holds(conn, store.get_session(conn, other.session_id), 10**9, True)
    session.read_ahead(conn)
    set_memory(conn, False)
    reads = _reads_of_history(monkeypatch)
    assert session.send(conn, "memory off now", now=NOW + timedelta(minutes=5)).status == "ok"
    assert reads == [1]
    # With memory off only exchanges made with it off are carried: none yet.
    assert len(chat_requests(api)[-1]["messages"]) == 1


def test_a_pending_session_reads_nothing_ahead(conn, settings):
    session = CoachSession.pending(settings)
    session.read_ahead(conn)  # no row yet: nothing to read, nothing fails
    assert session._ahead is None
