"""What a reply says the user may yet do: a last look at a warned number (lenient.py's stage),
by class; days it counts by their values, and windows and sizes, are counted.py's.

A coach that ranks, compares and plans writes numbers that are no value of the user's data
and no operation the request states, yet true by what the sentence does with them:

- **a supposition of the user's doing** ("suppose"): "if you can average a touch over 9.9k a
  day this week, you'll edge it", "once you walk 4,000 before lunch": a number in a clause
  that supposes what the user does (if / once / when you [can, could, manage to] walk,
  average, hit, get, ...) is advice, even when the verb is a fact's word ("average"); not
  when the clause says what was done ("if you hit 9k yesterday", "like last week") nor when
  the number is a fact the words name ("if you keep your average of 9,100");
- **the next day of a count** ("next"): "your streak is 1 day, so today is about making it
  two", "goal met on 13 of 29 days ... 1,786 away from making it goal day number fourteen": a
  count one past a true count of days written up to 400 characters before it, said of the day
  being worked on ("making it", "takes it to", "would be" with today, tonight, tomorrow, "if"
  or "once"); or, with the streak named and today's doing supposed before it ("meeting this
  makes your streak 2", "a walk now would close it and give you a two-day streak"), one past
  the request's streak;
- **a split of a total** ("split"): "10,000 on each weekday, with two weekend days of about
  12,500" after "a 75,000 week": a step value that, with another of its sentence, splits a
  total the reply has written true over a week's seven days (n × x + (7 − n) × y), in a
  sentence that spreads it over days ("each", "weekdays", "a day") and reports nothing (no
  "averaged", "came", "was"), is the plan's (and so is the other);
- **a rate over the days left** ("rest"): "68,517 more across today and the 6 days after it,
  about 9,790 a day", "the remaining days need about 10,910 each" (for 75,000 this week): a
  rate its sentence says is for the days still to come, when a number written true in it or
  the two sentences before, or such a number less what is walked so far (today's count, and
  this week's days before it), over a count of days written in it (one more after "today
  and") or over the days left of the week or month, today included (today is still to walk:
  "65,763 left over the remaining five days" on a Tuesday stays warned), gives it;
- **what a week would have been** ("had"): "had Sunday's 9,257 reached 10k, the week would
  have averaged about 8,217": the average (or, without "averaged", the total) of a block of
  day lines with the day its sentence names (by weekday) at the value the sentence gives it
  (a number of 1,000 or more written in it, or the goal);
- **a period with today added** ("onto"): "adding today's 8,214 puts the month at 283,803",
  "if you finish today at 10,000 the month closes on 285,589", "today's 9,377 would push
  November past October's total by 36,336": a total the request states plus today's count (or
  a number of 1,000 or more its sentence gives today), less another stated total when a
  sentence that says what adding it does ("puts", "closes", "would push") makes it a gap;
- **the steps of a planned walk** ("walk"): "- After six: 40 minutes, about 4,500": a hedged
  step count on the line of a walk's length in minutes, at a walking pace (70 to 160 steps a
  minute), on a line that reports nothing, is the plan's estimate;
- **the share of the goal still to go** ("left"): "just over half the goal still to go" at
  4,906 of 10,000: a fraction or percentage of the goal the words say is left, (goal − today's
  count) ÷ goal, at the fraction's precision and on its hedge's side;
- **a gap to a period named** ("than"): "you'd end the week around 78,900, roughly 9,600
  more than last week": the number written before it in its sentence (true, or a projection)
  less the total the request states for the period the words name ("last week", "this
  month"), the way they say.

- **where a plan takes today** ("day"): "a brisk loop, about 2,500, taking you to roughly
  10,150" at 7,645 so far: a count the words say a plan takes (brings, gets, puts, leaves)
  the user to is today's count plus an amount of the plan written before it in its sentence,
  to the precision of both; that amount, which gives it, is the plan's too ("took you to" and
  any other past tense is no plan);
- **the month with today met** ("month"): "Close it and December starts at 100%", "2,355
  more would put December at 1 goal day out of 1": this month's stated goal days before today
  (none on its first day) and today, over its days so far, today counted, after words that
  suppose today's doing;
- **the days of the week a plan spreads over** ("week"): "the challenge is doing it six days
  running", "11,000 on all six days": a count of the week's days from today (or after it)
  after "all", "the other", "the remaining" in a clause that plans (leaves, needs, each, a
  day, would ...), or in "doing it N days running"; never in a clause that reports ("the other
  six days sat between ...", "You have 5 days in a row").

The streak one day on is also "next"'s when a sentence plans today's walk before it ("a walk
after dinner covers it, and that's two goal days in a row"), not when the streak is said to
stand there now ("you're on two in a row").

Only unsupported numbers with no source change (as everywhere in lenient.py): a number these
find nothing for stays warned.
"""

