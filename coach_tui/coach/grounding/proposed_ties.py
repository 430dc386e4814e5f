"""What a quoted line gives its value for, against what the reply ties the number to.

A model asked where a warned number came from will often cite the very line it misread: the
30-day average for "your 7-day average", "goal met on 14 of the last 30 days" for "14 days in
November", the best day of the month for "Monday's 13,311". The value is in the line; what
it is *of* is not what the reply says. So a quoted line is believed only when its value is held
for what the reply's sentence ties the number to:

- **its day**: a number of steps the sentence ties to a day (a weekday, a date, "yesterday",
  "today") must be a value the line gives for that day: a day line, a value "on 2026-11-25",
  today's count; not an average or a total;
- **its period**: a figure the sentence ties to a period ("last week", "in November", "this
  month", "your 7-day average") must be over that period: the line's span starts where the
  period does (and ends no later: "so far"), or, for "the last N days", is N days long; a
  value dated within a period ("best 12,028 on 2026-11-25") is of any period holding that day;
- **its fact**: a value said of a streak, an average or goal days must be that fact's in its
  line, and a line's streak or goal-day count is only quoted by a sentence that speaks of one;
- **what it counts**: clock times, years, week numbers and the day of a written date are never
  a count ("Had the flu the week of Oct 5" holds no 5 days; "08:15" no 15-day streak; the
  user's "meetings from 9 to 5" no 5 days), and a whole is the whole ("14 of 29" is not "14 of
  the last 30", in bold or written after the days: "14 goal days out of 29 recorded").

Pure and stdlib only, as the rest of the checker.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta

from coach_tui.coach.grounding.reading import read_numbers
from coach_tui.coach.grounding.scan import Atom
from coach_tui.coach.grounding.words import MONTH_NAMES, WEEKDAYS

SENTENCE_ENDS = (". ", "! ", "? ", "\n")
MAX_WINDOW = 3660  # days: the longest stretch read as "the last N days" (ten years)
CLAUSE_ENDS = (", ", "; ", ": ", " — ", " - ", " (")

NUMBER = re.compile(r"(?<![\w.])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,]*\d)|(?<![\w.])\d+(?:\.\d+)?")
ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
DAY_LINE = re.compile(r"^(?:[-*]\s*)?(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w*\s+(\d{4})-(\d{2})-(\d{2})\b")
# a weekday as a sentence names it: in full, or shortened with a capital ("Sat", not "sat")
WEEKDAY_WORD = re.compile(r"\b(?:((?i:mon|tues|wednes|thurs|fri|satur|sun))day|"
                          r"(Mon|Tue|Wed|Thu|Fri|Sat|Sun))\b")
_RELATIVE_DAY = re.compile(r"\b(?:(yesterday)|(today|tonight|this (?:morning|evening)))\b", re.I)
FACT_WORD = re.compile(
    r"\b(?:(?P<streak>streak|in a row|straight days|consecutive)"
    r"|(?P<average>average|avg|averag\w+)"
    r"|(?P<best>best|highest|biggest|peak|strongest|top day)"
    r"|(?P<goal_days>goal met|met on|hit rate|goal days?"
    r"|days? (?:at|over|above|on) (?:the )?(?:goal|target)"
    r"|(?:hit|met|made|reached|cleared|beat) (?:your |the |my )?(?:\d[\d,]* )?(?:goal|target)))\b",
    re.I)
_NOW = re.compile(r"\bNow: \w+ (\d{4}-\d{2}-\d{2})")
_REVIEW_DAYS = re.compile(r"\bDays \((\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})\):")
_SPAN = re.compile(r"\((\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})\)")
_LINE_WINDOW = re.compile(r"\b(\d+)-day\b|\b(?:last|past) (\d+)\b")
_ON_DATE = re.compile(r"\bon (\d{4}-\d{2}-\d{2})\b")
_WEEK_NUMBER = re.compile(r"\bweek\s+$", re.I)
_PART_OF_WEEK = re.compile(r"\bweek(?:day|end)s?\b", re.I)
# "a 2-day streak", "two goal days in a row", "14 goal days"
_FACT_AFTER = re.compile(r"(?:-| )?days?(?: of (?:your |the )?)?(?P<streak> in a row| straight|"
                         r" ?streak)|(?:-| )?days? (?:at|on|over) (?:your |the )?goal"
                         r"| goal days?", re.I)
_STREAK_DAY = re.compile(r"\bday\s+$", re.I)  # "today becomes day 3"
# a mark to pass, not the period's own figure
_MARK = re.compile(r"\b(?:above|over|beyond|past|below|under|beat|(?:more|fewer|less) than)\s+$",
                   re.I)
_TIME_OF_DAY = re.compile(r"\s*(?:in the (?:morning|afternoon|evening)|[ap]\.?m\b|o'clock)",
                          re.I)
_RANGE = re.compile(r"\s*(?:to|through|thru|till|until|-|–|—)\s*", re.I)  # "Monday to Thursday"
_CONTRAST = re.compile(r"\b(?:against|versus|vs|than|compared)\b", re.I)
_OF_WHOLE = re.compile(r"[*_]*\s+(?:out )?of (?:the (?:last |past )?)?[*_]*(\d+)\b")
# "14 goal days out of 29 recorded", "on 14 days so far, out of the 29 days in the books"
_DAYS_OF_WHOLE = re.compile(r"[*_]*\s+(?:goal[- ])?days?[*_]*(?:\s+so\s+far)?[,:]?\s+"
                            r"(?:out\s+)?of\s+(?:the\s+)?[*_]*(\d+)\s+(?:days\b|recorded\b)",
                            re.I)
# what a count is of, written after it: a number so followed is no hour of the clock
_UNIT_AFTER = (r"days?|weeks?|months?|k\b|km|miles?|steps|minutes?|mins?|hours?|hrs?|%|thousand"
               r"|times")
# "45 min after 5": an hour of the clock, when no unit follows
_AT_HOUR = re.compile(r"\b(?:before|after|at|by|until|till)\s+$", re.I)
_NO_UNIT = re.compile(r"(?![\d:]|[,.]\d|\s*(?:" + _UNIT_AFTER + r"|goal|of\b))", re.I)
# "meetings from 9 to 5", "Tue 9–5": clock hours, no counts (unless a unit follows: "from 8
# to 10 km"). Not dates.py's `as_written`, which reads a reply's hours for the checker: it
# takes only a number with an hour word before it or a range after it (not the 5 of "Tue
# 9–5"), and used here instead it cost honest answers their clearance (one on dev).
_CLOCK_RANGE = re.compile(r"(?:\b(?:from|between)\s+|(?<![\d,.])(?=\d{1,2}\s*[–-]))(\d{1,2})"
                          r"(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?\s*(?:to|till|until|and|-|–)\s*"
                          r"(\d{1,2})(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?"
                          r"(?![\d,.]|\s*(?:kilomet|" + _UNIT_AFTER + r"))", re.I)
_THE = re.compile(r"\bthe\s+$", re.I)
# a day after the number ties it only when close ("9,237 on Monday", "12,028 steps, set on")
_CLOSE_AFTER = re.compile(r"[^.;:!?\n]{0,30}?(?:\b(?:on|from|was|were|is)\s+|\()(?:the\s+)?"
                          r"(?:last\s+|this\s+|that\s+)?", re.I)
_JUST_AFTER = re.compile(r"\s*(?:k\b)?\s*(?:steps?\s+)?")  # "finished with 11,470 yesterday"
_HEADS = re.compile(r"(?:'s|’s)?\s*[:(]?\s*\d")  # "Wednesday's 8,963": another number's
_DAYS_AFTER = re.compile(r"(?:-| )days?\b| of (?:the )?(?:last |past )?\d+ days\b"
                         r"| of \d+ days recorded", re.I)
_DAYS_BEFORE = re.compile(r"\b(?:last|past|the)\s+$", re.I)
_STEPS_AFTER = re.compile(r"k?\s*steps\b|/day\b", re.I)
_OF = re.compile(r"\s+(?:out\s+)?of(?:\s+the)?\s+")  # ("14 of the 29 days")
_SPOKEN = {"average": re.compile(r"\b(?:a|per) day\b|/day\b|/d\b|\bdaily\b", re.I),
           "goal_days": re.compile(r"\b(?:goals?|met|meets?|hits?|made it|target)\b", re.I),
           "streak": re.compile(r"\b(?:running|straight|consecutive|in a row)\b", re.I)}
_COUNT_WORDS = {"three": 3, "seven": 7, "fourteen": 14, "thirty": 30}
_REPLY_PERIOD = re.compile(
    r"\b(?:(?P<window>\d+|three|seven|fourteen|thirty)[- ]day\b"
    r"|(?:last|past|previous) (?P<days>\d+|three|seven|fourteen|thirty) days\b"
    r"|(?P<rel>this|last) (?P<unit>week|month)\b"
    r"|(?P<month>" + "|".join(MONTH_NAMES) + r"|(?-i:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov"
    r"|Dec))\b(?!\.?\s+\d)"
    r"|(?P<ever>ever|all[- ]time|of all time)\b"
    r"|since (?:the )?(?P<since>\d{1,2})(?:st|nd|rd|th)\b"
    r"|(?P<part>weekdays?|weekends?|(?:mon|tues|wednes|thurs|fri|satur|sun)days|mon-fri)"
    r"|(?<=\d)(?P<aweek>-(?:goal|hit|day) week))",
    re.I)


# what a sentence ties a number to: ("weekday", 0-6), ("weekdays", {0-6}), ("date", month |
# None, day), ("day", date); ("window", days), ("span", first, last), ("ever",), ("part",)
# (weekdays or weekends apart)
Tie = tuple


@dataclass(frozen=True, slots=True)
class Held:
    """One value a line states, with what the line gives it for."""

    value: float
    day: date | None  # the day it is that day's value of (a day line, "on 2026-11-25", today)
    fact: str | None  # the fact its part of the line names (streak, average, best, goal_days)
    span: tuple[date, date] | None  # the period the line's figures are over
    window: int | None  # "7-day", "the last 30": the length the line names
    part: bool = False  # the line gives weekdays or weekends apart
    whole: int | None = None  # "14 of the last 30 days": the count it is a part of
    unit: str | None = None  # "days" ("7-day", "the last 30", "goal met on 14") or "steps"


@dataclass(frozen=True, slots=True)
class Clock:
    """The request's today and the Monday of what its writer calls "this week"."""

    today: date
    monday: date


