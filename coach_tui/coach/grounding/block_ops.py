"""What a coach works out over one block of day lines without naming the days: the average
or total of its weekdays or its weekend, the gap between its best and worst day, and a day's
place in it; and over the two periods a request states, taken together.

A request lists days in blocks (a week under review, the days a message names). A coach
reads a block as a whole: "your weekdays averaged about 9,600", "the weekend added 21,187",
"the gap between your best and worst days was about 4.4k", "your best day was roughly 57%
above your worst", "Friday was your third-best day". The request states none of these
operations, so the verdict leaves them unsupported; this last look redoes them over each
block, to the precision written:

- **a part of the week**: the mean (or, with "total", "added", "came to", "combined", the
  sum) of the block's weekdays (Monday to Friday) or its weekend days, when the sentence
  names that part;
- **best against worst**: when the sentence names both the block's best and its worst day,
  their gap, or the change in percent from the worst up ("above", "more", "higher") or from
  the best down ("below", "less", "lower"), or the multiple ("times");
- **both periods**: "over the two months you logged 524,219", "about 8,700 a day across
  both": the totals of the two periods the request states (with "both", "the two",
  "combined", "together"), or their mean over all their recorded days;
- **a place**: "third-best", "second-lowest", "the fourth highest": the day its sentence
  names (by weekday, or by a value quoted from its line) must hold that place among the
  block's days, counted the way the word says.

Only blocks of three or more stated days, and only unsupported numbers: a number this finds
no operation for stays warned, and one worked out the wrong way (the gap of two other days, a
place the day does not hold) too.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING

from coach_tui.coach.grounding.facts import fmt, short_day
from coach_tui.coach.grounding.words import MONTHS, ORDINAL_WORDS, WEEKDAYS, may_hold

if TYPE_CHECKING:
    from coach_tui.coach.grounding.facts import Evidence
    from coach_tui.coach.grounding.lenient import Mention

_WEEKDAYS = re.compile(r"\bweek\s?days?\b|\bmonday\s+to\s+friday\b|\bmon\s*[-–]\s*fri\b", re.I)
_WEEKEND = re.compile(r"\bweekends?\b|\bsat(?:urday)?\s*(?:&|and|\+)\s*sun(?:day)?\b", re.I)
_AVERAGE = re.compile(r"\baverag|\ba day\b|\bper day\b|/day", re.I)
# (each pattern beside the words every match of it holds: words.may_hold)
_PARTS = ((_WEEKDAYS, ("week", "mon"), False, "weekdays"),
          (_WEEKEND, ("weekend", "sat"), True, "weekend days"))
_LABELLED_PART = re.compile(r"\b(?:weekend|weekdays)(?::?\*\*:?|:)?\s*(?:\(|[–—-]\s+)?\s*$", re.I)
_SUM = re.compile(r"\btotal|\badded\b|\bcame to\b|\bcombined\b|\btogether\b|\bbetween them\b",
                  re.I)
_BOTH = re.compile(r"\b(?:both|the\s+two|combined|together|altogether|in\s+all)\b", re.I)
_BOTH_WORDS = ("both", "two", "combined", "together", "all")
_UNIT = re.compile(r"\b(?:both|two|the)\s+(?:(months)|weeks)\b", re.I)
_THE_BEFORE = re.compile(r"\b(?:the|those|these)\s+$", re.I)  # (not "the first two weeks")
_PERIODS_AFTER = re.compile(r"\s+(?:whole\s+|full\s+)?(?:(months)|weeks)\b", re.I)
_BEST = re.compile(r"\b(?:best|highest|biggest|top|strongest|busiest|peak)\b", re.I)
_WORST = re.compile(r"\b(?:worst|lowest|weakest|smallest|quietest|slowest|low\s+point)\b",
                    re.I)
_BEST_WORDS = ("best", "highest", "biggest", "top", "strongest", "busiest", "peak")
_WORST_WORDS = ("worst", "low", "weakest", "smallest", "quietest", "slowest")
_UP = re.compile(r"\b(?:above|more|higher|up|bigger|over|ahead)\b", re.I)
_DOWN = re.compile(r"\b(?:below|less|lower|down|under|fewer|behind|short)\b", re.I)
_TIMES = re.compile(r"\s*(?:times|x\b|×)", re.I)
_PLACE = re.compile(r"[\s-]*(?:(best|highest|biggest|strongest|busiest|top)|"
                    r"(lowest|worst|weakest|smallest|quietest))\b", re.I)
_RANKED_AFTER = re.compile(r"\b(?:after|behind|below|than)\b", re.I)
# "Friday", "friday's", "Fri" (a short form capitalised: "sat" and "sun" are words too)
_WEEKDAY_NAME = re.compile(r"\b(?:(?i:(?:mon|tues|wednes|thurs|fri|satur|sun)day)"
                           r"|Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)\b")
_NUM = re.compile(r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(k)?(%)?", re.I)
_ORD_DIGITS = re.compile(r"(\d+)(?:st|nd|rd|th)", re.I)


def written(text: str) -> tuple[float, float] | None:
    """(value, tolerance) of a number as written: "about 9,600" is within 50 of the value,
    "4.4k" within 50, "57%" within 0.5, "9,628" exact."""
    m = _NUM.fullmatch(text.strip())
    if m is None:
        return None
    whole, decimals = m[1].replace(",", ""), m[2] or ""
    value = float(whole + ("." + decimals if decimals else ""))
    if m[3]:
        return value * 1000, 500 / 10 ** len(decimals)
    if m[4] or decimals:
        return value, 0.5 / 10 ** len(decimals)
    zeros = len(whole) - len(whole.rstrip("0"))
    return value, 0.5 * 10 ** min(zeros, max(0, len(whole) - 2))


def day_blocks(ev: Evidence) -> list[list[tuple[date, float]]]:
    """Each block of three or more stated days, (day, count), the last listed first: read once
    with the request (a long session lists hundreds of blocks)."""
    found = ev.period_cache.get("block_ops.blocks")
    if found is None:
        found = ev.period_cache["block_ops.blocks"] = [
            days for block in reversed(ev.blocks)  # (the message's own days are listed last)
            if len(days := [(d, ev.days[d].value) for d in block if d in ev.days]) >= 3]
        # a stated period inside a longer block is a block of its own ("last week's weekdays
        # averaged 9,628" when the days listed run on into this week)
        found += [part for days in list(found) for p in ev.periods
                  if 3 <= len(part := [(d, v) for d, v in days if p.start <= d <= p.end])
                  < len(days)]
    return found


def worked_out(reply: str, m: Mention, ev: Evidence,
               sentence: Callable[[int], tuple[int, int]]) -> tuple[str, str] | None:
    """("computed", the operation) when an operation over a block of day lines gives the
    unsupported number `m`, else None."""
    start, end = sentence(m.start)
    said = reply[start:end]
    if m.kind == "ordinal":
        return _place(reply, m, ev, said, m.start - start)
    if m.kind == "count" and (size := _SUBSET_SIZE.match(reply, m.end)) is not None \
            and (n := _small(m.text)) is not None and _SUM_OR_MEAN.search(said):
        # "your three best days averaged ...": the size of the part worked out over; the days
        # the sentence names, if any, must be those ("Wed, Sun, Fri": the three best)
        best = size[1].lower() in ("best", "top", "highest", "biggest", "strongest")
        weekdays = {WEEKDAYS[w[0].lower()] for w in _WEEKDAY_NAME.finditer(said)}
        for days in day_blocks(ev):
            picked = sorted(days, key=lambda dv: -dv[1] if best else dv[1])[:n]
            if n < len(days) <= 7 and (not weekdays
                                       or weekdays == {d.weekday() for d, _ in picked}):
                return "computed", f"the {n} {size[1].lower()} of the listed days"
    if m.text.strip().lower() in ("two", "2") and _THE_BEFORE.search(
            reply, max(0, m.start - 8), m.start) and (
            unit := _PERIODS_AFTER.match(reply, m.end)) is not None:  # "the two months"
        named = _of_unit(ev, unit[1] is not None)
        return ("computed", " and ".join(p.label for p in named)) if len(named) == 2 else None
    as_written = written(m.text)
    if as_written is None or m.kind not in ("count", "percent"):
        return None
    value, tol = as_written
    percent = m.text.strip().endswith("%")
    found = _both(ev, said, value, tol) if not percent and may_hold(said, _BOTH_WORDS) \
        and _BOTH.search(said) else None
    if found is not None:
        return "computed", found
    blocks = day_blocks(ev)
    if not blocks:
        return None
    # (what the sentence says is read once, not once a block)
    parts = [] if percent else [(weekend, name) for pattern, words, weekend, name in _PARTS
                                if may_hold(said, words) and pattern.search(said) is not None]
    ways = (_SUM.search(said) is not None, _AVERAGE.search(said) is not None) if parts else None
    if ways is not None and _LABELLED_PART.search(reply, max(0, m.start - 24), m.start):
        ways = (True, ways[1])  # "Last week's weekend (21,187)", "Weekend: 21,187": its total
    spread = may_hold(said, _BEST_WORDS) and _BEST.search(said) is not None \
        and may_hold(said, _WORST_WORDS) and _WORST.search(said) is not None
    # (what the sentence says, read once for every block)
    sum_or_mean = not percent and _SUM_OR_MEAN.search(said) is not None
    sides = _PARTS_AGAINST.search(said) if percent else None
    of_all = percent and _OF_ALL.search(said, m.end - start) is not None
    for days in blocks:
        found = _part(days, parts, ways, value, tol) if parts else None
        if found is None and sum_or_mean:
            found = _subset(days, said, m.start - start, value, tol, ev)
        if found is None and spread:
            found = _spread(reply, m, days, said, value, tol, percent)
        if found is None and sides is not None:
            found = _parts_change(days, sides, value, tol)
        if found is None and of_all:
            found = _named_share(days, said[:m.start - start], value, tol)
        if found is not None:
            return "computed", found
    return None


# "Sunday and Tuesday together made up about 73% of the three days' steps": the days the
# sentence names as a share of the block's total
_OF_ALL = re.compile(r"\s*of\s+(?:the|all|your)\s+(?:total|(?:\w+\s+){0,2}(?:days'?|week's|"
                     r"steps))\b", re.IGNORECASE)


def _named_share(days: list[tuple[date, float]], before: str, value: float,
                 tol: float) -> str | None:
    """The share of the block's total that the weekdays named before the number walked."""
    named = {WEEKDAYS[w[0].lower()] for w in _WEEKDAY_NAME.finditer(before)}
    part = [(d, v) for d, v in days if d.weekday() in named]
    total = sum(v for _, v in days)
    if not part or len(part) == len(days) or len({d.weekday() for d, _ in days}) < len(days) \
            or not total:
        return None
    share = sum(v for _, v in part) / total * 100
    if abs(share - value) > max(tol, 0.5):
        return None
    return f"({' + '.join(fmt(v) for _, v in part)}) ÷ {fmt(total)} = {share:.1f}%"


