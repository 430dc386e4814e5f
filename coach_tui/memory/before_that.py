"""A day or stretch said of the one the message named before it: "a fortnight ago, and a
fortnight before that", "last week and the week before it", "Tuesday the 13th and the Monday
before it", "the 3rd and the day after that". Pure: the phrases are read from the text
(`said_of_that`), then placed next to the one day or stretch the rest of the text named
(`next_to`)."""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

from coach_tui.memory.datewords import WEEKDAYS
from coach_tui.memory.spans import Span
from coach_tui.text import starting

_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "ten": 10}
_THAT = re.compile(
    starting(r"adfmostw\d") +
    r"\b(?:(?:the|a|one)\s+)?(day|week|weekend|fortnight|month|(?<=the\s)one|" + "|".join(WEEKDAYS)
    + r"|(\d{1,2}|" + "|".join(_COUNTS) + r")\s+(days|weeks)"
    # ("past 7 days vs the 7 before that": as many of the unit named before)
    + r"|(?<=the\s)(?P<bare>\d{1,2}|" + "|".join(_COUNTS) + r"))\s+"
    # ("the week straight after it")
    r"(?:(?:straight|right|just|immediately)\s+)?(?P<way>before|after|prior\s+to)"
    r"\s*"
    # ("on the 21st? and the Sunday after?": a weekday by the day named, nothing after it)
    r"(?:(?:that(?:\s+one)?|it|then)\b|(?:(?<=" + ")|(?<=".join(
        f"{day} {way}" for day in WEEKDAYS for way in ("after", "before"))
    + r"))(?=\s*(?:[?!,]|$|[-–—]\s))"
    # ("the weekend just gone compared with the one before: steps on each", "last month
    # against the month before - total steps", not "last tuesday, not today obviously, the
    # one before" ending the message)
    r"|(?:(?<=" + ")|(?<=".join(f"{unit} {way}" for unit in ("one", "weekend", "month")
                                for way in ("after", "before")) + r"))(?=\s*(?:[?!:;]|[-–—]\s)))"
    # "tues 18 aug, how many steps? and how did that whole week end up": the week of the day
    r"|\b(?:that|the\s+same)\s+(?:(?:whole|entire|full|very)\s+)?(?P<its>week)\b"
    r"(?!\s+(?:before|after|prior)\b)"
    # "Nov 13 ... and what about the Monday of that same week?": that week's Monday
    r"|\b(?:the\s+)?(?P<wd>" + "|".join(WEEKDAYS) + r")\s+(?:of|in)\s+(?:that|the\s+same|that"
    r"\s+same|that\s+very)\s+week\b", re.IGNORECASE)


# "the review you wrote for that week", "can't remember that week at all": the week is where
# something else is found, not days asked about
_OF_ITS_WEEK = re.compile(starting(r"rsw") +
                          r"\b(?:review|summary|recap|roundup|wr[io]te|said|say|remember)",
                          re.IGNORECASE)


def _clause_start(text: str, at: int) -> int:
    return max(text.rfind(c, 0, at) for c in ".,;?!-") + 1


def said_of_that(low: str) -> list[re.Match]:
    """The phrases of `low` (lower case) that name a day or stretch by the one before them."""
    return list(_THAT.finditer(low))


def _month_back(d: date, n: int) -> date:
    y, m = d.year, d.month - n
    while m < 1:
        y, m = y - 1, m + 12
    while m > 12:
        y, m = y + 1, m - 12
    return date(y, m, min(d.day, calendar.monthrange(y, m)[1]))


