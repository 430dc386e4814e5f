"""Counts of days that the reply's own words define, redone over the day lines:
`day_count(reply, atom, evidence, binder)`.

- **A ranking**: "Friday and Saturday, the two lowest days of the week", "Saturday was one of
  your two best days". True when each day the sentence names is among that many lowest (or
  highest) of the stated days they are ranked among.
- **Days past a mark**: "only one day over 12k", "two days above 11,000", "four days under
  9,000". True when that many stated days are past the mark.

- **The other days**: "the other five days" are the fully recorded period the paragraph names
  less the days it named before the count; "3 of those 13 came in the week of Nov 23" are that
  week's goal days by its day lines; "the other 10" after "3 of those 13" is 13 − 3, both true
  (`the_rest`, a last look).

- **Days ahead in a span the reply names**: "if it's today through Sunday, that's six days",
  "through Monday it's seven days" (from today when no start is named), "the six days from
  today" in a sentence about the week (to Sunday): the days from the start to the end, both
  counted, a weekday being the next one on or after the start; "the remaining five days": today
  to Sunday.

The days ranked or counted among are those of the period the number is tied to (a stated
period, or a name the request does not state, "this week"); with none, those of any block of
day lines (a reply speaks of one block at a time), then of all stated days.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import replace
from datetime import date, timedelta
from typing import Any

from coach_tui.coach.grounding.binding import Binder
from coach_tui.coach.grounding.counted import value
from coach_tui.coach.grounding.facts import Evidence, fmt, short_day
from coach_tui.coach.grounding.kinds import gap_sign
from coach_tui.coach.grounding.scan import Atom
from coach_tui.coach.grounding.words import SMALL, WEEKDAYS, may_hold, trie

_HIGH = ("highest", "best", "strongest", "biggest", "busiest", "top")
_LOW = ("lowest", "worst", "weakest", "quietest", "slowest", "bottom", "lightest")
_RANK_AFTER = re.compile(rf"\s+(?:({'|'.join(_HIGH)})|({'|'.join(_LOW)}))[\s-]+"
                         r"(?:step\s+|scoring\s+)?days?\b", re.I)
_RANK_BEFORE = re.compile(rf"\b(?:({'|'.join(_HIGH)})|({'|'.join(_LOW)}))\s+$", re.I)
_MARK = r"(\d{1,3}(?:,\d{3})+|\d{4,}|\d+(?:\.\d)?k)\b"
# "beat your 30-day average of 9,571", "above your own weekly average of 9,904": a stated
# average as the mark, its value written
_AVERAGE_OF = (r"(?:(?:your|the)\s+(?:own\s+)?(?:[\w-]+\s+){0,2}?(?:average|avg|mean)\s+(?:of\s+)?"
               # ("above the week's own 8,111 average")
               r"|(?:[\w'’]+\s+){1,2}(?=\d[\d,]*k?\s+(?:daily\s+)?(?:average|avg|mean)\b))?")
# "one day over 12k", "two of the days came in above 11,000", "3 days topped 12,000"
_PAST_AFTER = re.compile(
    r"\s+(?:more\s+|other\s+)?(?:of\s+(?:the|those|these|your)\s+(?:\w+\s+){0,2}?(?:days?\s+)?|"
    r"days?\s+)"  # ("Four of the seven came in above")
    r"(?:(?:this|last|that)\s+(?:week|month)\s+)?(?:were\s+|was\s+|came\s+in\s+|finished\s+|"
    r"landed\s+|went\s+|ended\s+|got\s+|stayed\s+|fell\s+|sat\s+)?"
    r"(over|above|beyond|past|topped|cleared|broke|passed|beat|under|below|short\s+of)\s+"
    r"(?:the\s+)?(?:about\s+)?" + _AVERAGE_OF + _MARK, re.I)
_PAST_LABEL = re.compile(r"\bdays?\s+(over|above|beyond|past|under|below|short\s+of)\s+"
                         r"(?:the\s+)?" + _MARK + r"\W{0,3}:\W{0,3}$", re.I)
_TIMES_PAST = re.compile(r"\b(over|above|beyond|past|topped|cleared|broke|passed|crossed|beat|"
                         r"under|below|short\s+of)\s+(?:the\s+)?(?:about\s+)?" + _AVERAGE_OF
                         + _MARK, re.I)
# "two goal days", "two goals": a count the goal defines, whatever mark its clause names
# "... average just under 11.3k", "averaging a little over 9k": what an average comes to, no mark
_AVERAGED = re.compile(r"\b(?:averag\w*|mean|total\w*)(?:\s+(?:of|at|out\s+at))?\s+(?:just\s+|"
                       r"a\s+little\s+|a\s+bit\s+|slightly\s+|well\s+)?$", re.I)
_GOALS_AFTER = re.compile(r"\s+goal(?:s|[\s-]+days?)\b", re.I)
_PAST_WORDS = ("over", "above", "beyond", "past", "topped", "cleared", "broke", "passed",
               "crossed", "beat", "under", "below", "short")  # (`may_hold` spares the search)
_OF_DAYS = re.compile(r"\s+(?:out\s+)?of\s+(?:the\s+|your\s+)?(?:last\s+|past\s+)?(?:\d+\s+|"
                      r"[a-z]+\s+)?days\b", re.I)
_WINDOW = re.compile(r"\b(?:last|past|the|those|these|next|first|all)\s+$", re.I)
_HEADING_END = re.compile(r"\*{0,2}:")
_WHOLE_BEFORE = re.compile(r"\bof\s+(?:(?:the|your|those|these|all|last|past)\s+)*$", re.I)
_DAY = r"(today|tomorrow|(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?)"
_SPAN = re.compile(rf"\b(?:{_DAY}\s+)?(?:through|thru|to|until|till)\s+(?:the\s+end\s+of\s+)?"
                   rf"{_DAY}\b", re.I)
_REST = re.compile(r"\s+(?:more\s+)?days?\s+(?:still\s+)?(?:from\s+(?:today|now)|after\s+today|"
                   r"left|remaining|to\s+go|ahead)\b", re.I)  # ("6 days still to go")
_WEEK = re.compile(r"\bweek\b", re.I)
# "the remaining six days", "the remaining 65,763 over six days", "that leaves **65,763 over
# 6 days"
_REST_BEFORE = re.compile(r"\b(?:remaining|leaves|leaving)\s+(?:\*\*)?(?:[\d,]+\s+(?:steps\s+)?"
                          r"(?:over|across|in)\s+(?:the\s+)?)?$", re.I)
_REMAINING = re.compile(r"\bremaining\s+$", re.I)  # "the remaining five days"
# "across today and the remaining five days": the remaining days are after today
_TODAY_AND = re.compile(r"\btoday\s+(?:and|plus|\+)\s+(?:the\s+)?(?:remaining|other)\s+$", re.I)
_THOSE = re.compile(r"\b(?:those|these)\s+$", re.I)
_NEXT_BEFORE = re.compile(r"\b(?:the|your)\s+(?:next|coming)\s+$", re.I)
_AFTER_TODAY = re.compile(r"\s+(?:more\s+)?days?\s+(?:left\s+|to\s+go\s+|remaining\s+)?"
                          r"(?:after|besides|beyond)\s+(?:today|tonight|this\s+one)\b", re.I)
_LEFT = re.compile(r"\s+(?:more\s+)?days?\s+(?:still\s+)?(?:left|to\s+go|ahead)\b", re.I)
# "six more solid days", "five more good days": the days still to come
_MORE_DAYS = re.compile(r"\s+more\s+(?:solid|good|strong|steady|big|decent|full)\s+days\b", re.I)
_WEEK_TOTAL = re.compile(r"\b(?:this|the)\s+week\b", re.I)
_DAYS_STARTS = ("more", "walking", "day")  # (what every match of the next pattern starts with)
_DAYS_AFTER = re.compile(r"\s+(?:more\s+|walking\s+)?days?\b", re.I)
_UNDER = ("under", "below", "short of")


_PERIOD_NAME = re.compile(r"-day\s+(?:average|avg|total|window|period|figure|mean|rolling|best|"
                          r"high|low|pace)\b", re.I)


_OTHER = re.compile(r"\bthe\s+other\s+$", re.I)
_X_OF_Y = re.compile(r"\b(\d{1,2}|" + trie(SMALL) + r")\s+of\s+(?:those|these|the|your)\s+"
                     r"(\d{1,2}|" + trie(SMALL) + r")\b", re.I)


# "3 of those 13 came in the week of Nov 23", "two of them fell in the week of the 16th"
_OF_THOSE_IN = re.compile(r"\s+of\s+(?:those|these|them|the|your)\s+(?:\d+\s+|[a-z]+\s+)?"
                          r"(?:goal\s+days\s+)?(?:came|fell|were|landed|happened)\s+(?:in|during)"
                          r"\s+the\s+week\s+of\s+", re.I)


def _those_in(a: Atom, n: int, at: int, ev: Evidence,
              binder: Binder) -> tuple[str | None, str | None] | None:
    """The goal days of the week a date right after `at` names, counted from its day lines
    (the week from that day: "the week of Nov 23", a Monday): computed when that many, warned
    when not; None when the request has no line for every day of it."""
    i = bisect_left(binder.every_ref, (at,))
    if i == len(binder.every_ref) or binder.every_ref[i][0] != at \
            or len(binder.every_ref[i][2]) != 1:
        return None
    first = next(iter(binder.every_ref[i][2]))
    days = [first + timedelta(days=k) for k in range(7)]
    if any(d not in ev.days or d not in ev.goals for d in days):
        return None
    met = [d for d in days if ev.days[d].value >= ev.goals[d]]
    how = f"days at or over the goal, {short_day(days[0])} to {short_day(days[-1])}: {len(met)}"
    return ("computed", how) if len(met) == n else (None, None)


def _others(reply: str, a: Atom, n: int, ev: Evidence,
            binder: Binder) -> tuple[str | None, str | None] | None:
    """"The best was Wednesday ...; the quietest was Thursday ... the other five days": the days
    of the fully recorded period its paragraph names, less those it names before the count
    (computed when that many); None otherwise."""
    start = reply.rfind("\n\n", 0, a.start) + 1
    labels = {label for _, _, ls in binder._names_in(start, a.start) for label in ls}
    named = binder.days_in(start, a.start)
    for p in ev.periods:
        if p.label not in labels or p.recorded != p.length or p.length > 31:
            continue
        inside = {d for d in named if p.start <= d <= p.end}
        if not inside:
            continue
        left = p.length - len(inside)
        listed = ", ".join(short_day(d) for d in sorted(inside))
        how = f"{p.length} days ({p.label}) − {len(inside)} named ({listed}) = {left}"
        if left == n:
            return "computed", how
    return None  # (another reading may hold: "on the other 16 days" of the 13 goal days)


def day_count(reply: str, a: Atom, ev: Evidence,
              binder: Binder) -> tuple[str | None, str | None] | None:
    """For a count of days its words define: ("computed", how) when the day lines bear it
    out, else (None, None); None for any other number."""
    if a.kind == "count" and a.value is not None and a.value >= 100 and ev.days \
            and a.may_end(_MARK_ENDS) and a.may_hold("day"):
        return _mark(reply, a, ev, binder)
    if a.kind != "count" or a.value is None or not a.value.is_integer() \
            or not 1 <= a.value <= 31:
        return None
    n = int(a.value)
    if not ev.days:  # no day lines: a count of days past a mark but the goal is none stated
        past = a.may_start(("more", "other", "of", "day")) and _PAST_AFTER.match(reply, a.end)
        return (None, None) if past and _value(past[2]) != ev.goal and not _said(n, ev) \
            else None
    if a.may_start(("of",)) and (those := _OF_THOSE_IN.match(reply, a.end)) is not None:
        found = _those_in(a, n, those.end(), ev, binder)  # "3 of those 13 came in the week of
        if found is not None:  # Nov 23"
            return found
    days_after = a.may_start(_DAYS_STARTS) and _DAYS_AFTER.match(reply, a.end)
    if days_after and a.may_end(("other",)) and _OTHER.search(reply, max(0, a.start - 12),
                                                                a.start):
        found = _others(reply, a, n, ev, binder)  # "Those set the range; the other five days"
        if found is not None:
            return found
    if ev.now is not None and days_after and a.may_end(("remaining",)) \
            and _REMAINING.search(reply, max(0, a.start - 16), a.start):
        return span_ahead(reply, a, ev, binder) or (None, None)  # "the remaining five days"
    rank = a.may_start(_HIGH + _LOW) and _RANK_AFTER.match(reply, a.end) or (
        days_after or _HEADING_END.match(reply, a.end)) and \
        (_RANK_BEFORE.search(reply, max(0, a.start - 12), a.start)  # ("lowest 7-day average")
         if a.may_end(_HIGH + _LOW) else None)
    # ("**Lowest two:** Thu 7,651, Tue 8,963": a heading ranks the days its line names)
    if rank is not None:
        return _ranking(reply, a, n, rank[1] is not None, ev, binder)
    past = a.may_start(("more", "other", "of", "day")) and _PAST_AFTER.match(reply, a.end) or None
    if past is None and reply.rfind(":", max(0, a.start - 6), a.start) >= 0:
        # "- Days above 9,000: 5 of 7": the count after its label
        past = _PAST_LABEL.search(reply, max(0, a.start - 40), a.start)
    if past is None and (a.unit in ("time", "day") or a.may_start(("of", "out"))
                         and _OF_DAYS.match(reply, a.end)) \
            and not _WINDOW.search(reply, max(0, a.start - 12), a.start) \
            and not _GOALS_AFTER.match(reply, a.end) \
            and not _PERIOD_NAME.match(reply, a.end):  # ("the last 30 days", "two goal days",
        # "your 7-day average ... below 75,000": a period's name, no count of days)
        # "twice this week you topped 11,000", "you cleared 9,000 on five days", "Five of
        # seven days topped 9,000": the clause's mark, when not the goal
        cs, ce = binder.clause(a.start)
        past = _TIMES_PAST.search(reply, cs, ce) if may_hold(reply[cs:ce], _PAST_WORDS) else None
        if past is not None and (_value(past[2]) == ev.goal or _AVERAGED.search(
                reply, max(0, past.start() - 30), past.start()) is not None):
            past = None  # ("two days so far average just under 11.3k": a level's hedge)
    if past is not None and not _WHOLE_BEFORE.search(reply, max(0, a.start - 24), a.start):
        # ("Four of the seven days landed above 9,000": seven is the whole, not the count)
        mark = _value(past[2])
        under = " ".join(past[1].lower().split()) in _UNDER
        pools = _pools(a, ev, binder)
        if _AVERAGED_MARK.search(past[0]):
            # "Last week you beat your 30-day average of 9,571 on 4 days": the days counted
            # are the other period's the sentence names, not the mark's own
            lo, hi = binder.sentence(a.start)
            others = {label for at, _, labels in binder._names_in(lo, hi)
                      if not past.start() <= at < past.end() for label in labels}
            pools = _spans(ev, others) or pools
        for label, days, _ in pools:
            hits = [d for d in days if (ev.days[d].value < mark if under
                                        else ev.days[d].value > mark)]
            if len(hits) == n:
                named = ", ".join(short_day(d) for d in hits)
                word = "under" if under else "over"
                return "computed", f"days {word} {fmt(mark)} ({label}): {named} = {n} of " \
                    f"{len(days)}"
        # a period not listed day by day, or the goal as the mark ("10 days over 10,000 in
        # the last 30"): the request's own counts decide (they count days at the goal: with
        # another mark, only what the user said)
        return (None, None) if mark != ev.goal and (pools[0][2] or not _said(n, ev)) else None
    return None


def _mark(reply: str, a: Atom, ev: Evidence,
          binder: Binder) -> tuple[str | None, str | None] | None:
    """The mark of a count the words imply: "Thursday, the only day below 8,000", "every day
    stayed over 9,000", "no day fell under 5,000": computed when that many of the stated days
    are past it (the one named, for "only"), else (None, None); None when no such words."""
    m = _MARK_BEFORE.search(reply, max(0, a.start - 64), a.start)
    if m is None or a.number == ev.goal or gap_sign(reply, a) is not None \
            or _AHEAD.search(reply, *binder.sentence(a.start)):
        return None  # (the goal as the mark is quoted as the goal; "the only day more than
        # 2,000 short": a gap's size, not a level; "aim to keep every day above 9,000": a plan)
    under = m[5] is not None
    ss = binder.sentence(a.start)[0]
    # (the day named last before it: "the high was Wednesday, the low Thursday at 7,651, the
    # only day under 8,000" is Thursday's)
    found = [found for start, _, found in binder.refs if ss <= start < a.start][-1:]
    named = {d for d in (found[0] if found else ()) if d in ev.days}
    word, first = "under" if under else "over", None
    for label, days, _ in _pools(a, ev, binder):
        hits = [d for d in days if (ev.days[d].value < a.number if under
                                    else ev.days[d].value > a.number)]
        if (len(hits) == 1 and named <= set(hits)) if m[1] else \
                (len(hits) == len(days) >= 2) if m[2] else not hits:
            return "computed", f"days {word} {fmt(a.number)} ({label}): " + (
                ", ".join(short_day(d) for d in hits) or "none") + f" of {len(days)}"
        first = first or f"days {word} {fmt(a.number)} ({label}): {len(hits)} of {len(days)}"
    # (why it is refuted, as its source: the local arithmetic after must not rescue it)
    return "unsupported", first


_AHEAD = re.compile(r"\b(?:aim|try|keep|make|next|should|would|will|let's|plan|target|want|"
                    r"going forward|from now)\b", re.I)
_MARK_ENDS = ("over", "above", "beyond", "past", "than", "topped", "cleared", "broke", "under",
              "below", "of", "the", "about")
# "the only day below", "every day stayed over", "no day fell under": the count the words imply
_MARK_BEFORE = re.compile(
    r"\b(?:((?:the|your)\s+only\s+(?:one\s+)?day)|(every\s+(?:single\s+)?day|each\s+day|"
    r"all\s+(?:\w+\s+)?(?:of\s+the\s+)?days)|(no\s+days?|not\s+(?:one|a\s+single)\s+day|"
    r"none\s+of\s+(?:the|those|these)\s+(?:\w+\s+)?days))\s+(?:this\s+week\s+|last\s+week\s+)?"
    r"(?:that\s+|which\s+)?(?:was\s+|were\s+|came\s+in\s+|finished\s+|landed\s+|stayed\s+|"
    r"went\s+|got\s+|fell\s+|sat\s+|dipped\s+|ended\s+|was\s+still\s+)?(?:(over|above|beyond|"
    r"past|more\s+than|topped|cleared|broke)|(under|below|short\s+of|less\s+than))\s+"
    r"(?:the\s+)?(?:about\s+)?$", re.I)


def span_ahead(reply: str, a: Atom, ev: Evidence, binder: Binder) -> tuple[str, str] | None:
    """("computed", how) when `a` counts the days of a span ahead that its sentence names
    ("today through Sunday, that's six days", "the six days from today through Sunday"), or the
    rest of the week it speaks of ("the six days from today", "the remaining 65,763 over six
    days"); ("unsupported", how) when it says it counts the days left and does not; else None."""
    more = a.may_start(("more",)) and _MORE_DAYS.match(reply, a.end) is not None
    if ev.now is None or a.kind != "count" or a.value is None or not a.value.is_integer() \
            or not (a.may_start(_DAYS_STARTS) and _DAYS_AFTER.match(reply, a.end) or more):
        return None
    ss, se = binder.sentence(a.start)
    after = _SPAN.search(reply, a.end, min(se, a.end + 40))  # the span right after the count
    spans = list(_SPAN.finditer(reply, ss, a.start))
    if not spans and ss > 0 and _THOSE.search(reply, max(0, a.start - 8), a.start):
        # "... for Tuesday to Sunday. Over those six days ...": the span just named
        spans = list(_SPAN.finditer(reply, binder.sentence(ss - 1)[0], ss))
    rest = _REST.match(reply, a.end) or _REST_BEFORE.search(reply, max(0, a.start - 40),
                                                           a.start)
    # "five days left after today": today left out; "four days left" may leave it out
    # ("over the next five days" in a sentence about the week: today or tomorrow to Sunday)
    nxt = _NEXT_BEFORE.search(reply, max(0, a.start - 16), a.start)
    exclusive = _AFTER_TODAY.match(reply, a.end) is not None \
        or _LEFT.match(reply, a.end) is not None or nxt is not None \
        or _TODAY_AND.search(reply, max(0, a.start - 40), a.start) is not None
    if after is not None and after.start() - a.end <= 24:
        start = _ahead(ev.now, after[1]) if after[1] else ev.now
        end = _ahead(start, after[2])
    elif (rest or nxt) and (_WEEK.search(reply, binder.sentence(ss - 1)[0] if ss > 0 else 0,
                                         se) or rest and rest.re is _REST_BEFORE):
        # "the six days from today" in a sentence about the week, "the remaining six days":
        # today to Sunday
        start, end = ev.now, _ahead(ev.now, "sunday")
    elif more and not spans and _WEEK_TOTAL.search(reply):
        # "Six more solid days and 75,000 is yours" in a reply planning the week: today to
        # Sunday
        start, end = ev.now, _ahead(ev.now, "sunday")
    elif spans:
        m = spans[-1]
        start = _ahead(ev.now, m[1]) if m[1] else ev.now
        end = _ahead(start, m[2])
        rest = None  # (a span named before: the writer's own, refuted by nothing)
    else:
        return None
    n = (end - start).days + 1
    if exclusive and a.value == n - 1 and n > 1:  # (the days after today)
        return "computed", f"{short_day(start + timedelta(days=1))} to {short_day(end)}: " \
                           f"{n - 1} days"
    if a.value == n:
        return "computed", f"{short_day(start)} to {short_day(end)}: {n} days"
    if rest:
        return "unsupported", f"{short_day(start)} to {short_day(end)} is {n} days"
    return None


def _ahead(start: date, word: str) -> date:
    """`word` (today, tomorrow, a weekday) as the day on or after `start` it names."""
    word = word.lower()
    if word == "today":
        return start
    if word == "tomorrow":
        return start + timedelta(days=1)
    key = word[:-3] if word.endswith("day") and word[:-3] in WEEKDAYS else word
    wd = WEEKDAYS.get(key, WEEKDAYS.get(word[:3], start.weekday()))
    return start + timedelta(days=(wd - start.weekday()) % 7)


def _ranking(reply: str, a: Atom, n: int, high: bool, ev: Evidence, binder: Binder):
    ss, se = binder.sentence(a.start)
    refs = binder.refs[bisect_left(binder.ref_starts, ss):bisect_left(binder.ref_starts, se)]
    # (a day after the count in a later clause is another claim's: "your two lowest days back
    # to back, before Sunday's 9,257 pulled things back")
    ce = binder.clause(a.start)[1]
    if _HEADING_END.match(reply, a.end):
        ce = se  # "Lowest two: Thu 7,651, Tue 8,963": the days after the colon are ranked
    named = {next(iter(days)) for start, _, days in refs if len(days) == 1 and start < ce}
    if not named and reply.find(":", a.end, se) >= 0:
        # "The two weakest days were back to back: Friday ... and Saturday ...": the days
        # the colon lists
        named = {next(iter(days)) for start, _, days in refs if len(days) == 1
                 and start > a.end}
    named &= ev.days.keys()
    if not named or len(named) > n:
        return None  # none named (or more than ranked): no claim to check here
    pools = _pools(a, ev, binder)
    for label, days, _ in pools:
        if not named <= set(days) or len(days) <= n:
            continue
        ranked = sorted(days, key=lambda d: ev.days[d].value, reverse=high)
        # every day named is among the n ("Saturday was one of your two best days"), and the
        # n are set apart from the rest (no tie at the edge)
        if named <= set(ranked[:n]) and ev.days[ranked[n - 1]].value != ev.days[ranked[n]].value:
            word = "highest" if high else "lowest"
            return "computed", f"the {n} {word} of {len(days)} days ({label}): " + ", ".join(
                f"{short_day(d)} {fmt(ev.days[d].value)}" for d in ranked[:n])
    return (None, None) if pools[0][2] else None


_AVERAGED_MARK = re.compile(r"\b(?:average|avg|mean)\b", re.I)


def _spans(ev: Evidence, periods) -> list[tuple[str, list[date], bool]]:
    """The stated days of each period named, each with whether the request lists every day
    of it."""
    return [(p.label, [d for d in ev.days if p.start <= d <= p.end], all(
        p.start + timedelta(days=i) in ev.days or p.start + timedelta(days=i) in ev.empty_days
        for i in range((p.end - p.start).days + 1))) for p in ev.periods if p.label in periods]


def _pools(a: Atom, ev: Evidence, binder: Binder) -> list[tuple[str, list[date], bool]]:
    """The stated days a count may be of, most specific first, each with whether the
    request lists every day of it (then a count that fits none is wrong, not unknown)."""
    periods = binder.period(a)
    span = binder.last_span
    if periods:
        if found := _spans(ev, periods):
            return found
    elif span is not None:
        lo, hi = span
        return [("as named", [d for d in ev.days if lo <= d <= hi], all(
            lo + timedelta(days=i) in ev.days or lo + timedelta(days=i) in ev.empty_days
            for i in range((hi - lo).days + 1)))]
    pools = [(f"{short_day(b[0])} to {short_day(b[-1])}", [d for d in b if d in ev.days], True)
             for b in ev.blocks if len(b) > 1]
    return pools + [("all stated days", sorted(ev.days), True)]


def _said(n: int, ev: Evidence) -> bool:
    return any(f.kind == "said" and f.value == n for f in ev.facts)


def _value(text: str) -> float:
    text = text.lower().replace(",", "")
    return float(text[:-1]) * 1000 if text.endswith("k") else float(text)


def the_rest[M: Any](reply: str, out: list[M], sentence: Callable[[int], tuple[int, int]]
                     ) -> list[M]:
    """`out` with each warned count after "the other" that is the rest of an "X of those Y"
    its sentence wrote before it, both found true ("3 of those 13 came in the week of Nov 23,
    ... the other 10 were spread over the 22 days before it": 13 − 3) computed."""
    result = list(out)
    for i, m in enumerate(out):
        if m.outcome != "unsupported" or m.source is not None or m.kind != "count" \
                or not _OTHER.search(reply, max(0, m.start - 12), m.start) \
                or (n := value(m.text)) is None:
            continue
        ss = sentence(m.start)[0]
        part = next(reversed(list(_X_OF_Y.finditer(reply, ss, m.start))), None)
        if part is None or (x := value(part[1])) is None \
                or (y := value(part[2])) is None or y - x != n:
            continue
        true = {o.start for o in out[:i] if o.outcome in ("quoted", "computed")}
        if {part.start(1), part.start(2)} <= true:
            result[i] = replace(m, outcome="computed",
                                source=f"{part[2]} − {part[1]} = {fmt(n)}")
    return result
