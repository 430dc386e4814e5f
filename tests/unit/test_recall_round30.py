"""Recall, round 30: "the week before 16 November" is the seven days before that date, not the
date (nor the week before this one); a day asked about brings the exchange of the next days
that tells of it by its own date ("watched it last night", said the morning after). The
phrasings are this file's own."""

from datetime import date

import pytest

from coach_tui.memory.anchors import told_after
from coach_tui.memory.daywords import named_spans
from coach_tui.memory.query import terms_query
from coach_tui.memory.spans import Span
from tests.unit.test_recall_memories import exchange, recall

TODAY = date(2026, 12, 3)  # a Thursday


@pytest.mark.parametrize("text, start, end", [
    ("what did I get up to the week before 16 November?", date(2026, 11, 9), date(2026, 11, 15)),
    ("steps the week after Nov 3", date(2026, 11, 4), date(2026, 11, 10)),
    ("and the day before 13 November?", date(2026, 11, 12), date(2026, 11, 12)),
    ("the weekend before the 14th", date(2026, 11, 7), date(2026, 11, 8)),
    ("the fortnight before Nov 20", date(2026, 11, 6), date(2026, 11, 19)),
])
def test_a_stretch_beside_a_written_date_is_that_stretch_alone(text, start, end):
    assert [(s.start, s.end) for s in named_spans(text, TODAY)] == [(start, end)]


def test_the_week_before_standing_alone_is_still_the_week_before_last():
    spans = named_spans("last week vs the week before?", TODAY)
    assert [(s.start, s.end) for s in spans][-1] == (date(2026, 11, 16), date(2026, 11, 22))


def test_a_day_asked_about_brings_the_exchange_that_told_of_it_the_next_day(conn):
    _, told, _ = exchange(conn, "2026-11-02", "Finally watched the documentary last night!",
                          "Glad you liked it. Did it give you ideas for the hills?")
    exchange(conn, "2026-11-02", "Is a documentary a good rest-day thing?", "Sure, why not.")
    exchange(conn, "2026-10-02", "Do you know a good documentary about running?",
             "Try one about the Barkley.")
    query = terms_query(["documentary", "watch"])
    day = Span("2026-11-01", date(2026, 11, 1), date(2026, 11, 1), False)
    assert [h.ref for h in told_after(conn, query, day, set(), None, 0)] == [told]
    other = Span("2026-10-10", date(2026, 10, 10), date(2026, 10, 10), False)
    assert told_after(conn, query, other, set(), None, 0) == []
    assert "watched the documentary" in recall(
        conn, "Which documentary did I watch on 1 November?").text
