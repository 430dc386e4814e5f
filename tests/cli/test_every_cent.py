"""Every request that reached the service is counted (issue 20 item 3): a Ctrl+C in `ask`, a
stream cut before any text, and the output received so far (text and thinking) as a lower
bound. Driven through the real SDK against the fake, whose message_start carries the prompt's
usage and whose message_delta (at the end only, as the service sends it) the cumulative output.
"""

import math

import pytest

from coach_tui.cli import coach_cmds
from coach_tui.coach.session import CoachSession
from coach_tui.coach.transcript import markdown_transcript
from coach_tui.store import sessions as store
from tests.engine_support import NOW, seed_journal, seed_steps


@pytest.fixture
def seeded(conn):
    seed_steps(conn, goal=10_000)
    seed_journal(conn, ["Walks best with a podcast on"])
    return conn


def prompt_of(billed: dict) -> tuple[int, int, int]:
    return (billed["input_tokens"], billed["cache_creation_input_tokens"],
            billed["cache_read_input_tokens"])


def received_estimate(response: dict, text: str) -> int:
    """What was received, a token per 4 bytes: the fake's thinking is 4 bytes a token."""
    return math.ceil((4 * response["thinking_tokens"] + len(text.encode())) / 4)


def test_output_so_far_counts_the_thinking_and_the_text_received(api, seeded, settings):
    session = CoachSession.new(seeded, settings, now=NOW)
    api.queue_cut(2, "Walk after lunch today, then again after dinner.", how="reset")
    cut = session.send(seeded, "plan my day", now=NOW)
    response = api.responses[-1]
    assert response["thinking_tokens"] > 0 and cut.text == "Walk after "
    # No message_delta came: message_start said 1; what arrived says more, and it is a floor.
    assert cut.usage.output_tokens == received_estimate(response, cut.text)
    assert response["thinking_tokens"] < cut.usage.output_tokens
    assert cut.usage.output_tokens <= response["usage"]["output_tokens"]
    assert cut.usage.output_is_floor


@pytest.mark.parametrize("how", ["reset", "eof", "error"])
def test_a_stream_cut_before_any_text_is_billed_and_counted(api, seeded, settings, how):
    session = CoachSession.new(seeded, settings, now=NOW)
    first = session.send(seeded, "first", now=NOW)
    api.queue_cut(0, "never seen", how=how)
    failed = session.send(seeded, "plan my day", now=NOW)
    billed = api.responses[-1]
    assert failed.status == "failed" and failed.text == "" and "\n" not in failed.error
    # message_start's prompt counts exactly; the thinking that streamed, as a lower bound.
    assert failed.usage is not None and failed.usage.output_is_floor
    assert prompt_of(billed["usage"]) == (failed.usage.input_tokens,
                                          failed.usage.cache_creation_tokens,
                                          failed.usage.cache_read_tokens)
    assert failed.usage.output_tokens == billed["thinking_tokens"] > 0
    assert failed.cost_usd is not None and failed.cost_usd > 0
    assert failed.totals.cost_usd == pytest.approx(first.cost_usd + failed.cost_usd)
    assert failed.totals.output_is_floor
    # Stored with the failure, never history: the next request carries only the first pair.
    reply = session.turns(seeded)[-1]
    assert (reply.role, reply.status, reply.text) == ("assistant", "failed", "")
    # The transcript reads as the chat did: the message and why it failed, no empty reply.
    exported = markdown_transcript(seeded, session.session_id)
    assert exported.count("## Coach") == 1 and failed.error.split(";")[0] in exported
    session.send(seeded, "again", now=NOW)
    assert len(api.requests[-1]["messages"]) == 3


def test_a_cut_before_any_text_without_thinking_bills_message_starts_output(api, seeded,
                                                                              settings):
    api.thinking = False
    session = CoachSession.new(seeded, settings, now=NOW)
    api.queue_cut(0, "never seen", how="reset")
    failed = session.send(seeded, "plan my day", now=NOW)
    assert failed.usage.output_tokens == 1 and failed.usage.output_is_floor  # message_start's
    assert session.totals(seeded).cost_usd == pytest.approx(failed.cost_usd)


def test_ask_cut_before_any_text_shows_the_cost_as_a_lower_bound(api, cli, seeded):
    api.queue_cut(0, "never seen", how="error")
    code, out, err = cli("ask", "plan my day")
    assert code == 1 and out == ""
    usage_line, error_line = err.splitlines()
    assert "cost ≥$" in usage_line and "session ≥$" in usage_line
    assert "overloaded" in error_line


