"""What a number in a reply is tied to: `Binder(reply, atoms, evidence)`, read once per reply.

- **A day** (`day`): the nearest day reference in the number's clause (either side), not one
  another number owns ("Monday's 9,548 or the 9,257", "12,028 against Tuesday's 8,963"); a
  count listed after as many days ("Monday and Tuesday ... 9,231 and 8,963") is each one's in
  order; with none in its clause, for a step count whose clause names no period or fact and
  supposes nothing ("12k would ..."), every one before it in its sentence. A number in
  brackets belongs to the clause around them. A reference is a date ("Nov 19", "Thursday the
  19th", "the 19th"), a weekday ("Saturday's": the latest such day the request lists, on or
  before now; "last Tuesday": that one or the one a week before), a range ("Saturday to
  Tuesday"), "yesterday", "today"; "8,796 to go" is today's. When the request states that day,
  the number must be that day's or an operation over it (the goal always fits; a fact about no
  day only when a fact word names it); a date written before the number that the request
  sums up inside a period without a line of its own ties it to no figure. A date after
  "through", "since", "until", "November (to" is a period's edge (`span_edge`), not a day a
  number is tied to.
  A day whose own clause gives a step count ("Monday gave you 9,237, so 75,000 leaves ...")
  is that count's: a later clause's level borrows it only when set against it ("over your
  10,000") or as a gap. A span "since" a date binds no number whose own clause names its
  period ("steady since the 19th: last week averaged 9,904").
- **A fact** (`facts`): the fact word nearest the number, with no other number nearer to it
  and not heading the number after it ("you'd average about 10,700"; a signed "+1,483" or a
  multiple "2.8x" ties to none): "streak" / "in a row", "average" / "/day", "best" / "highest",
  "lowest" / "worst", "total"; "goal" right before or after a step count ("the 10k goal").
- **A period** (`period`): period_binding.py; sentences and clauses: clauses.py.
Dates are resolved to days by dates.py; the direction of a gap or change is read by kinds.py.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from datetime import timedelta

from coach_tui.coach.grounding.clauses import Clauses
from coach_tui.coach.grounding.dates import (
    day_aside,
    day_ranges,
    days_back,
    resolve_date,
    respective,
    span_edge,
    unlisted,
    word_days,
)
from coach_tui.coach.grounding.fact_heads import heads_next, taken_between
from coach_tui.coach.grounding.facts import Evidence
from coach_tui.coach.grounding.period_binding import PeriodBinding
from coach_tui.coach.grounding.scan import Atom
from coach_tui.coach.grounding.tables import table_days
from coach_tui.coach.grounding.words import (
    WEEKDAY_NAMES,
    WEEKDAYS,
    fast_words,
    may_end,
    may_hold,
)
from coach_tui.coach.grounding.words import finditer_lower as _finditer

# "to hold that pace today you'd need about 11,300": the pace itself, not today's count
# ("to hold the average where it is, today needs to land around 11,300")
_HOLD_PACE = re.compile(r"\b(?:stay|keep|hold|match|maintain)\s+(?:at\s+|up\s+)?(?:this|that|"
                        r"the\s+same|the|your|the\s+week's|this\s+week's)\s+(?:pace|rate|average)"
                        r"\b", re.I)
_STEP_TOTAL = frozenset({"total", "sum"})
_DAY_NOUN = re.compile(r"\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\b", re.I)
_RATE_AFTER = re.compile(r"\s*(?:steps?\s+)?(?:a|per|each)\s+day\b|/day", re.I)
_DAY_WORDS = fast_words([*WEEKDAY_NAMES, "mon", "tues", "tue", "wed", "thurs", "thur", "thu",
                         "fri", "sat", "sun", "yesterday", "today", "this morning", "tonight",
                         "right now"],
                        r"(?:'s)?")
# The words that name a fact, and the kinds of fact each names ("/day" is found apart: a
# digit comes right before it).
_FACT_KINDS = {
    frozenset({"streak", "longest", "next", "record"}): ["streaks?", "in a row", "straight",
                                               "consecutive", "days running"],
    frozenset({"longest"}): ["longest"],  # "your longest run was 18 days": the record itself
    frozenset({"average"}): [r"averag[a-z]*", "per day"],
    frozenset({"best"}): [r"best(?!\s+(?:part|bet|way|thing|move|option)\b)", "highest", "biggest",
                          "peak"],
    frozenset({"lowest"}): ["lowest", "worst", "quietest", "weakest", "fewest"],
    frozenset({"total", "sum"}): ["total", "in all", "altogether", "combined"],
}
_NEXT_TO = re.compile(r"\bday\s+(?:after|before)\s+(?:your|the|that|this)\s+$", re.I)
_FACT_WORDS = fast_words([w for words in _FACT_KINDS.values() for w in words])
_FACT_OF = [(re.compile(rf"(?:{'|'.join(words)})\b", re.I), kinds)
            for kinds, words in _FACT_KINDS.items()]
_GOAL_AFTER = re.compile(r"[ \t-]*(?:steps?[ \t-]+)?(?:daily\s+)?(?:goal|target)\b", re.I)
# "the 10,000 line", "the 10k mark": a line the goal's value draws
_LINE_AFTER = re.compile(r"[ \t-]*(?:steps?[ \t-]+)?(?:line|mark|bar|threshold)\b", re.I)
_LINE_STARTS = ("-", "step", "line", "mark", "bar", "threshold")
_GOAL_BEFORE = re.compile(r"\b(?:goal|target)\s+(?:of|is|was|at|sits at)\s+(?:about\s+)?$", re.I)
_TO_GO_STARTS = ("more", "step", "to go", "left today", "still to do", "still to go",
                 "still left today")
# "so you need 7,786", "you still need another 1,500": what today still asks for
_NEED_BEFORE = re.compile(r"\byou(?:'ll|'d)?\s+(?:still\s+)?need\s+"
                          r"(?:another\s+|just\s+|only\s+|about\s+|around\s+|roughly\s+|"
                          r"(?:a\s+(?:bit|little|touch|shade)|just)\s+(?:over|under)\s+)?$",
                          re.I)
_TODAY_WORD = re.compile(r"\btoday\b", re.I)
_A_DAY_AFTER = re.compile(r"\s*(?:steps?\s+)?(?:a|per|each)\s+day\b", re.I)  # a rate: no gap
_TO_GO = re.compile(r"\s*(?:more\s+)?(?:steps?\s+)?(?:to go|left today|still to do|"
                    r"still to go|still left today)\b", re.I)  # ("about 5,400 still to go")


_KINDS_OF: dict[str, frozenset | None] = {}  # a fact word as written: the kinds it names


_LAST_LIST = re.compile(r"\blast\s+(?:week(?:'s|’s)\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day"
                        r"\s*(?:,|&|and)\s+$",
                        re.I)

_OF_LAST_WEEK = re.compile(r"\s+(?:of\s+)?last\s+week\b", re.I)
_LAST_WEEKS = re.compile(r"\blast\s+week(?:'s|’s)\s+$", re.I)
# ("Same days last week: Monday ...", "Last week, Monday was ...": the head of its line)
_LAST_WEEK_LABEL = re.compile(r"(?:^|[.!?]\s+)[\W\d]*(?:(?:on\s+)?(?:the\s+)?same\s+"
                              r"(?:\w+\s+)?days?"
                              r"\s+)?last\s+week\W{0,4}[:,][^.!?\n]*$", re.I)


def _of_last_week(reply: str, low: str | None, start: int, end: int) -> bool:
    """Whether the words put the weekday at `start:end` in last week: "Monday last week",
    "last week's Monday", or a line headed "Same days last week:"."""
    if _OF_LAST_WEEK.match(reply, end) or _LAST_WEEKS.search(reply, max(0, start - 14), start):
        return True
    low = low if low is not None else reply.lower()
    line = low.rfind("\n", 0, start) + 1
    return low.find("last week", line, start) >= 0 \
        and _LAST_WEEK_LABEL.search(reply, line, start) is not None


# last week named as what a paragraph is about ("Last week wobbled: Tuesday ..."), not as the
# base a day is set against ("Compared with last week, Monday ...": this week's Monday)
_LAST_WEEK_TOLD = re.compile(r"(?<!compared with )(?<!compared to )(?<!than )(?<!vs )"
                             r"(?<!versus )(?<!against )(?<!from )(?<!over )(?<!on )"
                             r"\blast week\b(?!'s)", re.I)


def _in_last_week(reply: str, low: str | None, start: int) -> bool:
    """Whether the paragraph before `start` tells of last week, so a bare weekday in it may
    be that week's as well as the latest one (`low`: the reply in lower case, when as long)."""
    para = max(reply.rfind("\n\n", 0, start), reply.rfind("\n#", 0, start), 0)
    if low is not None and low.find("last week", para, start) < 0:
        return False  # (the words looked for first: the pattern's look-behinds are slow)
    return _LAST_WEEK_TOLD.search(reply, para, start) is not None


