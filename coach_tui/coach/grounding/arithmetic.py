"""The numbers a coach works out, redone by code: `derive(evidence)` fills `evidence.derived`.

Each `Derived` is one operation over facts the request states, with its result and how it was
reached ("10,000 goal − 2,214 so far (today) = 7,786"). The operations are the ones a coach
reaches for, over quantities that belong together, so a wrong base or direction stays wrong:

- a difference to a reference: goal − today's steps ("7,786 to go"), a day or an average
  against the goal (short of it or over it), one average or total against another of the same
  kind (or one period's length against another's: "two fewer days"), two days of one block
  against each other, any stated day against each average and best ("1,566 above your 7-day
  average"), today's readings against each other ("4,094 since this morning");
  `sign` says which way ("short"/"over");
- a percentage: a day, today or an average as a share of the goal, today's gap as a share of
  it ("5,094 left, 50.9%"), a day (or, in a week, two days) as a share of its period's total
  ("Wednesday, 17.3% of the week"), days met as a share of the days in the period (and of the
  days recorded), a change from an earlier average or total (day, period) to a later one, or
  from the goal to an average or the best day, with `sign` "up" or "down", and the larger over
  the smaller as a ratio ("a third more");
- over the days one block lists, each run of consecutive days: sum, average, how many met or
  missed the goal, the highest and lowest; weekends and weekdays apart;
- counts of days: missed = recorded − met, a streak's or a period's goal days + today
  ("would make it 14"), days to match
  the longest streak, days between today and any date the request states;
- the user's own targets ("75,000 steps", "12k a day") against averages, the goal, the week's
  total so far, per day over a week;
- a pace carried over a month: each average times 30 and 31 days ("at November's pace, a
  31-day month comes to about 294,600"; a week's is its own total).

The set grows with the days per block (pairs and runs within one block), never with pairs
across the whole history, so a 100k-token request stays a few thousand operations.
"""

from __future__ import annotations

from calendar import monthrange
from dataclasses import dataclass, replace
from datetime import date, timedelta
from itertools import combinations

from coach_tui.coach.grounding import weeks
from coach_tui.coach.grounding.facts import Evidence, Fact, fmt, short_day
from coach_tui.coach.grounding.words import valid_date

MINUS, TIMES, DIVIDE = "−", "×", "÷"
_PROJECTED = (30, 31)  # the days a pace is carried over: a month (a week's is its total)


@dataclass(frozen=True, slots=True)
class Derived:
    value: float
    unit: str  # step, day, %, ratio
    kind: str  # diff, sum, average, met, streak, percent, share, part, change, best, lowest,
    # between, next, missed, recorded, record, projection
    days: frozenset  # the days it is about (empty: none in particular)
    text: str  # "10,000 goal − 2,214 so far (today) = 7,786"
    sign: str | None = None  # short/over for a difference, up/down for a change
    lead: date | None = None  # a number's sentence must name its days, this one first
    cue: str | None = None  # words a number's sentence must hold to be it (verdict.CUES)


