"""How far two labellers agree on the held-out recall questions, and recall scored by each.

200 questions drawn at random from the held-out files (`HELD_OUT` in bench/recall_quality.py)
were labelled again by a second labeller given only issue 18's contract, the home without its
questions and the labelling conventions (bench/data/recall_fitness/second/labels.json; never
the code, the first labels nor what recall returns). Printed: how many questions got the same
rows from both, the rows each listed and the rows both listed; then recall on those questions
(rows found, block precision, every row found) against the first labels and against the
second, from one recall run.

    .venv/bin/python bench/recall_agreement.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.recall_homes import load_fitness, read_questions  # noqa: E402
from bench.recall_quality import DEFAULT_FITNESS, recall_for, score, totals  # noqa: E402
from coach_tui.coach.warmup import warm_recall  # noqa: E402

SECOND = REPO / "bench" / "data" / "recall_fitness" / "second" / "labels.json"
KINDS = ("days", "spans", "journal", "reviews", "exchanges")


def _rows(expect: dict) -> set[tuple[str, str]]:
    return {(k, json.dumps(r)) for k in KINDS for r in expect.get(k, [])}


def main() -> int:
    second = json.loads(SECOND.read_text(encoding="utf-8"))["questions"]
    firsts: dict[str, dict] = {}
    for name in sorted({q["file"] for q in second}):
        path = SECOND.parents[1] / name
        firsts |= {q["id"]: q for q in json.loads(path.read_text(encoding="utf-8"))}
    pairs = [(firsts[q["id"]], dict(firsts[q["id"]], expect=q["expect"])) for q in second]
    a = [_rows(one["expect"]) for one, _ in pairs]
    b = [_rows(two["expect"]) for _, two in pairs]
    same = sum(x == y for x, y in zip(a, b, strict=True))
    print(f"{len(pairs)} held-out questions labelled twice: the same rows for {same}; rows "
          f"listed {sum(map(len, a))} (first) and {sum(map(len, b))} (second), "
          f"{sum(len(x & y) for x, y in zip(a, b, strict=True))} by both")
    home = load_fitness(DEFAULT_FITNESS)
    warm_recall()
    by_first, by_second = [], []
    for one, two in zip(read_questions([p[0] for p in pairs]),
                        read_questions([p[1] for p in pairs]), strict=True):
        rec = recall_for(home, one, 500)
        by_first.append(score(home, one, rec))
        by_second.append(score(home, two, rec))
    print("\n| recall scored against | rows found | block precision | every row found |")
    print("|---|---:|---:|---:|")
    for name, got in (("the first labels", by_first), ("the second labels", by_second)):
        t = totals(got)
        print(f"| {name} | {t['recall']:.1%} | {t['precision']:.1%} | {t['all_rows']:.1%} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
