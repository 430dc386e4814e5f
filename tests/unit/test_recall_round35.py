"""Recall, round 35 (read from fresh67, a busy parent's short messages about whole weeks, and
fresh68, a runner in their forties speaking loosely of time, after each was scored blind):
"the weekend before the work trip"; "that week I was off sick"; "what was the week like
around the time the clocks went back"; "give me the damage for the past seven days"; a month
written after an event only dates it ("when my knee went in August", "away for work in
September"). The phrasings are this file's own."""

from datetime import date, datetime, timedelta

import pytest

from coach_tui.memory.event_refs import qualifying_months
from coach_tui.memory.events import event_phrases
from coach_tui.memory.focus import asks_days
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import recall
from tests.unit.test_recall_round34 import _spans

SATURDAY = datetime(2026, 12, 5, 9, 0)


@pytest.mark.parametrize("text, phrase", [
    ("Steps over the weekend before the work trip?", ("the weekend before", "work trip")),
    ("How was the week after my work conference?", ("the week after", "work conference")),
    ("That week I was off sick, how low did I go?", ("the week of", "sick")),
    ("What was the week like around the time the clocks went back?", ("the week of", "clocks")),
])
def test_week_long_event_phrasings(text, phrase):
    assert phrase in [(p.relation, p.words) for p in event_phrases(text)]


def test_work_alone_after_a_relation_names_no_event():
    assert all(p.words != "work" for p in event_phrases("How many steps the week before work?"))


def test_the_weekend_before_a_work_trip(conn):
    seed_steps(conn, end=date(2026, 12, 4), values=[8_000 + 13 * i for i in range(120)],
               today_steps=None)
    seed_journal(conn, ["Packing for the Frankfurt work trip, Mon 14 to Thu 17 September."],
                 entry_date="2026-09-13")
    rec = recall(conn, "Steps the weekend before the work trip?", now=SATURDAY)
    assert ("2026-09-12", "2026-09-13") in _spans(rec)


def test_the_week_around_the_time_the_clocks_went_back(conn):
    seed_steps(conn, end=date(2026, 12, 4), values=[8_000 + 13 * i for i in range(120)],
               today_steps=None)
    seed_journal(conn, ["Clocks went back this morning; dark by five now."],
                 entry_date="2026-10-25")
    rec = recall(conn, "What was the week like around the time the clocks went back?",
                 now=SATURDAY)
    assert ("2026-10-19", "2026-10-25") in _spans(rec)


@pytest.mark.parametrize("text, asked", [
    ("Give me the damage for the past seven days. I know I was rubbish for a bit.", True),
    ("What was the week like around the time the clocks went back?", True),
    ("What are the stats for last week?", True),
    ("Last week the kids were off school. Any tips for packed lunches?", False),
])
def test_words_asking_for_a_periods_numbers(text, asked):
    assert asks_days(text) == asked


@pytest.mark.parametrize("text, months", [
    ("the fortnight after my knee went in August, what was I averaging?", [8]),
    ("the fortnight after my knee went, and how was August overall?", []),
])
def test_a_month_written_after_an_event_only_dates_it(text, months):
    assert qualifying_months(text, event_phrases(text)) == months


def test_away_for_work_in_a_month_gives_the_trip_not_the_month(conn):
    seed_steps(conn, end=date(2026, 12, 4), values=[8_000 + 13 * i for i in range(120)],
               today_steps=None)
    seed_journal(conn, ["Frankfurt work trip, Mon 14 to Thu 17 September: on my feet all day."],
                 entry_date="2026-09-13")
    spans = _spans(recall(conn, "When I was away for work in September, how badly did my "
                                "steps drop?", now=SATURDAY))
    assert ("2026-09-14", "2026-09-17") in spans
    assert ("2026-09-01", "2026-09-30") not in spans


# Round 35b: "the treadmill 10k in the storm, which day was that?"; "on the 21st? and the
# Sunday after?"; "my best month, and by how much did it beat the next best one?"
def test_a_thing_done_then_which_day_it_was():
    assert ("the day of", "treadmill storm") in [(p.relation, p.words) for p in event_phrases(
        "the treadmill 10k in the storm, which day was that and how many steps?")]


def test_the_weekday_after_a_day_just_named(conn):
    seed_steps(conn, end=date(2026, 12, 2), values=[8_000 + 13 * i for i in range(60)],
               today_steps=None)
    rec = recall(conn, "how many steps on the 21st? and the Sunday after?",
                 now=datetime(2026, 12, 3, 21, 40))
    days = [it.day for it in rec.items if it.kind == "day"]
    assert "2026-11-21" in days and "2026-11-22" in days and "2026-11-29" not in days


def test_the_next_best_month_beside_the_best(conn):
    # October totals more than November here; September least
    values = {date(2026, 9, 1) + timedelta(days=i): (9_000 if i < 30 else 12_000 if i < 61
                                                     else 11_000) for i in range(91)}
    seed_steps(conn, end=date(2026, 11, 30), values=list(values.values()), today_steps=None)
    rec = recall(conn, "Which month's been my best so far, and by how much did it beat the "
                       "next best one?", now=datetime(2026, 12, 1, 19, 30))
    assert _spans(rec)[:2] == [("2026-10-01", "2026-10-31"), ("2026-11-01", "2026-11-30")]
    only = recall(conn, "Which month's been my best so far?", now=datetime(2026, 12, 1, 19, 30))
    assert _spans(only) == [("2026-10-01", "2026-10-31")]


