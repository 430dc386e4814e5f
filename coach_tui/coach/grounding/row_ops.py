"""A table cell worked out over the other cells of its row (the number checker's arithmetic over
true numbers, local.py, asks): a percentage that is one true count of its row over another, or
over the base its header names; a change cell that is the difference of two true counts of its
row, or a points cell of two of its percentages. Pure: the reply and its atoms in."""

from __future__ import annotations

import re
from typing import Any

from coach_tui.coach.grounding.arithmetic import DIVIDE
from coach_tui.coach.grounding.scan import Atom

MIN_RESULT = 100  # a difference or sum under this is too easily a coincidence


def ratio(reply: str, a: Atom, atoms: list[Atom], out: list[Any]) -> str | None:
    """A percentage cell of a table row that is one true count of its row (or of the table's
    header) over another, to the precision written ("| vs 7-day avg 9,904 | +1,566 | +15.8% |":
    1,566 ÷ 9,904; "| 30-day avg | 9,494 | -2,506 (-20.9%) |" under "vs 12,000": 2,506 ÷
    12,000)."""
    if (row := _table_row(reply, a)) is None:
        return None
    line, end = row
    top = line
    while top > 0 and reply.startswith("|", above := reply.rfind("\n", 0, top - 1) + 1):
        top = above
    head_end = reply.find("\n", top)
    cells = [(b, n) for b, n in zip(atoms, out, strict=True)
             if (line <= b.start < end or top <= b.start < head_end) and b is not a
             and b.kind == "count" and b.value is not None and b.number >= MIN_RESULT
             and n.outcome in ("quoted", "computed")]
    # the base a header names is the column's ("vs 12,000"): not another cell of the row
    header = [c for c in cells if top <= c[0].start < head_end]
    wholes = header or cells
    center = abs(a.number)
    places = len(reply[a.start:a.end].strip().rstrip("%").partition(".")[2])
    for part, part_m in cells:
        for whole, whole_m in wholes:
            if part.number < whole.number and round(part.number / whole.number * 100, places) \
                    == center:
                return f"{part_m.text} {DIVIDE} {whole_m.text} = " \
                       f"{part.number / whole.number * 100:.1f}%"
    return None


_POINTS = re.compile(r"\s*(?:percentage\s+)?(?:points?|pts?|pp)\b", re.I)


def _table_row(reply: str, a: Atom) -> tuple[int, int] | None:
    """Where the markdown table row holding `a` starts and ends; None outside a table."""
    line = reply.rfind("\n", 0, a.start) + 1
    if not reply.startswith("|", line):
        return None
    end = reply.find("\n", a.start)
    return line, len(reply) if end < 0 else end


def _alone_in_cell(reply: str, a: Atom, row: list[tuple[Atom, Any]]) -> bool:
    """Whether `a` is the only number of its table cell ("| 31 |", not "| 3 of 7 (43%) |")."""
    left, right = reply.rfind("|", 0, a.start), reply.find("|", a.end)
    return not any(b is not a and left < b.start < right for b, _ in row)


def difference(reply: str, a: Atom, atoms: list[Atom], out: list[Any]) -> str | None:
    """A change cell of a table row: the row's last number, or one written with a sign, that
    is the difference of two true counts before it in its row ("| Days recorded | 31 | 29 |
    −2 |", "| Mon + Tue | 18,194 | 22,548 | +4,354 |")."""
    if (bounds := _table_row(reply, a)) is None:
        return None
    line, end = bounds
    row = [(b, n) for b, n in zip(atoms, out, strict=True) if line <= b.start < end]
    signed = reply[max(line, a.start - 1):a.start] in ("+", "-", "−")
    if not signed and any(b.start > a.start and b.kind == "count" for b, _ in row):
        return None
    if _POINTS.match(reply, a.end):  # "| 3 of 7 (43%) | 14 of 30 (47%) | −4 points |"
        pcts = [(b, n) for b, n in row if b.start < a.start and b.kind == "percent"
                and b.value is not None and n.outcome in ("quoted", "computed")]
        return next((f"{xm.text} − {ym.text} = {x.number - y.number:g} points"
                     for x, xm in pcts for y, ym in pcts
                     if x is not y and round(x.number - y.number, 1) == abs(a.number)), None)
    if not _alone_in_cell(reply, a, row):
        return None
    true = [(b, n) for b, n in row if b.start < a.start and b.kind == "count"
            and b.value is not None and n.outcome in ("quoted", "computed")
            and _alone_in_cell(reply, b, row)]
    for x, xm in true:
        for y, ym in true:
            if x is not y and x.number - y.number == abs(a.number):
                return f"{xm.text} − {ym.text} = {x.number - y.number:,.0f}"
    return None
