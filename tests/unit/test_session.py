"""A chat session end to end against the fake Messages API, asserted on the bytes it receives."""

import json
import re
import threading
from datetime import timedelta

import pytest

from coach_tui.coach.llm import NO_KEY_MESSAGE
from coach_tui.coach.pricing import turn_cost
from coach_tui.coach.session import CoachSession, list_sessions
from coach_tui.memory import journal
from coach_tui.memory.snapshot import current_facts
from coach_tui.memory.switch import set_memory
from coach_tui.store import connect
from tests.engine_support import (  # noqa: F401
    NOW,
    STEPS,
    TODAY,
    TODAY_STEPS,
    at,
    chat_requests,
    raw_system,
    seed_journal,
    seed_steps,
    system_bytes,
    texts_of,
    total_input,
)

JOURNAL = ["Walks best with a podcast on", "Skips walks when it rains",
           "Left knee complains on long descents"]


@pytest.fixture
def seeded(conn):
    seed_steps(conn, goal=10_000)
    seed_journal(conn, JOURNAL)
    return conn


def step_numbers(text: str) -> set[str]:
    """Every seeded step count as it could be printed, found in `text`."""
    counts = STEPS + [TODAY_STEPS]
    return ({f"{n:,}" for n in counts if f"{n:,}" in text}
            | {str(n) for n in counts if str(n) in text})


def talk(session, conn, n, start=NOW, step=timedelta(minutes=3)):
    results = []
    for i in range(n):
        results.append(session.send(conn, f"Question {i}: how is my walking going?",
                                    now=start + i * step))
    return results


