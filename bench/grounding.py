"""How well and how fast the number checker (coach_tui/coach/grounding/) tells true numbers
from unsupported ones, on a labelled set of replies it was not written against.

A set is a folder of `rNNN.json` files (`request`, `reply`, `numbers`: each number's `text`,
`occurrence` and `label`: quoted, computed, unsupported or advice) beside a `requests/` folder
of the request bodies they answer (bench/data/grounding/: `holdout/` by default, `--set dev`
for the set the rules were tuned on, or `--dir PATH`). The held-out folder is refilled with
replies by a labeller the rules were never tuned on once a set there has been scored often
enough to steer the rules (its last one moved into dev); while it is empty the default run
says so and exits 2. Scored per number: a checker mention
matches a labelled number when their character spans in the reply overlap (the label's span
is the `occurrence`-th occurrence of its `text`). Printed: precision and recall of
*unsupported*, and the share of replies whose every number is true (no `unsupported` label)
that get any warning, and for a set of five writers or more a 95% interval of each over the
writers (the writers drawn again with replacement: one writer's replies share a voice, so the
writer is the unit; a change that moves a figure less than its interval is within the noise of
who happened to write). `--verbose` prints the disagreements, on the dev set only: the
held-out set is only ever scored in aggregate.

Speed: a 1,000-word reply full of numbers against a ~100,000-token request (~400 KB: a long
session of the set's requests' turns), median of `--runs` runs: the check against a request
read once (the app reads each turn's request while the reply streams, read_ahead.py, so this
is what a reply waits for), with nothing a check keeps with the request by value carried from
the run before (each run is a new reply's first check: the target's figure); the same reply
checked again with those kept (what repeated checks of one reply cost); and reading the
request + check.

    .venv/bin/python bench/grounding.py [--set dev|holdout] [--verbose] [--by-writer] [--runs N]
                                        [--json]

`--json` prints the figures last as one line of JSON (bench/table.py makes the README's
performance table from it).

Targets: precision >= 0.9, recall >= 0.9, false warnings on <= 5% of fully true replies,
<= 5 ms per check.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
DATA = REPO / "bench" / "data" / "grounding"
TOKENS_PER_CHAR = 0.25  # ~4 characters per token for English prose with numbers
RESAMPLES = 2_000  # the interval's draws of the writers


class SetError(Exception):
    """A set that cannot be scored, in one line."""


@dataclass
class Reply:
    name: str
    request: dict
    text: str
    labels: list[tuple[int, int, str, str]]  # start, end, text, label


@dataclass
class Score:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    true_replies: int = 0
    warned_true: int = 0
    disagreements: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def false_warning_share(self) -> float:
        return self.warned_true / self.true_replies if self.true_replies else 0.0


def writer_of(name: str) -> str:
    """Who wrote a reply, from its file name: "r" and one digit (r0, r1, ...) or "r" and the
    letters before the number (rA, rZ, raa, ...). Two writers never differ only in case, so the
    set checks out whole on a case-insensitive file system."""
    return re.match(r"r(?:\d|[A-Za-z]+)", name).group()


def load_set(folder: Path) -> list[Reply]:
    if not folder.is_dir():
        raise SetError(f"no labelled set at {folder}")
    requests_dir = folder / "requests"
    if not requests_dir.is_dir():
        requests_dir = folder.parent / "requests"
    replies = []
    for path in sorted(folder.glob("r*.json")):
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            request = json.loads((requests_dir / raw["request"]).read_text(encoding="utf-8"))
            text = raw["reply"]
            labels = [_span(text, n["text"], int(n.get("occurrence", 1))) + (n["label"],)
                      for n in raw["numbers"]]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise SetError(f"{path.name}: not a labelled reply ({exc})") from None
        replies.append(Reply(path.stem, request, text, labels))
    if not replies:
        raise SetError(f"no rNNN.json replies in {folder}")
    return replies


def _span(text: str, needle: str, occurrence: int) -> tuple[int, int, str]:
    pos = -1
    for _ in range(occurrence):
        pos = text.find(needle, pos + 1)
        if pos < 0:
            raise ValueError(f"{needle!r} does not occur {occurrence} times")
    return pos, pos + len(needle), needle


def score(replies: list[Reply], check) -> Score:
    s = Score()
    for r in replies:
        mentions = check(r.text, r.request)
        flagged = [m for m in mentions if m.outcome == "unsupported"]
        wrong = [lab for lab in r.labels if lab[3] == "unsupported"]
        if not wrong:
            s.true_replies += 1
            s.warned_true += bool(flagged)
        for m in flagged:
            labels = [lab for lab in r.labels if lab[0] < m.end and m.start < lab[1]]
            if any(lab[3] == "unsupported" for lab in labels):
                s.tp += 1
            else:
                s.fp += 1
                said = ", ".join(f"{lab[3]}: {lab[2]}" for lab in labels) or "not labelled"
                s.disagreements.append(f"{r.name}: warned {m.text!r} ({said})")
        for lab in wrong:
            hit = [m for m in flagged if m.start < lab[1] and lab[0] < m.end]
            if not hit:
                s.fn += 1
                got = [m for m in mentions if m.start < lab[1] and lab[0] < m.end]
                said = ", ".join(f"{m.outcome}: {m.source}" for m in got) or "not read"
                s.disagreements.append(f"{r.name}: missed {lab[2]!r} ({said})")
    return s


def by_writer(replies: list[Reply], check) -> dict[str, tuple[int, Score]]:
    """The number of replies and the `score` of each labeller's replies (`writer_of`)."""
    mine: dict[str, list[Reply]] = {}
    for r in replies:
        mine.setdefault(writer_of(r.name), []).append(r)
    return {writer: (len(rs), score(rs, check)) for writer, rs in sorted(mine.items())}


