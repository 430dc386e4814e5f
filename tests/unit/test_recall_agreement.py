"""bench/data/recall_fitness/second/: the second labels name held-out questions and rows the
home has, so bench/recall_agreement.py scores what was labelled."""

from __future__ import annotations

import json
import re

from tests.support import REPO

DATA = REPO / "bench" / "data" / "recall_fitness"


def test_every_second_label_is_of_a_held_out_question_and_of_rows_the_home_has():
    source = (REPO / "bench" / "recall_quality.py").read_text(encoding="utf-8")
    held_out = {f"{n}_questions.json" for n in re.findall(
        r'"(fresh\d+)"', source[source.index("HELD_OUT ="):source.index("SPAN_MATCH")])}
    home = json.loads((DATA / "home.json").read_text(encoding="utf-8"))
    days = {d["date"] for d in home["days"]}
    ids = {r["id"] for k in ("journal", "reviews", "exchanges") for r in home[k]}
    second = json.loads((DATA / "second" / "labels.json").read_text(encoding="utf-8"))
    assert len(second["questions"]) == 200
    for q in second["questions"]:
        assert q["file"] in held_out
        first = json.loads((DATA / q["file"]).read_text(encoding="utf-8"))
        assert q["id"] in {f["id"] for f in first}
        e = q["expect"]
        assert set(e) <= {"days", "spans", "journal", "reviews", "exchanges"}
        assert set(e.get("days", [])) <= days
        assert all(a in days and b in days and a <= b for a, b in e.get("spans", []))
        assert {r for k in ("journal", "reviews", "exchanges") for r in e.get(k, [])} <= ids
