"""A source someone else proposes for a warned number, believed only when code confirms it.

The second read (coach/second_read.py) asks the model where each number the checker warned
came from; the answer is a `Proposal`: "quoted" with the line of data it quotes, "computed"
with the lines and the arithmetic, "advice", or "unsupported". `confirmed` checks it against
the request, never trusting the model's word for a fact:

- every line must be in the request's evidence (request.py: the memory facts, the CONTEXT
  blocks, what the user wrote; not the persona, not an earlier coach reply), as copied, give or
  take spacing and markdown;
- a quoted value must be in its line, to the precision the reply writes it ("about 11,300" of
  11,283), and held there for what the reply's sentence ties the number to: its day, its
  period, its fact, what it counts (proposed_ties.py); a date must be a date its line names
  (written with its weekday, that date's weekday; a bare "the 7th", of the month its sentence
  names; given as a best's day, the day of a best a line states over the sentence's period);
- the arithmetic is redone by code: only + - * / and brackets over counts its lines state
  (and 1 and 100, to add a day to a streak, a span or today, or make a share a percentage), or
  two dates subtracted, and it must give the number as written (its absolute value: "down
  14.7%"); a count of days as ones added, no more of them than the dates its lines name; and
  it must be arithmetic of the number's kind: a percentage is a division, days are not added
  to steps nor a streak to goal days, and a number carried through unchanged ("13 + 0") is a
  quote, not a working; and the working its sentence states: a change over what it changed
  from (its direction read from its clause, its sign, or the clause a comma joins before),
  with the difference the sentence writes on top ("up 1,483 a day, about 18.5%"), from the
  numbers it compares ("11,274 against 9,904, up 13.8%") or its part and whole ("13 of 29,
  45%"), and a gap from the figure it is measured against ("1,470 over your 10,000 goal");
- advice is taken as read: what a sentence does (suggest or report) is the one call code does
  not redo.

Pure and stdlib only, as the rest of the checker.
"""

from __future__ import annotations

import ast
import functools
import operator
import re
from dataclasses import dataclass
from datetime import date

from coach_tui.coach.grounding.kinds import sentence_sign
from coach_tui.coach.grounding.proposed_ties import (
    DAY_LINE,
    ISO,
    WEEKDAY_WORD,
    Clock,
    Held,
    atoms_of,
    best_day_fits,
    clause,
    fits,
    held,
    iso_date,
    joined_start,
    sentence_bounds,
    today_of,
)
from coach_tui.coach.grounding.reading import precision_of, read_numbers
from coach_tui.coach.grounding.request import segments
from coach_tui.coach.grounding.scan import Atom
from coach_tui.coach.grounding.words import MONTH_NAMES, MONTH_WORD

VERDICTS = ("quoted", "computed", "advice", "unsupported")
FREE = (1.0, 100.0)  # constants arithmetic may use without a line stating them
FACTORS = (7.0,)  # and the days of a week, to spread a week's steps or scale a day's

_CALC_TOKEN = re.compile(r"\s*(?:(\d{4}-\d{2}-\d{2})|(\d[\d,]*(?:\.\d+)?)\s*(k)?\b"
                         r"|([-+*/()×x÷−–]))")
_TODAY = re.compile(r"\b(?:today|tonight)\b", re.I)
_RATIO = re.compile(r"[/÷]")
_FACTOR_NEXT = re.compile(r"\s*[*×x÷/]")
_PRODUCT = re.compile(r"[/÷*×]|\dx|\sx\s")
_THE_NTH = re.compile(r"\bthe\s+$", re.I)  # "on the 7th": a day of the month
_MARKUP = re.compile(r"\*\*|__|`")
_HEDGED = re.compile(r"\b(?:about|around|roughly|nearly|almost|close to|just over|just under|"
                     r"approximately|some)\s+$|~$", re.I)
