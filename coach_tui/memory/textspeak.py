"""A message as typed on a phone, written out: text-speak ("u", "b4", "wks") as the words it
stands for, read before anything else (dates, events, the kind of memory asked for)."""

from __future__ import annotations

import functools
import re

from coach_tui.memory.datewords import MONTHS, WEEKDAYS
from coach_tui.memory.hindi import in_english
from coach_tui.memory.spoken import digits_for_spoken
from coach_tui.memory.wordlist import words_file
from coach_tui.text import starting


@functools.cache
def _textspeak() -> tuple[re.Pattern, re.Pattern | None, dict[str, str]]:
    table = {k.lower(): v for k, v in words_file().get("textspeak", {}).items()}
    words = [k for k in table if k[0].isalnum() or k[0] == "#"]
    emoji = [k for k in table if k not in words]
    # Not a letter of an abbreviation ("the U.S.") or of a contraction ("rock 'n' roll"); a
    # possessive is still the word ("yday's steps").
    pattern = re.compile(r"(?<![\w.'’])(?:" + "|".join(map(re.escape, sorted(
        words, key=len, reverse=True))) + r")(?:(?=['’]s\b)|(?![\w'’]|\.\w))", re.IGNORECASE)
    # An emoji written for a word stands inside a sentence, after a word and before the next
    # ("my 👟 again", "the 🤧 days", "the 🐶's paw"); one after the question ("...hurt his
    # foot?? 🐶😭") or ending the message only decorates it.
    marks = re.compile(r"(?<=\w )(?:" + "|".join(map(re.escape, sorted(
        emoji, key=len, reverse=True))) + r")(?=['’]s\b|\s+\w)") if emoji else None
    return pattern, marks, table


@functools.lru_cache(maxsize=4_096)
def spelled_out(text: str) -> str:
    """`text` with the word list's text-speak ("u", "b4", "wks") written out as the words
    they are ("you", "before", "weeks"), and its spoken numbers as digits (memory/spoken.py),
    so every reader of the message sees them."""
    text = in_english(text)  # (Hinglish word order: "race se pehle", before the race)
    pattern, marks, table = _textspeak()
    if table:
        text = pattern.sub(lambda m: table[m.group(0).lower()], text)
    if marks is not None:
        text = marks.sub(lambda m: table[m.group(0)], text)
    text = _ARROW.sub(", ", _NUMBERS_ARROW.sub(" to ", text))  # "last wk -> totals?", "10k -> 12k"
    text = _FRONTED_EVENT.sub(lambda m: f"during {m.group(1) or 'the '}{m.group(2)}, ", text)
    text = _OPENER.sub(r"\1", text)
    text = _LEARNER.sub(lambda m: _LEARNER_FORMS.get(m.group(0).lower().split()[-1],
                                                     m.group(1) or ""), text)
    for short, near, means in _beside():
        if short in text.lower():
            text = near.sub(functools.partial(_written, means), text)
    text = _SPACED_THOUSANDS.sub(r"\1,\2", text)  # "the goal of 12 000": 12,000
    text = _YORKSHIRE_THE.sub("the ", text)  # "after t'race", "round t'park"
    text = _DAYS_SHORT.sub(r"\1 \2 days", text)  # "last 7d"
    text = _SINCE_WHEN.sub("since ", text)  # "since when I came back from Lisbon" (da quando)
    text = _SINCE_COUNT.sub(r"over the last \1 \2", text)  # "since 3 weeks" (depuis 3 semaines)
    text = _PASSED.sub(r"last \1", text)  # "the week passed", "Tuesday passed" (passé)
    text = _ONE_WEEK.sub(lambda m: f"the week {m[1].lower()} the {m[2]}", text)  # "after the
    # race's one week"
    text = _WHICH_IT_WAS.sub(r"which \1 was it", text)  # "which day it was"
    text = _DAY_LAST.sub(r"last \1", text)  # "Tuesday last" (Welsh, Irish, older English)
    text = _WAS_WITH.sub(lambda m: f"{m[1]} had the {m[2]}", text)  # "I was with flu"
    text = _LONG_WORD.sub(_calendar_name, text)  # "9 agust", "erly septembur"
    text = _HAD_SHORT.sub(_had, text)  # "the weekend after I'd been ill"
    text = _DROPPED_G.sub(r"\1ing", text)  # "was I movin' more", "goin' on that week"
    return digits_for_spoken(text)


# a word said without its last g ("movin'", "buyin'", "nothin'"): the word
_DROPPED_G = re.compile(starting(r"abcdefghijklmnopqrstuvwxyz") +
                        r"\b([A-Za-z]{2,})in['’](?![\w'’])")
# a learner's "since when I came back", "depuis que": since (not "since when?", asked)
_SINCE_WHEN = re.compile(starting(r"s") +
                         r"\bsince\s+when\s+(?=(?:i|we|my|the)\b)", re.IGNORECASE)
