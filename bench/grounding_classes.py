"""Which classes of numbers the number checker warns wrongly, writer by writer.

Every number the checker warns on the dev set (bench/data/grounding/dev/), with its label (a
right or a wrong warning), is put in a class: the kind of number (a step value, a large round
number, a small count of days, a number word, a percentage, a date, a time, ...) and its
context (a table row, a list item, prose; a sentence naming several days; a hypothetical one).
Printed: each writer's precision, recall and share of fully true replies warned (the file
name before its number says who wrote a reply), and the right and wrong warnings per class.

Leave one writer out: a writer's replies are unseen by the checker as it stood before they
entered dev (bench/data/grounding/holdout/README.md names the rounds). Score each writer with
that checker, and measure the last stage's class rules (coach_tui/coach/grounding/lenient.py of
this tree) on its warnings with `--rules`:

    git archive <commit before rD entered dev> coach_tui | tar -x -C /tmp/old_rD
    .venv/bin/python bench/grounding_classes.py --checker /tmp/old_rD --writers rD \\
        --rules if,size,pct

`--rules none` (the default with `--checker`) scores that checker alone; without `--checker`
this tree's checker (its rules included) is scored. The commits that put each writer's replies
in holdout/, before any rule was tuned on them: r5 0dd21a0, r6 db5f623, r8 67ec9ce, r9
fcc40d4, rA 1351b3b, rB e5d50a9, rC 02d1c3e, rD 0d3267a, rE 06c2fe5 (in dev, before round
14's rules), rF 36b0f5e (in dev, before round 15's), rJ and rK de9d57b (before round 16's),
rL and rM fd88a1b (before round 17's), rN and rO efd343b (before round 18's), rP 2fa2653
(before round 20's), rQ, rS and rT 92d654c (before round 21's) (r0-r3 and r7 have none).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.append(str(REPO))  # after PYTHONPATH: --checker runs another tree's checker
sys.path.insert(0, str(REPO / "bench"))
_DAYS = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)day|\b(?:yesterday|today)\b|"
                   r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d|"
                   r"\b\d{1,2}(?:st|nd|rd|th)\b", re.I)
_HYPOTHETICAL = re.compile(r"\b(?:if|would|could|might|will|you'll|aim|try|should)\b", re.I)
_SENTENCE_END = re.compile(r"[.?!](?:\s|$)|\n")


def dump(writers: set[str] | None) -> dict:
    """Every mention the checker on the path gives, per reply of dev."""
    from coach_tui.coach.grounding import check  # first: PYTHONPATH's, when set

    saved = list(sys.path)
    import grounding as bench  # bench/grounding.py (it puts this tree first: undone)
    sys.path[:] = saved

    return {r.name: [{"start": m.start, "end": m.end, "text": m.text, "kind": m.kind,
                      "outcome": m.outcome, "source": m.source}
                     for m in check(r.text, r.request)]
            for r in bench.load_set(bench.DATA / "dev")
            if not writers or bench.writer_of(r.name) in writers}


def sentence(text: str, pos: int) -> tuple[int, int]:
    start = 0
    for m in _SENTENCE_END.finditer(text, 0, pos):
        start = m.end()
    end = _SENTENCE_END.search(text, pos)
    return start, end.start() if end else len(text)


def number_class(text: str, m: dict) -> str:
    if m["kind"] not in ("count",):
        return m["kind"]
    after = text[m["end"]:m["end"] + 14].lower()
    if re.match(r"[\s-]*(?:min|hour|hr\b)", after):
        return "duration"
    digits = re.sub(r"[^\d]", "", m["text"].split(".")[0])
    if not digits:
        return "number word"
    value = int(digits) * (1000 if m["text"].lower().endswith("k") else 1)
    if value < 32:
        s, e = sentence(text, m["start"])
        return "small count of days" if re.search(r"\bdays?\b", text[s:e], re.I) \
            else "small count"
    if value >= 1000:
        return "large round number" if value % 500 == 0 else "step value"
    return "count 32-999"


def context(text: str, m: dict) -> str:
    line_start = text.rfind("\n", 0, m["start"]) + 1
    line = text[line_start:text.find("\n", m["start"]) % (len(text) + 1)]
    if line.lstrip().startswith("|"):
        return "table"
    where = "list" if re.match(r"\s*(?:[-*•]|\d+[.)])\s", line) else "prose"
    s, e = sentence(text, m["start"])
    if len(_DAYS.findall(text[s:e])) >= 2:
        where += "+days"
    return where + ("+hypothetical" if _HYPOTHETICAL.search(text[s:e]) else "")


def relaxed(dumps: dict, replies: dict, rules: frozenset) -> dict:
    """The mentions after this tree's last stage (lenient.py) with `rules`."""
    from coach_tui.coach.grounding import evidence_of, lenient

    out = {}
    for name, ms in dumps.items():
        r = replies[name]
        out[name] = lenient.relax(r.text, ms, evidence_of(r.request),
                                  lambda pos, t=r.text: sentence(t, pos),
                                  lambda m, o, s: _Mention(m, outcome=o, source=s), rules)
    return out