def derive(ev: Evidence) -> None:
    out: list[Derived] = []
    goal = ev.goal

    def diff(a: Fact, b: Fact, kind: str = "diff", unit: str = "step", signed=True) -> None:
        """a − b, as a gap: `sign` is over when a is larger, short when it is smaller (None
        when either could be the subject)."""
        if a.value == b.value:
            return
        hi, lo = (a, b) if a.value > b.value else (b, a)
        days = frozenset(x.day for x in (a, b) if x.day is not None)
        sign = ("over" if a.value > b.value else "short") if signed else None
        out.append(Derived(hi.value - lo.value, unit, kind, days,
                           f"{hi.label} {MINUS} {lo.label} = {fmt(hi.value - lo.value)}", sign))

    def share(part: Fact, whole: Fact, kind: str = "percent") -> None:
        if whole.value:
            v = part.value / whole.value * 100
            days = frozenset(x.day for x in (part, whole) if x.day is not None)
            out.append(Derived(v, "%", kind, days,
                               f"{part.label} {DIVIDE} {whole.label} = {v:.1f}%"))

    def change(old: Fact, new: Fact, ratio: bool = True, lead: date | None = None) -> None:
        if old.value:
            v = (new.value - old.value) / old.value * 100
            days = frozenset(x.day for x in (old, new) if x.day is not None)
            out.append(Derived(abs(v), "%", "change", days,
                               f"({new.label} {MINUS} {old.label}) {DIVIDE} {old.label} = "
                               f"{v:+.1f}%", "up" if v > 0 else "down", lead))
            hi, lo = (new, old) if new.value > old.value else (old, new)
            if ratio and lo.value > 0:  # "a third more than": the larger over the smaller
                out.append(Derived(hi.value / lo.value, "ratio", "change", days,
                                   f"{hi.label} {DIVIDE} {lo.label} = "
                                   f"{hi.value / lo.value:.2f}"))

    goal_fact = Fact(goal, "step", "goal", None, f"{fmt(goal)} goal", "") if goal else None
    if goal_fact is not None and ev.today is not None:
        diff(ev.today, goal_fact)
        share(ev.today, goal_fact)
        if (gap := goal_fact.value - ev.today.value) > 0:  # "5,094 left, 50.9% of the goal"
            share(Fact(gap, "step", "diff", ev.today.day, f"{fmt(gap)} left (today)", ""),
                  goal_fact)
    for block in ev.blocks:  # first: a day's own operations name the day
        _block(ev, block, goal, out, diff, change, share)
    by_kind: dict[str, list[Fact]] = {}
    for f in ev.facts:
        by_kind.setdefault(f.kind, []).append(f)
    averages = _unique(by_kind.get("average", []))
    if goal_fact is not None:
        for f in averages + _unique(by_kind.get("best", [])):
            diff(f, goal_fact)
            share(f, goal_fact)
        for f in averages:
            change(goal_fact, f)
        for f in _unique(by_kind.get("best", [])):  # "your best is 29.9% above the goal"
            change(goal_fact, replace(f, day=None), ratio=False)  # (the record, named as such)
    _against(ev, averages + _unique(by_kind.get("best", [])), by_kind.get("today", []), diff,
             change)
    for f in averages:  # "kept up for a full 30 days, that pace comes to roughly 297,000"
        for n in _PROJECTED:
            out.append(Derived(f.value * n, "step", "projection", frozenset(),
                               f"{f.label} {TIMES} {n} days = {fmt(f.value * n)}"))
    for a, b in combinations(averages, 2):
        old, new = _order(a, b, ev)
        diff(new, old)
        change(old, new)
    if ev.today is not None:
        for a in averages:
            diff(ev.today, a)
            share(ev.today, a)
        if ev.now is not None:  # "8,419 more today to match last Monday": a day of the week past
            for d in sorted(ev.days):
                if ev.now - timedelta(days=7) <= d < ev.now:
                    diff(ev.today, ev.days[d])
    for f in _unique(by_kind.get("best", [])):
        for a in averages:
            if f.period == a.period or f.period is None:
                diff(f, a)
    for p_a, p_b in combinations(ev.periods, 2):
        _periods(p_a, p_b, diff, change, out)
        _rest_of(p_a, p_b, out, diff)
        if p_a.end < p_b.start or p_b.end < p_a.start:  # ("both months: 26 goal days of 60")
            for attr, kind in (("met", "met"), ("recorded", "recorded")):
                x, y = getattr(p_a, attr), getattr(p_b, attr)
                if x and y:  # (both stated: a window's fact without its count has 0)
                    out.append(Derived(x + y, "day", kind, frozenset(),
                                       f"{x} ({p_a.label}) + {y} ({p_b.label}) = {x + y}",
                                       cue="both"))
    for p in ev.periods:
        _shares_of(ev, p, out, share)
        met = Fact(p.met, "day", "met", None, f"{p.met} days met ({p.label})", "")
        length = Fact(p.length, "day", "recorded", None, f"{p.length} days ({p.label})", "")
        recorded = Fact(p.recorded, "day", "recorded", None,
                        f"{p.recorded} days recorded ({p.label})", "")
        if p.met_stated:  # (an average's window states no goal days: none are worked out)
            share(met, length)
            if p.recorded != p.length:
                share(met, recorded)
            out.append(Derived(p.met + 1, "day", "next", frozenset(),
                               f"{met.label} + today = {p.met + 1}"))
            missed = p.recorded - p.met
            out.append(Derived(missed, "day", "missed", frozenset(),
                               f"{recorded.label} {MINUS} {met.label} = {missed}"))
            if missed and p.met and p.length:
                # "missed the goal on 17 days, 56.7% of the month"
                out.append(Derived(missed / p.length * 100, "%", "percent", frozenset(),
                                   f"{missed} days missed ({p.label}) {DIVIDE} {length.label} = "
                                   f"{missed / p.length * 100:.1f}%", cue="missed"))
        if p.recorded < p.length:  # days with no data
            out.append(Derived(p.length - p.recorded, "day", "recorded", frozenset(),
                               f"{length.label} {MINUS} {recorded.label} = "
                               f"{p.length - p.recorded}"))
        if goal is not None and p.total:
            gap = goal * p.length
            out.append(Derived(gap, "step", "sum", frozenset(),  # "a full 70,000 week"
                               f"{fmt(goal)} goal {TIMES} {p.length} days ({p.label}) = "
                               f"{fmt(gap)}"))
            out.append(Derived(abs(gap - p.total), "step", "diff", frozenset(),
                               f"{fmt(goal)} goal {TIMES} {p.length} days {MINUS} "
                               f"{fmt(p.total)} ({p.label}) = {fmt(gap - p.total)}",
                               "short" if p.total < gap else "over"))
    so_far = weeks.week_so_far(ev)  # "to match last week you need another 68,517"
    if so_far is not None and ev.now is not None and ev.today is not None \
            and ev.now.weekday():  # "9,237 + 310 = 9,547 this week"
        parts = [ev.days[ev.now - timedelta(days=i)] for i in range(ev.now.weekday(), 0, -1)]
        out.append(Derived(so_far.value, "step", "sum", frozenset(),  # (the week's, no day's)
                           " + ".join(f.label for f in [*parts, ev.today]) + f" = {so_far.label}"))
    if so_far is not None and ev.now is not None:
        for week in weeks.weeks_before(ev, ev.now):
            diff(week, so_far)
    _to_pass(ev, so_far, out, diff, change)
    _streaks(ev, out)
    _between(ev, out)
    _targets(ev, ev.targets, averages, goal_fact, out, diff, share)
    ev.derived = list(dict.fromkeys(out))  # in order, each once


