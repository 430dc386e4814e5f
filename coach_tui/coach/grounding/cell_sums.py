"""The arithmetic a markdown table's summing cells state, over the table's own rows
(tables.py reads the tables): a "Total" / "Net" / "Average" row over the true cells above it
in its column, a "Share of week" cell over the table's total row, a "Rank" cell as the row's
day's place by steps in the period that holds the table's days, a "Streak" cell as the goal
days in a row through the row's day. Each gives the operation as
its source, or None; a cell none of these fits stays as the rest of the checker left it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, timedelta

from coach_tui.coach.grounding.facts import Evidence, goal_facts
from coach_tui.coach.grounding.mentions import Mention
from coach_tui.coach.grounding.words import days_from_to


def plain(cell: str) -> str:
    return " ".join(cell.replace("**", "").replace("__", "").split())


_TOTAL = re.compile(r"total|\bnet\b|combined|\bsum\b|altogether|together|overall|\ball\b", re.I)
_AVERAGE = re.compile(r"average|\bavg\b|\bmean\b|per day|a day\b|/\s*day", re.I)
_ROW_WORDS = re.compile(r"total|net|combined|sum|altogether|together|overall|average|avg|mean|"
                        r"best|worst|lowest|highest|difference|change|goal", re.I)


def _amount(text: str) -> tuple[float, float] | None:
    """A cell number's value and the half-step its written precision allows."""
    t = text.replace(",", "").replace("\u2212", "-").replace("\u2013", "-").lstrip("+")
    m = re.fullmatch(r"(-?)(\d+)(?:\.(\d+))?(k?)", t, re.I)
    if m is None:
        return None
    scale = 1000 if m.group(4) else 1
    value = float(f"{m.group(1)}{m.group(2)}.{m.group(3) or 0}") * scale
    step = 10 ** -len(m.group(3)) if m.group(3) else 1
    return value, step * scale / 2


def _true_cell[M: Mention](reply: str, cell: tuple[int, int],
                          out: list[M]) -> tuple[float, M] | None:
    """The value (with its sign) and mention of the one true count in a cell, else None."""
    inside = [n for n in out if cell[0] <= n.start < cell[1]]
    if len(inside) != 1 or inside[0].outcome not in ("quoted", "computed"):
        return None
    amount = _amount(signed(reply, inside[0]))
    return None if amount is None else (amount[0], inside[0])


def signed(reply: str, m: Mention) -> str:
    """A number as written with the minus sign before it ("−769": the sign is not its text)."""
    minus = m.start > 0 and reply[m.start - 1] in "-\u2212\u2013" and m.text[:1] not in "-+"
    return "-" + m.text if minus else m.text


def over_rows[M: Mention](reply: str, m: M, anchor: str, row: Sequence[tuple[int, int]], col: int,
                           above: Sequence[Sequence[tuple[int, int]]], out: list[M]) -> str | None:
    """A "Total" or "Average" row's cell worked out over the true cells above it in its
    column (the table's day rows, not its other summing rows), else None."""
    total, average = _TOTAL.search(anchor), _AVERAGE.search(anchor)
    mine = _amount(signed(reply, m))
    if not (total or average) or mine is None or m.text.endswith("%"):
        return None
    values: list[tuple[float, str]] = []
    for other in reversed(above):
        if _ROW_WORDS.search(plain(reply[other[0][0]:other[0][1]])):
            continue  # another summing row ("Total" above "Average")
        if col >= len(other):
            return None
        found = _true_cell(reply, other[col], out)
        if found is None:
            return None
        values.append((found[0], found[1].text))
    if len(values) < 2:
        return None
    values.reverse()
    added = sum(v for v, _ in values)
    terms = " + ".join(t for _, t in values)
    if total and abs(added - mine[0]) <= mine[1] + 1e-9:
        return f"{terms} = {m.text} (the rows above)"
    if average and abs(added / len(values) - mine[0]) <= mine[1] + 1e-9:
        return f"({terms}) \u00f7 {len(values)} = {m.text} (the rows above)"
    return None


_GAP_ROW = re.compile(r"\b(?:difference|gap|shortfall|still\s+to\s+go|to\s+go|left)\b", re.I)


def difference[M: Mention](reply: str, m: M, anchor: str, col: int,
                           above: Sequence[Sequence[tuple[int, int]]], out: list[M]) -> str | None:
    """A "Difference" (or "Gap", "To go") row's cell: the larger of the two true counts right
    above it in its column less the smaller, at the precision written; else None."""
    mine = _amount(signed(reply, m))
    if mine is None or not _GAP_ROW.search(anchor) or m.text.endswith("%") or len(above) < 2:
        return None
    pair = []
    for other in list(above)[-2:]:
        if col >= len(other) or (found := _true_cell(reply, other[col], out)) is None:
            return None
        pair.append((found[0], found[1].text))
    (a, at), (b, bt) = sorted(pair, reverse=True)
    if abs(abs(mine[0]) - (a - b)) <= mine[1] + 1e-9:
        return f"{at} \u2212 {bt} = {m.text.lstrip('+-')}"
    return None


