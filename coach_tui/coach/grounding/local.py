"""Arithmetic over the numbers a reply itself has just shown to be true.

A writer works a number out from numbers they have just written: "this Tuesday's 13,311 was
4,348 ahead of last Tuesday's 8,963", "yesterday's 9,237 is banked, leaving 65,763 of your
75,000", "across the three days you're 4,018 ahead of 30,000" (3 × the 10,000 goal), "75,000
over seven days works out to about 10,700 a day". `rescue` redoes the operations of the
contract's kinds over the numbers beside it, to the precision written, and names the
operation: a difference or sum of two numbers of 100 or more, the goal or a target the user
wrote (1,000 or more) times a count of days (2-31), a total of 1,000 or more shared over
such a count.

Operands are only numbers already found true (quoted or computed) in the number's sentence or
the one before (not one worked out from this number), plus what the user wrote in the request
and the goal; an invented number never makes another one true. Results under 100 are left to
the request's own operations (small numbers coincide too easily), and so are percentages,
whose base the words decide (candidates.py), except one right after "X of Y": that is X ÷ Y
(`share_of`), and a change ("down about 67%") of two true counts the sentence pairs, "X
against Y" or "from Y to X" (X − Y) ÷ Y, the way its words say.
"""

from __future__ import annotations

import calendar
import math
import re
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING, Any

from coach_tui.coach.grounding import rest_share, row_ops, shown
from coach_tui.coach.grounding.candidates import FRACTION_SLACK, FRACTIONS
from coach_tui.coach.grounding.dates import period_labels
from coach_tui.coach.grounding.facts import Evidence, Fact, fmt, goal_facts
from coach_tui.coach.grounding.kinds import change_sign, gap_sign, sentence_sign
from coach_tui.coach.grounding.row_ops import MIN_RESULT
from coach_tui.coach.grounding.scan import Atom
from coach_tui.coach.grounding.shares import share_range
from coach_tui.coach.grounding.words import (
    MONTH_WORD,
    SMALL,
    WEEKDAY_WORD,
    WEEKDAYS,
    may_hold,
    trie,
)

if TYPE_CHECKING:
    from coach_tui.coach.grounding.binding import Binder

MINUS, PLUS, TIMES, DIVIDE = "−", "+", "×", "÷"
MAX_COUNT = 31  # a count of days a total is spread over or multiplied by


