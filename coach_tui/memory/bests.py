"""A person's best or worst day, week or month ("my best month", "my worst week"): pure.

Read over the stored totals through yesterday (summed by store.steps.period_totals): a day by
its steps, a week (Monday to Sunday) or a
calendar month by its total, counting only whole periods with a record on at least
`MIN_SHARE_RECORDED` of their days (a half-synced month is not a "worst month"). Ties go to the
newer period.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence
from datetime import date, timedelta

from coach_tui.memory.spans import Span
from coach_tui.memory.spoken import count_of
from coach_tui.text import starting

MIN_SHARE_RECORDED = 0.8
_PHRASE = re.compile(starting(r"bfghlmpqrstw") +
                     r"\b(best|worst|highest|lowest|strongest|weakest|poorest|biggest|busiest"
                     r"|quietest|laziest|finest|greatest|top|record|most\s+active|least\s+active"
                     # "my most productive month", "the least successful week"
                     r"|(?:most|least)\s+(?:productive|successful)"
                     # "my most bad week", "the most good month": worst and best said plainly
                     r"|most\s+(?:bad|good|high|low|strong|weak|big|lazy|quiet|busy"
                     # ("my most sluggish week": the worst)
                     r"|sluggish|inactive|idle|lethargic|sedentary))\s+"
                     # "my best ever week", "the worst single day", "best step week"
                     # ("my poorest full week", "the best complete month", "calendar week")
                     r"(?:(?:ever|single|step|steps|full|whole|complete|calendar)\s+)?"
                     r"(day|week|month)\b", re.IGNORECASE)
_BEST = {"best", "highest", "strongest", "biggest", "big", "busiest", "most active", "most good",
         "most high", "most strong", "most big", "most busy", "finest", "greatest", "top", "record",
         "most productive", "most successful"}
# "which outing had me wandering about the most", "what day did I walk the least": the best
# or worst day (week, month) asked for by which one had the most.
# ("which of my weeks had been the most active")
_WHICH_MOST = re.compile(starting(r"w") +
                         r"\b(?:which|what)(?:\s+one)?(?:\s+of\s+(?:my|the))?\s+"
                         r"(?:(?:was|is)\s+(?:my|the)\s+)?"
                         r"(day|week|month|outing|walk)s?\b(?:(?![?.!;]).)*?"
                         r"\bthe\s+(most|least|fewest)\b", re.IGNORECASE)


# "...compared to my worst one": the unit of the phrase before it
_THE_OTHER_ONE = re.compile(starting(r"mt") +
                            r"\b(?:my|the)\s+(best|worst|highest|lowest|biggest|busiest|quietest"
                            r"|strongest|weakest|poorest|laziest)\s+one\b", re.IGNORECASE)
_WHICH_BEST = re.compile(starting(r"w") +
                         r"\b(?:which|what)\s+(?:single\s+|one\s+|particular\s+|individual\s+)?"
                         # ("which month was best for steps", "which came out best")
                         r"(day|week|month)\b(?:(?![?.!;,]).)*?\b(?:my|the|(?:was|were"
                         r"|came\s+out(?:\s+on)?|turned\s+out|ended\s+up|finished(?:\s+on)?)"
                         # ("which week was my very worst")
                         r"(?:\s+the)?)\s+(?:(?:very|absolute|all[\s-]time)\s+)?"
                         r"(best|worst|highest|lowest|biggest|busiest|quietest|finest|greatest"
                         # ("which day was the big one": the biggest; "which month came out on
                         # top": the best)
                         r"|big(?=\s+one\b)|top(?!\s+of\b))\b"
                         r"(?!\s+(?:day|week|month|time|run|\w+est)\b)", re.IGNORECASE)


def best_phrases(text: str) -> list[tuple[bool, str]]:
    """(best?, "day" | "week" | "month") for every such phrase in `text`."""
    out = []
    for m in _PHRASE.finditer(text):
        item = (" ".join(m.group(1).lower().split()) in _BEST, m.group(2).lower())
        if item not in out:
            out.append(item)
    for m in _THE_OTHER_ONE.finditer(text):  # "my best week compared to my worst one"
        units = [u for b, u in out]
        if units:
            item = (m.group(1).lower() in _BEST, units[-1])
            if item not in out:
                out.append(item)
    for m in _WHICH_BEST.finditer(text):   # "which week did you say was my best"
        item = (m.group(2).lower() in _BEST, m.group(1).lower())
        if item not in out:
            out.append(item)
    for m in _WHICH_MOST.finditer(text):
        unit = m.group(1).lower()
        item = (m.group(2).lower() == "most", unit if unit in ("week", "month") else "day")
        if item not in out:
            out.append(item)
    return out


def best_words(text: str) -> set[str]:
    """The words of `text`'s best or worst phrases ("my lowest day": "lowest", "day"): the
    day lines answer them, so they are no topic to search for."""
    return {w.lower() for m in _PHRASE.finditer(text) for w in m.group(0).split()} | {
        w.lower() for pattern in (_WHICH_MOST, _WHICH_BEST) for m in pattern.finditer(text)
        for w in (m.group(1), m.group(2))}


# "rank my three best weeks", "my top 3 months", "the best two weeks": that many, best first
_COUNTED = re.compile(starting(r"bfhlqtw2345") +
                      r"\b(?:(?P<n>two|three|four|five|[2-5])\s+(?P<w>best|worst|highest|lowest"
                      r"|biggest|busiest|quietest|top)|(?P<w2>best|worst|highest|lowest|biggest"
                      r"|busiest|quietest|top)\s+(?P<n2>two|three|four|five|[2-5]))\s+"
                      r"(?:(?:full|whole|step|calendar)\s+)?(?P<unit>days|weeks|months)\b",
                      re.IGNORECASE)


def counted_bests(text: str) -> list[tuple[bool, str, int]]:
    """(best?, "day" | "week" | "month", how many) for each "my three best weeks" of `text`."""
    out = []
    for m in _COUNTED.finditer(text):
        n, word = (m["n"], m["w"]) if m["n"] else (m["n2"], m["w2"])
        count = count_of(n)
        out.append((word.lower() in _BEST, m["unit"].lower()[:-1], count))
    return out


# "and by how much did it beat the next best one?", "my second-best week": the one after it
_RUNNER_UP = re.compile(starting(r"nrs") +
                        r"\b(?:next|second)[\s-]+(?:best|worst|highest|lowest|biggest|busiest"
                        r"|quietest)|\brunners?[\s-]up\b", re.IGNORECASE)


def runner_up(text: str) -> bool:
    """Whether `text` asks for the period after the best as well."""
    return _RUNNER_UP.search(text) is not None


_RANKED = {1: "", 2: "next ", 3: "third ", 4: "fourth ", 5: "fifth "}


def best_span(periods: Sequence[tuple[str, int, int]], best: bool, unit: str,
              today: date, rank: int = 1) -> Span | None:
    """The best (or worst) whole `unit` among `periods` ((first day, total, days recorded),
    as store.steps.period_totals gives them) that ended before today; with `rank` 2, the one
    after it, 3 the one after that."""
    sign = 1 if best else -1
    word = "best" if best else "worst"
    if unit == "day":  # ten years of days: compared as ISO strings, only the best one read
        until = today.isoformat()
        days = [(sign * total, first_day) for first_day, total, recorded in periods
                if first_day < until and recorded >= MIN_SHARE_RECORDED]
        if len(days) < rank:
            return None
        day = date.fromisoformat((max(days) if rank == 1 else sorted(days)[-rank])[1])
        return Span(f"{_RANKED.get(rank, 'next ')}{word} day".lstrip(), day, day, False)
    whole = []
    for first_day, total, recorded in periods:
        start = date.fromisoformat(first_day)
        if unit == "week":
            end = start + timedelta(days=6)
        else:
            end = start.replace(day=calendar.monthrange(start.year, start.month)[1])
        if end < today and recorded >= MIN_SHARE_RECORDED * ((end - start).days + 1):
            whole.append((total, start, end))
    if not whole:
        return None
    ranked = sorted(whole, key=lambda w: (sign * w[0], w[1]), reverse=True)
    if len(ranked) < rank:
        return None
    _, start, end = ranked[rank - 1]
    word = f"{_RANKED.get(rank, 'next ')}{word}"
    label = f"{word} {unit}: " + (calendar.month_name[start.month] + f" {start.year}"
                                   if unit == "month" else f"the week of {start.isoformat()}")
    return Span(label, start, end, True)
