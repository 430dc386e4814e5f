"""Recall, round 38 (read from fresh80, a runner writing in a second language, after it was
scored blind): the learner's present for a past time ("while i have the flu", "the day i go
on the treadmill", "when i get my new trainers"), a goal named before its word ("the 12000
goal"), "two weekend ago", an event's words cut where the next clause starts ("after the half
my leg ..."), a question put first ("my race time is what, and ..."), and "what you tell me".
The phrasings are this file's own."""

from datetime import date, datetime

import pytest

from coach_tui.memory.bests import best_phrases
from coach_tui.memory.daywords import named_spans
from coach_tui.memory.events import event_phrases, with_stretches
from coach_tui.memory.query import read_phrases
from coach_tui.memory.when_it import when_bought
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import recall
from tests.unit.test_recall_round34 import _spans
from tests.unit.test_recall_round36 import terms_for

FRIDAY = datetime(2026, 12, 4, 9, 0)


def _home(conn):
    seed_steps(conn, end=date(2026, 12, 3), values=[8_000 + 11 * i for i in range(120)],
               today_steps=None)


def _flu(conn):
    seed_journal(conn, ["Down with flu: fever since Saturday evening, in bed."],
                 entry_date="2026-09-27")
    seed_journal(conn, ["Fever gone since yesterday. Short walk round the block."],
                 entry_date="2026-10-01")


@pytest.mark.parametrize("text, read", [
    ("while i have the cold, steps each day?", "while i had the cold"),
    ("when i am down with the flu how many steps", "when i was down with the flu"),
    ("in the weeks i had the 12k target, how often i reach it?", "while my target was 12k"),
    ("the time we have the 12,000 goal", "while my goal was 12,000"),
])
def test_a_past_stretch_said_in_a_learners_present(text, read):
    assert read in with_stretches(text).lower()


def test_the_flu_named_with_its_month_is_the_flu_not_the_month(conn):
    _home(conn)
    _flu(conn)
    rec = recall(conn, "while i have the flu in september what is my total of steps?",
                 now=FRIDAY)
    assert ("2026-09-26", "2026-09-30") in _spans(rec)
    assert ("2026-09-01", "2026-09-30") not in _spans(rec)


def test_the_goal_named_before_its_word_is_its_run(conn):
    seed_steps(conn, end=date(2026, 12, 3), values=[9_000] * 120, goal=10_000, today_steps=None)
    seed_steps(conn, end=date(2026, 11, 22), values=[12_500] * 21, goal=12_000, today_steps=None)
    rec = recall(conn, "in the time i have the 12000 goal, how many days i make it?", now=FRIDAY)
    assert ("2026-11-02", "2026-11-22") in _spans(rec)


@pytest.mark.parametrize("text", ["two weekend ago, total?", "three week ago how was it"])
def test_a_count_of_weeks_back_is_no_event(text):
    assert event_phrases(text) == []


@pytest.mark.parametrize("text, relation, words", [
    ("the day i go to the physio, how many steps?", "the day of", "physio"),
    ("the week i use the treadmill", "the week of", "treadmill"),
    ("after the race my knee is sore again, what day?", "after", "race"),
    ("since the trip my steps dropped, why?", "since", "trip"),
    ("my parkrun time is what, and steps that day?", "the day of", "parkrun"),
])
def test_events_in_a_learners_words(text, relation, words):
    assert [(p.relation, p.words) for p in event_phrases(text)] == [(relation, words)]


@pytest.mark.parametrize("text, words", [
    ("when i buy new shoes?", "shoes bought"),
    ("when i got my new trainers, and what brand?", "trainers bought"),
])
def test_when_the_new_thing_was_bought_in_a_learners_words(text, words):
    assert [p.words for p in when_bought(read_phrases(text))] == [words]


@pytest.mark.parametrize("text", [
    "when i got home?",
    "when i bought the head torch, and was it dark?",   # (found by its words; no anchor)
    "when we buy a tent and go camping",
])
def test_not_a_purchase_asked_about(text):
    assert when_bought(read_phrases(text)) == []


