"""What a request says, by role: `segments(request)` gives the text blocks that can be evidence.

A reply is checked against the request it answered (the Messages API body, a dict). Each
text block has a role, and the role decides whether its numbers are evidence:

- system block 1, the persona: instructions, never evidence (left out);
- system blocks 2+, the memory snapshot: code-derived facts and journal lines ("snapshot");
- the first text block of a user turn that has more than one, or any block that starts with
  the recall header: the app's CONTEXT block ("context");
- every other user block: the user's own words, or a review's table and totals ("user"); a
  review request's paragraph of instructions ("Use only the numbers ... In about one hundred
  and fifty words ...", prompts.REVIEW_INSTRUCTIONS) is left out: instructions, not data;
- assistant blocks: earlier coach replies ("reply"). They are not evidence: a number an
  earlier reply quoted or computed is supported by what that reply was checked against, which
  the request still carries before it; a number it invented stays unsupported however often
  it is repeated. They are kept as "reply" segments only so that a reply taking back what
  the coach said before can be told apart (taken_back.py); facts.py reads no fact from them.

Inside a CONTEXT block, an earlier coach reply that recall brought back (`coach: "..."`; in
blocks stored by earlier versions `coach replied "..."`, or `coach said: "..."` from before
exchanges were recalled whole) is taken out:
what that reply was checked against is not in this request, so it is no evidence either (it
follows its block as a "reply" segment).

A plain string is read as data: one "context" segment.

A long session sends the same block strings turn after turn: each context block's cleaned
text is kept by the block's text (a str caches its own hash), so reading a 400 KB request
again costs a dict lookup per block, not a regex over the whole request.
"""

from __future__ import annotations

import re
from typing import NamedTuple

RECALL_START = "CONTEXT FOR THIS MESSAGE"
# A recalled coach reply: quoted, and clipped at the next quote that ends a line or a clause.
RECALLED_REPLY = re.compile(r'coach(?: replied| said:?|:) "[^\n]*?"(?=$|[;,.]?\s)', re.M)

# The app's review request (prompts.REVIEW_INSTRUCTIONS): its paragraph of instructions
REVIEW_START = "Write my review for "
REVIEW_RULES = re.compile(r"^Use only the numbers in the table\b.*?(?=\n\n|\Z)", re.S | re.M)


class Segment(NamedTuple):  # a tuple: hashed and compared in C (the request's cache key)
    role: str  # snapshot, context, user, reply (an earlier coach reply: no evidence)
    text: str


def segments(request: dict | str) -> tuple[Segment, ...]:
    """The evidence blocks of `request`, in request order; TypeError for anything else."""
    if isinstance(request, str):
        return (Segment("context", request),)
    if not isinstance(request, dict):
        raise TypeError(f"a request is a Messages API body (dict) or text, not "
                        f"{type(request).__name__}")
    out: list[Segment] = []
    system = request.get("system") or []
    if isinstance(system, str):
        system = []  # one string is the persona alone
    for block in system[1:]:
        if isinstance(block, dict) and block.get("text"):
            out.append(Segment("snapshot", block["text"]))
    for message in request.get("messages") or []:
        if not isinstance(message, dict) or message.get("role") not in ("user", "assistant"):
            continue
        content = message.get("content")
        texts = [content] if isinstance(content, str) else [
            b.get("text", "") for b in content or []
            if isinstance(b, dict) and b.get("type") == "text"]
        if message["role"] == "assistant":
            out.extend(Segment("reply", text) for text in texts if text)
            continue
        for i, text in enumerate(texts):
            first_of_many = i == 0 and len(texts) > 1
            role = "context" if first_of_many or text.startswith(RECALL_START) else "user"
            recalled: tuple[str, ...] = ()
            if role == "context":
                text, recalled = _without_recalled_replies(text)
            elif text.startswith(REVIEW_START):
                text = REVIEW_RULES.sub("", text, count=1)
            out.append(Segment(role, text))
            out.extend(Segment("reply", said) for said in recalled)
    return tuple(out)


# a context block's text: itself without recalled replies, and the replies taken out
_CLEANED: dict[str, tuple[str, tuple[str, ...]]] = {}
_CLEANED_MAX = 4096  # blocks kept (a session's turns); emptied when full


def _without_recalled_replies(text: str) -> tuple[str, tuple[str, ...]]:
    found = _CLEANED.get(text)
    if found is None:
        if len(_CLEANED) >= _CLEANED_MAX:
            _CLEANED.clear()
        recalled: list[str] = []

        def out(m: re.Match) -> str:
            recalled.append(m[0][m[0].index('"') + 1:-1])  # (the reply's own words)
            return "coach replied (not evidence)"
        found = _CLEANED[text] = (RECALLED_REPLY.sub(out, text), tuple(recalled))
    return found