# a gap and what it is measured against ("668 under your 30-day average", "short of the goal")
_AGAINST = re.compile(r"\s+(?:steps?\s+)?(?:over|above|under|below|short\s+of|more\s+than|"
                      r"less\s+than|fewer\s+than|ahead\s+of|behind)\s+(?:your|the)\s+"
                      r"(?:(?P<days>\d+)-day\s+average"
                      r"|(?:[\d,]+\s+)?(?:daily\s+|step\s+)?(?:goal|target)\b)", re.I)
_GOAL_OF = re.compile(r"(?:\bgoal\s+(\d[\d,]*)|(?<![\d,])(\d[\d,]*)\s+goal\b)")
_MONTH_NAMED = re.compile(r"\b(since\s+|from\s+|after\s+|before\s+|until\s+|till\s+)?("
                          + MONTH_WORD + r")\b", re.I)
_A_ONE = re.compile(r"(?<![\d.,])1(?![\d.,])")
_SIGN_MARK = re.compile(r"(?<![\w.,])([+−])\s?$")  # "+12.2%", "−8%"
_PART_OF_WHOLE = re.compile(r"\b(\d[\d,]*)\s+(?:out\s+)?of\s+(?:the\s+)?(?:last\s+)?(\d[\d,]*)"
                            r"(?:\s+(?:days|weeks))?\b\)?[,:]?\s*(?:\(|(?:or|which\s+is|that's|"
                            r"is|so|about|roughly|around|nearly|just\s+(?:over|under))\s+)*"
                            r"(?:about\s+|roughly\s+|around\s+|~)?$", re.I)
_SHARE_OF = re.compile(r"\s+of\b", re.I)
_CHANGE_BEFORE = re.compile(r"(?:\b(?:(?:up|down|rise|rose|risen|drop|dropped|fall|fell|increase|"
                            r"increased|decrease|decreased|jump|jumped|gain|gained|climb|climbed|"
                            r"dip|dipped|lift|grew|gap|difference)(?:\s+(?:of|by))?"
                            r"|(?:better|worse|more|fewer|less|higher|lower|ahead|behind)\s+by)"
                            r"|\+|−)\s*"
                            r"(?:about\s+|roughly\s+|around\s+|nearly\s+|almost\s+|some\s+|~)?$",
                            re.I)
_CHANGE_AFTER = re.compile(r"\s+(?:steps?\s+)?(?:more|fewer|less|higher|lower|up|down)\b", re.I)
_OPERATORS = {"×": "*", "x": "*", "÷": "/", "−": "-", "–": "-"}  # as written: as Python reads
_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
        ast.Div: operator.truediv}


@dataclass(frozen=True, slots=True)
class Proposal:
    """What the model says of one number: its verdict, the lines it used, its arithmetic."""

    verdict: str
    lines: tuple[str, ...] = ()
    calc: str = ""


def confirmed(reply: str, start: int, end: int, proposal: Proposal,
              request: dict | str) -> tuple[str, str] | None:
    """(outcome, source) for the number at reply[start:end] when code confirms `proposal`;
    None when it does not (the number stays warned)."""
    got = checked(reply, start, end, proposal, request)
    return got if isinstance(got, tuple) else None


def checked(reply: str, start: int, end: int, proposal: Proposal,
            request: dict | str) -> tuple[str, str] | str:
    """(outcome, source) when code confirms `proposal`; else why not, as a phrase that follows
    "the coach pointed to ..., but" ("that line gives it for another day, period or fact");
    "" for a proposal that points to nothing (unsupported, or no lines)."""
    if proposal.verdict == "advice":
        return "advice", "a suggestion or plan (the second read)"
    if proposal.verdict not in ("quoted", "computed") or not proposal.lines:
        return ""
    texts = _evidence_texts(request)
    lines = [_clean(line) for line in proposal.lines]
    if not all(line and _in_evidence(line, texts) for line in lines):
        return "that is not a line of what the coach was given"
    atom = _atom_at(reply, start, end)
    if atom is None:
        return "the number could not be read"
    if proposal.verdict == "quoted":
        return _quoted(reply, atom, lines, today_of(texts))
    return _computed(reply, atom, lines, proposal.calc, today_of(texts))


