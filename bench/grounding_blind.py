"""The last stage's class rules (grounding/lenient.py, unrecorded.py) judged on replies the
checker had not read: each tuning writer's replies checked by the checker as it stood before
that writer was first read, this tree's last stage on top, with and without the rules named.

This is how issue 17's round 28 chose its rules: a rule is kept when it clears wrong warnings
of many writers at no right one's cost. The writers and the commit each was scored blind on
are `BLIND` below (from the holdout README and the round logs); each commit's checker is taken
with `git archive` into a cache folder.

    .venv/bin/python bench/grounding_blind.py                       # all rules vs none of the
    .venv/bin/python bench/grounding_blind.py --without unit,word,round    # ... named rules

Printed: right and wrong warnings and misses, with precision and recall, per group of writers
and over all of them, for this tree's rules and for the same rules less `--without`.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# (commit the writers were scored blind on, the writers)
BLIND = [
    ("de9d57b", "rJ,rK"), ("fd88a1b", "rL,rM"), ("efd343b", "rN,rO"), ("2fa2653", "rP"),
    ("92d654c", "rQ,rS,rT"), ("0363067", "rag,rai,ral"), ("7ca3ee6", "ram,ran,rap,rao,ras,rar"),
    ("1788c3a0", "rau,rav,raw,ray,raz,rba,rbb"), ("a7e6da9c", "rbc,rbd,rbf,rbg"),
    ("f6be0f06", "rbi,rbj,rbm,rbl,rbp"), ("1c9e37d3", "rbr,rbs,rbx,rbz,rbw,rbv"),
    ("9b093723", "rcb,rcc"), ("78272b34", "rce,rcf,rcg,rci,rcj,rcl,rcm,rcn"),
    ("73707ef8", "rco,rcp,rcq"), ("9b05edc5", "rcs"), ("2ed8791b", "rct"), ("32e6d7fb", "rcu"),
    ("8e452001", "rcv,rcw,rcx,rda,rdb,rdc,rdd,rde,rdf,rdg,rdh,rdj"), ("71799f35", "rdn,rdo,rdp"),
    ("f7194005", "reb,rec,red"), ("5ee22e1f", "reg,reh,rei,rej,rek,rel,rem"),
    ("92dd3c4f", "rep,req,rer,res,ret"), ("5845a413", "rew,rex,rey"),
    ("7f4d5a9c", "rfb,rfc,rfd,rfg,rfh,rfi,rfk,rfl,rfm,rfn,rfo,rfp"),
    ("2d634e1c", "rft,rfu,rfv,rfw,rfz,rga,rgb,rgc,rgf,rgg,rgh,rgi"),
    ("2d634e1c", "rgl,rgm,rgn,rgo,rgr,rgs,rgt,rgu"),
    ("7555ea91", "rgv,rgw,rgx,rgy,rgz,rha,rhb,rhc"),
]
_LINE = re.compile(r"right (\d+), wrong (\d+), missed (\d+)")


def checker_tree(commit: str, cache: Path) -> Path:
    """A folder holding `commit`'s coach_tui/, extracted once."""
    tree = cache / commit
    if not (tree / "coach_tui").is_dir():
        tree.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(REPO), "archive", commit, "coach_tui"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    return tree


def scored(tree: Path, writers: str, rules: str) -> tuple[int, int, int]:
    """(right, wrong, missed) of `writers` checked by `tree`'s checker with `rules` on top."""
    out = subprocess.run(
        [sys.executable, str(REPO / "bench" / "grounding_classes.py"), "--checker", str(tree),
         "--writers", writers, "--rules", rules], check=True, capture_output=True,
        text=True).stdout
    totals = [0, 0, 0]
    for m in _LINE.finditer(out):
        for i in range(3):
            totals[i] += int(m[i + 1])
    return totals[0], totals[1], totals[2]


def line(name: str, right: int, wrong: int, missed: int) -> str:
    p = right / (right + wrong) if right + wrong else 1.0
    r = right / (right + missed) if right + missed else 1.0
    return f"{name:<40} precision {p:.2f} recall {r:.2f} (right {right}, wrong {wrong}, " \
           f"missed {missed})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--without", default="", help="rules to leave out (comma-separated); "
                        "default: every rule of the last stage")
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) /
                        "coach_tui_blind_checkers")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO))
    from coach_tui.coach.grounding.lenient import RULES

    left_out = set(filter(None, args.without.split(","))) or set(RULES)
    kept = ",".join(sorted(RULES - left_out)) or "none"
    every = ",".join(sorted(RULES))
    total = {"with": [0, 0, 0], "without": [0, 0, 0]}
    for commit, writers in BLIND:
        tree = checker_tree(commit, args.cache)
        for key, rules in (("without", kept), ("with", every)):
            got = scored(tree, writers, rules)
            total[key] = [a + b for a, b in zip(total[key], got, strict=True)]
            print(line(f"{writers} on {commit} ({key})", *got))
    print(line("all writers, without", *total["without"]))
    print(line("all writers, with every rule", *total["with"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
