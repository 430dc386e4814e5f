"""How well and how fast the grounding check marks invented numbers.

Quality: the checker (coach_tui/coach/grounding/) runs on every labelled reply in
tests/data/grounding/ and is scored against the numbers a careful reader marked: precision
(of the numbers it marks, how many the reader marked) and recall (of the numbers the reader
marked, how many it marks). `--verbose` prints every case where the two disagree.

Speed: a 1,000-word reply full of numbers, dates and times against a ~100,000-token context
(~400 KB: persona, memory snapshot, a long history of turns with recall blocks). Two figures,
median and p99 over repeated runs, in ms: the check alone against a context indexed once
(what a caller that keeps the `Evidence` pays per reply); `unverified_numbers(reply, context)`
with the same context string again (its index comes from the module's cache: the string is
hashed and compared, not read again); and index + check from scratch (what the first call on
a new context pays).

    python bench/grounding.py [--verbose]

The last line is `precision P recall R on N replies`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

TOKENS_PER_CHAR = 0.25  # ~4 characters per token for English prose with numbers


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--verbose", action="store_true", help="print every disagreement")
    parser.add_argument("--runs", type=int, default=200, help="timed runs per figure")
    args = parser.parse_args(argv)

    from coach_tui.coach.grounding import check, index_context, unverified_numbers
    from tests.grounding_cases import load_cases, score

    cases = load_cases()
    result = score(cases, unverified_numbers)
    if args.verbose:
        for o in result.outcomes:
            if o.false_positives or o.false_negatives:
                print(f"{o.case.name}: {o.case.note}")
                if o.false_positives:
                    print(f"  marked, not labelled: {', '.join(o.false_positives)}")
                if o.false_negatives:
                    print(f"  labelled, not marked: {', '.join(o.false_negatives)}")
        print()
    print(f"marks: {result.true_positives} right, {result.false_positives} wrong, "
          f"{result.false_negatives} missed")

    context, reply = speed_inputs(cases)
    evidence = index_context(context)
    check_only = timed(lambda: check(reply, evidence), args.runs)
    cached = timed(lambda: unverified_numbers(reply, context), args.runs)
    both = timed(lambda: check(reply, index_context(context)), max(5, args.runs // 10))
    n_numbers = len(check(reply, evidence))
    print(f"speed: a {len(reply.split()):,}-word reply ({n_numbers} numbers) against a "
          f"{len(context) / 1000:,.0f} KB context (~{len(context) * TOKENS_PER_CHAR:,.0f} tokens)")
    for label, (median, p99, cpu) in (("check against an indexed context", check_only),
                                      ("unverified_numbers, cached index", cached),
                                      ("index the context + check", both)):
        print(f"  {label:<34} median {median:6.2f} ms, p99 {p99:6.2f} ms (CPU median {cpu:.2f} ms)")
    print(f"precision {result.precision:.2f} recall {result.recall:.2f} on {len(cases)} replies")
    return 0


def timed(fn, runs: int) -> tuple[float, float, float]:
    """(median, p99) wall-clock ms, and the median CPU ms of this process.

    The machine may be shared: wall time then includes waiting for a core, CPU time does not.
    """
    fn()  # warm caches and the regex engine
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    wall.sort()
    return (statistics.median(wall), wall[min(len(wall) - 1, int(len(wall) * 0.99))],
            statistics.median(cpu))


def speed_inputs(cases) -> tuple[str, str]:
    """A ~100,000-token context built from the set's own contexts and replies (as history),
    and a 1,000-word reply stitched from the set's replies."""
    rnd = random.Random(7)
    parts, size = [], 0
    while size < 400_000:
        case = rnd.choice(cases)
        parts += [case.context, case.reply]
        size += len(case.context) + len(case.reply) + 4
    context = "\n\n".join(parts)
    words: list[str] = []
    while len(words) < 1_000:
        words += rnd.choice(cases).reply.split(" ")
    return context, " ".join(words[:1_000])


if __name__ == "__main__":
    raise SystemExit(main())
