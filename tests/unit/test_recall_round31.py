"""Recall, round 31: "the week before" after a week a date names is the week before that one
(not the week before last); "my best ever week" is the best week; "with that head cold" is
the stretch of the cold. The phrasings are this file's own."""

from datetime import date, datetime

import pytest

from coach_tui.memory import focus
from coach_tui.memory.bests import best_phrases
from coach_tui.memory.daywords import named_spans
from coach_tui.memory.events import with_stretches
from coach_tui.memory.message_parts import asking
from coach_tui.memory.query import expand, message_words, read_phrases
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import exchange, recall

TODAY = date(2026, 12, 3)  # a Thursday


@pytest.mark.parametrize("text, start, end", [
    ("the week of 2 November: more or less than the week before?",
     date(2026, 10, 26), date(2026, 11, 1)),
    ("how did the week of the 9th of November go, and the previous week?",
     date(2026, 11, 2), date(2026, 11, 8)),
])
def test_the_week_before_a_week_a_date_names_is_the_one_before_it(text, start, end):
    spans = [(s.start, s.end) for s in named_spans(text, TODAY)]
    assert (start, end) in spans
    assert (date(2026, 11, 16), date(2026, 11, 22)) not in spans  # not the week before last


def test_the_week_before_alone_with_no_week_named_is_still_the_week_before_last():
    assert [(s.start, s.end) for s in named_spans("and the week before?", TODAY)] == [
        (date(2026, 11, 16), date(2026, 11, 22))]


@pytest.mark.parametrize("text, best", [
    ("what was my best ever week?", True),
    ("my worst single day this autumn", False),
])
def test_a_best_with_ever_or_single_before_its_unit(text, best):
    assert best_phrases(text)[0][0] is best


@pytest.mark.parametrize("text", [
    "how far did my steps fall with that head cold?",
    "how low did the count go with the flu",
])
def test_with_an_illness_is_the_stretch_while_it_was_had(text):
    assert "while I had the" in with_stretches(text)


@pytest.mark.parametrize("text", [
    "is running with a cold a bad idea?",           # a kind of outing
    "how long was I laid up with that virus?",      # how it was had: its journal lines
])
def test_with_an_illness_after_no_fall_in_steps_is_no_stretch(text):
    assert "while" not in with_stretches(text)


@pytest.mark.parametrize("text", [
    "Nov 2-4 were three rotten days in a row. Steps for each, please, and what was up with me?",
    "The 3rd of November. Please steps for that day, and what did you say then?",
])
def test_a_request_beside_a_question_asks_too(text):
    assert any("step" in part.lower() for part in asking(text))


@pytest.mark.parametrize("text, day", [
    ("Sept 16 and Sept 17: what were my steps?", date(2026, 9, 17)),
    ("Nov 3: how many steps?", date(2026, 11, 3)),
])
def test_a_date_before_a_colon_is_a_date_not_a_time(text, day):
    assert (day, day) in [(s.start, s.end) for s in named_spans(text, TODAY)]


def test_a_time_after_a_month_is_still_no_date():
    assert all(s.days > 1 for s in named_spans("Nov 3:30 walk", TODAY))


def test_the_month_before_my_best_month(conn):
    seed_steps(conn, end=date(2026, 11, 30), values=[9_000] * 31 + [12_000] * 30,
               today_steps=None)
    block = recall(conn, "Which was my best month, and how did it compare with the month "
                   "before it?", now=datetime(2026, 12, 3, 10, 0)).text
    assert "best month: November 2026" in block
    assert "October 2026 (2026-10-01 to 2026-10-31)" in block


def test_retiring_shoes_finds_replacing_them():
    assert "replace" in expand("retire")


def test_what_i_moaned_about_that_morning_brings_the_days_exchange_without_shared_words(conn):
    exchange(conn, "2026-11-04", "office days are killing my step count",
             "Split it: a short loop before work and one at lunch.")
    exchange(conn, "2026-11-05", "office days again, ugh", "Same plan as yesterday.")
    block = recall(conn, "A month ago today, what was I moaning to you about that morning?",
                   now=datetime(2026, 12, 4, 7, 45)).text
    assert "office days are killing" in block
    assert "office days again" not in block


@pytest.mark.parametrize("text, asks_totals", [
    ("The week of 24 August: total steps, what did your review put it down to?", True),
    ("What did the review of that week say about my steps?", False),
])
def test_steps_asked_before_the_review_in_one_clause_keep_the_weeks_totals(text, asks_totals):
    assert (focus._STEPS_THEN_REVIEW.search(text) is not None) is asks_totals


def test_who_came_out_with_me_on_a_day_brings_that_days_journal_line(conn):
    seed_steps(conn, end=date(2026, 11, 30), values=[12_000] * 30, today_steps=None)
    seed_journal(conn, ["Long Sunday walk with Tom along the river"], entry_date="2026-11-22")
    block = recall(conn, "who came out with me on 22 November?",
                   now=datetime(2026, 12, 2, 8, 5)).text
    assert "Long Sunday walk with Tom" in block


def test_a_flare_is_found_where_the_line_says_the_pain_came_back():
    assert "came back" in expand("flared")


@pytest.mark.parametrize("word", ["reckon", "suggested"])
def test_how_the_coachs_word_is_asked_after_is_no_search_word(word):
    assert word not in message_words(f"what did you {word} about my calves?")


def test_the_big_day_is_race_day():
    assert "race day" in read_phrases("steps on the big day?")
    assert "before the race" in read_phrases("steps before the big day?")


@pytest.mark.parametrize("said", ["did you reckon I'd go backwards?",
                                  "would a week in bed set me back?"])
def test_going_backwards_is_losing_fitness(said):
    assert "fitness" in read_phrases(said)


def test_what_a_weekend_came_to_each_day_asks_for_its_days():
    assert focus._ASKS_DAYS.search("What did last weekend come to, each day?") is not None


def test_the_last_n_days_before_an_event_are_the_events_not_the_last_n_days():
    assert named_spans("the last seven days before the race", TODAY) == []
    assert named_spans("the last seven days", TODAY) != []


def test_that_weekend_after_a_remark_naming_it_asks_about_the_remarks_weekend():
    assert focus._THAT_UNIT.search("How many steps did that weekend add up to?") is not None
