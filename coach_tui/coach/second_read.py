"""The second read: the model is asked where the numbers the checker could not trace came from,
and code checks its answer.

The checker (coach/grounding) finds a source for most numbers of a reply by itself; the rest
are warned. Many of those are true: worked out in a way no rule redoes, or a plan's number in
words no rule reads as a plan. The second read sends the request again with the reply and one
more user turn (assets/second_read.md, then each warned number in its sentence), so the
provider's prefix cache covers all but the reply and the question. The model answers, per
number, "quoted", "computed", "advice" or "unsupported", with the lines of data it used and its
arithmetic. Code then believes none of it without checking (grounding/proposed.py): each line
must be in the request's evidence; a quoted value must be in its line, held there for the day,
period and fact its sentence names (grounding/proposed_ties.py); the arithmetic must give the
number as written from numbers those lines state, and be of the number's kind. Only what
passes clears a warning; the rest stays warned, with what the model pointed to and why code did
not take it. Advice is the one verdict code cannot redo: it is taken from the model, as the
reading of what a sentence does.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from importlib import resources

from coach_tui.coach import llm
from coach_tui.coach.grounding import NumberMention
from coach_tui.coach.grounding.proposed import VERDICTS, Proposal, checked, sentence_bounds
from coach_tui.coach.pricing import Usage
from coach_tui.config import Settings
from coach_tui.text import one_line, truncate

log = logging.getLogger(__name__)

FILENAME = "second_read.md"
# The answer's room: thinking at the session's effort, then a few lines of JSON per number
# (a line of data and its arithmetic: ~60-120 tokens), so a long reply's many numbers fit.
BASE_TOKENS = 2048
TOKENS_PER_NUMBER = 200
MAX_TOKENS = 16_384
CONTEXT = 160  # characters of the number's sentence shown either side of it, at most


def max_tokens_for(count: int) -> int:
    """The second read's max_tokens when it asks about `count` numbers."""
    return min(MAX_TOKENS, BASE_TOKENS + TOKENS_PER_NUMBER * count)


@functools.cache
def instructions() -> str:
    """The question's fixed part (assets/second_read.md), read once."""
    return resources.files("coach_tui.assets").joinpath(FILENAME).read_text(encoding="utf-8")


def sentence_around(reply: str, start: int, end: int) -> str:
    """The sentence of `reply` holding reply[start:end], that span marked [[like this]], cut to
    CONTEXT characters either side (an ellipsis where it is cut), on one line."""
    lo, hi = sentence_bounds(reply, start, end)
    head = reply[lo:start]
    tail = reply[end:hi]
    if len(head) > CONTEXT:
        head = "…" + head[-CONTEXT:]
    if len(tail) > CONTEXT:
        tail = tail[:CONTEXT] + "…"
    text = f"{head}[[{reply[start:end]}]]{tail}"
    return " ".join(text.split())


def listing(reply: str, numbers: list[NumberMention]) -> str:
    """The numbered list the question ends with: each number as written, in its sentence."""
    return "\n".join(f'{i}. "{m.text}" in: {sentence_around(reply, m.start, m.end)}'
                     for i, m in enumerate(numbers, 1))


def question(reply: str, numbers: list[NumberMention]) -> str:
    """The user turn that asks the model about `numbers` (the reply's warned numbers)."""
    return instructions() + listing(reply, numbers) + "\n"


def read_answer(text: str, count: int) -> list[Proposal]:
    """The model's answer as one Proposal per number asked about, in order; a number it did
    not answer, or answered in a shape not asked for, is "unsupported" (it stays warned).
    ValueError when the text holds no JSON list at all."""
    lo, hi = text.find("["), text.rfind("]")
    if lo < 0 or hi < lo:
        raise ValueError("the answer holds no JSON list")
    items = json.loads(text[lo:hi + 1])
    if not isinstance(items, list):
        raise ValueError("the answer is not a JSON list")
    out = [Proposal("unsupported")] * count
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            continue
        n = item.get("n", i + 1)
        verdict, lines, calc = item.get("is"), item.get("from") or [], item.get("calc") or ""
        if not isinstance(n, int) or not 1 <= n <= count or verdict not in VERDICTS \
                or not isinstance(lines, list) or not isinstance(calc, str):
            continue
        out[n - 1] = Proposal(verdict, tuple(x for x in lines if isinstance(x, str)), calc)
    return out


def applied(reply: str, numbers: list[NumberMention], asked: list[NumberMention],
            proposals: list[Proposal], request: dict | str) -> list[NumberMention]:
    """`numbers` (the reply's checked numbers) with each of `asked` whose proposal code
    confirms given the outcome and source confirmed; one it does not confirm stays flagged,
    its source saying what the model pointed to and why code did not take it ('the coach
    pointed to "30-day average: 9,548 steps/day (...)", but that line gives it for another
    day, period or fact than this sentence names'); every other number as it was."""
    found: dict[tuple[int, int], tuple[str, str | None]] = {}
    for m, p in zip(asked, proposals, strict=True):
        got = checked(reply, m.start, m.end, p, request)
        if isinstance(got, tuple):
            found[m.start, m.end] = got
        elif got:
            found[m.start, m.end] = ("unsupported", f"the coach pointed to {pointed(p)}, but {got}")
    return [replace(m, outcome=found[m.start, m.end][0], source=found[m.start, m.end][1])
            if m.unsupported and (m.start, m.end) in found else m for m in numbers]


