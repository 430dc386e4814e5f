"""The working a reply shows: an equation written out, and a rule of thumb it works with.

A coach that shows its working writes the arithmetic: "13/30 = 43%", "(8,000 + 9,000) ÷ 2 =
8,500", "That's 3,000 + 4,000 = 7,000 from the two walks". Such an equation is redone as
written: when it holds to the precision of its result and every number in it but one is
found true or advice, that one is what the equation makes it: computed when the rest are true
("13/31 = 42%" of a quoted 13 and 31), advice when a term of it is advice (the missing term of
a plan's sum, "11,000 + 10,000 + 32,000 = 53,000" with the plan's days before it). An equation
that does not hold gives nothing, so a slipped subtraction stays warned; a number the verdict
refuted (one with a source) is never changed. A period's total divided by a count a day or two
off its days ("275,589 / 30 = 9,186" of a month's 29 days so far) is no average of it: the
count and the result are unsupported, though the division holds. An average's divisor is the
count of the terms it sums ("(9,548 + 7,915 + 11,203 + 9,137) ÷ 4 = 9,451"); terms its
sentence has just given true are those numbers restated ("Friday's 5,699 and Saturday's 4,016
add up to 5,699 + 4,016 = 9,715"); and a result of true terms that does not hold is warned with
what they make ("9,505 − 8,111 = 1,394, not 1,294").

A rule of thumb the reply converts with ("at about 1,000 steps per 10 minutes", "100 steps a
minute", "roughly 2,000 steps per mile") is general knowledge, not the user's data: both its
numbers are advice, unless the clause says the user did it ("you averaged 1,200 steps per 10
minutes on Sunday's walk").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from coach_tui.coach.grounding.facts import fmt
from coach_tui.coach.grounding.reports import reports
from coach_tui.coach.grounding.scan import Atom
from coach_tui.coach.grounding.words import WEEKDAYS

_OPS = {"+": "+", "−": "-", "-": "-", "–": "-", "×": "*", "x": "*", "*": "*", "÷": "/",
        "/": "/"}
# between two numbers of an equation: an operator, maybe brackets ("(8,000 + 9,000) ÷ 2")
_OP_GAP = re.compile(r"\s*\)?\s*([+−×x*÷/]|[-–](?=\s))\s*\(?\s*")
_OP_FIRST = frozenset(")+−×x*÷/-–")  # what `_OP_GAP` finds first after spaces (tested first)
_EQ_GAP = re.compile(r"\s*\)?\s*(?:=|≈)\s*(?:about\s+|roughly\s+|around\s+|~)?")
_OPEN = re.compile(r"\(\s*\Z")
_PERIOD_TOTAL = re.compile(r"\b(\d+) of \d+ days recorded, ([\d,]+) steps\b")
# "at about 1,000 steps per 10 minutes", "100 steps a minute", "2,000 steps per mile"
_RATE = re.compile(r"\s*steps?\s+(?:per|a|an|every|each|for\s+every|in)\s+(?:(\d+)\s*)?"
                   r"(?:(?:minutes?|mins?|miles?|km|kilomet(?:re|er)s?)\b|(?=[.,;)]|\s+(?:and|or|"
                   r"of|on|so|is|that)\b))", re.I)
_CLAUSE_CUT = re.compile(r"[.!?;:\n—]")
# "those three add to", "together make", "come to ... combined": a sum of what was listed
_SUM_WORDS = re.compile(r"\b(?:add(?:s|ed)?\s+(?:up\s+)?to|together\s+(?:make|come\s+to|give)|"
                        r"(?:come|came)\s+to|combined|in\s+all|between\s+them)\b[^.!?;\d]*$",
                        re.I)
_SENTENCE_END = re.compile(r"[.!?](?=\s)|\n")
_STOP = re.compile(r"[.!?\n]")
# "average 10,000 a day and you'll edge past it", "**Next:** add 2,000, and you'll be there":
# a sentence that opens on a verb with the number as its object, then what would follow
_DO_OPENS = re.compile(r"(?:^|[.!?]\s+|\n)[\s>*+#-]*(?:\*\*[^*\n]*\*\*:?\s*)?([A-Za-z]+)\s+"
                       r"(?:about\s+|around\s+|roughly\s+|another\s+|an\s+extra\s+|"
                       r"at\s+least\s+)?$")
_THEN_YOU_LL = re.compile(r"[^.!?\n]{0,80}?,?\s+and\s+(?:you'll|you\s+will|that'll|it'll)\s", re.I)
_A_DAY_OVER = re.compile(r"\+\s*(?:steps?\s+)?day\b", re.I)
_ARTICLE = re.compile(r"\ban?\s+$", re.I)
_NOT_VERBS = frozenset(("only", "just", "about", "around", "nearly", "almost", "over", "under",
                        "that", "this", "it", "you", "your", "with", "at", "on", "in", "by",
                        "still", "and", "but", "so", "yesterday", "today", "tomorrow", "was",
                        "is", "were", "are", "had", "of", "to", "the", "a", "an"))


def shown(reply: str, atoms: Sequence[Atom], out: list[Any], said: dict[float, str] | None = None
          ) -> list[Any]:
    """`out` (the verdict's mentions, one per atom) with the numbers a written equation or a
    rule of thumb accounts for given that outcome."""
    if len(atoms) != len(out):
        return out
    out = list(out)
    for i, m in enumerate(out):
        if m.outcome in ("quoted", "computed") and reply.startswith("+", atoms[i].end) \
                and _A_DAY_OVER.match(reply, atoms[i].end) \
                and _ARTICLE.search(reply, max(0, atoms[i].start - 4), atoms[i].start) \
                and (_threshold(reply, atoms, out, i) or ("",))[0] == "unsupported":
            # "it was still a 10k+ day" of 9,237: the day's count is under it
            out[i] = replace(m, outcome="unsupported", source=None)
        if m.outcome != "unsupported" or m.source is not None:
            continue
        if _thumb(reply, atoms, i):
            out[i] = replace(m, outcome="advice", source="a rule of thumb, not your data")
        elif (passed := _threshold(reply, atoms, out, i)) is not None and passed[1]:
            out[i] = replace(m, outcome=passed[0], source=passed[1])
        elif said and (source := _asked_back(reply, atoms[i], said)) is not None:
            out[i] = replace(m, outcome="quoted", source=source)
        elif _done_then(reply, atoms[i]):
            out[i] = replace(m, outcome="advice", source="what the reader is told to do")
    for chain in _equations(reply, atoms) if "=" in reply or "≈" in reply else ():
        _supposed_again(reply, chain[0], atoms, out)
        _restated(reply, chain, atoms, out)
        _settle(reply, chain, atoms, out)
        res = chain[2]
        if out[res].outcome == "unsupported" and (out[res].source or "").endswith(
                f", not {out[res].text}"):
            # "11,274 − 9,904 = 1,470 more a day, and 1,470 ÷ 9,904 ≈ 15%": the slip carried
            # on is the same slip
            end = reply.find("\n\n", atoms[res].end)
            for k in range(res + 1, len(out)):
                if end >= 0 and atoms[k].start > end:
                    break
                if out[k].text == out[res].text and out[k].outcome in ("quoted", "computed"):
                    out[k] = replace(out[k], outcome="unsupported", source=out[res].source)
    for chain in _bracketed(reply, atoms) if "(" in reply else ():
        _restated(reply, chain, atoms, out)
    for i, m in enumerate(out):
        if m.outcome == "unsupported" and m.source is None:
            found = _listed_sum(reply, atoms, out, i) or _column_total(reply, atoms, out, i)
            if found is not None:
                out[i] = replace(m, outcome="computed", source=found)
    return out


# "Running total: 24,762 so far", "the two columns total 22,548 and 30,222": a column summed
_TOTAL_WORDS = re.compile(r"\b(?:total|totals|totalled|totaled|in\s+all|altogether|combined|"
                          r"so\s+far|add(?:s|ed)?\s+up\s+to|comes?\s+to|came\s+to)\b", re.I)


def _column_total(reply: str, atoms: Sequence[Atom], out: list[Any], i: int) -> str | None:
    """A count in the first sentence after a markdown table, its words a total's, that is the
    sum of the true step counts of one of the table's columns (a running total of the days
    listed, today's so far included): "| Wed | 2,214 so far | 12,028 |" then "Running total:
    24,762 so far against 30,222"."""
    a = atoms[i]
    if a.kind != "count" or a.value is None or a.value < 1000:
        return None
    line = reply.rfind("\n", 0, a.start) + 1
    last = line  # (the end of what stands before the line, blank lines skipped; no copies of
    while last > 0 and reply[last - 1].isspace():  # the reply's head: this runs for every
        last -= 1  # number still warned)
    if last == 0 or reply[last - 1] != "|" or _STOP.search(reply, line, a.start) \
            or _TOTAL_WORDS.search(reply, line, a.end + 12) is None:
        return None  # (the first sentence right after a table, a total by its words)
    top = reply.rfind("\n", 0, last) + 1
    while top > 0:
        above = reply.rfind("\n", 0, top - 1) + 1
        if not reply[above:top].lstrip().startswith("|"):
            break
        top = above
    columns: dict[int, list[tuple[float, str]]] = {}
    for b, n in zip(atoms[:i], out[:i], strict=True):
        if b.start < top or b.kind != "count" or b.value is None or b.value < 100 \
                or n.outcome not in ("quoted", "computed"):
            continue
        row = reply.rfind("\n", 0, b.start) + 1
        columns.setdefault(reply.count("|", row, b.start), []).append((b.value, n.text))
    step = a.unit_step if a.unit_step > 0 else 1.0
    for cells in columns.values():
        total = sum(v for v, _ in cells)
        if len(cells) >= 2 and abs(total - a.value) <= step / 2:
            return " + ".join(text for _, text in cells) + f" = {fmt(total)} (the column above)"
    return None


def _listed_sum(reply: str, atoms: Sequence[Atom], out: list[Any], i: int) -> str | None:
    """"Wednesday (12,028), Friday (10,269) and Sunday (11,470); those three add to 33,767":
    a count its words call a sum of the true step counts listed before it in its sentence
    (three or more, the last of them: two are local.py's), to the precision written."""
    a = atoms[i]
    if a.kind != "count" or a.value is None or a.value < 1000 \
            or _SUM_WORDS.search(reply, max(0, a.start - 60), a.start) is None:
        return None  # (none in the 60 characters before it: none in its sentence's part)
    ends = [m.end() for m in _SENTENCE_END.finditer(reply, max(0, a.start - 400), a.start)]
    start = ends[-1] if ends else max(0, a.start - 400)
    if _SUM_WORDS.search(reply, max(start, a.start - 60), a.start) is None:
        return None
    listed = [(b.value, n.text) for b, n in zip(atoms[:i], out[:i], strict=True)
              if b.start >= start and b.kind == "count" and b.value is not None
              and b.value >= 100 and n.outcome in ("quoted", "computed")]
    step = a.unit_step if a.unit_step > 0 else 1.0
    for k in range(3, len(listed) + 1):
        part = listed[-k:]
        total = sum(v for v, _ in part)
        if abs(total - a.value) <= step / 2:
            return " + ".join(text for _, text in part) + f" = {fmt(total)}"
    return None


def _thumb(reply: str, atoms: Sequence[Atom], i: int) -> bool:
    """Whether atom `i` is a number of a rule of thumb: the steps of "1,000 steps per 10
    minutes" or the 10 after "steps per", in a clause that does not report."""
    a = atoms[i]
    if a.kind != "count" or a.value is None:
        return False
    rate = _RATE.match(reply, a.end)
    if rate is None:
        prev = atoms[i - 1] if i > 0 else None
        if prev is None or prev.kind != "count" or prev.value is None \
                or (rate := _RATE.match(reply, prev.end)) is None or rate.start(1) != a.start:
            return False  # not the 10 of "1,000 steps per 10"
    elif a.value < 10:
        return False  # ("2 steps a minute": no rule of thumb)
    cut = [m.end() for m in _CLAUSE_CUT.finditer(reply, max(0, a.start - 120), a.start)]
    start = cut[-1] if cut else max(0, a.start - 120)
    stop = _CLAUSE_CUT.search(reply, a.end)
    return not reports(reply[start:stop.start() if stop else len(reply)].lower())


def _threshold(reply: str, atoms: Sequence[Atom], out: list[Any], i: int
               ) -> tuple[str, str | None] | None:
    """"still a 9k+ day", "a 12,000+ week": a round mark with a plus is a threshold, not a
    value. Passed by the true step count nearest before it (its sentence or the one before):
    quoted as that count's bound; not passed: unsupported. None: no such threshold, or no
    count beside it."""
    a = atoms[i]
    if a.kind != "count" or a.value is None or a.value < 1000 or a.value % 500 \
            or not reply.startswith("+", a.end) or reply[a.end + 1:a.end + 2].isdigit():
        return None
    ends = [m.end() for m in _SENTENCE_END.finditer(reply, max(0, a.start - 400), a.start)]
    start = ends[-2] if len(ends) >= 2 else 0 if len(ends) < 2 and a.start <= 400 else \
        max(0, a.start - 400)
    before = [(b, n) for b, n in zip(atoms[:i], out[:i], strict=True)
              if b.start >= start and b.kind == "count" and b.value is not None
              and b.value >= 1000 and n.outcome in ("quoted", "computed")]
    if not before:
        return None  # ("Monday was a 9,000+ day": the day's count is not beside it)
    b, n = before[-1]
    if b.value is not None and b.value >= a.value:
        return "quoted", f"{n.text} is at least {out[i].text}"
    return "unsupported", None


def _asked_back(reply: str, a: Atom, said: dict[float, str]) -> str | None:
    """"**What does 75,000 mean per day?**": a question the reply puts, restating a number the
    user wrote exactly as its value; the user's line is its source."""
    if a.value is None or a.kind != "count" or a.value not in said:
        return None
    stop = _STOP.search(reply, a.end)
    return said[a.value] if stop is not None and stop[0] == "?" else None


def _done_then(reply: str, a: Atom) -> bool:
    """"average 10,000 a day this week and you'll edge past it": the number is the object of
    the verb its sentence opens on, and the sentence goes on to what would follow."""
    if _THEN_YOU_LL.match(reply, a.end) is None:  # (first: one match where it stands)
        return False
    opens = _DO_OPENS.search(reply, max(0, a.start - 80), a.start)
    return opens is not None and opens[1].lower() not in _NOT_VERBS \
        and not opens[1].lower().endswith(("ed", "'s")) and opens[1].lower() not in WEEKDAYS


def _chain(reply: str, atoms: Sequence[Atom], i: int) -> tuple[list[int], list[str]]:
    """The counts from atom `i` on joined by operators ("8,000 + 9,000", "65,763 ÷ 6"): their
    atoms (by index) and the operators between them as written."""
    terms, ops = [i], []
    j = i
    while j + 1 < len(atoms) and atoms[j].kind == "count" \
            and reply[atoms[j].end:atoms[j + 1].start].lstrip()[:1] in _OP_FIRST \
            and (op := _OP_GAP.fullmatch(reply, atoms[j].end, atoms[j + 1].start)):
        ops.append(op[1])
        terms.append(j + 1)
        j += 1
    return terms, ops


def _equations(reply: str, atoms: Sequence[Atom]) -> list[tuple[list[int], list[str], int]]:
    """Each equation written: the atoms of its operands (by index, counts only), the operators
    between them as written, and the atom of its result (a count or a percentage)."""
    found = []
    i = 0
    while i < len(atoms) - 1:
        terms, ops = _chain(reply, atoms, i)
        j = terms[-1]
        if ops and atoms[j].kind == "count" and j + 1 < len(atoms) \
                and atoms[j + 1].kind in ("count", "percent") \
                and _EQ_GAP.fullmatch(reply, atoms[j].end, atoms[j + 1].start):
            found.append((terms, ops, j + 1))
        i = j + 1 if ops else i + 1
    return found


def _bracketed(reply: str, atoms: Sequence[Atom]) -> list[tuple[list[int], list[str], int]]:
    """Each working written in brackets after the number it makes, with no "=": "10,961 a
    day across the 6 days left (65,763 ÷ 6)", "9,356 a day (46,781 ÷ 5)". The result is the
    nearest count before the bracket, in its sentence, that the working comes to."""
    found = []
    i = 0
    while i < len(atoms) - 1:
        if not _OPEN.search(reply, max(0, atoms[i].start - 3), atoms[i].start):
            i += 1
            continue
        terms, ops = _chain(reply, atoms, i)
        j = terms[-1]
        if ops and reply[atoms[j].end:atoms[j].end + 2].lstrip().startswith(")") \
                and (value := _value(reply, terms, ops, atoms)) is not None:
            for r in range(i - 1, max(-1, i - 4), -1):
                if _STOP.search(reply, atoms[r].end, atoms[i].start):
                    break
                if atoms[r].kind == "count" and _holds(atoms[r], value):
                    found.append((terms, ops, r))
                    break
        i = j + 1 if ops else i + 1
    return found


def _restated(reply: str, chain: tuple[list[int], list[str], int], atoms: Sequence[Atom],
              out: list[Any]) -> None:
    """The open terms of a working, when its sentence has already given each value true
    before it ("across the 6 days left (65,763 ÷ 6)": the 6 of the days left; "Friday's
    5,699 and Saturday's 4,016 add up to 5,699 + 4,016 = 9,715"): the same numbers, restated
    as its operands. Its result is left to the working (`_settle`)."""
    terms, ops, res = chain
    open_ = [k for k in terms if out[k].outcome == "unsupported"]
    if not open_ or any(out[k].source is not None for k in open_):
        return
    start = _sentence_start(reply, atoms[terms[0]].start)
    earlier: list[int] = []
    for k in open_:
        j = next((j for j in range(terms[0] - 1, -1, -1) if atoms[j].start >= start
                  and out[j].outcome in ("quoted", "computed")
                  and atoms[j].value == atoms[k].value), None)
        if j is None:
            return
        earlier.append(j)
    text = _written(out, terms, ops)
    for k, j in zip(open_, earlier, strict=True):
        out[k] = replace(out[k], outcome=out[j].outcome,
                         source=f"{out[k].text} as before ({out[j].source}); "
                                f"{text} = {out[res].text}")


def _supposed_again(reply: str, terms: list[int], atoms: Sequence[Atom], out: list[Any]) -> None:
    """The terms of a written equation that restate a number its sentence supposed before it
    ("16 of 31 days puts you over half (16 ÷ 31 = 52%)"): supposed too."""
    open_ = [k for k in terms if out[k].outcome == "unsupported" and out[k].source is None]
    if not open_:
        return  # (most equations: nothing to restate, no sentence to look back over)
    start = _sentence_start(reply, atoms[terms[0]].start)
    for k in open_:
        if any(atoms[j].start >= start and out[j].outcome == "advice"
               and atoms[j].value == atoms[k].value for j in range(terms[0] - 1, -1, -1)):
            out[k] = replace(out[k], outcome="advice",
                             source=f"{out[k].text} as supposed before it in the sentence")


def _sentence_start(reply: str, pos: int) -> int:
    """Where the sentence holding `pos` starts."""
    return max((m.end() for m in _SENTENCE_END.finditer(reply, 0, pos)), default=0)


def _written(out: list[Any], terms: list[int], ops: list[str]) -> str:
    """An equation's left side as the reply writes it ("65,763 ÷ 6")."""
    return " ".join(x for pair in zip([out[t].text for t in terms], [*ops, ""], strict=True)
                    for x in pair).strip()


def _value(reply: str, terms: list[int], ops: list[str], atoms: Sequence[Atom]
           ) -> float | None:
    """What the equation's left side comes to: a sum or difference left to right, one
    product or quotient, or a bracketed sum then one ("(8,000 + 9,000) ÷ 2")."""
    signs = [_OPS[o] for o in ops]
    nums = [v for t in terms if (v := atoms[t].value) is not None]
    if len(nums) != len(terms):
        return None
    last = signs[-1] if signs[-1] in "*/" else None
    if last is not None and len(signs) > 1 and not _OPEN.search(
            reply, max(0, atoms[terms[0]].start - 3), atoms[terms[0]].start):
        return None  # a mix of operators not bracketed as a sum first
    if any(sign in "*/" for sign in signs[:-1]):
        return None  # ("a × b + c": not redone)
    head = nums[:-1] if last is not None else nums
    total = sum(v if sign == "+" else -v for sign, v in zip(["+", *signs], head, strict=False))
    if last == "*":
        return total * nums[-1]
    if last == "/":
        return total / nums[-1] if nums[-1] else None
    return total


def _period_days(m: Any) -> int | None:
    """The days a period's total is over, when `m` is quoted as that total."""
    found = _PERIOD_TOTAL.search(m.source or "") if m.outcome == "quoted" else None
    return int(found[1]) if found and found[2] == m.text.strip() else None


def _holds(result: Atom, value: float) -> bool:
    if result.value is None:
        return False
    if result.kind == "percent":
        value *= 100
    step = result.unit_step if result.unit_step > 0 else 1.0
    return abs(value - result.value) <= step / 2 + 1e-9 or int(value / step) * step == result.value


def _settle(reply: str, chain: tuple[list[int], list[str], int], atoms: Sequence[Atom],
            out: list[Any]) -> None:
    """Give the one open number of a written equation that holds the outcome it makes it; a
    result that does not hold, of terms all true, is unsupported whatever its sentence does."""
    terms, ops, res = chain
    if ops in (["/"], ["÷"]) and (days := _period_days(out[terms[0]])) is not None \
            and (n := atoms[terms[1]].value) is not None and 0 < abs(n - days) <= 2:
        # "275,589 / 30 = 9,186" of a total over 29 days: no average of that period
        for k in (terms[1], res):
            out[k] = replace(out[k], outcome="unsupported",
                             source=f"{out[terms[0]].text} is over {days} days, not {fmt(n)}")
        return
    text = _written(out, terms, ops)
    value = _value(reply, terms, ops, atoms)
    if all(out[t].outcome in ("quoted", "computed") for t in terms) \
            and (out[res].outcome == "advice"
                 or out[res].outcome == "unsupported" and out[res].source is None
                 or out[res].outcome in ("quoted", "computed")
                 and len(ops) == 1 and "(" not in reply[atoms[terms[0]].start - 2:
                                                        atoms[res].start]) \
            and value is not None and not _holds(atoms[res], value):
        # "9,231 + 8,963 = 18,914" in a sentence that suggests: the sum of the user's
        # numbers is a claim about them, and it is wrong; "11,274 − 9,904 = 1,470": the
        # equation is what the number claims, whatever else happens to give 1,470
        shown = f"{value * 100:.1f}%" if atoms[res].kind == "percent" else fmt(round(value))
        out[res] = replace(out[res], outcome="unsupported",
                           source=f"{text} = {shown}, not {out[res].text}")
        return
    every = [*terms, res]
    open_ = [k for k in every if out[k].outcome == "unsupported"]
    if len(open_) != 1 or out[open_[0]].source is not None:
        return
    k = open_[0]
    if atoms[res].kind == "percent" and (ops not in (["/"], ["÷"]) or k != res):
        return  # only "a/b = c%" gives a share
    if k == res:
        if value is None or not _holds(atoms[res], value):
            return
    elif k == terms[-1] and ops[-1] in ("/", "÷") and set(ops[:-1]) == {"+"}:
        # "(9,548 + 7,915 + 11,203 + 9,137) ÷ 4 = 9,451": an average's divisor is the count
        # of the terms summed, when the equation holds with it
        if atoms[k].value != len(terms) - 1 or value is None or not _holds(atoms[res], value):
            return
        text = f"({_written(out, terms[:-1], ops[:-1])}) {ops[-1]} {out[k].text}"
    else:
        total, term = atoms[res].value, atoms[k].value
        if set(ops) != {"+"} or total is None or term is None:
            return  # a missing term: of a plain sum only
        rest = sum(atoms[t].value or 0.0 for t in terms if t != k)
        step = atoms[k].unit_step if atoms[k].unit_step > 0 else 1.0
        if abs(total - rest - term) > step / 2:
            return
    kinds = {out[t].outcome for t in every if t != k}
    outcome = "advice" if "advice" in kinds else "computed"
    out[k] = replace(out[k], outcome=outcome,
                     source=f"{text} = {out[res].text}, as the reply works it out")