_SHARE = re.compile(r"share|\bof (?:the )?(?:week|month|total|period)|of all", re.I)
_WHOLE = re.compile(r"[\s*_]*(?:(?:the |whole |full )*(?:week|month|period)|.*total.*)[\s*_]*",
                    re.I)


def share[M: Mention](reply: str, m: M, header: str, row: Sequence[tuple[int, int]], col: int,
                       table: Sequence[Sequence[tuple[int, int]]], out: list[M]) -> str | None:
    """A "Share of week" cell: the row's true count over the table's "Total" (or "Week")
    row's, in the same column, at the precision written; else None."""
    mine = _amount(m.text.rstrip("%"))
    if not m.text.endswith("%") or not _SHARE.search(header) or mine is None:
        return None
    for c, (a, b) in enumerate(row):
        inside = [n for n in out if a <= n.start < b]
        if c in (0, col) or len(inside) != 1 or inside[0].outcome not in ("quoted", "computed"):
            continue
        part = _amount(signed(reply, inside[0]))
        for other in table:
            if c >= len(other) or not _WHOLE.fullmatch(reply[other[0][0]:other[0][1]]):
                continue
            whole_in = [n for n in out if other[c][0] <= n.start < other[c][1]]
            if len(whole_in) != 1 or whole_in[0].outcome not in ("quoted", "computed"):
                continue
            whole = _amount(whole_in[0].text)
            if part is None or whole is None or not whole[0]:
                continue
            if abs(100 * part[0] / whole[0] - mine[0]) <= mine[1] + 1e-9:
                return f"{inside[0].text} \u00f7 {whole_in[0].text} (the table's total) = {m.text}"
        # no total row: the column's true counts summed ("| Mon | 9,231 | 13.3% |" in a week)
        column = _column(reply, table, c, out)
        if part is not None and column is not None and column[0] \
                and abs(100 * part[0] / column[0] - mine[0]) <= mine[1] + 1e-9:
            return (f"{inside[0].text} \u00f7 {column[1]} (the column's {column[2]} rows) = "
                    f"{m.text}")
    return None


def _column[M: Mention](reply: str, table: Sequence[Sequence[tuple[int, int]]], c: int,
                        out: list[M]) -> tuple[float, str, int] | None:
    """(the sum of column `c`'s true counts, written with a comma, how many) over a table's
    rows with no summing row among them; None unless every row holds one true count there."""
    total, rows = 0.0, 0
    for other in table:
        if c >= len(other) or _ROW_WORDS.search(plain(reply[other[0][0]:other[0][1]])):
            return None
        if (found := _true_cell(reply, other[c], out)) is None:
            return None
        total, rows = total + found[0], rows + 1
    return (total, f"{total:,.0f}", rows) if rows >= 2 else None


_RANK = re.compile(r"\s*(?:rank|#|place|position)\s*", re.I)


def _row_day[M: Mention](row: Sequence[tuple[int, int]], out: list[M],
                         ev: Evidence) -> tuple[date, float] | None:
    """The stated day a row's quoted step count is, with that count."""
    for a, b in row:
        for n in out:
            if a <= n.start < b and n.outcome == "quoted" and n.source:
                day = next((d for d, f in ev.days.items() if f.source == n.source
                            and n.text.replace(",", "") == f"{f.value:.0f}"), None)
                if day is not None:
                    return day, ev.days[day].value
    return None


def rank[M: Mention](m: M, header: str, row: Sequence[tuple[int, int]],
                      table: Sequence[Sequence[tuple[int, int]]], out: list[M],
                      ev: Evidence) -> str | None:
    """A "Rank" cell: the row's day's place by steps among the stated days of the shortest
    period the request sums up that holds every day of the table, else None."""
    if not _RANK.fullmatch(header) or not m.text.isdigit():
        return None
    mine = _row_day(row, out, ev)
    days = [found[0] for r in table if (found := _row_day(r, out, ev)) is not None]
    if mine is None or not days:
        return None
    spans = sorted((p.end - p.start, p.start, p.end) for p in ev.periods
                   if p.start <= min(days) and max(days) <= p.end)
    lo, hi = (spans[0][1], spans[0][2]) if spans else (min(days), max(days))
    values = [f.value for d, f in ev.days.items() if lo <= d <= hi]
    if 1 + sum(v > mine[1] for v in values) != int(m.text):
        return None
    return f"{mine[0]:%a %b} {mine[0].day}: place {m.text} of {len(values)} days by steps"


_STREAK = re.compile(r".*\b(?:streak|in a row|run)\b.*", re.I)


