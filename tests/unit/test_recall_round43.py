"""Recall, round 43 (read from fresh106, an engineer's dates in many formats, and fresh107, a
forgetful runner's vague telling, after each was scored blind): "the morning I broke 28
minutes" dates its day as "the day I broke" does; "that Sunday I first managed fourteen k"
is the Sunday of the run, not last Sunday; an event's words stop where the place begins ("along
the river"); "on what date" asks when; "pick up a headlamp" is buying it; "your rule" asks what
the coach said; "what daily number was I meant to be hitting then" asks the goal of the time.
The phrasings are this file's own."""

from datetime import date, datetime

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.event_refs import qualifying_months
from coach_tui.memory.events import event_phrases
from coach_tui.memory.goal_spans import GOALS_ON
from coach_tui.memory.query import message_words, read_phrases
from coach_tui.memory.ranking import SYNONYM_WEIGHT, asked_kind, covered_words
from coach_tui.store.search import CHAT_KIND
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import recall


def _days(rec) -> list[str]:
    return [it.day for it in rec.items if it.kind == "day"]


@pytest.mark.parametrize("text", [
    "On the morning I broke 28 minutes at parkrun, what did the step count finish at?",
    "the evening I set my parkrun pb, steps?",
    "that afternoon I completed the parkrun in Millbrook, how many steps",
])
def test_a_part_of_a_day_dates_the_event_as_the_day_does(text):
    assert any(p.relation == "the day of" for p in event_phrases(text))


def test_a_morning_that_is_no_event_dates_nothing():
    assert event_phrases("what was my count this morning?") == []


def test_an_events_words_stop_where_the_place_begins():
    found = event_phrases("The Sunday I first managed fourteen k along the river with Priya?")
    assert [p.words for p in found] == ["fourteen k"]


def _runs(conn):
    seed_steps(conn, end=date(2026, 12, 4), values=[9_000] * 120, today_steps=None)
    seed_journal(conn, ["First 14 km run, river path out and back with Priya."],
                 entry_date="2026-09-20")


@pytest.mark.parametrize("text", [
    "That Sunday I first managed fourteen k along the river with Priya, how many steps was it?",
    "the Sunday when I did my first 14k, how many steps?",
])
def test_the_weekday_of_an_event_is_the_events_day_not_the_last_one(conn, text):
    _runs(conn)
    found = _days(recall(conn, text, now=datetime(2026, 12, 5, 10, 30)))
    assert "2026-09-20" in found
    assert "2026-11-29" not in found


def test_that_weekday_alone_is_still_the_last_one(conn):
    _runs(conn)
    found = _days(recall(conn, "that Sunday, how many steps did I do?",
                         now=datetime(2026, 12, 5, 10, 30)))
    assert "2026-11-29" in found


@pytest.mark.parametrize("text, words", [
    ("Which trainers did I get to swap out my old pair, and on what date?", "date"),
    ("On what date did I pick up a headlamp?", "date"),
])
def test_what_date_asks_when_and_is_no_word_to_search(text, words):
    assert words not in message_words(text)


@pytest.mark.parametrize("text, meant", [
    ("when did I pick up a headlamp for the evening jogs", "buy"),
    ("did I pick up a bug in October?", "catch"),
    ("did I pick up a niggle after the half?", "get"),
])
def test_pick_up_a_thing_is_buying_it_and_an_illness_catching_it(text, meant):
    assert meant in read_phrases(text).split()


@pytest.mark.parametrize("text, kind", [
    ("what was your rule for whether I could go out with a cold?", CHAT_KIND),
    ("what was your verdict on the new shoes?", CHAT_KIND),
    ("what was the rule of thumb for long runs?", None),
])
def test_your_rule_asks_what_the_coach_said(text, kind):
    assert asked_kind(text) == kind


@pytest.mark.parametrize("text, asks", [
    ("Which was my best month, and what daily number was I meant to be hitting then?", True),
    ("what target was I supposed to be on in October?", True),
    ("what number was I hitting most days?", False),
])
def test_what_number_i_was_meant_to_hit_asks_the_goal_of_the_time(text, asks):
    assert (GOALS_ON.search(text) is not None) == asks


@pytest.mark.parametrize("text", [
    "The Mon-Sun week three weeks before this one: total steps and daily average, exact.",
    "the week 3 weeks before this week, total?",
])
def test_n_weeks_before_this_one_is_the_week_n_weeks_ago(text):
    assert [(s.start, s.end) for s in named_spans(text, date(2026, 12, 3))] == [
        (date(2026, 11, 9), date(2026, 11, 15))]


@pytest.mark.parametrize("text", ["What precisely did you advise?",
                                  "whenever I go down steps, what exactly did you say?"])