def _against(ev: Evidence, refs: list[Fact], todays: list[Fact], diff, change) -> None:
    """Each stated day against each average and best ("1,566 above your 7-day average",
    "1,523 shy of your best"), and in percent against each average ("9% above your 30-day
    average"); today's readings against each other ("4,094 since this morning's 812")."""
    for f in ev.days.values():
        for r in refs:
            diff(f, r)
            if r.kind == "average":
                change(r, f, ratio=False)
    readings = _unique([t for t in todays if t.day == ev.now])
    for a, b in combinations(readings, 2):
        diff(a, b, signed=False)


def _shares_of(ev: Evidence, p, out: list[Derived], share) -> None:
    """Each recorded day of a week as a share of its total ("Wednesday, 17.3% of the week on its
    own"), and each two days together ("Friday and Saturday, together 17.1% of the week"):
    each only beside its days' names (evidence.py)."""
    if not p.total or p.length > 7:
        return  # (a week's: a day's share of a month is rarely written, and costs a check)
    total = Fact(p.total, "step", "total", None, f"{fmt(p.total)} ({p.label})", "", p.label)
    days = [ev.days[p.start + timedelta(days=i)] for i in range(p.length)
            if p.start + timedelta(days=i) in ev.days]
    for f in days:
        share(f, total, "part")
    for a, b in combinations(days, 2):
        v = (a.value + b.value) / p.total * 100
        out.append(Derived(v, "%", "part", frozenset((a.day, b.day)),
                           f"({a.label} + {b.label}) {DIVIDE} {total.label} = {v:.1f}%"))
    weekdays = [f for f in days if f.day is not None and f.day.weekday() < 5]
    if 2 < len(weekdays) < len(days):  # "the weekdays were 76.6% of the week"
        v = sum(f.value for f in weekdays) / p.total * 100
        out.append(Derived(v, "%", "part", frozenset(f.day for f in weekdays),
                           f"weekdays ({' + '.join(fmt(f.value) for f in weekdays)}) {DIVIDE} "
                           f"{total.label} = {v:.1f}%"))


