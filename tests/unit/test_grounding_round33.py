"""Round 33's rules, each read from a tuning writer's replies after the set was scored blind,
or from dev replies the checker still warned wrongly. Written in phrasings of our own; a claim
about the user's data in the same frame stays checked."""

from __future__ import annotations

import pytest

from tests.unit.test_grounding_round31 import mention


# request 21: this week so far is Mon 9,237 and Tue 13,311, an average of 11,274
@pytest.mark.parametrize("reply, outcome", [
    ("So far this week you're averaging 11,274 over its 2 days.", "computed"),
    ("This week averages 11,274 over your first two days.", "computed"),
    ("So far this week you're averaging 11,874 over its 2 days.", "unsupported"),
])
def test_an_average_over_its_days_is_no_gap(reply, outcome):
    number = "11,874" if "11,874" in reply else "11,274"
    assert mention(reply, 21, number).outcome == outcome


# request 11: October averaged 8,020 a day, November so far 9,503
@pytest.mark.parametrize("reply, outcome", [
    ("November comes out ahead. Daily average 9,503 versus 8,020.", "quoted"),
    ("November comes out ahead. Daily average 9,503 against 8,020.", "quoted"),
    ("November comes out ahead. Daily average 9,503 against 8,410.", "unsupported"),
])
def test_the_other_side_of_a_contrast_is_not_the_period_named_before(reply, outcome):
    number = "8,410" if "8,410" in reply else "8,020"
    assert mention(reply, 11, number).outcome == outcome


# request 21: 2,214 so far today, 7,786 to the goal
@pytest.mark.parametrize("reply, outcome", [
    ("You're on 2,214, so 7,786 to go, ideally 3,000 of that before lunch.", "advice"),
    ("You're on 2,214, so 7,786 to go, preferably 3,000 of it by noon.", "advice"),
    ("You're on 3,000 so far today.", "unsupported"),
])
def test_ideally_sizes_a_suggestion(reply, outcome):
    assert mention(reply, 21, "3,000").outcome == outcome


# request 7
@pytest.mark.parametrize("reply, outcome", [
    ("The rest can come from getting up between meetings, even 200-300 steps each time.",
     "advice"),
    ("Get up between calls: 250 steps a break adds up.", "advice"),
    ("You did 3,200 steps each walk last week.", "unsupported"),
])
def test_a_size_for_each_time_a_habit_is_done(reply, outcome):
    number = next(n for n in ("200-300", "250", "3,200") if n in reply)
    assert mention(reply, 7, number).outcome == outcome


# request 10: the week of Nov 23 met the goal on 3 days (12,028, 10,269, 11,470), missed 4
@pytest.mark.parametrize("reply, number, outcome", [
    ("Three goal days last week, averaging 11,256; the four below goal averaged 8,890.",
     "four", "computed"),
    ("Last week the three over goal averaged 11,256.", "three", "computed"),
    ("Last week the five below goal averaged 8,890.", "five", "unsupported"),
])
def test_the_days_on_a_side_of_the_goal_are_counted_not_a_gap(reply, number, outcome):
    assert mention(reply, 10, number).outcome == outcome


# request 5: the streak is 1 day, the longest 18
@pytest.mark.parametrize("reply, number, outcome", [
    ("Your longest streak is 18 days, 17 more than where you stand now.", "17", "computed"),
    ("The record run is 18 days, 17 more than your current one.", "17", "computed"),
    ("Your longest streak is 18 days, 15 more than where you stand now.", "15", "unsupported"),
])
def test_the_record_over_the_streak_as_it_stands(reply, number, outcome):
    assert mention(reply, 5, number).outcome == outcome


def test_more_than_the_current_pace_is_no_streak():
    # request 15: the 7-day average is 9,905; 75,000 over 7 days is about 10,714 a day
    reply = "Your longest streak is 18 days. A week at 10,700 a day is about 800 more than " \
            "your current 7-day average."
    assert mention(reply, 15, "800").outcome == "computed"


# request 14: Tuesday 1 December; Monday 30 November was 9,237, 763 short of the goal
@pytest.mark.parametrize("reply, number, outcome", [
    ("The streak is at 0 today, since yesterday's 9,237 fell 763 short.", "763", "computed"),
    ("The streak is at 0 today, since yesterday's 9,237 fell 763 short.", "9,237", "quoted"),
    ("The streak is at 0 today, since yesterday's 9,410 fell 590 short.", "9,410",
     "unsupported"),
])
def test_since_a_days_count_is_because_of_it_not_a_span_from_it(reply, number, outcome):
    assert mention(reply, 14, number).outcome == outcome


