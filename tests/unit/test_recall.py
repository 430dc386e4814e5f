"""Recall: the days a message names, matching memories, the live line; pure and bounded."""

from datetime import date, datetime

import pytest

from coach_tui.memory.daylines import live_line
from coach_tui.memory.daywords import named_spans
from coach_tui.memory.recall import build_recall, fts_query
from coach_tui.store import sessions as store
from coach_tui.store.reviews import save_review
from coach_tui.store.steps import Day
from tests.engine_support import NOW, TODAY_STEPS, seed_journal, seed_steps

MONDAY = date(2026, 11, 30)


def days(text, today=MONDAY):
    return [(s.start.isoformat(), s.end.isoformat()) for s in named_spans(text, today)]


def single(text, today=MONDAY):
    return [start for start, end in days(text, today) if start == end]


@pytest.mark.parametrize("text, expected", [
    ("how was yesterday?", ["2026-11-29"]),
    ("and the day before yesterday", ["2026-11-28"]),
    ("What happened on Tuesday", ["2026-11-24"]),
    ("last Tuesday was rough", ["2026-11-24"]),
    ("on 2026-11-03 I walked", ["2026-11-03"]),
    ("on 2026-02-30 (no such day)", []),
    ("next Friday I will", []),
    ("tomorrow and 2026-12-05", []),       # the future has no records
    ("today so far?", []),                 # today is the live line's job
])
def test_single_days_named(text, expected):
    assert single(text) == expected


def test_weekday_names_count_back_from_today():
    wednesday = date(2026, 12, 2)
    assert single("monday", wednesday) == ["2026-11-30"]
    assert single("wednesday", wednesday) == []              # that is today
    assert single("last wednesday", wednesday) == ["2026-11-25"]
    assert single("last monday", wednesday) == ["2026-11-30"]


def test_weeks_months_and_ranges():
    wednesday = date(2026, 12, 2)
    assert days("this week?", wednesday) == [("2026-11-30", "2026-12-01")]
    assert days("how was last week", MONDAY) == [("2026-11-23", "2026-11-29")]
    assert days("the last 5 days", MONDAY) == [("2026-11-25", "2026-11-29")]
    assert days("past three days", MONDAY) == [("2026-11-27", "2026-11-29")]
    assert days("in October", MONDAY) == [("2026-10-01", "2026-10-31")]
    assert days("this month", wednesday) == [("2026-12-01", "2026-12-01")]
    assert days("last month", wednesday) == [("2026-11-01", "2026-11-30")]
    assert days("December", MONDAY) == [("2025-12-01", "2025-12-31")]   # the latest one
    assert days("March 2024", MONDAY) == [("2024-03-01", "2024-03-31")]


def test_may_is_a_month_only_when_used_like_one():
    assert days("I may walk more") == []
    assert days("May I ask something?") == []
    assert days("back in May I was fitter") == [("2026-05-01", "2026-05-31")]
    assert days("May 2025 was good") == [("2025-05-01", "2025-05-31")]


def test_live_line_has_clock_partial_steps_and_goal():
    line = live_line(datetime(2026, 11, 30, 21, 5), Day("2026-11-30", 4_321, 8_000), 10_000)
    assert line == ("Now: Monday 2026-11-30, 21:05. Today so far: 4,321 steps of a 8,000 goal, "
                    "3,679 to go (partial: the day is not over).")
    assert "no steps synced yet (goal 10,000)" in live_line(NOW, None, 10_000)
    over = live_line(NOW, Day("2026-11-30", 10_250, None), 10_000)
    assert "10,250 steps of a 10,000 goal, goal met, 250 over" in over


def recall(conn, text, **kw):
    kw.setdefault("now", NOW)
    kw.setdefault("default_goal", 10_000)
    kw.setdefault("max_chars", 2_500)
    return build_recall(conn, text, **kw).text


def test_named_days_come_from_sql_with_goal_and_met(conn):
    seed_steps(conn, goal=10_000)
    text = recall(conn, "Compare yesterday with last Tuesday")
    assert f"Today so far: {TODAY_STEPS:,} steps of a 10,000 goal" in text
    assert "- Tue 2026-11-24: 10,864 steps, goal 10,000, met" in text
    assert "- Sun 2026-11-29: 9,753 steps, goal 10,000, not met" in text
    assert text.index("Tue 2026-11-24") < text.index("Sun 2026-11-29")  # in date order


def test_last_week_lists_days_and_a_summary_computed_in_code(conn):
    seed_steps(conn, goal=10_000)
    text = recall(conn, "how did last week go?")
    assert text.count("\n- ") == 8
    assert ("- last week (2026-11-23 to 2026-11-29): 7 of 7 days recorded, 65,789 steps, "
            "average 9,398/day, goal met on 3, best 12,468 on 2026-11-28") in text


def test_recall_is_deterministic_and_fits_any_budget(conn):
    seed_steps(conn)
    seed_journal(conn, [f"Knee felt stiff after hill walk number {i}" for i in range(30)])
    text = "last week my knee and the hill walk, also October and yesterday"
    full = recall(conn, text)
    assert full == recall(conn, text)
    for budget in range(0, len(full) + 40, 13):
        part = recall(conn, text, max_chars=budget)
        assert len(part) <= budget
        if part:
            assert part.startswith("CONTEXT FOR THIS MESSAGE")
            assert "Now: Monday" in part  # the live line goes first, so it survives cuts
    assert recall(conn, text, max_chars=0) == ""