def today_of(texts: tuple[str, ...]) -> Clock | None:
    """The request's clock: the latest chat context line ("Now: Tuesday 2026-12-01, 18:20.":
    the message the reply answers; earlier turns keep their own), or a review's days ("Days
    (2026-11-16 to 2026-11-22):", whose week is "this week" and whose facts are as of its last
    day). A date no calendar arithmetic can use (before 1900, after 2999) gives no clock."""
    nows = [d for text in texts for m in _NOW.finditer(text) if (d := _sane(m[1])) is not None]
    if nows:
        return Clock(nows[-1], nows[-1] - timedelta(days=nows[-1].weekday()))
    for text in texts:
        if (m := _REVIEW_DAYS.search(text)) is not None:
            first, last = _sane(m[1]), _sane(m[2])
            if first is not None and last is not None:
                return Clock(last + timedelta(days=1), first - timedelta(days=first.weekday()))
    return None


def _sane(text: str) -> date | None:
    day = iso_date(text)
    return day if day is not None and 1900 <= day.year <= 2999 else None


@functools.lru_cache(maxsize=512)
def held(line: str, today: date | None, week_numbers: bool = False, times: bool = False
         ) -> tuple[Held, ...]:
    """Every count a line states (never a year, the day of a written date, a week number
    unless `week_numbers`, a clock time unless `times`), with the day, fact and period the
    line gives it for."""
    blank = [False] * len(line)
    for a in read_numbers(line):
        if a.kind in ("date", "year") or a.kind == "time" and not times:
            blank[a.start:a.end] = [True] * (a.end - a.start)
    for m in () if times else _CLOCK_RANGE.finditer(line):
        if int(m[1]) <= 24 and int(m[2]) <= 24:
            blank[m.start(1):m.end(2)] = [True] * (m.end(2) - m.start(1))
    day_line = DAY_LINE.match(line)
    line_day = iso_date(f"{day_line[2]}-{day_line[3]}-{day_line[4]}") if day_line else None
    span_m = _SPAN.search(line)
    ends = (iso_date(span_m[1]), iso_date(span_m[2])) if span_m else (None, None)
    span = (ends[0], ends[1]) if ends[0] is not None and ends[1] is not None else None
    label = line[:span_m.start()] if span_m else line.split(":", 1)[0]
    win_m = _LINE_WINDOW.search(label)
    window = int(win_m[1] or win_m[2]) if win_m else None
    if window is not None and window > MAX_WINDOW:
        window = None  # ("the last 99999999 days": no span of dates)
    if span is None and window is not None and today is not None and day_line is None:
        span = (today - timedelta(days=window), today - timedelta(days=1))  # (as of yesterday)
    part = _PART_OF_WEEK.search(line) is not None
    out = []
    for m in NUMBER.finditer(ISO.sub(lambda d: " " * len(d[0]), line)):
        if any(blank[m.start():m.end()]) or not week_numbers and _WEEK_NUMBER.search(
                line, max(0, m.start() - 8), m.start()):
            continue
        part_start = line.rfind(",", 0, m.start()) + 1
        part_end = line.find(",", m.end())
        part_end = len(line) if part_end < 0 else part_end
        fact = _fact_before(line, part_start, m.start())
        day = line_day
        if day is None and (on := _ON_DATE.search(line, m.end(), part_end)) is not None:
            day = iso_date(on[1])
        if day is None and today is not None and "Today so far" in line[:m.start()] \
                and line.rfind(".", 0, m.start()) < line.find("Today so far"):
            day = today
        value = float(m[0].replace(",", "")) * (1000 if line.startswith("k", m.end()) else 1)
        of = _OF_WHOLE.match(line, m.end())
        out.append(Held(value, day, fact, None if day_line else span,
                        None if day_line else window, part, int(of[1]) if of else None,
                        _unit(line, m.start(), m.end(), part_start, fact)))
    return tuple(out)


