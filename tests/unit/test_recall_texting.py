"""Recall, round 20d: a texter in a hurry naming events by description. "the big match" is the
match, "4 wks ago how was that week" a week. Pure, with a pinned today (Wednesday 9 December
2026); the phrasings are this file's own."""

from datetime import date

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.evaluative import sized, without_feelings, without_size
from coach_tui.memory.event_refs import without_dating_months
from coach_tui.memory.events import EventPhrase, event_phrases
from coach_tui.memory.focus import THAT_DAY, that_day
from coach_tui.memory.message_parts import clauses
from coach_tui.memory.ranking import Ranked
from coach_tui.memory.spans import Span
from coach_tui.memory.textspeak import spelled_out
from coach_tui.store.reviews import save_review
from coach_tui.store.search import CHAT_KIND, Hit
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import recall

TODAY = date(2026, 12, 9)  # a Wednesday


def _spans(text: str) -> list[tuple[date, date]]:
    return [(s.start, s.end) for s in named_spans(spelled_out(text), TODAY)]


@pytest.mark.parametrize("text, means", [
    ("the wk after the big match", "the wk after the match"),
    ("since that huge hike", "since that hike"),
    ("b4 my massive trip abroad", "b4 my trip abroad"),
])
def test_a_word_of_size_is_set_aside_before_a_thing(text, means):
    assert " ".join(without_size(text).split()) == means


def test_a_word_of_size_stays_in_the_memory_search():
    assert without_feelings("did my film reach the big screen") == (
        "did my film reach the big screen")


@pytest.mark.parametrize("text", ["the big day, steps?", "my big week in june",
                                  "that huge one in may"])
def test_a_word_of_size_stays_before_a_day_or_week(text):
    assert without_size(text) == text


def test_the_day_after_the_big_event_is_anchored_on_it():
    assert EventPhrase("the day after", "match") in event_phrases(
        "day after the big match how many steps")


@pytest.mark.parametrize("text", [
    "4 wks ago how was that week",
    "four weeks ago what was the week like for steps",
    "4 weeks ago, total that week?",
])
def test_weeks_ago_with_the_week_asked_for_is_that_week(text):
    assert (date(2026, 11, 9), date(2026, 11, 15)) in _spans(text)


def test_weeks_ago_alone_is_still_a_day():
    assert _spans("4 weeks ago steps?") == [(date(2026, 11, 11), date(2026, 11, 11))]


def test_when_the_pet_hurt_itself_is_while_it_lasted():
    assert EventPhrase("during", "cat cut paw") in event_phrases(
        "when the cat cut her paw how did my step count go")


@pytest.mark.parametrize("text", ["what boots did you suggest when my old ones split",
                                  "how did I keep going when the heat was at its worst?"])
def test_when_a_thing_happened_asking_no_steps_names_no_days(text):
    assert event_phrases(text) == []


def test_when_a_thing_happened_dated_by_another_event_is_left_to_that_one():
    phrases = event_phrases("when my hip flared again after the marathon what steps that day")
    assert EventPhrase("after", "marathon") in phrases
    assert not any(p.relation == "during" for p in phrases)


def test_how_it_began_is_not_searched_for():
    assert EventPhrase("during", "heatwave") in event_phrases(
        "steps when the heatwave kicked off?")


def test_days_counted_after_the_event_named_before_a_new_question():
    phrases = event_phrases("when my cat hurt her tail, the 5 days after what were my totals")
    assert EventPhrase("after", "cat hurt tail", days=5) in phrases


@pytest.mark.parametrize("text, phrase", [
    ("the snowy week, the one with the blizzard, total?", EventPhrase("the week of", "blizzard")),
    ("best month, was it the one w the wedding", EventPhrase("the month of", "wedding")),
    ("the day, the one where the parade was on", EventPhrase("the day of", "parade")),
])
def test_the_one_with_an_event_is_the_unit_named_before_holding_it(text, phrase):
    assert phrase in event_phrases(spelled_out(text))


def test_the_days_of_an_ailment_said_before_days():
    assert EventPhrase("during", "throat") in event_phrases(
        "the sore throat days, how low were steps")


@pytest.mark.parametrize("text", ["the past few days how was i", "those early days, steps?",
                                  "the rest days this month"])
def test_days_said_by_how_many_or_which_name_no_event(text):
    assert not any(p.relation == "during" for p in event_phrases(text))


def test_getting_a_new_thing_is_its_first_day_without_the_word_new():
    phrases = event_phrases("the weekend i bought my new bike, steps?")
    assert EventPhrase("the weekend of", "bike", onset=True) in phrases or any(
        p.relation == "the weekend of" and p.words.split()[0] == "bike" for p in phrases)
    assert not any("new" in p.words.split() for p in phrases)


def test_around_when_and_that_weekend_is_the_weekend_of_the_event():
    phrases = event_phrases("round when i got the new bike, that weekend how many steps")
    assert any(p.relation == "during" and "bike" in p.words for p in phrases)
    assert any(p.relation == "the weekend of" and "bike" in p.words for p in phrases)


# A week named by its dates, its review and three lines (the pinned today is Mon 30 Nov 2026).
def _a_week_with_a_story(conn):
    seed_steps(conn)
    review = save_review(conn, period_key="week:2026-W47", period_start="2026-11-16",
                         period_end="2026-11-22", text="A heatwave week: runs moved to dawn.",
                         model="m", created_at="2026-11-23T09:00:00")
    first = seed_journal(conn, ["Heatwave: 34 degrees, park closed at noon."],
                         entry_date="2026-11-17")[0]
    later = seed_journal(conn, ["Dawn run along the canal before the heat."],
                         entry_date="2026-11-19")[0]
    return review, first, later


