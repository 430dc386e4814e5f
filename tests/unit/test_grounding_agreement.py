"""bench/grounding_agreement.py: the second labeller's sample, weighted by its strata, and its
labels tied to numbers that are in the held-out replies."""

from __future__ import annotations

import json
import sys

import pytest

from tests.support import REPO, bench_module


def _bench():
    sys.path.insert(0, str(REPO / "bench"))
    return bench_module("grounding_agreement.py", "grounding_agreement")


def _item(stratum: str, first: str, second: str, warned: bool) -> dict:
    return {"stratum": stratum, "first": first, "label": second, "warned": warned}


def test_a_sampled_number_stands_for_its_stratums_share():
    """One number of 1,000 passed ones the second labeller calls unsupported is a thousand
    misses against them, however few numbers were sampled."""
    strata = {"WU": {"population": 10, "sampled": 10}, "PT": {"population": 1000, "sampled": 1}}
    items = [_item("WU", "unsupported", "unsupported", True) for _ in range(10)]
    items.append(_item("PT", "quoted", "unsupported", False))
    got = _bench().figures(items, strata)
    assert got["recall_first"] == 1.0 and got["precision_first"] == 1.0
    assert got["recall_second"] == pytest.approx(10 / 1010)
    assert got["recall_both"] == 1.0  # the number they disagree on is left out
    assert got["kappa"] < 0.05


def test_labellers_who_always_agree_have_kappa_one():
    strata = {"WT": {"population": 4, "sampled": 2}, "PU": {"population": 3, "sampled": 3}}
    items = [_item("WT", "quoted", "computed", True), _item("WT", "advice", "quoted", True)]
    items += [_item("PU", "unsupported", "unsupported", False) for _ in range(3)]
    got = _bench().figures(items, strata)
    assert got["kappa"] == pytest.approx(1.0)
    assert got["precision_second"] == 0.0 and got["recall_second"] == 0.0


def test_every_second_label_names_a_number_of_its_reply_and_its_strata_add_up():
    raw = json.loads((REPO / "bench" / "data" / "grounding" / "second" / "labels.json")
                     .read_text(encoding="utf-8"))
    holdout = REPO / "bench" / "data" / "grounding" / "holdout"
    for item in raw["items"]:
        reply = json.loads((holdout / f"{item['reply']}.json").read_text(encoding="utf-8"))
        assert reply["reply"].count(item["text"]) >= item["occurrence"], item
        assert item["label"] in ("quoted", "computed", "advice", "unsupported")
    for name, s in raw["strata"].items():
        assert sum(i["stratum"] == name for i in raw["items"]) == s["sampled"] <= s["population"]
