"""The chat's own numbers: a reply that takes back what the coach said before.

An earlier coach reply is no evidence (request.py): a number it invented stays unsupported
however often it is repeated. But a reply that *takes back* such a number names what was said,
it makes no claim about the user's data: "I told you your streak was 47 days; that was wrong",
"the 15 I gave you this morning was never real", "earlier I said 9,237 for Sunday. That number
isn't in your records.", "this morning I had the streak at 15; it's 0". Such a number is quoted
from the earlier reply, not warned, when all of these hold:

- **it is the chat's**: an earlier coach reply of the request (an assistant turn, or one that
  recall brought back into a CONTEXT block) writes the same value, to the place written;
- **the coach's own words report it** (or it is denied outright: "your streak is 1, not
  47"): "I said / told you / quoted / gave / mentioned / wrote /
  had / put / reported / claimed", "my earlier / previous / last ..." before it in its sentence
  with no turn between ("; it's 0", "but", "actually", "instead", a dash or a bracket), or
  right after it ("the 47 days I quoted you earlier", "that 9,237 I gave you", "the 47 from my
  last message"), or it is what a taking back is said of ("the 47-day streak was made up");
  not "as I said" or "like I told you", which repeat;
- **the reply takes it back**: its sentence says so ("wrong", "not right", "never real", "made
  up", "not from your records", "didn't come from", "scratch that", "a correction", "I
  misspoke", "take that back"; "wrong" not after "nothing", "not", "n't"), or the next sentence
  does and points back at it ("That was wrong.", "Neither came from your records.", "None of
  those ..."), or a short sentence before announces it ("Let me straighten the record first."),
  or the same sentence gives the value again after a turn ("I said the streak was 15; it's 0").

A reply that repeats the invented number as true ("as I said, your streak is 47 days", "I told
you 47 days, and that still stands") is left as the verdict has it: warned.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from coach_tui.coach.grounding.facts import Evidence
from coach_tui.coach.grounding.mentions import Replaceable as Mention
from coach_tui.coach.grounding.scan import scan
from coach_tui.coach.grounding.words import SMALL

_VERB = (r"(?:said|told|quoted|gave|given|mentioned|wrote|written|put|reported|claimed|stated|"
         r"had|called|listed|showed|shown|guessed|estimated)")
# the coach's own words before the number: "I told you", "earlier I said", "I'd put"
_SAID_BEFORE = re.compile(rf"(?<!\bas )(?<!\blike )\bI(?:'d|'ve|\s+had|\s+have)?"
                          rf"(?:\s+(?:also|then|first|originally|wrongly|mistakenly|earlier|"
                          rf"just|only))*\s+{_VERB}\b|\bmy\s+(?:earlier|previous|last|original|"
                          rf"first|old)\b", re.I)
# ... or right after it: "the 47 days I quoted you", "that 9,237 I gave you for Sunday"
_SAID_AFTER = re.compile(rf"(?:[\s\"”’-]+[A-Za-z']+){{0,3}}?[\"”’]?\s+(?:(?:that\s+|which\s+)?"
                         rf"I(?:'d|'ve|\s+had)?\s+(?:\w+\s+)?{_VERB}\b|(?:from|in)\s+my\s+(?:earlier|last|"
                         rf"previous|first)\b|claim\b|(?:was|is|were)\s+(?:\w+\s+)?(?:wrong|incorrect|"
                         rf"a\s+mistake|an\s+error|made[\s-]up|invented|fabricated|never\s+real|"
                         rf"not\s+real|not\s+right)\b)", re.I)
# a turn between the coach's words and the number: what follows is not what was said
_TURN = re.compile(r"[;:—–()]|\s-\s|\b(?:but|actually|instead|in fact|really|though|whereas|"
                   r"while|(?<!was )(?<!were )(?<!is )now)\b", re.I)  # ("was now 15": said)
_NUMBER_WORD = "|".join(sorted(SMALL, key=len, reverse=True))
_TAKEN_BACK = re.compile(
    r"\b(?:(?<!nothing )(?<!not )(?<!n't )(?<!never )wrong|incorrect|mistaken|"
    r"(?:a|my|an)\s+(?:mistake|error|slip)|"
    r"(?:not|\w+n't|never)\s+(?:\w+\s+)?(?:right|correct|accurate|true|real)|made[\s-]up|"
    r"(?:neither|none)\b[^.;!?\n]{0,30}?\b(?:is|was|are|were)\s+(?:\w+\s+)?(?:right|correct|"
    r"accurate|true|real)|invented|"
    r"fabricated|(?:not|\w+n't|never|neither|none|nothing)\b[^.;!?\n]{0,40}?\b(?:in|from|on)\s+"
    r"(?:your|the)\s+(?:records?|data|numbers|logs?|history|watch|syncs?)|"
    r"(?:didn't|did\s+not|never|doesn't|does\s+not)\s+(?:\w+\s+)?come\s+from|no\s+basis|"
    r"(?:doesn't|does\s+not|didn't|did\s+not|never)\s+(?:even\s+)?(?:exist|existed|add\s+up)|"
    r"scratch\s+(?:that|what|the)|nonsense|rubbish|bogus|"
    # "Ignore the 24,318 I quoted ...; I have no record of it"
    r"no\s+records?\s+of|never\s+happened|"
    # the records set against it: "I said 9,237. The records say 11,470."
    r"(?:the|your)\s+(?:records?|data|watch)\s+(?:actually\s+|really\s+|in\s+fact\s+)?"
    r"(?:says?|shows?|has|have|puts?)|"
    r"corrections?|correcting|correct\s+(?:that|myself|this|it|the\s+record)|misspoke|misread|"
    r"mixed\s+(?:that\s+|it\s+|them\s+)?up|got\s+(?:that|it|this|them|those|both)\s+wrong|"
    r"take\s+(?:that|it|those|them)\s+back|(?:take|taking|walk|walking)\s+back|"
    r"ignore\s+(?:that|it|those|the|my)|disregard|retract|not\s+the\s+case|"
    # a bare denial: "It isn't: it's 0", "That wasn't so."
    r"(?:it|that|this)\s+(?:isn't|wasn't|is\s+not|was\s+not)(?=\s*[:;,.—–]|\s+so\b)|"
    # ("let me put some things right from earlier", "the same goes for the 24,318 I quoted")
    r"straighten|set\s+the\s+record|put\s+(?:\w+\s+){0,2}right|the\s+same\s+goes\s+for)\b",
    re.I)
# the next sentence points back at what was said ("That was wrong.", "Neither came from ...")
_BACK = re.compile(r"[\s*_>-]*(?:that|this|it|those|these|neither|none|both|all|each|which|"
                   r"the\s+(?:number|figure|count|streak|value)s?|both\s+numbers|"
                   r"(?:the|your)\s+(?:records?|data|watch)|"
                   r"scratch|sorry|correction|wrong)\b", re.I)
# "I said the streak was 15; it's 0": the value given again after a turn
_RESTATED = re.compile(rf"[^.!?\n]{{0,60}}?(?:[;—–:]|,?\s+but)\s*(?:it|that|this|the\s+\w+|"
                       rf"your\s+\w+)(?:'s|\s+is|\s+was|\s+stands\s+at|\s+sits\s+at)\s+"
                       rf"(?:actually\s+|really\s+|in\s+fact\s+|only\s+|just\s+|now\s+)?"
                       rf"(?:at\s+)?(?:\d|(?:zero|{_NUMBER_WORD})\b)", re.I)
# a number denied outright ("your streak is 1, not 47", "not the 47 or the 15", "rather than
# 15", "the streak isn't 47 or 15 days"): the value is said not to be so, no claim that it is
_NEGATED = re.compile(r"(?:\bnot|n't|\bnever|\brather\s+than|\binstead\s+of)\s+"
                      r"(?:the\s+|a\s+|that\s+)?"
                      r"(?:[\d,.]+[\w-]*\s+(?:or|and|nor)\s+(?:not\s+)?(?:the\s+|a\s+)?)?$", re.I)
_DENIED = re.compile(r"(?:\s+\w+)?\s+(?:is|was|were|are)(?:\s+not|n't)\b", re.I)  # "The 15 is not."
_BEFORE = 200  # characters before a number its sentence is read over for the coach's words
_SHORT = 90  # a sentence before that announces a correction is this short at most


def cleared[M: Mention](reply: str, out: list[M], ev: Evidence,
                        sentence: Callable[[int], tuple[int, int]]) -> list[M]:
    """`out` with each unsupported number that the reply takes back from an earlier coach
    reply made quoted, the earlier reply's line its source."""
    if not ev.chat:
        return out
    result = list(out)
    taken: dict[str, str] = {}  # a value this reply took back already: its source
    for i, m in enumerate(out):
        if m.outcome != "unsupported" or m.kind not in ("count", "percent"):
            continue
        start, end = sentence(m.start)
        if m.text in taken and (_DENIED.match(reply, m.end, end)
                                or _TAKEN_BACK.search(reply, start, end)):
            result[i] = replace(m, outcome="quoted", source=taken[m.text])  # ("The 15 is
            continue  # not.": the value taken back before, named again to deny it)
        said = _quoted_back(reply, m, ev)
        if said is not None and _taken_back(reply, m, start, end, sentence):
            taken[m.text] = f'an earlier reply, quoted: "{said}"'
            result[i] = replace(m, outcome="quoted", source=taken[m.text])
            continue
        if not _NEGATED.search(reply, max(start, m.start - 40), m.start) and (
                not _reported(reply, m, start)
                or not _taken_back(reply, m, start, end, sentence)):
            continue
        line = _said_before(ev, m.text)
        if line is not None:
            taken[m.text] = f'an earlier reply, taken back: "{line}"'
            result[i] = replace(m, outcome="quoted", source=taken[m.text])
    return result


