"""bench/event_days.py: what the block names for a message, against what its writer meant; a
held-out set is never explained. The messages are this file's own."""

from __future__ import annotations

import json
import sys

import pytest

from tests.support import REPO, bench_module

bench = bench_module("event_days.py", "bench_event_days")


def test_a_period_and_a_day_named_are_read_as_the_coach_is_given_them():
    # the storm's week and the week before it are periods; their days listed after the
    # memories are theirs, not named
    item = {"now": "2026-12-01T10:00", "text": "how did the storm week compare with the week "
            "before?", "expect": [["2026-10-12", "2026-10-18"], ["2026-10-19", "2026-10-25"]]}
    assert bench.read(item) == bench.meant(item)
    day = {"now": "2026-12-01T10:00", "text": "lisbon saturday, how many steps?",
           "expect": [["2026-10-10", "2026-10-10"]]}
    assert bench.read(day) == [("2026-10-10", "2026-10-10")]


def test_a_set_is_scored_by_kind():
    items = [{"now": "2026-12-01T10:00", "text": "lisbon saturday, how many steps?",
              "expect": [["2026-10-10", "2026-10-10"]]},
             {"now": "2026-12-01T10:00", "text": "lisbon saturday, how many steps?",
              "expect": [["2026-10-11", "2026-10-11"]]}]
    assert bench.score(items) == {("day", True): 1, ("day", False): 1}


@pytest.mark.parametrize("name", ["event_days2", "event_days4", "event_days8"])
def test_the_held_out_sets_are_never_explained(monkeypatch, capsys, name):
    monkeypatch.setattr(sys, "argv", ["event_days.py", "--explain", name])
    with pytest.raises(SystemExit) as out:
        bench.main()
    assert "held out" in str(out.value) and "\n" not in str(out.value)


def test_the_sets_are_labelled_pairs_of_days():
    for path in sorted((REPO / "bench" / "data" / "recall_event_days").glob("*.json")):
        items = json.loads(path.read_text())
        assert len(items) == 100
        assert all(len(pair) == 2 and pair[0] <= pair[1] for it in items for pair in it["expect"])
