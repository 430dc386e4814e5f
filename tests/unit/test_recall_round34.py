"""Recall, round 34 (read from fresh62, an older runner's long, chatty messages, after it was
scored blind): "that Saturday and Sunday" after "two weekends ago" are that weekend's days,
also beside a remark about "this week"; "played up again" is a flare; "undo all my hard work"
is losing fitness; "again after the race" is the first time since the race, not the newest.
The phrasings are this file's own."""

from datetime import date, datetime, timedelta

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.events import event_phrases
from coach_tui.memory.query import read_phrases
from coach_tui.memory.ranking import which_end
from coach_tui.memory.spans import Span
from coach_tui.memory.weekday_within import weekdays_within
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import recall

FRIDAY = datetime(2026, 12, 4, 9, 0)


def test_that_saturday_and_sunday_are_the_weekend_named_before():
    text = "It was lovely out two weekends ago. How many steps did I do that Saturday and Sunday?"
    spans = weekdays_within(text, named_spans(text, FRIDAY.date()), FRIDAY.date())
    assert [(s.start, s.end) for s in spans] == [(date(2026, 11, 21), date(2026, 11, 22))]


def test_a_weekday_goes_to_the_one_period_that_holds_it():
    text = "We were busy this week, but two weekends ago was lovely. Steps that Saturday?"
    spans = weekdays_within(text, named_spans(text, FRIDAY.date()), FRIDAY.date())
    assert date(2026, 11, 28) not in {s.start for s in spans}  # (not the latest Saturday)
    assert (date(2026, 11, 21), date(2026, 11, 22)) in {(s.start, s.end) for s in spans}


def test_the_weekend_told_in_a_remark_is_the_one_asked_about(conn):
    values = [10_000 + 37 * i for i in range(30)]  # (every day its own count)
    seed_steps(conn, end=date(2026, 12, 3), values=values, today_steps=None)
    block = recall(conn, "The dog has been lazy this week, and I was remembering our outings "
                   "two weekends ago. How many steps did I do that Saturday and Sunday?",
                   now=FRIDAY).text
    day = {date(2026, 12, 3) - timedelta(days=29 - i): v for i, v in enumerate(values)}
    assert f"{day[date(2026, 11, 21)]:,}" in block and f"{day[date(2026, 11, 22)]:,}" in block
    assert "Sat 2026-11-28" not in block


def test_played_up_again_is_a_flare_and_undoing_the_work_is_losing_fitness():
    assert read_phrases("when my knee played up again") == "when my knee flare"
    assert read_phrases("my knee played up on the stairs") == "my knee hurt on the stairs"
    assert "lose fitness" in read_phrases("would I undo all my hard work?")


def test_again_after_an_event_is_the_first_time_since_it():
    assert which_end("When my knee played up again after the race, what did you say?") == "first"
    assert which_end("How many steps did I manage when it flared up again?") == "last"


# Round 34b (read from fresh64, a reflective runner speaking loosely of periods, and probes
# of our own): the days between two events ("between the flu and Lisbon", "from Lisbon to the
# storm", "between coming home from Frankfurt and the flu"); "since getting back from the
# trip"; "How did those days add up?" after a remark naming them; "what did I clock?".


def test_two_events_name_the_days_between_them():
    assert [(p.relation, p.words) for p in event_phrases(
        "How did I walk between coming home from Frankfurt and the flu knocking me flat?")] \
        == [("between", "frankfurt"), ("and", "flu")]
    assert [(p.relation, p.words) for p in event_phrases(
        "From Lisbon to the storm, what did I average?")] == [("from", "lisbon"), ("to", "storm")]


@pytest.mark.parametrize("text", [
    "What was the talk between John and Tim about?",  # (two people)
    "Steps between Monday and Friday?",  # (weekdays: memory/daywords.py)
    "How many steps from 3 to 9 October?",
])
def test_two_things_that_are_no_events(text):
    assert [p for p in event_phrases(text) if p.relation in ("between", "and", "from", "to")] \
        == []


def test_the_span_between_two_events(conn):
    seed_journal(conn, ["Down with flu: fever since Saturday evening."], entry_date="2026-09-26")
    seed_journal(conn, ["Fever gone since yesterday, short walk."], entry_date="2026-10-01")
    seed_journal(conn, ["Lisbon with Tom, 8 to 13 October: walking everywhere."],
                 entry_date="2026-10-08")
    between = _spans(recall(conn, "How many steps did I do between the flu and Lisbon?",
                            now=FRIDAY))
    assert between == [("2026-10-01", "2026-10-07")]  # (the day the fever was gone: its end)
    whole = _spans(recall(conn, "From the flu to Lisbon, what did I average?", now=FRIDAY))
    assert whole == [("2026-09-26", "2026-10-13")]


