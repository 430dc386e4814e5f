"""Round 15 of the number checker: classes a fifteenth writer's replies showed, each in
phrasings of its own, with the case that must stay warned beside the one it clears."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check

REQUEST = """Now: Monday 2026-11-30, 19:05. Today so far: 6,420 steps of a 10,000 goal \
(partial: the day is not over).
- Mon 2026-11-23: 9,231 steps, goal 10,000, not met
- Tue 2026-11-24: 8,963 steps, goal 10,000, not met
- Wed 2026-11-25: 12,028 steps, goal 10,000, met
- Thu 2026-11-26: 7,651 steps, goal 10,000, not met
- Fri 2026-11-27: 10,210 steps, goal 10,000, met
- Sat 2026-11-28: 11,470 steps, goal 10,000, met
- Sun 2026-11-29: 10,776 steps, goal 10,000, met
- step goal streak: 3 days (through 2026-11-29)
- longest goal streak in the last 365 days: 11 days (2026-08-20 to 2026-08-30)
"""


def outcome(reply: str, number: str) -> str:
    found = [m for m in check(reply, REQUEST) if m.text == number]
    assert found, f"{number!r} not read in {reply!r}"
    return found[0].outcome


@pytest.mark.parametrize("reply, number, expected", [
    # longest 11 − streak 3 = 8, however the words point back at the record
    ("You're on a 3-day run, 8 days short of matching that record of 11.", "8", "computed"),
    ("Your longest run this year was 11 days. To equal it you'd need 8 more days in a row.",
     "8", "computed"),
    ("Your record is 11 days. You are 8 more goal days in a row from tying it.", "8",
     "computed"),
    # the same words with the wrong gap stay warned
    ("You're on a 3-day run, 6 days short of matching that record of 11.", "6",
     "unsupported"),
    ("Your longest run this year was 11 days. To equal it you'd need 7 more days in a row.",
     "7", "unsupported"),
])
def test_days_to_match_the_longest_streak_are_worked_out(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("At 6,420 now, so 3,580 more this evening wraps up the day.", "3,580", "computed"),
    ("At 6,420 now, so 2,580 more this evening wraps up the day.", "2,580", "unsupported"),
    ("You're sitting at 6,420, so 4,580 more tonight.", "4,580", "unsupported"),
    ("You're at 6,420, so 3,580 more tonight.", "3,580", "computed"),
    # a plan sized in its own steps is still advice
    ("You're at 6,420, so get 1,700 more in before dinner and walk the rest after.", "1,700",
     "advice"),
])
def test_what_today_leaves_to_the_goal_is_a_claim_not_a_plan(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("Until the knee settles, 3–4 easy walks of 15–20 minutes beat one long slog.", "3–4",
     "advice"),
    ("Until the knee settles, 3–4 easy walks of 15–20 minutes beat one long slog.", "15–20",
     "advice"),
    # a range that reports what the user did is a claim
    ("Last week you walked 5–6 times a day, most of them on Wednesday.", "5–6", "unsupported"),
])
def test_a_range_of_walks_or_minutes_is_a_plan(reply, number, expected):
    assert outcome(reply, number) == expected
