"""Recall, round 52: an event's days when the message names how it ended, what came back
after another event, or two events side by side; and a handful of other ways to say them.
"since my knee settled" is counted from the latest time a line says it settled; "when my knee
flared up again after the half" is the day it came back; "the Saturday of my cold" is that day,
not the cold's three; "the day I bought X and the day I got back to parkrun" is two days;
"between getting over the fever and flying off to Bergen", "between buying the trainers and
getting sick" are the days between; "the second Saturday after the flu" is a week on from the
first; "Day Ana talked me into the half." is that day; "while my target was 10,000 the first
time round" is that goal's first run. The phrasings and the home are this file's own."""

from datetime import date, datetime

import pytest

from tests.engine_support import seed_dated_journal, seed_steps
from tests.unit.test_recall_memories import named_days, recall

NOW = datetime(2026, 11, 30, 9, 15)  # a Monday
STEPS = [7_000 + 37 * i for i in range(130)]

# (written in this order: the lines' ids follow it)
LINES = [
    ("2026-08-17", "Right knee sore after hill reps; running paused."),
    ("2026-08-20", "Physio with Kim: runner's knee, one week of walking only."),
    ("2026-08-30", "Back at parkrun, easy 31:40, no pain."),
    ("2026-09-04", "Bought new Saucony trainers, the old pair had done 800 km."),
    ("2026-09-20", "Down with flu since yesterday: fever, aches, in bed."),
    ("2026-09-24", "Fever gone since yesterday. Short walk to the shop."),
    ("2026-10-07", "Trip to Bergen with Ana booked, Wed 14 to Sun 18 October."),
    ("2026-10-24", "First 16 km run, all the way round the lake."),
    ("2026-11-08", "Harbour Half Marathon done in 2:01:12, first half ever."),
    ("2026-11-11", "Right knee niggle came back on an easy jog; icing again."),
    ("2026-11-12", "Knee settled after a rest day; 20 minutes easy, no pain."),
    ("2026-11-19", "Head cold: blocked nose and sore throat. Short walks only."),
    ("2026-11-22", "Cold cleared. 10 km easy by the lake."),
    ("2026-10-27", "Bought a head torch for evening runs."),
    ("2026-10-31", "Parkrun personal best: 26:58, first time under 27 minutes."),
    ("2026-08-11", "Ana talked me into entering the Harbour Half."),
    ("2026-10-18", "Home from Bergen: one hotel treadmill session, on Wednesday the 14th."),
    ("2026-11-05", "Collected my race number for the Harbour Half on Sunday 8 November."),
    ("2026-09-08", "Pip cut a paw on glass at the park; vet says short lead walks only for ten "
                   "days."),
    ("2026-09-26", "First parkrun after the flu: slow 33:05, walked the hill."),
]


@pytest.fixture
def home(conn):
    seed_steps(conn, end=date(2026, 11, 29), values=STEPS)
    seed_dated_journal(conn, LINES)
    return conn


def _named(conn, text: str) -> list[tuple[str, str]]:
    return named_days(conn, text, now=NOW)


@pytest.mark.parametrize("text", [
    "since my knee settled, have my steps been back to normal?",
    "Since the knee settled after the half, steps?",
    "since the knee settled after that November flare - how are my steps?",
])
def test_since_it_settled_is_the_latest_time_it_did(home, text):
    # (the knee's November niggle, which the next day's line says settled; the app ends it
    # the day before such a line, so the days since run from the settling's day)
    assert _named(home, text) == [("2026-11-12", "2026-11-29")]


def test_since_it_settled_in_a_month_named_is_that_months(home):
    named = _named(home, "since my knee settled in august, steps?")
    assert named and all(start < "2026-09-01" for start, _ in named)


@pytest.mark.parametrize("text", [
    "Can you show me my steps for when my knee flared up again after the half?",
    "steps the days my knee was playing up again after the race",
    "The couple of days the old knee pain came back after the half, what were my step counts?",
])
def test_what_came_back_after_an_event_is_the_day_it_did(home, text):
    # not every day since the half
    assert _named(home, text) == [("2026-11-11", "2026-11-11")]


