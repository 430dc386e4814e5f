"""How far two labellers agree on the held-out set, and the checker's figures against each.

The held-out set (bench/data/grounding/holdout/) has one label a number, by the writer of the
reply. A second labeller, given only the contract, the request and the reply (never the code,
the first label, nor the checker's verdict), labelled a stratified sample of its numbers
(bench/data/grounding/second/labels.json). The strata were drawn once, on the checker named
there, from the two things a first look needs apart: every number it warned that the first
label calls true (`WT`), every first-label `unsupported` it passed (`PU`), every warned number
with no first label (`WN`), and random samples of the warnings the first label agrees with
(`WU`) and of the numbers both call true (`PT`). Each sampled number stands for
`population / sampled` numbers of its stratum, so the figures below are estimates over the
whole set whatever checker is scored now.

Printed, with a 95% interval over writers (the writer of a reply is the unit drawn again,
bench/resample.py):

- how often the second labeller calls a number unsupported, by stratum, and Cohen's kappa of
  the two labellers on "unsupported or not" over the set;
- the checker's precision and recall of *unsupported* against the first label (the bench's
  own figure, estimated from the sample: a check on the weights), against the second, and on
  the numbers both labellers agree on.

    .venv/bin/python bench/grounding_agreement.py [--resamples N]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

import grounding as bench  # noqa: E402  (bench/grounding.py: the set and its writers)

from bench.resample import interval  # noqa: E402

SECOND = bench.DATA / "second" / "labels.json"


def load() -> tuple[dict, list[dict]]:
    """The sample's design (strata: population and sampled) and its items, each with the
    reply it is in, the first label's verdict and the second's."""
    raw = json.loads(SECOND.read_text(encoding="utf-8"))
    return raw["strata"], raw["items"]


def judged(items: list[dict], check) -> list[dict]:
    """Each item with `warned`: whether `check` warns the number now (its span overlaps an
    unsupported mention, as bench/grounding.py scores)."""
    replies = {r.name: r for r in bench.load_set(bench.DATA / "holdout")}
    mentions: dict[str, list] = {}
    out = []
    for item in items:
        r = replies[item["reply"]]
        if r.name not in mentions:
            mentions[r.name] = [m for m in check(r.text, r.request) if m.outcome == "unsupported"]
        start, end, _ = bench._span(r.text, item["text"], item["occurrence"])
        warned = any(m.start < end and start < m.end for m in mentions[r.name])
        out.append(dict(item, warned=warned, writer=bench.writer_of(r.name)))
    return out


def figures(items: list[dict], strata: dict) -> dict[str, float]:
    """The weighted estimates over the set (an item stands for its stratum's share)."""
    def w(i: dict) -> float:
        s = strata[i["stratum"]]
        return s["population"] / s["sampled"]

    def first(i: dict) -> bool:
        return i["first"] == "unsupported"

    def second(i: dict) -> bool:
        return i["label"] == "unsupported"

    def ratio(num, den) -> float:
        d = sum(w(i) for i in items if den(i))
        return sum(w(i) for i in items if den(i) and num(i)) / d if d else float("nan")

    total = sum(w(i) for i in items)
    p1 = sum(w(i) for i in items if first(i)) / total
    p2 = sum(w(i) for i in items if second(i)) / total
    seen = sum(w(i) for i in items if first(i) == second(i)) / total
    chance = p1 * p2 + (1 - p1) * (1 - p2)
    both = [i for i in items if first(i) == second(i)]

    def warned(i: dict) -> bool:
        return i["warned"]

    out = {"kappa": (seen - chance) / (1 - chance) if chance < 1 else float("nan"),
           "precision_first": ratio(first, warned), "recall_first": ratio(warned, first),
           "precision_second": ratio(second, warned), "recall_second": ratio(warned, second)}
    d = sum(w(i) for i in both if warned(i))
    out["precision_both"] = sum(w(i) for i in both if warned(i) and second(i)) / d \
        if d else float("nan")
    d = sum(w(i) for i in both if second(i))
    out["recall_both"] = sum(w(i) for i in both if warned(i) and second(i)) / d \
        if d else float("nan")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--resamples", type=int, default=1000)
    args = parser.parse_args(argv)
    from coach_tui.coach.grounding import check

    strata, items = load()
    items = judged(items, check)
    print(f"{len(items)} numbers labelled twice, standing for "
          f"{sum(s['population'] for s in strata.values()):,} held-out numbers")
    print("\n| stratum (on the sampling checker) | sampled / of | second labeller: unsupported |")
    print("|---|---:|---:|")
    for name, s in strata.items():
        mine = [i for i in items if i["stratum"] == name]
        u = sum(i["label"] == "unsupported" for i in mine)
        print(f"| {s['meaning']} | {s['sampled']:,} / {s['population']:,} | "
              f"{u} ({u / len(mine):.0%}) |")
    got = figures(items, strata)
    writers = sorted({i["writer"] for i in items})
    by = {w: [i for i in items if i["writer"] == w] for w in writers}
    spread = interval(writers, lambda ws: figures([i for w in ws for i in by[w]], strata),
                      args.resamples)

    def show(name: str, places: int = 2) -> str:
        lo, hi = spread[name]
        return f"{got[name]:.{places}f} ({lo:.{places}f}-{hi:.{places}f})"

    differ = sum((i["first"] == "unsupported") != (i["label"] == "unsupported") for i in items)
    print(f"\nthe two labels differ on unsupported-or-not for {differ} of the {len(items)} "
          f"numbers; Cohen's kappa over the set: {show('kappa', 3)}")
    print("\n| checker now, against | precision | recall |")
    print("|---|---:|---:|")
    print(f"| the first label (the bench's figure, estimated) | {show('precision_first')} | "
          f"{show('recall_first')} |")
    print(f"| the second label | {show('precision_second')} | {show('recall_second')} |")
    print(f"| the numbers both labellers agree on | {show('precision_both')} | "
          f"{show('recall_both')} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