def _evidence_texts(request: dict | str) -> tuple[str, ...]:
    return _cleaned(segments(request))


@functools.lru_cache(maxsize=4)
def _cleaned(segs: tuple) -> tuple[str, ...]:
    """The evidence blocks' texts as lines are compared with them, made once per request
    (every proposal of a reply is checked against the same request)."""
    return tuple(_clean(s.text) for s in segs if s.role != "reply")


def _clean(text: str) -> str:
    text = _MARKUP.sub("", text).strip().strip('"').strip()
    if text.startswith(("- ", "* ")):
        text = text[2:]
    return " ".join(text.split())


def _in_evidence(line: str, texts: tuple[str, ...]) -> bool:
    parts = [p.strip(" .,;") for p in re.split(r"\.\.\.|…", line)]
    return all(not p or any(p in t for t in texts) for p in parts)


def _atom_at(reply: str, start: int, end: int) -> Atom | None:
    for a in atoms_of(reply):
        if a.start < end and start < a.end:
            return a
    return None


def _dates_of(lines: list[str]) -> set[tuple[int, int]]:
    """(month, day) of every date the lines name: ISO ("2026-12-13") or with the month's name
    ("Dec 13", "13 December")."""
    out: set[tuple[int, int]] = set()
    for line in lines:
        for _, m, d in ISO.findall(line):
            out.add((int(m), int(d)))
        for a in read_numbers(ISO.sub(" ", line)):
            out.update((m, d) for _, m, d, _ in a.dates if m is not None and d is not None)
    return out


def _month_before(reply: str, atom: Atom) -> int | None:
    """The month the number's sentence names last before a bare day of the month ("October
    still owns the best day: 13,759 on the 7th"), not one it counts from ("since October")."""
    month = None
    for m in _MONTH_NAMED.finditer(reply, sentence_bounds(reply, atom.start, atom.end)[0],
                                   atom.start):
        if m[2] != "May" and m[2].lower() == "may":
            continue  # ("you may")
        month = None if m[1] else MONTH_NAMES.index(m[2].lower()) + 1
    return month


def _weekday_fits(day: tuple[int, int], weekdays: set[int], lines: list[str]) -> bool:
    """A date written with its weekday ("Tuesday the 25th") names no line date of another
    weekday (2026-11-25 was a Wednesday)."""
    if not weekdays:
        return True
    full = [d for line in lines for y, m, dd in ISO.findall(line)
            if (int(m), int(dd)) == day and (d := iso_date(f"{y}-{m}-{dd}")) is not None]
    return not full or any(d.weekday() in weekdays for d in full)


def _fits(reply: str, atom: Atom, value: float) -> bool:
    center, tol, _ = precision_of(reply, atom)
    if not tol and center.is_integer() and _HEDGED.search(reply, max(0, atom.start - 20),
                                                          atom.start):
        tol = 0.5  # "about six times", "nearly 3 days' worth": the nearest whole number
    if atom.kind == "percent" and abs(value) <= 1.5 and center > 1.5:
        value *= 100  # a share written as a percentage ("3 / 7" for "43%")
    return abs(abs(value) - center) <= tol + 1e-9


def _quoted(reply: str, atom: Atom, lines: list[str], clock: Clock | None
            ) -> tuple[str, str] | str:
    if atom.kind == "date" or atom.kind == "ordinal" and _THE_NTH.search(
            reply, max(0, atom.start - 4), atom.start):
        days = _dates_of(lines)
        wanted = [(m, d) for _, m, d, _ in atom.dates if m is not None and d is not None]
        said = [d for _, m, d, _ in atom.dates if d is not None] or (
            [int(atom.value)] if atom.value is not None else [])
        if not wanted and (month := _month_before(reply, atom)) is not None:
            wanted = [(month, d) for d in said]  # ("October's best, 13,759 on the 7th")
        weekdays = {w for *_, w in atom.dates if w is not None} \
            if "," not in reply[atom.start:atom.end] else set()  # ("Mon and Tue, the 23rd")
        found = [x for x in days if (x in wanted or not wanted and x[1] in said)
                 and _weekday_fits(x, weekdays, lines)]
        if found and not any(best_day_fits(reply, atom, x, lines, clock) for x in found):
            return "that line gives no best on that day for this sentence's period"
        if found:
            return "quoted", lines[0]
        return "that line names no such date"
    if atom.value is None:
        return "the number could not be read"
    if fits(reply, atom, lines, clock, lambda v: _fits(reply, atom, v)):
        return "quoted", lines[0]
    if fits(reply, atom, lines, clock, lambda v: _fits(reply, atom, v), ties=False):
        return "that line gives it for another day, period or fact than this sentence names"
    return "that line does not state it"


