"""Gaps whose words name both their operands: `named_gaps(reply, atoms, out, ev, binder, ...)`.

local.py leaves results under 100 to the request's own operations (small numbers coincide too
easily with some pair of values). A gap whose sentence names what it is between is checked at
any size, over those operands only:

- the goal less an average the reply has already written true: "you're only 497 a day short
  on average", "96 steps a day from averaging your goal" (the average stated earlier, 9,503 or
  9,904; the words of a shortfall need an average under the goal, of a surplus one over it);
- two values the sentence sets against each other around it: "Monday's 9,237 was 6 steps more
  than last Monday's 9,231" (the true count before it less the true count after "than", the
  way "more" or "fewer" says).

And a gap "N more than ... X", X a true count written in full, worked out by code without X
(nor from a true count before it) is warned: "about 2,000 more steps a day than your 30-day
average of 9,494" is not the user's 12k less the 10,000 goal.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from coach_tui.coach.grounding.binding import ANAPHOR
from coach_tui.coach.grounding.facts import Evidence, fmt
from coach_tui.coach.grounding.kinds import change_sign
from coach_tui.coach.grounding.local import FROM_BEFORE, FROM_TO
from coach_tui.coach.grounding.scan import Atom

if TYPE_CHECKING:
    from coach_tui.coach.grounding.binding import Binder

_AVERAGE = re.compile(r"\baverag(?:e|ed|es|ing)\b", re.I)
_SHORT = re.compile(r"\s*(?:steps?\s+)?(?:(?:a|per)\s+day\s+)?(?:(short|from|below|under|behind|"
                    r"shy|off|away)|(over|above|ahead))\b", re.I)
# "That's about 4,000 more," / "That's 3,065 fewer steps.": a gap with no base of its own
_BARE_GAP = re.compile(r"\s*(?:steps?\s+)?(?:more|fewer|less|higher|lower)(?:\s+steps?)?\s*"
                       r"(?:[,.;:!]|$)", re.I)
_THATS = re.compile(r"\s*(?:That|This|It)(?:'s|’s|\s+is|\s+was)\s+(?:about\s+|around\s+|"
                    r"roughly\s+|nearly\s+|almost\s+|just\s+over\s+|just\s+under\s+|"
                    r"some\s+)?", re.I)
# "compared with 4 of 7", "versus 3 of 7": the other side of a comparison of counts
_SIDE_BEFORE = re.compile(r"\b(?:compared\s+(?:with|to)|versus|vs\.?|against|from)\s+(?:only\s+)?$",
                          re.I)
_OF_AFTER = re.compile(r"\s+(?:out\s+)?of\s+(?:the\s+)?\d", re.I)
_MORE_AFTER = re.compile(r"\s*(?:steps?\s+)?(?:more|higher|up|fewer|less|lower|down)\b", re.I)
# ("6 steps ahead of last Monday's 9,231", "200 behind Tuesday's 9,100")
_THAN = re.compile(r"\s*(?:steps?\s+)?(?:(?:(more|higher|up)|(fewer|less|lower|down))\s+(?:than|on)"
                   r"|(ahead)\s+of|behind)\s+[^.!?;\d]{0,30}$", re.I)


def named_gaps(reply: str, atoms: list[Atom], out: list[Any], ev: Evidence, binder: Binder,
               precision: Callable[[str, Atom], tuple[float, float, Any]]) -> list[Any]:
    """`out` (one mention per atom) with each unsupported count that a gap its words name
    gives (see the module's words) made computed."""
    worded = "short" in reply or "from" in reply or " than " in reply or " on " in reply \
        or "above" in reply or "over" in reply or "ahead" in reply or "behind" in reply \
        or "under" in reply or "below" in reply
    averages = {f.value for f in ev.facts if f.kind == "average"}
    for i, (a, m) in enumerate(zip(atoms, out, strict=True)):
        if not worded or m.outcome != "unsupported" or m.source is not None \
                or a.kind != "count" or a.value is None or not (
                    _SHORT.match(reply, a.end) or _MORE_AFTER.match(reply, a.end)):
            continue
        center, tol, _ = precision(reply, a)
        found = _from_average(reply, a, atoms[:i], out[:i], ev, averages, binder, center, tol) \
            or _between(reply, a, i, atoms, out, binder, center, tol)
        if found is not None:
            out[i] = replace(m, outcome="computed", source=found)
    paired = " from " in reply
    sides = paired or any(w in reply for w in ("compared", "versus", "vs", "against"))
    for i, (a, m) in enumerate(zip(atoms, out, strict=True)):
        if m.outcome != "computed" or a.value is None:
            continue
        wrong = _not_between(reply, a, atoms, out, binder, precision) \
            if a.kind == "count" and a.number >= 100 and _BARE_GAP.match(reply, a.end) \
            else _not_from_to(reply, a, atoms, out, binder, precision) \
            if a.kind == "percent" and paired \
            else _other_side(reply, a, atoms, out, binder) \
            if sides and a.kind == "count" and a.number <= 31 and _SIDE_BEFORE.search(
                reply, max(0, a.start - 24), a.start) \
            else _from_goal(reply, a, i, atoms, out, ev, binder, precision) \
            if a.kind == "count" and a.number >= 100 and _OVER_GOAL.match(reply, a.end) \
            else _from_base(reply, a, i, atoms, out, binder, precision) \
            if a.kind == "count" and a.number >= 100 and " than " in reply else None
        if wrong is None and a.kind == "count" and a.number >= 100 \
                and _MORE.match(reply, a.end) \
                and _YOU_NEED.search(reply, max(0, a.start - 40), a.start):
            wrong = _to_goal(reply, a, m, ev, binder, precision)
        if isinstance(wrong, tuple):
            out[i] = replace(m, outcome=wrong[0], source=wrong[1])
        elif wrong is not None:
            out[i] = replace(m, outcome="unsupported", source=wrong)
    return out


# "about 2,000 more steps a day than your 30-day average of 9,494": a gap from the count written
_MORE_THAN = re.compile(r"\s*(?:steps?\s+)?(?:(?:a|per|each)\s+day\s+)?(?:more|higher|fewer|less|"
                        r"lower)\s+(?:steps?\s+)?(?:(?:a|per|each)\s+day\s+)?than\b", re.I)




# "1,470 over your 10,000 goal", "763 short of the goal": a gap the words set from the goal
_OVER_GOAL = re.compile(r"\s*(?:steps?\s+)?(?:(over|above|ahead\s+of|beyond|past)|(under|below|"
                        r"short\s+of|shy\s+of))\s+(?:your|the)\s+(?:(\d{1,3}(?:,\d{3})+|\d+k)"
                        r"[-\s]+(?:steps?[-\s]+)?)?(?:daily\s+)?(?:step\s+)?goal\b", re.I)


def _from_goal(reply: str, a: Atom, i: int, atoms: list[Atom], out: list[Any], ev: Evidence,
               binder: Binder, precision: Callable[[str, Atom], tuple[float, float, Any]],
               ) -> tuple[str, str] | None:
    """A gap "N over your 10,000 goal" that code worked out without the goal: computed from
    the goal and a true count before it in its sentence, the way its words say ("11,470 steps,
    1,470 over your 10,000 goal"); else unsupported ("1,570 over" is no 11,470 less the 7-day
    average of 9,904). None when the source already has the goal or no goal is stated."""
    said = _OVER_GOAL.match(reply, a.end)
    assert said is not None
    goal = ev.goal if said[3] is None else float(said[3].replace(",", "").replace("k", "000"))
    source = out[i].source or ""
    if goal is None or "goal" in source or f"{fmt(goal)} " in f"{source} ":
        return None
    center, tol, _ = precision(reply, a)
    worked = _gap_to(atoms[:i], out[:i], binder.sentence(a.start)[0], goal, f"{fmt(goal)} goal",
                     center, tol, least=1000, above=bool(said[1]))
    if worked is not None:
        return "computed", worked
    return "unsupported", f"a gap from the {fmt(goal)} goal, not {out[i].source}"


def _gap_to(atoms: list[Atom], out: list[Any], start: int, base: float, base_text: str,
            center: float, tol: float, *, least: float = 0,
            above: bool | None = None) -> str | None:
    """"hi − lo = gap" for the first true count from `start` on (at least `least`; over the base
    when `above`, under it when not) that lies `center` (to `tol`) from `base`; else None."""
    for c, m in zip(atoms, out, strict=True):
        if start <= c.start and c.kind == "count" and c.value is not None \
                and c.number >= least and m.outcome in ("quoted", "computed") \
                and (above is None or (c.number > base if above else c.number < base)) \
                and abs(abs(c.number - base) - center) <= tol + 1e-9:
            hi, lo = (m.text, base_text) if c.number > base else (base_text, m.text)
            return f"{hi} − {lo} = {fmt(abs(c.number - base))}"
    return None


# "so you need a bit over 6,000 more": what today still needs, with no mark of its own named
_YOU_NEED = re.compile(r"\byou(?:'ll|\s+will)?\s+(?:still\s+)?need\s+(?:about\s+|roughly\s+|"
                       r"around\s+|(?:a\s+bit|just|a\s+little)\s+(?:over|under)\s+|~\s*)?"
                       r"(?:\*\*|__)?$", re.I)
_MORE = re.compile(r"(?:\*\*|__)?\s+(?:steps?\s+)?more\b(?!\s+(?:than|a\s+day|per\s+day|each))",
                   re.I)
# a mark the sentence names for what is needed ("to match Sunday", "for a 12k day")
_OWN_MARK = re.compile(r"\b(?:match|beat|reach|hit|top|equal|pass|clear|catch|get\s+(?:to|back)|"
                       r"for\s+(?:a|an|the)|target|average|pace|week|month|total)\b", re.I)


def _to_goal(reply: str, a: Atom, m: Any, ev: Evidence, binder: Binder,
             precision: Callable[[str, Atom], tuple[float, float, Any]],
             ) -> tuple[str, str] | None:
    """"4,906 so far, so you need a bit over 6,000 more": with no mark named in its sentence,
    what today needs is the goal less today's count; a gap worked out from another day's count
    (11,470 less today's) is no support. None when the source is from the goal, when the
    sentence names a mark of its own, or when today or the goal is not stated."""
    source = m.source or ""
    goal, today = ev.goal, ev.today
    if goal is None or today is None or "goal" in source or "so far (today)" not in source:
        return None
    if _OWN_MARK.search(reply, *binder.sentence(a.start)):
        return None
    center, tol, _ = precision(reply, a)
    if abs(goal - today.value - center) <= tol + 1e-9:
        return "computed", f"{fmt(goal)} goal − {today.label} = {fmt(goal - today.value)}"
    return "unsupported", f"today needs {fmt(goal - today.value)} to the goal, not {source}"


def _from_base(reply: str, a: Atom, i: int, atoms: list[Atom], out: list[Any], binder: Binder,
               precision: Callable[[str, Atom], tuple[float, float, Any]],
               ) -> tuple[str, str] | None:
    """A gap "N more than ... X" (X a true count written in full after "than" in its clause)
    that code worked out without X: computed from X and a true count before it in its sentence
    ("13,759 on the 17th, 766 more than November's best of 12,993"), or earlier in the reply
    when the sentence points back ("That's roughly 1,000 more than ..."); else unsupported, its
    words naming its base. None when the source already has X or the words name no base."""
    than = _MORE_THAN.match(reply, a.end)
    if than is None:
        return None
    ce = binder.clause(a.start)[1]
    for b, n in zip(atoms[i + 1:], out[i + 1:], strict=True):
        if b.start >= min(ce, than.end() + 50):
            return None
        if b.kind == "count" and b.value is not None and b.number >= 1000 \
                and reply[b.start:b.end] == fmt(b.number) \
                and n.outcome in ("quoted", "computed"):
            base = reply[b.start:b.end]
            if f"{base} " in out[i].source + " ":
                return None
            center, tol, _ = precision(reply, a)
            ss = binder.sentence(a.start)[0]
            if ANAPHOR.match(reply, ss):
                ss = 0  # ("That's roughly 1,000 more ...": what the reply worked out before)
            worked = _gap_to(atoms[:i], out[:i], ss, b.number, base, center, tol)
            if worked is not None:
                return "computed", worked
            return "unsupported", f"a gap from {base}, not {out[i].source}"
    return None


def _met(source: str | None) -> bool | None:
    """Whether a count of days is of days at the goal (True) or under it (False)."""
    if source is None:
        return None
    return False if "under the goal" in source else True \
        if "at or over the goal" in source or "days met" in source or "goal met on" in source \
        else None


def _other_side(reply: str, a: Atom, atoms: list[Atom], out: list[Any],
                binder: Binder) -> str | None:
    """Why "compared with 4 of 7 last week" after "met the goal on 1 of 2 days" is wrong: the
    two sides count the same thing, so a count of days under the goal does not stand for it."""
    if not _OF_AFTER.match(reply, a.end):
        return None
    ss, _ = binder.sentence(a.start)
    k = next((k for k in range(len(atoms)) if atoms[k] is a), 0)
    first = next((j for j in range(k - 1, -1, -1) if atoms[j].start >= ss
                  and atoms[j].kind == "count" and _OF_AFTER.match(reply, atoms[j].end)), None)
    if first is None:
        return None
    mine, theirs = _met(out[k].source), _met(out[first].source)
    if mine is None or theirs is None or mine == theirs:
        return None
    return f"{out[k].source}: days {'at' if mine else 'under'} the goal, set against a " \
           f"count of days {'at' if theirs else 'under'} it"


def _not_from_to(reply: str, a: Atom, atoms: list[Atom], out: list[Any], binder: Binder,
                 precision: Callable[[str, Atom], tuple[float, float, Any]]) -> str | None:
    """Why a change in percent after "rose from X to Y" in its sentence is wrong: (Y − X) ÷ X,
    when the percentage is not it (nor a share of the gap written between them); None when
    it is, or the sentence pairs no two true step counts so."""
    sign = change_sign(binder, a)
    ss, _ = binder.sentence(a.start)
    true = [(b, n) for b, n in zip(atoms, out, strict=True) if ss <= b.start < a.start
            and b.kind == "count" and b.value is not None and b.number >= 100
            and n.outcome in ("quoted", "computed")]
    for (b1, n1), (b2, n2) in zip(true, true[1:], strict=False):
        if sign is None or not (FROM_BEFORE.search(reply, max(0, b1.start - 16), b1.start)
                                and FROM_TO.fullmatch(reply, b1.end, b2.start)):
            continue
        center, tol, _ = precision(reply, a)
        change = (b2.number - b1.number) / b1.number * 100
        step = a.unit_step if a.unit_step > 0 else 1.0
        if (change > 0) == (sign == "up") and (abs(abs(change) - center) <= tol + 1e-9
                                               or math.floor(abs(change) / step) * step
                                               == a.value):
            return None
        return f"({n2.text} − {n1.text}) ÷ {n1.text} = {change:+.1f}%, not {a.value:g}%"
    return None


def _not_between(reply: str, a: Atom, atoms: list[Atom], out: list[Any], binder: Binder,
                 precision: Callable[[str, Atom], tuple[float, float, Any]]) -> str | None:
    """Why a "That's N more" is wrong: the difference of the two step counts the sentence
    before names, when N is not it; None when it is, or the sentences do not read so."""
    ss, _ = binder.sentence(a.start)
    if ss == 0 or not _THATS.fullmatch(reply, ss, a.start):
        return None
    ps = binder.sentence(ss - 1)[0]
    pair = [(b, n) for b, n in zip(atoms, out, strict=True) if ps <= b.start < ss
            and b.kind == "count" and b.value is not None]
    if len(pair) != 2 or any(b.number < 100 or n.outcome not in ("quoted", "computed")
                             for b, n in pair):
        return None
    (x, xm), (y, ym) = sorted(pair, key=lambda p: -p[0].number)
    center, tol, _ = precision(reply, a)
    gap = x.number - y.number
    if abs(gap - center) <= tol + 1e-9:
        return None
    return f"{xm.text} − {ym.text} = {fmt(gap)}, not {reply[a.start:a.end]}"


def _from_average(reply: str, a: Atom, atoms: list[Atom], before: list[Any], ev: Evidence,
                  averages: set[float], binder: Binder, center: float, tol: float) -> str | None:
    """The goal less the average the reply last wrote true, for a gap of a day's steps its
    sentence ties to an average."""
    way = _SHORT.match(reply, a.end)
    goal = ev.goal
    if way is None or not goal or not _AVERAGE.search(reply, *binder.sentence(a.start)):
        return None
    for b, n in zip(reversed(atoms), reversed(before), strict=True):
        if n.outcome == "quoted" and b.kind == "count" and b.number in averages:
            gap = goal - b.number if way[1] else b.number - goal
            if gap > 0 and abs(gap - center) <= tol + 1e-9:
                return f"{fmt(goal)} goal − {n.text} average = {fmt(gap)}" if way[1] \
                    else f"{n.text} average − {fmt(goal)} goal = {fmt(gap)}"
            return None  # (the nearest average written: the one the words point back to)
    return None


def _between(reply: str, a: Atom, i: int, atoms: list[Atom], out: list[Any], binder: Binder,
             center: float, tol: float) -> str | None:
    """The true count before it less the true count after "than" in its clause."""
    cs, ce = binder.clause(a.start)
    after = next((k for k in range(i + 1, len(atoms)) if atoms[k].kind == "count"), None)
    if after is None or atoms[after].start >= ce or atoms[after].value is None:
        return None
    way = _THAN.match(reply, a.end, atoms[after].start)
    prev = next((k for k in range(i - 1, -1, -1) if atoms[k].kind == "count"), None)
    if way is None or prev is None or atoms[prev].start < cs or atoms[prev].value is None \
            or out[prev].outcome not in ("quoted", "computed") \
            or out[after].outcome not in ("quoted", "computed"):
        return None
    x, y = atoms[prev].number, atoms[after].number
    more = bool(way[1] or way[3])
    gap = x - y if more else y - x
    if gap > 0 and abs(gap - center) <= tol + 1e-9:
        return f"{out[prev].text} − {out[after].text} = {fmt(gap)}" if more \
            else f"{out[after].text} − {out[prev].text} = {fmt(gap)}"
    return None
