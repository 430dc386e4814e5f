"""Calendar dates as people write them: "Nov 13", "13 Nov", "November 13th", "the 13th",
"13/11", "Tuesday the 13th", "the week of the 10th", "early October".

A date without a year is the most recent such date on or before today (so "Dec 20" asked on
Dec 1 is last year's). "the 13th" is the most recent 13th; "Tuesday the 13th" the most recent
13th that fell on a Tuesday (else the most recent 13th). "13/11" is read in the user's date
order ("DMY" or "MDY"); when only one reading is a real date ("13/11": there is no month 13)
that one is taken whatever the order. "24/7" is a phrase, not a date. "the week of X" is the
Monday–Sunday week holding X. "early", "mid" and "late" split a month at the 10th and the 20th;
"the first (second, third) week of" a month is its days 1-7 (8-14, 15-21), "the last week of"
its last seven, "the first/second half of" it days 1-15 and the rest.

Pure: `calendar_spans(text, today, date_order)` gives (start offset, end offset, Span) for
every match, left to right; the caller blanks those offsets out before reading weekdays and
month names, so "Tuesday the 13th" is not also "last Tuesday".
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

from coach_tui.memory.holidays import holiday_spans
from coach_tui.memory.spans import Span
from coach_tui.text import starting

DATE_ORDERS = ("DMY", "MDY")
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# A word that names a weekday or a month, whole or cut short ("Thursday", "Thu", "Sept"): when,
# not what ("Marathon", "Janet" and "Monica" are none of them)
DAY_AND_MONTH_NAMES = frozenset([*WEEKDAYS, *MONTHS, "mon", "tue", "tues", "wed", "weds", "thu",
                                 "thur", "thurs", "fri", "sat", "sun", "jan", "feb", "mar", "apr",
                                 "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"])
# (with the misspellings a phone lets through: "Novmber", "Febuary", "Septmber")
_MONTH_WORD = (r"(jan(?:uary|uray)?|feb(?:ruary|uary|urary)?|mar(?:ch)?|apr(?:il)?|may|june?"
               r"|july?|aug(?:ust|st)?|sep(?:t(?:ember|mber)?)?|oct(?:ober|ber)?"
               r"|nov(?:ember|mber|emeber)?|dec(?:ember|mber)?)\.?")
_WEEKDAY_WORD = (r"(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|rsday|urday)?")
_ORD = r"(\d{1,2})(?:st|nd|rd|th)"
# ("the 13.", "Tuesday the 18.", "the 4. of October": an ordinal as German and Polish write it)
_ORD_ANY = r"(\d{1,2})(?:(?:st|nd|rd|th)\b|\.(?![\d.]))"
_DAY = r"(\d{1,2})(?:st|nd|rd|th|\.)?"
_YEAR = r"(?:,?\s+(\d{4}))?"
# "the week of the 12th"; "the week starting (beginning, commencing) Mon 12th": from that day
_WEEK_OF = (r"(?P<weekof>(?:(?:the\s+)?week\s+(?:of|(?:starting|beginning|commencing)(?:\s+on)?)"
            r"|(?<![\w/])w/c|(?<![\w/])wc|(?<![\w/])w\.c\.)"  # ("w/c 9/11": week commencing)
            r"\s+(?:the\s+)?)?")
_PART = {"first week": (1, 7), "second week": (8, 14), "third week": (15, 21),
         "last week": (22, 31), "final week": (22, 31), "first half": (1, 15),
         "second half": (16, 31), "latter half": (16, 31), "former half": (1, 15),
         "back half": (16, 31), "early": (1, 10), "beginning": (1, 10), "start": (1, 10),
         "mid": (11, 20), "middle": (11, 20), "late": (21, 31), "end": (21, 31),
         # "the first fortnight of October", "the latter part of November", "the tail end"
         "first fortnight": (1, 14), "second fortnight": (15, 28), "last fortnight": (18, 31),
         "final fortnight": (18, 31), "early part": (1, 10), "first part": (1, 10),
         "middle part": (11, 20), "latter part": (21, 31), "last part": (21, 31),
         "later part": (21, 31), "tail end": (21, 31), "back end": (21, 31)}

_MONTH_DAY = re.compile(starting(r"adfjmnostw") +
                        _WEEK_OF + r"\b(?:" + _WEEKDAY_WORD + r",?\s+)?(?:the\s+)?"
                        # ("nov13", "Nov.19": typed without a space)
                        + _MONTH_WORD + r"(?:\s+(?:the\s+)?|(?<=\.)|(?=\d))" + _DAY
                        + r"\b(?!:\d|\s*(?:am|pm)\b)"
                        + _YEAR, re.IGNORECASE)
_DAY_MONTH = re.compile(starting(r"fmstw\d") +
                        _WEEK_OF + r"\b(?:" + _WEEKDAY_WORD + r",?\s+)?(?:the\s+)?" + _DAY
                        + r"(?:\s+(?:of\s+)?|(?<=\d)|(?<=\d)-)" + _MONTH_WORD + r"\b"
                        + r"(?:(?:,?\s+|(?<=[a-z])-)(\d{4}))?",  # (a year after a hyphen too)
                        re.IGNORECASE)  # ("13nov"; "09-Nov", "9-Nov-2026": as offices write it)
_NUMERIC = re.compile(starting(r"fmstw\d") +
                      _WEEK_OF + r"(?:\b" + _WEEKDAY_WORD.replace("(mon", "(?:mon", 1)
                      + r",?\s+)?(?<![\d/.])\b(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?\b(?![/\d])",
                      re.IGNORECASE)
# "2026-11-15", "2026/11/15", "2026.11.15": year first (as written in much of Asia); two joined
# by "to" are a period (`_joined`)
_YEAR_FIRST = re.compile(starting(r"\d") +
                         r"\b(\d{4})([-/.])(\d{1,2})\2(\d{1,2})\b(?![/.-]?\d)")
# "Monday to Sunday", "from the Monday to the Sunday", "mon-sun": a week's bounds (daywords reads
# "4 weeks ago (mon-sun)" as that week; weekday_within reads no days of their own in them)
MON_TO_SUN = (r"(?:from\s+)?(?:the\s+)?mon(?:day)?\s*(?:to|-|–|through|thru|till|until)\s*"
              r"(?:the\s+)?sun(?:day)?\b")
# "2026-10-05 vs 10-06", "2026/10/05 and 10/12": a second date right after a year-first one,
# written in its order without the year (month, then day)
_YEAR_FIRST_NEXT = re.compile(r"\s*(?:vs\.?|versus|v|and|&|or|,)\s*(\d{1,2})([-/.])(\d{1,2})\b"
                              r"(?![/.-]?\d)(?!\s*(?:k\b|km|kilomet|mi\b|miles?|h\b|hours?|hrs?"
                              r"|min|days?\b|weeks?\b|months?\b|times\b|%|x\b))", re.IGNORECASE)
# "13.11", "monday 28.9", "on 5.9.2026": a dotted date is day first wherever it is written.
# "5.5 km", "at 7.45", "a 5.12 pace" are not dates: a unit after it or a clock or pace before.
_DOTTED = re.compile(starting(r"fmostw\d") +
                     r"(?<![\d.,])(?<!\bat\s)(?<!@)(?<!\bpace\s)(?<!\bof\s)" + _WEEK_OF
                     + r"\b(?:(?P<wd>" + _WEEKDAY_WORD + r"),?\s+(?:the\s+)?|(?P<on>on)\s+"
                     r"(?:the\s+)?|the\s+)?(?P<d>\d{1,2})\.(?P<m>\d{1,2})(?:\.(?P<y>\d{4}|\d{2}))?(?!\d|[.,]\d)"
                     r"(?!\s*(?:k\b|km|kilomet|mi\b|miles?|h\b|hours?|hrs?|min|sec|s\b|%|x\b"
                     r"|kg|lbs?|pace|/|per\b|am\b|pm\b|o'?clock))", re.IGNORECASE)
# "13-10", "28-09-2026", "Tue 13-10": a date with dashes, in the user's order; not a range of
# counts ("3-4 days", "10-12 km", "5-6"): see `_dashed`
_DASHED = re.compile(starting(r"fmostw\d") +
                     r"(?<![\d.,/-])(?<!\bat\s)(?<!@)" + _WEEK_OF
                     + r"\b(?:(?P<wd>" + _WEEKDAY_WORD + r"),?\s+|(?P<on>on)\s+)?"
                     r"(?P<a>\d{1,2})-(?P<b>\d{1,2})(?:-(?P<y>\d{4}|\d{2}))?(?![\d-]|[.,]\d)"
                     r"(?!\s*(?:k\b|km|kilomet|mi\b|miles?|h\b|hours?|hrs?|min|sec|s\b|%|x\b"
                     r"|kg|lbs?|pace|per\b|am\b|pm\b|o'?clock|days?\b|weeks?\b|times\b|steps?\b"
                     r"|thousand|k\b|reps?\b|sets?\b|goals?\b))", re.IGNORECASE)
_WEEKDAY_ORD = re.compile(starting(r"fmstw") +
                          _WEEK_OF + r"\b" + _WEEKDAY_WORD + r",?\s+(?:the\s+)?" + _ORD_ANY,
                          re.IGNORECASE)
# (not "the 3rd day of the storm": a day of an event, memory/events.py; "the 13th day of
# November" is the 13th; nor "the 2nd Saturday after the flu", a weekday counted from an event)
# ("the week of 20th": a learner's, its "the" left out)
# ("24th steps?", "steps on 24th", "how many steps I had on 28th?": its "the" left out)
_ORDINAL = re.compile(_WEEK_OF + r"(?(weekof)(?:the\s+)?|(?:\bthe\s+|(?:^|\bon\s+)\s*"
                      r"(?=\d{1,2}(?:st|nd|rd|th)\s*(?:steps?\b|total\b|[?.!,]|$))))" + _ORD_ANY
                      + r"(?!\s+(?:full\s+)?day\s+(?:of|in|on|at|during)\s+(?!(?:the\s+month\b|"
                      + _MONTH_WORD + r")))"
                      r"(?!\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+(?:after|before)\b)"
                      # (nor "the 2nd time my knee flared", "on the second occasion", "the 3rd
                      # attempt": a count of times)
                      r"(?!\s+(?:time|occasion|attempt)\b)"
                      # (nor "the 1st day after the half": a day counted from the event)
                      r"(?!\s+(?:full\s+)?(?:day|week|weekend)\s+(?:after|before|following)\b)",
                      re.IGNORECASE)
# "the 22nd of the 10th" (said "the twenty second of the tenth"): a day and a month both as
# ordinals, day first, as spoken in Britain whatever order the user writes numeric dates in.
_ORD_OF_ORD = re.compile(starting(r"tw") +
                         _WEEK_OF + r"\bthe\s+" + _ORD + r"\s+of\s+the\s+" + _ORD
                         + r"(?:\s+month)?\b", re.IGNORECASE)
_RANGE = re.compile(
    starting(r"bfmstw\d") +
    r"\b(?:from\s+|between\s+)?(?:" + _WEEKDAY_WORD + r"\s+)?(?:the\s+)?" + _DAY
    + r"\s*(?:-|–|/|&|to|until|till|through|and)\s*(?:" + _WEEKDAY_WORD + r"\s+)?(?:the\s+)?"
    + _DAY + r"\s+(?:of\s+)?" + _MONTH_WORD + r"\b" + _YEAR, re.IGNORECASE)
_RANGE_MONTH_FIRST = re.compile(
    starting(r"adfjmnos") +
    r"\b" + _MONTH_WORD + r"\s+" + _DAY + r"\s*(?:-|–|to|until|till|through)\s*" + _DAY
    + r"\b(?!:\d)" + _YEAR, re.IGNORECASE)  # (not "Nov 3:30", a time; "Nov 3: steps?" is a date)
# "between October 5 and 11" (and "between october 5. and 11.", each day with its dot)
_BETWEEN_MONTH_FIRST = re.compile(
    starting(r"b") +
    r"\bbetween\s+" + _MONTH_WORD + r"\s+" + _DAY + r"\.?\s*(?:and|&)\s*" + _DAY
    + r"\b\.?(?!:\d)" + _YEAR, re.IGNORECASE)
_PART_OF_MONTH = re.compile(
    # ("the first 3 days of November", "the last ten days of October")
    starting(r"bceflmost") +
    r"\b((?:first|last|final|opening|closing)\s+(?:\d{1,2}|two|three|four|five|six|seven|eight"
    r"|nine|ten|eleven|twelve|fourteen|fifteen|twenty)\s+days"
    r"|(?:first|second|third|fourth|last|final)\s+full\s+week"
    r"|first\s+week|second\s+week|third\s+week|last\s+week|final\s+week|first\s+half"
    r"|second\s+half|latter\s+half|former\s+half|back\s+half"
    r"|(?:first|second|last|final)\s+fortnight|(?:early|first|middle|latter|later|last)\s+part"
    r"|tail\s+end|back\s+end|early|beginning|start|mid|middle"
    r"|late|end)(?:-|\s+|\s+of\s+)"
    r"(?:the\s+month\s+of\s+)?"
    # ("the second half of the month": this one)
    r"(this month|the month|last month|" + _MONTH_WORD[1:-4] + r")\b" + _YEAR, re.IGNORECASE)

# "the 5th and the 9th of May" names two days ("between the 5th and the 9th" a range; "the
# 5th and 6th", two days in a row, a short span with its days)
_TWO_DAYS = re.compile(r"(?!from|between)[^&]*?\d(?:st|nd|rd|th)?\s*(?:and|&)\s", re.IGNORECASE)
# ("first half of November vs second half": "the" left out after "vs", "and", "or")
_OTHER_HALF = re.compile(starting(r"bflst") +
                         r"(?:\bthe\s+|(?<=\bvs\s)|(?<=\bvs\.\s)|(?<=\bversus\s)|(?<=\band\s)"
                         r"|(?<=\bor\s))(first|second|latter|former|back)\s+half\b"
                         r"(?!-|\s*of\b)",  # (not "half-marathon"; " - which" is a dash)
                         re.IGNORECASE)


def month_number(word: str) -> int:
    """1-12 for a month name or its abbreviation ("Sept", "nov.")."""
    return next(i for i, name in enumerate(MONTHS, 1) if name.startswith(word.lower()[:3]))


def latest(month: int, day: int, today: date, year: int | None) -> date | None:
    """The date `day` of `month` in `year`, or the most recent one on or before today."""
    if year is not None:
        try:
            return date(year, month, day)
        except ValueError:
            return None
    for y in (today.year, today.year - 1, today.year - 2, today.year - 3, today.year - 4):
        try:
            d = date(y, month, day)
        except ValueError:
            continue  # Feb 29 in a common year
        if d <= today:
            return d
    return None


def _year(text: str | None) -> int | None:
    if text is None:
        return None
    value = int(text)
    return value + 2000 if value < 100 else value


def latest_ordinal(day: int, today: date, weekday: int | None = None) -> date | None:
    """The most recent `day`th of a month on or before today (falling on `weekday` if given,
    searched back five years, else any)."""
    if not 1 <= day <= 31:
        return None
    y, m = today.year, today.month
    first = None
    for _ in range(60):
        try:
            d = date(y, m, day)
        except ValueError:
            d = None
        if d is not None and d <= today:
            if weekday is None or d.weekday() == weekday:
                return d
            first = first or d
        y, m = (y, m - 1) if m > 1 else (y - 1, 12)
    return first


_ORD_OF_MONTH = re.compile(starting(r"t") +
                           r"\bthe\s+(\d{1,2})(?:st|nd|rd|th)\s+of\s+(this|last)\s+month\b",
                           re.IGNORECASE)
# A week by its number in the year (ISO, Monday to Sunday): "week 46", "wk 46", "W46", "ISO
# week 46", "KW 46" (German's Kalenderwoche), "the 46th week of this year" (not "week 3 of
# my rehab", "the 2nd week of October")
_ISO_WEEK = re.compile(starting(r"iktw\d") +
                       r"\b(?:(?:iso\s+)?(?:week|wk|kw)\s*(?:no\.?\s*|number\s+|#\s*)?"
                       r"(?P<n>\d{1,2})"
                       # (not "week 3 of the plan", "wk 1 on the 12k goal"; "week 37 in total" is
                       # week 37)
                       r"(?!\s*(?:of|in|on|at)\s+(?!20\d\d\b|total\b|all\b))"
                       r"|(?:the\s+)?(?P<nth>\d{1,2})(?:st|nd|rd|th)\s+week\s+of\s+(?:the|this)\s+year"
                       r"|(?<![\w-])W(?P<w>\d{2}))\b(?!\s*(?:days?|weeks?|km|k|miles?|mins?|minutes?))"
                       r"(?:,?\s+(?:of\s+)?(?P<year>20\d\d))?", re.IGNORECASE)


# "weeks 40 to 42", "wks 40-42", "week 40 through week 42": those ISO weeks, Monday to Sunday
# ("week 40 and week 41" are two weeks; "weeks 3 to 5 of my rehab" count from the rehab)
# ("the week 16 to 22": a week's days, 16 to 22, as a singular "week" before two numbers
# that may be days of a month is read)
_ISO_WEEKS = re.compile(starting(r"ikw") +
                        r"\b(?:iso\s+)?(?:(?P<many>weeks|wks)|week|wk|kw)\s*(\d{1,2})\s*"
                        r"(?:-|–|to|through|thru|until|till)\s*(?P<again>(?:week|wk|kw)\s*)?"
                        r"(\d{1,2})\b"
                        r"(?!\s*(?:days?|weeks?|km|k|miles?|mins?|minutes?))"
                        r"(?!\s*(?:of|in|on|at)\s+(?!20\d\d\b|total\b|all\b))"
                        r"(?:,?\s+(?:of\s+)?(20\d\d))?", re.IGNORECASE)
MAX_WEEKS = 13  # a run of weeks longer than a quarter is no run of weeks said by their numbers


def _iso_weeks(first: int, last: int, year: int | None, today: date) -> Span | None:
    """ISO weeks `first` to `last` of one year, as `_iso_week` dates the first."""
    if not 0 < last - first < MAX_WEEKS or (start := _iso_week(first, year, today)) is None:
        return None
    try:
        end = date.fromisocalendar(start.start.isocalendar().year, last, 7)
    except ValueError:
        return None
    return Span(f"weeks {first} to {last} of {start.start.isocalendar().year}", start.start,
                min(end, today), True)


def _iso_week(number: int, year: int | None, today: date) -> Span | None:
    """The Monday-to-Sunday ISO week `number` of `year`, else of this year, or last year's when
    this year's has not begun; None when there is no such week."""
    for y in ([year] if year else [today.year, today.year - 1]):
        try:
            start = date.fromisocalendar(y, number, 1)
        except ValueError:
            return None
        if start <= today:
            end = start + timedelta(days=6)
            return Span(f"week {number} of {y}", start, end, True)
    return None