# request 15: the user wrote "I want 75,000 steps total"; Monday 30 November was 9,237
@pytest.mark.parametrize("reply, number, outcome", [
    ("75,000 over Monday to Sunday comes to about 10,700 a day.", "75,000", "quoted"),
    ("Monday already banked 9,237, so 75,000 needs 65,763 over the six days left.", "75,000",
     "quoted"),
    ("Monday already banked 9,237, so 75,000 needs 65,763 over the six days left.", "9,237",
     "quoted"),
    ("Monday already banked 9,880, so the week needs 65,120 more.", "9,880", "unsupported"),
])
def test_the_users_own_figure_beside_days_named_is_theirs(reply, number, outcome):
    assert mention(reply, 15, number).outcome == outcome


# request 15: the 7-day average is 9,905
@pytest.mark.parametrize("reply, outcome", [
    ("You're at 9,905 a day right now.", "quoted"),
    ("You're at 9,400 a day right now.", "unsupported"),
])
def test_a_rate_right_now_is_the_average_as_it_stands(reply, outcome):
    number = "9,905" if "9,905" in reply else "9,400"
    assert mention(reply, 15, number).outcome == outcome


# request 4: Monday 30 November, 812 steps so far today
@pytest.mark.parametrize("reply, outcome", [
    ("This wk: 812 so far → check back Fri.", "quoted"),
    ("812 this week so far, report back on Sunday.", "quoted"),
    ("This wk: 990 so far → check back Fri.", "unsupported"),
])
def test_a_day_to_check_back_ties_no_number(reply, outcome):
    number = "990" if "990" in reply else "812"
    assert mention(reply, 4, number).outcome == outcome


# request 11: November so far (to the 29th) is 275,589 steps; October 248,630
@pytest.mark.parametrize("reply, outcome", [
    ("You had already walked 275,589 steps by the 29th, against 248,630 in October.",
     "quoted"),
    ("You had already walked 275,000 steps by the 29th.", "unsupported"),
])
def test_steps_by_a_date_are_the_total_through_it(reply, outcome):
    number = "275,589" if "275,589" in reply else "275,000"
    assert mention(reply, 11, number).outcome == outcome


# request 1: the 30-day average is 9,505; the week of Nov 16 averaged 8,111
@pytest.mark.parametrize("reply, number, outcome", [
    ("Set against your 30-day average of 9,505, the week was down 9,505 − 8,111 = 1,394 a "
     "day.", "9,505", "quoted"),
    ("Set against your 30-day average of 9,505, the week was down 9,505 − 8,111 = 1,394 a "
     "day.", "1,394", "computed"),
    ("Compared with your 30-day average, the week was down 9,905 − 8,111 = 1,794 a day.",
     "9,905", "unsupported"),
])
def test_the_first_operand_of_a_written_difference_is_no_gap(reply, number, outcome):
    assert mention(reply, 1, number).outcome == outcome


# request 3: Monday 30 November, 812 so far today
@pytest.mark.parametrize("reply, number, outcome", [
    ("A plan for today:\n\n- **Lunch:** 4,000 steps on a flat loop.\n- **Evening:** a 3,500-step"
     " walk to finish near 10,300, which leaves a 300-step buffer.", "10,300", "advice"),
    ("A plan for today:\n\n- **Lunch:** 4,000 steps on a flat loop.\n- **Evening:** a 3,500-step"
     " walk to finish near 10,300, which leaves a 300-step buffer.", "300", "advice"),
    ("You're on 812, which leaves 9,288 to go.", "9,288", "unsupported"),
])
def test_a_plans_buffer_left_is_no_report(reply, number, outcome):
    assert mention(reply, 3, number).outcome == outcome


# request 15: Tuesday 1 December; Monday 30 November was 9,237
@pytest.mark.parametrize("reply, outcome", [
    ("Here's a way to get there:\nTue to Fri: 10,500 each.\nSaturday: 13,500.\nSunday: 11,000."
     "\nMonday: 8,500, an easier day to start the new week.", "advice"),
    ("Here's how the week went:\nMonday: 8,500, an easier day.", "unsupported"),
])
def test_a_plans_monday_after_its_sunday_is_next_weeks(reply, outcome):
    assert mention(reply, 15, "8,500").outcome == outcome


def test_today_and_next_monday_label_a_plans_days():
    # request 15: Tuesday 1 December
    reply = ("Saturday and Sunday: 13,000 each. Today and next Monday: 9,500 each, with a "
             "lunchtime walk as the anchor.")
    assert mention(reply, 15, "9,500").outcome == "advice"


