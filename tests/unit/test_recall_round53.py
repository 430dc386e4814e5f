"""Recall, round 53: words that only tell which of two things ("my old trainers", "the new
pair") count half a word when memories are ranked, so a chat that says "keep the old pair"
does not outrank the line about the shoes themselves; "the weekend after I'd been ill" reads
as "had been"; "in early October, right after the flu" asks for early October; "those 3 days
I was bunged up last week" are the cold's days; a goal named by its change ("the whole
stretch you had me on the bigger race-build number", "the first week after you bumped me up
to the big number", "during which the elevated 12,000 target was in force"); a span named
twice is told once; "the day following" a day is the day after it, "the week that followed"
and "the week in which the storm flooded the park" are weeks; "the 21-kilometre event" is the
half; "a quicker-paced outing" finds a tempo session; "the first full day at home following
the trip" is the day after it; "after the race my knee went again ... which day was that" is
the day it came back; "the second time my knee flared up" is that time's first day; "when we
got back from Bergen, what did you tell me?" is the exchange of the coming home, not every day
since; "what did you say to me on 22/10?" is that day's exchange whatever its words; "my
longest ever run ... and how many steps did that day end up being" is the longest run's day.
The home and the phrasings are this file's own."""

from datetime import date, datetime

import pytest

from coach_tui.memory.query import weak_words
from coach_tui.memory.ranking import covered_words
from coach_tui.memory.textspeak import spelled_out
from tests.engine_support import seed_dated_journal, seed_steps
from tests.unit.test_recall_memories import exchange, named_days, recall

NOW = datetime(2026, 11, 30, 9, 15)  # a Monday
STEPS = [8_000 + 41 * i for i in range(130)]

LINES = [
    ("2026-09-26", "Down with flu since yesterday: fever and aches, in bed."),
    ("2026-09-30", "Fever gone since yesterday. Short walk to the shop."),
    ("2026-11-25", "Head cold: blocked nose, sore throat. Short walks only."),
    ("2026-11-28", "Cold cleared. 8 km easy by the lake."),
    ("2026-09-12", "Bought Saucony Ride 17 to replace the Nikes, which had passed 800 km and "
                   "gone flat; springy on the first jog."),
    ("2026-10-03", "Parkrun with Ana in 30:05, legs fine."),
    ("2026-08-19", "Right knee sore on the stairs the morning after Tuesday's tempo session."),
    ("2026-09-08", "Pip cut a paw on glass at the park; vet says short lead walks only for ten "
                   "days."),
    ("2026-10-21", "Storm Ada: gales and rain, the lake path flooded. Runs cancelled."),
    ("2026-11-08", "Harbour Half Marathon done in 2:01:12, first half ever."),
    ("2026-08-21", "Physio with Kim: runner's knee, a week of walking only."),
    ("2026-08-30", "Back at parkrun after the knee break; no pain."),
    ("2026-11-11", "Right knee niggle came back on an easy jog; icing again."),
    ("2026-11-13", "Knee settled after two rest days."),
    ("2026-10-07", "Trip to Bergen with Ana booked, Wed 14 to Sun 18 October."),
    ("2026-09-20", "First 14 km run, round the lake with Ana. The Saucony felt great."),
    ("2026-11-01", "Longest run yet: 18 km by the lake in 1:58, two gels."),
]


@pytest.fixture
def runner(conn):
    seed_steps(conn, end=date(2026, 11, 29), values=STEPS)
    seed_dated_journal(conn, LINES)
    exchange(conn, "2026-09-13", "went for the saucony ride in the end. feels bouncy",
             "Good pick for easy miles. Keep the old pair for walking the dog.")
    exchange(conn, "2026-10-19", "home again. trip was great but im shattered",
             "Welcome back! Your Bergen week was huge; take two easy days.")
    exchange(conn, "2026-10-22", "did 8k on the treadmill at the gym, so dull",
             "Well done for getting it done indoors; the week still counts.")
    return conn


def _memories(conn, text: str) -> list[str]:
    return [it.text for it in recall(conn, text, now=NOW).items
            if it.kind in ("journal", "chat")]