def week_of(d: date) -> tuple[date, date]:
    monday = d - timedelta(days=d.weekday())
    return monday, monday + timedelta(days=6)


def _day_span(m: re.Match, d: date | None) -> Span | None:
    if d is None:
        return None
    if m.group("weekof"):
        start, end = week_of(d)
        # "the week starting Thursday the 8th": the seven days from it
        if d != start and not re.search(r"\bof\s+(?:the\s+)?$", m.group("weekof").lower()):
            start, end = d, d + timedelta(days=6)
        return Span(f"the week of {d.isoformat()}", start, end, True)
    return Span(d.isoformat(), d, d, False)


def _weekday_index(word: str | None) -> int | None:
    return None if word is None else weekday_index(word)


def weekday_index(word: str) -> int:
    """0 = Monday, of a weekday's name or a short form of it ("tues", "weds", "thur")."""
    return next(i for i, name in enumerate(WEEKDAYS) if name.startswith(word.lower()[:3]))


_ANY_MONTH = re.compile(starting(r"adfjmnos") +
                        r"(?<![a-z])(?:" + _MONTH_WORD[1:-4] + r"|month)(?![a-z])", re.IGNORECASE)
_UNITS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
_TEENS = ("tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
          "seventeenth", "eighteenth", "nineteenth")
