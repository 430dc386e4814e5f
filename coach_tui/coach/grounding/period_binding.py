"""The period a reply's number is tied to by a name: `PeriodBinding.period(atom)`.

The nearest period name in its sentence ("in November", "last week", "October's 8,020",
"7-day"; a name before "to" / "versus" is the number before's; "2 of 2 days this week", "for
all 31 days of October" reach past the count), any its paragraph names when the nearest is
outside its clause, else the one its paragraph names before it (one heading the number, "your
30-day figure of 9,548", is that period's own value). A name the request does not state ("this
week", a month) still means its calendar days (`last_span`).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from datetime import date, timedelta

from coach_tui.coach.grounding.clauses import Clauses
from coach_tui.coach.grounding.dates import PERIOD_WORDS, UNSTATED, calendar_span, period_labels
from coach_tui.coach.grounding.facts import Evidence
from coach_tui.coach.grounding.scan import Atom
from coach_tui.coach.grounding.words import MONTH_WORD
from coach_tui.coach.grounding.words import finditer_lower as _finditer

# "early October", "the end of November": a part of a month, not the month's figures
_PART_OF = re.compile(r"\b(?:early|late|mid|mid-|(?:the\s+)?(?:start|end|beginning|middle)\s+of)"
                      r"\s*$", re.I)
# "last month, October,": a relative name the writer puts a month's own name to
_NAMED_AFTER = re.compile(r",\s*(?:" + MONTH_WORD + r")\s*,", re.I)


class PeriodBinding(Clauses):
    """The period names of a reply, read once (`read_names`), and the period of a number."""

    names: list[tuple[int, int, tuple[str, ...]]]
    dated: set[int]  # where a date is written (Binder's)

    def read_names(self, ev: Evidence) -> None:
        """Every period name of the reply with the stated periods it names (none: an unstated
        name, whose calendar days go to `spans`)."""
        reply, low = self.reply, self.low
        self.names = []
        self._far: dict[int, tuple[str, ...] | None] = {}  # by sentence: _paragraph_period
        self.spans: dict = {}  # an unstated period name's position: the days it means
        self.last_span: tuple[date, date] | None = None  # by period(), as the next two
        self.last_heads, self.last_far = False, False
        self.last_prior = False  # by period(): the name is "the week before"
        self.priors = [(m.start(), m.end()) for m in _PRIOR_WEEK.finditer(reply)]
        self.ev_ = ev
        self._contrast = any(w in low for w in ("against", "vs", "versus", "compared", "→", "->",
                                                " than ", "ahead of", "behind")) \
            if low is not None else True  # (else `_across` has nothing to find)
        if ev.periods:
            cache = ev.period_cache  # (what a name means depends on the request alone)
            for m in _finditer(PERIOD_WORDS, reply, low):
                if reply.startswith(":", m.end()) \
                        and reply.endswith(("For ", "for "), 0, m.start()):
                    continue  # "For December: the gap between a 9,503 average and ...": a plan
                if reply.startswith(",", m.end()) and _NAMED_AFTER.match(reply, m.end()):
                    continue  # "Last month, October, ...": the month its writer names
                key = reply[m.start():m.end()].lower()
                found = cache.get(("name", key), False)
                if found is False:  # (None: not a period name; else its labels and days)
                    found = cache[("name", key)] = None if not PERIOD_WORDS[1].fullmatch(key) \
                        else (period_labels(ev, key), bool(UNSTATED.match(key)),
                              calendar_span(ev, key))
                if found is not None and (found[0] or found[1]):
                    self.names.append((m.start(), m.end(), found[0]))
                    if not found[0] or key == "this week":  # its days, stated or not
                        self.spans[m.start()] = found[2]

    def asked(self, a: Atom) -> tuple[str, ...] | None:
        """The stated period the user's question names, when it names one, for the reply's
        first number when its sentence names none ("What was my average over the last 7
        days?" "About 9,550 a day."): the answer is about the period asked."""
        if not self.starts or a.start != self.starts[0] or not self.ev_.question:
            return None
        key = ("asked", self.ev_.question)
        found = self.ev_.period_cache.get(key, False)
        if found is False:
            text = self.ev_.question.lower()
            labels = {label for m in _finditer(PERIOD_WORDS, text, text)
                      if PERIOD_WORDS[1].fullmatch(m[0])
                      for label in period_labels(self.ev_, m[0])}
            spans = {(p.start, p.end) for p in self.ev_.periods if p.label in labels}
            found = self.ev_.period_cache[key] = tuple(sorted(labels)) if len(spans) == 1 \
                else None  # (one period asked, under any of its names; not a comparison)
        return found

    def period(self, a: Atom) -> tuple[str, ...] | None:
        """The stated periods the number is tied to by a name ("in November", "last week",
        "October's 8,020"): the nearest name in its sentence that no other number sits
        between (a following one only within the clause); else the one period the sentences
        before it in its paragraph name, when they name only one (`last_far`). Sets
        `last_span` (an unstated name's days) and `last_heads` (the name heads the number)."""
        self.last_span, self.last_heads, self.last_far = None, False, False
        self.last_prior = False
        if self.priors:
            prior = self._prior(a)
            if prior is not None:
                return prior
        if not self.names:
            return None
        ss, se = self.sentence(a.start)
        cs, ce = self.clause(a.start)
        best, best_dist, best_at, best_end = None, None, 0, 0
        # ("14 days**: out of the 29 days recorded so far this month": the whole's period,
        # past the colon)
        nxt = bisect_right(self.starts, a.end - 1)
        whole_after = nxt < len(self.starts) and _OF_WHOLE.fullmatch(
            self.reply, a.end, self.starts[nxt]) is not None and ":" in self.reply[
            a.end:self.starts[nxt]]
        lo = bisect_right(self.names, (ss, -1, ()))
        for k in range(lo, len(self.names)):
            start, end, labels = self.names[k]
            if start >= se:
                break
            if start <= a.start < end:
                continue
            before = end <= a.start
            # "1 of 2 (50%) this week": an aside in brackets restates the count
            aside = not before and _ASIDE.fullmatch(self.reply, a.end, start) is not None
            if not before and start >= ce and not aside and not (
                    whole_after and start < se):
                continue
            if not before and not aside:
                i = bisect_right(self.starts, a.end - 1)
                if i < len(self.starts) and _OF_WHOLE.fullmatch(self.reply, a.end,
                                                                self.starts[i]):
                    i += 1  # "2 of 2 days this week": the whole is part of the count
                if i < len(self.starts) and (_DAYS_OF.match(self.reply, self.ends[i]) or _OVER_N
                                             .fullmatch(self.reply, a.end, self.starts[i])
                                             and self.ends[i] - self.starts[i] <= 2
                                             and _IN.match(self.reply, self.ends[i])):
                    i += 1  # "248,630 for all 31 days of October", "8,020 over 31 in October"
                if i < len(self.starts) and self.starts[i] < start:
                    continue  # another number between: the name is that one's
            if not before and _BEATS.search(self.reply, a.end, start) \
                    or before and self._contrast and self._across(a, start, end):
                continue  # "13,311 beat last week's best": the name is the other side's
            after_name = self.reply[end:end + 4].lstrip("'s ")
            if after_name[:1].isdigit() and not end <= a.start <= end + 4:
                continue  # "October's 8,020": the name belongs to the number after it
            # "October: 13 of 31": a name labelling its sentence binds across the colon
            dist = (a.start - end if before else start - a.end) + (
                0 if cs <= start < ce or aside
                or before and _LABELS.fullmatch(self.reply, end, a.start)
                and _MARKUP.fullmatch(self.reply, ss, start) else 1000)
            if before and _CONTRAST.match(self.reply, end, a.start):
                dist += 500  # "8,020 in October to 9,503": October is the number before's
            if best_dist is None or dist < best_dist:
                best, best_dist, best_at, best_end = labels, dist, start, end
        if best is not None and best_dist is not None and best_dist < 1000:
            self.last_span = self.spans.get(best_at)
            end = best_end  # (names start at distinct places)
            self.last_heads = end <= a.start and _HEADS_NUMBER.fullmatch(
                self.reply, end, a.start) is not None
            return best
        if best is not None and not best and not self.sentence_names(a) \
                and not _BEATS.search(self.reply, *sorted((best_at, a.start))):
            # "October was the same: 13 of 31": the one name in its sentence, one the request
            # does not state ("better than 9,904 this week": 9,904 is the other side's)
            self.last_span = self.spans.get(best_at)
            return best
        if best is not None:  # named only outside its clause: any period its paragraph names
            return tuple(self.sentence_periods(a)) or best
        j = bisect_left(self.starts, a.start) - 1
        if j >= 0 and self.starts[j] >= ss and _SIDES_BEFORE.match(self.reply, self.ends[j],
                                                                    a.start):
            return None  # "November wins. Average 9,503 against 8,020": the other side's
        if j + 1 < len(self.starts) - 1 and self.starts[j + 1] == a.start \
                and _FROM.search(self.reply, max(ss, a.start - 16), a.start) \
                and _TO_NEXT.fullmatch(self.reply, a.end, self.starts[j + 2]) \
                and self.starts[j + 2] < se:
            return None  # "the hit rate went from about 42% to about 45%": the earlier side
            # is the other period compared, whichever the paragraph named last
        self.last_far = True
        return self._paragraph_period(ss)

    def _across(self, a: Atom, start: int, end: int) -> bool:
        """The name before the number is the other side's of a comparison: "this week
        averages 11,274 against 9,904" (another number, then the contrast, between them:
        9,904 is not this week's), or "up 67% on last week: 22,548 versus 69,329" (the
        comparison's base, and the number the side a contrast after it sets against it)."""
        i = bisect_right(self.starts, end - 1)
        if a.kind == "count" and (i >= len(self.starts) or self.starts[i] >= a.start) \
                and _THAN_BEFORE.fullmatch(self.reply, end, a.start):
            return True  # "To beat last week, this week needs more than 9,904 a day": the
            # number after "than" is the other side's
        # the number just before this one, not a date ("this week is only 2 days, so
        # comparing totals (22,548 against 69,329)"; not "13,759 on Oct 17, against 12,993")
        j = bisect_left(self.starts, a.start) - 1
        while j >= i and self.starts[j] in self.dated:
            j -= 1
        if i <= j and _SIDES_BEFORE.match(self.reply, self.ends[j], a.start):
            return True
        bold = self.reply.endswith(("**", "__"), 0, a.start)  # ("versus **11,274**")
        if i > 0 and _RATE_NAMED.fullmatch(self.reply, self.ends[i - 1], start) \
                and _SIDES_BEFORE.fullmatch(self.reply, end, a.start - 2 * bold):
            return True  # "11,274 a day this week against 9,904", "9,904 last week versus
            # 11,274 so far this week": the name is the number before's
        return _BASE_BEFORE.search(self.reply, max(0, start - 6), start) is not None \
            and _SIDES_AFTER.match(self.reply, a.end) is not None

    def _paragraph_period(self, ss: int) -> tuple[str, ...] | None:
        """The one stated period the sentences before `ss` in its paragraph name, when they
        name only one (kept per sentence: its numbers ask alike)."""
        if ss not in self._far:
            para = self.reply.rfind("\n\n", 0, ss) + 1
            found = self._names_in(para, ss)
            line = self.reply.rfind("\n", 0, ss) + 1
            if LIST_ITEM.match(self.reply, line) and not _VERSUS.search(
                    self.reply, ss, self.sentence(ss)[1]):  # a list item: what the lines
                found = [n for n in found  # leading in name, not another item ("- Total:
                         if not LIST_ITEM.match(self.reply, self.reply.rfind("\n", 0, n[0]) + 1)]
            found = [n for n in found if not _PART_OF.search(  # ("Early October also had
                self.reply, max(0, n[0] - 14), n[0])]  # the flu": a part dates, not a period's
            names = {labels for _, _, labels in found} - {()}  # 275,589 − 248,630" after an
            # item ending "October's level"; "- Average: 8,020 vs 9,503" after one naming both)
            self._far[ss] = names.pop() if len(names) == 1 else None
        return self._far[ss]

    def _prior(self, a: Atom) -> tuple[str, ...] | None:
        """"8,111 the week before", "up about 1,800 on the previous week", and the other side
        of a contrast after it ("3 goal days versus 1"): the week before the one the sentence
        is about (last week's, when it is about this week), stated or not."""
        ss, se = self.sentence(a.start)
        for start, end in self.priors:
            if not ss <= start < se:
                continue
            if start >= a.end and _PRIOR_TIES.fullmatch(self.reply, a.end, start) \
                    or end <= a.start and _CONTRAST_AFTER.search(
                        self.reply, max(end, a.start - 24), a.start) \
                    or end <= a.start and self.clause(start) == self.clause(a.start) \
                    and bisect_left(self.starts, end) == bisect_left(self.starts, a.start):
                # ("The week before you averaged 8,111": it heads the number's clause)
                found = self.week_before(ss, se)
                if found is None:
                    return None
                labels, span = found
                self.last_span = None if labels else span
                self.last_prior = True
                return labels
        return None

    def week_before(self, ss: int, se: int) -> tuple[tuple[str, ...], tuple] | None:
        """The week before the one the sentence at `ss:se` is about (last week's, when it is
        about this week): the stated periods over its days (none: unstated) and its days."""
        ref = "this week" if _THIS_WEEK.search(self.reply, ss, se) else "last week"
        span = calendar_span(self.ev_, ref)
        if span is None:
            return None
        if ref == "last week":
            span = (span[0] - timedelta(days=7), span[1] - timedelta(days=7))
        else:
            span = calendar_span(self.ev_, "last week")
            assert span is not None
        return tuple(p.label for p in self.ev_.periods if (p.start, p.end) == span), span

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


# "the week before", "the previous week": the week before the one a sentence is about
# (`[tT](?<!\w[tT])` is `\bt`, case-insensitive: a first character class, case-sensitive,
# lets the engine skip prose in C rather than try the pattern at every character)
_PRIOR_WEEK = re.compile(r"[tT](?<!\w[tT])(?i:(?:he|hat)\s+(?:week\s+(?:before|prior)"
                         r"(?!\s+(?:last|that|it|the))|(?:previous|prior|preceding)\s+week)\b)")
_PRIOR_TIES = re.compile(r"\s*(?:steps?\s+)?(?:(?:a|per)\s+day\s+)?(?:on\s+|in\s+|over\s+)?",
                         re.I)
_CONTRAST_AFTER = re.compile(r"\b(?:instead\s+of|versus|vs\.?|against|compared\s+(?:with|to))"
                             r"\s+(?:about\s+|around\s+|just\s+|only\s+)?$", re.I)
_THIS_WEEK = re.compile(r"\bthis\s+week\b|\bso\s+far\b", re.I)
_LABELS = re.compile(r"(?:\*\*)?:(?:\*\*)?\s*")
_MARKUP = re.compile(r"[\s>*#+-]*")
# (and "**Goal met on 14 days**: out of the 29 days ... this month")
_OF_WHOLE = re.compile(r"(?:\s+days?\s*(?:\*\*)?\s*:)?\s+(?:out\s+)?of\s+"
                       r"(?:the\s+|your\s+|those\s+|all\s+)?", re.I)
# "your 30-day figure of 9,548", "October's 8,020", "November: 284,826": the period's own value
_HEADS_NUMBER = re.compile(r"(?:'s|’s|:)?\s+(?:(?:figure|number|total|tally|count|level|mark|"
                           r"baseline|was|is|sat|came|in|at|of|to)\s+){0,3}(?:about\s+|around\s+|"
                           r"roughly\s+)?", re.I)
_BEATS = re.compile(r"→|\b(?:beat|beats|beating|topped|tops|outdid|outpaced|than|vs|versus|"
                    r"against|compared\s+(?:with|to))\b", re.I)
_ASIDE = re.compile(r"(?:\s+(?:out\s+)?of\s+[\w,]+)?(?:\s+days)?\s*\([^()\n]{1,24}\)\s*", re.I)
_DAYS_OF = re.compile(r"\s*-?\s*days?\s+(?:of|in)\s", re.I)
_OVER_N = re.compile(r"\s+(?:a\s+day\s+)?(?:over|across)\s+(?:all\s+|the\s+)?", re.I)
_IN = re.compile(r"\s+in\s", re.I)  # (after a count of days: "over 31 in October")
_CONTRAST = re.compile(r"(?:'s)?\s+(?:to|versus|vs\.?|against|compared (?:with|to)|→|->)\s+"
                       r"(?:about\s+|around\s+)?$", re.I)
# "11,274 against 9,904", "22,548 vs 69,329", "8,020 → 9,503": a number set against the one
# before it
LIST_ITEM = re.compile(r"[ \t]*(?:[-*+•]|\d+[.)])\s")  # a list item's line
_VERSUS = re.compile(r"\b(?:vs\.?|versus|against|compared)\s|→|->")
_THAN_BEFORE = re.compile(r"[^.!?;\d]{0,40}\b(?:more|less|fewer|better|higher|lower|bigger)"
                          r"\s+than\s+(?:about\s+|around\s+|roughly\s+)?", re.I)
# ("this week's average would be about 10,850, still comfortably ahead of 9,904")
_SIDES_BEFORE = re.compile(r"[^.!?;\d]{0,30}(?:\b(?:against|versus|vs\.?|compared\s+(?:with|to)|"
                           r"ahead\s+of|behind)|→|->)\s+(?:about\s+|around\s+)?$", re.I)
_FROM = re.compile(r"\bfrom\s+(?:about\s+|around\s+|roughly\s+|~)?$", re.I)
_TO_NEXT = re.compile(r"\s*%?\s+to\s+(?:about\s+|around\s+|roughly\s+|~)?", re.I)
_SIDES_AFTER = re.compile(r"[^.!?;\d]{0,20}?(?:\b(?:against|versus|vs\.?|compared\s+(?:with|to))|"
                          r"→|->)\s", re.I)
_RATE_NAMED = re.compile(r"(?:\*\*|__)?\s+(?:steps\s+)?(?:(?:a|per)\s+day\s+)?"
                         r"(?:over\s+|for\s+|in\s+)?", re.I)
_BASE_BEFORE = re.compile(r"\b(?:on|than|over)\s+$", re.I)
