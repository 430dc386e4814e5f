"""Grounding: which numbers in a coach reply the context it was given does not support.

Pure and stdlib only. `unverified_numbers(reply, context)` is the simple entry point: the
numbers of `reply`, as written there, that `context` (everything the request carried: system
blocks, history, the recall block, the user's words) does not support, in reply order, one
entry per occurrence. `check(reply, context)` returns every number it found, with its span,
kind, status and what it matched, for highlighting. `index_context(context)` reads the context
once into an `Evidence` (values by unit, percentages, dates, times); `check` accepts either a
context string (indexed through a small cache keyed on the string) or an `Evidence`.

**What a number is, as written.** A digit number with its suffix ("12,345", "12k", "15%",
"15 percent"), a number in words ("Nine", "twelve thousand"), an ordinal ("3rd", "third"), a
fraction ("a third of"), a date ("2026-11-19", "Nov 19", "19 November", "November 19th",
"Thursday the 19th", "the 19th"), a time ("07:30", "7:30am") or a range ("8,000-10,000",
"8 to 10k", "four or five"). Units are not part of it ("four" in "four days"); a range is one
number.

**What counts as supported.** The same quantity appears in the context:
- counts match through thousands separators, `k`, words and rounding as people round: a
  number is read to the place of its last significant digit, and to at least 2 significant
  figures (trailing zeros are ambiguous), and is supported by a context value that rounds to
  it: "11,300", "11.3k", "11k", "11,000", "eleven thousand" for 11,283; "10,000" for 10,050;
  never "10,000" for 9,486, or "5k" for 5,130 (1 significant figure: merely near);
- when both the reply and the context name a unit right after the number (steps, days, weeks,
  minutes, walks, sentences...), the units must agree: "two days" is not supported by the
  persona's "two to five sentences". A context number with no unit supports any, except a
  small number in words ("one option, perhaps two"), which supports only a bare number;
- a gap ("6,900 to go", "39 more", "946 short", "2 fewer") only by the same gap in the context;
- an ordinal by the same count ("3rd day in a row" by "3 days"); a date-like one in digits
  ("the 19th", "Thursday the 25th") by a context date on that day: with the app's live line
  ("Now: Monday 2026-11-30") the latest such day on or before now, or the next one after it,
  on the named weekday; without one, any context date on that day;
- percentages only by the same percentage (rounded as above), never by a plain count;
- dates by a context date with the same month and day (and year and weekday when written);
  times by the same time of day, or, on the hour, by "at/after/before/around H" in the context;
- a year by a context date in that year; a fraction only by the same words in the context;
- a range when each end is supported ("from X to Y" and "between X and Y" are two numbers).
Anything worked out (a difference, a sum, a percentage change, a conversion) is unverified
unless it happens to equal a number in the context: the model phrases, code derives. That is
the checker's limit too: it matches quantities, not meanings, so a derived "two days" passes
when the context says "2 days" about something else.

**Ignored as plainly not claims about the user's data** (status "ignored", never unverified):
- list markers and heading numbers at the start of a line ("1.", "2)", "## 3.", "Day 1:");
- model names ("Claude 5.5", "claude-sonnet-5-5"), "24/7", "9-to-5", "on a scale of 1 to 10",
  "a day or two" (and week/walk/minute), anything inside `inline code`;
- the word "one", and the ordinals "first" and "second": in coaching prose they are nearly
  always a pronoun or an article ("one thing to try", "the one you liked", "first, ...");
  the digit "1" is checked. "half", "twice", "a couple", "an hour" are not read as numbers;
- advice sizes that the context does not hold: a duration ("a 20-minute walk", "10 to 15
  minutes"), a time of day ("at 12:30") and how many walks, loops, sessions, times, days or
  weeks to do something ("two short loops", "for the next 3 days", "three days in a row would
  be a start"), in a sentence that suggests rather than reports. A sentence suggests when its
  clause opens with an imperative ("take", "keep", "try"...) or says "try", "aim", "let's",
  "plan", "tomorrow", "next week", "instead"..., or it is a list item under "Here's a plan:",
  "Try this:"; weaker cues ("could", "should", "would", a weekday, "lunch", "every") count
  unless the clause has "streak", "average", "in a row", "so far", "records", or a general
  claim ("most", "research", "people"). It reports when the number's clause or sentence says
  what happened ("you walked", "you met", "you said", "your walk was", "yesterday", "last
  week"). "a 20-minute walk" (article + duration adjective) is advice unless its own clause
  reports. Step counts, percentages and dates are always checked, in advice too ("aim for
  11,000 on Friday" is unverified unless 11,000 was given).

**Speed.** Indexing reads the context once (a tokenizer pass, and a small pattern at each token
that can start a number: linear in its length, ~100 ms for 400 KB); checking does the same over
the reply plus a bisect or dict lookup per number, independent of the context's size (~4 ms for
a 1,000-word reply with 130 numbers). `check(reply, context_string)` keeps the last few
indexes, keyed on the string; a caller checking many replies against one context can hold the
`Evidence` itself. bench/grounding.py times the check alone, the cached call, and index + check.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache

__all__ = ["Evidence", "NumberMention", "check", "index_context", "unverified_numbers"]

# --------------------------------------------------------------------------- vocabulary

_SMALL = {w: i for i, w in enumerate([
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen"
])}
_TENS = {w: 10 * (i + 2) for i, w in enumerate(
    ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"])}
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
_ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20, "thirtieth": 30,
}
_MONTHS = {}
for _i, _name in enumerate(["january", "february", "march", "april", "may", "june", "july",
                            "august", "september", "october", "november", "december"],
                           start=1):
    _MONTHS[_name] = _i
    _MONTHS[_name[:3]] = _i
_MONTHS["sept"] = 9
_WEEKDAYS = {}
for _i, _name in enumerate(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                            "sunday"]):
    _WEEKDAYS[_name] = _i
    _WEEKDAYS[_name[:3]] = _i
_WEEKDAYS.update({"tues": 1, "thur": 3, "thurs": 3})

# A word right after a number, normalised; any other word means "no unit".
_UNITS = {
    "step": "step", "steps": "step", "day": "day", "days": "day", "night": "day",
    "nights": "day", "week": "week", "weeks": "week", "month": "month", "months": "month",
    "year": "year", "years": "year", "minute": "minute", "minutes": "minute", "min": "minute",
    "mins": "minute", "hour": "hour", "hours": "hour", "hr": "hour", "hrs": "hour",
    "second": "second", "seconds": "second", "sec": "second", "secs": "second",
    "walk": "walk", "walks": "walk", "loop": "loop", "loops": "loop", "lap": "loop",
    "laps": "loop", "time": "time", "times": "time", "session": "session",
    "sessions": "session", "round": "time", "rounds": "time", "km": "km", "kilometre": "km",
    "kilometres": "km", "kilometer": "km", "kilometers": "km", "mile": "mile", "miles": "mile",
    "floor": "floor", "floors": "floor", "flight": "floor", "flights": "floor",
    "block": "block", "blocks": "block", "sentence": "sentence", "sentences": "sentence",
    "word": "word", "words": "word", "line": "line", "lines": "line", "place": "place",
    "places": "place", "option": "option", "options": "option", "kg": "kg", "lb": "lb",
    "lbs": "lb", "pound": "lb", "pounds": "lb", "calorie": "calorie", "calories": "calorie",
}
# Units that size a piece of advice rather than report the user's data.
_ADVICE_UNITS = frozenset({"minute", "hour", "second", "walk", "loop", "time", "session",
                           "day", "week", "block", "floor"})
# Adjectives allowed between a number and its unit ("two short walks", "3 straight days").
_ADJECTIVES = ("short|long|brisk|easy|extra|more|full|whole|straight|consecutive|quick|gentle|"
               "flat|hilly|lunchtime|lunch|evening|morning|rest|recorded|separate|different|"
               "solid|good|big|small|quiet|low|active|weekday|weekend|days'|minutes'|"
               "goal|short-ish|slow|fast|steady|dedicated")

# --------------------------------------------------------------------------- the scanner

_WD = (r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
       r"mon|tues|tue|wed|thurs|thur|thu|fri|sat|sun)")
_MON = (r"(?:january|february|march|april|may|june|july|august|september|october|november|"
        r"december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)")
_SUF = r"(?:st|nd|rd|th)"
_SMALLW = "|".join(sorted(_SMALL, key=len, reverse=True))
_TENSW = "|".join(_TENS)
_ORDW = "|".join(sorted(_ORDINAL_WORDS, key=len, reverse=True))
_WORDNUM_ATOM = rf"(?:(?:{_TENSW})(?:[\s-](?:{_SMALLW}))?|{_SMALLW})"
# An atom, or atoms each followed by a scale ("eight thousand four hundred and fifty"); two
# bare atoms in a row ("five ten-minute walks") stay two numbers.
_WORDNUM = (rf"(?:(?:a\s+|(?:{_WORDNUM_ATOM})[\s-]+)(?:hundred|thousand|million)\b"
            rf"(?:(?:\s+and)?\s+(?:{_WORDNUM_ATOM})(?:[\s-]+(?:hundred|thousand|million)\b)?)*"
            rf"|{_WORDNUM_ATOM})")
_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_PCT = r"\s?%|\s(?:percent|per\s?cent)\b"

_IGNORE_DIGIT = r"\b24/7\b | \b9[\s-]to[\s-](?:5|five)\b"
_IGNORE_WORD = r"""
    `[^`\n]+`
  | \bnine[\s-]to[\s-](?:5|five)\b
  | \bscale\s+(?:of|from)\s+(?:1|one|0|zero)\s+to\s+(?:10|ten)\b
  | \b(?:a|one)\s+(?:day|week|walk|minute|thing|month)\s+or\s+two\b
  | \b(?:claude|sonnet|opus|haiku|gpt|gemini|llama)(?:[\s-]+[a-z]+)?[\s-]*\d+(?:[.-]\d+)*\b
"""
_ALTERNATIVES = {
    "isow": r"(?<![\w.,-])(?P<wy>\d{4})-W(?P<ww>\d{2})\b",
    "iso": r"(?<![\w.,-])(?P<iy>\d{4})-(?P<im>\d{2})-(?P<id>\d{2})(?![\w-])",
    "md": rf"""(?:(?P<mdw>{_WD})\b,?\s+)?(?P<mdm>{_MON})\b\.?\s+
              (?P<mdd>\d{{1,2}})(?:{_SUF})?\b(?![:.]\d)
              (?:,?\s+(?P<mdy>\d{{4}})\b)?""",
    "dm": rf"""(?:(?P<dmw>{_WD})\b,?\s+)?(?:the\s+)?(?P<dmd>\d{{1,2}})(?:{_SUF})?
              (?:\s+of)?\s+(?P<dmm>{_MON})\b
              (?:,?\s+(?P<dmy>\d{{4}})\b)?""",
    "wn": rf"(?P<wnw>{_WD})\b,?\s+(?:the\s+)?(?P<wnd>\d{{1,2}}){_SUF}\b",
    "time": r"""(?<![\w.:,])(?P<th>\d{1,2})(?:[:.](?P<tm>\d{2}))?\s?(?P<tap>[ap]\.m\.|[ap]m\b)
              | (?<![\w.:,])(?P<th2>\d{1,2}):(?P<tm2>\d{2})(?![\d:])""",
    "frac": r"""\b(?:a|one|two|three|four)\s+
                (?:thirds|quarters|fifths|(?:third|quarter|fifth)(?=\s+of\b))""",
    "ord": rf"(?<![\w.,])(?P<od>\d{{1,3}}){_SUF}\b | \b(?:(?:{_TENSW})[\s-])?(?:{_ORDW})\b",
    "num": rf"(?<![\w.,])(?P<nv>{_NUM})(?P<nk>[kK](?![a-zA-Z]))?(?P<np>{_PCT})?",
    "words": rf"\b{_WORDNUM}\b(?P<wp>{_PCT})?",
    "ignore_digit": _IGNORE_DIGIT,
    "ignore_word": _IGNORE_WORD,
}
# One small pattern per alternative, tried only where a cheap look at the token says it can
# match: one big alternation costs ~5 us at every candidate, which a 400 KB context feels.
_PATTERNS = {name: re.compile(body, re.IGNORECASE | re.VERBOSE)
             for name, body in _ALTERNATIVES.items()}
_SUFFIXES = frozenset(("st", "nd", "rd", "th"))
_MODEL_WORDS = frozenset(("claude", "sonnet", "opus", "haiku", "gpt", "gemini", "llama"))

_LINE_MARKER = re.compile(
    r"[ \t]*(?:#{1,6}[ \t]+)?(?:[-*+][ \t]+)?(?:\*\*)?(?:(?:day|week|option|step)[ \t]+)?$",
    re.IGNORECASE)
_AFTER_MARKER = re.compile(r"(?:\*\*)?[.):](?:\s|\*\*|$)")
_RANGE_SEP = re.compile(r"\s*[-–—]\s*|\s+(?:to|or)\s+", re.IGNORECASE)
_UNIT_AFTER = re.compile(
    rf"(?:\s*of\s+(?:the\s+)?(?:next\s+|last\s+|past\s+|coming\s+)?(?:\d+|{_WORDNUM_ATOM})\s+"
    rf"|[\s-]+(?:(?:{_ADJECTIVES})[\s-]+)?|/)([a-z]+)",
    re.IGNORECASE)
# A gap to something ("6,900 to go", "two more misses", "946 short"): the model's own arithmetic
# unless the context states the same gap.
_DIFFERENCE_AFTER = re.compile(
    r"\s+(?:steps?\s+)?(?:more|fewer|less|short|to go|left)\b", re.IGNORECASE)
_RATIO_BEFORE = re.compile(r"\b(?:one|a|1)\s+([a-z]+)\s+(?:in|out of)\s+$", re.IGNORECASE)
_NOW = re.compile(r"\bNow: [A-Z][a-z]+ (\d{4})-(\d{2})-(\d{2})\b")
_CUE = re.compile(r"\b(?:at|after|before|around|by|until|about|from)\s+$", re.IGNORECASE)
# Is a sentence advice or a report? (The order of the tests is in _is_advice; the module
# docstring says it in words.) Matched against lowercased text: literal alternations run
# faster without IGNORECASE.
_VERBS = (r"try|take|add|aim|keep|plan|go|walk|start|put|pick|book|set|make|do|split|break|swap|"
          r"use|park|get|stick|build|block|leave|head|schedule|stand|climb|consider|give|pair|"
          r"treat|save|repeat|bring|skip|rest|join|call|check|stretch|warm|finish|end|count|turn|"
          r"choose|mix|alternate|fit|sneak|hop|ease|cap|stop|let|drop|just")
_ADVICE_STRONG = re.compile(
    rf"^[\s>*+#-]*(?:\d+[.)]\s*)?(?:\*\*[^*\n]*\*\*:?\s*)?(?:[a-z]+:\s*)?"
    rf"(?:(?:but|and|then|so|or)\s+)?(?:{_VERBS})\b"
    rf"|[,:;]\s*(?:but\s+|and\s+|then\s+|so\s+|or\s+)?(?:{_VERBS})\b"
    r"|\b(?:try|trying|aim|aiming|let's|how about|what about|why not|"
    r"plan|planning|tomorrow|tonight|this weekend|next week|consider|suggest|for the next|"
    r"next time|going forward|from now on|instead)\b")
_ADVICE_WEAK = re.compile(
    r"\b(?:can|could|might|should|would|worth|maybe|perhaps|if you|when you|each|every|"
    r"mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|lunch|mornings?|"
    r"evenings?|after work|fine|enough)\b")
_REPORT_STRONG = re.compile(
    r"\byou(?:'ve|'d| have| had)?\s+(?:\w+\s+)?(?:walked|did|spent|managed|logged|went|got|hit|"
    r"met|took|were|was|said|mentioned|told|averaged|reached|cleared|kept|made|wrote|noted|"
    r"been|started|missed|finished|covered|added)\b"
    r"|\byour\s+(?:\w+\s+){0,2}(?:was|were|took|lasted)\b"
    r"|\byesterday(?:'s)?\b|\blast\s+(?:week|month|night|time|\w+day)\b")
# General knowledge ("most sprains heal in...", "research suggests...") is a claim too.
_REPORT_WEAK = re.compile(
    r"\bin a row\b|\bstreak\b|\baverage\b|\brecords?\b|\bso far\b|\byour\s+(?:usual|normal)\b"
    r"|\b(?:most|typically|research|studies|study|experts|guidelines|people)\b")
_CLAUSE_END = re.compile(r"[,:](?!\d)|[;()]|\s[-–—]\s")
_LIST_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d+[.)])[ \t]")
_PLAN_INTRO = re.compile(r"\bhere(?:'s| is) (?:a|an|my|the)\b", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")

# --------------------------------------------------------------------------- results


@dataclass(frozen=True, slots=True)
class NumberMention:
    """One number of a reply. `status` is "supported", "unverified" or "ignored"."""

    start: int
    end: int
    text: str
    kind: str  # count, percent, ordinal, fraction, date, time, year, duration, range
    status: str
    matched: str | None = None  # the context text that supports it, when supported
    reason: str | None = None  # why it was ignored, when ignored

    @property
    def verified(self) -> bool:
        return self.status == "supported"


@dataclass
class Evidence:
    """A context read once: every quantity it states, ready for lookups."""

    values: dict[str | None, list[float]] = field(default_factory=dict)  # unit -> sorted values
    value_text: dict[tuple[str | None, float], str] = field(default_factory=dict)
    all_values: list[float] = field(default_factory=list)
    percents: list[float] = field(default_factory=list)
    dates: dict[date, str] = field(default_factory=dict)
    # (month, day) -> {(year or None, weekday or None): text}; month 0 collects every month.
    month_days: dict[tuple[int, int], dict[tuple[int | None, int | None], str]] = field(
        default_factory=dict)
    day_numbers: dict[int, str] = field(default_factory=dict)
    times: dict[int, str] = field(default_factory=dict)
    years: dict[int, str] = field(default_factory=dict)
    fractions: set[str] = field(default_factory=set)
    differences: dict[float, str] = field(default_factory=dict)
    now: date | None = None  # the last "Now: <weekday> <date>" line: the turn's own live line


# --------------------------------------------------------------------------- atoms


@dataclass(slots=True)
class _Atom:
    start: int
    end: int
    kind: str
    value: float | None = None
    sig: int = 99  # significant figures as written
    unit_step: float = 0.0  # the place of the last written digit, for rounding
    unit: str | None = None
    pct: bool = False
    k: bool = False
    dates: tuple = ()  # (year|None, month, day, weekday|None) for dates
    minutes: tuple[int, ...] = ()
    ignored: str | None = None
    ends: tuple[_Atom, ...] = ()
    word: bool = False  # written in words
    difference: bool = False  # "6,900 to go", "39 more": a gap, not a level


def _precision(digits: str) -> tuple[int, float]:
    """(significant figures, place of the last significant digit) of a number as written.

    Trailing zeros are ambiguous ("10,000" may be rounded to 2 figures or to 1), so an integer
    is read to at least 2 significant figures: "10,000" stands for 9,950 to 10,050.
    """
    if "." in digits:
        decimals = len(digits.split(".")[1])
        sig = len(digits.replace(".", "").lstrip("0"))
        return sig, 10.0 ** -decimals
    digits = digits.lstrip("0") or "0"
    stripped = digits.rstrip("0")
    if not stripped or len(digits) == 1:
        return 1, 1.0
    sig = max(2, len(stripped))
    return sig, 10.0 ** (len(digits) - sig)


def _words_value(text: str) -> int | None:
    total, current = 0, 0
    for tok in re.split(r"[\s-]+", text.lower()):
        if tok in ("and", ""):
            continue
        if tok == "a":
            current = current or 1
        elif tok in _SMALL:
            current += _SMALL[tok]
        elif tok in _TENS:
            current += _TENS[tok]
        elif tok == "hundred":
            current = (current or 1) * 100
        elif tok in _SCALES:
            total += (current or 1) * _SCALES[tok]
            current = 0
        else:
            return None
    return total + current


def _valid_date(y: int | None, m: int, d: int) -> bool:
    try:
        date(y if y is not None else 2024, m, d)  # 2024 is a leap year: Feb 29 stays valid
    except ValueError:
        return False
    return True


_TOKEN = re.compile(r"`|\d+|[A-Za-z]+")
# Words a number, date or ignored phrase can start with. Trying the scanner only at these
# tokens (and at digits and backticks) is what keeps a 400 KB context to one fast pass.
_STARTS = frozenset(
    set(_SMALL) | set(_TENS) | set(_ORDINAL_WORDS) | set(_MONTHS) | set(_WEEKDAYS)
    | {"a", "the", "scale", "claude", "sonnet", "opus", "haiku", "gpt", "gemini", "llama"})


