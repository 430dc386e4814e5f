"""Where a number check's time goes, and two checkers' costs compared fairly.

The speed bench's inputs (bench/grounding.py: a ~1,000-word reply stitched from the dev set's
replies against a ~400 KB request of its requests' turns), checked against the request read
once, as the bench's first line does:

    .venv/bin/python bench/grounding_cost.py                    # the profile table below
    .venv/bin/python bench/grounding_cost.py --ab /tmp/base     # CPU, alternated with a tree
    .venv/bin/python bench/grounding_cost.py --callgrind /tmp/base .   # instructions a check
    .venv/bin/python bench/grounding_cost.py --imports /tmp/base .     # CPU to import it

`--mode new` times a new reply's check instead (the per-value answers kept with the request
cleared before each, as the bench's first line does) and `--mode read` reading the request
from scratch and then checking (its third line); the default, `again`, the same reply again.
`--replies tables` makes any of these work on the labelled replies that hold a markdown table
(dev/ and holdout/, each against its own request read once; one "check" is all of them), since
the bench reply holds none.

- the profile: the share of a check's CPU in each stage and in the readers that judge a
  number (each stage's own functions wrapped and timed over `--runs` checks; the wrappers add
  ~0.3 µs a call, so the figures are a little high and the shares are what to read);
- `--ab TREE`: this tree's checker and TREE's (a `git worktree add --detach` of the code
  before a change) timed in turn in separate processes, `--rounds` times, `--runs` checks
  each: the fastest and the median CPU ms of each; on a shared machine the fastest is the
  steadier figure;
- `--callgrind TREE...`: instructions a check under valgrind's callgrind (the runs with 6
  checks and with 1, their difference over 5, string hashing fixed): exact where CPU times
  move by a third between runs of the same code on a loaded machine. ~2 minutes a tree;
- `--imports TREE...`: the CPU a process spends importing each tree's checker (what `coach-tui
  ask`, checking one reply a process, pays before its check), alternated over `--rounds`
  rounds of 20 processes: the fastest and the median; then its instructions under callgrind.
"""

from __future__ import annotations

import argparse
import compileall
import os
import pickle
import re
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEV = REPO / "bench" / "data" / "grounding" / "dev"
HOLDOUT = DEV.parent / "holdout"

# (label, module, attribute): the stages of `check`, then the readers that judge a number
STAGES = [
    ("reading the reply's numbers", "verdict", "read_numbers"),
    ("its sentences, day, fact and period words", "verdict", "Binder"),
    ("judging each number", "verdict", "_judge"),
    ("  the words around it (kinds)", "verdict", "read_kinds"),
    ("  its day", "binding", "Binder.day"),
    ("  its period", "binding", "Binder.period"),
    ("  its precision and hedge", "verdict", "precision_of"),
    ("counts of days its words define", "ranks", "day_count"),
    ("the advice reader", "advice", "AdviceReader.sizes_advice"),
    ("arithmetic over true numbers", "local", "worked_out"),
    ("the last stage", "lenient", "relax"),
]


def _inputs(tree: str | None, replies: str = "bench") -> tuple:
    """(check, evidence, reply, request) with the checker of `tree` (None: this tree's); with
    `replies="tables"` the check is of every labelled reply holding a table (each against its
    own request), called as check(None, None)."""
    sys.path.insert(0, tree or str(REPO))
    from coach_tui.coach import grounding

    sys.path.insert(1, str(REPO / "bench"))
    import grounding as bench  # bench/grounding.py (after the checker: it puts REPO first)

    if replies == "tables":
        pairs = [(r.text, grounding.evidence_of(r.request)) for folder in (DEV, HOLDOUT)
                 for r in bench.load_set(folder) if "|" in r.text]

        def check_all(_reply: None, _evidence: None) -> list:
            return [m for text, ev in pairs for m in grounding.check(text, ev)]

        check_all(None, None)  # (warm, as below)
        return check_all, None, None, None
    key = sorted(p.name for p in DEV.glob("r*.json"))
    # (one file a set of replies: trees with other sets, timed at the same time, rewrote a
    # shared one, and a run that found another's read its inputs again: ~640 M instructions)
    tag = zlib.crc32("\n".join(key).encode())
    cache = Path(tempfile.gettempdir()) / f"grounding_cost_inputs_{os.getuid()}_{tag:08x}.pickle"
    found = pickle.loads(cache.read_bytes()) if cache.exists() else None
    if found is None or found[0] != key:
        found = (key, *bench.speed_inputs(bench.load_set(DEV)))
        cache.write_bytes(pickle.dumps(found))
    _, request, reply = found
    evidence = grounding.evidence_of(request)
    grounding.check(reply, evidence)  # (warm: the request's per-value answers are kept)
    return grounding.check, evidence, reply, request


