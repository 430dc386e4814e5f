"""Numbers of a kind the user's data does not record, cleared by class (issue 17, round 28).

Chosen on writers' replies the checker had never read (each writer scored by the checker as it
stood before its replies were first read: bench/grounding_classes.py --checker): across 25
writers these classes held 56 wrong warnings and no right one. Each is advice unless its
sentence, or the line its list or table sits under, tells what happened (`told`):

- **a time or length the app never records**: a clock time, or a count of minutes, hours,
  kilometres, miles, laps, loops or sessions, or an effort ("zone 2", "an RPE of 4", "140 bpm")
  ("Out the door by 5:15" plans; "You were out at 6:15" claims);
- **a count in words beside no fact**: "Two answers, one with a caveat", "Three quick wins"
  (not "met the goal on four days", "three times Wednesday's");
- **a round amount no sentence reports**: a multiple of 500 from 1,000 up ("Bank 4,000 by 1
  pm"), unless tied to a day, a fact or a sum, or hedged as a worked-out value ("about 3,500
  more");
- **the span a plan looks ahead over**: "75,000 over the next 7 days";
- **a general fact** ("generic"): "roughly 3,500 to 4,500 steps for most people", "over a
  31-day month";
- **a plan's own sum** ("plan"): "That adds up to 67,000" under "Tue to Fri: ... 11,000",
  "Sat: 13,000", "Sun: 10,000" (a line for a run of days counted once a day).

Pure: text in, an outcome and its source out (lenient.py's last stage asks).
"""

from __future__ import annotations

import re
from calendar import monthrange
from collections.abc import Sequence
from datetime import date

from coach_tui.coach.grounding.arithmetic import TIMES
from coach_tui.coach.grounding.counted import value
from coach_tui.coach.grounding.mentions import Mention
from coach_tui.coach.grounding.reports import reports
from coach_tui.coach.grounding.words import MONTHS, days_from_to, valid_date

_UNIT_AFTER = re.compile(r"\s*-?\s*(?:(?:more|extra|easy|brisk|gentle|short)\s+)?(?:minutes?|mins?|"
                         r"hours?|hrs?|km|miles?|laps?|loops?|sessions?|reps?|sets?|bpm)\b", re.I)
# "no harder than zone 2", "an RPE of 4": an effort the app never records
_UNIT_BEFORE = re.compile(r"\b(?:(?:heart[\s-]rate\s+)?zones?|rpe(?:\s+of)?|effort\s+of)\s+$", re.I)
_FACT_NEAR = re.compile(r"\b(?:streak|in a row|running|goal|met|hit|missed|average[ds]?|avg|"
                        r"best|lowest|highest|worst|top|peak|record|days?|weeks?|months?|times)\b"
                        r"|-day", re.I)
# "Monday was 2,000 over your goal": a sentence telling what a day came to
_PAST = re.compile(r"\b(?:was|were|came|did|had|got|went|finished|ended|landed|beat|topped|"
                   r"made|added|managed|logged|happened)\b", re.I)
# a sentence binding its amounts to a day, a fact or a sum: "Peak Wed Nov 25 (12,500)", "your
# 30-day figure of 8,000", "10,000 + 10,000 + 45,000 = 75,000", "12,245 vs 8,000"
_ANCHORED = re.compile(r"\b(?:average[ds]?|avg|averaging|mean|goal|figure|peak|best|lowest|highest|"
                       r"worst|total|record|streak|target|banked|leav(?:es|ing)|vs|versus|"
                       r"against|com(?:es|ing)\s+to|works?\s+out|adds?\s+up|yesterday|today's|"
                       r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|week(?:day|end)s?|"
                       r"(?:mon|tue|wed|thu|fri|sat|sun)\b|\d+(?:st|nd|rd|th)|(?:jan|feb|mar|apr|"
                       r"may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d+)\b|[=+?≈]", re.I)
# "about 3,500 more", "75,000 over seven days is 11,500 a day": a rounded or worked-out value
_HEDGED = re.compile(r"(?:\b(?:about|around|roughly|approximately|nearly|almost|some|is|means|"
                     r"often|usually|that's)|[≈~=])\s*$", re.I)
_ASKED_BACK = re.compile(r"\btell\s+me\s+(?:where|how|what|when)\b[^.!?\n]*", re.I)
_AHEAD_BEFORE = re.compile(r"\bthe\s+(?:next|coming)\s+$", re.I)
_DAYS_OR_WEEKS = re.compile(r"\s*(?:days?|weeks?)\b", re.I)
_ITEM_MARKS = ("-", "*", "|", "•")
# "That adds up to 67,000", "That's 75,000 on the nose", "which totals 70,000"
_SUM_BEFORE = re.compile(r"\b(?:adds?\s+up\s+to|add(?:ing)?\s+to|totals?|totalling|that's|"
                         r"that\s+is|comes?\s+to|makes?|gets?\s+you\s+to|in\s+all|altogether)\s+"
                         r"(?:about\s+|roughly\s+|exactly\s+|just\s+over\s+|just\s+under\s+)?$",
                         re.I)
