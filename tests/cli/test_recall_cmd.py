"""`coach-tui recall TEXT`: exactly the block `ask` would send with TEXT now, and its sources."""

from __future__ import annotations

import json

from coach_tui.config import load_settings
from coach_tui.store import connect
from tests.engine_support import chat_requests, seed_journal, seed_steps, texts_of
from tests.unit.test_recall_memories import exchange


def seeded():
    conn = connect(load_settings().paths.db_file)
    seed_steps(conn, goal=10_000)
    ids = seed_journal(conn, ["Knee sore on the canal path after the long walk"]
                       + [f"Line {i} about the garden" for i in range(25)])
    return conn, ids


def test_recall_prints_the_block_ask_then_sends(api, cli):
    conn, ids = seeded()
    message = "my leg after the canal walk yesterday?"
    code, out, err = cli("recall", message)
    assert code == 0 and err == ""
    assert out.startswith("CONTEXT FOR THIS MESSAGE")
    assert "- Sun 2026-11-29: 9,753 steps, goal 10,000, not met" in out
    assert "Knee sore on the canal path" in out      # older than the snapshot's 20 lines
    code, _, _ = cli("ask", message)
    assert code == 0
    sent = texts_of(chat_requests(api)[-1]["messages"][-1])[0]
    assert sent == out.rstrip("\n")
    # In the chat `ask` just used, the block is the same again (the exchange is in context).
    assert cli("recall", message)[1] == out


def test_recall_json_lists_each_item_with_its_source_and_score(cli):
    conn, ids = seeded()
    code, out, err = cli("recall", "--json", "my leg after the canal walk yesterday?")
    assert code == 0
    doc = json.loads(out)
    kinds = [item["kind"] for item in doc["items"]]
    assert kinds[:2] == ["live", "day"]
    journal = [item for item in doc["items"] if item["kind"] == "journal"]
    assert journal[0]["source"] == {"kind": "journal", "date": "2026-11-20",
                                    "journal_line_id": ids[0]}
    assert journal[0]["score"] > 0
    assert all(item["text"] in doc["block"] for item in doc["items"])


def test_recall_of_nothing_is_one_line(cli):
    code, out, err = cli("recall", "  ")
    assert code != 0 and out == ""
    assert len(err.strip().splitlines()) == 1



def test_a_recalled_exchange_is_one_dated_line_of_its_matching_sentences(cli):
    conn, _ = seeded()
    sid, tid, reply_id = exchange(
        conn, "2026-11-06", "Quick one before I head out, I have been wondering about this "
        "for a while now. How do I carb load for the half marathon?",
        "Great question. Keep the easy days easy this week. For the carb load, two days of "
        "extra rice and pasta is plenty. Let me know how the legs feel after Sunday.")
    code, out, err = cli("recall", "how should I carb load?")
    assert code == 0 and err == ""
    line = next(row for row in out.splitlines() if " chat, " in row)
    assert line == ('- 2026-11-06 chat, you: "... How do I carb load for the half marathon?"; '
                    'coach: "... For the carb load, two days of extra rice and pasta is '
                    'plenty. ..."')
    code, out, _ = cli("recall", "--json", "how should I carb load?")
    chat = next(item for item in json.loads(out)["items"] if item["kind"] == "chat")
    assert chat["text"] == line
    assert chat["source"]["quoted_turn_ids"] == [tid, reply_id]