# "Nov 19: 12,993", "**Sun 29 Nov:** 11,470": a day as a label, its count right after
_LABEL_GAP = re.compile(r"(?:\*\*)?[ \t]*[:|][ \t]*(?:\*\*)?[ \t]*(?:about\s+|roughly\s+|~)?")
_LINE_HEAD = re.compile(r"[ \t]*(?:(?:[-*•]|\d{1,2}[.)])[ \t]+|\|[ \t]*)?(?:\*\*)?")
_ANOTHER = re.compile(r"[^\n\d]*\d")  # another number on the line after it


class Binder(PeriodBinding):
    """One reply's sentences, day references, fact words and period names, read once."""

    def __init__(self, reply: str, atoms: list[Atom], ev: Evidence) -> None:
        Clauses.__init__(self, reply, atoms)
        self.ev = ev
        refs: list[tuple[int, int, frozenset]] = []
        dated = [(a.start, a.end) for a in atoms if a.kind in ("date", "range")]
        dated_starts = [start for start, _ in dated]
        self.dated = set(dated_starts)  # where a date (not a day word) is written
        day_cache = ev.near_cache  # days by date or word: the request's, not the reply's
        for a in atoms:
            if a.kind == "date":
                days = day_cache.get(a.dates)
                if days is None:
                    days = day_cache[a.dates] = frozenset(resolve_date(a, ev))
                if days:
                    refs.append((a.start, a.end, days))
        low = self.low
        for m in _finditer(_DAY_WORDS, reply, low):
            i = bisect_right(dated_starts, m.start()) - 1
            inside = i >= 0 and dated[i][0] <= m.start() < dated[i][1]  # "Saturday Nov 7"
            word = reply[m.start():m.end()]
            if _DAY_WORDS[1].fullmatch(word) and not inside \
                    and not day_aside(reply, m.start(), word):
                days = day_cache.get(word)
                if days is None:
                    days = day_cache[word] = word_days(ev, word)
                if days and (reply.endswith(("last ", "Last "), 0, m.start())
                             or reply.endswith(("and ", "& ", ", "), 0, m.start())
                             and _LAST_LIST.search(reply, max(0, m.start() - 24), m.start())) \
                        and len(days) == 1:  # ("last Monday and Tuesday": both last week's)
                    # "last Tuesday" on a Wednesday: yesterday, or the Tuesday before
                    (day,) = days
                    days = days | {day - timedelta(days=7)}
                elif days and (back := days_back(reply, m.start(), m.end())):
                    days = frozenset(d - timedelta(days=back) for d in days)  # (dates.py)
                elif days and ev.now is not None and len(days) == 1 \
                        and _of_last_week(reply, low, m.start(), m.end()):
                    # "Monday last week", "last week's Monday", "Same days last week: Monday
                    # 9,231": that weekday of the Monday-to-Sunday week before this one
                    (day,) = days
                    monday = ev.now - timedelta(days=ev.now.weekday())
                    if day >= monday:
                        days = frozenset({day - timedelta(days=7)})
                elif days and len(days) == 1 and word[0].isupper() \
                        and word[:3].lower() in WEEKDAYS \
                        and (next(iter(days)) - timedelta(days=7)) in ev.days \
                        and _in_last_week(reply, low, m.start()):
                    # "Last week wobbled: Tuesday came in at 8,963": either Tuesday listed
                    (day,) = days
                    days = days | {day - timedelta(days=7)}
                if days:
                    refs.append((m.start(), m.end(), days))
        refs.sort()
        self.every_ref = refs  # (edges too: "From 20 Aug to 6 Sep is 18 days" counts them)
        # "275,589 steps through the 29th", "since the 19th": a period's edge, not its day
        # (not "since yesterday's 9,237 missed": because of that day's count)
        self.refs = [r for r in day_ranges(reply, table_days(reply, refs, ev))
                     if len(r[2]) > 1 or not span_edge(reply, r[0])
                     or reply[r[1] - 2:r[1]] in ("'s", "’s")]
        # "averaging 9,904 a day since the 19th": where a span to today starts
        self.since_refs = [(r[0], next(iter(r[2]))) for r in refs if len(r[2]) == 1
                      and may_end(reply, r[0] - 10, r[0], ("since", "the"))
                      and _SINCE.search(reply, max(0, r[0] - 10), r[0])]
        self.ref_starts = [start for start, _, _ in self.refs]
        # where a step count (100 or more) and a count of days are written
        self.level_starts = [a.start for a in atoms if a.kind == "count"
                             and a.value is not None and a.value >= 100]
        self.day_starts = [a.start for a in atoms if a.unit == "day"]
        self.respective = respective(reply, atoms, self.refs)
        self.last_near: frozenset = frozenset()  # set by day(): the references it sits by
        self._suppositions: dict[int, bool] = {}
        self._days: dict[tuple, tuple] = {}  # day()'s answers, by number
        self._facts: dict[tuple, frozenset | None] = {}  # facts()'s answers, by number
        # every fact word of the reply, found once: (position, the kinds it names)
        words: list[tuple[int, frozenset]] = []
        for m in _finditer(_FACT_WORDS, reply, low):
            if _NEXT_TO.search(reply, max(0, m.start() - 24), m.start()):
                continue  # "7,651 the day after your best": a day beside the fact, not it
            word = reply[m.start():m.end()]
            if word.lower().startswith("total") and reply[max(0, m.start() - 11):m.start()] \
                    .lower().endswith(("running ", "cumulative ")):
                continue  # "the running total went 9,231 on Monday": the days added up so
                # far, each its sum (arithmetic), not a stated total
            if word in _KINDS_OF:
                kinds = _KINDS_OF[word]
            else:
                kinds = _KINDS_OF[word] = next(
                    (kinds for pattern, kinds in _FACT_OF if pattern.fullmatch(word)), None) \
                    if _FACT_WORDS[1].fullmatch(word) else None
            if kinds is not None:
                words.append((m.start(), kinds))
        words += [(m.start(), frozenset({"average"})) for m in re.finditer("/day", reply)]
        self.fact_words = sorted(words, key=lambda w: w[0])
        self.fact_pos = [pos for pos, _ in self.fact_words]
        self.read_names(ev)

    def day(self, a: Atom) -> frozenset | None:
        """The days `a` is tied to, when the request states one of them; else None. The
        nearest reference in its clause; with none there, any its sentence names ("Monday
        and Tuesday fell short (9,231 and 8,963)"). Read once per number (and kept with
        `last_near`): the verdict and the arithmetic over true numbers both ask."""
        key = (a.start, a.end, a.kind, a.value, a.unit, a.difference)
        found = self._days.get(key)
        if found is None:
            found = self._days[key] = (self._day(a), self.last_near)
        self.last_near = found[1]
        return found[0]

    def _day(self, a: Atom) -> frozenset | None:
        if a.start in self.respective:  # "Monday and Tuesday ... 9,231 and 8,963"
            self.last_near = self.respective[a.start]
            stated = {d for d in self.last_near if d in self.ev.days or d in self.ev.empty_days
                      or d == self.ev.now}
            return frozenset(stated) if stated else None
        cs, ce = self.clause(a.start)
        ss, se = self.sentence(a.start)
        best, best_dist, anywhere = None, None, set()
        best_at = (-1, -1)
        level = a.kind == "count" and a.value is not None and a.value >= 100  # a day's count
        first = bisect_left(self.ref_starts, ss)
        for k in range(first, len(self.refs)):  # (no copy of the list's tail)
            start, end, days = self.refs[k]
            if start >= se:
                break  # another sentence's
            if start <= a.start < end:
                continue  # the number is itself the date
            if level and _RATE_AFTER.match(self.reply, a.end) \
                    and self.reply[start:end].lower() == "right now":
                continue  # "you're at 9,905 a day right now": the rate as it stands, no day
            if level and self.reply[start:end].lower() == "right now" \
                    and _PERIOD_AFTER.match(self.reply, a.end):
                continue  # "right now you're on 22,548 for the week": the week's, as it stands
            if level and self.reply[start:end].lower() == "today" \
                    and _HOLD_PACE.search(self.reply, ss, a.start):
                continue  # "to stay at this pace you'd need about 11,300 today": the pace
                # itself, not today's count
            if level and end <= a.start and _OWNED.match(self.reply, end) \
                    and "'s" in (self.reply[end - 2:end], self.reply[end:end + 2]) \
                    and bisect_left(self.starts, end) < len(self.starts) \
                    and self.starts[bisect_left(self.starts, end)] < a.start:
                continue  # "down from Saturday's 12,245 to 9,100": Saturday is 12,245's level
            if level and end <= a.start and self.reply[end:end + 1] in (":", "*", " ", "|") \
                    and _LABEL_GAP.fullmatch(self.reply, end, a.start) \
                    and _LINE_HEAD.fullmatch(self.reply, self.reply.rfind("\n", 0, start) + 1,
                                             start) \
                    and not _ANOTHER.match(self.reply, a.end):
                best, best_dist, best_at = days, 0, (start, end)  # "Nov 19: 12,993": the
                continue  # label's day (the line's only count, the label its only day)
            if not cs <= start < ce:
                if end <= a.start and not self._supposes(start) \
                        and not _COUNTING.search(self.reply, max(0, start - 16), start) \
                        and not _UNCOUNTED.match(self.reply, end) \
                        and not self._days_between(end, a.start) \
                        and not (level and not a.difference and self._has_level(start)
                                 and not _MARK_BEFORE.search(self.reply, max(cs, a.start - 24),
                                                             a.start)):
                    anywhere |= days  # (not a day a supposition names: "if it's today ...";
                    # not one its own clause gives a count: "Monday gave you 9,237, so
                    # 75,000 leaves 65,763": 9,237 is Monday's, 75,000 the user's)
                continue
            dist = a.start - end if end <= a.start else start - a.end
            lo, hi = (end, a.start) if end <= a.start else (a.end, start)
            i = bisect_left(self.starts, lo)
            if end > a.start and _OWNED.match(self.reply, end):
                continue  # "12,028 against Tuesday's 8,963": the day of the number after it
            if _SIDES.search(self.reply, lo, hi):
                continue  # "12,028 vs 8,963 on Tuesday", "Sunday against about 9,600": the
                # day is the other side's
            if i < len(self.starts) and self.starts[i] < hi:
                if end > a.start:
                    continue  # "4,016 steps came to 36% of Wednesday's total": the day of
                    # the number nearer to it
                dist += 1000  # "Monday's 9,548 or the 9,257": another number's day
            if best_dist is None or dist < best_dist:
                best, best_dist, best_at = days, dist, (start, end)
        anaphor = False
        if best is None and not anywhere and ANAPHOR.match(self.reply, ss) \
                and _GAP_AFTER.match(self.reply, a.end):
            anywhere = self._days_before(ss)  # "That's about 15% above target": the last one's
            # (a gap or change of it; "well above the 8,387 you usually manage" is not)
            anaphor = bool(anywhere)
        if a.may_end(_TARGET_ENDS) \
                and _TARGET_BEFORE.search(self.reply, max(0, a.start - 16), a.start):
            best, anywhere = None, set()  # "4,355 short of 12k": the mark, not the day's count
        if a.may_start(_TO_GO_STARTS) and _TO_GO.match(self.reply, a.end) \
                and self.ev.now is not None:
            best = frozenset([self.ev.now])  # "8,796 to go": today's gap
        elif best is None and self.ev.now is not None \
                and _NEED_BEFORE.search(self.reply, max(cs, a.start - 24), a.start) \
                and not _A_DAY_AFTER.match(self.reply, a.end) \
                and _TODAY_WORD.search(self.reply, ss, se) \
                and not _HOLD_PACE.search(self.reply, ss, a.start):
            best = frozenset([self.ev.now])  # "today you're at 2,214, so you need 7,786"
        # A count of days in another clause is rarely that day's: only step counts borrow.
        stepish = a.unit == "step" or a.kind == "percent" and not _SHARE_OF.match(
            self.reply, a.end) or a.value is not None and a.value >= 100
        # ("about 45% of them": a share of the days counted, not one day's level)
        # ("That's 20% above your 30-day average": after the gap, the fact is the base)
        fact_end = a.start if anaphor else ce
        if best is None and anywhere and (self._names_period(cs, fact_end)
                                          or self._names_fact(cs, fact_end)
                                          or _VERSUS.search(self.reply, cs, a.start)):
            anywhere = set()  # "the week averaged 8,111": the clause's period, not a day;
            # "Wednesday beat it by 3,065 (12,028 vs 8,963)": 8,963 is the other side
        if best is None and anywhere and self._after_period_figure(a.start, ss, cs):
            anywhere = set()  # "..., and the week averaged 8,111, roughly 19% under target":
            # the figure before it is the week's, and so is the gap
        if best is None and anywhere and may_hold(self.reply[cs:ce], _IRREALIS_WORDS) \
                and _IRREALIS.search(self.reply, cs, ce):
            anywhere = set()  # "and 12k would ask for ...": a supposition, not that day's count
        if best is not None and len(best) == 1 and best_at[1] <= a.start \
                and _WEEK_ON_WEEK.fullmatch(self.reply, best_at[1], a.start):
            # "Tuesday jumped from 8,963 to 13,311": from the same weekday a week before
            best = best | {next(iter(best)) - timedelta(days=7)}
        chosen = best if best is not None else anywhere if stepish else frozenset()
        if not chosen and _VERSUS.search(self.reply, cs, a.start) \
                and _WEEK_EARLIER.search(self.reply, ss, se):
            # "Monday matched the week before: 9,237 vs 9,231": the other side is that
            # weekday a week before
            lo, hi = bisect_left(self.ref_starts, ss), bisect_left(self.ref_starts, a.start)
            earlier = [r[2] for r in self.refs[lo:hi]]
            if len(earlier) == 1 and len(earlier[0]) == 1:
                chosen = frozenset({next(iter(earlier[0])) - timedelta(days=7)})
        if len(chosen) == 1 and _WEEK_EARLIER.search(
                self.reply, max(ss, a.start - 40), min(se, a.end + 24)):
            # "Monday: 9,237, the week before 9,231": that weekday a week before too
            chosen = frozenset(chosen) | {next(iter(chosen)) - timedelta(days=7)}
        if len(chosen) == 1 and _TO_EXACT.match(self.reply, a.end) \
                and not _NO_JUMP.search(self.reply, ss, a.start):
            # "Tuesday was the jump, 8,963 to 13,311": from the same weekday a week before
            chosen = frozenset(chosen) | {next(iter(chosen)) - timedelta(days=7)}
        self.last_near = frozenset(chosen)
        stated = {d for d in chosen
                  if d in self.ev.days or d in self.ev.empty_days or d == self.ev.now}
        if not stated and best is not None and len(best) == 1 and best_dist is not None \
                and best_dist < 1000 and best_at[1] <= a.start and best_at[0] in self.dated \
                and unlisted(self.ev, next(iter(best))):
            return frozenset()  # "Nov 19 came in at 9,494": a day the request has no line for
        return frozenset(stated) if stated else None

    def _supposes(self, pos: int) -> bool:
        """Whether the clause at `pos` supposes ("would", "if"): kept per position."""
        found = self._suppositions.get(pos)
        if found is None:
            cs, ce = self.clause(pos)
            found = self._suppositions[pos] = may_hold(self.reply[cs:ce], _IRREALIS_WORDS) \
                and bool(_IRREALIS.search(self.reply, cs, ce))
        return found

    def _after_period_figure(self, pos: int, ss: int, cs: int) -> bool:
        """Whether the number before `pos` in its sentence sits in an earlier clause that
        names a period or fact and no day."""
        i = bisect_left(self.starts, pos) - 1
        if i < 0 or self.starts[i] < ss:
            return False
        ps, pe = self.clause(self.starts[i])
        j = bisect_left(self.ref_starts, ps)
        return pe <= cs and (self._names_period(ps, pe) or self._names_fact(ps, pe)) \
            and not (j < len(self.ref_starts) and self.ref_starts[j] < pe)

    def _days_between(self, lo: int, hi: int) -> bool:
        """Whether a count of days lies in `lo:hi` ("today: 13 goal days out of 30, roughly
        43%": the share is of those days, not today's)."""
        i = bisect_left(self.day_starts, lo)
        return i < len(self.day_starts) and self.day_starts[i] < hi

    def _has_level(self, pos: int) -> bool:
        """Whether the clause at `pos` holds a step count of its own (100 or more)."""
        cs, ce = self.clause(pos)
        i = bisect_left(self.level_starts, cs)
        return i < len(self.level_starts) and self.level_starts[i] < ce

    def since(self, a: Atom):
        """The day a span to today starts on, when the number's sentence says "since" a date
        before it ("held up since the 19th, averaging 9,904 a day"); else None."""
        ss, se = self.sentence(a.start)
        found = [day for at, day in self.since_refs if ss <= at < se]
        if len(found) != 1:
            return None
        cs, ce = self.clause(a.start)
        if self._names_period(cs, ce) and not any(cs <= at < ce for at, _ in self.since_refs):
            return None  # "steady since the 19th: last week averaged 9,904": its own period's
        return found[-1]

    def days_in(self, start: int, end: int) -> set:
        """The days the words of `reply[start:end]` name."""
        return {d for _, _, days in self.refs[bisect_left(self.ref_starts, start):
                                              bisect_left(self.ref_starts, end)] for d in days}

    def _days_before(self, ss: int) -> set:
        """The day the sentence before the one starting at `ss` names, when it names one day
        and no period or fact."""
        ps = self.sentence(max(0, ss - 1))[0]
        if ps >= ss or self._names_period(ps, ss) or self._names_fact(ps, ss):
            return set()  # "Last week averaged 9,904 ... That's up 13.8%": the periods' change
        found = {d for start, _, days in self.refs[bisect_left(self.ref_starts, ps):
                                                 bisect_left(self.ref_starts, ss)]
                 for d in days}
        return found if len(found) == 1 else set()

    def _names_period(self, start: int, end: int) -> bool:
        i = bisect_left(self.names, (start, -1, ()))
        return i < len(self.names) and self.names[i][0] < end

    def names_fact(self, start: int, end: int) -> bool:
        """Whether a fact word ("best", "average", "streak") lies in `start:end`."""
        return self._names_fact(start, end)

    def _names_fact(self, start: int, end: int) -> bool:
        i = bisect_left(self.fact_pos, start)
        return i < len(self.fact_pos) and self.fact_pos[i] < end

    def facts(self, a: Atom) -> frozenset | None:
        """The fact kinds `a` is tied to by a word next to it, or None (read once a number)."""
        key = (a.start, a.end, a.kind, a.value, a.unit)
        if key not in self._facts:
            self._facts[key] = self._fact_kinds(a)
        return self._facts[key]

    def _fact_kinds(self, a: Atom) -> frozenset | None:
        if a.kind not in ("count", "ordinal", "range") or self.reply.startswith("-day", a.end) \
                or a.start and self.reply[a.start - 1] in "+−" \
                or a.may_start(("x", "/")) and _TIMES.match(self.reply, a.end):
            return None  # "the 7-day average": the window's length; "avg +1,483": a change;
            # "2.8x the best", "avg 275,589 / 30": a multiple or an operand, not its level
        if a.unit in ("step", None) and a.value is not None and a.value >= 500 and (
                a.may_start(("-", "step", "daily", "goal", "target"))
                and _GOAL_AFTER.match(self.reply, a.end)
                or a.may_end(_GOAL_BEFORE_ENDS) and (a.may_hold("goal") or a.may_hold("target"))
                and _GOAL_BEFORE.search(self.reply[max(0, a.start - 24):a.start])):
            return frozenset({"goal"})
        if self.reply.endswith(("a ", "A "), 0, a.start) and _DAY_NOUN.match(self.reply, a.end):
            return None  # "its average is a 9,237 Monday and a 13,311 Tuesday": the day's count
        if a.value is not None and a.value == self.ev.goal and a.may_start(_LINE_STARTS) \
                and _LINE_AFTER.match(self.reply, a.end):
            return frozenset({"goal"})  # "even the 10,000 line is a coin flip": the goal's
        cs, ce = self.clause(a.start)
        found: list[tuple[int, frozenset]] = []
        first = bisect_left(self.fact_pos, max(cs, a.start - 40))
        for k in range(first, len(self.fact_words)):
            pos, kinds = self.fact_words[k]
            if pos >= min(ce, a.end + 30):
                break
            lo, hi = (pos, a.start) if pos < a.start else (a.end, pos)
            if taken_between(self.starts, self.dated, lo, hi, pos < a.start):
                continue  # another number sits between: the word is that one's
            mine = a.start - pos if pos < a.start else pos - a.end
            if pos > a.start and heads_next(self.reply, self.starts, self.ends, self.dated, pos,
                                            ce + 12):
                continue  # "to reach 75,000 you'd average about 10,700": the word heads 10,700
            if self._nearer_number(pos, a, mine):
                continue  # "75,000 this week you need an average of 11,500": 11,500's
            if pos > a.end and _SET_AGAINST.search(self.reply, a.end, pos):
                continue  # "12k is close to your best day": set against the fact, not it
            if self._day_just_before(pos if pos < a.start else max(cs, a.start - 40), a.start):
                continue  # "the average looks good because Wednesday (12,028)": the day's
                # ("yesterday's wonderful 13,311 pulls the average up": the day's too)
            found.append((mine, kinds))
        if not found:
            return None
        kinds = min(found, key=lambda x: x[0])[1]
        if "streak" in kinds or "longest" in kinds:
            return kinds if a.unit in ("day", "time") \
                or a.unit is None and a.value is not None and a.value < 400 \
                else None
        if kinds == _STEP_TOTAL and a.value is not None and a.value < 100:
            return None  # "1 goal day so far, against 3 in all of last week": no step total
        # "average over the last 7 days": a count of days is the window, not the fact.
        return kinds if a.unit in ("step", None) else None

    def _day_just_before(self, lo: int, at: int) -> bool:
        """Whether a day reference after `lo` ends right before the number at `at`, in
        brackets, owned or headed ("Wednesday (12,028)", "Wednesday's 12,028", "Wednesday:
        12,028")."""
        i = bisect_left(self.ref_starts, lo)
        while i < len(self.refs) and self.refs[i][0] < at:
            end = self.refs[i][1]
            if end <= at and (self.reply[end:at] in (" (", "'s ", "’s ", ": ")
                              or _OWNED_PRAISED.fullmatch(self.reply, end, at)
                              and self.reply[end - 2:end + 2].replace("’", "'").count("'s")):
                return True  # (or "yesterday's wonderful 13,311": a word of praise between)
            i += 1
        return False

    def _nearer_number(self, pos: int, a: Atom, mine: int) -> bool:
        """Whether another number of the word's sentence is nearer to it than `a`."""
        i = bisect_right(self.starts, pos)
        ss, se = self.sentence(pos)
        for j in (i - 1, i):
            if 0 <= j < len(self.starts) and self.starts[j] != a.start \
                    and ss <= self.starts[j] < se \
                    and not self.reply.startswith("-day", self.ends[j]):
                start, end = self.starts[j], self.ends[j]
                if (pos - end if end <= pos else start - pos) < mine:
                    return True
        return False