# Round 35c (read from fresh70, a retired walker's formal messages): "which was my poorest week
# of all"; "during the week before the half marathon, when I was meant to be tapering"; "since
# we returned from Portugal" after a remark that names yesterday; "the few weeks that my target
# stood at twelve thousand"; "on which Saturday did I set it" names no Saturday; "On Saturday
# the 8th I ran the parkrun. What was my time?" asks the day's line.
def test_the_poorest_week_is_the_worst():
    from coach_tui.memory.bests import best_phrases
    assert best_phrases("Which was my poorest week of all for steps?") == [(False, "week")]


def test_during_the_week_before_an_event_and_what_was_meant():
    assert [(p.relation, p.words) for p in event_phrases(
        "How many steps during the week before the half marathon, when I was meant to be "
        "tapering?")] == [("the week before", "half")]


@pytest.mark.parametrize("text, named", [
    ("What was the time, and on which Saturday did I set it?", False),
    ("What Saturday was the race?", False),
    ("What did I do on Saturday?", True),
])
def test_which_weekday_names_no_day(text, named):
    from coach_tui.memory.daywords import named_spans
    assert bool(named_spans(text, date(2026, 12, 2))) == named


def test_the_weeks_a_target_stood_at_a_number_in_words():
    from coach_tui.memory.goal_spans import goal_asks
    from coach_tui.memory.textspeak import spelled_out
    text = spelled_out("For the few weeks that my target stood at twelve thousand, how often "
                       "did I reach it?")
    assert goal_asks(text) == [(12000, None, 1)]


def test_what_was_my_time_asks_the_days_line():
    from coach_tui.memory.focus import WHAT_HAPPENED
    assert WHAT_HAPPENED.search("On Saturday the 8th of August I ran the parkrun. What was my "
                                "time?")
    assert not WHAT_HAPPENED.search("What time is it?")


def test_since_we_returned_from_a_trip_after_a_remark_naming_yesterday(conn):
    seed_steps(conn, end=date(2026, 12, 1), values=[8_000 + 13 * i for i in range(120)],
               today_steps=None)
    seed_journal(conn, ["Lisbon holiday with Tom booked for Thu 8 to Tue 13 October."],
                 entry_date="2026-10-06")
    rec = recall(conn, "Tom asked me yesterday whether I had kept up my walking. Since we "
                       "returned from Lisbon, what has my daily average been?",
                 now=datetime(2026, 12, 2, 11, 30))
    assert ("2026-10-14", "2026-12-01") in _spans(rec)


# Round 35d (read from fresh72, a club runner's jargon, and fresh73, an older walker's context
# sentences): "the first fortnight of October", "the latter part of November"; "After we came
# home from Portugal I felt ..." (the next clause's verb is not the event's); "I was on the
# higher daily target" (a month before it only dates it).
@pytest.mark.parametrize("text, first, last", [
    ("the first fortnight of October", date(2026, 10, 1), date(2026, 10, 14)),
    ("the last fortnight of October", date(2026, 10, 18), date(2026, 10, 31)),
    ("the latter part of November", date(2026, 11, 21), date(2026, 11, 30)),
    ("the tail end of September", date(2026, 9, 21), date(2026, 9, 30)),
])
def test_parts_of_a_month_said_loosely(text, first, last):
    from coach_tui.memory.daywords import named_spans
    assert [(s.start, s.end) for s in named_spans(text, date(2026, 12, 3))] == [(first, last)]


def test_an_events_words_stop_at_the_next_clauses_subject():
    assert [(p.relation, p.words) for p in event_phrases(
        "After we came home from Lisbon I felt I had let things slip.")] == [("after", "lisbon")]


@pytest.mark.parametrize("text", [
    "For a few weeks in November I was on the higher daily target. How often did I reach it?",
    "During that stretch when you had me on the higher daily number, how many days did I hit?",
])
def test_the_run_on_a_higher_target_named_by_its_change(text):
    from coach_tui.memory.goal_spans import HIGHER, goal_asks
    assert goal_asks(text) == [(HIGHER, None, 1)]


def test_a_comparison_word_names_no_event():
    assert event_phrases("7-13 Sep vs 21-27 Sep, which was the bigger wk on steps?") == []


def test_the_goals_block_by_its_number():
    from coach_tui.memory.goal_spans import goal_asks
    assert goal_asks("Avg/day over the 12k build block?") == [(12000, None, 1)]


def test_a_finish_time_asks_the_named_days_line():
    from coach_tui.memory.focus import WHAT_HAPPENED
    assert WHAT_HAPPENED.search("The 18k on 1 Nov - finish time, gels, and steps that day?")


# Round 35e (read from fresh74, a texter in a hurry): "the cold last wk" is the cold's days,
# the week only dating it (and "while i had that cold last week" is read once).
@pytest.mark.parametrize("text", [
    "the cold last wk, steps each day?",
    "how many steps each day while i had that cold last week?",
])
def test_an_illness_a_week_dates(conn, text):
    seed_steps(conn, end=date(2026, 12, 4), values=[8_000 + 13 * i for i in range(40)],
               today_steps=None)
    seed_journal(conn, ["Head cold: blocked nose and sore throat. Rest days."],
                 entry_date="2026-11-26")
    seed_journal(conn, ["Cold cleared. 12 km easy with Priya."], entry_date="2026-11-29")
    spans = _spans(recall(conn, text, now=SATURDAY))
    assert spans and spans[0] == ("2026-11-26", "2026-11-28")
