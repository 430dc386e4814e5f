"""A number the message names tells apart memories its words found alike: "when did my target go
up to 10,000" matches "Daily target raised to 12,000" and "Daily target raised from 8,000 to
10,000" on every word; only the second writes 10,000. Numbers of a hundred or more only (a
step count, a goal, a distance in metres): a day of the month or a count of days is read as a
date or a count elsewhere, and "5k" is a distance."""

from __future__ import annotations

import re
from collections.abc import Sequence

from coach_tui.memory.ranking import Ranked
from coach_tui.text import starting

MIN_VALUE = 100
# "10,000", "10000", "10.5k", "12k" (a value in thousands when at least a hundred of them is
# absurd, so "12k" is 12,000 steps)
_NUMBER = re.compile(starting(r"\d") +
                     r"(?<![\d.,:/])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(k)?(?![\d:/]|[.,]\d)",
                     re.IGNORECASE)


def values(text: str) -> set[int]:
    """The numbers of at least `MIN_VALUE` `text` writes, as whole values ("11.5k": 11,500)."""
    out = set()
    for m in _NUMBER.finditer(text):
        value = float(m.group(1).replace(",", "")) * (1_000 if m.group(2) else 1)
        if value >= MIN_VALUE:
            out.add(round(value))
    return out


def by_written_number(text: str, ranked: Sequence[Ranked]) -> list[Ranked]:
    """`ranked` without the memories tied with the best on words that do not write a number
    `text` names, when another of them does."""
    named = values(text)
    found = [r for r in ranked if not r.anchor]
    if not named or len(found) < 2:
        return list(ranked)
    best = max(r.covered for r in found)
    tied = [r for r in found if r.covered == best]
    writes = [r for r in tied if named & values(f"{r.hit.text}\n{r.hit.reply}")]
    if not writes or len(writes) == len(tied):
        return list(ranked)
    return [r for r in ranked if r not in tied or r in writes]
