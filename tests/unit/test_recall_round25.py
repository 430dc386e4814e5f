"""Recall, round 25: a runner dictating ("the twenty second of the tenth", "what have the past
seven days added up to, am I on track"), and an act done on one day ("the day after I picked up
my race number"). The home: the shared test steps up to Sunday 29 November 2026 and a few
journal lines; today Monday 30 November. The phrasings are this file's own."""

from datetime import date

import pytest

from coach_tui.memory.daywords import named_spans
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import recall


@pytest.mark.parametrize("text", [
    "what have the past seven days added up to roughly am i on track or not",
    "last 7 days, am i on track?",
    "the past week all up, am I on target",
])
def test_a_period_asked_whether_on_track_brings_its_days(conn, text):
    seed_steps(conn)
    track = seed_journal(conn, ["Track session: 6 x 800 m with Sam, held pace."],
                         entry_date="2026-11-25")[0]
    got = recall(conn, text)
    assert "steps, average" in got.text          # the period's totals line
    assert ("journal", track) not in {(it.kind, it.ref) for it in got.items}


def test_a_track_session_is_still_found_by_its_name(conn):
    seed_steps(conn)
    track = seed_journal(conn, ["Track session: 6 x 800 m with Sam, held pace."],
                         entry_date="2026-11-25")[0]
    got = recall(conn, "how did the track session go")
    assert ("journal", track) in {(it.kind, it.ref) for it in got.items}


@pytest.mark.parametrize("text, days", [
    ("what was my step count on the twenty second of the tenth", ["2026-10-22"]),
    ("the 3rd of the 11th", ["2026-11-03"]),
    ("the week of the 9th of the 11th", ["2026-11-09/2026-11-15"]),
    # a month past twelve names no day, not two days of this month either
    ("the 30th of the 13th", []),
])
def test_a_day_and_month_both_said_as_ordinals_read_day_first(text, days):
    from coach_tui.memory.textspeak import spelled_out
    got = named_spans(spelled_out(text), date(2026, 11, 30), "MDY")
    assert [s.start.isoformat() if s.days == 1 else f"{s.start}/{s.end}" for s in got] == days


def test_the_day_after_a_thing_was_picked_up_is_the_next_day(conn):
    seed_steps(conn)
    number = seed_journal(conn, ["Collected race number and timing chip for Sunday."],
                          entry_date="2026-11-19")[0]
    # a later line naming the race does not stretch the day it was collected
    seed_journal(conn, ["Target lowered back to 10,000; no race on the calendar."],
                 entry_date="2026-11-26")
    got = recall(conn, "the day after i picked up my race number what was my count that day")
    days = [it.day for it in got.items if it.kind == "day"]
    assert days == ["2026-11-20"]
    assert ("journal", number) in {(it.kind, it.ref) for it in got.items}


def test_the_treadmill_day_in_the_storm_is_the_one_in_it(conn):
    seed_steps(conn)
    seed_journal(conn, ["Hotel treadmill, 5 km before the conference dinner."],
                 entry_date="2026-11-17")
    storm = seed_journal(conn, ["Did 10 km on the gym treadmill during the storm."],
                         entry_date="2026-11-24")[0]
    got = recall(conn, "how many steps did i do on the dreadmill day in the storm")
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-11-24"]
    assert ("journal", storm) in {(it.kind, it.ref) for it in got.items}


@pytest.mark.parametrize("text", [
    "steps on the 24th, the treadmill day, and what did you say when i told you about it",
    "how many steps did i do on the dreadmill day in the storm and what did you say after "
    "when i told you",
])
def test_what_the_coach_said_when_told_is_the_reply_of_that_day_or_the_next(conn, text):
    from tests.unit.test_recall_memories import exchange
    seed_steps(conn)
    seed_journal(conn, ["Did 10 km on the gym treadmill during the storm."],
                 entry_date="2026-11-24")
    exchange(conn, "2026-11-10", "treadmill or outside tomorrow?", "Outside if it's dry.")
    _, told, _ = exchange(conn, "2026-11-25", "did 10k on the dreadmill yesterday, so dull",
                          "That's real commitment: 10 km indoors is mentally tough.")
    got = recall(conn, text)
    chats = [it.ref for it in got.items if it.kind == "chat"]
    assert chats[:1] == [told]


