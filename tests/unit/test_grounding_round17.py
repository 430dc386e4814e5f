"""Round 17 of the number checker: classes a terse shorthand writer and a long analytical one
showed (a week named "Wk 47", an arrow between days, an "18-day pb streak", plans headed
"Tmrw:" or under a "### Next steps" heading, a heading's month apart from the count below it,
"13 of the last 30"), each with the case that must stay warned beside the one it clears."""

from __future__ import annotations

import pytest

from tests.support import WEEK_48_DAYS, number_outcome

# Tuesday evening after a week-48 review: last week's days, the snapshot, the user's words
REQUEST = """MEMORY (code-derived facts and journal lines):
- step goal streak: 1 days (through 2026-12-01)
- 7-day average: 10,526 steps/day (2026-11-25 to 2026-12-01)
- goal met on 13 of the last 30 days (2026-11-02 to 2026-12-01)
- best day of the last 30: 12,993 steps on 2026-11-07
- longest goal streak in the last 365 days: 18 days (2026-08-20 to 2026-09-06)
- 2026-11-02: Running the city 10k on Dec 13 with my sister Ana.
CONTEXT FOR THIS MESSAGE (added by the app, not typed by the user; numbers here come from \
the user's records):
Now: Tuesday 2026-12-01, 19:10. Today so far: 13,311 steps of a 10,000 goal (partial: the \
day is not over).
Days this message mentions:
""" + WEEK_48_DAYS + """- last week (2026-11-23 to 2026-11-29): 7 of 7 days recorded, \
69,329 steps, average 9,904/day, goal met on 3, best 12,028 on 2026-11-25
- November 2026 (2026-11-01 to 2026-11-30): 30 of 30 days recorded, 284,826 steps, average \
9,494/day, goal met on 13, best 12,993 on 2026-11-07
Write my review for week 48 of 2026 (Mon 23 Nov to Sun 29 Nov). My knee has been sore since \
the 19th.
"""


@pytest.mark.parametrize(("reply", "number", "outcome"), [
    # a week named by its number in shorthand is the week the request names
    ("Wk 48: 69,329 steps, avg 9,904/day.", "48", "quoted"),
    ("Wk 46: 69,329 steps, avg 9,904/day.", "46", "unsupported"),
    ("Week 48 went well.", "48", "quoted"),
])
def test_a_week_named_by_its_number(reply: str, number: str, outcome: str) -> None:
    assert number_outcome(reply, number, REQUEST) == outcome


@pytest.mark.parametrize(("reply", "number", "outcome"), [
    # an arrow between days is a range of days; between counts it is still a change
    ("9,904/day (Nov 23→29). 96 under 10k.", "Nov 23→29", "quoted"),
    ("Weakest stretch Wed→Thu: 12,028 then 7,651.", "7,651", "quoted"),
    ("Weakest stretch Wed→Thu: 12,028 then 8,963.", "8,963", "unsupported"),
    ("Sore 12 days (19th→30th), get it checked.", "19th→30th", "quoted"),
    ("Sore 12 days (19th-30th), get it checked.", "19th-30th", "quoted"),
])
def test_an_arrow_between_days_is_a_range(reply: str, number: str, outcome: str) -> None:
    assert number_outcome(reply, number, REQUEST) == outcome


@pytest.mark.parametrize(("reply", "number", "outcome"), [
    # a personal best in days is the longest streak
    ("Streak: 1 day. 18-day pb streak to beat.", "18", "quoted"),
    ("Streak: 1 day. 21-day pb streak to beat.", "21", "unsupported"),
    ("Streak 1; 18-day pb still the bar.", "18", "quoted"),
    ("Streak 1; 19-day pb still the bar.", "19", "unsupported"),
])
def test_a_pb_streak_is_the_longest(reply: str, number: str, outcome: str) -> None:
    assert number_outcome(reply, number, REQUEST) == outcome


