"""An experiment: can a model trained on labels read advice where the rules warn? Measured, not
shipped (docs/number-checker.md, "Round 38").

The checker's rules (coach_tui/coach/grounding/advice.py) read a suggestion from the phrasings
they were written from; writers they were not written against suggest in words no rule names,
and a number there is warned as a claim nothing supports. Here a logistic model is asked, for
each number `check()` leaves unsupported, whether its sentence suggests: features are the words
of the number's sentence and clause, the three words either side, the sentence's first words,
the line's shape (bullet, numbered step, table row, heading, bold label), the words of the
heading above, the number's kind, the rules' report reading of its clause and sentence, and
whether its line holds a date the rules read as a claim. At or above the threshold the number is
read as advice.

Trained on the development set's labels only (bench/data/grounding/dev/): every labelled number
the rules leave advice or unsupported, 1 when every label on it says advice, 0 when one says
quoted, computed or unsupported, with the rules' outcome as a feature (the model is asked about
unsupported ones). Adagrad, an L2 penalty, features seen fewer than 3 times dropped; stdlib only.

Cross-validated over writers: the writers are dealt into `--folds` groups by a hash of their
name, and each group's replies are checked with a model trained on the others; the threshold
kept is the lowest whose lost right warnings stay within `--max-lost` of all right warnings.
Printed: the sweep (wrong warnings cleared, right ones lost, per threshold), dev scored that way
(every reply by a model that never saw its writer), and with `--holdout` the held-out set
scored in aggregate by one model trained on all of dev. `--vetoes` names features that keep a
warning whatever the model says (`reports:clause,line:dated,line:table`: the rules' own reading
of a report, a line with a day already lived, a table row).

    .venv/bin/python bench/advice_model.py [--vetoes LIST] [--max-lost 0.005] [--holdout]
                                           [--guards]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date
from functools import lru_cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

import grounding as bench  # noqa: E402

from coach_tui.coach.grounding import check, evidence_of  # noqa: E402
from coach_tui.coach.grounding.clauses import Clauses  # noqa: E402
from coach_tui.coach.grounding.reports import reports  # noqa: E402
from coach_tui.coach.grounding.words import WEEKDAYS  # noqa: E402

# Where the rules' reading may be made to stand whatever the model says (`--vetoes`): a
# report in the clause or sentence, a line with a date or weekday already lived, a table row
ALL_VETOES = ("reports:clause", "reports:sentence", "line:dated", "lived:weekday", "line:table")

_TOKEN = re.compile(r"[a-z][a-z']*|\d[\d,.]*|[%~≈×+=→?!:–—-]")
_HEADING = re.compile(r"^\s*(?:#{1,6}\s+.*|\*\*[^*\n]+\*\*:?\s*|[^|\n]{2,60}:\s*)$")
_BULLET = re.compile(r"^\s*[-*+•]\s")
_NUMBERED = re.compile(r"^\s*\d+[.)]\s")
_WEEKDAY = re.compile(r"\b(?:(next|last|this)\s+)?(mon|tue|wed|thu|fri|sat|sun)(?:[a-z]*)\b",
                      re.I)


def _tokens(text: str) -> list[str]:
    return ["<n>" if t[0].isdigit() else t for t in _TOKEN.findall(text.lower())]


def headings(reply: str) -> dict[int, str]:
    """Each line's start -> the nearest line above it that heads what follows (a markdown
    heading, a line all in bold, a short line ending with a colon; not a list item), or ""."""
    out: dict[int, str] = {}
    head, start = "", 0
    for line in reply.split("\n"):
        out[start] = head
        if _HEADING.match(line) and not _BULLET.match(line):
            head = line
        start += len(line) + 1
    return out


def _weekday_tense(text: str, now: date | None) -> tuple[str, ...]:
    """"lived:weekday" for a weekday of this week before today or one said "last", and
    "ahead:weekday" for one after today or said "next", in `text`."""
    if now is None:
        return ()
    out = set()
    for m in _WEEKDAY.finditer(text):
        word = (m.group(1) or "").lower()
        day = WEEKDAYS[m.group(2).lower()]
        if word == "last" or word != "next" and day < now.weekday():
            out.add("lived:weekday")
        elif word == "next" or day > now.weekday():
            out.add("ahead:weekday")
        else:
            out.add("today:weekday")
    return tuple(sorted(out))


@lru_cache(maxsize=4096)
def _of_sentence(sentence: str, now: date | None) -> tuple[str, ...]:
    words = _tokens(sentence)
    out = sorted({"s:" + w for w in words})
    lead = [w for w in words if w not in ("-", ":", "<n>")][:2]
    if lead:
        out += ["first:" + lead[0], "first2:" + " ".join(lead)]
    if sentence.rstrip().endswith("?"):
        out.append("question")
    if reports(sentence.lower()):
        out.append("reports:sentence")
    return (*out, *_weekday_tense(sentence, now))


@lru_cache(maxsize=4096)
def _of_clause(clause: str) -> tuple[str, ...]:
    out = sorted({"c:" + w for w in _tokens(clause)})
    return (*out, "reports:clause") if reports(clause.lower()) else tuple(out)


@lru_cache(maxsize=4096)
def _of_line(line: str, heading: str, now: date | None) -> tuple[str, ...]:
    bare = line.lstrip()
    out = ["line:table"] if bare.startswith("|") else ["line:bullet"] if _BULLET.match(line) \
        else ["line:numbered"] if _NUMBERED.match(line) else ["line:heading"] \
        if bare.startswith("#") else []
    if bare.startswith("**"):
        out.append("line:bold")
    return (*out, *sorted({"h:" + w for w in _tokens(heading) if w != "<n>"}),
            *_weekday_tense(line, now))


def features(reply: str, asked: Sequence, mentions: Sequence, now: date | None
             ) -> list[list[str]]:
    """The features of each of `asked`, some of a check's `mentions` of `reply`, with the
    rules' outcome; `now` is the request's today."""
    sentences = Clauses(reply, [])
    heads = headings(reply)
    dated = {reply.rfind("\n", 0, m.start) + 1 for m in mentions
             if m.kind == "date" and m.outcome != "advice"}
    out = []
    for m in asked:
        ss, se = sentences.sentence(m.start)
        cs, ce = sentences.clause(m.start)
        left = _tokens(reply[ss:m.start])[-3:]
        right = _tokens(reply[m.end:se])[:3]
        ls = reply.rfind("\n", 0, m.start) + 1
        le = reply.find("\n", m.start)
        out.append(["bias", "kind:" + m.kind, "ruled:" + m.outcome,
                    *_of_sentence(reply[ss:se], now), *_of_clause(reply[cs:ce]),
                    *[f"l{len(left) - i}:{w}" for i, w in enumerate(left)],
                    *[f"r{i + 1}:{w}" for i, w in enumerate(right)],
                    *_of_line(reply[ls:len(reply) if le < 0 else le], heads[ls], now),
                    *(("line:dated",) if ls in dated else ())])
    return out


def logistic(names: Sequence[str], weights: dict[str, float]) -> float:
    """The model's probability that a number with these features is advice."""
    z = sum(weights.get(n, 0.0) for n in names)
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def probability(names: Sequence[str], weights: dict[str, float], vetoes: frozenset[str]
                ) -> float:
    """`logistic`, but 0 where the rules' reading stands (`vetoes`)."""
    return 0.0 if not vetoes.isdisjoint(names) else logistic(names, weights)


