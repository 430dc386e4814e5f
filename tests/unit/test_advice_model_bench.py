"""bench/advice_model.py, the experiment of a trained advice reader: what it reads of a reply,
that it learns a separable set, and one clear line for a veto it does not know."""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace

import pytest

from tests.support import bench_module


def _experiment():
    return bench_module("advice_model.py", "advice_model_bench")


def _at(reply: str, text: str, outcome: str = "unsupported", kind: str = "count"):
    start = reply.index(text)
    return SimpleNamespace(start=start, end=start + len(text), kind=kind, outcome=outcome)


def test_a_number_is_read_by_its_sentence_line_heading_and_days():
    am = _experiment()
    reply = ("### Next steps\n\n- Thursday: a brisk loop after dinner, about 9,500.\n"
             "- Monday you did 7,400.")
    loop, did = _at(reply, "9,500"), _at(reply, "7,400")
    ahead, lived = am.features(reply, [loop, did], [loop, did], date(2026, 12, 1))  # a Tuesday
    assert {"line:bullet", "h:next", "h:steps", "s:brisk", "l1:about", "ahead:weekday",
            "ruled:unsupported", "kind:count"} <= set(ahead)
    assert "reports:clause" not in ahead and "lived:weekday" not in ahead
    assert {"reports:clause", "lived:weekday"} <= set(lived)


def test_a_date_the_rules_read_as_a_claim_marks_its_line():
    am = _experiment()
    reply = "Nov 30: 9,000 steps.\nTue: 9,500."
    nov, first, second = _at(reply, "Nov 30", "quoted", "date"), _at(reply, "9,000"), \
        _at(reply, "9,500")
    names = am.features(reply, [first, second], [nov, first, second], None)
    assert "line:dated" in names[0] and "line:dated" not in names[1]


def test_it_learns_a_separable_set_and_a_veto_keeps_the_warning():
    am = _experiment()
    data = [am.Example("w", ["bias", "s:try"], {"advice"}, False) for _ in range(20)] + \
        [am.Example("w", ["bias", "s:did"], {"unsupported"}, True) for _ in range(20)]
    model = am.train(data, min_count=1)
    assert am.probability(["bias", "s:try"], model, frozenset()) > 0.9
    assert am.probability(["bias", "s:did"], model, frozenset()) < 0.1
    assert am.probability(["bias", "s:try", "line:table"], model, frozenset({"line:table"})) == 0


def test_an_unknown_veto_is_one_line(capsys):
    with pytest.raises(SystemExit) as stop:
        _experiment().main(["--vetoes", "line:table,nonsense"])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].endswith("--vetoes: unknown nonsense")
