"""`--json` on `facts`, `steps` (in test_steps.py), `journal list`, `sessions list|show` and
`ask`: one JSON document on stdout whose keys scripts can rely on (the README shows each)."""

from __future__ import annotations

import json

import pytest

from tests.engine_support import seed_journal, seed_steps

USAGE_KEYS = ["input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens",
              "output_tokens", "output_is_lower_bound"]
ASK_KEYS = ["session_id", "status", "reply", "stop_reason", "error", "usage", "cost_usd",
            "session_cost_usd", "unsupported", "left_out_exchanges", "second_read"]


def test_facts_and_journal_list(conn, cli):
    code, out, err = cli("facts", "--json")
    assert (code, json.loads(out), err) == (
        0, {"as_of": "2026-11-29", "facts": []},
        "no step data yet: run `coach-tui sync` or `coach-tui import FILE`\n")
    assert cli("journal", "list", "--json") == (0, "[]\n", "")

    seed_steps(conn, goal=10_000)
    seed_journal(conn, ["Walks the dog every evening"])
    code, out, err = cli("facts", "--json")
    facts = json.loads(out)
    assert code == 0 and err == "" and list(facts) == ["as_of", "facts"]
    assert facts["facts"] == cli("facts")[1].splitlines()
    code, out, _ = cli("journal", "list", "--json")
    [line] = json.loads(out)
    assert list(line) == ["id", "date", "source", "text", "created_at"]
    assert line["text"] == "Walks the dog every evening" and isinstance(line["id"], int)


def test_ask_gives_one_object_and_sessions_list_and_show_give_theirs(clock, api, cli):
    api.queue_reply("You walked 9,753 steps, about 47 more than usual.")
    code, out, err = cli("ask", "--json", "How was yesterday? ünïcode")
    assert code == 0 and err == ""
    answer = json.loads(out)
    assert list(answer) == ASK_KEYS
    assert answer["reply"] == "You walked 9,753 steps, about 47 more than usual."
    assert (answer["status"], answer["stop_reason"], answer["error"]) == ("ok", "end_turn", None)
    assert list(answer["usage"]) == USAGE_KEYS
    assert answer["usage"]["output_tokens"] == api.responses[0]["usage"]["output_tokens"]
    assert answer["cost_usd"] > 0 and answer["session_cost_usd"] == answer["cost_usd"]
    assert answer["unsupported"] == ["9,753", "47"] and answer["session_id"] == 1

    code, out, _ = cli("sessions", "list", "--json")
    [row] = json.loads(out)
    assert row == {"id": 1, "title": "How was yesterday? ünïcode",
                   "created_at": "2026-11-30T09:15:00", "last_active_at": "2026-11-30T09:15:00",
                   "messages": 1, "cost_usd": answer["cost_usd"]}
    code, out, _ = cli("sessions", "show", "1", "--json")
    shown = json.loads(out)
    assert list(shown) == ["id", "title", "created_at", "model", "cost_usd", "messages"]
    you, coach = shown["messages"]
    assert list(coach) == ["id", "role", "created_at", "status", "text", "error",
                           "stop_reason", "usage", "cost_usd", "unsupported"]
    assert (you["role"], you["text"], you["usage"]) == ("user", "How was yesterday? ünïcode",
                                                        None)
    assert (coach["text"], coach["usage"], coach["unsupported"]) == (
        answer["reply"], answer["usage"], ["9,753", "47"])
    assert cli("sessions", "show", "7", "--json")[0] == 1


@pytest.mark.parametrize("strict, code", [(False, 0), (True, 4)])
def test_ask_json_keeps_the_exit_codes(api, cli, strict, code):
    api.queue_reply("About 47 more.")
    assert cli("ask", "--json", *(["--strict"] if strict else []), "hi")[0] == code


def test_a_stopped_reply_is_still_one_object_and_exits_3(api, cli):
    api.queue_stop("max_tokens", "Start with a walk at")
    code, out, err = cli("ask", "--json", "Plan my week")
    answer = json.loads(out)
    assert code == 3 and err.count("\n") == 1 and "max_tokens" in err
    assert (answer["status"], answer["stop_reason"]) == ("interrupted", "max_tokens")
    assert answer["reply"] == "Start with a walk at" and answer["usage"] is not None
