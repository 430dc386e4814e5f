"""The day of a named fact: "your best day was Friday the 27th", "| Weakest | Tue 24: 7,651 |",
"your best of the last 30 was 13,311 on Dec 1".

A date written as the day of a best or a lowest day is a claim about that fact (issue 17,
item 3: a number tied to a named fact must match that fact), not only about the date: a date
the request states, or one whose line it has, is still wrong when the fact it names fell on
another day. The days a best can be: the days the request states as a best (the 30-day best,
a period's best), and the day with the largest count of each week of day lines it gives; a
lowest likewise (the smallest). When the request names no such day, the date is left as it was.
A date quoted as some other day's ("the best was Wednesday the 25th", Wednesday being the
week's best) keeps its outcome; one that is not any of them is unsupported.

The day of an event ahead: a date after today a few days from a day ahead the request states
(the race on Dec 13) is warned as a possible wrong copy of it (`dates.date_ahead`) only when
its sentence is about that event: it names the event ("race", "10k", a word of the line that
states it). "Review on Dec 15", "you'd need goal days all the way to Dec 16" are plans.

A gap its words put between a best and a lowest day ("the spread between best and lowest was
4,377", "from low to best that's a swing of 3,065") is that week's largest less its smallest
day line: computed when it is (to the precision written, on the side its hedge says: "a swing
of more than 4,000" for 4,377), unsupported when it is not, whatever
other two days' gap has its value.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from typing import Any

from coach_tui.coach.grounding.dates import resolve_date
from coach_tui.coach.grounding.facts import Evidence, fmt
from coach_tui.coach.grounding.reading import precision_of
from coach_tui.coach.grounding.scan import Atom
from coach_tui.coach.grounding.words import valid_date

_BEST = ("best", "highest", "biggest", "top", "peak", "strongest")
_LOWEST = ("lowest", "weakest", "worst", "quietest", "low")
# the fact word, then what joins it to the date: "Your best day was ", "the best was ",
# "best day of the last 30 was 13,311 on ", "| Weakest | " (a table row's label)
_NAMED = re.compile(
    r"\b(" + "|".join(_BEST + _LOWEST) + r")(?:\s+single)?(?:\s+day)?"
    r"(?:\s+(?:of|in|over)\s+(?:the\s+)?(?:last|past)\s+(?:\d+|thirty|seven)(?:\s+days)?)?"
    r"\s*(?:\*\*)?\s*(?:(?:was|came|fell|landed)\s+(?:on\s+)?|:\s*|\|\s*)"
    r"(?:[\d,]+\s+(?:steps\s+)?on\s+)?$", re.I)

_SPAN_ON = re.compile(r"\s*(?:through|thru|to|until|till|into|[-–—→]|and|&)\s*", re.I)

_GAP_WORDS = ("spread", "swing", "gap", "difference", "range")
_GAP_WORD = re.compile(r"\b(?:spread|swing|gap|difference|range)\b", re.I)
# "spread: 12,028 vs 7,651": the number is one side set against the other, not the gap
_SIDE = re.compile(r"\s*(?:steps?\s+)?(?:vs\.?|versus|against|→|->)\s*(?:about\s+)?\d", re.I)
_BEST_WORD = re.compile(r"\b(?:best|highest|top|peak|high)\b")
_LOW_WORD = re.compile(r"\b(?:lowest|low|weakest|worst|quietest)\b")
_NEAR = 3  # days: as dates.date_ahead
_SENTENCE_END = re.compile(r"[.!?](?=\s)|\n")
_EVENT = re.compile(r"\b(?:race|event|run|10k|5k|half|marathon|parkrun|trip|wedding|"
                    r"holiday|appointment|physio)\b")
_WORD = re.compile(r"[a-z0-9]{3,}")
_COMMON = frozenset(("the", "and", "with", "for", "from", "your", "you", "that", "this", "was",
                     "will", "day", "days", "steps", "goal", "today", "now", "week", "walk",
                     "walks", "walking", "running", "dec", "nov", "jan", "oct", "sep", "aug"))


def checked(reply: str, atoms: Sequence[Atom], out: list[Any], ev: Evidence) -> list[Any]:
    """`out` (one mention per atom) with each quoted or computed date that is written as the
    day of a best or lowest day the request places elsewhere made unsupported, and each
    unsupported date ahead that is not about the event near it made advice."""
    if len(atoms) != len(out):
        return out
    days: dict[bool, set[date]] | None = None
    for i in [i for i, a in enumerate(atoms) if a.kind == "date"]:  # (dates only)
        a, m = atoms[i], out[i]
        if a.kind == "date" and m.outcome == "unsupported" and m.source is None \
                and ev.now is not None and _not_the_event(reply, a, ev):
            out[i] = replace(m, outcome="advice", source="a date ahead in a plan")
            continue
        if a.kind != "date" or m.outcome not in ("quoted", "computed"):
            continue
        line = reply.rfind("\n", 0, a.start) + 1
        named = _NAMED.search(reply, max(line, a.start - 70), a.start)
        if named is None or _SPAN_ON.match(reply, a.end):
            continue  # ("the weakest was Friday the 20th through Saturday": a stretch)
        if days is None:
            days = _fact_days(ev)
        best = named[1].lower() in _BEST
        allowed = days[best]
        on = set(resolve_date(a, ev))
        if allowed and on and not on & allowed:
            which = "best" if best else "lowest"
            told = " or ".join(f"{d:%a %b} {d.day}" for d in sorted(allowed))
            out[i] = replace(m, outcome="unsupported", source=f"the {which} day was {told}")
    gaps = _gap_ends(reply.lower())
    starts = [a.start for a in atoms] if gaps else []
    for i in sorted({i for g in gaps for i in range(bisect_left(starts, g),
                                                    bisect_left(starts, g + 61))}):
        a, m = atoms[i], out[i]
        if a.kind == "count" and a.value is not None and a.value >= 100 \
                and m.outcome != "advice" and (m.source is None or m.outcome != "unsupported"):
            found = _spread(reply, a, ev)
            if found is not None:
                out[i] = replace(m, outcome=found[0], source=found[1])
    return out


def _gap_ends(low: str) -> list[int]:
    """Where each gap word of the lowercased reply ends (found with str.find: a search of the
    whole reply by pattern costs more than the rest of this stage)."""
    found = []
    for word in _GAP_WORDS:
        at = low.find(word)
        while at >= 0:
            end = at + len(word)
            if not low[at - 1:at].isalpha() and not low[end:end + 1].isalpha():
                found.append(end)
            at = low.find(word, end)
    return sorted(found)


def _spread(reply: str, a: Atom, ev: Evidence) -> tuple[str, str | None] | None:
    """("computed", how) for a gap its sentence puts between a best and a lowest day that is
    a week's largest less smallest day line, ("unsupported", None) for one that is not, None
    for any other number."""
    line = reply.rfind("\n", 0, a.start) + 1
    ends = [m.end() for m in _SENTENCE_END.finditer(reply, line, a.start)]
    start = ends[-1] if ends else line
    before = reply[start:a.start].lower()
    gap = _GAP_WORD.search(before, max(0, len(before) - 60))
    # (the gap word heads this number: "a swing of 3,065", not "a gap of 4,377 to 7,651",
    # nor a term of the working in brackets after it: "a 4,377 swing (12,028 − 7,651)")
    if gap is None or any(c.isdigit() or c == "(" for c in before[gap.end():]) \
            or not (_BEST_WORD.search(before) and _LOW_WORD.search(before)) \
            or _SIDE.match(reply, a.end):
        return None
    weeks = _weeks(ev)
    center, tol, hedge = precision_of(reply, a)  # ("more than 4,000" for 4,377: a side)
    if hedge is None:
        center, tol = a.number, max((a.unit_step if a.unit_step > 0 else 1.0) / 2, 0.5)
    for (hi, hi_day), (lo, lo_day) in weeks:
        if abs(hi - lo - center) <= tol:
            return "computed", (f"{fmt(hi)} ({hi_day:%a %b} {hi_day.day}, the best) − "
                                f"{fmt(lo)} ({lo_day:%a %b} {lo_day.day}, the lowest) = "
                                f"{fmt(hi - lo)}")
    return ("unsupported", None) if weeks else None  # (no week: nothing to hold it to)


def _not_the_event(reply: str, a: Atom, ev: Evidence) -> bool:
    """A date after today near a stated day ahead, in a sentence that names no event."""
    assert ev.now is not None
    on = resolve_date(a, ev)
    if not on or min(on) <= ev.now:
        return False
    ahead = ev.period_cache.get("fact_dates.ahead")
    if ahead is None:  # (kept with the request)
        ahead = ev.period_cache["fact_dates.ahead"] = [
            (d, src) for d, src in ev.dates.items() if d > ev.now] + [
            (date(ev.now.year, mo, d), src) for (mo, d), src in ev.yearless.items()
            if (mo, d) > (ev.now.month, ev.now.day) and valid_date(ev.now.year, mo, d)]
    near = [src for d, src in ahead if any(abs((d - x).days) <= _NEAR for x in on)]
    if not near:
        return False
    line = reply.rfind("\n", 0, a.start) + 1
    ends = [m.end() for m in _SENTENCE_END.finditer(reply, line, a.start)]
    stop = _SENTENCE_END.search(reply, a.end)
    sentence = reply[ends[-1] if ends else line:stop.start() if stop else len(reply)].lower()
    if _EVENT.search(sentence):
        return False
    said = set(_WORD.findall(sentence))
    return not any(said & set(_WORD.findall(src.lower())) - _COMMON for src in near)


def _fact_days(ev: Evidence) -> dict[bool, set[date]]:
    """The days a best (True) or a lowest (False) can fall on, by the request."""
    found: dict[bool, set[date]] = {True: set(), False: set()}
    for f in ev.facts:
        if f.kind in ("best", "lowest") and f.day is not None:
            found[f.kind == "best"].add(f.day)
    for (_, hi_day), (_, lo_day) in _weeks(ev):
        found[True].add(hi_day)
        found[False].add(lo_day)
    return found


def _weeks(ev: Evidence) -> list[tuple[tuple[float, date], tuple[float, date]]]:
    """Each calendar week of three or more finished day lines: its largest and smallest
    (count, day), kept with the request."""
    found = ev.period_cache.get("fact_dates.weeks")
    if found is None:
        weeks: dict[tuple[int, int], list[tuple[float, date]]] = {}
        for d, fact in ev.days.items():
            if ev.now is None or d < ev.now:  # (today is not over)
                weeks.setdefault(d.isocalendar()[:2], []).append((fact.value, d))
        found = ev.period_cache["fact_dates.weeks"] = [
            (max(counts), min(counts)) for counts in weeks.values() if len(counts) >= 3]
    return found