# "the weekend ran about 10% above the weekdays": one part of the week against the other
_PARTS_AGAINST = re.compile(r"\b(weekends?|weekdays?)\b[^.;\n]*?\b(?:(above|over|more\s+than|higher"
                            r"\s+than|ahead\s+of|up\s+on)|below|under|less\s+than|lower\s+than|"
                            r"behind|down\s+on)\s+(?:the\s+|your\s+)?(weekends?|weekdays?)\b",
                            re.IGNORECASE)


def _parts_change(days: list[tuple[date, float]], sides: re.Match, value: float,
                  tol: float) -> str | None:
    """The change in percent from one part of a block's week to the other, the way the words
    put it ("the weekend ran about 10% above the weekdays": (weekend − weekdays) ÷ weekdays)."""
    first, above, base = sides[1].lower().startswith("weekend"), sides[2] is not None, \
        sides[3].lower().startswith("weekend")
    if first == base:
        return None
    part = [v for d, v in days if (d.weekday() >= 5) == first]
    other = [v for d, v in days if (d.weekday() >= 5) == base]
    if not part or not other:
        return None
    mean, base_mean = sum(part) / len(part), sum(other) / len(other)
    change = (mean - base_mean) / base_mean * 100
    if (change > 0) != above or abs(abs(change) - value) > max(tol, 0.5):
        return None
    names = ("the weekend", "the weekdays")
    return f"({fmt(_half_up(mean))} {names[not first]} − {fmt(_half_up(base_mean))} " \
        f"{names[not base]}) ÷ {fmt(_half_up(base_mean))} = {change:+.1f}%"


