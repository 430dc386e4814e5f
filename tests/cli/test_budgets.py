"""Budgets hold (issue 21 item 6): a message above `[coach] max_message_tokens` is refused with
its size and cost unless `ask --force`; a request above `context_max_tokens` after the history
cut is announced in one line before it is sent."""

from __future__ import annotations

import dataclasses
from datetime import datetime

import pytest

from coach_tui.coach.budget import message_size
from coach_tui.coach.session import CoachSession
from coach_tui.config import load_settings
from coach_tui.store import connect
from tests.support import PINNED_NOW

MEGABYTE = "a" * 1_000_000


def test_a_message_above_the_limit_is_refused_with_its_size_and_cost(api, cli, home):
    code, out, err = cli("ask", MEGABYTE)
    assert (code, out) == (1, "")
    assert err == ("coach-tui: this message is about 333,338 tokens, over [coach] "
                   "max_message_tokens (20,000): sending it would cost about $0.8333 on "
                   "claude-sonnet-5-5, and more for each later message that carries it; "
                   "nothing was sent: shorten it, or add --force to send it anyway\n")
    assert api.requests == []
    assert cli("sessions", "list")[1] == ""          # nothing stored either


def test_the_limit_is_a_setting_and_force_sends_a_longer_message(api, cli, home):
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("[coach]\nmax_message_tokens = 50\n")
    code, _, err = cli("ask", "x" * 200)            # 67 + 4 tokens by the estimate
    assert code == 1 and "about 71 tokens, over [coach] max_message_tokens (50)" in err
    assert api.requests == []
    assert cli("ask", "x" * 100)[0] == 0            # 38 tokens: sent without a word
    code, _, err = cli("ask", "--force", "y" * 200)
    assert code == 0 and "max_message_tokens" not in err
    assert [r["messages"][-1]["content"][-1]["text"] for r in api.requests] == ["x" * 100,
                                                                                "y" * 200]


def test_the_cost_follows_the_sessions_model_and_an_unpriced_one_says_so(home):
    settings = load_settings()
    haiku = message_size(settings, "claude-haiku-5-5", "b" * 300_000)
    assert (haiku.tokens, haiku.over) == (100_004, True)
    assert haiku.cost == pytest.approx(100_004 * 0.625 / 1e6)   # the long-prompt band
    assert "at a cost this app does not know (no price for my-model in config.toml)" in \
        message_size(settings, "my-model", "b" * 90_000).sentence()


def test_a_request_over_the_context_budget_after_the_cut_says_so_before_it_is_sent(api, home):
    """The system prompt alone is above a cap of 1,000: nothing can be cut to fit, so the
    line comes first and the request still goes."""
    settings = dataclasses.replace(load_settings(), context_max_tokens=1_000)
    conn = connect(settings.paths.db_file)
    lines: list[str] = []
    said_before_sending: list[list[str]] = []
    api.responder = lambda body: (said_before_sending.append(list(lines)), "Fine.")[1]
    session = CoachSession.pending(settings)
    result = session.send(conn, "hello " * 200, now=datetime.fromisoformat(PINNED_NOW),
                          on_budget=lines.append)
    conn.close()
    assert result.status == "ok"
    assert len(lines) == 1 and said_before_sending == [lines]
    tokens = int(lines[0].split("about ")[1].split(" tokens")[0].replace(",", ""))
    assert tokens > 1_000
    assert lines[0] == (f"this request is about {tokens:,} tokens, over [coach] "
                        "context_max_tokens (1,000) even with no earlier exchanges: the system "
                        "prompt and this message alone are that long; sending it anyway")


def test_ask_prints_the_context_line_and_nothing_under_the_budget(api, cli, home):
    assert "context_max_tokens" not in cli("ask", "hello")[2]    # the default budget holds
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("[coach]\ncontext_max_tokens = 1000\n")
    code, out, err = cli("ask", "--new", "hello again")
    assert code == 0
    first = err.splitlines()[0]
    assert first.startswith("coach-tui: this request is about ")
    assert first.endswith("over [coach] context_max_tokens (1,000) even with no earlier "
                          "exchanges: the system prompt and this message alone are that long; "
                          "sending it anyway")
    assert len(api.requests) == 2
