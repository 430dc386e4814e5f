"""The numbers of a text as a reader sees them: `read_numbers(text)`.

The scanner's atoms (scan.py), then:
- a range is one number: two atoms joined by "-", "to" or "or" ("8,000-10,000", "8 to 10k",
  "four or five", "7-9pm", "21 to 24 November"), when the second can end what the first
  starts; "from X to Y" (a change) and "between X and Y" stay two numbers;
- a unit is the word right after the number, normalised (`_UNITS`: steps, days, weeks,
  minutes, walks, sentences...), past one adjective ("two short walks") or "of the next";
  "one day in three" takes its unit from before; any other word means no unit;
- a gap ("6,900 to go", "39 more", "946 short", "2 fewer") is marked `difference`;
- list markers and heading numbers at the start of a line ("1.", "2)", "## 3.", "Day 1:") are
  ignored.

`precision_of(text, atom)` gives what a written number can stand for: its value to the place
of its last significant digit, a hedged one ("about 3,000", "just over 5,600") more loosely.
"""

from __future__ import annotations

import re

from coach_tui.coach.grounding.scan import WORDNUM_ATOM, Atom, scan
from coach_tui.coach.grounding.words import head, tail, trie, valid_date

# A word right after a number, normalised; any other word means "no unit".
# "three times Saturday's", "twice what you did", "3x your average": a multiple of a figure
_MULTIPLE_AFTER = re.compile(r"\s*(?:times|x|×)\s+(?:as\s+(?:many|much|high|big|far)|"
                             r"what\b|your\b|the\b(?!\s+(?:week|month|day|weekend)\b)|"
                             r"[A-Za-z]+['’]s\b|\d)", re.I)
# "nearly twice Thursday's 7,651", "twice what you did": "twice" as a multiple of a figure
TWICE_OF = re.compile(r"\s+(?:what\b|your\b|(?:this\s+|last\s+|that\s+)?[A-Za-z]+['’]s\b|\d)",
                       re.I)  # ("twice this week's so far")
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
    "floor": "floor", "floors": "floor", "flight": "floor", "flights": "floor", "slot": "block",
    "block": "block", "blocks": "block", "slots": "block", "sentence": "sentence",
    "sentences": "sentence",
    "word": "word", "words": "word", "line": "line", "lines": "line", "place": "place",
    "places": "place", "option": "option", "options": "option", "kg": "kg", "lb": "lb",
    "lbs": "lb", "pound": "lb", "pounds": "lb", "calorie": "calorie", "calories": "calorie",
}
# "met the goal only once", "got over the line once": what "once" counts is checkable
_ONCE_OF = re.compile(r"\b(?:goal|target|met|hit|reached|cleared|made|line|mark|beat|topped|"
                      r"\d[\d,]*k?)\b", re.I)
# "under half your goal", "nearly half the month", "a bit under half.": a share of a figure
_HALF_OF = re.compile(r"\s*(?:[.,;:()!?\u2014\u2013-]|$|done\b|way\b|for\b|(?:of\s+)?the\s+way\b"
                      r"|(?:of\s+)?(?:your\s+|"
                      r"the\s+|a\s+|an\s+|those\s+|these\s+|them\b|it\b|that\b)?(?:\w+\s+){0,2}?"
                      r"(?:goal|target|month|week|days?|average|usual|normal|total|\w*day|them|"
                      r"it|that|norm|pace|\d[\d,]*k?)\b)", re.I)
# "Two options:", "three simple ideas", "2 tweaks worth making": the reply counting what it is
# about to suggest, not anything of the user's data
_OWN_ITEMS = re.compile(r"(?:\s+(?:quick|simple|easy|small|good|realistic|practical|main|"
                        r"possible|concrete|different))*\s+(?:options?|ideas?|tips?|choices|"
                        r"ways?|suggestions?|tweaks?|approaches|things\s+(?:to|you\s+could|"
                        r"worth|that\s+would|that\s+might))\b", re.I)
