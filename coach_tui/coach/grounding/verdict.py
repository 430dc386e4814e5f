"""The outcome of each number of a reply: `check(reply, request)`, `unverified_numbers`.
Each number (reading.py; shorthand in full words: shorthand.py; "A → B" arrows.py) gets one:
- **quoted**: the request states this value for this kind of quantity, as a writer rounds it
  (to the place of its last significant digit, at least 2 figures; a hedged "about 3,000" to
  its first figure), in any format; `source` is the line or fact;
- **computed**: an operation over stated numbers gives it (arithmetic.py) at the precision
  written (rounded or cut), or one over the true numbers the reply writes beside it (local.py);
  `source` is the operation, "10,000 goal − 2,214 so far (today) = 7,786";
- **advice**: not a claim about the user's data: a number in a sentence that suggests or plans
  (advice.py), an idiom, a list marker, a model name, code; **unsupported**: none of these.

Both respect binding.py: a number tied to a day must be that day's (or an operation over it),
one tied to a named fact that fact, a gap and a change in percent must run the way the words
say ("short" / "over", "up" / "down"); a table's cell is read with its row's anchor and column's
header (tables.py). `request`: the Messages API body, a plain string or a kept `Evidence`.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, replace
from datetime import date
from functools import partial

from coach_tui.coach.grounding import (
    arithmetic,
    arrows,
    block_ops,
    bounds,
    candidates,
    chat,
    claims,
    days_apart,
    durations,
    exact,
    fact_dates,
    facts,
    gap_change,
    gaps,
    headed,
    lenient,
    listed_days,
    local,
    local_shares,
    notes,
    plans,
    ranks,
    rates,
    shorthand,
    shortlist,
    streak_ahead,
    tables,
    weeks,
    working,
)
from coach_tui.coach.grounding.advice import SUGGESTION, AdviceReader
from coach_tui.coach.grounding.binding import Binder
from coach_tui.coach.grounding.dates import as_written, date_ahead, month_day, resolve_date
from coach_tui.coach.grounding.evidence import evidence_of
from coach_tui.coach.grounding.facts import Evidence, short_day
from coach_tui.coach.grounding.kinds import GOAL_WORD, ONE_DAY, gap_sign, per_day, read_kinds
from coach_tui.coach.grounding.leads import on_top
from coach_tui.coach.grounding.reading import precision_of, read_numbers
from coach_tui.coach.grounding.scan import Atom
from coach_tui.coach.grounding.shares import side_of
from coach_tui.coach.grounding.words import MONTH_WORD, MONTHS, SMALL, valid_date

OUTCOMES = ("quoted", "computed", "advice", "unsupported")


@dataclass(frozen=True, slots=True)
class NumberMention:
    """One number of a reply, at `start:end`, with its outcome and where it came from."""

    start: int
    end: int
    text: str
    kind: str  # count, percent, ordinal, fraction, date, time, year, range
    outcome: str  # quoted, computed, advice, unsupported
    source: str | None = None  # the line or fact quoted, the operation, or why it is advice

    @property
    def unsupported(self) -> bool:
        return self.outcome == "unsupported"

    def as_dict(self) -> dict:
        return {"text": self.text, "start": self.start, "end": self.end,
                "outcome": self.outcome, "source": self.source}


_UNDER = re.compile(r"under|less than|fewer than|no more than|not more than|at most", re.IGNORECASE)
# "12 days out", "a fortnight away", "until the 10k": days counted to a date ahead
_DAYS_AHEAD = re.compile(r"\b(?:away|out|until|till|to\s+go|from\s+now|left)\b"
                         r"|\bdays?\s+to\s+(?=(?:the|your|race)\b)", re.I)  # ("12 days to the 10k")
_GAP_WORD = re.compile(r"\s+(?:steps?\s+)?(?:short|to go|shy|below|behind|off|(?:away\s+)?from)\b",
                       re.IGNORECASE)
_N_DAYS_BEFORE = re.compile(r"\b(\d+|two|three|four|five|six|seven|eight|nine|ten)\s+"
                            r"(?:\w+\s+)?days?\s+(?:averaged|averaging|totall?ed|came to|"
                            r"added up to)\s+(?:about\s+|around\s+|roughly\s+|nearly\s+|"
                            r"just\s+over\s+|just\s+under\s+)?$", re.IGNORECASE)
# "your best of the last 30 days, 12,028", "Best day of the last 30 was": a stated record
_BEST_OF_WINDOW = re.compile(r"\b(?:best|biggest|highest|top)\s+(?:day\s+)?(?:of|in)\s+the\s+"
                             r"(?:last|past)\s+(\d+)(?:\s+days)?[ \t:,*—-]{0,4}(?:was|is|were)?"
                             r"[ \t]*(?:\*\*)?$", re.IGNORECASE)
_OF_GOAL_AFTER = re.compile(r"\s+of\s+(?:the\s+|your\s+)?(?:daily\s+)?(?:step\s+)?goal\b", re.I)
_NEXT_SPAN = re.compile(r"\b(?:next|coming|following|upcoming)\s+$", re.I)
_EVER = re.compile(r"\b(?:ever|all[- ]time|of all time)\b", re.IGNORECASE)
# "week 47", "your week-47 review", "Wk 47": a week named by its number
_WEEK = re.compile(r"\b(?:week|wk)[\s-]+$", re.IGNORECASE)
# ("623 more makes it four" is ahead; "That makes it two in a row", of a day done, is not)
_AHEAD = re.compile(r"\b(?:(?<!into )today|tonight|tomorrow|"  # ("2 days going into today")
                    r"(?<!that )(?<!this )(?<!which )makes? it|would|will|if|becomes?|turns?|"
                    r"keeps?|extends?|takes?|brings?|"
                    # ("worth it to close November at 14": the month's count with today's)
                    r"(?:clos|finish)(?:e|es|ing)?\s+(?:out\s+)?(?:the\s+|this\s+|your\s+)?"
                    r"(?:month|week|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|"
                    r"pushes?|goes|moves?|climbs?|rises?|grows?|ticks?)\b|['’]ll\b"
                    r"|\bstreak\s+(?:up\s+)?to\b"  # ("10-min loop → ✓ and streak to 2")
                    r"|\b(?<!that )(?<!this )(?<!which )makes?\s+(?:the|your)\s+streak\b"
                    r"|\b(?:ends?|finishes)\s+(?:on|with)\b",  # ("November ends on 14 goal days")
                    re.IGNORECASE)  # ("you'll be on day 5", "the streak moves to 2 days")
# "at November's pace", "kept up for a full 30 days", "at this rate", "the full month projects
# to about 285,000", "At your November average of 9,503, a 30-day month lands near": a pace
# carried on
_PACE = re.compile(r"\b(?:pace|at\s+(?:this|that|the\s+same|your)\s+(?:rate|clip)|kept\s+up|"
                   # ("at the November rate", "at November's rate", "at your November average")
                   r"at\s+(?:the|your|this|that)\s+\w+\s+(?:rate|average)|"
                   r"at\s+\w+['’]s\s+(?:rate|average)|"
                   r"keep\s+(?:that|this|it)\s+up|carried\s+(?:on|over|forward)|"
                   r"project(?:s|ed|ing|ion)?|at\s+your\s+(?:\w+\s+)?average\s+of)\b", re.I)
_OVER_N = re.compile(r"(?:\s+steps?)?(?:\s+(?:a|per)\s+day|/day)?\s+(?:over|across|for|in)\s+"
                     r"(?:the\s+|those\s+|these\s+|all\s+)?(\d+|two|three|four|five|six|seven|"
                     r"eight|nine|ten)\b(?!\s*(?:weeks?|months?)\b)(?!,?\d)", re.IGNORECASE)
_OVER_N_STARTS = ("step", "a", "per", "/day", "over", "across", "for", "in")
_TURN = re.compile(r"\bbut\b|;|\boverall\b|\bwhile\b", re.IGNORECASE)
# "the gap to goal is about 1.0%", "short of the goal by 4%": the goal named before it
_GAP_TO_GOAL = re.compile(r"\b(?:gap|distance|shortfall)\s+(?:to|from)\s+(?:the\s+|your\s+)?"
                          r"(?:daily\s+)?goal\s+(?:is|was|of|at)\s+(?:about\s+|roughly\s+|just\s+"
                          r"|only\s+|around\s+)?$|\bshort\s+of\s+(?:the\s+|your\s+)?goal\s+by\s+"
                          r"(?:about\s+|roughly\s+|just\s+|only\s+)?$", re.IGNORECASE)
_PAST_MARK = re.compile(r"\s+(?:over|above|under|below|short|beyond|past|more than|"
                        r"less than)\b", re.IGNORECASE)
# "if you meet it today, that streak becomes 2", "do that and it's 2 days in a row"
# "You walked 11,470 steps, ..., and that makes it 2 days in a row": a day done, and the
# streak as it stands (not "Hit it and that makes it 2")
_DONE = re.compile(r"\b(?:you|you've|you’ve)\s+(?:walked|did|got|hit|logged|managed|finished|"
                   r"clocked|banked|reached|met|cleared)\b", re.I)
_IF = re.compile(r"\b(?:if|once)\b|\band\s+(?:it's|it'll|it will|you'll|you will|that'll|"
                 r"that will|that makes it)\s+(?:be\s+)?(?:at\s+|on\s+)?$"
                 # ("Hit it and that's 14 goal days": what meeting the goal today would make)
                 r"|(?<!you )(?<!we )(?<!i )(?<!You )(?<!We )(?<!I )"
                 r"\b(?:hit|meet|close|clear|reach|get|make|finish|end|top)\s+(?:out\s+)?"
                 r"(?:it|that|the\s+goal|10k|there|today|the\s+day)"
                 r"(?:\s+(?:done|out|off|in))?"  # ("Get that done and you're on a 2-day streak")
                 # ("Finish today above 10k and you're on a 2-day streak")
                 r"(?:\s+(?:above|over|past|at|on)\s+[\w,.]+)?"
                 r"\s+(?:tonight\s+|today\s+)?and\s+(?:that's|that\s+is|it's|you're|you\s+are)\s",
                 re.IGNORECASE)
_DATE_LIST = re.compile(r"\s*(?:,|and|or|&|,\s*and)\s*$", re.I)  # "the 25th, 27th and 29th"
# "this week has 2 days (22,548) and last week 7": the unit the first period's count named,
# left out after the second period's name
_AND_PERIOD = re.compile(r"\band\s+(?:last|this|next|that|the\s+previous|the\s+one\s+before)"
                         r"\s+(?:week|month|weekend)\s+$", re.I)
_SENTENCE_BREAK = re.compile(r"[.!?;\n]")
_THAN_PRIOR = re.compile(r"\s+(?:more|less|fewer|higher|lower|up|down|better|worse)\s+(?:than|"
                         r"on)\s+the\s+(?:week\s+before|previous\s+week|prior\s+week)\b", re.I)
_WEEKS_AHEAD = re.compile(r"\s*(?:weeks?|months?)\s+(?:away|out|off|to go|from now|ahead|until|"
                          r"left|ago|back)\b", re.I)
_WEEKS_RESTATED = re.compile(r"\b(\d+)\s+days?\s+(?:away|out|to\s+go|from\s+now|until|left)"
                             r"\b(?:\s+now)?,\s+(?:\w+\s+){0,2}$", re.I)
_WITHIN = re.compile(r"\bwithin\s+(about\s+|roughly\s+)?$", re.IGNORECASE)
# a count and "of" before a number: the whole it is part of ("2,214 of 10,000")
_OF_WHOLE = re.compile(r"\d[\d,]*\s+(?:steps\s+)?of\s+(?:your\s+|the\s+)?$", re.IGNORECASE)


_SIDE_AFTER = re.compile(r"\s+(?:below|under|above|over|short|missed|met)\b", re.IGNORECASE)
_LIST_JOIN = re.compile(r"(?:,|;|\band|\bwith|\bbut)\s*$", re.IGNORECASE)


_ONE_OF = re.compile(r"\b(?:one|another)\s+of\s+$", re.I)


def _elided_days(reply: str, a: Atom, atoms: list[Atom]) -> Atom:
    """`a` with the unit "day" when it is a bare count after "and <period>" whose sentence
    counted another period's days just before (`_AND_PERIOD`), or a bare count of a side
    ("4 below it") right after a count of days of the other, else `a`."""
    if a.kind == "count" and a.unit is None and a.value is not None and a.value <= 31 \
            and atoms and atoms[-1].kind == "count" and atoms[-1].unit == "day" \
            and reply.startswith(" day", atoms[-1].end) and a.start - atoms[-1].end <= 60 \
            and _SIDE_AFTER.match(reply, a.end) and _LIST_JOIN.search(
                reply, max(atoms[-1].end, a.start - 8), a.start) \
            and not _SENTENCE_BREAK.search(reply, atoms[-1].end, a.start):
        return replace(a, unit="day")  # "3 days came in above the average, 4 below it"
    if a.kind == "count" and a.unit is None and a.value is not None and a.value <= 120 \
            and atoms and atoms[-1].unit in ("minute", "hour") and a.start - atoms[-1].end <= 60 \
            and a.may_end(("of",)) and _ONE_OF.search(reply, max(0, a.start - 16), a.start) \
            and not _SENTENCE_BREAK.search(reply, atoms[-1].end, a.start):
        # "a lunchtime walk of 30 minutes and an evening one of 40": minutes too
        return replace(a, unit=atoms[-1].unit)
    if a.kind != "count" or a.unit is not None or not a.may_end(("week", "month", "weekend")) \
            or not _AND_PERIOD.search(reply, max(0, a.start - 40), a.start):
        return a
    for p in reversed(atoms[-3:]):
        if _SENTENCE_BREAK.search(reply, p.end, a.start) or a.start - p.end > 60:
            break
        if p.kind == "count" and p.unit == "day":
            return replace(a, unit="day")
    return a


def check(reply: str, request: dict | str | Evidence) -> list[NumberMention]:
    """Every number of `reply` in order, each quoted, computed, advice or unsupported."""
    return shorthand.through(reply, lambda text: arrows.checked(text, _check(text, request)))


def _check(reply: str, request: dict | str | Evidence) -> list[NumberMention]:
    ev = evidence_of(request)
    atoms: list[Atom] = []
    for a in read_numbers(reply):
        a = as_written(reply, a)
        if a.kind == "ordinal" and atoms and atoms[-1].kind == "date" and a.value is not None \
                and reply[a.start].isdigit() and a.start - atoms[-1].end <= 6 \
                and _DATE_LIST.match(reply, atoms[-1].end, a.start):
            a = Atom(a.start, a.end, "date", dates=((None, None, int(a.number), None),))
        atoms.append(_elided_days(reply, a, atoms))
    binder = Binder(reply, atoms, ev)
    advice = AdviceReader(reply, ev.now, binder.bounds[:-1])  # (the same sentence ends)
    out = []
    for a in atoms:
        text = reply[a.start:a.end]
        if a.ignored is not None:
            out.append(NumberMention(a.start, a.end, text, a.kind, "advice", a.ignored))
            continue
        # a count of days its own words define ("the two lowest days", "one day over 12k")
        # is checked by that definition alone: a span that happens to be as long does not fit
        counted = ranks.day_count(reply, a, ev, binder)
        outcome, source = counted if counted is not None else local.share_of(
            reply, a, out, partial(_judge, reply, a, ev, binder)) \
            if a.kind == "percent" else (a.kind == "fraction" and local.fraction_of_pair(
                reply, a, out)) or _judge(reply, a, ev, binder)
        if outcome == "computed" and claims.round_plan(reply, a, source, advice.sizes_advice,
                                                       binder.sentence):
            # "get 3,000 in before lunch": a plan's round size, not a near result of two days
            outcome, source = "advice", SUGGESTION
        if outcome is None:
            outcome, source = ranks.span_ahead(reply, a, ev, binder) or (None, None)
        if outcome is None and a.kind == "count":
            outcome, source = exact.quoted(reply, a, ev, binder) \
                or exact.range_end(reply, a, ev, binder) or (None, None)
        if outcome is None and a.kind == "count" and a.unit is None and a.value is not None \
                and (week := weeks.week_number(reply, a.start, a.number, ev)) is not None:
            outcome, source = "computed", week  # "week 47": the week before the one reviewed
        if outcome is None:
            # the next item of a list whose item before suggests (whatever that one's outcome);
            # not a plan's consequence ("and you'll be at 16 by tonight": a claim)
            prev = out[-1] if out else None
            if not claims.reported(reply, a) and (
                    advice.sizes_advice(a) or date_ahead(a, ev) or _later_today(reply, a, ev)
                    or advice.general(a)
                    or durations.walking_time(reply, a, binder.clause)
                    or durations.paced(reply, a, binder.sentence)
                    or prev is not None and advice.listed_with(a, prev.start, prev.end)
                    and (prev.source == SUGGESTION or advice.sizes_advice(atoms[len(out) - 1]))):
                outcome, source = "advice", SUGGESTION
            else:
                outcome = "unsupported"
        out.append(NumberMention(a.start, a.end, text, a.kind, outcome, source))
    out = local.worked_out(reply, atoms, out, ev, binder, precision_of)
    out = gaps.named_gaps(reply, atoms, out, ev, binder, precision_of)
    out = headed.headed(reply, atoms, out, ev, binder, precision_of)
    out = claims.dates_of_claims(reply, atoms, out, ev)
    out = tables.restated(reply, lenient.relax(reply, out, ev, binder.sentence, lambda m, outcome,
                          source: replace(m, outcome=outcome, source=source)), ev, check)
    out = working.shown(reply, atoms, plans.planned(reply, out, binder.sentence), ev.said)
    out = notes.checked(reply, atoms, fact_dates.checked(reply, atoms, out, ev), ev)
    out = block_ops.parts_refuted(reply, out, ev, lambda m, outcome, source: replace(
        m, outcome=outcome, source=source))  # ("your weekdays averaged" Monday to Thursday's)
    out = rates.checked(reply, out, binder.sentence)  # "75,000 steps is 11,250 a day"
    out = streak_ahead.checked(reply, out, ev, binder.sentence)  # "the streak reaches 48"
    out = streak_ahead.goal_days(reply, out, ev, binder.sentence)  # "fifteen for the month"
    out = streak_ahead.to_the_record(reply, out, ev, binder.sentence)  # "16 more ties it"
    out = streak_ahead.more_than(reply, out, ev, binder.sentence)  # "3 more than November"
    out = streak_ahead.to_half(reply, out, ev, binder.sentence)  # "2 more goal days to half"
    out = streak_ahead.so_far(reply, out, ev, binder.sentence)  # "| Goal met | 0 so far |"
    out = streak_ahead.streak_by(reply, out, ev, binder.sentence)  # "a 3-day streak by Tue"
    out = streak_ahead.streak_on(reply, out, ev, binder.sentence, binder.refs)  # "day 3"
    out = streak_ahead.standing(reply, out, ev, binder.sentence)  # "you're on day 2 now"
    out = days_apart.checked(reply, out, ev, binder.every_ref, binder.sentence)  # "87 days ago"
    out = days_apart.in_period(reply, out, ev, binder.sentence)  # "today is day 3 of the week"
    out = listed_days.checked(reply, out, ev)  # "- Thu: 9,717" (Saturday's count)
    out = listed_days.extremes(reply, out, ev, binder.every_ref)  # "**Weakest day:** Tue"
    out = ranks.the_rest(reply, out, binder.sentence)  # "3 of those 13 ..., the other 10"
    out = gap_change.checked(reply, out)  # "1,370 more a day, or 12% higher" (another change)
    out = local_shares.of_period(reply, out, ev, binder.sentence)  # "a third of the week"
    out = local_shares.of_the_way(reply, out, ev, binder.sentence)  # "92% of the way there"
    out = chat.checked(reply, out, ev, binder.sentence)  # "the 47 I gave you was wrong"
    return local_shares.restated(reply, out)  # "nearly a fifth (roughly 18%)"


def unverified_numbers(reply: str, request: dict | str | Evidence) -> list[str]:
    """The numbers of `reply`, as written, that are unsupported, in reply order."""
    return [m.text for m in check(reply, request) if m.outcome == "unsupported"]


def _judge(reply: str, a: Atom, ev: Evidence, binder: Binder) -> tuple[str | None, str | None]:
    if a.kind == "date":
        if not claims.date_fits_count(reply, a, ev):
            return None, None
        for d in resolve_date(a, ev):
            if d in ev.dates:
                return "quoted", ev.dates[d]
            if (d.month, d.day) in ev.yearless:
                return "quoted", ev.yearless[(d.month, d.day)]
            if d.day in ev.month_days and month_day(ev, d.day) == d:
                return "quoted", ev.month_days[d.day]  # "since the 19th" told as "Nov 19"
        for y, mo, d, wd in a.dates:
            if y is None and mo is not None and wd is None and (mo, d) in ev.yearless:
                return "quoted", ev.yearless[(mo, d)]
            if mo is None and d in ev.month_days and (
                    wd is None or (said := month_day(ev, d)) is not None and said.weekday() == wd):
                return "quoted", ev.month_days[d]  # ("Friday the 17th" of a Tuesday: not)
            if mo is None and wd is None and ev.now is not None:
                # "the 10k on the 13th": a stated date of this month, the last or the next
                for m in (ev.now.month, ev.now.month % 12 + 1, (ev.now.month - 2) % 12 + 1):
                    if (m, d) in ev.yearless:
                        return "quoted", ev.yearless[(m, d)]
                # "October's shape: the flu the week of the 5th": a dated line of the month
                # its sentence names
                named = _month_named(reply, binder, a)
                if named is not None:
                    for said, source in ev.dates.items():
                        if said.month == named and said.day == d and said <= ev.now:
                            return "quoted", source
        return None, None
    if a.kind == "time":
        for minutes in a.minutes:
            if minutes in ev.times:
                return "quoted", ev.times[minutes]
            if a.word:  # "it's not even nine yet" (at 08:10): an hour said loosely
                for at, source in ev.times.items():
                    if abs(at - minutes) < 60:
                        return "quoted", source
        return None, None
    if a.kind == "year" and a.unit is None:
        return ("quoted", f"dates in {int(a.number)}") if int(a.number) in ev.years \
            else (None, None)
    if a.kind == "fraction":
        phrase = " ".join(reply[a.start:a.end].lower().split())
        if phrase in ev.fractions:
            return "quoted", phrase
        return candidates.fraction(reply, a, ev, binder.day(a), binder.period(a),
                                   _than_days(reply, a, binder),
                                   partial(_led, binder, a.start)) or (None, None)
    if a.kind == "range":
        found = [_judge(reply, end, ev, binder) for end in a.ends]
        if any(o is None for o, _ in found):
            return None, None
        outcome = "computed" if any(o == "computed" for o, _ in found) else "quoted"
        return outcome, " / ".join(s for _, s in found if s is not None)  # each judged
    if a.kind == "ordinal" and reply[a.start].isdigit() and ev.now is not None \
            and reply.endswith("(", 0, a.start) \
            and (month := _MONTH_BEFORE.search(reply, max(0, a.start - 24), a.start)):
        # "Best: Oct 13,759 (17th) vs Nov 12,993 (7th)": the day of the month just named
        mo = MONTHS[month[1].lower()[:3]]
        for year in (ev.now.year, ev.now.year - 1):
            if not valid_date(year, mo, int(a.number)):
                continue
            said = date(year, mo, int(a.number))
            if said in ev.dates and said <= ev.now:
                return "quoted", ev.dates[said]
        return None, None  # a date, not a count of days ("Oct 13,759 (18th)")
    if a.kind == "ordinal" and reply[a.start].isalpha():
        if _THAN_PRIOR.match(reply, a.end) and not _week_before_stated(binder, a):
            return None, None  # "a fifth more than the week before": a week not stated
        found = candidates.fraction(reply, a, ev, binder.day(a), None,
                                    _than_days(reply, a, binder), partial(_led, binder, a.start))
        if found is not None:
            return found
    return _value(reply, a, ev, binder)


# The words a number's sentence must hold for an operation with a cue (arithmetic.Derived)
# to stand for it: operations that redo one reading of a sentence, too easily met by chance.
CUES = {
    # "matching your record would take 16 more goal days after today", "Hit the goal today and
    # you're on day 2, 16 more after that to tie your record"
    "after today": re.compile(r"\b(?:match|matching|tie|tying|equal|equalling)\b[^.!?\n]*"
                              r"\b(?:after|beyond|besides|on top of)\s+today\b|\btoday\b[^.!?\n]*"
                              r"\b(?:after|beyond|on top of)\s+(?:that|it)\b[^.!?\n]*"
                              r"\b(?:match|matching|tie|tying|equal|equalling)\b", re.I),
    # "the misses were short by a combined 4,438"
    "gaps": re.compile(r"\b(?:miss(?:es|ed)?|short(?:fall)?s?|surplus|banked|combined|"
                       r"altogether|added\s+up|in\s+total|between\s+them)\b", re.I),
    # "you need 47,452 more to reach 70,000 this week, about 9,490 a day"
    "need": re.compile(r"\b(?:need|needs|needed|left|to\s+go|remaining|rest\s+of|to\s+reach|"
                       r"to\s+hit|to\s+get\s+to|to\s+make)\b", re.I),
    # "November missed the goal on 17 days, 56.7% of the month"
    "missed": re.compile(r"\b(?:miss(?:ed|es|ing)?|short\s+of|under\s+(?:the\s+)?goal|"
                         r"below\s+(?:the\s+)?goal|fell\s+short)\b", re.I),
    # "up 23.9% if you compare only Monday and Tuesday of each week", "like for like"
    "same days": re.compile(r"\b(?:same\s+days|like[\s-]+for[\s-]+like|of\s+each\s+week|"
                            r"each\s+week['’]s|both\s+weeks|the\s+two\s+(?:mondays|weeks))\b",
                            re.I),
    # "both months: 26 goal days out of 60"
    "both": re.compile(r"\b(?:both|combined|together|altogether|in\s+all|between\s+them|"
                       r"across\s+(?:the\s+)?(?:two|both))\b", re.I),
    # "to beat 69,329 you need 68,518 more"
    "pass": re.compile(r"\b(?:beat|beating|pass|passing|match|matching|top|topping|overtake|"
                       r"overtaking|outdo|better|equal|equalling|catch)\b", re.I),
}


def _led(binder: Binder, at: int, item) -> bool:
    """Whether the sentence at `at` names all of `item`'s days, `item.lead` first."""
    ss, se = binder.sentence(at)
    if not item.days <= binder.days_in(ss, se):
        return False
    k = bisect_left(binder.ref_starts, ss)
    while k < len(binder.refs) and binder.refs[k][0] < se:
        if hit := item.days & binder.refs[k][2]:
            return item.lead in hit
        k += 1
    return False