def _unit(line: str, start: int, end: int, part_start: int, fact: str | None) -> str | None:
    """What a line's number counts: "days" (a length, a count of days, a streak) or "steps"
    (a day's, a total, an average, a best); None when the line does not say."""
    if fact in ("streak", "goal_days") or _DAYS_AFTER.match(line, end) \
            or _DAYS_BEFORE.search(line, max(0, start - 12), start):
        return "days"
    if fact in ("average", "best") or _STEPS_AFTER.match(line, end) or DAY_LINE.match(line) \
            and line.find(":") < start < line.find("steps"):
        return "steps"
    return "steps" if "steps" in line[part_start:start] else None


def week_number_ok(reply: str, atom: Atom) -> bool:
    """Whether the reply writes the number as a week's ("week 47")."""
    return _WEEK_NUMBER.search(reply, max(0, atom.start - 8), atom.start) is not None


def sentence_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """The sentence of `text` holding text[start:end]: after the last end of a sentence before
    it, up to the first after it."""
    lo = max((i + len(e) for e in SENTENCE_ENDS if (i := text.rfind(e, 0, start)) >= 0),
             default=0)
    his = [i + 1 for e in SENTENCE_ENDS if (i := text.find(e, end)) >= 0]
    return lo, min(his) if his else len(text)