def _computed(reply: str, atom: Atom, lines: list[str], calc: str, clock: Clock | None
              ) -> tuple[str, str] | str:
    if atom.value is None or atom.kind == "date":
        return "a date is not worked out"
    counts = [h for line in lines for h in held(line, clock.today if clock else None)]
    expr = _expression(calc, {h.value for h in counts}, _dates_of(lines))
    if expr is None:
        return "its working is not arithmetic on numbers its lines state"
    value, written, operands, free_ones = expr
    shown = f"{value:,.1f}".removesuffix(".0") if abs(value - round(value)) > 1e-9 \
        else f"{round(value):,}"
    if not _fits(reply, atom, value):
        return f"its working gives {shown}"
    if free_ones and operands and not _ones_fit(reply, atom, written, operands, counts, lines,
                                                free_ones):
        return "its working adds days no line counts"
    if any(_fits(reply, atom, v) for v in operands) or 0.0 in operands:
        return "its working carries a number through unchanged"  # (a quote: judged as one)
    if atom.kind == "percent" and not _RATIO.search(written):
        return "a percentage is a division"  # (counts added or taken away make none)
    if atom.kind == "percent" and not _base_fits(reply, atom, written):
        return "the change is not over what it changed from"  # ("up 16%" over the smaller)
    if atom.kind == "percent" and (why := _of_the_sentence(reply, atom, written)):
        return why
    if not _PRODUCT.search(written) and len({u for v in operands if (u := _only_unit(v, counts))
                                            is not None}) > 1:
        return "its working adds days to steps"
    # (a 1 a line states is one of its counts: "3 - 1" with a 1-day streak)
    ones = {1.0} if _A_ONE.search(written) and any(h.value == 1.0 for h in counts) else set()
    if not _PRODUCT.search(written) and not _one_kind_of_days(operands | ones, counts):
        return "its working adds or takes counts of different days"  # (a streak and goal days)
    if not _base_named(reply, atom, operands, counts, lines):
        return "its working is not from what the sentence measures it against"
    if operands and not _anchored(reply, atom, operands, lines):
        # (worked from numbers the reply never shows: any two lines would do)
        return "its working starts from no number the reply shows"
    return "computed", f"{written} = {shown} (from: {'; '.join(lines)})"


def _ones_fit(reply: str, atom: Atom, written: str, operands: set[float], counts: list[Held],
              lines: list[str], ones: int) -> bool:
    """Whether the ones no line states count days: in a ratio ("(a / b - 1) * 100"), a span of
    dates taken inclusively, the next day of a streak, today added to a count of days (the
    sentence speaks of today, or the number is the day's place: "a 14th goal day"), or one per
    day line the answer cites ("3 + 1 + 1" with Saturday's and Monday's lines)."""
    if _RATIO.search(written) or ISO.search(written):
        return True
    if any(h.fact == "streak" and h.value in operands for h in counts):
        return True
    if any(h.unit == "days" and h.value in operands for h in counts) and (
            atom.kind == "ordinal" or _TODAY.search(reply, *sentence_bounds(reply, atom.start,
                                                                            atom.end))):
        return True
    return ones <= sum(1 for line in lines if DAY_LINE.match(line))


