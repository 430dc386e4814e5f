"""Recall, round 33 (read from fresh58, a reflective runner thinking back over the season, after
it was scored blind): "the week straight after it"; "since the trip ... the holiday itself" (the
event named before, in a synonym); "what did I do the next day" after an event; "that stretch
when my target went up to 12k"; "your very first advice" asks what the coach said; "when I was
poorly recently" is the latest illness, not the best-matching one; shoes that "had died" are
worn out. The phrasings are this file's own."""

from datetime import date, datetime

import pytest

from coach_tui.memory.bests import best_phrases
from coach_tui.memory.datewords import calendar_spans
from coach_tui.memory.events import event_phrases
from coach_tui.memory.goal_spans import goal_asks
from coach_tui.memory.query import read_phrases
from coach_tui.memory.ranking import asked_kind
from coach_tui.store.search import CHAT_KIND
from tests.engine_support import seed_journal
from tests.unit.test_recall_memories import recall


def phrases(text: str) -> list[tuple[str, str]]:
    return [(p.relation, p.words) for p in event_phrases(text)]


def test_the_week_straight_after_an_event():
    assert ("the week after", "race") in phrases(
        "After the race, how did I walk in the week straight after it?")


def test_the_event_itself_named_again_by_a_synonym():
    assert ("during", "trip") in phrases(
        "Since the trip, has my average dropped? How does it compare with the holiday itself?")


def test_the_next_day_after_an_event_named_before():
    assert ("the day after", "parkrun pb") in phrases(
        "The weekend I got my parkrun PB, what did I get up to the next day?")
    assert phrases("What should I do the next day?") == []  # (no event named)


def test_a_stretch_when_the_target_went_up_to_a_level():
    assert goal_asks("That stretch when my target went up to 12k, how did I cope?") == [
        (12_000, None, 1)]
    assert goal_asks("When my target went up to 12k, what did you say?") == []  # (the day)


def test_your_very_first_advice_asks_what_the_coach_said():
    assert asked_kind("Back in August, what was your very first advice about the knee?") \
        == CHAT_KIND


def test_shoes_that_had_died_are_worn():
    assert "worn" in read_phrases("what to buy when my old pair had died")


def test_recently_picks_the_latest_time_it_happened(conn):
    seed_journal(conn, ["Down with flu: fever and aching, in bed all weekend."],
                 entry_date="2026-09-27")
    seed_journal(conn, ["Head cold: blocked nose and sore throat, short walks only."],
                 entry_date="2026-11-26")
    block = recall(conn, "When I was poorly recently, how many steps did I manage?",
                   now=datetime(2026, 12, 1, 10, 20)).text
    assert "Head cold" in block
    assert "Down with flu" not in block


# Round 33b (read from fresh61, a runner whose first language is not English, after it was
# scored blind): an ordinal with a dot ("the 13.", "Tuesday the 18.8.", "the 4. of October");
# "my most lazy week"; "since I am back from the holiday"; "when I was ill with the cold" is
# the cold's days; "what you have advised me".


@pytest.mark.parametrize("text, day", [
    ("How many steps I have made on the 13.? I cannot find it.", date(2026, 11, 13)),
    ("Please tell me, how many steps I had on Tuesday the 18.8.?", date(2026, 8, 18)),
    ("The 4. of October was a Sunday, no? How many steps I have done this day?",
     date(2026, 10, 4)),
])
def test_an_ordinal_written_with_a_dot_names_its_day(text, day):
    spans = calendar_spans(text, date(2026, 12, 2))
    assert [(s.start, s.end) for _, _, s in spans] == [(day, day)]


def test_a_dot_after_a_count_is_no_date():
    assert calendar_spans("I ran 5.5 km and then 12. Then I rested.", date(2026, 12, 2)) == []


def test_my_most_lazy_week_is_the_worst():
    assert best_phrases("Which one was my most lazy week, with the fewest steps of all?") == [
        (False, "week")]


def test_since_i_am_back_from_an_event():
    assert ("since", "holiday") in phrases("Since I am back from the holiday, what is my average?")
    assert ("since", "lisbon") in phrases("since i'm back from lisbon, how am i doing")


def test_when_i_was_ill_with_a_named_illness_is_that_illness():
    assert phrases("When I was ill with the cold, how many steps I had each day?") == [
        ("during", "cold")]


def test_what_you_have_advised_me_asks_what_the_coach_said():
    assert asked_kind("What you have advised me in August about the joint?") == CHAT_KIND


@pytest.mark.parametrize("text", ["How many steps on the weekend of the race?",
                                  "race weekend steps?"])
def test_the_weekend_of_an_event(text):
    assert ("the weekend of", "race") in phrases(text)


def test_the_month_of_an_event_and_the_run_up_to_it():
    assert ("the month of", "race") in phrases("How many steps in the month of the race?")
    assert ("leading up to", "half") in phrases("How many steps in the run-up to the half?")
    assert ("leading up to", "half") in phrases("The run-up to the half: steps?")


def test_from_an_event_until_now_is_since_it():
    assert ("since", "race") in phrases("From the race until now, what's my average?")
