"""Recall, round 51: more of the ways people name an event's days. "show me" asks for the days
named; "what did I get the day after..." asks for that day's count; "am I back to normal"
weighs the days since; "since getting over my cold" and "since I got over it" start after it;
"when I was all bunged up with that cold" is the cold's days; "on the holiday with Sam",
"steps from our trip" are the stay's days (not when the trip is only what was talked about);
and "the 12k with Sam after the cold, steps that day" is the day of the line that tells of
both. The phrasings and the home are this file's own."""

from datetime import date, datetime

import pytest

from coach_tui.memory.focus import asks_days
from tests.engine_support import seed_dated_journal, seed_steps
from tests.unit.test_recall_memories import recall

NOW = datetime(2026, 11, 30, 9, 15)  # a Monday
STEPS = [6_000 + 41 * i for i in range(130)]


# (written in this order: the lines' ids follow it)
LINES = [
    ("2026-10-05", "City break in Porto with Sam booked, Thu 8 to Tue 13 October: our first "
                   "holiday in a year."),
    ("2026-09-27", "Down with flu since Saturday: fever, aches, in bed all day."),
    ("2026-10-01", "Fever finally gone. A slow walk to the shop and back."),
    ("2026-11-01", "Packing for the work trip, Mon 2 to Thu 5 November."),
    ("2026-11-05", "Work trip was mostly standing at the stand; one 5 km hotel treadmill "
                   "session on Wednesday the 4th."),
    ("2026-11-20", "Head cold: blocked nose, sore throat. Rest days, short walks only."),
    ("2026-11-24", "Cold cleared. 12 km easy with Sam along the canal; we talked about a "
                   "spring race."),
    ("2026-08-08", "Parkrun with Sam, 29:40 on a warm morning."),
    ("2026-08-19", "Left knee sore on the stairs after the tempo run; running paused."),
    ("2026-08-21", "Physio appointment with Jo: patellofemoral pain, step-downs daily."),
    ("2026-08-29", "Parkrun again, easy 31:10, no pain at all."),
    ("2026-09-05", "Bought Brooks trainers to replace the worn pair."),
    ("2026-09-20", "First 14 km run, along the canal and back."),
    ("2026-10-25", "Longest run yet: 18 km in 1:58."),
    ("2026-11-08", "Easy 14 km, legs fresh."),
    ("2026-10-10", "Porto: long walking day up to the cathedral and down to the river."),
    ("2026-11-15", "Long Sunday walk with Sam along the canal, then coffee."),
    ("2026-09-08", "Pip cut a paw on glass at the park; vet says short lead walks only for ten "
                   "days."),
    ("2026-10-19", "Storm Ada: gales and flooding, outdoor runs cancelled for the week."),
]


@pytest.fixture
def home(conn):
    seed_steps(conn, end=date(2026, 11, 29), values=STEPS)
    seed_dated_journal(conn, LINES)
    return conn


def _spans(conn, text: str) -> list[tuple[str, str]]:
    got = recall(conn, text, now=NOW)
    return sorted((it.day, it.end or it.day) for it in got.items if it.kind == "span")


def _days(conn, text: str) -> list[str]:
    got = recall(conn, text, now=NOW)
    return sorted(it.day for it in got.items if it.kind == "day")


@pytest.mark.parametrize("text, span", [
    ("the week after porto was kinda meh right? show me", ("2026-10-14", "2026-10-20")),
    ("The two weeks after the flu — show me the lot.", ("2026-10-01", "2026-10-14")),
])
def test_show_me_asks_for_the_days_named(home, text, span):
    assert span in _spans(home, text)


@pytest.mark.parametrize("text, asks", [
    ("the week after porto - show me", True),
    ("three weeks after the race, give me the lot", True),
    # what someone gave, or a showing asked of the coach, is not the days
    ("which exercises did she give me?", False),
    ("what did you show me about the calf stretch", False),
])
def test_show_me_asks_for_days(text, asks):
    assert asks_days(text) is asks


def test_what_did_i_get_the_day_after_is_that_days_count(home):
    text = "what did i get the day after i got back from porto, and should i stretch more"
    assert _days(home, text) == ["2026-10-14"]


@pytest.mark.parametrize("text", [
    "since the cold cleared up am i back to normal?",
    "since getting over my cold i feel like i'm moving loads, true?",
    "since i got over my cold, steps?",
])
def test_since_the_cold_ended(home, text):
    # (the line saying it cleared was written on the 24th: the cold's days end the day before)
    assert ("2026-11-24", "2026-11-29") in _spans(home, text)