def test_what_was_said_when_it_came_back_is_not_read_as_its_day(home):
    # what the coach said then is found by its words; the message asks for no steps
    got = recall(home, "what did you tell me when my knee flared up again after the half?",
                 now=NOW)
    assert not any(it.kind == "day" and it.day == "2026-11-11" and it.end in (None, it.day)
                   for it in got.items if it.kind == "day")


@pytest.mark.parametrize("text, day", [
    ("The Saturday of my cold, when I had to skip parkrun. Steps?", "2026-11-21"),
    ("the friday i had the cold, steps?", "2026-11-20"),
])
def test_a_weekday_of_a_three_day_illness_is_that_day(home, text, day):
    assert _named(home, text) == [(day, day)]


def test_a_weekend_asked_beside_one_of_its_days_stays_whole(home):
    named = _named(home, "steps two weekends ago? and how was that sunday walk?")
    assert ("2026-11-21", "2026-11-22") in named


@pytest.mark.parametrize("text, named", [
    ("the day I bought the Saucony trainers and the day I got back to parkrun, steps?",
     [("2026-08-30", "2026-08-30"), ("2026-09-04", "2026-09-04")]),
    ("Put together the days of the flu and the days of the cold, steps for each",
     [("2026-09-19", "2026-09-23"), ("2026-11-19", "2026-11-21")]),
])
def test_two_events_said_alike_are_both_read(home, text, named):
    assert _named(home, text) == named


@pytest.mark.parametrize("text, span", [
    ("Between getting over the fever and flying off to Bergen, was I back to normal? steps",
     ("2026-09-24", "2026-10-13")),
    ("Between buying the new running shoes and getting sick, how were my steps?",
     ("2026-09-05", "2026-09-18")),
    ("between the race and gettin the cold what was my avg", ("2026-11-09", "2026-11-18")),
    ("Between the lake 16k and going down with the cold: avg steps?",
     ("2026-10-25", "2026-11-18")),
    # the sickness after the trip, not the flu before it
    ("between bergen and getting sick, steps", ("2026-10-19", "2026-11-18")),
])
def test_between_two_things_done(home, text, span):
    assert _named(home, text) == [span]


def test_a_night_said_in_three_words_is_not_two_events(home):
    # "from the night it hit till the fever went": the flu's days, no day of its own
    named = _named(home, "back when I was knocked flat in September, from the night it hit "
                         "till the fever went - how low were my numbers?")
    assert all(start >= "2026-09-01" for start, _ in named)


def test_the_kind_of_run_not_the_verb_names_it(home):
    # "ran" would find the head torch "for evening runs" as well as the parkrun
    assert _named(home, "How many steps did I get on the day I ran my fastest ever parkrun?") \
        == [("2026-10-31", "2026-10-31")]


@pytest.mark.parametrize("text, span", [
    # a run of a distance is its one day: the lake's next line is another day's
    ("week after the lake 16k, how did volume hold up?", ("2026-10-25", "2026-10-31")),
])
def test_a_distance_closing_its_clause_names_the_run(home, text, span):
    assert _named(home, text) == [span]


def test_a_goal_level_is_not_a_run(home):
    seed_steps(home, end=date(2026, 11, 22), values=[12_500] * 21, goal=12_000,
               today_steps=None)
    seed_steps(home, end=date(2026, 11, 29), values=[9_800] * 7, goal=10_000, today_steps=None)
    named = _named(home, "how has it gone since I dropped back to 10k?")
    assert not any(start == "2026-10-25" for start, _ in named)     # (the 10 km of the 22nd...)
    assert ("2026-10-25", "2026-11-29") not in named


@pytest.mark.parametrize("text, day", [
    ("How many steps on the second Saturday after the flu?", "2026-10-03"),
    ("the first Saturday after the flu, steps", "2026-09-26"),
    ("the 2nd sunday after the half, steps?", "2026-11-22"),
])
def test_the_nth_weekday_after_an_event(home, text, day):
    # (the flu ended on the 23rd, a Wednesday; the half was on Sunday the 8th)
    assert _named(home, text) == [(day, day)]