def _than_days(reply: str, a: Atom, binder: Binder) -> frozenset | None:
    """The days named right after "more than" / "lower than" after `a` ("a quarter higher
    than Tuesday"): the base a share in words is over; None when no day is named there."""
    m = _THAN_AFTER.match(reply, a.end)
    if m is None:
        return None
    k = bisect_left(binder.ref_starts, m.end())
    if k < len(binder.refs) and binder.refs[k][0] <= m.end() + 4:
        return frozenset(binder.refs[k][2]) or None
    return None


_THAN_AFTER = re.compile(r"\s+(?:more|less|fewer|higher|lower|bigger|smaller|up|down|above|"
                         r"below)\s+(?:than\s+|on\s+)?(?:on\s+|your\s+|the\s+)?", re.I)
# a month named in full ("October's shape")
_MONTH_WORD = re.compile(rf"\b({MONTH_WORD})\b", re.I)


def _month_named(reply: str, binder: Binder, a: Atom) -> int | None:
    """The month the sentence of `a` names last before it, when it names one."""
    found = list(_MONTH_WORD.finditer(reply, binder.sentence(a.start)[0], a.start))
    return MONTHS[found[-1][1].lower()] if found else None


# a month, then its figure and an open bracket: "Oct 13,759 ("
_MONTH_BEFORE = re.compile(r"\b(" + "|".join(m for m in MONTHS if len(m) == 3) + r")[a-z]*"
                           r"\.?\s+[\d,]+\s+\($", re.I)