@pytest.mark.parametrize("text, read", [
    ("what you tell me to do about my calf", "what did you tell me to do"),
    ("and what you answer me then?", "what did you tell me then"),
    ("i worry my shape go away", "lose my fitness"),
])
def test_a_learners_words_for_what_was_said(text, read):
    assert read in read_phrases(text)


def test_the_day_on_the_hotel_treadmill_in_a_learners_present(conn):
    _home(conn)
    seed_journal(conn, ["Work week in Frankfurt, mostly standing; one 5 km hotel treadmill "
                        "session on Wednesday the 16th."], entry_date="2026-09-17")
    rec = recall(conn, "the day i go on hotel treadmill, how many steps i get?", now=FRIDAY)
    assert "2026-09-16" in {it.day for it in rec.items if it.kind == "day"}


@pytest.mark.parametrize("text, read", [
    ("when i had the cold, what did you tell me?", "what did you tell me when i had the cold"),
    ("After the 10k, what did u suggest?", "what did u suggest After the 10k"),
    ("Back home now. while we were in Rome, what did you say to me?",
     "Back home now. what did you say to me while we were in Rome"),
])
def test_what_was_said_asked_after_its_time_is_read_as_asked_first(text, read):
    assert with_stretches(text).startswith(read)


@pytest.mark.parametrize("text", [
    "when the race is over, what did you say the plan was?",  # (what was said of a plan)
    "what did you tell me? when was it?",
])
def test_what_was_said_left_in_place(text):
    assert with_stretches(text) == text


def test_the_exchange_of_the_illness_asked_after_it(conn):
    from tests.unit.test_recall_memories import exchange
    _home(conn)
    _flu(conn)
    exchange(conn, "2026-09-27", "fever and aching all over, think it's the flu",
             "Rest completely until the fever has been gone for a day.")
    rec = recall(conn, "when i was down with the flu, what did you tell me?", now=FRIDAY)
    assert any(it.kind == "chat" for it in rec.items)


def test_an_injury_asked_of_the_dog_finds_the_cut_paw(conn):
    _home(conn)
    seed_journal(conn, ["Biscuit (beagle) gets two walks a day."], entry_date="2026-08-03")
    seed_journal(conn, ["Biscuit cut a paw pad on broken glass at the park."],
                 entry_date="2026-09-08")
    rec = recall(conn, "how did the pooch get injured?", now=FRIDAY)
    assert any(it.kind == "journal" and "paw" in it.text for it in rec.items)


def test_a_part_asking_about_the_event_itself_keeps_its_line(conn):
    _home(conn)
    seed_journal(conn, ["Priya talked them into entering the Riverside Half Marathon on 15 "
                        "November."], entry_date="2026-08-11")
    seed_journal(conn, ["Longest run yet: 18 km on the river path in 1:58."],
                 entry_date="2026-11-01")
    seed_journal(conn, ["Riverside Half Marathon finished in 2:04:37, first half ever."],
                 entry_date="2026-11-15")
    rec = recall(conn, "how far was my longest run before the half and what was my time in "
                       "the half?", now=FRIDAY)
    shown = " ".join(it.text for it in rec.items if it.kind == "journal")
    assert "2:04:37" in shown and "18 km" in shown


@pytest.mark.parametrize("text, read", [
    ("what was my time in the race?", "what was my time during the race?"),
    ("who came to watch me at the half?", "who came to watch me during the half?"),
    ("what was in my race pack?", "what was in my race pack?"),
    ("how was my week in the race build?", "how was my week in the race build?"),
    ("what time did i do in the half, and what pace did you predict?",
     "what time did i do in the half, and what pace did you predict?"),
])
def test_in_the_race_is_while_it_was_on(text, read):
    assert with_stretches(text) == read


