"""Recall, round 42 (read from fresh102, a busy parent's compound questions, and fresh103, a
grandparent's long messages with the question in the middle, after each was scored blind): a
day named by what happens on it in a remark ("planting till Easter") gives a bare ordinal no
month; "that whole week Monday to Sunday" names the week's bounds, not two days; "which single
day in it was the biggest" is the best day, and "that day" after it is that day. The
phrasings are this file's own."""

from datetime import date, datetime, timedelta

import pytest

from coach_tui.memory.bests import best_phrases
from coach_tui.memory.daywords import named_spans
from coach_tui.memory.events import event_phrases, with_stretches
from coach_tui.memory.focus import asks_days
from coach_tui.memory.goal_spans import goal_asks
from coach_tui.memory.lasted import DURATION
from coach_tui.memory.query import expand, is_distance, read_phrases
from coach_tui.memory.ranking import asked_kind, rank
from coach_tui.store.search import Hit
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import recall
from tests.unit.test_recall_round34 import _spans

WEDNESDAY = date(2026, 12, 2)


def spans(text: str, today: date = WEDNESDAY) -> list[tuple[str, str]]:
    return [(s.start.isoformat(), s.end.isoformat()) for s in named_spans(text, today)]


@pytest.mark.parametrize("remark", [
    "Tom says we'll be planting bulbs till Easter.",
    "We had the whole family round at Christmas, what a to-do.",
])
def test_a_holiday_in_a_remark_gives_a_bare_ordinal_no_month(remark):
    found = spans(f"{remark} What was my total for the week of the 20th?")
    assert ("2026-11-16", "2026-11-22") in found
    assert not any(start.startswith(("2026-04", "2025-12")) and end != start
                   for start, end in found)


def test_an_ordinal_beside_a_date_is_still_a_day_of_its_month():
    assert ("2026-10-10", "2026-10-10") in spans("the review for 5 October, and the 10th?")


@pytest.mark.parametrize("text", [
    "I was thinking about four weeks ago, that whole week Monday to Sunday. What did it come to?",
    "four weeks ago, the week from Mon to Sun, what was the total?",
    "that week four weeks back, running Monday through Sunday: total steps?",
])
def test_a_weeks_bounds_are_no_days_of_their_own(text):
    found = spans(text)
    # (four weeks ago: its day, or its whole week when "that whole week" asks for it)
    assert ("2026-11-04", "2026-11-04") in found or ("2026-11-02", "2026-11-08") in found
    assert ("2026-11-29", "2026-11-29") not in found  # (not last Sunday)
    assert ("2026-11-02", "2026-11-02") not in found  # (nor that week's Monday alone)


def test_monday_to_sunday_without_a_week_are_still_days():
    assert ("2026-11-30", "2026-11-30") in spans("steps on Monday, and Sunday?")


@pytest.mark.parametrize("text", [
    "Which month was my best, and which single day in it was the biggest?",
    "what one day was my best ever?",
])
def test_which_single_day_was_the_best(text):
    assert (True, "day") in best_phrases(text)


def test_that_day_after_the_best_day_of_the_best_month_is_that_day(conn):
    # 120 days to 3 December: November the biggest month, its 15th the biggest day
    end = date(2026, 12, 3)
    values = [9_000] * 120
    for i in range(120):
        day = end - timedelta(days=119 - i)
        if day.month == 11:
            values[i] = 12_000
        if day == date(2026, 11, 15):
            values[i] = 30_000
    seed_steps(conn, end=end, values=values, today_steps=None)
    seed_journal(conn, ["Taper week feels weird and sluggish."], entry_date="2026-11-09")
    seed_journal(conn, ["Riverside Half Marathon finished in 2:04, first half ever."],
                 entry_date="2026-11-15")
    rec = recall(conn, "Ben wants a chart of my walking. Which month was my best, what did it "
                 "add up to, and which single day in it was the biggest, and what was I up to "
                 "that day?", now=datetime(2026, 12, 4, 12, 10))
    assert ("2026-11-01", "2026-11-30") in _spans(rec)
    assert "2026-11-15: 30,000 steps" in rec.text
    assert "2026-11-09:" not in rec.text