# request 3: the 30-day average is 9,548; Sunday's 11,470 is 1,922 above it (20.1%)
@pytest.mark.parametrize("reply, outcome", [
    ("Sunday was a strong day. Against the 30-day average of 9,548 it was 1,922 higher, "
     "about 20% above.", "computed"),
    ("Sunday was a strong day. Against the 30-day average of 9,548 it was 1,922 higher, "
     "about 24% above.", "unsupported"),
])
def test_a_gap_set_against_an_average_as_a_share_of_it(reply, outcome):
    number = "20%" if "20%" in reply else "24%"
    assert mention(reply, 3, number).outcome == outcome


# request 20: goal met on 2 of the 3 days Sun 29 Nov to Tue 1 Dec
@pytest.mark.parametrize("reply, number, outcome", [
    ("Hit rate: 2 of 3, about two-thirds.", "two-thirds", "computed"),
    ("Hit rate: 2 of 3, roughly two thirds.", "two thirds", "computed"),
    ("Hit rate: 2 of 3, about half.", "half", "unsupported"),
])
def test_a_fraction_word_right_after_x_of_y_is_their_share(reply, number, outcome):
    assert mention(reply, 20, number).outcome == outcome


# request 10: the 7-day average is 9,904, 96 under the 10,000 goal
@pytest.mark.parametrize("reply, number, outcome", [
    ("- **Gap to goal:** 96 steps a day on average.", "96", "computed"),
    ("Gap to the goal: 96 a day on average.", "96", "computed"),
    ("- **Gap to goal:** 196 steps a day on average.", "196", "unsupported"),
])
def test_a_gap_to_goal_label_names_a_difference(reply, number, outcome):
    assert mention(reply, 10, number).outcome == outcome


# request 15: Tuesday 1 December; today to Sunday is six days
@pytest.mark.parametrize("reply, number, outcome", [
    ("That's the plan for the week. Six more solid days and 75,000 is yours.", "Six",
     "computed"),
    ("That's the plan for the week. Four more solid days and 75,000 is yours.", "Four",
     "unsupported"),
])
def test_more_solid_days_in_a_weeks_plan_are_the_days_to_sunday(reply, number, outcome):
    assert mention(reply, 15, number).outcome == outcome


# request 19: November averaged 9,494
@pytest.mark.parametrize("reply, outcome", [
    ("- Keep **10,000** as the daily goal and aim for a December average of around **10,400**.",
     "advice"),
    ("Aim for an average of around 10,400 next month.", "advice"),
    ("Your average of around 10,400 is a good base.", "unsupported"),
])
def test_an_average_aimed_for_is_advice(reply, outcome):
    assert mention(reply, 19, "10,400").outcome == outcome


# request 21
@pytest.mark.parametrize("reply, outcome", [
    ("A lunchtime walk of 30 minutes and an evening one of 45 would get you most of the way.",
     "advice"),
    ("A walk of 30 minutes at lunch and one of 45 after six would do it.", "advice"),
])
def test_one_of_n_after_a_walk_of_minutes_is_minutes_too(reply, outcome):
    assert mention(reply, 21, "45").outcome == outcome


# request 11: November so far averaged 9,503 a day (× 30 = 285,090, × 31 = 294,593)
@pytest.mark.parametrize("reply, number, outcome", [
    ("At the November rate a full 30-day month would come to roughly 285,000.", "285,000",
     "computed"),
    ("At November's rate, a 30-day month comes to about 285,000.", "285,000", "computed"),
    ("At the November rate a full 30-day month would come to roughly 295,000.", "295,000",
     "unsupported"),
])
def test_a_pace_at_a_months_rate_over_the_days_written(reply, number, outcome):
    assert mention(reply, 11, number).outcome == outcome


# request 11: October averaged 8,020, November so far 9,503 (up 18.5%)
@pytest.mark.parametrize("reply, outcome", [
    ("The average rose by roughly a fifth.", "computed"),
    ("The average is up by about a fifth on October.", "computed"),
])
def test_a_change_said_before_a_fraction(reply, outcome):
    assert mention(reply, 11, "fifth").outcome == outcome


# request 21: this week averages 11,274; 2,214 so far today
@pytest.mark.parametrize("reply, number, outcome", [
    ("To hold that pace today you'd need about 11,300; you're on 2,214 now.", "11,300",
     "computed"),
    ("To stay at this pace, you'd need about 11,300 today, so 9,086 more from your 2,214.",
     "9,086", "computed"),
    ("To stay at this pace, you'd need about 12,300 today.", "12,300", "unsupported"),
])
def test_what_holding_the_pace_needs_today_is_the_pace(reply, number, outcome):
    assert mention(reply, 21, number).outcome == outcome