ORDINAL_WORDS = {
    **{w: i for i, w in enumerate(_UNITS, 1)}, **{w: i for i, w in enumerate(_TEENS, 10)},
    "twentieth": 20, "thirtieth": 30,
    **{f"twenty{sep}{w}": 20 + i for sep in ("-", " ", "") for i, w in enumerate(_UNITS, 1)},
    **{f"thirty{sep}first": 31 for sep in ("-", " ", "")},
}
_ORDINAL_WORD = r"(" + "|".join(sorted(ORDINAL_WORDS, key=len, reverse=True)) + r")"
# "the twentieth of October", "October the first": an ordinal written out, next to a month.
_WRITTEN_ORDINAL = re.compile(
    starting(r"abcdefghijklmnopqrstuvwxyz\.\s") +
    r"\b" + _ORDINAL_WORD + r"(?=\s+of\s+" + _MONTH_WORD + r")"
    r"|(?<=\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))(?:[a-z]*\.?\s+(?:the\s+)?)"
    r"" + _ORDINAL_WORD + r"\b", re.IGNORECASE)


def _digits_for_words(text: str) -> str:
    """`text` with an ordinal written out next to a month as digits ("twentieth" -> "20th",
    padded with spaces so every other word keeps its place)."""
    def digits(m: re.Match) -> str:
        word = m.group(1) or m.group(m.lastindex or 0)
        number = f"{ORDINAL_WORDS[' '.join(word.lower().split())]}th"
        written = m.group(0)
        at = written.lower().rfind(word.lower())
        return written[:at] + number.ljust(len(word)) + written[at + len(word):]
    return _WRITTEN_ORDINAL.sub(digits, text)


