"""Recall, round 52: an event's days when the message names how it ended, what came back
after another event, or two events side by side. "since my knee settled" is counted from the
latest time a line says it settled; "when my knee flared up again after the half" is the day
it came back; "the Saturday of my cold" is that day, not the cold's three; "the day I bought
X and the day I got back to parkrun" is two days; "between getting over the fever and flying
off to Bergen", "between buying the trainers and getting sick" are the days between. The
phrasings and the home are this file's own."""

from datetime import date, datetime

import pytest

from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import recall

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
]


@pytest.fixture
def home(conn):
    seed_steps(conn, end=date(2026, 11, 29), values=STEPS)
    for day, line in LINES:
        seed_journal(conn, [line], entry_date=day)
    return conn


def _named(conn, text: str) -> list[tuple[str, str]]:
    """The days and periods the block names: its periods, and its days outside them."""
    got = recall(conn, text, now=NOW)
    spans = [(it.day, it.end or it.day) for it in got.items if it.kind == "span"]
    days = [(it.day, it.day) for it in got.items if it.kind == "day"
            and not any(a <= it.day <= b for a, b in spans)]
    return sorted(spans + days)


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