# Adjectives allowed between a number and its unit ("two short walks", "3 straight days").
_ADJECTIVES = ("short|long|brisk|easy|extra|more|full|whole|straight|consecutive|quick|gentle|"
               "flat|hilly|lunchtime|lunch|evening|morning|rest|recorded|separate|different|"
               "solid|good|big|small|quiet|low|active|weekday|weekend|days'|minutes'|"
               "goal|short-ish|slow|fast|steady|dedicated")

_ADJECTIVE_HEADS = frozenset(re.match(r"[a-z]+", w)[0]  # type: ignore[index]
                             for w in _ADJECTIVES.split("|"))  # (its letters before ' or -)
_LINE_MARKER = re.compile(
    r"[ \t]*(?:#{1,6}[ \t]+)?(?:[-*+][ \t]+)?(?:\*\*)?(?:(?:day|week|wk|option|step)[ \t]+)?$",
    re.IGNORECASE)
_AFTER_MARKER = re.compile(r"(?:\*\*)?[.):](?:\s|\*\*|$)")
_MARKER_NEXT = frozenset("*.):")
# a label naming days right before a bare count ("Days so far: 11", "| Days to race | 13")
_DAYS_LABEL = re.compile(r"(?:^|\n|\|)[ \t*_-]*days?\b[^:|\n\d]{0,20}[:|][ \t*]*$", re.I)
# (what _RANGE_SEP joins; "a 5- to 10-minute loop": the first unit left to the second)
_RANGE_WORDS = frozenset(("-", "–", "—", "to", "or", "-to-", "- to", "– to", "- or"))
_RANGE_SEP = re.compile(r"\s*[-–—]\s*|\s+(?:to|or)\s+|-to-|[-–]\s+(?:to|or)\s+", re.IGNORECASE)
_AND = re.compile(r"\s+and\s+", re.IGNORECASE)
_BETWEEN_BEFORE = re.compile(r"\bbetween\s+(?:the\s+)?$", re.IGNORECASE)
# "Nov 23→29", "19th→30th", "Fri→Sat": an arrow between days is a range of days (between
# other numbers it is a change: "8,020 → 9,503")
_ARROW = re.compile(r"\s*(?:→|->)\s*")
_UNIT_AFTER = re.compile(
    rf"(?:\s*of\s+(?:the\s+)?(?:next\s+|last\s+|past\s+|coming\s+)?(?:\d+|{WORDNUM_ATOM})\s+"
    rf"|[\s-]+(?:(?:{_ADJECTIVES})[\s-]+|\d+[\s-](?:minute|min|hour|km|mile)s?[\s-]+)?|/)"
    r"([a-z]+)",
    re.IGNORECASE)
# A gap to something ("6,900 to go", "two more misses", "946 short"): the model's own arithmetic
# unless the context states the same gap.
_DIFFERENCE_AFTER = re.compile(
    r"\s+(?:steps?\s+)?(?:more|fewer|less|short|to go"
    r"|left(?!\s+(?:you|me|us|it|him|her|them|the|your|a|an)\b))\b", re.IGNORECASE)
_DIFFERENCE_STARTS = ("step", "more", "fewer", "less", "short", "to", "left")
_RATIO_BEFORE = re.compile(r"\b(?:one|a|1)\s+([a-z]+)\s+(?:in|out of)\s+$", re.IGNORECASE)
_NEXT_WORD = re.compile(r"[ -]([a-z]+)\b", re.IGNORECASE)
_IN_WINDOW = re.compile(r"\s+(?:of|in|out of)\s+the\s+(?:last|past)\s+(?:\d+|[a-z]+)\s+days\b",
                        re.IGNORECASE)
# ("from about 42% to 45%")
_FROM_BEFORE = re.compile(r"\bfrom\s+(?:(?:about|around|roughly|nearly|almost|"
                          r"just\s+(?:over|under)|under|over|~)\s*)?$", re.IGNORECASE)


