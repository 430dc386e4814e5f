"""A date in a reply as the days it can mean, and day ranges: pure helpers for binding.py.

`resolve_date(atom, evidence)`: a date written without a year is the one nearest the request's
"Now:" date (else the latest day it states); "the 19th" is the stated 19th nearest now (three
months back, one ahead), else the latest 19th on or before now; a weekday written with a date
must fit it. `day_ranges(reply, refs)` joins "Saturday to Tuesday" into one reference to
every day from the first to the last. `period_labels(evidence, name)`: the stated periods a
period name in a reply ("last week", "November", "7-day") can mean; `calendar_span` the days
one the request does not state means. `as_written(reply, atom)`: "the 19th" as a date, "after
six" or "from 9 to 5" as hours.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from datetime import date, timedelta

from coach_tui.coach.grounding.facts import Evidence
from coach_tui.coach.grounding.scan import Atom
from coach_tui.coach.grounding.words import (
    MONTHS,
    SMALL,
    WEEKDAYS,
    fast_words,
    may_end,
    valid_date,
)
from coach_tui.memory.datewords import MONTHS as MONTH_NAMES

_TODAY = frozenset(("today", "this morning", "tonight", "right now"))
# "Saturday to Tuesday", "Fri→Sat", "the 27th to the 29th": every day from the first to the last
# ("Friday-to-Saturday slide": the words hyphenated into one)
_RANGE_WORD = re.compile(r"\s*(?:to|through|thru|-|–|→|->|-(?:to|through|thru)-)\s*(?:the\s+)?",
                         re.IGNORECASE)


def day_ranges(reply: str, refs: list) -> list:
    """"Saturday to Tuesday": one reference to every day from the first to the last."""
    out: list = []
    for ref in refs:
        if out and out[-1][2] and ref[2] and _RANGE_WORD.fullmatch(reply, out[-1][1], ref[0]):
            # (of the days each end may mean, the one pair in order: "Mon–Fri" on a Monday is
            # last Monday to Friday)
            pairs = [(f, t) for f in out[-1][2] for t in ref[2] if f < t and (t - f).days <= 14]
            first, last = pairs[0] if len(pairs) == 1 else (None, None)
            if first is not None and last is not None:
                span = frozenset(first + timedelta(days=i) for i in range((last - first).days + 1))
                out[-1] = (out[-1][0], ref[1], span)
                continue
        out.append(ref)
    return out


def _reference(ev: Evidence) -> date | None:
    """The day a date without a year is read against: now, else the latest day stated."""
    if ev.now is not None:
        return ev.now
    return max(ev.days) if ev.days else max(ev.dates) if ev.dates else None


def resolve_date(a: Atom, ev: Evidence) -> list[date]:
    """The concrete days a date atom can mean (see the module docstring)."""
    out = []
    for y, mo, d, wd in a.dates:
        if mo is None:
            out += _day_of_month(ev, d, wd)
            continue
        if y is not None:
            if valid_date(y, mo, d):
                out.append(date(y, mo, d))
            continue
        ref = _reference(ev)
        if ref is None:
            continue
        options = [date(yy, mo, d) for yy in (ref.year - 1, ref.year, ref.year + 1)
                   if valid_date(yy, mo, d)]
        if options:
            best = min(options, key=lambda x: abs((x - ref).days))
            if wd is None or best.weekday() == wd:
                out.append(best)
    return out


def month_day(ev: Evidence, day: int) -> date | None:
    """The date a bare "the 19th" the request says means: the latest on or before now
    ("sore since the 19th", said on the 30th: this month's)."""
    found = _around(ev, day, None)
    return found[0] if found else None


def _day_of_month(ev: Evidence, day: int, weekday: int | None) -> list[date]:
    """The dates "the 19th" can mean around now (three months back, one ahead): the stated
    ones nearest now first, else the latest on or before now (with a weekday, the nearest)."""
    found = _around(ev, day, weekday)
    if weekday is None and day in ev.month_days:
        return found[:1]  # the request's own "since the 19th": `month_day`'s, the latest on or
        # before now, not an older dated line that falls on a 19th
    stated = [d for d in found if d in ev.dates or (d.month, d.day) in ev.yearless]
    return stated[:1] or found[:1]


def _around(ev: Evidence, day: int, weekday: int | None) -> list[date]:
    ref = _reference(ev)
    if ref is None:
        return []
    found = []
    for back in range(-1, 4):
        y, m = ref.year, ref.month - back
        while m < 1:
            y, m = y - 1, m + 12
        while m > 12:
            y, m = y + 1, m - 12
        if valid_date(y, m, day) and (weekday is None or date(y, m, day).weekday() == weekday):
            found.append(date(y, m, day))
    # (a weekday names one of them: "Thursday the 3rd" three days ahead, not the Thursday
    # the 3rd of September, the same weekday thirteen weeks back)
    found.sort(key=lambda d: (d > ref and weekday is None, abs((d - ref).days)))
    return found


_NUMBER_WORDS = {"seven": "7", "thirty": "30"}


def calendar_span(ev: Evidence, name: str) -> tuple[date, date] | None:
    """The days a period name the request does not state still means: "this week" (Monday
    to now), "last week" (the Monday-to-Sunday before), a month (the latest on or before
    now)."""
    ref = _reference(ev)
    if ref is None:
        return None
    monday = ref - timedelta(days=ref.weekday())
    if name == "this week":
        return monday, ref
    if name == "last week":
        return monday - timedelta(days=7), monday - timedelta(days=1)
    if name in MONTH_NAMES:
        m = MONTH_NAMES.index(name) + 1
        y = ref.year if m <= ref.month else ref.year - 1
        nxt = date(y + m // 12, m % 12 + 1, 1)
        return date(y, m, 1), nxt - timedelta(days=1)
    return None


def period_labels(ev: Evidence, name: str) -> tuple[str, ...]:
    """The stated periods a name in a reply can mean."""
    for word, digits in _NUMBER_WORDS.items():
        name = name.replace(word, digits)
    if _DAYS_IMPLIED.fullmatch(name):
        name += " days"  # "13 of the last 30": days, the unit a count of days leaves out
    m = re.search(r"\d+", name)
    out = []
    for p in ev.periods:
        label = p.label.lower()
        by_number = m and ("day" in name and (f"{m[0]} days" in label or label == f"{m[0]}-day"
                                              or label == f"last {m[0]} days")
                           or "week" in name and f"week {m[0]} " in label + " ")
        this_month = name == "this month" and ev.now is not None \
            and p.start.month == ev.now.month and p.start.day == 1
        last_month = name == "last month" and ev.now is not None and p.start.day == 1 \
            and (p.start.month % 12) + 1 == ev.now.month
        # "November": a stated window that is that whole month ("last 30 days", Nov 1-30)
        whole = name in MONTHS and p.start.month == MONTHS[name] and p.start.day == 1 \
            and p.end.month == p.start.month and (p.end + timedelta(days=1)).day == 1
        if by_number or not m and (name in label or this_month or last_month or whole):
            out.append(p.label)
    if not out and name == "last week":  # the week just gone, when only a window is stated
        out = list(period_labels(ev, "last 7 days") + period_labels(ev, "7-day"))
    # periods over the same days are one period ("7-day" and a review's "week 48"); a name
    # the request does not state means its calendar days ("this week" in a review)
    spans = {(p.start, p.end) for p in ev.periods if p.label in out}
    if not out:
        calendar = calendar_span(ev, name)
        spans = {calendar} if calendar is not None else set()
    out += [p.label for p in ev.periods if (p.start, p.end) in spans and p.label not in out]
    return tuple(out)


def word_days(ev: Evidence, word: str) -> frozenset:
    """The days a day word means: "today", "yesterday", a weekday (the latest stated one on
    or before now, and today when it is that weekday, else the last one before now)."""
    if ev.now is None and not ev.days:
        return frozenset()
    low = word.lower().removesuffix("'s")
    if low in _TODAY:
        return frozenset([ev.now]) if ev.now else frozenset()
    if low == "yesterday":
        return frozenset([ev.now - timedelta(days=1)]) if ev.now else frozenset()
    if len(low) <= 3 and not word[0].isupper():
        return frozenset()  # "sat", "wed": a verb more often than a day
    wd = WEEKDAYS[low]
    limit = ev.now or max(ev.days)
    stated = [d for d in ev.days if d.weekday() == wd and d <= limit]
    today = [ev.now] if ev.now is not None and ev.now.weekday() == wd else []
    if stated or today:
        return frozenset(stated[-1:] if not stated else [max(stated)]) | frozenset(today)
    back = (limit.weekday() - wd) % 7 or 7
    return frozenset([limit - timedelta(days=back)])


_BEFORE_LAST = re.compile(r"\s+before\s+last\b", re.I)
# "the Monday before" on its own (not "the Monday before the race", "before I ...")
_BEFORE_ALONE = re.compile(r"\s+(?:that\s+)?before\b(?!\s+(?:the|a|an|my|your|his|her|its|it|that|"
                           r"this|those|we|you|i|he|she|they|last|then|christmas|\w+ing)\b)",
                           re.I)
_WEEKS_AGO = re.compile(r"\b(a|one|two|three)\s+(week|fortnight)s?\s+ago\s+$", re.I)
_DAY_BEFORE = re.compile(r"\bthe\s+day\s+before\s+$", re.I)
_PREVIOUS = re.compile(r"\bthe\s+(?:previous|prior)\s+$", re.I)


def days_back(reply: str, start: int, end: int) -> int:
    """How many days before what the day word at `start:end` means the words around it put
    the day: "the Tuesday before last" a week before the latest Tuesday, "the day before
    yesterday" one day before yesterday, "a week ago today" seven days; 0 for none."""
    if _BEFORE_LAST.match(reply, end):
        return 7
    if reply.endswith(("the ", "The "), 0, start) and _BEFORE_ALONE.match(reply, end):
        return 7  # "close to the Monday before at 9,231": the same weekday a week earlier
    if reply.endswith("ago ", 0, start) and (ago := _WEEKS_AGO.search(
            reply, max(0, start - 24), start)):  # "a week ago yesterday", "a fortnight ago today"
        return (7 if ago[2].lower() == "week" else 14) * (SMALL.get(ago[1].lower()) or 1)
    if reply.endswith(("previous ", "prior "), 0, start) \
            and _PREVIOUS.search(reply, max(0, start - 14), start):
        return 7  # "9,237, up 6 on the previous Monday's 9,231": the one a week before
    return 1 if reply.endswith("before ", 0, start) \
        and _DAY_BEFORE.search(reply, max(0, start - 16), start) else 0


def unlisted(ev: Evidence, day: date) -> bool:
    """A past day inside a period the request sums up, with no line of its own."""
    return (ev.now is None or day < ev.now) and day not in ev.dates \
        and any(p.start <= day <= p.end for p in ev.periods) \
        and not any(f.day == day for f in ev.facts)


def respective(reply: str, atoms: list[Atom], refs: list) -> dict[int, frozenset]:
    """Day lists and the step counts listed after them in the same sentence, paired in
    order ("Monday and Tuesday were both soft at 9,231 and 8,963"), or right before them
    ("9,231 and 8,963 on Monday and Tuesday"): a count's start → its day's days."""
    out: dict[int, frozenset] = {}
    if not refs:
        return out
    counts = [a for a in atoms if a.kind == "count" and a.value is not None and a.value >= 100]
    groups: list[list[Atom]] = []
    for a in counts:
        if groups and reply[groups[-1][-1].end:a.start].lstrip()[:1] in _LISTED_FIRST \
                and _LISTED.fullmatch(reply, groups[-1][-1].end, a.start):
            groups[-1].append(a)
        else:
            groups.append([a])
    days: list[list] = []
    for ref in refs:
        if days and reply[days[-1][-1][1]:ref[0]].lstrip()[:1] in _LISTED_DAY_FIRST \
                and _LISTED_DAY.fullmatch(reply, days[-1][-1][1], ref[0]):
            days[-1].append(ref)
        else:
            days.append([ref])
    ends = [d[-1][1] for d in days]  # (in order: the last list before a group by bisect)
    ordered = ends == sorted(ends)
    starts = [a.start for a in counts]
    for group in groups:
        if len(group) < 2:
            continue
        after = next((d for d in days if d[0][0] >= group[-1].end), None)
        if after is not None and len(after) == len(group) \
                and _ON_DAYS.fullmatch(reply, group[-1].end, after[0][0]):
            for a, ref in zip(group, after, strict=True):  # "9,231 and 8,963 on Monday and
                out[a.start] = ref[2]  # Tuesday": the days listed right after, in order
            continue
        if ordered:
            i = bisect_right(ends, group[0].start)
            before = days[i - 1:i]
        else:
            before = [d for d in days if d[-1][1] <= group[0].start]
        if before and len(before[-1]) == 1 and len(before[-1][0][2]) == len(group) <= 3:
            # "a slow Monday-Tuesday start of 9,231 and 8,963": a short run's days in order
            listed = [(*before[-1][0][:2], frozenset((d,)), *before[-1][0][3:])
                      for d in sorted(before[-1][0][2])]
        elif before and len(before[-1]) == 1 and len(before[-1][0][2]) == 1 \
                and len(group) <= 3 and _THEN.search(reply, group[0].end, group[-1].start):
            # "from Friday the numbers fell: 5,699 and then 4,016": days in a row from the one
            # named ("into Saturday: 5,699 then 4,016": to it)
            ref = before[-1][0]
            day = next(iter(ref[2]))
            if _INTO.search(reply, max(0, ref[0] - 12), ref[0]):
                day -= timedelta(days=len(group) - 1)
            listed = [(*ref[:2], frozenset((day + timedelta(days=k),)), *ref[3:])
                      for k in range(len(group))]
        elif not before or len(before[-1]) != len(group):
            continue
        else:
            listed = before[-1]
        between = reply[listed[-1][1]:group[0].start]
        j = bisect_left(starts, listed[-1][1])  # (a count between the list and the group,
        # not a mark they fell under: "both stalled below 10,000, at 9,231 and 8,963")
        while j < len(starts) and starts[j] < group[0].start \
                and _MARK_BEFORE.search(reply, max(0, starts[j] - 12), starts[j]):
            j += 1
        if _SENTENCE_BREAK.search(between) or j < len(starts) and starts[j] < group[0].start \
                and not reply.endswith("(", 0, group[0].start):
            continue  # (a count between, unless the group restates in brackets: "both sat
            # around 9k (9,231 and 8,963)")
        for a, ref in zip(group, listed, strict=True):
            out[a.start] = ref[2]
    return out


_SENTENCE_BREAK = re.compile(r"[.!?]\s|\n")
_MARK_BEFORE = re.compile(r"\b(?:below|under|above|over|beyond|past|short\s+of)\s+$", re.I)
_THEN = re.compile(r"\bthen\b", re.I)
_INTO = re.compile(r"\b(?:into|to|through|till|until)\s+$", re.I)
_ON_DAYS = re.compile(r"\s*(?:steps?\s+)?(?:on|for)\s+(?:the\s+)?", re.I)
_LISTED = re.compile(r"(?:\s*steps?)?\s*(?:,\s*|,?\s+and\s+|\s*&\s*|\s*\+\s*|,?\s+(?=then\s))"
                     r"(?:then\s+)?", re.I)  # ("Monday and Tuesday were 9,231 + 8,963 = 18,194")
# ("a slow Monday-Tuesday start of 9,231 and 8,963", "Sat/Sun")
_LISTED_DAY = re.compile(r"(?:'s|’s)?\s*(?:,\s*|,?\s+and\s+|\s*&\s*|[-–/])", re.I)
# what a match of each begins with after spaces (tested first: most gaps hold words); "ſ" is
# an "s" to a case-blind pattern
_LISTED_FIRST = frozenset(",aA&tTsSſ+")
_LISTED_DAY_FIRST = frozenset("'’,aA&-–/")


_DAYS_IMPLIED = re.compile(r"last \d+", re.I)
# Period names a reply may tie a number to (binding.py).
PERIOD_WORDS = fast_words([
    *MONTH_NAMES, "last week", "this week", r"last \d+ days",
    # "13 of the last 30": the days a count of days leaves out (not "your best of the last 30")
    # (the exact pattern checks a match alone: there the lookbehind is the string's start)
    r"past \d+ days",
    # "9,494 a day over 30 days": an average over a stated window that long (none: nothing)
    r"over(?:(?<=a day over)|(?<=per day over)|(?<=^over)) \d+ days",
    r"across(?:(?<=a day across)|(?<=per day across)|(?<=^across)) \d+ days",
    # and "Over the last 30 you hit goal 16 times": a window its preposition opens ("9,905
    # this week, while the last 30 averaged 9,494": or a contrast)
    r"last(?:(?<=\d of the last)|(?<=^last)|(?<=over the last)|(?<=in the last)|"
    r"(?<=across the last)|(?<=while the last)|(?<=whereas the last)|(?<=and the last)"
    r"|(?<=but the last)) [1-9]\d?(?! ?days?\b)(?![\d,.]\d)",
    "last seven days", "last thirty days", "past seven days", "seven-day", "thirty-day",
    r"0\d*-day", r"1\d*-day", r"2\d*-day", r"3\d*-day", r"4\d*-day", r"5\d*-day",
    r"6\d*-day", r"7\d*-day", r"8\d*-day", r"9\d*-day", r"week \d+", "the month",
    "this month", "last month"])
# Names that, when the request states no such period, bind a number to nothing it states.
UNSTATED = re.compile(r"[a-z]+ber$|january|february|march|april|may|june|july|august|"
                       r"last week|this week", re.I)


def date_ahead(a: Atom, ev: Evidence) -> bool:
    """A date after the request's today ("see a physio if it's not better by Dec 7", "Fri
    4: easy 5k") is a plan or a deadline unless it is near a day ahead the request states."""
    if a.kind != "date" or ev.now is None:
        return False
    days = resolve_date(a, ev)
    # When the request states days ahead (a race on Dec 13), a date ahead within a few days of
    # one may be a claim about it ("the race on Saturday the 12th"); "check in on Thursday
    # the 3rd", ten days before, is a plan.
    now = ev.now
    ahead = [d for d in ev.dates if d > now] + [date(now.year, m, d) for m, d in ev.yearless
                                                if (m, d) > (now.month, now.day)
                                                and valid_date(now.year, m, d)]
    return bool(days) and min(days) > now and not any(
        abs((d - x).days) <= _NEAR_AHEAD for d in days for x in ahead)


_NEAR_AHEAD = 3  # days: a date ahead this near a stated one may be a wrong copy of it


_HOUR_CUE = re.compile(r"\b(?:at|after|before|around|by|until|till|from|to)[\s-]+$", re.I)
# "your streak at 1", "your streak's alive at 1", "the total to 14", "you're already at 1",
# "you'll be at 2", "the streak goes from 1 to 2", "(the streak restarted on Tuesday and) sits
# at 1": a fact's level, where the user stands, not an hour.
_LEVEL_CUE = re.compile(r"\b(?:(?:streak|average|total|count|tally|run|goal days|days)(?:'s|’s)?\s+"
                        r"(?:is\s+|was\s+|back\s+|now\s+|up\s+|down\s+|going\s+|goes\s+|gets\s+|"
                        r"went\s+|moves\s+|climbs\s+|rises\s+|alive\s+|still\s+|safe\s+|"
                        r"intact\s+|holding\s+|live\s+){0,2}(?:at|to)|(?:streak|average|total|"
                        r"tally)\s+(?:\w+\s+){0,2}?from(?:\s+\w+\s+to)?|(?:you're|"
                        r"you are|you were|we're|you'll be|you will be)\s+(?:already\s+|now\s+|"
                        r"still\s+|currently\s+|sitting\s+|only\s+)*at|(?:sits|sat|stands|"
                        r"stood|stays|remains)\s+at)\s+$", re.I)
# "see where you are at 6": where the user stands is asked, "at 6" is when
_WHERE_AT = re.compile(r"\bwhere\s+(?:you're|you\s+are|you'll\s+be|you\s+stand)\s+at\s+$",
                       re.I)
_HOUR_TO = re.compile(r"\s*(?:to|until|till|[–-])\s*(?:[1-9]|1[0-2])(?:\s*[ap]m)?\b(?![,.]\d)",
                      re.I)
# "from 1 to 2 days", "3-4 weeks": the first of two counts of a unit, not an hour
_COUNTS_TO = re.compile(r"\s*(?:to|[–-])\s*\d{1,2}\s+(?:days?|weeks?|walks?|times)\b", re.I)
# "one from two", "3 from 7": a count out of a count, not an hour
_N_FROM = re.compile(r"\b(?:\d+|one|two|three|four|five|six|seven|none)\s+from\s+$", re.I)
# "your streak from 1 day to 2": a count of days, not an hour
_FROM_DAYS = re.compile(r"\bfrom\s+\S+\s+(?:days?|weeks?|walks?)\s+to\s+$", re.I)
_THE_BEFORE = re.compile(r"\bthe\s+$", re.IGNORECASE)
# "the twenty-sixth" is a date; "the third of them", "the fifth-best", "the third-highest" not
_WORD_NOT_DATE = re.compile(rf"\s+of\s+(?!(?:{'|'.join(MONTHS)})\b)|-|\s+\w+est\b", re.I)
_ORDINAL_NOT_DATE = re.compile(
    r"\s+(?:day|days|week|weeks|time|times|walk|walks|month|straight|consecutive|in\s+a\s+row|"
    r"goal|session|loop|lap|best|highest|lowest|biggest|quietest)\b", re.IGNORECASE)


def as_written(reply: str, a: Atom) -> Atom:
    """"the 19th", "the twenty-sixth" are days of the month ("the 3rd day in a row" a
    count); "after six", "an after-six walk" and "from 9 to 5" are hours (as facts.py reads
    them in the request)."""
    if a.kind == "ordinal" and _THE_BEFORE.search(reply, max(0, a.start - 5), a.start) \
            and not _ORDINAL_NOT_DATE.match(reply, a.end) and (reply[a.start].isdigit() or (
                a.value is not None and a.value <= 31 and not _WORD_NOT_DATE.match(reply, a.end))):
        return Atom(a.start, a.end, "date", dates=((None, None, int(a.number), None),))
    if a.kind == "count" and (a.unit is None or reply[a.start - 1] == "-") \
            and a.value is not None and a.value.is_integer() \
            and 1 <= a.value <= 12 and (_HOUR_CUE.search(reply, max(0, a.start - 8), a.start)
                                        or _HOUR_TO.match(reply, a.end)) \
            and (not _LEVEL_CUE.search(reply, max(0, a.start - 36), a.start)
                 or _WHERE_AT.search(reply, max(0, a.start - 24), a.start)) \
            and not _COUNTS_TO.match(reply, a.end) \
            and not _N_FROM.search(reply, max(0, a.start - 16), a.start) \
            and not _FROM_DAYS.search(reply, max(0, a.start - 24), a.start):
        h = int(a.value) % 12
        return Atom(a.start, a.end, "time", minutes=(h * 60, (h + 12) * 60))
    return a


_EDGE_ENDS = ("through", "thru", "since", "until", "till", "of", "to", "the", "by")  # (last
# words; "the week of the 30th": a week named by its first day; "275,589 steps by the 29th")
_EDGE = re.compile(r"\b(?:through|thru|since|until|till|as of|up to|week of|(?<=steps )by|"
                   r"(?<=already )by)\s+(?:the\s+)?$", re.I)
_SPAN_END = re.compile(rf"(?:\(|\b(?:{'|'.join(MONTHS)}|month|week|so\s+far),?\s+)"
                       r"to\s+(?:the\s+)?$", re.I)


def span_edge(reply: str, pos: int) -> bool:
    """Whether the date written at `pos` is a period's edge, not a day a number is tied to:
    "275,589 steps through the 29th", "since the 19th", "November (to the 29th)", "November,
    to the 29th", "29 days so far, to the 29th", "the week of the 30th"."""
    if not may_end(reply, pos - 16, pos, _EDGE_ENDS):
        return False
    return _EDGE.search(reply, max(0, pos - 16), pos) is not None \
        or reply.endswith(("to ", "to the "), 0, pos) \
        and _SPAN_END.search(reply, max(0, pos - 24), pos) is not None


# "check back Fri", "report back on Sunday": when to talk again, no day a number is tied to
_BACK_ON = re.compile(r"\b(?:check|report|circle|come|get|touch)\s+back\s+(?:on\s+)?$", re.I)


def day_aside(reply: str, start: int, word: str) -> bool:
    """Whether the day word `word` at `start` ties no number to its day: "by Sunday night" (a
    deadline; "topped by Tuesday's 13,311" is Tuesday's), "a met day like yesterday" (an
    example of a kind of day, not its count)."""
    return reply.endswith(("by ", "By "), 0, start) and not word.endswith("'s") \
        or reply.endswith((" like ", " such as "), 0, start) \
        or reply.endswith((" back ", " back on "), 0, start) \
        and _BACK_ON.search(reply, max(0, start - 24), start) is not None
