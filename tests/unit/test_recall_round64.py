"""Recall, round 64. The phrasings are this file's own.

- Hinglish word order (memory/hindi.py): a Hindi postposition after the words it governs is
  put before them ("race se pehle wale hafte": the week before the race; "lisbon trip se aane
  ke baad se": since the Lisbon trip; "half ke agle din": the day after the half; "storm wale
  hafte": the storm week; "cold wale teen din": the cold days), a phrase moved right before
  the next one's words says which of them ("half se pehle carb loading ke baare mein": about
  the carb loading before the half); "28th ko", "18/11 ko" are on that day; "August end mein"
  is the end of August; "jab flu hua tha" is when I had the flu, "jab tak target 12k tha"
  while the target was 12k, "jab mujhe ... bukhar tha" when I had the fever ("my flu jab"
  stays a jab); "tumne kya bola tha", "kya bataya tha tumne" ask what the coach said, "vet ne
  kya bola tha" what the vet said, "tumne koi rule bataya tha" is "you told me a rule"; "uske
  baad wale Sunday" is the Sunday after that;
- Hinglish words: "kya", "kaise", "hafta", "mahine", "teen din" (not "a teen"), "naak band",
  "jootey", "ke liye" (for, not "bought"), "kitna tha" (how much was it), "bhaagna", "theek
  hai ya nahi";
- an arrow between two parts of a message is a comma ("last wk vs the wk b4 -> totals?"),
  between two numbers "to" ("goal 10k -> 12k");
- an illness, a storm or a stay named first and then asked about ("the flu, how low did my
  steps go?", "flu in sep: how low...") is its days ("Since trip, what is...", "flu: steps on
  Mon 28/9" stay as they were);
- "what in the world", "what on earth" are "what";
- "2026-10-05 vs 10-06": the second date in the first's order, month then day, of its year
  ("2026-10-05 and 3-4 days later" stays one date);
- "4 wks ago (mon-sun)": that week, as "4 weeks ago, Monday to Sunday" was; "last week, from
  the Monday to the Sunday" is the whole week, not its Monday and Sunday;
- a learner's forms: "since 3 weeks" (the last three weeks; "since 3 weeks ago" stays a day),
  "the week passed", "Tuesday passed" (the last one; "the week passed quickly" stays), "after
  the race's one week" (the week after the race), "which day it was" (which day was it);
- French among English words: "hier", "avant-hier", "fins de semaine", "tapis roulant",
  "espadrilles", "sorties"; Turkish months ("3 Kasım") and "the grip" (the flu; "grip
  strength" stays);
- "I don't remember anymore" is no words to search for (a "Don" is still a name);
- "Tuesday last" is last Tuesday ("Tuesday last year" stays); "I was with flu" (Portuguese
  "estava com gripe") is "I had the flu"; "the academia" is the gym; "the back end of October"
  its end; "the week before the day of the race" the week before the race; "its present best"
  a personal best;
- "Add up the end of October for me, will you? All the steps together." asks for those days:
  "will you" asks the coach, it is no plan ("I will be away next week" still is)."""

from datetime import date, datetime

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.events import event_phrases
from coach_tui.memory.hindi import in_english
from coach_tui.memory.query import spelled_out
from coach_tui.memory.recall import as_read
from tests.engine_support import seed_dated_journal
from tests.unit.test_recall_memories import recall
from tests.unit.test_recall_round61 import _home

NOW = datetime(2026, 12, 2, 9, 0)  # a Wednesday


def _events(text):
    return [(p.relation, p.words) for p in event_phrases(as_read(text), ())]


@pytest.mark.parametrize("typed, read", [
    ("race se pehle wale hafte mein kitne steps?", "in the week before the race kitne steps?"),
    ("Race se pehle wale hafte mein kitne steps?", "in the week before Race kitne steps?"),
    ("marathon ke baad wala hafta kaisa tha", "the week after the marathon kaisa tha"),
    ("lisbon trip se aane ke baad se ab tak kitna chala?", "since the lisbon trip ab tak kitna "
                                                           "chala?"),
    ("half ke agle din body jam thi", "the day after the half body jam thi"),
    ("Storm Ingrid wale hafte mein kitne din?", "in the Storm Ingrid week kitne din?"),
    ("cold wale teen din kitne steps the?", "the cold days kitne steps the?"),
    ("half se pehle carb loading ke baare mein bata", "about the carb loading before the half "
                                                      "bata"),
    ("knee ke saath kya hua", "with the knee kya hua"),
    ("28th ko kitne steps the?", "on the 28th kitne steps the?"),
    ("18/11 ko kya hua tha", "on 18/11 kya hua tha"),
    ("August end mein steps kaise the?", "at the end of August steps kaise the?"),
    ("Jab flu hua tha, roz kitne steps?", "when I had the flu, roz kitne steps?"),
    ("Jab tak target 12k tha, average kitna?", "while the target was 12k, average kitna?"),
    ("aur Manchester ke baare mein tumne kya bola tha?", "aur about Manchester what did you "
                                                     "say?"),
    ("tumne chat mein kya bataya tha?", "chat mein what did you tell me?"),
    ("chip ke baare mein kya bataya tha tumne?", "about the chip what did you tell me?"),
    ("uske baad wale Sunday ka long run", "the Sunday after that ka long run"),
    ("jab mujhe September end mein bukhar tha", "when I had the bukhar at the end of "
                                                "September"),
    ("tumne koi rule bataya tha", "you told me koi rule"),
    ("dog ke pair mein kaanch tha. Vet ne kya bola tha?", "in the dog's foot kaanch tha. what "
                                                          "did the vet say?"),
])
def test_hinglish_in_english_word_order(typed, read):
    assert in_english(typed) == read