# "your weekdays averaged 9,451", "the weekend came to 21,187": the part, said right before it
_PART_SAID = re.compile(r"\b(?:(week\s?days?|monday\s+to\s+friday)|weekends?)\s+"
                        r"(?:(averag(?:ed|ing)|average\s+(?:of|was|is))|came\s+to|total(?:l?ed)?"
                        r"|added\s+up\s+to|made)\s+(?:about\s+|around\s+|roughly\s+|just\s+)?$",
                        re.I)


def parts_refuted[M: Mention](reply: str, out: list[M], ev: Evidence,
                              make: Callable[[M, str, str | None], M]) -> list[M]:
    """`out` with each number said as the weekdays' or the weekend's average or total made
    unsupported when no block's weekdays (or weekend days) give it, whatever else does: "your
    weekdays averaged 9,451" is wrong when 9,451 is Monday to Thursday's."""
    if "week" not in reply.lower() or not (blocks := day_blocks(ev)):
        return out
    result = []
    for m in out:
        said = _PART_SAID.search(reply, max(0, m.start - 40), m.start) if m.kind == "count" \
            and (m.outcome in ("computed", "quoted") or m.outcome == "unsupported"
                 and m.source is None) else None  # (an unsupported one gets the reason)
        if said is not None and (as_written := written(m.text)) is not None:
            weekend, name = said[1] is None, "weekend days" if said[1] is None else "weekdays"
            ways = (said[2] is None, said[2] is not None)
            if not any(_part(days, [(weekend, name)], ways, *as_written) for days in blocks):
                part = [v for d, v in blocks[0] if (d.weekday() >= 5) == weekend]
                true = sum(part) / (len(part) if ways[1] else 1) if part else None
                m = make(m, "unsupported", None if true is None else
                         f"the {name}' {'average' if ways[1] else 'total'} is "
                         f"{fmt(_half_up(true))}, not {m.text}")
        result.append(m)
    return result