@pytest.mark.parametrize("text", [
    "the wk of 16 nov, why was it so low",
    "16-22 nov and what was i even doing that wk",
    "week of the 16th of November, how come",
])
def test_the_story_of_a_named_week_is_its_review_and_first_line(conn, text):
    review, first, later = _a_week_with_a_story(conn)
    got = recall(conn, text)
    refs = {(it.kind, it.ref) for it in got.items}
    assert ("review", review) in refs and ("journal", first) in refs
    assert ("journal", later) not in refs


def test_a_named_week_asked_for_steps_alone_tells_no_story(conn):
    review, first, _ = _a_week_with_a_story(conn)
    got = recall(conn, "the wk of 16 nov, total steps?")
    assert not {("review", review), ("journal", first)} & {(it.kind, it.ref) for it in got.items}


@pytest.mark.parametrize("text, unit", [
    ("when did i raise my goal and steps that first day", "day"),
    ("how many steps that very day", "day"),
])
def test_that_first_day_is_the_day_of_what_was_found(text, unit):
    m = THAT_DAY.search(text)
    assert m is not None and m.group(1) == unit


@pytest.mark.parametrize("text, means", [
    ("the 10 mile trail day, how many steps?", True),
    ("the charity walk day steps and who came", True),
    ("on the hill reps day what was my total", True),
    ("how was the next day", False),
    ("my rest day steps", False),
    ("the day before the race", False),
    ("what about the whole day", False),
    ("what did you say about doing the stretches every day?", False),
])
def test_the_day_of_an_outing_named_by_description(text, means):
    """"the 10 mile trail day": the day of the memory that tells that outing, not any day"""
    m = THAT_DAY.search(text)
    assert (m is not None and "day" in m.groups()) == means


@pytest.mark.parametrize("text, weekday", [
    ("what did u say about my hip and did i walk that thurs", "thu"),
    ("and did I make it that Tuesday", "tue"),
    ("steps that sat?", "sat"),
])
def test_that_weekday_is_read(text, weekday):
    m = THAT_DAY.search(text)
    assert m is not None and m.group(5).lower() == weekday


def test_that_weekday_is_the_weekday_of_the_found_memorys_week():
    found = [Ranked(Hit(CHAT_KIND, 1, "2026-11-12", "can't fit 15k on gym days", 3.0,
                        reply="Then aim for it on rest days."), 1.0)]
    said = THAT_DAY.search("what did u say and did i get there that mon")
    span = that_day(found, said, date(2026, 12, 9), CHAT_KIND)  # the 12th is a Thursday
    assert span is not None and (span.start, span.end) == (date(2026, 11, 9), date(2026, 11, 9))


@pytest.mark.parametrize("text", ["the wk i got sick, total?", "the week I was sick in march"])
def test_the_week_i_got_sick_names_the_illness(text):
    assert any(p.relation == "the week of" and p.words == "sick"
               for p in event_phrases(spelled_out(text)))


def test_a_month_dating_an_event_goes_when_its_week_runs_into_the_next_month():
    phrase = EventPhrase("the week of", "flu")
    march = Span("March 2026", date(2026, 3, 1), date(2026, 3, 31), True)
    week = Span("the week of the flu", date(2026, 3, 30), date(2026, 4, 5), True)
    assert without_dating_months("the week i had the flu in march, steps?", [phrase],
                                 [march, week], [week], date(2026, 12, 9)) == [week]


@pytest.mark.parametrize("text, parts", [
    ("the wk of my birthday what did the review say and also what did u tell me about cake",
     2),
    ("best day also how many steps the day after", 2),
    ("steps on the 3rd and then what did i do on the 4th", 2),
])
def test_and_also_starts_another_part(text, parts):
    assert len(clauses(text)) == parts


def test_when_a_thing_happened_beside_a_date_names_no_days_of_its_own():
    assert event_phrases("steps on 4/3 when the hip acted up? what did you say") == []


def test_that_day_after_a_place_is_not_the_first_day_there():
    phrases = event_phrases("in rome on the friday how many steps and what did i do that day")
    assert not any(p.relation == "the day of" for p in phrases)


def test_a_named_weekend_asked_steps_wise_tells_no_story(conn):
    review, first, _ = _a_week_with_a_story(conn)
    got = recall(conn, "what did i do 16-22 nov? steps wise")
    assert not {("review", review), ("journal", first)} & {(it.kind, it.ref) for it in got.items}


def test_the_word_of_size_and_the_thing_it_describes():
    assert sized("the days before my huge wedding, and the big screen") == [
        ("huge", "wedding"), ("big", "screen")]
    assert sized("the big day") == []


def test_a_named_week_asked_about_a_thing_of_its_own_tells_no_story(conn):
    review, first, _ = _a_week_with_a_story(conn)
    got = recall(conn, "16-22 nov what did i log about my calves")
    assert ("review", review) not in {(it.kind, it.ref) for it in got.items}


@pytest.mark.parametrize("text", ["the hill days how many steps", "the interval days, avg?"])
def test_days_of_a_kind_of_training_name_no_event(text):
    assert not any(p.relation == "during" for p in event_phrases(text))


@pytest.mark.parametrize("text", ["which week was the one with the most steps",
                                  "which month, the one with the highest avg"])
def test_the_one_with_a_measure_names_no_event(text):
    assert not any(p.relation.endswith(" of") for p in event_phrases(text))


@pytest.mark.parametrize("text", ["when the app showed 0 steps how many did i really do",
                                  "when my watch said 4k steps what was the real count"])
def test_when_a_device_read_something_names_no_event(text):
    assert event_phrases(text) == []