Model = dict[str, float]


# The rules' reading of a reply, taken once: every mention, those advice or unsupported (what
# the model could be asked about) and their features
Ruled = tuple[list, list, list[list[str]]]


def ruled(replies: list[bench.Reply]) -> dict[int, Ruled]:
    """The rules' reading of each of `replies`, by the id of its text (what `bench.score`
    passes a check)."""
    out: dict[int, Ruled] = {}
    for r in replies:
        mentions = check(r.text, r.request)
        asked = [m for m in mentions if m.outcome in ("advice", "unsupported")]
        out[id(r.text)] = (mentions, asked,
                           features(r.text, asked, mentions, evidence_of(r.request).now))
    return out


class Example:
    __slots__ = ("writer", "names", "advice", "warned", "right")

    def __init__(self, writer: str, names: list[str], labels: set[str], warned: bool) -> None:
        self.writer, self.names, self.warned = writer, names, warned
        self.advice = labels == {"advice"}
        self.right = "unsupported" in labels  # (when warned: a right warning)


def examples(replies: list[bench.Reply], read: dict[int, Ruled]) -> list[Example]:
    """The labelled numbers of `replies` the rules (`read`) leave advice or unsupported."""
    out = []
    for r in replies:
        _, asked, found = read[id(r.text)]
        for m, names in zip(asked, found, strict=True):
            labels = {lab[3] for lab in r.labels if lab[0] < m.end and m.start < lab[1]}
            if labels:
                out.append(Example(bench.writer_of(r.name), names, labels,
                                   m.outcome == "unsupported"))
    return out


def train(data: list[Example], min_count: int = 3, epochs: int = 12, rate: float = 0.3,
          l2: float = 1e-4) -> Model:
    counts = Counter(n for e in data for n in set(e.names))
    keep = {n for n, c in counts.items() if c >= min_count} | {"bias"}
    rows = [([n for n in e.names if n in keep], 1.0 if e.advice else 0.0) for e in data]
    model: Model = {}
    squares: dict[str, float] = {}
    order = sorted(range(len(rows)), key=lambda i: hashlib.md5(str(i).encode()).digest())
    for _ in range(epochs):
        for i in order:
            names, y = rows[i]
            g = logistic(names, model) - y
            for n in names:
                w = model.get(n, 0.0)
                grad = g + l2 * w
                squares[n] = s = squares.get(n, 1e-8) + grad * grad
                model[n] = w - rate * grad / math.sqrt(s)
    return model