def test_ctrl_c_mid_reply_in_ask_is_kept_as_a_stop_and_counted(api, cli, seeded, monkeypatch):
    assert cli("ask", "first")[0] == 0
    first_cost = store.list_turns(seeded, 1)[-1].cost_usd
    api.queue_reply("Walk after lunch today, then again after dinner.")
    written: list[str] = []

    def write(chunk: str) -> None:
        written.append(chunk)
        if len(written) == 2:
            raise KeyboardInterrupt  # the user presses Ctrl+C as the second chunk arrives
        print(chunk, end="")

    typed = coach_cmds._write
    monkeypatch.setattr(coach_cmds, "_write", write)
    code, out, err = cli("ask", "plan my day")
    assert code == 130
    usage_line, error_line = err.splitlines()
    assert error_line == ("coach-tui: interrupted; the partial reply is kept, marked stopped, "
                          "and your message is marked interrupted")
    billed = api.responses[-1]["usage"]
    assert f"{billed['input_tokens']:,} uncached" in usage_line
    assert " out; cost ≥$" in usage_line and "session ≥$" in usage_line
    # Kept as an Esc keeps it: the text that arrived, marked stopped, its cost counted.
    reply = store.list_turns(seeded, 1)[-1]
    # (The second chunk had arrived when the key was pressed, though not yet printed.)
    assert (reply.status, reply.stop_reason) == ("interrupted", "stopped")
    assert reply.text == "Walk after "
    assert reply.cost_usd > 0
    session_total = float(usage_line.rsplit("session ≥$", 1)[1])
    assert session_total == pytest.approx(first_cost + reply.cost_usd, abs=1e-4)
    monkeypatch.setattr(coach_cmds, "_write", typed)
    code, _, err = cli("ask", "again")
    assert code == 0 and "session ≥$" in err
    assert "Walk" not in str(api.requests[-1]["messages"])


# ---------------------------------------------------------------- reviews

REVIEW = "A steady week: you met your goal on most days. Keep the Thursday walks."


def drafts(conn) -> list[tuple]:
    return conn.execute("SELECT status, text, cost_usd > 0, output_is_floor FROM review_drafts "
                        "ORDER BY draft_id").fetchall()


def dollars(line: str, label: str) -> float:
    """The amount after `label` in a usage line ('review total ≥$0.0123' -> 0.0123)."""
    return float(line.split(label, 1)[1].lstrip("≥$").split(";")[0].split(")")[0])


@pytest.mark.parametrize("after_chunks", [2, 0])
def test_a_cut_review_is_billed_and_counted_in_the_review_total(api, cli, seeded, after_chunks):
    api.queue_cut(after_chunks, REVIEW, how="reset")
    code, out, err = cli("review")
    assert code == 1
    usage_line, error_line = err.splitlines()
    billed = api.responses[-1]["usage"]
    assert f"{billed['input_tokens']:,} uncached" in usage_line and "cost ≥$" in usage_line
    assert "nothing was saved" in error_line
    cut_cost = dollars(usage_line, "cost ")
    # Kept with its cost, never offered for saving.
    assert drafts(seeded) == [("unfinished", "A steady " if after_chunks else "", 1, 1)]
    api.queue_reply(REVIEW)
    code, out, err = cli("review")
    assert code == 0 and out == REVIEW + "\n"
    review_line = err.splitlines()[0]
    assert "review total ≥$" in review_line
    assert dollars(review_line, "review total ") == pytest.approx(
        cut_cost + dollars(review_line, "cost "), abs=2e-4)


def test_review_save_after_a_cut_writes_a_new_review_and_counts_both(api, cli, seeded):
    api.queue_cut(2, REVIEW, how="eof")
    assert cli("review")[0] == 1
    api.queue_reply(REVIEW)
    api.queue_reply("MEMORY: Thursday walks keep the week on track")
    code, out, err = cli("review", "--save")
    assert code == 0 and out == REVIEW + "\n" and "earlier today" not in err
    reflection_line = err.splitlines()[-1]
    assert reflection_line.startswith("reflection ") and "review total ≥$" in reflection_line
    assert seeded.execute("SELECT text FROM reviews").fetchall() == [(REVIEW,)]


def test_review_save_of_an_earlier_draft_prints_its_real_total(api, cli, seeded):
    api.queue_reply(REVIEW)
    code, _, err = cli("review")
    assert code == 0 and "review total" not in err  # one attempt: its cost is the total
    review_cost = dollars(err.splitlines()[0], "cost ")
    api.queue_reply("MEMORY: Thursday walks keep the week on track")
    code, out, err = cli("review", "--save")
    assert code == 0 and out == REVIEW + "\n" and len(api.requests) == 2
    saving, saved, reflection = err.splitlines()
    assert "no new call" in saving and f"review total ${review_cost:.4f}" in saving
    assert "unknown" not in reflection
    assert dollars(reflection, "review total ") == pytest.approx(
        review_cost + dollars(reflection, "cost "), abs=2e-4)


def test_ctrl_c_in_review_is_billed_and_counted(api, cli, seeded, monkeypatch):
    api.queue_reply(REVIEW)

    pressed: list[str] = []

    def write(chunk: str) -> None:
        if not pressed:
            pressed.append(chunk)
            raise KeyboardInterrupt  # Ctrl+C as the first words arrive

    typed = coach_cmds._write
    monkeypatch.setattr(coach_cmds, "_write", write)
    code, _, err = cli("review")
    monkeypatch.setattr(coach_cmds, "_write", typed)
    assert code == 130, err
    usage_line, error_line = err.splitlines()
    assert "cost ≥$" in usage_line
    assert error_line == ("coach-tui: interrupted; the review was not finished, so nothing "
                          "was saved")
    assert drafts(seeded) == [("unfinished", "A ", 1, 1)]
    code, _, err = cli("review", "--save")  # nothing finished to save: a new one is written
    assert "earlier today" not in err
