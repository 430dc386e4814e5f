"""Finding the numbers in a text: `scan(text)` returns its atoms, left to right.

**What a number is, as written.** A digit number with its suffix ("12,345", "12k", "15%",
"15 percent"), a number in words ("Nine", "twelve thousand"), an ordinal ("3rd", "third"), a
fraction ("a third of", "two-thirds", "4 days in 10"), a date ("2026-11-19", "Nov 19", "19
November", "Thursday the 19th", "the 19th"), a time ("07:30", "7:30am"); not its unit. An
`Atom` is one of these with its span, kind and value (a date's (year, month, day, weekday), a
time's minutes after midnight, a count's significant figures and rounding step); reading.py
joins two atoms into a range and gives them their units.

Left out at this stage: "24/7", "9-to-5", "on a scale of 1 to 10", "a day or two" (and week,
walk, minute, thing, month; "a lucky week or two"), model names ("Claude 5.5",
"claude-sonnet-5-5") and anything inside `inline code` become "ignored" atoms; the word "one"
(and "a"), and the ordinals "first" and "second", are no atom at all: in coaching prose they
are nearly always a pronoun or an article ("one thing to try", "first, ..."), while the digit
"1" is checked. "half" is
a fraction only after a comparison ("less than half"), "a couple" and "an hour" never; "twice"
is the count 2 unless a ratio or rate ("twice as many"), "once" 1 after what happened ("met
the goal once"), "one" a count when limited ("only one day"); "may" a month only as "May".

A 400 KB context is scanned in one pass: two patterns find the tokens that can start a number
(a digit, a backtick, a word from `_STARTS`); at each only the alternatives it allows are tried.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from coach_tui.coach.grounding.words import (
    HOUR_WORDS,
    MONTHS,
    ORDINAL_WORDS,
    SMALL,
    TENS,
    WEEKDAYS,
    clock_minutes,
    counted_one,
    precision,
    trie,
    valid_date,
    words_value,
)

# Word lists as tries (the same matches in the same order: the words that match at one place
# are prefixes of one another, tried longest first): ~5x faster than ~20 words tried in turn.
_WD = "(?:" + trie(WEEKDAYS) + ")"  # (the same words as the alternations they replace)
_MON = "(?:" + trie(MONTHS) + ")"
_SUF = r"(?:st|nd|rd|th)"
_SMALLW = trie(SMALL)
_TENSW = trie(TENS)
_ORDW = trie(ORDINAL_WORDS)
_HOURW = trie(HOUR_WORDS)
WORDNUM_ATOM = rf"(?:(?:{_TENSW})(?:[\s-](?:{_SMALLW}))?|{_SMALLW})"
# An atom, or atoms each followed by a scale ("eight thousand, four hundred and fifty"); two
# bare atoms in a row ("five ten-minute walks") stay two numbers.
_WORDNUM = (rf"(?:(?:{WORDNUM_ATOM})[\s-]+and[\s-]+a[\s-]+(?:half|quarter)[\s-]+"
            rf"(?:thousand|million)\b"
            # ("about one and a half points")
            rf"|(?:{WORDNUM_ATOM})[\s-]+and[\s-]+a[\s-]+(?:half|quarter)\b"
            rf"|(?:a\s+|(?:{WORDNUM_ATOM})[\s-]+)(?:hundred|thousand|million)\b"
            rf"(?:(?:\s+and|,(?=\s+(?:{WORDNUM_ATOM})[\s-]+hundred\b))?\s+(?:{WORDNUM_ATOM})"
            # ("between nine thousand and eleven and a half thousand": two numbers)
            rf"(?![\s-]+and[\s-]+a[\s-]+(?:half|quarter)\b|-\w)"
            rf"(?:[\s-]+(?:hundred|thousand|million)\b)?)*"
            rf"|(?:{WORDNUM_ATOM})[\s-]?k\b"  # "Twelve k a day?": thousands
            rf"|{WORDNUM_ATOM})")
_WORD_K = re.compile(r"[\s-]?k$", re.I)
_SAT_VERB = re.compile(r"\s+(?:steps?\s+)?(?:below|above|under|over|short|behind|ahead|shy)\b")
# (thousands grouped with a comma, or with a space as much of Europe writes them: "9 237")
_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d,.]?\d)|\d+(?:\.\d+)?"
_PCT = r"\s?%|\s(?:percent|per\s?cent)\b"

_IGNORE_DIGIT = r"""\b24/7\b | \b9[\s-]to[\s-](?:5|five)\b | (?<=the\s)9[–-]5\b(?![\d,])
  | \b\d{1,2}\s+out\s+of\s+(?:10|ten)\b(?!\s+(?:days?|weeks?|walks?|runs?|times|nights?|
    mornings?|evenings?|sessions?|of)\b)"""  # (a rating: "pain at or below 3 out of 10")
_IGNORE_WORD = r"""
    `[^`\n]+`
  | \bnine[\s-]to[\s-](?:5|five)\b
  | \bscale\s+(?:of|from)\s+(?:1|one|0|zero)\s+to\s+(?:10|ten)\b
  | \b(?:a|one)\s+(?:day|week|walk|minute|thing|month)\s+or\s+two\b
  | (?:(?<=day\sor\s)|(?<=week\sor\s)|(?<=month\sor\s)|(?<=night\sor\s)|(?<=hour\sor\s))two\b
    (?!\s+(?:weeks?|days?|months?|nights?|hours?|more|of|goal)\b)
  | \b(?:claude|sonnet|opus|haiku|gpt|gemini|llama)(?:[\s-]+[a-z]+)?[\s-]*\d+(?:[.-]\d+)*\b
"""
_ALTERNATIVES = {
    "isow": r"(?<![\w.,-])(?P<wy>\d{4})-W(?P<ww>\d{2})\b",
    "iso": r"(?<![\w.,-])(?P<iy>\d{4})-(?P<im>\d{2})-(?P<id>\d{2})(?![\w-])",
    # a date is written on one line: "### November\n\n13 goal days" is a heading and a count
    # ("Nov. 13", "Sept. 13"; not "in November. 13 out of 30": a sentence's end)
    "md": rf"""(?:(?P<mdw>{_WD})\b,?[^\S\n]+)?(?P<mdm>{_MON})\b
              (?:(?<=\b[a-zA-Z]{{3}})\.|(?<=\b[sS]ept)\.)?[^\S\n]+
              (?P<mdd>\d{{1,2}})(?:{_SUF})?\b
              # ("makes November 14 of 30": a count of days, not the 14th)
              (?![:.]\d|,\d{{3}}|[^\S\n]+(?:of|out[^\S\n]+of)[^\S\n]+\d)
              (?:,?[^\S\n]+(?P<mdy>\d{{4}})\b)?""",
    "dm": rf"""(?:(?P<dmw>{_WD})\b,?[^\S\n]+)?(?:the[^\S\n]+)?(?P<dmd>\d{{1,2}})(?:{_SUF})?
              (?:[^\S\n]+of(?![^\S\n]+{_MON}['’]s\b))?[^\S\n]+(?P<dmm>{_MON})\b
              (?:,?[^\S\n]+(?P<dmy>\d{{4}})\b)?(?![^\S\n]+days\b)""",
    # "Thursday the 19th"; "Mon 23" (a table's or list's day) without a suffix unless a unit
    # or more digits follow ("Monday 9,231", "Sat 12k", "Sun 10 minutes"); "Sat 10 a.m.": a time;
    # "Sat 10 to 12k" a range, "Fri 20 – Sat 21" two days
    "wn": rf"""(?P<wnw>{_WD})\b,?[^\S\n]+(?:the[^\S\n]+)?(?P<wnd>\d{{1,2}})
              (?:{_SUF}\b|(?![\d%]|[,.:/]\d|[ \u00a0\u202f]\d{{3}}(?!\d)
              |\s*(?:k\b|%|x\b|×|steps?\b|min|hours?\b|hrs?\b|h\b|[ap]\.m\.|[ap]m\b|(?:[-–]|to\b|and\b|or\b)(?!\s*{_WD}\b)
              |\s*(?:days?|weeks?|wks?)\b)))""",
    # "18/11", "Wed 18/11", "11/18/2026": day and month by the slash, in either order (a
    # reading only where it is a date: "18/11" is 18 Nov, "11/18" Nov 18); not a count of
    # days ("4/7 days", "13/30") nor a share ("3/4 of the way"), unless a weekday is before it
    # ("Tuesday 12/1 hit 13,311")
    # "the 24.11.", "Sunday, 29.11.": a day and month with dots as German writes them (the
    # closing dot is required, and two digits on one side: "9.5." ends a sentence on a number)
    "dot": rf"""(?:(?P<dtw>{_WD})\b,?[^\S\n]+(?:the[^\S\n]+)?|(?<![\w.,/]))
              (?P<dtd>\d{{1,2}})\.(?P<dtm>\d{{1,2}})\.(?!\d)(?<!\b\d\.\d\.)""",
    "slash": rf"""(?:(?P<sw>{_WD})\b,?[^\S\n]+(?:the[^\S\n]+)?|(?<![\w.,/]))
              (?P<sa>\d{{1,2}})/(?P<sb>\d{{1,2}})(?:/(?P<sy>\d{{4}}|\d{{2}}))?
              (?![\d/%.,]\d|[\d/%])(?(sw)|(?![^\S\n]*(?:days?\b|d\b|of\b|weeks?\b|wks?\b|
              goals?\b|met\b|steps?\b|hits?\b|targets?\b|times?\b|x\b|×)))""",
    "time": r"""(?<![\w.:,])(?P<th>\d{1,2})(?:[:.](?P<tm>\d{2}))?\s?(?P<tap>[ap]\.m\.|[ap]m\b)
              | (?<![\w.:,])(?P<th2>\d{1,2}):(?P<tm2>\d{2})(?!\d|:\d)""",
    # a clock time in words: "ten past eight", "quarter to nine", "half past six", "six o'clock"
    # ("seven minutes past seven", "twenty-two minutes past six"; "half nine" is 9:30)
    "wtime": rf"""\b(?:(?P<cm>quarter|half|five|ten|twenty(?:[\s-]five)?)
               \s+(?P<cd>past|after|to|till)\s+(?P<ch>{_HOURW})|(?P<oh>{_HOURW})\s+o['’]clock
               |(?P<mm>{WORDNUM_ATOM})\s+minutes?\s+(?P<md>past|to)\s+(?P<mh>{_HOURW})
               |(?P<hm>half)\s+(?P<hh>{_HOURW})(?=\s*(?:$|[,.;:!?)]|\s+(?:and|tonight|this|in|on|at|when|you|i|would
               |will|should|could|or|then|tomorrow|sharp)\b)))
               \b(?![\s-]+(?:thousand|hundred|k\b|steps?\b))""",
    # "two thirds"; a ratio of days as a share: "two days in five", "one in every two and a bit"
    "frac": r"""\b(?:a|one|two|three|four|five|six|seven|eight|nine)[\s-]+
                (?:thirds|quarters|fifths|tenths|(?:third|quarter|fifth|tenth)(?=\s+of\b)
                 |quarter(?=\s+(?:more|higher|lower|less|fewer|up|down|above|below|bigger
                   |smaller|over|under)\b))
              | \b(?:one|two|three|four|five|[1-5](?![,.]?\d))\s+(?:days?\s+)?in\s+(?:every\s+)?
                (?:two|three|four|five|six|seven|eight|nine|ten|[2-9]|10)\b(?:\s+and\s+a\s+bit\b)?
                (?![\s-]+(?:weeks?|months?|hours?|minutes?|mins?|thousand|hundred|k)\b|,?\d)""",
    "ord": rf"(?<![\w.,])(?P<od>\d{{1,3}}){_SUF}\b | \b(?:(?:{_TENSW})[\s-])?(?:{_ORDW})\b",
    # ("27k", "27 thousand", "over 70 grand")
    "num": rf"(?<![\w.,])(?P<nv>{_NUM})(?P<nk>[kK](?![a-zA-Z])|[ \t]+(?:thousand|grand)\b)?"
           rf"(?P<np>{_PCT})?",
    "words": rf"\b{_WORDNUM}\b(?P<wp>{_PCT})?",
    # "twice" as how often ("you reached 10,000 twice"); not "twice as many", "twice a week"
    "twice": r"""\b(?<!think\s)(?<!thinking\s)twice\b
                 (?!\s+(?:as|a|an|per|weekly|daily|that|the|more|over|in\s+a)\b)""",
    # "once" after what happened ("met the goal once"), ending a clause or followed by when
    "once": r"""(?:(?<=only\s)|(?<=just\s)|(?<=exactly\s)|(?<=[td]\sit\s)|(?<=goal\s)|(?<=line\s)
      |(?<=mark\s)|(?<=target\s)|(?<=\d\s)|(?<=\dk\s))once\b(?=\s*(?:[.,;:!?)\u2014\u2013]|$|(?:this|
      last|that|all|on|during|so|in\s+(?!a\b)|over|across|since|and|but)\b))""",
    "half": r"""(?:(?<=than\s)|(?<=under\s)|(?<=over\s)|(?<=nearly\s)|(?<=almost\s)|(?<=about\s)
      |(?<=around\s)|(?<=roughly\s))half\b(?!\s+(?:an\b|a\s+(?:mile|minute|km|kilo)|the\s+(?:time|battle))|[\s-]+(?:hour|mile))""",
    "ignore_digit": _IGNORE_DIGIT,
    "ignore_word": _IGNORE_WORD,
}
# One small pattern per alternative, tried only where a cheap look at the token says it can
# match: one big alternation costs ~5 us at every candidate, which a 400 KB context feels.
_PATTERNS = {name: re.compile(body, re.IGNORECASE | re.VERBOSE)
             for name, body in _ALTERNATIVES.items()}
_SUFFIXES = frozenset(("st", "nd", "rd", "th"))
_MODEL_WORDS = frozenset(("claude", "sonnet", "opus", "haiku", "gpt", "gemini", "llama"))


@dataclass(slots=True)
class Atom:
    """One number, date, time or ignored phrase of a text, at `start:end`.

    `kind` is count, percent, ordinal, fraction, date, time, year, range or ignored; reading.py
    sets `unit`, `difference` and list markers' `ignored`, and joins ranges into `ends`.
    """

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
    ends: tuple[Atom, ...] = ()
    word: bool = False  # written in words
    difference: bool = False  # "6,900 to go", "39 more": a gap, not a level
    # the text around it as words.tail / words.head read it (reading.py sets them; None: not
    # read, or not ASCII): tested before a pattern is called, to call it only where it may match
    before: str | None = None  # the 48 characters before it
    after: str | None = None  # what follows it

    def may_end(self, words: tuple[str, ...]) -> bool:
        """Whether the text before it may end (before spaces) with one of `words`: False rules
        out a pattern every match of which ends so, searched up to 48 characters before it."""
        return self.before is None or self.before.endswith(words)

    def may_hold(self, word: str) -> bool:
        """Whether the 48 characters before it may hold `word`: False rules out a pattern every
        match of which holds it, searched up to 48 characters before it."""
        return self.before is None or word in self.before

    def may_start(self, words: tuple[str, ...]) -> bool:
        """Whether the text after it may start (after spaces) with one of `words`: False rules
        out a pattern every match of which starts so, matched right after it."""
        return self.after is None or self.after.startswith(words)

    @property
    def number(self) -> float:
        """`value`, for an atom known to be a number (not a date or an ignored phrase)."""
        assert self.value is not None, self
        return self.value


# Words a number, date or ignored phrase can start with, in the cases a writer uses.
_STARTS = frozenset(
    set(SMALL) | set(TENS) | set(ORDINAL_WORDS) | set(MONTHS) | set(WEEKDAYS)
    | {"twice", "once", "half", "quarter", "scale"} | _MODEL_WORDS)


# The tokens the scanner tries: a backtick; a run of digits whose first is 0-9 (a run that
# starts with another script's digit is no number); a whole word (no letter A-Z, a-z right
# before or after it) from `_STARTS`, lower case, capitalised or upper case; "a" and "the" only
# where they can start a match: "a" two characters before the h, t, q, f, d, w or m of a scale,
# fraction or unit word ("a hundred", "a third", "a day or two"), "the" two characters before a
# digit ("the 19th"). Two patterns that each begin with a character class find them, so the
# engine skips prose in C rather than Python looking at every word: one for backticks and
# digits, one for a start word after a non-letter; a start word at the very start of the text
# is found by the second after a line break put before the text's first 32 characters (more
# than a start word and what its match looks at after it: one pattern of the trie to compile
# at import, not two, ~25 million instructions less).
_START_WORDS = {w for s in _STARTS | {"a", "the"} for w in (s, s.capitalize(), s.upper())}
_START_WORD = (rf"(?:{trie(_START_WORDS - {'a', 'A', 'the', 'The', 'THE'})}"
               r"|[aA](?=[\s\S][htqfdwmHTQFDWM])|(?:the|The|THE)(?=[\s\S][0-9]))(?![A-Za-z])")
_DIGITS_OR_BACKTICK = re.compile(r"[`0-9](?:(?<=`)|(?<!\d[0-9])\d*)")
# The look at the next letter only spares the engine the whole alternation before most words.
_WORD_AFTER_NON_LETTER = re.compile(
    rf"[^A-Za-z](?=[{''.join(sorted({w[0] for w in _START_WORDS}))}])({_START_WORD})")


def _tokens(text: str) -> list[tuple[int, int, str]]:
    """(start, end, token) of every token worth trying, in text order."""
    found = [(m.start(), m.end(), m.group()) for m in _DIGITS_OR_BACKTICK.finditer(text)]
    found += [(m.start(1), m.end(), m.group(1)) for m in _WORD_AFTER_NON_LETTER.finditer(text)]
    first = _WORD_AFTER_NON_LETTER.match("\n" + text[:32])
    if first is not None:
        found.append((0, first.end() - 1, first.group(1)))
    found.sort()
    return found


def _candidates(text: str, word: str, end: int) -> tuple[str, ...]:
    """The alternatives worth trying at a token, in priority order."""
    if word[0].isdigit():
        nxt = text[end:end + 1]
        names: list[str] = []
        if nxt in ("/", "-", "–") or len(word) <= 2 and text.startswith(" out of ", end):
            names.append("ignore_digit")
        if nxt == "/" and len(word) <= 2:
            names.append("slash")
        if len(word) == 4 and nxt == "-":
            names += ["isow", "iso"]
        if len(word) <= 2:
            rest = text[end:end + 12].lower()
            if rest[:2] in _SUFFIXES:
                rest = rest[2:]
            rest = rest.lstrip()
            if rest.startswith("of "):
                rest = rest[3:].lstrip()
            if rest[:3] in MONTHS:  # "19 November", "19th of Nov"
                names.append("dm")
        if nxt == "." and len(word) <= 2:
            names.append("dot")
        if nxt in (":", ".") or text[end:end + 2].strip()[:1].lower() in ("a", "p"):
            names.append("time")
        if text[end:end + 2].lower() in _SUFFIXES:
            names.append("ord")
        if len(word) == 1 and _RATIO_NEXT.match(text, end):
            names.append("frac")  # "4 days in 10": a share, as "four days in ten" is
        names.append("num")
        return tuple(names)
    if word == "`":
        return ("ignore_word",)
    return _WORD_CANDIDATES[word.lower()]


def _word_candidates(low: str) -> tuple[str, ...]:
    """The alternatives worth trying at the start word `low` (lower case), in priority order."""
    names = []
    if low in ("quarter", "half") or SMALL.get(low, 0) >= 1 or low in TENS:
        names.append("wtime")
    if low in _MODEL_WORDS or low in ("scale", "nine", "a", "one", "two"):
        names.append("ignore_word")
    if low in WEEKDAYS:
        names += ["md", "dm", "slash", "dot", "wn"]
    elif low in MONTHS:
        names.append("md")
    elif low == "the":
        names.append("dm")
    if low in ("a", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"):
        names.append("frac")
    if low in ORDINAL_WORDS or low in TENS:
        names.append("ord")
    if low in SMALL or low in TENS or low == "a":
        names.append("words")
    if low in ("twice", "once", "half"):
        names.append(low)
    return tuple(names)


# What may follow a digit run for "num" alone to be worth trying: no letter a suffix, month,
# "am"/"pm" or "of" starts (bar "k"), no space, and none of "/-:." (`_candidates`' cues).
_PLAIN_AFTER = frozenset((",", "%", ")", "k", "K", ";", "*", "?", '"', "'", "!", "]", ""))
_NUM_ONLY = ("num",)
_PLACE = re.compile(r"[\s-](?:best|highest|lowest|worst|weakest)\b", re.I)
_ON_DAY = re.compile(r"\b(?:on|since|from|until|till|before|after)\s+$", re.I)  # "on 3/11"
_RATIO_NEXT = re.compile(r"\s+(?:days?\s+)?in\s+(?:every\s+)?(?:[2-9]|10)\b")  # "4 in 10"
# Looked up per token: which alternatives a start word can begin depends on the word alone.
_WORD_CANDIDATES = {w: _word_candidates(w) for w in _STARTS | {"a", "the"}}


def _matches(text: str) -> Iterable[tuple[str, re.Match]]:
    """Every number, date or ignored phrase in `text`, left to right: (alternative, match)."""
    last_end = 0
    for start, end, word in _tokens(text):
        if start < last_end:
            continue
        # digits followed by a mark no date, time, ordinal or idiom can follow ("12,345", "15%",
        # "9k", "(7)"): only "num" can match, as `_candidates` would find by looking further
        plain = "0" <= word[0] <= "9" and text[end:end + 1] in _PLAIN_AFTER
        for name in _NUM_ONLY if plain else _candidates(text, word, end):
            m = _PATTERNS[name].match(text, start)
            if m is not None:
                last_end = m.end()
                yield name, m
                break


# "30/11", "11/30": a slash date only one order reads (a day over 12 on one side)
_SLASH_PAIR = re.compile(r"(?<![\w.,/])(\d{1,2})/(\d{1,2})(?![\d/%.,]\d|[\d/%])")


def _slash_order(text: str) -> tuple[str, set[int]] | None:
    """("dm" or "md", their months) when the slash dates of `text` that only one order reads
    all read in that one ("30/11", "24/11": day first, November); None when none does or
    they disagree."""
    pairs = [(int(a), int(b)) for a, b in _SLASH_PAIR.findall(text)]
    sure = [(a, b) for a, b in pairs if (a > 12) != (b > 12) and max(a, b) <= 31]
    orders = {"dm" if a > 12 else "md" for a, _ in sure}
    if len(orders) != 1:
        return None
    return orders.pop(), {min(a, b) for a, b in sure}


_SPACES = str.maketrans("", "", " \u00a0\u202f")


def scan(text: str) -> list[Atom]:
    """Every number, date, time and ignored phrase of `text` as atoms, left to right."""
    atoms: list[Atom] = []
    y: int | None  # a year: written, or none ("May 3")
    value: float | None  # a number's value; None for words that are not one
    for g, m in _matches(text):
        s, e = m.start(), m.end()
        if g == "num":  # (the commonest first)
            digits = m["nv"].replace(",", "").translate(_SPACES)
            sig, step = precision(digits)
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
            atoms.append(Atom(s, e, kind, value=value, sig=sig, unit_step=step, pct=pct, k=k))
        elif g in ("ignore_digit", "ignore_word"):
            atoms.append(Atom(s, e, "ignored", ignored="a rating, not a count" if " out of "
                              in m.group(0) else "idiom, model name or code"))
        elif g == "isow":
            atoms.append(Atom(m.start("wy"), m.end("wy"), "year", value=float(m["wy"]), sig=4,
                               unit_step=1.0))
            atoms.append(Atom(m.start("ww"), e, "count", value=float(m["ww"]), sig=99,
                               unit_step=1.0))
        elif g == "iso":
            y, mo, d = int(m["iy"]), int(m["im"]), int(m["id"])
            if valid_date(y, mo, d):
                atoms.append(Atom(s, e, "date", dates=((y, mo, d, None),)))
            else:
                atoms.append(Atom(s, e, "count", value=float(y), sig=4, unit_step=1.0))
        elif g in ("md", "dm"):
            mon_word = m[g + "m"]
            if mon_word.lower() == "may" and mon_word != "May":
                # "may" is a verb unless capitalised; rescan the numbers around it alone (the
                # day, and after the word: "3 may be enough" holds no month to read again)
                if g == "dm":
                    atoms.extend(_atoms_shifted(text, m.start("dmd"), m.end("dmd")))
                    atoms.extend(_atoms_shifted(text, m.end("dmm"), e))
                else:
                    atoms.extend(_atoms_shifted(text, m.start(g + "d"), e))
                continue
            y = int(m[g + "y"]) if m[g + "y"] else None
            mo, d = MONTHS[mon_word.lower().rstrip(".")], int(m[g + "d"])
            wd = WEEKDAYS[m[g + "w"].lower()] if m[g + "w"] else None
            if valid_date(y, mo, d):
                atoms.append(Atom(s, e, "date", dates=((y, mo, d, wd),)))
        elif g == "slash":
            a, b = int(m["sa"]), int(m["sb"])
            y = m["sy"] and int(m["sy"]) + (2000 if len(m["sy"]) == 2 else 0)
            wd = WEEKDAYS[m["sw"].lower()] if m["sw"] else None
            readings = tuple((y or None, mo, d, wd) for d, mo in ((a, b), (b, a))
                             if valid_date(y or None, mo, d))
            # both readings valid ("3/11"): a date only where the words say so ("Wed 3/11",
            # "on 3/11") or the reply's other slash dates say which order it writes ("1/12"
            # beside "30/11" is 1 December); else a share or a count of days, read as numbers
            if len(set(readings)) == 2 and (order := _slash_order(text)) is not None:
                read = readings[:1] if order[0] == "dm" else readings[1:]
                if any(min((read[0][1] - mo) % 12, (mo - read[0][1]) % 12) <= 1
                       for mo in order[1]):  # (a month near theirs: "3/7" stays a share)
                    readings = read
            if len(set(readings)) == 1 or readings and (wd is not None or _ON_DAY.search(
                    text, max(0, s - 8), s)):
                atoms.append(Atom(s, e, "date", dates=tuple(dict.fromkeys(readings))))
            else:
                atoms.extend(_atoms_shifted(text, s, m.start("sb") - 1))
                atoms.extend(_atoms_shifted(text, m.start("sb"), e))
        elif g == "dot":
            d, mo = int(m["dtd"]), int(m["dtm"])
            wd = WEEKDAYS[m["dtw"].lower()] if m["dtw"] else None
            if valid_date(None, mo, d):
                atoms.append(Atom(s, e, "date", dates=((None, mo, d, wd),)))
            else:
                atoms.extend(_atoms_shifted(text, m.start("dtd"), m.end("dtm")))
        elif g == "wn":
            if not 1 <= int(m["wnd"]) <= 31 or m["wnw"] == "sat" and _SAT_VERB.match(text, e):
                # ("the average sat 96 below 10,000": the verb and a gap, no Saturday)
                atoms.extend(_atoms_shifted(text, m.start("wnd"), m.end("wnd")))
                continue
            atoms.append(Atom(s, e, "date",
                               dates=((None, None, int(m["wnd"]), WEEKDAYS[m["wnw"].lower()]),)))
        elif g == "time":
            if m["th"] is not None:
                h, mi, ap = int(m["th"]), int(m["tm"] or 0), m["tap"].lower()[0]
                if not 1 <= h <= 12 or mi > 59:
                    continue
                h = h % 12 + (12 if ap == "p" else 0)
                atoms.append(Atom(s, e, "time", minutes=(h * 60 + mi,)))
            else:
                h, mi = int(m["th2"]), int(m["tm2"])
                if h > 23 or mi > 59:
                    continue
                # "7:30" with no am/pm may be either; "19:30" and "00:15" are not.
                options = ((h * 60 + mi,) if h == 0 or h > 12
                           else (h * 60 + mi, (h % 12 + 12) * 60 + mi))
                atoms.append(Atom(s, e, "time", minutes=options))
        elif g == "wtime":
            atoms.append(Atom(s, e, "time", minutes=clock_minutes(
                m["ch"] or m["oh"] or m["mh"] or m["hh"], m["cm"] or m["mm"] or m["hm"],
                m["cd"] or m["md"] or m["hm"] and "past")))
        elif g in ("twice", "once"):
            atoms.append(Atom(s, e, "count", value=2.0 if g == "twice" else 1.0, sig=1,
                               unit_step=1.0, word=True, unit="time"))
        elif g in ("frac", "half"):
            atoms.append(Atom(s, e, "fraction"))
        elif g == "ord":
            if m["od"] is not None:
                value = int(m["od"])
            else:
                parts = re.split(r"[\s-]+", m.group().lower())
                if len(parts) < 2 and parts[0] in ("first", "second") and not _PLACE.match(text, e):
                    continue  # nearly always "first, ..." or a unit of time (not "second-best")
                value = ORDINAL_WORDS[parts[-1]] + (TENS[parts[0]] if len(parts) == 2 else 0)
            atoms.append(Atom(s, e, "ordinal", value=float(value), sig=99, unit_step=1.0))
        elif g == "words":
            body = m.group()[: m.start("wp") - s] if m["wp"] else m.group()
            low_body = body.strip().lower()
            if low_body == "a" or low_body == "one" and not counted_one(text, s, e):
                continue  # the pronoun/article, see the module docstring
            thousands = _WORD_K.search(body)  # ("twelve k")
            value = words_value(body[:thousands.start()] if thousands else body)
            if value is None:
                continue
            if thousands:
                value *= 1000
            sig, step = precision(str(int(value)) if float(value).is_integer() else str(value))
            if ("half" in low_body or "quarter" in low_body) and (
                    scale := 1000 if "thousand" in low_body else 100 if "hundred" in low_body
                    else 0):  # "four and a half thousand": to the half thousand
                step = max(step, scale / (2 if "half" in low_body else 4))
            pct = m["wp"] is not None
            atoms.append(Atom(s, e, "percent" if pct else "count", value=float(value),
                               sig=sig, unit_step=step, pct=pct, word=True))
    return atoms


def _atoms_shifted(text: str, start: int, end: int) -> Iterable[Atom]:
    for a in scan(text[start:end]):
        a.start += start
        a.end += start
        for sub in a.ends:
            sub.start += start
            sub.end += start
        yield a