def test_a_day_told_of_without_asking_what_was_said_brings_no_reply(conn):
    from tests.unit.test_recall_memories import exchange
    seed_steps(conn)
    seed_journal(conn, ["Did 10 km on the gym treadmill during the storm."],
                 entry_date="2026-11-24")
    exchange(conn, "2026-11-25", "did 10k on the dreadmill yesterday, so dull",
             "That's real commitment: 10 km indoors is mentally tough.")
    got = recall(conn, "how many steps on the 24th")
    assert not [it for it in got.items if it.kind == "chat"]


def test_away_in_a_named_place_is_that_place_s_days_alone(conn):
    seed_steps(conn)
    seed_journal(conn, ["Packing for the Leeds work conference, Mon 16 to Wed 18 November."],
                 entry_date="2026-11-15")
    seed_journal(conn, ["Lisbon holiday with Tom booked for Fri 20 to Sun 22 November."],
                 entry_date="2026-11-10")
    got = recall(conn, "while i was away in leeds for work how many steps was i getting")
    spans = [it.text for it in got.items if it.kind == "span"]
    assert len(spans) == 1 and "(2026-11-16 to 2026-11-18)" in spans[0]
    assert not [it for it in got.items if it.kind == "compare"]   # not Leeds against itself


def test_how_long_a_thing_was_restricted_is_the_line_that_says_for_how_long(conn):
    seed_steps(conn)
    seed_journal(conn, ["Tom and our dog Biscuit cheered at parkrun."], entry_date="2026-11-14")
    seed_journal(conn, ["Busy day, only a short evening dog walk."], entry_date="2026-11-17")
    # the line that answers names the dog by name only
    paw = seed_journal(conn, ["Biscuit cut a paw pad; vet says lead walks only for ten days."],
                       entry_date="2026-11-19")[0]
    got = recall(conn, "how long was the dog restricted after he hurt his foot")
    journal = [it.ref for it in got.items if it.kind == "journal"]
    assert journal[:1] == [paw]


@pytest.mark.parametrize("text, got", [
    ("when did my target go up to 10,000", {10_000}),
    ("raised to 12k?", {12_000}),
    ("did I pass 11.5k on the 3rd", {11_500}),
    ("my 5 day streak, 2 of 7 days", set()),          # counts of days are not values
    ("at 7:45 on 22/11", set()),                         # a clock or a date is not one
])
def test_the_values_a_message_names(text, got):
    from coach_tui.memory.written_numbers import values
    assert values(text) == got


def test_a_number_named_tells_apart_lines_alike_in_words(conn):
    seed_steps(conn)
    seed_journal(conn, ["Daily target raised from 8,000 to 10,000 after the injury."],
                 entry_date="2026-09-01")
    later = seed_journal(conn, ["Daily target raised to 12,000 for the race build."],
                         entry_date="2026-11-02")[0]
    got = recall(conn, "when did my daily target go up to ten thousand")
    assert later not in [it.ref for it in got.items if it.kind == "journal"]
    got = recall(conn, "when did my daily target go up")       # no number: both stay
    assert later in [it.ref for it in got.items if it.kind == "journal"]


@pytest.mark.parametrize("text, words, end", [
    ("the day the fever finally went when i had the flu, steps?", "fever", True),
    ("the morning the cold went away", "cold", True),
    ("the week my knee went", "knee", False),          # it gave way: the week it started
    ("the day the dog went missing", "dog missing", False),
])
def test_the_day_something_went(text, words, end):
    from coach_tui.memory import events
    got = events.event_phrases(text)
    assert [(p.words, p.end) for p in got] == [(words, end)]


@pytest.mark.parametrize("text, spoken", [
    ("the weekend of the twenty first and twenty second of november",
     "the weekend of the 21st and 22nd of november"),
    ("from the third to fifth of may", "from the 3rd to 5th of may"),
    ("the 3rd and fourth lap", "the 3rd and fourth lap"),      # a lap counted, not a day
])
def test_an_ordinal_listed_after_a_day_is_a_day(text, spoken):
    from coach_tui.memory.textspeak import spelled_out
    assert spelled_out(text) == spoken


def test_the_two_days_together_is_their_total_not_a_word_to_search(conn):
    seed_steps(conn)
    seed_journal(conn, ["Long run with Priya; we talked about racing together in spring."],
                 entry_date="2026-11-29")
    got = recall(conn, "the weekend of the twenty first and twenty second of november what did "
                       "i get both days and then the two together")
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-11-21", "2026-11-22"]
    assert not [it for it in got.items if it.kind == "journal"]