from __future__ import annotations

import calendar
import re
from bisect import bisect_left
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import TYPE_CHECKING

from coach_tui.coach.grounding.arithmetic import DIVIDE
from coach_tui.coach.grounding.block_ops import day_blocks
from coach_tui.coach.grounding.counted import between, slash, value, window, within, written
from coach_tui.coach.grounding.facts import fmt, short_day
from coach_tui.coach.grounding.reports import reports
from coach_tui.coach.grounding.shares import share_range, widened
from coach_tui.coach.grounding.words import MONTH_WORD, ORDINAL_WORDS

if TYPE_CHECKING:
    from coach_tui.coach.grounding.facts import Evidence
    from coach_tui.coach.grounding.lenient import Mention

RULES = frozenset({"suppose", "next", "split", "between", "rest", "had", "onto", "window",
                   "walk", "left", "than", "slash", "day", "month", "week"})

_TRUE = ("quoted", "computed")
# "if you can average", "once you walk", "when you manage to get": what the user may do
_SUPPOSE = re.compile(r"\b(?:if|once|when|should)\s+you(?:'ve|’ve)?\s+(?:can\s+|could\s+|"
                      # ("if you've got ten minutes left in you tonight")
                      r"manage\s+to\s+|just\s+|then\s+|were\s+to\s+|keep\s+(?:up\s+)?|have\s+)?"
                      r"(?:average|walk|hit|get|got|"
                      r"do|log|add|bank|reach|clear|make|put|push|stay|finish|go|rack\s+up)\b",
                      re.I)
_BREAK = re.compile(r"(?<!\d),|,(?!\d)|[;:()—–]")  # (not the comma of "10,500")
_DONE = re.compile(r"\b(?:yesterday|last\s+\w+|ago|earlier|did|had|was|were|already)\b", re.I)
_FACT_OF = re.compile(r"\b(?:your|the|my)\s+(?:\w+[\s-]+)?(?:average|streak|best|record|total|"
                      r"goal)\b[^,;:]*$", re.I)
# "making it two", "takes it to 14", "would be fourteen": a count said of a day ahead
_MAKES = re.compile(r"(?:\b(?:mak(?:e|es|ing)|tak(?:e|es|ing)|bring(?:s|ing)?|push(?:es|ing)?|"
                    # ("1,786 to go to make today day fourteen")
                    r"turn(?:s|ing)?)\s+(?:it|that|this|today|tonight|the\s+\w+|your\s+\w+|"
                    # ("1,786 more steps makes November 14 of 30")
                    + MONTH_WORD + r")\s+"
                    r"(?:to\s+|into\s+)?"
                    # "Hit it and the streak is 2", "1,786 more and it's 14": a doing's result
                    r"|\band\s+(?:it|that|the\s+streak|your\s+streak)(?:'s|\s+is|\s+will\s+be)\s+"
                    r"(?:at\s+|on\s+)?"
                    r"|\b(?:would|will|'ll|could)\s+(?:be|make\s+it)\s+"
                    # "would close it and give you a two-day streak", "another 1,786 gets you a
                    # fourteenth"
                    r"|\b(?:giv(?:e|es|ing)|gets?|getting)\s+you\s+(?:to\s+)?(?:a\s+)?"
                    # ("another 623 ... and November gets a 14th goal day")
                    r"|\bgets\s+(?:a|an)\s+"
                    # "Hit it and the month closes at 14 of 30"
                    r"|\b(?:clos|finish|end)(?:es|s)?\s+(?:at|on)\s+)(?:a\s+|(?:goal\s+)?day\s+|"
                    r"(?:goal\s+)?day\s+(?:number|no\.)\s+)?$", re.I)
# ("closing this gap makes it 2", "hitting the goal takes it to 5": today's doing, named)
_AHEAD = re.compile(r"\b(?:today|tonight|tomorrow|if|once|clos(?:e|es|ing)\s+(?:this|the|that)\s+"
                    r"gap|(?:hitting|meeting|reaching)\s+(?:it|the\s+goal|your\s+goal)|"
                    r"(?:hitting|meeting|closing)\s+this|"
                    r"(?:hit|close|get)\s+(?:it|that|the\s+goal|the\s+gap|(?:the\s+(?:last|final)\s+)?"
                    r"[\d,.]+k?)\s+and|"
                    r"more\s+and|another\s+[\d,.]+k?\s+and|"  # ("another 1,786 and ...")
                    # ("so 1,786 more makes it 14 for November")
                    r"more\s+(?:makes?|takes?|gets?|brings?)\s+it|"
                    r"a\s+goal\s+day)\b", re.I)