_SET_AGAINST = re.compile(r"\b(?:close\s+to|near(?:ly)?|almost|below|under|above|beyond|"
                          r"short\s+of|shy\s+of|than|compared\s+(?:to|with)|versus|against)\b",
                          re.I)
_IRREALIS = re.compile(r"\b(?:would|could|might|if)\b", re.I)
_IRREALIS_WORDS = ("would", "could", "might", "if")  # (`may_hold` spares the search)
_SHARE_OF = re.compile(r"\s+of\s+(?:them|those|these|the\s+days|days|all|the\s+month|"
                       r"the\s+week|your\s+days)\b", re.I)
_TARGET_ENDS = ("of", "from", "reach", "hit", "the", "your", "about")  # (its last words)
_GOAL_BEFORE_ENDS = ("of", "is", "was", "at", "about")
_TARGET_BEFORE = re.compile(r"\b(?:short of|shy of|away from|to reach|to hit)\s+(?:the\s+|"
                            r"your\s+)?(?:about\s+)?$", re.I)
_TIMES = re.compile(r"\s?[x×](?![\w-])|\s+[/÷]\s+\d")  # (or divided: "avg 275,589 / 30 = ")
# A sentence that opens on "That's" / "That was" / "It's" / "That would be" is about the one
# before it (gaps.py's gap "That's roughly 1,000 more than ..." too).
ANAPHOR = re.compile(r"[\s*>-]*(?:That|This|It)(?:'s|’s|\s+is|\s+was|\s+would\s+be|\s+puts|"
                     r"\s+left|\s+leaves)\s", re.I)