def calendar_spans(text: str, today: date, date_order: str = "DMY") -> list[tuple[int, int, Span]]:
    """Every calendar date or part of a month `text` writes, with where it was written (an
    ordinal written out next to a month, "the twentieth of October", as its number)."""
    if date_order not in DATE_ORDERS:
        raise ValueError(f"date_order must be one of {', '.join(DATE_ORDERS)}, got {date_order!r}")
    # Most texts write no date: each pattern below needs a month word or a digit.
    has_month = _ANY_MONTH.search(text) is not None
    if has_month:
        text = _digits_for_words(text)
    has_digit = any(c.isdigit() for c in text)
    named = holiday_spans(text, today)       # "on Bonfire Night"
    if not has_digit and not has_month:
        return named
    found: list[tuple[int, int, Span]] = []
    taken = [False] * len(text)

    def add(m: re.Match, span: Span | None) -> None:
        if span is None or any(taken[m.start():m.end()]):
            return
        taken[m.start():m.end()] = [True] * (m.end() - m.start())
        found.append((m.start(), m.end(), span))

    for start, end, span in named:
        taken[start:end] = [True] * (end - start)
        found.append((start, end, span))
    for m in _PART_OF_MONTH.finditer(text) if has_month else ():
        add(m, _part_of_month(m, today))
    # "the first half of October with the latter half": the other half of the same month
    halves = [sp for _, _, sp in found
              if re.match(r"the (?:first|second|latter|former|back) half of ", sp.label)]
    for m in _OTHER_HALF.finditer(text) if len(halves) == 1 else ():
        first = halves[0].start.replace(day=1)
        last = first.replace(day=calendar.monthrange(first.year, first.month)[1])
        one, two = (first, first.replace(day=15)) if m.group(1).lower() in (
            "first", "former") else (first.replace(day=16), last)
        name = f"{calendar.month_name[first.month]} {first.year}"
        if (one, two) != (halves[0].start, halves[0].end):
            add(m, Span(f"the {m.group(1).lower()} half of {name}", one, two, True))
    for m in _RANGE.finditer(text) if has_month and has_digit else ():
        ranged = _range(month_number(m.group(5)), int(m.group(2)), int(m.group(4)),
                        _year(m.group(6)), today)
        if ranged is not None and ranged.days > 2 and _TWO_DAYS.match(m.group(0)) and not any(
                taken[m.start():m.end()]):    # "the 5th and the 9th of May": two days
            add(m, Span(ranged.start.isoformat(), ranged.start, ranged.start, False))
            found.append((m.start(), m.end(), Span(ranged.end.isoformat(), ranged.end,
                                                   ranged.end, False)))
            continue
        add(m, ranged)
    for m in [*_RANGE_MONTH_FIRST.finditer(text), *_BETWEEN_MONTH_FIRST.finditer(text)] \
            if has_month and has_digit else ():
        if m.group(1).lower() == "may" and m.group(1) != "May":
            continue
        add(m, _range(month_number(m.group(1)), int(m.group(2)), int(m.group(3)),
                      _year(m.group(4)), today))
    for m in _MONTH_DAY.finditer(text) if has_month and has_digit else ():
        if m.group(3).lower() == "may" and m.group(3) != "May":
            continue  # "may" is also a verb
        month, day, year = month_number(m.group(3)), int(m.group(4)), _year(m.group(5))
        add(m, _checked_day(m, month, day, today, year, m.group(2)))
    for m in _DAY_MONTH.finditer(text) if has_month and has_digit else ():
        if m.group(4).lower() == "may" and m.group(4) != "May":
            continue
        month, day, year = month_number(m.group(4)), int(m.group(3)), _year(m.group(5))
        add(m, _checked_day(m, month, day, today, year, m.group(2)))
    year_first = list(_YEAR_FIRST.finditer(text)) if has_digit else []
    for m in year_first:
        add(m, _year_first(m))
        if (n := _YEAR_FIRST_NEXT.match(text, m.end())) is not None:
            add(n, _year_first_next(m, n))  # ("2026-10-05 vs 10-06": in the first's order)
    for m in _NUMERIC.finditer(text) if has_digit else ():
        if m.group(0).strip() == "24/7":
            continue
        add(m, _day_span(m, _numeric(int(m.group(2)), int(m.group(3)), _year(m.group(4)),
                                     today, date_order)))
    for m in _DOTTED.finditer(text) if has_digit and "." in text else ():
        add(m, _day_span(m, _dotted(m, today)))
    for m in _DASHED.finditer(text) if has_digit and "-" in text else ():
        add(m, _day_span(m, _dashed(m, today, date_order)))
    for m in _ORD_OF_ORD.finditer(text) if has_digit and "of the" in text.lower() else ():
        month, day = int(m.group(3)), int(m.group(2))
        if 1 <= month <= 12:
            add(m, _checked_day(m, month, day, today, None, None))
        else:  # ("the 30th of the 13th" names no day: not two days either)
            taken[m.start():m.end()] = [True] * (m.end() - m.start())
    for m in _WEEKDAY_ORD.finditer(text) if has_digit else ():
        add(m, _day_span(m, latest_ordinal(int(m.group(3)), today, _weekday_index(m.group(2)))))
    for m in _ORD_OF_MONTH.finditer(text) if has_digit else ():  # "the 3rd of last month"
        first = today.replace(day=1)
        if m[2].lower() == "last":
            first = (first - timedelta(days=1)).replace(day=1)
        if int(m[1]) <= calendar.monthrange(first.year, first.month)[1]:
            d = first.replace(day=int(m[1]))
            add(m, Span(d.isoformat(), d, d, False) if d < today else None)
    for m in _ISO_WEEKS.finditer(text) if has_digit else ():  # "weeks 40 to 42"
        if m["many"] or m["again"] or int(m[4]) > 31:
            add(m, _iso_weeks(int(m[2]), int(m[4]), _year(m[5]), today))
    for m in _ISO_WEEK.finditer(text) if has_digit else ():  # "week 46", "the 46th week"
        add(m, _iso_week(int(m["n"] or m["nth"] or m["w"]), _year(m["year"]), today))
    # "aug 19th and 20th", "Nov 3, 4 and 5": days listed after a written month are days of it.
    for _, end, span in list(found) if has_month else ():
        while span.days == 1 and (listed_m := _LISTED_DAY.match(text, end)) is not None:
            listed = _in_month(int(listed_m.group(1)), span.start, today)
            if listed is None or listed.month != span.start.month or any(
                    taken[listed_m.start():listed_m.end()]):
                break
            span = Span(listed.isoformat(), listed, listed, False)
            add(listed_m, span)
            end = listed_m.end()
    # "the review for the week of 5 October, and the 10th?": a bare ordinal beside a date
    # that names its month is a day of that month.
    # (not a day named by what happens on it: "planting till Easter. ... the week of the
    # 20th?" is November's 20th, not April's)
    holidays = {id(s) for _, _, s in named}
    near = next((s for _, _, s in found if s.days <= 7 and id(s) not in holidays), None)
    for m in _ORDINAL.finditer(text) if has_digit else ():
        # ("the week of 10 Sept against the week of the 10th just gone": the latest 10th)
        of_month = _in_month(int(m.group(2)), near.start, today) if near is not None \
            and not _JUST_GONE.match(text, m.end()) else None
        if near is not None and of_month is not None and m.group("weekof") \
                and near.start <= of_month <= near.end:
            # ("how did the week of the 10th stack up against 5-11 October?": not the week it
            # is set against)
            of_month = None
        add(m, _day_span(m, of_month or latest_ordinal(int(m.group(2)), today)))
    # "the 21st and 22nd": an ordinal listed after a bare one is a day of the same month
    for _, end, span in list(found) if not has_month else ():
        while span.days == 1 and (listed_m := _LISTED_ORDINAL.match(text, end)) is not None \
                and not any(taken[listed_m.start():listed_m.end()]):
            listed = _in_month(int(listed_m.group(1)), span.start, today)
            if listed is not None and listed <= span.start:
                # ("the 30th and 1st": the 1st of the next month, the day after it)
                listed = _next_month_day(span.start, int(listed_m.group(1)), today)
            if listed is None or listed <= span.start:
                break  # ("the 28th and 2nd": not the 2nd before it)
            span = Span(listed.isoformat(), listed, listed, False)
            add(listed_m, span)
            end = listed_m.end()
    return _joined(text, sorted(found, key=lambda f: f[0]), today)