@pytest.mark.parametrize("text, day", [
    ("Day Ana talked me into the half. Steps?", "2026-08-11"),
    ("day i got bak from bergen, steps", "2026-10-18"),
])
def test_a_day_opening_a_message_without_its_the(home, text, day):
    assert _named(home, text) == [(day, day)]


@pytest.mark.parametrize("text, span", [
    ("How have I done since my nose finally stopped running?", ("2026-11-22", "2026-11-29")),
    ("Show me the days I had that stuffy nose and sore throat.", ("2026-11-19", "2026-11-21")),
    ("the day after the flu wat did i get, i remember being so tired",
     ("2026-09-24", "2026-09-24")),
])
def test_more_ways_of_asking_for_the_days(home, text, span):
    assert _named(home, text) == [span]


def _goals(conn):
    seed_steps(conn, end=date(2026, 8, 31), values=[8_500] * 31, goal=8_000, today_steps=None)
    seed_steps(conn, end=date(2026, 11, 1), values=[10_500] * 62, goal=10_000, today_steps=None)
    seed_steps(conn, end=date(2026, 11, 22), values=[12_500] * 21, goal=12_000,
               today_steps=None)
    seed_steps(conn, end=date(2026, 11, 29), values=[9_800] * 7, goal=10_000, today_steps=None)


@pytest.mark.parametrize("text, span", [
    ("and um the whole time my goal was ten thousand you know before they put it up for the "
     "race how did I get on with that", ("2026-09-01", "2026-11-01")),
    # its first run, not its newest
    ("How did I do overall while my target was 10,000 the first time round?",
     ("2026-09-01", "2026-11-01")),
    ("while my target was 10,000, how did I do?", ("2026-11-23", "2026-11-29")),
    ("Am I managing the lower goal since I went back down to 10k a day?",
     ("2026-11-23", "2026-11-29")),
    ("How often did I actually hit it the days I was pushing for 12k a day?",
     ("2026-11-02", "2026-11-22")),
])
def test_a_goals_period_said_another_way(home, text, span):
    _goals(home)
    assert _named(home, text) == [span]


@pytest.mark.parametrize("text, named", [
    ("The Wed I did the hotel treadmill in Bergen. Count?", [("2026-10-14", "2026-10-14")]),
    ("What was my total for the month I was laid up with flu?", [("2026-09-01", "2026-09-30")]),
    ("when I just had a sniffly cold, steps?", [("2026-11-19", "2026-11-21")]),
])
def test_a_unit_of_time_said_by_what_happened_in_it(home, text, named):
    assert _named(home, text) == named


@pytest.mark.parametrize("text, span", [
    ("From when my knee started hurting after hill reps in August up to when I got back to "
     "parkrun, what were my daily steps?", ("2026-08-17", "2026-08-30")),
    ("from the day I bought the Saucony trainers to race day, steps", ("2026-09-04", "2026-11-08")),
    ("from when Ana talked me into the half all the way to the race itself - show me",
     ("2026-08-11", "2026-11-08")),
])
def test_from_one_thing_that_happened_to_another(home, text, span):
    assert _named(home, text) == [span]


@pytest.mark.parametrize("text, named", [
    # an act is done on the day of its line, whatever date the line writes
    ("How many steps did I take on the day I collected my race number?",
     [("2026-11-05", "2026-11-05")]),
    ("What was my average over the month in which I ran my parkrun personal best?",
     [("2026-10-01", "2026-10-31")]),
    ("How have my steps held up since I ran my parkrun personal best?",
     [("2026-11-01", "2026-11-29")]),
    # a month after a comma dates the illness, it is not asked for
    ("Steps while laid up w/ fever, Sept. Totals.", [("2026-09-19", "2026-09-23")]),
])
def test_more_events_said_by_what_was_done(home, text, named):
    assert _named(home, text) == named