def clause(reply: str, atom: Atom) -> tuple[int, int]:
    """The stretch of `atom`'s sentence between the clause marks either side of it (a comma,
    semicolon, colon, dash or bracket). Not clauses.py's clause, which also cuts at "and" and
    ends sentences otherwise: measured with it, two more wrong numbers got past code on dev
    (bench/second_read.py --adversary), so the second read keeps the stretch it was
    measured with."""
    lo, hi = sentence_bounds(reply, atom.start, atom.end)
    lo = max([lo] + [i + 1 for c in CLAUSE_ENDS if (i := reply.rfind(c, lo, atom.start)) >= 0])
    hi = min([hi] + [i for c in CLAUSE_ENDS if (i := reply.find(c, atom.end, hi)) >= 0])
    return lo, hi


def _nearest(found: list[tuple[int, int, Tie]], atom: Atom, reply: str,
             after_in_sentence: bool = False,
             holds: Callable[[tuple[int, int, Tie]], bool] | None = None) -> Tie | None:
    """Of (start, end, tie) found in the reply, the one tied to the number: the last before it
    in its clause, else the first after it there, else the last before it in its sentence
    (else, `after_in_sentence`, the first after it there), past any that `holds` a number of
    its own clause."""
    lo, hi = clause(reply, atom)
    inside = [f for f in found if lo <= f[0] and f[1] <= hi]
    before = [f for f in inside if f[1] <= atom.start]
    if before:
        return before[-1][2]
    after = [f for f in inside if f[0] >= atom.end]
    if after:
        return after[0][2]
    s_lo, s_hi = sentence_bounds(reply, atom.start, atom.end)
    earlier = [f for f in found if s_lo <= f[0] and f[1] <= atom.start
               and (holds is None or not holds(f))]
    if earlier:
        return earlier[-1][2]
    later = [f for f in found if atom.end <= f[0] and f[1] <= s_hi
             and not _CONTRAST.search(reply, atom.end, f[0])]
    return later[0][2] if later and after_in_sentence else None