_DAYS_SHORT = re.compile(starting(r"lnpt") +
                         r"\b(last|past|previous|prev|next|the)\s+(\d{1,2})\s?d\b", re.IGNORECASE)
# A month or weekday (or "yesterday") spelled by ear or typed in a hurry ("agust",
# "septembur", "novembur", "wensdy", "thursdy", "Novmeber", "yesterdya"): one letter off its
# name or two next to each other swapped, six letters or more, the first letter as written;
# not a plural ("Mondays") nor a word of its own one letter off ("sundry")
_CALENDAR_NAMES = tuple(n for n in (*MONTHS, *WEEKDAYS, "yesterday") if len(n) >= 6)
_BY_FIRST_LETTER = {c: tuple(n for n in _CALENDAR_NAMES if n[0] == c)
                    for c in {n[0] for n in _CALENDAR_NAMES}}
_NOT_CALENDAR = frozenset({"sundry", "augusta"})
_LONG_WORD = re.compile(starting(r"abcdefghijklmnopqrstuvwxyz") +
                        r"\b[A-Za-z]{5,}\b")


def _calendar_name(m: re.Match) -> str:
    word = m.group(0)
    low = word.lower()
    if low in _CALENDAR_NAMES or low in _NOT_CALENDAR:
        return word
    for name in _BY_FIRST_LETTER.get(low[0], ()):
        if low != f"{name}s" and (one_letter_off(low, name, same=1) or _swapped(low, name)):
            return name.capitalize() if word[0].isupper() else name
    return word


def _swapped(word: str, name: str) -> bool:
    """Whether `word` is `name` with two letters next to each other typed the other way round
    ("Novmeber", "yesterdya", "Wedensday"), its first letter as written."""
    if len(word) != len(name) or word[0] != name[0]:
        return False
    diff = [i for i, (a, b) in enumerate(zip(word, name, strict=True)) if a != b]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and word[diff[0]] == name[diff[1]] \
        and word[diff[1]] == name[diff[0]]


def one_letter_off(word: str, other: str, same: int = 2) -> bool:
    """Whether `word` is `other` with one letter changed, added or left out, its first `same`
    letters as written."""
    if word[:same] != other[:same] or abs(len(word) - len(other)) > 1:
        return False
    if len(word) == len(other):
        return sum(a != b for a, b in zip(word, other, strict=True)) == 1
    short, long = sorted((word, other), key=len)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


# "I'd been", "we'd got back", "she'd cut": "had" before a past participle (not "I'd like",
# "I'd need": would); one the past tense shares ("got", "cut", "bumped") reads as that
_HAD_SHORT = re.compile(starting(r"histwy") +
                        r"\b(i|we|you|he|she|they)['’]d\s+((?:been|had|got|gone|done|come|cut|"
                        r"hurt|run|begun|caught|felt|left|lost|bought|seen)\b|[a-z]{3,}ed\b)",
                        re.IGNORECASE)
_OWN_PARTICIPLE = frozenset({"been", "gone", "done", "come", "run", "begun", "seen"})


def _had(m: re.Match) -> str:
    verb = m.group(2)
    return f"{m.group(1)} had {verb}" if verb.lower() in _OWN_PARTICIPLE else f"{m.group(1)} {verb}"


# thousands grouped with a space, as much of Europe writes them ("12 000", "1 500")
_SPACED_THOUSANDS = re.compile(starting(r"\d") +
                               r"(?<![\d,.:/])\b(\d{1,3})[ \u00a0\u202f](\d{3})\b(?![,.:/]?\d)")


def _written(means: str, m: re.Match) -> str:
    return ((m.group(1) or "") if m.re.groups else "") + means


# "quick one -", "quick q:", "random question,": how a message is framed, not what it asks.
# (at the start of the message or a sentence: "did a quick one on sunday" is a run)
_OPENER = re.compile(starting(r"\!\,\-\.\:\;\?", or_line_start=True) +
                     r"(^\s*|[.!?,;:-]\s*)(?:quick|random|silly|small)\s+(?:one|q|qn|question"
                     r"|check)\b\W*", re.IGNORECASE)


# An arrow between two parts of a message ("last wk vs the wk b4 -> totals?", "flu in sep ->
# how low did i go"): a comma; between two numbers ("goal 10k -> 12k"): to
_ARROW = re.compile(starting(r"\s\-\=\u2192\u21d2") +
                    r"\s*(?:->|=>|\u2192|\u21d2)\s*")
_NUMBERS_ARROW = re.compile(starting(r"\s\-\=\u2192\u21d2") +
                            r"(?:(?<=\d)|(?<=\dk))\s*(?:->|=>|\u2192|\u21d2)\s*(?=\d)")
