"""Recall, round 29: a runner texting in a hurry ("hw many steps tht day", "the wk biscuit hurt
his paw", "since we dropped the target") and one writing long courteous letters ("I was quite
put out by that head cold of mine a little while ago. How many steps on each of the days while
it lasted?", "the Saturday of the storm"). The phrasings are this file's own."""

from datetime import date, datetime

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.events import event_phrases
from coach_tui.memory.focus import asked_days
from coach_tui.memory.message_parts import asked_only
from coach_tui.memory.textspeak import spelled_out
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import recall

TODAY = date(2026, 12, 3)  # a Thursday


@pytest.mark.parametrize("typed, written", [
    ("hw many steps tht day", "how many steps that day"),
    ("wht did u say wen i asked", "what did you say when i asked"),
    ("shd i rest, rly?", "should i rest, really?"),
    ("nxt wk or lst wk", "next week or last week"),
])
def test_more_text_speak_is_read_as_its_words(typed, written):
    assert spelled_out(typed) == written


def _phrases(text: str) -> list[tuple[str, str]]:
    return [(p.relation, p.words) for p in event_phrases(spelled_out(text))]


def test_since_we_changed_something_holds_from_its_day():
    phrases = event_phrases("since we dropped the target to 9k how many days did i hit it")
    assert [(p.relation, p.change) for p in phrases] == [("since", True)]


@pytest.mark.parametrize("text, expected", [
    ("the wk pepper hurt her paw did i still get my steps in", ("the week of", "pepper paw")),
    ("the weekend Rex cut his foot, steps?", ("the weekend of", "rex foot")),
])
def test_the_week_a_pet_was_hurt_is_that_events_week(text, expected):
    assert expected in _phrases(text)


def test_the_thing_of_mine_is_what_lasted():
    text = ("I was rather laid low by that chest infection of mine a while back. How many "
            "steps did I manage on each of the days while it lasted?")
    assert _phrases(text) == [("during", "cough")]  # (the word list reads "chest infection")


def test_the_saturday_of_an_event_is_that_weekday_inside_it(conn):
    seed_steps(conn)
    line = seed_journal(conn, ["Storm Dora: gales and flooding, outdoor runs cancelled for the "
                               "week."], entry_date="2026-10-19")[0]
    got = recall(conn, "My neighbour swears I never left the house on the Saturday of the "
                       "storm. How many steps did I take that day?",
                 now=datetime(2026, 12, 3, 10, 0))
    days = [it.day for it in got.items if it.kind == "day"]
    assert days == ["2026-10-24"] and ("journal", line) in {(it.kind, it.ref)
                                                             for it in got.items}


@pytest.mark.parametrize("text, expected", [
    ("I found nothing in my diary for the 12th and 13th of September. How did I get on over "
     "those two days?", [(date(2026, 9, 12), date(2026, 9, 13))]),
    ("Tom says I stayed in on Saturday 24 October. How many steps did I take that day?",
     [(date(2026, 10, 24), date(2026, 10, 24))]),
])
def test_a_question_pointing_back_at_the_days_told_before_asks_them(text, expected):
    spans = named_spans(text, TODAY)
    got = asked_days(text, spans, asked_only(text), False, TODAY, "DMY")
    assert sorted((s.start, s.end) for s in got) == expected