_JUST_GONE = re.compile(starting(r"\s") +
                        r"\s+(?:just\s+)?(?:gone|passed)\b", re.IGNORECASE)
# ", 20th", " and the 20th", " & 20": one more day of the month just written (not "and 12k",
# "and 20 minutes", "and 20 oct": those are not days of it).
_LISTED_ORDINAL = re.compile(starting(r"a\&\,\s") +
                             r"\s*(?:,|and|&)\s*(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b", re.I)
_LISTED_DAY = re.compile(starting(r"ao\&\,\s") +
                         r"\s*(?:,|and|&|or)\s*(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\b"
                         r"(?!\s*(?:k\b|km|kilomet|mi|am\b|pm\b|min|hour|hr|sec|x\b|%|[:/.,]\d"
                         r"|(?:of\s+)?" + _MONTH_WORD[1:-4] + r"))", re.IGNORECASE)


def _next_month_day(before: date, day: int, today: date) -> date | None:
    """The `day`th of the month after `before`'s when it is a real day up to today and no more
    than a week after `before` ("the 31st and the 1st": the 1st just after), else None."""
    first = (before.replace(day=1) + timedelta(days=32)).replace(day=1)
    try:
        d = first.replace(day=day)
    except ValueError:
        return None
    return d if d <= today and (d - before).days <= 7 else None