def _base_fits(reply: str, atom: Atom, written: str) -> bool:
    """A percentage change worked as (a - b) / c is over the smaller of a and b when the
    sentence says it rose ("up", "more", "higher"), over the larger when it fell ("down",
    "lower", "short"): "from 8,020 to 9,503, up 16%" is 1,483 / 8,020 (18.5%), not / 9,503."""
    parts = _change_parts(written)
    if parts is None:
        return True
    a, b, c = parts
    sign = _direction(reply, atom)
    if sign is None:
        return True
    return c == (min(a, b) if sign == "up" else max(a, b))


def _direction(reply: str, atom: Atom) -> str | None:
    """"up" or "down": said in the number's clause ("about 16% higher"), by its sign ("+12.2%"),
    or by the words of its sentence up to it ("up 1,483 a day, about 16%")."""
    lo, hi = clause(reply, atom)
    sign = sentence_sign(reply[max(lo, atom.start - 30):min(hi, atom.end + 40)])
    if sign is not None:
        return sign
    mark = _SIGN_MARK.search(reply, max(0, atom.start - 2), atom.start)
    if mark is not None:
        return "up" if mark[1] == "+" else "down"
    return sentence_sign(reply[_lead(reply, atom):atom.end])


def _lead(reply: str, atom: Atom) -> int:
    """Where the number's clause starts, or the clause before it when a comma joins them
    ("up 1,483 a day, about 16%"): what a percentage's sentence says of it up to it (not
    past a semicolon or colon: "7,786 short; a normal day keeps the 14% lead")."""
    return joined_start(reply, clause(reply, atom)[0], (", ",))


def _of_the_sentence(reply: str, atom: Atom, written: str) -> str:
    """Why a percentage's working is not the one its sentence states, or "": a share written
    beside its part and whole ("13 of 29 days, which is 47%") is that part over that whole; a
    change written after the difference it is of ("up 1,483 a day, about 16%") has that
    difference on top; one written beside the numbers it compares is worked from them
    ("11,274 against 9,904, up about 14%"); "48% of the month" is a share, not a change."""
    change = _change_parts(written)
    pair = None
    for m in _PART_OF_WHOLE.finditer(reply, sentence_bounds(reply, atom.start, atom.end)[0],
                                     atom.start):
        pair = m  # (the last before the number)
    if pair is not None:
        part, whole = (float(pair[i].replace(",", "")) for i in (1, 2))
        share = _share_parts(written)
        if share is None or share != (part, whole):
            return f"its sentence gives it as {pair[1]} of {pair[2]}"
        return ""
    stated = _stated_change(reply, atom) if change is not None else None
    if change is not None and stated is not None:
        center, tol, _ = precision_of(reply, stated)
        if abs(abs(change[0] - change[1]) - center) > max(tol, 0.5) + 1e-9:
            return f"its sentence puts the change at {reply[stated.start:stated.end]}"
        return ""  # (the difference it states is the pair it compares)
    parts = change[:2] if change is not None else _share_parts(written)
    if parts is not None and not _shown_with(reply, atom, parts):
        return "its sentence compares other numbers"
    if change is not None and _SHARE_OF.match(reply, atom.end) \
            and _direction(reply, atom) is None:
        return "a share is a part over its whole, not a change"
    return ""


def _stated_change(reply: str, atom: Atom) -> Atom | None:
    """The difference a percentage's sentence states before it ("up 1,483 a day", "1,370 more
    steps"), if any: the last before it in its clause or the clause a comma joins before."""
    lo, stated = _lead(reply, atom), None
    for a in atoms_of(reply):
        if lo <= a.start and a.end <= atom.start and a.kind != "percent" and a.value is not None \
                and (_CHANGE_BEFORE.search(reply, max(lo, a.start - 24), a.start)
                     or _CHANGE_AFTER.match(reply, a.end)):
            stated = a
    return stated


