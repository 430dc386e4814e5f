"""The prompt builders: strings in, request dicts out, laid out for the prefix cache."""

import json

import pytest

from coach_tui.coach import prompts
from coach_tui.coach.persona import load_persona
from coach_tui.config import load_settings

PERSONA = "You are a coach."
SNAPSHOT = "MEMORY (code-derived facts and journal lines):\n- step goal streak: 2 days"


def request(history=(), words="How am I doing?", recall="Now: Monday", memory_on=True,
            previous=None, snapshot=SNAPSHOT):
    return prompts.chat_request(
        model="claude-sonnet-5-5", max_tokens=256, effort="low",
        system=prompts.system_blocks(PERSONA, snapshot),
        history=history if isinstance(history, prompts.BuiltHistory) else list(history),
        words=words, recall=recall, memory_on=memory_on, previous_message_id=previous,
    )


def test_system_is_persona_then_snapshot_each_with_a_breakpoint():
    blocks = prompts.system_blocks(PERSONA, SNAPSHOT)
    assert blocks == [
        {"type": "text", "text": PERSONA, "cache_control": {"type": "ephemeral"}},
        {"type": "text", "text": SNAPSHOT, "cache_control": {"type": "ephemeral"}},
    ]
    assert prompts.system_blocks(PERSONA, None) == blocks[:1]
    assert prompts.system_blocks(PERSONA, "") == blocks[:1]


def test_chat_request_top_level_cache_control_and_diagnostics_null_on_first_turn():
    req = request()
    assert req["cache_control"] == {"type": "ephemeral"}
    assert json.dumps(req["diagnostics"]) == '{"previous_message_id": null}'
    assert request(previous="msg_1")["diagnostics"] == {"previous_message_id": "msg_1"}
    # Three breakpoints in all (persona, snapshot, top level): the service allows four.
    marked = [b for b in req["system"] if "cache_control" in b]
    assert len(marked) + 1 == 3


def test_last_user_message_is_recall_then_words():
    req = request(words="What about Tuesday?", recall="Now: Monday 2026-11-30, 09:15.")
    last = req["messages"][-1]
    assert last["role"] == "user"
    assert [b["text"] for b in last["content"]] == ["Now: Monday 2026-11-30, 09:15.",
                                                    "What about Tuesday?"]
    assert "Now:" not in json.dumps(req["system"])


def test_history_is_rebuilt_byte_for_byte_and_only_appends():
    t1 = prompts.PastTurn("hi", "Now: 09:00", "Hello.")
    t2 = prompts.PastTurn("more", "Now: 09:05", "Sure.")
    first = request(history=[t1], words="more", recall="Now: 09:05")
    second = request(history=[t1, t2], words="again", recall="Now: 09:10")
    assert second["messages"][: len(first["messages"])] == first["messages"]
    assert [m["role"] for m in second["messages"]] == ["user", "assistant"] * 2 + ["user"]
    assert json.dumps(request(history=[t1])) == json.dumps(request(history=[t1]))


def test_a_history_built_before_is_sent_as_the_same_bytes_with_the_same_memory_state():
    turns = [prompts.PastTurn("hi", "Now: 09:00", "Hello."),
             prompts.PastTurn("more ✓", None, 'Sure "now".')]
    for memory_on in (True, False):
        built = prompts.built_history(turns, with_recall=memory_on)
        assert json.dumps(request(history=built, memory_on=memory_on)) == json.dumps(
            request(history=turns, memory_on=memory_on))
        with pytest.raises(ValueError, match="history built with memory"):
            request(history=built, memory_on=not memory_on)


def test_memory_off_sends_only_the_users_words_even_for_earlier_turns():
    t1 = prompts.PastTurn("hi", "Now: 09:00, 3,217 steps", "Hello.")
    req = request(history=[t1], recall="Now: 09:05, 3,400 steps", memory_on=False, snapshot=None)
    assert [len(m["content"]) for m in req["messages"]] == [1, 1, 1]
    assert "steps" not in json.dumps(req)
    assert req["system"] == [{"type": "text", "text": PERSONA,
                              "cache_control": {"type": "ephemeral"}}]


def test_empty_blocks_and_bad_max_tokens_are_refused():
    with pytest.raises(ValueError):
        prompts.text_block("")
    with pytest.raises(ValueError):
        prompts.chat_request(model="m", max_tokens=0, effort=None, system=[], history=[], words="x",
                             recall=None, memory_on=True, previous_message_id=None)


def test_review_request_holds_the_table_and_no_conversation_breakpoint():
    req = prompts.review_request(
        model="claude-sonnet-5-5", max_tokens=500, effort="low", persona=PERSONA,
        memory_block=SNAPSHOT,
        label="week 48 of 2026", start="2026-11-23", end="2026-11-29",
        table="- Mon 2026-11-23: 8,765 steps", totals="- total",
    )
    prompt = req["messages"][0]["content"][0]["text"]
    assert "week 48 of 2026" in prompt and "- Mon 2026-11-23: 8,765 steps" in prompt
    assert "cache_control" not in req and "diagnostics" not in req
    assert [b["text"] for b in req["system"]] == [PERSONA, SNAPSHOT]


def test_persona_is_substantial_and_free_of_numbers():
    persona = load_persona(load_settings())
    # Long enough to be cached on its own by every model family (4 bytes ~ 1 token).
    assert len(persona.encode()) / 4 > 1024
    assert not any(c.isdigit() for c in persona)  # memory off must carry no step numbers


def test_persona_file_beside_config_replaces_the_built_in(coach_home):
    coach_home.mkdir(parents=True, exist_ok=True)
    (coach_home / "persona.md").write_text("You are a terse drill sergeant.\n")
    assert load_persona(load_settings()) == "You are a terse drill sergeant."


def test_effort_goes_in_output_config_and_only_when_set():
    assert request()["output_config"] == {"effort": "low"}
    bare = prompts.chat_request(
        model="m", max_tokens=10, effort=None, system=prompts.system_blocks(PERSONA, None),
        history=[], words="x", recall=None, memory_on=False, previous_message_id=None)
    assert "output_config" not in bare  # a session from before effort was stored
    reflect = prompts.reflection_request(model="m", max_tokens=2048, effort="medium",
                                         instructions="i", journal="j", artifact="a")
    assert reflect["output_config"] == {"effort": "medium"} and reflect["max_tokens"] == 2048
