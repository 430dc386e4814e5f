"""A number's candidates narrowed once by the tests that depend only on a candidate, the
fact words the number is tied to and its days: `fitting(ev, near, kinds, days, named)`.

The candidate loop (verdict.py) tests each candidate a number's value and unit allow; these
tests do not depend on the reply's words around it beyond its kinds and days, so their answer
is kept with the request (candidates.py's `period_cache`, cleared with its `near_cache`) and a
number whose kinds and days were seen before skips them.
"""

from __future__ import annotations

from coach_tui.coach.grounding import candidates
from coach_tui.coach.grounding.facts import Evidence

SAID_LEVEL = 1_000  # a figure the user wrote this large is theirs for any days: no day's count


def fitting(ev: Evidence, near: tuple, kinds: frozenset | None, days: frozenset | None,
            named: frozenset) -> tuple:
    """The candidates of `near` that the number's fact words (`kinds`) and days allow, by
    the tests that depend on nothing else (kept with the request): of the named kind; of
    one of `days` (or, with none named, not a change between days or a count over some of
    the listed days)."""
    key = ("fit", id(near), kinds, days, named if days is not None
           and (len(named) >= 2 or not days) else None)
    found = ev.period_cache.get(key)
    if found is None:
        any_kind = kinds is not None and candidates._any_of(ev, kinds)
        if days is None:  # (in one pass, no call a candidate: most numbers name no day)
            undated = ev.undated  # a change between two days, or a count over some of the
            # listed days, needs those days named (evidence.py)
            wanted = frozenset() if kinds is None else kinds  # (read only with any_kind)
            found = tuple([c for c in near if not (c[2] and id(c[1]) in undated)
                           and (not any_kind or candidates.of_kind(c[1], c[2], wanted, ev))])
        else:
            found = tuple([c for c in near if _fits(c[1], c[2], kinds, any_kind, days, named,
                                                    ev)])
        ev.period_cache[key] = found
    return found


def _fits(item, derived: bool, kinds, any_kind: bool, days: frozenset, named,
          ev: Evidence) -> bool:
    if not derived and item.kind == "said" and item.value >= SAID_LEVEL and kinds is None:
        return True  # "75,000 over Monday to Sunday": the user's own figure for those days
    if not candidates.day_ok(item, derived, days, strict=kinds is None) \
            and not candidates.spans_period(item, derived, named, ev) \
            and not (not days and derived and item.kind == "between"
                     and item.days <= named):
        return False  # ("Nov 19 was twelve days ago": days from a date with no line)
    if item.kind in ("met", "missed") and len(days) >= 2 \
            and (max(days) - min(days)).days == len(days) - 1 \
            and not _inside(item, derived, min(days), max(days), ev):
        return False  # "the 27th to the 29th, with two goal days": within those days
    return not any_kind or candidates.of_kind(item, derived, kinds, ev)


def _inside(item, derived: bool, first, last, ev: Evidence) -> bool:
    """Whether a count of days (an operation's, or a stated period's) counts days from
    `first` to `last` only."""
    if derived:
        return bool(item.days) and first <= min(item.days) and max(item.days) <= last
    return any(p.label == item.period and first <= p.start and p.end <= last
               for p in ev.periods)
