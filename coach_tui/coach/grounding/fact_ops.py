"""A percentage between two facts its sentence names by name, not by value: "your best day
was nearly 37% above your 30-day average", "today is about 23% behind your 7-day average",
"your 30-day average is 95% of the goal".

The request states the facts (a best day, an N-day average, the goal, today so far) but not
every change or share between them, and the sentence writes neither value, so neither the
verdict nor the percentages worked out from the numbers beside them find it. This last look
takes the fact named before the percentage as its subject and the one named after it as its
base, each only when the name means one stated value, and redoes the change the words say
("above", "more", "up": (subject − base) ÷ base; "below", "behind", "short": (base −
subject) ÷ base) or the share ("of": subject ÷ base), to the precision written. A percentage
on the wrong base or the wrong way stays warned.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from coach_tui.coach.grounding.facts import fmt

if TYPE_CHECKING:
    from coach_tui.coach.grounding.facts import Evidence, Fact
    from coach_tui.coach.grounding.lenient import Mention

_NAME = re.compile(r"\b(?:(\d+)[- ]day\s+average|(best|highest|top|biggest)\s+(?:day|ever)|"
                   r"(average)|(goal|target)|(today|so\s+far))\b", re.I)
_UP = re.compile(r"\s*(?:\w+\s+)?(?:above|more\s+than|higher\s+than|over|up\s+on|ahead\s+of)\b",
                 re.I)
_DOWN = re.compile(r"\s*(?:\w+\s+)?(?:below|less\s+than|lower\s+than|under|behind|short\s+of|"
                   r"down\s+on|shy\s+of)\b", re.I)
_OF = re.compile(r"\s+of\b", re.I)
_PCT = re.compile(r"(\d+)(?:\.(\d+))?\s*%")


def _facts(ev: Evidence, m: re.Match) -> list[Fact | float]:
    if m[1]:
        return [f for f in ev.facts if f.kind == "average" and f.period == f"{m[1]}-day"]
    if m[2]:
        return [f for f in ev.facts if f.kind == "best"]
    if m[3]:
        return [f for f in ev.facts if f.kind == "average"]
    if m[4]:
        return [ev.goal] if ev.goal else []
    return [ev.today] if ev.today is not None else []


def _one(found: list[Fact | float]) -> tuple[float, str] | None:
    values = {(x if isinstance(x, float) else x.value) for x in found}
    if len(values) != 1:
        return None
    x = found[0]
    return (x, f"{fmt(x)} goal") if isinstance(x, float) else (x.value, x.label)


def worked_out(reply: str, m: Mention, ev: Evidence,
               sentence: Callable[[int], tuple[int, int]]) -> tuple[str, str] | None:
    """("computed", the operation) for a percentage between the facts named around it."""
    pct = _PCT.fullmatch(m.text.strip())
    if pct is None:
        return None
    value, tol = float(pct[0].rstrip("% ")), 0.5 / 10 ** len(pct[2] or "")
    start, end = sentence(m.start)
    names = list(_NAME.finditer(reply, start, end))
    before = [n for n in names if n.end() <= m.start]
    after = [n for n in names if n.start() >= m.end]
    if not before or not after:
        return None
    subject, base = _one(_facts(ev, before[-1])), _one(_facts(ev, after[0]))
    if subject is None or base is None or base[0] <= 0 or subject[1] == base[1]:
        return None
    (a, a_name), (b, b_name) = subject, base
    if _UP.match(reply, m.end):
        got, how = 100 * (a - b) / b, f"({a_name} − {b_name}) ÷ {b_name}"
    elif _DOWN.match(reply, m.end):
        got, how = 100 * (b - a) / b, f"({b_name} − {a_name}) ÷ {b_name}"
    elif _OF.match(reply, m.end):
        got, how = 100 * a / b, f"{a_name} ÷ {b_name}"
    else:
        return None
    return ("computed", f"{how} = {got:.1f}%") if abs(got - value) <= tol + 1e-9 else None
