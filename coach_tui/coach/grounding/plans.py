"""Plans a reply lays out, whose numbers are advice: `planned(reply, out, sentence)`.

- A table whose rows are clock times ("| 7:30 | 20-minute walk | 2,000 |") or whose columns
  say what to do ("How", "Plan", "Aim", "Rough steps", "Adds about"; "When" beside "Target"):
  every number in its body is the plan's, however it is written. A table of days with only
  "Target" is not enough (a review can set the goal beside each day), nor "What" (a week
  summed up).
- The sentence right after such a table that says what the plan comes to ("That lands around
  75,200 with a small buffer"): the plan's outcome, not the user's data; so is the paragraph
  opening "That's ..." right after a list whose step counts are mostly the plan's ("That's
  66,000 across the six days, which with Monday puts you at 75,237").
- A tip's line ("Tip: 2 short flat walks Sat, 15 min each"; "Tip: 11k/d wk 1, 12k from wk
  2"): each part between arrows, semicolons or dashes that neither reports nor says where the
  day stands ("7,645 today → 2,355 more tonight" is a claim).
- A sentence headed by a plan or a suggestion ("A friendlier route: 10,500 a day this week,
  11,000 next, and 12,000 from the week of Dec 14"; "Tmrw: 25 min walk at 12:30"; "Realistic
  pick: 10.5k"; "Fix for Fri: 1 lunchtime loop"; "Next step: a 15-minute walk"): the numbers
  after the colon, unless that part reports.
- A section under a heading that names what to do ("### Next steps", "### The plan", "### My
  suggestion", "### Suggested ramp", "### Plan 👟": marks and emoji after it change nothing),
  or that looks ahead ("## Plan for tomorrow", "### Getting to 10k today", "**Ideas for the
  week ahead**"; not "**Last week's plan vs what happened**"), a markdown heading or a line
  in bold of its own ("**Next steps**"): its sentences that do not report.

Only unsupported numbers change: one already found true stays as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from coach_tui.coach.grounding.cell_sums import plain
from coach_tui.coach.grounding.reports import reports
from coach_tui.coach.grounding.tables import grids

PLAN = "a plan's number, not a claim about your data"

# ("When" and "What" alone are not enough: "| What | Steps |" can sum up a week)
_DOING = re.compile(r"(?:how|plan(?:ned)?|aim|ideas?|to do|suggested(?: \w+)?|rough(?:ly)? \w+|"
                    r"adds(?: about)?)", re.I)
_CLOCK = re.compile(r"~?\d{1,2}(?::\d\d)?\s*(?:[ap]\.?m\.?)?(?:\s*[-–]\s*\d{1,2}(?::\d\d)?)?", re.I)
_CLOCK_IN = re.compile(r"(?<![\d:])\d{1,2}:\d\d\s*[-–]\s*\d{1,2}(?::\d\d)?(?![\d:])"
                       r"|\b\d{1,2}(?::\d\d)?\s*[ap]\.?m\b", re.I)
_OUTCOME = re.compile(r"\s*(?:That|This|Which|It|All that|All of that)\s+(?:would\s+|should\s+|"
                      r"will\s+)?(?:lands?|puts?|gets?|brings?|takes?|comes?|adds?|totals?|"
                      r"works?|leaves?|ends?|be)\b", re.I)
_HEAD = re.compile(r"\b(?:route|plan|ramp|schedule|approach|option|path|progression|build-up|"
                   r"buildup|ladder|pick|tmrw|tomorrow|fix for \w+|suggestion|idea|try|"
                   r"next step|(?P<tip>tips?))\s*:\s$", re.I)
# a tip's parts, each planning unless it reports or states where the day stands ("Tip: 7,645
# today → 2,355 more tonight", "Sat missed by 283 → add a 10-min walk")
_TIP_PARTS = re.compile(r"\s*(?:→|->|=|;|\s[—–]\s)\s*")
_STANDS = re.compile(r"\b(?:today|tonight|now|so far|to go|left|missed|more|less)\b|[+−]\d|"
                     r"(?:\d\d|\dk)\s+(?:steps?\s+)?(?:short|under|over|up|down|ahead|behind)\b",
                     re.I)
# a markdown heading that names what to do: the section under it plans
# (each from a "#" the engine skips to in C, then looked back at: at a line's start, as
# `^#{1,6}` is, rather than `^` tried at every character)
# ("### Plan 👟", "### Suggested ramp ✅": a mark or emoji after the name changes nothing)
# ("## A gentler ramp", "## How to close it": one word may qualify the name)
_SECTION = re.compile(r"#(?<=^#)#{0,5}[ \t]+(?:(?:your|my|the|a|an|suggested|recommended)[ \t]+)?"
                      r"(?:[a-z-]+[ \t]+)?"
                      r"(?:next[ \t]+steps?|plan|suggestions?|what[ \t]+to[ \t]+do|"
                      r"(?:things[ \t]+)?to[ \t]+try|try[ \t]+this|ramp|schedule|"
                      r"(?:build|ramp)[ -]?up|how[ \t]+to[ \t]+(?:close|get|make|hit|reach)[ \t]+"
                      r"(?:it|there|the[ \t]+gap|up))[ \t]*:?[^\w\n]*$", re.I | re.M)
_HEADING = re.compile(r"#(?<=^#)#{0,5}[ \t]|^[ \t]*\*\*[^*\n]+\*\*[ \t]*:?[ \t]*$", re.M)
# any heading, a markdown one or a line in bold of its own ("**Next steps**", "**The plan:**"),
# and the words of one that looks ahead ("## Plan for tomorrow", "**Tomorrow's plan**", "###
# Getting to 10k today", "**Ideas for the week ahead**"), not one that looks back ("**Last
# week's plan vs what happened**")
_ANY_HEADING = re.compile(r"^[ \t]*(?:#{1,6}[ \t]+([^\n]+)|\*\*([^*\n]{3,60})\*\*[^\w\n]*)$",
                          re.M)
_AHEAD_HEAD = re.compile(r"\b(?:plan|next\s+steps?|suggest\w*|to\s+do|try|ideas?|how\s+to|"
                         r"week\s+ahead|tomorrow|tonight|rest\s+of\s+(?:the\s+|today|this\s+)?"
                         r"(?:day|week)?|getting\s+(?:to|there|back)|clos(?:e|ing)\s+the\s+gap|"
                         r"targets?\s+for|goals?\s+for|ramp|schedule|build[- ]?up|action|"
                         r"recommend\w*|from\s+here|going\s+forward|what\s+to\s+aim)\b", re.I)
_LOOKS_BACK = re.compile(r"\b(?:so\s+far|recap|review|last|happened|how\s+(?:you|it)\s+"
                         r"(?:did|went)|vs\.?|versus|compared|results?|numbers|breakdown)\b",
                         re.I)
# a table that may plan: a header naming what to do, or a row opening on a clock time
_HINT = re.compile(r"\|[ \t*_]*(?:[Hh]ow|[Pp]lan|[Aa]im|[Ii]dea|[Tt]o do|[Ss]uggest|[Rr]ough|"
                   r"[Aa]dds|HOW|PLAN|[Ww]hen|[Ss]lot|[Rr]unning|~?\d{1,2}:\d\d|[^|\n]*\d:\d\d)")
# what may stand before the plan's name at the start of its sentence: "A friendlier", "My"
_OPENING = re.compile(r"[\s*_>#-]*(?:(?:a|an|the|one|my|your|here's|here is)\s+)?"
                      r"(?:[\w-]+\s+){0,2}", re.I)


def planned[M: Any](reply: str, out: list[M],
                    sentence: Callable[[int], tuple[int, int]]) -> list[M]:
    """`out` (the reply's mentions in order) with each unsupported number inside a plan
    (see the module's words) made advice."""
    spans = _plan_spans(reply, sentence) if "|" in reply and _HINT.search(reply) \
        or ":" in reply or "#" in reply or "**" in reply else []
    spans += _after_list(reply, out, sentence)
    if not spans:
        return out
    return [replace(m, outcome="advice", source=PLAN)
            if m.outcome == "unsupported" and any(a <= m.start < b for a, b in spans) else m
            for m in out]


def _plan_spans(reply: str, sentence: Callable[[int], tuple[int, int]]) -> list[tuple[int, int]]:
    spans = []
    for header, rows in grids(reply) if "|" in reply and _HINT.search(reply) else ():
        if not rows or not _is_plan(reply, header, rows):
            continue
        start, end = rows[0][0][0], rows[-1][-1][1]
        spans.append((start, end))
        after = reply.find("\n", end)
        while 0 <= after < len(reply) and reply[after] in "\n \t":
            after += 1
        if 0 <= after < len(reply) and _OUTCOME.match(reply, after):
            spans.append((after, sentence(after)[1]))
    at = reply.find(": ")
    while at >= 0:  # (colons are few: the plan's name is looked for only before one)
        m = _HEAD.search(reply, max(0, at - 24), at + 2)
        if m is not None:
            ss, se = sentence(m.start())
            if m["tip"] is not None and _OPENING.fullmatch(reply, ss, m.start()):
                line_end = reply.find("\n", m.end())  # (a tip is its line: "at 10 a.m. flat")
                spans += _tip(reply, m.end(), len(reply) if line_end < 0 else line_end)
            elif _OPENING.fullmatch(reply, ss, m.start()) \
                    and not reports(reply[m.end():se].lower()):
                spans.append((m.end(), se))
        at = reply.find(": ", at + 2)
    if "#" in reply or "**" in reply:
        spans += _sections(reply, sentence)
    return spans


_ITEM = re.compile(r"^[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]", re.M)
# "That's 66,000 across the six days, which with Monday puts you at 75,237": what it comes to
_SUMS_UP = re.compile(r"\s*(?:That|This|All\s+(?:of\s+)?that)(?:'s|’s|\s+is|\s+makes|\s+comes\s+to"
                      r"|\s+adds\s+up\s+to)\s+(?:about\s+|roughly\s+|around\s+)?\d", re.I)


def _after_list[M: Any](reply: str, out: Sequence[M],
                        sentence: Callable[[int], tuple[int, int]]) -> list[tuple[int, int]]:
    """The sentence right after a list whose step counts are mostly a plan's (advice) that
    says what the plan comes to: "That's 66,000 across the six days, which with Monday puts
    you at 75,237"."""
    spans = []
    for m in _SUMS_UP.finditer(reply):
        at = m.start() + len(m[0]) - len(m[0].lstrip())
        if at > 0 and reply[at - 1] != "\n":
            continue  # (a paragraph's first words)
        block_end = reply.rfind("\n", 0, at - 1)  # (the list ends just before it)
        lines_start = block_end
        while lines_start > 0:
            prev = reply.rfind("\n", 0, lines_start) + 1
            if not _ITEM.match(reply, prev) and reply[prev:lines_start].strip():
                break
            lines_start = prev - 1
        items = [n for n in out if lines_start <= n.start < block_end and n.kind == "count"
                 and n.text[:1].isdigit() and _big(n.text)]
        if len(items) >= 2 and sum(n.outcome == "advice" for n in items) * 2 > len(items):
            spans.append((at, sentence(at)[1]))
    return spans


def _big(text: str) -> bool:
    digits = text.replace(",", "").split(".")[0]
    return digits.isdigit() and int(digits) >= 1_000 or text.lower().endswith("k")


def _tip(reply: str, start: int, end: int) -> list[tuple[int, int]]:
    """The parts of a tip's line that plan ("Tip: 2 short walks Sat, 15 min each"; "Tip: 4
    goal days a week in Dec → ~57%"); not one that reports or says where the day stands."""
    spans = []
    for part in _TIP_PARTS.split(reply[start:end]):
        at = reply.find(part, start) if part else -1
        if at >= 0:
            low = part.lower()
            if not reports(low) and _STANDS.search(low) is None:
                spans.append((at, at + len(part)))
            start = at + len(part)
    return spans


def _sections(reply: str, sentence: Callable[[int], tuple[int, int]]) -> list[tuple[int, int]]:
    """The sentences that do not report in each section a heading names a plan."""
    spans = []
    heads = list(_SECTION.finditer(reply))
    named = {h.start() for h in heads}
    heads += [h for h in _ANY_HEADING.finditer(reply) if h.start() not in named
              and _AHEAD_HEAD.search(h[1] or h[2]) and not _LOOKS_BACK.search(h[1] or h[2])]
    for head in heads:
        nxt = _HEADING.search(reply, head.end())
        end = len(reply) if nxt is None else nxt.start()
        at = head.end()
        while at < end:
            while at < end and reply[at].isspace():
                at += 1
            if at >= end:
                break
            ss, se = sentence(at)
            se = min(max(se, at + 1), end)
            if not reports(reply[ss:se].lower()):
                spans.append((ss, se))
            at = se
    return spans



_DAY_PART = re.compile(r"(?:(?:before|after)\s+(?:work|lunch|dinner|six|seven|eight|"
                       r"the\s+school\s+run)|(?:this\s+)?(?:morning|lunch(?:time)?|afternoon|evening)|tonight"
                       r"|before\s+bed|bedtime|commute)(?:\s+walk)?", re.I)
_DONE_COLUMN = re.compile(r"\b(?:so\s+far|done|logged|synced|actual|recorded|walked)\b")


def _is_plan(reply: str, header: Sequence[str],
             rows: Sequence[Sequence[tuple[int, int]]]) -> bool:
    """A table that plans: a column that says what to do, a "When" column beside a "Target"
    one, or rows that are clock times."""
    if any(_DOING.fullmatch(h.strip().lower()) for h in header):
        return True
    names = [plain(h).strip().lower() for h in header]
    if {"when", "slot", "time", "block"} & set(names) \
            and {"target", "running total", "aim"} & set(names):
        return True  # "| Block | When | Target |": when to walk and how much, a day planned
    if "target" in names and "running total" in names:
        return True  # "| Day | Target | Running total |": a week's targets adding up to an aim
    if any(_DONE_COLUMN.search(n) for n in names):
        return False  # "| Time | Steps so far | Left to goal |": the day as synced, hour by hour
    anchors = [plain(reply[a:b]).strip() for a, b in (row[0] for row in rows)]
    # rows that are clock times, or name one ("| Lunch walk, 12:30–1:00 | 3,500 |"), or parts
    # of the day still ahead ("| Lunch | 30-min flat loop | 5,214 |", "| After six | ...")
    return sum(bool(_CLOCK.fullmatch(x)) and ":" in x or x[-2:].lower() in ("am", "pm")
               or _CLOCK_IN.search(x) is not None for x in anchors) >= 2 \
        or sum(_DAY_PART.fullmatch(x) is not None for x in anchors) >= 2 \
        and "walk" in " ".join(names)