@pytest.mark.parametrize("text, words", [
    ("How many steps did I do the day I went and bought my new Brooks?", "brooks bought"),
    ("steps the day i popped out and bought the head torch?", "torch bought"),
    ("the day I first went to see Helen about my knee: how many steps?", "helen"),
])
def test_went_and_did_is_the_doing(text, words):
    assert [(p.relation, p.words) for p in event_phrases(text)] == [("the day of", words)]


@pytest.mark.parametrize("text, day", [
    ("Nov 13 was the school disco - did I hit my goal? and what about the Monday of that same "
     "week, when I was back at my desk?", "2026-11-09"),
    ("steps on the 18th of November, and the Sunday of that week?", "2026-11-22"),
])
def test_a_weekday_of_that_same_week_is_in_the_week_of_the_day_named(text, day):
    found = spans(text)
    assert (day, day) in found
    assert ("2026-11-30", "2026-11-30") not in found  # (not this week's Monday)


def _cold(conn):
    seed_steps(conn, end=date(2026, 12, 1), values=[9_000] * 120, today_steps=None)
    seed_journal(conn, ["Head cold: blocked nose and sore throat. Rest days, short walks only."],
                 entry_date="2026-11-26")
    seed_journal(conn, ["Cold cleared. 12 km easy with Priya."], entry_date="2026-11-29")


@pytest.mark.parametrize("text", [
    "that horrible head cold at the end of last month - how many steps did I scrape together "
    "on each of the rough days?",
    "the cold towards the end of November, how many steps each day?",
])
def test_a_part_of_a_month_beside_an_illness_only_dates_it(conn, text):
    _cold(conn)
    rec = recall(conn, text, now=datetime(2026, 12, 2, 21, 30))
    assert ("2026-11-26", "2026-11-28") in _spans(rec)
    assert ("2026-11-21", "2026-11-30") not in _spans(rec)


def test_a_part_of_a_month_asked_for_beside_an_event_stays(conn):
    _cold(conn)
    rec = recall(conn, "what was my step total for late November, and how did I cope with the "
                 "cold?", now=datetime(2026, 12, 2, 21, 30))
    assert ("2026-11-21", "2026-11-30") in _spans(rec)


@pytest.mark.parametrize("text", [
    "while you had my goal bumped up to 12k for the race build, how many days did I make it?",
    "while you raised my target to 12,000, how often did I hit it?",
    "while we put the goal up to 12k, how many goal days?",
])
def test_the_days_a_goal_was_raised_to_are_the_goals_run(text):
    assert goal_asks(with_stretches(text))[0][0] == 12_000


def test_round_the_block_is_a_short_walk(conn):
    seed_steps(conn, end=date(2026, 12, 3), values=[9_000] * 120, today_steps=None)
    seed_journal(conn, ["Biscuit cut a paw pad on broken glass. Vet: short lead walks only for "
                        "ten days."], entry_date="2026-09-08")
    seed_journal(conn, ["Fever gone. Short walk round the block with Biscuit, still tired."],
                 entry_date="2026-10-01")
    rec = recall(conn, "the dog hurt his foot at some point in the autumn didn't he - how long "
                 "were we stuck doing little strolls round the block?",
                 now=datetime(2026, 12, 4, 10, 30))
    lines = [it.text for it in rec.items if it.kind == "journal"]
    assert lines and "paw pad" in lines[0]


def test_stuck_at_a_fair_is_where_i_was():
    assert [(p.relation, p.words) for p in event_phrases(
        "the week I was stuck at that trade fair in Frankfurt - how many steps?")] == [
        ("the week of", "fair")]


