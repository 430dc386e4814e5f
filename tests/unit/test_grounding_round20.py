"""Round-20 classes of the checker, each in phrasings of our own (not copied from the
labelled replies): a number that must keep its outcome beside one that must change. Written
for the classes a coach that shows its working brought (a rule of thumb it converts with, an
equation written out, days named by their kind, a fact a suggestion points at)."""

from __future__ import annotations

import pytest

from tests.unit.test_grounding_round7 import outcome, real


@pytest.mark.parametrize("reply, number, expected", [
    # request_23: the week 48 review (no rate of walking anywhere)
    ("At about 115 steps a minute, a lunch walk adds up fast.", "115", "advice"),
    ("Figure on 1,100 steps per 10 minutes of brisk walking.", "1,100", "advice"),
    ("Figure on 1,100 steps per 10 minutes of brisk walking.", "10", "advice"),
    ("That's about 25 minutes at 1,100 steps per 10.", "1,100", "advice"),
    # what the user did at that rate is a claim
    ("You averaged 1,300 steps per 10 minutes on Wednesday's walk.", "1,300", "unsupported"),
    ("You walked 8,400 steps a day last week.", "8,400", "unsupported"),
])
def test_a_rule_of_thumb_the_reply_converts_with_is_advice(reply, number, expected):
    assert outcome(reply, number, real("request_23.json")) == expected


@pytest.mark.parametrize("req, reply, number, expected", [
    # request_11: October 13 goal days of 31, November 13 of 29
    ("request_11.json", "Goal days as a share: 13/31 = 42% in October, 13/29 = 45% now.",
     "42%", "computed"),
    ("request_11.json", "Goal days as a share: 13/31 = 46% in October, 13/29 = 45% now.",
     "46%", "unsupported"),
    # request_23: Mon 9,231, Tue 8,963, Wed 12,028; the week 69,329
    ("request_23.json", "Pair them: 9,231 + 8,963 = 18,194 for Monday and Tuesday.", "18,194",
     "computed"),
    # a wrong result of the user's numbers is a claim, even in a sentence that suggests
    ("request_23.json", "Pair them: 9,231 + 8,963 = 18,914 for Monday and Tuesday.", "18,914",
     "unsupported"),
    ("request_09.json", "Tuesday to Wednesday: 12,028 − 8,963 = 3,165 more on Wednesday.",
     "3,165", "unsupported"),
    ("request_23.json", "Monday and Tuesday: (9,231 + 8,963) ÷ 2 = 9,197 a day.", "9,197",
     "unsupported"),
    ("request_23.json", "The last four days came to 7,651 + 10,269 + 9,717 + 11,470 = 39,701.",
     "39,701", "unsupported"),
    # the missing term of a sum that holds (the user's 75,000 target, the goal)
    ("request_15.json", "Weekdays at 10,000: 10,000 + 10,000 + 55,000 = 75,000.", "55,000",
     "computed"),
    ("request_15.json", "Weekdays at 10,000: 10,000 + 10,000 + 45,000 = 75,000.", "45,000",
     "unsupported"),
])
def test_an_equation_written_out_is_redone(req, reply, number, expected):
    assert outcome(reply, number, real(req)) == expected


