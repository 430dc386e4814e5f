"""The request read once into an `Evidence`: `evidence_of(request)`.

Its blocks by role (request.py) read into typed facts (facts.py), the operations a coach
works out redone over them (arithmetic.py), and both indexed by value for the verdict's
bisect; kept for the last few distinct requests (the app checks each turn's reply against a
request it has read once, read_ahead.py). What a check would otherwise work out again for
each number is indexed here once: the operations by the share they are (a share in words'
bisect), and those that need their days named.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from datetime import timedelta
from functools import lru_cache
from operator import attrgetter

from coach_tui.coach.grounding import arithmetic, facts
from coach_tui.coach.grounding.arithmetic import Derived
from coach_tui.coach.grounding.facts import Evidence
from coach_tui.coach.grounding.request import segments


def evidence_of(request: dict | str | Evidence) -> Evidence:
    """The request read once (cached on its text blocks)."""
    if isinstance(request, Evidence):
        return request
    return _cached(segments(request))


def read_request(segs) -> Evidence:
    """The request's segments (request.py) read into an `Evidence`, uncached."""
    ev = facts.index(segs)
    arithmetic.derive(ev)
    _sort(ev)
    return ev


@lru_cache(maxsize=8)
def _cached(segs) -> Evidence:
    return read_request(segs)


def _sort(ev: Evidence) -> None:
    """Index facts and operations by value; of operations that differ only in how they were
    reached (the same value, unit, kind, days, sign and periods), keep the first."""
    seen: set = set()
    # the labels an operation's text writes in brackets, "(label)": one findall per text
    # rather than a search per period (a label with brackets of its own is searched for)
    plain = {p.label for p in ev.periods if "(" not in p.label and ")" not in p.label}
    odd = list(dict.fromkeys(p.label for p in ev.periods if p.label not in plain))
    spans = {(p.start, p.end) for p in ev.periods}
    in_order: dict[frozenset, tuple[str, ...]] = {}  # the labels found, in the periods' order
    for pool, derived in ((ev.facts, False), (ev.derived, True)):
        for i, f in enumerate(pool):
            if derived:
                named: tuple[str, ...] = ()
                if "(" in f.text:
                    found = plain.intersection(_BRACKETED.findall(f.text))
                    if odd:
                        found.update(label for label in odd if f"({label})" in f.text)
                    if found:
                        labels = frozenset(found)
                        named = in_order.get(labels) or in_order.setdefault(labels, tuple(
                            p.label for p in ev.periods if p.label in labels))
                ev.named[id(f)] = named
                key = (round(f.value, 6), f.unit, f.kind, f.days, f.sign, named)
                if _needs_days(f, ev, spans):
                    ev.undated.add(id(f))
                if key in seen:
                    continue
                seen.add(key)
            by = "%" if f.unit == "%" else "d" if derived and f.unit in ("day", "week") \
                else "n"
            ev.sorted_values.setdefault(by, []).append((f.value, i, derived))
    for by, values in ev.sorted_values.items():
        values.sort()
        ev.pools[by] = ([v for v, _, _ in values],
                        [ev.derived[i] if derived else ev.facts[i] for _, i, derived in values],
                        [derived for _, _, derived in values])
    ev.kinds = {f.kind for f in ev.facts} | {d.kind for d in ev.derived}
    ev.said = {f.value: f.source for f in ev.facts if f.kind == "said"}  # (working.py)
    # the operations a share in words may be, by that share: a percentage, a rise over a base
    # (a ratio 1 + share, or a change in percent upward) or a fall below one (a change in
    # percent downward: "a quarter lower than Wednesday"); NaN left out
    shares: dict[str, list[tuple[float, int]]] = {"of": [], "more": [], "less": []}
    for i, d in enumerate(ev.derived):
        if d.unit == "ratio":
            shares["more"].append((d.value - 1, i))
        elif d.unit == "%" and d.kind == "percent":
            shares["of"].append((d.value / 100, i))
        elif d.unit == "%" and d.kind == "change" and d.sign in ("up", "down"):
            shares["more" if d.sign == "up" else "less"].append((d.value / 100, i))
    for way, listed in shares.items():
        listed = sorted(x for x in listed if x[0] == x[0])
        ev.shares[way] = ([s for s, _ in listed], [i for _, i in listed])


def _needs_days(d, ev: Evidence, spans: set) -> bool:
    """Whether an operation may stand only for a number tied to its days (shortlist.py): a
    change between two days, or a count over some of the listed days (neither the first nor
    the last of them, and no stated period's; a count of recorded days, any but a period's or
    a whole block's; a day's share of its period's total)."""
    if d.unit == "%" and (len(d.days) >= 2 or d.days and d.kind in ("change", "part")):
        return True
    if d.kind not in ("met", "missed", "recorded") or len(d.days) < 2:
        return False
    lo, hi = min(d.days), max(d.days)
    if d.kind == "recorded" and (lo, hi) not in spans:
        # (a whole block of day lines is a span too: "across the nine days")
        return not any(b and (min(b), max(b)) == (lo, hi) for b in ev.blocks)
    if (hi - lo).days + 1 != len(d.days):
        return False  # not a run: weekdays, weekend days
    one = timedelta(days=1)
    return lo - one in ev.days and hi + one in ev.days and (lo, hi) not in spans


def by_share(ev: Evidence, lo: float, hi: float, way: str) -> list[Derived]:
    """The request's operations whose share (`_sort`) is within `lo`..`hi`, in its order:
    a bisect of the shares indexed once with the request. `way` is "of" (a share of a
    whole), "more" (a rise over a base) or "less" (a fall below one)."""
    values, order = ev.shares[way]
    return [ev.derived[i] for i in sorted(order[bisect_left(values, lo):
                                                bisect_right(values, hi)])]


_BRACKETED = re.compile(r"\(([^()]*)\)")
_VALUE = attrgetter("value")


def step_gaps(ev: Evidence) -> tuple[list, list[float]]:
    """The request's step differences, largest first (at one value in the request's order),
    and their values negated for a bisect (candidates.py's "within 500 of the goal"): read
    once, kept with the request."""
    found = ev.near_cache.get(_STEP_GAPS)
    if found is None:
        gaps = sorted([d for d in ev.derived if d.kind == "diff" and d.unit == "step"],
                      key=_VALUE, reverse=True)  # (stable: equal values in the request's order)
        found = ev.near_cache[_STEP_GAPS] = (gaps, [-d.value for d in gaps])
    return found


_STEP_GAPS = ("within", "step gaps")  # (its key in `near_cache`: no value's, no day word's)


def derived_of(ev: Evidence, unit: str, kind: str | None) -> list:
    """The request's operations of `unit` (and `kind`), in its order: read once, kept."""
    key = ("derived of", unit, kind)
    found = ev.near_cache.get(key)
    if found is None:
        found = ev.near_cache[key] = [d for d in ev.derived if d.unit == unit
                                      and (kind is None or d.kind == kind)]
    return found
