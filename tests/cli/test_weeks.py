"""A coach used over weeks, with the clock pinned: a session's date, a bounded history that
keeps the cache, memory off that covers history, a full journal of the user's own lines."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta

import pytest

from coach_tui.coach.session import TOO_LONG_MESSAGE, CoachSession
from coach_tui.coach.turn import NEW_SESSION_KINDS
from coach_tui.memory.switch import set_memory
from coach_tui.store import connect
from coach_tui.store import sessions as store
from coach_tui.store.db import transaction
from coach_tui.store.steps import Day, upsert_days
from tests.engine_support import (  # noqa: F401
    NOW,
    TODAY,
    chat_requests,
    seed_journal,
    seed_steps,
    texts_of,
    total_input,
)
from tests.fakes.messages_api import FakeMessagesAPI


@pytest.fixture
def seeded(conn):
    seed_steps(conn, goal=10_000)
    seed_journal(conn, ["Walks best with a podcast on"])
    return conn


def add_days(conn, start, steps: list[int], goal: int = 10_000) -> None:
    days = [Day((start + timedelta(days=i)).isoformat(), n, goal) for i, n in enumerate(steps)]
    with transaction(conn):
        upsert_days(conn, days, source="test", synced_at="2026-12-06T08:00:00")


def last_user_texts(request: dict) -> list[str]:
    return texts_of(request["messages"][-1])


# --------------------------------------------------------------------------- a session's date


def test_a_new_day_starts_a_new_session_and_continue_keeps_the_old_one(clock, api, cli):
    clock.set("2026-11-30T09:00")
    assert cli("ask", "morning question")[0] == 0
    assert cli("ask", "same day follow-up")[0] == 0
    clock.set("2026-12-01T08:00")
    assert cli("ask", "next day")[0] == 0
    clock.set("2026-12-02T08:00")
    assert cli("ask", "--continue", "go on from yesterday")[0] == 0
    assert cli("ask", "--session", "1", "back to the first")[0] == 0
    sizes = [len(r["messages"]) for r in chat_requests(api)]
    assert sizes == [1, 3, 1, 3, 5]
    assert "back to the first" in texts_of(api.requests[-1]["messages"][-1])
    assert api.requests[-1]["messages"][0]["content"][-1]["text"] == "morning question"


def test_a_plain_ask_continues_the_chat_used_today_not_the_newest_one(clock, api, cli):
    clock.set("2026-11-29T09:00")
    assert cli("ask", "sunday chat")[0] == 0
    assert cli("ask", "--new", "another sunday chat")[0] == 0
    clock.set("2026-11-30T08:00")
    assert cli("ask", "--session", "1", "morning, back to the first")[0] == 0
    clock.set("2026-11-30T19:00")
    assert cli("ask", "evening")[0] == 0
    last = chat_requests(api)[-1]["messages"]
    assert len(last) == 5 and "morning, back to the first" in texts_of(last[2])
    assert cli("ask", "--new", "a third chat")[0] == 0
    clock.set("2026-11-30T20:00")
    assert cli("ask", "--session", "1", "the first again")[0] == 0
    assert cli("ask", "last word")[0] == 0          # session 1 was used last, not session 3
    assert len(chat_requests(api)[-1]["messages"]) == 9


def test_ask_session_that_does_not_exist_is_one_line(api, cli, home):
    code, out, err = cli("ask", "--session", "9", "hello")
    assert code != 0 and out == ""
    assert err == "coach-tui: there is no chat session 9\n"
    assert api.requests == []


def test_ask_help_names_the_session_flags(cli, capsys):
    with pytest.raises(SystemExit):
        cli("ask", "--help")
    out = capsys.readouterr().out
    assert "--continue" in out and "--session ID" in out and "--new" in out


def test_a_continued_session_carries_the_days_since_and_the_current_facts(
        clock, api, seeded, settings, cli):
    session = CoachSession.new(seeded, settings, now=NOW)
    assert session.send(seeded, "How did last week go?", now=NOW).status == "ok"
    first = chat_requests(api)[0]
    assert first["messages"][-1]["content"][0]["text"].count("Days since the memory snapshot") == 0

    # Five days later: the user walked every day (2026-11-30 .. 2026-12-04), which changes the
    # streak, the averages and the best day.
    add_days(seeded, TODAY, [15_001, 15_002, 15_003, 15_004, 15_005])
    later = datetime(2026, 12, 5, 10, 0)
    clock.set("2026-12-05T10:00")
    facts = cli("facts")[1].splitlines()
    assert facts and facts[0] == "step goal streak: 5 days (through 2026-12-04)"

    again = CoachSession.resume(seeded, settings, session.session_id)
    assert again.send(seeded, "And since then?", now=later).status == "ok"
    second = chat_requests(api)[-1]
    assert second["system"] == first["system"]                 # the system prompt is unchanged
    recall = last_user_texts(second)[0]
    snapshot = first["system"][1]["text"]
    for fact in facts:
        if f"- {fact}" not in snapshot.split("\n"):
            assert f"\n- {fact}\n" in recall + "\n"            # every changed fact, as printed
    assert "- step goal streak: 5 days (through 2026-12-04)" in recall
    assert "Current facts (as of yesterday" in recall
    assert ("Days since the memory snapshot (rendered 2026-11-30, facts through 2026-11-29)"
            in recall)
    for offset, steps in enumerate((15_001, 15_002, 15_003, 15_004, 15_005)):
        iso = (TODAY + timedelta(days=offset)).isoformat()
        assert f"{iso}: {steps:,} steps, goal 10,000, met" in recall
    assert "2026-12-05:" not in recall.split("Days since")[1]     # today is not a complete day


def test_days_since_lists_at_most_fourteen_then_a_summary(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    session.send(seeded, "hello", now=NOW)
    add_days(seeded, TODAY, [12_000] * 20)
    later = NOW + timedelta(days=20)
    session.send(seeded, "hello again", now=later)
    recall = last_user_texts(chat_requests(api)[-1])[0]
    section = recall.split("Days since the memory snapshot")[1]
    day_lines = [line for line in section.split("\n")
                 if line.startswith("- ") and "steps, goal" in line]
    assert len(day_lines) == 14
    assert "- all 20 days since the snapshot (2026-11-30 to 2026-12-19): 20 of 20 days recorded" \
        in section


def test_same_day_sessions_carry_no_since_section(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    session.send(seeded, "hello", now=NOW)
    session.send(seeded, "later today", now=NOW + timedelta(hours=10))
    assert all("Days since the memory snapshot" not in last_user_texts(r)[0]
               for r in chat_requests(api))


# --------------------------------------------------------------------------- created by a message


def test_a_pending_session_stores_nothing_until_its_first_message(api, seeded, settings):
    session = CoachSession.pending(settings)
    assert store.latest_used_session_id(seeded) is None
    assert session.turns(seeded) == [] and session.totals(seeded).turns == 0
    result = session.send(seeded, "first words", now=NOW + timedelta(hours=2))
    assert result.status == "ok"
    row = store.get_session(seeded, session.session_id)
    assert row.created_at.startswith("2026-11-30T11:15") and row.snapshot_date == "2026-11-30"
    assert chat_requests(api)[0]["system"] == session.system_blocks()


# --------------------------------------------------------------------------- bounded history


def cache_reads(api) -> list[float]:
    """Per turn from the second on: cache read / the previous request's total input."""
    usage = [r["usage"] for r in api.responses]
    return [u["cache_read_input_tokens"] / total_input(prev)
            for prev, u in zip(usage, usage[1:], strict=False)]