def test_precisely_and_whenever_are_no_words_to_search(text):
    assert not {"precisely", "whenever", "exactly"} & set(message_words(text))


@pytest.mark.parametrize("text, months", [
    ("In August, the day after the fast session, my knee hurt. What did you advise?", [8]),
    ("Back in October, the weekend before the storm, how many steps?", [10]),
    ("the day after the fast session, what did you advise?", []),
])
def test_a_month_leading_the_sentence_dates_its_event(text, months):
    assert qualifying_months(text, event_phrases(text)) == months


def test_a_fast_session_is_speedwork():
    assert "speedwork" in read_phrases("the day after the fast session").split()


def test_on_record_is_ever_not_a_personal_record():
    assert "record" not in message_words("My worst week on record by steps: the total?")
    assert "record" in message_words("what's my parkrun record?")


@pytest.mark.parametrize("text, predicted", [
    ("What did you reckon I'd do the half in?", True),
    ("what do you reckon about my knee?", False),
])
def test_reckon_id_do_asks_a_prediction(text, predicted):
    assert ("predict" in message_words(text)) == predicted


def _read(text: str, today: date) -> list[tuple[str, str]]:
    return [(s.start.isoformat(), s.end.isoformat()) for s in named_spans(text, today)]


@pytest.mark.parametrize("text, day", [
    ("nov13 was my long run, what did it log", "2026-11-13"),
    ("pull up 13nov please", "2026-11-13"),
    ("Nov.19 - was the watch even on?", "2026-11-19"),
    ("Novmber 30 numbers please", "2026-11-30"),
    ("Septmber 12, how many?", "2026-09-12"),
])
def test_a_date_typed_without_a_space_or_misspelt_is_still_its_day(text, day):
    assert _read(text, date(2026, 12, 10)) == [(day, day)]


@pytest.mark.parametrize("text", ["I ran 10km on the 3rd of nothing", "may I ask", "I did 3 sets"])
def test_no_month_is_read_in_words_that_only_start_like_one(text):
    assert all(start[5:7] != "05" for start, _ in _read(text, date(2026, 12, 10)))


@pytest.mark.parametrize("text, spans", [
    ("how was the second half of the month?", [("2026-11-16", "2026-11-22")]),
    ("first half of November vs second half - which was better?",
     [("2026-11-01", "2026-11-15"), ("2026-11-16", "2026-11-22")]),
    ("the first half of November and my second half-marathon", [("2026-11-01", "2026-11-15")]),
])
def test_halves_of_the_month(text, spans):
    assert _read(text, date(2026, 11, 23)) == spans


@pytest.mark.parametrize("text", ["4 weeks ago, that whole week, how did it look?",
                                  "4 weeks ago, the whole week"])
def test_n_weeks_ago_that_whole_week_is_the_week_alone(text):
    assert _read(text, date(2026, 12, 20)) == [("2026-11-16", "2026-11-22")]


@pytest.mark.parametrize("text, spans", [
    ("from the 7th until yesterday, total steps?", [("2026-12-07", "2026-12-16")]),
    ("from the 14th through to now, how many in total?", [("2026-12-14", "2026-12-16")]),
    ("from the 7th to the 9th", [("2026-12-07", "2026-12-09")]),
])
def test_from_a_day_to_now_runs_to_yesterday(text, spans):
    assert _read(text, date(2026, 12, 17)) == spans


@pytest.mark.parametrize("text, spans", [
    ("I want to hit 70k total by Friday, doable?", []),
    ("can I get to 50k by Sunday", []),
    ("by Friday I had done 40k", [("2026-12-11", "2026-12-11")]),
])
def test_by_a_weekday_aimed_at_is_a_deadline_to_come(text, spans):
    assert _read(text, date(2026, 12, 16)) == spans


@pytest.mark.parametrize("message, memory", [
    ("Any idea how long my heel cord issue lasted?", "Achilles stiff first thing this morning."),
    ("Covid again, ugh. How did my comeback go last time?", "Tested positive for coronavirus."),
    ("Is the winter jab going to knock me out?", "Got my flu vaccine today, arm sore."),
    ("Does the DOMS usually hit me worst on day two?", "Quads in bits, 48hrs after the race."),
    ("Is my cadence still low?", "Steps per minute 162 on the easy run."),
    ("Have I gone flying on the frozen pavements before?", "Slipped on an icy patch by the canal."),
    ("Did I feel like packing it in during my first half?", "Wanted to quit at mile 10."),
    ("Was it the Salomons or the Hokas that were too narrow?", "Tried on Speedcross in the shop."),
])
def test_runners_words_for_the_same_thing_match(message, memory):
    assert covered_words(message_words(message), memory) >= SYNONYM_WEIGHT
