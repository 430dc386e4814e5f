"""Numbers of a reply that are parts of one claim with the number beside them: a date that
says when a count happened ("12,993 steps on Nov 7"), a number written with its own date, a
share against a half of the goal ("4,016, less than half your goal"). Pure functions over
the mentions verdict.py has judged and the request's `Evidence`.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import replace

from coach_tui.coach.grounding.binding import Binder
from coach_tui.coach.grounding.dates import resolve_date
from coach_tui.coach.grounding.facts import Evidence, fmt
from coach_tui.coach.grounding.kinds import label_kinds, per_day
from coach_tui.coach.grounding.leads import larger_day, leader
from coach_tui.coach.grounding.scan import Atom
from coach_tui.coach.grounding.words import MONTH_WORD, SMALL, WEEKDAY_WORD

# "less than half", "nearly half", "just over half": the side of a half a share is on
HALF_SIDE = re.compile(r"(?:(just\s+|a\s+(?:little|bit)\s+|well\s+)?"
                       r"(?:(less\s+than|fewer\s+than|under)|"
                       r"(more\s+than|over))|(nearly|almost)|about|around|roughly)\s+$", re.I)


def half_range(side: re.Match) -> tuple[float, float]:
    """The shares "less than half", "nearly half", "about half", "just over half" allow."""
    lo, hi = (0.2, 0.4995) if side[2] or side[4] else (0.5005, 0.8) if side[3] else (0.4, 0.6)
    if side[4] or side[1] and not side[1].startswith("well"):
        lo, hi = max(lo, 0.4), min(hi, 0.6)  # "nearly half", "just over half": close to it
    return lo, hi


_STOP = re.compile(r"[.!?;]\s|\n")
_GOAL_BASE = re.compile(r"\s+(?:of\s+)?(?:your|the)\s+(?:daily\s+|step\s+)?(?:goal|target)\b",
                        re.I)


_COUNT_ON = re.compile(r"(\d{1,3}(?:,\d{3})+|\d{4,})\s+(?:steps\s+)?on\s+(?:\w+,?\s+)?$")


def date_fits_count(reply: str, a: Atom, ev: Evidence) -> bool:
    """"13,313 steps on November 9th": when the count before a date is a stated day's, the date
    must be that day (the same date elsewhere in the request does not rescue it)."""
    m = _COUNT_ON.search(reply, max(0, a.start - 40), a.start) if a.may_hold("on") else None
    if m is None:
        return True
    value = float(m[1].replace(",", ""))
    days = {f.day for f in ev.facts if f.day is not None and f.value == value}
    on = set(resolve_date(a, ev))
    # ("12,028 on the 19th", the 19th named by the user with no value stated: the count is
    # what the request does not bear out; `dates_of_claims` warns it, the date stands)
    return not days or bool(days & on) or bool(on) and not any(f.day in on for f in ev.facts)


_ON = re.compile(r"\s+(?:steps\s+)?on\s+(?:\w+day,?\s+)?", re.IGNORECASE)
# when the count happened, however it is joined: "12,993 steps on Nov 7", "12,028 steps, set on
# Wednesday the 25th", "11,203 (Wednesday)", "9,548, back on the 19th"
_WHEN = re.compile(r"\s*(?:steps?\b)?\s*(?:,\s*|\(\s*|\s[-–—]\s*)?(?:(?:set|logged|walked|"
                   r"reached|hit|done|recorded|back|which\s+came|that\s+came|which\s+was|"
                   r"that\s+was)\s+)?(?:on\s+)?(?:\w+day,?\s+)?", re.IGNORECASE)


def dates_of_claims(reply: str, atoms: list, out: list, ev: Evidence) -> list:
    """"Your best day ever was 12,993 steps on Nov 7" ("..., set on Nov 7"): a date that says
    when an unsupported count happened, quoted only from the fact that states that count (the
    30-day best), is part of the same claim and unsupported with it. "Saturday to 4,016, less
    than half your goal": a half of the goal is checked against the count right before it
    (unsupported when that count is)."""
    for i in range(1, len(out)):
        m, prev = out[i], out[i - 1]
        j = i - 1 if i < 2 or atoms[i - 1].value != ev.goal else i - 2  # ("to reach 10,000")
        if m.kind == "fraction" and m.text.lower() == "half" and ev.goal \
                and atoms[j].kind == "count" and atoms[j].value is not None \
                and _GOAL_BASE.match(reply, m.end) and not _STOP.search(reply, atoms[j].end,
                                                                        m.start) \
                and (side := HALF_SIDE.search(reply, max(0, m.start - 24), m.start)):
            share, prev = atoms[j].number / ev.goal, out[j]
            lo, hi = half_range(side)
            out[i] = replace(m, outcome="unsupported", source=None) \
                if prev.outcome == "unsupported" or not lo <= share <= hi else \
                replace(m, outcome="computed", source=f"{prev.text} ÷ {fmt(ev.goal)} goal = "
                        f"{share:.1%}, {' '.join(side[0].split())} half")
            continue
        if m.kind == "date" and m.outcome == "quoted" and prev.outcome == "quoted" \
                and prev.kind == "count" and _COUNT_ON.search(reply, prev.start, m.start) \
                and (on := set(resolve_date(atoms[i], ev))) \
                and not any(f.day in on for f in ev.facts) \
                and any(f.day is not None and f.source == prev.source for f in ev.facts):
            out[i - 1] = replace(prev, outcome="unsupported", source=None)  # another day's
            continue
        if m.kind == "date" and m.outcome == "quoted" and prev.outcome == "unsupported" \
                and prev.kind == "count" and m.start - prev.end < 40 \
                and _WHEN.fullmatch(reply, prev.end, m.start) is not None \
                and prev.text in (m.source or ""):
            out[i] = replace(m, outcome="unsupported", source=None)
            continue
        if prev.kind == "date" and prev.outcome == "unsupported" and m.kind == "date" \
                and m.outcome == "quoted" and (how := _window_start(reply, atoms[i - 1],
                                                                    atoms[i], ev)):
            out[i - 1] = replace(prev, outcome="computed", source=how)
    return out


# "the last two weeks (Nov 17 to Nov 30)", "the past 10 days, from Nov 21 to Nov 30": a window
# the words size, its first day counted back from its last
_WINDOW = re.compile(r"\b(?:last|past|previous|those|these|the)\s+(\d{1,2}|[a-z]+)\s+"
                     r"(days|weeks)\b", re.I)
_RANGE_TO = re.compile(r"\s*(?:to|through|thru|until|-|–|—)\s*$", re.I)


def _window_start(reply: str, first: Atom, last: Atom, ev: Evidence) -> str | None:
    """How the first day of a range is worked out ("the last 14 days: 2026-11-30 − 13 days =
    2026-11-17") when its sentence sizes the window in days or weeks before it and the range's
    last day is a true date; else None."""
    if not _RANGE_TO.match(reply[first.end:last.start]):
        return None
    sized = list(_WINDOW.finditer(reply, _sentence_start(reply, first.start), first.start))
    if not sized:
        return None
    word, unit = sized[-1][1], sized[-1][2].lower()
    n = int(word) if word.isdigit() else SMALL.get(word.lower())
    starts, ends = resolve_date(first, ev), resolve_date(last, ev)
    if not n or len(starts) != 1 or len(ends) != 1:
        return None
    days = n * 7 if unit == "weeks" else n
    if (ends[0] - starts[0]).days + 1 != days or ev.now is not None \
            and sized[-1][0].split()[0].lower() in ("last", "past") \
            and not 0 <= (ev.now - ends[0]).days <= 1:
        return None  # (the last days end today or yesterday)
    return f"the last {days} days: {ends[0].isoformat()} − {days - 1} days = " \
        f"{starts[0].isoformat()}"


def own_date_outside(reply: str, a: Atom, binder: Binder, ev: Evidence, periods, span) -> bool:
    """"October's best day was 13,759, compared with 12,993 on Nov 7": a number written with
    its own date ("N on DATE") is about that date, not a period named elsewhere in its
    sentence that the date lies outside."""
    if not a.may_start(("step", "on")) or (on := _ON.match(reply, a.end)) is None:
        return False
    i = bisect_left(binder.ref_starts, on.end())
    if i == len(binder.refs) or binder.refs[i][0] != on.end():
        return False
    spans = [(p.start, p.end) for p in ev.periods if p.label in (periods or ())]
    spans += [span] if span is not None else []
    return all(not lo <= d <= hi for d in binder.refs[i][2] for lo, hi in spans)


# "climbed from 8,020 to 9,503": the earlier end of a change, a period before the one named
_FROM_TO = re.compile(r"\s+(?:steps?\s+)?(?:(?:a|per)\s+day\s+)?(?:in\s+\w+\s+)?to\s+"
                      r"(?:about\s+|roughly\s+)?\d", re.I)


def from_end(reply: str, a: Atom) -> bool:
    """A number after "from" that a "to N" follows: the start of a change, whose period is
    the one before the period its sentence names ("November's average climbed from 8,020 to
    9,503"); the binding of the sentence's period does not hold it."""
    return a.may_end(("from",)) and reply.endswith("from ", 0, a.start) \
        and _FROM_TO.match(reply, a.end) is not None


# "..., and you'll be at 16 by tonight": where the plan leaves the user's own figures
_PROJECTED = re.compile(r"\b(?:(?:you'll|you will|it'll|it will|that'll|that will|which puts you|"
                        r"that puts you)\s+(?:be\s+)?(?:at|on)|(?:today|tonight|it|that)\s+"
                        r"becomes)\s+(?:day\s+)?$", re.I)  # ("and today becomes day two")


def projected(reply: str, a: Atom) -> bool:
    """A bare count or count of days a plan's consequence names ("get a walk in at lunch, and
    you'll be at 16 by tonight") is a claim about where the user's data will stand (a
    streak's next place), not part of the suggestion; a step total it leads to ("and you'll be
    at 10,500") rests on the plan's own sizes and stays with the suggestion."""
    return a.kind == "count" and a.unit in (None, "day") and a.value is not None \
        and a.value < 400 and (a.may_end(("at", "on", "day", "becomes"))
                               and _PROJECTED.search(reply, max(0, a.start - 30), a.start)
                               is not None
                               or reply.endswith(("day ", "Day "), 0, a.start)
                               and _OF_STREAK.match(reply, a.end) is not None
                               and not _LATER_DAY.search(reply, _sentence_start(reply, a.start),
                                                         a.start))


# "do both and day 2 of the streak is banked": the streak's next place, whatever the plan
# (not a later day's: "if tonight and tomorrow both land, Tuesday is day 3")
_OF_STREAK = re.compile(r"\s+of\s+(?:the|your|this|a)\s+(?:\w+\s+)?streak\b", re.I)
_LATER_DAY = re.compile(rf"\b(?:tomorrow|every\s+day|{WEEKDAY_WORD}|(?:{MONTH_WORD})\b|"
                        r"(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b\.?\s*\d)", re.I)


def _sentence_start(reply: str, pos: int) -> int:
    return max(reply.rfind(". ", 0, pos), reply.rfind("\n", 0, pos)) + 1


# A step count in a frame that reports where the user's data stands is a claim, whatever the
# rest of the sentence suggests: "you're at 8,214", "your 7-day average is 9,904", "Sunday's
# 9,257", "the month's best day, 12,993", "1,786 so far / short / to go / from the goal",
# "1,786 more gets you to 10,000", "1,786 more tonight closes out today", "12k would need
# another 4,355".
_REPORT_BEFORE = re.compile(
    r"(?:\byou(?:'re|\s+are)\s+(?:already\s+|now\s+|only\s+|still\s+)?at|\b(?:average|total|"
    r"best(?:\s+day)?|lowest(?:\s+day)?|streak|record)\s+(?:is|was|of|sits\s+at|stands\s+at|"
    r"came\s+to)|\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|tonight|yesterday)'s|"
    r"\bbest\s+day,|\bwas\s+your|\baverag(?:ed|ing)|\bwould\s+need(?:\s+another)?)\s+"
    r"(?:about\s+|roughly\s+|around\s+|just\s+)?$", re.I)
# the words every match of it ends with (before its spaces): `Atom.may_end` spares the search
_REPORT_BEFORE_ENDS = ("at", "is", "was", "of", "to", "'s", ",", "your", "averaged",
                       "averaging", "need", "another", "about", "roughly", "around", "just")
# "a weekly total of 70,000 is a good target", "a total of about 73,000 would beat last week":
# what the words propose, not a report
_PROPOSED_AFTER = re.compile(r"(?:\s+(?:steps?|a\s+day|a\s+week|for\s+the\s+week))?\s+"
                             r"(?:(?:is|would\s+be|makes)\s+(?:a|an)\s+(?:\w+\s+){0,2}"
                             r"(?:target|goal|aim)\b|would\s+(?:beat|top|pass|clear)\b)", re.I)
# "aim for a December average of around 10,500": an average aimed for, not one reported
_AIMED_BEFORE = re.compile(r"\b(?:aim|aiming|shoot|go|push|target|targeting|try)\s+for\s+"
                           r"(?:a|an)\s+(?:[\w*]+\s+){0,2}(?:average|total)\s+of\s+(?:\*\*)?(?:about\s+|"
                           r"roughly\s+|around\s+|just\s+)?(?:\*\*)?$", re.I)
# "can you have 5,000 on the board by four?": a challenge put to the reader, not a report
_ASKED = re.compile(r"\b(?:can|could)\s+you\s+(?:\w+\s+){1,2}$", re.IGNORECASE)
_REPORT_AFTER = re.compile(
    r"\s*(?:steps?\s+)?(?:so\s+far\b|on\s+the\s+board\b|short\b|to\s+go\b|shy\b|from\s+"
    r"(?:today's\s+|your\s+|the\s+)goal\b|more\s+(?:\w+\s+)?(?:gets?\s+you|would|(?:closes|"
    r"finishes|completes|wraps|seals|puts\s+you|takes\s+you)\b|to\s+(?:hit|reach|make|close|"
    r"finish)))", re.I)


# "you're at 8,214, so 1,786 more (tonight)": what today's count leaves, a gap to the goal
_SO_MORE = re.compile(r"\byou(?:'re|\s+are)\s+(?:\w+\s+)?(?:at|on)\s+[\d,.]+k?(?:\s+steps?)?"
                      r"(?:\s+\w+)?,?\s+so\s+(?:about\s+|roughly\s+|just\s+)?$", re.I)
_MORE = re.compile(r"\s+(?:steps?\s+)?more\b", re.I)


def reported(reply: str, a: Atom) -> bool:
    """A step count in a frame that reports the user's data (above), a count of days a
    report's label names ("**Streak:** 2 days"), or a plan's consequence for a count
    (`projected`): a claim, not advice."""
    if a.kind == "count" and a.unit in (None, "step") and a.value is not None \
            and a.value >= 100 and not _PROPOSED_AFTER.match(reply, a.end) \
            and not _AIMED_BEFORE.search(reply, max(0, a.start - 60), a.start) \
            and (a.may_end(_REPORT_BEFORE_ENDS)
                                    and _REPORT_BEFORE.search(reply, max(0, a.start - 40), a.start)
                                    or _REPORT_AFTER.match(reply, a.end)
                                    and not _ASKED.search(reply, max(0, a.start - 30), a.start)
                                    or _MORE.match(reply, a.end)
                                    and _SO_MORE.search(reply, max(0, a.start - 50), a.start)):
        return True
    return projected(reply, a) or a.kind == "count" and (
        label_kinds(reply, a) is not None
        or reply.endswith("at ", 0, a.start) and _ITS_SIZE.match(reply, a.end) is not None)


# "Keep the streak alive; at 47 days it's worth protecting": what it is, said in passing
_ITS_SIZE = re.compile(r"\s*(?:-\s*)?days?(?:\s+long)?,?\s+(?:it|that|the\s+streak|your\s+streak|"
                       r"the\s+run)(?:'s|’s|\s+is|\s+was)\b", re.I)


def near_clauses(binder: Binder, a: Atom) -> tuple[int, int]:
    """The span of the number's clause and the one before it in its sentence."""
    cs, ce = binder.clause(a.start)
    ss = binder.sentence(a.start)[0]
    return (binder.clause(cs - 2)[0] if cs - 2 > ss else ss), ce


# "met on only 1 of the 7 days", "3 of your last 7 days": the days a count is out of
_OF_N_DAYS = re.compile(r"\s+(?:out\s+)?of\s+(?:the\s+|your\s+|those\s+|these\s+)?"
                        r"(?:last\s+|past\s+)?(\d+|two|three|four|five|six|seven|eight|nine|"
                        r"ten)\s+(?:goal\s+)?days\b"
                        # "on one day out of seven", "3 goal days of 7"
                        r"|\s+(?:goal\s+)?days?\s+(?:out\s+)?of\s+(?:the\s+)?(\d+|two|three|"
                        r"four|five|six|seven|eight|nine|ten)\b(?!\s*(?:%|percent|steps?))",
                        re.IGNORECASE)


def out_of_days(reply: str, a: Atom, ev: Evidence, clause_start: int = 0) -> int | None:
    """N in "X of the N days" right after a count, or in "over the last N days" before a
    count of goal days in its clause: the span the count is over."""
    m = _OF_N_DAYS.match(reply, a.end) if a.may_start(("of", "out", "day", "goal")) else None
    if m is None:
        if not _GOAL_DAYS_AFTER.match(reply, a.end):
            return None
        m = next(reversed(list(_OVER_N_DAYS.finditer(reply, clause_start, a.start))), None)
        if m is None:
            return None
    n = m[1] or m[2]
    return int(n) if n.isdigit() else SMALL.get(n.lower())


# after a count a line's label says is of goal days: "of 29", "of **29**", "out of 7"
_OF_N_LABELLED = re.compile(r"(?:\*\*|__)?\s+(?:out\s+)?of\s+(?:\*\*|__)?(\d{1,3})(?:\*\*|__)?"
                            r"(?![\d,.]\d)")


def labelled_of_days(reply: str, a: Atom) -> int | None:
    """N in "- **Goal days:** **14** of **29**": the days a count a line's label says is of
    goal days is over (it rules out a fact over other days; the period named still binds)."""
    if label_kinds(reply, a) is None or (m := _OF_N_LABELLED.match(reply, a.end)) is None:
        return None
    return int(m[1])


# "Over the last 7 days you had 1 goal day": the window a count of goal days is over
_OVER_N_DAYS = re.compile(r"\b(?:over|in|across|during)\s+(?:the\s+|your\s+)?(?:last|past)\s+"
                          r"(\d+|two|three|four|five|six|seven|eight|nine|ten)\s+days\b()",
                          re.IGNORECASE)
_GOAL_DAYS_AFTER = re.compile(r"\s+goal\s+days?\b|\s+days?\s+(?:at|over|above|on)\s+"
                              r"(?:the\s+|your\s+)?goal\b", re.IGNORECASE)


def date_named(item, a: Atom, binder: Binder) -> bool:
    """An operation's dates are among those named in the number's sentence."""
    ss, se = binder.sentence(a.start)
    lo = bisect_left(binder.ref_starts, ss)
    named = {d for start, _, days in binder.refs[lo:bisect_left(binder.ref_starts, se, lo)]
             for d in days}
    return bool(named) and item.days <= named


def _other_date(item, a: Atom, binder: Binder) -> bool:
    """The number's clause names a date, and not one of the operation's."""
    cs, ce = binder.clause(a.start)
    lo = bisect_left(binder.ref_starts, cs)
    named = {d for _, _, days in binder.refs[lo:bisect_left(binder.ref_starts, ce, lo)]
             for d in days}
    return bool(named) and item.days.isdisjoint(named)


def days_named(binder: Binder, a: Atom) -> int:
    """How many days the number's sentence names ("Wednesday to Sunday": five)."""
    ss, se = binder.sentence(a.start)
    lo = bisect_left(binder.ref_starts, ss)
    return len({d for start, _, days in binder.refs[lo:bisect_left(binder.ref_starts, se, lo)]
                for d in days})


def spans_n(item, derived: bool, n: int, ev: Evidence) -> bool:
    """A count over `n` days: an operation over that many, or a stated period that long."""
    if derived and item.days:
        return len(item.days) == n
    labels = ev.named.get(id(item)) or () if derived else (item.period,)
    return any(p.label in labels and (p.end - p.start).days + 1 == n for p in ev.periods)


def own_span(item, derived: bool, a: Atom, binder: Binder, ev: Evidence,
             out_of: int | None, labelled: int | None = None) -> bool | None:
    """Whether a candidate is over days the number's own words name, so that the period the
    sentence is about does not bind it: days or weeks to a date named beside them ("the 10k
    on Dec 13, three weeks after this week ended"), a count "of the 7 days" over 7 days
    whatever period is named. None when those words rule the candidate out ("met on 2 of the
    7 days" is no count over 5)."""
    if out_of and item.kind in ("met", "missed"):
        return True if spans_n(item, derived, out_of, ev) else None
    if labelled and item.kind in ("met", "missed") and not spans_n(item, derived, labelled, ev):
        return None  # "**Goal days:** 14 of 29": no count over the last 30 days
    if derived and item.kind == "sum" and len(item.days) > 1 and per_day(binder.reply, a):
        return None  # "about 13,150 a day": a rate, not the sum of several days' counts
    if derived and item.kind == "diff" and len(item.days) == 2:
        top = larger_day(item.days, ev)  # "Tuesday beat Wednesday by 3,065": Tuesday's larger
        if top is not None and top not in (leader(a, binder) or item.days):
            return None
    if not derived or item.kind != "between":
        return False
    if item.days and ev.now is not None:  # "three weeks away" is no count back to a past date
        after = binder.reply[a.end:min(len(binder.reply), a.end + 24)]
        ahead, back = _AHEAD_CUE.match(after), _BACK_CUE.match(after)
        if ahead and not back and min(item.days) < ev.now \
                or back and not ahead and min(item.days) > ev.now:
            return None
    if date_named(item, a, binder):
        return True
    if _other_date(item, a, binder):
        return None  # "the 19th was about three weeks ago": days from the 19th, not the 7th
    # with its date not named, days to or from it need words that count so ("11 days away",
    # "the 10k is in 11 days", "since the 19th"): a bare "5 days" is no span to a date; and
    # the way they count: "6 days still to go" is no count of days since a date gone by
    ss, se = binder.sentence(a.start)
    if not _BETWEEN_CUE.search(binder.reply, ss, se):
        return None
    if item.text.startswith("days since ") and not _SINCE_CUE.search(binder.reply, ss, se):
        return None
    return False


# the way a count of days or weeks right after the number runs: "away", "out", "to go"; "ago"
_AHEAD_CUE = re.compile(r"[\s-]*(?:days?|weeks?|months?)\s+(?:away|out|until|till|to\s+go|"
                        r"ahead|left)\b", re.I)
_BACK_CUE = re.compile(r"[\s-]*(?:days?|weeks?|months?)\s+(?:ago|since|back|earlier)\b", re.I)
_SINCE_CUE = re.compile(r"\b(?:since|ago|after|from|before|back|earlier|passed|been)\b", re.I)


_BETWEEN_CUE = re.compile(r"\b(?:away|since|until|till|ago|weeks?\s+out|left|to\s+go|from\s+"
                          r"(?:now|today)|before|after|in\s+\S+\s+(?:days|weeks)|"
                          r"(?:days?|weeks?)\s+(?:off|out)(?=\s*[.,;!?]|\s*$)"
                          r"|days?\s+to(?=\s+(?:the|your|race)\b))\b", re.I)


def asked_both(named, ev: Evidence) -> bool:
    """Whether the user's question names both periods of a change ("Compare October and
    November"): then "November was up 18.5%" is on October whatever its sentence names."""
    question = ev.question.lower()
    return bool(question) and all(
        _LABEL_HEAD.split(label)[0].lower() in question for label in named)


_LABEL_HEAD = re.compile(r"\s+\d{4}\b|\s+so far\b")  # "October 2026", "this week so far"


def round_plan(reply: str, a: Atom, source: str | None, sizes_advice: Callable[[Atom], bool],
               sentence: Callable[[int], tuple[int, int]]) -> bool:
    """A round count (a multiple of 500) in a suggestion that an operation of numbers its
    sentence does not write gives only nearly ("13,311 − 10,269 = 3,042" for "get 3,000 in
    before lunch", "65,763 ÷ 6 = 10,960" for a plan's "Wed: 11,000"): a plan's size, not a
    result ("12,000 a day would be about 2,500 more than your average" is 12,000 − 9,494)."""
    if a.kind != "count" or a.value is None or a.number < 500 or a.number % 500 \
            or source is None or source.endswith(f"= {fmt(a.number)}"):
        return False
    start, end = sentence(a.start)
    said = reply[start:end].replace(",", "").lower()
    for operand in _OPERAND.findall(source.rpartition("=")[0]):
        value = int(operand.replace(",", ""))
        if str(value) in said or value % 1000 == 0 and f"{value // 1000}k" in said:
            return False
    return sizes_advice(a) and not reported(reply, a)


_OPERAND = re.compile(r"\d{1,3}(?:,\d{3})+|\d{4,}")
