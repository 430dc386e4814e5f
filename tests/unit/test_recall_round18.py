"""Recall, round 18: dates and events as a terse engineer and a runner writing in a second
language put them ("13.11", "monday 28.9", "last sat", "the day after the hm", "two weeks
before today", "when I was having the cold", "the week before of my trip"). Pure, with a
pinned today (Thursday 3 December 2026)."""

from datetime import date

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.events import EventPhrase, event_phrases
from coach_tui.memory.focus import WHAT_HAPPENED, asked_days, asks_when, step_counts
from coach_tui.memory.furthest import furthest
from coach_tui.memory.lasted import DURATION
from coach_tui.memory.message_parts import plans
from coach_tui.memory.query import spelled_out
from coach_tui.memory.ranking import Ranked, asked_kind
from coach_tui.store.reviews import save_review
from coach_tui.store.search import JOURNAL_KIND, Hit
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import exchange, recall

TODAY = date(2026, 12, 3)  # a Thursday


def _days(text: str, order: str = "DMY") -> list[tuple[date, date]]:
    return [(s.start, s.end) for s in named_spans(spelled_out(text), TODAY, order)]


def _day(m: int, d: int, y: int = 2026) -> tuple[date, date]:
    return (date(y, m, d), date(y, m, d))


@pytest.mark.parametrize("text, expected", [
    ("how much steps I made on 13.11?", [_day(11, 13)]),
    ("saturday 31.10 how much steps", [_day(10, 31)]),        # the weekday is that day's
    ("and how much steps on monday 28.9", [_day(9, 28)]),
    ("on 29.08 i went back to parkrun", [_day(8, 29)]),
    ("on 5.9 i bought the shoes", [_day(9, 5)]),
    ("13.11.2025 steps?", [_day(11, 13, 2025)]),
    ("the week of 12.10, total?", [(date(2026, 10, 12), date(2026, 10, 18))]),
])
def test_a_dotted_date_is_day_first(text, expected):
    assert _days(text) == expected
    assert _days(text, "MDY") == expected     # dots are day first whatever the user's order


@pytest.mark.parametrize("text", [
    "ran 5.5 km", "13.1 miles in 2:04", "how long did the 13.1 take me", "at 7.45 i left",
    "pace 5.12 per km", "I weigh 72.5", "28.9 is a decimal", "a 10.10 min mile", "v1.2.3",
])
def test_a_decimal_a_clock_time_or_a_pace_is_no_date(text):
    assert _days(text) == []


def test_a_weekday_before_a_slashed_date_is_that_day_not_last_weekday_as_well():
    assert _days("steps on mon 16/11?") == [_day(11, 16)]


@pytest.mark.parametrize("text, expected", [
    ("last sat how many steps", "last saturday how many steps"),
    ("on sun i rested", "on sunday i rested"),
    ("since wed", "since wednesday"),
    ("the day after the hm", "the day after the half marathon"),
    ("hm build felt long", "half marathon build felt long"),
    # words on their own stay words
    ("i sat down all day", "i sat down all day"),
    ("out in the sun", "out in the sun"),
    ("hm, not sure", "hm, not sure"),
    ("we wed in june", "we wed in june"),
    # how a message is framed is not what it asks
    ("morning! quick one, how many steps on 3/11", "morning! how many steps on 3/11"),
    ("quick q - was 20 October a bad day?", "was 20 October a bad day?"),
    ("did a quick one on sunday", "did a quick one on sunday"),
    ("whats my quickest 5k", "whats my quickest 5k"),
])
def test_a_short_form_that_is_a_word_is_read_only_beside_what_makes_it_one(text, expected):
    assert spelled_out(text) == expected


def test_last_sat_names_the_day():
    assert _days("last sat how many steps, i was still a bit bunged up") == [_day(11, 28)]


@pytest.mark.parametrize("text, expected", [
    ("two weeks before today, how many steps i did?", [_day(11, 19)]),
    ("3 days before today", [_day(11, 30)]),
    ("the week 3 weeks back", [(date(2026, 11, 9), date(2026, 11, 15))]),
])
def test_a_count_before_today_is_that_long_ago(text, expected):
    assert _days(text) == expected


@pytest.mark.parametrize("text, phrase", [
    ("when I was having the cold, how much steps each day?", EventPhrase("during", "cold")),
    ("the 3 days i had that stinking head cold, steps each day", EventPhrase("during", "cold")),
    ("in the week before of my trip, how much steps in total",
     EventPhrase("the week before", "trip")),
    ("the week after of the race", EventPhrase("the week after", "race")),
    ("how many steps the day after the hm", EventPhrase("the day after", "half")),
])
def test_an_event_in_a_learners_or_a_texters_words(text, phrase):
    assert phrase in event_phrases(spelled_out(text))


@pytest.mark.parametrize("text, kind", [
    ("what u thought of it", "chat"),
    ("what you reckoned my goal time was", "chat"),
    ("what the coach mentioned about shoes", "chat"),
    ("remind me what i wrote about manchester", "journal"),
    ("what I noted after the physio", "journal"),
])
def test_the_kind_of_memory_asked_for_in_past_verbs(text, kind):
    assert asked_kind(text) == kind