# What lasts some days and is named by a word of its own: an illness, a storm, a stay, a taper
# (events reads "through that head cold" as its days too)
STRETCHES = r"(?:cold|flu|bug|virus|fever|lurgy|illness|storm|trip|holiday|taper)"
# An illness, a storm or a stay named first, then asked about ("the flu, how low did my steps
# go?", "flu in sep: daily steps?"): the days it lasted, as "during the flu" reads them
_FRONTED_EVENT = re.compile(
    starting(r"\w\-", or_line_start=True) +
    r"(?:^|(?<=[.!?]\s))((?:the|my|that)\s+)?((?:(?!(?:since|after|before|during|until|till"
    r"|from|on|in|over|through|throughout|around|by|for|of|at|to|about|with)\b)[\w-]+\s+)?"
    + STRETCHES + r"(?:\s+(?:week|weekend|days))?"
    r"(?:\s+(?:in|of|back\s+in)\s+[A-Za-z]+)?)"
    r"\s*(?:,|:|;|\s[-\u2013\u2014]\s)\s*(?=(?:how|what|which|did|were|was|daily|total|avg"
    r"|average)\b)", re.IGNORECASE | re.MULTILINE)


# A learner's "since 3 weeks" (French "depuis", German "seit"): the last three weeks (not "since
# 3 weeks ago", a day)
_SINCE_COUNT = re.compile(starting(r"s") +
                          r"\bsince\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+"
                          r"(days|weeks|months)\b(?!\s+(?:ago|back|before|earlier))", re.IGNORECASE)
# "the week passed", "Tuesday passed", "the month passed" (French "passé"): the last one
_PASSED = re.compile(starting(r"fmstw") +
                     r"\b(?:the\s+)?(week|weekend|month|monday|tuesday|wednesday|thursday|friday"
                     r"|saturday|sunday)\s+passed\b(?!\s+(?:by|away|quickly|fast|slowly|without))",
                     re.IGNORECASE)
# "after the race's one week" (Turkish "yarıştan sonraki bir hafta"): the week after the race
_ONE_WEEK = re.compile(starting(r"ab") +
                       r"\b(after|before)\s+the\s+([\w-]+)['’]s\s+(?:one|1|first)\s+week\b",
                       re.IGNORECASE)
# "which day it was" (a learner's order): which day was it
_WHICH_IT_WAS = re.compile(starting(r"w") +
                           r"\bwhich\s+(day|date|week|weekend|month)\s+it\s+was\b", re.IGNORECASE)


# "Tuesday last", "Saturday last" (as Welsh and older English put it): the last one (not "on
# Tuesday last year", "Saturday last time")
_DAY_LAST = re.compile(starting(r"fmstw") +
                       r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+last\b"
                       r"(?!\s+(?:year|month|week|time|night|one)\b)", re.IGNORECASE)
# "when I was with flu", "we were with the cold" (Portuguese "estava com gripe"): had it
_WAS_WITH = re.compile(starting(r"iw") +
                       r"\b(i|we)\s+(?:was|were)\s+with\s+(?:the\s+|a\s+)?(flu|cold|fever|bug"
                       r"|virus|cough|head\s+cold|chest\s+infection)\b", re.IGNORECASE)


# A learner's forms of the same phrase: "the week before of my trip", "when I was having the
# cold" are "the week before my trip", "when I had the cold".
_LEARNER = re.compile(starting(r"abw") +
                      r"\b(before|after)\s+of\b|\b(?:was|were)\s+(?:having|getting|feeling"
                      r"|catching)\b", re.IGNORECASE)
_LEARNER_FORMS = {"having": "had", "getting": "got", "feeling": "felt", "catching": "caught"}


@functools.cache
def _beside() -> tuple[tuple[str, re.Pattern, str], ...]:
    """(short form, where it stands for its word, the word) for each short form that is a word
    too: "sat" after "last", "hm" after "the" or before "build"."""
    out = []
    for short, rule in words_file().get("textspeak_after", {}).items():
        word = re.escape(short) + r"\b(?![\w'’-])"
        forms = [r"(\b(?:" + "|".join(map(re.escape, rule["after"])) + r")\s+)" + word
                 ] if rule.get("after") else []
        if rule.get("before"):
            forms.append(r"(?<![\w'’])" + word + r"(?=\s+(?:"
                         + "|".join(map(re.escape, rule["before"])) + r")\b)")
        out.append((short, re.compile("|".join(forms), re.IGNORECASE), rule["means"]))
    return tuple(out)


# the northern English "t'" for "the" before a word ("after t'race"; not "can't", "don't")
_YORKSHIRE_THE = re.compile(starting(r"t") +
                            r"(?<![\w'’])t['’](?=[a-z])", re.IGNORECASE)