_WEEK_ON_WEEK = re.compile(r"\s+(?:jumped|rose|climbed|went\s+up|went|fell|dropped|slipped|slid|"
                           r"improved|dipped)\s+from\s+(?:about\s+|roughly\s+)?", re.I)
_WEEK_EARLIER = re.compile(r"\b(?:the\s+(?:week|one)\s+before|the\s+(?:previous|prior)\s+week"
                           r"|a\s+week\s+(?:earlier|before|ago))\b(?!\s+(?:the|my|your|that|last|"
                           r"\w+ing)\b)", re.I)
_PERIOD_AFTER = re.compile(r"\s*(?:steps?\s+)?(?:this\s+week|so\s+far\s+this|this\s+month"
                           r"|after\s+(?:\d|two|three|four|five|six)\w*\s+days)\b", re.I)
_TO_EXACT = re.compile(r"\s+to\s+\d{1,2},?\d{2}[1-9]\b|\s+to\s+\d{1,2},?\d[1-9]\d\b")
_NO_JUMP = re.compile(r"\d|\b(?:between|from)\b", re.I)
_VERSUS = re.compile(r"\s(?:vs\.?|versus|against|compared (?:with|to))\s+(?:about\s+)?$", re.I)
_GAP_AFTER = re.compile(r"\s*(?:steps?\s+)?(?:above|over|below|under|short|more|less|fewer|"
                        r"ahead|behind|higher|lower|up|down)\b", re.I)