def pointed(p: Proposal) -> str:
    """What a proposal points to, shortly: its working, or its first line in quotes."""
    if p.verdict == "computed" and p.calc.strip():
        return one_line(p.calc)
    return f'"{truncate(one_line(p.lines[0]) if p.lines else "", 90)}"'


@dataclass(frozen=True)
class Read:
    """What a second read gave: the reply's numbers after it, how many it cleared, and what it
    cost."""

    numbers: tuple[NumberMention, ...]
    usage: Usage
    cleared: int


def request_of(request: Mapping, reply: str, response_id: str | None,
               asked: Sequence[NumberMention]) -> dict:
    """The second read's request: `request` as it was sent (model, system, effort: the cache
    is keyed on them), then the reply and the question; not streamed, and compared with the
    reply's response for a cache miss (`diagnostics`).

    Its one cache breakpoint is where the reply's request put its own (the last block of the
    last message: the top-level `cache_control` marks it there), so the whole prefix is read
    from the cache the reply wrote; the reply and the question after it are sent as plain
    input, not written to the cache: no request ever extends this one (the next turn extends
    the chat), and a cache write costs a quarter more than input."""
    body = {k: v for k, v in request.items() if k not in ("stream", "cache_control")}
    *before, last = request["messages"]
    blocks = [dict(b) for b in last["content"]]
    blocks[-1]["cache_control"] = dict(request.get("cache_control") or {"type": "ephemeral"})
    body["messages"] = [*before, {**last, "content": blocks},
                        {"role": "assistant", "content": [{"type": "text", "text": reply}]},
                        {"role": "user", "content": [{"type": "text",
                                                      "text": question(reply, list(asked))}]}]
    body["max_tokens"] = max_tokens_for(len(asked))
    if "diagnostics" in request:  # (a chat request; a review's asks for none)
        body["diagnostics"] = {"previous_message_id": response_id}
    return body


def second_read(request: Mapping, reply: str, response_id: str | None,
                numbers: Sequence[NumberMention], *, client: llm.ModelClient | None = None,
                max_wait: float = llm.DEFAULT_MAX_WAIT_SECONDS,
                on_wait: Callable[[float, str], None] | None = None) -> Read:
    """Ask the model about `numbers`' warned ones and give the numbers after code checked its
    answer. LLMError when the call fails; ValueError when the answer is cut or not JSON (the
    caller keeps the checker's warnings either way)."""
    asked = [m for m in numbers if m.unsupported]
    given = client.wait() if isinstance(client, llm.ClientSource) else client
    answer = llm.complete(request_of(request, reply, response_id, asked), client=given,
                          max_wait=max_wait, on_wait=on_wait)
    if not answer.complete:
        raise ValueError(f"the answer stopped early ({answer.stop_reason or 'no stop reason'})")
    proposals = read_answer(answer.text, len(asked))
    after = applied(reply, list(numbers), asked, proposals, dict(request))
    cleared = sum(1 for a, b in zip(numbers, after, strict=True)
                  if a.unsupported and not b.unsupported)
    log.info("second read: %d of %d warned numbers confirmed", cleared, len(asked))
    return Read(tuple(after), answer.usage, cleared)


def read_or_none(request: Mapping, reply: str, response_id: str | None,
                 numbers: Sequence[NumberMention], *, client: llm.ModelClient | None = None,
                 max_wait: float = llm.DEFAULT_MAX_WAIT_SECONDS,
                 on_wait: Callable[[float, str], None] | None = None) -> Read | None:
    """`second_read`, or None when it fails or is interrupted: the reply is kept with the
    checker's own warnings, and the failure is logged (a Ctrl-C here skips the read, it does
    not cut a finished reply)."""
    try:
        return second_read(request, reply, response_id, numbers, client=client,
                           max_wait=max_wait, on_wait=on_wait)
    except (llm.LLMError, ValueError, llm.Interrupted) as exc:
        log.warning("the second read failed; the check's own warnings stand: %s", exc)
    except Exception:  # noqa: BLE001  (a bug in it must not lose the reply)
        log.exception("the second read failed; the check's own warnings stand")
    return None


def if_warned(settings: Settings, request: Mapping, reply: str, response_id: str | None,
              numbers: Sequence[NumberMention], *, client: llm.ModelClient | None = None,
              on_wait: Callable[[float, str], None] | None = None,
              on_checking: Callable[[int], None] | None = None
              ) -> tuple[int, Read | None] | None:
    """The second read a chat reply or a review gets: None when none is due (`[check]
    second_read` off, or no number warned); else how many numbers it asked about (told first
    to `on_checking`) and the read (None when it failed: `read_or_none`)."""
    count = sum(1 for m in numbers if m.unsupported)
    if not settings.second_read or not count:
        return None
    if on_checking is not None:
        on_checking(count)
    return count, read_or_none(request, reply, response_id, numbers, client=client,
                               max_wait=settings.max_wait_seconds, on_wait=on_wait)