_DIGITS = frozenset("0123456789")
_STARTS_ANY_CASE = frozenset(w for s in _STARTS for w in (s, s.capitalize(), s.upper()))
_AFTER_A = frozenset("htqfdwm")  # hundred thousand third quarter fifth day week walk minute month


def _candidates(text: str, word: str, end: int) -> tuple[str, ...]:
    """The alternatives worth trying at a token, in priority order."""
    if word[0].isdigit():
        nxt = text[end:end + 1]
        names: list[str] = []
        if nxt in ("/", "-"):
            names.append("ignore_digit")
        if len(word) == 4 and nxt == "-":
            names += ["isow", "iso"]
        if len(word) <= 2:
            rest = text[end:end + 12].lower()
            if rest[:2] in _SUFFIXES:
                rest = rest[2:]
            rest = rest.lstrip()
            if rest.startswith("of "):
                rest = rest[3:].lstrip()
            if rest[:3] in _MONTHS:  # "19 November", "19th of Nov"
                names.append("dm")
        if nxt in (":", ".") or text[end:end + 2].strip()[:1].lower() in ("a", "p"):
            names.append("time")
        if text[end:end + 2].lower() in _SUFFIXES:
            names.append("ord")
        names.append("num")
        return tuple(names)
    if word == "`":
        return ("ignore_word",)
    low = word.lower()
    names = []
    if low in _MODEL_WORDS or low in ("scale", "nine", "a", "one"):
        names.append("ignore_word")
    if low in _WEEKDAYS:
        names += ["md", "dm", "wn"]
    elif low in _MONTHS:
        names.append("md")
    elif low == "the":
        names.append("dm")
    if low in ("a", "one", "two", "three", "four"):
        names.append("frac")
    if low in _ORDINAL_WORDS or low in _TENS:
        names.append("ord")
    if low in _SMALL or low in _TENS or low == "a":
        names.append("words")
    return tuple(names)


