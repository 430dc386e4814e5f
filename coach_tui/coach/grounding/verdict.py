"""The verdict on each number of a reply: `check(reply, context)`, `unverified_numbers`.

`check` reads the reply's numbers (reading.py) and gives each a status: "ignored" (an idiom,
a model name, code, a list marker, or an advice size the context does not hold: advice.py),
"supported" (with the context text that supports it: support.py) or "unverified". A digit
ordinal after "the" and not before a unit ("the 19th", not "the 3rd day in a row") is a date; a
fraction is supported by the same words in the context; a count of minutes, hours or seconds
is reported as a "duration". `context` is the context string (indexed through
`cached_index`) or an `Evidence` a caller keeps for many replies.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from coach_tui.coach.grounding.advice import AdviceReader
from coach_tui.coach.grounding.evidence import Evidence, cached_index
from coach_tui.coach.grounding.reading import read_numbers
from coach_tui.coach.grounding.support import support


@dataclass(frozen=True, slots=True)
class NumberMention:
    """One number of a reply. `status` is "supported", "unverified" or "ignored"."""

    start: int
    end: int
    text: str
    kind: str  # count, percent, ordinal, fraction, date, time, year, duration, range
    status: str
    matched: str | None = None  # the context text that supports it, when supported
    reason: str | None = None  # why it was ignored, when ignored

    @property
    def verified(self) -> bool:
        return self.status == "supported"


# "the 19th" is a day of the month, "the 3rd day in a row" a count.
_THE_BEFORE = re.compile(r"\bthe\s+$", re.IGNORECASE)
_ORDINAL_DATE_AFTER = re.compile(
    r"\s+(?:day|days|week|weeks|time|times|walk|walks|month|straight|consecutive|in\s+a\s+row|"
    r"goal|session|loop|lap|best|highest|lowest|biggest|quietest)\b", re.IGNORECASE)


def check(reply: str, context: str | Evidence) -> list[NumberMention]:
    """Every number of `reply` in order, each supported, unverified or ignored."""
    ev = context if isinstance(context, Evidence) else cached_index(context)
    advice = AdviceReader(reply)
    out: list[NumberMention] = []
    for a in read_numbers(reply):
        text = reply[a.start:a.end]
        kind = a.kind
        if a.ignored is not None:
            out.append(NumberMention(a.start, a.end, text, kind, "ignored", reason=a.ignored))
            continue
        if a.unit in ("minute", "hour", "second"):
            kind = "duration"
        if a.kind == "fraction":
            phrase = " ".join(text.lower().split())
            matched = phrase if phrase in ev.fractions else None
        elif a.kind == "ordinal":
            as_date = reply[a.start].isdigit() and not _ORDINAL_DATE_AFTER.match(reply, a.end) \
                and _THE_BEFORE.search(reply, max(0, a.start - 5), a.start) is not None
            if as_date:
                kind = "date"
            matched = support(a, ev, ordinal_as_date=as_date)
        else:
            matched = support(a, ev)
        # Only a number the context does not support needs the (slower) advice question.
        if matched is None and advice.sizes_advice(a):
            out.append(NumberMention(a.start, a.end, text, kind, "ignored",
                                     reason="advice, not a claim about your data"))
            continue
        out.append(NumberMention(a.start, a.end, text, kind,
                                 "supported" if matched is not None else "unverified",
                                 matched=matched))
    return out


def unverified_numbers(reply: str, context: str) -> list[str]:
    """The numbers of `reply`, as written, that `context` does not support, in reply order."""
    return [m.text for m in check(reply, context) if m.status == "unverified"]