def test_since_recovering_from_the_flu(home):
    assert ("2026-10-01", "2026-11-29") in _spans(home, "since recovering from the flu steps")


def test_when_i_was_all_bunged_up_with_that_cold(home):
    text = "when i was all bunged up w that cold how many steps was i getting lol"
    assert _spans(home, text) == [("2026-11-20", "2026-11-23")]


@pytest.mark.parametrize("text, span", [
    ("can u show my numbers from the holiday with sam", ("2026-10-08", "2026-10-13")),
    ("steps from the holiday with sam", ("2026-10-08", "2026-10-13")),
    ("how many steps did I do on the work trip? felt like miles", ("2026-11-02", "2026-11-05")),
])
def test_on_or_from_a_trip_is_its_days(home, text, span):
    assert _spans(home, text) == [span]


@pytest.mark.parametrize("text", [
    # the trip is what was talked about, not days asked for
    "what did you say about running on the work trip?",
    # looking at it again
    "I'm going back over the work trip: what did I note about the stand?",
])
def test_a_trip_talked_about_is_not_its_days(home, text):
    assert ("2026-11-02", "2026-11-05") not in _spans(home, text)


def test_a_day_on_a_trip_is_that_day_alone(home):
    text = "the day I went on the hotel treadmill on the work trip - how far and what steps?"
    assert _spans(home, text) == []
    assert _days(home, text) == ["2026-11-04"]


def test_that_day_after_the_cold_is_the_day_of_the_line_that_tells_both(home):
    text = "the 12k with sam after i got over the cold, how many steps that day and what did " \
           "we natter about"
    got = recall(home, text, now=NOW)
    assert sorted(it.day for it in got.items if it.kind == "day") == ["2026-11-24"]
    assert "12 km easy with Sam" in got.text


@pytest.mark.parametrize("text, day", [
    # "after the knee trouble" tells which appointment, not the days since
    ("On the day of my physio appointment with Jo after the knee trouble, what was my step "
     "count?", "2026-08-21"),
    # the first parkrun after the knee, not the first ever
    ("the day of my first parkrun after the knee injury, steps?", "2026-08-29"),
    # the month before the event dates it, as one after it does
    ("On the day of my first parkrun after the August knee injury, what was my step count?",
     "2026-08-29"),
])
def test_the_day_of_an_event_told_by_what_came_before_it(home, text, day):
    assert _spans(home, text) == []
    assert _days(home, text) == [day]


@pytest.mark.parametrize("text", ["the weekend in porto, how many steps?",
                                  "the weekend we were in porto how many steps"])
def test_the_weekend_of_a_stay_is_that_weekend_alone(home, text):
    assert _spans(home, text) == [("2026-10-10", "2026-10-11")]


@pytest.mark.parametrize("text, span", [
    # new shoes: the day they came
    ("between new shoes and porto. steps", ("2026-09-06", "2026-10-07")),
    # of the two 14 km runs, the one before the 18 km
    ("from my first 14k to the 18k one, how did my steps build?", ("2026-09-20", "2026-10-25")),
    ("from my 18 km long run to the work trip, steps", ("2026-10-25", "2026-11-05")),
])
def test_two_events_as_runners_name_them(home, text, span):
    assert _spans(home, text) == [span]


def test_a_fortnight_typed_fast(home):
    assert _spans(home, "fortnite after the flu, steps?") == [("2026-10-01", "2026-10-14")]


def test_the_first_of_a_distance_is_the_earliest(home):
    assert _days(home, "the day of my first 14k, steps") == ["2026-09-20"]


def test_a_weekday_of_a_stay_named_another_way_too_is_that_day_alone(home):
    text = "saturday in porto, the cathedral day"
    assert _spans(home, text) == []
    assert _days(home, text) == ["2026-10-10"]


def test_two_goals_compared(home):
    conn = home
    seed_steps(conn, end=date(2026, 11, 29), values=[9_000] * 121, goal=10_000,
               today_steps=None)
    seed_steps(conn, end=date(2026, 8, 31), values=[8_500] * 31, goal=8_000, today_steps=None)
    seed_steps(conn, end=date(2026, 11, 22), values=[12_500] * 21, goal=12_000,
               today_steps=None)
    text = "compare when my goal was 8k with when it was 12k"
    assert _spans(conn, text) == [("2026-08-01", "2026-08-31"), ("2026-11-02", "2026-11-22")]


