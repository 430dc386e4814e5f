"""A source someone else proposes for a warned number, believed only when code confirms it.

The second read (coach/second_read.py) asks the model where each number the checker warned
came from; the answer is a `Proposal`: "quoted" with the line of data it quotes, "computed"
with the lines and the arithmetic, "advice", or "unsupported". `confirmed` checks it against
the request, never trusting the model's word for a fact:

- every line must be in the request's evidence (request.py: the memory facts, the CONTEXT
  blocks, what the user wrote; not the persona, not an earlier coach reply), as copied, give or
  take spacing and markdown;
- a quoted value must be in its line, to the precision the reply writes it ("about 11,300" of
  11,283); a date must be a date its line names; a number the reply's sentence ties to a
  weekday must come from that weekday's line when its line is a day line;
- the arithmetic is redone by code: only + - * / and brackets over numbers its lines state
  (and 1 and 100, to count a day or make a share a percentage), or two dates subtracted, and
  it must give the number as written (its absolute value: "down 14.7%"); a count of days as
  ones added, no more of them than the dates its lines name;
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

from coach_tui.coach.grounding.reading import precision_of, read_numbers
from coach_tui.coach.grounding.request import segments
from coach_tui.coach.grounding.scan import Atom

VERDICTS = ("quoted", "computed", "advice", "unsupported")
FREE = (1.0, 100.0)  # constants arithmetic may use without a line stating them
SENTENCE_ENDS = (". ", "! ", "? ", "\n")
_CLAUSE_ENDS = (", ", "; ", ": ", " — ", " - ", " (")

_NUMBER = re.compile(r"(?<![\w.])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,]*\d)|(?<![\w.])\d+(?:\.\d+)?")
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_DAY_LINE = re.compile(r"^(?:[-*]\s*)?(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w*\s+(\d{4})-(\d{2})-(\d{2})\b")
# a weekday as a sentence names it: in full, or shortened with a capital ("Sat", not "sat")
_WEEKDAY_WORD = re.compile(r"\b(?:((?i:mon|tues|wednes|thurs|fri|satur|sun))day|"
                           r"(Mon|Tue|Wed|Thu|Fri|Sat|Sun))\b")
_CALC_TOKEN = re.compile(r"\s*(?:(\d{4}-\d{2}-\d{2})|(\d[\d,]*(?:\.\d+)?)\s*(k)?\b"
                         r"|([-+*/()×x÷−–]))")
_FACT_WORD = re.compile(r"\b(?:(?P<streak>streak)|(?P<average>average|avg|averag\w+)"
                        r"|(?P<best>best|highest|biggest|peak)|(?P<goal_days>goal met|met on|"
                        r"goal days|days? (?:at|over|above) (?:the )?goal))\b", re.I)
_MARKUP = re.compile(r"\*\*|__|`")
_HEDGED = re.compile(r"\b(?:about|around|roughly|nearly|almost|close to|just over|just under|"
                     r"approximately|some)\s+$|~$", re.I)
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
    if proposal.verdict == "advice":
        return "advice", "a suggestion or plan (the second read)"
    if proposal.verdict not in ("quoted", "computed") or not proposal.lines:
        return None
    texts = _evidence_texts(request)
    lines = [_clean(line) for line in proposal.lines]
    if not all(line and _in_evidence(line, texts) for line in lines):
        return None
    atom = _atom_at(reply, start, end)
    if atom is None:
        return None
    if proposal.verdict == "quoted":
        return _quoted(reply, atom, lines)
    return _computed(reply, atom, lines, proposal.calc)


def sentence_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """The sentence of `text` holding text[start:end]: after the last end of a sentence before
    it, up to the first after it."""
    lo = max((i + len(e) for e in SENTENCE_ENDS if (i := text.rfind(e, 0, start)) >= 0),
             default=0)
    his = [i + 1 for e in SENTENCE_ENDS if (i := text.find(e, end)) >= 0]
    return lo, min(his) if his else len(text)


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
    for a in _atoms(reply):
        if a.start < end and start < a.end:
            return a
    return None


def _numbers_of(lines: list[str]) -> set[float]:
    out: set[float] = set()
    for line in lines:
        text = _ISO.sub(" ", line)
        out.update(float(m[0].replace(",", "")) for m in _NUMBER.finditer(text))
    return out


def _dates_of(lines: list[str]) -> set[tuple[int, int]]:
    """(month, day) of every date the lines name: ISO ("2026-12-13") or with the month's name
    ("Dec 13", "13 December")."""
    out: set[tuple[int, int]] = set()
    for line in lines:
        for _, m, d in _ISO.findall(line):
            out.add((int(m), int(d)))
        for a in read_numbers(_ISO.sub(" ", line)):
            out.update((m, d) for _, m, d, _ in a.dates if m is not None and d is not None)
    return out


def _fits(reply: str, atom: Atom, value: float) -> bool:
    center, tol, _ = precision_of(reply, atom)
    if not tol and center.is_integer() and _HEDGED.search(reply, max(0, atom.start - 20),
                                                          atom.start):
        tol = 0.5  # "about six times", "nearly 3 days' worth": the nearest whole number
    if atom.kind == "percent" and abs(value) <= 1.5 and center > 1.5:
        value *= 100  # a share written as a percentage ("3 / 7" for "43%")
    return abs(abs(value) - center) <= tol + 1e-9


def _quoted(reply: str, atom: Atom, lines: list[str]) -> tuple[str, str] | None:
    if atom.kind == "date":
        days = _dates_of(lines)
        wanted = [(m, d) for _, m, d, _ in atom.dates if m is not None and d is not None]
        said = [d for _, m, d, _ in atom.dates if d is not None]
        if any(x in wanted or not wanted and x[1] in said for x in days):
            return "quoted", lines[0]
        return None
    if atom.value is None or not any(_fits(reply, atom, v) for v in _numbers_of(lines)):
        return None
    if not _bound_day_fits(reply, atom, lines) or not _bound_fact_fits(reply, atom, lines):
        return None
    return "quoted", lines[0]


def _clause(reply: str, atom: Atom) -> tuple[int, int]:
    """The stretch of `atom`'s sentence between the clause marks either side of it (a comma,
    semicolon, colon, dash or bracket). Not clauses.py's clause, which also cuts at "and" and
    ends sentences otherwise: measured with it, two more wrong numbers got past code on dev
    (bench/second_read.py --adversary), so the second read keeps the stretch it was
    measured with."""
    lo, hi = sentence_bounds(reply, atom.start, atom.end)
    lo = max([lo] + [i + 1 for c in _CLAUSE_ENDS if (i := reply.rfind(c, lo, atom.start)) >= 0])
    hi = min([hi] + [i for c in _CLAUSE_ENDS if (i := reply.find(c, atom.end, hi)) >= 0])
    return lo, hi


@functools.lru_cache(maxsize=4)
def _atoms(reply: str) -> list[Atom]:
    """The reply's numbers, read once per reply (every proposal of a reply asks for them)."""
    return read_numbers(reply)