@pytest.mark.parametrize("text", [
    "When was my flu jab?",
    "Had my flu jab on the 3rd, how many steps?",
    "Is this the week to ease off?",
    "Kitne steps the?",
])
def test_english_and_hinglish_without_a_postposition_stay_as_written(text):
    assert in_english(text) == text


@pytest.mark.parametrize("typed, read", [
    ("kya hua tha us din", "what happened that day"),
    ("teen din ka total", "three days ka total"),
    ("a teen at heart", "a teen at heart"),
    ("naye jootey kab liye", "new shoes when bought"),
    ("next race ke liye note", "next race for note"),
    ("jab naak band thi", "when I had a blocked nose"),
    ("Sat aur Sun ka kitna tha?", "Sat and Sun ka how much was it?"),
    ("zukaam mein bhaagna theek hai ya nahi?", "cold mein running ok or not?"),
])
def test_hinglish_words(typed, read):
    assert spelled_out(typed) == read


def test_the_week_before_the_race_said_in_hinglish_is_that_week():
    assert _events("Race se pehle wale hafte mein total kitne steps hue the?") == [
        ("the week before", "race")]


def test_since_the_trip_said_in_hinglish():
    assert _events("lisbon trip se aane ke baad se ab tak total kitna chala hoon?") == [
        ("since", "lisbon trip")]


def test_a_day_with_ko_is_that_day():
    assert [s.start for s in named_spans(spelled_out("28th ko kitne steps the? bas number "
                                                     "chahiye"), date(2026, 12, 3))] == [
        date(2026, 11, 28)]


def test_a_months_end_said_in_hinglish_is_its_last_days():
    spans = named_spans(spelled_out("August end mein steps kaise the mere?"), date(2026, 12, 4))
    assert [(s.start, s.end) for s in spans] == [(date(2026, 8, 21), date(2026, 8, 31))]


@pytest.mark.parametrize("typed, read", [
    ("last wk vs the wk b4 -> totals?", "last week vs the week before, totals?"),
    ("goal 10k -> 12k when?", "goal 10k to 12k when?"),
    ("last wk -> 5 days?", "last week, 5 days?"),
    ("flu in sep → how low", "during the flu in sep, how low"),
])
def test_an_arrow_between_parts_is_a_comma_and_between_numbers_to(typed, read):
    assert spelled_out(typed) == read


@pytest.mark.parametrize("typed, read", [
    ("the flu, how low did my steps go?", "during the flu, how low did my steps go?"),
    ("That head cold: daily steps?", "during That head cold, daily steps?"),
    ("Storm week - what was my total?", "during the Storm week, what was my total?"),
])
def test_an_event_named_first_then_asked_about_is_its_days(typed, read):
    assert spelled_out(typed) == read


@pytest.mark.parametrize("text", [
    "Since trip, what is my average per day?",
    "flu: steps Mon 28/9 + what did you advise re running with fever?",
    "My cold, it was bad. How many steps?",
    "The trip was great. how many steps",
])
def test_an_event_named_but_not_asked_about_stays(text):
    assert "during" not in spelled_out(text)


@pytest.mark.parametrize("typed, read", [
    ("what in the world was going on that week?", "what was going on that week?"),
    ("What on earth happened on the 3rd?", "what happened on the 3rd?"),
])
def test_what_said_with_feeling_is_what(typed, read):
    assert spelled_out(typed) == read


def _flu(conn):
    _home(conn)
    seed_dated_journal(conn, [
        ("2026-09-26", "Flu: fever from the evening, in bed, short walks only."),
        ("2026-10-01", "Fever gone since yesterday, back to easy walks."),
    ])