def _later_today(reply: str, a: Atom, ev: Evidence) -> bool:
    """A clock time in digits after the request's "Now:" and before midnight ("a 25-minute
    loop at 19:00 closes it", at 18:22): a time of the day ahead, a plan's; not one told as
    the time now ("it's already 19:00")."""
    return a.kind == "time" and reply[a.start].isdigit() and ev.now_minutes is not None \
        and bool(a.minutes) \
        and all(ev.now_minutes < m < 24 * 60 for m in a.minutes) \
        and not reply[max(0, a.start - 12):a.start].rstrip().lower().endswith(
            ("already", "it's", "it is", "now", "by"))


def _week_before_stated(binder: Binder, a: Atom) -> bool:
    """Whether the request states the week before the one `a`'s sentence is about."""
    found = binder.week_before(*binder.sentence(a.start))
    return found is not None and bool(found[0])


def _value(reply: str, a: Atom, ev: Evidence, binder: Binder) -> tuple[str | None, str | None]:
    if a.value is None:
        return None, None
    pct = a.kind == "percent"
    if not pct and a.value <= 53 and a.unit != "day" and (a.may_hold("week") or a.may_hold("wk")) \
            and _WEEK.search(reply, max(0, a.start - 6), a.start):  # (not "last week 7 days")
        week = int(a.value)
        return ("quoted", ev.weeks[week]) if week in ev.weeks else (None, None)
    center, tol, hedge = precision_of(reply, a, gap=lambda: gap_sign(reply, a) is not None)
    if a.unit == "week" and not pct and (restated := _WEEKS_RESTATED.search(
            reply, binder.sentence(a.start)[0], a.start)) is not None:
        # "13 days away now, just under two weeks": the days just written, said in weeks
        days = int(restated[1])
        side = side_of(reply, a.start)
        low, high = (a.number - 0.5, a.number + 0.5) if not side else \
            (a.number, a.number + 0.5) if side > 0 else (a.number - 0.5, a.number)
        return ("computed", f"{days} days ÷ 7 = {days / 7:.1f} weeks") \
            if low <= days / 7 <= high else (None, None)
    if a.unit in ("week", "month") and not pct and _WEEKS_AHEAD.match(reply, a.end):
        tol = max(tol, 0.5)  # "two weeks away" for 13 days: weeks are said to the nearest
        if side := side_of(reply, a.start):  # "just over two weeks": not 13 days
            center, tol = a.number + side * 0.25, 0.25
    if hedge is not None and _UNDER.fullmatch(hedge[0].strip()) and _GAP_WORD.match(reply, a.end):
        return bounds.within(reply, a, ev, binder)  # "under a thousand short": a bound
    if a.may_hold("within") and (bounded := _WITHIN.search(reply, max(0, a.start - 20),
                                                           a.start)):
        bound = bounds.within(reply, a, ev, binder)
        if bound[0] is not None or not bounded[1]:
            return bound
        # ("came within about 970 of your best day": a gap no bound reads, said as itself)
    mark = None if pct else candidates.both_past(reply, a)
    if mark is not None:
        return candidates.all_past(reply, a, ev, binder, mark)
    return _weigh(reply, a, ev, binder, center, tol, pct)