_DAYS_AFTER = re.compile(r"[^.;:!?\n]{0,20}?\b(?:days?|in a row|straight)\b", re.I)
# a plan spreads over days ("on each weekday", "two weekend days of"); a report has happened
_SPREAD = re.compile(r"\b(?:each|every|week\s?days?|weekends?|weekend\s+days?|per\s+day|a\s+day)\b",
                     re.I)
_PAST = re.compile(r"\b(?:averaged|walked|logged|came|was|were|got|hit|did|had|finished|landed|"
                   r"totall?ed|added|made|reached)\b", re.I)
# "about 9,790 a day", "need about 10,910 each": a rate; "from here", "the remaining days": ahead
_RATE = re.compile(r"\s*(?:steps?\s+)?(?:a\s+day|per\s+day|/d(?:ay)?\b|each\b|daily\b)", re.I)
_REST = re.compile(r"\b(?:remaining|left|rest|from here|other|after it|to go|still)\b", re.I)
_TODAY_AND = re.compile(r"\btoday\s+(?:and|plus|\+)\s+(?:the\s+)?(?:\w+\s+)?$", re.I)
# "Had Sunday reached 10k, the week would have averaged ...": a day supposed otherwise
_HAD = re.compile(r"\b(?:had|if\s+\w+(?:'s)?\s+(?:\w+\s+)?had)\b", re.I)
_WOULD_HAVE = re.compile(r"\bwould\s+have\s+(averaged|totall?ed|come\s+to|been|ended|finished|"
                         r"closed|(?:lifted|pushed|raised|brought|taken|put)\s+(?:the\s+|your\s+)?"
                         r"(?:(?:week|month)['’]s\s+)?(?:average|total)\s+to)\b", re.I)
_WEEKDAY = re.compile(r"\b(mon|tue|wed|thu|fri|sat|sun)(?:day|s|nes|rs|ur)?[a-z]*\b", re.I)


def worked_out(reply: str, m: Mention, out: Sequence[Mention], ev: Evidence,
               sentence: Callable[[int], tuple[int, int]],
               rules: frozenset) -> tuple[str, str] | None:
    """(outcome, source) when a rule of this module clears the unsupported number `m` (its
    sentence by `sentence`, the reply's mentions `out` in order), else None."""
    start, end = sentence(m.start)
    start, end = max(start, m.start - 240), min(end, m.end + 240)  # (a sentence's reach)
    said = reply[start:end].lower()  # (each rule's cue looked for first: most numbers have none)
    count = m.kind == "count"
    found = None
    if "between" in rules and m.kind in ("count", "range") and (
            "between" in said or "from" in said or "within" in said or " by " in said):
        found = between(reply, m, ev, start, end) or within(reply, m, ev, end)
    if found is None and "suppose" in rules and "you" in said:
        found = _supposed(reply, m, start, end)
    if found is None and "next" in rules and m.kind in ("count", "ordinal") and any(
            w in said for w in ("mak", "tak", "bring", "push", "turn", "would", "will", "'ll",
                                "could", "and", "get")):
        found = _next(reply, m, out, ev, start, end) or _streak_next(reply, m, ev, start)
    if found is None and "split" in rules and count and any(
            w in said for w in ("day", "each", "every", "weekend")):
        found = _split(reply, m, out, start, end)
    if found is None and "rest" in rules and count and any(
            w in said for w in ("day", "each", "/d", "daily")):
        found = _rest(reply, m, out, ev, start, end)
    if found is None and "had" in rules and count and "had" in said:
        found = _had(reply, m, ev, start, end)
    if found is None and "onto" in rules and count and "today" in said:
        found = _onto(reply, m, ev, start, end)
    if found is None and "window" in rules and count and m.text.isdigit():
        found = window(reply, m, ev)
    if found is None and "slash" in rules and count and reply[m.start - 1:m.start] == "/":
        found = slash(m, out, ev)
    if found is None and "walk" in rules and (count or m.kind == "range") and "min" in reply[
            reply.rfind("\n", 0, m.start) + 1:m.start].lower():  # (its line: "30 minutes on
        found = _walk(reply, m, start)  # the flat route. Roughly 3,000-3,500 steps.")
    if found is None and "left" in rules and m.kind in ("fraction", "percent") and "goal" in said:
        found = _left(reply, m, ev)
    if found is None and "than" in rules and count and (" than " in said or " on " in said):
        found = _than(reply, m, out, ev, start)
    if found is None and "day" in rules and count and " you " in said:
        found = _day_to(reply, m, out, ev, start, end)
    if found is None and "month" in rules and m.kind in ("percent", "count"):
        found = _month_with_today(reply, m, ev, start, end)
    if found is None and "week" in rules and count and "day" in said:
        found = _week_left(reply, m, ev, start, end)
    return found


