"""What a plan says today's doing makes the streak, checked: `checked(reply, out, ev, sentence)`;
and the month's goal days (`goal_days`); the days to the record (`to_the_record`); goal days
more than a period managed (`more_than`); the week's goal days so far (`so_far`); the streak
after the days a plan names (`streak_by`); the streak's day a plan's dated line names
(`streak_on`); the streak's next day said to stand before today is met (`standing`: "It puts
you on day 2 of a new streak" at 812 steps is warned).

"Walk 40 minutes at lunch and 30 after six and the streak reaches 48", "Your streak is at 15
days! Let's make it sixteen today": a plan's words, but the count is the request's streak with
today, and the request states the streak. So a count read as advice, in a sentence that names
today's doing (or today) after one that names the streak (or itself does), right after words
that say what it comes to ("reaches", "make it", "takes it to", "becomes"), is checked
against the streak + 1: computed when it is, warned when not. A count for a later day ("by
Sunday", "next week", "tomorrow") is a plan over days the request does not state, and stays
advice.

The same for the goal days of the month (or week) today is in: "tonight you're only 1,786 away:
one easy walk should do it, and that would make it fifteen for the month" is the goal days the
request states for the month so far, with today's: computed when it is, warned when not.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date, timedelta
from typing import Any

from coach_tui.coach.grounding.advice import DATE_LINE
from coach_tui.coach.grounding.counted import value
from coach_tui.coach.grounding.facts import Evidence, fmt
from coach_tui.coach.grounding.words import MONTHS, ORDINAL_WORDS, TENS, WEEKDAYS

# "reaches 48", "make it sixteen", "takes it to 3", "becomes 2", "the streak is 2"
# "your streak moves from 1 to 2": what today's doing makes it, whatever the count was read as
_MOVES_TO = re.compile(r"\b(?:moves?|goes|climbs?|rises?)\s+(?:up\s+)?from\s+\d+\s+to\s+$", re.I)
_COMES_TO = re.compile(r"\b(?:reach(?:es)?|hits?|mak(?:e|es)\s+it|tak(?:e|es)\s+it\s+to|"
                       r"becomes?|turns?\s+into|(?:streak|it)\s+(?:is|will\s+be|would\s+be)|"
                       # ("your streak moves from 1 to 2", "goes up to 2")
                       r"(?:moves?|goes|climbs?|rises?|ticks?\s+up)\s+(?:up\s+)?"
                       r"(?:from\s+\d+\s+)?to)\s+(?:day\s+)?$", re.I)
_STREAK = re.compile(r"\bstreak\b", re.I)
_TODAY = re.compile(r"\b(?:today|tonight|this\s+evening|now)\b|\b(?:walk|get|hit|meet|close|"
                    r"finish|do|take)\b", re.I)
_LATER = re.compile(r"\b(?:tomorrow|next\s+week|by\s+(?:next\s+|this\s+)?"
                    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
                    r"by\s+the\s+(?:weekend|end)|in\s+\w+\s+days|this\s+week|over\s+the\s+week|"
                    r"days?\s+from\s+now|each\s+day|every\s+day)\b", re.I)


def checked[M: Any](reply: str, out: list[M], ev: Evidence,
                    sentence: Callable[[int], tuple[int, int]]) -> list[M]:
    """`out` with each count of the streak ahead read as advice checked against the
    request's streak + 1 (see the module's words)."""
    if ev.streak is None or "streak" not in reply.lower():
        return out
    result = list(out)
    target = ev.streak.value + 1
    for i, m in enumerate(out):
        if m.kind != "count" or not (
                m.outcome == "advice" or m.outcome == "unsupported"
                and _MOVES_TO.search(reply, max(0, m.start - 24), m.start)) \
                or not _COMES_TO.search(reply, max(0, m.start - 24), m.start):
            continue
        n = value(m.text)
        start, end = sentence(m.start)
        before = sentence(start - 2)[0] if start > 1 else start  # ("Your streak is at 1.
        if n is None or not n.is_integer() or not 2 <= n <= 400 \
                or not _STREAK.search(reply, before, end) \
                or not _TODAY.search(reply, start, end) or _LATER.search(reply, start, end):
            continue  # Let's make it two today.": the streak the sentence before names)
        result[i] = replace(m, outcome="computed", source=f"{ev.streak.label} + today = "
                            f"{fmt(target)}") if n == target else \
            replace(m, outcome="unsupported", source=f"the streak with today would be "
                    f"{fmt(target)} ({ev.streak.label})")
    return result


# "you're on day 2 now", "It puts you on day 2 of a new streak", "That makes it day 2": the
# streak's day said to stand now
_ON_DAY = re.compile(r"(?<!\band\s)\b(?:you(?:'re|’re|\s+are)|puts\s+you|makes\s+it)\s+"
                     r"(?:on\s+)?\**day\s+\**$", re.I)  # (not "Do that and you're on day 2")
# what today's doing would make it, written before the count ("hit it today and you're on day 2")
_SUPPOSED = re.compile(r"\b(?:if|once|when|would|will|could|today|tonight|later|hit|meet|close|"
                       r"finish|get|another|more|make|do)\b|'ll\b", re.I)


def standing[M: Any](reply: str, out: list[M], ev: Evidence,
                     sentence: Callable[[int], tuple[int, int]]) -> list[M]:
    """`out` with the streak's next day said to stand now ("It puts you on day 2 of a new
    streak" the morning after the streak's first day) warned while today is short of the
    goal: the day being walked counts once it is met, and nothing before the count in its
    sentence supposes it is."""
    if ev.streak is None or ev.today is None or ev.goal is None or ev.today.value >= ev.goal:
        return out
    result = list(out)
    with_today = f" + today = {fmt(ev.streak.value + 1)}"
    for i, m in enumerate(out):
        if m.outcome != "computed" or not (m.source or "").endswith(with_today) \
                or not _ON_DAY.search(reply, max(0, m.start - 24), m.start) \
                or _SUPPOSED.search(reply, sentence(m.start)[0], m.start):
            continue
        result[i] = replace(m, outcome="unsupported", source=f"{ev.streak.label}: today "
                            f"({fmt(ev.today.value)} so far) has not met the goal yet")
    return result


# "would make it fifteen for the month", "makes it 4 goal days this week"
_FOR_PERIOD = re.compile(r"\s+(?:goal\s+days?\s+|days?\s+met\s+|met\s+days?\s+)?(?:for|in|this)\s+"
                         r"(?:the\s+)?(month|week)\b", re.I)


def _ordinal(text: str) -> float | None:
    """"14th", "fourteenth": 14.0."""
    t = text.strip().lower()
    if t[:-2].isdigit():
        return float(t[:-2])
    found = ORDINAL_WORDS.get(t.replace("-", " ").split()[-1])
    return None if found is None else float(found + (TENS.get(t.split("-")[0], 0)
                                                      if "-" in t else 0))


_MORE_STEPS = re.compile(r"\d[\d,]*\s+more\b", re.I)
_GOAL_DAY_AFTER = re.compile(r"\s+goal\s+day\b", re.I)
# "gives November a 14th goal day", "your 14th goal day this month"
_THE_PERIOD = re.compile(r"\b(?:this|the)\s+(week|month)\b|\b(jan|feb|mar|apr|may|jun|jul|aug|"
                         r"sep|oct|nov|dec)[a-z]*\b", re.I)


def goal_days[M: Any](reply: str, out: list[M], ev: Evidence,
                      sentence: Callable[[int], tuple[int, int]]) -> list[M]:
    """`out` with each count of the month's (or week's) goal days with today's, read as
    advice or warned, checked against the goal days the request states for that period so
    far + 1 (see the module's words)."""
    result = list(out)
    for i, m in enumerate(out):
        if m.outcome not in ("advice", "unsupported"):
            continue
        if m.kind == "ordinal" and _GOAL_DAY_AFTER.match(reply, m.end) and ev.now is not None \
                and (named := _THE_PERIOD.search(reply, *sentence(m.start))) is not None \
                and (named[1] is not None
                     or ev.now.strftime("%B").lower().startswith(named[2].lower())):
            # "623 more gives November a 14th goal day": the month's goal days with today's
            month = (named[1] or "month").lower() != "week"
        elif m.kind == "count" and _COMES_TO.search(reply, max(0, m.start - 24), m.start) \
                and (named := _FOR_PERIOD.match(reply, m.end)) is not None:
            month = named[1].lower() == "month"
        else:
            continue
        n = _ordinal(m.text) if m.kind == "ordinal" else value(m.text)
        start, end = sentence(m.start)
        if n is None or not n.is_integer() or not 1 <= n <= 31 \
                or not (_TODAY.search(reply, start, end) or m.kind == "ordinal"
                        and _MORE_STEPS.search(reply, start, m.start)) \
                or _LATER.search(reply, start, end):
            continue  # ("623 more gives November a 14th": today's steps still to walk)
        now = ev.now
        period = next((p for p in ev.periods if p.met_stated and now is not None
                       and p.end == now - timedelta(days=1) and p.start <= p.end
                       and (p.start.day == 1 and p.start.month == now.month if month
                            else p.start.weekday() == 0 and p.length <= 7)), None)
        if period is None:
            continue
        target = period.met + 1
        result[i] = replace(m, outcome="computed", source=f"{period.met} goal days "
                            f"({period.label}) + today = {target}") if n == target else \
            replace(m, outcome="unsupported", source=f"with today's, {period.label} would "
                    f"have {target} goal days")
    return result


# "16 more after today ties it", "today plus 16 more days in a row", "Only 17 more after
# today": the days after today a streak needs to reach the record (or pass it)
_MORE_AFTER_TODAY = re.compile(r"\s+more(?:\s+(?:goal\s+|met\s+)?days?)?(?:\s+in\s+a\s+row)?"
                               r"\s+after\s+today\b", re.I)
_TODAY_PLUS = re.compile(r"\btoday\s+(?:plus|and(?:\s+then)?)\s+$", re.I)
_MORE = re.compile(r"\s+more(?:\s+(?:goal\s+)?days?)?(?:\s+in\s+a\s+row)?\b", re.I)
# "Day 19 would be a new all-time best"
_DAY_BEFORE = re.compile(r"\bday\s+$", re.I)
_NEW_BEST = re.compile(r"\s+(?:would|will|'d|’d)\s+be\s+(?:a\s+)?(?:new\s+)?(?:all[- ]time\s+)?"
                       r"(?:best|record|longest)\b", re.I)


def to_the_record[M: Any](reply: str, out: list[M], ev: Evidence,
                          sentence: Callable[[int], tuple[int, int]]) -> list[M]:
    """`out` with each count of the days after today a streak needs to tie or pass the
    longest the request states ("Your record is 18 days; 16 more after today ties it", "Day
    19 would be a new all-time best"), when the request states the streak: the record less
    the streak with today (to tie it; one more to pass it), or the day after the record."""
    longest = next((f for f in ev.facts if f.kind == "longest"), None)
    if longest is None or ev.streak is None:
        return out
    record, with_today = int(longest.value), int(ev.streak.value) + 1
    result = list(out)
    for i, m in enumerate(out):
        if m.outcome not in ("advice", "unsupported") or m.kind != "count":
            continue
        n = value(m.text)
        if n is None or not n.is_integer():
            continue
        if _MORE_AFTER_TODAY.match(reply, m.end) or (
                _TODAY_PLUS.search(reply, max(0, m.start - 20), m.start)
                and _MORE.match(reply, m.end)):
            ties, passes = record - with_today, record + 1 - with_today
            source = f"{longest.label} − {with_today} (the streak with today)"
            result[i] = replace(m, outcome="computed", source=f"{source} = {fmt(n)}") \
                if n in (ties, passes) and n > 0 else \
                replace(m, outcome="unsupported", source=f"{source} = {fmt(ties)} to tie it")
        elif _DAY_BEFORE.search(reply, max(0, m.start - 8), m.start) \
                and _NEW_BEST.match(reply, m.end):
            result[i] = replace(m, outcome="computed", source=f"{longest.label} + 1") \
                if n == record + 1 else replace(m, outcome="unsupported",
                                                source=f"{longest.label} + 1 = {record + 1}")
    return result


# "16 goal days, only three more than November managed", "2 goal days next week. Only 1 more
# than this week": a count of goal days set against a stated period's
_MORE_THAN = re.compile(r"\s+more(?:\s+goal\s+days?)?\s+than\s+(?:in\s+)?(?P<name>(?:this|last)\s+"
                        r"(?:week|month)|[A-Z][a-z]+)(?:['’]s)?(?:\s+(?:managed|had|did|got|hit|"
                        r"made))?\b")
_GOAL_COUNT = re.compile(r"(\d{1,2}|[a-z]+)\s+goal\s+days?\b", re.I)


def more_than[M: Any](reply: str, out: list[M], ev: Evidence,
                      sentence: Callable[[int], tuple[int, int]]) -> list[M]:
    """`out` with each count of goal days more than a stated period managed, after a count
    of goal days its sentence (or the one before) writes ("you'd need 16 goal days out of
    31, three more than November managed"): that count less the period's goal days, computed
    when it is, warned when not."""
    result = list(out)
    for i, m in enumerate(out):
        if m.outcome not in ("advice", "unsupported") or m.kind != "count" \
                or (said := _MORE_THAN.match(reply, m.end)) is None:
            continue
        n = value(m.text)
        name = said["name"].lower()
        period = next((p for p in ev.periods if p.met_stated and (
            p.label.lower().startswith(name) or name in ("this week", "last week")
            and name in p.label.lower())), None)
        start, _end = sentence(m.start)
        before = sentence(start - 2)[0] if start > 1 else start
        counts = [g for g in _GOAL_COUNT.finditer(reply, before, m.start)
                  if value(g[1]) is not None]
        if n is None or period is None or not counts:
            continue
        wanted = value(counts[-1][1])
        assert wanted is not None
        gap = wanted - period.met
        source = f"{fmt(wanted)} − {period.met} goal days ({period.label}) = {fmt(gap)}"
        result[i] = replace(m, outcome="computed" if n == gap else "unsupported", source=source)
    return result


_SO_FAR = re.compile(r"\s+so\s+far\b", re.I)
_GOAL_DAYS_WORDS = re.compile(r"\bgoal\s+(?:met|days?|hit)\b|\bdays?\s+(?:met|at\s+goal)\b", re.I)


def so_far[M: Any](reply: str, out: list[M], ev: Evidence,
                   sentence: Callable[[int], tuple[int, int]]) -> list[M]:
    """`out` with a count of this week's goal days "so far" ("| Goal met | 3 | 0 so far |")
    checked: the goal days of the week's complete days the request states (none on a Monday)
    and today's, when it has reached the goal."""
    if ev.now is None or ev.today is None or not ev.goal:
        return out
    monday = ev.now - timedelta(days=ev.now.weekday())
    if ev.now == monday:
        before, label = 0, "no complete day this week yet"
    else:
        week = next((p for p in ev.periods if p.met_stated and p.start == monday
                     and p.end == ev.now - timedelta(days=1)), None)
        if week is None:
            return out
        before, label = week.met, f"{week.met} goal days ({week.label})"
    today_met = ev.today.value >= ev.goal
    target = before + today_met
    result = list(out)
    for i, m in enumerate(out):
        if m.outcome not in ("advice", "unsupported") or m.kind != "count" \
                or not _SO_FAR.match(reply, m.end):
            continue
        line = reply.rfind("\n", 0, m.start) + 1
        if not _GOAL_DAYS_WORDS.search(reply, line, m.start) or value(m.text) is None:
            continue
        source = f"{label}; today {fmt(ev.today.value)} of {fmt(ev.goal)}" + (
            " (met)" if today_met else " (not met yet)")
        result[i] = replace(m, outcome="computed" if value(m.text) == target else "unsupported",
                            source=source)
    return result


# "you'll be on a 3-day streak by Tuesday night", "you'd arrive on a 13-day streak"
_STREAK_OF = re.compile(r"\bstreak\s+of\s+$", re.I)
_BY_DAY = re.compile(r"\bby\s+(next\s+)?(?:this\s+)?((?:mon|tues|wednes|thurs|fri|satur|sun)day)\b",
                     re.I)
_STREAK_AFTER = re.compile(r"[\s-]+days?[\s-]+streak\b|\s+days?\s+in\s+a\s+row\b", re.I)
# "Land tonight and tomorrow both", "Hit it today and tomorrow"
_TWO_DAYS = re.compile(r"\b(?:today|tonight)\s+and\s+tomorrow\b", re.I)
# "Stay unbroken until the 10k with Ana on Dec 13": every day to that date
_UNTIL_DATE = re.compile(r"\b(?:until|till|through|to)\b[^.;\n]{0,40}?\b(jan|feb|mar|apr|may|jun"
                         r"|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})\b", re.I)


def streak_by[M: Any](reply: str, out: list[M], ev: Evidence,
                      sentence: Callable[[int], tuple[int, int]]) -> list[M]:
    """`out` with a streak a plan says the days it names would make ("Hit it today and
    tomorrow and you'll be on a 2-day streak by Wednesday night", "Stay unbroken until the
    10k on Dec 13 and you'd arrive on a 13-day streak") found true: the request's streak and
    each day from today to the last one named. Only a count read as advice or warned gains a
    source; one that is not that count keeps its outcome (the words may count otherwise)."""
    if ev.streak is None or ev.now is None:
        return out
    result = list(out)
    for i, m in enumerate(out):
        if m.kind != "count":
            continue
        after = _STREAK_AFTER.match(reply, m.end) or _STREAK_OF.search(
            reply, max(0, m.start - 16), m.start)
        day_n = after is None and _DAY_BEFORE.search(reply, max(0, m.start - 6), m.start)
        if not (after or day_n) or (n := value(m.text)) is None:
            continue  # ("a 2-day streak", "a streak of 6", "the streak can reach day 8")
        start, end = sentence(m.start)
        if day_n and not _STREAK.search(reply, start, m.start):
            continue
        by = _BY_DAY.search(reply, m.end, end)
        if m.outcome not in ("advice", "unsupported") and by is None:
            continue  # (a streak by a named day is that count, whatever else has its value)
        days = None
        if by is not None and (through := _THROUGH.search(ev.streak.source)) is not None:
            # "a streak of 6 by Sunday", "Sunday's streak can reach day 8 by next Sunday":
            # the streak through its last day, and each day after it to that day (for "next
            # Sunday", the coming one or the one after)
            last = date(*(int(x) for x in through.groups()))
            ahead = (WEEKDAYS[by[2][:3].lower()] - ev.now.weekday()) % 7
            counts = []
            for extra in ((0, 7) if by[1] else (0,)):
                day = ev.now + timedelta(days=ahead + extra)
                counts.append((int(ev.streak.value) + (day - last).days, day))
            worked = [f"{ev.streak.label} (through {last:%b} {last.day}) + {(day - last).days} "
                      f"days to {day:%a %b} {day.day} = {target}" for target, day in counts]
            hit = [w for (target, _), w in zip(counts, worked, strict=True) if n == target]
            result[i] = replace(m, outcome="computed", source=hit[0]) if hit else replace(
                m, outcome="unsupported", source=f"{' or '.join(worked)}, not {m.text}")
            continue
        if _TWO_DAYS.search(reply, start, end):
            days, said = 2, "today and tomorrow"
        elif (until := _UNTIL_DATE.search(reply, start, end)) is not None:
            month = MONTHS[until[1][:3].lower()]
            year = ev.now.year + (month < ev.now.month)
            try:
                last = date(year, month, int(until[2]))
            except ValueError:
                continue
            days, said = (last - ev.now).days + 1, f"today to {last:%b} {last.day}"
        if days is None or days < 1:
            continue
        target = int(ev.streak.value) + days
        if n == target:
            result[i] = replace(m, outcome="computed",
                                source=f"{ev.streak.label} + {days} days ({said}) = {target}")
    return result


_OF_STREAK = re.compile(r"\s+of\s+(?:the|your|a|this)\s+(?:new\s+)?streak\b", re.I)
# the day a sentence says "day N of your streak" falls on: "Thursday will be", "tomorrow is"
_DAY_AHEAD = re.compile(r"\b(tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b(?:'s|’s)?\s+"
                        r"(?:will\s+be|would\s+be|'ll\s+be|becomes|is|makes\s+it)\s+day\s+$", re.I)
_THROUGH = re.compile(r"\(through (\d{4})-(\d{2})-(\d{2})\)")


def streak_on[M: Any](reply: str, out: list[M], ev: Evidence,
                      sentence: Callable[[int], tuple[int, int]],
                      refs: Sequence[tuple[int, int, frozenset]] = ()) -> list[M]:
    """`out` with "day N" on a plan's line headed by a day to come ("- **Thu Dec 3:** day 3
    if today lands") found true when N is the request's streak counted on to that day: the
    streak through its last day, and each day after it to the one the line names. In a reply
    that speaks of the streak, a count that is not is refuted (a plan's line is no licence to
    count the streak wrong); elsewhere it keeps its outcome."""
    if ev.streak is None or ev.now is None \
            or (through := _THROUGH.search(ev.streak.source)) is None:
        return out
    last = date(*(int(x) for x in through.groups()))
    about_streak = "streak" in reply.lower()
    result = list(out)
    for i, m in enumerate(out):
        # (a count taken as the streak with today may be another day's: "Last Friday's
        # 10,269 was day 2 of a streak")
        with_today = m.outcome == "computed" and " + today = " in (m.source or "")
        if m.outcome not in ("advice", "unsupported") and not with_today or m.kind != "count" \
                or not _DAY_BEFORE.search(reply, max(0, m.start - 6), m.start) \
                or (n := value(m.text)) is None:
            continue
        # ("- **Thu Dec 3:** day 3 if today lands", "- Fri 4 Dec: day 4": the line's day)
        head = DATE_LINE.match(reply, reply.rfind("\n", 0, m.start) + 1)
        if head is not None and head.end() <= m.start:
            month = MONTHS[(head[1] or head[4])[:3].lower()]
            year = ev.now.year + (month < ev.now.month)
            try:
                day = date(year, month, int(head[2] or head[3]))
            except ValueError:
                continue
        elif (_OF_STREAK.match(reply, m.end) or _STREAK.search(reply, *sentence(m.start))) \
                and (named := _DAY_AHEAD.search(reply, sentence(m.start)[0], m.start)) is not None:
            # "If you hit the goal today and tomorrow, Thursday will be day 3 of your streak"
            day = ev.now + timedelta(days=1) if named[1].lower() == "tomorrow" else \
                ev.now + timedelta(days=(WEEKDAYS[named[1][:3].lower()] - ev.now.weekday()) % 7)
        elif (dated := _dated(reply, m, ev, refs, sentence)) is None \
                or with_today and dated == ev.now:
            continue
        else:
            day = dated
        if day < ev.now:  # a day done: the run of goal days its day lines end with
            run = run_to(ev, day)
            if run is None:
                continue
            target, worked = run, (f"goal days in a row up to {day:%a %b} {day.day}: {run}"
                                   if run else f"{day:%a %b} {day.day} missed the goal")
        elif day <= ev.now + timedelta(days=31):
            target = int(ev.streak.value) + (day - last).days
            worked = (f"{ev.streak.label} (through {last:%b} {last.day}) + {(day - last).days} "
                      f"days to {day:%a %b} {day.day} = {target}")
        else:
            continue
        if n == target:
            result[i] = replace(m, outcome="computed", source=worked)
        elif about_streak:  # ("- Thu Dec 3: day 5 if today lands": counted wrong)
            result[i] = replace(m, outcome="unsupported", source=f"{worked}, not {m.text}")
    return result


# "day 13 of your streak", "day 2 of a streak": a day of a streak, said of a day
_OF_A_STREAK = re.compile(r"\s+of\s+(?:the|your|a|this|that)\s+(?:new\s+|current\s+)?"
                          r"(?:streak|run)\b", re.I)


# what stands between the day and "day N": "Sunday the 13th will be day", "Last Friday's 10,269
# was day", "and Saturday the 5th day"
_IS_DAY = re.compile(r"(?:['’]s)?,?\s*(?:\d[\d,]*\s+(?:steps\s+)?)?(?:(?:will|would|could|should)"
                     r"\s+be\s+|['’]ll\s+be\s+|is\s+|was\s+|becomes\s+|makes\s+it\s+)?day\s+",
                     re.I)


def _dated(reply: str, m, ev: Evidence, refs: Sequence[tuple[int, int, frozenset]],
           sentence: Callable[[int], tuple[int, int]]) -> date | None:
    """The one day the sentence names last before "day N" ("Sunday the 13th will be day 13
    of your streak", "next Tuesday, the 8th, is day 7", "Saturday the 5th day 4"), in a
    sentence that speaks of a streak or the one before it does; None when it names none."""
    start, end = sentence(m.start)
    before = sentence(start - 2)[0] if start > 1 else start
    if not (_OF_A_STREAK.match(reply, m.end) or _STREAK.search(reply, before, end)):
        return None
    found = None
    for lo, hi, days in refs:
        if lo >= m.start:
            break
        if lo >= start:
            found = (hi, days)
    if found is None or not _IS_DAY.fullmatch(reply, found[0], m.start):
        return None
    # ("Last Friday's": the Friday the request states, not the one a week before it)
    kept = [d for d in found[1] if d in ev.days or ev.now is not None and d >= ev.now] \
        if len(found[1]) > 1 else list(found[1])
    return kept[0] if len(kept) == 1 else None


def run_to(ev: Evidence, day: date) -> int | None:
    """How many goal days in a row end on `day` by the request's day lines (0 when it missed
    the goal); None when the run reaches back past the days stated."""
    run, d = 0, day
    while (fact := ev.days.get(d)) is not None:
        goal = ev.goals.get(d, ev.goal)
        if goal is None or fact.value < goal:
            return run
        run += 1
        d -= timedelta(days=1)
    return None if run or d == day and d not in ev.empty_days else run


# "Getting to half would take just 2 more goal days a month", "Two more goal days would have
# taken it to half": the goal days a period lacks to reach half of its days
_MORE_GOAL_DAYS = re.compile(r"\s+more\s+goal\s+days?\b", re.I)
_TO_HALF = re.compile(r"\b(?:to|reach(?:ing)?|make\s+it|over)\s+half\b|\bhalf\s+(?:of\s+)?"
                      r"(?:the|your|its)\s+days\b", re.I)


def to_half[M: Any](reply: str, out: list[M], ev: Evidence,
                    sentence: Callable[[int], tuple[int, int]]) -> list[M]:
    """`out` with each count of goal days more that would take a stated period to half of
    its days ("Getting to half would take just 2 more goal days a month") found true: half
    the period's days (rounded up) less the goal days it had, for a period the request states
    its goal days over (a week or longer). Only a warned count gains a source; a count no
    period gives keeps its outcome."""
    result = list(out)
    for i, m in enumerate(out):
        if m.outcome != "unsupported" or m.kind != "count" \
                or not _MORE_GOAL_DAYS.match(reply, m.end) or (n := value(m.text)) is None \
                or not _TO_HALF.search(reply, *sentence(m.start)):
            continue
        for p in ev.periods:
            if p.met_stated and p.length >= 7 and (p.length + 1) // 2 - p.met == n > 0:
                result[i] = replace(m, outcome="computed", source=(
                    f"half of {p.length} days ({p.label}) is {(p.length + 1) // 2} − {p.met} "
                    f"goal days = {fmt(n)}"))
                break
    return result