def test_a_session_keeps_its_system_and_only_appends(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    results = talk(session, seeded, 4)
    assert [r.status for r in results] == ["ok"] * 4
    reqs = chat_requests(api)
    assert len(reqs) == 4
    assert len({system_bytes(r) for r in reqs}) == 1
    assert len({raw_system(api, i) for i in range(4)}) == 1
    assert reqs[0]["system"] == session.system_blocks()
    for before, after in zip(reqs, reqs[1:], strict=False):
        assert after["messages"][: len(before["messages"])] == before["messages"]
        assert [m["role"] for m in after["messages"]] == ["user", "assistant"] * (
            len(after["messages"]) // 2) + ["user"]
    # From turn 2 on, everything sent before is read from the cache.
    usages = [r["usage"] for r in api.responses]
    for previous, current in zip(usages, usages[1:], strict=False):
        assert current["cache_read_input_tokens"] >= 0.95 * total_input(previous)
    assert total_input(usages[0]) > 512  # above the 5.5 models' minimum, so it really caches


def test_clock_and_todays_steps_only_in_the_last_user_message(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    talk(session, seeded, 2)
    session.send(seeded, "and today?", now=at(21, 47))
    req = chat_requests(api)[-1]
    live = f"Now: Monday 2026-11-30, 21:47. Today so far: {TODAY_STEPS:,} steps"
    last_recall, last_words = texts_of(req["messages"][-1])
    assert live in last_recall and last_words == "and today?"
    assert "21:47" not in json.dumps(req["messages"][:-1]) + json.dumps(req["system"])
    assert f"{TODAY_STEPS:,}" not in json.dumps(req["system"])
    assert "Now:" not in json.dumps(req["system"])
    # The snapshot holds the ledger (as of yesterday) and the journal, frozen in system.
    snapshot = req["system"][1]["text"]
    assert "step goal streak" in snapshot and all(line in snapshot for line in JOURNAL)


def test_system_survives_midnight_and_a_reflection_written_mid_session(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=at(23, 50))
    session.send(seeded, "late walk tonight?", now=at(23, 55))
    # Reflection (or the user) writes a line mid-session; the day also changes.
    journal.save_entry(seeded, "Loves late-night walks with the dog", source="review",
                       source_key="week:2026-W48", entry_date=TODAY.isoformat())
    after_midnight = at(0, 5, TODAY + timedelta(days=1))
    result = session.send(seeded, "what about the late-night walks with the dog?",
                          now=after_midnight)
    assert result.status == "ok" and not result.snapshot_rerendered
    first, second = chat_requests(api)
    assert system_bytes(first) == system_bytes(second)
    # The new line waits for the next session: not in system, not in recall.
    assert "Loves late-night walks" not in json.dumps(second)
    assert "Now: Tuesday 2026-12-01, 00:05." in texts_of(second["messages"][-1])[0]
    assert api.responses[1]["usage"]["cache_read_input_tokens"] >= 0.95 * total_input(
        api.responses[0]["usage"])
    # The line is on disk at once, and a new session carries it.
    CoachSession.new(seeded, settings, now=after_midnight)
    assert journal.list_entries(seeded)[0].text == "Loves late-night walks with the dog"
    assert "Loves late-night walks" in json.dumps(
        CoachSession.latest(seeded, settings).system_blocks())


def test_resume_from_another_connection_sends_the_same_bytes(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    session.send(seeded, "first", now=NOW)
    other = connect(settings.paths.db_file)
    try:
        again = CoachSession.resume(other, settings, session.session_id)
        assert again.system_blocks() == session.system_blocks()
        assert again.snapshot_entry_ids == session.snapshot_entry_ids
        again.send(other, "second", now=NOW + timedelta(minutes=1))
    finally:
        other.close()
    first, second = chat_requests(api)
    assert system_bytes(first) == system_bytes(second)
    assert second["messages"][:1] == first["messages"]
    assert second["diagnostics"] == {"previous_message_id": api.responses[0]["id"]}
    with pytest.raises(ValueError):
        CoachSession.resume(seeded, settings, 999)


def test_diagnostics_chain_and_miss_reason_stored_with_the_turn(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    talk(session, seeded, 2)
    reqs = chat_requests(api)
    assert reqs[0]["diagnostics"] == {"previous_message_id": None}
    assert reqs[1]["diagnostics"] == {"previous_message_id": "msg_fake_1"}
    # Deleting a line the snapshot holds re-renders it once: the next request's system changes.
    victim = next(e for e in journal.list_entries(seeded) if e.text == JOURNAL[1])
    assert victim.entry_id in session.snapshot_entry_ids
    journal.delete_entry(seeded, victim.entry_id)
    result = session.send(seeded, "third", now=NOW + timedelta(minutes=10))
    assert result.snapshot_rerendered and result.cache_miss_reason == "system_changed"
    assert JOURNAL[1] not in json.dumps(chat_requests(api)[-1])
    assert victim.entry_id not in session.snapshot_entry_ids
    views = session.turns(seeded)
    assert views[-1].cache_miss_reason == "system_changed"
    assert session.totals(seeded).last_miss_reason == "system_changed"
    # ...once: the turn after is byte-stable again.
    after = session.send(seeded, "fourth", now=NOW + timedelta(minutes=11))
    assert not after.snapshot_rerendered and after.cache_miss_reason is None
    assert system_bytes(chat_requests(api)[-1]) == system_bytes(chat_requests(api)[-2])


def test_deleting_a_line_the_snapshot_never_held_changes_nothing(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    session.send(seeded, "one", now=NOW)
    [late] = seed_journal(seeded, ["Added mid-session"])
    journal.delete_entry(seeded, late)
    result = session.send(seeded, "two", now=NOW)
    assert not result.snapshot_rerendered
    first, second = chat_requests(api)
    assert system_bytes(first) == system_bytes(second)


def test_memory_off_sends_no_memory_and_changes_no_data(api, seeded, settings):
    # Earlier replies are re-sent as they were (the transcript); these quote nothing.
    api.responder = lambda body: "Keep it up."
    session = CoachSession.new(seeded, settings, now=NOW)
    talk(session, seeded, 2)
    rows_before = [list(seeded.execute(f"SELECT * FROM {t} ORDER BY 1"))
                   for t in ("journal", "daily_steps", "reviews")]
    set_memory(seeded, False)
    off = session.send(seeded, "What did I do yesterday and last week?", now=NOW)
    assert off.status == "ok" and not off.snapshot_rerendered
    req = chat_requests(api)[-1]
    sent = json.dumps(req)
    assert "MEMORY" not in sent and "CONTEXT FOR THIS MESSAGE" not in sent
    assert not any(line in sent for line in JOURNAL)
    facts = current_facts(seeded, TODAY, settings.default_step_goal)
    assert facts and not any(fact in sent for fact in facts)
    assert step_numbers(sent) == set()
    assert len(req["system"]) == 1
    assert all(len(m["content"]) == 1 for m in req["messages"])  # words only, old turns too
    assert [list(seeded.execute(f"SELECT * FROM {t} ORDER BY 1"))
            for t in ("journal", "daily_steps", "reviews")] == rows_before
    # Memory back on: a fresh snapshot, recall again, the old turns with their recall again.
    set_memory(seeded, True)
    on = session.send(seeded, "and yesterday?", now=NOW)
    assert on.snapshot_rerendered
    req = chat_requests(api)[-1]
    assert all(line in req["system"][1]["text"] for line in JOURNAL)
    assert texts_of(req["messages"][0])[0].startswith("CONTEXT FOR THIS MESSAGE")
    assert "9,753 steps" in texts_of(req["messages"][-1])[0]


def test_memory_forced_off_by_environment(api, seeded, settings, monkeypatch):
    monkeypatch.setenv("COACH_MEMORY", "off")
    session = CoachSession.new(seeded, settings, now=NOW)
    session.send(seeded, "how was yesterday?", now=NOW)
    sent = json.dumps(chat_requests(api)[-1])
    assert step_numbers(sent) == set() and "MEMORY" not in sent
    assert session.snapshot_entry_ids == frozenset()


def test_529_through_the_retries_keeps_the_message_and_the_history_valid(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    session.send(seeded, "first", now=NOW)
    api.queue_error(529, "overloaded_error", "Overloaded", times=3)
    failed = session.send(seeded, "second, lost?", now=NOW)
    assert failed.status == "failed" and failed.assistant_turn_id is None
    assert "\n" not in failed.error and "overloaded" in failed.error.lower()
    assert [r["status"] for r in api.responses[-3:]] == [529, 529, 529]  # SDK retried twice
    stored = session.turns(seeded)[-1]
    assert (stored.role, stored.text, stored.status) == ("user", "second, lost?", "failed")
    ok = session.send(seeded, "third", now=NOW)
    assert ok.status == "ok"
    req = chat_requests(api)[-1]
    words = [texts_of(m)[-1] for m in req["messages"] if m["role"] == "user"]
    assert words == ["first", "third"]
    assert req["messages"][:2] == chat_requests(api)[0]["messages"] + [req["messages"][1]]


def test_a_cut_stream_keeps_the_partial_reply_marked_and_the_next_turn_valid(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    session.send(seeded, "first", now=NOW)
    api.queue_cut(3, "Walk after lunch today, then again after dinner.")
    chunks = []
    cut = session.send(seeded, "plan my day", now=NOW, on_text=chunks.append)
    assert cut.status == "interrupted" and cut.text == "Walk after lunch " == "".join(chunks)
    assert "\n" not in cut.error and "interrupted" in cut.error
    user, reply = session.turns(seeded)[-2:]
    assert (user.status, reply.status, reply.text) == ("interrupted", "interrupted",
                                                       "Walk after lunch ")
    nxt = session.send(seeded, "try again: plan my day", now=NOW)
    assert nxt.status == "ok"
    req = chat_requests(api)[-1]
    assert "Walk after lunch" not in json.dumps(req["messages"])
    assert [m["role"] for m in req["messages"]] == ["user", "assistant", "user"]
    assert req["diagnostics"] == {"previous_message_id": api.responses[0]["id"]}
    assert api.responses[-1]["usage"]["cache_read_input_tokens"] >= 0.95 * total_input(
        api.responses[0]["usage"])


def test_stop_requested_mid_stream(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    api.queue_reply("one two three four five six seven")
    stop = threading.Event()
    result = session.send(seeded, "talk", now=NOW, on_text=lambda c: stop.set(),
                          should_stop=stop.is_set)
    assert result.status == "interrupted" and result.text == "one "


def test_usage_cost_and_totals(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    results = talk(session, seeded, 3)
    for r, served in zip(results, api.responses, strict=False):
        assert r.usage.cache_read_tokens == served["usage"]["cache_read_input_tokens"]
        assert r.usage.cache_creation_tokens == served["usage"]["cache_creation_input_tokens"]
        assert r.cost_usd == pytest.approx(turn_cost(settings, settings.chat_model, r.usage))
        assert r.response_id == served["id"]
    totals = session.totals(seeded)
    assert totals.turns == 3
    assert totals.cost_usd == pytest.approx(sum(r.cost_usd for r in results))
    assert totals.cache_read_tokens == sum(r.usage.cache_read_tokens for r in results)
    assert 0 < totals.hit_rate < 1
    assert [v.role for v in session.turns(seeded)] == ["user", "assistant"] * 3


def test_no_api_key_is_a_failed_turn_with_the_message_kept(seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    result = session.send(seeded, "hello?", now=NOW)
    assert result.status == "failed"
    assert result.error == NO_KEY_MESSAGE
    assert session.turns(seeded)[-1].text == "hello?"


def test_empty_message_is_refused_and_nothing_stored(seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    with pytest.raises(ValueError):
        session.send(seeded, "  \n ", now=NOW)
    assert session.turns(seeded) == []


def test_sessions_list_newest_first_with_titles(api, seeded, settings):
    a = CoachSession.new(seeded, settings, now=NOW)
    a.send(seeded, "first chat " + "x" * 100, now=NOW)
    b = CoachSession.new(seeded, settings, now=NOW)
    b.send(seeded, "second chat", now=NOW)
    infos = list_sessions(seeded)
    assert [i.session_id for i in infos] == [b.session_id, a.session_id]
    assert infos[0].title == "second chat" and infos[0].turn_count == 1
    assert len(infos[1].title) <= 60 and infos[1].title.endswith("...")
    assert CoachSession.latest(seeded, settings).session_id == b.session_id


def test_sessions_on_a_day_and_the_first_message_written_that_day(seeded, settings):
    from coach_tui.store import sessions as store

    def written(session, text, when) -> int:
        return seeded.execute(
            "INSERT INTO turns (session_id, role, created_at, text, status, memory_on) "
            "VALUES (?, 'user', ?, ?, 'ok', 1)",
            (session.session_id, when.isoformat(timespec="seconds"), text)).lastrowid

    a = CoachSession.new(seeded, settings, now=NOW)
    written(a, "on the first day", NOW)
    landing = written(a, "the next day", NOW + timedelta(days=1))
    written(a, "later that day", NOW + timedelta(days=1, hours=1))
    b = CoachSession.new(seeded, settings, now=NOW)
    written(b, "only the first day", NOW)
    first, second = NOW.date().isoformat(), (NOW + timedelta(days=1)).date().isoformat()
    # The most recently active first, as always: `a` was used the next day too.
    assert [i.session_id for i in list_sessions(seeded, on_day=first)] == [
        a.session_id, b.session_id]
    assert [i.session_id for i in list_sessions(seeded, on_day=second)] == [a.session_id]
    assert store.first_turn_on_day(seeded, a.session_id, second) == landing
    assert store.first_turn_on_day(seeded, b.session_id, second) is None


def test_snapshot_entry_ids_are_the_lines_rendered(seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    snapshot = session.system_blocks()[1]["text"]
    rendered = {e.entry_id for e in journal.list_entries(seeded) if e.text in snapshot}
    assert session.snapshot_entry_ids == rendered and len(rendered) == 3
    assert not re.search(r"\d\d:\d\d", snapshot)  # no clock in system


def closed_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("case, kind, words", [
    ("bad_key", "bad_key", "refused (401)"),
    ("rate_limited", "rate_limited", "Rate limited"),
    ("network", "network", "Could not reach the API"),
    ("server", "api", "internal error"),
])
def test_every_failure_is_one_line_and_the_message_is_kept(api, seeded, settings, case, kind,
                                                           words):
    import anthropic

    from coach_tui.coach import llm

    url, key = api.url, api.api_key
    if case == "bad_key":
        key = "wrong"
    elif case == "network":
        url = f"http://127.0.0.1:{closed_port()}"

    def arm():
        if case == "rate_limited":
            api.queue_error(429, "rate_limit_error")
        elif case == "server":
            api.queue_error(500, "api_error")

    session = CoachSession.new(seeded, settings, now=NOW)
    with anthropic.Anthropic(base_url=url, api_key=key, max_retries=0) as client:
        arm()
        with pytest.raises(llm.LLMError) as info:
            llm.stream_message({"model": "m", "max_tokens": 5,
                                "messages": [{"role": "user", "content": "x"}]}, client=client)
        assert info.value.kind == kind
        arm()
        result = session.send(seeded, "are you there?", now=NOW, client=client)
    assert result.status == "failed" and words in result.error and "\n" not in result.error
    assert result.error == info.value.message
    assert session.turns(seeded)[-1].text == "are you there?"


def test_a_deleted_line_leaves_earlier_recall_blocks_too(api, conn, settings):
    seed_steps(conn)
    [old] = seed_journal(conn, ["Hates the treadmill at the gym"], entry_date="2026-10-01")
    seed_journal(conn, [f"Filler line number {i}" for i in range(20)])  # pushes `old` out
    session = CoachSession.new(conn, settings, now=NOW)
    assert old not in session.snapshot_entry_ids
    session.send(conn, "Should I use the treadmill?", now=NOW)
    assert "Hates the treadmill" in texts_of(chat_requests(api)[0]["messages"][0])[0]
    journal.delete_entry(conn, old)
    result = session.send(conn, "ok, what else?", now=NOW)
    assert result.snapshot_rerendered  # the app says memory changed for this message
    assert "Hates the treadmill" not in json.dumps(chat_requests(api)[-1])
    first_recall = texts_of(chat_requests(api)[-1]["messages"][0])[0]
    assert "Memories that match" not in first_recall and "Now: Monday" in first_recall