def _unique(facts: list[Fact]) -> list[Fact]:
    seen, out = set(), []
    for f in facts:
        key = (f.value, f.label)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def _order(a: Fact, b: Fact, ev: Evidence) -> tuple[Fact, Fact]:
    """(base, compared): the longer window is the base a shorter one is compared with (a week
    against the 30-day average); of two equally long, the earlier one."""
    def key(f: Fact) -> tuple:
        for p in ev.periods:
            if p.label == f.period:
                return (-p.length, p.end)
        return (0, date.max)
    return (a, b) if key(a) <= key(b) else (b, a)


def _rest_of(a, b, out: list[Derived], diff) -> None:
    """The rest of a period once a stretch at one end of it is taken out ("last week had 3 of
    November's 13 goal days, so the other 10 came in the 22 days before it, averaging about
    9,400"): its goal days, total and average, and that average against the stretch's. Both
    fully recorded; the rest is the days of the period outside the stretch, in one piece."""
    outer, inner = (a, b) if a.length > b.length else (b, a)
    if not (outer.start <= inner.start and inner.end <= outer.end) \
            or (inner.start != outer.start and inner.end != outer.end) \
            or outer.recorded != outer.length or inner.recorded != inner.length \
            or not (outer.total and inner.total) or inner.length >= outer.length:
        return
    days = outer.length - inner.length
    label = f"{outer.label} without {inner.label}"
    if outer.met_stated and inner.met_stated and outer.met >= inner.met:
        out.append(Derived(outer.met - inner.met, "day", "met", frozenset(),
                           f"{outer.met} days met ({outer.label}) {MINUS} {inner.met} "
                           f"({inner.label}) = {outer.met - inner.met}"))
    total = outer.total - inner.total
    out.append(Derived(total, "step", "sum", frozenset(),
                       f"{fmt(outer.total)} ({outer.label}) {MINUS} {fmt(inner.total)} "
                       f"({inner.label}) = {fmt(total)}"))
    rest = Fact(total / days, "step", "average", None,
                f"({fmt(outer.total)} {MINUS} {fmt(inner.total)}) {DIVIDE} {days} days "
                f"({label}) = {fmt(total / days)}", "")
    out.append(Derived(rest.value, "step", "average", frozenset(), rest.label))
    if inner.average:
        diff(Fact(inner.average, "step", "average", None, f"{fmt(inner.average)} "
                  f"({inner.label})", ""), replace(rest, label=f"{fmt(rest.value)} ({label})"))


def _periods(a, b, diff, change, out: list[Derived]) -> None:
    old, new = (a, b) if (a.end, a.start) <= (b.end, b.start) else (b, a)
    for attr, unit in (("total", "step"), ("average", "step"), ("met", "day"),
                       ("best", "step"), ("length", "day")):
        fo = Fact(getattr(old, attr), unit, attr, None,
                  f"{fmt(getattr(old, attr))} ({old.label})", "")
        fn = Fact(getattr(new, attr), unit, attr, None,
                  f"{fmt(getattr(new, attr))} ({new.label})", "")
        if fo.value and fn.value:
            diff(fn, fo, "diff", unit)
            if attr != "length":
                change(fo, fn)
    if old.total > new.total and old.length == 7 and new.length < 7 \
            and new.start == old.end + timedelta(days=1):  # "to finish above last week's
        # total you'd need more than 46,781 over the 5 days left": what the shorter, later
        # week so far still needs to reach the week before's total
        need = old.total - new.total
        out.append(Derived(need, "step", "sum", frozenset(),
                           f"{fmt(old.total)} ({old.label}) {MINUS} {fmt(new.total)} "
                           f"({new.label}) = {fmt(need)} to reach it"))