def _matches(text: str) -> Iterable[tuple[str, re.Match]]:
    """Every number, date or ignored phrase in `text`, left to right: (alternative, match)."""
    last_end = 0
    for token in _TOKEN.finditer(text):
        word = token.group()
        first = word[0]
        if first in _DIGITS or first == "`":
            pass
        elif word in _STARTS_ANY_CASE:
            # "a" and "the" start a match only before a scale or fraction word, or a digit:
            # skipping the rest saves most failed attempts on prose.
            if len(word) < 4 and word.lower() in ("a", "the"):
                after = text[token.end() + 1:token.end() + 2]
                if (after not in _DIGITS) if word[0] in "tT" else (after.lower() not in _AFTER_A):
                    continue
        else:
            continue
        start = token.start()
        if start < last_end:
            continue
        for name in _candidates(text, word, token.end()):
            m = _PATTERNS[name].match(text, start)
            if m is not None:
                last_end = m.end()
                yield name, m
                break


def _atoms(text: str) -> list[_Atom]:
    atoms: list[_Atom] = []
    for g, m in _matches(text):
        s, e = m.start(), m.end()
        if g in ("ignore_digit", "ignore_word"):
            atoms.append(_Atom(s, e, "ignored", ignored="idiom, model name or code"))
        elif g == "isow":
            atoms.append(_Atom(m.start("wy"), m.end("wy"), "year", value=float(m["wy"]), sig=4,
                               unit_step=1.0))
            atoms.append(_Atom(m.start("ww"), e, "count", value=float(m["ww"]), sig=99,
                               unit_step=1.0))
        elif g == "iso":
            y, mo, d = int(m["iy"]), int(m["im"]), int(m["id"])
            if _valid_date(y, mo, d):
                atoms.append(_Atom(s, e, "date", dates=((y, mo, d, None),)))
            else:
                atoms.append(_Atom(s, e, "count", value=float(y), sig=4, unit_step=1.0))
        elif g in ("md", "dm"):
            mon_word = m[g + "m"]
            if mon_word.lower() == "may" and mon_word != "May":
                # "may" is a verb unless capitalised; rescan the numbers after it alone.
                atoms.extend(_atoms_shifted(text, m.start(g + "d"), e))
                continue
            y = int(m[g + "y"]) if m[g + "y"] else None
            mo, d = _MONTHS[mon_word.lower().rstrip(".")], int(m[g + "d"])
            wd = _WEEKDAYS[m[g + "w"].lower()] if m[g + "w"] else None
            if _valid_date(y, mo, d):
                atoms.append(_Atom(s, e, "date", dates=((y, mo, d, wd),)))
        elif g == "wn":
            atoms.append(_Atom(s, e, "date",
                               dates=((None, None, int(m["wnd"]), _WEEKDAYS[m["wnw"].lower()]),)))
        elif g == "time":
            if m["th"] is not None:
                h, mi, ap = int(m["th"]), int(m["tm"] or 0), m["tap"].lower()[0]
                if not 1 <= h <= 12 or mi > 59:
                    continue
                h = h % 12 + (12 if ap == "p" else 0)
                atoms.append(_Atom(s, e, "time", minutes=(h * 60 + mi,)))
            else:
                h, mi = int(m["th2"]), int(m["tm2"])
                if h > 23 or mi > 59:
                    continue
                # "7:30" with no am/pm may be either; "19:30" and "00:15" are not.
                options = ((h * 60 + mi,) if h == 0 or h > 12
                           else (h * 60 + mi, (h % 12 + 12) * 60 + mi))
                atoms.append(_Atom(s, e, "time", minutes=options))
        elif g == "frac":
            atoms.append(_Atom(s, e, "fraction"))
        elif g == "ord":
            if m["od"] is not None:
                value = int(m["od"])
            else:
                parts = re.split(r"[\s-]+", m.group().lower())
                if len(parts) == 1 and parts[0] in ("first", "second"):
                    continue  # nearly always "first, ..." or a unit of time
                value = _ORDINAL_WORDS[parts[-1]] + (_TENS[parts[0]] if len(parts) == 2 else 0)
            atoms.append(_Atom(s, e, "ordinal", value=float(value), sig=99, unit_step=1.0))
        elif g == "num":
            digits = m["nv"].replace(",", "")
            sig, step = _precision(digits)
            value = float(digits)
            k = m["nk"] is not None
            if k:
                value *= 1000
                step *= 1000
            pct = m["np"] is not None
            kind = "percent" if pct else "count"
            if not pct and not k and "," not in m["nv"] and "." not in digits \
                    and 1900 <= value <= 2100:
                kind = "year"
            atoms.append(_Atom(s, e, kind, value=value, sig=sig, unit_step=step, pct=pct, k=k))
        elif g == "words":
            body = m.group()[: m.start("wp") - s] if m["wp"] else m.group()
            if body.strip().lower() in ("one", "a"):
                continue  # the pronoun/article, see the module docstring
            value = _words_value(body)
            if value is None:
                continue
            sig, step = _precision(str(value))
            pct = m["wp"] is not None
            atoms.append(_Atom(s, e, "percent" if pct else "count", value=float(value),
                               sig=sig, unit_step=step, pct=pct, word=True))
    return atoms


