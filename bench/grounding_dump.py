"""Every outcome the number checker (coach_tui/coach/grounding/) gives, as JSON: for each
reply of the labelled sets (bench/data/grounding/dev/ and holdout/) and for the speed bench's
1,000-word reply against its ~100,000-token request, each number's span, text, kind, outcome
and source. Two checker versions decide the same whenever their dumps are byte-identical, so
speed work proves it changed no outcome:

    .venv/bin/python bench/grounding_dump.py > /tmp/before.json   # ... change the checker ...
    .venv/bin/python bench/grounding_dump.py | cmp - /tmp/before.json

The checker is imported from `PYTHONPATH` when set (another worktree's code on this tree's
data: `PYTHONPATH=/tmp/other .venv/bin/python bench/grounding_dump.py --data /tmp/other/...`),
else from this tree. The file of the checker used is printed on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.append(str(REPO))  # after PYTHONPATH: a caller may point at another tree's checker
sys.path.insert(0, str(REPO / "bench"))  # grounding.py's set reader and speed inputs


def dump(data: Path) -> dict:
    from coach_tui.coach import grounding  # first: bench/grounding.py puts this tree first

    saved = list(sys.path)
    import grounding as bench  # bench/grounding.py
    sys.path[:] = saved

    print(f"grounding_dump: checker {Path(grounding.__file__).parent}, data {data}",
          file=sys.stderr)
    out: dict = {}
    dev: list = []
    for name in ("dev", "holdout"):
        folder = data / name
        if not any(folder.glob("r*.json")):
            continue
        replies = bench.load_set(folder)
        dev = dev or replies
        for r in replies:
            out[f"{name}/{r.name}"] = [m.as_dict() | {"kind": m.kind}
                                       for m in grounding.check(r.text, r.request)]
    request, reply = bench.speed_inputs(dev)
    out["speed"] = [m.as_dict() | {"kind": m.kind} for m in grounding.check(reply, request)]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=REPO / "bench" / "data" / "grounding",
                        help="the folder holding dev/, holdout/ and requests/")
    args = parser.parse_args(argv)
    first = json.dumps(dump(args.data), indent=1, ensure_ascii=False)
    sys.stdout.write(first + "\n")
    # the checker keeps what depends only on the request: a second pass, its caches warm,
    # must decide the same
    if json.dumps(dump(args.data), indent=1, ensure_ascii=False) != first:
        print("grounding_dump: a second pass (caches warm) decided differently", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