# "the weekend carried 30.6% of the week's steps": a part of a week as a share of it
_PART_SHARE = re.compile(r"\b(?:weekends?|weekdays?)\b(?:[^.;\n]|\.(?=\d))*\bof\s+"
                         r"(?:the|that|this|your)\s+(?:week|week's|weekly)\b", re.I)
# a period's fact named right before a number ("last wk's best 12,028", "this week's average
# of 11,274")
_PERIOD_FACT_BEFORE = re.compile(
    r"\b(?:last|this|that|previous|prior)\s+(?:wk|week|month)(?:'s|’s)?\s+(?:best|average|avg"
    r"|total|high|low|worst|top|peak)(?:\s+day)?\s+(?:of\s+|was\s+|is\s+|at\s+)?$", re.I)


_N_DAY = re.compile(r"\b(\d{1,3})[- ]days?\b", re.I)
_END_DAYS = re.compile(r"\b(?:first|last|opening|closing|final)\s+$", re.I)
_TIMES_DAYS = re.compile(r"× (\d+) days")


def _days_fit(reply: str, lo: int, hi: int, source: str) -> bool:
    """Whether a projection's days are those its sentence writes, if it writes any ("a full
    30-day month would come to roughly 285,000": × 30, not × 31)."""
    said = {int(m[1]) for m in _N_DAY.finditer(reply, lo, hi)}
    used = _TIMES_DAYS.search(source)
    return not said or used is None or int(used[1]) in said


