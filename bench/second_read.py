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

    .venv/bin/python bench/second_read.py [--set holdout|dev]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

import grounding as bench  # noqa: E402  (bench/grounding.py: the sets and their scoring)

from coach_tui.coach.grounding import check  # noqa: E402
from coach_tui.coach.second_read import applied, read_answer  # noqa: E402

RECORD = bench.DATA / "second_read"


def load(set_name: str) -> tuple[dict, dict[str, dict], dict[str, list]]:
    """(stratum sizes, asked rows by reply name, recorded answers by id) of `set_name`."""
    raw = json.loads((RECORD / "asked.json").read_text(encoding="utf-8"))
    answers: dict[str, list] = {}
    for path in sorted((RECORD / "answers").glob("t*.json")):
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", choices=("holdout", "dev"), default="holdout")
    args = parser.parse_args(argv)
    strata, asked, answers = load(args.set)
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