def _reported(reply: str, m: Mention, start: int) -> bool:
    """Whether the coach's own words report `m`: a verb of saying before it in its sentence
    with no turn between, or one right after it."""
    if _SAID_AFTER.match(reply, m.end, m.end + 40):
        return True
    before = reply[max(start, m.start - _BEFORE):m.start]
    if "I" not in before and "my" not in before and "My" not in before:
        return False  # (the cheap test first)
    said = [found.end() for found in _SAID_BEFORE.finditer(before)]
    return bool(said) and _TURN.search(before, said[-1]) is None


def _taken_back(reply: str, m: Mention, start: int, end: int,
                sentence: Callable[[int], tuple[int, int]]) -> bool:
    """Whether the reply takes back what its sentence at `start:end` reports."""
    if _TAKEN_BACK.search(reply, start, end) or _RESTATED.match(reply, m.end, end):
        return True
    nxt = end
    while nxt < len(reply) and reply[nxt].isspace():
        nxt += 1
    for _ in range(2):  # ("I told you 47. Then I told you 15. All wrong.")
        if nxt >= len(reply):
            break
        ns, ne = sentence(nxt)
        if _BACK.match(reply, ns, ne) and _TAKEN_BACK.search(reply, ns, ne):
            return True
        if not _SAID_BEFORE.search(reply, ns, ne):
            break  # (only over a sentence that reports more of what was said)
        nxt = ne
        while nxt < len(reply) and reply[nxt].isspace():
            nxt += 1
    if start > 0:
        ps, pe = sentence(start - 1)
        if pe - ps <= _SHORT and _TAKEN_BACK.search(reply, ps, pe):
            return True
    return False


