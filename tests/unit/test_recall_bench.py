"""bench/recall_quality.py runs some LoCoMo conversations alone (`--conversations N-M`, a quick
run while tuning) and prints the tuning conversations (1-5) and the held-out rest apart. The
conversations here are made up in LoCoMo's format (the real set is never in the repository)."""

from __future__ import annotations

import argparse
import json

import pytest

from tests.support import bench_module

bench = bench_module("recall_quality.py", "bench_recall_quality")


def _conversation(n: int) -> dict:
    turns = [{"speaker": "Ann", "dia_id": "D1:1", "text": f"I adopted a beagle called Pip{n}."},
             {"speaker": "Bo", "dia_id": "D1:2", "text": "Lovely, congratulations!"}]
    return {"sample_id": f"conv-{n}",
            "conversation": {"speaker_a": "Ann", "speaker_b": "Bo",
                             "session_1_date_time": "1:56 pm on 8 May, 2023",
                             "session_1": turns},
            "qa": [{"question": "What dog did Ann adopt?", "answer": "a beagle",
                    "evidence": ["D1:1"], "category": 4}]}


@pytest.fixture
def six(tmp_path):
    path = tmp_path / "locomo10.json"
    path.write_text(json.dumps([_conversation(n) for n in range(1, 7)]), encoding="utf-8")
    return path


@pytest.mark.parametrize(("text", "expected"), [("3", range(3, 4)), ("1-5", range(1, 6))])
def test_a_conversation_or_a_range_of_them(text, expected):
    assert bench.conversation_range(text) == expected


@pytest.mark.parametrize("text", ["x", "1-", "0", "5-1", "2-b"])
def test_a_bad_range_is_a_clear_error(text):
    with pytest.raises(argparse.ArgumentTypeError, match=r"expected (N or N-M|1 <= N <= M)"):
        bench.conversation_range(text)


def test_only_the_conversations_asked_for_are_loaded(six):
    homes = bench.load_locomo(six, range(2, 4))
    assert [h.name for h in homes] == ["conv-2", "conv-3"]
    assert [len(h.questions) for h in homes] == [1, 1]


def test_the_tuning_conversations_and_the_rest_are_printed_apart(six, capsys):
    bench.run_locomo(six, 500)
    out = capsys.readouterr().out
    assert "all, 1-5                 5   100.0%" in out
    assert "all, the rest            1   100.0%" in out


def test_a_run_of_some_conversations_says_which(six, capsys):
    bench.run_locomo(six, 500, range(6, 7))
    out = capsys.readouterr().out
    assert "conversations 6-6" in out
    assert "the rest" not in out


def test_the_answer_is_read_in_the_block_only_where_the_evidence_writes_it(tmp_path, capsys):
    """A line that quotes an evidence turn without its answer holds the turn, not the answer:
    "answer shown" says which. An answer no evidence turn writes word for word (a paraphrase)
    is not counted either way."""
    told = _conversation(1)
    told["conversation"]["session_1"][0]["text"] = (
        "I adopted a dog last week after months and months of looking at every single shelter "
        "and rescue in the whole county, and her name is Misty.")
    told["qa"] = [{"question": "What did Ann adopt last week?", "answer": "Misty.",
                   "evidence": ["D1:1"], "category": 4},
                  {"question": "Where did Ann find her dog?", "answer": "a county shelter",
                   "evidence": ["D1:1"], "category": 4}]
    path = tmp_path / "locomo10.json"
    path.write_text(json.dumps([told]), encoding="utf-8")
    assert [q.answer for q in bench.load_locomo(path)[0].questions] == ["misty", ""]
    got = bench.run_locomo(path, 500)
    # the turn is quoted up to "rescue in ...": held, its answer cut off
    assert (got["all"], got["answerable"], got["answer_shown"]) == (1.0, 1, 0.0)
    assert capsys.readouterr().out.splitlines()[-1].endswith("0.0% of 1")


def test_the_interval_draws_files_not_questions():
    """Files alike give an interval of one point; files apart give one around the whole set's
    figure, the same run to run."""
    def q(found, expected, true, counted):
        return {"found": found, "expected": expected, "true": true, "counted": counted}
    alike = [[q(9, 10, 6, 10), q(1, 1, 1, 1)] for _ in range(6)]
    got = bench.interval(alike, resamples=200)
    assert got["recall"] == (10 / 11, 10 / 11) and got["precision"] == (7 / 11, 7 / 11)
    apart = [[q(10, 10, 8, 10)], [q(5, 10, 4, 10)]] * 4
    lo, hi = bench.interval(apart, resamples=500)["recall"]
    assert lo < 0.75 < hi and (lo, hi) == bench.interval(apart, resamples=500)["recall"]