def _spans(rec) -> list[tuple[str, str]]:
    return [(it.day, it.end) for it in rec.items if it.kind == "span"]


def test_since_getting_back_from_a_trip():
    assert [(p.relation, p.words.split()[0]) for p in event_phrases(
        "Since getting back from the trip, what's my daily average?")] == [("since", "trip")]
    assert event_phrases("When did John meet his team after returning from Chicago?") == []


@pytest.mark.parametrize("text", [
    "Early October is a blur in my memory. How did those days add up?",
    "Last Sunday was lovely, out again after the cold. What did I clock?",
])
def test_a_question_that_points_back_keeps_the_remarks_days(conn, text):
    values = [9_000 + 41 * i for i in range(120)]
    seed_steps(conn, end=date(2026, 12, 1), values=values, today_steps=None)
    block = recall(conn, text, now=datetime(2026, 12, 2, 9, 0)).text
    assert ("2026-10-01 to 2026-10-10" in block) if "October" in text \
        else ("Sun 2026-11-29" in block)


# Round 34c (probes of our own, event-anchored phrasings against the 120-day home's story):
# "over race weekend", "during race week"; "on holiday with Tom"; "how did the trip go".
@pytest.mark.parametrize("text, phrase", [
    ("How did I do over race weekend?", ("the weekend of", "race")),
    ("How many steps over race week?", ("the week of", "race")),
    ("How much did I walk on holiday with Tom?", ("during", "holiday")),
    ("How did the trip go, step-wise?", ("during", "trip")),
])
def test_an_event_named_bare(text, phrase):
    assert phrase in [(p.relation, p.words) for p in event_phrases(text)]


@pytest.mark.parametrize("text", ["How did my run go?", "How did the session go?",
                                  "How did the week go?", "Steps over the weekend?"])
def test_a_run_or_a_week_is_no_event(text):
    assert event_phrases(text) == []


# Round 34d (read from fresh65, half-remembered timing, fresh55's kind of voice): "that big
# Saturday in Lisbon" is the trip's Saturday; "how many steps did race day come to"; "the day
# I went on the hotel treadmill".
def test_a_weekday_with_a_word_before_it_inside_an_event():
    text = "that big Saturday in Lisbon - how many steps did I do?"
    spans = [Span("during the lisbon", date(2026, 10, 8), date(2026, 10, 13), True)]
    got = weekdays_within(text, spans, date(2026, 12, 3))
    assert [(s.start, s.end) for s in got] == [(date(2026, 10, 10), date(2026, 10, 10))]
    assert weekdays_within("the last Saturday in Lisbon?", spans, date(2026, 12, 3)) == spans


@pytest.mark.parametrize("text, phrase", [
    ("what was my time and how many steps did race day come to?", ("the day of", "race")),
    ("the day I went on the hotel treadmill - how far did I run?",
     ("the day of", "hotel treadmill")),
])
def test_the_day_of_an_event_said_another_way(text, phrase):
    assert phrase in [(p.relation, p.words) for p in event_phrases(text)]


def test_new_shoe_day_after_a_date_stays_the_date():
    assert event_phrases("sept 5th steps? that was new shoe day right") == []


# Round 34e (probes of our own): "post-race week", "the pre-race week"; "my first week back
# after the flu" (the week after it, not its first day); "since I recovered from the flu".
@pytest.mark.parametrize("text, phrase", [
    ("What did I do in post-race week?", ("the week after", "race")),
    ("How were my steps in the pre-race week?", ("the week before", "race")),
    ("My first week back after the flu, how many steps?", ("the week after", "flu")),
    ("Since I recovered from the flu, what's my average?", ("since", "flu")),
])
def test_an_event_s_week_said_another_way(text, phrase):
    got = [(p.relation, p.words, p.onset) for p in event_phrases(text)]
    assert (*phrase, False) in got


def test_that_week_in_a_place_is_the_week_of_the_stay():
    phrases = [(p.relation, p.words) for p in event_phrases(
        "that week in frankfurt, how did I do?", frozenset({"frankfurt"}))]
    assert ("the week of", "frankfurt") in phrases
    assert event_phrases("the week in review, how did I do?", frozenset({"frankfurt"})) == []