def _block(ev, block, goal, out, diff, change, share) -> None:
    days = sorted(d for d in block if d in ev.days)
    facts = [ev.days[d] for d in days]
    for f in facts:
        g = ev.goals.get(f.day, goal)
        if g:
            gf = Fact(g, "step", "goal", None, f"{fmt(g)} goal", "")
            diff(f, gf)
            share(f, gf)
            change(gf, f)  # "14.7% over the goal": the gap as a share of the goal
    if len(facts) > 12:
        return  # a long table: runs of it would be hundreds of operations
    met_days = [f for f in facts if f.value >= ev.goals.get(f.day, goal or 0)]
    missed = [f for f in facts if f.value < ev.goals.get(f.day, goal or 0)]
    # "the misses were short by a combined 4,438", "the met days banked 3,767 over"
    for word, sign, gaps in (
            ("short of", "short", [(f, g - f.value) for f in facts
                                if (g := ev.goals.get(f.day, goal)) and f.value < g]),
            ("over", "over", [(f, f.value - g) for f in facts
                              if (g := ev.goals.get(f.day, goal)) and f.value > g])):
        if len(gaps) >= 3:
            total = sum(x for _, x in gaps)
            text = f"{word} the goal on {len(gaps)} days: " \
                f"{' + '.join(fmt(x) for _, x in gaps)} = {fmt(total)}"
            for kind in ("diff", "sum"):  # (a gap, and the gaps "combined")
                out.append(Derived(total, "step", kind, frozenset(f.day for f, _ in gaps), text,
                                   sign, cue="gaps"))
    for a, b in combinations(facts, 2):  # ("Tue reached 75% of Wed": the smaller's share)
        diff(a, b)
        change(a, b)
        # ("Tuesday was 25% lower than Wednesday": over the later day, the earlier named first)
        change(b, a, ratio=False, lead=a.day)
        share(*sorted((a, b), key=lambda f: f.value), "share")  # (no fraction word's days)
        out.append(Derived(a.value + b.value, "step", "sum", frozenset((a.day, b.day)),
                           f"{a.label} + {b.label} = {fmt(a.value + b.value)}"))
        ga, gb = ev.goals.get(a.day, goal), ev.goals.get(b.day, goal)
        if ga and gb and a.value < ga and b.value < gb:  # "those two days left you roughly
            # 10,300 short of the goal between them"
            short = ga - a.value + gb - b.value
            out.append(Derived(short, "step", "diff", frozenset((a.day, b.day)),
                               f"short of the goal on {short_day(a.day)} and {short_day(b.day)}:"
                               f" {fmt(ga - a.value)} + {fmt(gb - b.value)} = {fmt(short)}",
                               "short", cue="gaps"))
    # "those three goal days averaged 11,256; the four below goal averaged 8,891"
    for group, name in ((met_days, "the goal days"), (missed, "the days under the goal")):
        if len(group) >= 2 and len(group) < len(facts):
            total = sum(f.value for f in group)
            listed = " + ".join(fmt(f.value) for f in group)
            out.append(Derived(total / len(group), "step", "average",
                               frozenset(f.day for f in group),
                               f"({listed}) {DIVIDE} {len(group)} = "
                               f"{fmt(round(total / len(group)))} ({name})"))
    runs = []
    for i in range(len(facts)):
        j = i
        while j + 1 < len(facts) and facts[j + 1].day - facts[j].day == timedelta(days=1):
            j += 1
            runs.append(facts[i:j + 1])
    weekend = [f for f in facts if f.day.weekday() >= 5]
    weekday = [f for f in facts if f.day.weekday() < 5]
    for group, name in [(r, f"{short_day(r[0].day)} to {short_day(r[-1].day)}") for r in runs] \
            + [(weekend, "weekend days"), (weekday, "weekdays")]:
        if len(group) < 2:
            continue
        total = sum(f.value for f in group)
        dayset = frozenset(f.day for f in group)
        listed = " + ".join(fmt(f.value) for f in group)
        out.append(Derived(total, "step", "sum", dayset, f"{listed} = {fmt(total)} ({name})"))
        out.append(Derived(total / len(group), "step", "average", dayset,
                           f"({listed}) {DIVIDE} {len(group)} = {fmt(round(total / len(group)))} "
                           f"({name})"))
        met = sum(1 for f in group if f.value >= ev.goals.get(f.day, goal or 0))
        out.append(Derived(met, "day", "met", dayset,
                           f"days at or over the goal, {name}: {met} of {len(group)}"))
        out.append(Derived(len(group) - met, "day", "missed", dayset,
                           f"days under the goal, {name}: {len(group) - met} of {len(group)}"))
        out.append(Derived(met / len(group) * 100, "%", "percent", dayset,
                           f"{met} of {len(group)} days met ({name}) = "
                           f"{met / len(group) * 100:.1f}%"))
        out.append(Derived(len(group), "day", "recorded", dayset,
                           f"{len(group)} days ({name})"))
        hi = max(group, key=lambda f: f.value)
        lo = min(group, key=lambda f: f.value)
        out.append(Derived(hi.value, "step", "best", frozenset((hi.day,)),
                           f"highest of {name}: {hi.label}"))
        out.append(Derived(lo.value, "step", "lowest", frozenset((lo.day,)),
                           f"lowest of {name}: {lo.label}"))
        diff(hi, lo, "diff")