def total(scores: list[Score]) -> Score:
    """The sum of `scores` (their disagreements in order)."""
    out = Score()
    for s in scores:
        out.tp += s.tp
        out.fp += s.fp
        out.fn += s.fn
        out.true_replies += s.true_replies
        out.warned_true += s.warned_true
        out.disagreements += s.disagreements
    return out


def interval(writers: list[Score], resamples: int = RESAMPLES, seed: int = 7
             ) -> dict[str, tuple[float, float]]:
    """A 95% interval of precision, recall and the false-warning share over labellers
    (bench/resample.py: the writer is the unit drawn)."""
    from bench.resample import interval as drawn

    return drawn(writers, lambda ws: {"precision": (t := total(ws)).precision,
                                      "recall": t.recall,
                                      "false_warning_share": t.false_warning_share},
                 resamples, seed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", choices=("holdout", "dev"), default="holdout")
    parser.add_argument("--dir", type=Path, help="a set folder (its name decides dev or not)")
    parser.add_argument("--verbose", action="store_true", help="print every disagreement "
                        "(dev set only)")
    parser.add_argument("--runs", type=int, default=200, help="timed runs per figure")
    parser.add_argument("--by-writer", action="store_true", help="also score each labeller's "
                        "replies apart (the file name before its number: r0, r1, rA, raa, ...)")
    parser.add_argument("--json", action="store_true",
                        help="print the figures as one line of JSON, last (bench/table.py)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    folder = args.dir if args.dir is not None else DATA / args.set
    is_dev = args.dir is None and args.set == "dev" or args.dir is not None and \
        "holdout" not in str(args.dir)
    if args.verbose and not is_dev:
        print("grounding: --verbose shows disagreements on the dev set only; the held-out "
              "set is scored in aggregate (use --set dev)", file=sys.stderr)
        return 2
    from coach_tui.coach.grounding import check, evidence_of

    if not is_dev and not any(folder.glob("r*.json")):
        print(f"grounding: the held-out set {folder}/ is empty: it is "
              "refilled with replies by a labeller the rules were never tuned on; score the "
              "tuning set with --set dev", file=sys.stderr)
        return 2
    try:
        replies = load_set(folder)
    except SetError as exc:
        print(f"grounding: {exc}", file=sys.stderr)
        return 2
    writers = by_writer(replies, check)
    result = total([w for _, w in writers.values()])
    if args.verbose:
        print("\n".join(result.disagreements) + "\n")
    labelled = sum(len(r.labels) for r in replies)
    print(f"set: {folder.name}, {len(replies)} replies, {labelled} labelled numbers, "
          f"{sum(1 for r in replies for lab in r.labels if lab[3] == 'unsupported')} unsupported")
    print(f"unsupported: {result.tp} warned right, {result.fp} warned wrong, "
          f"{result.fn} missed")
    print(f"false warnings: {result.warned_true} of {result.true_replies} fully true replies "
          f"({result.false_warning_share:.1%})")
    spread = interval([w for _, w in writers.values()]) if len(writers) >= 5 else None
    if spread is not None:
        (p_lo, p_hi), (r_lo, r_hi), (f_lo, f_hi) = spread.values()
        print(f"95% interval over the {len(writers)} writers (drawn again {RESAMPLES:,} times): "
              f"precision {p_lo:.2f}-{p_hi:.2f}, recall {r_lo:.2f}-{r_hi:.2f}, false warnings "
              f"{f_lo:.1%}-{f_hi:.1%}")
    if args.by_writer:
        for writer, (n, w) in writers.items():
            print(f"  {writer} ({n}): precision {w.precision:.2f} ({w.tp}/{w.tp + w.fp}) "
                  f"recall {w.recall:.2f} ({w.tp}/{w.tp + w.fn}) false warnings "
                  f"{w.false_warning_share:.1%} ({w.warned_true}/{w.true_replies})")

    request, reply = speed_inputs(replies)
    evidence = evidence_of(request)
    check_only = timed(lambda: check(reply, _as_new(evidence)), args.runs)
    again = timed(lambda: check(reply, evidence), args.runs)
    both = timed(lambda: check(reply, _fresh(request)), max(3, args.runs // 20))
    n_numbers = len(check(reply, evidence))
    size = sum(len(b.get("text", "")) for m in request["messages"] for b in m["content"])
    print(f"speed: a {len(reply.split()):,}-word reply ({n_numbers} numbers) against a "
          f"{size / 1000:,.0f} KB request (~{size * TOKENS_PER_CHAR:,.0f} tokens)")
    for label, (median, p99, cpu) in (("check, request read once", check_only),
                                      ("the same reply again", again),
                                      ("read the request + check", both)):
        print(f"  {label:<26} median {median:6.2f} ms, p99 {p99:6.2f} ms "
              f"(CPU median {cpu:.2f} ms)")
    print(f"precision {result.precision:.2f} recall {result.recall:.2f} false warnings "
          f"{result.false_warning_share:.1%} on {len(replies)} replies")
    if args.json:
        print(json.dumps({
            "set": folder.name, "replies": len(replies),
            "writers": sorted({writer_of(r.name) for r in replies}),
            "precision": result.precision, "recall": result.recall,
            "warned_right": result.tp, "warned_wrong": result.fp, "missed": result.fn,
            "false_warning_share": result.false_warning_share,
            "interval": spread,
            "warned_true": result.warned_true, "true_replies": result.true_replies,
            "words": len(reply.split()), "numbers": n_numbers,
            "request_tokens": round(size * TOKENS_PER_CHAR),
            "check_median_ms": check_only[0], "check_p99_ms": check_only[1],
            "check_cpu_ms": check_only[2], "again_median_ms": again[0],
            "read_and_check_median_ms": both[0]}))
    return 0


def _as_new(evidence):
    """The request as read, without what checks keep with it (candidates by value, periods'
    fits, the last replies' tables): what a new reply meets. Checking one reply over and over
    would otherwise time the kept answers, not a check."""
    from coach_tui.coach.grounding.tables import grids

    evidence.near_cache.clear()
    evidence.period_cache.clear()
    grids.cache_clear()
    return evidence


def _fresh(request: dict):
    """The request read from scratch (its cache bypassed)."""
    from coach_tui.coach.grounding.evidence import read_request
    from coach_tui.coach.grounding.request import segments

    return read_request(segments(request))


def timed(fn, runs: int) -> tuple[float, float, float]:
    """(median, p99) wall-clock ms, and the median CPU ms of this process."""
    fn()
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    wall.sort()
    return (statistics.median(wall), wall[min(len(wall) - 1, int(len(wall) * 0.99))],
            statistics.median(cpu))


def speed_inputs(replies: list[Reply]) -> tuple[dict, str]:
    """A ~100,000-token request: the set's requests' user turns and its replies as a long
    session, ending with the last request's turn; a 1,000-word reply stitched from replies."""
    rnd = random.Random(7)
    base = replies[-1].request
    messages, size = [], 0
    while size < 400_000:
        r = rnd.choice(replies)
        user = next(m for m in reversed(r.request["messages"]) if m["role"] == "user")
        messages += [user, {"role": "assistant", "content": [{"type": "text", "text": r.text}]}]
        size += sum(len(b.get("text", "")) for b in user["content"]) + len(r.text)
    messages.append(next(m for m in reversed(base["messages"]) if m["role"] == "user"))
    request = dict(base, messages=messages)
    words: list[str] = []
    while len(words) < 1_000:
        words += rnd.choice(replies).text.split(" ")
    return request, " ".join(words[:1_000])


if __name__ == "__main__":
    raise SystemExit(main())
