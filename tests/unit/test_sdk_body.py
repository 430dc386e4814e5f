"""The messages handed to the SDK as one model (llm/body.py) reach the service byte for byte as
the plain request does, through the real SDK."""

import anthropic

from coach_tui.coach import llm, prompts
from coach_tui.coach.llm.body import sdk_body

# Text the JSON encoder must escape or keep as it is: quotes, backslashes, newlines, control
# characters, non-ASCII letters, an emoji, a line separator.
ODD = 'He said "10,000\\day"\n\ttoday — 7 km, café, 🏃, \x01 and \u2028 done'


def chat_request(memory_on: bool) -> dict:
    history = [prompts.PastTurn(f"Question {i}: {ODD}", f"CONTEXT FOR THIS MESSAGE\n{i} steps",
                                f"Reply {i} ✓ {ODD}") for i in range(40)]
    return prompts.chat_request(
        model="claude-sonnet-5-5", max_tokens=512, effort="low",
        system=prompts.system_blocks("You are a coach.", "Snapshot: 8,412 steps"),
        history=history, words=f"And now? {ODD}", recall="CONTEXT FOR THIS MESSAGE\nlive",
        memory_on=memory_on, previous_message_id="msg_previous")


def test_a_streamed_chat_request_sends_the_bytes_the_plain_request_sends(api):
    with anthropic.Anthropic(base_url=api.url, api_key=api.api_key, max_retries=0) as client:
        for memory_on in (True, False):
            request = chat_request(memory_on)
            with client.messages.stream(**request) as stream:
                stream.get_final_message()
            llm.stream_message(request, client=client)
            plain, wrapped = api.raw_requests[-2:]
            assert wrapped == plain
            assert request == chat_request(memory_on)  # the caller's request is not changed


def test_a_request_without_streaming_sends_the_bytes_the_plain_request_sends(api):
    request = prompts.review_request(
        model="claude-haiku-5-5", max_tokens=256, effort=None, persona="You are a coach.",
        memory_block=None, label="last week", start="2026-11-23", end="2026-11-29",
        table=ODD, totals="70,000 steps")
    with anthropic.Anthropic(base_url=api.url, api_key=api.api_key, max_retries=0) as client:
        client.messages.create(**request)
        llm.complete(request, client=client)
    assert api.raw_requests[-1] == api.raw_requests[-2]


def test_only_a_list_of_messages_is_wrapped():
    request = {"model": "m", "max_tokens": 1, "messages": "not a list"}
    assert sdk_body(request) is request
    wrapped = sdk_body({"model": "m", "max_tokens": 1, "messages": [{"role": "user",
                                                                      "content": "hi"}]})
    assert wrapped["messages"].model_dump() == [{"role": "user", "content": "hi"}]
