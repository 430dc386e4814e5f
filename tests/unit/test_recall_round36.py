"""Recall, round 36 (read from fresh70, a formal voice that gives a sentence of context before
its question, after it was scored blind): the days an illness lasted said as "the days I was
suffering with it", "it" being the illness a sentence before names; a short question whose
object is the remark's thing ("on which Saturday did I set it"). The phrasings are this
file's own."""

from datetime import date, datetime

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.events import event_phrases, with_stretches
from coach_tui.memory.message_parts import asking
from coach_tui.memory.query import expand, message_words
from coach_tui.memory.ranking import asked_kind
from coach_tui.store.search import REVIEW_KIND
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import recall
from tests.unit.test_recall_round34 import _spans

THURSDAY = datetime(2026, 12, 3, 16, 0)


def terms_for(text: str) -> set[str]:
    """Every word the search of `text` looks for, synonyms included."""
    return {t for w in message_words(text) for t in expand(w)}


@pytest.mark.parametrize("text, said", [
    ("the days I was suffering with the flu", "while I had the flu"),
    ("the days when I was down with a cold", "while I had a cold"),
    ("during the time I suffered from the bug", "while I had the bug"),
    ("My chest cold is gone. What did I average the days I was ill with it?",
     "while I had the cold"),
])
def test_an_illness_suffered_is_its_stretch(text, said):
    assert said in with_stretches(text)


def test_it_names_nothing_without_an_illness_before():
    text = "What did I average the days I was ill with it?"
    assert "while I had it" in with_stretches(text)


def test_the_days_suffering_with_it_are_the_illness_named_before(conn):
    seed_steps(conn, end=date(2026, 12, 2), values=[8_000 + 13 * i for i in range(60)],
               today_steps=None)
    seed_journal(conn, ["Head cold: blocked nose and sore throat. Rest days, short walks only."],
                 entry_date="2026-11-26")
    seed_journal(conn, ["Cold cleared. 12 km easy with Priya."], entry_date="2026-11-29")
    rec = recall(conn, "I should like to know how much my head cold set me back. How many "
                       "steps did I take on each of the days I was suffering with it?",
                 now=THURSDAY)
    assert ("2026-11-26", "2026-11-28") in _spans(rec)


@pytest.mark.parametrize("verb", ["set", "achieved", "earn"])
def test_a_short_question_about_the_remarks_thing_keeps_the_remark(verb):
    text = f"I am still proud of my parkrun personal best. Which Saturday did I {verb} it?"
    assert any("parkrun" in part for part in asking(text))


@pytest.mark.parametrize("text, phrase", [
    ("Steps on the weekend that followed the trade fair?", ("the weekend after", "fair")),
    ("My average in the week that preceded the half?", ("the week before", "half")),
    ("How was the week which came after the flu?", ("the week after", "flu")),
])
def test_a_stretch_that_followed_or_preceded_an_event(text, phrase):
    assert phrase in [(p.relation, p.words) for p in event_phrases(text)]


def test_the_weekend_that_followed_it_with_its_saturday_and_sunday(conn):
    seed_steps(conn, end=date(2026, 12, 4), values=[8_000 + 13 * i for i in range(120)],
               today_steps=None)
    seed_journal(conn, ["Packing for the Frankfurt trade fair, Mon 14 to Thu 17 September."],
                 entry_date="2026-09-13")
    rec = recall(conn, "The trade fair in Frankfurt wore me out. How many steps did I take on "
                       "the weekend that followed it, the Saturday and the Sunday?",
                 now=datetime(2026, 12, 5, 10, 30))
    assert ("2026-09-19", "2026-09-20") in _spans(rec)
    assert ("2026-11-29", "2026-11-29") not in _spans(rec)


@pytest.mark.parametrize("text", [
    "What did your roundup of that week say about my calves?",
    "Remind me what the weekly wrap-up said.",
    "What did you write in the weekly report for race week?",
    "What was in your summary of the Lisbon week?",
])
def test_a_weekly_roundup_by_any_name_asks_for_the_review(text):
    assert asked_kind(text) == REVIEW_KIND


def test_a_summary_of_steps_asks_for_no_review():
    assert asked_kind("Give me a summary of my steps please") is None


@pytest.mark.parametrize("text", [
    "The physiotherapist gave me a diagnosis in the summer. What did she call my complaint?",
    "My brother walked the last mile with me in the race. What did he say at the finish?",
])
def test_a_question_about_she_or_he_keeps_the_remark_naming_them(text):
    assert len(asking(text)) == 1 and asking(text)[0].startswith(text.split(".")[0])


