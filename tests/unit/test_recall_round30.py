"""Recall, round 30: "the week before 16 November" is the seven days before that date, not the
date (nor the week before this one); a day asked about brings the exchange of the next days
that tells of it by its own date ("watched it last night", said the morning after). The
phrasings are this file's own."""

from datetime import date, datetime

import pytest

from coach_tui.memory.anchors import days_after, told_of
from coach_tui.memory.bests import best_phrases
from coach_tui.memory.daywords import named_spans
from coach_tui.memory.events import event_phrases, with_stretches
from coach_tui.memory.focus import THAT_DAY, WHAT_HAPPENED
from coach_tui.memory.goal_spans import HIGHER, LOWER, goal_asks
from coach_tui.memory.message_parts import asking
from coach_tui.memory.query import message_words, query_terms, terms_query
from coach_tui.memory.ranking import asked_kind
from coach_tui.memory.spans import Span
from coach_tui.memory.textspeak import spelled_out
from coach_tui.store import search
from tests.engine_support import seed_steps
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


def _told_after(conn, query, span):
    """The exchanges of the days after `span` that tell of it, as recall finds them."""
    return told_of(span, search.chats_within(conn, query, *days_after(span), session_id=None,
                                             limit=16), set())


def test_a_day_asked_about_brings_the_exchange_that_told_of_it_the_next_day(conn):
    _, told, _ = exchange(conn, "2026-11-02", "Finally watched the documentary last night!",
                          "Glad you liked it. Did it give you ideas for the hills?")
    exchange(conn, "2026-11-02", "Is a documentary a good rest-day thing?", "Sure, why not.")
    exchange(conn, "2026-10-02", "Do you know a good documentary about running?",
             "Try one about the Barkley.")
    query = terms_query(["documentary", "watch"])
    day = Span("2026-11-01", date(2026, 11, 1), date(2026, 11, 1), False)
    assert [h.ref for h in _told_after(conn, query, day)] == [told]
    other = Span("2026-10-10", date(2026, 10, 10), date(2026, 10, 10), False)
    assert _told_after(conn, query, other) == []
    assert "watched the documentary" in recall(
        conn, "Which documentary did I watch on 1 November?").text


@pytest.mark.parametrize("text, relation, words", [
    ("During the time I had the flu, how many steps I was making?", "during", "flu"),
    ("The three days with the cold in the nose, how much I walked each day?", "during", "cold"),
])
def test_a_time_had_said_as_days_with_a_thing_is_while_it_lasted(text, relation, words):
    assert [(p.relation, p.words) for p in event_phrases(text)] == [(relation, words)]


def test_a_time_with_a_goal_of_a_number_is_while_the_goal_was_it():
    text = with_stretches(spelled_out("In the time with the goal of 12 000, how many days?"))
    assert text.startswith("while my goal was 12,000")


@pytest.mark.parametrize("text", [
    "Which was my most bad week for the steps?", "my most good month"])
def test_most_bad_and_most_good_are_worst_and_best(text):
    assert best_phrases(text)[0][1] in ("week", "month")
    assert best_phrases(text)[0][0] == ("good" in text)


def test_a_question_whether_the_day_named_before_met_it_asks_that_day(conn):
    seed_steps(conn)
    text = recall(conn, "The 20 nov was the first day with the bigger goal. I reached it or not?",
                  now=datetime(2026, 12, 3, 9, 0)).text
    assert "2026-11-20" in text


def test_a_weekly_summary_is_a_review_and_that_whole_week_is_the_memorys_week():
    assert asked_kind("what the weekly summary of race week said to do?") == search.REVIEW_KIND
    assert THAT_DAY.search("and how much I walked in that whole week?").group(1) == "week"


def test_twenty_one_km_is_a_half_marathon():
    assert "half" in query_terms(message_words("How long it took me to finish the 21 km event?"),
                                 {})


def test_someone_elses_question_told_is_a_remark():
    parts = asking("The chap there asked how long I usually keep a pair going. "
                   "How much mileage had my old trainers clocked up?")
    assert parts == ["How much mileage had my old trainers clocked up"]


def test_a_relative_which_after_a_comma_asks_nothing():
    assert asking("I just said 'ages', which made Priya snort. How far had my old pair gone?") \
        == ["How far had my old pair gone"]
    assert asking("and which day was it. my knee hurt") == ["and which day was it", "my knee hurt"]


def test_a_question_word_a_remark_only_tells_of_asks_nothing_beside_a_real_question():
    text = ("It got me thinking about what I actually did before the race. "
            "What did you tell me about carb loading?")
    assert asking(text) == ["What did you tell me about carb loading"]


def test_a_long_story_keeps_the_words_of_its_question():
    story = ("Tom is planning a huge Italian dinner for Priya's birthday next Friday evening and "
             "joked about treating it like proper race prep, which got me thinking about "
             "Riverside and everything around it. ")
    words = message_words(story + "What did you tell me about starchy food before it?")
    assert {"starchy", "food"} <= set(words) and len(words) <= 16


def test_what_exactly_did_we_do_on_a_day_then_its_steps_asks_the_days_lines():
    assert WHAT_HAPPENED.search("What exactly did we do on Sept 24th, and how many steps?")
    assert not WHAT_HAPPENED.search("what did I do steps-wise on the 24th")


def test_around_the_block_is_no_event():
    assert event_phrases("not having to walk around the block at ten at night") == []


def test_a_short_question_about_buying_them_leans_on_the_remark_that_names_them():
    parts = asking("The Brooks are looking battered. Which day did I buy them?")
    assert parts == ["The Brooks are looking battered. Which day did I buy them"]


def test_the_month_before_last_is_two_months_back():
    spans = named_spans("the month before last, how many steps all told?", TODAY)
    assert [(s.start, s.end) for s in spans] == [(date(2026, 10, 1), date(2026, 10, 31))]


@pytest.mark.parametrize("text, words", [
    ("when I was all bunged up at the end of Nov, how low did I go each day?", "cold"),
    ("when I was stuck in Germany for work, what were my numbers like?", "germany"),
    ("back when I was knocked flat in September, how low were my numbers?", "ill"),
])
def test_a_state_or_a_place_when_i_was_is_while_it_lasted(text, words):
    assert ("during", words) in [(p.relation, p.words) for p in event_phrases(text)]


def test_the_stretch_when_the_goal_was_raised_is_the_raised_run():
    asks = goal_asks("the whole stretch when the daily number was bumped up, how often?")
    assert asks == [(HIGHER, None, 1)]
    assert goal_asks("when my target was cut back, how often did I hit it?") == [(LOWER, None, 1)]
