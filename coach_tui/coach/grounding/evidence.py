"""What a context states: `index_context(context)` reads it once into an `Evidence`.

The context is everything a request carried (system blocks, history, the recall block, the
user's words). Every number in it (read as in reading.py) is filed for lookup: counts,
ordinals and years by unit and value, sorted, with the text that states each; percentages
apart (a percentage supports only a percentage); dates by day, by (month, day) with the year
and weekday when written, and by bare day of the month; times in minutes after midnight, and,
for a small count after "at/after/before/around/by/until/about/from", both of its hours; gaps
("6,900 to go") apart; fractions by their words. A small number in words with no unit
("one option, perhaps two") is filed apart, so it supports a bare number and not
"two days". The last "Now: <weekday> <date>" line is the turn's own live line: `Evidence.now`.

Indexing is linear in the context's length (~55 ms for 400 KB); `cached_index` keeps the last
four, keyed on the string, for callers that pass the same context again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache

from coach_tui.coach.grounding.reading import read_numbers
from coach_tui.coach.grounding.scan import Atom

# `\bNow: [A-Z][a-z]+ (\d{4})-(\d{2})-(\d{2})\b`, written to start with a literal so the
# engine jumps between N's instead of trying every character (15 ms of a 400 KB index).
_NOW = re.compile(r"N(?<!\wN)ow: [A-Z][a-z]+ (\d{4})-(\d{2})-(\d{2})\b")
# "at 7", "after 6": an hour the context names without a clock time.
_CUE = re.compile(r"\b(?:at|after|before|around|by|until|about|from)\s+$", re.IGNORECASE)
# The unit under which a small number in words with no unit of its own is filed.
_BARE_WORD = "(a small number in words)"


@dataclass
class Evidence:
    """A context read once: every quantity it states, ready for lookups."""

    values: dict[str | None, list[float]] = field(default_factory=dict)  # unit -> sorted values
    value_text: dict[tuple[str | None, float], str] = field(default_factory=dict)
    all_values: list[float] = field(default_factory=list)
    percents: list[float] = field(default_factory=list)
    dates: dict[date, str] = field(default_factory=dict)
    # (month, day) -> {(year or None, weekday or None): text}; month 0 collects every month.
    month_days: dict[tuple[int, int], dict[tuple[int | None, int | None], str]] = field(
        default_factory=dict)
    day_numbers: dict[int, str] = field(default_factory=dict)
    times: dict[int, str] = field(default_factory=dict)
    years: dict[int, str] = field(default_factory=dict)
    fractions: set[str] = field(default_factory=set)
    differences: dict[float, str] = field(default_factory=dict)
    now: date | None = None  # the last "Now: <weekday> <date>" line: the turn's own live line


def index_context(context: str) -> Evidence:
    """Every quantity `context` states, read once."""
    ev = Evidence()
    values: dict[str | None, set[float]] = {}
    percents: set[float] = set()

    def add_value(a: Atom, source: str) -> None:
        unit = a.unit
        if unit is None and a.word and a.value <= 10:
            # A small number in words with no unit of its own ("one option, perhaps two") is
            # prose whose noun is elsewhere: it supports a bare number, not "two days".
            unit = _BARE_WORD
        values.setdefault(unit, set()).add(a.value)
        ev.value_text.setdefault((a.unit, a.value), source)
        ev.value_text.setdefault((None, a.value), source)

    def add_date(y, mo, d, wd, source):
        if y is not None and mo is not None:
            dt = date(y, mo, d)
            ev.dates.setdefault(dt, source)
            ev.years.setdefault(y, source)
            wd = dt.weekday()
        if mo is not None:
            ev.month_days.setdefault((mo, d), {}).setdefault((y, wd), source)
        ev.day_numbers.setdefault(d, source)
        if wd is not None:
            ev.month_days.setdefault((0, d), {}).setdefault((y, wd), source)

    def add(a: Atom) -> None:
        source = context[a.start:a.end]
        if a.difference:
            ev.differences.setdefault(a.value, source)
        if a.kind in ("count", "ordinal", "year"):
            add_value(a, source)
            if a.kind == "year":
                ev.years.setdefault(int(a.value), source)
            if a.kind == "count" and a.value is not None and a.value.is_integer() \
                    and 1 <= a.value <= 12 and _CUE.search(context, max(0, a.start - 8), a.start):
                h = int(a.value)
                for hour in (h % 12, h % 12 + 12):
                    ev.times.setdefault(hour * 60, source)
        elif a.kind == "percent":
            percents.add(a.value)
            ev.value_text.setdefault(("%", a.value), source)
        elif a.kind == "date":
            for y, mo, d, wd in a.dates:
                add_date(y, mo, d, wd, source)
        elif a.kind == "time":
            for minutes in a.minutes:
                ev.times.setdefault(minutes, source)
        elif a.kind == "fraction":
            ev.fractions.add(" ".join(source.lower().split()))
        elif a.kind == "range":
            for end in a.ends:
                add(end)

    for a in read_numbers(context):
        if a.kind != "ignored":
            add(a)
    for now in _NOW.finditer(context):
        ev.now = date(int(now[1]), int(now[2]), int(now[3]))
    ev.values = {unit: sorted(vs) for unit, vs in values.items()}
    ev.all_values = sorted(set().union(*values.values())) if values else []
    ev.percents = sorted(percents)
    return ev


@lru_cache(maxsize=4)
def cached_index(context: str) -> Evidence:
    """`index_context`, remembered for the last few context strings (hashed, not reread)."""
    return index_context(context)