def _start(m: Mention) -> int:
    return m.start


def _supposed(reply: str, m: Mention, start: int, end: int) -> tuple[str, str] | None:
    before = reply[start:m.start]
    if "you" not in before and "You" not in before:
        return None
    said = next(reversed(list(_SUPPOSE.finditer(before))), None)  # (the nearest)
    if said is None or _BREAK.search(before, said.end()) or _FACT_OF.search(before, said.end()):
        return None
    stop = _BREAK.search(reply, m.end, end)
    if _DONE.search(reply, start + said.start(), stop.start() if stop else end):
        return None  # "if you hit 9k yesterday": what was done
    return "advice", "a supposition of what you may do"


def _next(reply: str, m: Mention, out: Sequence[Mention], ev: Evidence, start: int,
          end: int) -> tuple[str, str] | None:
    if not _MAKES.search(reply, max(start, m.start - 32), m.start):
        return None
    n = value(m.text)
    if n is None and m.kind == "ordinal":  # ("gets you a fourteenth", "gets a 14th")
        t = m.text.strip().lower()
        n = float(t[:-2]) if t[:-2].isdigit() else float(ORDINAL_WORDS.get(t, 0)) or None
    if n is None or not 2 <= n <= 400 or not n.is_integer() or not _AHEAD.search(reply, start, end):
        return None
    for o in out:
        if 0 <= m.start - o.start <= 900 and o is not m and o.outcome in _TRUE \
                and o.kind == "count" and value(o.text) == n - 1 \
                and _DAYS_AFTER.match(reply, o.end):
            return "computed", f"{o.text} + 1 (the day being walked, once it counts)"
    # "Meeting this makes your streak 2": the request's streak with today, the streak named
    # and today's doing supposed before it ("your streak is at 2 days": no doing, a claim)
    if ev.streak is not None and n == ev.streak.value + 1 \
            and _STREAK_NAMED.search(reply, start, end) is not None \
            and _DOING.search(reply, start, m.start) is not None:
        return "computed", f"{ev.streak.label} + today = {fmt(n)}"
    return None


def _streak_next(reply: str, m: Mention, ev: Evidence, start: int) -> tuple[str, str] | None:
    """The streak one day on, in a sentence that plans today's walk before it ("a walk after
    dinner covers it, and that's two goal days in a row", "lunch is your chance to start
    making it two in a row"); not a streak said to stand there now ("you're on two in a row")."""
    n = value(m.text)
    if ev.streak is None or n is None or n != ev.streak.value + 1 \
            or not (_STREAK_AFTER.match(reply, m.end)
                    or _STREAK_OF.search(reply, max(0, m.start - 12), m.start)) \
            or not _PLANNED.search(reply, start, m.start) \
            or _STANDS.search(reply, max(start, m.start - 24), m.start):
        return None
    return "computed", f"{ev.streak.label} + today = {fmt(n)}"


# "two in a row", "two goal days in a row", "a streak of two" (the words before), "-day streak"
_STREAK_AFTER = re.compile(r"(?:[\s-]+(?:goal\s+)?days?)?\s+(?:in\s+a\s+row|straight|running)\b"
                           r"|[\s-]+day\s+streak\b", re.I)
_STREAK_OF = re.compile(r"\bstreak\s+of\s+$", re.I)
# a plan of today's walk before the count: what would happen, the chance, the walk that covers
_PLANNED = re.compile(r"\b(?:should|would|will|could|chance|covers?\s+it|over\s+the\s+line|"
                      r"mak(?:e|ing)\s+it|turn\s+\S+(?:\s+\S+)?\s+into)\b|'ll\b", re.I)
_STANDS = re.compile(r"\b(?:you(?:'re|\s+are)\s+(?:on|at)|(?:is|was|stands|sits)\s+(?:at|on)?)\s+"
                     r"(?:a\s+)?$", re.I)
_STREAK_NAMED = re.compile(r"\b(?:streak|in\s+a\s+row|straight\s+days?|days?\s+straight)\b",
                           re.I)
# today's doing, supposed: "meeting this", "hit it and", "a walk now would close it"
_DOING = re.compile(r"\b(?:hit(?:ting)?|meet(?:ing)?|clos(?:e|ing)|finish(?:ing)?|reach(?:ing)?)"
                    r"\s+(?:it|this|that|the\s+goal|your\s+goal|the\s+gap|today)\b"
                    r"|\b(?:would|will|'ll|could)\b", re.I)


