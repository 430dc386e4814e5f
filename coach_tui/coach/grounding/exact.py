"""An exact stated value in a sentence that names several things: `exact.quoted(...)`.

A number the binding rejected (binding.py ties it to one day or period, the value there
differs) is still **quoted** when it is, digit for digit, a value the request states (a day's
line, today's count so far, a period's average or total, the streak) and its sentence names
that fact's own anchor (the day, the period, "so far" for today's count), provided the
binding's anchor was not unambiguous:

- every other anchor in the number's clause (a day or period that is not the fact's) sits on
  the other side of a comparison from it ("Compared with your 30-day average of 9,505 this
  week ...", "4,906 done, ahead of yesterday's pace", "22,548 against 69,329 last week"), or
  the fact's anchor heads the number ("your 30-day average of 9,505 this week ...");
- the fact words of its clause ("best", "average", "streak") fit the fact's kind.

So a value swapped between two days ("Friday had 4,016 and Saturday 5,699"), another day's
value for a day named alone, or an invented value stays unsupported. Only for step counts
written in full (100 or more, no rounding): a small count or a rounded figure matches too
many facts by chance to be trusted without its binding.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from itertools import product

from coach_tui.coach.grounding.binding import _FACT_OF
from coach_tui.coach.grounding.facts import Evidence, Fact, short_day
from coach_tui.coach.grounding.kinds import gap_sign
from coach_tui.coach.grounding.scan import Atom

# words that put what follows on the other side of a comparison from what precedes
_SIDES = re.compile(r"\b(?:than|against|versus|vs\.?|compared\s+(?:with|to)|ahead\s+of|behind|"
                    r"relative\s+to|instead\s+of|beat|beats|beating|topped|outpaced|from|up\s+on|"
                    r"down\s+on|whereas|while|but)\b", re.IGNORECASE)
# "from 7,651 on Thursday to 12,028": "to" right before the number, after a "from"
_TO = re.compile(r"\bto\s+(?:about\s+|around\s+)?$", re.IGNORECASE)
_FROM = re.compile(r"\bfrom\b", re.IGNORECASE)
# today's count as a writer names it without the word "today"
_SO_FAR = re.compile(r"\b(?:so\s+far|done|already|by\s+(?:now|lunch(?:time)?|noon|this\s+\w+)|"
                     r"right\s+now|at\s+the\s+moment|this\s+morning|today(?:'s)?|currently)\b",
                     re.IGNORECASE)
# the anchor heads the number: "Saturday's 4,016", "30-day average of 9,505", "Wednesday: 12,028"
_HEADS = re.compile(r"(?:'s|’s)?(?:\s*[:=]|\s+(?:(?:steps?|average|averaged|total|totalled|"
                    r"figure|count|was|is|of|at|with|came\s+in\s+at|on)\s+){1,3})\s*"
                    r"(?:\*\*)?", re.IGNORECASE)


def quoted(reply: str, a: Atom, ev: Evidence, binder) -> tuple[str, str] | None:
    """("quoted", the fact's source) when `a` is an exact stated value its sentence names the
    anchor of and its clause's other anchors do not contradict; else None."""
    if a.kind != "count" or a.value is None or a.value < 100 or a.unit_step > 1 or a.k \
            or a.difference or a.unit not in (None, "step"):
        return None
    values = ev.sorted_values.get("n", ())
    i = bisect_left(values, (a.value, -1, False))
    found = []
    while i < len(values) and values[i][0] == a.value:
        if not values[i][2]:
            found.append(ev.facts[values[i][1]])
        i += 1
    if not found:
        return None
    ss, se = binder.sentence(a.start)
    cs, ce = binder.clause(a.start)
    # (the anchors first: most numbers' sentences name none of their facts' own)
    named = [(f, mine) for f in found
             if (mine := _own_anchors(reply, f, binder, ss, se, cs, ce, a)) is not None]
    if not named or gap_sign(reply, a) is not None:
        return None  # (a gap, "2,214 still to go", is checked as one: arithmetic.py)
    kinds = binder.facts(a)
    for f, mine in named:
        if kinds is not None and (f.kind not in kinds or f.period is None) \
                or kinds is None and f.kind not in ("day", "today") and not any(
                    f.kind in fact and rx.search(reply, cs, ce) for rx, fact in _FACT_OF):
            continue  # a record or a day called "best" is bound by its words (verdict.py); a
            # period's figure needs its word ("average", "best") in its clause
        others = _other_anchors(f, binder, ev, cs, ce)
        if not others and not any(cs <= start < ce for start, _ in mine) and cs - 2 > ss:
            # "Tuesday, at 9,231, trailed Monday": a clause of the number alone is the one
            # before's
            others = _other_anchors(f, binder, ev, binder.clause(cs - 2)[0], ce)
        if all(_apart(reply, a, start, end, mine, cs) for start, end in others):
            return "quoted", f.source
    return None


def _own_anchors(reply: str, f: Fact, binder, ss: int, se: int, cs: int, ce: int,
                 a: Atom) -> list[tuple[int, int]] | None:
    """Where the sentence names the fact's anchor (its day, its period, today's "so far");
    None when it names none."""
    spans: list[tuple[int, int]] = []
    if f.period is not None:  # (a period's best names its day too: the period is its anchor)
        spans += [(s, e) for s, e, labels in binder._names_in(ss, se) if f.period in labels]
    elif f.day is not None:
        spans += [(s, e) for s, e, days in _refs_in(binder, ss, se) if f.day in days]
        if f.kind == "today":
            spans += [(m.start(), m.end()) for m in _SO_FAR.finditer(reply, cs, ce)]
    else:
        return None  # a goal or streak is bound by its fact words alone (binding.py)
    spans = [(s, e) for s, e in spans if not s <= a.start < e and _nearest(binder, s, e, ss, se)
             == a.start]
    if not spans and f.period is not None and ss > 0:
        # "November was the stronger month. Your average rose from 8,020 in October to
        # 9,503": a sentence before with no number of its own names the topic
        ps = binder.sentence(ss - 1)[0]
        if bisect_left(binder.starts, ps) == bisect_left(binder.starts, ss):
            spans = [(s, e) for s, e, labels in binder._names_in(ps, ss) if f.period in labels]
    return spans or None


def _nearest(binder, start: int, end: int, ss: int, se: int) -> int | None:
    """The start of the number of the sentence nearest the words at `start:end` (a number
    right before or after a name is that name's: "against Wednesday's 8,963")."""
    best, best_dist = None, None
    for k in range(bisect_left(binder.starts, ss), bisect_left(binder.starts, se)):
        s, e = binder.starts[k], binder.ends[k]
        if start <= s < end:
            continue  # the "30" of "30-day average"
        dist = start - e if e <= start else s - end if s >= end else 0
        if best_dist is None or dist < best_dist:
            best, best_dist = s, dist
    return best


def _other_anchors(f: Fact, binder, ev: Evidence, cs: int, ce: int) -> list[tuple[int, int]]:
    """The days and periods the number's clause names that are not the fact's."""
    out = [(s, e) for s, e, days in _refs_in(binder, cs, ce)
           if f.day is None or f.day not in days]
    out += [(s, e) for s, e, labels in binder._names_in(cs, ce)
            if labels and (f.period is None or f.period not in labels)
            and not (f.day is not None and f.period is None and _holds(ev, labels, f.day))]
    return out


def _holds(ev: Evidence, labels: tuple[str, ...], day) -> bool:
    """Whether one of the periods `labels` names holds `day` ("last week ... 12,028 on
    Wednesday": the week is no other anchor than the day)."""
    return any(p.label in labels and p.start <= day <= p.end for p in ev.periods)


def _refs_in(binder, start: int, end: int) -> list:
    lo = bisect_left(binder.ref_starts, start)
    hi = bisect_left(binder.ref_starts, end)
    return binder.refs[lo:hi]


def _apart(reply: str, a: Atom, start: int, end: int, mine: list[tuple[int, int]],
           cs: int) -> bool:
    """Whether the other anchor at `start:end` is not the number's: a comparison word lies
    between them, or the fact's own anchor heads the number nearer than it."""
    if start <= a.start < end:
        return True  # the number is itself the date
    lo, hi = (end, a.start) if end <= a.start else (a.end, start)
    if _SIDES.search(reply, lo, hi) or hi == a.start and _TO.search(reply, lo, hi) \
            and _FROM.search(reply, cs, lo):
        return True
    return any(e <= a.start and (end > a.start or e > end)
               and _HEADS.fullmatch(reply, e, a.start) is not None for _, e in mine)


# "Monday, Tuesday and Saturday all sat between 8,963 and 9,717": the ends of a range over the
# days its clause lists before it
_BETWEEN_LOW = re.compile(r"\bbetween\s+$", re.IGNORECASE)
_BETWEEN_HIGH = re.compile(r"\bbetween\s+[\d,]+\s+(?:steps\s+)?and\s+$", re.IGNORECASE)


def range_end(reply: str, a: Atom, ev: Evidence, binder) -> tuple[str, str] | None:
    """("quoted", ...) when `a` is the low (high) end of "between A and B" and the lowest
    (highest) value of the days its clause names before "between", two or more, one line a
    day (a weekday named may be either of two dates: one of them); else None."""
    if a.kind != "count" or a.value is None or a.value < 100 or a.unit_step > 1:
        return None
    low = _BETWEEN_LOW.search(reply, max(0, a.start - 10), a.start)
    high = None if low else _BETWEEN_HIGH.search(reply, max(0, a.start - 40), a.start)
    found = low or high
    if found is None:
        return None
    ss = binder.sentence(a.start)[0]
    said = found.start()
    # (from the sentence's last clause break other than the list's own commas and "and")
    cut = max(reply.rfind(c, ss, said) for c in ";:") + 1 or ss
    choices = [sorted(d for d in days if d in ev.days)
               for _, _, days in _refs_in(binder, max(cut, ss), said)]
    choices = [c for c in choices if c]
    if len(choices) < 2 or len(choices) > 4:
        return None
    for days in product(*choices):
        values = [ev.days[d].value for d in days]
        if len(set(days)) == len(days) and (min(values) if low else max(values)) == a.value:
            end = next(d for d in days if ev.days[d].value == a.value)
            listed = ", ".join(short_day(d) for d in sorted(days))
            return "quoted", f"{'lowest' if low else 'highest'} of {listed}: " \
                f"{ev.days[end].source}"
    return None