def _month_before_day(after: date, day: int) -> date | None:
    """The `day`th of the month before `after`'s when it is no more than a week before it."""
    last = after.replace(day=1) - timedelta(days=1)
    try:
        d = last.replace(day=day)
    except ValueError:
        return None
    return d if (after - d).days <= 7 else None


def _in_month(day: int, month: date, today: date) -> date | None:
    """The `day`th of `month`'s month when it is a real day before today, else the most
    recent `day`th."""
    try:
        d = date(month.year, month.month, day)
    except ValueError:
        return latest_ordinal(day, today)
    return d if d <= today else latest_ordinal(day, today)


# ("From 3.11. until 5.11.": a date written with its closing dot, then the range)
# ("starting Monday 21 September, running through Sunday 4 October", "up to and including")
_TO = re.compile(starting(r"acgrtu\,\-\.\–\s") +
                 r"\.?,?\s*(?:(?:running|going|continuing|right|all\s+the\s+way)\s+)?"
                 r"(?:-|–|to|until|till|through|thru|up\s+to(?:\s+and\s+including)?)\s*$"
                 r"|\s*and\s*$", re.IGNORECASE)
_BETWEEN = re.compile(starting(r"b") +
                      r"\bbetween\s+(?:the\s+)?$", re.IGNORECASE)
