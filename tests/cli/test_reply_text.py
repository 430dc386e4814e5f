"""A reply holding text that is not quite text (a lone surrogate, half an emoji) is printed,
stored and billed like any other; the user's encoding is never blamed."""

from __future__ import annotations

import sqlite3


def test_a_reply_with_a_lone_surrogate_is_stored_and_counted(api, cli, home):
    api.queue_reply("Nice \ud83d walk today")
    code, out, err = cli("ask", "hi")
    assert code == 0, err
    assert out == "Nice \ufffd walk today\n"
    assert err.startswith("tokens: ") and "UTF-8" not in err
    conn = sqlite3.connect(home / "coach.db")
    row = conn.execute("SELECT text, status, output_tokens, cost_usd FROM turns "
                       "WHERE role = 'assistant'").fetchone()
    conn.close()
    assert row[:2] == ("Nice \ufffd walk today", "ok")
    assert row[2] == api.responses[-1]["usage"]["output_tokens"] and row[3] > 0


def test_a_cut_reply_with_a_lone_surrogate_keeps_its_part(api, cli, home):
    api.queue_cut(2, "Half \ud83d of a reply that goes on", how="reset")
    code, out, err = cli("ask", "hi")
    assert code != 0 and "interrupted" in err and "UTF-8" not in err
    conn = sqlite3.connect(home / "coach.db")
    text, status = conn.execute("SELECT text, status FROM turns "
                                "WHERE role = 'assistant'").fetchone()
    conn.close()
    assert status == "interrupted" and text.startswith("Half \ufffd")


def test_an_error_message_with_a_lone_surrogate_is_stored_with_the_message(api, cli, home):
    api.queue_error(400, "invalid_request_error", "bad \ud83d request")
    code, _, err = cli("ask", "hi")
    assert code == 1 and "bad \ufffd request" in err and "UTF-8" not in err
    conn = sqlite3.connect(home / "coach.db")
    status, error = conn.execute("SELECT status, error FROM turns").fetchone()
    conn.close()
    assert status == "failed" and "bad \ufffd request" in error
