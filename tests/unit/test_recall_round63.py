"""Recall, round 63. The phrasings are this file's own.

- "through that head cold", "throughout the flu", "through the storm": the event's days, as
  "during" them ("go through my notes", "walked through the park" are no time);
- "when I have this head cold" (a learner's present) and "when I had this cold": that illness,
  gone now, as "when I had that cold";
- Scots as it is typed: "afore" before, "heid" head, "gaun" going, "hoo" how, "hame" home,
  "masel" myself, "sair" sore, "dinnae" don't, "Setterday" Saturday, "no weel" unwell, "a
  fortnight past" a fortnight ago;
- "09-Nov", "9-Nov-2026" (as offices write a date) are the 9th of November;
- "last last Saturday", "last last week" (Singapore English) are the Saturday and the week
  before last;
- "that time I kena flu" (Singapore English) is when I had the flu;
- "when goal was 12,000" (the article left out) is the time the goal was 12,000;
- "On day of half marathon" is the day of the half;
- "Weekend 12-13.09" (the month written once, after a dot) is the 12th and 13th of September
  ("8-10.5 km", "2-3.5 hours", "10-12.5k" stay numbers);
- "What is happening on 21 VIII?" (a learner's present for a day gone) asks what happened."""

from datetime import datetime

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.events import event_phrases
from coach_tui.memory.focus import WHAT_HAPPENED
from coach_tui.memory.goal_spans import GOAL_PERIOD
from coach_tui.memory.query import spelled_out
from coach_tui.memory.recall import as_read

THURSDAY = datetime(2026, 12, 3, 9, 0)
FRIDAY = datetime(2026, 12, 4, 9, 0)


def _events(text):
    return [(p.relation, p.words) for p in event_phrases(as_read(text), ())]


@pytest.mark.parametrize("text, words", [
    ("How low did my steps go through that head cold?", "cold"),
    ("How low did my steps go throughout the flu?", "flu"),
    ("How many steps through the storm?", "storm"),
    ("How low did ma steps go through that heid cauld?", "cold"),
])
def test_through_an_event_is_its_days(text, words):
    assert _events(text) == [("during", words)]


@pytest.mark.parametrize("text", [
    "Did you go through my notes from last week?",
    "I walked through the park on Saturday, how many steps?",
])
def test_through_what_is_no_event_is_no_time(text):
    assert [w for r, w in _events(text) if r == "during"] == []


@pytest.mark.parametrize("text", [
    "When I have this head cold, how many steps each day?",
    "When I had this head cold, how many steps each day?",
    "That time I kena head cold, the 3 days I walk how many steps ah?",
])
def test_a_learners_present_for_an_illness_is_that_illness(text):
    assert _events(text) == [("during", "cold")]


def test_having_time_is_no_illness():
    assert _events("When I have time, what did you say about my knee?") == []


@pytest.mark.parametrize("typed, read", [
    ("the week afore the race", "the week before the race"),
    ("that heid cauld", "that head cold"),
    ("gaun oot", "going out"),
    ("hoo many steps", "how many steps"),
    ("when I got hame", "when I got home"),
    ("I hurt masel", "I hurt myself"),
    ("ma knee wis sair", "my knee was sore"),
    ("I dinnae mind", "I don't mind"),
    ("last Setterday", "last Saturday"),
    ("efter I'd been no weel", "after I had been unwell"),
    ("a fortnight past", "a fortnight ago"),
    ("that time I kena flu", "when I had flu"),
])
def test_words_as_typed(typed, read):
    assert spelled_out(typed) == read


@pytest.mark.parametrize("text", [
    "What was my step count on 09-Nov? Kindly advise.",
    "Step count for 9-Nov-2026 please",
    "What was my step count on 9 Nov 2026?",
])
def test_a_day_and_month_joined_by_a_hyphen(text):
    assert [(s.start.isoformat(), s.end.isoformat()) for s in named_spans(
        text, THURSDAY.date())] == [("2026-11-09", "2026-11-09")]


@pytest.mark.parametrize("text, first, last", [
    ("last last Saturday I walk how many steps ah?", "2026-11-21", "2026-11-21"),
    ("last last week how many steps?", "2026-11-16", "2026-11-22"),
    ("Last last month total?", "2026-10-01", "2026-10-31"),
    ("the Saturday before last, how many steps?", "2026-11-21", "2026-11-21"),
])
def test_last_last_is_the_one_before_last(text, first, last):
    assert [(s.start.isoformat(), s.end.isoformat()) for s in named_spans(
        as_read(text), FRIDAY.date())] == [(first, last)]


def test_last_saturday_alone_is_still_the_last_one():
    assert [s.start.isoformat() for s in named_spans(
        "last Saturday, how many steps?", FRIDAY.date())] == ["2026-11-28"]


@pytest.mark.parametrize("text", [
    "When goal was 12,000, in how many days I really reach it?",
    "In time when goal was 12 thousand, how many days I reach it?",
    "When the goal was 12,000, on how many days did I reach it?",
])
def test_the_goal_named_without_its_article(text):
    m = GOAL_PERIOD.search(text)
    assert m is not None and m.group(1) == "12" + (",000" if "12," in text else "")


@pytest.mark.parametrize("text, words", [
    ("On day of half marathon how many steps I have?", "half"),
    ("On day of race, how many steps?", "race"),
    ("On the day of my half marathon, how many steps?", "half"),
])
def test_the_day_of_an_event_without_its_articles(text, words):
    assert _events(text) == [("the day of", words)]


@pytest.mark.parametrize("typed, read", [
    ("Weekend 12-13.09, how much steps I did?", "Weekend 12.09-13.09, how much steps I did?"),
    ("12-13.09.2026 steps", "12.09.2026-13.09.2026 steps"),
    ("I ran 8-10.5 km", "I ran 8-10.5 km"),
    ("that took 2-3.5 hours", "that took 2-3.5 hours"),
    ("easy 10-12.5k", "easy 10-12.5k"),
    ("pace 4-4.30", "pace 4-4.30"),
    ("up 3-4.5%", "up 3-4.5%"),
])
def test_two_days_of_a_month_written_once_after_a_dot(typed, read):
    assert as_read(typed) == read


@pytest.mark.parametrize("text, asks", [
    ("What is happening on 21 VIII? Steps are low.", True),
    ("What happened on 21/8?", True),
    ("What is happening with my knee lately?", False),
])
def test_what_is_happening_on_a_day_asks_what_happened(text, asks):
    assert (WHAT_HAPPENED.search(text) is not None) == asks