def _atoms_shifted(text: str, start: int, end: int) -> Iterable[_Atom]:
    for a in _atoms(text[start:end]):
        a.start += start
        a.end += start
        for sub in a.ends:
            sub.start += start
            sub.end += start
        yield a


_NEXT_WORD = re.compile(r"[ -]([a-z]+)\b", re.IGNORECASE)


def _unit_after(text: str, end: int) -> str | None:
    quick = _NEXT_WORD.match(text, end, min(len(text), end + 16))
    if quick is not None and quick.group(1).lower() in _UNITS:
        return _UNITS[quick.group(1).lower()]  # the common case: "12 days", "a 20-minute"
    m = _UNIT_AFTER.match(text, end, min(len(text), end + 60))
    return _UNITS.get(m.group(1).lower()) if m else None


def _structure(text: str, atoms: list[_Atom]) -> list[_Atom]:
    """Merge ranges, attach units and mark list markers: the atoms as the reader sees them."""
    out: list[_Atom] = []
    i = 0
    while i < len(atoms):
        a = atoms[i]
        if i + 1 < len(atoms):
            b = atoms[i + 1]
            sep = text[a.end:b.start]
            # "from 6,100 to 9,800" is a change between two numbers, not a range.
            after_from = re.search(r"\bfrom\s+$", text[max(0, a.start - 6):a.start], re.IGNORECASE)
            if _RANGE_SEP.fullmatch(sep) and not (after_from and "to" in sep and b.kind != "date"):
                merged = _merge_range(a, b)
                if merged is not None:
                    out.append(merged)
                    i += 2
                    continue
        out.append(a)
        i += 1
    for a in out:
        if a.kind == "count" and _DIFFERENCE_AFTER.match(text, a.end):
            a.difference = True
        if a.kind in ("count", "ordinal", "range", "year"):
            a.unit = _unit_after(text, a.end)
            if a.unit is None and text.endswith(("in ", "of "), 0, a.start):
                # "one day in three": the unit comes before the number.
                ratio = _RATIO_BEFORE.search(text, max(0, a.start - 30), a.start)
                if ratio is not None:
                    a.unit = _UNITS.get(ratio.group(1).lower())
            for sub in a.ends:
                sub.unit = a.unit
        if a.kind in ("count", "year") and a.ignored is None:
            line_start = text.rfind("\n", 0, a.start) + 1
            if a.start - line_start < 24 and _LINE_MARKER.fullmatch(text, line_start, a.start) \
                    and _AFTER_MARKER.match(text, a.end):
                a.ignored = "list marker"
    return out