def _fact_before(text: str, lo: int, at: int) -> str | None:
    """The fact the last fact word of text[lo:at] names (streak, average, best, goal days)."""
    found = None
    for m in FACT_WORD.finditer(text, lo, at):
        found = next(name for name, word in m.groupdict().items() if word)
    return found


def iso_date(text: str) -> date | None:
    """The date an ISO text names ("2026-11-25"), or None for one no calendar has."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def fits(reply: str, atom: Atom, lines: list[str], clock: Clock | None,
         value_fits: Callable[[float], bool], ties: bool = True) -> bool:
    """Whether some value of `lines` that `value_fits` the number is held for the day, period
    and fact the reply's sentence ties the number to (any value that fits, not `ties`)."""
    today = clock.today if clock is not None else None
    if not ties:
        return any(value_fits(h.value) for line in lines for h in held(line, today, True, True))
    lo, hi = clause(reply, atom)
    said = _fact_before(reply, _heading(reply, lo), atom.start)
    if said is None and ((after := _FACT_AFTER.match(reply, atom.end, hi)) is not None
                         or _STREAK_DAY.search(reply, max(0, atom.start - 6), atom.start)):
        said = "streak" if after is None or after["streak"] else "goal_days"
    named = _facts_named(reply, atom)
    day = _day_tie(reply, atom, today) if said not in ("average", "goal_days", "streak") \
        and atom.kind == "count" and (atom.value or 0) >= 100 else None
    period = None if _MARK.search(reply, max(0, atom.start - 16), atom.start) \
        else _period_tie(reply, atom, clock)  # ("this week needs an average above 9,904")
    week_ok = week_number_ok(reply, atom)
    times = _TIME_OF_DAY.match(reply, atom.end) is not None or _clock_hour(reply, atom)
    # (a best day's value, held as the best in its line: a date written beside it is a
    # number of its own, checked on its own; a weekday is not)
    best = said == "best" or said is None and "best" in named
    of = _OF_WHOLE.match(reply, atom.end) or _DAYS_OF_WHOLE.match(reply, atom.end)
    whole = int(of[1]) if of else None
    for line in lines:
        for h in held(line, today, week_ok, times):
            if value_fits(h.value) and _period_ok(h, period, today) \
                    and _fact_ok(h, said, named) and (whole is None or h.whole in (None, whole)) \
                    and (_day_ok(h, day) or best and h.fact == "best" and _is_date(day)):
                return True
    return False