def profile(runs: int, replies: str) -> None:
    check, evidence, reply, _ = _inputs(None, replies)
    from importlib import import_module

    spent: dict[str, float] = {}
    calls: dict[str, int] = {}
    for label, module, name in STAGES:
        owner = import_module(f"coach_tui.coach.grounding.{module}")
        attr = name.split(".")
        if len(attr) == 2:
            owner = getattr(owner, attr[0])
        fn = getattr(owner, attr[-1])

        def timed(*args, _fn=fn, _label=label, **kwargs):
            start = time.process_time()
            try:
                return _fn(*args, **kwargs)
            finally:
                spent[_label] = spent.get(_label, 0.0) + time.process_time() - start
                calls[_label] = calls.get(_label, 0) + 1

        setattr(owner, attr[-1], timed)
    total = 0.0
    for _ in range(runs):
        start = time.process_time()
        check(reply, evidence)
        total += time.process_time() - start
    numbers = len(check(reply, evidence))
    words = "the replies with a table" if reply is None else f"a {len(reply.split()):,}-word reply"
    print(f"{words}, {numbers} numbers; {runs} checks, "
          f"{total / runs * 1000:.2f} ms of CPU a check (wrapped)")
    print("| stage | ms a check | share | calls a check |\n|---|---:|---:|---:|")
    for label, _, _ in STAGES:
        ms = spent.get(label, 0.0) / runs * 1000
        print(f"| {label} | {ms:.2f} | {ms / (total / runs * 1000):.0%} | "
              f"{calls.get(label, 0) // runs} |")


def _one_check(check, evidence, reply, request, mode: str):
    """The call timed: the same reply again, a new reply's check, or reading + checking."""
    if mode == "again" or reply is None:
        return lambda: check(reply, evidence)
    import grounding as bench  # bench/grounding.py (on the path since _inputs)

    if mode == "new":
        return lambda: check(reply, bench._as_new(evidence))
    return lambda: check(reply, bench._fresh(request))


def ab(other: str, rounds: int, runs: int, replies: str, mode: str = "again") -> None:
    results: dict[str, list[tuple[float, float]]] = {}
    for _ in range(rounds):
        for tree in (other, str(REPO)):
            out = subprocess.run([sys.executable, "-S", __file__, "--time-one", tree,
                                  "--runs", str(runs), "--replies", replies,
                                  "--mode", mode],
                                 capture_output=True, text=True,
                                 check=True).stdout.split()
            results.setdefault(tree, []).append((float(out[0]), float(out[1])))
            print(f"{tree}: fastest {out[0]} ms, median {out[1]} ms", flush=True)
    for tree, got in results.items():
        print(f"{tree}: fastest {min(f for f, _ in got):.2f} ms, medians "
              f"{', '.join(f'{m:.2f}' for _, m in got)} ms")


def time_one(tree: str, runs: int, replies: str, mode: str = "again") -> None:
    one = _one_check(*_inputs(tree, replies), mode)
    one()  # (warm, as _inputs' own)
    cpu = []
    for _ in range(runs):
        start = time.process_time()
        one()
        cpu.append((time.process_time() - start) * 1000)
    print(f"{min(cpu):.2f} {statistics.median(cpu):.2f}")