def _shown_with(reply: str, atom: Atom, parts: tuple[float, ...]) -> bool:
    """Whether the numbers worked with are among those the number's sentence writes, when it
    writes two or more others (it says what it compares: "11,274 this week against 9,904 last
    week, up about 12%"): what it is said of is its clause, the one a comma joins before it,
    and the rest of its sentence up to a semicolon."""
    lo = _lead(reply, atom)
    hi = sentence_bounds(reply, atom.start, atom.end)[1]
    if (semi := reply.find("; ", atom.end, hi)) >= 0:
        hi = semi
    shown = [a for a in atoms_of(reply) if lo <= a.start and a.end <= hi
             and a.start != atom.start and a.kind == "count" and a.value is not None]
    return len(shown) < 2 or all(v in FREE or any(_fits(reply, a, v) for a in shown)
                                 for v in parts)  # ("one of two": no atom for "one")


def _share_parts(written: str) -> tuple[float, float] | None:
    """(a, b) when `written` is a / b, times 100 or not; else None."""
    node = _without_hundred(written)
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div)
            and all(isinstance(n, ast.Constant) and isinstance(n.value, int | float)
                    for n in (node.left, node.right))):
        return None
    return float(node.left.value), float(node.right.value)  # type: ignore[attr-defined]


def _without_hundred(written: str) -> ast.AST | None:
    """`written` parsed, without its "* 100" (a share or change made a percentage)."""
    text = "".join(_OPERATORS.get(ch, ch) for ch in written.replace(",", ""))
    try:
        node = ast.parse(text, mode="eval").body
    except (SyntaxError, ValueError):
        return None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        node = node.left if _is_number(node.right, 100.0) else node.right \
            if _is_number(node.left, 100.0) else node
    return node


def _change_parts(written: str) -> tuple[float, float, float] | None:
    """(a, b, c) when `written` is (a - b) / c or a / c - 1, times 100 or not; else None."""
    node = _without_hundred(written)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub) \
            and _is_number(node.right, 1.0) and isinstance(node.left, ast.BinOp) \
            and isinstance(node.left.op, ast.Div) and all(
                isinstance(n, ast.Constant) and isinstance(n.value, int | float)
                for n in (node.left.left, node.left.right)):
        a, c = node.left.left.value, node.left.right.value  # type: ignore[attr-defined]
        return float(a), float(c), float(c)  # ("9,503 / 8,020 - 1": the change over 8,020)
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div)
            and isinstance(node.left, ast.BinOp) and isinstance(node.left.op, ast.Sub)):
        return None
    a, b, c = node.left.left, node.left.right, node.right
    if not all(isinstance(n, ast.Constant) and isinstance(n.value, int | float)
               for n in (a, b, c)):
        return None
    return float(a.value), float(b.value), float(c.value)  # type: ignore[attr-defined]


def _is_number(node: ast.AST, value: float) -> bool:
    return isinstance(node, ast.Constant) and node.value == value


def _base_named(reply: str, atom: Atom, operands: set[float], counts: list[Held],
                lines: list[str]) -> bool:
    """Whether a gap measured against a named figure ("1,470 over your 10,000 goal", "668
    under your 30-day average") is worked from that figure: the goal a line states, or the
    average over that many days."""
    named = _AGAINST.match(reply, atom.end, clause(reply, atom)[1])
    if named is None:
        return True
    if named["days"]:
        return any(h.fact == "average" and h.window == int(named["days"]) and h.value in operands
                   for h in counts)
    goals = {float((m[1] or m[2]).replace(",", "")) for line in lines
             for m in _GOAL_OF.finditer(line)}
    return bool(goals & operands)