def _week_on(ev: Evidence, monday: date, total: float, n: int, label: str,
             out: list[Derived], diff, change) -> None:
    """This week's first `n` days (a stated period from `monday`, `total` steps): carried on
    at their pace to Sunday ("at this pace you'd finish around 78,900"), what the goal's full
    week still needs ("47,452 more to reach 70,000"), and against the same days of last week
    ("4,354 more than last Monday and Tuesday, 23.9% ahead")."""
    if not 0 < n < 7:
        return
    pace = total / n
    out.append(Derived(pace * 7, "step", "projection", frozenset(),
                       f"{fmt(round(pace))} a day ({label}) {TIMES} 7 days = "
                       f"{fmt(round(pace * 7))}"))
    if ev.goal:
        need = ev.goal * 7 - total
        if need > 0:
            out.append(Derived(need, "step", "diff", frozenset(),
                               f"{fmt(ev.goal)} goal {TIMES} 7 days {MINUS} {fmt(total)} "
                               f"({label}) = {fmt(need)}", "short"))
            for left in (7 - n, 6 - n):
                if left > 0:
                    out.append(Derived(need / left, "step", "average", frozenset(),
                                       f"{fmt(need)} to a full goal week {DIVIDE} {left} days"
                                       f" = {fmt(round(need / left))}", cue="need"))
    same = [monday - timedelta(days=7 - i) for i in range(n)]
    if all(d in ev.days for d in same):
        before = sum(ev.days[d].value for d in same)
        out.append(Derived(before, "step", "sum", frozenset(same),
                           f"{' + '.join(ev.days[d].label for d in same)} = {fmt(before)}"))
        now = Fact(total, "step", "total", None, f"{fmt(total)} ({label})", "")
        then = Fact(before, "step", "total", None, f"{fmt(before)} (the same days last week)", "")
        diff(now, then)
        change(then, now, ratio=False)
        if before:  # ("Monday and Tuesday of each week: up 23.9%", tied to the days it names)
            v = (total - before) / before * 100
            days = frozenset(same) | frozenset(monday + timedelta(days=i) for i in range(n))
            out.append(Derived(abs(v), "%", "change", days,
                               f"({now.label} {MINUS} {then.label}) {DIVIDE} {then.label} = "
                               f"{v:+.1f}%", "up" if v > 0 else "down", cue="same days"))


def _to_pass(ev: Evidence, so_far: Fact | None, out: list[Derived], diff, change) -> None:
    """What this week still needs to match or beat a week before it, in all and a day over
    the days left ("to beat 69,329 you need 68,518 more, about 9,788 a day")."""
    if ev.now is None:
        return
    monday = ev.now - timedelta(days=ev.now.weekday())
    covered = ev.now.weekday() + 1  # (today's count is in `so_far`, its day not over)
    if so_far is None:  # this week as a stated period ("this week so far", Monday to yesterday)
        p = next((p for p in ev.periods if p.start == monday and p.total), None)
        if p is None:
            return
        so_far = Fact(p.total, "step", "total", None, f"{fmt(p.total)} ({p.label})", "")
        covered = p.length
        _week_on(ev, monday, p.total, p.length, p.label, out, diff, change)
    before = weeks.weeks_before(ev, ev.now)
    last = [monday - timedelta(days=i) for i in range(7, 0, -1)]
    if not before and all(d in ev.days for d in last):  # (last week's day lines, no total)
        total = sum(ev.days[d].value for d in last)
        before = [Fact(total, "step", "total", None, f"{fmt(total)} (last week)", "")]
    for week in before:
        for extra, how in ((0, "to match it"), (1, "to beat it")):
            need = week.value + extra - so_far.value
            if need <= 0:
                continue
            if extra:
                out.append(Derived(need, "step", "diff", frozenset(),  # (this week's: the
                                   f"{fmt(week.value)} + 1 {how} {MINUS} {so_far.label} = "  # week
                                   f"{fmt(need)}", "short", cue="pass"))  # before: its base)
            for left in sorted({7 - covered, 8 - covered} - {0}):
                out.append(Derived(need / left, "step", "average", frozenset(),
                                   f"{fmt(need)} {how} {DIVIDE} {left} days = "
                                   f"{fmt(round(need / left))}", cue="pass"))