@pytest.mark.parametrize("text", [
    "which trainers did i end up going for when my old ones died?",
    "When did I finally swap my knackered old trainers for a new pair?",
])
def test_the_line_about_the_shoes_is_recalled_over_a_chat_saying_old_pair(runner, text):
    assert any("Saucony Ride 17" in m for m in _memories(runner, text))


def test_weak_words_come_from_the_word_list_in_their_forms():
    assert {"old", "new", "older", "newer"} <= weak_words()
    assert "knee" not in weak_words()


def test_a_weak_word_counts_half_a_word():
    assert covered_words(["old", "knee"], "my old knee brace") == 1.5
    assert covered_words(["knee"], "my old knee brace") == 1.0


def _named(conn, text: str) -> list[tuple[str, str]]:
    return named_days(conn, text, now=NOW)


@pytest.mark.parametrize("text", [
    "the weekend after I'd been ill - steps?",
    "the weekend after I had been ill - steps?",
    "the weekend after we'd got over the flu, how many steps?",
])
def test_had_shortened_reads_as_had(runner, text):
    # (the flu ended on the 28th, the day before the line saying it had gone "since yesterday")
    assert _named(runner, text) == [("2026-10-03", "2026-10-04")]


def test_would_shortened_is_not_had(runner):
    assert _named(runner, "I'd like my steps for the weekend after the flu") == [
        ("2026-10-03", "2026-10-04")]
    assert spelled_out("I'd need the steps") == "I'd need the steps"
    assert spelled_out("the week after we'd got back") == "the week after we got back"
    assert spelled_out("after I'd been ill") == "after I had been ill"


def test_days_written_and_an_events_the_same_are_one_span(runner):
    got = recall(runner, "3rd and 4th of Oct, the weekend after I'd been ill - steps together?",
                 now=NOW)
    spans = [(it.day, it.end) for it in got.items if it.kind == "span"]
    assert spans == [("2026-10-03", "2026-10-04")]


@pytest.mark.parametrize("text", [
    "how did I get on in early October, right after the flu? were my steps any good?",
    "I want to say how I got on in early October, the first ten days or so, right after I'd "
    "been under the weather. Were my steps any good that stretch?",
])
def test_a_part_of_a_month_right_after_an_event_is_asked(runner, text):
    assert _named(runner, text) == [("2026-10-01", "2026-10-10")]


def test_the_days_after_an_event_in_a_month_part_still_date_it(runner):
    # ("that horrible head cold at the end of November": the month's end dates the cold)
    assert _named(runner, "that horrible head cold at the end of November - steps?") == [
        ("2026-11-25", "2026-11-27")]


@pytest.mark.parametrize("text", [
    "those 3 days i was bunged up last week, how many steps each day?",
    "those days i was all bunged up with the head cold last week how low did my steps go",
    "the days i had the head cold last week, steps?",
])
def test_those_days_of_an_ailment_last_week_are_its_days(runner, text):
    assert _named(runner, text) == [("2026-11-25", "2026-11-27")]


@pytest.fixture
def goal_home(conn):
    seed_steps(conn, end=date(2026, 8, 31), values=[8_500] * 31, goal=8_000, today_steps=None)
    seed_steps(conn, end=date(2026, 11, 1), values=[10_500] * 62, goal=10_000, today_steps=None)
    seed_steps(conn, end=date(2026, 11, 22), values=[12_500] * 21, goal=12_000,
               today_steps=None)
    seed_steps(conn, end=date(2026, 11, 29), values=[9_800] * 7, goal=10_000, today_steps=None)
    return conn


@pytest.mark.parametrize("text", [
    "Over the whole stretch you had me on the bigger race-build number, what did I add up to?",
    "What was my daily average over the period during which the elevated 12,000 target was "
    "in force?",
])
def test_a_goals_run_named_by_its_change(goal_home, text):
    assert _named(goal_home, text) == [("2026-11-02", "2026-11-22")]


def test_the_first_week_after_a_raise_to_the_big_number_is_the_newest_raises(goal_home):
    assert _named(goal_home, "The first week after you bumped me up to the big number - what "
                         "was my average?") == [("2026-11-02", "2026-11-08")]
    # (by its number: that goal's first run, as before)
    assert _named(goal_home, "my first week on 10,000 - average?") == [
        ("2026-08-31", "2026-09-06")]


