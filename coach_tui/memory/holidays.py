"""Days people name by what happens on them: "on Bonfire Night", "the week after Christmas",
"since Easter". The names and their dates are data (assets/named_days.toml); each stands for its
most recent day on or before today. Pure: text and today in, spans with where they were written
out."""

from __future__ import annotations

import functools
import re
from datetime import date, timedelta

from coach_tui.memory.spans import Span
from coach_tui.memory.wordlist import asset_table
from coach_tui.text import starting

DAYS_FILE = "named_days.toml"
YEARS_BACK = 5
MAX_BACK_DAYS = 300   # further back, a name means the one to come


def _table() -> dict:
    return asset_table(DAYS_FILE)


def _typed(name: str) -> str:
    """A pattern for `name` as people type it: any spacing, the apostrophe and a trailing "s"
    optional ("valentines day", "new years eve", "st patricks")."""
    words = []
    for word in name.split():
        word = re.escape(word).replace("'", "['’]?")
        words.append(word + "s?" if word.endswith("?") else word)
    return r"\s+".join(words)


@functools.cache
def _pattern() -> re.Pattern[str]:
    table = _table()
    names = sorted({n for kind in ("fixed", "nth_weekday", "easter") for n in table.get(kind, {})},
                   key=len, reverse=True)   # "christmas eve" before "christmas"
    return re.compile(r"\b(" + "|".join(_typed(n) for n in names) + r")(?![\w'’])",
                      re.IGNORECASE)


@functools.cache
def _first_words() -> frozenset[str]:
    """The first word of each name, as typed with or without its apostrophe and "s"."""
    table = _table()
    firsts = {re.sub(r"['’]", "", n.split()[0])
              for kind in ("fixed", "nth_weekday", "easter") for n in table.get(kind, {})}
    return frozenset(firsts | {f[:-1] for f in firsts if f.endswith("s")} | {
        re.sub(r"['’]s?$", "", f) for f in firsts})


def easter(year: int) -> date:
    """Easter Sunday of `year` (the Gregorian computus, Meeus/Jones/Butcher)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    ell = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * ell) // 451
    month, day = divmod(h + ell - 7 * m + 114, 31)
    return date(year, month, day + 1)


def _nth_weekday(year: int, n: int, weekday: int, month: int) -> date:
    if n > 0:
        first = date(year, month, 1)
        return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    nxt = date(year + (month == 12), month % 12 + 1, 1)
    last = nxt - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - weekday) % 7)


def _in_year(name: str, year: int) -> date:
    table = _table()
    if name in table.get("fixed", {}):
        month, day = map(int, table["fixed"][name].split("-"))
        return date(year, month, day)
    if name in table.get("nth_weekday", {}):
        return _nth_weekday(year, *table["nth_weekday"][name])
    return easter(year) + timedelta(days=table["easter"][name])


def _name_of(typed: str) -> str:
    """The table's name for a name as typed ("Valentines  Day": "valentine's day")."""
    table = _table()
    return next(name for kind in ("fixed", "nth_weekday", "easter") for name in table.get(kind, {})
                if re.fullmatch(_typed(name), typed, re.IGNORECASE))


def holiday_spans(text: str, today: date) -> list[tuple[int, int, Span]]:
    """Each day `text` names by its name ("Bonfire Night"), with where it was written: its
    most recent one on or before today, within `MAX_BACK_DAYS` unless the message says "last"
    (on 5 December "Christmas" is the one coming, not last year's)."""
    words = set(re.findall(r"[a-z]+", text.lower()))
    if words.isdisjoint(_first_words()):    # most messages name none: no pattern run
        return []
    found = []
    for m in _pattern().finditer(text):
        name = _name_of(m.group(1))
        said_last = re.search(r"\blast\s+$", text[:m.start()], re.IGNORECASE) is not None
        for year in range(today.year, today.year - YEARS_BACK, -1):
            d = _in_year(name, year)
            if d <= today:
                if said_last or (today - d).days <= MAX_BACK_DAYS:
                    weekend = _WEEKEND.match(text, m.end())
                    found.append((m.start(), weekend.end(), _weekend_of(name, d, today))
                                 if weekend is not None
                                 else (m.start(), m.end(), Span(d.isoformat(), d, d, False)))
                break
    return found


_WEEKEND = re.compile(starting(r"\s") +
                      r"\s+weekend\b", re.IGNORECASE)


def _weekend_of(name: str, day: date, today: date) -> Span:
    """"the Halloween weekend", "Easter weekend", "the bank holiday weekend": the Saturday and
    Sunday beside the day, with it when it is a Friday or a Monday (Good Friday to Easter
    Monday, a bank holiday Monday); the weekend before a Tuesday or Wednesday, the one after a
    Thursday."""
    weekday = day.weekday()
    saturday = day + timedelta(days=5 - weekday) if weekday in (3, 4, 5) else \
        day - timedelta(days=1) if weekday == 6 else day - timedelta(days=weekday + 2)
    start = day if weekday == 4 else saturday   # (Good Friday)
    end = day if weekday == 0 else saturday + timedelta(days=1)   # (a bank holiday Monday)
    end = min(end, today - timedelta(days=1))
    if end < start:  # (asked on its first day: the day, as the name alone reads)
        return Span(day.isoformat(), day, day, False)
    return Span(f"the {name} weekend", start, end, start != end)
