"""Every request that reached the service is counted (issue 20 item 3): a Ctrl+C in `ask`, a
stream cut before any text, and the output received so far (text and thinking) as a lower
bound. Driven through the real SDK against the fake, whose message_start carries the prompt's
usage and whose message_delta (at the end only, as the service sends it) the cumulative output.
"""

import math

import pytest

from coach_tui.cli import coach_cmds
from coach_tui.coach.session import CoachSession
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
    assert error_line == ("coach-tui: Stopped (ctrl+c): the partial reply is kept and marked "
                          "stopped.")
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
