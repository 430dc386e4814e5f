"""Recall, round 39 (read from fresh84, a busy parent texting before dawn, and fresh88, a
masters runner in training jargon, after each was scored blind): "that whole week" of a day
named, "the one before that" of a week or month named, "the week before for me", "tues n
wed", "volume" as the days' steps, and the review asked for by its week ("in that wk's
review"). The phrasings are this file's own."""

from datetime import date

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.events import with_stretches
from coach_tui.memory.focus import asks_days
from coach_tui.memory.query import spelled_out
from coach_tui.memory.ranking import asked_kind
from coach_tui.store import search

THURSDAY = date(2026, 12, 3)


def spans(text: str, today: date = THURSDAY) -> list[tuple[str, str]]:
    """The days `text` names as a message is read: text-speak written out first."""
    return [(s.start.isoformat(), s.end.isoformat())
            for s in named_spans(spelled_out(text), today)]


@pytest.mark.parametrize("text", [
    "tues 18 aug - how many steps that day? n how did that whole wk end up",
    "Steps on the 18th of August, and the total for that week?",
    "18/8: what did I do, and how did the same week look overall",
])
def test_that_week_of_a_day_named_is_its_monday_to_sunday(text):
    assert ("2026-08-17", "2026-08-23") in spans(text)
    assert ("2026-08-18", "2026-08-18") in spans(text)


@pytest.mark.parametrize("text", [
    "steps on 15/11 and the review you wrote for that week",
    "how many steps did I manage on the 3rd of Nov? can't remember that week at all",
    "tues 18 aug and what you said that week",
])
def test_that_week_where_something_else_is_found_names_no_week(text):
    assert not any(end != start for start, end in spans(text))


def test_that_week_beside_several_days_is_no_guess():
    assert not any(end != start for start, end in spans(
        "2 nov and 9 nov steps, and that whole week?"))


@pytest.mark.parametrize("text, today, found", [
    ("how many steps did i do the wk 3 wks back? n the one b4 that", date(2026, 12, 2),
     [("2026-11-09", "2026-11-15"), ("2026-11-02", "2026-11-08")]),
    ("how many steps in october, and the one before that?", THURSDAY,
     [("2026-10-01", "2026-10-31"), ("2026-09-01", "2026-09-30")]),
    ("steps on 3 nov, and the one after it?", THURSDAY,
     [("2026-11-03", "2026-11-03"), ("2026-11-04", "2026-11-04")]),
])
def test_the_one_before_that_is_as_long_as_what_was_named(text, today, found):
    assert spans(text, today) == found


def test_the_one_before_that_of_an_event_is_left_to_events():
    assert spans("the race, and the one before that?") == []


@pytest.mark.parametrize("text", [
    "Compare last week's volume with the week before for me.",
    "last week vs the week before too",
    "last week and the week before as well please",
])
def test_the_week_before_standing_alone(text):
    assert spans(text) == [("2026-11-23", "2026-11-29"), ("2026-11-16", "2026-11-22")]


def test_the_week_before_an_event_is_the_events():
    assert ("2026-11-16", "2026-11-22") not in spans("last week and the week before the race")


@pytest.mark.parametrize("text, days", [
    ("last tues n wed steps? felt ok b4 the cold hit", [("2026-11-24", "2026-11-24"),
                                                       ("2026-11-25", "2026-11-25")]),
    ("fri or sat, which was bigger?", [("2026-11-27", "2026-11-27"),
                                      ("2026-11-28", "2026-11-28")]),
])
def test_a_short_weekday_after_a_weekday_and(text, days):
    assert spans(text, date(2026, 12, 1)) == days


@pytest.mark.parametrize("text, said", [
    ("last tues n wed steps?", "wednesday"),
    ("we got wed in june", "we got wed in june"),
    ("i sat and rested", "i sat and rested"),
])
def test_a_short_weekday_is_a_word_elsewhere(text, said):
    assert said in spelled_out(text).lower()


@pytest.mark.parametrize("text, asks", [
    ("In the seven days after my parkrun PB, did the volume keep climbing?", True),
    ("my volume last week?", True),
    ("did i manage any mileage on the germany business trip", False),
])
def test_volume_is_the_days_steps(text, asks):
    assert asks_days(text) is asks


@pytest.mark.parametrize("text", [
    "which was my best wk ever? n what did u write in that wks review about my calves",
    "what did you write in that week's review about my calves",
    "what did you say in last week's review about the knee",
    "anything in the week’s review on sleep?",
])
def test_a_review_asked_for_by_its_week(text):
    assert asked_kind(spelled_out(text)) == search.REVIEW_KIND


def test_what_was_said_that_week_is_still_a_chat():
    assert asked_kind("what did you say that week about my calves") == search.CHAT_KIND


@pytest.mark.parametrize("text, told", [
    ("10 Oct - the day my calves got absolutely hammered on all those hills. What did I clock?",
     "10 Oct - my calves"),
    ("3/10, the day I went back to parkrun. Steps?", "3/10 - I went"),
])
def test_a_date_told_with_what_happened_on_it_is_the_day(text, told):
    assert told in with_stretches(text)


def test_a_date_asked_with_its_event_keeps_the_event_for_the_day_before_it():
    text = ("how many steps did I get on 16/9, the day I used the hotel treadmill, and how did "
            "that compare with the day before it?")
    assert with_stretches(text) == text