def _split(reply: str, m: Mention, out: Sequence[Mention], start: int,
           end: int) -> tuple[str, str] | None:
    got = written(m.text) if len(m.text) >= 4 and _SPREAD.search(reply, start, end) else None
    if got is None or got[0] < 1000 or reports(reply[start:end].lower()) \
            or _PAST.search(reply, start, end):
        return None  # ("without Tuesday's 8,963 the week averaged 10,280": a report)
    x, tol = got
    parts, totals = [], []
    for o in out[bisect_left(out, start - 600, key=_start):]:  # (the total: not far before)
        if o.start >= end:
            break
        v = None if o is m or o.kind != "count" or len(o.text) < 4 else written(o.text)
        if v is None:
            continue
        if start <= o.start and 1000 <= v[0] < 5 * x:
            parts.append(v[0])  # (the other part: true, or a plan's too)
        elif v[0] >= 5 * x and o.outcome in _TRUE:
            totals.append(v[0])
    for total in totals:
        for y in parts:
            for n in range(1, 7):
                if abs(n * x + (7 - n) * y - total) <= min(n * tol, total / 200) + 0.5:
                    return "advice", f"a plan: {7 - n} × {fmt(y)} + {n} × {fmt(x)} = " \
                                     f"{fmt(total)}"
    return None


def _rest(reply: str, m: Mention, out: Sequence[Mention], ev: Evidence, start: int,
          end: int) -> tuple[str, str] | None:
    """A rate for the days still to come: an amount written true (less what is walked so far)
    over the days left."""
    got = written(m.text) if _RATE.match(reply, m.end) and _REST.search(reply, start, end) \
        else None
    if got is None or got[0] < 1000:
        return None
    rate, tol = got
    back = start
    for _ in range(2):  # (the two sentences before: "The month maths: 12,000 for 31 days is ...")
        back = max(0, reply.rfind(". ", 0, max(0, back - 2)) + 2) if back > 2 else 0
    amounts: dict[float, str] = {}
    days: dict[int, str] = {}
    for o in out[bisect_left(out, back, key=_start):]:
        if o.start >= end:
            break
        if o.start < back or o is m or o.outcome not in _TRUE:
            continue
        v = value(o.text)
        if v is not None and v >= 1000:
            amounts.setdefault(v, o.text)
        elif v is not None and 2 <= v <= 31 and o.start >= start and v.is_integer():
            today = _TODAY_AND.search(reply, max(start, o.start - 24), o.start)
            days.setdefault(int(v) + (1 if today else 0), f"{o.text} days" + (
                " and today" if today else ""))
    if ev.now is not None:
        left = 7 - ev.now.weekday()
        days.setdefault(left, f"{left} days left of the week, today included")
        month_left = calendar.monthrange(ev.now.year, ev.now.month)[1] - ev.now.day + 1
        days.setdefault(month_left, f"{month_left} days left of the month, today included")
        # (not the days after today: "65,763 left over the remaining five days" when six are)
    walked = _walked(ev)
    for total, said in list(amounts.items()):
        for done, how in walked:
            if total - done >= 1000:
                amounts.setdefault(total - done, f"{said} − {how}")
    for amount, said in amounts.items():
        for n, over in days.items():
            if n > 0 and abs(amount / n - rate) <= tol:
                return "computed", f"({said}) ÷ {over} = {fmt(round(amount / n))}"
    return None


def _walked(ev: Evidence) -> list[tuple[float, str]]:
    """What is walked so far: today's count, and with this week's days before today."""
    if ev.today is None or ev.now is None:
        return []
    today = ev.today.value
    week = [ev.days[d].value for d in (ev.now - timedelta(days=i)
                                       for i in range(1, ev.now.weekday() + 1)) if d in ev.days]
    found = [(today, f"{fmt(today)} today")]
    if week:
        found.append((today + sum(week), f"{fmt(today + sum(week))} this week so far"))
    return found


# "adding today's 8,214 puts the month at", "the month closes on", "would push November past"
_ONTO = re.compile(r"\b(?:puts?|putting|brings?|bringing|push(?:es)?|takes?|closes?|ends?|"
                   r"finish(?:es)?|adding|add|would|will|'ll)\b", re.I)
# "- Lunch: 30 minutes on a flat route, about 3,500": a walk's length, then its steps
_MINUTES = re.compile(r"\b(\d{1,3})[\s-]*(?:minutes?|mins?)\b", re.I)
_ABOUT = re.compile(r"(?:about|around|roughly|~|≈|approx\.?)\s*$", re.I)
# "just over half the goal still to go", "about 40% of your goal left": the share still to walk
# ("about 78% of today's goal is still ahead")
_LEFT_AFTER = re.compile(r"\s*(?:of\s+)?(?:the|your|today['’]s)\s+(?:daily\s+)?(?:goal|target)\s+"
                         r"(?:is\s+)?(?:still\s+)?(?:to\s+go|left|remaining|outstanding|to\s+walk|"
                         r"ahead(?:\s+of\s+you)?|in\s+front\s+of\s+you)\b", re.I)