def _fact_before(text: str, lo: int, at: int) -> str | None:
    """The fact the last fact word of text[lo:at] names (streak, average, best, goal days)."""
    found = None
    for m in _FACT_WORD.finditer(text, lo, at):
        found = next(name for name, word in m.groupdict().items() if word)
    return found


def _bound_fact_fits(reply: str, atom: Atom, lines: list[str]) -> bool:
    """A quoted value said of a named fact ("your streak is 14 days") must be that fact's in
    its line, not another's there ("goal met on 14 of the last 30 days")."""
    lo, _ = _clause(reply, atom)
    said = _fact_before(reply, lo, atom.start)
    if said is None:
        return True
    for line in lines:
        for m in _NUMBER.finditer(line):
            if _fits(reply, atom, float(m[0].replace(",", ""))):
                # the fact the value's own part of the line names ("..., best 12,028 on ...")
                held = _fact_before(line, line.rfind(",", 0, m.start()) + 1, m.start())
                if held is None or held == said:
                    return True
    return False


def _bound_day_fits(reply: str, atom: Atom, lines: list[str]) -> bool:
    """A quoted day line's weekday must be the one the number's clause ties it to when the
    clause names one: the last before it ("Friday's 5,699 and Saturday's 4,016": Saturday's
    line for 4,016), else the first after it ("5,699 on Friday")."""
    days = [m for line in lines if (m := _DAY_LINE.match(line))]
    if not days:
        return True
    lo, hi = _clause(reply, atom)
    words = list(_WEEKDAY_WORD.finditer(reply, lo, hi))
    before = [w for w in words if w.end() <= atom.start]
    after = [w for w in words if w.start() >= atom.end]
    if not before and not after:
        return True
    nearest = before[-1] if before else after[0]
    return (nearest[1] or nearest[2])[:3].lower() in {m.group(1).lower() for m in days}