# an hour in words where a clock is read: "it's only nine", "eight in the morning", "nine yet"
_CLOCK_BEFORE = re.compile(r"\b(?:it's|it’s|it\s+is|it\s+was)\s+(?:(?:only|just|barely|not|even|"
                           r"nearly|almost|already|still|now|about|around|gone|past|after|"
                           r"before)\s+){0,3}$", re.I)
_CLOCK_AFTER = re.compile(r"\s+(?:yet\b|in\s+the\s+(?:morning|evening|afternoon)\b|"
                          r"this\s+(?:morning|evening)\b)", re.I)


def read_numbers(text: str) -> list[Atom]:
    """Every number of `text` in order: ranges merged, units attached, markers ignored."""
    return _structure(text, scan(text))


def _unit_after(text: str, end: int) -> str | None:
    quick = _NEXT_WORD.match(text, end, end + 16)
    if quick is not None:
        word = quick.group(1).lower()
        if word in _UNITS:
            return _UNITS[word]  # the common case: "12 days", "a 20-minute"
        if quick.end() < end + 16 and word != "of" and word not in _ADJECTIVE_HEADS:
            return None  # (the word _UNIT_AFTER would find too: no adjective or "of" first)
    m = _UNIT_AFTER.match(text, end, end + 60)
    return _UNITS.get(m.group(1).lower()) if m else None


