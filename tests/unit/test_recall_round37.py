"""Recall, round 37 (read from fresh76, a formal voice, after it was scored blind): a remark's
weekend whose days the question names with "the"; "my finest month"; being "laid low" by "an
indisposition"; "that excursion" after the sentences before name the place; "any exercise at
all while I was away". The phrasings are this file's own."""

from datetime import date, datetime

import pytest

from coach_tui.memory.bests import best_phrases
from coach_tui.memory.daywords import named_spans
from coach_tui.memory.events import event_phrases, with_stretches
from coach_tui.memory.followups import continues
from coach_tui.memory.message_parts import asking
from coach_tui.memory.names import as_written, person_meant
from coach_tui.memory.query import read_phrases
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import recall
from tests.unit.test_recall_round34 import _spans
from tests.unit.test_recall_round36 import terms_for

THURSDAY = datetime(2026, 12, 3, 16, 0)


def _home(conn):
    seed_steps(conn, end=date(2026, 12, 2), values=[8_000 + 13 * i for i in range(120)],
               today_steps=None)


def test_the_saturday_and_sunday_of_the_weekend_a_remark_names(conn):
    _home(conn)
    rec = recall(conn, "I was rather off colour the weekend before last. How did my steps "
                       "compare on the Saturday and the Sunday?", now=THURSDAY)
    assert ("2026-11-21", "2026-11-22") in _spans(rec)
    days = {it.day for it in rec.items if it.kind == "day"}
    assert {"2026-11-21", "2026-11-22"} <= days


def test_a_weekday_without_the_still_leaves_the_remarks_week_out(conn):
    _home(conn)
    rec = recall(conn, "I was rather off colour last week. Steps on Tuesday?", now=THURSDAY)
    assert _spans(rec) == []


@pytest.mark.parametrize("text, best, unit", [
    ("Which has been my finest month for walking?", True, "month"),
    ("what was my least productive week", False, "week"),
    ("my greatest day so far?", True, "day"),
    ("which week was my finest?", True, "week"),
    ("whats my record week", True, "week"),
])
def test_best_said_formally(text, best, unit):
    assert (best, unit) in best_phrases(text)


@pytest.mark.parametrize("text, word", [
    ("I was laid low at the end of September", "ill"),
    ("an indisposition that kept me in", "ill"),
    ("an indisposition of the nose and throat", "cold"),
    ("when was I finally free of it?", "gone"),
    ("Did I manage any exercise at all?", "workout"),
    ("we returned from that excursion", "trip"),
    ("when I pensioned off my old pair", "retired"),
    ("the time I was hoping to beat at the half", "target"),
    ("how long was he kept on restricted outings", "walk"),
])
def test_formal_words_search_their_plain_ones(text, word):
    assert word in terms_for(text)


def test_exercises_are_still_the_rehab_ones():
    assert "clamshell" in terms_for("which exercises did Helen give me")
    assert "workout" not in terms_for("which exercises did Helen give me")


def test_the_days_it_had_hold_of_me_keeps_the_remark():
    text = "Late in November a head cold laid me low. How few steps on the days it had hold of me?"
    assert any("cold" in part for part in asking(text))


PLACES = frozenset({"frankfurt", "lisbon"})


@pytest.mark.parametrize("text, said", [
    ("I travelled to Germany on business. Steps in the week of that excursion?",
     "the week of the frankfurt excursion"),
    ("Photos from Portugal today. My average since we returned from that trip?",
     "since we returned from the lisbon trip"),
    ("I was in Germany for work. Did I exercise while I was away?", "while I was in frankfurt"),
])
def test_that_trip_is_the_trip_to_the_place_named_before(text, said):
    assert said in as_written(text, PLACES)


@pytest.mark.parametrize("text", [
    "Steps in the week of that trip?",                              # no place named
    "Lisbon and Frankfurt were fun. Steps in the week of that trip?",  # two places
    "I was in Lisbon. Was that right, the steps that week?",          # not a trip word
])
def test_that_trip_alone_is_left_as_written(text):
    assert as_written(text, PLACES).endswith(text.split(".")[-1])
    assert "the lisbon" not in as_written(text, PLACES).split(".")[-1]


def test_the_week_of_that_excursion_is_the_week_of_the_place_named(conn):
    _home(conn)
    seed_journal(conn, ["Lisbon holiday with Tom booked for Thu 8 to Tue 13 October."],
                 entry_date="2026-10-06")
    seed_journal(conn, ["Packing for the Frankfurt trade fair, Mon 14 to Thu 17 September."],
                 entry_date="2026-09-13")
    rec = recall(conn, "I travelled to Germany on business in September. How many steps did I "
                       "take in the week of that excursion?", now=THURSDAY)
    assert ("2026-09-14", "2026-09-20") in _spans(rec)
    assert ("2026-10-05", "2026-10-11") not in _spans(rec)


@pytest.mark.parametrize("text", [
    "My calf flared after the 10k. What did I do to put it right?",
    "My calf flared after the 10k. How soon did it ease?",
])
def test_a_question_about_the_complaint_keeps_the_remark(text):
    assert any("calf" in part for part in asking(text))