def _streaks(ev: Evidence, out: list[Derived]) -> None:
    """A streak's next day, days to the longest, and runs of met days in the day lines."""
    if ev.streak is not None:
        s = ev.streak.value
        # about today: "today makes day 2" is tied to today
        out.append(Derived(s + 1, "day", "next", frozenset((ev.now,)) if ev.now else frozenset(),
                           f"{ev.streak.label} + today = {fmt(s + 1)}"))
        for f in ev.facts:
            if f.kind == "longest" and f.value > s:
                out.append(Derived(f.value - s, "day", "record", frozenset(),
                                   f"{f.label} {MINUS} {ev.streak.label} = {fmt(f.value - s)}"))
                out.append(Derived(f.value - s + 1, "day", "record", frozenset(),
                                   f"{f.label} {MINUS} {ev.streak.label} + 1 to beat it = "
                                   f"{fmt(f.value - s + 1)}"))
                if f.value > s + 1:  # "16 more goal days after today would match it"
                    out.append(Derived(f.value - s - 1, "day", "record", frozenset(),
                                       f"{f.label} {MINUS} ({ev.streak.label} + today) = "
                                       f"{fmt(f.value - s - 1)}", cue="after today"))
    run = 0
    for d in sorted(ev.days):
        met = ev.days[d].value >= ev.goals.get(d, ev.goal or 0)
        prev = d - timedelta(days=1)
        run = (run + 1 if prev in ev.days and run else 1) if met else 0
        if run:
            out.append(Derived(run, "day", "streak", frozenset((d,)),
                               f"{run} days in a row at goal through {short_day(d)}"))
            if ev.today is not None and ev.now is not None \
                    and d == ev.now - timedelta(days=1):
                out.append(Derived(run + 1, "day", "next", frozenset((d, ev.now)),
                                   f"{run} days in a row through {short_day(d)} + today"))


def _between(ev: Evidence, out: list[Derived]) -> None:
    """Days (weeks; months back) from now to each date the request states; in a review (no
    "Now:"), from the end of the reviewed days to each date after it ("the 10k is two weeks
    after this week ends")."""
    if ev.now is None:
        end = max(ev.days, default=date.min)
        for ahead, gap in weeks.dates_ahead(ev, end) if ev.days else ():
            out.append(Derived(gap, "day", "between", frozenset((ahead,)),
                               f"days from {end.isoformat()} to {ahead.isoformat()}: {gap}"))
            out.append(Derived(gap / 7, "week", "between", frozenset((ahead,)),
                               f"{gap} days {DIVIDE} 7 = {gap / 7:.1f} weeks"))
        return
    now = ev.now
    named = set(ev.dates)
    for month, day in ev.yearless:  # "Dec 13" in a journal line: the one nearest now
        options = [date(year, month, day) for year in range(ev.now.year - 1, ev.now.year + 2)
                   if valid_date(year, month, day)]
        if options:
            named.add(min(options, key=lambda d: abs((d - now).days)))
    for day in ev.month_days:  # "since the 19th": the latest such day
        y, m = ev.now.year, ev.now.month
        for _ in range(2):
            try:
                d = date(y, m, day)
            except ValueError:
                d = None
            if d is not None and d <= ev.now:
                named.add(d)
                break
            y, m = (y, m - 1) if m > 1 else (y - 1, 12)
    for d in sorted(named):  # (a date's hash is salted per process: a fixed order)
        gap = abs((d - ev.now).days)
        if 1 < gap <= 400:
            word = "until" if d > ev.now else "since"
            out.append(Derived(gap, "day", "between", frozenset((d,)),
                               f"days {word} {d.isoformat()} from {ev.now.isoformat()}: {gap}"))
            out.append(Derived(gap * 1.0 / 7, "week", "between", frozenset((d,)),
                               f"{gap} days {DIVIDE} 7 = {gap / 7:.1f} weeks"))
            if d < ev.now and gap >= 28:  # "getting on for three months ago"
                out.append(Derived(gap / 30.44, "month", "between", frozenset((d,)),
                                   f"{gap} days {DIVIDE} 30.4 = {gap / 30.44:.1f} months"))