def _one_kind_of_days(operands: set[float], counts: list[Held]) -> bool:
    """Whether counts of days added or taken away count one kind of day: streaks ("3 off
    your 18-day record"), goal days ("13 in November, 3 of them last week"), the days of
    stretches ("two fewer days": 31 - 29), or goal days with the days of their own stretch
    ("16 of the 30 missed"); not goal days with a streak (13 + 18), nor a stretch's length
    with a streak ("the last 3 days" less a 1-day streak). Steps, or a number some line gives
    as steps, are not asked about here."""
    kinds: list[set[tuple[str, object]]] = []
    for v in operands:
        held_as = [h for h in counts if h.value == v]
        if not held_as or any(h.unit != "days" for h in held_as):
            return True
        kinds.append({("streak" if h.fact == "streak" else "goal" if h.fact == "goal_days"
                       else "stretch" if h.fact is None else h.fact, h.span) for h in held_as})
    if len(kinds) < 2:
        return True
    if set.intersection(*({k for k, _ in ks} for ks in kinds)):
        return True
    return all({k for k, _ in ks} & {"goal", "stretch"} for ks in kinds) and bool(
        set.intersection(*({span for k, span in ks if k in ("goal", "stretch")}
                           for ks in kinds)))


def _only_unit(value: float, counts: list[Held]) -> str | None:
    """What `value` counts in every line stating it, when they agree and say."""
    units = {h.unit for h in counts if h.value == value}
    return units.pop() if len(units) == 1 else None


def _anchored(reply: str, atom: Atom, operands: set[float], lines: list[str]) -> bool:
    """Whether arithmetic over `operands` starts from what the reply says: one of them is a
    number the reply writes, or every line is a day line of a day the reply names (by its date
    or weekday)."""
    atoms = [a for a in atoms_of(reply) if a.start != atom.start]  # (not the number itself)
    if operands & {a.value for a in atoms if a.value is not None}:
        return True
    days = [m for line in lines if (m := DAY_LINE.match(line))]
    if not days or len(days) < len(lines):
        return False
    dated = {(m, d) for a in atoms for _, m, d, _ in a.dates if m is not None and d is not None}
    weekdays = {(w[1] or w[2])[:3].lower() for w in WEEKDAY_WORD.finditer(reply)}
    return all((int(m[3]), int(m[4])) in dated or m[1].lower() in weekdays for m in days)


def _expression(calc: str, stated: set[float], days: set[tuple[int, int]]
                ) -> tuple[float, str, set[float], int] | None:
    """The value of `calc`, the calc as written, the stated numbers it uses (not FREE ones,
    not dates) and how many 1s no line states it uses, when it is arithmetic over numbers in
    `stated` (or FREE) and dates in `days`; None otherwise."""
    calc = calc.strip()
    if not calc:
        return None
    pos, out, used, free_ones = 0, [], 0, 0
    operands: set[float] = set()
    while pos < len(calc):
        m = _CALC_TOKEN.match(calc, pos)
        if m is None or m.end() == pos:
            return None
        pos = m.end()
        if m.group(1):
            try:
                day = date.fromisoformat(m.group(1))
            except ValueError:
                return None
            if (day.month, day.day) not in days:
                return None
            out.append(str(day.toordinal()))
            used += 1
        elif m.group(2):
            value = float(m.group(2).replace(",", "")) * (1000 if m.group(3) else 1)
            if value not in stated and value not in FREE and not (
                    value in FACTORS and (out[-1:] in (["*"], ["/"])
                                          or _FACTOR_NEXT.match(calc, pos))):
                return None  # (7 only multiplies or divides: "75,000 / 7")
            used += value in stated
            free_ones += value == 1.0 and value not in stated
            if value in stated and value not in FREE:
                operands.add(value)
            out.append(repr(value))
        else:
            out.append(_OPERATORS.get(m.group(4), m.group(4)))
    if not used and not (out and set(out) <= {"1.0", "+"} and out.count("1.0") <= len(days)):
        return None  # (ones alone count days: no more than the lines name)
    try:
        value = _eval(ast.parse("".join(out), mode="eval").body)
    except (SyntaxError, ZeroDivisionError, ValueError, RecursionError):
        return None
    return value, " ".join(calc.split()), operands, free_ones


def _eval(node: ast.AST) -> float:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return float(node.value)
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_eval(node.left), _eval(node.right))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_eval(node.operand)
    raise ValueError("not arithmetic")


__all__ = ["FACTORS", "FREE", "VERDICTS", "Proposal", "checked", "confirmed", "sentence_bounds"]