def streak[M: Mention](m: M, header: str, row: Sequence[tuple[int, int]], out: list[M],
                       ev: Evidence) -> str | None:
    """A "Streak" cell: the goal days in a row the request states, ending on the row's day."""
    if not _STREAK.fullmatch(header) or not m.text.isdigit():
        return None
    mine = _row_day(row, out, ev)
    if mine is None:
        return None
    run, day = 0, mine[0]
    while (fact := ev.days.get(day)) is not None and fact.source.endswith(", met"):
        run, day = run + 1, day - timedelta(days=1)
    if run != int(m.text) or (run and fact is None):
        return None  # (a run back to the first stated day may be longer than stated)
    return f"goal days in a row through {mine[0]:%a %b} {mine[0].day}: {run}"


_PACE = re.compile(r".*\b(?:pace|on\s+track|should\s+be|needed\s+so\s+far|target\s+so\s+far|"
                   r"cumulative\s+(?:goal|target))\b.*", re.I)
_ROW_GAP = re.compile(r".*(?:\bahead\b|\bbehind\b|\bvs\.?\b|\bgap\b|\bmargin\b|\+\s*/\s*[-−]|±|"
                      r"\bover\s*/\s*under\b|\bsurplus\b|\bdeficit\b).*", re.I)


def pace[M: Mention](reply: str, m: M, header: str, row: Sequence[tuple[int, int]],
                      table: Sequence[Sequence[tuple[int, int]]], ev: Evidence) -> str | None:
    """A "Goal pace" cell: the goal times the row's place in the table (10,000 by the first
    row, 20,000 by the second, ...)."""
    mine = _amount(signed(reply, m))
    if mine is None or not _PACE.fullmatch(header) or m.text.endswith("%"):
        return None
    n = next((i + 1 for i, r in enumerate(table) if tuple(r) == tuple(row)), 0)
    for goal in sorted({f.value for f in goal_facts(ev)}):
        if n and abs(goal * n - mine[0]) <= mine[1] + 1e-9:
            return f"{n} \u00d7 {goal:,.0f} goal = {goal * n:,.0f}"
    return None


def row_gap[M: Mention](reply: str, m: M, header: str, row: Sequence[tuple[int, int]], col: int,
                         out: list[M], ev: Evidence) -> str | None:
    """An "Ahead / behind" cell: the difference of two true counts of its own row (its
    running total and its pace), at the precision written; a "vs goal" cell: a true count of
    its row against the goal ("−96/day" of a 9,904 average)."""
    mine = _amount(signed(reply, m).removesuffix("/day"))
    against_goal = _VS_GOAL.fullmatch(header) is not None
    if mine is None or m.text.endswith("%") or not (_ROW_GAP.fullmatch(header) or against_goal):
        return None
    cells = [(found[0], found[1].text) for c, cell in enumerate(row) if c not in (0, col)
             and (found := _true_cell(reply, cell, out)) is not None and found[0] >= 100]
    goals = [(f.value, f"{f.value:,.0f} goal") for f in goal_facts(ev)] if against_goal else []
    for i, (x, xt) in enumerate(cells):
        for y, yt in cells[i + 1:] + goals:
            if abs(abs(x - y) - abs(mine[0])) <= mine[1] + 1e-9:
                big, small = (xt, yt) if x >= y else (yt, xt)
                return f"{big} \u2212 {small} = {m.text.lstrip('+-')}"
    return None


_VS_GOAL = re.compile(r".*\b(?:vs\.?|versus|against|to|from|over|under|off)\s+(?:the\s+)?"
                      r"(?:goal|target)\b.*", re.I)
_DAYS_HEADER = re.compile(r"\s*(?:days?|#\s*days|no\.?\s+of\s+days|days\s+counted)\s*", re.I)
_WEEKDAY_RANGE = re.compile(r"(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?(?:\s*\d{1,2})?\s*"
                            r"(?:[-\u2013\u2014]"
                            r"|to)\s*(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?(?:\s*\d{1,2})?", re.I)
_PART_DAYS = {"weekdays": 5, "weekend": 2, "weekends": 2, "week": 7, "whole week": 7}


def day_count[M: Mention](m: M, header: str, anchor: str) -> str | None:
    """A "Days" cell: how many days its row's stretch holds ("Mon–Wed" 3, "Weekend" 2)."""
    if not _DAYS_HEADER.fullmatch(header) or not m.text.isdigit():
        return None
    low = anchor.lower().strip(" *_")
    r = _WEEKDAY_RANGE.fullmatch(low)
    n = days_from_to(r[1], r[2]) if r is not None \
        else _PART_DAYS.get(low.removeprefix("the ").removeprefix("last ").strip())
    if n is None:
        return None
    return f"{anchor} holds {n} days" if n == int(m.text) else None
