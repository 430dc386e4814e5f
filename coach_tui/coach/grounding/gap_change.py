"""A change in percent that restates the gap just written, checked: `checked(reply, out)`.

"That's 1,370 more steps per day, or roughly 12% higher", "12,000 is 2,506 more every day,
about 21% more than now": the percentage says the same change as the gap before it, over a
base. The request's operations hold many changes in percent, and one of them may round to the
written figure by chance ((11,274 − 10,000) ÷ 10,000 = 12.7%, "roughly 12%", when the gap was
this week's average over last week's): a change whose own difference is not the gap its
sentence just wrote is another change, and no support. So a percentage computed as a change
(a − b) ÷ b right after a true gap in its sentence ("N more ..., or P%") is warned when a − b
is not N to the precision N is written ("about 2,500" takes 2,506), nor a week of such days'
changes, unless the gap over a true count written before it is the percentage and that count
with the gap gives another written there, the way the words go ("came to 18,194; ... 22,548,
which is 4,354 more, up roughly 24%": 4,354 ÷ 18,194); a change that is N, or a percentage
worked out another way, stays as it was.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from coach_tui.coach.grounding.arithmetic import DIVIDE
from coach_tui.coach.grounding.block_ops import written
from coach_tui.coach.grounding.counted import value

# between the gap and its percentage: "more steps per day, or roughly ", "more every day —
# about ", "higher (", "more, a rise of about "
_RESTATES = re.compile(r"(?:\*\*|__)?\s+(?:steps?\s+)?(?:(?:a|per|every|each)\s+day\s+|daily\s+)?"
                       r"(?:more|fewer|less|higher|lower|above|below)\b(?:(?!\band\b)"
                       r"[^.!?\n\d%]){0,30}?"
                       r"(?:,\s*|\s+[—–-]\s+|\s*\(\s*|\s+)(?:or\s+|which\s+is\s+|that's\s+|"
                       r"an?\s+(?:rise|increase|improvement|jump|drop|fall|gain)\s+of\s+)?"
                       r"(?:about\s+|roughly\s+|around\s+|approximately\s+|nearly\s+|almost\s+|"
                       r"just\s+(?:over|under)\s+|~\s*)?(?:\*\*|__)?$", re.I)
# "(9,503 average (November) − 8,020 average (October)) ÷ 8,020 average (October) = +18.5%"
_CHANGE = re.compile(r"\((.+?) − (.+?)\) ÷ ")
_VALUE = re.compile(r"(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(k\b)?(?:\s*÷\s*(\d+)\b)?")
_UP = re.compile(r"\b(?:more|higher|above)\b", re.I)
_APPROX = re.compile(r"\b(?:about|around|roughly|approximately|nearly|almost|some|~)\s*"
                     r"(?:\*\*|__)?$", re.I)


def checked[M: Any](reply: str, out: list[M]) -> list[M]:
    """`out` with each percentage computed as a change that is not the gap written just before
    it in its sentence warned (see the module's words)."""
    result = list(out)
    for i, m in enumerate(out):
        if m.kind != "percent" or m.outcome != "computed" or i == 0 or not m.source:
            continue
        gap = out[i - 1]
        change = _CHANGE.match(m.source)
        if gap.kind != "count" or gap.outcome not in ("quoted", "computed") or change is None \
                or not _RESTATES.fullmatch(reply, gap.end, m.start):
            continue
        said, a, b = written(gap.text), _value(change[1]), _value(change[2])
        if said is None or a is None or b is None or said[0] < 100:
            continue
        tolerance = said[1]
        if _APPROX.search(reply, max(0, gap.start - 14), gap.start):  # "about 3,000": 3,065
            whole = gap.text.replace(",", "").split(".")[0]
            tolerance = max(tolerance, 0.5 * 10 ** (len(whole) - len(whole.rstrip("0"))))
        # (the same change over a week: "69,335, so 75,000 asks for 5,665 more, about 8.2%"
        # when the operation's sides are a day's)
        if all(abs(abs(a - b) * scale - said[0]) > max(tolerance, 1.0) for scale in (1, 7)):
            base = _base_of(reply, out, i, said[0])
            result[i] = replace(m, outcome="unsupported", source=None) if base is None else \
                replace(m, source=f"{gap.text} {DIVIDE} {base} = "
                                  f"{said[0] / _value_of(base) * 100:.1f}%")
    return result


def _value_of(text: str) -> float:
    return value(text) or 0.0


def _base_of(reply: str, out: list[Any], i: int, gap: float) -> str | None:
    """The true count written before the gap (within a sentence's reach) that the gap is the
    change of, when the percentage is the gap over it ("came to 18,194; this Monday and
    Tuesday came to 22,548, which is 4,354 more, up roughly 24%": 4,354 ÷ 18,194): a base
    that, with the gap, gives another true count written there; else None."""
    m = out[i]
    pct = written(m.text)
    if pct is None:
        return None
    tol = pct[1] + (1.0 if _APPROX.search(reply, max(0, m.start - 14), m.start) else 0.0)
    before = [n for n in out[:i - 1] if n.start >= m.start - 300 and n.kind == "count"
              and n.outcome in ("quoted", "computed") and _value_of(n.text) >= 100]
    values = {_value_of(n.text) for n in before}
    up = _UP.search(reply, out[i - 1].end, m.start) is not None
    for n in reversed(before):
        v = _value_of(n.text)
        if abs(gap / v * 100 - pct[0]) <= tol + 1e-9 and (v + gap if up else v - gap) in values:
            return n.text
    return None


def _value(operand: str) -> float | None:
    """The count an operation's operand names first ("your 12k" is 12,000; "your 75,000 ÷ 7"
    is 10,714.3)."""
    found = _VALUE.search(operand)
    if found is None:
        return None
    value = float(found[1].replace(",", "")) * (1000 if found[2] else 1)
    return value / int(found[3]) if found[3] and int(found[3]) else value
