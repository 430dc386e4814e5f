"""The user's aims are no record: a number the user wrote as what they want is evidence for
that aim, not for a day or week they walked.

The user's own numbers are evidence (request.py): "I want 75,000 steps total" supports "your
75,000 target", "to hit your 75,000 you need 10,700 a day". But the same number reported as done
("last week you did about 75,000 steps", "you walked 12,000 yesterday") is a claim about the
records the user's words never made. A quoted number is made unsupported when all of these hold:

- its source is a line of the user's words (or of a past chat of theirs that recall brought
  back) that writes the value as an aim: "want", "aim", "target", "hoping", "trying", "plan",
  "would like", "shooting for", "going for", "can I", ... before it (up to 40 characters);
- no fact of the records has the value (a day's count, a period's total, the goal);
- the reply reports it as done: a verb of walking done ("did", "walked", "logged", "got",
  "managed", "clocked", "racked up", "put in", "totalled", "came in at", "averaged", "hit",
  "reached") up to three words before it in its clause, with no word of aiming before or
  between ("to hit", "you'd reach", "need", "want", "would", "will", "if"), and the number no
  mark that days are counted by ("you reached 12k on 3 days", "hit 12k+ twice"), nor one a
  day of the records went past ("you've hit over 12k before", the best day 12,993).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from coach_tui.coach.grounding.facts import Evidence
from coach_tui.coach.grounding.mentions import Replaceable as Mention
from coach_tui.coach.grounding.scan import scan

# the user's words before the value: what they want, not what they did
_AIM = re.compile(r"\b(?:want(?:ed|s)?|wanna|aim(?:ing)?|target(?:ing)?|goal\s+(?:is|of)|"
                  r"hop(?:e|ing)|trying|try|plan(?:ning)?|like|love|shoot(?:ing)?\s+for|"
                  r"going\s+for|can\s+I|could\s+I|should\s+I|how\s+(?:do|can)\s+I)\b"
                  r"[^.?!\n]{0,40}$", re.I)
# the reply's words before it: the walking done
_DONE = re.compile(r"\b(?:did|walked|logged|got|managed|clocked|racked\s+up|put\s+in|totall?ed|"
                   r"came\s+(?:in\s+at|to)|averaged|hit|reached|finished\s+(?:on|at|with)|"
                   r"(?:best(?:\s+day)?|average|total)\s+(?:was|is|came\s+to|stands\s+at))"
                   r"((?:\s+[\w']+){0,3}?)\s+$", re.I)
# ... not one aimed at ("to hit", "you'd reach", "need to log")
_AIMED_AT = re.compile(r"\b(?:to|'d|'ll|would|will|can|could|should|might|must|need|needs|"
                       r"(?:if|once|when|unless)\s+you)\s+$", re.I)
# ... nor a mark days are counted by ("you reached 12k on 3 days", "hit 12k+ twice")
_MARK = re.compile(r"\+|\s+(?:or\s+(?:more|above|better)|and\s+(?:up|above)|once|twice|"
                   r"(?:on|in)\s+(?:only\s+)?(?:\w+\s+){0,2}?(?:days?|occasions?|times?)\b|"
                   r"\w+\s+times\b)", re.I)
# ... nor a mark a day the records hold went past ("you've hit over 12k before": 12,993)
_PAST = re.compile(r"\b(?:over|above|past|beyond|more\s+than)$", re.I)
_ONE_DAY = ("day", "best", "today")
_AIMING = re.compile(r"\b(?:to|need|needs|want|aim|target|would|will|could|if|can|should)\b",
                     re.I)
_CLAUSE = re.compile(r"[,;:()—–]|\s-\s|\b(?:but|so|and|then)\b", re.I)


def refuted[M: Mention](reply: str, out: list[M], ev: Evidence,
                        sentence: Callable[[int], tuple[int, int]]) -> list[M]:
    """`out` with each quoted number that stands only on an aim of the user's and is reported
    as done made unsupported."""
    if not ev.said:  # (the user's numbers and the context's plain ones)
        return out
    result = list(out)
    lines = set(ev.said.values())  # (the cheap test first: a line of plain numbers quoted)
    for i, m in enumerate(out):
        if m.outcome != "quoted" or m.source not in lines or "." in m.text:
            continue
        value = _value(m.text)
        if value is None or ev.said.get(value) != m.source:
            continue
        start = max(sentence(m.start)[0], m.start - 60)
        done = _DONE.search(reply, start, m.start)  # (then the cheap tests first)
        if done is None or _CLAUSE.search(reply, done.end(), m.start) \
                or _AIMING.search(done[1]) or _MARK.match(reply, m.end) \
                or _AIMED_AT.search(reply, max(0, done.start() - 16), done.start()) \
                or not _aimed(m.source, value) \
                or any(f.value == value and f.kind != "said" for f in ev.facts) \
                or _PAST.search(done[1]) and any(f.value > value and f.kind in _ONE_DAY
                                                 for f in ev.facts):
            continue
        result[i] = replace(m, outcome="unsupported", source=None)
    return result


def _value(text: str) -> float | None:
    found = next((a for a in scan(text) if a.value is not None), None)
    return None if found is None else found.value


def _aimed(line: str, value: float) -> bool:
    """Whether the user's `line` writes `value` as an aim."""
    return any(a.value == value and _AIM.search(line, max(0, a.start - 60), a.start)
               for a in scan(line))
