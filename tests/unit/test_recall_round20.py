"""Recall, round 20: a formal writer's events. "the days running up to" an event, a stretch
said of the event named before it ("the week after it", "the five days after I got home",
"the fortnight before it", "the holiday itself"). Pure, with a pinned today (Wednesday 9
December 2026); the phrasings are this file's own."""

from datetime import date

import pytest

from coach_tui.memory.events import EventPhrase, anchored_span, event_phrases

TODAY = date(2026, 12, 9)  # a Wednesday


@pytest.mark.parametrize("text", [
    "my average in the week running up to the marathon",
    "steps in the build-up to the marathon",
    "the days building up to the marathon, how were they",
])
def test_running_up_to_an_event_is_the_week_before_it(text):
    assert EventPhrase("leading up to", "marathon") in event_phrases(text)
    span = anchored_span(EventPhrase("leading up to", "marathon"), date(2026, 10, 18),
                         date(2026, 10, 18), TODAY)
    assert span is not None and (span.start, span.end) == (date(2026, 10, 11),
                                                           date(2026, 10, 17))


@pytest.mark.parametrize("text, relation, days", [
    ("my totals for the conference week, and for the week after it", "the week after", 0),
    ("the five days after I got home from the conference", "after", 5),
    ("since the conference, and the fortnight before it", "before", 14),
    ("during the conference and the day after it", "the day after", 0),
    ("since the conference; the three days following it?", "after", 3),
])
def test_a_stretch_said_of_the_event_named_before(text, relation, days):
    phrases = event_phrases(text)
    assert any(p.relation.startswith(relation) and p.words == "conference" and p.days == days
               for p in phrases), phrases


def test_the_week_after_a_named_week_is_the_next_calendar_week():
    phrases = event_phrases("how did the heatwave week go, and the week after it?")
    assert EventPhrase("the week after the week of", "heatwave") in phrases


def test_no_back_reference_without_an_event_before():
    assert not any(p.days for p in event_phrases("the four days after it were rough"))


def test_the_event_itself_is_its_own_days():
    phrases = event_phrases("my average since the holiday compared with the holiday itself")
    assert EventPhrase("during", "holiday") in phrases
    assert EventPhrase("since", "holiday") in phrases


def test_itself_of_a_thing_not_named_as_an_event_is_not_one():
    assert not event_phrases("the watch itself was fine")


@pytest.mark.parametrize("text", [
    "the step count on the day of my move, and on the day after?",
    "the step count on the day of my move and for the day after.",
])
def test_and_on_the_day_after(text):
    assert EventPhrase("the day after", "move") in event_phrases(text)


def test_counted_days_after_an_event():
    span = anchored_span(EventPhrase("after", "conference", days=4), date(2026, 9, 7),
                         date(2026, 9, 10), TODAY)
    assert span is not None and (span.start, span.end) == (date(2026, 9, 11), date(2026, 9, 14))