def _clock_hour(reply: str, atom: Atom) -> bool:
    """Whether the reply writes the number as an hour of the clock: in a range of hours ("Tue
    9–5") or after a word of time ("45 min after 5", "before 9"), with no unit after it."""
    if atom.value is None or atom.value > 24 or not reply[atom.start:atom.end].isdigit():
        return False
    if any(m.start(1) <= atom.start < m.end(2)
           for m in _CLOCK_RANGE.finditer(reply, max(0, atom.start - 20), atom.end + 20)):
        return True
    return _AT_HOUR.search(reply, max(0, atom.start - 8), atom.start) is not None \
        and _NO_UNIT.match(reply, atom.end) is not None


def joined_start(reply: str, lo: int, marks: tuple[str, ...]) -> int:
    """`lo`, where a clause starts (just past its mark's first character, as `clause` gives
    it), or where the clause before it starts when one of `marks` ends that one: a comma
    joins "up 1,483 a day, about 16%", a label's colon "Streak: 2 days"."""
    for mark in marks:
        at = lo - len(mark) + 1
        if at >= 0 and reply.startswith(mark, at):
            start = sentence_bounds(reply, at, at)[0]
            return max([start] + [i + 1 for c in CLAUSE_ENDS
                                  if (i := reply.rfind(c, start, at)) >= 0])
    return lo


def _heading(reply: str, lo: int) -> int:
    """Where a clause starts, or the label before it when a colon ends one ("Streak: 2
    days", "**Goal days:** 14 of 29"): the fact a label names is said of the number."""
    return joined_start(reply, lo, (": ", ":** "))


def best_day_fits(reply: str, atom: Atom, day: tuple[int, int], lines: list[str],
                  clock: Clock | None) -> bool:
    """Whether a date the reply gives as a best's day ("your best day ever is 12,993 on Nov
    7") is the day of a best its lines state, over the period its sentence names ("ever" is
    no line's best of the last 30). True for a date its clause does not call a best's."""
    lo, hi = clause(reply, atom)
    lo = joined_start(reply, lo, (", ",))  # ("your best day was Wednesday, 12,028 on Nov 25")
    bests = [m for m in FACT_WORD.finditer(reply, _heading(reply, lo), atom.start) if m["best"]]
    if not bests or any(bests[-1].end() <= a.start < atom.start and a.kind == "date"
                        for a in atoms_of(reply)):
        return True  # (no best said of it: another date between is the best's)
    today = clock.today if clock is not None else None
    # (the period is the best's value's, when it is written before the date: "ever ... 12,993
    # on Nov 7")
    value = [a for a in atoms_of(reply) if lo <= a.start and a.end <= atom.start
             and a.kind == "count"]
    period = _period_tie(reply, value[-1] if value else atom, clock)
    return any(h.fact == "best" and h.day is not None and (h.day.month, h.day.day) == day
               and _period_ok(h, period, today) for line in lines for h in held(line, today))


def _is_date(tie: Tie | None) -> bool:
    return tie is not None and tie[0] == "date"


def _facts_named(reply: str, atom: Atom) -> set[str]:
    """The facts the number's sentence speaks of, in any words ("2/3 met", "3 hits", "a
    1-goal week", "two days running", "9,503 a day")."""
    lo, hi = sentence_bounds(reply, atom.start, atom.end)
    named = {next(n for n, w in m.groupdict().items() if w)
             for m in FACT_WORD.finditer(reply, lo, hi)}
    named.update(name for name, words in _SPOKEN.items() if words.search(reply, lo, hi))
    return named