def _merge_range(a: _Atom, b: _Atom) -> _Atom | None:
    numeric = ("count", "percent", "year")
    if a.ignored or b.ignored:
        return None
    if a.kind == "date" and b.kind in ("count", "year") and a.dates[0][1] is not None \
            and b.value is not None and b.value.is_integer() and 1 <= b.value <= 31 \
            and b.sig < 99:
        y, mo, _, _ = a.dates[0]
        if _valid_date(y, mo, int(b.value)):
            end2 = _Atom(b.start, b.end, "date", dates=((y, mo, int(b.value), None),))
            return _Atom(a.start, b.end, "range", ends=(a, end2))
        return None
    if a.kind == "count" and b.kind == "time" and len(b.minutes) == 1 and a.value is not None \
            and a.value.is_integer() and 1 <= a.value <= 12:
        pm = b.minutes[0] >= 12 * 60  # "7-9pm": the am/pm covers both ends
        a = _Atom(a.start, a.end, "time", minutes=((int(a.value) % 12 + 12 * pm) * 60,))
        return _Atom(a.start, b.end, "range", ends=(a, b))
    if a.kind == "count" and b.kind == "date" and b.dates[0][1] is not None \
            and a.value is not None \
            and a.value.is_integer() and a.sig < 99:
        y, mo, _, _ = b.dates[0]
        if _valid_date(y, mo, int(a.value)):  # "21 to 24 November": the month covers both
            start = _Atom(a.start, a.end, "date", dates=((y, mo, int(a.value), None),))
            return _Atom(a.start, b.end, "range", ends=(start, b))
        return None
    if a.kind in numeric and b.kind in numeric and a.value is not None and b.value is not None \
            and a.value < b.value * (1 if a.k or not b.k else 1000):
        if b.k and not a.k and a.value < 1000 and a.value * 1000 < b.value + 1:
            a.value *= 1000  # "8 to 10k": the k covers both ends
            a.unit_step *= 1000
        if b.pct and not a.pct:
            a.pct, a.kind = True, "percent"
        if a.kind == "year" and b.kind != "year":
            a.kind = "count"
        if b.kind == "year" and a.kind != "year":
            b.kind = "count"
        return _Atom(a.start, b.end, "range", ends=(a, b))
    if a.kind == "time" and b.kind == "time":
        return _Atom(a.start, b.end, "range", ends=(a, b))
    return None


