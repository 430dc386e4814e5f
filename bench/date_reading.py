"""How well recall reads the dates a message names: each labelled message's days and spans
(`memory/daywords.named_spans` on the message as recall reads it, the reader it runs first)
against what its writer meant.

    .venv/bin/python bench/date_reading.py                   # the labelled sets, in aggregate
    .venv/bin/python bench/date_reading.py --explain dates1    # each item of one (tuning) set

The sets are in bench/data/recall_dates/ (how they were written: the README there). An item
counts as read when the spans are exactly those meant, in any order; a message meant to name
nothing (only the future, or no date) counts when nothing is read.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.labelled import explain, labelled_set  # noqa: E402
from coach_tui.memory.daywords import named_spans  # noqa: E402
from coach_tui.memory.recall import as_read  # noqa: E402

DATA = REPO / "bench" / "data" / "recall_dates"


def read(item: dict) -> list[tuple[str, str]]:
    """The spans the reader finds in `item`'s text at its time, as ISO pairs (the message
    read as recall reads it first: text-speak written out, stretches of time said as the
    relations read them)."""
    today = datetime.fromisoformat(item["now"]).date()
    text = as_read(item["text"])
    return sorted({(s.start.isoformat(), s.end.isoformat()) for s in named_spans(text, today)})


def meant(item: dict) -> list[tuple[str, str]]:
    return sorted({(a, b) for a, b in item["expect"]})


def score(items: list[dict]) -> Counter:
    out: Counter = Counter()
    for it in items:
        kind = "none" if not it["expect"] else "day" if all(
            a == b for a, b in it["expect"]) else "span"
        out[(kind, read(it) == meant(it))] += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--explain", help="print each item of this set, misses first (a name "
                    "in bench/data/recall_dates, or a path)")
    args = ap.parse_args()
    if args.explain:
        explain(labelled_set(args.explain, DATA, "date_reading.py"), read, meant)
        return
    files = sorted(DATA.glob("*.json"))
    total: Counter = Counter()
    for f in files:
        got = score(json.loads(f.read_text()))
        total.update(got)
        n = sum(got.values())
        print(f"{f.name:20} {n:4} items, {sum(v for (k, ok), v in got.items() if ok) / n:6.1%} "
              f"read as meant")
    print("by kind (all files):")
    for kind in ("day", "span", "none"):
        n = total[(kind, True)] + total[(kind, False)]
        if n:
            print(f"  {kind:5} {n:4} items, {total[(kind, True)] / n:6.1%}")
    n = sum(total.values())
    print(f"  all   {n:4} items, {sum(v for (k, ok), v in total.items() if ok) / n:6.1%}")


if __name__ == "__main__":
    main()
