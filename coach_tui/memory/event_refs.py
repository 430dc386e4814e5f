"""A date written beside an event to say when it was ("the flu in September", "that dreadful
storm back in October"): it dates the event, it names no month of days asked about. Pure."""

from __future__ import annotations

import re
from datetime import date, timedelta

from coach_tui.memory.datewords import MONTHS, month_number
from coach_tui.memory.events import FROM_CLAUSE, EventPhrase
from coach_tui.memory.spans import Span
from coach_tui.text import starting

# ("the knee thing first started in August": how it began, then the month)
_MONTH_AFTER = re.compile(starting(r"\,\s") +
                          r"(?:\s+(?:thing|first|started|began|flared|up|happened|came|on"
                          # ("my knee went in August"; "away for work in September", read
                          # as "work trip")
                          r"|struck|was|went|gave|played|trip"
                          # ("sick in bed in September", read "sick bedridden"; "off work
                          # with it in October")
                          r"|in\s+bed|bedridden|at\s+home|off\s+work|with\s+it|again"
                          # ("since my knee settled in August": the time it ended)
                          r"|settled|cleared|healed|recovered|eased|ended|finished|passed"
                          # ("knee week in aug vs storm week")
                          r"|week|wk|weekend)\b){0,3}"
                          # ("laid up w/ fever, Sept.": a month set after it by a comma)
                          r"(?:\s*,?\s+(?:back\s+)?in\s+(?:the\s+month\s+of\s+)?|\s*,\s*)"
                          r"([a-z]+)\b(?!\s+(?:total|totals|average|avg|steps)\b)",
                          re.IGNORECASE)
_BACK_IN = re.compile(starting(r"b") +
                      r"\bback\s+in\s+(?:the\s+month\s+of\s+)?([a-z]+)\b", re.IGNORECASE)
# "In August, the day after the fast session, my knee ...": a month leading the sentence
_LEAD_IN = re.compile(starting(r"\!\.\?", or_line_start=True) +
                      r"(?:^|[.!?]\s+)(?:(?:way\s+)?back\s+)?(?:in|during)\s+([a-z]+)\s*,",
                      re.IGNORECASE)
_MONTH_WORDS = frozenset([*MONTHS, *(n[:3] for n in MONTHS), "sept"])
# "since the knee settled after that November flare": a month before a word for a bout of it
_MONTH_OF_BOUT = re.compile(starting(r"mt") +
                            r"\b(?:that|the|my)\s+([a-z]+)\s+(?:flare|flare-up|niggle|relapse"
                            r"|setback|bout)\b", re.IGNORECASE)
# "when my knee flared up in the summer": a season beside an event dates it as its months do
# (the seasons of the northern half of the world, by the weather's calendar)
_SEASON = re.compile(starting(r"bdio") +
                     r"\b(?:back\s+)?(?:in|during|over)\s+(?:the\s+)?(summer|autumn|winter|spring)"
                     r"\b(?!\s+(?:race|marathon|half|plan|block|series|league|term|holiday))",
                     re.IGNORECASE)
_SEASON_MONTHS = {"spring": (3, 4, 5), "summer": (6, 7, 8), "autumn": (9, 10, 11),
                  "winter": (12, 1, 2)}


def qualifying_months(text: str, phrases: list[EventPhrase]) -> list[int]:
    """The months (1-12) written right after an event of `phrases` ("laid up with the flu in
    September", "that dreadful storm in October"): they say when the event was, not a month
    of days asked about; so are the months written "back in" anywhere beside an event ("when
    I was laid up with a temperature back in September"), and a month leading the sentence ("In
    August, the day after the fast session"); a season beside it gives its three months ("the
    week after my knee flared up in the summer")."""
    if not phrases:
        return []
    out: list[int] = [month_number(m.group(1)) for m in [*_BACK_IN.finditer(text),
                                                         *_LEAD_IN.finditer(text),
                                                         *_MONTH_OF_BOUT.finditer(text)]
                      if m.group(1).lower() in _MONTH_WORDS]
    out += [n for m in _SEASON.finditer(text) for n in _SEASON_MONTHS[m.group(1).lower()]]
    # ("from when my knee started hurting after hill reps in August up to when..."): a month
    # inside a clause that names an event
    out += [month_number(w) for m in FROM_CLAUSE.finditer(text)
            for w in re.findall(r"[a-z]+", f"{m['a']} {m['b']}".lower()) if w in _MONTH_WORDS]
    for phrase in phrases:
        # ("after the August knee injury", "my September flu": the month before it)
        first = phrase.words.split()[0]
        out += [month_number(m.group(1).lower()) for m in re.finditer(
            r"\b([a-z]+)\s+" + re.escape(first) + r"\b", text, re.IGNORECASE)
            if m.group(1).lower() in _MONTH_WORDS]
        # ("the flu in September"; "the week I hurt my knee in August": any of its words, as
        # the phrase gives them in another order)
        for m in re.finditer(r"\b(?:" + "|".join(map(re.escape, phrase.words.split())) + r")\b",
                             text, re.IGNORECASE):
            month = _MONTH_AFTER.match(text, m.end())
            word = month.group(1).lower() if month is not None else ""
            if word in _MONTH_WORDS:
                out.append(month_number(word))
    return list(dict.fromkeys(out))


def without_dating_months(text: str, phrases: list[EventPhrase], spans: list[Span],
                          anchored: list[Span], today: date) -> list[Span]:
    """`spans` without the whole months that only date an event `anchored` from within them."""
    months = qualifying_months(text, phrases)
    return [s for s in spans if not (s.start.day == 1 and s.start.month in months
                                     and s.end.month == s.start.month
                                     and (s.days >= 28 or s.end == today - timedelta(days=1))
                                     # (the week holding an event that began in it may
                                     # run into the next month)
                                     and any(s.start <= a.start <= s.end for a in anchored))]
