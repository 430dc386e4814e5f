"""Forms a wider range of writers use, one test per rule: a weekday with a bare day number
("Mon 23" in a table), a date after today as a deadline, a counted duration adjective."""

from __future__ import annotations

from tests.support import number_outcome
from tests.unit.test_grounding import SNAPSHOT, request

NO_EVENT = request(snapshot="\n".join(line for line in SNAPSHOT.splitlines()
                                      if "Dec 13" not in line))


def outcome(reply: str, number: str, req=NO_EVENT) -> str:
    return number_outcome(reply, number, req)


def test_a_weekday_with_a_bare_day_number_is_a_date():
    table = "| Day | Steps |\n|---|---|\n| Thu 19 | 11,283 |\n| Sat 21 | 12,245 |"
    assert outcome(table, "Thu 19") == "quoted"
    assert outcome(table, "Sat 21") == "quoted"
    assert outcome("Sat 12,245 was your best.", "12,245") != "unsupported"  # not "Sat 12"


def test_a_date_after_today_is_a_deadline_unless_the_request_states_days_ahead():
    reply = "See a physio if it's not better by Dec 7."
    assert outcome(reply, "Dec 7") == "advice"
    assert outcome("The race is on Dec 12.", "Dec 12", request()) == "unsupported"


def test_a_counted_duration_adjective_is_a_plan():
    assert outcome("Three 20-minute blocks and you're there.", "20") == "advice"
    assert outcome("That's one extra 15-minute walk.", "15") == "advice"


def test_list_under_a_bold_heading_that_suggests_is_a_plan():
    reply = "**Tomorrow (meetings 9 to 5):**\n- 8:15 — walk before the first call\n" \
            "- 12:30 — 10 min around the block"
    assert outcome(reply, "12:30") == "advice"
    assert outcome(reply, "10") == "advice"


def test_a_first_person_recommendation_suggests():
    assert outcome("I'd start at 11,700 and see how the fortnight feels.", "11,700") == "advice"
    nested = "I'd shape it like this:\n\n- **Weekdays**\n  - 10,500 each\n- **Monday**\n" \
             "  - whatever's left, probably ~7,300"
    assert outcome(nested, "10,500") == "advice"
    assert outcome(nested, "7,300") == "advice"
    assert outcome("I'd say 10,500 is more than you did.", "10,500") == "unsupported"


def test_a_time_of_day_slot_sizes_a_plan():
    assert outcome("- after six: 30 minutes, flat route", "30") == "advice"
    assert outcome("You did 30 minutes after six.", "30") == "unsupported"


def test_days_that_missed_are_the_period_s_days_less_those_met():
    # last week: 7 of 7 days recorded, goal met on 3
    assert outcome("Last week 3 met the goal and 4 didn't.", "4") == "computed"
    assert outcome("Last week 3 met the goal and 5 didn't.", "5") == "unsupported"
    assert outcome("Last week you had 3 goal days and 4 misses.", "4") == "computed"


def test_one_period_s_length_against_another_s():
    req = request(context="\n".join([
        "Now: Monday 2026-11-30, 21:35. Today so far: 9,377 steps of a 10,000 goal.",
        "- October 2026 (2026-10-01 to 2026-10-31): 31 of 31 days recorded, 248,630 steps, "
        "average 8,020/day, goal met on 13, best 13,759 on 2026-10-17",
        "- November 2026 so far (2026-11-01 to 2026-11-29): 29 of 29 days recorded, 275,589 "
        "steps, average 9,503/day, goal met on 13, best 12,993 on 2026-11-07"]))
    reply = "November got there with two fewer days than October."
    assert outcome(reply, "two", req) == "computed"
    # "through the 29th" is the period's edge, not a day 275,589 belongs to
    assert outcome("275,589 steps through the 29th versus 248,630 for October.", "275,589",
                   req) == "quoted"


def test_an_n_day_record_is_the_longest_streak():
    assert outcome("You're 14 days off your previous 18-day record.", "18") == "quoted"
    assert outcome("You're 14 days off your previous 19-day record.", "19") == "unsupported"


def test_more_than_made_up_is_not_a_gap():
    assert outcome("Sunday was low, but Saturday's 12,245 more than made up for it.",
                   "12,245") == "quoted"


def test_a_step_count_after_week_is_not_a_week_number():
    # last week: average 9,143/day
    assert outcome("Week 47 was fine; last week 9,143 a day.", "9,143") == "quoted"
    assert outcome("Week 47 was fine; last week 9,143 a day.", "47") == "quoted"


def test_what_a_reading_leaves_is_a_claim_even_for_tonight():
    # today: 1,204 of 10,000, so 8,796 left
    assert outcome("You're at 1,204, which leaves 8,796 for tonight.", "8,796") == "computed"
    assert outcome("You're at 1,204, which leaves 9,796 for tonight.", "9,796") == "unsupported"


def test_a_table_column_headed_as_a_plan_is_advice():
    table = "| Day | Last week | Target |\n|---|---|---|\n| Sun | 9,300 | 11,500 |"
    assert outcome(table, "11,500") == "advice"
    assert outcome(table, "9,300") == "unsupported"  # Sunday was 9,100


def test_the_number_after_versus_is_the_other_side_of_the_comparison():
    # Thursday 11,283, Sunday 9,100
    reply = "Thursday beat it by 2,183 (11,283 vs 9,100)."
    assert outcome(reply, "9,100") == "quoted"
    assert outcome("Thursday beat it by 2,183 (11,283 vs 9,300).", "9,300") == "unsupported"


def test_a_period_the_request_does_not_state_still_means_its_days():
    # now Wed Nov 25: "this week" is Mon Nov 23 to now; the best of the 30 was Nov 8
    assert outcome("Your best day this week was 13,313.", "13,313") == "unsupported"
    assert outcome("Your best day this month was 13,313.", "13,313") == "quoted"
    assert outcome("Your best day in November was 13,313.", "13,313") == "quoted"


def test_the_mark_after_short_of_is_not_the_day_s_count():
    req = request("I'm aiming for 12k a day in December. Is that realistic?")
    reply = "Today you're at 1,204, which would still be 10,796 short of 12k."
    assert outcome(reply, "12k", req) == "quoted"
    assert outcome(reply, "10,796", req) == "computed"


def test_a_target_as_a_multiple_of_the_goal():
    req = request("I'm aiming for 12k a day in December. Is that realistic?")
    assert outcome("12k is 1.2 times your current goal.", "1.2", req) == "computed"
    assert outcome("12k is 1.7 times your current goal.", "1.7", req) == "unsupported"


def test_a_day_in_the_possessive_belongs_to_the_number_after_it():
    assert outcome("Sunday was down from Saturday's 12,245 to 9,100.", "9,100") == "quoted"
    assert outcome("Sunday was down from Saturday's 12,245 to 9,300.", "9,300") == "unsupported"


def test_a_question_that_puts_a_number_to_the_reader_is_not_a_claim():
    assert outcome("Would 11,500 feel doable on Saturday?", "11,500") == "advice"
    assert outcome("Did 9,300 on Sunday feel hard?", "9,300") == "unsupported"


def test_a_day_s_own_count_is_not_held_to_a_period_name_beside_it():
    # "this week" (Mon Nov 23 to now) does not take Saturday Nov 21's own count away
    assert outcome("Saturday's 12,245 was your highest this week.", "12,245") == "quoted"
