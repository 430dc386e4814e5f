"""A message as dictated: numbers said as words, written as the digits a typist would use, so
every reader of the message (dates, goals, distances, search) sees one form.

- an ordinal that names a day of the month: "the twenty eighth", "on the third", "from the
  third to the fifth of November", "the 22nd of September and the twenty third" ("28th",
  "3rd"...); not an ordinal that counts something ("the third lap", "my tenth parkrun", "the
  first time") nor a first-to-ninth with nothing dating it ("the second half");
- a count before a unit: "eighteen k" ("18k"), "twelve thousand" ("12,000"), "five hundred k"
  ("500k"), "twenty one kilometres" ("21 kilometres"); a number word alone ("the one
  before", "two weekends ago") stays a word (memory/daywords.py reads those).

Words a dictation program hears in a number's or a date's place ("for weeks ago", "the
recovery weak") are the word list's `textspeak_after` entries (data, read in
memory/textspeak.py). Pure: text in, text out.
"""

from __future__ import annotations

import functools
import re

from coach_tui.memory.datewords import MONTHS, ORDINAL_WORDS
from coach_tui.text import starting

_SMALL = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
          "eighteen", "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
CARDINALS = {**{w: i for i, w in enumerate(_SMALL)},
             **{w: 10 * i for i, w in enumerate(_TENS, 2)}}
_SCALES = {"hundred": 100, "thousand": 1000}
_ORDINAL_OF = {n: word for word, n in ORDINAL_WORDS.items() if n < 10}  # (1: "first", ...)
_NUMBER_WORD = r"(?:" + "|".join(sorted([*CARDINALS, *_SCALES], key=len, reverse=True)) + r")"
_CARDINAL = r"(?:" + "|".join(sorted(CARDINALS, key=len, reverse=True)) + r")"
# "eighteen k", "twelve thousand", "two thousand five hundred", "twenty-one km"
_COUNT = re.compile(starting(r"efnostz") +
                    r"\b(?P<n>" + _CARDINAL + r"(?:(?:\s+|-)(?:and\s+)?" + _NUMBER_WORD + r")*)"
                    r"(?:(?P<gap>\s*)(?=(?P<unit>k|km|kms|kilomet(?:er|re)s?|miles?|mi|steps)\b)"
                    r"|(?<=hundred)|(?<=thousand))", re.IGNORECASE)
# Ordinals as words, the longest first ("twenty eighth" before "twenty"); first to ninth
# names a day only where something dates it (see `_is_day`).
_ORDINAL_WORD = (r"(" + "|".join(sorted(ORDINAL_WORDS, key=len, reverse=True))
                 .replace(" ", r"[\s-]+") + r")")
_ORDINAL = re.compile(starting(r"t") +
                      r"\b(?P<the>the\s+)" + _ORDINAL_WORD + r"\b", re.IGNORECASE)
_MONTH = r"(?:" + "|".join(m[:3] for m in MONTHS) + r")[a-z]*"
_CONNECTOR = r"\s*(?:and|to|till|until|through|thru|or|-|–)\s+(?:the\s+)?"
_ORD_TOKEN = r"(?:\d{1,2}(?:st|nd|rd|th)|" + _ORDINAL_WORD[1:-1] + r")\b"
# What an ordinal counts when it is not a date: "the third lap", "the twentieth parkrun".
_COUNTED = re.compile(
    starting(r"\s") +
    r"\s+(?:time|times|go|try|attempt|lap|laps|mile|miles|km|k|kilomet\w*|run|runs|parkrun"
    r"|parkruns|race|races|session|week|weeks|day|days|month|months|year|place|floor|minute"
    r"|minutes|rep|reps|interval|intervals|set|sets|hole|round|one|ones|half|quarter"
    r"|thing|person|point|mark|stage|leg|hill|hills|question|item|bit|century|anniversary"
    r"|birthday|edition|grade|row|pick|rank"
    # ("the first three days of October", "the last two weeks": a count of them)
    r"|(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|few|couple(?:\s+of)?)\s+"
    r"(?:days|weeks|nights|mornings|evenings|runs|parkruns|sessions|months))\b", re.IGNORECASE)
_DATES_IT_BEFORE = re.compile(starting(r"abfostu") +
                              r"\b(?:on|since|from|until|till|by|before|after|between|of)\s+$",
                              re.IGNORECASE)


def _number(words: str) -> int:
    total, current = 0, 0
    for word in re.split(r"[\s-]+", words.lower()):
        if word == "and":
            continue
        if word in _SCALES:
            if word == "thousand":
                total, current = total + max(current, 1) * 1000, 0
            else:
                current = max(current, 1) * 100
        else:
            current += CARDINALS[word]
    return total + current


def _count(m: re.Match) -> str:
    value = _number(m.group("n"))
    unit = (m.group("unit") or "").lower()
    gap = "" if unit in ("", "k") else m.group("gap") or " "
    return (f"{value:,}" if value >= 1000 else str(value)) + gap


