"""Round 36's rules, from the tuning writers' replies (rcs, rct, rcu: read case by case; the
held-out writers only in aggregate). Written in phrasings of our own; a claim about the user's
data in the same frame stays checked."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding.clauses import Clauses
from tests.unit.test_grounding_round31 import mention


@pytest.mark.parametrize("reply", [
    "Over by 1,470, i.e. 14.7% above it.",
    "A few extras, e.g. 5 minutes more, add up.",
    "Sunday vs. Monday: 11,470 against 9,237.",
])
def test_an_abbreviation_ends_no_sentence(reply):
    assert Clauses(reply, []).sentence(len(reply) - 2) == (0, len(reply))


def test_a_sentence_still_ends_after_a_full_stop():
    reply = "You did 9,237. That's close."
    assert Clauses(reply, []).sentence(len(reply) - 2)[0] == reply.index("That")


# request 03: Sun 29 Nov 11,470 against the 10,000 goal; request 13: Mon 30 Nov 9,237
@pytest.mark.parametrize("reply, req, number, outcome", [
    ("Over the 10,000 goal by 1,470 steps, i.e. 14.7% above it.", 3, "14.7%", "computed"),
    ("Yesterday beat it by 1,470, that's 14.7% over.", 3, "14.7%", "computed"),
    ("Yesterday missed by 763, i.e. 7.6% short.", 13, "7.6%", "computed"),
    # the gap's share written wrong, or the day's share of the goal read as the gap's
    ("Yesterday beat it by 1,470, that's 12.7% over.", 3, "12.7%", "unsupported"),
    ("Yesterday missed by 763, i.e. 8.6% short.", 13, "8.6%", "unsupported"),
    ("Monday came in at 9,237, 763 short of the 10,000 goal, about 93% of the target.", 13,
     "93%", "unsupported"),
])
def test_a_gap_to_the_goal_in_percent(reply, req, number, outcome):
    assert mention(reply, req, number).outcome == outcome


# request 10: Wed 25 Nov 12,028, Sun 29 Nov 11,470
@pytest.mark.parametrize("reply, number, outcome", [
    ("The average looks good because Wednesday (12,028) and Sunday (11,470) carried it.",
     "12,028", "quoted"),
    ("The average looks fine thanks to Wednesday's 12,028.", "12,028", "quoted"),
    # the days swapped: each still its own day's
    ("The average looks good because Wednesday (11,470) and Sunday (12,028) carried it.",
     "12,028", "unsupported"),
])
def test_a_day_right_before_a_number_takes_it_from_a_fact_word_before(reply, number, outcome):
    assert mention(reply, 10, number).outcome == outcome


# request 11: November so far (1st to 29th) 275,589 steps, 9,503 a day
@pytest.mark.parametrize("reply, number, outcome", [
    ("November, to the 29th: 275,589 steps.", "275,589", "quoted"),
    ("**November** (29 days so far, to the 29th): 275,589 steps, 9,503 a day.", "9,503",
     "quoted"),
    # the 29th as a day of its own
    ("On the 29th you did 275,589 steps.", "275,589", "unsupported"),
])
def test_to_the_29th_after_a_month_ends_its_span(reply, number, outcome):
    assert mention(reply, 11, number).outcome == outcome


# request 19: now Tuesday 1 December; the 10k on Dec 13 in the user's notes
def test_days_out_count_to_the_date_ahead():
    found = mention("The 10k with Ana is 12 days out, so keep your legs fresh.", 19, "12")
    assert (found.outcome, found.source) == ("computed",
                                             "days until 2026-12-13 from 2026-12-01: 12")
    assert mention("The 10k with Ana is 14 days out.", 19, "14").outcome == "unsupported"


# request 06: the streak is 1 day (an earlier reply invented 47)
@pytest.mark.parametrize("reply, number, outcome", [
    ("Do both and you're there, and day 2 of the streak is banked.", "2", "computed"),
    ("Do both and you're there, and day 48 of the streak is banked.", "48", "unsupported"),
    # a later day's place, counted on to the day named (round 42: it was advice; Monday
    # and Tuesday landing make Tuesday day 3, and Wednesday would be day 4)
    ("If tonight and tomorrow both land, Tuesday is day 3 of the streak.", "3", "computed"),
    ("If tonight and tomorrow both land, Wednesday is day 3 of the streak.", "3", "unsupported"),
])
def test_the_streaks_next_place_in_a_plan_is_a_claim(reply, number, outcome):
    assert mention(reply, 6, number).outcome == outcome


# request 15: now Tuesday 1 December; the user's 75,000 for the week, Monday 9,237 in
@pytest.mark.parametrize("reply, number, outcome", [
    ("Monday is in. That leaves **65,763 over 6 days**, about 10,960 a day.", "6", "computed"),
    ("That leaves 6 days to find 65,763.", "6", "computed"),
    ("That leaves 65,763 over 5 days.", "5", "unsupported"),
])
def test_the_days_a_total_leaves(reply, number, outcome):
    assert mention(reply, 15, number).outcome == outcome


# request 07: 8,214 at 19:05, 1,876 to go
@pytest.mark.parametrize("reply, number", [
    ("At a steady 100 steps per minute that is a walk of under 20 minutes.", "20"),
    ("At roughly 100 steps a minute that is 8,000 to 9,000 steps.", "8,000 to 9,000"),
    ("At a typical cadence of about 100 steps per minute that is roughly 1,000 extra steps.",
     "1,000"),
    ("Two walks would cover it at a brisk 100 to 110 steps per minute.", "100 to 110"),
])
def test_a_walking_pace_and_what_it_works_out_are_estimates(reply, number):
    assert mention(reply, 7, number).outcome == "advice"


def test_a_report_beside_a_pace_is_still_checked():
    reply = "At 100 steps a minute, yesterday's 12,000 took you two hours."
    assert mention(reply, 7, "12,000").outcome == "unsupported"


# request 12: a sore knee
def test_a_rating_out_of_ten_is_no_count():
    reply = "Keep the pain at or below about 3 out of 10 during the walk."
    found = mention(reply, 12, "3 out of 10")
    assert (found.outcome, found.source) == ("advice", "a rating, not a count")
    assert mention("You met the goal 3 out of 10 days.", 12, "3").outcome == "unsupported"


def test_a_streak_from_one_day_to_two_is_no_hour():
    assert mention("Finishing it takes your streak from 1 day to 2.", 7, "2").kind == "count"


# request 08: November so far, goal met on 13 of 29 days
def test_the_days_a_count_leaves_behind_are_no_days_ahead():
    reply = "You hit your goal on **13 of 29** November days so far, which leaves 16 days under."
    assert mention(reply, 8, "16").outcome == "computed"


# request 22: Tue 1 Dec 13,311; Sun 29 Nov 11,470; Sat 28 Nov 9,717; Mon 30 Nov 9,237
@pytest.mark.parametrize("reply, number, outcome, source", [
    ("Yesterday: 13,311 steps, about 1.2 times Sunday's 11,470.", "1.2", "computed",
     "13,311 (Tue Dec 1) ÷ 11,470 (Sun Nov 29) = 1.16"),
    ("Yesterday was about 1.4 times Saturday's 9,717.", "1.4", "computed",
     "13,311 (Tue Dec 1) ÷ 9,717 (Sat Nov 28) = 1.37"),
    # Monday's figure given to Sunday: no other pair of days rescues the multiple
    ("Yesterday: 13,311 steps, about 1.4 times Sunday's 9,237.", "1.4", "unsupported", None),
])
def test_a_multiple_is_of_the_day_it_names(reply, number, outcome, source):
    found = mention(reply, 22, number)
    assert (found.outcome, found.source) == (outcome, source)


# request 14: now Tuesday 1 December; "my lowest day in the last two weeks"
@pytest.mark.parametrize("reply, number, outcome", [
    ("Looking back over the two weeks from Nov 17 to Nov 30, it was steady.", "Nov 17",
     "computed"),
    ("Over the last 10 days (Nov 21 to Nov 30) you averaged well.", "Nov 21", "computed"),
    # a window one day off, or "the last" days that end long before today
    ("Over the last 14 days (Nov 18 to Nov 30) you averaged well.", "Nov 18", "unsupported"),
    ("Over the last 10 days (Nov 11 to Nov 20) you averaged well.", "Nov 11", "unsupported"),
])
def test_a_windows_first_day_counted_back_from_its_last(reply, number, outcome):
    assert mention(reply, 14, number).outcome == outcome
