"""The words numbers are written with, and what a written number is worth.

Pure tables and functions, no patterns: number words (`SMALL`, `TENS`, `ORDINAL_WORDS`),
month and weekday names with their usual abbreviations (`MONTHS` 1-12, `WEEKDAYS` 0-6,
Monday first), `words_value("eight thousand four hundred")` (None for anything that is not a
number in words), `precision("11,300")` (how precisely a number was written, which decides
how far it may be rounded; see its docstring) and `valid_date` (a year of None allows Feb 29).
Three pattern helpers for word lists: `trie`, `fast_words` and `finditer_lower`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date

from coach_tui.memory.datewords import MONTHS as MONTH_NAMES
from coach_tui.memory.datewords import WEEKDAYS as WEEKDAY_NAMES

SMALL = {w: i for i, w in enumerate([
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen"
])}
TENS = {w: 10 * (i + 2) for i, w in enumerate(
    ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"])}
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20, "thirtieth": 30,
}
MONTHS = {}
for _i, _name in enumerate(MONTH_NAMES, start=1):
    MONTHS[_name] = _i
    MONTHS[_name[:3]] = _i
MONTHS["sept"] = 9
class _Weekdays(dict[str, int]):
    """Weekday numbers by name or short name, and by the first three letters of any longer
    word a pattern took for one ("tuesdays", "wednes", a typo's "tuenil")."""

    def __missing__(self, key: str) -> int:
        if len(key) > 3 and key[:3] in self:
            return self[key[:3]]
        raise KeyError(key)


WEEKDAYS = _Weekdays()
for _i, _name in enumerate(WEEKDAY_NAMES):
    WEEKDAYS[_name] = _i
    WEEKDAYS[_name[:3]] = _i
WEEKDAYS.update({"tues": 1, "thur": 3, "thurs": 3})


def days_from_to(first: str, last: str) -> int:
    """The days from one weekday to another, both counted ("tue", "fri": 4; "sat", "mon": 3)."""
    return (WEEKDAYS[last[:3].lower()] - WEEKDAYS[first[:3].lower()]) % 7 + 1


MONTH_WORD = "|".join(MONTH_NAMES)  # a month's full name, for a pattern
# a weekday as written, captured ("Wed", "Tues", "Thursday"), for a pattern
WEEKDAY_WORD = r"((?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?)\b"


def precision(digits: str) -> tuple[int, float]:
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


def words_value(text: str) -> float | None:
    """"eight thousand four hundred" -> 8400; "eleven and a half thousand" -> 11500; "nine
    and a quarter thousand" -> 9250."""
    total: float = 0
    current: float = 0
    for tok in re.split(r"[\s,-]+", text.lower()):
        if tok in ("and", ""):
            continue
        if tok in ("half", "quarter"):
            current += 0.5 if tok == "half" else 0.25
            continue
        if tok == "a":
            current = current or 1
        elif tok in SMALL:
            current += SMALL[tok]
        elif tok in TENS:
            current += TENS[tok]
        elif tok == "hundred":
            current = (current or 1) * 100
        elif tok in _SCALES:
            total += (current or 1) * _SCALES[tok]
            current = 0
        else:
            return None
    return total + current


def valid_date(y: int | None, m: int, d: int) -> bool:
    try:
        date(y if y is not None else 2024, m, d)  # 2024 is a leap year: Feb 29 stays valid
    except ValueError:
        return False
    return True


def trie(words: Iterable[str]) -> str:
    """`words` as one alternation shaped like a trie: the engine tries a branch per letter
    rather than a branch per word."""
    tree: dict = {}
    for word in words:
        node = tree
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def pattern(node: dict) -> str:
        branches = [re.escape(ch) + pattern(sub) for ch, sub in sorted(node.items()) if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return pattern(tree)


def fast_words(words: list[str], tail: str = "") -> tuple[re.Pattern, re.Pattern]:
    """A pattern for `words` (regex fragments, each starting with a literal character) that
    begins with a character class, so the engine skips prose in C rather than trying every
    position; and the exact pattern each match is checked against."""
    firsts = "".join(sorted({w[0] for w in words}))
    rests = "|".join(sorted({w[1:] for w in words}, key=len, reverse=True))
    return (re.compile(rf"[{firsts}](?<![A-Za-z0-9].)(?:{rests})\b{tail}", re.I),
            re.compile(rf"(?:{'|'.join(words)})\b{tail}", re.I))


_LOWER: dict[str, re.Pattern] = {}  # each fast pattern, case-sensitive, for lower-case text


def finditer_lower(words: tuple[re.Pattern, re.Pattern], reply: str, low: str | None):
    """The fast pattern's matches in `reply`: searched in its lower case `low` when given
    (a case-sensitive search skips prose faster), at the same positions."""
    fast = words[0]
    if low is None:
        return fast.finditer(reply)
    lower = _LOWER.get(fast.pattern)
    if lower is None:
        lower = _LOWER[fast.pattern] = re.compile(fast.pattern)
    return lower.finditer(low)


# Cheap tests that spare a pattern call. Each only rules a match out: it looks for words every
# match of that pattern must end (or begin) with. On ASCII text they are exact: re's
# IGNORECASE and `\s` agree there with str.lower and str.strip (a non-ASCII stretch, where
# "ſ" matches "s", returns None: the caller then calls the pattern).


def tail(text: str, lo: int, hi: int) -> str | None:
    """`text[max(0, lo):hi]` lower-cased and stripped of its trailing spaces, when ASCII."""
    w = text[max(0, lo):hi]
    return w.lower().rstrip() if w.isascii() else None


def head(text: str, pos: int) -> str | None:
    """The text from `pos` lower-cased, its leading spaces stripped, at least 16 characters of
    it (or all that is left), when ASCII."""
    w = text[pos:pos + 64]
    if not w.isascii():
        return None
    rest = w.lstrip()
    return rest.lower() if len(rest) >= 16 or pos + 64 >= len(text) else None


def may_end(text: str, lo: int, hi: int, words: tuple[str, ...]) -> bool:
    """Whether `text[lo:hi]` may end a match of a pattern whose every match ends with one of
    `words` (before spaces): False rules a match out."""
    t = tail(text, lo, hi)
    return t is None or t.endswith(words)


def may_hold(text: str, words: tuple[str, ...]) -> bool:
    """Whether `text` may hold a match of a case-blind pattern every match of which holds one
    of `words` (lower case): False rules a match out."""
    if not text.isascii():
        return True
    low = text.lower()
    for w in words:  # noqa: SIM110 -- a loop, not any() over a generator: called for many windows
        if w in low:
            return True
    return False


# "only one day", "just one time", "a single goal day": "one" counting days, weeks or occasions
# after "only" / "just" is a quantity the reply claims; a gap ("just one goal day short of
# four", "one more day") is left to the request's own operations.
_ONE_LIMITED = re.compile(r"\b(?:only|just|exactly)\s+$", re.IGNORECASE)
_ONE_UNIT = re.compile(r"\s+(?:goal\s+)?(?:day|week|time|month)s?\b(?!\s+(?:short|more|fewer|less|"
                       r"over|away|behind|ahead|off|to)\b)", re.IGNORECASE)


# "your streak is one day", "you met it on one day out of seven", "reached 12k on one day",
# "one goal day", "one of the seven days": "one" stating the level of a fact the records hold
_ONE_FACT_BEFORE = re.compile(r"\b(?:(?:streak|run)\s+(?:is|was|stands\s+at|sits\s+at|at|of)|"
                              r"(?:met|hit|cleared|reached|made|topped|passed)\s+(?:it|the\s+goal|"
                              r"your\s+goal|\d[\d,.]*k?(?:\s+steps)?)"
                              r"\s+on)\s+(?:just\s+|only\s+)?$", re.IGNORECASE)
_ONE_FACT_AFTER = re.compile(r"\s+(?:goal\s+days?\b(?!\s+(?:short|more|fewer|less|over|away|"
                             r"behind|ahead|off|to)\b)|(?:goal\s+)?days?\s+(?:out\s+)?of\s+"
                             r"(?:the\s+|your\s+|those\s+|these\s+)?(?:last\s+)?(?:\d|two|three|"
                             r"four|five|six|seven|eight|nine|ten)|of\s+(?:the\s+|your\s+|those\s+"
                             r"|these\s+)?(?:last\s+)?(?:\d+|two|three|four|five|six|seven)\s+"
                             r"(?:goal\s+)?days\b)", re.IGNORECASE)


def counted_one(text: str, start: int, end: int) -> bool:
    """"one" quantifying days, weeks or occasions with "only" / "just" before it, or stating
    a fact's level ("your streak is one day", "one goal day", "one day out of seven"): a
    count, not the pronoun."""
    return _ONE_LIMITED.search(text, max(0, start - 12), start) is not None \
        and _ONE_UNIT.match(text, end) is not None \
        or _ONE_FACT_AFTER.match(text, end) is not None \
        or _ONE_FACT_BEFORE.search(text, max(0, start - 30), start) is not None \
        and _ONE_UNIT.match(text, end) is not None


# A clock time in words ("ten past eight", "quarter to nine", "six o'clock"): its hour words
# and the minutes a word before "past" / "to" stands for.
HOUR_WORDS = frozenset([w for w, i in SMALL.items() if 1 <= i <= 12] + ["noon", "midnight"])
_CLOCK_MINUTES = {"five": 5, "ten": 10, "twenty": 20, "quarter": 15, "half": 30}


def clock_minutes(hour: str, minutes: str | None, direction: str | None) -> tuple[int, ...]:
    """"ten past eight" -> 8:10 and 20:10 in minutes after midnight ("quarter to nine" -> 8:45
    and 20:45); "noon" is 12:00 only."""
    hour = hour.lower()
    hours = (12,) if hour == "noon" else (0,) if hour == "midnight" \
        else (SMALL[hour] % 12, SMALL[hour] % 12 + 12)
    past = 0
    if minutes is not None:
        past = sum(_CLOCK_MINUTES.get(w) or SMALL.get(w) or TENS.get(w, 0)
                   for w in re.split(r"[\s-]+", minutes.lower()))
        if direction is not None and direction.lower() in ("to", "till"):
            past = -past  # "twenty to one" is 12:40: the minutes before the hour
    return tuple((h * 60 + past) % 1440 for h in hours)
