"""The labelled grounding set (tests/data/grounding/) and how a checker is scored on it.

A case is one coach reply, the context its request carried and the numbers a careful reader
would mark as unverified (see the README beside the data). Scoring compares, per case, the
multiset of numbers the checker marks with the labelled one: a mark that is labelled is a true
positive, a mark that is not is a false positive, a label not marked is a false negative.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "grounding"


@dataclass(frozen=True)
class Case:
    name: str
    note: str
    context: str
    reply: str
    unverified: list[str]


@dataclass(frozen=True)
class Outcome:
    case: Case
    marked: list[str]
    false_positives: list[str]
    false_negatives: list[str]


@dataclass(frozen=True)
class Score:
    outcomes: list[Outcome]
    true_positives: int
    false_positives: int
    false_negatives: int

    @property
    def precision(self) -> float:
        marked = self.true_positives + self.false_positives
        return self.true_positives / marked if marked else 1.0

    @property
    def recall(self) -> float:
        labelled = self.true_positives + self.false_negatives
        return self.true_positives / labelled if labelled else 1.0


def load_cases(root: Path = DATA) -> list[Case]:
    cases = []
    for path in sorted((root / "cases").glob("*.toml")):
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        parts = [(root / name).read_text(encoding="utf-8").strip() for name in raw["system"]]
        parts += [text.strip() for text in raw.get("history", [])]
        if "recall" in raw:
            parts.append(raw["recall"].strip())
        parts.append(raw["words"].strip())
        note = path.read_text(encoding="utf-8").split("\n", 1)[0].lstrip("# ")
        cases.append(Case(path.stem, note, "\n\n".join(parts), raw["reply"].strip(),
                          list(raw["unverified"])))
    return cases


def score(cases: list[Case], checker: Callable[[str, str], list[str]]) -> Score:
    outcomes, tp, fp, fn = [], 0, 0, 0
    for case in cases:
        marked = checker(case.reply, case.context)
        got, want = Counter(marked), Counter(case.unverified)
        hits = sum((got & want).values())
        extra = list((got - want).elements())
        missed = list((want - got).elements())
        tp, fp, fn = tp + hits, fp + len(extra), fn + len(missed)
        outcomes.append(Outcome(case, marked, extra, missed))
    return Score(outcomes, tp, fp, fn)
