"""Which stated facts and operations may stand for a number of a reply, given what binding.py
says it is tied to: its unit (steps, days, a percentage), its day, its period, the fact it
names. Pure predicates over facts.py's `Fact` and arithmetic.py's `Derived`.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from datetime import date

from coach_tui.coach.grounding.arithmetic import TIMES
from coach_tui.coach.grounding.binding import Binder
from coach_tui.coach.grounding.claims import HALF_SIDE, asked_both, half_range
from coach_tui.coach.grounding.evidence import by_share
from coach_tui.coach.grounding.facts import Evidence, fmt
from coach_tui.coach.grounding.scan import Atom
from coach_tui.coach.grounding.shares import (
    base_fits,
    share_range,
    subject_miss,
    subject_of,
    widened,
)
from coach_tui.coach.grounding.units import of_unit


def period_ok(item, derived: bool, periods: tuple[str, ...], ev: Evidence,
              days_too: bool) -> bool:
    """A fact or operation of one of the named periods; with `days_too` (the name is in the
    number's sentence), one about days ("this week you're averaging 11,339") over days all
    within one of them. Kept with the request: it depends on the item and the periods."""
    key = (id(item), periods, days_too)
    found = ev.period_cache.get(key)
    if found is None:
        found = ev.period_cache[key] = _period_ok(item, derived, periods, ev, days_too)
    return found


def _period_ok(item, derived: bool, periods: tuple[str, ...], ev: Evidence,
               days_too: bool) -> bool:
    if not derived:
        if item.period is not None:
            return item.period in periods or item.kind == "recorded"
        return item.day is None or not days_too or _within(frozenset((item.day,)), periods, ev)
    named = ev.named.get(id(item))
    if named is None:
        named = ev.named[id(item)] = tuple(
            p.label for p in ev.periods if f"({p.label})" in item.text)
    if named:
        return any(label in periods for label in named)
    if item.kind in ("met", "missed", "recorded") and len(item.days) >= 2:
        # "one goal day over the last 7 days": a count over the period's days, not some
        spans = [(p.start, p.end) for p in ev.periods if p.label in periods]
        return not spans or any(min(item.days) == lo and max(item.days) == hi
                                for lo, hi in spans)
    return not item.days or not days_too or _within(item.days, periods, ev)


def _within(days: frozenset, periods: tuple[str, ...], ev: Evidence) -> bool:
    spans = [(p.start, p.end) for p in ev.periods if p.label in periods]
    if not spans or not days:
        return True
    first, last = min(days), max(days)  # (every day within a span: its first and last are)
    return any(lo <= first and last <= hi for lo, hi in spans)


def span_ok(item, derived: bool, span, ev: Evidence, before: bool = False) -> bool:
    """A fact or operation about days, all within the days a period name means; a stated
    period's fact only when that period lies within them ("October: 13 of 31" is not the
    last 30 days' 13)."""
    days = item.days if derived else (item.day,) if item.day is not None else ()
    if not derived and item.period is not None and item.kind != "recorded":
        days = _edges(ev, item.period)
    elif before and not derived and item.kind == "streak" \
            and (through := _THROUGH.search(item.source)):
        # a streak runs up to its last day: not a figure of the week before ("3 goal days
        # versus 1" the week before)
        return date.fromisoformat(through[1]) <= span[1]
    return all(span[0] <= d <= span[1] for d in days)


_THROUGH = re.compile(r"\(through (\d{4}-\d\d-\d\d)\)")


def _edges(ev: Evidence, label: str) -> tuple:
    """The first and last days of the stated period `label` (kept with the request)."""
    key = ("edges", label)
    found = ev.period_cache.get(key)
    if found is None:
        found = ev.period_cache[key] = tuple(d for p in ev.periods if p.label == label
                                             for d in (p.start, p.end))
    return found


# "4% above your", "up 18% on": what joins a change in percent to the period it is over
_COMPARED = re.compile(r"\s+(?:\w+\s+){0,2}?(?:above|below|over|under|than|on|behind|ahead\s+of|"
                       r"against|versus|vs\.?)\s+(?:your\s+|the\s+|that\s+)?", re.I)


# "about 1.3x your goal": a multiple of the goal named right after it
_GOAL_BASE = re.compile(r"\s*(?:times|x|×)\s+(?:your\s+|the\s+)?(?:daily\s+)?goal\b", re.I)


def both_named(item, a: Atom, binder: Binder, ev: Evidence) -> bool:
    named = ev.named.get(id(item), ())
    if len(named) == 1 and item.days:  # "9% above your 30-day average": a day against it
        return named[0] in binder.sentence_periods(a)
    own = binder.sentence_names(a)
    if not named and (item.days and len(own) >= 2 or own and item.unit == "ratio"
                      and not _GOAL_BASE.match(binder.reply, a.end)) \
            and not binder.days_in(*binder.sentence(a.start)):
        return False  # "your 7-day average is 1.2 times your 30-day average", "13,311 is
        # about 1.3 times your 30-day average": the periods' figures, not two days no word of
        # the sentence names
    if len(named) < 2:
        return True
    if len(own) >= 2:
        # "November against October, up 23%": a sentence naming two periods names both sides;
        # the one named right after it is the base ("4% above your 7-day average": ÷ 7-day)
        after = binder._names_in(a.end, min(binder.sentence(a.start)[1], a.end + 48))
        base = item.text.rsplit("÷", 1)[-1]
        return all(any(label in labels for labels in own) for label in named) and (
            item.unit != "%" or not after or not after[0][2]
            or not _COMPARED.fullmatch(binder.reply, a.end, after[0][0])
            or any(f"({label})" in base for label in after[0][2]))
    said = binder.sentence_periods(a)
    # The base (after ÷) must be named; the period compared with it may be the one the
    # sentence is about ("the week averaged 8,111, 15% below your 30-day average").
    base = [label for label in named if f"({label})" in item.text.rsplit("÷", 1)[-1]]
    return not said or all(label in said for label in base or named) or asked_both(named, ev)


def day_ok(item, derived: bool, days: frozenset, *, strict: bool) -> bool:
    """Whether `item` may stand for a number tied to `days`: a fact or operation about one of
    them, or (`strict` off: a fact word names what the number is) about no day at all; the
    goal always."""
    if derived:
        return bool(item.days & days) or not item.days and not strict
    if item.day is not None:
        return item.day in days
    if item.unit == "day":
        return True  # a count of days (streak, goal days) is no one day's value
    return not strict or item.kind == "goal" or item.kind == "said" and item.unit not in (
        None, "step")


def spans_period(item, derived: bool, named: frozenset, ev: Evidence) -> bool:
    """A period's own fact, for a number tied to days written as exactly that period's span
    ("64,000 steps over Nov 16 to Nov 22" for the week of Nov 16 to 22)."""
    if derived or item.period is None or len(named) < 2:
        return False
    key = ("spanned by", named)  # (the labels of the periods it spans: kept with the request)
    labels = ev.period_cache.get(key)
    if labels is None:
        lo, hi = min(named), max(named)
        labels = ev.period_cache[key] = frozenset(p.label for p in ev.periods
                                                  if p.start == lo and p.end == hi)
    return item.period in labels


def starts_on(item, derived: bool, start, ev: Evidence) -> bool:
    """A fact or operation over days from `start` on: an operation whose first day it is, a
    stated period that begins on it, or one day's value on or after it."""
    if derived:
        return bool(item.days) and min(item.days) == start
    if item.period is not None:
        return any(p.label == item.period and p.start == start for p in ev.periods)
    return item.day is None or item.day >= start


def kind_ok(item, derived: bool, kinds: frozenset, ev: Evidence) -> bool:
    if not _any_of(ev, kinds):
        return True  # the request states no such fact: nothing to bind to
    return of_kind(item, derived, kinds, ev)


def of_kind(item, derived: bool, kinds: frozenset, ev: Evidence) -> bool:
    """`kind_ok` where the request states a fact of one of `kinds` (asked once a number)."""
    if derived:
        if item.kind == "next" and {"streak", "record"} <= kinds and ev.streak is not None \
                and not item.text.startswith(ev.streak.label):
            # "brings your streak to 3" (a streak or run named, not "make it 3"): the stated
            return False  # streak + 1, not a period's goal days + today
        if item.kind == "next" and "place" in kinds and ev.streak is not None \
                and " days met (" in item.text:
            return False  # "today would be day 3": a place in the streak, not goal days + 1
        # (a gap against an amount times the days, "70,000 − 69,329", is a total too)
        return item.kind in kinds or ("total" in kinds and (item.kind in ("sum", "projection")
                                                            or item.kind == "diff"
                                                            and TIMES in item.text))
    # The user's own numbers: a count of days, or a target ("my 12k goal"), or what their
    # sentence names it ("I want 75,000 steps total": the total they asked for)
    # ("15 days in a row before, and 18 at your best this year": the longest streak)
    return item.kind in kinds or item.kind == "longest" and "best" in kinds \
        or item.kind == "said" and (
        "recorded" in kinds or "goal" in kinds
        or "total" in kinds and _TOTAL_SAID.search(item.source) is not None)


_TOTAL_SAID = re.compile(r"\b(?:total|in\s+all|altogether)\b", re.IGNORECASE)


def _any_of(ev: Evidence, kinds: frozenset) -> bool:
    return not kinds.isdisjoint(ev.kinds) or ("total" in kinds and "sum" in ev.kinds)


# "a third more", "a quarter of": a fraction word as the size of a ratio or a share.
FRACTIONS = {"half": 0.5, "third": 1 / 3, "quarter": 0.25, "fifth": 0.2, "sixth": 1 / 6,
              "seventh": 1 / 7, "eighth": 0.125, "tenth": 0.1}
A_BEFORE = re.compile(r"\b(?:a|one)\s+$", re.I)
_PLACE_AFTER = re.compile(r"\s+(?:day|time|week|straight|consecutive|goal|walk)", re.I)
_MORE_AFTER = re.compile(r"\s+(?:more|higher|bigger|up|above|over)\b", re.I)
_LESS_AFTER = re.compile(r"\s+(?:less|lower|smaller|fewer|down|below|under)\b", re.I)
FRACTION_SLACK = 0.04  # "roughly a third" of 34%, 30%: the written precision of a fraction word


# "the average rose by roughly a fifth", "down by about a third": a change, said before it
_BY_HEDGE = r"\s+(?:by\s+)?(?:about\s+|roughly\s+|around\s+|nearly\s+|almost\s+|close\s+to\s+)?"
_UP_BY = re.compile(r"\b(?:rose|risen|rise|up|climbed|grew|grown|increased|jumped|gained"
                    # ("Wednesday beat Tuesday by roughly a third")
                    r"|(?:beat|beats|topped|tops|outdid|outwalked|outpaced)(?:\s+[\w'’]+){1,3}?"
                    r"(?=\s+by\s))" + _BY_HEDGE + r"(?:a|one)\s+$", re.I)
_DOWN_BY = re.compile(r"\b(?:fell|fallen|dropped|down|dipped|slipped|decreased|shrank)"
                      + _BY_HEDGE + r"(?:a|one)\s+$", re.I)


def fraction(reply: str, a: Atom, ev: Evidence, days: frozenset | None, periods=None,
             base: frozenset | None = None, led=None):
    """(outcome, source) for "a third more" (a ratio of 1.33) or "a third of" (a share of
    33%), when the number is such a word; None when it is not one. `base`: the days named
    right after "more than" / "lower than", which the operation must be over; `led(item)`:
    whether the sentence names an operation's days in the order it needs (arithmetic's
    `lead`)."""
    word = phrase = " ".join(reply[a.start:a.end].lower().split())
    for article in ("a ", "one "):
        word = word.removeprefix(article)
    # ("three quarters", "two days in five": a share in several words)
    several = share_range(phrase) if a.kind == "fraction" and word not in FRACTIONS else None
    if several is None and (word not in FRACTIONS or a.kind == "ordinal" and (not A_BEFORE.search(
            reply, max(0, a.start - 5), a.start) or _PLACE_AFTER.match(reply, a.end))):
        return None  # ("a seventh day in a row": a place, not a share)
    lo, hi = several or (FRACTIONS[word], FRACTIONS[word])
    before = reply[max(0, a.start - 40):a.start]
    more = _MORE_AFTER.match(reply, a.end) is not None or _UP_BY.search(before) is not None
    less = not more and (_LESS_AFTER.match(reply, a.end) is not None
                         or _DOWN_BY.search(before) is not None)
    side = HALF_SIDE.search(reply, max(0, a.start - 24), a.start) if word == "half" else None
    if side is not None and not more:
        # "less than half your goal", "more than half the month": a share on that side of a
        # half, any way it is worked out (the reply's own operands are checked where written)
        lo, hi = half_range(side)
        # of the day or period it is tied to ("less than half your goal" on a day the request
        # has no line for is a share of nothing stated)
        shares = ev.sorted_values.get("%", [])  # (by value: those in the range, nearest a
        # half first)
        inside = shares[bisect_left(shares, (lo * 100, -1, False)):
                        bisect_left(shares, (hi * 100, len(ev.derived), True))]
        for _, i, derived in inside if lo >= 0.5 else reversed(inside):
            item = ev.derived[i] if derived else None  # (of the whole its words name)
            if item and item.kind == "percent" and item.cue is None \
                    and base_fits(reply, a.end, item.text) and (
                    item.days & days if days is not None
                    else not periods or not set(ev.named.get(id(item), ())).isdisjoint(periods)):
                return "computed", f"{item.text}, {' '.join(side[0].split())} half"
        return None, None
    lo, hi = widened(reply, a.start, lo, hi, min(FRACTION_SLACK, lo / 4))  # (its side too)
    subject = subject_of(reply, a.start) if more or less else None
    found = None  # (the nearest to a rounded count before it: "close to 1,500 more")
    for item in by_share(ev, lo, hi, "more" if more else "less" if less else "of"):
        if found is not None and not found[0]:
            break  # (an exact one: none is nearer)
        # (of the days it is tied to; two days named: an operation over both of them)
        miss = None if days is not None and item.days and (
            not item.days & days or len(days) > 1 and not days <= item.days) \
            or base and not base <= item.days \
            or item.lead is not None and not (led is not None and led(item)) \
            else 0.0 if subject is None else subject_miss(subject, item.text)
        if miss is not None and (found is None or miss < found[0]) \
                and base_fits(reply, a.end, item.text):  # (over the whole its words name)
            found = (miss, item)
    if found is not None:
        about = f"about {phrase}" if several else f"about a {word}"
        return "computed", f"{found[1].text}, {about}{' more' if more else ' less' if less else ''}"
    return None, None


BOTH_PAST_ENDS = ("over", "above", "past", "beyond", "than", "under", "below", "of", "about")
BOTH_PAST_WORDS = ("both", "all", "each")  # (one is in every match)
# "Thursday and Saturday were both over 11,000": a bound every day named must meet
BOTH_PAST = re.compile(r"\b(?:both|all|each|all (?:three|four|five|six|seven))\s+(?:were\s+|"
                       r"came in\s+|finished\s+|stayed\s+|landed\s+)?(?:(over|above|past|beyond|"
                       r"more than)|(under|below|short of|less than))\s+(?:about\s+)?$", re.I)


def all_past(reply: str, a: Atom, ev: Evidence, binder: Binder,
             mark) -> tuple[str | None, str | None]:
    """True when every stated day named before the number in its sentence is over (or
    under) it, and the sentence names at least two."""
    ss = binder.sentence(a.start)[0]
    days = sorted({d for start, _, found in binder.refs if ss <= start < a.start
                   for d in found if d in ev.days})
    if len(days) < 2:
        return None, None
    over = mark[1] is not None
    if all((ev.days[d].value > a.number) if over else (ev.days[d].value < a.number) for d in days):
        listed = ", ".join(ev.days[d].label for d in days)
        return "computed", f"{listed}: each {'over' if over else 'under'} {fmt(a.number)}"
    return None, None


# "on weekdays", "your Saturdays and Sundays": a kind of day across a period, not the period
# (a first character class, case-sensitive, lets the engine skip prose in C: `[wWsSſ](?<!\w.)`
# is `\b` and the first letter, case-insensitive as the rest is, "ſ" being an "s" to re)
_WEEK_PART = re.compile(r"([wWsSſ](?<!\w[wWsSſ])(?:(?<=[wW])(?i:eekdays|eekends?|eekend days|"
                        r"eek days)|(?<=[sSſ])(?i:aturdays and sundays|undays and saturdays)))\b")


def week_part(reply: str, a: Atom, binder: Binder) -> bool | None:
    """True / False when the nearest "weekends" / "weekdays" in the number's clause (or
    "Saturdays and Sundays" across its "and") says which days it is over; else None."""
    cs, ce = binder.clause(a.start)
    end = min(len(reply), ce + 18)
    low = binder.low
    if low is not None and low.find("week", cs, end) < 0 and low.find("days", cs, end) < 0:
        return None  # (found first by str.find: most clauses name neither)
    found = [m for m in _WEEK_PART.finditer(reply, cs, end) if m.start() < ce]
    if not found:
        return None
    near = min(found, key=lambda m: abs(m.start() - a.start))
    return near[1].lower().startswith(("weekend", "sat", "sun"))


def both_past(reply: str, a: Atom) -> re.Match | None:
    """`BOTH_PAST` before `a`, searched only where the words before it may end and hold one
    of its matches' words (the search tries every start in 40 characters)."""
    before = a.before
    if before is not None and not (before.endswith(BOTH_PAST_ENDS)
                                   and any(w in before for w in BOTH_PAST_WORDS)):
        return None
    return BOTH_PAST.search(reply, max(0, a.start - 40), a.start)


def of_week_part(item, weekend: bool) -> bool:
    """An operation over weekend days only (or weekdays only), or between the two."""
    if "weekend" in item.text or "weekday" in item.text:
        return True
    return len(item.days) >= 2 and all((d.weekday() >= 5) == weekend for d in item.days)


def by_value(ev: Evidence, a: Atom, center: float, pct: bool, tol: float, cut: float,
                days: bool, bound: bool | None) -> tuple:
    """The facts and operations `a` may stand for by value and unit, nearest first: cached
    on the request, as they depend on the number and its unit, not on the reply's words
    (`bound` None: by value alone)."""
    key = (a.value, center, a.unit, a.kind, pct, tol, cut, days, bound)
    found = ev.near_cache.get(key)
    if found is None:
        near = _near(ev, "%" if pct else "n", center, tol, cut, a.number)
        if days:
            near += _near(ev, "d", center, tol, cut, a.number)
        kept = near if bound is None else of_unit(a, near, bound)
        if len(ev.near_cache) > 20_000:
            ev.near_cache.clear()
            ev.period_cache.clear()  # keyed on the ids of what near_cache held
        found = ev.near_cache[key] = tuple(sorted(kept, key=_first))
    return found


def any_by_value(ev: Evidence, a: Atom, center: float, pct: bool, tol: float, cut: float,
                 days: bool) -> bool:
    """Whether any fact or operation has `a`'s value (`by_value` by value alone, not built)."""
    return bool(_near(ev, "%" if pct else "n", center, tol, cut, a.number)) \
        or days and bool(_near(ev, "d", center, tol, cut, a.number))


def of_periods(ev: Evidence, near: tuple) -> bool:
    """Whether any candidate is of a named period (kept with the request, like `near`)."""
    key = ("periods", id(near))
    found = ev.period_cache.get(key)
    if found is None:
        found = ev.period_cache[key] = any(
            ev.named.get(id(item)) if derived else item.period for _, item, derived in near)
    return found


def _near(ev: Evidence, pool_name: str, value: float, tol: float, cut: float,
          written: float) -> tuple:
    """(distance from `written`, item, derived) of the pool's facts and operations within
    `tol` of `value` (operations also up to `cut` above it), in the pool's order; kept for
    the reply's other look-ups of the same value (by_value's with and without its unit)."""
    key = (pool_name, value, tol, cut, written)
    found = ev.near_cache.get(key)
    if found is None:
        values, items, derived = ev.pools.get(pool_name, _NO_POOL)
        lo = bisect_left(values, value - tol - 1e-9)
        hi = bisect_right(values, value + max(tol, cut) + 1e-9, lo)
        limit = tol + 1e-9
        found = ev.near_cache[key] = tuple([  # (a list first: no generator frame an item)
            (abs(v - written), item, d)
            for v, item, d in zip(values[lo:hi], items[lo:hi], derived[lo:hi], strict=True)
            if d or abs(v - value) <= limit])
    return found


_NO_POOL: tuple[list, list, list] = ([], [], [])


def _first(pair: tuple) -> float:
    return pair[0]


_YOUR_BEST = re.compile(r"\byour\s+(?:best|highest|lowest|worst)\s+(?:single\s+)?day\s+"
                        r"(?:is|was|so far|to date)\s+(?:about\s+)?$", re.IGNORECASE)


def own_record(reply: str, a: Atom, ev: Evidence) -> dict[str, bool] | None:
    """For "your best day is 12,993" (the user's own record): the record kinds the request
    states (best, lowest), each with whether one of them is of no one period; else None."""
    if not (a.may_end(("is", "was", "far", "date", "about")) and a.may_hold("your")
            and _YOUR_BEST.search(reply, max(0, a.start - 40), a.start)):
        return None
    found: dict[str, bool] = {}
    for f in ev.facts:
        if f.kind in ("best", "lowest"):
            found[f.kind] = found.get(f.kind, False) or f.period is None
    return found


def spans_asked(item, asked: tuple[str, ...], ev: Evidence) -> bool:
    """An average or sum the answer to a question about `asked` may be: one over a period
    asked about, or over all its days (not some days inside it)."""
    if item.kind not in ("average", "sum") or not item.days \
            or not set(ev.named.get(id(item), ())).isdisjoint(asked):
        return True  # (other operations: counts, gaps, days between, are bound as before)
    lo, hi = min(item.days), max(item.days)
    return any(p.label in asked and p.start == lo and p.end == hi for p in ev.periods)