@pytest.mark.slow
def test_forty_turns_under_a_small_cap_all_succeed_and_mostly_read_the_cache(api, seeded,
                                                                            settings):
    cap = 8_000
    small = dataclasses.replace(settings, context_max_tokens=cap)
    api.responder = lambda body: ("Steady work. " * 30).strip()
    session = CoachSession.new(seeded, small, now=NOW)
    results = [session.send(seeded, f"Question {i}: how is my walking going this week?",
                            now=NOW + timedelta(minutes=2 * i)) for i in range(40)]
    assert [r.status for r in results] == ["ok"] * 40
    assert all(total_input(r["usage"]) <= cap for r in api.responses)
    reads = cache_reads(api)
    assert sum(1 for x in reads if x >= 0.95) >= 0.85 * len(reads)
    # The cut happened, in steps: the count left out only grows, and changes rarely.
    left = [r.left_out for r in results]
    assert left[-1] > 0 and left == sorted(left)
    assert 1 <= len(set(left)) - 1 <= 4
    # Left-out exchanges stay stored and shown.
    assert sum(1 for t in session.turns(seeded) if t.role == "user") == 40
    first_words = "Question 0: how is my walking going this week?"
    assert first_words not in str(chat_requests(api)[-1]["messages"])
    assert [t.text for t in session.turns(seeded)][0] == first_words