# --------------------------------------------------------------------------- the context


def index_context(context: str) -> Evidence:
    """Every quantity `context` states, read once; see the module docstring."""
    ev = Evidence()
    values: dict[str | None, set[float]] = {}
    percents: set[float] = set()

    def add_value(a: _Atom, source: str) -> None:
        unit = a.unit
        if unit is None and a.word and a.value <= 10:
            # A small number in words with no unit of its own ("one option, perhaps two") is
            # prose whose noun is elsewhere: it supports a bare number, not "two days".
            unit = _BARE_WORD
        values.setdefault(unit, set()).add(a.value)
        ev.value_text.setdefault((a.unit, a.value), source)
        ev.value_text.setdefault((None, a.value), source)

    def add_date(y, mo, d, wd, source):
        if y is not None and mo is not None:
            dt = date(y, mo, d)
            ev.dates.setdefault(dt, source)
            ev.years.setdefault(y, source)
            wd = dt.weekday()
        if mo is not None:
            ev.month_days.setdefault((mo, d), {}).setdefault((y, wd), source)
        ev.day_numbers.setdefault(d, source)
        if wd is not None:
            ev.month_days.setdefault((0, d), {}).setdefault((y, wd), source)

    def add(a: _Atom) -> None:
        source = context[a.start:a.end]
        if a.difference:
            ev.differences.setdefault(a.value, source)
        if a.kind in ("count", "ordinal", "year"):
            add_value(a, source)
            if a.kind == "year":
                ev.years.setdefault(int(a.value), source)
            if a.kind == "count" and a.value is not None and a.value.is_integer() \
                    and 1 <= a.value <= 12 and _CUE.search(context, max(0, a.start - 8), a.start):
                h = int(a.value)
                for hour in (h % 12, h % 12 + 12):
                    ev.times.setdefault(hour * 60, source)
        elif a.kind == "percent":
            percents.add(a.value)
            ev.value_text.setdefault(("%", a.value), source)
        elif a.kind == "date":
            for y, mo, d, wd in a.dates:
                add_date(y, mo, d, wd, source)
        elif a.kind == "time":
            for minutes in a.minutes:
                ev.times.setdefault(minutes, source)
        elif a.kind == "fraction":
            ev.fractions.add(" ".join(source.lower().split()))
        elif a.kind == "range":
            for end in a.ends:
                add(end)

    for a in _structure(context, _atoms(context)):
        if a.kind != "ignored":
            add(a)
    for now in _NOW.finditer(context):
        ev.now = date(int(now[1]), int(now[2]), int(now[3]))
    ev.values = {unit: sorted(vs) for unit, vs in values.items()}
    ev.all_values = sorted(set().union(*values.values())) if values else []
    ev.percents = sorted(percents)
    return ev