def _both(ev: Evidence, said: str, value: float, tol: float) -> str | None:
    """"Over the two months you logged 524,219", "about 8,700 a day across both": the two
    periods the request states with their totals, taken together."""
    periods = [p for p in ev.periods if p.total > 0]
    unit = _UNIT.search(said)
    if unit is not None and len(periods) > 2:  # "both months": the months stated
        periods = _of_unit(ev, unit[1] is not None)
    if len(periods) != 2:
        return None
    total, days = sum(p.total for p in periods), sum(p.recorded for p in periods)
    names = " + ".join(f"{fmt(p.total)} ({p.label})" for p in periods)
    if _AVERAGE.search(said) and days and abs(total / days - value) <= tol:
        return f"({names}) ÷ {days} days = {fmt(round(total / days))}"
    if abs(total - value) <= tol:
        return f"{names} = {fmt(total)}"
    return None


def _of_unit(ev: Evidence, months: bool) -> list:
    """The periods with totals the request states that are months (or weeks)."""
    return [p for p in ev.periods if p.total > 0 and (
        any(w in MONTHS for w in p.label.lower().split()) if months
        else "week" in p.label.lower())]


# "your three best days", "the 4 days under goal": a part of the block the sentence picks
_SUBSET_SIZE = re.compile(r"\s+(best|top|highest|biggest|strongest|worst|lowest|weakest|"
                          r"quietest)\s+days\b", re.I)
