"""Does the number checker tell advice from claims, sentence by sentence? Labelled coach
sentences (each number "claim": about the runner's data, so checked; or "advice": a
suggestion, plan, target, supposition or general fact, never warned), checked one by one
against the request they were written for (bench/data/grounding/requests/request_22.json:
Wednesday 2 December, 2,214 so far, the runner the brief describes).

    .venv/bin/python bench/advice_reading.py                  # the labelled sets, in aggregate
    .venv/bin/python bench/advice_reading.py --explain advice1   # each number of one (tuning) set

Reported per file: the share of advice numbers the checker does not warn about (read as advice,
or as true), and the share of claims it checks (any outcome but advice; a claim it does not
read as a number at all is not checked). The sets are in bench/data/advice_sentences/.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.labelled import labelled_set  # noqa: E402
from coach_tui.coach.grounding import check  # noqa: E402

DATA = REPO / "bench" / "data" / "advice_sentences"
REQUEST = REPO / "bench" / "data" / "grounding" / "requests" / "request_22.json"


def outcomes(item: dict, request: dict) -> list[tuple[str, str, str | None]]:
    """(number as labelled, its label, the checker's outcome or None when it reads none)."""
    text = item["sentence"]
    mentions = check(text, request)
    out, pos = [], 0
    for n in item["numbers"]:
        start = text.find(n["text"], pos)
        end = start + len(n["text"])
        pos = end
        got = [m.outcome for m in mentions if m.start < end and start < m.end]
        out.append((n["text"], n["label"], "unsupported" if "unsupported" in got
                    else got[0] if got else None))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--explain", help="print each wrongly read number of this set (a name "
                    "in bench/data/advice_sentences, or a path)")
    args = ap.parse_args()
    request = json.loads(REQUEST.read_text())
    if args.explain:
        for it in labelled_set(args.explain, DATA, "advice_reading.py"):
            for text, label, got in outcomes(it, request):
                wrong = got == "unsupported" if label == "advice" else got in ("advice", None)
                if wrong:
                    print(f"{it['id']} [{text}] {label}, read {got}: {it['sentence']}")
        return
    for f in sorted(DATA.glob("*.json")):
        rows = [o for it in json.loads(f.read_text()) for o in outcomes(it, request)]
        advice = [got for _, label, got in rows if label == "advice"]
        claims = [got for _, label, got in rows if label == "claim"]
        quiet = sum(g != "unsupported" for g in advice) / len(advice)
        as_advice = sum(g == "advice" for g in advice) / len(advice)
        checked = sum(g not in ("advice", None) for g in claims) / len(claims)
        print(f"{f.name:15} {len(advice):4} advice numbers: {quiet:6.1%} not warned "
              f"({as_advice:.1%} read as advice); {len(claims):4} claims: {checked:6.1%} "
              f"checked")


if __name__ == "__main__":
    main()
