"""Prompt builders: rendered strings in, request dicts out. Pure; they never open the database.

The chat request is laid out for the provider's prefix cache (DESIGN, "The request, byte by
byte"):

    system:   [persona (cache_control), memory snapshot (cache_control)]
    messages: [...earlier completed turns exactly as sent...,
               user: [recall+live block, the user's words]]
    cache_control: {"type": "ephemeral"}          (top level: the last block of the request)
    diagnostics:   {"previous_message_id": <last response id of this session, or null>}

Everything before the last user message is fixed for the session: the persona and snapshot
are the strings stored with the session, and history is rebuilt from stored text. The persona
carries its own breakpoint because it is the same in every session and in reviews, so a new
session (or a review) reads it from cache while it is warm. That is three breakpoints in all;
the service allows four. With memory off there is no snapshot block and no recall block: each
user message is only the user's words, including earlier turns that were sent with recall.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

EPHEMERAL = {"type": "ephemeral"}


@dataclass(frozen=True)
class PastTurn:
    """One completed exchange as stored: the user's words, the recall sent with them, the reply."""

    words: str
    recall: str | None
    reply: str


def text_block(text: str, *, cache: bool = False) -> dict:
    if not text:
        raise ValueError("a text block needs text (the API refuses empty ones)")
    block: dict[str, object] = {"type": "text", "text": text}
    if cache:
        block["cache_control"] = dict(EPHEMERAL)
    return block


def system_blocks(persona: str, snapshot: str | None) -> list[dict]:
    """The session's system prompt: the persona, then the memory snapshot when there is one."""
    blocks = [text_block(persona, cache=True)]
    if snapshot:
        blocks.append(text_block(snapshot, cache=True))
    return blocks


def user_content(words: str, recall: str | None) -> list[dict]:
    """A user turn: the recall+live block first (when given), the user's words second."""
    blocks = [text_block(recall)] if recall else []
    blocks.append(text_block(words))
    return blocks


def history_messages(turns: Sequence[PastTurn], *, with_recall: bool) -> list[dict]:
    """Completed exchanges as alternating user/assistant messages, rebuilt byte for byte."""
    messages: list[dict] = []
    for turn in turns:
        messages.append({"role": "user",
                         "content": user_content(turn.words, turn.recall if with_recall else None)})
        messages.append({"role": "assistant", "content": [text_block(turn.reply)]})
    return messages


@dataclass(frozen=True)
class BuiltHistory:
    """Completed exchanges already built as messages (`built_history`): a request carries them
    as they are. A long session's history is built once, when it is read ahead of the next
    message, not again between Enter and the request. Its dicts are shared by the requests
    that carry it: nothing changes a request once built."""

    with_recall: bool
    messages: tuple[dict, ...]


def built_history(turns: Sequence[PastTurn], *, with_recall: bool) -> BuiltHistory:
    return BuiltHistory(with_recall, tuple(history_messages(turns, with_recall=with_recall)))


def _options(model: str, max_tokens: int, effort: str | None) -> dict:
    """model, max_tokens and (when set) output_config.effort, in that order."""
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    options: dict = {"model": model, "max_tokens": max_tokens}
    if effort is not None:
        # The 5.5 models think before they answer; effort sets how much. Thinking settings are
        # part of what cached messages are keyed on, so a session keeps the effort it began with.
        options["output_config"] = {"effort": effort}
    return options


def chat_request(
    *,
    model: str,
    max_tokens: int,
    effort: str | None,
    system: Sequence[dict],
    history: Sequence[PastTurn] | BuiltHistory,
    words: str,
    recall: str | None,
    memory_on: bool,
    previous_message_id: str | None,
) -> dict:
    """Keyword arguments for `client.messages.stream(**request)`; `history` as stored, or
    built before with the same memory state."""
    if isinstance(history, BuiltHistory):
        if history.with_recall != memory_on:
            raise ValueError("history built with memory " + ("on" if history.with_recall
                                                              else "off") + " sent with it "
                             + ("on" if memory_on else "off"))
        messages = list(history.messages)
    else:
        messages = history_messages(history, with_recall=memory_on)
    messages.append({"role": "user", "content": user_content(words, recall if memory_on else None)})
    return {
        **_options(model, max_tokens, effort),
        "system": [dict(b) for b in system],
        "messages": messages,
        "cache_control": dict(EPHEMERAL),
        "diagnostics": {"previous_message_id": previous_message_id},
    }


REVIEW_INSTRUCTIONS = """\
Write my review for {label}.

Use only the numbers in the table and the totals below; they come from my records. Do not
work out new numbers yourself. In about one hundred and fifty words of plain prose: say how
the period went against my goal, name the best and the weakest stretch, connect it to what
you know about me when the memory above supports it, and end with one concrete thing to try
next. No headings, no bullet lists.

Days ({start} to {end}):
{table}

Totals:
{totals}"""


def review_request(
    *,
    model: str,
    max_tokens: int,
    effort: str | None,
    persona: str,
    memory_block: str | None,
    label: str,
    start: str,
    end: str,
    table: str,
    totals: str,
) -> dict:
    """A one-off request that writes a review; the memory block excludes the review's own lines."""
    prompt = REVIEW_INSTRUCTIONS.format(label=label, start=start, end=end, table=table,
                                        totals=totals)
    return {
        **_options(model, max_tokens, effort),
        "system": system_blocks(persona, memory_block),
        "messages": [{"role": "user", "content": [text_block(prompt)]}],
    }


def reflection_request(*, model: str, max_tokens: int, effort: str | None, instructions: str,
                       journal: str, artifact: str) -> dict:
    """The reflection model reads a saved review and answers with MEMORY:/REPLACE lines or NONE.

    The instructions and the journal as it stands are the system prompt, the cached prefix
    (one breakpoint, after the journal); the review is the user turn.
    """
    return {
        **_options(model, max_tokens, effort),
        "system": [text_block(instructions), text_block(journal, cache=True)],
        "messages": [{"role": "user", "content": [text_block(artifact)]}],
    }
