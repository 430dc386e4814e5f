"""Events and spans as a formal writer names them (phrasings of our own): "the fortnight
following the half", "the week of Storm Ingrid" (a name with no article), "the three days after
Biscuit hurt his paw" (a name, what happened to it, and a count of days), "the latter half of
October"; and "the second week of November" is no event called "second"."""

from datetime import date

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.events import EventPhrase, anchored_span, event_phrases


@pytest.mark.parametrize("text, phrase", [
    ("How many steps did I manage in the fortnight following the half?",
     EventPhrase("after", "half", days=14)),
    ("Might you tell me my average over the fortnight before the race?",
     EventPhrase("before", "race", days=14)),
    ("What was my total for the week of Storm Ingrid?", EventPhrase("the week of", "storm ingrid")),
    # (after the day it happened: its line's ten days of short walks are not the event)
    ("How active was I in the three days after Biscuit hurt his paw?",
     EventPhrase("after", "biscuit paw", onset=True, days=3)),
    ("What did I do after Priya rang?", EventPhrase("after", "priya")),
])
def test_an_event_is_read_as_a_formal_writer_names_it(text, phrase):
    assert phrase in event_phrases(text)


@pytest.mark.parametrize("text", [
    "What was my total for the week of November 16?",      # a date, not an event
    "How did the week of Monday the 9th go?",
])
def test_a_month_or_weekday_after_the_week_of_is_no_event(text):
    assert not any(p.relation == "the week of" for p in event_phrases(text))


def test_a_counted_stretch_after_an_event_is_that_many_days():
    race = date(2026, 11, 15)
    span = anchored_span(EventPhrase("after", "half", days=14), race, race, date(2026, 12, 2))
    assert (span.start, span.end) == (date(2026, 11, 16), date(2026, 11, 29))
    span = anchored_span(EventPhrase("before", "half", days=14), race, race, date(2026, 12, 2))
    assert (span.start, span.end) == (date(2026, 11, 1), date(2026, 11, 14))


@pytest.mark.parametrize("text, expected", [
    ("How did the latter half of October go?", (date(2026, 10, 16), date(2026, 10, 31))),
    ("And the former half of November?", (date(2026, 11, 1), date(2026, 11, 15))),
    ("the back half of September", (date(2026, 9, 16), date(2026, 9, 30))),
])
def test_a_half_of_a_month_in_other_words(text, expected):
    spans = [(s.start, s.end) for s in named_spans(text, date(2026, 12, 2), "DMY")]
    assert expected in spans


def test_an_ordinal_week_of_a_month_names_no_event():
    assert event_phrases("What was my average in the second week of November?") == []
    assert event_phrases("and the third week of October?") == []
