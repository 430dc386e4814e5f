"""A change in percent over operands the reply has just written: `shown.change(...)`.

The request's own operations (arithmetic.py) include each day's change against the goal and
against the periods' averages. Such an operation is tied to its days, and binding.py asks
for those days to be named beside the number; a writer often names them by their values
instead: "**11,470 steps**, which beat the goal by 1,470, or about 15% over". A change in
percent is **computed** when the request has an operation that gives it (to the precision
written, the way its words say: up / over, down / under) and every count the operation
uses is written, and found true, in the number's sentence or the one before (the goal or a
figure the user wrote counts as written when the sentence names a goal or target). An
invented count is never found true, so it never makes a percentage true.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from math import floor
from typing import Any

from coach_tui.coach.grounding import candidates
from coach_tui.coach.grounding.arithmetic import DIVIDE, MINUS
from coach_tui.coach.grounding.facts import Evidence, fmt
from coach_tui.coach.grounding.kinds import GOAL_WORD, change_sign
from coach_tui.coach.grounding.scan import Atom

_LABEL = re.compile(r"\s*\([^()]*[A-Za-z][^()]*\)")  # "(Sun Nov 29)", "(7-day)"
_OPERAND = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")


def change(reply: str, a: Atom, atoms: list[Atom], out: list[Any], ev: Evidence, binder,
           precision) -> str | None:
    """The request's operation a signed percentage of `a` stands for, when every count it
    uses is written true beside it; else None."""
    sign = change_sign(binder, a)
    if sign is None or a.value is None:
        return None
    center, tol, _ = precision(reply, a)
    cut = a.unit_step if a.unit_step > 0 else 1.0
    near = candidates.by_value(ev, a, center, True, tol, cut, False, None)
    ss, se = binder.sentence(a.start)
    start = binder.sentence(ss - 1)[0] if ss > 0 else 0
    lo, hi = bisect_left(binder.starts, start), bisect_left(binder.starts, se)
    shown = {b.value for b, n in zip(atoms[lo:hi], out[lo:hi], strict=True)
             if b.kind == "count" and b.value is not None and b.value >= 100
             and n.outcome in ("quoted", "computed")}
    goal = ev.goal if GOAL_WORD.search(reply, start, se) else None
    if goal is not None:
        shown.update(t.value for t in ev.targets)
        shown.add(goal)
    for _, item, derived in near:
        if not derived or item.kind != "change" or item.sign != sign:
            continue
        body = _LABEL.sub("", item.text.rsplit(" = ", 1)[0])
        used = {float(x.replace(",", "")) for x in _OPERAND.findall(body)}
        if len(used) >= 2 and used <= shown:
            return item.text
    if goal:  # "12k a day is 20% above your goal": a count the user wrote against the goal
        for x in sorted(shown - {goal}):
            size = (x - goal) / goal * 100
            if (size > 0) == (sign == "up") and (abs(abs(size) - center) <= tol + 1e-9
                                                 or floor(abs(size) / cut) * cut == a.value):
                return f"({fmt(x)} {MINUS} {fmt(goal)} goal) {DIVIDE} {fmt(goal)} goal = " \
                       f"{'+' if size > 0 else MINUS}{abs(size):.1f}%"
    return None