def test_she_in_a_question_with_no_remark_before_stands_alone():
    assert asking("What did she call my complaint?") == ["What did she call my complaint"]


def test_resort_to_is_a_verb_not_a_hotel():
    assert "hotel" not in terms_for("On which day did I resort to running indoors?")
    assert "hotel" in terms_for("Which resort did we stay at in Lisbon?")


@pytest.mark.parametrize("text, phrase", [
    ("when i am sick in september, how much steps i make?", ("during", "sick")),
    ("the race, what was my time and how many steps that day?", ("the day of", "race")),
    ("The parkrun - what was my time and my steps that day?", ("the day of", "parkrun")),
])
def test_a_learners_present_and_an_event_put_first(text, phrase):
    assert phrase in [(p.relation, p.words) for p in event_phrases(text)]


def test_an_event_put_first_with_no_day_asked_is_no_day():
    assert event_phrases("My knee - what did you tell me to do?") == []


def test_the_race_put_first_then_that_day_is_race_day(conn):
    seed_steps(conn, end=date(2026, 12, 2), values=[8_000 + 13 * i for i in range(60)],
               today_steps=None)
    seed_journal(conn, ["Collected race number and timing chip for Sunday 15 November."],
                 entry_date="2026-11-12")
    rec = recall(conn, "the race, what was my time and how many steps that day?", now=THURSDAY)
    assert [it.day for it in rec.items if it.kind == "day"] == ["2026-11-15"]


def test_an_event_in_a_named_month_is_the_time_it_happened_then(conn):
    seed_steps(conn, end=date(2026, 12, 2), values=[8_000 + 13 * i for i in range(120)],
               today_steps=None)
    seed_journal(conn, ["Down with flu and a fever, feeling poorly, in bed."],
                 entry_date="2026-09-27")
    seed_journal(conn, ["Fever gone since yesterday."], entry_date="2026-10-01")
    seed_journal(conn, ["Head cold, feeling poorly: rest days, short walks only."],
                 entry_date="2026-11-26")
    seed_journal(conn, ["Cold cleared, 12 km easy."], entry_date="2026-11-29")
    rec = recall(conn, "when i was poorly in nov how low did i go", now=THURSDAY)
    assert ("2026-11-26", "2026-11-28") in _spans(rec)
    rec = recall(conn, "when i was poorly in sept how low did i go", now=THURSDAY)
    assert ("2026-09-27", "2026-09-30") in _spans(rec)


def test_the_work_jolly_is_a_work_trip():
    assert [(p.relation, p.words) for p in event_phrases(
        "How many steps during the work jolly in September?")] == [("during", "work trip")]


@pytest.mark.parametrize("text, phrase", [
    ("the rainy wk - total?", ("the week of", "rainy")),
    ("total for the wet week", ("the week of", "wet")),
    ("the storm wk - total?", ("the week of", "storm")),
])
def test_the_week_a_weather_word_names(text, phrase):
    assert phrase in [(p.relation, p.words) for p in event_phrases(text)]


@pytest.mark.parametrize("text", ["was it a rainy week?", "rainy days are the worst",
                                  "steps per wk?"])
def test_a_kind_of_week_names_no_event(text):
    assert event_phrases(text) == []


@pytest.mark.parametrize("text, window", [
    ("how did the last fortnight compare to the one before", ("2026-11-05", "2026-11-18")),
    ("last fortnight vs the fortnight before", ("2026-11-05", "2026-11-18")),
    ("last 10 days vs the 10 days before?", ("2026-11-13", "2026-11-22")),
])
def test_the_window_before_a_rolling_one(text, window):
    spans = named_spans(text, date(2026, 12, 3))
    assert window in [(s.start.isoformat(), s.end.isoformat()) for s in spans]


def test_the_one_before_an_event_is_no_window():
    spans = named_spans("last 7 days and the one before the race", date(2026, 12, 3))
    assert [(s.start.isoformat(), s.end.isoformat()) for s in spans] == [
        ("2026-11-26", "2026-12-02")]


def test_the_day_of_that_appointment_is_the_day_of_what_was_found(conn):
    seed_steps(conn, end=date(2026, 12, 2), values=[8_000 + 13 * i for i in range(120)],
               today_steps=None)
    seed_journal(conn, ["Physio (Helen) diagnosed patellofemoral pain. Walking only for a week."],
                 entry_date="2026-08-21")
    rec = recall(conn, "What did the physiotherapist diagnose, and how many steps did I manage "
                       "on the day of that appointment?", now=THURSDAY)
    assert [it.day for it in rec.items if it.kind == "day"] == ["2026-08-21"]