def test_easing_is_getting_better():
    assert "settled" in terms_for("how soon did it ease")
    assert "boring" in terms_for("the tedium of the treadmill")


@pytest.mark.parametrize("text", [
    "Some time ago I asked which of my weeks had been the most active.",
    "which of the months was the most active",
])
def test_which_of_my_weeks_the_most(text):
    assert best_phrases(text)[0][0] is True


KNOWN = {"physio": ("helen",), "friend": ("priya",), "beagl": ("biscuit",)}


@pytest.mark.parametrize("text, said", [
    ("My first appointment with Helen. The week after I saw her?", "The week after I saw Helen"),
    ("What did Helen say, and my steps the week she saw me?", "the week I saw Helen"),
])
def test_her_is_the_one_person_named_before(text, said):
    assert said in person_meant(text, KNOWN)


@pytest.mark.parametrize("text", [
    "The week after I saw her?",                                   # nobody named
    "Helen and Priya both called. The week after I saw her?",      # two people
    "Biscuit limped. The week after I saw him?",                   # a pet, not a person
])
def test_her_alone_is_left_as_written(text):
    assert person_meant(text, KNOWN) == text


def test_the_week_after_i_saw_her_is_the_week_after_the_visit(conn):
    _home(conn)
    seed_journal(conn, ["Physio (Helen) diagnosed patellofemoral pain. One week of walking "
                        "only."], entry_date="2026-08-21")
    rec = recall(conn, "I was thinking back to my first appointment with Helen. How did my "
                       "walking hold up in the week after I saw her?", now=THURSDAY)
    assert ("2026-08-22", "2026-08-28") in _spans(rec)


@pytest.mark.parametrize("text, words", [
    ("the seven days before my first 21k", "21k"),
    ("How many steps on the day of my first 14k?", "14k"),
    ("since we flew home from Lisbon", "lisbon"),
    ("ever since we flew back from the trip", "trip"),
])
def test_events_said_by_a_paraphraser(text, words):
    assert [p.words for p in event_phrases(text)] == [words]


@pytest.mark.parametrize("text, words", [
    ("which day was my 18k n hw many steps did i get", "18k"),
    ("What day was the parkrun PB, and how many steps?", "parkrun pb"),
])
def test_which_day_was_the_thing_is_its_day(text, words):
    assert [(p.relation, p.words) for p in event_phrases(text)] == [("the day of", words)]


@pytest.mark.parametrize("text", ["which day was my best?", "which day was my lowest, and why"])
def test_which_day_was_my_best_is_left_to_the_bests(text):
    assert event_phrases(text) == []


@pytest.mark.parametrize("text, leans", [
    ("got a head torch already, but the river path is pitch black tho", True),
    ("Tim: I've done that already, thanks", True),
    ("already did 10k this morning", False),       # "already" first: no word before it
    ("ran 25 min easy tonight, knee fine", False),
])
def test_a_message_saying_it_has_done_the_advice_already_leans_on_it(text, leans):
    assert continues(text) is leans


@pytest.mark.parametrize("text, span", [
    ("how many days over 15k since sept", ("2026-09-01", "2026-12-02")),
    ("steps since november?", ("2026-11-01", "2026-12-02")),
    ("total for the 1st half of nov", ("2026-11-01", "2026-11-15")),
    ("the 2nd half of october - total?", ("2026-10-16", "2026-10-31")),
])
def test_since_a_month_and_a_numbered_half(text, span):
    assert span in [(s.start.isoformat(), s.end.isoformat())
                    for s in named_spans(text, date(2026, 12, 3))]


def test_a_month_alone_is_still_the_month():
    assert [(s.start.isoformat(), s.end.isoformat())
            for s in named_spans("steps in september", date(2026, 12, 3))] == [
        ("2026-09-01", "2026-09-30")]


def test_a_learners_present_have_is_the_past():
    assert "when i had the cold" in with_stretches("when i have the cold in november, how many "
                                                   "days it was")
    assert "I have the cold" in with_stretches("I have the cold again, what should I do")


@pytest.mark.parametrize("text, relation, words, days", [
    ("My daily average during the fortnight preceding the half marathon?", "before", "half", 14),
    ("How did I fare in the week preceding the race?", "the week before", "race", 0),
])
def test_preceding_said_formally(text, relation, words, days):
    phrases = event_phrases(read_phrases(text))
    assert [(p.relation, p.words, p.days) for p in phrases] == [(relation, words, days)]


def test_inclement_weather_is_a_storm():
    assert "storm" in read_phrases("a period of inclement weather in the autumn")


def test_the_days_immediately_following_a_recovery(conn):
    _home(conn)
    seed_journal(conn, ["Down with flu: fever since Saturday evening, in bed."],
                 entry_date="2026-09-27")
    seed_journal(conn, ["Fever gone since yesterday. Short walk round the block."],
                 entry_date="2026-10-01")
    rec = recall(conn, "I should be grateful to know how my walking fared in the days immediately "
                       "following my recovery from influenza.", now=THURSDAY)
    assert any(start >= "2026-09-30" and start <= "2026-10-02" for start, _ in _spans(rec))