def test_the_cut_is_kept_with_the_session_and_ask_says_so(api, cli, home):
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("[coach]\ncontext_max_tokens = 4000\n")
    api.responder = lambda body: ("A long and careful reply. " * 40).strip()
    errs = [cli("ask", f"message number {i}")[2] for i in range(12)]
    noted = [e for e in errs if "earlier exchanges left out of context" in e
             or "earlier exchange left out of context" in e]
    assert noted, errs
    conn = connect(home / "coach.db")
    try:
        assert store.get_session(conn, 1).history_from > 0
    finally:
        conn.close()


@pytest.mark.parametrize("wording", ["prompt is too long", "input length and `max_tokens`"])
def test_prompt_too_long_cuts_again_and_retries_once(monkeypatch, seeded, settings, wording):
    # The service words the same condition two ways: the prompt alone is over the limit, or
    # the prompt with the reply's max_tokens is.
    both = wording != "prompt is too long"
    limit = 4_000 + (settings.max_tokens if both else 0)
    with FakeMessagesAPI(context_limit=limit, max_tokens_in_context=both) as api:
        monkeypatch.setenv("ANTHROPIC_BASE_URL", api.url)
        monkeypatch.setenv("ANTHROPIC_API_KEY", api.api_key)
        api.responder = lambda body: ("Plenty to say here. " * 30).strip()
        session = CoachSession.new(seeded, settings, now=NOW)
        results = [session.send(seeded, f"turn {i} about walking", now=NOW + timedelta(minutes=i))
                   for i in range(12)]
        assert [r.status for r in results] == ["ok"] * 12
        refusals = [i for i, rec in enumerate(api.responses) if rec.get("status") == 400]
        assert refusals and len(api.requests) == 12 + len(refusals)
        assert all(api.responses[i]["error"]["message"].startswith(wording) for i in refusals)
        for i in refusals:
            # The retry right after each refusal carried less history and was answered.
            assert len(api.requests[i + 1]["messages"]) < len(api.requests[i]["messages"])
            assert "status" not in api.responses[i + 1] or api.responses[i + 1]["status"] == 200
        assert results[-1].left_out > 0


def test_a_session_too_long_even_when_cut_says_so_in_one_line(monkeypatch, seeded, settings):
    with FakeMessagesAPI(context_limit=600) as api:
        monkeypatch.setenv("ANTHROPIC_BASE_URL", api.url)
        monkeypatch.setenv("ANTHROPIC_API_KEY", api.api_key)
        result = CoachSession.new(seeded, settings, now=NOW).send(seeded, "hello", now=NOW)
    assert result.status == "failed" and result.error == TOO_LONG_MESSAGE
    assert result.cut_kind in NEW_SESSION_KINDS  # the front ends add how to start one
    # One line, and no key or command: `[keys]` can move the key, the front ends word it.
    assert "\n" not in TOO_LONG_MESSAGE and "ask --new" not in TOO_LONG_MESSAGE
    assert "ctrl+" not in TOO_LONG_MESSAGE


# --------------------------------------------------------------------------- memory off


