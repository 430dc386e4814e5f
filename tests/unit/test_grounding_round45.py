"""Round 45's rules (the twenty-second session), each read from a tuning writer's reply (rft,
rfu, rfv, rfw: written by helpers from the records and the contract alone, scored blind and
then read) and kept with no dev outcome made worse. Each rule has a true and a false phrasing:
a rule that made both pass would only have silenced the warning."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check
from coach_tui.coach.grounding.scan import scan
from tests.unit.test_grounding_round31 import mention, request

# request 21: Wednesday 2 December; this week Mon 30 Nov 9,237, Tue 1 Dec 13,311; last week
# (23-29 Nov) 69,329 steps, 9,904 a day; Mon 23 Nov 9,231, Tue 24 Nov 8,963


@pytest.mark.parametrize("n, outcome", [("1,370", "computed"), ("1,380", "unsupported")])
def test_a_gap_to_the_ten_of_two_figures_in_the_bullets_above(n, outcome):
    reply = "**This week**\n- 22,548 steps over 2 days, averaging 11,274.\n\n**Last week**\n" \
        "- 69,329 steps over 7 days, averaging 9,904.\n\n**Change**\n" \
        f"- Per day you're up {n} steps."
    assert mention(reply, 21, n).outcome == outcome


@pytest.mark.parametrize("n, outcome", [("24%", "computed"), ("30%", "unsupported")])
def test_a_change_restating_a_gap_is_over_the_base_the_gap_grew_from(n, outcome):
    # 4,354 ÷ 18,194 = 23.9% (the request's own changes give no 24% of these days)
    reply = "Last Monday and Tuesday together came to 18,194; this Monday and Tuesday came to " \
        f"22,548, which is 4,354 more, up roughly {n}."
    assert mention(reply, 21, n).outcome == outcome


def test_a_change_over_a_base_the_gap_did_not_grow_from_stays_warned():
    reply = "Last Monday and Tuesday together came to 18,194; this Monday and Tuesday came to " \
        "22,548, which is 4,354 less, down roughly 24%."
    assert mention(reply, 21, "24%").outcome == "unsupported"


# request 1: week 47 (16-22 Nov): Wed 18 Nov 11,203, Fri 20 Nov 5,699, Sat 21 Nov 4,016
@pytest.mark.parametrize("side, outcome", [("under", "computed"), ("over", "unsupported")])
def test_a_count_in_words_is_the_part_of_a_share_of_the_goal(side, outcome):
    reply = "The weak stretch was Friday into Saturday: about 5,700, then roughly four " \
        f"thousand, well {side} half the goal."
    assert mention(reply, 1, "half").outcome == outcome


# request 4: Monday 30 November, 08:10; last week (23-29 Nov) best Wed 25 Nov 12,028, Thu 26
# Nov 7,651, the others between 8,963 and 11,470
def test_two_numbers_in_words_joined_by_and_stay_two():
    text = "the other five days sat between roughly nine thousand and eleven and a half thousand"
    assert [a.number for a in scan(text)] == [5, 9000, 11500]
    assert [a.number for a in scan("nine thousand and eleven steps")] == [9011]


@pytest.mark.parametrize("n, outcome", [("five", "computed"), ("six", "unsupported")])
def test_the_other_days_are_the_period_less_the_days_named(n, outcome):
    reply = "Last week (Nov 23–29) gave you 69,329 steps. The best was Wednesday the 25th at " \
        f"12,028; the quietest was Thursday at 7,651. Those set the range; the other {n} days " \
        "sat between roughly nine thousand and eleven and a half thousand."
    assert mention(reply, 4, n).outcome == outcome


@pytest.mark.parametrize("n, outcome", [("13", "computed"), ("15", "unsupported")])
def test_days_from_today_to_the_day_the_sentence_before_names(n, outcome):
    reply = "You told me you're running the city 10k with Ana on Dec 13. " \
        f"That's {n} days from today."
    assert mention(reply, 4, n).outcome == outcome


# request 8: Sunday 29 November's evening; goal met on 13 of 29 November days; today 8,214
@pytest.mark.parametrize("n, outcome", [("fourteenth", "computed"),
                                        ("fifteenth", "unsupported")])
def test_the_goal_day_another_walk_gets_you_is_the_next(n, outcome):
    reply = "Thirteen goal days so far this month. Today you're at 8,214 with the evening " \
        f"left; another 1,786 gets you a {n}."
    assert mention(reply, 8, n).outcome == outcome


# request 11: November 2026 so far 9,503 a day, October 8,020 (+18.5%)
@pytest.mark.parametrize("n, outcome", [("fifth", "computed"), ("third", "unsupported")])
def test_a_fraction_restating_the_percentage_beside_it(n, outcome):
    reply = "Your daily average rose from about 8,000 in October to about 9,500 in November, " \
        f"a lift of nearly a {n} (roughly 18%)."
    assert mention(reply, 11, n).outcome == outcome


def test_a_place_beside_a_percentage_is_no_fraction():
    reply = "Your daily average rose from about 8,000 in October to about 9,500 in November: " \
        "your fifth (18%) month of growth."
    assert mention(reply, 11, "fifth").outcome == "unsupported"


# request 15: Tuesday 1 December, 310 so far; the user wants 75,000 steps this week
@pytest.mark.parametrize("n, outcome", [("10,700", "computed"), ("11,700", "unsupported")])
def test_a_rate_from_today_is_no_level_of_today(n, outcome):
    reply = "75,000 over the seven days from today through next Monday works out to a bit " \
        f"over {n} a day."
    assert mention(reply, 15, n).outcome == outcome


_PLAN = ("Counting Monday's 9,237, you need 65,763 more over the six days from today.\n\n"
         "- **Tue (today):** 9,000.\n- **Wed to Fri:** 11,000 each.\n- **Sat:** 13,000.\n"
         "- **Sun:** 11,000.\n\n")


def test_what_a_plan_list_comes_to_is_the_plans():
    reply = _PLAN + "That's 66,000 across the six days, which with Monday puts you at 75,237."
    assert mention(reply, 15, "75,237").outcome == "advice"


def test_a_figure_after_a_list_of_records_is_a_claim():
    reply = "Where the week stands:\n\n- **Mon:** 9,237.\n- **Your target:** 75,000.\n\n" \
        "That's 9,237 banked, which puts you at 75,237 to go."
    assert mention(reply, 15, "75,237").outcome == "unsupported"
    assert [m.outcome for m in check(reply, request(15)) if m.text == "9,237"] == ["quoted"] * 2


# request 18: Tuesday 1 December, 18:20; best of the last 30 days 12,993 on Sat 7 Nov (no line
# for 19 Nov); 7-day average 9,905, 30-day average 9,494
@pytest.mark.parametrize("day, outcome", [("Nov 7", "quoted"), ("Nov 19", "unsupported")])
def test_a_day_as_a_label_binds_the_count_after_it(day, outcome):
    assert mention(f"- {day}: 12,993 steps", 18, "12,993").outcome == outcome


def test_a_label_with_more_counts_after_it_binds_none_by_itself():
    reply = "- Nov 19: 12,993 at best, 9,494 on average"
    assert mention(reply, 18, "12,993").outcome == "quoted"


# request 24: Monday 30 November's 9,237 (the day closed); 7-day average 9,905, 30-day 9,494
@pytest.mark.parametrize("n, outcome", [("257", "computed"), ("668", "unsupported")])
def test_a_gap_from_a_named_average_is_from_that_average(n, outcome):
    reply = f"Monday came in at 9,237: it sits {n} under your 30-day average, and close to the " \
        "9,905 you've averaged over the last seven days."
    assert mention(reply, 24, n).outcome == outcome


# request 20: Wednesday 2 December, 09:00, 2,214 so far
_DAY_PLAN = ("| Today | Walk | Running total |\n|---|---|---|\n| So far | – | 2,214 |\n"
             "| Lunch | 30-min flat loop, ~3,000 | 5,214 |\n"
             "| After six | 35 min, ~3,500 | 8,714 |\n"
             "| Evening | ~1,300 around the house | 10,014 |\n")


def test_a_table_of_the_days_parts_ahead_plans_them():
    outcomes = {m.text: m.outcome for m in check(_DAY_PLAN, request(20))}
    assert outcomes["8,714"] == outcomes["10,014"] == "advice"


def test_a_table_of_the_days_parts_with_no_walks_is_no_plan():
    reply = _DAY_PLAN.replace("| Today | Walk |", "| Today | Where |").replace(
        "| Lunch | 30-min flat loop, ~3,000 |", "| Lunch | office |")
    assert mention(reply, 20, "8,714").outcome == "unsupported"


# request 7: Monday 30 November; best day of the last 30 12,993; goal met on 14 of the last 30
@pytest.mark.parametrize("n, outcome", [("30", "quoted"), ("31", "unsupported")])
def test_those_same_days_are_the_window_just_named(n, outcome):
    reply = "I only have the last 30 days in front of me; the best there was 12,993 steps on " \
        f"Nov 7. Over those same {n} days you met the goal on 14."
    assert mention(reply, 7, n).outcome == outcome


def test_a_month_ending_its_sentence_is_no_date_with_the_number_after_it():
    atoms = scan("You didn't meet the goal on most days in November. 13 out of 30 is a bit under.")
    assert [(a.kind, a.number) for a in atoms] == [("count", 13), ("count", 30)]
    assert [a.kind for a in scan("On Nov. 13 and Sept. 13 you walked.")] == ["date", "date"]


# request 10: Monday 30 November, 21:30, 9,377 so far
@pytest.mark.parametrize("reply, outcome", [
    ("Only 623 from the goal. If you've got ten minutes left in you tonight, go get them.",
     "advice"),
    ("Only 623 from the goal. You've got ten days in a row behind you.", "unsupported"),
])
def test_a_supposition_of_what_you_have_got(reply, outcome):
    assert mention(reply, 10, "ten").outcome == outcome


# request 8: Sunday 29 November's evening, 8,214 so far; goal met on 13 of 29 November days
@pytest.mark.parametrize("n, outcome", [("fourteen", "computed"), ("fifteen", "unsupported")])
def test_making_today_the_next_goal_day(n, outcome):
    reply = "You hit the goal on 13 days so far. You're on 8,214, 1,786 to go to make today " \
        f"day {n}."
    assert mention(reply, 8, n).outcome == outcome


# request 21: this week Mon 30 Nov 9,237 and Tue 1 Dec 13,311 (11,274 a day); last week 9,904
# a day, 69,329 in all
@pytest.mark.parametrize("n, outcome", [("1,370", "computed"), ("1,470", "unsupported")])
def test_an_equation_the_reply_writes_is_what_its_result_claims(n, outcome):
    # (1,470 is also Sunday's 11,470 over the goal: another operation, not this one)
    reply = f"11,274 − 9,904 = {n} more a day, and {n} ÷ 9,904 is your lead in percent."
    assert [m.outcome for m in check(reply, request(21)) if m.text == n] == [outcome] * 2


def test_a_drop_in_words_between_two_figures_of_its_sentence():
    reply = "This week's 22,548 covers only 2 days, while last week's 69,329 covers all 7, so " \
        "the totals would make it look like a drop of about {}."
    assert mention(reply.format("two-thirds"), 21, "two-thirds").outcome == "computed"
    assert mention(reply.format("three-quarters"), 21, "three-quarters").outcome == "unsupported"


# request 18: Tuesday 1 December; the last 30 days are November's (goal met on 13)
@pytest.mark.parametrize("month, outcome", [("November", "quoted"), ("October", "unsupported")])
def test_a_relative_month_given_its_name_is_that_month(month, outcome):
    assert mention(f"Last month, {month}, you met it on 13 days.", 18, "13").outcome == outcome


# request 22: Wednesday 2 December, 09:00, 2,214 so far; Mon 30 Nov 9,237, Tue 1 Dec 13,311
_WEEK_TABLE = ("| Day | This week | Last week |\n|---|---|---|\n| Mon | 9,237 | 9,231 |\n"
               "| Tue | 13,311 | 8,963 |\n| Wed | 2,214 so far | 12,028 |\n\n")


@pytest.mark.parametrize("n, outcome", [("24,762", "computed"), ("24,862", "unsupported")])
def test_a_total_after_a_table_is_a_column_added_up(n, outcome):
    reply = _WEEK_TABLE + f"Running total: {n} so far against 30,222 at the same point."
    assert mention(reply, 22, n).outcome == outcome


# request 23: the review of week 48 (23-29 Nov): Mon 9,231, Tue 8,963, Wed 12,028
@pytest.mark.parametrize("n, outcome", [("9,231", "quoted"), ("9,321", "unsupported")])
def test_a_running_total_names_no_stated_total(n, outcome):
    reply = f"Day by day the running total went {n} on Monday and 18,194 after Tuesday."
    assert mention(reply, 23, n).outcome == outcome


# request 11: November so far averaged 9,503 a day, October 8,020
@pytest.mark.parametrize("n, outcome", [("9,503", "quoted"), ("8,020", "unsupported")])
def test_a_part_of_a_month_dates_an_event_not_the_paragraphs_figures(n, outcome):
    reply = "November was the stronger month. Early October also had the flu week, so part of " \
        f"the jump is you being well again. Now a {n} average means many days land just under " \
        "10,000."
    assert mention(reply, 11, n).outcome == outcome


# request 13: Monday 30 November's 9,237 was 763 short
@pytest.mark.parametrize("reply, outcome", [
    ("For today, the 763 you were short yesterday is about a 10-minute walk.", "advice"),
    ("For today, the 763 you were short yesterday came after 10 days of meetings.",
     "unsupported"),
])
def test_steps_said_as_about_a_walk_of_minutes(reply, outcome):
    assert mention(reply, 13, "10").outcome == outcome


# request 8: Sunday 29 November; goal met on 13 of 29 November days, 3 of them on 23-29 Nov
@pytest.mark.parametrize("x, rest, outcome", [("3", "10", "computed"), ("4", "9", "unsupported")])
def test_goal_days_of_a_week_and_the_rest_of_them(x, rest, outcome):
    reply = f"You hit your goal on 13 of the 29 days of November so far: {x} of those 13 came " \
        f"in the week of Nov 23, which means the other {rest} were spread over the days before it."
    assert mention(reply, 8, x).outcome == outcome
    assert mention(reply, 8, rest).outcome == outcome


# request 10: Monday 30 November; last week's days 23-29 Nov listed (lowest Thu 26 Nov 7,651)
@pytest.mark.parametrize("line, n, outcome", [
    ("- **Weakest day:** Thursday the 26th, 7,651", "7,651", "quoted"),
    ("- **Weakest day:** Tuesday the 24th, 8,963", "8,963", "unsupported"),
    ("- **Best day:** Wednesday the 25th, 12,028", "12,028", "quoted"),
    ("- **Best day:** Sunday the 29th, 11,470", "11,470", "unsupported"),
])
def test_a_labelled_record_day_is_the_blocks_record(line, n, outcome):
    reply = "Last week (Nov 23 to 29) came to 69,329 steps.\n\n" + line
    assert mention(reply, 10, n).outcome == outcome


# request 10: Monday 30 November; last week (23-29 Nov) came to 69,329
@pytest.mark.parametrize("n, outcome", [("671", "computed"), ("672", "unsupported")])
def test_a_sum_of_whole_days_carries_no_rounding(n, outcome):
    reply = f"The week came to 69,329 steps, {n} short of a full goal week of 70,000."
    assert mention(reply, 10, n).outcome == outcome


# request 20: Wednesday 2 December; Mon 30 Nov 9,237 + Tue 1 Dec 13,311 = 22,548; goal 10,000
@pytest.mark.parametrize("week, outcome", [("70,000", "computed"), ("75,000", "unsupported")])
def test_a_week_of_goal_days_and_what_it_needs(week, outcome):
    reply = f"Monday and Tuesday have banked 22,548 steps; for a {week}-step week you need " \
        "47,452 over the 5 days left."
    assert mention(reply, 20, week).outcome == outcome
    assert mention(reply, 20, "47,452").outcome == outcome


# request 19: the user asks about a 12,000 goal; 7-day average 9,905, 30-day average 9,494
@pytest.mark.parametrize("n, outcome", [("2,506", "computed"), ("2,095", "unsupported")])
def test_a_daily_gap_from_a_named_average(n, outcome):
    reply = "Your 30-day average is 9,494 and your 7-day average is 9,905. So 12,000 is " \
        f"{n} steps a day above your 30-day average of 9,494."
    assert mention(reply, 19, n).outcome == outcome


# request 8: Sunday 29 November's evening, 8,214 so far; 13 goal days of 29 in November
@pytest.mark.parametrize("n, outcome", [("14", "computed"), ("15", "unsupported")])
def test_a_month_and_its_goal_day_count(n, outcome):
    reply = "You've hit your goal on 13 of 29 days. Today you're at 8,214, so 1,786 more steps " \
        f"makes November {n} of 30."
    assert mention(reply, 8, n).outcome == outcome


# request 4: Monday 30 November; the journal of 2 Nov: the city 10k with Ana on Dec 13
@pytest.mark.parametrize("n, outcome", [("13", "computed"), ("12", "unsupported")])
def test_days_to_the_one_day_ahead_the_sentence_before_names(n, outcome):
    reply = "It fits what you wrote back on Nov 2: you're running the city 10k with Ana on " \
        f"Dec 13. That's {n} days from today, so a Sunday like that is a good base."
    assert mention(reply, 4, n).outcome == outcome


# request 20: Wednesday 2 December
@pytest.mark.parametrize("n, outcome", [("11", "computed"), ("12", "unsupported")])
def test_days_out_from_a_dated_event(n, outcome):
    reply = f"A Tuesday like that is a good sign {n} days out from the 10k with Ana on Dec 13."
    assert mention(reply, 20, n).outcome == outcome


# request 8: Sunday 29 November's evening (8,214 so far); 13 goal days of 29 in November
@pytest.mark.parametrize("n, outcome", [("14th", "computed"), ("15th", "unsupported")])
def test_a_goal_day_the_month_gets(n, outcome):
    reply = "You've met the goal on 13 days this month. Today you're at 8,214; another 1,786 " \
        f"steps and November gets a {n} goal day."
    assert mention(reply, 8, n).outcome == outcome


# request 10: Monday 30 November, 21:30, 9,377 so far (623 to go); request 4: 08:10, 812 so far
@pytest.mark.parametrize("reply, n, r, outcome", [
    ("You're at 9,377 tonight, no more than 700 short of today's goal.", "700", 10, "computed"),
    ("You're at 9,377 tonight, no more than 600 short of today's goal.", "600", 10,
     "unsupported"),
    ("Today you're at 812 so far, which leaves at least 9,000 to go.", "9,000", 4, "computed"),
    ("Today you're at 812 so far, which leaves at least 9,500 to go.", "9,500", 4, "unsupported"),
])
def test_no_more_than_and_at_least_are_bounds(reply, n, r, outcome):
    assert mention(reply, r, n).outcome == outcome


# request 10: last week averaged 9,904, 96 under the goal
@pytest.mark.parametrize("n, outcome", [("96", "computed"), ("86", "unsupported")])
def test_sat_as_a_verb_before_a_gap_is_no_saturday(n, outcome):
    assert mention(f"Last week's average sat {n} below 10,000.", 10, n).outcome == outcome
    assert [a.kind for a in scan("Sat 21 Nov was long; sat 96 is no day")] == ["date", "count"]


# request 20: Wednesday 2 December; Sun 29 Nov 11,470, Mon 9,237, Tue 13,311 (11,339 a day);
# 30-day average 9,571 (1,768 below)
@pytest.mark.parametrize("n", ["1,200", "1,768"])
def test_set_against_compares_it_does_not_suggest(n):
    reply = "Together that's 34,018 steps, 11,339 a day. Set against your 30-day average of " \
        f"9,571, these three days ran about {n} a day above your usual."
    assert mention(reply, 20, n).outcome != "advice"
