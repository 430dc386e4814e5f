"""Round 34's rules, each read from a tuning writer's replies (rcp, an analyst with tables;
rcq, a motivator comparing periods) after the sets were scored blind. Written in phrasings of
our own; a claim about the user's data in the same frame stays checked."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check
from tests.unit.test_grounding_round31 import mention, request


# request 5: a 1-day streak, 812 steps so far today
@pytest.mark.parametrize("reply, outcome", [
    ("You're 9,188 short of extending the run to 2.", "computed"),
    ("9,188 more today and the count reads 2.", "computed"),
    ("9,188 more today and the count reads 3.", "unsupported"),
    ("Your streak is 2 days.", "unsupported"),
])
def test_the_next_place_of_a_streak_said_as_a_reading(reply, outcome):
    number = "3" if " 3." in reply else "2"
    assert mention(reply, 5, number).outcome == outcome


# request 8: 13 goal days in November so far, 8,214 today
@pytest.mark.parametrize("reply, outcome", [
    ("1,786 more and November claims goal day 14.", "computed"),
    ("1,786 more and November claims goal-day 14.", "computed"),
    ("1,786 more and November claims goal day 15.", "unsupported"),
])
def test_goal_day_n_is_the_next_goal_day(reply, outcome):
    number = "15" if "15" in reply else "14"
    assert mention(reply, 8, number).outcome == outcome


# request 9: Tue 24 Nov 8,963, Wed 25 Nov 12,028
@pytest.mark.parametrize("reply, outcome", [
    ("| Tue 24 Nov | 8,963 |\n| Wed 25 Nov | 12,028 |\n\nThe two days together: 20,991.", "quoted"),
    ("| Tue 24 Nov | 8,963 |\n| Wed 25 Nov | 12,028 |\n\nThe three days together: 20,991.",
     "unsupported"),
    ("Tuesday the 24th: 8,963. Wednesday the 25th: 12,028. Across the two days you walked "
     "20,991.", "quoted"),
])
def test_the_days_together_are_the_days_the_reply_named(reply, outcome):
    number = "three" if "three" in reply else "two"
    assert mention(reply, 9, number).outcome == outcome


# request 10: last week, Mon 23 to Sun 29 November, five days above 9,000
@pytest.mark.parametrize("reply, outcome", [
    ("Five days above 9,000 (71.4%); only Tuesday and Thursday fell under it.", "computed"),
    ("Last week five days went above 9,000 (about 71%).", "computed"),
    ("Five days above 9,000 (81.4%).", "unsupported"),
])
def test_a_counted_days_share_in_brackets(reply, outcome):
    number = next(t for t in ("71.4%", "71%", "81.4%") if t in reply)
    assert mention(reply, 10, number).outcome == outcome


# request 14: 7-day average 9,905, 30-day average 9,494
@pytest.mark.parametrize("reply, number, outcome", [
    ("Your last 7 days averaged 9,905, while the last 30 averaged 9,494.", "9,494", "quoted"),
    ("Your last 7 days averaged 9,905, and the last 30 averaged 9,494, up about 4.3%.", "4.3%",
     "computed"),
    ("Your last 7 days averaged 9,905, while the last 30 averaged 9,905.", "9,905", "unsupported"),
])
def test_the_last_30_as_the_other_side_of_a_contrast(reply, number, outcome):
    occurrence = 2 if reply.count(number) == 2 else 1
    found = [m for m in check(reply, request(14)) if m.text == number]
    assert found[occurrence - 1].outcome == outcome


# request 21: Tuesday 1 December 13,311; Tuesday 24 November 8,963; Monday 23 November 9,231
@pytest.mark.parametrize("reply, number, outcome", [
    ("Tuesday jumped from 8,963 to 13,311, your best day.", "8,963", "quoted"),
    ("Tuesday rose from about 9,000 to 13,311.", "9,000", "quoted"),
    ("Tuesday jumped from 9,231 to 13,311.", "9,231", "unsupported"),
    ("Tuesday came in at 8,963.", "8,963", "unsupported"),
])
def test_a_weekday_from_one_value_to_another_is_week_on_week(reply, number, outcome):
    assert mention(reply, 21, number).outcome == outcome


# request 1: last week's Saturday was 4,016
@pytest.mark.parametrize("reply, outcome", [
    ("Getting Saturday to 8,000 on its own would add almost 4,000 to the week.", "advice"),
    ("Bringing Saturday up to 8,000 would have lifted the week.", "advice"),
    ("Saturday got to 8,000 on its own.", "unsupported"),
])
def test_getting_a_day_to_a_figure_is_a_supposition(reply, outcome):
    assert mention(reply, 1, "8,000").outcome == outcome


# request 13: no walk of 5,000 in the request
@pytest.mark.parametrize("reply, outcome", [
    ("A walk at lunch and another after six, about 5,000 each, gets it done.", "advice"),
    ("You walked at lunch and after six yesterday, about 5,000 each.", "unsupported"),
])
def test_a_size_for_each_slot_of_the_day(reply, outcome):
    assert mention(reply, 13, "5,000").outcome == outcome


# request 24
@pytest.mark.parametrize("reply, outcome", [
    ("Here's one thing for Tuesday: book a 15-minute walk in the calendar straight after your "
     "final morning meeting and before lunch; that alone is worth roughly 1,500 steps, about "
     "double yesterday's gap.", "advice"),
    ("You did a 15-minute walk after lunch yesterday; that alone is worth roughly 1,500 steps.",
     "unsupported"),
])
def test_what_a_suggested_walk_is_worth(reply, outcome):
    assert mention(reply, 24, "1,500").outcome == outcome


# request 3: Monday 30 November, 812 so far; the streak is 1 day through Sunday the 29th
@pytest.mark.parametrize("reply, outcome", [
    ("That makes it **2 days** in a row now, so today is about protecting the run.",
     "unsupported"),
    ("You walked 11,470 steps yesterday, and that makes it 2 days in a row.", "unsupported"),
    ("Hit 10k today and that makes it **2 days** in a row.", "computed"),
    ("Hit it and that makes it 2 days in a row.", "computed"),
])
def test_makes_it_after_a_day_done_is_the_streak_as_it_stands(reply, outcome):
    assert mention(reply, 3, "2").outcome == outcome


# request 6: Monday 30 November, 812 at 08:10 and 4,906 at 12:40 (5,094 to the goal)
@pytest.mark.parametrize("table, outcome", [
    ("| Time | Steps so far | Left to goal |\n|---|---|---|\n| 08:10 | 812 | 9,188 |\n"
     "| 12:40 | 4,906 | 5,194 |", "unsupported"),
    ("| Time | Walk | Adds |\n|---|---|---|\n| 13:00 | 20-minute loop | 2,000 |\n"
     "| 18:30 | after work | 5,194 |", "advice"),
])
def test_a_table_of_the_day_so_far_by_the_hour_is_no_plan(table, outcome):
    assert mention(table, 6, "5,194").outcome == outcome


# request 10: Monday 30 November; last week Mon 23 to Fri 27 averaged 9,628, Mon to Sat 9,643
@pytest.mark.parametrize("reply, number, outcome", [
    ("Mon–Fri averaged 9,628.", "9,628", "computed"),
    ("Mon–Fri averaged 9,643.", "9,643", "unsupported"),
    ("| Part | Days | Avg |\n|---|---|---|\n| Weekdays | Mon–Fri | 9,643 |", "9,643",
     "unsupported"),
])
def test_a_weekday_range_on_a_monday_is_last_weeks(reply, number, outcome):
    assert mention(reply, 10, number).outcome == outcome


def test_one_and_a_half_is_read_as_a_number():
    # request 18: no figure of 1.5 anywhere
    assert mention("October was at 41.9% and now it's a small step up, about one and a half "
                   "points.", 18, "one and a half").outcome == "unsupported"
    assert mention("Try two and a half hours of walking this weekend.", 18,
                   "two and a half").outcome == "advice"


# request 21: this week so far averages 11,274, last week averaged 9,904
@pytest.mark.parametrize("reply, number, outcome", [
    ("If you land on 10,000 today, this week's average would be about 10,850, still "
     "comfortably ahead of 9,904.", "9,904", "quoted"),
    ("This week averages 11,274 so far, comfortably ahead of 9,904.", "9,904", "quoted"),
    ("This week averages 11,274 so far, comfortably ahead of 9,940.", "9,940", "unsupported"),
])
def test_what_a_figure_is_ahead_of_is_the_other_side(reply, number, outcome):
    assert mention(reply, 21, number).outcome == outcome


# request 23: last week, goal met on 3 of 7 days (averaging 11,256), missed on 4 (8,891)
@pytest.mark.parametrize("reply, number, outcome", [
    ("The goal days averaged 11,256; the other four averaged 8,891.", "four", "computed"),
    ("The misses averaged 8,891; the other three averaged 11,256.", "three", "computed"),
    ("The goal days averaged 11,256; the other five averaged 8,891.", "five", "unsupported"),
    ("Three of your seven days reached the goal, and the other four came within about 2,350 "
     "steps of it.", "four", "computed"),
])
def test_the_other_n_are_the_other_side_of_the_goal(reply, number, outcome):
    assert mention(reply, 23, number).outcome == outcome


# request 21: Wednesday 2 December, 2,214 so far; nothing of 500, 12,000 or 4,000 stated
@pytest.mark.parametrize("reply, number, outcome", [
    ("Parking further away adds maybe 500 steps each way.", "500", "advice"),
    ("You could make it 12,000 on Saturday and rest a bit on Sunday.", "12,000", "advice"),
    ("The trick is to bank 4,000 before lunch.", "4,000", "advice"),
    ("Worst case, you land 8,000 on the busy days, and the weekend makes up the gap.", "8,000",
     "advice"),
    ("At worst you walked 8,000 on Monday.", "8,000", "unsupported"),
    ("Your best is 14,311.", "14,311", "unsupported"),
    ("Saturday came to 12,000.", "12,000", "unsupported"),
])
def test_more_ways_of_suggesting(reply, number, outcome):
    assert mention(reply, 21, number).outcome == outcome


# request 21: days listed from Mon 23 November to Tue 1 December; last week is the 23rd to
# the 29th (weekdays 9,628 on average), all the weekdays listed average 10,099
@pytest.mark.parametrize("reply, number, outcome", [
    ("Last week's weekdays averaged 9,628; the weekend averaged 10,594.", "9,628", "computed"),
    ("Last week's weekdays averaged 9,728.", "9,728", "unsupported"),
])
def test_a_stated_week_inside_a_longer_block_of_days(reply, number, outcome):
    assert mention(reply, 21, number).outcome == outcome


# request 5: Monday 30 November; a 1-day streak through Sunday, a record of 18 days
@pytest.mark.parametrize("reply, number, outcome", [
    ("Finish today above 10k and you're on a 2-day streak.", "2", "computed"),
    ("Close out today over 10k and it's a 2-day streak.", "2", "computed"),
    ("Good morning. Hit 10k today for a 2-day run.", "2", "computed"),
    ("Good morning. You hit 10k yesterday for a 2-day run.", "2", "unsupported"),
    ("Finish today above 10k and you're on a 3-day streak.", "3", "unsupported"),
    ("Your record is 18, so there's a long road, 17 more days, to tie it.", "17", "computed"),
    ("One day down, seventeen to go to match your best run.", "seventeen", "computed"),
    ("Your record is 18; 16 to go to match your record.", "16", "unsupported"),
])
def test_the_next_day_of_a_streak_and_the_road_to_the_record(reply, number, outcome):
    assert mention(reply, 5, number).outcome == outcome


# request 14: 7-day average 9,905, 30-day average 9,494; none of these figures is stated
@pytest.mark.parametrize("reply, number, outcome", [
    ("Research on daily steps suggests most of the benefit arrives by about 7,000 to 8,000 a "
     "day.", "7,000 to 8,000", "advice"),
    ("A 10% increase per week is the usual rule of thumb for building volume safely.", "10%",
     "advice"),
    ("Most people take about 1,300 to 1,400 steps per kilometre.", "1,300 to 1,400", "advice"),
    ("Your body adapts over about 2 to 3 weeks.", "2 to 3", "advice"),
    ("Most runner's-knee flare-ups settle in 1 to 2 weeks with sensible load.", "1 to 2",
     "advice"),
    ("Research aside, your 7-day average is 9,950.", "9,950", "unsupported"),
    ("Studies like yours: you averaged 9,950 last week.", "9,950", "unsupported"),
])
def test_general_knowledge_is_no_claim_about_the_users_data(reply, number, outcome):
    assert mention(reply, 14, number).outcome == outcome


@pytest.mark.parametrize("reply, number, outcome", [
    # request 21: a 1-day streak
    ("Your streak's alive at 1. Make it 2 tonight.", "1", "computed"),
    ("Your streak's alive at 2.", "2", "unsupported"),
    # request 11: November is 26,959 steps ahead of October
    ("Nearly 27 grand more steps in November.", "27 grand", "computed"),
    ("About 27 thousand more steps in November.", "27 thousand", "computed"),
    ("About 37 thousand more steps in November.", "37 thousand", "unsupported"),
])
def test_a_streak_alive_at_one_and_thousands_in_words(reply, number, outcome):
    n = 21 if "streak" in reply else 11
    assert mention(reply, n, number).outcome == outcome


# request 21: last week Mon 23 to Fri 27 (48,142 steps)
@pytest.mark.parametrize("count, outcome", [("5", "quoted"), ("4", "unsupported")])
def test_a_days_column_beside_a_weekday_range(count, outcome):
    table = ("| Stretch | Days | Total |\n|---|---|---|\n"
             f"| Mon–Fri (last week) | {count} | 48,142 |")
    assert mention(table, 21, count).outcome == outcome


# request 21: last week's weekend averaged 10,594, its weekdays 9,628 (+10.0%)
@pytest.mark.parametrize("reply, number, outcome", [
    ("The weekend ran about 10% above the weekdays last week.", "10%", "computed"),
    ("The weekdays ran about 9% below the weekend last week.", "9%", "computed"),
    ("The weekend ran about 15% above the weekdays last week.", "15%", "unsupported"),
    ("The weekend ran about 10% below the weekdays last week.", "10%", "unsupported"),
])
def test_one_part_of_the_week_against_the_other(reply, number, outcome):
    assert mention(reply, 21, number).outcome == outcome


# request 18: November, goal met on 13 of 30 days (43.3%)
@pytest.mark.parametrize("reply, number, outcome", [
    ("November's 43% is the number to beat.", "43%", "computed"),
    ("November's 53% is the number to beat.", "53%", "unsupported"),
])
def test_a_mark_to_beat_is_no_change(reply, number, outcome):
    assert mention(reply, 18, number).outcome == outcome


# request 20: the last three days, Sun 11,470, Mon 9,237, Tue 13,311 (34,018)
@pytest.mark.parametrize("reply, number, outcome", [
    ("Sunday and Tuesday together made up about 73% of the three days' steps.", "73%",
     "computed"),
    ("Sunday and Tuesday made up about 63% of the total.", "63%", "unsupported"),
])
def test_the_named_days_share_of_the_listed_days(reply, number, outcome):
    assert mention(reply, 20, number).outcome == outcome


# request 22: Wednesday 2 December, 2,214 so far of a 10,000 goal
@pytest.mark.parametrize("reply, number, outcome", [
    ("You're at 2,214, so about 78% of today's goal is still ahead.", "78%", "computed"),
    ("You're at 2,214, so about 68% of today's goal is still ahead.", "68%", "unsupported"),
])
def test_the_share_of_todays_goal_still_ahead(reply, number, outcome):
    assert mention(reply, 22, number).outcome == outcome


# request 4: last week's Saturday 9,717 and Sunday 11,470 (21,187)
@pytest.mark.parametrize("reply, number, outcome", [
    ("Last week's weekend (21,187) beat the average weekend pace.", "21,187", "computed"),
    ("**Weekend:** 21,187", "21,187", "computed"),
    ("Last week's weekend (21,817) beat the average weekend pace.", "21,817", "unsupported"),
])
def test_a_part_of_the_week_labelled_with_its_total(reply, number, outcome):
    assert mention(reply, 4, number).outcome == outcome


@pytest.mark.parametrize("reply, n, number, outcome", [
    # request 13: Monday 9,237 of a 10,000 goal (92.4%)
    ("Yesterday you walked 9,237 steps, more than 90% of your goal.", 13, "90%", "computed"),
    ("Yesterday you walked 9,237 steps. That's over 90% of the way there.", 13, "90%",
     "computed"),
    ("Yesterday you walked 9,237 steps, more than 95% of your goal.", 13, "95%", "unsupported"),
    ("Yesterday you walked 9,237 steps, less than 90% of your goal.", 13, "90%", "unsupported"),
    # request 6: 4,906 of 10,000 at 12:40, 50.9% still to go
    ("That's a little under 60% of the goal still ahead at 12:40.", 6, "60%", "unsupported"),
    ("That's just over 50% of the goal still to go.", 6, "50%", "computed"),
])
def test_a_round_share_said_as_a_bound(reply, n, number, outcome):
    assert mention(reply, n, number).outcome == outcome


# request 4: last week, three goal days and four under it
@pytest.mark.parametrize("reply, number, outcome", [
    ("Three of last week's days beat the goal, four fell under it.", "four", "computed"),
    ("Three of last week's days beat the goal, five fell under it.", "five", "unsupported"),
])
def test_a_count_that_fell_under_the_goal(reply, number, outcome):
    assert mention(reply, 4, number).outcome == outcome