MAX_RANGE_DAYS = 92


_BARE_ORDINAL = re.compile(starting(r"bft\d") +
                           r"(?:(?:from|between)\s+)?(?:the\s+)?\d{1,2}(?:st|nd|rd|th)", re.I)


_LISTED_OR_TO = re.compile(starting(r"acgrtu\&\,\-\.\–\s") +
                           r"\s*(?:,|and|&)\s*|" + _TO.pattern, re.IGNORECASE)


# ("compare late sept to late oct": two parts set side by side)
_COMPARE_BEFORE = re.compile(starting(r"c") +
                             r"\bcompar\w*\s+(?:the\s+|my\s+)?(?:steps\s+(?:of|for|in)\s+)?$",
                             re.IGNORECASE)
_JOINED_PARTS = frozenset({"early", "beginning", "start", "mid", "middle", "late", "end"})


def _part_said(text: str, at: tuple[int, int]) -> str | None:
    """The part of a month ("mid", "early", ...) that `text` says at `at`, when it joins."""
    m = _PART_OF_MONTH.fullmatch(text, *at)
    part = " ".join(m.group(1).lower().split()) if m else None
    return part if part in _JOINED_PARTS else None


def _parts_joined(text: str, a_at: tuple[int, int], a: Span, b_at: tuple[int, int],
                  b: Span) -> Span | None:
    """"mid-Oct to mid-Nov", "early October to late November": from the first part to the
    second, each month's middle its 15th; None unless both are such parts of two months."""
    first, last = _part_said(text, a_at), _part_said(text, b_at)
    if first is None or last is None or not a.start < b.start \
            or (a.start.year, a.start.month) == (b.start.year, b.start.month):
        return None
    start = a.start.replace(day=15) if first in ("mid", "middle") else a.start
    end = b.start.replace(day=15) if last in ("mid", "middle") else b.end
    if (end - start).days > MAX_RANGE_DAYS:
        return None
    return Span(f"{a.label} to {b.label}", start, end, True)


def _joined(text: str, found: list[tuple[int, int, Span]],
            today: date) -> list[tuple[int, int, Span]]:
    """Two written days joined into the period between them: "from Nov 9 to Nov 15", "28 Oct
    - 3 Nov", "between Sept 5 and Sept 12" ("Sept 5 and Sept 6" alone stay two days)."""
    out: list[tuple[int, int, Span]] = []
    for start, end, span in found:
        if out:
            a_start, a_end, a = out[-1]
            gap = text[a_end:start]
            if not a.summary and not span.summary and span.start.day < a.start.day \
                    and _LISTED_OR_TO.fullmatch(gap) \
                    and _BARE_ORDINAL.fullmatch(text, a_start, a_end) \
                    and _BARE_ORDINAL.fullmatch(text, start, end):
                # "the 31st and the 1st": the 1st of the month after, just after it; "the 28th
                # to the 3rd" (on 2 December): the 28th of the month before the 3rd's
                if (nxt := _next_month_day(a.start, span.start.day, today)) is not None:
                    span = Span(nxt.isoformat(), nxt, nxt, False)
                elif (before := _month_before_day(span.start, a.start.day)) is not None:
                    a = Span(before.isoformat(), before, before, False)
                    out[-1] = (a_start, a_end, a)
            joins = _TO.fullmatch(gap) is not None and (
                gap.strip().lower() != "and" or _BETWEEN.search(text[:a_start]))
            if joins and not a.summary and not span.summary and a.start > span.start \
                    and a.start.day < span.start.day and _BARE_ORDINAL.fullmatch(
                        text, a_start, a_end) and _BARE_ORDINAL.fullmatch(text, start, end):
                # "the 1st to the 7th" on 3 December: the 1st of the month of the 7th
                a = Span(a.label, span.start.replace(day=a.start.day),
                         span.start.replace(day=a.start.day), False)
            if joins and gap.strip().lower() != "and" and not _COMPARE_BEFORE.search(
                    text, 0, a_start) and (parts := _parts_joined(text, (a_start, a_end), a,
                                                                  (start, end), span)):
                out[-1] = (a_start, end, parts)  # ("mid-Oct to mid-Nov")
                continue
            if (joins and not a.summary and not span.summary
                    and 0 < (span.start - a.start).days <= MAX_RANGE_DAYS):
                out[-1] = (a_start, end, Span(f"{a.start.isoformat()} to {span.start.isoformat()}",
                                              a.start, span.start, True))
                continue
        out.append((start, end, span))
    return out