def _computed(reply: str, atom: Atom, lines: list[str], calc: str) -> tuple[str, str] | None:
    if atom.value is None or atom.kind == "date":
        return None
    expr = _expression(calc, _numbers_of(lines), _dates_of(lines))
    if expr is None:
        return None
    value, written, operands = expr
    if not _fits(reply, atom, value):
        return None
    if operands and not _anchored(reply, atom, operands, lines):
        return None  # (worked from numbers the reply never shows: any two lines would do)
    shown = f"{value:,.1f}".removesuffix(".0") if abs(value - round(value)) > 1e-9 \
        else f"{round(value):,}"
    return "computed", f"{written} = {shown} (from: {'; '.join(lines)})"


def _anchored(reply: str, atom: Atom, operands: set[float], lines: list[str]) -> bool:
    """Whether arithmetic over `operands` starts from what the reply says: one of them is a
    number the reply writes, or every line is a day line of a day the reply names (by its date
    or weekday)."""
    atoms = [a for a in _atoms(reply) if a.start != atom.start]  # (not the number itself)
    if operands & {a.value for a in atoms if a.value is not None}:
        return True
    days = [m for line in lines if (m := _DAY_LINE.match(line))]
    if not days or len(days) < len(lines):
        return False
    dated = {(m, d) for a in atoms for _, m, d, _ in a.dates if m is not None and d is not None}
    weekdays = {(w[1] or w[2])[:3].lower() for w in _WEEKDAY_WORD.finditer(reply)}
    return all((int(m[3]), int(m[4])) in dated or m[1].lower() in weekdays for m in days)


def _expression(calc: str, stated: set[float], days: set[tuple[int, int]]
                ) -> tuple[float, str, set[float]] | None:
    """The value of `calc`, the calc as written and the stated numbers it uses (not FREE ones,
    not dates), when it is arithmetic over numbers in `stated` (or FREE) and dates in `days`;
    None otherwise."""
    calc = calc.strip()
    if not calc:
        return None
    pos, out, used = 0, [], 0
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
            if value not in stated and value not in FREE:
                return None
            used += value in stated
            if value in stated and value not in FREE:
                operands.add(value)
            out.append(repr(value))
        else:
            out.append({"×": "*", "x": "*", "÷": "/", "−": "-", "–": "-"}.get(m.group(4),
                                                                                m.group(4)))
    if not used and not (out and set(out) <= {"1.0", "+"} and out.count("1.0") <= len(days)):
        return None  # (ones alone count days: no more than the lines name)
    try:
        value = _eval(ast.parse("".join(out), mode="eval").body)
    except (SyntaxError, ZeroDivisionError, ValueError, RecursionError):
        return None
    return value, " ".join(calc.split()), operands


def _eval(node: ast.AST) -> float:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return float(node.value)
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_eval(node.left), _eval(node.right))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_eval(node.operand)
    raise ValueError("not arithmetic")


__all__ = ["FREE", "VERDICTS", "Proposal", "confirmed", "sentence_bounds"]