@pytest.mark.parametrize("text, named", [
    ("First run logged post-half: date + steps.", [("2026-11-11", "2026-11-11")]),
    # the paw's day, not the ten days of lead walks it led to
    ("Between Pip cutting his paw and me heading off to Bergen, our walks were tiny. Steps?",
     [("2026-09-09", "2026-10-13")]),
    ("the day I spent a fortune on the Saucony trainers, did I walk enough to justify them",
     [("2026-09-04", "2026-09-04")]),
    ("The days Ana was bringing me soup for the cold. Steps for those days?",
     [("2026-11-19", "2026-11-21")]),
    # the week Kim gave, not the cold's short walks
    ("The walking-only week Kim gave me: how many steps a day did I manage?",
     [("2026-08-17", "2026-08-23")]),
])
def test_events_told_by_who_did_what(home, text, named):
    assert _named(home, text) == named


@pytest.mark.parametrize("text, named", [
    # the first of the kind named before "one"
    ("my PB parkrun and the slow one after the flu - steps on both days?",
     [("2026-09-26", "2026-09-26")]),
    ("Between signing up for the Harbour Half and actually running it, what was my total?",
     [("2026-08-12", "2026-11-07")]),
    # the first parkrun after the appointment, not the latest
    ("what did my steps look like between the physio appointment and getting back to parkrun",
     [("2026-08-21", "2026-08-29")]),
    ("Could you show me the days between my recovery from the flu and our departure for "
     "Bergen?", [("2026-09-24", "2026-10-13")]),
    ("knee flare after the half. the days it was playing up. steps?",
     [("2026-11-11", "2026-11-11")]),
    ("Post-race knee flare-up, the couple of days. Steps?", [("2026-11-11", "2026-11-11")]),
])
def test_the_second_side_said_by_what_was_done(home, text, named):
    assert _named(home, text) == named


@pytest.mark.parametrize("text, named", [
    ("d-1 and d+1 around Kim's appt? Checking what the knee did to volume either side.",
     [("2026-08-19", "2026-08-19"), ("2026-08-21", "2026-08-21")]),
    ("Wk of the Kim appointment, Mon-Sun. Total?", [("2026-08-17", "2026-08-23")]),
])
def test_a_log_writers_shorthand(home, text, named):
    assert _named(home, text) == named


@pytest.mark.parametrize("text, named", [
    # a time beaten is the personal best, not the latest Saturday
    ("the saturday i finally went sub-27 at parkrun, how many steps was that day?",
     [("2026-10-31", "2026-10-31")]),
    ("the day I broke 27 at parkrun, steps?", [("2026-10-31", "2026-10-31")]),
    ("Bergen week vs the week straight after - steps?",
     [("2026-10-12", "2026-10-18"), ("2026-10-19", "2026-10-25")]),
    # "finally" between the doer and the deed
    ("The day I finally bought a light for the dark evening runs - how many steps that day?",
     [("2026-10-27", "2026-10-27")]),
])
def test_a_best_a_week_after_and_a_deed_said_slowly(home, text, named):
    assert _named(home, text) == named


@pytest.mark.parametrize("text, named", [
    # the day after that day, not after the flu
    ("what were my steps the day i came down with flu, and the day after?",
     [("2026-09-19", "2026-09-19"), ("2026-09-20", "2026-09-20")]),
    # the day it happened, not the ten days of lead walks
    ("when my dog cut his paw what did the vet say, and how many steps did i do that day",
     [("2026-09-08", "2026-09-08")]),
])
def test_that_day_of_an_event(home, text, named):
    assert _named(home, text) == named


def test_the_week_a_goal_began(home):
    _goals(home)
    assert _named(home, "the week I started on the 12k target - how many days did I hit it?") \
        == [("2026-11-02", "2026-11-08")]


@pytest.mark.parametrize("text, named", [
    ("the day I spent £150 on the Saucony trainers, steps?", [("2026-09-04", "2026-09-04")]),
    # time spent buys nothing: not the day a head torch was bought
    ("the day I spent Sunday on the sofa, steps?", [("2026-11-29", "2026-11-29")]),
])
def test_money_spent_is_a_purchase_time_spent_is_not(home, text, named):
    assert _named(home, text) == named
