"""Does the number checker redo a coach's arithmetic? Labelled sentences, each holding one
worked-out number (a difference, sum, average, percentage, count of days, days between,
streak position, ratio), right or wrong, checked one by one against the request their brief
describes (bench/data/grounding/requests/request_22.json: Wednesday 2 December, 2,214 so far).

    .venv/bin/python bench/derived_numbers.py                  # the labelled sets, by operation
    .venv/bin/python bench/derived_numbers.py --explain derived3   # each misread item of a set

A right number should pass (any outcome but unsupported); a wrong one should be warned. The
sets are in bench/data/derived_numbers/.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.labelled import labelled_set  # noqa: E402
from coach_tui.coach.grounding import check  # noqa: E402

DATA = REPO / "bench" / "data" / "derived_numbers"
REQUEST = REPO / "bench" / "data" / "grounding" / "requests" / "request_22.json"


def outcome(item: dict, request: dict) -> tuple[str | None, str | None]:
    """The checker's outcome for the item's number (unsupported when any part of it is
    warned), and its source; (None, None) when it reads no number there."""
    text, start = item["sentence"], item["sentence"].find(item["number"])
    end = start + len(item["number"])
    got = [m for m in check(text, request) if m.start < end and start < m.end]
    warned = [m for m in got if m.outcome == "unsupported"]
    pick = warned[0] if warned else got[0] if got else None
    return (pick.outcome, pick.source) if pick else (None, None)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--explain", help="print each misread item of this set (a name in "
                    "bench/data/derived_numbers, or a path)")
    args = ap.parse_args()
    request = json.loads(REQUEST.read_text())
    if args.explain:
        for it in labelled_set(args.explain, DATA, "derived_numbers.py"):
            got, source = outcome(it, request)
            if (got == "unsupported") == it["correct"]:
                print(f"{it['id']} {it['op']} [{it['number']}] "
                      f"{'right' if it['correct'] else 'WRONG'}, read {got} ({source}): "
                      f"{it['sentence']}\n       how: {it['how']}")
        return
    for f in sorted(DATA.glob("*.json")):
        by_op: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
        for it in json.loads(f.read_text()):
            warned = outcome(it, request)[0] == "unsupported"
            row = by_op[it["op"]]
            if it["correct"]:
                row[0] += 1
                row[1] += not warned
            else:
                row[2] += 1
                row[3] += warned
        total = [sum(r[i] for r in by_op.values()) for i in range(4)]
        print(f"{f.name}: right numbers passed {total[1]}/{total[0]} "
              f"({total[1] / max(1, total[0]):.1%}), wrong numbers warned {total[3]}/{total[2]} "
              f"({total[3] / max(1, total[2]):.1%})")
        for op, r in sorted(by_op.items()):
            print(f"  {op:16} right passed {r[1]:3}/{r[0]:<3} wrong warned {r[3]:3}/{r[2]:<3}")


if __name__ == "__main__":
    main()
