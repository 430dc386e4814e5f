"""Reading a long session without loading it: the newest turns a page at a time, and its totals
summed in SQL, equal to adding up every stored turn."""

from __future__ import annotations

from datetime import datetime

import pytest

from coach_tui.coach.pricing import Usage, add_costs
from coach_tui.coach.session import CoachSession
from coach_tui.coach.transcript import session_totals, usage_of
from coach_tui.store import sessions as store
from coach_tui.store.db import transaction


def add_exchange(conn, sid: int, i: int, *, reply_status="ok", cost=0.001,
                 usage=(10, 5, 100, 20), unverified=(), miss=None, user_status="ok") -> None:
    """One message and (unless `reply_status` is None) its reply, as the engine stores them."""
    with transaction(conn):
        uid = conn.execute(
            "INSERT INTO turns (session_id, role, created_at, text, status, memory_on) "
            "VALUES (?, 'user', ?, ?, ?, 1)",
            (sid, f"2026-11-30T08:{i % 60:02d}:00", f"question {i}", user_status)).lastrowid
        if reply_status is not None:
            store.add_assistant_turn_in_tx(
                conn, sid, reply_to=uid, created_at=f"2026-11-30T08:{i % 60:02d}:30",
                text=f"answer {i}", status=reply_status, error=None, response_id=f"msg_{i}",
                model="claude-sonnet-5-5", usage=usage, cost_usd=cost, cache_miss_reason=miss,
                memory_on=True, unverified=unverified)


@pytest.fixture
def sid(conn, settings):
    return CoachSession.new(conn, settings, now=datetime(2026, 11, 30, 8, 0)).session_id


def texts(rows) -> list[str]:
    return [r.text for r in rows]


def test_pages_run_newest_first_each_oldest_first_and_meet_without_gaps(conn, sid, settings):
    for i in range(7):
        add_exchange(conn, sid, i)
    other = CoachSession.new(conn, settings, now=datetime(2026, 11, 30, 9, 0)).session_id
    add_exchange(conn, other, 99)  # another session's turns never appear

    newest = store.list_turns_page(conn, sid, limit=4)
    assert texts(newest) == ["question 5", "answer 5", "question 6", "answer 6"]
    pages, before = [newest], newest[0].turn_id
    while page := store.list_turns_page(conn, sid, limit=4, before_turn_id=before):
        pages.insert(0, page)
        before = page[0].turn_id
    assert [len(p) for p in pages] == [2, 4, 4, 4]
    assert [r for p in pages for r in p] == store.list_turns(conn, sid)
    assert store.list_turns_page(conn, sid, limit=0) == []
    with pytest.raises(ValueError):
        store.list_turns_page(conn, sid, limit=-1)


def test_sql_totals_equal_adding_up_every_turn(conn, sid):
    add_exchange(conn, sid, 0, miss="system_changed", unverified=("12,000",))
    add_exchange(conn, sid, 1, reply_status=None, user_status="failed")    # no reply at all
    add_exchange(conn, sid, 2, reply_status="interrupted", usage=None, cost=None)  # not billed
    add_exchange(conn, sid, 3, usage=(7, 0, 300, 40), cost=0.0025, miss="model_changed",
                 unverified=("3", "4"))
    add_exchange(conn, sid, 4, reply_status="interrupted", usage=None, cost=None,
                 unverified=("9",))

    rows = store.list_turns(conn, sid)
    billed = [t for t in rows if t.role == "assistant" and t.input_tokens is not None]
    by_hand = sum((usage_of(t) for t in billed), Usage(0, 0, 0, 0))
    totals = session_totals(conn, sid)
    assert totals.turns == 5
    assert Usage(totals.input_tokens, totals.cache_creation_tokens, totals.cache_read_tokens,
                 totals.output_tokens) == by_hand
    assert totals.cost_usd == pytest.approx(add_costs(t.cost_usd for t in billed))
    assert totals.hit_rate == pytest.approx(by_hand.hit_rate)
    assert totals.last_miss_reason == "model_changed"
    assert totals.unverified == 4


def test_a_billed_reply_without_a_price_makes_the_cost_unknown(conn, sid):
    add_exchange(conn, sid, 0)
    add_exchange(conn, sid, 1, cost=None)
    assert session_totals(conn, sid).cost_usd is None


def test_an_empty_session_sums_to_zero(conn, sid):
    totals = session_totals(conn, sid)
    assert (totals.turns, totals.input_tokens, totals.cost_usd, totals.hit_rate,
            totals.last_miss_reason, totals.unverified) == (0, 0, 0.0, None, None, 0)


def test_a_reply_keeps_its_numbers_and_the_recall_of_its_message(conn, sid):
    with transaction(conn):
        uid = conn.execute(
            "INSERT INTO turns (session_id, role, created_at, text, recall, status, memory_on) "
            "VALUES (?, 'user', '2026-11-30T08:00:00', 'how far?', 'CONTEXT: 2,214 so far', "
            "'ok', 1)", (sid,)).lastrowid
        numbers = ({"text": "7,786", "start": 0, "end": 5, "outcome": "computed",
                    "source": "10,000 goal − 2,214 so far (today) = 7,786"},)
        checked = store.add_assistant_turn_in_tx(
            conn, sid, reply_to=uid, created_at="2026-11-30T08:00:30", text="7,786 to go",
            status="ok", error=None, response_id="m1", model="claude-sonnet-5-5", usage=None,
            cost_usd=None, cache_miss_reason=None, memory_on=True, numbers=numbers)
        unchecked = store.add_assistant_turn_in_tx(
            conn, sid, reply_to=uid, created_at="2026-11-30T08:00:40", text="7,7",
            status="interrupted", error="cut", response_id=None, model="claude-sonnet-5-5",
            usage=None, cost_usd=None, cache_miss_reason=None, memory_on=True)
    assert store.reply_sources(conn, checked) == (list(numbers), "CONTEXT: 2,214 so far")
    assert store.reply_sources(conn, unchecked) == (None, "CONTEXT: 2,214 so far")
    assert store.reply_sources(conn, 10_000) == (None, None)
    assert store.list_turns(conn, sid)[-2].numbers == numbers