# "covers roughly 3,500 to 4,500 steps for most people", "over a 31-day month": what holds
# for anyone, or for any month
_GENERIC = re.compile(r"\b(?:for\s+most\s+(?:people|walkers|runners|adults)|most\s+people|"
                      r"the\s+average\s+(?:person|adult|walker)|a\s+typical\s+(?:person|adult|"
                      r"walker|10k|5k|mile|km|kilometre|kilometer|marathon|half)"
                      # ("is often called sedentary", "most coaches suggest", "rule of thumb")
                      r"|(?:is|are)\s+often\s+called|most\s+(?:coaches|experts|guidelines|"
                      r"physios|doctors|studies)|rule\s+of\s+thumb|(?:studies|research)\s+"
                      r"(?:show|shows|suggest|suggests))\b", re.I)
_MONTH_LENGTH = re.compile(r"(?:28|29|30|31)(?:-day\s+month|\s+days\s+in\s+(?:a|the|any)\s+"
                           r"month)\b", re.I)
_WEEKDAY = re.compile(r"(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*", re.I)
_DAY_LIST = re.compile(r"[\s>*+•-]*(?:\*\*)?(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s*"
                       r"(?:,|&|/|and)\s*(?:and\s+)?)+(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*", re.I)
_WITH_DAY = re.compile(r"\b(?:with|including|plus|counting)\s+((?:mon|tues|wednes|thurs|fri|satur|"
                       r"sun)day)(?:'s)?\b", re.I)
# ("**Tuesday (today) to Friday:** 11,000 each": a day's aside between the ends)
_DAY_RUN = re.compile(r"[\s>*+•-]*(?:\*\*)?(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s*"
                      r"(?:\([^)\n]{1,12}\)\s*)?(?:to|through|thru|-|–)\s*"
                      r"(mon|tue|wed|thu|fri|sat|sun)[a-z]*", re.I)


def cleared(reply: str, m: Mention, start: int, end: int,
            rules: frozenset) -> tuple[str, str] | None:
    """What round 28's classes make of the warned `m`, whose sentence is `reply[start:end]`."""
    if "unit" in rules and (m.kind == "time" or m.kind == "count" and _UNIT_AFTER.match(
            reply, m.end)) and not told(reply, start, end):
        return "advice", "a length or time of day the user's data does not record"
    if "unit" in rules and m.kind == "count" and _UNIT_BEFORE.search(
            reply, max(start, m.start - 20), m.start):
        # (its own clause tells: "no harder than zone 2, since the race is 12 days out")
        lo = max(reply.rfind(c, start, m.start) for c in ",;:") + 1 or start
        hi = min((i for i in (reply.find(c, m.end, end) for c in ",;:") if i >= 0), default=end)
        if not told(reply, max(lo, start), hi):
            return "advice", "an effort the user's data does not record"
    if "word" in rules and m.kind == "count" and m.text.strip().isalpha() \
            and not _FACT_NEAR.search(reply, max(start, m.start - 30), min(end, m.end + 30)) \
            and not told(reply, start, end):
        return "advice", "a count in words that names no fact of the data"
    if "generic" in rules and m.kind in ("count", "range") and (
            _GENERIC.search(reply, start, end) or _MONTH_LENGTH.match(reply, m.start)
            or _months_days(reply, m, start, end)):
        return "advice", "a general fact, not the user's data"
    if "round" in rules and m.kind == "count" and _round_value(m.text) \
            and not told(reply, start, end) and not _ANCHORED.search(reply, start, end) \
            and not _HEDGED.search(reply, max(start, m.start - 16), m.start):
        return "advice", "a round amount no report sentence gives"
    return None


def _months_days(reply: str, m: Mention, start: int, end: int) -> bool:
    """"31 days at 12,000 is 372,000" beside December, "over 31 days" for a full December at
    12k: a named month's length, in a sentence that supposes a rate over it."""
    n = value(m.text)
    if n not in (28, 29, 30, 31) or not _DAYS_OR_WEEKS.match(reply, m.end) \
            or not _AT_RATE.search(reply, start, end) or told(reply, start, end):
        return False
    return any(n == monthrange(2023, month)[1] or month == 2 and n == 29  # (any year's)
               for month in (MONTHS[w[:3].lower()]
                             for w in _MONTH_NAME.findall(reply, start, end)))