# "4,074 up on Sunday", "600 more than Friday", "1,200 below Monday's": the day a gap is from
_GAP_ON_DAY = re.compile(r"\s*(?:steps?\s+)?(?:up|down|more|less|fewer|higher|lower|above|below|"
                         r"ahead|behind)\s+(?:on|than|of)?\s*(?:last\s+|the\s+)?"
                         r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b", re.I)

def worked_out(reply: str, atoms: list[Atom], out: list[Any], ev: Evidence, binder: Binder,
               precision: Callable[[str, Atom], tuple[float, float, Any]]) -> list[Any]:
    """`out` (the reply's mentions, one per atom) with each unsupported count that an
    operation over the true numbers beside it gives made computed; `precision` gives a written
    number's (center, tolerance, _)."""
    true = [(b.start, b.number, n.text, (n.source or "") if n.outcome == "computed" else "")
            for b, n in zip(atoms, out, strict=True)
            if n.outcome in ("quoted", "computed") and b.kind == "count" and b.value is not None]
    starts = [t[0] for t in true]
    # a worked-out operand carries its rounding: half the place it is written to ("averaged
    # about 10.6k, roughly 965 a day more than the weekdays (9,628)": 10,593.5 − 9,628.4)
    # (not one whose zeros may be rounding or not: "10,000"; one zero, "about 10,960 a day"
    # of 10,960.5, is read to its units)
    # (a sum of whole days is exact: "9,231 + ... = 69,329" carries no rounding, "69,329,
    # 672 short of 70,000" is 671)
    steps = {b.start: b.unit_step / 2 if "." in n.text or n.text.rstrip("kK")[-1:] != "0"
             else 0.5 for b, n in zip(atoms, out, strict=True)
             if n.outcome == "computed" and b.kind == "count" and b.value is not None
             and ("." in n.text or n.text.rstrip("kK")[-2:] != "00")
             and not _EXACT_SUM.search(n.source or "")}
    targets: dict[float, str] = {}  # the goal and the user's own figures: operands too
    for f in ev.facts:
        if f.kind in ("said", "goal") and f.unit != "%":
            targets.setdefault(f.value, fmt(f.value))
    for i, (a, m) in enumerate(zip(atoms, out, strict=True)):
        if m.outcome != "unsupported" or m.source is not None or a.kind != "count" \
                or a.value is None or a.number < MIN_RESULT:  # (a source: refuted, ranks.py)
            continue
        # "Friday's 11,600", "you're at 10,600 today": that day's value or none; "from today
        # ... about 10,700 a day": a rate, a share of a total only
        rate = _stated_level(reply, a, ev, binder)
        if rate and not _PER_DAY.match(reply, a.end):
            continue
        if _RUNNING.search(reply, max(0, a.start - 24), a.start):
            line = reply.rfind("\n", 0, a.start) + 1
            same = next((text for at, v, text, _ in true
                         if line <= at < a.start and v == a.number), None)
            if same is not None:  # "- Sun 29 Nov: 11,470 (+1,470), running total 11,470"
                out[i] = replace(m, outcome="computed",
                                 source=f"a running total of its first day: {same}")
                continue
        first = binder.sentence(a.start)[0]
        start = binder.sentence(first - 1)[0] if first > 0 else 0
        if (table := table_before(reply, first)) is not None:
            start = min(start, table)  # "| Needed per day | 10,961 |" just above
        end = binder.sentence(a.start)[1]
        written = fmt(a.number)
        # a number worked out from this one does not prove it ("9,494 ... 506 short")
        near = [t for t in true[bisect_left(starts, start):bisect_left(starts, end)]
                if not _names(t[3], written)]
        operands = [(v, text) for _, v, text, _ in near]
        rounded = {v: steps[at] for at, v, _, _ in near if at in steps}
        for span in _SPAN_OF_DAYS.finditer(reply, first, end):  # "46,781 more over Wed–Sun:
            first_day, last_day = (WEEKDAYS[w[:3].lower()] for w in span.groups())  # 9,356 a
            n = (last_day - first_day) % 7 + 1  # day": its 5 days
            operands.append((float(n), f"{n} days ({span[0].split(None, 1)[1]})"))
        center, tol, _ = precision(reply, a)
        # "about 700 below your average": a gap is a difference, never a sum or a share
        other = _REST.search(reply, *binder.clause(a.start))
        rest = None if other is None else int(_written(other[1]) or 0) or None
        if may_hold(reply[start:end], _LEFT_OUT_WORDS) and _LEFT_OUT.search(reply, start, end):
            # "without Thursday's 7,651 the week averaged about 10,280": the days of the
            # period whose total is written beside it, less the one left out; the total unsaid,
            # that of the period holding the day left out
            period = next((p for p in ev.periods if p.recorded > 2
                           and any(v == p.total for v, _ in operands)), None)
            if period is None:
                values = {v for v, _ in operands}
                period = next((p for p in ev.periods if p.recorded > 2 and p.total and any(
                    f.value in values for d, f in ev.days.items() if p.start <= d <= p.end)),
                    None)
                if period is not None:
                    operands = [*operands,
                                (period.total, f"{fmt(period.total)} ({period.label})")]
            if rest is None and period is not None:
                rest = period.recorded - 1
        source = rescue(center, tol, operands, targets, gap=_GAP.match(reply, a.end) is not None,
                        rest=rest, rounded=rounded, rate=rate) \
            or _goal_week(reply, a, ev)
        if not rate:  # (a rate of one day's words: its share, nothing else)
            source = source \
                or _left_today(reply, a, ev, operands, center, tol) \
                or _exact_anywhere(a, tol, [*((v, text) for _, v, text, src in true
                                              if not _names(src, written)), *targets.items()])
        if source is not None and (base := _window_base(reply, a, ev)) is not None \
                and fmt(base) not in source:
            # "668 under your 30-day average": a gap from that average, no other ("roughly
            # 1,000 a day more than your 7-day average of 9,905": 10,960 − 9,905)
            source = next((f"{text} {MINUS} {fmt(base)} = {fmt(abs(v - base))}"
                           for v, text in operands if v >= MIN_RESULT and v != base
                           and abs(abs(v - base) - center) <= tol + 1e-9), None)
            if source is None:
                continue
        if source is not None and (named := _GAP_ON_DAY.match(reply, a.end)) is not None \
                and not any(fmt(f.value) in source for d, f in ev.days.items()
                            if d.weekday() == WEEKDAYS[named[1].lower()]):
            continue  # "4,074 up on Sunday": a gap from the day it names, not from another
        if source is not None:
            out[i] = replace(m, outcome="computed", source=source)
            # "That leaves 65,763 ..., about 10,960 a day over the six days": an operand for
            # the numbers after it, as worked out
            at = bisect_left(starts, a.start)
            starts.insert(at, a.start)
            true.insert(at, (a.start, a.number, m.text, source))
    _made_it(reply, atoms, out, ev)
    _month_so_far(reply, atoms, out, ev, binder)
    _tainted(reply, atoms, out, targets, binder, precision)
    for i, (a, m) in enumerate(zip(atoms, out, strict=True)):
        if m.outcome == "unsupported" and a.kind == "percent" and a.value is not None:
            source = _paired_change(reply, a, atoms, out, binder, precision) \
                or _share_of_true(reply, a, atoms, out, binder, precision) \
                or shown.change(reply, a, atoms, out, ev, binder, precision) \
                or rest_share.rest(reply, a, atoms, out, binder, precision) \
                or _named_base(reply, a, atoms, out, binder) \
                or _gap_of_fact(reply, a, atoms, out, ev, binder) \
                or row_ops.ratio(reply, a, atoms, out) \
                or _day_share(reply, a, ev, binder) \
                or _day_share_of_sum(reply, a, atoms, out, ev, binder) \
                or _share_of_named(reply, a, atoms, out, ev, binder)
            if source is not None:
                out[i] = replace(m, outcome="computed", source=source)
        elif m.outcome == "unsupported" and a.kind == "count" and a.value is not None \
                and (source := row_ops.difference(reply, a, atoms, out)
                     or _points(reply, a, atoms, out, binder, precision)) is not None:
            out[i] = replace(m, outcome="computed", source=source)
    return out


_POINTS = re.compile(r"\s*(?:percentage\s+)?(?:points?|pts?|pp)\b", re.IGNORECASE)


def _points(reply: str, a: Atom, atoms: list[Atom], out: list[Any], binder: Binder,
            precision: Callable[[str, Atom], tuple[float, float, Any]]) -> str | None:
    """"41.9% → 44.8%: +2.9 points": the difference of two true percentages of its sentence,
    in percentage points; when its sentence has no two, of two written just before it (a
    table's "13 (41.9%) | 13 (44.8%)" row, then "a higher share: up 2.9 points")."""
    if not _POINTS.match(reply, a.end):
        return None
    ss, se = binder.sentence(a.start)
    center, tol, _ = precision(reply, a)
    for lo, hi in ((ss, se), (max(0, ss - _POINTS_BACK), a.start)):
        shares = [(b.number, n.text) for b, n in zip(atoms, out, strict=True)
                  if lo <= b.start < hi and b.kind == "percent" and b.value is not None
                  and n.outcome in ("quoted", "computed")]
        for (x, tx), (y, ty) in ((p, q) for k, p in enumerate(shares) for q in shares[k + 1:]):
            if abs(abs(x - y) - center) <= tol:
                big, small = (tx, ty) if x > y else (ty, tx)
                return f"{big} {MINUS} {small} = {abs(x - y):.1f} percentage points"
        if sum(lo <= b.start < hi and b.kind == "percent" for b in atoms) >= 2:
            return None  # (its sentence's own two, true or not: the points are of them)
    return None


_POINTS_BACK = 400  # how far before its sentence two percentages may be written


def _made_it(reply: str, atoms: list[Atom], out: list[Any], ev: Evidence) -> None:
    """"N more goal days would have made it M of K": N is M less the goal days a period of K
    days the request states had (and M that many plus N), each made computed when so."""
    if "would" not in reply:
        return
    for m in _MADE_IT.finditer(reply):
        more, made, of = (_written(m[k]) for k in (1, 2, 3))
        if more is None or made is None or of is None:
            continue
        period = next((p for p in ev.periods if p.recorded == of and p.met_stated
                       and p.met + more == made), None)
        if period is None:
            continue
        source = f"{fmt(period.met)} goal days ({period.label}) + {fmt(more)} = {fmt(made)}"
        for i, (a, n) in enumerate(zip(atoms, out, strict=True)):
            if m.start() <= a.start < m.end() and n.outcome == "unsupported" \
                    and a.value in (more, made):
                out[i] = replace(n, outcome="computed", source=source)


# "15.8% above your 7-day average of 9,904", "88.3% of your 30-day high of 12,993": the base
# its words name, right after them
_BASE_NAMED = re.compile(r"\s*(?:(above|over|higher\s+than|more\s+than|up\s+on|ahead\s+of)|"
                         r"(below|under|lower\s+than|less\s+than|down\s+on|behind)|(of))\s+"
                         r"(?:[^.!?\n\d%]|\d+-day\b){0,40}?$", re.I)


# "December starts at 1 for 1", "December (so far): 0 of 1": goal days of the month in progress
_X_OF_Y = re.compile(r"(\d{1,2})\s+(?:of|for|out\s+of)\s+(\d{1,2})\b")


def _month_so_far(reply: str, atoms: list[Atom], out: list[Any], ev: Evidence,
                  binder: Binder) -> None:
    """"X of Y" goal days in a sentence naming the month in progress ("Close it and December
    starts at 1 of 1", "December (so far): 0 of 1, day still open"): Y its days so far (today
    too or not), X its goal days, with today's when the words suppose it is met. Only when the
    request lists every finished day of the month (or today is its first)."""
    if ev.now is None:
        return
    month = calendar.month_name[ev.now.month]
    low = binder.low if binder.low is not None else reply.lower()
    if month.lower() not in low and "this month" not in low:
        return
    days = [d for d in ev.days if d.year == ev.now.year and d.month == ev.now.month
            and d < ev.now]
    if len(days) != ev.now.day - 1:
        return  # (some finished day of the month not listed: its count is not known)
    goal = ev.goal
    met = sum(1 for d in days if goal is not None and ev.days[d].value >= ev.goals.get(d, goal))
    starts = [b.start for b in atoms]
    for m in _X_OF_Y.finditer(reply):
        ss, se = binder.sentence(m.start())
        said = reply[ss:se].lower()
        if month.lower() not in said and "this month" not in said \
                and not _MONTH_ROW.search(reply, reply.rfind("\n", 0, m.start()) + 1, m.start()):
            continue
        x, y = int(m[1]), int(m[2])
        c = len(days)
        if not (y == c and x == met or y == c + 1 and x in (met, met + 1)):
            continue
        for start in (m.start(1), m.start(2)):
            i = bisect_left(starts, start)
            if i < len(out) and starts[i] == start and out[i].outcome == "unsupported" \
                    and out[i].source is None:
                out[i] = replace(out[i], outcome="computed",
                                 source=f"{month} so far: {met} goal days of {c} finished"
                                        f"{', and today' if y == c + 1 else ''}")


_MONTH_ROW = re.compile(rf"\b(?:this\s+month|{MONTH_WORD})\b", re.I)


# "over Wed–Sun", "for Tuesday to Sunday": a run of weekdays a total is shared over
_SPAN_OF_DAYS = re.compile(rf"\b(?:over|across|for)\s+{WEEKDAY_WORD}\.?\s*(?:-|–|to|through|thru)"
                           rf"\s*{WEEKDAY_WORD}", re.I)


def _named_base(reply: str, a: Atom, atoms: list[Atom], out: list[Any],
                binder: Binder) -> str | None:
    """A percentage to one decimal whose sentence names its base after it ("Versus your
    week: 15.8% above your 7-day average of 9,904") and whose subject is a true count the reply
    gave before that sentence (Sunday's 11,470 in the verdict line): the change (or share)
    of the subject over that base, rounded as written. The base is the one its words name, so
    a change over the wrong one stays wrong; a subject in its own sentence is left to the
    rules that pair the two sides there."""
    if not re.fullmatch(r"[+\-−]?\d{1,3}\.\d%", reply[a.start:a.end].strip()):
        return None
    lo, hi = binder.sentence(a.start)
    true = [(b, n) for b, n in zip(atoms, out, strict=True)
            if b.kind == "count" and b.value is not None and b.value >= MIN_RESULT
            and n.outcome in ("quoted", "computed")]
    found = next((((b, n), w) for b, n in true if a.end < b.start < hi
                  and (w := _BASE_NAMED.fullmatch(reply, a.end, b.start)) is not None), None)
    if found is None or any(lo <= b.start < a.start for b, _ in true):
        return None
    base, words = found
    want, b_value = abs(a.number), base[0].number
    for x, n in true:
        if x.start >= lo or x.number == b_value:
            continue
        if words[3] is not None:  # "88.3% of your 30-day high"
            if round(x.number / b_value * 100, 1) == want:
                return f"{n.text} {DIVIDE} {base[1].text} = {x.number / b_value * 100:.1f}%"
        elif (x.number > b_value) == (words[1] is not None) \
                and round(abs(x.number - b_value) / b_value * 100, 1) == want:
            change = abs(x.number - b_value) / b_value * 100
            return f"({n.text} {MINUS} {base[1].text}) {DIVIDE} {base[1].text} = {change:.1f}%"
    return None


# "668 below your 7-day average", "beat your 30-day average by 1,566", "over the 10,000 goal by
# 1,470", "missed by 763": the fact a gap is to
_GAP_TO_FACT = re.compile(r"\b(?:above|below|over|under|short\s+of|more\s+than|less\s+than|beat|"
                          r"beats|behind|ahead\s+of|off|against|compared\s+(?:with|to)|versus|vs\.?)"
                          r"\s+(?:your|the)\s+(?:\d{1,3}(?:,\d{3})+(?:-step)?\s+)?(?:(\d+)-day\s+)?"
                          r"(?:(average)|goal|target)\b"
                          # "missed by 763, i.e. 7.6% short", "beat it by 1,470": the goal
                          r"|\b(?:missed|short|over|beat|beaten|cleared|topped|passed)\s+(?:it\s+)?by\b",
                          re.I)


_OF_AFTER = re.compile(r"\s*of\b", re.I)


def _gap_of_fact(reply: str, a: Atom, atoms: list[Atom], out: list[Any], ev: Evidence,
                 binder: Binder) -> str | None:
    """"Yesterday was 668 below your 7-day average, about 6.7% under": the gap its sentence
    gives (a true count before the percentage) over the fact its words measure it against,
    rounded as written."""
    lo, hi = binder.sentence(a.start)
    named = _GAP_TO_FACT.search(reply, lo, hi)
    if a.value is None or _OF_AFTER.match(reply, a.end):  # "about 93% of the target": a share
        return None
    if named is None:
        return _gap_against(reply, a, atoms, out, lo)
    if named[2] is not None:
        window = f"{named[1]}-day" if named[1] else None
        bases = [f for f in ev.facts if f.kind == "average" and f.unit != "%"
                 and (window is None or f.period == window)]
    else:
        bases = goal_facts(ev)
    gaps = [(b, n) for b, n in zip(atoms, out, strict=True)
            if lo <= b.start < a.start and b.kind == "count" and b.value is not None
            and b.value >= MIN_RESULT and n.outcome in ("quoted", "computed")]
    text = reply[a.start:a.end].strip()
    places = len(text.rstrip("%").partition(".")[2])
    for base in bases[:4]:
        for g, n in gaps:
            share = g.number / base.value * 100
            if round(share, places) == abs(a.number) or not places and abs(
                    share - abs(a.number)) < 1 and _hedged(reply, a):
                return f"{n.text} {DIVIDE} {base.label} = {share:.1f}%"
    return None


# "Against a 70,000 week you came in 13,225 short, about 18.9% under": the mark set against
_AGAINST_MARK = re.compile(r"\bagainst\s+(?:a|an|the|your)\s+$", re.I)


def _gap_against(reply: str, a: Atom, atoms: list[Atom], out: list[Any], lo: int) -> str | None:
    """A percentage to one decimal that is the true gap its sentence gives over the true
    mark it sets the result against ("Against a 70,000 week you came in 13,225 short, about
    18.9% under"), rounded as written."""
    if not _one_decimal(reply, a):
        return None
    true = [(b, n) for b, n in zip(atoms, out, strict=True)
            if lo <= b.start < a.start and b.kind == "count" and b.value is not None
            and b.value >= MIN_RESULT and n.outcome in ("quoted", "computed")]
    marks = [(b, n) for b, n in true if _AGAINST_MARK.search(reply, max(0, b.start - 16), b.start)]
    for mark, mark_m in marks:
        for gap, gap_m in true:
            if gap is not mark and gap.number < mark.number:
                share = gap.number / mark.number * 100
                if round(share, 1) == a.number:
                    return f"{gap_m.text} {DIVIDE} {mark_m.text} = {share:.1f}%"
    return None


_HEDGED_PCT = re.compile(r"\b(?:about|around|roughly|nearly|almost|some|~|just\s+(?:over|under))"
                         r"\s*$", re.I)


# "Wednesday alone was 19.7% of the week", "Tuesday carried 17.3% of the week's total"
_OF_WHOLE_PERIOD = re.compile(r"\s*of\s+(?:the|that|this|your|last\s+week['’]s|the\s+week['’]s)?\s*"
                              r"(week|month)(?:['’]s\s+(?:total|steps))?\b", re.I)


def _one_decimal(reply: str, a: Atom) -> bool:
    """Whether `a` is a percentage written to one decimal ("19.7%"): exact enough that a
    share or gap of two figures rarely meets it by chance."""
    return re.fullmatch(r"\d{1,2}\.\d%", reply[a.start:a.end].strip()) is not None


def _named_day(a: Atom, ev: Evidence, binder: Binder) -> tuple[date, Fact] | None:
    """The one stated day `a` is tied to, with its steps; None unless there is one."""
    days = binder.day(a)
    if not days or len(days) != 1:
        return None
    d = next(iter(days))
    fact = ev.days.get(d)
    return None if fact is None else (d, fact)


def _day_share(reply: str, a: Atom, ev: Evidence, binder: Binder) -> str | None:
    """A percentage to one decimal "of the week" (or month) that is the share of that whole
    the one day its sentence names took: that day's steps over the total of the stated week
    (or month) it falls in, rounded as written."""
    whole = _OF_WHOLE_PERIOD.match(reply, a.end)
    if whole is None or not _one_decimal(reply, a):
        return None
    named = _named_day(a, ev, binder)
    if named is None:
        return None
    d, fact = named
    length = 7 if whole[1].lower() == "week" else None
    for p in ev.periods:
        if p.start <= d <= p.end and p.total > 0 and (
                p.length == length if length else p.start.day == 1 and p.length >= 28):
            share = fact.value / p.total * 100
            if round(share, 1) == a.number:
                return f"{fmt(fact.value)} ({d.isoformat()}) {DIVIDE} {fmt(p.total)} " \
                       f"({p.label}) = {share:.1f}%"
    return None


def _day_share_of_sum(reply: str, a: Atom, atoms: list[Atom], out: list[Any], ev: Evidence,
                      binder: Binder) -> str | None:
    """A percentage to one decimal that is the share the one day its sentence names took of a
    true larger count the sentence gives ("of the 20,991 steps across the two days,
    Wednesday carried 57.3%"): that day's steps over it, rounded as written."""
    if not _one_decimal(reply, a):
        return None
    named = _named_day(a, ev, binder)
    if named is None:
        return None
    d, fact = named
    lo, hi = binder.sentence(a.start)
    for b, n in zip(atoms, out, strict=True):
        if lo <= b.start < hi and b is not a and b.kind == "count" and b.value is not None \
                and b.number > fact.value and n.outcome in ("quoted", "computed"):
            share = fact.value / b.number * 100
            if round(share, 1) == a.number:
                return f"{fmt(fact.value)} ({d.isoformat()}) {DIVIDE} {n.text} = {share:.1f}%"
    return None


# "32.5% of last week's total", "about 40% of November's": a share of a period its words name
_OF_NAMED_TOTAL = re.compile(rf"\s*of\s+(?:the\s+)?(last\s+week|this\s+week|{MONTH_WORD})"
                             r"['’]s?\s+(?:total|steps)\b", re.I)


def _share_of_named(reply: str, a: Atom, atoms: list[Atom], out: list[Any], ev: Evidence,
                    binder: Binder) -> str | None:
    """A percentage to one decimal "of last week's total" (or this week's, or a month's) that
    is a true count its sentence gives before it, or a total of another stated period it
    names, over the total of the period its words name, rounded as written ("This week has
    already logged 32.5% of last week's total": 22,548 of 69,329)."""
    named = _OF_NAMED_TOTAL.match(reply, a.end)
    if named is None or not _one_decimal(reply, a):
        return None
    labels = set(period_labels(ev, named[1].lower()))
    bases = [p for p in ev.periods if p.label in labels and p.total > 0]
    if not bases:
        return None
    ss = binder.sentence(a.start)[0]
    parts = [(b.number, n.text) for b, n in zip(atoms, out, strict=True)
             if ss <= b.start < a.start and b.kind == "count" and b.value is not None
             and b.value >= MIN_RESULT and n.outcome in ("quoted", "computed")]
    said = reply[ss:a.start].lower()
    parts += [(p.total, f"{fmt(p.total)} ({p.label})") for p in ev.periods
              if p.total > 0 and p not in bases
              and any(name in said for name in ("this week", "last week"))
              and p.label in set(period_labels(ev, "this week") + period_labels(ev, "last week"))]
    for base in bases:
        for value, text in parts:
            share = value / base.total * 100
            if round(share, 1) == a.number:
                return f"{text} {DIVIDE} {fmt(base.total)} ({base.label}) = {share:.1f}%"
    return None


# "668 under your 30-day average", "1,200 above the 7-day average": the average a gap is from
_FROM_WINDOW = re.compile(r"\s*(?:steps?\s+)?(?:(?:a|per|each)\s+day\s+)?(?:under|below|over|above|"
                          r"short\s+of|ahead\s+of|"
                          r"behind|more\s+than|less\s+than|fewer\s+than)\s+(?:your|the)\s+"
                          r"(\d{1,3})-day\s+(?:average|avg)\b", re.I)


def _window_base(reply: str, a: Atom, ev: Evidence) -> float | None:
    """The stated average of the window the words right after a gap name as its base, when
    they name one the request states; else None."""
    m = _FROM_WINDOW.match(reply, a.end)
    if m is None:
        return None
    window = f"({m[1]}-day)"
    return next((f.value for f in ev.facts if f.kind == "average" and f.label.endswith(window)),
                None)


# "for a 70,000-step week", "a full goal week of 70,000": the goal on each of seven days
_WEEK_AFTER = re.compile(r"[\s-]*(?:steps?[\s-]+)?week\b", re.I)
_OVER_DAYS = re.compile(r"\s+(?:more\s+)?(?:over|across)\s+the\s+(?:\w+\s+)?(?:days?|week)\b",
                        re.I)
_GOAL_WEEK_BEFORE = re.compile(r"\bgoal\s+week\s+(?:of\s+|is\s+|at\s+)?$", re.I)


def _goal_week(reply: str, a: Atom, ev: Evidence) -> str | None:
    """The goal times seven when its words make it a week of goal days ("for a 70,000-step
    week you need 47,452 over the 5 days left"); else None."""
    if not ev.goal or a.number != ev.goal * 7:
        return None
    if _WEEK_AFTER.match(reply, a.end) or _GOAL_WEEK_BEFORE.search(reply, max(0, a.start - 20),
                                                                     a.start):
        return f"{fmt(ev.goal)} goal {TIMES} 7 days = {fmt(a.number)}"
    return None


def _hedged(reply: str, a: Atom) -> bool:
    return _HEDGED_PCT.search(reply, max(0, a.start - 16), a.start) is not None


def _exact_anywhere(a: Atom, tol: float, operands: list[tuple[float, str]]) -> str | None:
    """A count written to the step (not rounded, not a round number) that is exactly the
    difference or sum of two true counts written anywhere in the reply: a worked figure whose
    operands stand further away than its sentence (an exact 4-digit coincidence is rare). One
    written to the ten, unhedged ("Per day you're up 1,370 steps" of 11,274 and 9,904 in the
    bullets above), counts when it is exactly that."""
    if a.number < 100 or (a.number % 10 == 0 and (tol > 5 or a.number < 1_000
                                                 or a.number % 100 == 0)) \
            or (a.number % 10 and tol > 0.5):
        return None
    big = [(v, t) for v, t in operands if v >= MIN_RESULT]
    first: dict[float, int] = {}  # each value's first place: the pair a search in order finds
    for i, (v, _) in enumerate(big):
        first.setdefault(v, i)
    for x, xs in big:  # (linear: each x has one partner for a difference and one for a sum)
        less, rest = first.get(x - a.number), first.get(a.number - x)
        if rest is not None and big[rest][0] > x:
            rest = None  # (a sum is found from its larger operand first)
        if less is not None and (rest is None or less < rest):
            return f"{xs} {MINUS} {big[less][1]} = {fmt(a.number)}"
        if rest is not None:
            return f"{xs} {PLUS} {big[rest][1]} = {fmt(a.number)}"
    return None


ROW = re.compile(r"\s*(?:\||[-*•]\s|\d{1,2}[.)]\s)")  # a table row or a list item


def table_before(reply: str, first: int) -> int | None:
    """Where the table or list that ends right before the sentence at `first` (a blank line
    at most between them) starts, when one does ("- Weekend: about 10,594 a day" above "So
    the weekend ran about 965 a day ahead": its items are the sentence's operands)."""
    head = reply[:first].rstrip()
    start = len(head)
    # (a list item's own claim is its own: "- 14 of the last 30 days, 48.3%" is not worked
    # out from "- 13 of 29 days" above it; a table above still gives its figures)
    item = ROW.match(reply, reply.rfind("\n", 0, first) + 1) is not None
    while True:
        line = head.rfind("\n", 0, start) + 1
        if not (ROW.match(head, line, start) and (not item or head[line:start].lstrip()
                                                   .startswith("|"))):
            return None if start == len(head) else start + 1
        if line == 0:
            return 0
        start = line - 1


# "needs 4,325 more", "7,122 to go", "another 4,325": what is still to walk today
_MORE = re.compile(r"\s*(?:steps?\s+)?(?:more|to\s+go|left|still)\b", re.I)
_ANOTHER = re.compile(r"\banother\s+(?:about\s+|roughly\s+|around\s+)?$", re.I)


def _left_today(reply: str, a: Atom, ev: Evidence, operands: list[tuple[float, str]],
                center: float, tol: float) -> str | None:
    """"matching last Monday's 9,231 needs 4,325 more": a true count of the sentence less
    today's count so far, when the words say it is still to walk."""
    if ev.today is None or not (_MORE.match(reply, a.end)
                                or _ANOTHER.search(reply, max(0, a.start - 24), a.start)):
        return None
    today = ev.today.value
    for v, text in operands:
        if v > today and abs(v - today - center) <= tol + 1e-9:
            return f"{text} {MINUS} {ev.today.label} = {fmt(v - today)}"
    return None


def _names(source: str, written: str) -> bool:
    """Whether an operation's text has `written` as one of its numbers ("714" is not one of
    "75,000 ÷ 7 = 10,714")."""
    return re.search(rf"(?<![\d,.]){re.escape(written)}(?![\d]|[,.]\d)", source) is not None


_AT = re.compile(r"\byou(?:'re|\s+are)\s+(?:already\s+|now\s+|only\s+|still\s+)?(?:at|on)\s+$",
                 re.I)


def _stated_level(reply: str, a: Atom, ev: Evidence, binder: Binder) -> bool:
    """A step count that is the level of one day the request states ("Friday's 11,600",
    "Friday (11,600)", "you're at 10,600 today"), not a gap: that day's value, which no sum
    or difference of the numbers beside it stands in for."""
    if gap_sign(reply, a) is not None or _GAP.match(reply, a.end) \
            or _WEEK_AFTER.match(reply, a.end) or _OVER_DAYS.match(reply, a.end):
        return False  # ("a 70,000-step week", "47,452 over the 5 days left": no one day's)
    days = binder.day(a)
    if days is not None and len(days) == 1 and next(iter(days)) in ev.days:
        return True
    return ev.today is not None and _AT.search(reply, max(0, a.start - 30), a.start) is not None


# "That's roughly 1,600 above ...": a sentence about the one before it
_THAT = re.compile(r"\s*(?:That|This|It)(?:'s|’s|\s+is|\s+was|\s+leaves)\s", re.I)
_PER_DAY = re.compile(r"\s*(?:steps?\s+)?(?:extra\s+|more\s+)?(?:a|per|each)\s+day\b|/day", re.I)


def _tainted(reply: str, atoms: list[Atom], out: list[Any], targets: dict[float, str],
             binder: Binder, precision: Callable[[str, Atom], tuple[float, float, Any]]) -> None:
    """A number worked out from one the reply got wrong is wrong too: a computed count that
    an operation over an unsupported count written before it (in its sentence, or in the one
    before when it opens "That's") and the true numbers beside it gives, and no operation over
    the true ones alone does, is unsupported ("Nov 19 came in at 9,494 [not Nov 19's], 506
    short of the goal"; "finding 5,671 more [wrong], about 810 a day"), unless its clause
    names the facts it is of ("a spread of 4,400 between your best and worst days")."""
    big = [(b.start, b, n) for b, n in zip(atoms, out, strict=True)
           if b.kind == "count" and b.value is not None and b.number >= MIN_RESULT]
    wrong_at = [start for start, _, n in big if n.outcome == "unsupported"]
    if not wrong_at:
        return
    starts = [start for start, _, _ in big]
    for i, (a, m) in enumerate(zip(atoms, out, strict=True)):
        if m.outcome != "computed" or a.kind != "count" or a.value is None \
                or a.number < MIN_RESULT or a.number in targets:
            continue  # (the goal, or a figure the user wrote: "673 short of your 10,000"
            # gets the gap wrong, not the goal it is measured against)
        ss, se = binder.sentence(a.start)
        start = binder.sentence(ss - 1)[0] if ss > 0 and _THAT.match(reply, ss) else ss
        k = bisect_left(wrong_at, start)
        if k == len(wrong_at) or wrong_at[k] >= a.start \
                or binder.names_fact(*binder.clause(a.start)) \
                or binder.names_fact(*binder.clause(wrong_at[k])):
            continue  # ("a spread of 4,400 between your best and worst days": of those facts;
            # "your weakest was Tuesday at 7,651, a spread of 4,377": the record is true)
        wrong, true = [], []
        for _, b, n in big[bisect_left(starts, start):bisect_left(starts, se)]:
            if b is a:
                continue
            if n.outcome == "unsupported" and b.start < a.start:
                wrong.append((b.number, n.text))
            elif n.outcome in ("quoted", "computed"):
                true.append((b.number, n.text))
        if _PER_DAY.match(reply, a.end):
            true.append((7.0, "7 days"))  # "about 810 extra a day": a week's amount a day
        center, tol, _ = precision(reply, a)
        gap = _GAP.match(reply, a.end) is not None
        if rescue(center, tol, true, targets, gap=gap) is None:
            found = rescue(center, tol, wrong + true, targets, gap=gap)
            if found is not None:
                out[i] = replace(m, outcome="unsupported",
                                 source=f"{found}, from a number not in your records")


# "about 700 below", "1,719 short": a gap ("30,000 to hit your goal" may be a product)
_GAP = re.compile(r"\s*(?:steps?\s+)?(?:short|under|below|behind|shy|above|ahead|fewer|less)\b",
                  re.I)

# "22,548 so far against 69,329", "11,274 a day vs 9,904": the later side, then its base
_AGAINST = re.compile(r"[^.!?\d%]{0,24}?\b(?:against|vs\.?|versus|compared\s+(?:with|to))\s+"
                      r"[^.!?\d%]{0,24}$", re.I)
FROM_BEFORE = re.compile(r"\bfrom\s+(?:about\s+|around\s+)?$", re.I)
FROM_TO = re.compile(r"[^.!?\d%]{0,24}?\bto\s+(?:about\s+|around\s+)?$", re.I)


def _paired_change(reply: str, a: Atom, atoms: list[Atom], out: list[Any], binder: Binder,
                   precision: Callable[[str, Atom], tuple[float, float, Any]]) -> str | None:
    """A change in percent ("down about 67%", "about 14% higher") of two true step counts its
    sentence pairs: "X against Y" (X on Y) or "from Y to X", the way its words say."""
    ss, se = binder.sentence(a.start)
    sign = change_sign(binder, a) or sentence_sign(reply[ss:a.start])
    if sign is None:
        return None
    true = [(b, n) for b, n in zip(atoms, out, strict=True)
            if ss <= b.start < se and b.kind == "count" and b.value is not None
            and b.value >= MIN_RESULT and n.outcome in ("quoted", "computed")]
    center, tol, _ = precision(reply, a)
    for (b1, n1), (b2, n2) in zip(true, true[1:], strict=False):
        if _AGAINST.fullmatch(reply, b1.end, b2.start):
            (now, now_text), (base, base_text) = (b1.number, n1.text), (b2.number, n2.text)
        elif FROM_BEFORE.search(reply, max(0, b1.start - 16), b1.start) \
                and FROM_TO.fullmatch(reply, b1.end, b2.start):
            (now, now_text), (base, base_text) = (b2.number, n2.text), (b1.number, n1.text)
        else:
            continue
        found = _change_is(a, now, now_text, base, base_text, sign, center, tol)
        if found is not None:
            return found
    # Any two true counts of the sentence, in the direction its words say: a rise is over the
    # smaller, a fall from the larger ("Tuesday's 13,311 beats ... 12,028 ..., by 10.7%";
    # "1,980 in October, 497 in November: it shrank by 74.9%")
    for b1, n1 in true:
        for b2, n2 in true:
            if b1.number > b2.number:
                big, small = (b1.number, n1.text), (b2.number, n2.text)
                (now, now_text), (base, base_text) = (big, small) if sign == "up" else (small, big)
                found = _change_is(a, now, now_text, base, base_text, sign, center, tol)
                if found is not None:
                    return found
    return None


def _change_is(a: Atom, now: float, now_text: str, base: float, base_text: str, sign: str,
               center: float, tol: float) -> str | None:
    """The change from `base` to `now` as written when it is `a` (rounded or cut as written)
    in the direction `sign`; else None."""
    change = (now - base) / base * 100
    step = a.unit_step if a.unit_step > 0 else 1.0
    size = abs(change)
    if (change > 0) == (sign == "up") and (abs(size - center) <= tol + 1e-9
                                           or math.floor(size / step) * step == a.value):
        return f"({now_text} {MINUS} {base_text}) {DIVIDE} {base_text} = " \
               f"{'+' if change > 0 else MINUS}{size:.1f}%"
    return None


# "came to about 36% of Wednesday's total", "42% of your average": a share of a figure
_PCT_OF = re.compile(r"\s*(?:of|as much as)\s", re.I)


def _share_of_true(reply: str, a: Atom, atoms: list[Atom], out: list[Any], binder: Binder,
                   precision: Callable[[str, Atom], tuple[float, float, Any]]) -> str | None:
    """A percentage "of" something that is X ÷ Y of the true step count X written just before
    it in its sentence and a true step count Y in its sentence or the one before (the base its
    words name: "4,016 steps came to about 36% of Wednesday's total", Wednesday's 11,203 said
    before), rounded or cut as written. None when no such pair gives it."""
    if not _PCT_OF.match(reply, a.end):
        return None
    ss, se = binder.sentence(a.start)
    start = binder.sentence(ss - 1)[0] if ss > 0 else 0
    true = [(b, n) for b, n in zip(atoms, out, strict=True)
            if start <= b.start < se and b is not a and b.kind == "count"
            and b.value is not None and b.value >= MIN_RESULT
            and n.outcome in ("quoted", "computed")]
    before = [(b, n) for b, n in true if ss <= b.start < a.start]
    if not before:
        return None
    part, part_m = before[-1]
    center, tol, _ = precision(reply, a)
    step = a.unit_step if a.unit_step > 0 else 1.0
    for base, base_m in true:
        if base is part or base.number == part.number:
            continue
        share = part.number / base.number * 100
        if abs(share - center) <= tol + 1e-9 or math.floor(share / step) * step == a.value:
            return f"{part_m.text} {DIVIDE} {base_m.text} = {share:.1f}%"
    return None


def rescue(value: float, tol: float, operands: list[tuple[float, str]],
           targets: dict[float, str], *, gap: bool = False, rest: int | None = None,
           rounded: dict[float, float] | None = None, rate: bool = False) -> str | None:
    """The operation over `operands` ((value, as written)) and `targets` (the request's goal
    and user-stated numbers) that gives `value` within `tol`, as "a − b = c"; None when none
    does. A difference of `rounded` operands (worked out, each with half the place it is
    written to) may be off by their roundings; a `rate` ("from today ... about 10,700 a day",
    a day's words on a rate) is a share, no difference or sum."""
    if value < MIN_RESULT:
        return None
    pool = dict(targets)
    pool.update((v, text) for v, text in operands)
    big = [(v, t) for v, t in pool.items() if v >= MIN_RESULT]
    counts = [(v, t) for v, t in pool.items() if v.is_integer() and 2 <= v <= MAX_COUNT]

    lim = tol + 1e-9  # (within it of `value`: written out in the loops, which run n² times)
    for x, xs in big:
        for y, ys in big if not rate else ():
            if x > y and abs(x - y - value) <= lim + (
                    rounded.get(x, 0) + rounded.get(y, 0) if rounded else 0):
                return f"{xs} {MINUS} {ys} = {fmt(x - y)}"
            if x >= y and abs(x + y - value) <= lim and not gap:
                return f"{xs} {PLUS} {ys} = {fmt(x + y)}"
        if x >= MIN_RESULT * 10 and not gap:
            for y, ys in counts:
                if x in targets and abs(x * y - value) <= lim:
                    return f"{ys} {TIMES} {xs} = {fmt(x * y)}"
                if abs(x / y - value) <= lim:
                    return f"{xs} {DIVIDE} {ys} = {fmt(round(x / y, 1))}"
    if rest is None or gap:
        return None
    # "the other six days averaged about 10,280": a total less the days left out, shared over
    # the days its words count ((69,329 − 7,651) ÷ 6)
    for x, xs in big:
        for y, ys in big:
            if x > y * 2 and x not in targets and abs((x - y) / rest - value) <= lim:
                return f"({xs} {MINUS} {ys}) {DIVIDE} {rest} = {fmt(round((x - y) / rest))}"
    return None


# a source that adds up whole counts and nothing else: "9,231 + 8,963 = 18,194 (...)"
_EXACT_SUM = re.compile(r"^[\d,]+(?: \([^()]*\))?(?: \+ [\d,]+(?: \([^()]*\))?)+ = [\d,]+(?: \(|$)")
_RUNNING = re.compile(r"\b(?:running\s+total|cumulative(?:\s+total)?|total\s+so\s+far)"
                      r"(?:\s+(?:of|at|is|was))?\s*[:=]?\s*(?:\*\*)?$", re.IGNORECASE)
_LEFT_OUT = re.compile(r"\b(?:without|excluding|except(?:\s+for)?|leav(?:e|ing)\s+\w+(?:'s)?(?:\s+"
                       r"[\d,]+)?\s+(?:out|aside)|take\s+out|taking\s+out|set\s+aside|"
                       r"(?:the\s+)?rest\s+of\s+the\s+week|other\s+days|remaining\s+days)\b",
                       re.IGNORECASE)
# a word every match of it holds: `may_hold` spares the search over two sentences
_LEFT_OUT_WORDS = ("without", "excluding", "except", "leav", "tak", "set", "rest", "other",
                   "remaining")
# "the other six days", "the remaining 6 days": how many days a total less some is shared over
_REST = re.compile(r"\b(?:other|remaining|rest\s+of\s+the)\s+(\d|two|three|four|five|six)\s+"
                   r"(?:\w+\s+)?days\b", re.I)


_COUNT = r"(\d[\d,]*|" + trie(SMALL) + r")"  # (a trie: the longest word first, as a list)
_OF_PAIR = _COUNT + r"\s+(?:out\s+)?of\s+(?:(?:the|your|those|these|all|last)\s+)*" + _COUNT
# "13 of 29 days so far, which is 43%", "met it on 3 of 7 days (43%)": the share just written
_OF_SHARE = re.compile(_OF_PAIR + r"\b[^.%\d\n]{0,40}$", re.IGNORECASE)
_PAIRS = re.compile(r"\b" + _OF_PAIR + r"\b", re.IGNORECASE)
# "two more goal days like those would have made it five of seven"
_MADE_IT = re.compile(r"\b" + _COUNT + r"\s+more\s+(?:goal\s+)?days?\b[^.!?\n]{0,30}?\bwould\s+"
                      r"(?:have\s+)?(?:made|make|taken|take|brought|bring)\s+it\s+(?:to\s+)?"
                      + _OF_PAIR + r"\b", re.I)


Outcome = tuple[str | None, str | None]


def share_of(reply: str, a: Atom, out: list[Any], judge: Callable[[], Outcome]) -> Outcome:
    """A percentage right after "X of Y" is X ÷ Y, rounded or cut as written, of an X and Y
    found true (their mentions in `out`, the reply's so far): then what `judge` finds (the
    request's own operation) or else "X ÷ Y"; when it is not, unsupported (the same value
    elsewhere in the request does not rescue it). With no one "X of Y" just before ("1 of 2
    vs 3 of 7, 50% vs 43%" pairs by order), `judge` decides."""
    m = _OF_SHARE.search(reply, max(0, a.start - 90), a.start) \
        if reply.find(" of ", max(0, a.start - 90), a.start) >= 0 else None
    if m is None and a.value is not None:
        counted = _count_share(reply, a, out)
        if counted is not None:
            return counted
    if m is None or a.value is None \
            or len(_PAIRS.findall(reply, max(0, m.start() - 60), a.start)) > 1:
        return judge()
    x, y = _written(m[1]), _written(m[2])
    if x is None or not y or x > y:
        return judge()
    v = x / y * 100
    step = a.unit_step if a.unit_step > 0 else 1.0
    if (abs(v - a.value) <= step / 2 + 1e-9 or math.floor(v / step) * step == a.value) \
            and {m.start(1), m.start(2)} <= {n.start for n in out
                                              if n.outcome in ("quoted", "computed")}:
        found = judge()
        return found if found[0] else ("computed", f"{m[1]} {DIVIDE} {m[2]} = {v:.1f}%")
    return None, None


def _count_share(reply: str, a: Atom, out: list[Any]) -> Outcome | None:
    """"Five days above 9,000 (71.4%)": a percentage in brackets after a count of days the
    day lines bore out (its source "... = 5 of 7") is that count's share of its days; None
    when no such count is just before."""
    counted = next((n for n in reversed(out[-3:]) if n.outcome == "computed" and n.source
                    and _COUNTED_OF.search(n.source)), None)
    of = _COUNTED_OF.search(counted.source) if counted is not None else None
    if counted is None or of is None or a.value is None \
            or not _IN_BRACKETS.fullmatch(reply, counted.end, a.start):
        return None
    x, y = int(of[1]), int(of[2])
    v = x / y * 100
    step = a.unit_step if a.unit_step > 0 else 1.0
    if abs(v - a.value) <= step / 2 + 1e-9 or math.floor(v / step) * step == a.value:
        return "computed", f"{x} {DIVIDE} {y} = {v:.1f}%"
    return None, None


_COUNTED_OF = re.compile(r"= (\d+) of (\d+)$")
_IN_BRACKETS = re.compile(r"[^.;!?\n()]{0,60}\(\s*(?:about\s+|roughly\s+|~)?")


_FRACTION_SIDE = re.compile(r"\b(?:under|over|below|above|less|more|fewer|nearly|almost|short|"
                            r"shy|just|bit|little|touch|than)\W+(?:\w+\W+)?$", re.I)


def fraction_of_pair(reply: str, a: Atom, out: list[Any]) -> Outcome | None:
    """"2 of 3, about two-thirds": a fraction word right after "X of Y" whose X and Y were
    found true, when X ÷ Y is that fraction (to its written precision); else None."""
    m = _OF_SHARE.search(reply, max(0, a.start - 60), a.start) \
        if reply.find(" of ", max(0, a.start - 60), a.start) >= 0 else None
    if m is None or len(_PAIRS.findall(reply, max(0, m.start() - 60), a.start)) > 1 \
            or _FRACTION_SIDE.search(reply, max(m.start(), a.start - 24), a.start):
        return None  # ("a bit under half": a side of it, read where sides are)
    x, y = _written(m[1]), _written(m[2])
    phrase = " ".join(reply[a.start:a.end].lower().replace("-", " ").split())
    word = phrase.removeprefix("a ").removeprefix("one ")
    share = share_range(phrase) if word not in FRACTIONS else (FRACTIONS[word],) * 2
    if x is None or not y or x > y or share is None \
            or not {m.start(1), m.start(2)} <= {n.start for n in out
                                                 if n.outcome in ("quoted", "computed")}:
        return None
    lo, hi = share[0] - FRACTION_SLACK, share[1] + FRACTION_SLACK
    # (not that share: unsupported, as a percentage after "X of Y" is)
    return ("computed", f"{m[1]} {DIVIDE} {m[2]} = {x / y * 100:.1f}%") \
        if lo <= x / y <= hi else (None, None)


def _written(text: str) -> float | None:
    low = text.lower().replace(",", "")
    return float(SMALL[low]) if low in SMALL else float(low) if low.isdigit() else None