@lru_cache(maxsize=4)
def _cached_index(context: str) -> Evidence:
    return index_context(context)


# --------------------------------------------------------------------------- checking


def _near(sorted_values: list[float], value: float, tolerance: float) -> float | None:
    i = bisect_left(sorted_values, value - tolerance - 1e-9)
    if i < len(sorted_values) and sorted_values[i] <= value + tolerance + 1e-9:
        return sorted_values[i]
    return None


def _tolerance(a: _Atom) -> float:
    # Rounding is how people restate a number they were given, to 2 or more significant
    # figures: "11,300", "11k" and "11,000" for 11,283, but not "10,000" (or "5k" for 5,130).
    return a.unit_step / 2 if a.sig >= 2 and a.unit_step > 1e-12 else 0.0


def _support(a: _Atom, ev: Evidence, ordinal_as_date: bool = False) -> str | None:
    """The context text that supports atom `a`, or None."""
    if a.difference:
        return ev.differences.get(a.value)
    if a.kind in ("count", "ordinal", "year"):
        if a.kind == "ordinal" and ordinal_as_date and a.value.is_integer():
            hit = _day_of_month(ev, int(a.value), None)
            if hit is not None:
                return hit
        pools = [ev.all_values] if a.unit is None else [ev.values.get(a.unit, []),
                                                         ev.values.get(None, [])]
        tol = _tolerance(a)
        for pool in pools:
            hit = _near(pool, a.value, tol)
            if hit is not None:
                return ev.value_text.get((a.unit, hit)) or ev.value_text.get((None, hit), str(hit))
        if a.kind == "year" and a.value.is_integer():
            return ev.years.get(int(a.value))
        return None
    if a.kind == "percent":
        hit = _near(ev.percents, a.value, _tolerance(a))
        return None if hit is None else ev.value_text[("%", hit)]
    if a.kind == "date":
        for y, mo, d, wd in a.dates:
            if mo is None:
                hit = _day_of_month(ev, d, wd)
                if hit is not None:
                    return hit
                continue
            if y is not None:
                hit = ev.dates.get(date(y, mo, d))
                if hit is not None:
                    return hit
                wd = date(y, mo, d).weekday()
            for (cy, cwd), source in ev.month_days.get((mo, d), {}).items():
                # With a year written, only a yearless context date ("Mon 23 Nov") can still
                # support it; a weekday, when both sides state one, must agree.
                if (y is None or cy is None) and (wd is None or cwd is None or cwd == wd):
                    return source
        return None
    if a.kind == "time":
        for minutes in a.minutes:
            if minutes in ev.times:
                return ev.times[minutes]
        return None
    if a.kind == "fraction":
        return None  # matched by text in check(), which has the reply
    if a.kind == "range":
        sources = [_support(end, ev) for end in a.ends]
        return None if None in sources else " / ".join(sources)
    return None


_BARE_WORD = "(a small number in words)"


def _day_of_month(ev: Evidence, day: int, weekday: int | None) -> str | None:
    """The context date a bare day of the month ("the 19th", "Thursday the 25th") means.

    With a "Now:" line it is the nearest such day to now, which must be in the context (and
    on that weekday); without one, any context date on that day (and weekday) will do.
    """
    if ev.now is not None:
        # The latest such day on or before now, or the next one after it ("on the 12th" for
        # an event ahead): whichever the context holds.
        for step in (-1, 1):
            year, month = ev.now.year, ev.now.month
            for _ in range(3):
                if _valid_date(year, month, day):
                    meant = date(year, month, day)
                    if (meant <= ev.now) if step < 0 else (meant > ev.now):
                        break
                month += step
                year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
            else:
                continue
            if weekday is None or meant.weekday() == weekday:
                hit = ev.dates.get(meant)
                if hit is not None:
                    return hit
        return None
    for (_, cwd), source in ev.month_days.get((0, day), {}).items():
        if weekday is None or cwd == weekday:
            return source
    return ev.day_numbers.get(day) if weekday is None else None