@pytest.mark.parametrize("text, span", [
    ("was i even moving when the flu had me 🤒 show me those days", ("2026-09-26", "2026-09-30")),
    ("my figures for the days I was confined to bed with influenza this autumn, please",
     ("2026-09-26", "2026-09-30")),
    ("Please give me my step counts for the three weeks following the flu.",
     ("2026-10-01", "2026-10-21")),
    ("Post-flu to now. Trend?", ("2026-10-01", "2026-11-29")),
    ("10 days after 18k LR - load?", ("2026-10-26", "2026-11-04")),
    ("Steps since the long canal walk w/ Sam?", ("2026-11-16", "2026-11-29")),
])
def test_an_events_days_in_more_voices(home, text, span):
    assert _spans(home, text) == [span]


@pytest.mark.parametrize("text, day", [
    ("On my first parkrun following the knee injury, how many steps did I record?",
     "2026-08-29"),
    ("1st long run post-Porto. Steps?", "2026-10-25"),
    ("last day in porto, did i even crack 5k 😬", "2026-10-13"),
])
def test_an_events_day_in_more_voices(home, text, day):
    assert _days(home, text) == [day]


def test_two_stretches_set_alongside(home):
    text = "Please set the fortnight before porto alongside the fortnight after it."
    assert _spans(home, text) == [("2026-09-24", "2026-10-07"), ("2026-10-14", "2026-10-27")]


@pytest.mark.parametrize("text, asks", [
    ("since the cold cleared, how am i doing", True),
    ("post-storm to now. trend?", True),
    ("10 days after the race - load?", True),
    # the food, not the days
    ("what did you say about carb loading before the race", False),
])
def test_what_asks_for_the_days(text, asks):
    assert asks_days(text) is asks


@pytest.mark.parametrize("text, span", [
    ("how bad were my numbers during the 12k goal era", ("2026-11-02", "2026-11-22")),
    ("the period in which my daily target stood at 12,000: step counts please",
     ("2026-11-02", "2026-11-22")),
    ("Kindly list my step counts for the period during which my daily target was still the "
     "original 8,000.", ("2026-08-01", "2026-08-31")),
])
def test_a_goals_period_said_formally_or_fast(home, text, span):
    seed_steps(home, end=date(2026, 8, 31), values=[8_500] * 31, goal=8_000, today_steps=None)
    seed_steps(home, end=date(2026, 11, 22), values=[12_500] * 21, goal=12_000,
               today_steps=None)
    assert _spans(home, text) == [span]


@pytest.mark.parametrize("text, span", [
    ("rate my steps while i was all snotty w that cold 🤧 be honest",
     ("2026-11-20", "2026-11-23")),
    ("how was my whole month of the flu tbh, like overall", ("2026-09-01", "2026-09-30")),
    ("Steps while laid up w/ fever. Totals.", ("2026-09-26", "2026-09-30")),
    ("show me everything from the work trip all the way to the head cold",
     ("2026-11-02", "2026-11-23")),
    ("how've I been doing since I got back from the city break in Porto, generally",
     ("2026-10-14", "2026-11-29")),
])
def test_an_events_days_in_a_fifth_writers_voices(home, text, span):
    assert _spans(home, text) == [span]


@pytest.mark.parametrize("text, day", [
    ("first day of the flu, like the saturday it kicked off, what was i at", "2026-09-26"),
    ("holiday eve, steps?", "2026-10-07"),
    ("Fri in Porto (the cathedral?). Count?", "2026-10-09"),
    ("Day 2 Porto?", "2026-10-09"),
    ("and um how was I the day after that big long eighteen kilometre run the one with the "
     "gels", "2026-10-26"),
])
def test_an_events_day_in_a_fifth_writers_voices(home, text, day):
    assert _days(home, text) == [day]


def test_the_week_that_followed_it(home):
    text = "Could you compare my step counts for the week of the work trip against the week " \
           "that followed it, please?"
    assert _spans(home, text) == [("2026-11-02", "2026-11-08"), ("2026-11-09", "2026-11-15")]


@pytest.mark.parametrize("text, span", [
    # a learner's prepositions
    ("How was my steps in the week past to the work trip? I was very nervous.",
     ("2026-10-26", "2026-11-01")),
    ("In the three days posterior to the flu, I went out again to run?",
     ("2026-10-01", "2026-10-03")),
    ("Since that I am cured of the cold, I go well with the steps or not?",
     ("2026-11-24", "2026-11-29")),
    # an engineer's shorthand
    ("w/c of Storm Ada: all 7 days.", ("2026-10-19", "2026-10-25")),
    ("Flu window: daily counts please.", ("2026-09-26", "2026-09-30")),
    ("7d post-Porto: daily steps, checking the calf dip.", ("2026-10-14", "2026-10-20")),
    ("the 3 days pre-porto: steps/day.", ("2026-10-05", "2026-10-07")),
    ("While I was in Porto with Sam, all those hills. Can I see those days?",
     ("2026-10-08", "2026-10-13")),
])
def test_an_events_days_in_a_sixth_writers_voices(home, text, span):
    assert _spans(home, text) == [span]