def next_to(found: list[re.Match], named: list[Span]) -> list[Span]:
    """The days `found` name, next to the one day or stretch of `named` (none when the text
    named several or none: which one "that" is would be a guess). A stretch is next to one
    as long ("last week and the week before it"); a day is next to a day. A day named twice
    ("Monday just gone vs the Monday a fortnight before it") is one day, and a day inside the
    stretch named is part of it ("the weekend just gone against the one before: and the big
    Sunday outing each time?")."""
    outer = {(s.start, s.end) for s in named if not any(
        o.start <= s.start and s.end <= o.end and o.days > s.days for o in named)}
    if len(outer) != 1:
        return []
    base = next(s for s in named if (s.start, s.end) in outer)
    out: list[Span] = []
    for m in found:
        if m.group("wd"):  # that week's Monday (of the day or the week named)
            if base.days <= 7:
                monday = base.start - timedelta(days=base.start.weekday())
                d = monday + timedelta(days=WEEKDAYS.index(m.group("wd").lower()))
                if d <= base.end or base.days == 1:
                    out.append(Span(d.isoformat(), d, d, False))
            continue
        if m.group("its"):  # that day's Monday-to-Sunday week
            if base.start == base.end and not _OF_ITS_WEEK.search(
                    m.string, _clause_start(m.string, m.start()), m.start()):
                monday = base.start - timedelta(days=base.start.weekday())
                out.append(Span(f"the week of {monday.isoformat()}", monday,
                                monday + timedelta(days=6), True))
            continue
        unit = m.group(1).lower()
        if unit == "one":  # "the wk 3 wks back, and the one before that": one as long
            unit = "day" if base.start == base.end else "week" if base.days == 7 else (
                "weekend" if base.days == 2 and base.start.weekday() == 5 else
                "month" if base.start.day == 1 and base.days >= 28 else "stretch")
        sign = 1 if m.group("way").lower() == "after" else -1
        n = 1
        if m.group("bare"):  # as many days (weeks) as the stretch named has
            n = int(unit) if unit.isdigit() else _COUNTS[unit]
            unit = "day" if base.days == n else "week" if base.days == 7 * n else ""
            if not unit:
                continue
        elif m.group(2):
            n = int(m.group(2)) if m.group(2).isdigit() else _COUNTS[m.group(2).lower()]
            unit = m.group(3).lower().rstrip("s")
        single = base.start == base.end
        if unit in WEEKDAYS:
            edge = base.start if sign < 0 else base.end
            back = (edge.weekday() - WEEKDAYS.index(unit)) % 7 or 7
            d = edge - timedelta(days=back) if sign < 0 else edge + timedelta(
                days=(WEEKDAYS.index(unit) - edge.weekday()) % 7 or 7)
            out.append(Span(d.isoformat(), d, d, False))
        elif unit == "month" and base.start.day == 1 and base.days >= 28:
            start = _month_back(base.start, -sign)
            end = start.replace(day=calendar.monthrange(start.year, start.month)[1])
            out.append(Span(f"{calendar.month_name[start.month]} {start.year}", start, end,
                            True))
        elif unit == "month" or (single and unit in ("day", "fortnight", "week")):
            step = {"day": 1, "week": 7, "fortnight": 14}.get(unit, 0) * n
            d = _month_back(base.start, -sign * n) if unit == "month" else (
                base.start + timedelta(days=sign * step))
            out.append(Span(d.isoformat(), d, d, False))
        elif unit == "weekend":     # "that weekend and the weekend before it"
            if base.days <= 2:
                shift = timedelta(days=7 * sign * n)
                out.append(Span(f"the weekend of {(base.end + shift).isoformat()}",
                                base.start + shift, base.end + shift, True))
        else:   # a stretch of that length before (after) the stretch named
            size = {"day": 1, "week": 7, "fortnight": 14}.get(unit, base.days) * n
            if size != base.days:   # "in August ... the day before it": the event's day
                continue
            start = base.start - timedelta(days=size) if sign < 0 else base.end + timedelta(
                days=1)
            end = start + timedelta(days=size - 1)
            label = (f"the week of {start.isoformat()}" if size == 7 and start.weekday() == 0
                     else f"{start.isoformat()} to {end.isoformat()}")
            out.append(Span(label, start, end, True))
    return out