def test_since_then_points_back_at_the_remarks_event(conn):
    seed_steps(conn, end=date(2026, 12, 2), values=[9_000] * 120, today_steps=None)
    seed_journal(conn, ["Lisbon holiday with Tom booked for Thu 8 to Tue 13 October."],
                 entry_date="2026-10-06")
    seed_journal(conn, ["Home from Lisbon, legs tired from the hills."], entry_date="2026-10-13")
    rec = recall(conn, "Looking at the photos I wondered whether I've kept up the good work "
                 "since we came home from that trip. What have my steps added up to since "
                 "then, right up to the end of November?", now=datetime(2026, 12, 3, 12, 15))
    assert any(start == "2026-10-14" for start, _ in _spans(rec))


@pytest.mark.parametrize("text, read", [
    ("would I be back to square one with my training?", "lose fitness"),
    ("doing little strolls round the block", "short walk"),
    ("the week I was stuck in Frankfurt", "was in Frankfurt"),
    ("trudging along on the machine at the gym", "on the treadmill"),
    ("how far did I go on the machine?", "on the treadmill"),
    ("How busy was I on the very day I bought that new pair?", "on the day I bought"),
])
def test_idioms_read_as_what_they_mean(text, read):
    assert read in read_phrases(text)


@pytest.mark.parametrize("text", ["how low did i go the wk the park flooded?",
                                  "how high did my steps get in race week?"])
def test_how_low_or_high_asks_for_the_days(text):
    assert asks_days(text)


@pytest.mark.parametrize("text, kind", [
    ("race recap pls - finish time + steps on 15/11", None),
    ("the recap of race week?", "review"),
    ("what did the weekly recap say about last week", "review"),
])
def test_a_race_recap_is_no_review(text, kind):
    assert asked_kind(text) == kind


@pytest.mark.parametrize("text", [
    "When I was so ill in September with the high temperature, from which day until which day?",
    "When was I first laid low with influenza, and on which day did my temperature return to "
    "normal?",
    "On which evening did the indisposition begin, and when was I finally free of it?",
    "how many days did the cold drag on for?",
])
def test_an_illness_from_start_to_end_asks_how_long_it_lasted(text):
    assert DURATION.search(text)


def test_how_many_days_over_the_goal_is_no_duration():
    assert not DURATION.search("how many days was I over 10k in September?")


def test_a_distance_every_hit_holds_tells_none_apart():
    hits = [Hit("journal", i, f"2026-10-{i + 1:02d}", f"Parkrun 5k at the park, run {i}.", 5.0)
            for i in range(9)]
    hits.append(Hit("journal", 9, "2026-10-20", "Treadmill at the gym again, so dull.", 4.0))
    ranked = rank(hits, ["5k", "treadmill"])
    assert [r.hit.ref for r in ranked] == [9]


@pytest.mark.parametrize("text, read", [
    ("the track session with Priya, the 6 x 800 metres one", "800m"),
    ("my 400m repeats", "400m"),
    ("the thirteen-mile event", "the half event"),
])
def test_track_distances_and_race_miles_are_read(text, read):
    assert read in read_phrases(text)


def test_a_track_distance_searches_as_written_in_a_line():
    assert is_distance("800m") and "800 m" in expand("800m")
    assert not is_distance("25m")  # (minutes, as often as metres)


@pytest.mark.parametrize("text, found", [
    ("Show me the seven days before the half, so I can prove it to him at Sunday lunch.", []),
    ("I will see him on Sunday: how did my week go?", []),
    ("we're going to my sister's on Saturday, how did last Saturday go?",
     [("2026-11-28", "2026-11-28")]),
    ("how many steps on Sunday?", [("2026-11-29", "2026-11-29")]),
    ("what will my total be if I add Sunday?", [("2026-11-29", "2026-11-29")]),
])
def test_a_weekday_still_to_come_names_no_day(text, found):
    assert spans(text) == found
