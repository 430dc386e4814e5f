"""The second read measured: the checker's warnings after the model is asked where each warned
number came from and code confirms its answer (coach/second_read.py, grounding/proposed.py).

No model is called here. The answers are recorded (bench/data/grounding/second_read/): helper
sessions, given only the app's question (assets/second_read.md, the numbered warned numbers
in their sentences) and the request as text, answered as the coach model would, one task file
each, never seeing the code, the labels or which set a reply came from. They stand in for the
model the app calls; a weaker model would propose fewer sources, and code confirms each one
whoever proposes it.

Which replies were asked about (`asked.json`): the replies the checker warns on, in two strata
per set. A: every reply with a warning the labels call wrong (held out: all of them; dev: 40
drawn); B: the replies whose every warning is right (held out: a quarter drawn; dev: 40).
Figures for the whole set are estimated: each asked reply's change (warnings cleared, right or
wrong) weighted by its stratum's size over the replies asked; the base is the checker alone on
every reply of the set. The figures on the asked replies alone are printed too.

    .venv/bin/python bench/second_read.py [--set holdout|dev] [--adversary]
                                          [--answers answers_quick --tasks t3,t5,t7]

`--adversary` asks instead how much code alone holds back: a model that answers every wrong
number warned with a line of the request that holds it, or with the sum or difference of any
two stated numbers that makes it (for a percentage, also either's share of the other or the
change from one to the other).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

import grounding as bench  # noqa: E402  (bench/grounding.py: the sets and their scoring)

from coach_tui.coach.grounding import check  # noqa: E402
from coach_tui.coach.grounding.proposed import Proposal, confirmed  # noqa: E402
from coach_tui.coach.grounding.reading import precision_of, read_numbers  # noqa: E402
from coach_tui.coach.grounding.request import segments  # noqa: E402
from coach_tui.coach.second_read import applied, read_answer  # noqa: E402

RECORD = bench.DATA / "second_read"
NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def load(set_name: str, folder: str = "answers", tasks: set[str] | None = None
         ) -> tuple[dict, dict[str, dict], dict[str, list]]:
    """(stratum sizes, asked rows by reply name, recorded answers by id) of `set_name`: the
    answers in RECORD/`folder`, of `tasks` only when given ({"t3", "t5"})."""
    raw = json.loads((RECORD / "asked.json").read_text(encoding="utf-8"))
    answers: dict[str, list] = {}
    for path in sorted((RECORD / folder).glob("t*.json")):
        if tasks is None or path.stem in tasks:
            answers.update(json.loads(path.read_text(encoding="utf-8")))
    asked = {r["name"]: r for r in raw["asked"] if r["set"] == set_name}
    return raw["strata"][set_name], asked, answers


def tally(reply: bench.Reply, flagged) -> tuple[int, int, int, int, int]:
    """(right warnings, wrong warnings, missed, fully true, fully true and warned)."""
    wrong = [lab for lab in reply.labels if lab[3] == "unsupported"]
    tp = sum(1 for m in flagged if any(lab[3] == "unsupported" for lab in reply.labels
                                       if lab[0] < m.end and m.start < lab[1]))
    missed = sum(1 for lab in wrong if not any(m.start < lab[1] and lab[0] < m.end
                                               for m in flagged))
    return tp, len(flagged) - tp, missed, int(not wrong), int(not wrong and bool(flagged))


def figures(t) -> str:
    tp, fp, fn, true, warned = t
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    return (f"precision {p:.2f} recall {r:.2f} false warnings {warned / true if true else 0:.1%}"
            f" ({tp:,.0f} right, {fp:,.0f} wrong, {fn:,.0f} missed; {warned:,.0f} of "
            f"{true:,.0f} fully true replies warned)")


def adversary(set_name: str) -> dict:
    """What code lets through from a model that tries to pass off every wrong number: for each
    warned number the labels call wrong (in every reply of the set), the answer "quoted" citing
    any one line of the request's evidence, and "computed" as the sum or difference of any two
    numbers the evidence states (a percentage: also a share or change of two), each citing
    its lines. Counted: the wrong numbers some such answer gets cleared."""
    replies = bench.load_set(bench.DATA / set_name)
    wrong = quoted = worked = 0
    for reply in replies:
        flagged = [m for m in check(reply.text, reply.request) if m.unsupported and any(
            lab[3] == "unsupported" for lab in reply.labels if lab[0] < m.end
            and m.start < lab[1])]
        if not flagged:
            continue
        lines = [line for seg in segments(reply.request) if seg.role != "reply"
                 for line in seg.text.splitlines() if NUMBER.search(line)]
        stated = [(m[0], line) for line in lines for m in NUMBER.finditer(line)]
        for m in flagged:
            wrong += 1
            if any(confirmed(reply.text, m.start, m.end, Proposal("quoted", (line,)),
                             reply.request) for line in lines):
                quoted += 1
                continue
            if _worked_out(reply, m, stated):
                worked += 1
    print(f"set: {set_name}; a model passing off each of the {wrong:,} wrong numbers warned: "
          f"{quoted} cleared as quoted from some line, {worked} more as arithmetic on two "
          f"stated numbers ({(quoted + worked) / wrong:.1%} in all)")
    return {"set": set_name, "wrong": wrong, "quoted": quoted, "worked": worked,
            "let_through": (quoted + worked) / wrong}


def _worked_out(reply, m, stated) -> bool:
    """Whether some sum or difference of two stated numbers passes as `m` (only pairs whose
    result is within the number's precision are put to `confirmed`)."""
    atom = next((a for a in read_numbers(reply.text) if a.start < m.end and m.start < a.end),
                None)
    if atom is None or atom.value is None or atom.kind == "date":
        return False
    center, tol, _ = precision_of(reply.text, atom)
    tol = max(tol, 0.5)
    values = {}
    for text, line in stated:
        values.setdefault(float(text.replace(",", "")), (text, line))
    items = sorted(values.items())
    for i, (x, (a, line_a)) in enumerate(items):
        for y, (b, line_b) in items[i + 1:]:
            tries = [(f"{a} + {b}", x + y), (f"{b} - {a}", y - x)]
            if atom.kind == "percent":  # a share either way, and a change either way
                tries += [(f"{a} / {b} * 100", x / y * 100 if y else None),
                          (f"{b} / {a} * 100", y / x * 100 if x else None),
                          (f"({b} - {a}) / {a} * 100", (y - x) / x * 100 if x else None),
                          (f"({b} - {a}) / {b} * 100", (y - x) / y * 100 if y else None)]
            for calc, result in tries:
                if result is not None and abs(result - center) <= tol and confirmed(
                        reply.text, m.start, m.end, Proposal("computed", (line_a, line_b), calc),
                        reply.request):
                    return True
    return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", choices=("holdout", "dev"), default="holdout")
    parser.add_argument("--json", action="store_true",
                        help="print the whole set's figures as one line of JSON, last "
                        "(bench/table.py)")
    parser.add_argument("--adversary", action="store_true", help="what code lets through "
                        "from a model that passes off every wrong number (no recorded answer "
                        "needed)")
    parser.add_argument("--answers", default="answers", help="the folder of recorded answers "
                        "under bench/data/grounding/second_read/ (answers_quick: the same "
                        "questions answered in one fast pass)")
    parser.add_argument("--tasks", help="only these tasks' answers, e.g. t3,t5,t7 (the "
                        "whole-set estimate then stands for those tasks' requests only)")
    args = parser.parse_args(argv)
    if args.adversary:
        let_through = adversary(args.set)
        if args.json:
            print(json.dumps(let_through))
        return 0
    strata, asked, answers = load(args.set, args.answers,
                                  set(args.tasks.split(",")) if args.tasks else None)
    replies = bench.load_set(bench.DATA / args.set)
    sampled = {s: sum(1 for r in asked.values() if r["stratum"] == s and r["id"] in answers)
               for s in strata}
    base = [0.0] * 5
    after = [0.0] * 5
    only_before, only_after = [0] * 5, [0] * 5
    cleared = {"right": 0, "wrong": 0}
    claimed = {"right": 0, "wrong": 0}  # warnings the model gave a source or called advice
    for reply in replies:
        numbers = check(reply.text, reply.request)
        flagged = [m for m in numbers if m.unsupported]
        before = tally(reply, flagged)
        base = [a + b for a, b in zip(base, before, strict=True)]
        row = asked.get(reply.name)
        if row is None or row["id"] not in answers:
            after = [a + b for a, b in zip(after, before, strict=True)]
            continue
        spans = {(s, e) for _, s, e in row["numbers"]}
        asked_now = [m for m in flagged if (m.start, m.end) in spans]
        by_span = dict(zip([(s, e) for _, s, e in row["numbers"]],
                           read_answer(json.dumps(answers[row["id"]]), len(row["numbers"])),
                           strict=True))
        for (_, s, e), p in zip(row["numbers"], by_span.values(), strict=True):
            if p.verdict != "unsupported":
                right = any(lab[3] == "unsupported" for lab in reply.labels
                            if lab[0] < e and s < lab[1])
                claimed["right" if right else "wrong"] += 1
        now = applied(reply.text, numbers, asked_now, [by_span[m.start, m.end] for m in
                                                       asked_now], reply.request)
        still = [m for m in now if m.unsupported]
        mine = tally(reply, still)
        for m in flagged:
            if not any(n.start == m.start and n.unsupported for n in now):
                right = any(lab[3] == "unsupported" for lab in reply.labels
                            if lab[0] < m.end and m.start < lab[1])
                cleared["right" if right else "wrong"] += 1
        weight = strata[row["stratum"]] / sampled[row["stratum"]]
        after = [a + b + weight * (c - b) for a, b, c in zip(after, before, mine, strict=True)]
        only_before = [a + b for a, b in zip(only_before, before, strict=True)]
        only_after = [a + b for a, b in zip(only_after, mine, strict=True)]
    print(f"set: {args.set}, {len(replies):,} replies; asked about {sum(sampled.values())} "
          f"(stratum A {sampled['A']} of {strata['A']}, B {sampled['B']} of {strata['B']})")
    print(f"the asked replies, checker alone:    {figures(only_before)}")
    print(f"the asked replies, with second read: {figures(only_after)}")
    print(f"the model answered with a source or advice for {claimed['wrong']} warnings the "
          f"labels call wrong and {claimed['right']} they call right")
    print(f"code confirmed (warning cleared): {cleared['wrong']} the labels call wrong, "
          f"{cleared['right']} they call right (a wrong number let through)")
    print(f"whole set, checker alone:            {figures(base)}")
    print(f"whole set, with second read (est.):  {figures(after)}")
    if args.json:
        tp, fp, fn, true, warned = after
        print(json.dumps({
            "set": args.set, "replies": len(replies), "asked": sum(sampled.values()),
            "precision": tp / (tp + fp), "recall": tp / (tp + fn),
            "false_warning_share": warned / true, "warned_right": round(tp),
            "warned_wrong": round(fp), "missed": round(fn), "warned_true": round(warned),
            "true_replies": round(true), "cleared_wrong": cleared["wrong"],
            "cleared_right": cleared["right"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