@pytest.mark.parametrize("text, start, end", [
    ("What was my total for week 46?", "2026-11-09", "2026-11-15"),
    ("wk 46 total?", "2026-11-09", "2026-11-15"),
    ("the W46 numbers please", "2026-11-09", "2026-11-15"),
    ("the 46th week of this year, Monday to Sunday", "2026-11-09", "2026-11-15"),
    ("ISO week 46 of 2026", "2026-11-09", "2026-11-15"),
    ("how is week 49 going?", "2026-11-30", "2026-12-02"),     # up to yesterday
])
def test_a_week_by_its_number_in_the_year(text, start, end):
    assert (start, end) in [(s.start.isoformat(), s.end.isoformat())
                            for s in named_spans(text, date(2026, 12, 3))]


@pytest.mark.parametrize("text", [
    "week 3 of the plan", "week 2 of my knee rehab", "I did 3 weeks of rest", "week 60",
])
def test_a_week_number_that_is_no_week_of_the_year(text):
    assert named_spans(text, date(2026, 12, 3)) == []


@pytest.mark.parametrize("text", [
    "What was my total for the week before we flew to Lisbon?",
    "What was my total for the week before we flew out to Lisbon?",
    "the week before we set off for Lisbon, total?",
])
def test_the_week_before_a_trip_flown_to_is_before_it_began(conn, text):
    _home(conn)
    seed_journal(conn, ["Lisbon holiday with Tom booked for Thu 8 to Tue 13 October."],
                 entry_date="2026-10-06")
    seed_journal(conn, ["Home from Lisbon; calves tight from the cobbles."],
                 entry_date="2026-10-13")
    assert ("2026-10-01", "2026-10-07") in _spans(recall(conn, text, now=FRIDAY))


@pytest.mark.parametrize("text, unit", [
    ("which was my poorest full week of the whole record?", "week"),
    ("my best complete month", "month"),
])
def test_a_whole_period_best_or_worst(text, unit):
    assert best_phrases(text)[0][1] == unit


@pytest.mark.parametrize("text, word", [
    ("that tempest in the autumn", "storm"),
    ("whether my conditioning would evaporate", "fitness"),
])
def test_formal_words_of_round_38(text, word):
    assert word in terms_for(text)


@pytest.mark.parametrize("text, start, end", [
    ("How did early September compare with the same ten days of October?",
     "2026-10-01", "2026-10-10"),
    ("the 3rd to the 9th of Sept vs the same days in Nov", "2026-11-03", "2026-11-09"),
])
def test_the_same_days_of_another_month(text, start, end):
    assert (start, end) in [(s.start.isoformat(), s.end.isoformat())
                            for s in named_spans(text, date(2026, 12, 3))]


def test_the_same_days_of_a_month_need_days_named_before():
    got = named_spans("October and the same days of November", date(2026, 12, 3))
    assert ("2026-11-01", "2026-11-30") in [(s.start.isoformat(), s.end.isoformat()) for s in got]


@pytest.mark.parametrize("text, words", [
    ("When did I buy the pair of running footwear I am using now?", ["footwear bought"]),
    ("when did i buy my trainers?", ["trainers bought"]),
    ("when did i buy the head torch?", []),     # searched for as it is
])
def test_when_the_shoes_worn_now_were_bought(text, words):
    assert [p.words for p in when_bought(text)] == words


def test_that_following_week_is_the_week_after_the_event_named(conn):
    _home(conn)
    seed_journal(conn, ["Storm Ingrid: heavy rain and gales, park paths flooded."],
                 entry_date="2026-10-20")
    rec = recall(conn, "The storm week was grim. What did I total in that following week?",
                 now=FRIDAY)
    assert ("2026-10-26", "2026-11-01") in _spans(rec)


def test_the_following_week_before_any_event_is_left_alone():
    assert event_phrases("what is the plan for the following week?") == []


def test_the_week_before_we_flew_out_is_before_the_trip_named(conn):
    _home(conn)
    seed_journal(conn, ["Lisbon holiday with Tom booked for Thu 8 to Tue 13 October."],
                 entry_date="2026-10-06")
    seed_journal(conn, ["Home from Lisbon; calves tight from the cobbles."],
                 entry_date="2026-10-13")
    rec = recall(conn, "Thinking about the trip to Lisbon. What was my total for the week "
                       "before we flew out?", now=FRIDAY)
    assert ("2026-10-01", "2026-10-07") in _spans(rec)


