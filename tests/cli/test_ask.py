"""`coach-tui ask` and `coach-tui review` as a user runs them, asserted on the bytes sent."""

import json
import os
import subprocess
import sys

import pytest

from coach_tui.memory import journal
from coach_tui.store import sessions as store
from tests.engine_support import (  # noqa: F401
    raw_system,
    seed_journal,
    seed_steps,
    system_bytes,
    texts_of,
    total_input,
)
from tests.support import REPO


def ask_process(api, home, now, *args):
    env = dict(os.environ, COACH_TUI_HOME=str(home), COACH_TUI_NOW=now,
               ANTHROPIC_BASE_URL=api.url, ANTHROPIC_API_KEY=api.api_key)
    return subprocess.run([sys.executable, "-m", "coach_tui", "ask", *args], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.slow
def test_two_processes_across_midnight_share_one_cached_session(api, conn, coach_home, clock,
                                                                 cli):
    # The first `ask` is another process; the second runs in this one (a process start costs
    # seconds of SDK import, and this process is as separate from the first as any other).
    seed_steps(conn, goal=10_000)
    seed_journal(conn, ["Walks the dog every evening"])
    api.queue_reply("Yesterday you walked 9,753 steps.")
    first = ask_process(api, coach_home, "2026-11-30T23:58", "How was yesterday?")
    assert first.returncode == 0, first.stderr
    assert first.stdout == "Yesterday you walked 9,753 steps.\n"
    assert first.stderr.count("\n") == 1 and first.stderr.startswith("tokens: ")
    api.queue_reply("Good night.")
    # A new day starts a new session unless asked to continue (test_weeks.py has that rule).
    clock.set("2026-12-01T00:03")
    code, _, second_err = cli("ask", "--continue", "Any advice for tomorrow?")
    assert code == 0, second_err
    a, b = api.requests
    assert system_bytes(a) == system_bytes(b)            # same session, same system bytes
    assert raw_system(api, 0) == raw_system(api, 1)      # ...in key order too
    assert b["messages"][: len(a["messages"])] == a["messages"]
    assert b["diagnostics"] == {"previous_message_id": api.responses[0]["id"]}
    assert "Now: Tuesday 2026-12-01, 00:03." in texts_of(b["messages"][-1])[0]
    assert api.responses[1]["usage"]["cache_read_input_tokens"] >= 0.95 * total_input(
        api.responses[0]["usage"])
    read = api.responses[1]["usage"]["cache_read_input_tokens"]
    assert f"{read:,} read" in second_err and "cost $" in second_err


def test_new_starts_a_fresh_session(clock, api, cli):
    clock.set("2026-11-30T09:00")
    assert cli("ask", "one")[0] == 0
    assert cli("ask", "--new", "two")[0] == 0
    assert [len(r["messages"]) for r in api.requests] == [1, 1]


def test_no_api_key_is_one_line_and_non_zero(cli, conn):
    code, out, err = cli("ask", "hello")
    assert code != 0 and out == ""
    assert err == ("coach-tui: No API key: store one with `coach-tui key set`, or set "
                   "ANTHROPIC_API_KEY, and try again.\n")
    code, out, err = cli("review")
    assert code != 0 and err.count("\n") == 1 and "No API key" in err


def test_overloaded_through_the_retries_is_one_line_and_keeps_the_message(api, cli, conn):
    api.queue_error(529, "overloaded_error", "Overloaded", times=3)
    code, out, err = cli("ask", "Plan my week please")
    assert code != 0 and out == ""
    assert err.count("\n") == 1 and err.startswith("coach-tui: The API is overloaded (529)")
    assert len(api.requests) == 3
    [session] = store.list_sessions(conn)
    [turn] = store.list_turns(conn, session.session_id)
    assert (turn.text, turn.status) == ("Plan my week please", "failed")


def test_a_cut_reply_is_printed_marked_and_the_next_ask_is_valid(api, cli, conn):
    api.queue_cut(2, "Walk after lunch, then again after dinner.")
    code, out, err = cli("ask", "plan my day")
    assert code != 0 and out == "Walk after \n"
    usage_line, error_line = err.splitlines()
    assert "interrupted" in error_line
    # Billed all the same: the prompt exactly, the output and costs as lower bounds.
    assert " out; cost ≥$" in usage_line and "session ≥$" in usage_line
    billed = api.responses[-1]["usage"]
    assert f"{billed['cache_creation_input_tokens']:,} written" in usage_line
    api.queue_reply("Walk after lunch.")
    code, out, err = cli("ask", "again please")
    assert code == 0 and out == "Walk after lunch.\n"
    roles = [m["role"] for m in api.requests[-1]["messages"]]
    assert roles == ["user"]  # the interrupted pair is never history


def test_usage_line_names_the_miss_reason(api, cli, conn):
    seed_journal(conn, ["Line one", "Line two"])
    assert cli("ask", "hi")[0] == 0
    victim = journal.list_entries(conn)[0]
    journal.delete_entry(conn, victim.entry_id)
    code, out, err = cli("ask", "hi again")
    assert code == 0
    assert ("memory snapshot refreshed" in err
            and err.rstrip().endswith("cache miss: system_changed"))


def test_review_save_reflects_once(clock, api, cli, conn):
    clock.set("2026-11-30T09:00")
    seed_steps(conn, goal=10_000)
    api.queue_reply("A steady week.")
    api.queue_reply("MEMORY: Steady through the week")
    code, out, err = cli("review", "--save")
    assert code == 0 and out == "A steady week.\n"
    assert "saved review 1 (week:2026-W48); 1 new journal line" in err
    assert [e.source_key for e in journal.list_entries(conn)] == ["week:2026-W48"]
    # The same day, the same period: today's draft is already saved; nothing new is written,
    # asked or stored.
    code, out, err = cli("review", "--save")
    assert code == 0 and out == "A steady week.\n" and "no new journal lines" in err
    assert [r["model"] for r in api.requests] == ["claude-sonnet-5-5", "claude-haiku-5-5"]
    assert conn.execute("SELECT COUNT(*) FROM reviews").fetchone() == (1,)


def test_review_then_save_saves_the_text_just_read_without_a_new_call(clock, api, cli, conn,
                                                                       monkeypatch):
    clock.set("2026-11-30T09:00")
    seed_steps(conn, goal=10_000)
    api.queue_reply("A steady week.")
    code, out, err = cli("review")
    assert code == 0 and out == "A steady week.\n" and "not saved" in err
    assert conn.execute("SELECT COUNT(*) FROM reviews").fetchone() == (0,)
    api.queue_reply("MEMORY: Steady through the week")
    code, out, err = cli("review", "--save")
    assert code == 0 and out == "A steady week.\n"
    assert "written earlier today (no new call; review total $" in err and "saved review 1" in err
    # One review call and one reflection call: the save wrote and paid for nothing new.
    assert [r["model"] for r in api.requests] == ["claude-sonnet-5-5", "claude-haiku-5-5"]
    assert conn.execute("SELECT period_key, text FROM reviews").fetchall() == [
        ("week:2026-W48", "A steady week.")]

    # Another day, the draft is old: --save writes a new review of the period.
    clock.set("2026-12-01T09:00")
    api.queue_reply("Still steady.")
    code, out, err = cli("review", "--save")
    assert code == 0 and out == "Still steady.\n"
    assert conn.execute("SELECT COUNT(*) FROM reviews").fetchone() == (2,)


def test_review_with_no_data_is_one_line(clock, api, cli):
    clock.set("2026-11-30T09:00")
    code, out, err = cli("review", "--period", "day")
    assert code != 0 and api.requests == []
    assert err.splitlines()[-1].startswith("coach-tui: No steps recorded for Sunday 29 November")


def test_memory_off_ask_sends_no_step_data(clock, api, cli, conn):
    clock.set("2026-11-30T09:00")
    seed_steps(conn)
    assert cli("memory", "off")[0] == 0
    assert cli("ask", "how was yesterday?")[0] == 0
    sent = json.dumps(api.requests[-1])
    assert "9,753" not in sent and "9753" not in sent and "MEMORY" not in sent
    assert texts_of(api.requests[-1]["messages"][-1]) == ["how was yesterday?"]


def test_a_failed_reflection_is_silent_on_screen_and_logged(clock, api, cli, conn, monkeypatch,
                                                             coach_home):
    clock.set("2026-11-30T09:00")
    seed_steps(conn)
    api.queue_reply("A steady week.")
    from coach_tui.coach import llm

    def overloaded(request, client=None):  # the reflection call fails after its retries
        raise llm.LLMError("overloaded", "The API is overloaded (529).")

    monkeypatch.setattr(llm, "complete", overloaded)
    code, out, err = cli("review", "--save")
    assert code == 0 and "Traceback" not in err
    assert "saved review 1 (week:2026-W48); no new journal lines" in err
    assert "reflection on review week:2026-W48 failed" in (
        coach_home / "logs" / "coach-tui.log").read_text()


def test_todays_goal_before_today_is_synced_is_the_newest_stored_goal(api, cli, conn):
    # Weeks of Garmin days at 8,000 and no row for today yet: the coach is told 8,000, as the
    # sidebar shows, not the config's default 10,000.
    seed_steps(conn, goal=8_000, today_steps=None)
    api.queue_reply("Keep going.")
    code, out, err = cli("ask", "How am I doing today?")
    assert code == 0, err
    turn = texts_of(api.requests[-1]["messages"][-1])[0]
    assert "Today so far: no steps synced yet (goal 8,000)." in turn
    assert "goal 10,000" not in turn


def test_a_pending_diagnosis_reads_pending_not_no_miss(api, cli, conn):
    # `{"cache_miss_reason": null}`: the service has not compared the prefixes yet.
    api.null_diagnostics_when_clean = False
    assert cli("ask", "hi")[0] == 0
    code, out, err = cli("ask", "--continue", "hi again")
    assert code == 0 and api.responses[1]["diagnostics"] == {"cache_miss_reason": None}
    assert err.rstrip().endswith("cache miss: pending")
    api.null_diagnostics_when_clean = True
    code, out, err = cli("ask", "--continue", "and again")
    assert code == 0 and "cache miss" not in err  # diagnostics: null, the prefix matched


def test_a_rate_limit_wait_is_one_stderr_line_then_the_reply(api, cli, conn):
    # The service's own hint: `retry-after: 1` (whole seconds), within max_wait_seconds.
    api.queue_error(429, "rate_limit_error", "Number of requests has exceeded your rate limit",
                    retry_after=1)
    api.queue_reply("Walk after lunch.")
    code, out, err = cli("ask", "plan my day")
    assert code == 0 and out == "Walk after lunch.\n"
    lines = err.splitlines()
    assert lines[0] == ("coach-tui: rate limited, retrying in 1s (ctrl+c stops; your message "
                        "is saved)")
    assert len(lines) == 2 and lines[1].startswith("tokens: ")
    assert len(api.requests) == 2


def test_a_wait_past_max_wait_seconds_fails_at_once_saying_when(api, cli, conn, home):
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("[api]\nmax_wait_seconds = 1\n")
    api.queue_error(429, "rate_limit_error", "Number of requests has exceeded your rate limit",
                    retry_after=2)
    api.queue_reply("Walk after lunch.")
    code, out, err = cli("ask", "plan my day")
    assert code != 0 and out == ""
    assert err.count("\n") == 1 and err.startswith(
        "coach-tui: Rate limited by the API (429): it asks to wait 2s, more than [api] "
        "max_wait_seconds (1) allows; try again after ")
    assert err.rstrip().endswith("; your message is saved.")
    assert len(api.requests) == 1  # nothing slept, nothing sent again
    [session] = store.list_sessions(conn)
    [turn] = store.list_turns(conn, session.session_id)
    assert (turn.text, turn.status) == ("plan my day", "failed")