def _structure(text: str, atoms: list[Atom]) -> list[Atom]:
    """Merge ranges, attach units and mark list markers: the atoms as the reader sees them."""
    out: list[Atom] = []
    i, n = 0, len(atoms)
    while i < n:
        a = atoms[i]
        if i + 1 < n and a.kind == "count" and atoms[i + 1].kind == "date" \
                and _AND.fullmatch(text, a.end, atoms[i + 1].start) \
                and _BETWEEN_BEFORE.search(text, max(0, a.start - 12), a.start):
            # "between 16 and 22 November": the month covers both days
            merged = _merge_range(a, atoms[i + 1])
            if merged is not None:
                out.append(merged)
                i += 2
                continue
        # (a spaced em dash sets off an aside: "Dec 13 — 12 days out", "9,237 — 763 short")
        if i + 1 < n and text[a.end:atoms[i + 1].start].strip().lower() in _RANGE_WORDS \
                and _RANGE_SEP.fullmatch(text, a.end, atoms[i + 1].start) \
                and text[a.end:atoms[i + 1].start] != " — " \
                or i + 1 < n and _days_apart(a, atoms[i + 1]) \
                and _ARROW.fullmatch(text, a.end, atoms[i + 1].start):
            b = atoms[i + 1]
            # "from 6,100 to 9,800" is a change between two numbers, not a range ("from Nov
            # 23 to 29" is a range of dates).
            after_from = _FROM_BEFORE.search(text[max(0, a.start - 20):a.start])
            if not (after_from and "to" in text[a.end:b.start] and "date" not in (a.kind,
                                                                                 b.kind)
                    or _to_mark(text, a, b)):
                merged = _merge_range(a, b)
                if merged is not None:
                    out.append(merged)
                    i += 2
                    continue
        out.append(a)
        i += 1
    low = text.lower() if text.isascii() else None  # (then every slice of it is tail's)
    for a in out:
        for x in (a, *a.ends):  # the words around it, read once for every test after this
            if low is None:
                x.before, x.after = tail(text, x.start - 48, x.start), head(text, x.end)
            else:
                x.before = low[max(0, x.start - 48):x.start].rstrip()
                rest = low[x.end:x.end + 64].lstrip()
                x.after = rest if len(rest) >= 16 or x.end + 64 >= len(text) else None
        if a.word and a.unit == "time" and a.value == 1 and text[a.start:a.end].lower() == \
                "once" and not _ONCE_OF.search(text, max(0, a.start - 60), a.start):
            a.ignored = "how often, not of the goal"  # "you've mentioned the knee only once"
        if a.kind == "fraction" and text[a.start:a.end].lower() == "half" \
                and not _HALF_OF.match(text, a.end):
            a.ignored = "a share of no figure"  # "more than half your walks are at lunch"
        if a.kind == "count" and a.value is not None and 1 <= a.value <= 5 \
                and _OWN_ITEMS.match(text, a.end):
            a.ignored = "the reply's own count of what it suggests"  # "Two options:"
        if a.kind == "count" and a.word and a.value is not None and 1 <= a.value <= 12 \
                and a.value.is_integer() and (
                    _CLOCK_AFTER.match(text, a.end)
                    or _CLOCK_BEFORE.search(text, max(0, a.start - 32), a.start)) \
                and _unit_after(text, a.end) is None:  # (not "it's only two days")
            # "it's not even nine yet", "barely past eight in the morning": an hour, about
            h = int(a.value) % 12
            a.kind, a.value, a.minutes = "time", None, (h * 60, (h + 12) * 60)
            continue
        if a.kind == "count" and a.may_start(_DIFFERENCE_STARTS) \
                and _DIFFERENCE_AFTER.match(text, a.end):
            a.difference = True
        if a.kind in ("count", "ordinal", "range", "year"):
            a.unit = _unit_after(text, a.end) or a.unit  # "twice": times
            if a.unit == "time" and (_MULTIPLE_AFTER.match(text, a.end) or text.startswith(
                    "twice", a.start) and TWICE_OF.match(text, a.end)):
                a.unit = "multiple"  # "three times Saturday's 4,016": a ratio, not how often
            if a.unit is None and text.endswith(("in ", "of "), 0, a.start):
                # "one day in three": the unit comes before the number.
                ratio = _RATIO_BEFORE.search(text, max(0, a.start - 30), a.start)
                if ratio is not None:
                    a.unit = _UNITS.get(ratio.group(1).lower())
            if a.unit is None and a.may_start(("of", "in", "out")) \
                    and _IN_WINDOW.match(text, a.end):
                a.unit = "day"  # "four in the last 8 days": a count of days in a window
            if a.unit is None and a.kind == "count" and a.value is not None and a.value < 400 \
                    and text[a.start - 2:a.start] in (": ", "| ", ":*", "* ") \
                    and _DAYS_LABEL.search(text, max(0, a.start - 32), a.start):
                a.unit = "day"  # "Days so far: 11", "| Days to race | 13 |": the label's unit
            for sub in a.ends:
                sub.unit = a.unit
        if a.kind in ("count", "year") and a.ignored is None \
                and text[a.end:a.end + 1] in _MARKER_NEXT:  # (what `_AFTER_MARKER` starts with)
            # (its line's start, looked for only as far back as a marker can be)
            line_start = text.rfind("\n", max(0, a.start - 24), a.start) + 1 or (
                0 if a.start < 24 else a.start - 24)
            if a.start - line_start < 24 and _LINE_MARKER.fullmatch(text, line_start, a.start) \
                    and _AFTER_MARKER.match(text, a.end) and not (
                        a.number > 12 and text[a.start - 3:a.start].lower() == "wk "):
                # ("Wk 1:" heads a plan's line; "Wk 48:" is the week of that number)
                a.ignored = "list marker"
    return out


def _to_mark(text: str, a: Atom, b: Atom) -> bool:
    """"4,355 to 12k": an exact count "to" a round mark is what is left to it, not a range
    (a range's ends are both round: "8,000 to 12k", "20 to 30 minutes")."""
    return a.kind == b.kind == "count" and a.value is not None and b.value is not None \
        and a.value >= 100 and a.value % 100 != 0 \
        and (b.value % 1000 == 0 or b.value >= 100 and b.value % 100 != 0) \
        and " to " in text[a.end:b.start]  # ("8,963 to 13,311": two exact counts, a change)