@pytest.mark.parametrize("text", [
    "What was my total for the week before we flew to Lisbon?",
    "the week before we travelled to Lisbon",
])
def test_a_verb_of_travel_names_no_line_of_the_trip(text):
    phrases = event_phrases(text, frozenset({"lisbon"}))
    assert [(p.relation, p.words) for p in phrases] == [("the week before", "lisbon")]


@pytest.mark.parametrize("text, start, end", [
    ("last Thursday to Saturday, steps?", "2026-11-26", "2026-11-28"),
    ("Thu-Sat last week", "2026-11-26", "2026-11-28"),
    ("from Saturday to Monday", "2026-11-28", "2026-11-30"),
])
def test_a_range_of_weekdays_is_one_span(text, start, end):
    assert (start, end) in [(s.start.isoformat(), s.end.isoformat())
                            for s in named_spans(text, date(2026, 12, 2))]


def test_monday_to_sunday_says_what_a_week_is():
    got = named_spans("the 46th week of this year, Monday to Sunday, naturally",
                      date(2026, 12, 2))
    assert [(s.start.isoformat(), s.end.isoformat()) for s in got] == [
        ("2026-11-09", "2026-11-15")]


def test_days_named_one_by_one_asked_together_get_their_span():
    got = named_spans("Last Thursday, Friday and Saturday I was ill. What were my counts over "
                      "those three days?", date(2026, 12, 2))
    assert ("2026-11-26", "2026-11-28") in [(s.start.isoformat(), s.end.isoformat())
                                            for s in got]


def test_i_was_ill_is_no_plan(conn):
    _home(conn)
    rec = recall(conn, "Last Thursday, Friday and Saturday I was ill. What were my counts over "
                       "those three days?", now=datetime(2026, 12, 2, 15, 30))
    days = {it.day for it in rec.items if it.kind == "day"}
    assert {"2026-11-26", "2026-11-27", "2026-11-28"} <= days


@pytest.mark.parametrize("text, start, end", [
    ("the first 3 days of November", "2026-11-01", "2026-11-03"),
    ("the last three days of October", "2026-10-29", "2026-10-31"),
    ("w/c 9/11", "2026-11-09", "2026-11-15"),
    ("wc 9th Nov", "2026-11-09", "2026-11-15"),
    ("the 1st to the 7th", "2026-11-01", "2026-11-07"),
    ("between the 3rd and the 9th", "2026-11-03", "2026-11-09"),
    ("from the 1st to the 2nd", "2026-12-01", "2026-12-02"),
])
def test_more_date_forms_of_round_38(text, start, end):
    assert (start, end) in [(s.start.isoformat(), s.end.isoformat())
                            for s in named_spans(text, date(2026, 12, 3))]


@pytest.mark.parametrize("text, wanted", [
    ("the last 4 Saturdays", [("2026-11-28",) * 2, ("2026-11-21",) * 2, ("2026-11-14",) * 2,
                              ("2026-11-07",) * 2]),
    ("the past 3 weekends", [("2026-11-28", "2026-11-29"), ("2026-11-21", "2026-11-22"),
                             ("2026-11-14", "2026-11-15")]),
    ("the last few days", [("2026-11-30", "2026-12-02")]),
    ("past couple days", [("2026-12-01", "2026-12-02")]),
    ("the 3rd of last month", [("2026-11-03",) * 2]),
])
def test_counted_weekdays_and_days_of_a_month_named_by_its_place(text, wanted):
    got = [(s.start.isoformat(), s.end.isoformat()) for s in named_spans(text, date(2026, 12, 3))]
    assert got == wanted


@pytest.mark.parametrize("text", ["when did I pick up the lurgy?", "I picked up a bug at work"])
def test_an_illness_picked_up_is_caught(text):
    assert "catch" in read_phrases(text) or "caught" in read_phrases(text)


def test_what_i_said_about_a_day_is_told_that_day_or_just_after(conn):
    from tests.unit.test_recall_memories import exchange
    _home(conn)
    exchange(conn, "2026-10-11", "26k steps yesterday, my calves are dying",
             "That will do it. Take today easy.")
    rec = recall(conn, "how did the 10th of October go, and what did I say about it?",
                 now=FRIDAY)
    assert any(it.kind == "chat" and it.day == "2026-10-11" for it in rec.items)


