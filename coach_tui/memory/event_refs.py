"""A date written beside an event to say when it was ("the flu in September", "that dreadful
storm back in October"): it dates the event, it names no month of days asked about. Pure."""

from __future__ import annotations

import re

from coach_tui.memory.datewords import MONTHS, month_number
from coach_tui.memory.events import EventPhrase

_MONTH_AFTER = re.compile(r"\s*,?\s+(?:back\s+)?in\s+(?:the\s+month\s+of\s+)?([a-z]+)\b",
                          re.IGNORECASE)


def qualifying_months(text: str, phrases: list[EventPhrase]) -> list[int]:
    """The months (1-12) written right after an event of `phrases` ("laid up with the flu in
    September", "that dreadful storm in October"): they say when the event was, not a month
    of days asked about."""
    out: list[int] = []
    for phrase in phrases:
        last = phrase.words.split()[-1]
        for m in re.finditer(r"\b" + re.escape(last) + r"\b", text, re.IGNORECASE):
            month = _MONTH_AFTER.match(text, m.end())
            word = month.group(1).lower() if month is not None else ""
            if word in MONTHS or word in {n[:3] for n in MONTHS} | {"sept"}:
                out.append(month_number(word))
    return out
