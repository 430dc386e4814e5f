"""Round 44's rules (the twenty-first session), each read from a tuning writer's reply (rfb,
rfc, rfd: written by helpers from the records and the contract alone, scored blind and then
read) and kept with no dev outcome made worse. Each rule has a true and a false phrasing: a
rule that made both pass would only have silenced the warning."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check
from tests.unit.test_grounding_round31 import mention, request

# request 9: Sunday 29 November's week; Wed 25 Nov 12,028, Tue 24 Nov 8,963; best of the last
# 30 days 12,993 on Sat 7 Nov (965 above Wednesday)


@pytest.mark.parametrize("n, outcome", [("970", "computed"), ("500", "unsupported")])
def test_within_about_a_figure_of_a_named_day_is_the_gap_bound(n, outcome):
    reply = f"Wednesday also came within about {n} of your best day, the 12,993 on Nov 7."
    assert mention(reply, 9, n).outcome == outcome


# request 1: week 47; Mon 16 Nov 9,548, Thu 19 Nov 9,137, Sun 22 Nov 9,257 (8.6% under goal)
@pytest.mark.parametrize("n, outcome", [("9%", "computed"), ("5%", "unsupported")])
def test_within_roughly_a_share_of_the_goal_is_a_bound(n, outcome):
    reply = f"Monday's 9,548, Thursday's 9,137 and Sunday's 9,257 were each within roughly {n} " \
        "of the goal."
    assert mention(reply, 1, n).outcome == outcome


@pytest.mark.parametrize("n, outcome", [("9,550", "computed"), ("9,530", "unsupported")])
def test_a_roughly_rounded_average_is_a_place_either_side(n, outcome):
    # (9,548 + 7,915 + 11,203) / 3 = 9,555.3: "roughly 9,550" rounds it down a little
    reply = f"Monday to Wednesday averaged roughly {n} (9,548, 7,915 and 11,203)."
    assert mention(reply, 1, n).outcome == outcome


def test_an_unhedged_figure_keeps_half_a_place():
    reply = "Monday to Wednesday averaged 9,550 (9,548, 7,915 and 11,203)."
    assert mention(reply, 1, "9,550").outcome == "unsupported"


# request 15: Tuesday 1 December; the user wrote "Plan my week: I want 75,000 steps total."
@pytest.mark.parametrize("n, outcome", [("75,000", "quoted"), ("76,000", "unsupported")])
def test_the_total_the_user_asked_for_is_theirs(n, outcome):
    reply = f'You said you want "{n} steps total" this week.'
    assert mention(reply, 15, n).outcome == outcome


# request 21: Wednesday 2 December; last week (23-29 Nov) goal met on 3 of 7 days
@pytest.mark.parametrize("n, outcome", [("3", "quoted"), ("4", "unsupported")])
def test_a_small_count_in_all_is_no_step_total(n, outcome):
    reply = f"That's 1 goal day so far, against {n} in all of last week."
    assert mention(reply, 21, n).outcome == outcome


def test_a_step_total_in_all_is_still_a_total():
    assert mention("Last week came to 69,329 steps in all.", 21, "69,329").outcome == "computed"
    assert mention("Last week came to 75,000 steps in all.", 21, "75,000").outcome \
        == "unsupported"


# request 19: Tuesday 1 December, 7,645 so far; the user asked about 12k a day in December
@pytest.mark.parametrize("reply, outcome", [
    ("What I'd suggest instead: 10,000 every day until the race, then 11,000 from Dec 14, "
     "and try 12,000 for the last week of the month.", "advice"),
    # last week lived is still a report: "you did 11,000 last week" is a claim
    ("What I'd suggest instead: 10,000 every day, since you did 11,000 on Sunday last week.",
     "unsupported"),
])
def test_the_last_week_of_a_month_is_its_final_week_not_last_week(reply, outcome):
    assert mention(reply, 19, "11,000").outcome == outcome


# request 18: November closed with the goal met on 13 of 30 days (43.3%)
@pytest.mark.parametrize("first, again, outcome", [
    ("43%", "43%", "computed"),      # true, then restated bare
    ("47%", "47%", "unsupported"),   # a wrong share stays wrong when restated
    ("43%", "40%", "unsupported"),   # a round figure is not taken as the one before
])
def test_an_unround_percentage_restated_is_the_one_worked_out_before(first, again, outcome):
    reply = f"November: goal met on 13 of 30 days, which is {first}.\n\nThe November line " \
        f"doesn't support \"most days\": {again} is a bit more than 4 days in 10."
    assert [m for m in check(reply, request(18)) if m.text == again][-1].outcome == outcome


# request 21: this week averages 11,274 over Monday and Tuesday
@pytest.mark.parametrize("n, outcome", [("11,300", "computed"), ("12,300", "unsupported")])
def test_holding_the_average_is_the_average(n, outcome):
    reply = f"To hold the average where it is, today needs to land around {n}."
    assert mention(reply, 21, n).outcome == outcome


# request 10: Monday 30 November evening
@pytest.mark.parametrize("reply, outcome", [
    ("An easy day after a big one is no bad thing; one or two lighter days a week is normal.",
     "advice"),
    # the same words about the user's own week report it
    ("You had two lighter days last week, which is normal.", "unsupported"),
])
def test_what_is_normal_is_general_knowledge(reply, outcome):
    assert mention(reply, 10, "two").outcome == outcome


# request 13: Tuesday 1 December; the app records steps only, never heart rate or effort
@pytest.mark.parametrize("reply, n, outcome", [
    ("Walk the first one at an easy effort, no harder than zone 2, since the race is 12 days "
     "out.", "2", "advice"),
    ("Yesterday, your run was in zone 3.", "3", "unsupported"),
])
def test_an_effort_zone_in_a_plan_is_advice(reply, n, outcome):
    assert mention(reply, 13, n).outcome == outcome


# request 8: Monday 30 November; the streak is not 7 days
@pytest.mark.parametrize("reply, outcome", [
    ("With the 10k two weeks out, I wouldn't chase 7 goal days in a row right now.", "advice"),
    ("You have met the goal 7 days in a row.", "unsupported"),
    ("I wouldn't say you met the goal 7 days in a row.", "unsupported"),
])
def test_a_run_of_goal_days_to_chase_is_advice(reply, outcome):
    assert mention(reply, 8, "7").outcome == outcome


# request 8: November so far (1-29 Nov) 275,589 steps, 13 goal days; last week (23-29 Nov)
# 69,329, 9,904 a day: the 22 days before it averaged (275,589 - 69,329) / 22 = 9,375.5
@pytest.mark.parametrize("avg, gap, outcome", [
    ("9,400", "530", "computed"),
    ("9,800", "900", "unsupported"),
])
def test_the_rest_of_a_period_without_a_stretch_at_its_end(avg, gap, outcome):
    reply = f"Those earlier 22 days averaged roughly {avg} a day, while last week averaged " \
        f"9,904, about {gap} higher."
    assert mention(reply, 8, avg).outcome == outcome
    assert mention(reply, 8, gap).outcome == outcome


# request 8: November so far has 13 goal days; closing today's gap makes 14
@pytest.mark.parametrize("n, outcome", [("14", "computed"), ("15", "unsupported")])
def test_closing_a_month_at_a_count_is_its_goal_days_with_today(n, outcome):
    reply = f"For tonight, the 1,786 is about a 20-minute walk. Worth it to close November at {n}."
    assert mention(reply, 8, n).outcome == outcome


# request 23: the review of week 48 (Mon 23 to Sun 29 November)
@pytest.mark.parametrize("n, outcome", [("47", "computed"), ("45", "unsupported")])
def test_a_week_named_by_its_number_beside_the_one_reviewed(n, outcome):
    reply = f"This was a better week than the one before: up from 8,111 a day in week {n}."
    assert mention(reply, 23, n).outcome == outcome



# request 10: Mon 23 Nov 9,231, Tue 24 Nov 8,963, Sat 28 Nov 9,717
@pytest.mark.parametrize("low, high, outcome", [
    ("8,963", "9,717", "quoted"),
    ("9,231", "9,800", "unsupported"),  # neither is the lowest or the highest of the three
])
def test_the_ends_of_a_range_over_days_listed(low, high, outcome):
    reply = f"Thursday's 7,651 was the low point; Monday, Tuesday and Saturday all sat between " \
        f"{low} and {high}, close but just short."
    assert mention(reply, 10, low).outcome == outcome
    assert mention(reply, 10, high).outcome == outcome


# request 5: an earlier reply said "Yesterday you got 9,237 steps, well over the 10,000 goal."
@pytest.mark.parametrize("reply, outcome", [
    ("Let me put some things right from earlier this morning. I told you yesterday was 9,237 "
     "steps; your records actually show Sunday, Nov 29 at 11,470 steps.", "quoted"),
    ("As I told you, yesterday was 9,237 steps, well over the goal.", "unsupported"),
])
def test_a_number_taken_back_once_the_records_actually_show_another(reply, outcome):
    assert mention(reply, 5, "9,237").outcome == outcome


# request 22: an earlier reply said the best day was 24,318
@pytest.mark.parametrize("reply, outcome", [
    ("Your records show neither. The same goes for the 24,318 \"best day\" I quoted: the best "
     "I can see is 13,311.", "quoted"),
    ("The same goes for your best day: 24,318, as I said.", "unsupported"),
])
def test_the_same_goes_for_a_number_quoted_before(reply, outcome):
    assert mention(reply, 22, "24,318").outcome == outcome


# request 21: last week 69,329; this week so far (Mon-Tue) 22,548
@pytest.mark.parametrize("need, daily, outcome", [
    ("46,781", "9,360", "computed"),
    ("48,781", "9,760", "unsupported"),
])
def test_what_the_week_so_far_needs_to_reach_last_weeks_total(need, daily, outcome):
    reply = f"To finish this week above last week's total you'd need more than {need} over the " \
        f"5 days left, about {daily} a day."
    assert mention(reply, 21, need).outcome == outcome
    assert mention(reply, 21, daily).outcome == outcome


# request 8: November so far has 13 goal days
@pytest.mark.parametrize("n, outcome", [("14", "computed"), ("15", "unsupported")])
def test_beating_a_month_by_name_takes_one_goal_day_more(n, outcome):
    reply = f"For December, beating November means {n} goal days or more."
    assert mention(reply, 8, n).outcome == outcome


# request 1: week 47; misses within 900 of the goal: Mon 9,548, Thu 9,137, Sun 9,257
@pytest.mark.parametrize("n, outcome", [("three", "computed"), ("two", "unsupported")])
def test_days_that_missed_by_under_a_bound_are_counted(n, outcome):
    reply = f"Friday and Saturday managed only 9,715; {n} other days missed by under 900 steps."
    assert mention(reply, 1, n).outcome == outcome


# request 21: Wednesday 2 December; Monday and Tuesday came to 22,548
@pytest.mark.parametrize("n, outcome", [("75,048", "advice"), ("76,048", "unsupported")])
def test_a_plan_written_in_a_sentence_adds_up_to_its_total(n, outcome):
    # 22,548 + 2 x 10,000 + 10,500 + 12,000 + 10,000 = 75,048
    reply = "You have 22,548 banked since Monday. If you hit 10,000 today and Thursday, 10,500 " \
        f"Friday, 12,000 Saturday and 10,000 Sunday, the week ends at {n}."
    assert mention(reply, 21, n).outcome == outcome


# request 15: the user asked for 75,000 this week
@pytest.mark.parametrize("n, outcome", [("67,000", "advice"), ("56,000", "unsupported")])
def test_a_plan_line_for_a_run_of_days_with_an_aside(n, outcome):
    reply = "Here's how I'd shape it:\n\n- **Tuesday (today) to Friday:** 11,000 each.\n" \
        "- **Saturday:** 13,000.\n- **Sunday:** 10,000, an easy day.\n\n" \
        f"That adds up to {n}, which leaves you a small cushion."
    assert mention(reply, 15, n).outcome == outcome


# request 21: Mon 30 Nov 9,237, Tue 1 Dec 13,311
@pytest.mark.parametrize("n, outcome", [("9,237", "quoted"), ("9,500", "unsupported")])
def test_a_count_before_its_weekday_is_that_days_not_the_average(n, outcome):
    reply = f"This week is only 2 days old, and its average is a {n} Monday and a 13,311 Tuesday."
    assert mention(reply, 21, n).outcome == outcome


# request 1: Fri 20 Nov 5,699 and Sat 21 Nov 4,016: 4,301 + 5,984 = 10,285 short together
@pytest.mark.parametrize("n, outcome", [("10,300", "computed"), ("11,300", "unsupported")])
def test_two_misses_short_of_the_goal_between_them(n, outcome):
    reply = f"Those two days under 6,000 left you roughly {n} short of the goal between them."
    assert mention(reply, 1, n).outcome == outcome


# request 22: the longest streak of the last 365 days is 18 days
@pytest.mark.parametrize("n, outcome", [("18", "quoted"), ("19", "unsupported")])
def test_a_run_at_your_best_is_the_longest_streak(n, outcome):
    reply = f"You've strung together 15 days in a row before, and {n} at your best this year."
    assert mention(reply, 22, n).outcome == outcome


# request 13: Tuesday 1 December, 310 so far
@pytest.mark.parametrize("reply, outcome", [
    ("With meetings in the mornings, your best shot is a lunchtime loop of 30 to 40 minutes.",
     "advice"),
    ("With meetings in the mornings, your best walk was a lunchtime loop of 30 to 40 minutes.",
     "unsupported"),
])
def test_your_best_shot_suggests_rather_than_reports(reply, outcome):
    assert mention(reply, 13, "30 to 40").outcome == outcome


# request 10: last week (23-29 Nov) met the goal on 3 of 7 days
@pytest.mark.parametrize("n, outcome", [("3", "computed"), ("4", "unsupported")])
def test_the_goal_only_fell_on_days_that_met_it(n, outcome):
    reply = f"The week ran ahead of your norm even though the goal only fell on {n} of the 7 days."
    assert mention(reply, 10, n).outcome == outcome
