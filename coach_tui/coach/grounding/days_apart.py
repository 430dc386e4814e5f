"""Days between two days a sentence names, counted: `checked(reply, out, ev, refs, sentence)`;
and today's place in its week or month (`in_period`).

"Your 18-day record ended on 6 September, 87 days ago", "From Thursday's low (26 Nov) to
yesterday's best (1 Dec) was 5 days", "Counting both ends, 20 August to 6 September is 18
days", "It's been 9 days since Monday 23 Nov": a count of days right before words that
measure a gap in time ("ago", "back", "since", "before", "after", "from now", "between"), in a
sentence that names the gap's ends as days (one of them today when the words count from now).
The count is the calendar's: the days from one end to the other, one more when the words
count both ends ("inclusive", "counting both ends"). Computed when it is; warned, with the
right count as its source, when not, whatever other operation gave its value (a gap between
two named days is that gap, not the last 30 days less their goal days). A sentence naming
more days, or none, or only a span, keeps its outcomes.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from calendar import monthrange
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date
from typing import Any

from coach_tui.coach.grounding.counted import value
from coach_tui.coach.grounding.facts import Evidence

_UNIT = r"[\s-]+(?:full\s+)?(?:days?|sleeps|nights)"
# "87 days ago", "5 days back", "a week earlier": counted back from today
_AGO = re.compile(_UNIT + r"\s+(?:ago|earlier|back(?!\s+(?:in|to|on|at|then|when|over|from|"
                  r"before|after|up)\b))\b", re.I)
# "11 days from today", "12 days away", "11 sleeps till": counted on from today
# ("11 days out from the 10k with Ana on Dec 13")
_AHEAD = re.compile(_UNIT + r"\s+(?:from\s+(?:now|today)|away|to\s+go|until|till"
                    r"|out(?=\s+from\b))\b", re.I)
# "12 days before race day", "98 days after your record streak ended on 6 September"
_BEFORE_AFTER = re.compile(_UNIT + r"\s+(?:before|after|on\s+from)\s+", re.I)
# "9 days since Monday 23 Nov"
_SINCE = re.compile(_UNIT + r"\s+since\s+", re.I)
# "From 26 Nov to 1 Dec was 5 days", "20 August to 6 September is 18 days"
_IS = re.compile(r"(?:\b(?:is|was|are|were|makes|spans?|came\s+to|comes\s+to)|[:\u2013\u2014])\s+"
                 r"(?:about\s+|just\s+|exactly\s+|only\s+)?$", re.I)
# what joins the ends: "26 Nov to 1 Dec", "Thursday's low (26 Nov) to", "Monday and Friday"
_TO = re.compile(r"(?:['’]s)?(?:\s+[a-z]+)?(?:\s+\([^()]{0,12}\))?\s+(?:to|and|until|till|"
                 r"through)\s+", re.I)
_FROM = re.compile(r"\b(?:from|between)(?:\s+\w+){0,2}$", re.I)
_DAYS_NEXT = re.compile(_UNIT + r"\b", re.I)
_DAYS = re.compile(_UNIT + r"\b(?![\s-]+(?:of|a\s+week|at|in\s+a\s+row)\b)", re.I)
_THAT = re.compile(r"\s*(?:That|This|It)(?:'s|’s|\s+is|\s+was)\s+(?:only\s+|just\s+|now\s+)?\d",
                   re.I)
_THE_BEFORE = re.compile(r"\bthe\s+$", re.I)
_BOTH_ENDS = re.compile(r"\b(?:inclusive|both\s+ends|counting\s+both)\b", re.I)
_SOURCES = ("days since ", "days until ")  # the request's own gaps to today (arithmetic.py)


def checked[M: Any](reply: str, out: list[M], ev: Evidence,
                    refs: Sequence[tuple[int, int, frozenset]],
                    sentence: Callable[[int], tuple[int, int]]) -> list[M]:
    """`out` with each count of days between two days its sentence names checked against the
    calendar (see the module's words)."""
    if ev.now is None:
        return out
    warned: list[tuple[int, int]] | None = None
    result = list(out)
    for i, m in enumerate(out):
        if m.kind != "count" or not _DAYS_NEXT.match(reply, m.end) \
                or (n := value(m.text)) is None or not n.is_integer() or not 1 <= n <= 400:
            continue  # (a count of days first: the rest is read only for those)
        if warned is None:
            warned = [(w.start, w.end) for w in out if w.outcome == "unsupported"]
        start, end = sentence(m.start)
        named = _named(refs, start, end, m, warned)
        if named is not None and start > 0 and _THAT.match(reply, start) \
                and (_AGO.match(reply, m.end) or _AHEAD.match(reply, m.end)) \
                and not any(d > ev.now if _AHEAD.match(reply, m.end) else d < ev.now
                            for _, _, d in named):  # (its own sentence names no such day)
            # "... with Ana on Dec 13. That's 13 days from today": the day just named
            before = sentence(start - 1)[0]
            ahead = _AHEAD.match(reply, m.end) is not None
            # (of the days it names, those on the count's side of today: "in your journal on
            # Nov 2: the 10k with Ana on Dec 13. That's 13 days from today")
            named = [(lo, hi, day) for lo, hi, days in
                             refs[bisect_left(refs, (before,)):bisect_left(refs, (start,))]
                             if len(days) == 1 and not any(lo < b and a < hi for a, b in warned)
                             and ((day := next(iter(days))) > ev.now if ahead
                                  else day < ev.now)]
        if named is None:
            continue
        ends = _ends(reply, ev, named, start, m)
        if ends is None:
            continue
        if m.outcome == "quoted" and ev.now in ends:
            continue  # (to today: a stated count of days may be the one meant)
        first, last = min(ends), max(ends)
        days = (last - first).days + (1 if _BOTH_ENDS.search(reply, start, end) else 0)
        if days < 1:
            continue
        worked = f"{first:%a %b} {first.day} to {last:%a %b} {last.day}: {days} days"
        own = m.outcome == "computed" and (m.source or "").startswith(_SOURCES)
        if n == days:
            if not own:  # (the request's own gap to today keeps its words)
                result[i] = replace(m, outcome="computed", source=worked)
        elif ev.now not in ends or not own:
            # (to today, the request's own gap to a day it names may be the one meant)
            result[i] = replace(m, outcome="unsupported", source=f"{worked}, not {m.text}")
    return result


def _named(refs: Sequence[tuple[int, int, frozenset]], start: int, end: int, m,
           warned: list[tuple[int, int]]) -> list[tuple[int, int, date]] | None:
    """The single days the sentence names, in order (one entry per day, at its first
    mention); None when one of its references is several days or a warned date."""
    named: list[tuple[int, int, date]] = []
    for lo, hi, days in refs[bisect_left(refs, (start,)):]:
        if lo >= end:
            break
        if lo < m.end and hi > m.start:
            continue
        if len(days) != 1 or any(lo < b and a < hi for a, b in warned):
            return None
        day = next(iter(days))
        if all(day != d for _, _, d in named):
            named.append((lo, hi, day))
    return named


def _ends(reply: str, ev: Evidence, named: list[tuple[int, int, date]], start: int,
          m) -> tuple[date, date] | None:
    """The two days the words make the count's ends, or None."""
    assert ev.now is not None
    others = [d for _, _, d in named if d != ev.now]
    if _AGO.match(reply, m.end):
        return (others[0], ev.now) if len(others) == 1 and others[0] < ev.now else None
    if _AHEAD.match(reply, m.end):
        if not _THE_BEFORE.search(reply, max(0, m.start - 5), m.start):
            # ("a good sign 11 days out from the 10k on Dec 13": the one day ahead it names;
            # not "the six days from today", a span that holds today)
            others = [d for d in others if d > ev.now]
        return (ev.now, others[0]) if len(others) == 1 and others[0] > ev.now else None
    if (since := _SINCE.match(reply, m.end)) is not None:
        return (others[0], ev.now) if len(others) == 1 and named[-1][0] == since.end() \
            and others[0] < ev.now else None
    if len(named) != 2:
        return None
    (lo1, hi1, d1), (lo2, _, d2) = named
    if (after := _BEFORE_AFTER.match(reply, m.end)) is not None:
        # the day right after the words, and the one the sentence names before the count
        return (d1, d2) if lo2 == after.end() and hi1 <= m.start else None
    if not (_DAYS.match(reply, m.end) and _IS.search(reply, max(start, m.start - 24), m.start)
            and hi1 <= lo2 < m.start
            and _TO.fullmatch(reply, hi1, lo2)):
        return None
    lead = reply[start:lo1].rstrip()  # ("From 26 Nov to", "Counting both ends, 20 August to")
    return (d1, d2) if _FROM.search(lead) or not lead or lead.endswith(",") else None


# "Today is day 3 of the week", "It's day 1 of December": today's place in its week or month
_DAY_N = re.compile(r"\bday\s+$", re.I)
_OF_PERIOD = re.compile(r"\s+of\s+(?:the\s+|this\s+)?(week|month|" + "|".join(
    f"{name}(?:{rest})?" for name, rest in (("jan", "uary"), ("feb", "ruary"), ("mar", "ch"),
                                            ("apr", "il"), ("may", ""), ("jun", "e"),
                                            ("jul", "y"), ("aug", "ust"), ("sep", "tember"),
                                            ("oct", "ober"), ("nov", "ember"), ("dec", "ember")))
    + r")\b", re.I)
# "30 to go after today", "six days left after today": the rest of the week or month
_REST_AFTER_TODAY = re.compile(r"\s+(?:more\s+)?(?:days?\s+)?(?:to\s+go|left)\s+after\s+today\b",
                               re.I)
_DAYS_OLD = re.compile(r"\**\s+days?\s+old\b", re.I)
_TODAY_WORDS = re.compile(r"\b(?:today|it['’]s|it\s+is|this\s+morning|tonight)\b", re.I)
_PERIOD_WORD = re.compile(r"\b(week|month|" + _OF_PERIOD.pattern.split("|", 2)[2], re.I)


def in_period[M: Any](reply: str, out: list[M], ev: Evidence,
                      sentence: Callable[[int], tuple[int, int]]) -> list[M]:
    """`out` with today's place in its week or month ("Today is day 3 of the week", "It's day
    1 of December") and the days of it left after today ("30 to go after today") checked
    against the calendar: computed when so, warned when not."""
    if ev.now is None:
        return out
    result = list(out)
    for i, m in enumerate(out):
        if m.kind != "count":
            continue
        of = _OF_PERIOD.match(reply, m.end) if _DAY_N.search(
            reply, max(0, m.start - 6), m.start) else None
        if of is None and not _DAYS_OLD.match(reply, m.end) \
                and not _REST_AFTER_TODAY.match(reply, m.end) \
                or (n := value(m.text)) is None or not n.is_integer():
            continue  # (the words after it first: most counts are none of these)
        start, end = sentence(m.start)
        if of is not None and _TODAY_WORDS.search(reply, start, m.start):
            if (found := _today_in(ev.now, of[1])) is None:
                continue  # (another month's day: not today's place)
            place, said = found
        elif _DAYS_OLD.match(reply, m.end) \
                and (period := _PERIOD_WORD.search(reply, start, m.start)) is not None:
            # "This month (December): only 1 day old": the days of it so far, today's too
            if (found := _today_in(ev.now, period[1])) is None:
                continue
            place, said = found
            word = period[1].lower()
            if n == place - 1 and n:  # ("this week is only two days old" on a Wednesday: the
                place = int(n)        # days done before today)
                said = f"{'week' if word == 'week' else 'month'} days done before " \
                    f"{ev.now:%a %b} {ev.now.day}: {int(n)}"
        elif _REST_AFTER_TODAY.match(reply, m.end) \
                and (period := _PERIOD_WORD.search(reply, start, end)) is not None:
            if period[1].lower() == "week":
                place = 6 - ev.now.weekday()
            else:
                last = monthrange(ev.now.year, ev.now.month)[1]
                place = last - ev.now.day
            said = f"days of the {'week' if period[1].lower() == 'week' else 'month'} after " \
                f"{ev.now:%a %b} {ev.now.day}: {place}"
        else:
            continue
        result[i] = replace(m, outcome="computed", source=said) if n == place else \
            replace(m, outcome="unsupported", source=f"{said}, not {m.text}")
    return result


def _today_in(now: date, word: str) -> tuple[int, str] | None:
    """Today's place in the week or month `word` names ("week", "month" or this month's name)
    and how it is said; None for another month."""
    word = word.lower()
    if word not in ("week", "month") and not now.strftime("%B").lower().startswith(word[:3]):
        return None
    place = now.weekday() + 1 if word == "week" else now.day
    return place, f"{now:%a %b} {now.day} is day {place} of its " \
        f"{'week' if word == 'week' else 'month'}"