def test_journal_hits_skip_lines_in_the_snapshot_and_lines_newer_than_it(conn):
    old, in_snapshot, newer = seed_journal(conn, [
        "Hates the treadmill, loves the canal path",
        "Treadmill at the gym is fine in winter",
        "Bought a treadmill desk",
    ])
    text = recall(conn, "should I use the treadmill?", snapshot_entry_ids={in_snapshot},
                  journal_watermark=in_snapshot)
    assert "loves the canal path" in text
    assert "fine in winter" not in text          # already in the system prompt
    assert "treadmill desk" not in text          # written after the snapshot: next session


@pytest.mark.parametrize("nasty", [
    'treadmill" OR 1=1', "treadmill*", "NEAR(treadmill canal)", "text:treadmill",
    "treadmill AND NOT canal", '"unbalanced', "(treadmill", "-treadmill ^canal", "'; DROP",
])
def test_user_words_are_never_fts_syntax(conn, nasty):
    seed_journal(conn, ["Hates the treadmill, loves the canal path"])
    text = recall(conn, nasty)  # must not raise
    assert text.startswith("CONTEXT FOR THIS MESSAGE")
    query = fts_query(nasty)
    if query is not None:
        assert all(part.startswith('"') and part.endswith('"') for part in query.split(" OR "))


def test_fts_query_drops_stopwords_and_time_words_and_adds_synonyms():
    query = fts_query("How was my walk yesterday?")
    assert query.split(" OR ")[0] == '"walk"' and '"stroll"' in query
    assert "yesterday" not in query and '"how"' not in query
    assert fts_query("what about last week") is None


def test_reviews_recall_only_the_newest_save_of_a_period(conn):
    save_review(conn, period_key="week:2026-W40", period_start="2026-09-28",
                period_end="2026-10-04", text="Early draft: rain ruined the hiking plan",
                model="m", created_at="2026-10-05T09:00:00")
    save_review(conn, period_key="week:2026-W40", period_start="2026-09-28",
                period_end="2026-10-04", text="Final: rain ruined the hiking plan twice",
                model="m", created_at="2026-10-05T10:00:00")
    text = recall(conn, "remember the hiking plan?")
    assert ('- 2026-10-05, saved review of week:2026-W40: '
            '"Final: rain ruined the hiking plan twice"' in text)
    assert "Early draft" not in text


def test_chat_hits_come_from_other_sessions_sent_with_memory_on(conn):
    def session():
        return store.create_session(conn, created_at="2026-11-01T10:00:00", model="m",
                                    system=[], memory_on=True, snapshot_entry_ids=[],
                                    journal_watermark=0, snapshot_deletions=0, effort="low",
                                    max_tokens=8192, snapshot_date="2026-11-01")

    def said(sid, text, memory_on, status="ok", reply="Try thicker socks."):
        tid = store.add_user_turn(conn, sid, created_at="2026-11-01T10:00:00", text=text,
                                  memory_on=memory_on, title="t")
        store.finish_user_turn_in_tx(conn, tid, status=status, error=None)
        if status == "ok":
            store.add_assistant_turn_in_tx(
                conn, sid, reply_to=tid, created_at="2026-11-01T10:00:05", text=reply,
                status="ok", error=None, response_id="r", model="m", usage=None,
                cost_usd=None, cache_miss_reason=None, memory_on=memory_on)

    past, private, current = session(), session(), session()
    said(past, "My new hiking boots give me blisters", True)
    said(private, "Hiking with my secret friend", False)
    said(past, "Hiking got cancelled", True, status="failed")
    said(current, "Hiking boots again", True)
    text = recall(conn, "what about my hiking boots", session_id=current)
    # The unit is the exchange: the user's words with the coach's reply, dated.
    assert ('- 2026-11-01 chat, you: "My new hiking boots give me blisters"; '
            'coach: "Try thicker socks."') in text
    assert "secret" not in text and "cancelled" not in text and "again" not in text


def test_deleted_lines_leave_a_stored_recall_block(conn):
    keep, gone = seed_journal(conn, ["Hates the treadmill", "Treadmill bores him"])
    block = build_recall(conn, "treadmill?", now=NOW, default_goal=10_000, max_chars=2_500)
    assert "Hates the treadmill" in block.text and "Treadmill bores him" in block.text
    from coach_tui.memory import journal
    from coach_tui.memory.recall import without_deleted_lines

    assert without_deleted_lines(conn, block) == block
    journal.delete_entry(conn, gone)
    cleaned = without_deleted_lines(conn, block).text
    assert "Treadmill bores him" not in cleaned and "Hates the treadmill" in cleaned
    journal.delete_entry(conn, keep)
    cleaned = without_deleted_lines(conn, block).text
    assert "Memories that match" not in cleaned
    assert cleaned.startswith("CONTEXT FOR THIS MESSAGE")


def test_recall_records_the_journal_lines_it_quoted(conn):
    first, second = seed_journal(conn, ["Hates the treadmill", "Treadmill bores him"])
    full = build_recall(conn, "treadmill?", now=NOW, default_goal=10_000, max_chars=2_500)
    assert sorted(full.quoted) == [(first, "- 2026-11-20, journal: Hates the treadmill"),
                                   (second, "- 2026-11-20, journal: Treadmill bores him")]
    assert all(line in full.text.split("\n") for _, line in full.quoted)
    # A line the budget leaves out is not recorded as quoted.
    cut = build_recall(conn, "treadmill?", now=NOW, default_goal=10_000,
                       max_chars=len(full.text) - 1)
    assert len(cut.quoted) == 1 and cut.quoted[0][1] in cut.text