# "around 78,900, roughly 9,600 more than last week": a gap to a period named, not written
_THAN_PERIOD = re.compile(r"\s+(?:steps\s+)?(?:(more|higher|above|ahead\s+of|up\s+on)|(less|fewer|"
                          r"lower|below|behind|down\s+on))\s+(?:than\s+)?((?:last|this)\s+"
                          r"(?:week|month)|the\s+week\s+before)\b", re.I)
_NUMBER = re.compile(r"\d[\d,.]*k?\b")
_DAY_INDEX = {d: i for i, d in enumerate(("mon", "tue", "wed", "thu", "fri", "sat", "sun"))}


def _had(reply: str, m: Mention, ev: Evidence, start: int,
         end: int) -> tuple[str, str] | None:
    """A block's average or total with the day the sentence supposes otherwise at its value."""
    would = _WOULD_HAVE.search(reply, start, end)
    if would is None or would.start() > m.start or not _HAD.search(reply, start, m.start):
        return None
    as_written = written(m.text)
    if as_written is None:
        return None
    value, tol = as_written
    said = reply[start:end]
    named = {_DAY_INDEX[w[1].lower()] for w in _WEEKDAY.finditer(said)}
    targets = {w[0] for t in _NUMBER.findall(said)
               if (w := written(t)) is not None and w[0] >= 1000 and w[0] != value}
    if ev.goal:
        targets.add(ev.goal)
    mean = "averag" in would[1].lower()  # ("would have lifted the week's average to")
    for days in day_blocks(ev):
        total = sum(v for _, v in days)
        for d, v in days:
            if d.weekday() not in named:
                continue
            for t in targets:
                result = (total - v + t) / len(days) if mean else total - v + t
                if abs(result - value) <= tol:
                    how = f"({fmt(total)} − {short_day(d)} {fmt(v)} + {fmt(t)})"
                    return "computed", (f"{how} ÷ {len(days)} = {fmt(round(result))}" if mean
                                        else f"{how} = {fmt(result)}")
    return None


def _onto(reply: str, m: Mention, ev: Evidence, start: int,
          end: int) -> tuple[str, str] | None:
    """A stated total with today's count (or today's value supposed) added, or that less
    another stated total."""
    as_written = written(m.text) if ev.today is not None and "today" in reply[start:end].lower() \
        and _ONTO.search(reply, start, end) else None
    if as_written is None or as_written[0] < 1000:
        return None
    value, tol = as_written
    adds = {ev.today.value: f"{fmt(ev.today.value)} today"} if ev.today is not None else {}
    for t in _NUMBER.findall(reply, start, end):
        w = written(t)
        if w is not None and 1000 <= w[0] < 40_000 and w[0] != value:
            adds.setdefault(w[0], f"{fmt(w[0])} today")
    if "averag" in reply[start:end].lower() and ev.now is not None:
        # "counting today's 2,214, this week would average 8,254": the period's days to
        # yesterday and today, over one day more
        for p in ev.periods:
            if p.total > 0 and p.recorded and p.end == ev.now - timedelta(days=1):
                for x, how in adds.items():
                    mean = (p.total + x) / (p.recorded + 1)
                    if abs(mean - value) <= tol:
                        return "computed", (f"({fmt(p.total)} ({p.label}) + {how}) {DIVIDE} "
                                            f"{p.recorded + 1} days = {fmt(round(mean))}")
    totals = {p.total: p.label for p in ev.periods if p.total > 0}
    for total, label in totals.items():
        for x, how in adds.items():
            if abs(total + x - value) <= tol:
                return "computed", f"{fmt(total)} ({label}) + {how} = {fmt(total + x)}"
            for other, other_label in totals.items():
                if other != total and abs(total + x - other - value) <= tol:
                    return "computed", (f"{fmt(total)} ({label}) + {how} − {fmt(other)} "
                                        f"({other_label}) = {fmt(total + x - other)}")
    return None


# "taking you to roughly 10,150", "which would put you at about 9,900": where a plan takes today
_TAKES_TO = re.compile(r"\b(?:tak(?:e|es|ing)|bring(?:s|ing)?|get(?:s|ting)?|put(?:s|ting)?|"
                       r"leav(?:e|es|ing)|land(?:s|ing)?)\s+you\s+(?:up\s+)?(?:to|at|on|near|"
                       r"around)\s+(?:about\s+|around\s+|roughly\s+|~\s*|nearly\s+|"
                       r"just\s+(?:over|under)\s+)?$", re.I)


