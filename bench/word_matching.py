"""How well recall's words bridge a message and the memory it is about when the two say it
differently: labelled pairs (a runner's message weeks later, a journal line or chat message
of the time, and whether the message is about it), read with recall's own word reading
(`query.message_words`) and matching (`ranking.covered_words`: the message's words, their
synonyms in assets/recall_words.toml, the words more general than them).

    .venv/bin/python bench/word_matching.py                  # the labelled sets, in aggregate
    .venv/bin/python bench/word_matching.py --explain words1   # each pair of one (tuning) set

A pair is *matched* when the memory holds a word of the message or one of its synonyms (what
the ranking counts as a whole or most of a word); *loosely* when only a more general word
links them ("leg" in the line for "knee" in the message). Reported: the share of pairs about
the same thing that are matched (and loosely), and the share of look-alike pairs (about
different things) that are matched all the same. The sets are in bench/data/recall_words/.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.labelled import labelled_set  # noqa: E402
from coach_tui.memory.query import message_words  # noqa: E402
from coach_tui.memory.ranking import SYNONYM_WEIGHT, covered_words  # noqa: E402

DATA = REPO / "bench" / "data" / "recall_words"


def cover(item: dict) -> float:
    """How much of the message the memory covers, as the ranking counts it."""
    return covered_words(message_words(item["message"]), item["memory"])


def summary(items: list[dict]) -> tuple[int, int, int, int, int]:
    """(pairs about, matched, loosely matched, look-alikes, look-alikes matched)."""
    about = [it for it in items if it["about"]]
    alike = [it for it in items if not it["about"]]
    return (len(about), sum(cover(it) >= SYNONYM_WEIGHT for it in about),
            sum(cover(it) > 0 for it in about), len(alike),
            sum(cover(it) >= SYNONYM_WEIGHT for it in alike))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--explain", help="print each pair of this set, misses first (a name "
                    "in bench/data/recall_words, or a path)")
    args = ap.parse_args()
    if args.explain:
        items = labelled_set(args.explain, DATA, "word_matching.py")
        for it in sorted(items, key=lambda i: (cover(i) >= SYNONYM_WEIGHT) == i["about"]):
            c = cover(it)
            ok = (c >= SYNONYM_WEIGHT) == it["about"]
            print(f"{'ok  ' if ok else 'MISS'} {it['id']} about={it['about']} cover {c:.1f}: "
                  f"{it['message']}\n       memory: {it['memory']}\n       words: "
                  f"{message_words(it['message'])}")
        return
    for f in sorted(DATA.glob("*.json")):
        n, hit, loose, m, false = summary(json.loads(f.read_text()))
        print(f"{f.name:14} {n:4} pairs about the same thing: {hit / n:6.1%} matched "
              f"({loose / n:.1%} at least loosely); {m:3} look-alikes: {false / m:6.1%} matched")


if __name__ == "__main__":
    main()
