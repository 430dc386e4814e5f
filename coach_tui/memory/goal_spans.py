"""Days named by the goal in force: "while the goal was 12k", "the days my target was 12,000",
"while the target was up at 12,000".

Pure: the message and the stored days in, the newest unbroken run of days judged on that goal
out (a goal changes a few times a year; the run is the period the user means).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, timedelta

from coach_tui.memory.spans import Span
from coach_tui.memory.spoken import ordinal_word
from coach_tui.store.steps import Day
from coach_tui.text import starting

# ("those couple of weeks my target was up at 12k")
_WHILE = (r"\b(?:while|when|during|(?:the|those|these|that)\s+"
          r"(?:few\s+|couple\s+(?:of\s+)?|two\s+|three\s+)?"
          r"(?:days?|weeks?)"
          # ("give me every day I was on the 12,000 target", "each day on which my daily target
          # stood at 12,000")
          r"|(?:every|each)\s+day(?:\s+on\s+which)?|all\s+(?:the\s+)?days(?:\s+on\s+which)?"
          r"|the\s+(?:whole\s+|entire\s+)?(?:time|period|stretch|spell)"
          # ("the period in which my daily target stood at 12,000")
          r"(?:\s+(?:in|during)\s+which)?)\s+")
GOAL_PERIOD = re.compile(
    starting(r"adetw") +
    # ("when goal was 12,000": a learner's, the article left out)
    _WHILE + r"(?:that\s+)?(?:(?:the|my|our)\s+)?"
    # ("when the daily number was set at twelve thousand": the goal by another name)
    r"(?:daily\s+)?(?:step\s+)?(?:goal|target|(?<=daily\s)number|(?<=step\s)number)\s+"
    r"(?:(?:was|were)(?:\s+(?:still|set|put|bumped"
    r"|pushed|raised|upped|lowered|dropped))?(?:\s+(?:up|down|back))?(?:\s+(?:at|to|on))?"
    r"|sat\s+at|stood\s+at)\s+"
    r"(?:the\s+(?:original|old|usual|new|higher|lower)\s+)?"  # ("was still the original 8,000")
    r"(\d{4,6}|\d{1,3}(?:[,.]\d{3})?)\s*(k\b|thousand\b)?", re.IGNORECASE)
# ("...with when it was 12k": the goal named before, at another number)
_IT_WAS = re.compile(starting(r"w") +
                     r"\b(?:when|while)\s+it\s+was\s+(?:(?:still|up|down|back|set|sat)\s+)?"
                     r"(?:at\s+|on\s+)?"  # ("while it was up at 12,000")
                     r"(\d{4,6}|\d{1,3}(?:[,.]\d{3})?)\s*(k\b|thousand\b)?", re.IGNORECASE)
# "while the 12k target was on", "while that higher target was on": the goal by its number or
# by how it changed.
GOAL_ON = re.compile(
    starting(r"dtw") +
    r"\b(?:while|when|during(?:\s+which)?|the\s+days?|the\s+weeks?)\s+(?:that|the|my|our)\s+"
    # ("during which the elevated 12,000 target was in force")
    r"(?:(?:elevated|increased|raised|higher|bigger|new|original|old|lower|reduced)\s+(?=\d))?"
    r"(?:(\d{4,6}|\d{1,3}(?:[,.]\d{3})?)\s*(k\b|thousand\b)?\s*|(higher|bigger|raised|upped|new"
    r"|lower|smaller|reduced|lowered)\s+)?(?:daily\s+)?(?:step\s+)?(?:goal|target)\s+"
    r"(?:(?:was|were)\s+(?:on|in\s+force|in\s+place|running|active|set)\b"
    r"|(?:era|days|phase|block|period|spell)\b)", re.IGNORECASE)  # ("during the 12k goal era")
# "while i was on the 12k target", "the whole time I was on the 12,000 goal", "while you had
# me on 12k a day" (a number a day is a goal)
GOAL_I_WAS_ON = re.compile(
    starting(r"adetw") +
    _WHILE + r"(?:that\s+|when\s+)?(?:i\s+was|we\s+were|i'?m|(?:you|u)\s+(?:had|kept|put)\s+"
    # ("the days I was pushing for 12k a day")
    r"(?:me|us))\s+(?:on|(?:pushing|aiming|going|chasing)\s+for)\s+(?:(?:the|my|that|a|our)\s+"
    r"(\d{4,6}|\d{1,3}(?:[,.]\d{3})?)\s*(k\b|thousand\b)?\s*(?:daily\s+)?(?:step\s+)?(?:goal|target)\b"
    r"|(?P<n>\d{4,6}|\d{1,3}(?:[,.]\d{3})?)\s*(?P<k>k\b|thousand\b)?\s*(?:steps\s+)?(?:a|per|/)\s*day\b)",
    re.IGNORECASE)
# "the period I had the 12,000 goal", "the weeks we had the 12k target"
GOAL_I_HAD = re.compile(
    starting(r"adetw") +
    _WHILE + r"(?:that\s+|when\s+)?(?:i|we)\s+had\s+(?:the|my|that|a|our)\s+"
    r"(\d{4,6}|\d{1,3}(?:[,.]\d{3})?)\s*(k\b|thousand\b)?\s*(?:daily\s+)?(?:step\s+)?(?:goal|target)\b",
    re.IGNORECASE)
_NUMBER = r"(\d{4,6}|\d{1,3}(?:[,.]\d{3})?)\s*(k\b|thousand\b)?"
# "since the target went to 12k", "since I knocked the target back down to 10k", "since my goal
# was raised to 12,000": the days from the first of that goal's newest run
SINCE_GOAL = re.compile(starting(r"s") +
                        r"\bsince\s+(?:the\s+day\s+(?:that\s+|when\s+)?)?"
                        r"(?:(?:i|we|you|u)\s+(?:[a-z]+\s+){1,2}?)?(?:the|my|our)\s+"
                        r"(?:daily\s+)?(?:step\s+)?(?:goal|target|objective)\s+(?:[a-z]+\s+){0,3}?"
                        r"(?:to|at)\s+" + _NUMBER, re.IGNORECASE)
# "since I went back down to 10k a day", "since we moved up to 12,000 steps a day": the same
_SINCE_A_DAY = re.compile(starting(r"s") +
                          r"\bsince\s+(?:i|we|you|u)\s+(?:went|came|dropped|stepped|moved|got"
                          r"|bumped|knocked)\s+(?:it\s+)?(?:back\s+)?(?:down|up)\s+to\s+"
                          + _NUMBER + r"\s*(?:steps\s+)?(?:a|per|/)\s*day\b", re.IGNORECASE)
# "since the target dropped", "since we knocked the target back down", "since my goal went up":
# the days from the first of the newest run that cut (raise) began (the new goal is in force
# that day: not the day after, as "since the trip" is)
_SINCE_MOVED = re.compile(
    starting(r"s") +
    r"\bsince\s+(?:the\s+day\s+(?:that\s+|when\s+)?)?(?:(?:i|we|you|u|coach)\s+(?:(?P<up>"
    r"(?:bumped|raised|upped|pushed|increased))|(?:dropped|lowered|cut|reduced|eased|brought"
    r"|knocked|put|took))\s+(?:the|my|our)\s+"
    r"(?:daily\s+)?(?:step\s+)?(?:goal|target|objective)|(?:the|my|our)\s+(?:daily\s+)?"
    r"(?:step\s+)?(?:goal|target|objective)\s+(?:(?P<up2>went\s+up|was\s+(?:raised|bumped"
    r"|upped|increased|pushed)|"
    r"got\s+(?:raised|bumped))|went\s+(?:back\s+)?down|dropped|came\s+(?:back\s+)?down|"
    r"(?:was|got)\s+(?:lowered|dropped|cut|reduced|eased)))"
    r"(?!\s+(?:back\s+)?(?:(?:up|down)\s+)?(?:to|at)\s+\d)\b", re.IGNORECASE)
# "while my target was 10,000 the first time round", "...when it was originally 10k": the goal's
# first run, not its newest
# "the whole time my goal was ten thousand, before they put it up for the race": the run of that
# goal a raise ended
_BEFORE_RAISE = re.compile(starting(r"b") +
                           r"\bbefore\s+(?:(?:they|you|u|we|i|coach)\s+(?:put|bumped|raised|upped"
                           r"|pushed|moved|took)\s+(?:it|me|us|the\s+(?:goal|target))\s+up"
                           r"|(?:it|the\s+(?:goal|target))\s+(?:went|was\s+(?:put|bumped|raised|upped"
                           r"|pushed))\s+up)\b", re.IGNORECASE)
_FIRST_TIME = re.compile(starting(r"fot") +
                         r"\b(?:the\s+)?first\s+time(?:\s+a?round)?\b|\boriginally\b"
                         r"|\bthe\s+first\s+(?:stint|spell)\b", re.IGNORECASE)
# "my first week on 10,000", "my first week with the goal of 10,000", "the second week at 12k",
# "my last day on the 12,000 target": that part of the first run on that goal
# ("the first wk after you bumped me to 10k", "my first week after the goal went back down to
# 10,000": the first run on that goal the raise or the cut began, `moved`)
_TARGET = r"(?:(?:my|the|our)\s+(?:daily\s+)?(?:step\s+)?(?:goal|target)|me|us|it)"
_UP = r"(?:bumped|raised|upped|pushed|increased|moved|put|took)"
_DOWN = r"(?:dropped|lowered|cut|reduced|eased|brought|put|took)"
# "my first week", "the last day": which part of a goal's run (its ordinal, its unit)
_PART_OF_RUN = r"\b(first|second|third|fourth|1st|2nd|3rd|4th|last|final)\s+(day|week|month)\s+"
GOAL_FIRST = re.compile(
    starting(r"flst1234") +
    _PART_OF_RUN + r"(?:on|at"
    # ("my first week with the goal of 10,000")
    r"|(?:with|on|at|under)\s+(?:the|a|my)\s+(?:daily\s+)?(?:step\s+)?(?:goal|target)\s+of"
    r"|after\s+(?:(?:you|u|i|we|coach)\s+(?:(?P<up>" + _UP + r")\s+" + _TARGET + r"(?:\s+up)?"
    r"|(?P<down>" + _DOWN + r")\s+" + _TARGET + r"(?:\s+(?:back\s+)?down|\s+back)?)"
    r"|" + _TARGET + r"\s+(?:was\s+|got\s+)?(?:(?P<up2>went\s+up|" + _UP + r"(?:\s+up)?)"
    r"|(?P<down2>went\s+(?:back\s+)?down|" + _DOWN + r"(?:\s+(?:back\s+)?down|\s+back)?)))"
    r"\s+to)\s+(?:the\s+|a\s+|my\s+)?(?:new\s+)?" + _NUMBER, re.IGNORECASE)
# "the week I went up to 12k a day", "the day we moved up to 11,000": the first of that goal's
_WENT_UP = re.compile(starting(r"t") +
                      r"\bthe\s+(day|week)\s+(?:that\s+|when\s+)?(?:i|we)\s+(?:went|moved|"
                      r"stepped|jumped|bumped)\s+(?:it\s+|myself\s+)?up\s+to\s+" + _NUMBER
                      + r"(?=\s+(?:a\s+day|daily|steps|per\s+day)|\s*[,.?!])", re.IGNORECASE)
# "the week I started on the 12k target": the first week of that goal's first run
_STARTED_ON = re.compile(starting(r"t") +
                         r"\bthe\s+(day|week)\s+(?:that\s+|when\s+)?(?:i|we)\s+(?:started|began)"
                         r"\s+(?:on|at)\s+(?:the\s+|a\s+|my\s+)?" + _NUMBER
                         + r"\s*(?:daily\s+)?(?:step\s+)?(?:goal|target|a\s+day|steps\s+a\s+day)\b",
                         re.IGNORECASE)
_NTH = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
        "last": -1, "final": -1}
# "the whole stint at that level", "the entire spell on the 12k target": the goal's whole run
# (by its number, or "that" goal: the one the message named before)
GOAL_STINT = re.compile(
    starting(r"efw") +
    r"\b(?:whole|entire|full)\s+(?:stint|spell|stretch|period|time|block)\s+(?:i\s+was\s+"
    r"|we\s+were\s+)?(?:on|at)\s+(?:(?:the|my|a)\s+" + _NUMBER + r"\s*(?:daily\s+)?"
    r"(?:step\s+)?(?:goal|target|level)?|(that|this|the\s+same)\s+(?:level|goal|target|figure"
    r"|number))", re.IGNORECASE)
# "that stretch when my target went up to 12k", "the weeks after you bumped me up to 12,000":
# the run on the goal it went to (a stretch named: not the day it changed)
GOAL_WENT = re.compile(
    starting(r"tw") +
    r"\b(?:(?:the|that|this)\s+(?:whole\s+|entire\s+)?(?:time|period|stretch|spell|weeks?|days"
    r"|block)\s+(?:when|while|after)\s+|while\s+)(?:(?:the|my|our)\s+(?:daily\s+)?(?:step\s+)?"
    r"(?:goal|target)\s+(?:went|got|was)\s+(?:up|" + _UP + r"(?:\s+up)?)|(?:you|u|i|we)\s+"
    + _UP + r"\s+" + _TARGET + r"(?:\s+up)?)\s+to\s+(?:the\s+|a\s+)?" + _NUMBER,
    re.IGNORECASE)
HIGHER = "higher"
LOWER = "lower"
FIRST_RUN = "first run"   # a part asked of a goal: its first run whole
BEFORE_RAISE = "before a raise"   # ...its newest run that a raise of the goal ended
_CHANGE = {"higher": HIGHER, "bigger": HIGHER, "raised": HIGHER, "upped": HIGHER, "new": HIGHER,
           "big": HIGHER, "bumped-up": HIGHER, "increased": HIGHER, "elevated": HIGHER,
           "lower": LOWER, "smaller": LOWER, "reduced": LOWER, "lowered": LOWER}


def _number(digits: str, k: str | None) -> int:
    number = int(re.sub(r"[,.]", "", digits))
    return number * 1000 if k or number < 100 else number


# "the whole stretch when the daily number was bumped up", "while my target was cut back":
# the run a raise (or a cut) of the goal began, its number not said
GOAL_MOVED_SPAN = re.compile(
    starting(r"adetw") +
    _WHILE + r"(?:that\s+)?(?:the|my|our)\s+(?:daily\s+)?(?:step\s+)?(?:goal|target|number)\s+"
    r"(?:was|got)\s+(?:(bumped|pushed|raised|upped|put)(?:\s+up)?|(?:lowered|dropped|cut|"
    r"reduced|brought)(?:\s+(?:back|down))*)\b", re.IGNORECASE)


# "for a few weeks I was on the higher daily target", "when you had me on the higher daily
# number": the run a change of the goal began, by how it changed
# ("you had me on the bigger race-build number": a word of what it was for between)
_ON_KIND = re.compile(starting(r"iuwy") +
                      r"\b(?:(?:i\s+was|we\s+were|(?:you|u)\s+had\s+(?:me|us))\s+on|(?:i|we)\s+had)"
                      r"\s+(?:the|my|that|a)\s+(higher|bigger|raised|upped|bumped-up|increased"
                      r"|elevated|new|lower|smaller|reduced|lowered)\s+"
                      r"(?:[a-z]+(?:-[a-z]+)?\s+)?(?:daily\s+)?(?:step\s+)?(?:goal|target|number)\b",
                      re.IGNORECASE)
# "the first week after you bumped me up to the big number": that part of the first run of
# the raised goal (of the cut one, for "...down to the lower number")
_FIRST_ON_KIND = re.compile(
    starting(r"flst1234") +
    _PART_OF_RUN + r"(?:on|at"
    r"|after\s+(?:you|u|i|we|coach)\s+(?:" + _UP + r"|" + _DOWN + r")\s+" + _TARGET
    + r"(?:\s+(?:up|down|back))*\s+to)\s+(?:the|a|my|that)\s+(big|bigger|higher|raised|new|lower"
    r"|smaller|reduced)\s+(?:daily\s+)?(?:step\s+)?(?:number|goal|target)\b", re.IGNORECASE)
# "over the 12k build block", "the 12,000 phase": the goal's run by its number
# ("the 12k build block", "Full 12k-target regime", "the glorious 12k era")
# ("during the 12k weeks", "the 12,000 step challenge", "in the 12k period")
_GOAL_BLOCK = re.compile(starting(r"efmtw") +
                         r"\b(?:the|full|whole|entire|my)\s+(?:[a-z]+\s+)?" + _NUMBER
                         + r"\s*(?:[\s-]?a[\s-]+day[\s-]+|daily\s+|[\s-]?steps?\s+)?"
                         r"(?:build\s+|-?target\s+|-?goal\s+)?(?:block|phase|stint|spell|regime|era|period|weeks"
                         r"|challenge|stage)\b", re.IGNORECASE)
# "in the time of the 12,000-step-target", "the weeks on the 12k goal": the goal's run
_TIME_OF_GOAL = re.compile(starting(r"t") +
                           r"\bthe\s+(?:time|period|days|weeks)\s+(?:of|on|with)\s+(?:the|my|a)\s+"
                           + _NUMBER + r"(?:[\s-]+steps?)?[\s-]+(?:daily[\s-]+)?(?:goal|target)\b",
                           re.IGNORECASE)
# "how did I do with the 12k goal", "my steps on the 12,000 target", "how did I cope with
# the raised target": the run of a goal named by its number or its change, with a word of
# being in it (not "did I hit the 12k target", "over my 10k goal": a mark reached or passed;
# not "the first day with the bigger goal": a day of it)
_WITH_GOAL = re.compile(
    starting(r"adiotw") +
    r"\b(?<!day\s)(?:with|on|during|in|through|throughout|across)\s+(?:the|my|that|our)\s+"
    r"(?:" + _NUMBER + r"|(higher|bigger|raised|upped|bumped-up|increased|elevated|lower"
    r"|smaller|reduced|lowered))(?:[\s-]+steps?)?(?:[\s-]+(?:a|per)\s+day)?[\s-]+"
    r"(?:daily\s+)?(?:step\s+)?(?:goal|target)\b", re.IGNORECASE)
# "while the target was higher", "when my goal was up": the run the newest raise began
_GOAL_WAS = re.compile(starting(r"w") +
                       r"\b(?:while|when|whilst)\s+(?:the|my|our)\s+(?:daily\s+)?(?:step\s+)?"
                       r"(?:goal|target)\s+was\s+(?:(higher|up|bigger|raised)|lower|down"
                       r"|smaller)\b", re.IGNORECASE)
# "the target when it was 12,000", "hit the target while it was up at 12,000": the goal named
# before the number
_GOAL_WHEN_IT = re.compile(starting(r"gt") +
                           r"\b(?:goal|target)\b[^.?!;]{0,40}?" + _IT_WAS.pattern, re.IGNORECASE)
# "while I was chasing 12k", "when I was aiming for 12,000": a goal by its number alone
_CHASING = re.compile(starting(r"w") +
                      r"\b(?:while|when|whilst)\s+(?:i\s+was|we\s+were)\s+(?:chasing|aiming\s+for"
                      r"|going\s+for|pushing\s+for|targeting|trying\s+for)\s+" + _NUMBER
                      + r"(?=\s*(?:[.,;?!]|$|steps?\b|every\b|each\b|daily\b))", re.IGNORECASE)
# "while it was on", "while it lasted": the goal named before it ("the 12k a day goal")
_IT_ON = re.compile(starting(r"w") +
                    r"\b(?:while|when)\s+it\s+(?:was\s+(?:on|in\s+force|in\s+place|running|"
                    r"active)|lasted)\b", re.IGNORECASE)
_GOAL_NAMED = re.compile(starting(r"mot") +
                         r"\b(?:the|my|that|our)\s+" + _NUMBER + r"\s*(?:steps?\s+)?(?:a\s+day\s+"
                         r"|daily\s+)?(?:step\s+)?(?:goal|target)\b", re.IGNORECASE)


_NUMBERED_PART = re.compile(starting(r"dw") +
                            r"\b(day|week|wk)\s+([1-4]|one|two|three|four)\s+(?=(?:on|at)\s)",
                            re.IGNORECASE)


def goal_asks(text: str) -> list[tuple[int | str, str | None, int]]:
    """Each period the message names by a goal, in order: (the goal, "day" / "week" / "month"
    when a part of its first run is asked for, which one: 1, 2, ... or -1 the last; "since"
    for the days since it began). "while the goal was 12k": (12,000, None, 1); "my second
    week on 12,000": (12,000, "week", 2); "while that higher target was on": (`HIGHER`, None,
    1); "since the target went to 12k": (12,000, "since", 1)."""
    # ("wk 1 on the 12k goal", "day 3 at 12,000": the first week, the third day of it)
    text = _NUMBERED_PART.sub(lambda m: f"{ordinal_word(m[2])} "
                              f"{'week' if m[1].lower() == 'wk' else m[1]} ", text)
    if (since := SINCE_GOAL.search(text) or _SINCE_A_DAY.search(text)) is not None:
        return [(_number(since.group(1), since.group(2)), "since", 1)]
    if (moved_since := _SINCE_MOVED.search(text)) is not None:
        return [(HIGHER if moved_since.group("up") or moved_since.group("up2") else LOWER,
                 "since", 1)]
    out: list[tuple[int | str, str | None, int]] = []
    m = GOAL_PERIOD.search(text) or GOAL_I_WAS_ON.search(text) or GOAL_I_HAD.search(text) \
        or GOAL_ON.search(text) or GOAL_WENT.search(text)
    moved = GOAL_MOVED_SPAN.search(text) if m is None else None
    if moved is not None:  # "the whole stretch when the daily number was bumped up"
        out.append((HIGHER if moved.group(1) else LOWER, None, 1))
    elif m is not None and m.re is GOAL_ON and m.group(3):
        out.append((_CHANGE[m.group(3).lower()], None, 1))
    elif m is not None and m.group(1):
        # ("...the first time round": its first run)
        out.append((_number(m.group(1), m.group(2)),
                    FIRST_RUN if _FIRST_TIME.search(text, m.end())
                    else BEFORE_RAISE if _BEFORE_RAISE.search(text, m.end()) else None, 1))
        # "compare when my goal was 8k with when it was 12k": the second period too
        if m.re is GOAL_PERIOD:
            for again in [*GOAL_PERIOD.finditer(text, m.end()), *_IT_WAS.finditer(text, m.end())]:
                goal = _number(again.group(1), again.group(2))
                if goal >= 1_000 and (goal, None, 1) not in out:
                    out.append((goal, None, 1))
    elif m is not None and m.re is GOAL_I_WAS_ON and m.group("n"):    # "on 12k a day"
        out.append((_number(m.group("n"), m.group("k")), None, 1))
    for f in GOAL_FIRST.finditer(text):
        out.append((_number(f.group(f.re.groups - 1), f.group(f.re.groups)),
                    f.group(2).lower(), _NTH[f.group(1).lower()]))
    for f in [*_WENT_UP.finditer(text), *_STARTED_ON.finditer(text)]:  # "the week I went up
        # to 12k a day", "the week I started on the 12k target": its first week
        if (goal := _number(f.group(2), f.group(3))) >= 1_000:
            out.append((goal, f.group(1).lower(), 1))
    for f in _FIRST_ON_KIND.finditer(text):
        out.append((_CHANGE[f.group(3).lower()], f.group(2).lower(), _NTH[f.group(1).lower()]))
    if not out and (kind := _ON_KIND.search(text)) is not None:  # "I was on the higher
        out.append((_CHANGE[kind.group(1).lower()], None, 1))     # daily target"
    if not out and (it := _IT_ON.search(text)) is not None:  # "the 12k a day goal ... how
        named = _GOAL_NAMED.search(text, 0, it.start())      # many steps while it was on?"
        if named is not None:
            out.append((_number(named.group(1), named.group(2)), None, 1))
    if not out and (block := _GOAL_BLOCK.search(text) or _TIME_OF_GOAL.search(text)
                    or _GOAL_WHEN_IT.search(text) or _CHASING.search(text)) is not None:
        out.append((_number(block.group(1), block.group(2)), None, 1))  # "the 12k build block"
    if not out and (with_goal := _WITH_GOAL.search(text)) is not None:
        out.append((_number(with_goal.group(1), with_goal.group(2)) if with_goal.group(1)
                    else _CHANGE[with_goal.group(3).lower()], None, 1))
    if not out and (was := _GOAL_WAS.search(text)) is not None:
        out.append((HIGHER if was.group(1) else LOWER, None, 1))
    for w in GOAL_STINT.finditer(text):
        if w.group(1):
            out.append((_number(w.group(1), w.group(2)), None, 1))
        elif out:       # "that level": the goal named before
            out.append((out[-1][0], None, 1))
    if out and (it_moved := _SINCE_IT_MOVED.search(text)) is not None:
        # ("while the target was 12k vs since it went back down": the goal named before)
        out.append((HIGHER if it_moved.group(1) else LOWER, "since", 1))
    return list(dict.fromkeys(out))


# A goal named loosely, by its number ("how did I do against the 12k target", "how many days
# did I hit 12k when that was my goal", "12k target period - average?") or by its raise ("how
# did the raised goal go", "when you upped my goal for the race", "when the goal was at its
# highest"): read only when the message names no other time (recall.py)
_LOOSE_GOAL = re.compile(
    starting(r"bceghirtuwy\d") +
    r"\b" + _NUMBER + r"(?:[\s-]+steps?)?(?:\s+(?:a|per)\s+day|\s+daily)?(?:\s+as\s+my)?[\s-]+"
    r"(?:daily\s+)?(?:step\s+)?(?:goal|target)\b"
    r"|\b(?:goal|target)\s+(?:(?:went|was\s+(?:raised|bumped|upped|put|pushed))\s+up\s+|"
    r"(?:was\s+)?(?:raised|bumped|upped|pushed)\s+)?(?:to|of|at)\s+" + _NUMBER
    + r"(?:[\s-]+steps?)?(?:\s+(?:a|per)\s+day)?\b"
    r"|\b(?:when|while)\s+(?:that|it)\s+was\s+my\s+(?:daily\s+)?(?:goal|target)\b"
    r"|\b(?P<up>raised|bumped(?:-up)?|upped|higher|bigger|increased|elevated)\s+(?:daily\s+)?"
    r"(?:step\s+)?(?:goal|target)\b"
    r"|\b(?:you|u|we|i|coach)\s+(?P<up2>upped|raised|bumped|increased|pushed)\s+(?:up\s+)?"
    r"(?:my|the|our)\s+(?:daily\s+)?(?:step\s+)?(?:goal|target)\b"
    r"|\b(?:goal|target)\s+was\s+(?P<up3>at\s+its\s+highest|highest)\b", re.IGNORECASE)
# (asking when or why a goal changed: the lines that say so, not the run)
_WHEN_CHANGED = re.compile(starting(r"w", or_line_start=True) +
                           r"^\s*(?:when|why|what\s+day)\s+(?:did|was|were|is|has|had)\b"
                           r"|\b(?:when|why)\s+did\s+(?:my|the|i|we|you|u)\b", re.IGNORECASE)


def loose_goal(text: str) -> int | str | None:
    """The goal a message names loosely (`_LOOSE_GOAL`): its number, or `HIGHER` for its
    raise; None when it names none, or asks when or why the goal changed."""
    m = _LOOSE_GOAL.search(text)
    if m is None or _WHEN_CHANGED.search(text):
        return None
    numbers = [g for g in (m.group(1), m.group(3)) if g]
    if numbers:
        goal = _number(numbers[0], m.group(2) if m.group(1) else m.group(4))
        return goal if goal >= 1_000 else None
    if m.group("up") or m.group("up2") or m.group("up3"):
        return HIGHER
    # ("when that was my goal": the number said before it)
    before = re.findall(r"\b" + _NUMBER, text[:m.start()], re.IGNORECASE)
    goal = _number(*before[-1]) if before else 0
    return goal if goal >= 1_000 else None


# "... vs since it went back down", "and since it was raised": a goal named before it
_SINCE_IT_MOVED = re.compile(starting(r"s") +
                             r"\bsince\s+it\s+(?:(went\s+up|was\s+(?:raised|bumped|upped|"
                             r"increased))|went\s+(?:back\s+)?down|dropped|came\s+(?:back\s+)?"
                             r"down|was\s+(?:lowered|dropped|cut|reduced))\b", re.IGNORECASE)


def goal_moved(text: str) -> int:
    """1 when the message dates a goal's run by the raise that began it ("the first week after
    you bumped me to 10k"), -1 by the cut ("after the target went back down to 10,000"), else
    0 (any run on that goal)."""
    m = GOAL_FIRST.search(text)
    if m is None:
        return 0
    return 1 if m.group("up") or m.group("up2") else -1 if m.group("down") or m.group(
        "down2") else 0


def asked_goal(text: str) -> int | str | None:
    """The goal the message first names a period by ("while the goal was 12k": 12,000; "while
    that higher target was on": `HIGHER`, the newest raise; `LOWER`), or None."""
    asks = goal_asks(text)
    return asks[0][0] if asks else None


def first_part(text: str) -> str | None:
    """"day", "week" or "month" when the message asks for a part of a goal's first run ("my
    first week on 10,000"), else None."""
    m = GOAL_FIRST.search(text)
    return m.group(2).lower() if m is not None else None


def goal_span(goal: int | str, days: Sequence[Day], today: date,
              part: str | None = None, nth: int = 1, moved: int = 0) -> Span | None:
    """The newest unbroken run of `days` (oldest first) before today whose goal is `goal`
    (`HIGHER` / `LOWER`: above / below the run's before it); with `part` ("week"), that part
    of the first such run (of the newest, by `HIGHER` / `LOWER`): its first day, the
    Monday-to-Sunday week holding it, or its first 30 days (`nth`: the second, ..., or -1 its
    last); `moved` 1 or -1: only a run that a raise or a cut of the goal began."""
    runs: list[list[Day]] = []
    for day in days:
        if day.date >= today.isoformat():
            break
        if runs and runs[-1][-1].goal == day.goal:
            runs[-1].append(day)
        else:
            runs.append([day])
    def changed(i: int) -> int:  # 1: raised from the run before, -1: lowered, 0: neither
        now, before = runs[i][0].goal, runs[i - 1][0].goal if i > 0 else None
        return 0 if now is None or before is None else (now > before) - (now < before)

    chosen = [run for i, run in enumerate(runs) if run[0].goal is not None and (
        run[0].goal == goal or (goal == HIGHER and changed(i) > 0)
        or (goal == LOWER and changed(i) < 0)) and changed(i) * moved >= 0]
    if not chosen:
        return None
    if part == "since":  # from the first day of its newest run to yesterday
        start, end = date.fromisoformat(chosen[-1][0].date), today - timedelta(days=1)
        return Span(f"since the goal became {chosen[-1][0].goal:,}", start, end, start != end)
    if part is not None and part not in (FIRST_RUN, BEFORE_RAISE):
        # (a goal by its number: its first run; by its change, "the first week after you
        # bumped me up to the big number": the newest raise's)
        run = chosen[-1] if isinstance(goal, str) else chosen[0]
        size = {"day": 1, "week": 7}.get(part, 30)
        start = date.fromisoformat(run[0].date if nth > 0 else run[-1].date)
        begin = start - timedelta(days=start.weekday()) if part == "week" else start
        begin += timedelta(days=size * (nth - 1 if nth > 0 else 0))
        if nth < 0 and part != "week":
            begin -= timedelta(days=size - 1)
        end = begin + timedelta(days=size - 1)
        which = {1: "first", 2: "second", 3: "third", 4: "fourth", -1: "last"}[nth]
        return Span(f"the {which} {part} on the goal of {run[0].goal:,}", begin, end,
                    begin != end)
    # (with BEFORE_RAISE, the runs of it that the next run's higher goal ended)
    raised = [run for i, run in enumerate(runs[:-1]) if any(r is run for r in chosen)
              and changed(i + 1) > 0] if part == BEFORE_RAISE else []
    best = chosen[0] if part == FIRST_RUN else raised[-1] if raised else chosen[-1]
    start, end = date.fromisoformat(best[0].date), date.fromisoformat(best[-1].date)
    return Span(f"while the goal was {best[0].goal:,}", start, end, start != end)


# "what daily targets was I on through it", "what was my goal at the time": the goals in force
# over the period another part names, told by the lines that changed them.
GOALS_ON = re.compile(
    starting(r"dhw") +
    r"\bwhat\s+(?:daily\s+)?(?:step\s+)?(?:targets?|goals?)\s+(?:was|were)\s+(?:i|we)\s+on\b"
    r"|\bwhat\s+(?:was|were)\s+(?:my|the)\s+(?:daily\s+)?(?:step\s+)?(?:targets?|goals?)\s+"
    r"(?:then|through\s+it|during\s+it|in\s+it|at\s+the\s+time)\b"
    # "what was my target doing through November", "did my goal change over the month",
    # "how did the target move in October": what the goal did over a period it names
    r"|\bwhat\s+(?:was|were)\s+(?:my|the)\s+(?:daily\s+)?(?:step\s+)?(?:targets?|goals?)\s+"
    r"doing\b|\b(?:did|has)\s+(?:my|the)\s+(?:daily\s+)?(?:step\s+)?(?:targets?|goals?)\s+"
    r"(?:change|move|go\s+(?:up|down))\b|\bhow\s+did\s+(?:my|the)\s+(?:daily\s+)?(?:step\s+)?"
    r"(?:targets?|goals?)\s+(?:change|move)\b"
    # "what daily number was I meant to be hitting then": the goal of the time
    r"|\bwhat\s+(?:daily\s+)?(?:step\s+)?(?:number|count|figure|targets?|goals?)\s+(?:was|were)"
    r"\s+(?:i|we)\s+(?:meant|supposed)\s+to\s+(?:be\s+)?(?:hit(?:ting)?|on|get(?:ting)?|"
    r"aim(?:ing)?\s+for|do(?:ing)?)\b", re.IGNORECASE)


def goal_changes(days: Sequence[Day], span: Span) -> list[date]:
    """The days of `span` on which the goal differed from the day before (`days`: the stored
    days, any order)."""
    goals = {d.date: d.goal for d in days if d.goal is not None}
    out = []
    day = span.start
    while day <= span.end:
        before = goals.get((day - timedelta(days=1)).isoformat())
        now = goals.get(day.isoformat())
        if before is not None and now is not None and now != before:
            out.append(day)
        day += timedelta(days=1)
    return out