def _is_day(text: str, m: re.Match) -> bool:
    """Whether "the <ordinal>" at `m` names a day of a month."""
    after = text[m.end():]
    if _COUNTED.match(after):
        return False
    if ORDINAL_WORDS[" ".join(m.group(2).lower().replace("-", " ").split())] >= 10:
        return True     # "the twenty eighth", "the thirteenth": a day, unless it counts
    before = text[:m.start()]
    return bool(re.match(r"\s+of\s+" + _MONTH + r"\b", after, re.IGNORECASE)
                or re.match(_CONNECTOR + _ORD_TOKEN, after, re.IGNORECASE)
                or re.search(_ORD_TOKEN + _CONNECTOR.replace(r"\s+(?:the\s+)?", r"\s+") + r"$",
                             before, re.IGNORECASE)
                or _DATES_IT_BEFORE.search(before))


def _ordinal(text: str, m: re.Match) -> str:
    if not _is_day(text, m):
        return m.group(0)
    n = ORDINAL_WORDS[" ".join(m.group(2).lower().replace("-", " ").split())]
    return f"{m.group('the')}{n}{_suffix(n)}"


# A remark a speaker runs on with after the question, unpunctuated ("last tuesday did i get to
# ten thousand i feel like i was knackered"): I plus a verb of feeling or knowing.
_REMARK = re.compile(starting(r"\s") +
                     r"\s+(?=i\s+(?:feel|felt|think|thought|know|knew|reckon|guess|suppose"
                     r"|have\s+a\s+feeling|had\s+a\s+feeling|was\s+supposed\s+to)\b)",
                     re.IGNORECASE)
_QUESTION = re.compile(starting(r"dhw") +
                       r"\b(?:what|whats|how|when|where|which|did\s+i|was\s+i|were)\b",
                       re.IGNORECASE)


def sentences(text: str) -> str:
    """A dictated message with no stops (no "?", "." or "!") with its first question ended
    where a remark runs on after it: "did i get to ten thousand i feel like i was knackered"
    is "did i get to ten thousand? i feel like i was knackered"."""
    if any(c in text for c in "?.!;"):
        return text
    for m in _REMARK.finditer(text):
        if _QUESTION.search(text, 0, m.start()):
            return f"{text[:m.start()]}?{text[m.start():]}"
    return text


@functools.lru_cache(maxsize=4_096)
def digits_for_spoken(text: str) -> str:
    """`text` with its spoken numbers as digits: days of a month ("the twenty eighth": "the
    28th") and counts before a unit ("eighteen k": "18k", "twelve thousand": "12,000")."""
    text = sentences(_COUNT.sub(_count, text))
    text = _ORDINAL.sub(lambda m: _ordinal(text, m), text)
    # "the goal of 10.000": a thousands point, as much of Europe writes it ("2026.11.15", a
    # date, and "1.5", a decimal, are not)
    text = _POINT_THOUSANDS.sub(r"\1,\2", text)
    # "and the day 28, how many steps?" (a learner's "el día 28"): the 28th
    text = _THE_DAY_N.sub(lambda m: f"the {m[1]}{_suffix(int(m[1]))}", text)
    # "the 21st and twenty second of November": an ordinal listed after a day is a day too
    while (m := _LISTED.search(text)) is not None:
        n = ORDINAL_WORDS[" ".join(m.group(2).lower().replace("-", " ").split())]
        text = text[:m.start(2)] + f"{n}{_suffix(n)}" + text[m.end(2):]
    return text


_LISTED = re.compile(starting(r"\d") +
                     r"(\b\d{1,2}(?:st|nd|rd|th)" + _CONNECTOR + r")" + _ORDINAL_WORD + r"\b"
                     r"(?!" + _COUNTED.pattern + r")", re.IGNORECASE)


_POINT_THOUSANDS = re.compile(starting(r"\d") +
                              r"(?<![\w.,])(\d{1,3})\.(\d{3})(?![\d.,]\d|\d)")
# ("day 3 of the streak", "the day 2 after the race", "the day 10k felt easy" are no dates)
_THE_DAY_N = re.compile(starting(r"t") +
                        r"\bthe\s+day\s+([1-9]|[12]\d|3[01])\b(?![.,:/-]?\d|\s*(?:st|nd|rd|th|k|km"
                        r"|mi|miles?|days?|weeks?|of|after|before|post|in|into|out|runs?)\b)",
                        re.IGNORECASE)


def count_of(word: str) -> int:
    """A count written in digits or as a word up to ninety ("3", "three", "Ten")."""
    return int(word) if word.isdigit() else CARDINALS[word.lower()]


def ordinal_word(count: str) -> str:
    """A count of one to nine in digits or words ("3", "three") as its ordinal ("third")."""
    return _ORDINAL_OF[count_of(count)]


def _suffix(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