_SUM_OR_MEAN = re.compile(r"\baverag|\btotal|\badded\b|\bcame to\b|\bcombined\b|\bbetween them\b"
                          r"|\btogether\b|\bmade\b|\bshort\s+by\b", re.I)
_TOP = re.compile(r"\b(two|three|four|five|[2-6])\s+(?:(best|top|highest|biggest|strongest)|"
                  r"worst|lowest|weakest|quietest)\s+days\b", re.I)
_GOAL_SIDE = re.compile(r"\bdays?\s+(?:(under|below|short\s+of|missing)|over|above|at|meeting"
                        r"|that\s+met|hitting)\s+(?:the\s+|your\s+)?goal\b|\bgoal\s+days\b"
                        r"|\b(?P<miss>misses|missed\s+days|days\s+missed)\b", re.I)
_SHORT_BY = re.compile(r"\b(?:short|under|below|missed)\b[^.;]*\bby\s*$|\bshortfalls?\b", re.I)
_SMALL = {"two": 2, "three": 3, "four": 4, "five": 5}


def _small(text: str) -> int | None:
    t = text.strip().lower()
    return int(t) if t.isdigit() else _SMALL.get(t)


def _subset(days: list[tuple[date, float]], said: str, at: int, value: float, tol: float,
            ev: Evidence) -> str | None:
    """The sum or mean of the days a sentence picks out of a week's block (at most seven
    days): the ones it names ("Wed, Sun and Fri averaged 11,256"), its N best or worst ("your
    three best days averaged ..."), or those under or over the goal ("the 4 days under goal
    averaged 8,891"); the picked days' words must stand before the number (`at`)."""
    if len(days) > 7:
        return None
    before = said[:at]
    picks: list[tuple[str, list[tuple[date, float]]]] = []
    named = {WEEKDAYS[w[0].lower()] for w in _WEEKDAY_NAME.finditer(before)}
    if 2 <= len(named) < len(days):
        picks.append((", ".join(short_day(d) for d, _ in days if d.weekday() in named),
                      [(d, v) for d, v in days if d.weekday() in named]))
    for top in _TOP.finditer(before):
        n = _small(top[1]) or 0
        ranked = sorted(days, key=lambda dv: -dv[1] if top[2] else dv[1])[:n]
        picks.append((f"the {n} {'best' if top[2] else 'lowest'} days", ranked))
    for side in _GOAL_SIDE.finditer(before):
        under = side[1] is not None or side["miss"] is not None
        part = [(d, v) for d, v in days if (v < ev.goals.get(d, ev.goal or 0)) == under]
        picks.append((f"the days {'under' if under else 'at or over'} the goal", part))
        if under and _SHORT_BY.search(before):  # "the four misses were short by 4,438"
            gaps = [ev.goals.get(d, ev.goal or 0) - v for d, v in part]
            if len(gaps) >= 2 and abs(sum(gaps) - value) <= tol:
                return f"the goal less each day under it: {' + '.join(map(fmt, gaps))} = " \
                    f"{fmt(sum(gaps))}"
    return next((found for name, part in picks if len(part) >= 2
                 and (found := _sum_or_mean(name, part, value, tol)) is not None), None)


def _part(days: list[tuple[date, float]], parts: list[tuple[bool, str]],
          ways: tuple[bool, bool] | None, value: float, tol: float) -> str | None:
    """The weekdays' or weekend's sum or mean: `parts` the parts the sentence names,
    `ways` whether it says a sum and whether it says an average."""
    summed, averaged = ways or (False, False)
    for weekend, name in parts:
        part = [(d, v) for d, v in days if (d.weekday() >= 5) == weekend]
        found = _sum_or_mean(name, part, value, tol, summed, averaged) if part else None
        if found is not None:
            return found
    return None


def _sum_or_mean(name: str, part: list[tuple[date, float]], value: float, tol: float,
                 summed: bool = True, averaged: bool = True) -> str | None:
    """"<name>: a + b = total" or "<name>: (a + b) ÷ 2 = mean" when it gives `value`."""
    total = sum(v for _, v in part)
    listed = " + ".join(fmt(v) for _, v in part)
    if summed and abs(total - value) <= tol:
        return f"{name}: {listed} = {fmt(total)}"
    if averaged and len(part) > 1 and abs(total / len(part) - value) <= tol:
        return f"{name}: ({listed}) ÷ {len(part)} = {fmt(_half_up(total / len(part)))}"
    return None