@pytest.mark.parametrize(("reply", "number", "outcome"), [
    # a plan headed by what it is, or a section under a heading that names what to do
    ("Mornings are meetings. Tmrw: 25 min walk at 12:30.", "25", "advice"),
    ("Realistic pick: 12.4k.", "12.4k", "advice"),
    ("Fix for Fri: 1 lunchtime loop.", "1", "advice"),
    ("### Next steps\n\n- Flat routes only, 20 minutes at a time.", "20", "advice"),
    ("### The plan\n\n1. **Lunch:** 30-minute flat loop, roughly 3,900 steps.", "3,900",
     "advice"),
    # what a plan's part or section reports stays a claim
    ("### Next steps\n\nToday you're at 12,311, so a short walk will do.", "12,311",
     "unsupported"),
    ("### How it went\n\n- Flat routes, 20 minutes at a time.", "20", "unsupported"),
])
def test_plans_by_their_head(reply: str, number: str, outcome: str) -> None:
    assert number_outcome(reply, number, REQUEST) == outcome


@pytest.mark.parametrize(("reply", "number", "outcome"), [
    # a month on one line and a count on the next are not a date
    ("### November\n\n13 goal days out of 30, or 43%.", "13", "quoted"),
    ("### November\n\n14 goal days out of 30.", "14", "unsupported"),
    ("Your best day was November 7 at 12,993.", "November 7", "quoted"),
])
def test_a_date_is_on_one_line(reply: str, number: str, outcome: str) -> None:
    assert number_outcome(reply, number, REQUEST) == outcome


@pytest.mark.parametrize(("reply", "number", "outcome"), [
    # "13 of the last 30" names its own period, whatever the sentence before named
    ("Your 7-day average is 10,526. Your goal days: 13 of the last 30, under half.", "13",
     "quoted"),
    ("Your 7-day average is 10,526. Your goal days: 15 of the last 30, half.", "15",
     "unsupported"),
    ("Your 7-day average is 10,526. Your best day of the last 30 was 12,993.", "12,993",
     "quoted"),
])
def test_a_count_of_the_last_n(reply: str, number: str, outcome: str) -> None:
    assert number_outcome(reply, number, REQUEST) == outcome


@pytest.mark.parametrize(("reply", "number", "outcome"), [
    # what a suggestion acts on ("keep your streak going") does not make it a report
    ("A 20-minute walk this evening would close that and keep your streak going.", "20",
     "advice"),
    ("Your streak is at 20 minutes of walking, keep it going.", "20", "unsupported"),
])
def test_what_a_suggestion_acts_on(reply: str, number: str, outcome: str) -> None:
    assert number_outcome(reply, number, REQUEST) == outcome


@pytest.mark.parametrize(("reply", "number", "outcome"), [
    # "makes it N" is today's place in the streak when the sentence names today
    ("Your streak is 1 day, so today is the day that makes it two.", "two", "computed"),
    ("Meeting the goal today makes it 2.", "2", "computed"),
    # after yesterday's steps it claims the streak as it stands
    ("Sunday was 11,470. That makes it two days in a row at goal.", "two", "unsupported"),
])
def test_the_day_that_makes_it(reply: str, number: str, outcome: str) -> None:
    assert number_outcome(reply, number, REQUEST) == outcome


# the same evening with yesterday's line: a day the goal was met
YESTERDAY_MET = REQUEST.replace("- last week (2026-11-23", "- Mon 2026-11-30: 10,420 steps, "
                                "goal 10,000, met\n- last week (2026-11-23")


@pytest.mark.parametrize(("reply", "number", "outcome"), [
    # a day named as an example of a kind of day ("like yesterday") does not bind the number
    ("You met the goal on 13 of the last 30 days, so a met day like yesterday is a little "
     "under half your days, about 43%.", "43%", "computed"),
    ("A day like yesterday's 10,420 is what the goal asks.", "10,420", "quoted"),
    # named as the day itself, it does
    ("Yesterday was 10,420, about 43%.", "43%", "unsupported"),
    ("Yesterday was 9,717, a soft day.", "9,717", "unsupported"),
])
def test_a_day_named_as_an_example(reply: str, number: str, outcome: str) -> None:
    assert number_outcome(reply, number, YESTERDAY_MET) == outcome
