"""The model call as the 5.5 models behave: thinking by default, effort, every stop reason,
streams that end early, and what a turn costs. Driven through the real SDK against the fake,
which thinks, stops and cuts the way the service documents (tests/fakes/messages_api.py)."""

import json

import pytest

from coach_tui.coach.session import CoachSession
from coach_tui.memory import journal
from coach_tui.store import sessions as store
from tests.engine_support import (  # noqa: F401
    NOW,
    chat_requests,
    seed_journal,
    seed_steps,
    texts_of,
)


@pytest.fixture
def seeded(conn):
    seed_steps(conn, goal=10_000)
    seed_journal(conn, ["Walks best with a podcast on"])
    return conn


def write_config(home, text):
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text(text)


def reply_texts(request) -> list[str]:
    return [t for m in request["messages"] if m["role"] == "assistant" for t in texts_of(m)]


# ---------------------------------------------------------------- effort and room to think

def test_twenty_turns_with_default_settings_all_complete_while_the_model_thinks(api, seeded,
                                                                                settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    results = [session.send(seeded, f"Question {i}: how am I walking?", now=NOW)
               for i in range(20)]
    assert [r.status for r in results] == ["ok"] * 20
    assert all(r["stop_reason"] == "end_turn" and r["thinking_tokens"] > 0
               for r in api.responses)
    requests = chat_requests(api)
    assert {json.dumps(r["output_config"]) for r in requests} == {'{"effort": "low"}'}
    assert {r["max_tokens"] for r in requests} == {8192}
    # Thinking is never re-sent: history holds the text replies only, byte for byte.
    last = requests[-1]
    assert reply_texts(last) == [r.text for r in results[:-1]]
    assert all(b["type"] == "text" for m in last["messages"] for b in m["content"])
    for before, after in zip(requests, requests[1:], strict=False):
        assert after["messages"][: len(before["messages"])] == before["messages"]


def test_a_session_keeps_the_options_it_started_with(api, seeded, settings, coach_home):
    session = CoachSession.new(seeded, settings, now=NOW)
    session.send(seeded, "first", now=NOW)
    write_config(coach_home, '[coach]\neffort = "high"\nmax_tokens = 16000\n'
                 'chat_model = "claude-opus-5-5"\n')
    from coach_tui.config import load_settings

    changed = load_settings()
    resumed = CoachSession.resume(seeded, changed, session.session_id)
    resumed.send(seeded, "second", now=NOW)
    a, b = chat_requests(api)
    for key in ("model", "max_tokens", "output_config"):
        assert a[key] == b[key]
    assert b["output_config"] == {"effort": "low"} and b["model"] == "claude-sonnet-5-5"
    # Cached messages stay valid: thinking settings did not change under the session.
    assert api.responses[1]["usage"]["cache_read_input_tokens"] > 0
    fresh = CoachSession.new(seeded, changed, now=NOW)
    fresh.send(seeded, "third", now=NOW)
    c = chat_requests(api)[-1]
    assert (c["model"], c["max_tokens"], c["output_config"]) == (
        "claude-opus-5-5", 16000, {"effort": "high"})


def test_a_session_from_before_options_were_stored_sends_no_effort(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    seeded.execute("UPDATE sessions SET effort = NULL, max_tokens = NULL")
    old = CoachSession.resume(seeded, settings, session.session_id)
    assert old.send(seeded, "hello", now=NOW).status == "ok"
    sent = chat_requests(api)[-1]
    assert "output_config" not in sent and sent["max_tokens"] == settings.max_tokens


# ---------------------------------------------------------------- stop reasons

def test_max_tokens_mid_text_is_kept_marked_and_never_history(api, seeded, settings,
                                                               coach_home):
    write_config(coach_home, "[coach]\nmax_tokens = 70\n")
    from coach_tui.config import load_settings

    small = load_settings()
    session = CoachSession.new(seeded, small, now=NOW)
    api.queue_reply("Walk after lunch today, then again after dinner, and keep the weekend "
                    "loop going because it is working for you and the knee likes the flat.")
    cut = session.send(seeded, "plan my day", now=NOW)
    assert cut.status == "interrupted" and cut.cut_kind == "max_tokens"
    assert cut.text.startswith("Walk after lunch") and "knee" not in cut.text
    assert "max_tokens (70)" in cut.error and "max_tokens under [coach]" in cut.error
    assert cut.usage.output_tokens == 70 and cut.cost_usd > 0  # billed, so counted
    reply = session.turns(seeded)[-1]
    assert (reply.status, reply.stop_reason, reply.text) == ("interrupted", "max_tokens", cut.text)
    assert session.totals(seeded).cost_usd == pytest.approx(cut.cost_usd)
    session.send(seeded, "shorter please", now=NOW)
    assert "Walk after lunch" not in json.dumps(chat_requests(api)[-1]["messages"])


def test_a_budget_spent_thinking_says_so(api, seeded, settings, coach_home):
    write_config(coach_home, '[coach]\nmax_tokens = 1024\neffort = "high"\n')
    from coach_tui.config import load_settings

    session = CoachSession.new(seeded, load_settings(), now=NOW)
    result = session.send(seeded, "how am I doing?", now=NOW)
    assert result.status == "interrupted" and result.text == ""
    assert "thinking" in result.error and "max_tokens under [coach]" in result.error
    assert "empty reply" not in result.error


def test_a_refusal_is_shown_as_one_and_never_history(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    api.queue_stop("refusal", "I can't help with that.")
    refused = session.send(seeded, "something odd", now=NOW)
    assert refused.status == "interrupted" and refused.cut_kind == "refusal"
    assert "declined" in refused.error
    session.send(seeded, "how am I doing?", now=NOW)
    assert "I can't help" not in json.dumps(chat_requests(api)[-1]["messages"])


@pytest.mark.parametrize("how", ["eof", "reset", "error"])
def test_a_stream_that_ends_before_message_stop_is_interrupted(api, seeded, settings, how):
    session = CoachSession.new(seeded, settings, now=NOW)
    session.send(seeded, "first", now=NOW)
    api.queue_cut(2, "Walk after lunch today, then again after dinner.", how=how)
    cut = session.send(seeded, "plan my day", now=NOW)
    assert cut.status == "interrupted" and cut.text == "Walk after "
    assert "\n" not in cut.error and "interrupted" in cut.error
    if how == "error":
        assert "overloaded" in cut.error and "retries" not in cut.error
    assert session.turns(seeded)[-1].status == "interrupted"
    session.send(seeded, "again", now=NOW)
    assert "Walk after" not in json.dumps(chat_requests(api)[-1]["messages"])


@pytest.mark.parametrize("how", ["eof", "reset", "error"])
def test_a_cut_reply_is_billed_and_counted_in_the_session_total(api, seeded, settings, how):
    session = CoachSession.new(seeded, settings, now=NOW)
    first = session.send(seeded, "first", now=NOW)
    api.queue_cut(2, "Walk after lunch today, then again after dinner.", how=how)
    cut = session.send(seeded, "plan my day", now=NOW)
    billed = api.responses[-1]["usage"]
    assert cut.usage is not None and cut.usage.output_is_floor
    # message_start's prompt counts exactly; the output as counted so far, a lower bound.
    assert (cut.usage.input_tokens, cut.usage.cache_creation_tokens,
            cut.usage.cache_read_tokens) == (billed["input_tokens"],
                                             billed["cache_creation_input_tokens"],
                                             billed["cache_read_input_tokens"])
    assert cut.usage.output_tokens <= billed["output_tokens"]
    assert cut.cost_usd is not None and cut.cost_usd > 0
    assert cut.totals.cost_usd == pytest.approx(first.cost_usd + cut.cost_usd)
    assert cut.totals.input_tokens == first.usage.input_tokens + billed["input_tokens"]
    assert cut.totals.output_is_floor and not first.totals.output_is_floor


def test_a_stopped_reply_is_billed_and_counted(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    api.queue_reply("Walk after lunch today, then again after dinner.")
    stopped = session.send(seeded, "plan my day", now=NOW, should_stop=lambda: True)
    assert stopped.status == "interrupted" and stopped.cut_kind == "stopped"
    assert stopped.usage is not None and stopped.usage.output_is_floor
    assert stopped.usage.input_tokens == api.responses[-1]["usage"]["input_tokens"]
    assert stopped.totals.cost_usd == pytest.approx(stopped.cost_usd) and stopped.cost_usd > 0


def test_an_error_event_before_any_text_claims_no_retries(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    api.queue_cut(0, "never seen", how="error")
    failed = session.send(seeded, "hello", now=NOW)
    assert failed.status == "failed" and "overloaded" in failed.error.lower()
    assert "retries" not in failed.error and len(api.requests) == 1


# ---------------------------------------------------------------- ask and review in a shell

def test_ask_cut_short_by_max_tokens_exits_3_and_names_the_setting(api, cli, home):
    write_config(home, "[coach]\nmax_tokens = 60\n")
    api.queue_reply("Walk after lunch today, then again after dinner, and keep the weekend "
                    "loop going because it is working for you and the knee likes it.")
    code, out, err = cli("ask", "plan my day")
    assert code == 3
    assert out.startswith("Walk after lunch")
    lines = err.splitlines()
    assert lines[0].startswith("tokens: ") and "cost $" in lines[0]
    assert "max_tokens (60)" in lines[-1] and "config.toml" in lines[-1]


def test_ask_refusal_exits_3_and_a_clean_eof_exits_1(api, cli, home):
    api.queue_stop("refusal", "I can't help with that.")
    code, _, err = cli("ask", "odd")
    assert code == 3 and "declined" in err
    api.queue_cut(2, "Walk after lunch today.", how="eof")
    code, out, err = cli("ask", "plan")
    assert code == 1 and out == "Walk after \n" and "interrupted" in err
    api.queue_reply("Fine.")
    assert cli("ask", "next")[0] == 0
    assert "Walk after" not in json.dumps(api.requests[-1]["messages"])


def test_ask_prints_the_cost_of_the_published_prices(api, cli, home):
    code, _, err = cli("ask", "hello")
    assert code == 0
    usage = api.responses[-1]["usage"]
    expected = (usage["input_tokens"] * 2.00 + usage["cache_creation_input_tokens"] * 2.50
                + usage["cache_read_input_tokens"] * 0.10 + usage["output_tokens"] * 10.00) / 1e6
    assert f"cost ${expected:.4f}" in err


def test_ask_with_an_unpriced_model_says_cost_unknown(api, cli, home):
    write_config(home, '[coach]\nchat_model = "claude-sonnet-9"\n')
    code, _, err = cli("ask", "hello")
    assert code == 0 and "cost unknown; session unknown" in err and "$0.0000" not in err


def test_review_save_of_a_cut_stream_saves_nothing_and_spends_no_reflection(api, cli, home,
                                                                             conn):
    seed_steps(conn, goal=10_000)
    api.queue_cut(1, "Go on like this.", how="eof")
    code, out, err = cli("review", "--save")
    assert code == 1 and "nothing was saved" in err
    assert store_reviews(conn) == 0 and len(api.requests) == 1


def test_review_save_shows_what_reflection_cost(api, cli, home, conn):
    seed_steps(conn, goal=10_000)
    api.queue_reply("A steady week: you met your goal on most days. Keep Thursday walks.")
    api.queue_reply("MEMORY: Thursday walks keep the week on track")
    code, _, err = cli("review", "--save")
    assert code == 0, err
    review_line, saved_line, reflection_line = err.splitlines()
    assert saved_line.endswith("1 new journal line")
    assert reflection_line.startswith("reflection tokens: ") and "review total $" in reflection_line
    reflect = api.requests[-1]
    assert reflect["model"] == "claude-haiku-5-5"
    assert (reflect["max_tokens"], reflect["output_config"]) == (2048, {"effort": "low"})


def test_reflection_cut_by_its_budget_writes_nothing_and_stays_open(api, cli, home, conn):
    write_config(home, "[coach]\nreflection_max_tokens = 50\n")
    seed_steps(conn, goal=10_000)
    api.queue_reply("A steady week: you met your goal on most days. Keep Thursday walks.")
    api.queue_reply("MEMORY: Thursday walks keep the week on track, and the weekend loop "
                    "is the one that carries the whole week for this walker")
    code, _, err = cli("review", "--save")
    assert code == 0
    assert "reflection wrote nothing" in err and "reflection_max_tokens" in err
    assert journal.list_entries(conn) == []
    # The period was not marked as reflected on: saving again (today's draft, no new review
    # call) asks again.
    api.queue_reply("MEMORY: Short")
    write_config(home, "")
    assert cli("review", "--save")[0] == 0
    assert [e.text for e in journal.list_entries(conn)] == ["Short"]


def store_reviews(conn) -> int:
    return conn.execute("SELECT COUNT(*) FROM reviews").fetchone()[0]


def test_turn_rows_keep_the_stop_reason(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    session.send(seeded, "hello", now=NOW)
    rows = store.list_turns(seeded, session.session_id)
    assert rows[-1].stop_reason == "end_turn"


# ---------------------------------------------------------------- numbers not from the records

def test_ask_names_invented_numbers_and_strict_exits_4(api, cli, home, conn):
    seed_steps(conn, goal=10_000)
    api.queue_reply("Yesterday you walked 9,753 steps. Your best ever is 23,456 steps.")
    code, out, err = cli("ask", "How was yesterday?")
    assert code == 0 and "9,753" in out
    assert err.splitlines()[-1] == "unverified numbers: 23,456"
    api.queue_reply("Yesterday you walked 9,753 steps, 18% more than planned.")
    code, _, err = cli("ask", "--strict", "and again?")
    assert code == 4 and err.splitlines()[-1] == "unverified numbers: 18%"
    rows = conn.execute("SELECT unverified FROM turns WHERE role = 'assistant' "
                        "ORDER BY turn_id").fetchall()
    assert [json.loads(r[0]) for r in rows] == [["23,456"], ["18%"]]


def _failing_check(monkeypatch):
    """The number checker as a bug would leave it: raising on whatever it reads."""
    from coach_tui.coach import grounding

    def broken(*args, **kwargs):
        raise IndexError("tuple index out of range")

    monkeypatch.setattr(grounding, "check", broken)
    monkeypatch.setattr(grounding, "unverified_numbers", broken)


def test_a_reply_the_checker_fails_on_is_kept_and_said_to_be_unchecked(api, cli, home, conn,
                                                                       coach_home, monkeypatch):
    seed_steps(conn, goal=10_000)
    _failing_check(monkeypatch)
    api.queue_reply("Yesterday you walked 9,753 steps.")
    code, out, err = cli("ask", "How was yesterday?")
    assert code == 0 and "9,753" in out and "Traceback" not in err
    assert err.splitlines()[-1].startswith(
        "numbers not checked: the check failed on this reply. The details are in ")
    assert "the number check failed" in (coach_home / "logs" / "coach-tui.log").read_text()
    api.queue_reply("Today you are at 4,000.")
    code, out, err = cli("ask", "--strict", "--sources", "and today?")
    assert code == 4 and "sources: none, the numbers were not checked" in out
    api.queue_reply("Still 4,000.")
    code, out, _ = cli("ask", "--json", "--sources", "--strict", "and now?")
    shape = json.loads(out)
    assert code == 4 and shape["status"] == "ok" and shape["reply"] == "Still 4,000."
    assert shape["unsupported"] is None and shape["sources"] is None
    # Every reply is stored, as written, with no reading of its numbers.
    rows = conn.execute("SELECT text, numbers FROM turns WHERE role = 'assistant' "
                        "ORDER BY turn_id").fetchall()
    assert [(r[0], r[1]) for r in rows] == [("Yesterday you walked 9,753 steps.", None),
                                             ("Today you are at 4,000.", None),
                                             ("Still 4,000.", None)]


def test_a_review_the_checker_fails_on_is_kept_and_said_to_be_unchecked(api, cli, home, conn,
                                                                        monkeypatch):
    seed_steps(conn, goal=10_000)
    _failing_check(monkeypatch)
    api.queue_reply("A steady week: 9,753 steps on Sunday.")
    code, out, err = cli("review", "--strict")
    assert code == 4 and "9,753 steps on Sunday" in out
    assert "numbers not checked: the check failed on this reply." in err
    assert conn.execute("SELECT text FROM review_drafts").fetchall()[0][0] == (
        "A steady week: 9,753 steps on Sunday.")


def test_a_reply_quoting_only_given_facts_is_not_flagged(api, cli, home, conn):
    seed_steps(conn, goal=10_000)
    api.queue_reply("Yesterday, Sunday 29 November, you walked 9,753 steps against a goal of "
                    "10,000.")
    code, _, err = cli("ask", "--strict", "How was yesterday?")
    assert code == 0 and "unverified" not in err


def test_review_reports_numbers_its_table_does_not_hold(api, cli, home, conn):
    seed_steps(conn, goal=10_000)
    api.queue_reply("A steady week: 9,753 steps on Sunday, and 123,456 in all.")
    code, _, err = cli("review", "--strict")
    assert code == 4 and "unverified numbers: 123,456" in err


def test_ask_sources_prints_each_number_with_its_outcome_and_source(api, cli, home, conn):
    seed_steps(conn, goal=10_000)
    api.queue_reply("Yesterday you walked 9,753 steps, 247 short of your 10,000 goal. Your "
                    "streak is 47 days. Try a 20-minute walk at lunch.")
    code, out, _ = cli("ask", "--sources", "How was yesterday?")
    assert code == 0
    lines = out.splitlines()
    rows = [line.split(None, 2) for line in lines[lines.index("sources:") + 1:]]
    assert [(r[0], r[1]) for r in rows] == [
        ("9,753", "quoted"), ("247", "computed"), ("10,000", "quoted"), ("47", "unsupported"),
        ("20", "advice")]
    assert rows[0][2].startswith("Sun 2026-11-29: 9,753 steps")
    assert rows[1][2] == "10,000 goal − 9,753 (Sun Nov 29) = 247"
    # Stored with the reply: a resumed session shows the same.
    stored = json.loads(conn.execute("SELECT numbers FROM turns WHERE role = 'assistant'")
                        .fetchone()[0])
    assert [(n["text"], n["outcome"]) for n in stored] == [(r[0], r[1]) for r in rows]


def test_an_invented_number_stays_unsupported_when_the_next_reply_repeats_it(api, cli, home,
                                                                              conn):
    seed_steps(conn, goal=10_000)
    api.queue_reply("Your streak is at 47 days now.")
    assert cli("ask", "What's my streak?")[0] == 0
    api.queue_reply("Yes: 47 days in a row.")
    code, _, err = cli("ask", "--strict", "Really?")
    assert code == 4 and err.splitlines()[-1] == "unverified numbers: 47"