def _half_up(x: float) -> int:
    """`x` to the nearest whole number, halves up (8,890.5 is 8,891, as a coach writes it)."""
    return math.floor(x + 0.5)


def _spread(reply: str, m: Mention, days: list[tuple[date, float]], said: str, value: float,
            tol: float, percent: bool) -> str | None:
    (lo_day, lo), (hi_day, hi) = min(days, key=lambda x: x[1]), max(days, key=lambda x: x[1])
    if lo <= 0 or lo_day == hi_day:
        return None
    names = f"best {fmt(hi)} ({short_day(hi_day)}), worst {fmt(lo)} ({short_day(lo_day)})"
    after = reply[m.end:m.end + 24]
    if percent:
        if _UP.search(after) or _UP.search(said) and not _DOWN.search(said):
            got, how = 100 * (hi - lo) / lo, f"({fmt(hi)} − {fmt(lo)}) ÷ {fmt(lo)}"
        elif _DOWN.search(after) or _DOWN.search(said):
            got, how = 100 * (hi - lo) / hi, f"({fmt(hi)} − {fmt(lo)}) ÷ {fmt(hi)}"
        else:
            return None
        return f"{names}: {how} = {got:.1f}%" if abs(got - value) <= tol else None
    if _TIMES.match(reply, m.end):
        ratio = hi / lo
        return f"{names}: {fmt(hi)} ÷ {fmt(lo)} = {ratio:.2f}" \
            if abs(ratio - value) <= max(tol, 0.05) else None
    gap = hi - lo
    return f"{names}: {fmt(hi)} − {fmt(lo)} = {fmt(gap)}" if abs(gap - value) <= tol else None


def _place(reply: str, m: Mention, ev: Evidence, said: str,
           at: int) -> tuple[str, str] | None:
    """A day's place among a block's days ("third-best"), given to the day named nearest."""
    way = _PLACE.match(reply, m.end)
    low = m.text.strip().lower()
    digits = _ORD_DIGITS.fullmatch(low)
    n = int(digits[1]) if digits else ORDINAL_WORDS.get(low)
    if way is None or n is None or n < 2:
        return None
    highest = way[1] is not None
    # the day the place is given to: the weekday or a day's value written nearest to it
    # (within its part of a list cut by semicolons: "Best: Wed at 12,028; second-best Sun at
    # 11,470" gives the place to Sunday)
    lo = said.rfind(";", 0, at) + 1
    hi = said.find(";", at) % (len(said) + 1)
    # (not the day it is ranked after: "your second-best day of the week after Wednesday's
    # 12,028" is Sunday's place, the day named before it)
    if (after := _RANKED_AFTER.search(said, at, hi)) is not None:
        hi = after.start()
    named: list[tuple[int, int | float]] = [
        (abs(w.start() - at), WEEKDAYS[w[0].lower()])
        for w in _WEEKDAY_NAME.finditer(said, lo, hi)]
    named += [(abs(num.start() - at), value)
              for num in _NUM.finditer(said, lo, hi)
              if len(num[1].replace(",", "")) >= 4 and not num[3] and not num[4]
              and (value := float(num[1].replace(",", ""))) != ev.goal]  # (no day's value)
    if not named:
        return None
    target = min(named)[1]
    for days in day_blocks(ev):
        ranked = sorted(days, key=lambda x: -x[1] if highest else x[1])
        if n > len(ranked):
            continue
        d, v = ranked[n - 1]
        tied = sum(1 for _, x in ranked if x == v) > 1
        if not tied and (d.weekday() == target if isinstance(target, int) else v == target):
            order = "highest" if highest else "lowest"
            return "computed", f"{short_day(d)} {fmt(v)}: number {n} by steps, {order} " \
                               f"first, of {len(ranked)} days"
    return None