def test_the_day_following_a_day_is_the_next_day(runner):
    # (the paw's day and the next, not the day after its ten days of short walks)
    assert _named(runner, "On the day our dog injured his foot at the park, and on the day "
                          "following, what were my step counts?") == [
        ("2026-09-08", "2026-09-08"), ("2026-09-09", "2026-09-09")]


@pytest.mark.parametrize("text", [
    "How did the step total for the week in which the storm flooded the path compare with "
    "that of the week which followed it?",
    "the week of the storm and the week that followed, steps?",
])
def test_a_storms_week_and_the_week_after(runner, text):
    assert _named(runner, text) == [("2026-10-19", "2026-10-25"), ("2026-10-26", "2026-11-01")]


def test_a_distance_with_a_hyphen_names_the_race(runner):
    assert any("Harbour Half" in m for m in _memories(
        runner, "How long did it take me to complete the 21-kilometre event?"))


def test_a_quicker_paced_outing_finds_the_tempo_session(runner):
    assert any("tempo session" in m for m in _memories(
        runner, "When did my joint trouble first begin, following a quicker-paced outing?"))


@pytest.mark.parametrize("text", [
    "What was my step count on the first full day at home following the Bergen trip?",
    "steps on my first full day home after bergen?",
])
def test_the_first_full_day_home_after_a_trip_is_the_day_after_it(runner, text):
    assert _named(runner, text) == [("2026-10-19", "2026-10-19")]


def test_what_came_back_after_an_event_named_first_is_the_day_it_came_back(runner):
    assert _named(runner, "after the half my knee went again on a little jog - which day was "
                          "that, how many steps, and what did you tell me to do about it?") == [
        ("2026-11-11", "2026-11-11")]


@pytest.mark.parametrize("text", [
    "the second time my knee flared up, steps that day?",
    "On the second occasion on which my knee complained, how many steps did I manage that day?",
    "the 2nd time my knee played up - steps that day?",
])
def test_the_second_time_it_happened_is_that_times_first_day(runner, text):
    # (the August lines, two weeks apart at most, are one time; "settled" closes the second)
    assert _named(runner, text) == [("2026-11-11", "2026-11-11")]


@pytest.mark.parametrize("text", [
    "when we got back from Bergen, what did you tell me?",
    "When we got back from Bergen and I was absolutely shattered, what did you tell me?",
])
def test_what_was_said_when_we_got_back_is_the_coming_homes_exchange(runner, text):
    got = recall(runner, text, now=NOW)
    chats = [it.day for it in got.items if it.kind == "chat"]
    assert chats == ["2026-10-19"]
    assert not [it for it in got.items if it.kind == "span"]  # (not every day since)


def test_since_we_got_back_is_still_every_day_since(runner):
    assert _named(runner, "since we got back from bergen, steps?") == [
        ("2026-10-19", "2026-11-29")]


def test_what_was_said_on_a_day_written_is_that_days_exchange(runner):
    got = recall(runner, "What did you say to me on 22/10? I think I was whinging about "
                         "something.", now=NOW)
    assert [it.day for it in got.items if it.kind == "chat"] == ["2026-10-22"]


def test_that_day_of_the_longest_run_is_the_longest_runs_day(runner):
    assert _named(runner, "how far was my longest ever run and how many steps did that day "
                          "end up being") == [("2026-11-01", "2026-11-01")]


@pytest.mark.parametrize("text", [
    "My first parkrun back after the knee break: how many steps did I log that day?",
    "my first parkrun back after the knee break, the one with no pain - steps that day?",
])
def test_the_line_that_names_the_break_and_the_parkrun_after_it_gives_the_day(runner, text):
    # ("Back at parkrun after the knee break; no pain.": the answer itself, and its day)
    assert _named(runner, text) == [("2026-08-30", "2026-08-30")]


def test_since_the_break_still_runs_from_that_line(runner):
    named = _named(runner, "steps since the knee break?")
    assert len(named) == 1 and named[0][1] == "2026-11-29" and named[0][0] >= "2026-08-30"