class _Mention(dict):
    __getattr__ = dict.__getitem__


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--checker", type=Path, help="a tree holding another coach_tui/")
    parser.add_argument("--writers", help="comma-separated writers (r0, rD, ...): only these")
    parser.add_argument("--rules", help="this tree's last-stage rules to apply on top "
                        "(comma-separated, or none)")
    parser.add_argument("--dump", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    writers = set(args.writers.split(",")) if args.writers else None
    if args.dump:
        json.dump(dump(writers), sys.stdout)
        return 0
    import grounding as bench

    replies = {r.name: r for r in bench.load_set(bench.DATA / "dev")}
    if args.checker is not None:
        env = dict(os.environ, PYTHONPATH=str(args.checker))
        cmd = [sys.executable, __file__, "--dump"] + (["--writers", args.writers]
                                                      if args.writers else [])
        dumps = json.loads(subprocess.run(cmd, env=env, check=True, capture_output=True,
                                          text=True).stdout)
    else:
        dumps = dump(writers)
    if args.rules and args.rules != "none":
        rules = frozenset(args.rules.split(","))
        dumps = relaxed({n: [_Mention(m) for m in ms] for n, ms in dumps.items()}, replies,
                        rules)
    per: dict = collections.defaultdict(lambda: [0, 0, 0, 0, 0])  # tp fp fn true warned-true
    table: dict = collections.defaultdict(collections.Counter)
    for name, ms in dumps.items():
        r, s = replies[name], per[bench.writer_of(name)]
        flagged = [m for m in ms if m["outcome"] == "unsupported"]
        wrong = [lab for lab in r.labels if lab[3] == "unsupported"]
        if not wrong:
            s[3] += 1
            s[4] += bool(flagged)
        for m in flagged:
            right = any(lab[3] == "unsupported" for lab in r.labels
                        if lab[0] < m["end"] and m["start"] < lab[1])
            s[0 if right else 1] += 1
            key = (number_class(r.text, m), context(r.text, m))
            table[key]["right" if right else "wrong"] += 1
            if not right:
                table[key]["w:" + bench.writer_of(name)] += 1
        s[2] += sum(1 for lab in wrong if not any(m["start"] < lab[1] and lab[0] < m["end"]
                                                   for m in flagged))
    for w, (tp, fp, fn, true, warned) in sorted(per.items()):
        print(f"{w}: precision {tp / (tp + fp) if tp + fp else 1:.2f} recall "
              f"{tp / (tp + fn) if tp + fn else 1:.2f} false warnings "
              f"{warned / true if true else 0:.1%} (right {tp}, wrong {fp}, missed {fn})")
    print(f"\n{'number':<22}{'context':<24}{'right':>6}{'wrong':>6}  writers warned wrongly")
    for (number, where), c in sorted(table.items(), key=lambda kv: -kv[1]["wrong"]):
        ws = " ".join(sorted(k[2:] for k in c if k.startswith("w:")))
        print(f"{number:<22}{where:<24}{c['right']:>6}{c['wrong']:>6}  {ws}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