def _between_clear(reply: str, at: tuple[int, int], atom: Atom, atoms: list[Atom],
                   counts_of: bool = False) -> bool:
    """No other number sits between a word at reply[at[0]:at[1]] and the number (with
    `counts_of`, a whole after it does not count: "14 of the 29 days in November")."""
    lo, hi = (at[1], atom.start) if at[0] < atom.start else (atom.end, at[0])
    return not any(lo <= a.start and a.end <= hi and a.kind != "date"
                   and not (counts_of and lo == atom.end and _OF.fullmatch(reply, atom.end,
                                                                           a.start))
                   for a in atoms)


def _day_tie(reply: str, atom: Atom, today: date | None) -> Tie | None:
    """The day the sentence ties the number to: ("weekday", 0-6), ("date", month|None, day) or
    ("day", date); None when it ties it to none."""
    atoms = atoms_of(reply)
    found: list[tuple[int, int, Tie]] = []
    dated = [a for a in atoms if a.kind == "date" and a.start != atom.start]
    for a in dated:
        for _, m, d, _ in a.dates[:1]:
            if d is not None:
                found.append((a.start, a.end, ("date", m, d)))
    for a in atoms:
        if a.kind == "ordinal" and a.value is not None and a.start != atom.start \
                and _THE.search(reply, max(0, a.start - 4), a.start):
            found.append((a.start, a.end, ("date", None, int(a.value))))
    words = [w for w in WEEKDAY_WORD.finditer(reply)
             if not any(a.start <= w.start() < a.end for a in dated)]
    for i, w in enumerate(words):
        day = WEEKDAYS[(w[1] or w[2])[:3].lower()]
        if i and _RANGE.fullmatch(reply, words[i - 1].end(), w.start()):
            first = WEEKDAYS[(words[i - 1][1] or words[i - 1][2])[:3].lower()]
            found.append((words[i - 1].start(), w.end(), ("weekdays", frozenset(
                (first + k) % 7 for k in range((day - first) % 7 + 1)))))
        else:
            found.append((w.start(), w.end(), ("weekday", day)))
    if today is not None:
        for r in _RELATIVE_DAY.finditer(reply):
            found.append((r.start(), r.end(),
                          ("day", today - timedelta(days=1) if r[1] else today)))
    found = sorted(f for f in found if _between_clear(reply, f[:2], atom, atoms) and (
        f[0] < atom.start or (_CLOSE_AFTER.fullmatch(reply, atom.end, f[0]) is not None
                              or f[2][0] == "day" and _JUST_AFTER.fullmatch(reply, atom.end, f[0]))
        and not _HEADS.match(reply, f[1])))

    def holds(f: tuple[int, int, Tie]) -> bool:
        """"12,993 on Nov 7, and you put 275,589 ...": the date is the first number's."""
        lo, hi = clause(reply, Atom(f[0], f[1], "date"))
        return any(lo <= a.start < hi and a.kind == "count" and a.start != atom.start
                   for a in atoms)

    return _nearest(found, atom, reply, holds=holds)


def _day_ok(h: Held, tie: Tie | None) -> bool:
    if tie is None:
        return True
    if h.day is None:
        return False
    if tie[0] == "weekday":
        return h.day.weekday() == tie[1]
    if tie[0] == "weekdays":
        return h.day.weekday() in tie[1]
    if tie[0] == "date":
        return h.day.day == tie[2] and tie[1] in (None, h.day.month)
    return h.day == tie[1]