def _n_days(reply: str, a: Atom, binder: Binder) -> int | None:
    """The days an average or sum is over by its words: "11,274 a day over the three", "the
    other six days averaged 10,280"."""
    over = a.may_start(_OVER_N_STARTS) and _OVER_N.match(reply, a.end) or (
        binder.low is None or binder.low.find(" days ", max(0, a.start - 48), a.start) >= 0
    ) and _N_DAYS_BEFORE.search(reply, max(0, a.start - 48), a.start) or None
    return None if over is None else int(over[1]) if over[1].isdigit() \
        else SMALL.get(over[1].lower())


# "1.4 times Sunday's", "twice last Monday": the day a multiple is of
_TIMES_DAY = re.compile(r"\s*(?:(?:times|x|×)\s+)?(?:last\s+|the\s+)?$", re.I)  # (after "twice")


# "4,348 up on Mon", "600 more than last Monday", "1,200 below Monday's": the day a gap is from
_GAP_FROM = re.compile(r"\s*(?:steps?\s+)?(?:up|down|more|less|fewer|higher|lower|above|below|"
                       r"ahead|behind)\s+(?:on|than|of)\s+(?:last\s+|the\s+)?$", re.I)


def _gap_base(reply: str, a: Atom, binder: Binder) -> frozenset | None:
    """The days of the day reference a gap's words put right after it ("4,348 up on Mon"), the
    day it is from; None when none is."""
    i = bisect_right(binder.ref_starts, a.end)
    if i < len(binder.refs) and binder.refs[i][0] <= a.end + 24 \
            and _GAP_FROM.match(reply[a.end:binder.refs[i][0]]):
        return frozenset(binder.refs[i][2])
    return None