@pytest.mark.parametrize("text, start, end", [
    ("since Monday", "2026-11-30", "2026-12-02"),
    ("since the start of the month", "2026-12-01", "2026-12-02"),
    ("month to date", "2026-12-01", "2026-12-02"),
    ("the week to date", "2026-11-30", "2026-12-02"),
    ("the weekend of the 21st", "2026-11-21", "2026-11-22"),
    ("the weekend of the 22nd", "2026-11-21", "2026-11-22"),
])
def test_what_runs_to_yesterday_and_the_weekend_of_a_date(text, start, end):
    got = [(s.start.isoformat(), s.end.isoformat()) for s in named_spans(text, date(2026, 12, 3))]
    assert got == [(start, end)]


@pytest.mark.parametrize("text, day", [
    ("the first Monday of November", "2026-11-02"),
    ("the last Friday in October", "2026-10-30"),
    ("the second saturday of nov", "2026-11-14"),
])
def test_a_weekday_counted_in_its_month(text, day):
    got = [(s.start.isoformat(), s.end.isoformat()) for s in named_spans(text, date(2026, 12, 3))]
    assert got == [(day, day)]


@pytest.mark.parametrize("text, days", [
    ("the 21st and 22nd", ["2026-11-21", "2026-11-22"]),
    ("the 5th, 6th and 7th", ["2026-11-05", "2026-11-06", "2026-11-07"]),
    ("steps on the 21st and 3 miles", ["2026-11-21"]),
    ("the 28th and 2nd", ["2026-11-28", "2026-12-02"]),  # (the 2nd after it, not before)
])
def test_ordinals_listed_after_a_bare_one(text, days):
    got = [s.start.isoformat() for s in named_spans(text, date(2026, 12, 3))]
    assert got == days


@pytest.mark.parametrize("text, start, end", [
    ("from september to november", "2026-09-01", "2026-11-30"),
    ("sep to nov", "2026-09-01", "2026-11-30"),
    ("oct to dec", "2026-10-01", "2026-12-02"),
])
def test_a_range_of_months_is_one_span(text, start, end):
    got = [(s.start.isoformat(), s.end.isoformat()) for s in named_spans(text, date(2026, 12, 3))]
    assert got == [(start, end)]


def test_two_months_named_apart_stay_two():
    got = named_spans("september and october", date(2026, 12, 3))
    assert len(got) == 2


def test_the_weekday_before_an_event_is_no_latest_weekday_too(conn):
    _home(conn)
    seed_journal(conn, ["Riverside Half Marathon finished in 2:04:37, first race ever."],
                 entry_date="2026-11-15")
    rec = recall(conn, "how many steps the Saturday before the race?", now=FRIDAY)
    days = {it.day for it in rec.items if it.kind == "day"}
    assert "2026-11-28" not in days


@pytest.mark.parametrize("text, days", [
    ("the saturday before the race", []),
    ("the saturday before last", ["2026-11-21"]),
    ("on the monday", ["2026-11-30"]),
])
def test_a_weekday_of_an_event_is_left_to_the_event(text, days):
    assert [s.start.isoformat() for s in named_spans(text, date(2026, 12, 3))] == days


@pytest.mark.parametrize("text, start, end", [
    ("last week but one", "2026-11-16", "2026-11-22"),
    ("last weekend but one", "2026-11-21", "2026-11-22"),
    ("the weekend 2 weeks ago", "2026-11-21", "2026-11-22"),
])
def test_the_one_before_last_said_other_ways(text, start, end):
    got = [(s.start.isoformat(), s.end.isoformat()) for s in named_spans(text, date(2026, 12, 3))]
    assert got == [(start, end)]


def test_a_weekday_of_the_week_before_last():
    got = [(s.start.isoformat(), s.end.isoformat())
           for s in named_spans("Monday of the week before last", date(2026, 12, 3))]
    assert got == [("2026-11-16", "2026-11-16")]