@pytest.mark.parametrize("text, words", [
    ("3 weeks ago today, how much i walked?", {"walk"}),
    ("a month ago today how much did i walk", {"walk"}),
    ("how far did we walk on the 3rd", {"walk"}),
    ("did i hit 10k steps", {"10k"}),
    ("what did you say about my walks with Biscuit", set()),
])
def test_how_much_i_walked_asks_for_the_count_not_lines_about_walks(text, words):
    assert step_counts(text) == words


@pytest.mark.parametrize("text", [
    "10/10 steps and what was i even doing", "what did we actually do on the 8th",
    "where did i even go that day",
])
def test_what_happened_with_a_word_said_for_weight(text):
    assert WHAT_HAPPENED.search(text)


def test_when_i_got_flu_after_what_you_told_me_dates_the_telling_not_a_stretch():
    text = "what did you tell me to do when i got flu + how many steps on 28/9"
    assert [p for p in event_phrases(text) if p.relation == "during"] == []
    assert EventPhrase("during", "flu") in event_phrases("my steps when i got flu?")


@pytest.mark.parametrize("text, asks", [
    ("when was the portugal getaway with my other half?", True),
    ("and when did i get better", True),
    ("When did my patella flare up again after the 13.1?", False),   # a day it anchors
    ("my steps when I was in lisbon", False),
])
def test_when_was_it_asks_for_the_line_that_dates_it(text, asks):
    assert asks_when(text) is asks


@pytest.mark.parametrize("text", [
    "when was i all snotty and sniffling, and when did i get better",
    "when did I recover from the flu", "when did it clear up", "when did the knee settle",
])
def test_when_did_i_get_better_asks_for_both_ends(text):
    assert DURATION.search(text)


def test_when_did_i_get_my_shoes_asks_for_no_ends():
    assert not DURATION.search("when did i get my shoes")


@pytest.mark.parametrize("text, words", [
    ("the day priya and me talked about a spring marathon, how much i walked?",
     "spring marathon"),
    ("the day we discussed the marathon", "marathon"),
])
def test_the_day_we_talked_about_something_is_that_day(text, words):
    assert EventPhrase("the day of", words) in event_phrases(spelled_out(text))


def test_what_i_wrote_and_what_you_thought_keeps_the_line_and_the_exchange(conn):
    (line,) = seed_journal(conn, ["Considering the Manchester Marathon in April with Priya."],
                           entry_date="2026-11-20")
    exchange(conn, "2026-11-19", "priya wants to do manchester marathon in april. thoughts?",
             "April gives you about twenty weeks, enough for a first marathon from your base.")
    got = recall(conn, "remind me what i wrote about manchester n what u thought of it")
    assert line in [it.ref for it in got.items if it.kind == "journal"]
    assert [it for it in got.items if it.kind == "chat"]


def _review(conn, week: str, start: str, end: str, text: str) -> int:
    return save_review(conn, period_key=f"week:2026-{week}", period_start=start, period_end=end,
                       text=text, model="m", created_at=f"{end}T20:00:00")


def test_the_review_for_that_week_is_the_week_of_the_day_named(conn):
    seed_steps(conn)
    _review(conn, "W44", "2026-10-26", "2026-11-01", "Parkrun PB week; the knee held up well.")
    that = _review(conn, "W46", "2026-11-09", "2026-11-15", "A taper week, short easy runs.")
    got = recall(conn, "on 12.11 i went back to parkrun, how was the knee after, and what the "
                       "weekly review said for that week")
    assert that in [it.ref for it in got.items if it.kind == "review"]


def _line(ref: int, text: str) -> Hit:
    return Hit(JOURNAL_KIND, ref, "2026-11-01", text, 1.0)


def test_the_furthest_is_chosen_from_every_line_found_not_only_the_best_ranked():
    race = Ranked(_line(1, "Last long run before the race, 14 km easy."), 2.0)
    longest = _line(2, "Longest run yet: 18 km on the river path in 1:58.")
    shoes = _line(3, "The Brooks have about 500k on them now.")   # a shoe's mileage, no outing
    got = furthest("what's the furthest i ever jogged before the big day", [race], None,
                   [race.hit, longest, shoes])
    assert [r.hit.ref for r in got] == [2]


@pytest.mark.parametrize("text, ahead", [
    ("how did u say to make the treadmill less boring, gonna be stuck indoors this wk",
     ["gonna be stuck indoors this week"]),
    ("last week total? im gonna try to beat it this week", ["im gonna try to beat it this week"]),
    ("how many steps will i need this week to hit 70k?", []),     # the plan is the question
])
def test_a_plan_told_beside_a_question(text, ahead):
    assert plans(spelled_out(text))[0] == ahead


def test_the_days_of_a_plan_beside_the_question_are_not_asked():
    text = spelled_out("last week total? im gonna try to beat it this week")
    spans = named_spans(text, TODAY, "DMY")
    got = asked_days(text, spans, None, False, TODAY, "DMY")
    assert [(s.start, s.end) for s in got] == [(date(2026, 11, 23), date(2026, 11, 29))]