def test_memory_off_requests_carry_only_memory_off_exchanges(api, seeded, settings):
    api.responder = lambda body: ("Your streak is 7 days and your 7-day average is great."
                                  if "streak" in str(body["messages"][-1]) else "Noted.")
    session = CoachSession.new(seeded, settings, now=NOW)
    session.send(seeded, "What is my streak?", now=NOW)
    set_memory(seeded, False)
    session.send(seeded, "Private: just chatting", now=NOW + timedelta(minutes=1))
    session.send(seeded, "Still private", now=NOW + timedelta(minutes=2))
    off = chat_requests(api)[1:]
    for request in off:
        sent = str(request["messages"])
        assert "What is my streak?" not in sent and "Your streak is 7 days" not in sent
    assert len(off[1]["messages"]) == 3                  # the one memory-off exchange + new turn
    set_memory(seeded, True)
    session.send(seeded, "Back on", now=NOW + timedelta(minutes=3))
    back = chat_requests(api)[-1]
    assert len(back["messages"]) == 7                    # the whole history again
    assert "Your streak is 7 days" in str(back["messages"])


# --------------------------------------------------------------------------- a full journal


def test_the_sixty_first_own_line_is_refused_and_nothing_is_dropped(cli, conn):
    # A full journal of the user's own lines, stored as `journal add` stores them.
    seed_journal(conn, [f"my own line number {i}" for i in range(60)])
    code, out, err = cli("journal", "add", "one line too many")
    assert code != 0 and out == ""
    assert err.count("\n") == 1 and "the journal is full" in err and "delete a line" in err
    listed = cli("journal", "list")[1]
    assert "my own line number 0" in listed and "one line too many" not in listed
    assert len(listed.splitlines()) == 60


def test_at_the_cap_a_user_line_displaces_a_machine_line_first(cli, conn, home):
    seed_journal(conn, ["machine wrote this"], source="review")
    seed_journal(conn, [f"own {i}" for i in range(59)])
    assert cli("journal", "add", "own 59")[0] == 0
    listed = cli("journal", "list")[1]
    assert "machine wrote this" not in listed and "own 0" in listed and "own 59" in listed


def test_reflection_writes_nothing_into_a_journal_full_of_user_lines(api, conn, settings):
    from coach_tui.coach.review import reflect_on_review, review_period, save_review, write_review
    from coach_tui.memory import journal

    seed_steps(conn, goal=10_000)
    seed_journal(conn, [f"own line {i}" for i in range(60)])
    period = review_period("week", NOW.date())
    api.queue_reply("A fine week of walking.")
    draft = write_review(conn, settings, period, now=NOW)
    saved = save_review(conn, settings, draft)
    asked = len(api.requests)
    reflection = reflect_on_review(conn, settings, saved, draft)
    assert reflection.entry_ids == [] and "journal is full" in reflection.problem
    assert len(api.requests) == asked                     # the model was not even asked
    assert sorted(e.text for e in journal.list_entries(conn)) == sorted(
        f"own line {i}" for i in range(60))


def test_exchanges_left_out_of_context_are_found_by_recall(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    session.send(seeded, "My zucchini garden needs watering before each walk", now=NOW)
    session.send(seeded, "Anything else?", now=NOW + timedelta(minutes=1))
    before = last_user_texts(chat_requests(api)[-1])[0]
    session.send(seeded, "Tell me about the zucchini again", now=NOW + timedelta(minutes=2))
    in_context = last_user_texts(chat_requests(api)[-1])[0]
    assert "zucchini garden" not in before + in_context   # in the history, so never recalled
    later = store.list_turns(seeded, session.session_id)[-2].turn_id  # the last user turn
    store.set_history_from(seeded, session.session_id, later)  # each turn reads its session
    session.send(seeded, "zucchini once more", now=NOW + timedelta(minutes=3))
    request = chat_requests(api)[-1]
    assert "My zucchini garden" not in str(request["messages"][:-1])   # left out of context
    recall = last_user_texts(request)[0]
    assert "Memories that match" in recall and "zucchini garden" in recall