@pytest.mark.parametrize("text, day", [
    ("The day of after the flu I could not go down the stairs. How many steps I made that day?",
     "2026-10-01"),
    ("And the day previous to fly to Porto? Steps?", "2026-10-07"),
    ("The Saturday in Porto, the day of the cathedral, how many steps exactly?", "2026-10-10"),
    ("the friday of storm ada i'm pretty sure i didn't leave the sofa. steps?", "2026-10-23"),
    ("Thursday of the storm: want the exact figure.", "2026-10-22"),
    ("Porto day 3 (the cathedral one): count?", "2026-10-10"),
    # after the day the paw was cut, not after the ten days of short walks
    ("The Saturday after Pip hurt his paw, steps?", "2026-09-12"),
])
def test_an_events_day_in_a_sixth_writers_voices(home, text, day):
    assert _days(home, text) == [day]


def test_a_goals_regime(home):
    seed_steps(home, end=date(2026, 11, 22), values=[12_500] * 21, goal=12_000,
               today_steps=None)
    text = "Full 12k-target regime, first to last day: how many days >= goal?"
    assert _spans(home, text) == [("2026-11-02", "2026-11-22")]


@pytest.mark.parametrize("text, span", [
    ("The fortnight after the morning my knee went, steps please", ("2026-08-20", "2026-09-02")),
    ("Show me the weekend anterior to the trip of Porto, I think I did a long run.",
     ("2026-10-03", "2026-10-04")),
    ("From the flu until the trip of Porto: full series.", ("2026-09-26", "2026-10-13")),
    ("Window between the 18k long run and the work trip, exclusive both ends.",
     ("2026-10-26", "2026-11-01")),
])
def test_more_of_the_sixth_writers_stretches(home, text, span):
    assert _spans(home, text) == [span]


@pytest.mark.parametrize("text, day", [
    ("the day after the day my knee went, steps", "2026-08-20"),
    ("Flu day 1 steps.", "2026-09-26"),
    ("Day before the physio appt: baseline pre-diagnosis.", "2026-08-20"),
])
def test_more_of_the_sixth_writers_days(home, text, day):
    assert _days(home, text) == [day]


@pytest.mark.parametrize("text", ["From the race through race week: full series.",
                                  "PB day + the 18k day: two data points",
                                  "Put together the days of the flu and the days of the cold"])
def test_an_engineers_words_for_the_days(text):
    assert asks_days(text)


@pytest.mark.parametrize("text, span", [
    ("Since the target went to 12k: hit rate to date.", ("2026-11-02", "2026-11-29")),
    ("since my goal was raised to 12,000, how am i doing", ("2026-11-02", "2026-11-29")),
    ("ok since i knocked the target back down to 10k am i smashing it or nah",
     ("2026-11-23", "2026-11-29")),
])
def test_since_the_goal_changed_to_a_number(home, text, span):
    # the goal's newest run from its first day, not the days after the latest change of goal
    seed_steps(home, end=date(2026, 11, 1), values=[9_500] * 31, goal=10_000, today_steps=None)
    seed_steps(home, end=date(2026, 11, 22), values=[12_500] * 21, goal=12_000,
               today_steps=None)
    seed_steps(home, end=date(2026, 11, 29), values=[9_800] * 7, goal=10_000, today_steps=None)
    assert _spans(home, text) == [span]


def test_an_event_is_dated_by_a_line_the_snapshot_holds(home):
    # the app's case: every journal line is in the session's frozen snapshot, so recall shows
    # none of them again; the days an event names are still read from them
    ids = [row[0] for row in home.execute("SELECT entry_id FROM journal")]
    got = recall(home, "since the flu, steps?", now=NOW, snapshot_entry_ids=ids)
    assert [(it.day, it.end) for it in got.items if it.kind == "span"] == [
        ("2026-10-01", "2026-11-29")]
    assert not [it for it in got.items if it.kind == "journal"]
    assert "Down with flu" not in got.text


def test_the_first_run_after_an_event_is_found_in_the_snapshots_lines(home):
    ids = [row[0] for row in home.execute("SELECT entry_id FROM journal")]
    got = recall(home, "my first parkrun after the knee injury, steps?", now=NOW,
                 snapshot_entry_ids=ids)
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-08-29"]
    assert not [it for it in got.items if it.kind == "journal"]