def _period_tie(reply: str, atom: Atom, clock: Clock | None) -> Tie | None:
    """The period the sentence ties the number to: ("window", days) or ("span", first, last);
    None when it names none (or one this request's today cannot place)."""
    atoms = atoms_of(reply)
    found: list[tuple[int, int, Tie]] = []
    for m in _REPLY_PERIOD.finditer(reply):
        if m.start() <= atom.start < m.end() or not _between_clear(
                reply, (m.start(), m.end()), atom, atoms, counts_of=True):
            continue
        n = m["window"] or m["days"] or ("7" if m["aweek"] else None)
        if n and n.isdigit() and (len(n) > 4 or int(n) > MAX_WINDOW):
            continue  # ("a 99999999-day streak": no span of dates)
        if n:
            found.append((m.start(), m.end(), ("window", _COUNT_WORDS.get(n.lower()) or int(n))))
        elif m["ever"]:
            found.append((m.start(), m.end(), ("ever",)))
        elif m["part"]:
            found.append((m.start(), m.end(), ("part",)))
        elif clock is None or m["month"] == "may":
            continue  # ("you may": the month is written with its capital)
        elif m["since"]:
            first = _day_before(clock.today, int(m["since"]))
            if first is not None:
                found.append((m.start(), m.end(), ("span", first, clock.today)))
        elif m["unit"]:
            found.append((m.start(), m.end(), _relative_span(m["rel"].lower(),
                                                             m["unit"].lower(), clock)))
        else:
            month = next(i for i, name in enumerate(MONTH_NAMES, start=1)
                         if name.startswith(m["month"].lower()[:3]))
            today = clock.today
            year = today.year if month <= today.month else today.year - 1
            found.append((m.start(), m.end(), ("span", date(year, month, 1),
                                               _month_end(year, month))))
    return _nearest(found, atom, reply, after_in_sentence=True)


def _day_before(today: date, day: int) -> date | None:
    """The last date before today on the given day of the month ("since the 19th")."""
    for back in (0, 1):
        month = today.month - back or 12
        year = today.year - (today.month - back <= 0)
        try:
            d = date(year, month, day)
        except ValueError:
            continue
        if d < today:
            return d
    return None


def _relative_span(rel: str, unit: str, clock: Clock) -> Tie:
    today, monday = clock.today, clock.monday
    if unit == "week":
        if rel == "this":
            return ("span", monday, max(today, monday + timedelta(days=6)))
        return ("span", monday - timedelta(days=7), monday - timedelta(days=1))
    first = today.replace(day=1)
    if rel == "this":
        return ("span", first, today)
    last = first - timedelta(days=1)
    return ("span", last.replace(day=1), last)


def _month_end(year: int, month: int) -> date:
    return date(year + month // 12, month % 12 + 1, 1) - timedelta(days=1)


def _period_ok(h: Held, tie: Tie | None, today: date | None) -> bool:
    if tie is None:
        return True
    if tie[0] == "ever":  # (every line's figures are over a stated stretch)
        return h.span is None and h.window is None and h.day is None
    if tie[0] == "part":  # weekdays or weekends apart: a line that splits the week
        return h.part or h.span is None and h.window is None
    if tie[0] == "window":
        if h.day is not None and h.span is None:
            return today is None or today - timedelta(days=tie[1]) <= h.day <= today
        if h.window is not None:
            return h.window == tie[1]
        return h.span is None or (h.span[1] - h.span[0]).days + 1 == tie[1]
    _, first, last = tie
    if h.day is not None and (h.span is None or h.fact == "best"):
        return first <= h.day <= last
    return h.span is None or h.span[0] == first and h.span[1] <= last


def _fact_ok(h: Held, said: str | None, named: set[str]) -> bool:
    if said in ("streak", "goal_days", "average") and h.fact != said:
        return False
    if said == "best" and h.fact not in ("best", None):
        return False
    if said == "best" and h.fact is None and h.day is None:
        return False
    return h.fact not in ("streak", "goal_days", "average") or h.fact in named


@functools.lru_cache(maxsize=4)
def atoms_of(reply: str) -> list[Atom]:
    """The reply's numbers, read once per reply (every proposal of a reply asks for them)."""
    return read_numbers(reply)


__all__ = ["CLAUSE_ENDS", "DAY_LINE", "ISO", "NUMBER", "WEEKDAY_WORD", "Clock", "Held",
           "atoms_of", "best_day_fits", "clause", "fits", "held", "iso_date", "joined_start",
           "sentence_bounds", "today_of"]