def _range(month: int, first: int, last: int, year: int | None, today: date) -> Span | None:
    """Days `first` to `last` of one month ("8 to 13 October"), dated by the first."""
    if not 1 <= first < last <= 31:
        return None
    start = latest(month, first, today, year)
    if start is None:
        return None
    try:
        end = start.replace(day=last)
    except ValueError:
        return None
    return Span(f"{start.isoformat()} to {end.isoformat()}", start, end, True)


def _checked_day(m: re.Match, month: int, day: int, today: date, year: int | None,
                 weekday_word: str | None) -> Span | None:
    if not 1 <= day <= 31 or (year is not None and not 1970 <= year <= 9999):
        return None
    return _day_span(m, latest(month, day, today, year))


def _numeric(a: int, b: int, year: int | None, today: date, order: str) -> date | None:
    readings = [(b, a), (a, b)] if order == "DMY" else [(a, b), (b, a)]  # (month, day)
    for month, day in readings:
        if 1 <= month <= 12 and 1 <= day <= 31:
            d = latest(month, day, today, year)
            if d is not None:
                return d
    return None


def _year_first(m: re.Match) -> Span | None:
    try:
        day = date(int(m[1]), int(m[3]), int(m[4]))
    except ValueError:
        return None
    return Span(day.isoformat(), day, day, False)


def _year_first_next(first: re.Match, m: re.Match) -> Span | None:
    if m[2] != first[2]:
        return None
    try:
        day = date(int(first[1]), int(m[1]), int(m[3]))
    except ValueError:
        return None
    return Span(day.isoformat(), day, day, False)


# a race's miles, written as a decimal ("the 13.1.", "my first 26.2."): no date
_RACE_MILES = frozenset([(3, 1), (6, 2), (13, 1), (26, 2)])


def _dotted(m: re.Match, today: date) -> date | None:
    """A dotted date, day first: two-digit months ("13.11", "29.08") stand alone; "28.9" only
    after a weekday or "on", or with its closing dot ("22.8. and 23.8.", as German and Czech
    write a date; not a race's miles, "the 13.1."; else it is a decimal: "the 13.1" is a half
    marathon)."""
    day, month, year = int(m.group("d")), int(m.group("m")), _year(m.group("y"))
    if not (1 <= day <= 31 and 1 <= month <= 12):
        return None
    closed = m.string.startswith(".", m.end()) and (day, month) not in _RACE_MILES
    if len(m.group("m")) == 1 and year is None and not (m.group("wd") or m.group("on")
                                                        or closed):
        return None
    return latest(month, day, today, year)


def _dashed(m: re.Match, today: date, date_order: str) -> date | None:
    """A date with dashes, in the user's order: only where it cannot be a range of counts,
    which runs low to high ("3-4", "10-12"): a zero-padded part ("28-09"), a day before its
    month that is more than 12 ("13-10"), a year, or a weekday or "on" before it."""
    a, b, year = m.group("a"), m.group("b"), _year(m.group("y"))
    day, month = (int(a), int(b)) if date_order != "MDY" else (int(b), int(a))
    if not (1 <= day <= 31 and 1 <= month <= 12):
        return None
    if not (year is not None or m.group("wd") or m.group("on") or a.startswith("0")
            or b.startswith("0") or int(a) > int(b)):
        return None
    return latest(month, day, today, year)


_COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fourteen": 14, "fifteen": 15,
                "twenty": 20}


def _part_of_month(m: re.Match, today: date) -> Span | None:
    part, which = " ".join(m.group(1).lower().split()), m.group(2).lower()
    year = _year(m.group(3))
    if which in ("this month", "the month"):
        y, month = today.year, today.month
    elif which == "last month":
        prev = today.replace(day=1) - timedelta(days=1)
        y, month = prev.year, prev.month
    else:
        month = month_number(which)
        y = year if year is not None else (today.year if month <= today.month
                                           else today.year - 1)
    days = calendar.monthrange(y, month)[1]
    if part.endswith(" days"):  # "the first 3 days of November", "the last ten days of October"
        edge, count = part.split()[:2]
        n = int(count) if count.isdigit() else _COUNT_WORDS[count]
        if not 1 <= n <= days:
            return None
        lo, hi = (1, n) if edge in ("first", "opening") else (days - n + 1, days)
        return Span(f"the {part} of {calendar.month_name[month]} {y}", date(y, month, lo),
                    date(y, month, hi), True)
    if " full week" in part:    # "the second full week of October": Monday to Sunday within it
        mondays = [d for d in range(1, days - 5) if date(y, month, d).weekday() == 0]
        nth = {"first": 0, "second": 1, "third": 2, "fourth": 3}.get(part.split()[0], -1)
        if not -len(mondays) <= nth < len(mondays):
            return None
        lo = mondays[nth]
        return Span(f"the {part} of {calendar.month_name[month]} {y}", date(y, month, lo),
                    date(y, month, lo + 6), True)
    lo, hi = _PART[part]
    if part in ("last week", "final week"):
        lo = days - 6
    elif part in ("last fortnight", "final fortnight"):
        lo = days - 13
    hi = min(hi, days)
    label = (f"{part} {calendar.month_name[month]} {y}" if " " not in part
             else f"the {part} of {calendar.month_name[month]} {y}")
    return Span(label, date(y, month, lo), date(y, month, hi), True)