def _days_apart(a: Atom, b: Atom) -> bool:
    """Whether `a` and `b` are days an arrow may join: dates, weekdays, or a date and the day of
    its month after it ("Nov 23→29")."""
    return a.kind == "date" and b.kind in ("date", "count") or _month_days(a, b)


def _month_days(a: Atom, b: Atom) -> bool:
    """Two ordinals in digits a range may join as days of a month ("19th→30th", "19th-30th")."""
    return a.kind == b.kind == "ordinal" and a.value is not None and b.value is not None \
        and a.sig == b.sig == 99 and 1 <= a.value < b.value <= 31 and a.word is b.word is False


def _merge_range(a: Atom, b: Atom) -> Atom | None:
    numeric = ("count", "percent", "year")
    if a.ignored or b.ignored:
        return None
    if _month_days(a, b):
        ends = tuple(Atom(x.start, x.end, "date", dates=((None, None, int(x.value or 0), None),))
                     for x in (a, b))
        return Atom(a.start, b.end, "range", ends=ends)
    if a.kind == "date" and b.kind in ("count", "year") and a.dates[0][1] is not None \
            and b.value is not None and b.value.is_integer() and 1 <= b.value <= 31 \
            and b.sig < 99:
        y, mo, _, _ = a.dates[0]
        if valid_date(y, mo, int(b.value)):
            end2 = Atom(b.start, b.end, "date", dates=((y, mo, int(b.value), None),))
            return Atom(a.start, b.end, "range", ends=(a, end2))
        return None
    if a.kind == "count" and b.kind == "time" and len(b.minutes) == 1 and a.value is not None \
            and a.value.is_integer() and 1 <= a.value <= 12:
        pm = b.minutes[0] >= 12 * 60  # "7-9pm": the am/pm covers both ends
        a = Atom(a.start, a.end, "time", minutes=((int(a.value) % 12 + 12 * pm) * 60,))
        return Atom(a.start, b.end, "range", ends=(a, b))
    if a.kind == "count" and b.kind == "date" and b.dates[0][1] is not None \
            and a.value is not None \
            and a.value.is_integer() and a.sig < 99:
        y, mo, _, _ = b.dates[0]
        if valid_date(y, mo, int(a.value)):  # "21 to 24 November": the month covers both
            start = Atom(a.start, a.end, "date", dates=((y, mo, int(a.value), None),))
            return Atom(a.start, b.end, "range", ends=(start, b))
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
        return Atom(a.start, b.end, "range", ends=(a, b))
    if a.kind == "time" and b.kind == "time":
        return Atom(a.start, b.end, "range", ends=(a, b))
    return None


# (as a trie, ~2x faster a search: at each start at most one hedge can reach the end, so the
# match is the one the plain alternation finds)
_HEDGE = re.compile("(?:" + trie([
    "about", "around", "roughly", "nearly", "almost", "approximately", "close to", "just over",
    "just under", "a little over", "a little under", "slightly over", "slightly under",
    "a bit over", "a bit under", "just above", "just shy of", "well over", "over", "under",
    "more than", "less than", "fewer than", "some", "~", "≈", "getting on for",
    "the best part of", "a good",
    "north of", "south of", "shy of",
    # ("no more than 700 short", "at least 9,000 to go": bounds, each on its side)
    "no more than", "not more than", "at most", "at least", "no less than", "not less than"])
    + r")\s*$", re.IGNORECASE)
_HEDGE_AFTER = re.compile(r"\s+or\s+so\b|\s+or\s+thereabouts\b|-ish\b", re.IGNORECASE)
HEDGED_PLACE = 0.6  # of its last place either side: "roughly 9,550" for 9,555.3, not 9,565
HEDGE_SHARE = 0.10  # at most ±10% of a hedged value: a writer rounding 14,000 says "about 14k"
_HEDGE_SIDE = {w: 1 for w in ("just over", "a little over", "over", "more than",
                              "slightly over", "just above", "a bit over", "a good")} | {
    w: -1 for w in ("just under", "a little under", "under", "less than", "fewer than",
                    "nearly", "almost",
                    "slightly under", "a bit under", "just shy of", "getting on for",
                    "the best part of", "south of", "shy of", "no more than", "not more than",
                    "at most")} | {"north of": 1, "at least": 1, "no less than": 1,
                                   "not less than": 1}