@pytest.mark.parametrize("req, reply, number, expected", [
    # request_18: goal days this month and last; request_23: week 48, goal met Wed, Fri, Sun
    ("request_18.json", "One 15-minute loop on three weekdays would add up.", "three", "advice"),
    ("request_18.json", "A short loop on four weekdays could cover it.", "four", "advice"),
    ("request_23.json", "You met the goal on four weekdays last week.", "four", "unsupported"),
])
def test_days_named_by_their_kind_are_days(req, reply, number, expected):
    assert outcome(reply, number, real(req)) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_23: week 48, best Wed 12,028, lowest Thu 7,651
    ("Next week, add a 15-minute walk the day after your lowest day.", "15", "advice"),
    ("Aim to beat your best day with a 40-minute hike on Saturday.", "40", "advice"),
    ("Your best day was a 95-minute hike.", "95", "unsupported"),
])
def test_a_fact_a_suggestion_points_at_is_no_report(reply, number, expected):
    assert outcome(reply, number, real("request_23.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_01: Fri 20 Nov 5,699, Sat 21 Nov 4,016 (a gap of 1,683, an average of 4,858)
    ("Friday and Saturday came to 5,699 and 4,016, about 4,900 a day across the pair.",
     "4,900", "computed"),
    # an amount a day is no gap between two days, however near its value
    ("Friday and Saturday came to 5,699 and 4,016, about 1,700 a day across the pair.",
     "1,700", "unsupported"),
    ("Saturday fell 1,683 short of Friday.", "1,683", "computed"),
])
def test_an_amount_a_day_is_no_gap_between_two_days(reply, number, expected):
    assert outcome(reply, number, real("request_01.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_01: Fri 20 Nov 5,699 above Sat 21 Nov 4,016 by 1,683
    ("Saturday was 1,683 below Friday.", "1,683", "computed"),
    ("Friday was 1,683 above Saturday.", "1,683", "computed"),
    ("Friday was 1,683 below Saturday.", "1,683", "unsupported"),
    ("Saturday was 1,683 above Friday.", "1,683", "unsupported"),
])
def test_below_and_above_a_day_say_which_side_is_larger(reply, number, expected):
    assert outcome(reply, number, real("request_01.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_15: the user wants 75,000 in a week (10,714 a day); the goal is 10,000. The
    # digits of 714 end "10,714": it is still worked out from it, not one it worked out
    ("That comes to 10,714 a day, 714 more than your daily goal.", "714", "computed"),
    ("That comes to 10,714 a day, 814 more than your daily goal.", "814", "unsupported"),
    ("The week you want works out at 10,714 a day, or 714 past the goal.", "714", "computed"),
    ("The week you want works out at 10,714 a day, or 614 past the goal.", "614",
     "unsupported"),
])
def test_a_number_whose_digits_end_an_operand_is_worked_out_from_it(reply, number, expected):
    assert outcome(reply, number, real("request_15.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_10: the last 7 days 69,329 steps against a 10,000 goal (70,000 for the week)
    ("Over the seven days the gap to goal adds up to 671 steps in total.", "671", "computed"),
    ("Over the seven days the gap to goal adds up to 771 steps in total.", "771",
     "unsupported"),
    ("Your shortfall for the week was 671 steps in total.", "671", "computed"),
])
def test_a_period_s_gap_to_its_goal_is_a_total(reply, number, expected):
    assert outcome(reply, number, real("request_10.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_23: Mon 9,231, Tue 8,963, Wed 12,028, Thu 7,651, Fri 10,269, Sun 11,470
    ("Your three goal days were 12,028, 10,269 and 11,470, which together make 33,767.",
     "33,767", "computed"),
    ("Your three goal days were 12,028, 10,269 and 11,470, which together make 33,967.",
     "33,967", "unsupported"),
    ("Monday 9,231, Tuesday 8,963 and Thursday 7,651 came to 25,845 combined.", "25,845",
     "computed"),
    ("Monday 9,231, Tuesday 8,963 and Thursday 7,651 came to 26,845 combined.", "26,845",
     "unsupported"),
])
def test_a_sum_of_the_days_listed_before_it_is_worked_out(reply, number, expected):
    assert outcome(reply, number, real("request_23.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_23: the week 48 review; no 2,500, 10,600 or 8,400 anywhere
    ("Add 2,500 on Saturday and you'll pass last week.", "2,500", "advice"),
    ("**This week:** average 10,800 a day and you'll pass it.", "10,800", "advice"),
    # a past tense, a word that is no verb, a possessive before it: a claim
    ("Managed 8,400 on Monday, and you'll top it today.", "8,400", "unsupported"),
    ("Only 8,400 on Monday, and you'll top it today.", "8,400", "unsupported"),
    ("Keep today's 2,400 growing and you'll stay ahead.", "2,400", "unsupported"),
])
def test_do_this_and_you_will_is_a_supposition(reply, number, expected):
    assert outcome(reply, number, real("request_23.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_13: yesterday (Mon 30 Nov) 9,237 steps, goal 10,000
    ("Monday ended on 9,237, short of the goal but an 8k+ day all the same.", "8k", "quoted"),
    ("Monday came to 9,237 steps. It was still a 9,000+ day.", "9,000", "quoted"),
    # a threshold the count beside it does not reach is warned, even when it is the goal
    ("Monday came to 9,237 steps. It was a 10k+ day.", "10k", "unsupported"),
    ("Monday came to 9,237 steps, a 9,500+ day.", "9,500", "unsupported"),
])
def test_a_round_mark_with_a_plus_is_a_threshold_the_count_beside_it_passes(reply, number,
                                                                           expected):
    assert outcome(reply, number, real("request_13.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_23: week 48, best Wed 25 Nov (12,028), lowest Thu 26 Nov (7,651); the 30-day
    # best 12,993 on Nov 7. A date written as a best or lowest day must be that day
    ("The strongest day was Friday the 27th, 12,028 steps.", "Friday the 27th", "unsupported"),
    ("Your best day was Friday the 27th, though Sunday ran it close.", "Friday the 27th",
     "unsupported"),
    ("| Lowest | Mon 23: 7,651 |", "Mon 23", "unsupported"),
    ("Your best day was Wednesday the 25th at 12,028.", "Wednesday the 25th", "quoted"),
    ("Your quietest day was Thursday the 26th.", "Thursday the 26th", "quoted"),
    ("Your peak of the last 30 was 12,993 on Nov 7.", "Nov 7", "quoted"),
    # a stretch of days is not one day's fact
    ("The weakest was Tuesday the 24th through Thursday the 26th.", "Tuesday the 24th",
     "quoted"),
])
def test_the_date_of_a_best_or_lowest_day_must_be_that_day(reply, number, expected):
    assert outcome(reply, number, real("request_23.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_23: Mon 9,231, Tue 8,963, Thu 7,651, Fri 10,269: counts listed after the days
    # they go with are paired in order, after a summary in brackets, or joined by "then"
    ("Monday and Tuesday both hovered near 9k (9,231 and 8,963).", "8,963", "quoted"),
    ("Monday and Tuesday both hovered near 9k (8,963 and 9,231).", "8,963", "unsupported"),
    ("Thursday and Friday went 7,651 then 10,269.", "7,651", "quoted"),
    ("Thursday and Friday went 7,651 then 10,269.", "10,269", "quoted"),
    ("Thursday and Friday went 10,269 then 7,651.", "7,651", "unsupported"),
])
def test_counts_listed_after_their_days_pair_in_order(reply, number, expected):
    assert outcome(reply, number, real("request_23.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_12: journal lines of Aug 19 (work from home, walks at lunch), Sep 6 (downhill
    # walks make the left knee sore), Oct 12 (the flu the week of Oct 5)
    ("You wrote on Aug 19 that downhill stretches upset the knee.", "Aug 19", "unsupported"),
    ("You wrote on Sep 6 that downhill stretches upset the knee.", "Sep 6", "quoted"),
    ("Your note from Oct 12 says you were easing back into walking.", "Oct 12", "quoted"),
    # the frame the line gives its own event: the week of the flu, not the day it was noted
    ("You were off sick the week of Oct 12.", "Oct 12", "unsupported"),
    ("You were off sick the week of Oct 5.", "Oct 5", "quoted"),
])
def test_a_journal_date_is_the_date_of_the_line_that_says_it(reply, number, expected):
    assert outcome(reply, number, real("request_12.json")) == expected


