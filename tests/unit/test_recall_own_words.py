"""Recall, round 20e: a texter with their own words for things ("that bug i had", "while i
had it"). Pure; the phrasings are this file's own."""

from datetime import date, datetime

import pytest

from coach_tui.memory.anchors import best_said
from coach_tui.memory.events import EventPhrase, event_phrases
from coach_tui.memory.goal_spans import goal_asks
from coach_tui.memory.query import expand, read_phrases
from coach_tui.memory.spans import Span
from coach_tui.store.reviews import save_review
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import exchange, recall


@pytest.mark.parametrize("text, words", [
    ("that virus we caught in march, what were my numbers while i had it", "virus"),
    ("the chest infection i got, steps while we were laid up with it?", "cough"),  # (a phrase)
    ("this cough i had last month - avg while i had it", "cough"),
])
def test_what_was_had_is_the_it_of_while_i_had_it(text, words):
    assert EventPhrase("during", words) in event_phrases(text)


def test_while_i_had_it_needs_a_thing_named():
    assert not any(p.relation == "during" for p in event_phrases("while i had it, how was i?"))


def test_a_bug_is_a_fever_as_the_journal_writes_it():
    assert "fever" in expand("bug")
    assert "flu" in expand("bug")


@pytest.mark.parametrize("text, phrase", [
    ("the week it never stopped raining, total steps?", EventPhrase("the week of", "raining")),
    ("steps the day it snowed?", EventPhrase("the day of", "snowed")),
    ("the weekend when it was roasting how many steps", EventPhrase("the weekend of", "roasting")),
])
def test_the_week_it_did_the_weather_is_the_week_of_it(text, phrase):
    assert phrase in event_phrases(text)


@pytest.mark.parametrize("text", ["the day it was my birthday steps?",
                                  "the week it all fell apart, steps?"])
def test_the_week_it_did_something_else_is_no_weather(text):
    assert event_phrases(text) == []


@pytest.mark.parametrize("text, goal", [
    ("while u had me on 15k a day did i ever miss", 15_000),
    ("when you kept me on 9,500 steps per day, what was my avg", 9_500),
    ("the weeks i was on 11000 a day - total?", 11_000),
])
def test_a_number_a_day_i_was_kept_on_is_the_goal(text, goal):
    assert goal_asks(text) == [(goal, None, 1)]


def test_a_number_of_steps_without_a_day_is_no_goal():
    assert goal_asks("while i was on 12k steps how did i sleep") == []


@pytest.mark.parametrize("text, words", [
    ("when we went overseas how many steps a day", "overseas"),
    ("while i was away for a bit, what was my avg", "trip"),
    ("when me and jo went on our hols - total?", "hols"),
])
def test_going_away_is_the_trip(text, words):
    assert EventPhrase("during", words) in event_phrases(text)


@pytest.mark.parametrize("text", ["when i went running in the dark, steps?",
                                  "what did u tell me when we went abroad"])
def test_going_somewhere_else_or_a_telling_is_no_trip(text):
    assert not any(p.relation == "during" for p in event_phrases(text))


@pytest.mark.parametrize("text, means", [
    ("the week after i got my hip looked at", "the week after i got my hip examined"),
    ("did u say anything when i had the ankle checked out", "did u say anything when i had "
     "the ankle examined"),
    ("steps the day i was getting my back seen to", "steps the day i was getting my back examined"),
])
def test_a_body_part_looked_at_is_examined(text, means):
    assert read_phrases(text) == means


@pytest.mark.parametrize("text", ["had the app checked over on friday",
                                  "the day i got the car seen to"])
def test_a_thing_checked_is_no_examination(text):
    assert read_phrases(text) == text


def _a_big_week_with_its_review_and_talk(conn):
    review = save_review(conn, period_key="week:2026-W40", period_start="2026-09-28",
                         period_end="2026-10-04", text="Biggest week yet: the hill trip.",
                         model="m", created_at="2026-10-05T09:00:00")
    exchange(conn, "2026-10-06", "huge week eh", "Your biggest week so far, well done.")
    exchange(conn, "2026-11-20", "which was my biggest week", "The hill-trip week, by far.")
    return review


@pytest.mark.parametrize("text", ["my best week and what did you say about it at the time",
                                  "best week, what did u tell me back then"])
def test_said_at_the_time_is_the_weeks_review_and_talk_then(conn, text):
    review = _a_big_week_with_its_review_and_talk(conn)
    got = best_said(conn, [Span("best week", date(2026, 9, 28), date(2026, 10, 4), True)],
                    text, None, 0)
    assert [(h.kind, h.day) for h in got] == [("review", "2026-10-05"), ("chat", "2026-10-06")]
    assert got[0].ref == review


def test_said_without_at_the_time_is_any_talk_of_it_since(conn):
    _a_big_week_with_its_review_and_talk(conn)
    got = best_said(conn, [Span("best week", date(2026, 9, 28), date(2026, 10, 4), True)],
                    "my best week and what did you say about it", None, 0)
    assert [h.kind for h in got] == ["chat"]


def _a_rest_order_then_a_quiet_day(conn):
    ordered = seed_journal(conn, ["GP says no running for ten days, gentle walks only."],
                           entry_date="2026-11-10")[0]
    older = seed_journal(conn, ["Hamstring twinge on the track."], entry_date="2026-11-08")[0]
    return ordered, older


@pytest.mark.parametrize("text", ["what did i get up to on 12 nov, was i still off running then",
                                  "where was i on nov 12th? were we still on rest then"])
def test_still_then_on_a_day_without_a_line_is_the_line_in_force(conn, text):
    ordered, older = _a_rest_order_then_a_quiet_day(conn)
    refs = {(it.kind, it.ref) for it in recall(conn, text, now=datetime(2026, 12, 2, 9)).items}
    assert ("journal", ordered) in refs and ("journal", older) not in refs


def test_a_day_without_a_line_asked_plainly_brings_none_before(conn):
    ordered, _ = _a_rest_order_then_a_quiet_day(conn)
    refs = {(it.kind, it.ref) for it in recall(conn, "what did i get up to on 12 nov",
                                               now=datetime(2026, 12, 2, 9)).items}
    assert ("journal", ordered) not in refs


def test_the_line_dating_a_day_asked_stays_beside_the_weeks_review(conn):
    seed_steps(conn)
    seed_journal(conn, ["Heel flared on the morning run, sharp under the arch."],
                 entry_date="2026-11-16")
    seen = seed_journal(conn, ["Podiatrist diagnosed plantar fasciitis, calf raises daily."],
                        entry_date="2026-11-18")[0]
    review = save_review(conn, period_key="week:2026-W47", period_start="2026-11-16",
                         period_end="2026-11-22", text="A sore week: the heel flared Monday.",
                         model="m", created_at="2026-11-23T09:00:00")
    got = recall(conn, "what did u say in the review the week my heel flared, and how many "
                       "steps on the day i got my heel looked at")
    refs = {(it.kind, it.ref) for it in got.items}
    assert ("review", review) in refs and ("journal", seen) in refs


@pytest.mark.parametrize("text, thing", [
    ("when did we order our new bikes", "bikes"),
    ("the new watch - is it accurate, and when did i actually get it", "watch"),
])
def test_when_the_new_thing_was_bought_is_the_day_it_was(text, thing):
    assert EventPhrase("the day of", f"{thing} bought", change=True) in event_phrases(text)


@pytest.mark.parametrize("text", ["when did i buy the foam roller",
                                  "when did i get it, the old one"])
def test_a_thing_not_called_new_is_searched_as_it_is(text):
    assert not any(p.words.endswith("bought") for p in event_phrases(text))
