"""Recall reads a message once and walks the index once for its short spans: the exchanges of
each span named and of the days after it come from one statement, and a reading kept for the
next caller (the days a text names, its asking clauses, its events) is never changed by the
caller before. The phrasings are this file's own."""

from datetime import date, datetime

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.events import event_phrases
from coach_tui.memory.message_parts import asking
from coach_tui.memory.query import terms_query
from coach_tui.store import search
from tests.unit.test_recall_memories import exchange, recall

TODAY = date(2026, 12, 3)  # a Thursday


def _seed(conn):
    """Exchanges about a documentary on four days, one with memory off, one about hills."""
    ids = {}
    for day, text in [("2026-11-01", "Watched a documentary about the Barkley, brilliant"),
                      ("2026-11-02", "That documentary again: the documentary had a great bit"),
                      ("2026-11-03", "Another documentary tonight, about Kilian"),
                      ("2026-11-05", "Hill reps done, legs gone")]:
        ids[day] = exchange(conn, day, text, "Sounds good. Rest well tonight.")[1]
    exchange(conn, "2026-11-02", "A documentary I must not be reminded of", "Noted.",
             memory_on=False)
    return ids


def test_each_window_gets_what_a_search_of_it_alone_gets(conn):
    ids = _seed(conn)
    query = terms_query(["documentary"])
    windows = [("2026-11-01", "2026-11-02"), ("2026-11-02", "2026-11-03"),
               ("2026-11-04", "2026-11-06"), ("2026-11-01", "2026-11-03")]
    together = search.chats_within_each(conn, query, windows, session_id=None, limit=2)
    alone = [search.chats_within(conn, query, start, end, session_id=None, limit=2)
             for start, end in windows]
    assert together == alone
    # the day that says it twice ranks first; an exchange in two windows is in both; the
    # limit holds for each window; nothing sent with memory off, nothing that does not match
    assert [h.ref for h in together[0]] == [ids["2026-11-02"], ids["2026-11-01"]]
    assert [h.ref for h in together[1]] == [ids["2026-11-02"], ids["2026-11-03"]]
    assert together[2] == []
    assert len(together[3]) == 2 and ids["2026-11-02"] in {h.ref for h in together[3]}
    assert search.chats_within_each(conn, query, [], session_id=None, limit=2) == []


def test_the_short_spans_of_a_message_are_searched_in_one_statement(conn):
    ids = _seed(conn)
    statements: list[str] = []
    conn.set_trace_callback(statements.append)
    try:
        block = recall(conn, "Which documentary did I watch on 1 November, 2 November and "
                             "3 November?", now=datetime(2026, 12, 3, 9, 0)).text
    finally:
        conn.set_trace_callback(None)
    assert "Barkley" in block and "Kilian" in block
    assert sum("json_each(" in s and "ROW_NUMBER()" in s for s in statements) == 1
    assert ids  # (the exchanges the block quotes)


def test_a_reading_kept_for_the_next_caller_is_not_changed_by_the_last():
    text = "How did last Tuesday and Wednesday go? And how were my steps after the flu?"
    spans = named_spans(text, TODAY)
    spans.append(spans[0])
    assert len(named_spans(text, TODAY)) == len(spans) - 1
    parts = asking(text)
    parts.clear()
    assert asking(text)
    phrases = event_phrases(text)
    phrases.clear()
    assert [p.words for p in event_phrases(text)] == ["flu"]