_SIDES = re.compile(r"\b(?:vs|versus|against|compared\s+(?:with|to))\b", re.I)
# "Counting today as a full day, that's 75,000 − 9,237", "counting to the 29th": the day
# counted in (or up to), not the numbers'
_COUNTING = re.compile(r"\b(?:counting|including|excluding|not\s+counting|counting\s+(?:up\s+)?"
                       r"(?:to|through|until))\s+$", re.I)
# "with the 30th still to be counted": a day the numbers leave out
_UNCOUNTED = re.compile(r"\s+(?:still\s+)?(?:to\s+be\s+counted|to\s+come|not\s+(?:yet\s+)?"
                        r"(?:counted|in))\b", re.I)
# "Sunday's 11,470, comfortably over your 10,000": the mark the day's count is set against
_MARK_BEFORE = re.compile(r"\b(?:over|above|under|below|beyond|past|than|against|versus|vs|of|"
                          r"from|to|towards?|beat|beats|topped|cleared|hit|reached|missed)\s+(?:[a-z']+\s+)?"
                          r"(?:about\s+|around\s+)?$", re.I)
_SINCE = re.compile(r"\bsince\s+(?:the\s+)?$", re.I)
# A day name right before a number is that number's ("Tuesday's 8,963", "Monday at 9,231").
_OWNED_PRAISED = re.compile(r"(?:['’]s)?\s+(?:(?:really|very|truly|pretty)\s+)?"
                            r"(?:wonderful|great|big|huge|solid|strong|excellent|impressive|fantastic|brilliant|"
                            r"modest|quiet|tough|decent|healthy|whopping|cracking|respectable|"
                            r"mighty|bumper|massive|superb|terrific|monster|stellar|busy|light|"
                            r"easy|small|rough|poor|weak|slow|gentle|amazing|remarkable|"
                            r"outstanding|nice|good|fine|lovely|sterling)\s+")
_OWNED = re.compile(r"(?:'s|’s|\s+at|:)?\s{0,2}\d")