def instructions(trees: list[str], replies: str, mode: str = "again") -> None:
    for tree in trees:
        counts = []
        for n in (1, 6):
            with tempfile.TemporaryDirectory() as tmp:
                done = subprocess.run(
                    ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out",
                     sys.executable, "-S", __file__, "--time-one", tree, "--runs", str(n),
                     "--replies", replies, "--mode", mode],
                    capture_output=True, text=True, check=True,
                    env=os.environ | {"PYTHONHASHSEED": "0"})  # (the same sets' order)
            counts.append(int(re.search(r"Collected : (\d+)", done.stderr)[1]))  # type: ignore[index]
        print(f"{tree}: {(counts[1] - counts[0]) / 5 / 1e6:.2f} million instructions a check")


_IMPORT_ONE = ("import sys, time; sys.path.insert(0, sys.argv[1]); start = time.process_time(); "
               "import coach_tui.coach.grounding; print(time.process_time() - start)")


def imports(trees: list[str], rounds: int) -> None:
    for tree in trees:  # (its bytecode written first, as an installed app has it)
        compileall.compile_dir(os.path.join(tree, "coach_tui"), quiet=1)
    spent: dict[str, list[float]] = {tree: [] for tree in trees}
    for _ in range(rounds):
        for _ in range(20):
            for tree in trees:
                out = subprocess.run([sys.executable, "-S", "-c", _IMPORT_ONE, tree],
                                     capture_output=True, text=True, check=True).stdout
                spent[tree].append(float(out) * 1000)
    for tree, ms in spent.items():
        print(f"{tree}: importing the checker, fastest {min(ms):.2f} ms of CPU, "
              f"median {statistics.median(ms):.2f} ms ({len(ms)} processes)")
    for tree in trees:  # exact: the instructions of the import (a process without it taken off)
        counts = []
        for code in (_IMPORT_ONE, _IMPORT_ONE.split("; start")[0]):
            with tempfile.TemporaryDirectory() as tmp:
                done = subprocess.run(
                    ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out",
                     sys.executable, "-S", "-c", code, tree], capture_output=True, text=True,
                    check=True, env=os.environ | {"PYTHONHASHSEED": "0"})
            counts.append(int(re.search(r"Collected : (\d+)", done.stderr)[1]))  # type: ignore[index]
        print(f"{tree}: importing the checker, {(counts[0] - counts[1]) / 1e6:.1f} million "
              "instructions")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=150, help="checks timed per figure")
    parser.add_argument("--rounds", type=int, default=3, help="alternations for --ab")
    parser.add_argument("--ab", metavar="TREE", help="time against TREE's checker, alternated")
    parser.add_argument("--callgrind", nargs="+", metavar="TREE",
                        help="instructions a check for each tree")
    parser.add_argument("--imports", nargs="+", metavar="TREE",
                        help="CPU to import each tree's checker, alternated")
    parser.add_argument("--replies", choices=("bench", "tables"), default="bench",
                        help="the bench reply, or every labelled reply holding a table")
    parser.add_argument("--mode", choices=("again", "new", "read"), default="again",
                        help="what a timed call is: the same reply again, a new reply's "
                        "check, or reading the request and checking")
    parser.add_argument("--time-one", metavar="TREE", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    absolute = os.path.abspath
    if args.time_one:
        time_one(absolute(args.time_one), args.runs, args.replies, args.mode)
    elif args.ab:
        ab(absolute(args.ab), args.rounds, args.runs, args.replies, args.mode)
    elif args.callgrind:
        instructions([absolute(t) for t in args.callgrind], args.replies, args.mode)
    elif args.imports:
        imports([absolute(t) for t in args.imports], args.rounds)
    else:
        profile(args.runs, args.replies)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