_AT_RATE = re.compile(r"\bat\s+[\d,.]+k?\b(?!\s*(?:am|pm|:))", re.I)
_MONTH_NAME = re.compile(r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b", re.I)


def ahead(reply: str, m: Mention, before: str, start: int, end: int,
          now: date | None = None) -> tuple[str, str] | None:
    """"over the next 7 days": the span a plan looks ahead over, when nothing is told; "in the
    first two weeks" when its sentence names a day ahead ("With the 10k on Dec 13, the first
    two weeks are better spent ..."): the start of what is ahead."""
    if m.kind != "count" or not _DAYS_OR_WEEKS.match(reply, m.end) or told(reply, start, end):
        return None
    if _AHEAD_BEFORE.search(before[-24:]) or _FIRST_BEFORE.search(before[-24:]) \
            and now is not None and _names_day_ahead(reply[start:end], now):
        return "advice", "the span a plan looks ahead over"
    return None


_FIRST_BEFORE = re.compile(r"\bthe\s+first\s+$", re.I)
_MONTH_DAY = re.compile(r"\b([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b"
                        r"|\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([a-z]{3,9})\b", re.I)


def _names_day_ahead(sentence: str, now: date) -> bool:
    """Whether `sentence` names a month's day after `now` ("Dec 13", "13 December") this year."""
    for found in _MONTH_DAY.finditer(sentence):
        month = MONTHS.get((found[1] or found[4]).lower())
        day = int(found[2] or found[3])
        if month is not None and valid_date(now.year, month, day) \
                and date(now.year, month, day) > now:
            return True
    return False


def plan_sum(reply: str, m: Mention, mentions: Sequence[Mention],
             start: int) -> tuple[str, str] | None:
    """"That adds up to 67,000": the total of the plan in the lines just above (each line's
    amount, a line for a run of days counted once a day: "Tue to Fri: ... 11,000"), when a
    sum's words lead to it and some amount of those lines is advice (a plan's, not a record);
    in a sum written out under the plan ("Tue-Fri 44,000 + Sat 12,000 + Sun 9,800 = 65,800"),
    each of its lines' amounts too."""
    if m.kind != "count":
        return None
    line_end = reply.find("\n", m.start) % (len(reply) + 1)
    written = "+" in reply[reply.rfind("\n", 0, m.start) + 1:line_end]
    if not written and not _SUM_BEFORE.search(reply, max(start, m.start - 40), m.start):
        return None
    v = value(m.text)
    block = _block_above(reply, start)
    if v is None or len(block) < 2:
        return None
    lo = block[-1][0]
    amounts = [x for x in mentions if lo <= x.start < start and x.kind == "count"
               and (value(x.text) or 0) >= 1000]
    parts, lines, planned = [], [], False
    for line_start, line in block:
        first = next((x for x in amounts if line_start <= x.start < line_start + len(line)),
                     None)
        if first is None:
            continue
        days = _days_of(line)
        lines.append((value(first.text) or 0.0) * days)
        parts.append(f"{days} {TIMES} {first.text}" if days > 1 else first.text)
        planned = planned or first.outcome == "advice"
    if not planned or len(parts) < 2:
        return None
    total = sum(lines)
    if abs(total - v) <= max(0.005 * v, 1.0):
        return "advice", f"the plan's own sum: {' + '.join(parts)} = {total:,.0f}"
    # "That adds up to exactly 75,000 with Monday included": and a day already walked, told
    # true earlier in the reply
    with_day = _WITH_DAY.search(reply, m.end, min(len(reply), m.end + 40))
    if with_day is not None:
        day = with_day[1][:3].lower()
        for x in mentions:
            if x.start < lo and x.outcome == "quoted" and x.kind == "count" \
                    and (x.source or "")[:3].lower() == day \
                    and abs(total + (value(x.text) or 0) - v) <= max(0.005 * v, 1.0):
                return "advice", (f"the plan's own sum with {with_day[1]}'s {x.text}: "
                                  f"{' + '.join([x.text, *parts])} = {v:,.0f}")
    if written and any(abs(x - v) <= 0.5 for x in lines):
        return "advice", "a figure of the plan above, in its sum"
    return None


def _block_above(reply: str, start: int) -> list[tuple[int, str]]:
    """(start, text) of the lines of the paragraph or list just above the line at `start`
    (blank lines between skipped), nearest first."""
    out: list[tuple[int, str]] = []
    end = reply.rfind("\n", 0, start)
    while end >= 0:
        begin = reply.rfind("\n", 0, end) + 1
        line = reply[begin:end]
        if line.strip():
            out.append((begin, line))
        elif out:
            break
        end = begin - 1
    return out


def _days_of(line: str) -> int:
    """The days a plan's line stands for: "Tue to Fri: ..." 4, "Tue, Wed, Thu: ..." 3, "Sat:
    ..." 1."""
    m = _DAY_RUN.match(line)
    if m is None:
        listed = _DAY_LIST.match(line)
        return 1 if listed is None else len(_WEEKDAY.findall(listed[0]))
    return days_from_to(m[1], m[2])


def told(reply: str, start: int, end: int) -> bool:
    """Whether `reply[start:end]`, or the line its list or table sits under, says what
    happened ("You were out at 6:15", "Monday was 2,000 over", "### How it went" above "- Flat
    routes, 20 minutes at a time", "Your week went like this.")."""
    said = reply[start:end]
    if "tell me" in said.lower():  # "Check in by 9pm and tell me where you landed": asked
        said = _ASKED_BACK.sub(" ", said)  # for later, not told
    if reports(said.lower()) or _PAST.search(said):
        return True
    if not reply[reply.rfind("\n", 0, start) + 1:start].lstrip().startswith(_ITEM_MARKS) \
            and reply.rfind("\n", 0, start) >= 0 and start > 0 and reply[start - 1] != "\n":
        return False  # (a sentence inside a paragraph: its own words decide)
    if reply[max(0, start - 2):start] == "\n\n" \
            and not reply[start:start + 8].lstrip().startswith((*_ITEM_MARKS, "|")):
        return False  # (a paragraph of its own: "So the next three days are the ones that
        # count:" after "You hit the goal yesterday." and a blank line)
    end = reply.rfind("\n", 0, start)  # (the lines above, nearest first, read one at a time)
    while end > 0:
        begin = reply.rfind("\n", 0, end) + 1
        line = reply[begin:end]
        if line.strip() and not line.lstrip().startswith(_ITEM_MARKS):
            return reports(line.lower()) or _PAST.search(line) is not None
        end = begin - 1
    return False


def _round_value(text: str) -> bool:
    """A multiple of 500 from 1,000 up, as written ("4,000", "10.5k")."""
    v = value(text)
    return v is not None and v >= 1000 and v % 500 == 0


# "If you hit 10,000 today and Thursday, 10,500 Friday, 12,000 Saturday and 10,000 Sunday, the
# week ends at 75,048": a plan's days written in a sentence, summed
_ENDS_AT = re.compile(r"\b(?:ends?|finish(?:es)?|lands?|closes?|comes?|puts?\s+you|would\s+put\s+"
                      r"you|gets?\s+you|takes?\s+you|brings?\s+you)\s+(?:up\s+)?(?:at|to|on)\s+"
                      r"(?:about\s+|around\s+|roughly\s+)?$|\b(?:that's|total\s+of|adds?\s+up\s+"
                      r"to|comes?\s+to)\s+(?:about\s+|around\s+|roughly\s+)?$", re.I)
_PLAN_DAY = re.compile(r"\b(?:today|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b",
                       re.I)


def prose_sum(reply: str, m: Mention, mentions: Sequence[Mention], start: int,
              end: int) -> tuple[str, str] | None:
    """The total a sentence's plan comes to: each amount of 1,000 or more written before the
    total, times the days named after it up to the next amount (at least one), the plan's
    suggestion somewhere in it (an amount read as advice, or "if you", "plan"), and with a
    true amount already banked in this sentence or the one before added or not."""
    if m.kind != "count" or not _ENDS_AT.search(reply, max(start, m.start - 30), m.start):
        return None
    v = value(m.text)
    if v is None or v < 1000:
        return None
    amounts = [x for x in mentions if start <= x.start < m.start and x.kind == "count"
               and (value(x.text) or 0) >= 1000]
    if len(amounts) < 2:
        return None
    parts, total = [], 0.0
    for i, x in enumerate(amounts):
        upto = amounts[i + 1].start if i + 1 < len(amounts) else m.start
        days = max(1, len(_PLAN_DAY.findall(reply, x.end, upto)))
        total += (value(x.text) or 0) * days
        parts.append(f"{days} {TIMES} {x.text}" if days > 1 else x.text)
    said = reply[start:m.start].lower()
    if not any(x.outcome == "advice" for x in amounts) and "if you" not in said \
            and "plan" not in said:
        return None
    banked = [x for x in mentions if max(0, start - 300) <= x.start < start
              and x.outcome in ("quoted", "computed") and x.kind == "count"
              and (value(x.text) or 0) >= 1000]
    for extra in [None, *banked[::-1]]:
        got = total + (value(extra.text) or 0 if extra is not None else 0)
        if abs(got - v) <= max(0.005 * v, 1.0):
            with_banked = f"{extra.text} banked + " if extra is not None else ""
            return "advice", f"the plan's own sum: {with_banked}{' + '.join(parts)} = {got:,.0f}"
    return None