def _base_day(reply: str, a: Atom, binder: Binder) -> frozenset | None:
    """The days of the day reference written right after a multiple ("about 1.4 times
    Sunday's 9,237"), the base it is a multiple of; None when none is."""
    i = bisect_right(binder.ref_starts, a.end)  # (the references after it, in order)
    while i < len(binder.refs) and binder.refs[i][0] <= a.end + 14:
        start, _end, days = binder.refs[i]
        if _TIMES_DAY.match(reply[a.end:start]):
            return frozenset(days)
        i += 1
    return None


def _weigh(reply: str, a: Atom, ev: Evidence, binder: Binder, center: float, tol: float,
           pct: bool) -> tuple[str | None, str | None]:
    # A percentage may be cut rather than rounded ("14%" for 14.7%).
    cut = (a.unit_step if a.unit_step > 0 else 1.0) if pct else 0.0
    if not pct and a.number >= 100 and a.may_hold("of") \
            and (record_of := _BEST_OF_WINDOW.search(reply, max(0, a.start - 48), a.start)) \
            and gap_sign(reply, a) is None:  # (not "best of the last 30 days, 3,311 over goal")
        # "your best of the last 30 days, 12,028 on Nov 25": the record the request states
        # over that window, whatever day a date after it names
        record = next((f for f in ev.facts if f.kind == "best" and f.source.startswith(
            f"best day of the last {record_of[1]}:")), None)
        if record is not None:
            return ("quoted", record.source) if abs(record.value - center) <= tol + 1e-9 \
                else ("unsupported", f"{record.source}, not {reply[a.start:a.end]}")
    counts_days = a.kind == "ordinal" or a.unit in ("day", "time", "week")
    if not candidates.any_by_value(ev, a, center, pct, tol, cut,
                                  counts_days or a.unit is None and not pct):
        return None, None  # no fact or operation has its value: no binding can help
    kinds, sign, position = read_kinds(reply, a, binder, pct)
    if kinds is not None and "goal" not in kinds and not pct and a.may_hold("of") \
            and _OF_WHOLE.search(reply, max(0, a.start - 24), a.start):
        kinds = kinds | {"goal"}  # "you're at 2,214 of 10,000": the whole may be the goal
    # a bare count the words say is of days may also be a count of days
    near = candidates.by_value(ev, a, center, pct, tol, cut, counts_days or a.unit is None
                               and not pct and kinds is not None, kinds is not None)
    if not near:
        return None, None
    days = binder.day(a)
    if days is None and pct and sign is not None:
        # "Monday (9,237) was 6.7% below last week's average": the one day its sentence
        # names before it, against the period named after it (not "After yesterday's 9,237
        # you're behind, but overall it's up 12%")
        lo, hi = binder.sentence(a.start)
        before = {d for d in binder.days_in(lo, a.start) if d in ev.days}
        if len(before) == 1 and not binder.days_in(a.end, hi) \
                and not _TURN.search(reply, lo, a.start):
            days = frozenset(before)
    if days is None and pct and a.may_hold("week") and _PART_SHARE.search(
            reply, *binder.clause(a.start)):  # "the weekend was 23.4% of the week": its days
        part = candidates.week_part(reply, a, binder)
        days = frozenset(d for d in ev.days if (d.weekday() >= 5) == part) or None \
            if part is not None else None
    if days is not None and kinds is not None and _PERIOD_FACT_BEFORE.search(
            reply, max(0, a.start - 40), a.start):
        days = None  # "Tue 13,311 beat last wk's best 12,028": the period's fact, not Tuesday's
    named = binder.last_near  # the day references it sits by, stated or not
    # a run of three or more days named ("Thursday to Sunday"): its operations are over all of it
    run_named = bool(named) and len(named) >= 3 \
        and (max(named) - min(named)).days + 1 == len(named)
    # (the tests that depend only on the candidate, its kinds and days: applied once, kept)
    fitting = shortlist.fitting(ev, near, kinds, days, named)
    if not fitting:
        return None, None  # none fits its kinds and days: the tests below only rule out more
    # Only a number some candidate of a named period could stand for needs the period.
    periods = binder.period(a)
    span = binder.last_span  # "your best day this week": a week the request does not state
    if asked := periods is None and span is None and binder.asked(a):
        periods = asked  # "What was my average over the last 7 days?" "About 9,550 a day."
    if (periods is not None or span is not None) \
            and (claims.own_date_outside(reply, a, binder, ev, periods, span)
                 or claims.from_end(reply, a)):  # "climbed from 8,020 to 9,503"
        periods = span = None  # "October's best ..., compared with 12,993 on Nov 7"
    heads = binder.last_heads and days is None and kinds is None
    # "your best day ever": a record the request states only over a window does not fit
    ever = kinds is not None and not kinds.isdisjoint(("best", "longest")) \
        and _EVER.search(reply, *binder.clause(a.start)) is not None
    n_days: int | None | bool = False  # (read when an average or sum first needs it)
    today_only = frozenset((ev.now,))
    # "about 9,000 on weekdays" (a count of days there may be of any days)
    weekend = candidates.week_part(reply, a, binder) if (pct or a.number >= 100) and not (
        days is not None and len(days) == 1) else None  # ("the weekend ended on Sunday's 11,470")
    if asked and (weekend or claims.days_named(binder, a) > 1):  # "Tue-Thu averaged 9,547"
        periods = asked = None  # the days its words name, not the period the user asked about
    if periods is not None and not candidates.of_periods(ev, near):
        periods = None
    near = fitting
    rate = not pct and per_day(reply, a)  # "about 9,500 a day": not one day's count
    since = binder.since(a) if days is None and (kinds is None or not kinds.isdisjoint(
        ("average", "total", "sum"))) and a.number >= 100 else None
    ev_best = candidates.own_record(reply, a, ev)  # (also when a day named took its kinds)
    out_of = None if pct else claims.out_of_days(reply, a, ev, binder.clause(a.start)[0])
    labelled = None if pct or out_of else claims.labelled_of_days(reply, a)
    best_q: tuple[tuple[float, int, int], facts.Fact] | None = None
    best_c: tuple[tuple[float, int, int], arithmetic.Derived] | None = None
    dated: frozenset[date] | None = None  # (the dates `a`'s sentence names: read when needed)
    ahead = False  # (whether its sentence counts days ahead: read with `dated`)
    base_day = _base_day(reply, a, binder) if a.unit == "multiple" else None
    gap_base = _gap_base(reply, a, binder) if not pct and a.number >= 100 else None
    said_days: frozenset[date] | None = None  # (the stated days its sentence names)
    of_goal = pct and _OF_GOAL_AFTER.match(reply, a.end) is not None \
        and not _WITHIN.search(reply, max(0, a.start - 20), a.start)  # (a bound: "within")
    for dist, item, derived in near:
        if best_q is None and best_c is None:
            pass
        elif dist > (best_q or best_c)[0][0]:  # type: ignore[index]
            break  # nearer candidates were found: the rest cannot win
        # Nearest value first; at equal distance, what is about the days named beside it.
        if named:
            about = item.days if derived else {item.day}
            by_day = 0 if named == about else 1 if named & about else 2
        elif derived and item.kind == "between":
            # "Eleven days of soreness, since Nov 19": the days since a date its sentence
            # names, after it, before any other operation that gives the same value
            if dated is None:
                lo, hi = binder.sentence(a.start)
                dated = frozenset(day for start, day in binder.since_refs if lo <= start < hi) \
                    | {d for start, _, days in binder.refs if lo <= start < hi for d in days}
                ahead = _DAYS_AHEAD.search(reply, lo, hi) is not None
            # else the days to a date ahead when its words look ahead ("12 days out")
            by_day = 0 if item.days & dated else 1 if ahead and ev.now is not None \
                and min(item.days) > ev.now else 2
        else:
            by_day = 2
        rank = (dist, by_day, 0 if derived or item.kind == "day" else 1)  # a day's line first
        # one that cannot beat the best found so far (a quoted one wins a tie) is not tested
        if best_q is not None and best_q[0] <= rank or best_c is not None and (
                best_c[0] <= rank if derived else best_c[0] < rank):
            continue
        if derived and kinds is None and not named and item.kind in ("met", "missed", "recorded") \
                and item.days and len(item.days) < 7 and not (
                    item.kind == "recorded" and _END_DAYS.search(reply, max(0, a.start - 12),
                                                                 a.start)):
            continue  # "take two days of easy walking": no count over some run of the days
            # (but "the first four days" are a run's)
        if derived and item.unit == "ratio" and base_day is not None \
                and not any(f"({short_day(d)})" in item.text.rpartition("÷")[2]
                        for d in base_day):
            continue  # "about 1.4 times Sunday's": a multiple of the day it names (the
            # divisor), no other's
        if derived and item.unit == "ratio" and len(item.days) == 2:
            if said_days is None:  # (read once a number, when a candidate first needs it)
                said_days = frozenset(d for d in binder.days_in(*binder.sentence(a.start))
                                      if d in ev.days)
            if len(said_days) >= 2 and not item.days <= said_days:
                continue  # "From Monday (9,237) to Tuesday (13,311) you stepped up about 1.6
                # times": a multiple of the days the sentence names, not of two others
        if rate and (item.kind in ONE_DAY or derived and item.kind == "diff"
                     and len(item.days) == 2):
            continue  # "about 5,200 a day": no one day's count, nor the gap between two days
        if pct and sign is not None and item.kind != "change":
            continue  # "up 13%" is a change, not a share
        if of_goal and derived and "goal" not in item.text.rpartition("÷")[2]:
            continue  # "Thursday only got to 74% of goal": a share of the goal, over it
        if ev_best and periods is None and span is None and (item.kind in ev_best and (
                derived or item.period is not None and ev_best[item.kind])
                or item.kind == "day" and _EVER.search(ev.question) and any(ev_best.values())):
            continue  # "your best day is ...": the stated record, not a run's, week's or day's
        if derived and item.kind == "next" and not (
                position or _AHEAD.search(reply, *binder.clause(a.start))
                or _IF.search(reply, binder.sentence(a.start)[0], a.start)
                and not _DONE.search(reply, binder.sentence(a.start)[0], a.start)):
            continue  # streak + 1 is "day 2 of your streak", not "2 days in a row"
        if derived and item.kind == "change" and item.text.endswith("goal = ", 0,
                                                                    item.text.rfind("=") + 2) \
                and not (_PAST_MARK.match(reply, a.end)
                         and GOAL_WORD.search(reply, *claims.near_clauses(binder, a))
                         or _GAP_TO_GOAL.search(reply, max(0, a.start - 40), a.start)):
            continue  # "14.7% over": over the goal only when the goal is named beside it
        if derived and item.kind == "diff" and days == today_only and len(item.days) == 2 \
                and ev.now in item.days and not (item.days - today_only) <= binder.days_in(
                    *binder.sentence(a.start)):
            continue  # "about 5,100 still to go": to the goal, not to a day no word names
        if derived and item.cue is not None \
                and not CUES[item.cue].search(reply, *binder.sentence(a.start)):
            continue  # "to beat last week you need 68,518 more": only where it is so said
        if derived and item.kind == "diff" and len(item.days) == 2 and gap_base is not None \
                and not item.days & gap_base:
            continue  # "Tue was 4,348 up on Mon": a gap from the day its words put after it
        if derived and item.lead is not None and not _led(binder, a.start, item):
            continue  # "Tuesday was 25% lower than Wednesday": both days named, Tuesday first
        if derived and item.kind == "projection":  # a pace carried on: only where a pace is
            lo, hi = binder.sentence(a.start)
            if _PACE.search(reply, lo, hi) and _days_fit(reply, lo, hi, item.text):
                best_c = (rank, item)  # (whatever month it names, over the days it writes)
            continue
        own = claims.own_span(item, derived, a, binder, ev, out_of, labelled)  # (days its
        # words name)
        if own is None:
            continue
        if not own and (periods is not None and not candidates.period_ok(
                item, derived, periods, ev, not binder.last_far and not asked)
                or asked and derived and not candidates.spans_asked(item, asked, ev)):
            continue
        if derived and item.kind in ("average", "sum", "met", "missed") and item.days \
                and run_named and item.days != {d for d in named if d in ev.days}:
            continue  # "Thursday to Sunday averaged 10,485": over those days, not some of them
            # ("the seven days from 25 Nov to 1 Dec had the goal met on 4 of them")
        if derived and item.kind in ("average", "sum") and item.days:
            if n_days is False:
                n_days = _n_days(reply, a, binder)
            if n_days and len(item.days) != n_days:
                continue
        if weekend is not None and not (derived and candidates.of_week_part(item, weekend)
                                        or item.kind == "goal"):  # "weekdays ... to 10,000"
            continue
        if ever and not _EVER.search(item.text if derived else item.source):
            continue
        if heads and item.kind in (("best", "lowest") if derived else ("day",)):
            continue  # "your 30-day figure of 9,548": the period's value, not one day's
        if span is not None and days is None and not own \
                and not candidates.span_ok(item, derived, span, ev, binder.last_prior):
            continue
        if since is not None and not candidates.starts_on(item, derived, since, ev):
            continue  # "averaging 9,904 since the 19th": over the days from the 19th
        if derived and item.kind == "change" and item.cue is None \
                and not candidates.both_named(item, a, binder, ev):
            continue  # "down 15% from the week before": a base the sentence does not name
        if derived and item.kind == "recorded" and _NEXT_SPAN.search(
                reply, max(0, a.start - 16), a.start):
            continue  # "over the next 9 days": days ahead, no count of the listed ones
        if derived and item.kind == "record" and (kinds is None or "longest" not in kinds):
            continue  # "3 more days to match your longest streak" needs those words
        if derived and sign is not None and item.sign is not None \
                and not (pct and item.kind == "percent") \
                and (top := on_top(item, a, binder, ev)) is not True \
                and (top is False or item.sign != sign):  # (the day on top, when named)
            continue
        if derived:
            best_c = (rank, item)
        else:
            best_q = (rank, item)
    if best_q is not None and (best_c is None or best_q[0] <= best_c[0]):
        return "quoted", best_q[1].source
    if best_c is not None:
        return "computed", best_c[1].text
    return None, None
