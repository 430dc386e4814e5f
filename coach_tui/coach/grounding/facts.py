"""Everything a request states, read once: `index(segments)` gives an `Evidence`.

The app writes its numbers in a few fixed shapes, and each is read into typed facts that know
what they describe (so a reply's number can be bound to them, see binding.py):

    - Mon 2026-11-30: 9,237 steps, goal 10,000, not met        a day: steps and goal
    Now: Monday 2026-11-30, 12:40. Today so far: 4,906 steps of a 10,000 goal   today
    - last week (2026-11-23 to 2026-11-29): 7 of 7 days recorded, 69,329 steps, average
      9,904/day, goal met on 3, best 12,028 on 2026-11-25       a period
    - step goal streak: 1 days (through 2026-11-29)            snapshot facts: streak,
    - 7-day average: 9,904 steps/day (...), best day of the last 30: ..., goal met on 14 of
      the last 30 days (...), longest goal streak in the last 365 days: 18 days (...)

Any other line (the user's words, journal lines, saved reviews, lines added later) is read as
plain numbers with their units ("said"). Not counts: years, week numbers ("week 47"), clock
times (they are times), numbers clipped by a snippet's "…", and earlier coach replies quoted
in recall ("coach said: ..."), which are model text, not records.

Indexing is linear in the request's length; verdict.py keeps the last few requests read, keyed on
their text blocks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache

from coach_tui.coach.grounding.reading import read_numbers
from coach_tui.coach.grounding.request import Segment


@dataclass(frozen=True, slots=True)
class Fact:
    """One number the request states: its value, unit, what it is and the day it is about."""

    value: float
    unit: str | None  # step, day, %, or a unit read from the text (None: a bare number)
    kind: str  # day, today, goal, total, average, best, met, recorded, streak, longest, said
    day: date | None
    label: str  # how an operation names it: "2,214 so far (today)"
    source: str  # the line it was read from
    period: str | None = None  # the period a total/average/met count belongs to


@dataclass(slots=True)
class Period:
    label: str
    start: date
    end: date
    length: int
    recorded: int
    total: float
    average: float
    met: int
    best: float = 0.0
    # whether the request states its goal days ("7-day average: ..." does not: its `met` is
    # no count, and nothing may be worked out from it)
    met_stated: bool = True


@dataclass
class Evidence:
    """A request read once: typed facts, plain numbers, dates and times."""

    facts: list[Fact] = field(default_factory=list)
    days: dict[date, Fact] = field(default_factory=dict)  # a day's steps
    goals: dict[date, float] = field(default_factory=dict)
    empty_days: set[date] = field(default_factory=set)  # "- Wed 2026-11-25: no steps recorded"
    blocks: list[list[date]] = field(default_factory=list)  # the days each block lists
    periods: list[Period] = field(default_factory=list)
    dates: dict[date, str] = field(default_factory=dict)
    notes: dict[date, str] = field(default_factory=dict)  # journal lines by their stamp
    said: dict[float, str] = field(default_factory=dict)  # a number the user wrote: its line
    yearless: dict[tuple[int, int], str] = field(default_factory=dict)
    times: dict[int, str] = field(default_factory=dict)
    years: set[int] = field(default_factory=set)
    fractions: set[str] = field(default_factory=set)
    month_days: dict[int, str] = field(default_factory=dict)  # "the 19th", as written
    weeks: dict[int, str] = field(default_factory=dict)  # "week 47", "2026-W47"
    now: date | None = None
    now_minutes: int | None = None  # the time of day of the latest "Now:" line
    today: Fact | None = None  # the latest "Today so far"
    goal: float | None = None  # the latest goal stated
    streak: Fact | None = None
    derived: list = field(default_factory=list)  # arithmetic.Derived, filled by arithmetic.py
    # value-sorted (value, i) per unit class, over facts + derived: see lookup()
    sorted_values: dict[str, list[tuple[float, int, bool]]] = field(default_factory=dict)
    # the same as (values, items, derived flags) side by side: candidates.py's bisect
    pools: dict[str, tuple[list[float], list, list[bool]]] = field(default_factory=dict)
    # operations by the share they are ("of" a whole, "more": a rise over a base, "less": a
    # fall below one), sorted: evidence.by_share
    shares: dict[str, tuple[list[float], list[int]]] = field(default_factory=dict)
    undated: set[int] = field(default_factory=set)  # operations that need their days named
    kinds: set[str] = field(default_factory=set)
    targets: list[Fact] = field(default_factory=list)  # step counts the user wrote
    named: dict[int, tuple[str, ...]] = field(default_factory=dict)  # periods an operation uses
    seen: set[tuple] = field(default_factory=set)  # the kinds of facts and operations present
    near_cache: dict = field(default_factory=dict)  # verdict.py: candidates by value and unit
    period_cache: dict = field(default_factory=dict)  # candidates.py: (item, periods) → fits
    question: str = ""  # the user's last own block: what the reply answers
    chat: list[str] = field(default_factory=list)  # earlier coach replies: no evidence


_ISO = r"\d{4}-\d{2}-\d{2}"
_N = r"\d[\d,]*"
_DAY = re.compile(rf"- (\w{{3}}) ({_ISO}): ({_N}) steps, goal ({_N}), (?:met|not met)")
_DAY_EMPTY = re.compile(rf"- \w{{3}} ({_ISO}): no steps recorded")
_NOW = re.compile(rf"Now: \w+ ({_ISO}), (\d\d):(\d\d)\. Today so far: (?:({_N}) steps of a "
                  rf"({_N}) goal|no steps synced yet \(goal ({_N})\))")
_PERIOD = re.compile(
    rf"- (.+) \(({_ISO}) to ({_ISO})\): (\d+) of (\d+) days recorded, ({_N}) steps, "
    rf"average ({_N})/day, goal met on (\d+), best ({_N}) on ({_ISO})")
_STREAK = re.compile(rf"- step goal streak: (\d+) days? \(through ({_ISO})\)")
_AVERAGE = re.compile(rf"- (\d+)-day average: ({_N}) steps/day \(({_ISO}) to ({_ISO})"
                      rf"(?:, (\d+) of (\d+) days recorded)?")
_BEST = re.compile(rf"- best day of the last (\d+): ({_N}) steps on ({_ISO})")
_MET = re.compile(rf"- goal met on (\d+) of the last (\d+) days \(({_ISO}) to ({_ISO})\)")
_LONGEST = re.compile(rf"- longest goal streak in the last (\d+) days: (\d+) days? "
                      rf"\(({_ISO}) to ({_ISO})\)")
_COACH_SAID = re.compile(r"- [\d-]+, coach said: ")
_ISO_ANY = re.compile(_ISO)
# "at 7", "after 6": an hour named without a clock time.
_CUE = re.compile(r"\b(?:at|after|before|around|by|until|till|from|to)\s+$", re.IGNORECASE)
_WEEK_NUMBER = re.compile(r"\b(?:week |\d{4}-W)(\d{1,2})\b", re.IGNORECASE)
_WEEK_BEFORE = re.compile(r"(?:\bweek|\bwk|W)\s?$", re.IGNORECASE)


def goal_facts(ev: Evidence) -> list[Fact]:
    """The step goals the request states (not a share of one)."""
    return [f for f in ev.facts if f.kind == "goal" and f.unit != "%"]


def n(text: str) -> float:
    return float(text.replace(",", ""))


def fmt(value: float) -> str:
    """A value as the app writes it: thousands separators, at most one decimal."""
    found = _WRITTEN.get(value)
    if found is None:
        if len(_WRITTEN) > 50_000:
            _WRITTEN.clear()
        found = _WRITTEN[value] = f"{round(value):,}" if abs(value - round(value)) < 1e-9 \
            else f"{value:,.1f}"
    return found


_WRITTEN: dict[float, str] = {}  # fmt's answers: a request writes the same values again


@lru_cache(maxsize=1024)
def short_day(d: date) -> str:
    return f"{d:%a} {d:%b} {d.day}"


def index(segs: tuple[Segment, ...]) -> Evidence:
    """Every fact and number the segments state."""
    ev = Evidence()
    plain: list[str] = []
    words: list[str] = []  # the user's own lines: their targets are operands too
    # a day or period line read before in this request (a session repeats them turn after
    # turn): its dates and facts were added then, so only what a later line may have changed
    # is set again (a day's count and goal; a period's line changes nothing the second time)
    known: dict[str, tuple[date, Fact, float] | None] = {}
    for seg in segs:
        if seg.role == "reply":
            ev.chat.append(seg.text)  # (taken_back.py: what the coach said before)
            continue
        block_days: list[date] = []
        for m in _week_numbers(seg.text):
            ev.weeks.setdefault(int(m[1]), _line(seg.text, m.start()))
        for line in seg.text.splitlines():
            stripped = line.strip()
            if stripped in known:
                again = known[stripped]
                if again is not None:
                    d, fact, goal = again
                    ev.days[d], ev.goals[d], ev.goal = fact, goal, goal
                    if d not in block_days:
                        block_days.append(d)
                continue
            if not _structured(ev, stripped, block_days, known):
                if _COACH_SAID.match(stripped):
                    continue
                (words if seg.role == "user" else plain).append(line)
                for iso in _ISO_ANY.findall(stripped):
                    _add_date(ev, iso, stripped)
        if block_days and block_days not in ev.blocks:
            ev.blocks.append(block_days)
        if seg.role == "user":
            ev.question = seg.text
    _read_plain(ev, "\n".join(plain))
    before = len(ev.facts)
    _read_plain(ev, "\n".join(words))
    ev.targets = [f for f in ev.facts[before:] if f.unit in ("step", None) and f.value >= 1000]
    return ev


def _week_numbers(text: str) -> list[re.Match]:
    """`_WEEK_NUMBER`'s matches in `text`, tried only where "week " or "-W" is written (found
    in its lower case by str.find: the pattern tried at every word of 400 KB is slow)."""
    low = text.lower()
    if len(low) != len(text):
        return list(_WEEK_NUMBER.finditer(text))
    starts = []
    for word, back in (("week ", 0), ("-w", 4)):
        at = low.find(word)
        while at >= 0:
            if at >= back:
                starts.append(at - back)
            at = low.find(word, at + 1)
    found, end = [], 0
    for start in sorted(starts):
        m = _WEEK_NUMBER.match(text, start) if start >= end else None
        if m is not None:
            found.append(m)
            end = m.end()
    return found


def _add(ev: Evidence, fact: Fact) -> None:
    # One fact per value and meaning: the first line that states it is its source.
    key = (fact.value, fact.unit, fact.kind, fact.day, fact.period,
           fact.label if fact.kind != "said" else None)
    if key not in ev.seen:
        ev.seen.add(key)
        ev.facts.append(fact)


def _add_date(ev: Evidence, iso: str, source: str) -> date | None:
    try:
        d = date.fromisoformat(iso)
    except ValueError:
        return None
    ev.dates.setdefault(d, source)
    if source.lstrip("- ").startswith(f"{iso}:"):  # "- 2026-09-06: Long downhill walks ..."
        ev.notes.setdefault(d, source)
    ev.yearless.setdefault((d.month, d.day), source)
    ev.years.add(d.year)
    return d


def _structured(ev: Evidence, line: str, block_days: list[date],
                known: dict[str, tuple[date, Fact, float] | None]) -> bool:
    """Read one line of the app's fixed shapes into typed facts; False for any other line.
    A day line's day, fact and goal are kept in `known`, and a period's line as None
    (index() sets them again for the same line without reading it)."""
    if not line.startswith("- ") and "Now: " not in line:
        return False  # the shapes are list lines, and the live line
    src = line.lstrip("- ")
    m = _DAY.match(line) if line[5:6] == " " and line[6:7].isdigit() else None
    if m:
        d = _add_date(ev, m[2], src)
        if d is None:
            return False
        steps, goal = n(m[3]), n(m[4])
        fact = Fact(steps, "step", "day", d, f"{m[3]} ({short_day(d)})", src)
        _add(ev, fact)
        _add(ev, Fact(goal, "step", "goal", None, f"{m[4]} goal", src))
        ev.days[d] = fact
        ev.goals[d] = goal
        if d not in block_days:
            block_days.append(d)
        ev.goal = goal
        known[line] = (d, fact, goal)
        return True
    empty = _DAY_EMPTY.match(line)
    if empty:
        d = _add_date(ev, empty[1], src)
        if d is not None:
            ev.empty_days.add(d)  # stated, with no count: nothing can be its count
        return True
    m = _NOW.search(line)
    if m:
        d = _add_date(ev, m[1], src)
        ev.now = d
        minutes = int(m[2]) * 60 + int(m[3])
        ev.times.setdefault(minutes, src)
        ev.now_minutes = minutes
        goal_text = m[5] or m[6]
        ev.goal = n(goal_text)
        _add(ev, Fact(ev.goal, "step", "goal", None, f"{goal_text} goal", src))
        if m[4]:
            ev.today = Fact(n(m[4]), "step", "today", d, f"{m[4]} so far (today)", src)
            _add(ev, ev.today)
        return True
    m = _PERIOD.match(line)
    if m:
        label = m[1]
        start, end = _add_date(ev, m[2], src), _add_date(ev, m[3], src)
        best_day = _add_date(ev, m[10], src)
        if start is None or end is None or best_day is None:
            return False
        p = Period(label, start, end, int(m[5]), int(m[4]), n(m[6]), n(m[7]), int(m[8]),
                   n(m[9]))
        known[line] = None  # (stated now: the same line again changes nothing)
        if p in ev.periods:
            return True  # an earlier turn stated it already
        ev.periods.append(p)
        for value, unit, kind, name in (
                (p.recorded, "day", "recorded", f"{p.recorded} days recorded ({label})"),
                (p.length, "day", "recorded", f"{p.length} days ({label})"),
                (p.total, "step", "total", f"{m[6]} steps ({label})"),
                (p.average, "step", "average", f"{m[7]} average ({label})"),
                (p.met, "day", "met", f"goal met on {p.met} ({label})")):
            _add(ev, Fact(value, unit, kind, None, name, src, label))
        _add(ev, Fact(n(m[9]), "step", "best", best_day, f"best {m[9]} ({label})", src, label))
        return True
    m = _STREAK.match(line)
    if m:
        _add_date(ev, m[2], src)
        ev.streak = Fact(n(m[1]), "day", "streak", None, f"streak of {m[1]} days", src)
        _add(ev, ev.streak)
        return True
    m = _AVERAGE.match(line)
    if m:
        _add_date(ev, m[3], src)
        _add_date(ev, m[4], src)
        label = f"{m[1]}-day"
        p = Period(label, date.fromisoformat(m[3]), date.fromisoformat(m[4]), int(m[1]),
                   int(m[5] or m[1]), 0.0, n(m[2]), 0, met_stated=False)
        if p not in ev.periods:
            ev.periods.append(p)
        _add(ev, Fact(n(m[1]), "day", "recorded", None, f"{m[1]} days", src, label))
        if m[5]:
            _add(ev, Fact(n(m[5]), "day", "recorded", None, f"{m[5]} days recorded ({label})",
                          src, label))
        _add(ev, Fact(n(m[2]), "step", "average", None, f"{m[2]} average ({label})", src, label))
        return True
    m = _BEST.match(line)
    if m:
        d = _add_date(ev, m[3], src)
        _add(ev, Fact(n(m[1]), "day", "recorded", None, f"the last {m[1]} days", src))
        _add(ev, Fact(n(m[2]), "step", "best", d, f"best {m[2]} ({short_day(d)})", src))
        return True
    m = _MET.match(line)
    if m:
        _add_date(ev, m[3], src)
        _add_date(ev, m[4], src)
        label = f"last {m[2]} days"
        _add(ev, Fact(n(m[1]), "day", "met", None, f"goal met on {m[1]} ({label})", src, label))
        _add(ev, Fact(n(m[2]), "day", "recorded", None, f"{m[2]} days", src, label))
        p = Period(label, date.fromisoformat(m[3]), date.fromisoformat(m[4]), int(m[2]),
                   int(m[2]), 0.0, 0.0, int(m[1]))
        if p not in ev.periods:
            ev.periods.append(p)
        return True
    m = _LONGEST.match(line)
    if m:
        _add_date(ev, m[3], src)
        _add_date(ev, m[4], src)
        _add(ev, Fact(n(m[1]), "day", "recorded", None, f"the last {m[1]} days", src))
        _add(ev, Fact(n(m[2]), "day", "longest", None, f"longest streak {m[2]} days", src))
        return True
    return False


def _read_plain(ev: Evidence, text: str) -> None:
    """The numbers of every other line, with their units (see the module docstring)."""
    def add(a, source: str) -> None:
        if a.kind == "range":
            for end in a.ends:
                add(end, source)
        elif a.kind == "ordinal" and text[a.start].isdigit() \
                and text.endswith(("the ", "The "), 0, a.start):
            ev.month_days.setdefault(int(a.value), _line(text, a.start))
        elif a.kind in ("count", "ordinal"):
            if a.value is None or _WEEK_BEFORE.search(text, max(0, a.start - 5), a.start):
                return
            if text.startswith("…", a.end) or text.endswith("…", 0, a.start):
                return  # a snippet's clipped number
            if a.kind == "count" and a.value.is_integer() and 1 <= a.value <= 12 \
                    and _CUE.search(text, max(0, a.start - 8), a.start):
                # "after six": an hour, not a count
                for hour in (int(a.value) % 12, int(a.value) % 12 + 12):
                    ev.times.setdefault(hour * 60, _line(text, a.start))
                return
            _add(ev, Fact(a.value, a.unit, "said", None, source, _line(text, a.start)))
        elif a.kind == "percent":
            _add(ev, Fact(a.value, "%", "said", None, source, _line(text, a.start)))
        elif a.kind == "year":
            ev.years.add(int(a.value))
        elif a.kind == "date":
            for y, mo, d, _ in a.dates:
                if mo is None:
                    ev.month_days.setdefault(d, _line(text, a.start))
                    continue
                if y is not None:
                    _add_date(ev, f"{y:04d}-{mo:02d}-{d:02d}", _line(text, a.start))
                else:
                    ev.yearless.setdefault((mo, d), _line(text, a.start))
        elif a.kind == "time":
            for minutes in a.minutes:
                ev.times.setdefault(minutes, _line(text, a.start))
        elif a.kind == "fraction":
            ev.fractions.add(" ".join(text[a.start:a.end].lower().split()))

    for a in read_numbers(text):
        if a.ignored is None:
            add(a, text[a.start:a.end])


def _line(text: str, pos: int) -> str:
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    line = text[start:end if end >= 0 else len(text)].strip().lstrip("- ")
    return line if len(line) <= 100 else line[:97] + "..."