@pytest.mark.parametrize("text", [
    "the flu, how low did my steps go?",
    "flu in sep -> how low did my steps go, daily pls",
    "Jab flu hua tha Sept end mein, bukhar wale dinon mein roz kitne steps the?",
])
def test_the_flus_days_come_back_however_it_is_named_first(conn, text):
    _flu(conn)
    rec = recall(conn, text, now=NOW, date_order="DMY")
    spans = [(it.day, it.end) for it in rec.items if it.kind == "span"]
    assert ("2026-09-26", "2026-09-30") in spans or ("2026-09-26", "2026-10-01") in spans
    assert any(it.kind == "journal" and "Flu" in it.text for it in rec.items)


@pytest.mark.parametrize("text, days", [
    ("2026-10-05 vs 10-06 step count?", [date(2026, 10, 5), date(2026, 10, 6)]),
    ("2026/10/05 and 10/12?", [date(2026, 10, 5), date(2026, 10, 12)]),
    ("2026-10-05 and 3-4 days later?", [date(2026, 10, 5)]),
])
def test_a_date_after_a_year_first_one_is_in_its_order(text, days):
    assert sorted(s.start for s in named_spans(text, date(2026, 12, 2))) == days


@pytest.mark.parametrize("text", [
    "4 wks ago (mon-sun) how many days did i hit goal?",
    "4 weeks ago (Monday to Sunday): goal days?",
])
def test_weeks_ago_with_its_bounds_in_brackets_is_that_week(text):
    assert [(s.start, s.end) for s in named_spans(spelled_out(text), date(2026, 12, 2))] == [
        (date(2026, 11, 2), date(2026, 11, 8))]


def test_the_monday_to_the_sunday_of_last_week_is_the_week(conn):
    _home(conn)
    rec = recall(conn, "last week, from the Monday to the Sunday, how many days did I make my "
                       "goal?", now=datetime(2026, 12, 5, 9, 0), date_order="DMY")
    assert [(it.day, it.end) for it in rec.items if it.kind == "span"] == [
        ("2026-11-23", "2026-11-29")]


@pytest.mark.parametrize("typed, read", [
    ("Since 3 weeks, my average?", "over the last 3 weeks, my average?"),
    ("since two months I walk less", "over the last two months I walk less"),
    ("since 3 weeks ago?", "since 3 weeks ago?"),
    ("The week passed, how many days?", "last week, how many days?"),
    ("Tuesday passed I walked a lot", "last Tuesday I walked a lot"),
    ("the week passed quickly", "the week passed quickly"),
    ("After the race's one week, total?", "the week after the race, total?"),
    ("which day it was and how many steps?", "which day was it and how many steps?"),
    ("Hier I have walked how much?", "yesterday I have walked how much?"),
    ("avant-hier I ran 12 km", "the day before yesterday I ran 12 km"),
    ("Two fins de semaine ago", "Two weekends ago"),
    ("on the tapis roulant", "on the treadmill"),
    ("my espadrilles", "my trainers"),
    ("Was 3 Kasım over the goal?", "Was 3 November over the goal?"),
    ("I had the grip in September", "I had the flu in September"),
    ("my grip strength", "my grip strength"),
])
def test_a_learners_forms_and_words(typed, read):
    assert spelled_out(typed) == read


def test_dont_remember_is_no_word_to_search_for():
    from coach_tui.memory.query import message_words
    assert message_words("Which was my worst week, and why? I don't remember anymore.") == []
    assert "don" in message_words("What did Don say about the race?")


@pytest.mark.parametrize("typed, read", [
    ("How many steps did I do Tuesday last?", "How many steps did I do last Tuesday?"),
    ("on Tuesday last year", "on Tuesday last year"),
    ("When I was with flu in September", "When I had the flu in September"),
    ("we were with the cold", "we had the cold"),
    ("I was with Priya", "I was with Priya"),
    ("10k inside the academia", "10k inside the gym"),
    ("the back end of October", "the end of October"),
    ("the week before the day of the great race", "the week before the great race"),
    ("my parkrun time to its present best", "my parkrun time to its personal best"),
])
def test_more_forms_as_people_write_them(typed, read):
    assert spelled_out(typed) == read


def test_tuesday_last_is_that_day():
    assert [s.start for s in named_spans(spelled_out("How many steps did I do Tuesday last?"),
                                         date(2026, 12, 1))] == [date(2026, 11, 24)]


def test_will_you_asks_the_coach_and_is_no_plan(conn):
    from coach_tui.memory.message_parts import plans
    assert plans("Add up the end of October for me, will you? All the steps together.")[0] == []
    assert plans("How many steps last week? I will be away next week.")[0] == [
        "I will be away next week"]
    _home(conn)
    rec = recall(conn, "Add up the end of October for me, will you? All the steps together.",
                 now=NOW, date_order="DMY")
    assert [(it.day, it.end) for it in rec.items if it.kind == "span"] == [
        ("2026-10-21", "2026-10-31")]