def _held(reply: str, m: Mention) -> tuple[float, float] | None:
    """`written`, its round figure read as exact (within 50) unless a hedge comes before it:
    "10,000" is the goal, "about 2,500" a walk's rough size."""
    got = written(m.text)
    if got is None or _ABOUT.search(reply, max(0, m.start - 10), m.start):
        return got
    return got[0], min(got[1], 50.0)


def _day_to(reply: str, m: Mention, out: Sequence[Mention], ev: Evidence, start: int,
            end: int) -> tuple[str, str] | None:
    """Today's count plus a planned amount, where the words say the plan takes the day: `m`
    as that total (an amount before it in its sentence gives it) or as the amount (a total
    after it does)."""
    if ev.today is None or (mine := _held(reply, m)) is None:
        return None
    today = ev.today.value
    if _TAKES_TO.search(reply, max(start, m.start - 48), m.start):  # `m`: the day's total
        for o in out:
            if start <= o.start < m.start and o.kind == "count" \
                    and (part := _held(reply, o)) is not None and part[0] >= 100 \
                    and abs(today + part[0] - mine[0]) <= part[1] + mine[1]:
                return "advice", (f"where the plan takes today: {fmt(today)} so far + "
                                  f"{o.text} = {fmt(today + part[0])}")
        return None
    if mine[0] < 100:
        return None
    for o in out:  # `m`: the amount, a total it gives after it
        if m.end <= o.start < end and o.kind == "count" \
                and _TAKES_TO.search(reply, max(m.end, o.start - 48), o.start) \
                and (whole := _held(reply, o)) is not None \
                and abs(today + mine[0] - whole[0]) <= whole[1] + mine[1]:
            return "advice", (f"the plan's part that takes today to {o.text}: {fmt(today)} so "
                              f"far + {m.text} = {fmt(today + mine[0])}")
    return None


def _walk(reply: str, m: Mention, start: int) -> tuple[str, str] | None:
    """A hedged step count that a walk's length on its line gives at a walking pace, on a
    line that reports nothing from its sentence on ("Today you're at 7,645. A 25-minute walk,
    around 2,500 steps, covers it." reports before it)."""
    line = reply.rfind("\n", 0, m.start) + 1
    if not _ABOUT.search(reply, max(line, m.start - 10), m.start):
        return None
    stop = reply.find("\n", m.end)
    stop = len(reply) if stop < 0 else stop
    ends = [w[0] for t in m.text.replace("–", "-").split("-") if (w := written(t)) is not None]
    if not ends or min(ends) < 1000 or reports(reply[max(line, start):stop].lower()):
        return None  # (a range, "about 3,000-3,500", both its ends)
    for length in _MINUTES.finditer(reply, line, m.start):
        minutes = int(length[1])
        if minutes and all(70 <= steps / minutes <= 160 for steps in ends):
            return "advice", f"a {minutes}-minute walk's steps at a walking pace: a plan"
    return None


def _left(reply: str, m: Mention, ev: Evidence) -> tuple[str, str] | None:
    """The share of the goal still to walk today, as the words say it."""
    if ev.goal is None or ev.today is None or not ev.goal or not _LEFT_AFTER.match(reply, m.end):
        return None
    share = (ev.goal - ev.today.value) / ev.goal
    how = f"({fmt(ev.goal)} goal − {fmt(ev.today.value)} today) ÷ {fmt(ev.goal)} = " \
          f"{100 * share:.1f}%"
    if m.kind == "percent":
        pct = re.match(r"(\d+(?:\.\d+)?)", m.text.strip())
        return ("computed", how) if pct and abs(100 * share - float(pct[1])) <= 0.5 else None
    found = share_range(m.text.replace("-", " "))  # ("two-fifths")
    if found is None:
        return None
    lo, hi = widened(reply, m.start, *found, min(0.04, found[0] / 4))
    return ("computed", how) if lo <= share <= hi else None