_HEDGE_ENDS = ("about", "around", "roughly", "nearly", "almost", "approximately", "to", "over",
               "under", "above", "of", "than", "some", "~", "for", "good", "most",
               "least")  # each one's last


def _may_hedge(reply: str, a: Atom) -> bool:
    if a.before is not None:
        return a.before.endswith(_HEDGE_ENDS)
    w = tail(reply, a.start - 16, a.start)  # (an atom made after reading: read here)
    return w is None or w.endswith(_HEDGE_ENDS)


def precision_of(reply: str, a: Atom, gap=None) -> tuple[float, float, re.Match | None]:
    """(center, tolerance, hedge) of a written number: its value to the place of its last
    significant digit; a hedged one ("about 3,000", "just over 5,600") more loosely; a hedged
    two- or three-figure gap ending in 5 (`gap()` says whether it is a gap: "higher by about
    350" for 356, "about 3,750 more" for 3,756) to the nearest half of the place before the 5,
    within a quarter of the share."""
    tol = a.unit_step / 2 if (a.sig >= 2 or a.kind == "percent") and a.unit_step > 1e-12 else 0.0
    center = a.number
    if a.kind == "percent" and tol and _may_hedge(reply, a) and (
            said := _HEDGE.search(reply, max(0, a.start - 18), a.start)) and (
            side := _HEDGE_SIDE.get(" ".join(said[0].lower().split()))):
        # "up a little over 14%": not 13.8%; "more than 90% of your goal": a round figure's
        # side up to the next place (92.4% is over 90%, 9.2% is not over 10%)
        width = 2 * tol
        if a.number.is_integer() and a.number >= 10 and " ".join(said[0].lower().split()) in (
                "over", "more than", "under", "less than"):  # ("nearly 30%", "a little under
            digits = str(int(a.number))                   # 60%": near it, as before)
            place = 10 ** (len(digits) - len(digits.rstrip("0")))
            width = max(width, min(place, a.number * HEDGE_SHARE * 2))
        return center + side * width / 2, width / 2, None
    whole = a.number >= 100 and a.unit_step >= 1 and a.number.is_integer()
    hedge = _HEDGE.search(reply, max(0, a.start - 18), a.start) if whole \
        and _may_hedge(reply, a) else None
    if hedge is None and whole and reply.startswith((" or", "-ish"), a.end):
        hedge = _HEDGE_AFTER.match(reply, a.end)  # "the last 800 or so", "800-ish"
    if hedge is not None:
        # "about 3,000": the zeros of a hedged number are not significant, within a share
        # of the value ("about 10,000" is not 14,000)
        digits = str(int(a.number))
        place = max(10 ** (len(digits) - len(digits.rstrip("0"))), a.unit_step)  # (a word's)
        tol = max(tol, min(place / 2, a.number * HEDGE_SHARE))
        if gap is not None and a.sig in (2, 3) and digits.rstrip("0").endswith("5") and gap():
            tol = max(tol, min(place * 2.5, a.number * HEDGE_SHARE / 3))
        side = _HEDGE_SIDE.get(" ".join(hedge[0].lower().split()))
        if side is None and a.sig >= 3:  # "roughly 9,550" for 9,555.3: a hedged rounding
            tol = max(tol, min(place * HEDGED_PLACE, a.number * HEDGE_SHARE))  # either way
        if side is not None:  # "just over 5,600": 5,600 up to the next place, not below it
            width = min(place if a.sig >= 2 else place / 2, a.number * HEDGE_SHARE * 2)
            tol, center = width / 2, a.number + side * width / 2
    return center, tol, hedge
