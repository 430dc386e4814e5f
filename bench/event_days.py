"""How well recall finds the days a message names by an event ("the week after the race",
"Saturday in Lisbon", "my first run after the flu"): each labelled message's named days and
periods (the block's day lines and totals lines, as the coach is given them) against what its
writer meant, on the fitness home (bench/data/recall_fitness/home.json).

    .venv/bin/python bench/event_days.py                         # the labelled sets, in aggregate
    .venv/bin/python bench/event_days.py --explain event_days1   # each item of a tuning set

The sets are in bench/data/recall_event_days/ (how they were written: the README there). An
item counts as found when the days and periods named are exactly those meant, in any order.
A held-out set is scored in aggregate only: --explain refuses it.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections import Counter
from datetime import date, datetime
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.labelled import explain, labelled_set  # noqa: E402
from bench.recall_homes import Home, load_fitness  # noqa: E402
from coach_tui.memory.recall import build_recall  # noqa: E402

DATA = REPO / "bench" / "data" / "recall_event_days"
HOME = REPO / "bench" / "data" / "recall_fitness" / "home.json"
HELD_OUT = frozenset({"event_days2", "event_days4", "event_days8"})


@functools.cache
def _home() -> Home:
    return load_fitness(HOME)


def read(item: dict) -> list[tuple[str, str]]:
    """The days and periods the block names for `item`'s message at its time, as ISO pairs:
    its totals lines' periods and the day lines outside them (a period's own days, listed
    after the memories, are its, not named)."""
    home = _home()
    got = build_recall(home.conn, item["text"], now=datetime.fromisoformat(item["now"]),
                       default_goal=10_000, max_chars=10**6, date_order=home.date_order)
    periods = {(it.day, it.end or it.day) for it in got.items if it.kind == "span"}
    inside = {d for a, b in periods
              for d in range(date.fromisoformat(a).toordinal(), date.fromisoformat(b).toordinal()
                             + 1)}
    days = {(it.day, it.day) for it in got.items
            if it.kind == "day" and date.fromisoformat(it.day).toordinal() not in inside}
    return sorted(periods | days)


def meant(item: dict) -> list[tuple[str, str]]:
    return sorted({(a, b) for a, b in item["expect"]})


def score(items: list[dict]) -> Counter:
    out: Counter = Counter()
    for it in items:
        kind = "day" if all(a == b for a, b in it["expect"]) else "span"
        out[(kind, read(it) == meant(it))] += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--explain", help="print each item of this tuning set, misses first (a "
                    "name in bench/data/recall_event_days, or a path)")
    args = ap.parse_args()
    if args.explain:
        if Path(args.explain).stem in HELD_OUT:
            sys.exit(f"event_days.py: {Path(args.explain).stem} is held out: scored in "
                     "aggregate only, never explained")
        explain(labelled_set(args.explain, DATA, "event_days.py"), read, meant)
        return
    total: Counter = Counter()
    for f in sorted(DATA.glob("*.json")):
        got = score(json.loads(f.read_text()))
        total.update(got)
        n = sum(got.values())
        which = "held out" if f.stem in HELD_OUT else "tuning"
        print(f"{f.name:20} {n:4} items ({which}), "
              f"{sum(v for (k, ok), v in got.items() if ok) / n:6.1%} found as meant")
    print("by kind (all files):")
    for kind in ("day", "span"):
        n = total[(kind, True)] + total[(kind, False)]
        if n:
            print(f"  {kind:5} {n:4} items, {total[(kind, True)] / n:6.1%}")
    n = sum(total.values())
    if n:
        print(f"  all   {n:4} items, {sum(v for (k, ok), v in total.items() if ok) / n:6.1%}")


if __name__ == "__main__":
    main()