def _week_left(reply: str, m: Mention, ev: Evidence, start: int,
               end: int) -> tuple[str, str] | None:
    """The days of the week a plan spreads over, today's and after it ("which leaves 65,763
    for the other six days", "the challenge is doing it six days running", "hit 11,000 on
    all six days"), in a sentence that reports nothing."""
    now = ev.now
    n = value(m.text)
    lo = max(start, reply.rfind(";", start, m.start) + 1)  # (its clause after a semicolon:
    # "your best was 12,993; the challenge is doing it six days running")
    if now is None or n is None or _REPORTED.search(reply, lo, end) or not (
            _OVER_THE.search(reply, max(start, m.start - 16), m.start)
            and _DAYS_WORD.match(reply, m.end) and _PLAN_CUE.search(reply, lo, end)
            or _RUNNING.match(reply, m.end)
            and _DO_IT.search(reply, max(start, m.start - 24), m.start)):
        return None
    left = {7 - now.weekday(): "today", 6 - now.weekday(): "after today"}
    if not n.is_integer() or int(n) not in left:
        return None
    return "computed", f"days of the week from {now:%a %b} {now.day} ({left[int(n)]}): {int(n)}"


# "the other six days", "all six days", "over the remaining 6": the days a plan spreads over
_OVER_THE = re.compile(r"\b(?:all|the\s+(?:other|remaining|next|last)|other|remaining)\s+$", re.I)
_DAYS_WORD = re.compile(r"\s+days?\b(?!\s+(?:ago|of|since|before|after|out))", re.I)
_RUNNING = re.compile(r"\s+days?\s+(?:running|in\s+a\s+row|straight)\b", re.I)
# what a plan does that many days running ("doing it six days running"; not "You have 5 days
# in a row", a streak)
_DO_IT = re.compile(r"\b(?:do(?:ing)?|keep(?:ing)?|hold(?:ing)?|repeat(?:ing)?)\s+(?:it|that|this)"
                    r"\s+$", re.I)
# a sentence that says what was done: no plan's days
_REPORTED = re.compile(r"\b(?:was|were|did|had|met|hit\s+(?:it|the\s+goal)\s+on|averaged|came\s+in|"
                       r"sat|stayed|landed|ran|went|last\s+week|yesterday)\b", re.I)
# what a plan's clause says: what is left, needed, aimed at, or done each day
_PLAN_CUE = re.compile(r"\b(?:leaves?|left|needs?|target|aim|plan|would|will|challenge|each|"
                       r"a\s+day|per\s+day|hit|walk|get|puts?|takes?)\b|'ll\b", re.I)
_WOULD = re.compile(r"\b(?:would|will)\b|'ll\b", re.I)


def _month_with_today(reply: str, m: Mention, ev: Evidence, start: int,
                      end: int) -> tuple[str, str] | None:
    """This month's goal days once today meets the goal ("Close it and December starts at
    100%", "would put December at 1 goal day out of 1"): the month's stated goal days before
    today (none on its first day) and today, over its days so far, today counted."""
    now = ev.now
    if now is None or ev.today is None or not (_AHEAD.search(reply, start, m.start)
                                               or _WOULD.search(reply, start, m.start)):
        return None  # (the doing is written first)
    month = calendar.month_name[now.month]
    if not re.search(r"\b(?:" + month + r"|this\s+month)\b", reply[start:m.end], re.I):
        return None
    first = now.replace(day=1)
    if now == first:
        met = days = 0
    else:
        before = [p for p in ev.periods if p.start == first and p.met_stated
                  and p.end == now - timedelta(days=1) and p.recorded == p.length]
        if not before:
            return None
        met, days = before[0].met, before[0].length
    n = value(m.text)
    if n is None:
        return None
    so_far = f"{month} so far with today's goal met: {met + 1} of {days + 1} days"
    if m.kind == "percent":
        share = 100 * (met + 1) / (days + 1)
        return ("computed", f"{so_far} = {share:.1f}%") if abs(share - n) <= 0.5 else None
    return ("computed", so_far) if n in (met + 1, days + 1) else None


def _than(reply: str, m: Mention, out: Sequence[Mention], ev: Evidence,
          start: int) -> tuple[str, str] | None:
    """A gap between the number just written true and a named period's stated total."""
    named = _THAN_PERIOD.match(reply, m.end)
    gap = written(m.text) if named is not None else None
    if named is None or gap is None:
        return None
    name = " ".join(named[3].lower().split()).replace("the week before", "last week")
    periods = [p for p in ev.periods if p.total > 0 and p.label.lower() == name]
    before = [o for o in out if start <= o.start < m.start and o.kind == "count"
              and o.outcome != "unsupported"]  # (true, or a projection: "you'd end ...")
    if not periods or not before or (a := written(before[-1].text)) is None:
        return None
    up = named[1] is not None
    for p in periods:
        diff = a[0] - p.total if up else p.total - a[0]
        if abs(diff - gap[0]) <= gap[1] + a[1]:
            return "computed", f"{before[-1].text} − {fmt(p.total)} ({p.label}) = {fmt(diff)}" \
                if up else f"{fmt(p.total)} ({p.label}) − {before[-1].text} = {fmt(diff)}"
    return None