def _targets(ev, said, averages, goal_fact, out, diff, share) -> None:
    """The user's own step targets against what the records say."""
    so_far = weeks.week_so_far(ev)  # "75,000 − this week's 9,547 leaves 65,453"
    refs = averages + _unique([f for f in ev.facts if f.kind == "best"]) \
        + ([goal_fact] if goal_fact is not None else []) \
        + ([ev.today] if ev.today is not None else []) + ([so_far] if so_far else [])
    seen = set()
    for f in said:
        if f.value in seen:
            continue
        seen.add(f.value)
        target = Fact(f.value, "step", "said", None, f"your {f.label}", f.source)
        for r in refs:
            diff(target, r, signed=False)
            share(r, target)
            hi, lo = (target, r) if target.value > r.value else (r, target)
            if lo.value > 0:  # "12k is 1.2 times your goal"
                out.append(Derived(hi.value / lo.value, "ratio", "change", frozenset(),
                                   f"{hi.label} {DIVIDE} {lo.label} = {hi.value / lo.value:.2f}"))
            if r.kind == "average":
                share(target, r, "change")
                change_v = (target.value - r.value) / r.value * 100
                out.append(Derived(abs(change_v), "%", "change", frozenset(),
                                   f"({target.label} {MINUS} {r.label}) {DIVIDE} {r.label} = "
                                   f"{change_v:+.1f}%", "up" if change_v > 0 else "down"))
        month = () if ev.now is None else (monthrange(ev.now.year, ev.now.month)[1],)
        for k in (5, 6, 7, *month):  # (the month now: "12k a day in December: 372,000")
            out.append(Derived(f.value / k, "step", "average", frozenset(),
                               f"{target.label} {DIVIDE} {k} days = {fmt(round(f.value / k))}"))
            out.append(Derived(f.value * k, "step", "sum", frozenset(),
                               f"{target.label} {TIMES} {k} days = {fmt(f.value * k)}"))
        per_day = f.value / 7
        for r in averages:  # a weekly target against the week the average would give
            week = r.value * 7
            out.append(Derived(week, "step", "sum", frozenset(),
                               f"{r.label} {TIMES} 7 days = {fmt(round(week))}"))
            out.append(Derived(abs(f.value - week), "step", "diff", frozenset(),
                               f"{target.label} {MINUS} {r.label} {TIMES} 7 = "
                               f"{fmt(round(f.value - week))}"))
            out.append(Derived(abs(per_day - r.value), "step", "diff", frozenset(),
                               f"{target.label} {DIVIDE} 7 {MINUS} {r.label} = "
                               f"{fmt(round(per_day - r.value))}"))
            if r.value > 0:  # "75,000 is about 8% above how you've been walking"
                up = (per_day - r.value) / r.value * 100
                out.append(Derived(abs(up), "%", "change", frozenset(),
                                   f"({target.label} {DIVIDE} 7 {MINUS} {r.label}) {DIVIDE} "
                                   f"{r.label} = {up:+.1f}%", "up" if up > 0 else "down"))
        for day, fact in ev.days.items():  # what is left of a weekly target after a day
            if ev.now is not None and 0 < (ev.now - day).days < 7 and day.weekday() == 0:
                left = f.value - fact.value
                out.append(Derived(left, "step", "diff", frozenset((day,)),
                                   f"{target.label} {MINUS} {fact.label} = {fmt(left)}"))
                # about the day and the days left of its week
                rest_days = frozenset(day + timedelta(days=i) for i in range(7))
                out.append(Derived(left / 6, "step", "average", rest_days,
                                   f"{fmt(left)} {DIVIDE} 6 days = {fmt(round(left / 6))}"))
        for p in ev.periods:
            if p.total and p.end >= (ev.now or p.end) - timedelta(days=1) and f.value > p.total:
                left = f.value - p.total
                out.append(Derived(left, "step", "diff", frozenset(),
                                   f"{target.label} {MINUS} {fmt(p.total)} ({p.label}) = "
                                   f"{fmt(left)}", "short"))
                rest = 7 - p.length
                if rest > 0:
                    rest_days = frozenset(p.end + timedelta(days=i) for i in range(1, rest + 1))
                    out.append(Derived(left / rest, "step", "average", rest_days,
                                       f"{fmt(left)} {DIVIDE} {rest} days left = "
                                       f"{fmt(round(left / rest))}"))