def fold_of(writer: str, folds: int) -> int:
    return int(hashlib.md5(writer.encode()).hexdigest(), 16) % folds


def gated(model: Model, threshold: float, vetoes: frozenset[str], read: dict[int, Ruled]
          ) -> Callable:
    """A check of the replies `read` with every unsupported number `model` reads as advice
    turned advice (what the checker would give with the model as its last stage)."""
    def checked(reply: str, request: dict) -> list:
        mentions, asked, found = read[id(reply)]
        to_advice = {id(m) for m, names in zip(asked, found, strict=True)
                     if m.outcome == "unsupported"
                     and probability(names, model, vetoes) >= threshold}
        return [replace(m, outcome="advice") if id(m) in to_advice else m for m in mentions]
    return checked


def guards(model: Model, threshold: float, vetoes: frozenset[str]) -> int:
    """Run the checker's unit tests with `model` wired in; print their summary line."""
    with tempfile.TemporaryDirectory() as tmp:
        settings = Path(tmp) / "advice_model.json"
        settings.write_text(json.dumps({"weights": model, "threshold": threshold,
                                        "vetoes": sorted(vetoes)}), encoding="utf-8")
        env = dict(os.environ, ADVICE_MODEL=str(settings),
                   PYTHONPATH=os.pathsep.join([str(REPO / "bench"), str(REPO)]))
        run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "advice_model_wire",
                              "-p", "no:cacheprovider", "tests/unit", "-k", "grounding"],
                             cwd=REPO, env=env, capture_output=True, text=True)
    lines = run.stdout.strip().splitlines()
    print("the checker's unit tests with the model wired in: " + (lines[-1] if lines else
                                                                   run.stderr.strip()))
    return 0


def report(name: str, s: bench.Score) -> None:
    print(f"{name}: precision {s.precision:.2f} recall {s.recall:.2f} false warnings "
          f"{s.false_warning_share:.1%} ({s.tp} right, {s.fp} wrong, {s.fn} missed)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--max-lost", type=float, default=0.005)
    parser.add_argument("--vetoes", default="", help="comma-separated, of: "
                        + ", ".join(ALL_VETOES))
    parser.add_argument("--holdout", action="store_true",
                        help="also score the held-out set, in aggregate")
    parser.add_argument("--guards", action="store_true", help="also run the checker's unit "
                        "tests with the model as its last stage (bench/advice_model_wire.py)")
    args = parser.parse_args(argv)
    vetoes = frozenset(v for v in args.vetoes.split(",") if v)
    if not vetoes <= set(ALL_VETOES):
        parser.error(f"--vetoes: unknown {', '.join(sorted(vetoes - set(ALL_VETOES)))}")
    replies = bench.load_set(bench.DATA / "dev")
    read = ruled(replies)
    data = examples(replies, read)
    print(f"examples: {len(data)} ({sum(e.advice for e in data)} advice), "
          f"{len({e.writer for e in data})} writers; vetoes: {', '.join(sorted(vetoes)) or 'none'}")
    models = [train([e for e in data if fold_of(e.writer, args.folds) != k])
              for k in range(args.folds)]
    scored = [(probability(e.names, models[fold_of(e.writer, args.folds)], vetoes), e)
              for e in data if e.warned]
    right = sum(e.right for _, e in scored)
    print(f"warned by the rules: {right} right, {len(scored) - right} wrong\n"
          "threshold  wrong cleared  right lost")
    threshold = 1.0
    for t in [x / 100 for x in range(30, 100, 5)]:
        cleared = sum(p >= t and not e.right for p, e in scored)
        lost = sum(p >= t and e.right for p, e in scored)
        print(f"{t:9.2f}  {cleared:13d}  {lost:10d}")
        if lost <= args.max_lost * right:
            threshold = min(threshold, t)
    print(f"threshold: {threshold:.2f}")
    report("dev, rules alone", bench.score(replies, lambda text, _: read[id(text)][0]))
    total = bench.Score()
    for k in range(args.folds):
        part = [r for r in replies if fold_of(bench.writer_of(r.name), args.folds) == k]
        s = bench.score(part, gated(models[k], threshold, vetoes, read))
        for f in ("tp", "fp", "fn", "true_replies", "warned_true"):
            setattr(total, f, getattr(total, f) + getattr(s, f))
    report("dev, each writer by a model that never saw it", total)
    full = train(data) if args.holdout or args.guards else {}
    if args.holdout:
        held = bench.load_set(bench.DATA / "holdout")
        read_held = ruled(held)
        report("held out, rules alone", bench.score(held, lambda text, _: read_held[id(text)][0]))
        report("held out, a model trained on all of dev",
               bench.score(held, gated(full, threshold, vetoes, read_held)))
    if args.guards:
        return guards(full, threshold, vetoes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