_QUOTE = re.compile(r'"([^"\n]{4,200})"|“([^”\n]{4,200})”')


def _quoted_back(reply: str, m: Mention, ev: Evidence) -> str | None:
    """The words of an earlier coach reply that `m` sits inside, quoted word for word ("I
    said \"9,237 steps, well over the goal\", and that was wrong"): what was said (a claim of
    this reply's only if it is not taken back: `cleared` asks); else None."""
    line_start = reply.rfind("\n", 0, m.start) + 1
    line_end = reply.find("\n", m.end)
    for q in _QUOTE.finditer(reply, line_start, len(reply) if line_end < 0 else line_end):
        if q.start() < m.start and m.end < q.end():
            words = (q[1] or q[2]).strip(" .,;:!?")
            if any(words in text for text in ev.chat):
                return words
    return None


def _said_before(ev: Evidence, text: str) -> str | None:
    """The line of an earlier coach reply that writes the value `text` writes (to its place),
    or None: the latest such reply. A value written exactly is looked for as text first, so a
    long session's replies are read only where they may hold it (a 500-turn chat read whole
    cost a check ~0.2 s)."""
    mine = next((a for a in scan(text) if a.value is not None), None)
    if mine is None or mine.value is None:
        return None
    value, step = mine.value, mine.unit_step or 1.0
    forms = _forms(value) if step <= 1 else ()
    for said in reversed(ev.chat):
        if forms and not any(form in said for form in forms):
            continue
        for a in scan(said):
            if a.value is not None and a.kind in ("count", "percent") \
                    and abs(a.value - value) <= step / 2:
                return _sentence_of(said, a.start, a.end)
    return None


def _forms(value: float) -> tuple[str, ...]:
    """How a reply may write `value` in digits: "18,406", "18406", "18.4k"; "12.5"."""
    if not value.is_integer():
        return (f"{value:g}",)
    n = int(value)
    return (f"{n:,}", str(n), f"{n / 1000:g}k") if n >= 1000 else (str(n),)


_STOP = re.compile(r"[.!?](?=\s)|\n")


def _sentence_of(text: str, start: int, end: int) -> str:
    """The sentence of `text` around `start:end`, at most 160 characters."""
    lo = max((m.end() for m in _STOP.finditer(text, max(0, start - 200), start)), default=0)
    stop = _STOP.search(text, end)
    said = text[lo:stop.end() if stop else len(text)].strip()
    return said if len(said) <= 160 else said[:157] + "..."
