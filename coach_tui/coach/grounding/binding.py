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
  "through", "since", "until" is a period's edge, not a day a number is tied to.
- **A fact** (`facts`): the fact word nearest the number, with no other number nearer to it
  and not heading the number after it ("you'd average about 10,700"):
  "streak" / "in a row", "average" / "/day", "best" / "highest", "lowest" / "worst", "total";
  "goal" right before or after a step count ("the 10,000 goal", "goal of 10k").
- **A period** (`period`): the nearest period name in its sentence ("in November", "last
  week", "October's 8,020", "7-day"; a name before "to" / "versus" is the number before's; "2
  of 2 days this week", "for all 31 days of October" reach past the count), any its paragraph
  names when the nearest is outside its clause, else the one its paragraph names before it
  (one heading the number, "your 30-day figure of 9,548", is that period's own value).
Dates are resolved to days by dates.py; the direction of a gap or change is read by kinds.py.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from datetime import timedelta

from coach_tui.coach.grounding.dates import (
    PERIOD_WORDS,
    UNSTATED,
    calendar_span,
    day_ranges,
    period_labels,
    resolve_date,
    respective,
    unlisted,
    word_days,
)
from coach_tui.coach.grounding.facts import Evidence
from coach_tui.coach.grounding.scan import Atom
from coach_tui.coach.grounding.words import WEEKDAY_NAMES, fast_words
from coach_tui.coach.grounding.words import finditer_lower as _finditer

_SENTENCE_END = re.compile(r"[.!?\n](?:(?<=[.!?])\s+|(?<=\n)\n*)")
# `[,;:](?!\d)|[()]|\s[-–—]\s|\s(?:and|but|while|whereas|then)\s`, written to start with one
# character class so the engine skips prose in C (the same spans).
_CLAUSE_END = re.compile(r"[,;:()\s](?:(?<=[,;:])(?!\d)|(?<=[()])|(?<=\s)(?:[-–—]\s|"
                         r"(?:and|but|while|whereas|then)\s))")


_DAY_WORDS = fast_words([*WEEKDAY_NAMES, "mon", "tues", "tue", "wed", "thurs", "thur", "thu",
                         "fri", "sat", "sun", "yesterday", "today", "this morning", "tonight",
                         "right now"],
                        r"(?:'s)?")
# The words that name a fact, and the kinds of fact each names ("/day" is found apart: a
# digit comes right before it).
_FACT_KINDS = {
    frozenset({"streak", "longest", "next", "record"}): ["streaks?", "in a row", "straight",
                                               "consecutive", "days running"],
    frozenset({"average"}): [r"averag[a-z]*", "per day"],
    frozenset({"best"}): ["best", "highest", "biggest", "peak"],
    frozenset({"lowest"}): ["lowest", "worst", "quietest", "weakest", "fewest"],
    frozenset({"total", "sum"}): ["total", "in all", "altogether", "combined"],
}
_FACT_WORDS = fast_words([w for words in _FACT_KINDS.values() for w in words])
_FACT_OF = [(re.compile(rf"(?:{'|'.join(words)})\b", re.I), kinds)
            for kinds, words in _FACT_KINDS.items()]
_GOAL_AFTER = re.compile(r"[\s-]*(?:steps?[\s-]+)?(?:daily\s+)?(?:goal|target)\b", re.I)
_GOAL_BEFORE = re.compile(r"\b(?:goal|target)\s+(?:of|is|was|at|sits at)\s+(?:about\s+)?$", re.I)
_TO_GO = re.compile(r"\s*(?:more\s+)?(?:steps?\s+)?(?:to go|left today|still to do)\b", re.I)


_KINDS_OF: dict[str, frozenset | None] = {}  # a fact word as written: the kinds it names


class Binder:
    """One reply's sentences and day references, read once."""

    def __init__(self, reply: str, atoms: list[Atom], ev: Evidence) -> None:
        self.reply, self.ev = reply, ev
        self.bounds = [0] + [m.end() for m in _SENTENCE_END.finditer(reply)] + [len(reply)]
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
        lowered = reply.lower()
        # None when a letter's lower case is longer: search the text as written
        self.low: str | None = lowered if len(lowered) == len(reply) else None
        low = self.low
        for m in _finditer(_DAY_WORDS, reply, low):
            i = bisect_right(dated_starts, m.start()) - 1
            inside = i >= 0 and dated[i][0] <= m.start() < dated[i][1]  # "Saturday Nov 7"
            word = reply[m.start():m.end()]
            if _DAY_WORDS[1].fullmatch(word) and not inside:
                days = day_cache.get(word)
                if days is None:
                    days = day_cache[word] = word_days(ev, word)
                if days and reply.endswith(("last ", "Last "), 0, m.start()) \
                        and len(days) == 1:
                    # "last Tuesday" on a Wednesday: yesterday, or the Tuesday before
                    (day,) = days
                    days = days | {day - timedelta(days=7)}
                if days:
                    refs.append((m.start(), m.end(), days))
        refs.sort()
        # "275,589 steps through the 29th", "since the 19th": a period's edge, not its day
        self.refs = [r for r in day_ranges(reply, refs)
                     if len(r[2]) > 1 or not _EDGE.search(reply, max(0, r[0] - 16), r[0])]
        self.ref_starts = [start for start, _, _ in self.refs]
        self.respective = respective(reply, atoms, self.refs)
        self._clauses: dict[int, tuple[int, int]] = {}
        self.starts = [a.start for a in atoms]  # atoms come in reply order
        self.ends = [a.end for a in atoms]
        self.last_near: frozenset = frozenset()  # set by day(): the references it sits by
        # clause cuts as (start, end) of each separator; period names with their labels
        self.cuts = [(m.start(), m.end()) for m in _CLAUSE_END.finditer(reply)]
        # every fact word of the reply, found once: (position, the kinds it names)
        words: list[tuple[int, frozenset]] = []
        for m in _finditer(_FACT_WORDS, reply, low):
            word = reply[m.start():m.end()]
            if word in _KINDS_OF:
                kinds = _KINDS_OF[word]
            else:
                kinds = _KINDS_OF[word] = next(
                    (kinds for pattern, kinds in _FACT_OF if pattern.fullmatch(word)), None) \
                    if _FACT_WORDS[1].fullmatch(word) else None
            if kinds is not None:
                words.append((m.start(), kinds))
        at = reply.find("/day")
        while at >= 0:
            words.append((at, frozenset({"average"})))
            at = reply.find("/day", at + 1)
        self.fact_words = sorted(words, key=lambda w: w[0])
        self.fact_pos = [pos for pos, _ in self.fact_words]
        self.names = []
        self.spans: dict = {}  # an unstated period name's position: the days it means
        self.last_span, self.last_heads, self.last_far = None, False, False  # by period()
        if ev.periods:
            cache: dict[str, tuple[str, ...]] = {}
            for m in _finditer(PERIOD_WORDS, reply, low):
                key = reply[m.start():m.end()].lower()
                if not PERIOD_WORDS[1].fullmatch(key):
                    continue
                if key not in cache:
                    cache[key] = period_labels(ev, key)
                if cache[key] or UNSTATED.match(key):
                    self.names.append((m.start(), m.end(), cache[key]))
                    if not cache[key]:
                        self.spans[m.start()] = calendar_span(ev, key)

    def sentence(self, pos: int) -> tuple[int, int]:
        i = bisect_right(self.bounds, pos) - 1
        return self.bounds[i], self.bounds[min(i + 1, len(self.bounds) - 1)]

    def clause(self, pos: int) -> tuple[int, int]:
        found = self._clauses.get(pos)
        if found is None:
            found = self._clauses[pos] = self._clause(pos)
        return found

    def _clause(self, pos: int) -> tuple[int, int]:
        s, e = self.sentence(pos)
        if pos >= 2 and self.reply[pos - 1] == "(" and self.reply.find(")", pos, pos + 12) > 0:
            # "your quietest (7,651) day": a number in brackets belongs to the clause around
            cs, ce = self._clause(pos - 2)
            close = self.reply.find(")", pos)
            after = self.reply[close + 1:close + 3]
            end = self.clause(close + 2)[1] if close + 2 < e and after[:1] == " " \
                and after[1:].isalpha() else ce
            return cs, max(ce, end)
        i = bisect_right(self.cuts, (pos, len(self.reply) + 1)) - 1
        start = max(s, self.cuts[i][1]) if i >= 0 else s
        end = self.cuts[i + 1][0] if i + 1 < len(self.cuts) else e
        return min(start, pos), max(min(e, end), pos)

    def day(self, a: Atom) -> frozenset | None:
        """The days `a` is tied to, when the request states one of them; else None. The
        nearest reference in its clause; with none there, any its sentence names ("Monday
        and Tuesday fell short (9,231 and 8,963)")."""
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
            if level and end <= a.start and _OWNED.match(self.reply, end) \
                    and _POSSESSIVE in (self.reply[end - 2:end], self.reply[end:end + 2]) \
                    and bisect_left(self.starts, end) < len(self.starts) \
                    and self.starts[bisect_left(self.starts, end)] < a.start:
                continue  # "down from Saturday's 12,245 to 9,100": Saturday is 12,245's level
            if not cs <= start < ce:
                if end <= a.start:
                    anywhere |= days
                continue
            dist = a.start - end if end <= a.start else start - a.end
            lo, hi = (end, a.start) if end <= a.start else (a.end, start)
            i = bisect_left(self.starts, lo)
            if end > a.start and _OWNED.match(self.reply, end):
                continue  # "12,028 against Tuesday's 8,963": the day of the number after it
            if i < len(self.starts) and self.starts[i] < hi:
                dist += 1000  # "Monday's 9,548 or the 9,257": another number's day
            if best_dist is None or dist < best_dist:
                best, best_dist, best_at = days, dist, (start, end)
        if _TARGET_BEFORE.search(self.reply, max(0, a.start - 16), a.start):
            best, anywhere = None, set()  # "4,355 short of 12k": the mark, not the day's count
        if _TO_GO.match(self.reply, a.end) and self.ev.now is not None:
            best = frozenset([self.ev.now])  # "8,796 to go": today's gap
        # A count of days in another clause is rarely that day's: only step counts borrow.
        stepish = a.unit == "step" or a.kind == "percent" and not _SHARE_OF.match(
            self.reply, a.end) or a.value is not None and a.value >= 100
        # ("about 45% of them": a share of the days counted, not one day's level)
        if best is None and anywhere and (self._names_period(cs, ce) or self._names_fact(cs, ce)
                                          or _VERSUS.search(self.reply, cs, a.start)):
            anywhere = set()  # "the week averaged 8,111": the clause's period, not a day;
            # "Wednesday beat it by 3,065 (12,028 vs 8,963)": 8,963 is the other side
        if best is None and anywhere and _IRREALIS.search(self.reply, cs, ce):
            anywhere = set()  # "and 12k would ask for ...": a supposition, not that day's count
        chosen = best if best is not None else anywhere if stepish else frozenset()
        self.last_near = frozenset(chosen)
        stated = {d for d in chosen
                  if d in self.ev.days or d in self.ev.empty_days or d == self.ev.now}
        if not stated and best is not None and len(best) == 1 and best_dist is not None \
                and best_dist < 1000 and best_at[1] <= a.start and best_at[0] in self.dated \
                and unlisted(self.ev, next(iter(best))):
            return frozenset()  # "Nov 19 came in at 9,494": a day the request has no line for
        return frozenset(stated) if stated else None


    def _names_period(self, start: int, end: int) -> bool:
        i = bisect_left(self.names, (start, -1, ()))
        return i < len(self.names) and self.names[i][0] < end

    def _names_fact(self, start: int, end: int) -> bool:
        i = bisect_left(self.fact_pos, start)
        return i < len(self.fact_pos) and self.fact_pos[i] < end

    def facts(self, a: Atom) -> frozenset | None:
        """The fact kinds `a` is tied to by a word next to it, or None."""
        if a.kind not in ("count", "ordinal", "range") or self.reply.startswith("-day", a.end):
            return None  # "the 7-day average": the window's length
        if a.unit in ("step", None) and a.value is not None and a.value >= 500 and (
                _GOAL_AFTER.match(self.reply, a.end)
                or _GOAL_BEFORE.search(self.reply[max(0, a.start - 24):a.start])):
            return frozenset({"goal"})
        cs, ce = self.clause(a.start)
        found: list[tuple[int, frozenset]] = []
        first = bisect_left(self.fact_pos, max(cs, a.start - 40))
        for k in range(first, len(self.fact_words)):
            pos, kinds = self.fact_words[k]
            if pos >= min(ce, a.end + 30):
                break
            lo, hi = (pos, a.start) if pos < a.start else (a.end, pos)
            i = bisect_right(self.starts, lo)
            if i < len(self.starts) and self.starts[i] < hi:
                continue  # another number sits between: the word is that one's
            mine = a.start - pos if pos < a.start else pos - a.end
            if pos > a.start and _HEADS.match(self.reply, pos):
                continue  # "to reach 75,000 you'd average about 10,700": the word heads 10,700
            if self._nearer_number(pos, a, mine):
                continue  # "75,000 this week you need an average of 11,500": 11,500's
            found.append((mine, kinds))
        if not found:
            return None
        kinds = min(found, key=lambda x: x[0])[1]
        if "streak" in kinds:
            return kinds if a.unit in ("day", "time") \
                or a.unit is None and a.value is not None and a.value < 400 \
                else None
        # "average over the last 7 days": a count of days is the window, not the fact.
        return kinds if a.unit in ("step", None) else None

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

    def period(self, a: Atom) -> tuple[str, ...] | None:
        """The stated periods the number is tied to by a name ("in November", "last week",
        "October's 8,020"): the nearest name in its sentence that no other number sits
        between (a following one only within the clause); else the one period the sentences
        before it in its paragraph name, when they name only one (`last_far`). Sets
        `last_span` (an unstated name's days) and `last_heads` (the name heads the number)."""
        self.last_span, self.last_heads, self.last_far = None, False, False
        if not self.names:
            return None
        ss, se = self.sentence(a.start)
        cs, ce = self.clause(a.start)
        best, best_dist, best_at = None, None, 0
        lo = bisect_right(self.names, (ss, -1, ()))
        for k in range(lo, len(self.names)):
            start, end, labels = self.names[k]
            if start >= se:
                break
            if start <= a.start < end:
                continue
            before = end <= a.start
            if not before and start >= ce:
                continue
            if not before:
                i = bisect_right(self.starts, a.end - 1)
                if i < len(self.starts) and _OF_WHOLE.fullmatch(self.reply, a.end,
                                                                self.starts[i]):
                    i += 1  # "2 of 2 days this week": the whole is part of the count
                if i < len(self.starts) and _DAYS_OF.match(self.reply, self.ends[i]):
                    i += 1  # "248,630 for all 31 days of October": the name's length
                if i < len(self.starts) and self.starts[i] < start:
                    continue  # another number between: the name is that one's
            after_name = self.reply[end:end + 4].lstrip("'s ")
            if after_name[:1].isdigit() and not end <= a.start <= end + 4:
                continue  # "October's 8,020": the name belongs to the number after it
            dist = (a.start - end if before else start - a.end) + (
                0 if cs <= start < ce else 1000)
            if before and _CONTRAST.match(self.reply, end, a.start):
                dist += 500  # "8,020 in October to 9,503": October is the number before's
            if best_dist is None or dist < best_dist:
                best, best_dist, best_at = labels, dist, start
        if best is not None and best_dist is not None and best_dist < 1000:
            self.last_span = self.spans.get(best_at) if not best else None
            end = next(e for s, e, _ in self.names if s == best_at)
            self.last_heads = end <= a.start and _HEADS_NUMBER.fullmatch(
                self.reply, end, a.start) is not None
            return best
        if best is not None:  # named only outside its clause: any period its paragraph names
            return tuple(self.sentence_periods(a)) or best
        para = self.reply.rfind("\n\n", 0, ss) + 1
        found = {labels for _, _, labels in self._names_in(para, ss)} - {()}
        self.last_far = True
        return found.pop() if len(found) == 1 else None

    def sentence_names(self, a: Atom) -> set[tuple[str, ...]]:
        """The distinct stated periods (each name's labels) the number's sentence names."""
        return {labels for _, _, labels in self._names_in(*self.sentence(a.start)) if labels}

    def sentence_periods(self, a: Atom) -> set[str]:
        """The labels of every stated period the number's paragraph names."""
        start = self.reply.rfind("\n\n", 0, a.start) + 1
        end = self.reply.find("\n\n", a.end)
        end = len(self.reply) if end < 0 else end
        return {label for _, _, labels in self._names_in(start, end) for label in labels}

    def _names_in(self, start: int, end: int) -> list:
        """The period names written from `start` to `end` (by bisect: a long reply has many)."""
        return self.names[bisect_left(self.names, (start, -1, ())):
                          bisect_left(self.names, (end, -1, ()))]


_OF_WHOLE = re.compile(r"\s+(?:out\s+)?of\s+(?:the\s+|your\s+|those\s+|all\s+)?", re.I)
# "your 30-day figure of 9,548", "October's 8,020", "November: 284,826": the period's own value
_HEADS_NUMBER = re.compile(r"(?:'s|’s|:)?\s+(?:(?:figure|number|total|tally|count|level|mark|"
                           r"baseline|was|is|sat|came|in|at|of|to)\s+){0,3}(?:about\s+|around\s+|"
                           r"roughly\s+)?", re.I)
_IRREALIS = re.compile(r"\b(?:would|could|might|if)\b", re.I)
_SHARE_OF = re.compile(r"\s+of\s+(?:them|those|these|the\s+days|days|all|the\s+month|"
                       r"the\s+week|your\s+days)\b", re.I)
_DAYS_OF = re.compile(r"\s*-?\s*days?\s+(?:of|in)\s", re.I)
_TARGET_BEFORE = re.compile(r"\b(?:short of|shy of|away from|to reach|to hit)\s+(?:the\s+|"
                            r"your\s+)?(?:about\s+)?$", re.I)
_POSSESSIVE = "'s"
_VERSUS = re.compile(r"\s(?:vs\.?|versus|against|compared (?:with|to))\s+(?:about\s+)?$", re.I)
_EDGE = re.compile(r"\b(?:through|thru|since|until|till|as of|up to)\s+(?:the\s+)?$", re.I)
# A fact word right before a number names that number ("average about 10,700", "streak of 4").
_HEADS = re.compile(r"[a-z]+(?:\s+(?:of|is|was|at|to))?\s+(?:about\s+|around\s+|roughly\s+|"
                    r"nearly\s+|just\s+over\s+|just\s+under\s+)?\d", re.I)
# A day name right before a number is that number's ("Tuesday's 8,963", "Monday at 9,231").
_OWNED = re.compile(r"(?:'s|’s|\s+at|:)?\s{0,2}\d")
_CONTRAST = re.compile(r"(?:'s)?\s+(?:to|versus|vs\.?|against|compared (?:with|to))\s+"
                       r"(?:about\s+|around\s+)?$", re.I)