def test_a_note_cited_by_its_date_is_shown_as_its_source():
    from coach_tui.coach.grounding import check

    got = {m.text: m.source for m in check(
        "You wrote on Sep 6 that downhill stretches upset the knee.", real("request_12.json"))}
    assert got["Sep 6"].lstrip("- ").startswith("2026-09-06: Long downhill walks")


@pytest.mark.parametrize("reply, number, expected", [
    # request_05: today Mon 30 Nov; the city 10k with Ana on Dec 13 (a journal line)
    ("You'd have to keep going until Dec 14 to beat it.", "Dec 14", "advice"),
    ("Hold that pace through Dec 16 and the record is yours.", "Dec 16", "advice"),
    # a date near the event, in a sentence about the event: a wrong copy of its day
    ("Your race is on Dec 15.", "Dec 15", "unsupported"),
    ("The 10k with Ana is Dec 14.", "Dec 14", "unsupported"),
    ("The city 10k is on Dec 13.", "Dec 13", "quoted"),
])
def test_a_date_ahead_near_an_event_is_the_event_s_only_when_named(reply, number, expected):
    assert outcome(reply, number, real("request_05.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_15: the user wrote "I want 75,000 steps total"; a question the reply puts
    # restating it quotes it, whatever the words around it ask of it
    ("**What would 75,000 look like per day?** About 10,714.", "75,000", "quoted"),
    ("**What would 80,000 look like per day?** About 11,429.", "80,000", "unsupported"),
])
def test_a_question_restating_the_user_s_number_quotes_it(reply, number, expected):
    assert outcome(reply, number, real("request_15.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_21: last week goal met on 3 of 7; this week so far on 1 of 2. A share in
    # brackets after a count does not keep the period name after it from the count
    ("Goal days: 3 of 7 (43%) last week against 1 of 2 (50%) this week.", "1", "computed"),
    ("Goal days: 4 of 7 (57%) last week against 1 of 2 (50%) this week.", "4", "unsupported"),
])
def test_a_bracketed_aside_does_not_part_a_count_from_its_period(reply, number, expected):
    assert outcome(reply, number, real("request_21.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_20: streak 1 day through Dec 1; "to 2" after "the streak going" is its level,
    # not two o'clock
    ("A lunch walk keeps the streak going to 2.", "2", "computed"),
    ("A lunch walk keeps the streak going to 3.", "3", "unsupported"),
    ("Tonight's walk gets the streak to 2.", "2", "computed"),
])
def test_a_streak_going_to_a_number_is_its_level(reply, number, expected):
    assert outcome(reply, number, real("request_20.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_15: 7-day average 9,905; the user wants 75,000. "7-day average" names a
    # period; a mark later in the clause does not make 7 a count of days below it
    ("Your 7-day average of 9,905 sits below 75,000.", "7", "quoted"),
    ("Your 7-day average of 9,905 is a pace below 75,000.", "7", "quoted"),
])
def test_an_n_day_fact_name_is_no_count_of_days_past_a_mark(reply, number, expected):
    assert outcome(reply, number, real("request_15.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_23: week 48 best Wed 12,028, lowest Thu 7,651 (4,377 apart); Wed − Tue 3,065
    ("The gap between your best and lowest days was 4,377.", "4,377", "computed"),
    ("Best to lowest, a gap of about 4,400.", "4,400", "computed"),
    # another two days' gap is no spread between the best and the lowest
    ("From low to best that's a swing of 3,065 steps.", "3,065", "unsupported"),
    # the days' own counts inside the sentence are not the gap
    ("The swing between your best day, 12,028, and your weakest, 7,651, was 4,377.", "7,651",
     "quoted"),
])
def test_a_gap_between_the_best_and_the_lowest_day_is_theirs(reply, number, expected):
    assert outcome(reply, number, real("request_23.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_15: today Tue Dec 1; Wednesday to Sunday are the five days after it
    ("That leaves 65,453 across today and the remaining five days.", "five", "computed"),
    ("That leaves 65,453 across today and the remaining four days.", "four", "unsupported"),
    ("That leaves 65,453 over the remaining six days.", "six", "computed"),
])
def test_today_and_the_remaining_days_leave_today_out_of_them(reply, number, expected):
    assert outcome(reply, number, real("request_15.json")) == expected
