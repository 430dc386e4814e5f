"""Numbers the words tie to one stated fact: `headed(reply, atoms, out, ev, binder, ...)`.

- "Your 7-day average came out at just over 10k": the words name one fact the request states
  (the 7-day average, 9,904), so the number must be that fact as written (rounded, or on the
  side its hedge says), not any average of some of those days that happens to be near it (a
  six-day average of 10,016).
- "Your average is around 9.6k a day" with no period or day named: one of the averages the
  request states, not one worked out over some run of its day lines.
- "13 of 30 days in November", "13 out of 30 in November": the whole of a count of days, in
  a sentence naming a stated period, is that period's length (or its days recorded):
  November so far has 29, and the 30 of some 30-day window does not stand in for it.

One that does not fit is warned, with the fact it should be.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from coach_tui.coach.grounding.facts import Evidence
from coach_tui.coach.grounding.scan import Atom

if TYPE_CHECKING:
    from coach_tui.coach.grounding.binding import Binder

# "your 7-day average came out at just over", "your November average is about": the name,
# "average", a verb of being, then the number
_HEADED = re.compile(r"\b(?:your|the|my)\s+(?:[\w'-]+\s+){1,3}average\s+(?:(?:is|was|came|"
                     r"comes|came\s+out|sits|sat|stood|stands|landed|ended|ended\s+up|of)\s+)?"
                     r"(?:at\s+|to\s+)?(?:about\s+|around\s+|roughly\s+|just\s+over\s+|"
                     r"just\s+under\s+|nearly\s+|almost\s+|a\s+bit\s+over\s+|a\s+bit\s+under\s+)?$",
                     re.I)

# "your average is around 9.6k a day", no period or days named: one of the averages the request
# states, not an average worked out over some run of its day lines
_BARE = re.compile(r"\byour\s+(?:daily\s+|step\s+)?average\s+(?:is\s+|was\s+|sits\s+(?:at\s+)?)"
                   r"(?:about\s+|around\s+|roughly\s+|just\s+over\s+|just\s+under\s+|nearly\s+|"
                   r"almost\s+)?$", re.I)
_OVER_DAYS = re.compile(r"[^.;\n]{0,30}?\b(?:over|across|for|in|on)\s+(?:the\s+|those\s+|these\s+|"
                        r"that\s+|this\s+|last\s+)", re.I)

_GAP_AFTER = re.compile(r"\s*(?:steps?\s+)?(?:(?:a|per)\s+day\s+)?(?:above|over|below|under|"
                        r"short|more|less|fewer|ahead|behind|higher|lower|up|down|from)\b", re.I)


# "13 of 30 days", "3 out of 7 days": the whole of a count of days
_OF_BEFORE = re.compile(r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
                        r"twelve|thirteen|fourteen|fifteen)\s+(?:out\s+)?of\s+(?:the\s+)?$", re.I)
_DAYS_AFTER = re.compile(r"\s+(?:recorded\s+)?days?\b|\s+(?:in|during)\s+", re.I)  # ("13 out
# of 30 in November")


def headed(reply: str, atoms: list[Atom], out: list[Any], ev: Evidence, binder: Binder,
           precision: Callable[[str, Atom], tuple[float, float, Any]]) -> list[Any]:
    """`out` with each true step count a stated average's name heads that is not that
    average made unsupported (see the module's words)."""
    for i, (a, m) in enumerate(zip(atoms, out, strict=True)):
        if m.outcome == "quoted" and a.kind == "count" and a.value is not None \
                and a.number <= 31 and _DAYS_AFTER.match(reply, a.end) \
                and _OF_BEFORE.search(reply, max(0, a.start - 16), a.start):
            cs, ce = binder.clause(a.start)  # (the period named in its own clause)
            periods = {label for start, _, labels in binder.names if cs <= start < ce
                       for label in labels}
            sizes = {p.label: p.recorded for p in ev.periods if p.label in periods}
            if sizes and not any(p.label in sizes and a.number in (p.length, p.recorded)
                                 for p in ev.periods):
                label, size = next(iter(sizes.items()))
                out[i] = replace(m, outcome="unsupported", source=f"{label}: {size} days")
            continue
        if m.outcome not in ("quoted", "computed") or a.kind != "count" or a.value is None \
                or a.number < 100:
            continue
        if reply.find("average", max(0, a.start - 60), a.start) < 0:
            continue
        cs = binder.clause(a.start)[0]
        found = _HEADED.search(reply, max(cs, a.start - 60), a.start)
        if found is None and m.outcome == "computed" and "÷" in m.source:
            found = _BARE.search(reply, max(cs, a.start - 40), a.start)
            ce = binder.clause(a.start)[1]
            if found is not None and (any(cs <= start < ce for start, _, _ in binder.refs)
                                      or _OVER_DAYS.match(reply, a.end)):
                found = None  # ("Mon to Fri, your average was ...": the days its words name)
        if found is None or _GAP_AFTER.match(reply, a.end):
            continue  # ("your average sits 356 above": a gap, not the average)
        periods = {label for start, _, labels in binder.names
                   if found.start() <= start < found.end() for label in labels}
        stated = [f for f in ev.facts if f.kind == "average" and (
            f.period in periods or found.re is _BARE)]  # (bare: any stated average)
        center, tol, _ = precision(reply, a)
        if stated and not any(abs(f.value - center) <= tol + 1e-9 for f in stated):
            out[i] = replace(m, outcome="unsupported", source=f"{stated[0].label}, not {m.text}")
    return out