_THE_BEFORE = re.compile(r"\bthe\s+$", re.IGNORECASE)
_ORDINAL_DATE_AFTER = re.compile(
    r"\s+(?:day|days|week|weeks|time|times|walk|walks|month|straight|consecutive|in\s+a\s+row|"
    r"goal|session|loop|lap|best|highest|lowest|biggest|quietest)\b", re.IGNORECASE)


def check(reply: str, context: str | Evidence) -> list[NumberMention]:
    """Every number of `reply` in order, each supported, unverified or ignored."""
    ev = context if isinstance(context, Evidence) else _cached_index(context)
    atoms = _structure(reply, _atoms(reply))
    bounds = [0] + [m.end() for m in _SENTENCE_END.finditer(reply)]
    sentences: dict[int, _Sentence] = {}
    out: list[NumberMention] = []
    for a in atoms:
        text = reply[a.start:a.end]
        kind = a.kind
        if a.ignored is not None:
            out.append(NumberMention(a.start, a.end, text, kind, "ignored", reason=a.ignored))
            continue
        if a.unit in ("minute", "hour", "second"):
            kind = "duration"
        if a.kind == "fraction":
            phrase = " ".join(text.lower().split())
            matched = phrase if phrase in ev.fractions else None
        elif a.kind == "ordinal":
            as_date = reply[a.start].isdigit() and not _ORDINAL_DATE_AFTER.match(reply, a.end) \
                and _THE_BEFORE.search(reply, max(0, a.start - 5), a.start) is not None
            if as_date:
                kind = "date"
            matched = _support(a, ev, ordinal_as_date=as_date)
        else:
            matched = _support(a, ev)
        # Only a number the context does not support needs the (slower) advice question.
        if matched is None and (a.kind == "time" or (
                a.kind in ("count", "range") and a.unit in _ADVICE_UNITS)
                or (a.kind == "range" and a.ends and a.ends[0].kind == "time")) \
                and _is_advice(reply, bounds, a, sentences):
            out.append(NumberMention(a.start, a.end, text, kind, "ignored",
                                     reason="advice, not a claim about your data"))
            continue
        out.append(NumberMention(a.start, a.end, text, kind,
                                 "supported" if matched is not None else "unverified",
                                 matched=matched))
    return out


@dataclass(slots=True)
class _Sentence:
    text: str
    start: int
    cuts: list[int]
    report_strong: bool
    advice_strong: bool
    advice_weak: bool


def _sentence(reply: str, bounds: list[int], pos: int, cache: dict[int, _Sentence]) -> _Sentence:
    start = _sentence_start(bounds, pos)
    found = cache.get(start)
    if found is None:
        text = _sentence_at(reply, bounds, pos).lower()
        cuts = [0] + [m.end() for m in _CLAUSE_END.finditer(text)] + [len(text)]
        found = cache[start] = _Sentence(
            text, start, cuts, bool(_REPORT_STRONG.search(text)),
            bool(_ADVICE_STRONG.search(text)), bool(_ADVICE_WEAK.search(text)))
    return found


def _is_advice(reply: str, bounds: list[int], a: _Atom, cache: dict[int, _Sentence]) -> bool:
    """Whether the sentence around `a` suggests rather than reports (see the module docstring)."""
    sent = _sentence(reply, bounds, a.start, cache)
    i = bisect_left(sent.cuts, a.start - sent.start + 1) - 1
    clause = sent.text[sent.cuts[i]:sent.cuts[i + 1]]
    # "a 20-minute walk": a duration as an adjective with an article is generic, not a record,
    # unless its own clause reports ("you did a 40-minute walk").
    if a.unit in ("minute", "hour") and reply.startswith("-", a.end) \
            and re.search(r"\ban?\s+$", reply[max(0, a.start - 4):a.start], re.IGNORECASE):
        return not _REPORT_STRONG.search(clause)
    if _REPORT_STRONG.search(clause):
        return False
    if _ADVICE_STRONG.search(clause):
        return True
    if sent.report_strong:
        return False
    if sent.advice_strong or _in_plan_list(reply, a.start):
        return True
    return sent.advice_weak and not _REPORT_WEAK.search(clause)


def _in_plan_list(text: str, pos: int) -> bool:
    """A list item under an introduction that suggests ("Here's a plan:", "Try this:")."""
    line_start = text.rfind("\n", 0, pos) + 1
    if not _LIST_ITEM.match(text, line_start):
        return False
    while line_start > 0:
        prev_start = text.rfind("\n", 0, line_start - 1) + 1
        line = text[prev_start:line_start - 1]
        line_start = prev_start
        if not line.strip() or _LIST_ITEM.match(line):
            continue
        return line.rstrip().endswith(":") and bool(
            _ADVICE_STRONG.search(line.lower()) or _PLAN_INTRO.search(line))
    return False


def _sentence_start(bounds: list[int], pos: int) -> int:
    return bounds[bisect_left(bounds, pos + 1) - 1]


def _sentence_at(text: str, bounds: list[int], pos: int) -> str:
    i = bisect_left(bounds, pos + 1) - 1
    end = bounds[i + 1] if i + 1 < len(bounds) else len(text)
    return text[bounds[i]:end]


def unverified_numbers(reply: str, context: str) -> list[str]:
    """The numbers of `reply`, as written, that `context` does not support, in reply order."""
    return [m.text for m in check(reply, context) if m.status == "unverified"]
