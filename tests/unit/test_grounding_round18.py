"""Round-18 classes of the checker, each in phrasings of our own (not copied from the
labelled replies): a number that must keep its outcome beside one that must change. Written
for the classes the twenty-fourth labeller's calendar-voice replies showed."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding.scan import scan
from tests.unit.test_grounding_round7 import outcome, real


@pytest.mark.parametrize("text, minutes", [
    ("by twenty to one", (40, 760)),
    ("at ten to six", (350, 1070)),
    ("around quarter to eight", (465, 1185)),
    ("at five till nine", (535, 1255)),
])
def test_a_clock_time_to_the_hour_is_the_minutes_before_it(text, minutes):
    assert [(a.kind, a.minutes) for a in scan(text)] == [("time", minutes)]


@pytest.mark.parametrize("reply, number, expected", [
    # request_06: "Now: Monday 2026-11-30, 12:40"
    ("It's twenty to one and you're on 4,906.", "twenty to one", "quoted"),
    ("By twenty to two you had 4,906.", "twenty to two", "unsupported"),
])
def test_a_clock_time_to_the_hour_is_checked_against_the_request_time(reply, number,
                                                                      expected):
    assert outcome(reply, number, real("request_06.json")) == expected


@pytest.mark.parametrize("text, share", [
    ("two days in five", (0.4, 0.4)),
    ("one in every three", (1 / 3, 1 / 3)),
    ("three quarters", (0.75, 0.75)),
    ("two thirds", (2 / 3, 2 / 3)),
    ("one day in every two and a bit", (0.4, 0.5)),
])
def test_a_share_in_words_is_one_fraction(text, share):
    from coach_tui.coach.grounding.shares import share_range

    atoms = scan(f"you walked {text} of them")
    assert [a.kind for a in atoms] == ["fraction"]
    assert share_range(text) == pytest.approx(share)


@pytest.mark.parametrize("text", ["two in five weeks", "one in three thousand", "two in a row"])
def test_counts_around_in_that_are_no_share_stay_counts(text):
    assert all(a.kind != "fraction" for a in scan(text))


@pytest.mark.parametrize("reply, number, expected", [
    # request_18: November goal met on 13 of 30 days (43.3%); today 7,645 of a 10,000 goal
    ("You cleared the goal on roughly two days in five in November.", "two days in five",
     "computed"),
    ("November was a touch over two in five for goal days.", "two in five", "computed"),
    ("November was just under two in five for goal days.", "two in five", "unsupported"),
    ("You met it about one day in three in November.", "one day in three", "unsupported"),
    ("You're about three quarters of the way to the goal today.", "three quarters",
     "computed"),
    ("You're nearly three quarters of the way to the goal today.", "three quarters",
     "unsupported"),
    ("You're two thirds of the way to the goal today.", "two thirds", "unsupported"),
])
def test_a_share_in_words_is_worked_out_on_its_side(reply, number, expected):
    assert outcome(reply, number, real("request_18.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_04: now Monday 2026-11-30; the journal's 10k is on Dec 13 (a Sunday)
    ("Let's look again on Wednesday the 2nd, once two days are in.", "Wednesday the 2nd",
     "advice"),
    ("- Wed 9th: a rest day before the longer walks.", "Wed 9th", "advice"),
    ("Your 10k falls on Sunday the 13th.", "Sunday the 13th", "quoted"),
    ("Your 10k falls on Saturday the 12th.", "Saturday the 12th", "unsupported"),
])
def test_a_weekday_and_day_of_month_ahead_is_a_plan_unless_near_a_stated_day(
        reply, number, expected):
    assert outcome(reply, number, real("request_04.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_16: November (= the last 30 days) 284,826 steps, goal met on 13
    ("That is 284,826 steps over all 30 days.", "284,826", "quoted"),
    ("That is 284,826 steps over all the 30 days.", "284,826", "quoted"),
    ("That is 294,826 steps over all 30 days.", "294,826", "unsupported"),
    ("Throughout the 30 days you hit the goal 13 times.", "30", "quoted"),
    ("Across all 30 days you reached the goal on 13.", "30", "quoted"),
    ("Across all 28 days you reached the goal on 13.", "28", "unsupported"),
])
def test_over_all_the_days_is_the_period_a_total_covers(reply, number, expected):
    assert outcome(reply, number, real("request_16.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_17: now Tuesday 2026-12-01; the user asked about Nov 19 (no day line for it)
    ("You asked about Nov 19, which was twelve days ago.", "twelve", "computed"),
    ("Nov 19 is 12 days back now, so ask for that day.", "12", "computed"),
    ("Nov 19 was ten days ago.", "ten", "unsupported"),
])
def test_days_since_a_date_with_no_line_are_counted_from_that_date(reply, number, expected):
    assert outcome(reply, number, real("request_17.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_15: now Tuesday 2026-12-01; the 10k is on Dec 13, twelve days ahead (1.7 weeks)
    ("The 10k is nearly two weeks away now.", "two", "computed"),
    ("The 10k is about two weeks away now.", "two", "computed"),
    ("The 10k is just over two weeks away now.", "two", "unsupported"),
    ("The 10k is just under two weeks away now.", "two", "computed"),
])
def test_weeks_to_a_date_are_on_the_side_the_words_say(reply, number, expected):
    assert outcome(reply, number, real("request_15.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_05: best of the last 30 days 12,993 on Sat Nov 7; Sun Nov 29 11,470 (1,523 less)
    ("Your best, 12,993 on Nov 7, sits 1,523 above Sunday the 29th.", "1,523", "computed"),
    ("Your best, 12,993 on Nov 7, was about 1,500 more than Sunday the 29th.", "1,500",
     "computed"),
    ("Your best, 12,993 on Nov 7, was 1,523 fewer than Sunday the 29th.", "1,523",
     "unsupported"),
    ("Sunday the 29th was 1,523 more than your best of 12,993 on Nov 7.", "1,523",
     "unsupported"),
    ("Sunday the 29th fell 1,523 short of your best of 12,993 on Nov 7.", "1,523", "computed"),
])
def test_a_gap_to_a_record_day_has_on_top_the_day_the_words_put_there(reply, number,
                                                                      expected):
    assert outcome(reply, number, real("request_05.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_21: now Wednesday 2026-12-02; Tue Dec 1 13,311, Tue Nov 24 8,963
    ("The Tuesday before last came in at 8,963.", "8,963", "quoted"),
    ("The Tuesday before last came in at 13,311.", "13,311", "unsupported"),
    ("Tuesday just gone came in at 13,311.", "13,311", "quoted"),
])
def test_a_weekday_before_last_is_a_week_before_the_latest(reply, number, expected):
    assert outcome(reply, number, real("request_21.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_10: Mon Nov 23 9,231 and Sat Nov 28 9,717 missed the goal narrowly
    ("Three made the goal, and two more fell just short: the 23rd at 9,231 and the 28th at "
     "9,717.", "two", "quoted"),
    ("Three made the goal and two others ran close: Monday the 23rd (9,231) and Saturday the "
     "28th (9,717).", "two", "quoted"),
    ("Three made the goal, and three more fell just short: the 23rd at 9,231 and the 28th at "
     "9,717.", "three", "unsupported"),
])
def test_a_count_of_the_days_a_colon_lists_is_their_number(reply, number, expected):
    assert outcome(reply, number, real("request_10.json")) == expected


def test_a_streak_before_a_colon_is_not_a_count_of_the_days_listed():
    # request_05: the streak is 1 day (Sat Nov 28 missed)
    reply = "You're on a 2-day run: Saturday and Sunday both beat 10,000."
    assert outcome(reply, "2", real("request_05.json")) == "unsupported"


@pytest.mark.parametrize("reply, number, expected", [
    # request_23: Fri Nov 27 and Sun Nov 29 met the goal, Sat Nov 28 did not
    ("From the 27th to the 29th you logged two goals.", "two", "computed"),
    ("From the 27th to the 29th you logged three goals.", "three", "unsupported"),
    ("The 27th through the 29th held two goal days, averaging just under 10,500.", "two",
     "computed"),
    ("The 27th through the 29th held three goal days.", "three", "unsupported"),
])
def test_goal_days_in_a_span_of_dates_are_counted_within_it(reply, number, expected):
    assert outcome(reply, number, real("request_23.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_21: last week met the goal 3 times in 7 days; this week so far 1 of 2 days
    ("The goal fell three times in seven days last week.", "seven", "quoted"),
    ("So far this week it's one from two.", "two", "quoted"),
])
def test_the_days_a_count_is_out_of_are_the_period_size(reply, number, expected):
    assert outcome(reply, number, real("request_21.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_23: Wed Nov 25 12,028, Thu Nov 26 7,651: a fall of 4,377
    ("Wednesday the 25th hit 12,028 and Thursday the 26th 7,651, a fall of nearly four and a "
     "half thousand.", "four and a half thousand", "computed"),
    ("Wednesday the 25th hit 12,028 and Thursday the 26th 7,651, a fall of roughly four and a "
     "half thousand.", "four and a half thousand", "computed"),
    ("Wednesday the 25th hit 12,028 and Thursday the 26th 7,651, a fall of just over four and "
     "a half thousand.", "four and a half thousand", "unsupported"),
    ("Wednesday the 25th hit 12,028 and Thursday the 26th 7,651, a fall of about three and a "
     "half thousand.", "three and a half thousand", "unsupported"),
])
def test_a_half_thousand_in_words_is_written_to_the_half_thousand(reply, number, expected):
    assert outcome(reply, number, real("request_23.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_24: Mon Nov 30 9,237 of a 10,000 goal, 7.6% under
    ("Monday the 30th ended on 9,237, within eight percent of the goal.", "eight percent",
     "computed"),
    ("Monday the 30th ended on 9,237, within 10% of your goal.", "10%", "computed"),
    ("Monday the 30th ended on 9,237, within 5% of the goal.", "5%", "unsupported"),
])
def test_within_a_percentage_is_a_bound_on_the_gap_in_percent(reply, number, expected):
    assert outcome(reply, number, real("request_24.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_15: the user wants 75,000 steps this week; now Tuesday 2026-12-01
    ("For the week of the 30th, 75,000 means about 10,700 a day.", "75,000", "quoted"),
    ("For the week of the 30th, 95,000 means about 13,600 a day.", "95,000", "unsupported"),
])
def test_the_week_of_a_date_names_a_week_not_that_day(reply, number, expected):
    assert outcome(reply, number, real("request_15.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_19: the user asks about 12k a day; 7-day average 9,905
    ("Going to 10,500 for a fortnight would be gentler.", "10,500", "advice"),
    ("Five goal days would make it a stronger week than the last.", "Five", "advice"),
    ("Your average came to 10,500 last week, which would be higher than usual.", "10,500",
     "unsupported"),
])
def test_a_course_weighed_with_would_be_is_advice(reply, number, expected):
    assert outcome(reply, number, real("request_19.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_14: now Tuesday 2026-12-01, no line for Sat Nov 21; 30 days: 13 met (43.3%)
    ("Saturday the 21st was your low point; it came in at less than half of your goal.",
     "half", "unsupported"),
    ("Over the last 30 days you met the goal on less than half of them.", "half", "computed"),
])
def test_a_share_of_your_goal_is_worked_out_on_the_goal(reply, number, expected):
    assert outcome(reply, number, real("request_14.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_18: today 7,645 of a 10,000 goal; November 13 of 30 goal days (43.3%)
    ("Today is about three quarters of the way to your goal.", "three quarters", "computed"),
    ("November was a little over two in five of the goal.", "two in five", "unsupported"),
])
def test_a_share_in_words_of_the_goal_needs_the_goal_as_its_whole(reply, number, expected):
    assert outcome(reply, number, real("request_18.json")) == expected


def _outcomes(reply: str, request: dict) -> dict[str, str]:
    from coach_tui.coach.grounding import check

    return {m.text: m.outcome for m in check(reply, request)}


@pytest.mark.parametrize("reply", [
    "The soreness began on the 19th, and you logged 12,028 steps on the 19th.",
    "You walked 12,028 on the 19th, the day it started.",
])
def test_another_days_count_on_a_day_the_user_named_is_the_wrong_part(reply):
    # request_12: the user says "sore since the 19th"; no value for Nov 19; 12,028 is Nov 25's
    got = _outcomes(reply, real("request_12.json"))
    assert got["12,028"] == "unsupported"
    assert got["19th"] == "quoted"


def test_a_count_on_a_date_with_another_value_keeps_the_date_as_the_wrong_part():
    # request_11: October's best 13,759 was on Oct 17; Nov 7 is the 30-day best (12,993)
    got = _outcomes("October's best was 13,759 on the 7th.", real("request_11.json"))
    assert got == {"13,759": "quoted", "7th": "unsupported"}


@pytest.mark.parametrize("reply, number, expected", [
    # request_01: the seven days Mon Nov 16 to Sun Nov 22
    ("The opening three weekdays were the steadiest part.", "three", "quoted"),
    ("The closing two days were the quietest.", "two", "quoted"),
    ("The opening six weekdays were the steadiest part.", "six", "unsupported"),
    ("The first nine days were the steadiest part.", "nine", "unsupported"),
])
def test_a_stretch_at_an_end_of_the_days_is_sized_by_them(reply, number, expected):
    assert outcome(reply, number, real("request_01.json")) == expected


def test_a_stretch_at_an_end_that_a_number_is_claimed_for_is_not_cleared_by_its_size():
    # request_01: Mon Nov 16 to Wed Nov 18 averaged 9,555, not 10,400
    from coach_tui.coach.grounding import check

    found = check("The opening three days averaged 10,400.", real("request_01.json"))
    assert [m.outcome for m in found if m.text == "10,400"] == ["unsupported"]
    assert not any("at an end" in (m.source or "") for m in found)


@pytest.mark.parametrize("reply, number, expected", [
    # request_21: now Wednesday 2026-12-02; Mon Nov 30 9,237, Tue Dec 1 13,311
    ("The day before yesterday came in at 9,237.", "9,237", "quoted"),
    ("The day before yesterday came in at 13,311.", "13,311", "unsupported"),
])
def test_the_day_before_yesterday_is_a_day_before_it(reply, number, expected):
    assert outcome(reply, number, real("request_21.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_10: days Mon Nov 23 to Sun Nov 29; only Wed Nov 25 (12,028) topped 12,000
    ("Last week you topped 12,000 on one day.", "one", "computed"),
    ("Last week you passed 11,000 on one day.", "one", "unsupported"),  # Wed and Sun did
])
def test_one_after_a_mark_reached_on_is_a_count_of_days(reply, number, expected):
    assert outcome(reply, number, real("request_10.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_05: now Monday 2026-11-30; the longest streak ended 2026-09-06 (85 days back)
    ("That run ended on the 6th of September, getting on for three months ago.", "three",
     "computed"),
    ("That run ended on the 6th of September, roughly three months back.", "three",
     "computed"),
    ("That run ended on the 6th of September, just over three months ago.", "three",
     "unsupported"),
    ("That run ended on the 6th of September, two months ago.", "two", "unsupported"),
])
def test_months_back_to_a_stated_date_are_counted_on_the_side_the_words_say(
        reply, number, expected):
    assert outcome(reply, number, real("request_05.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_12: now Monday 2026-11-30; the user named the 19th (eleven days back); the
    # 30-day best is on Nov 7 (23 days back, about three weeks)
    ("The 19th was about three weeks ago.", "three", "unsupported"),
    ("The 19th was a week and a half back, eleven days ago.", "eleven", "computed"),
])
def test_time_back_to_a_date_named_beside_it_counts_from_that_date(reply, number, expected):
    assert outcome(reply, number, real("request_12.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_21: Tue Dec 1 13,311; last week averaged 9,904 (+34%); this week 11,274 (+18%)
    ("Tuesday the 1st reached 13,311, roughly a third more than last week's 9,904 average.",
     "third", "computed"),
    ("Tuesday the 1st reached 13,311, roughly a fifth more than last week's 9,904 average.",
     "fifth", "unsupported"),
    ("Tuesday the 1st reached 13,311, about a fifth more than this week's 11,274 average.",
     "fifth", "computed"),
    ("Tuesday the 1st reached 13,311, about a third more than your goal.", "third",
     "computed"),
    ("Tuesday the 1st reached 13,311, about a third more than Sunday's 11,470.", "third",
     "unsupported"),
])
def test_a_fraction_more_than_a_written_base_is_worked_out_on_that_base(reply, number,
                                                                         expected):
    assert outcome(reply, number, real("request_21.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_21: the last six days (Nov 26 to Dec 1) met the goal on three
    ("The goal fell on three days out of the last six.", "six", "quoted"),
    ("The goal fell on three days out of the last twenty.", "twenty", "unsupported"),
    ("You walked most in the first two weeks.", "two", "unsupported"),  # weeks: no stretch
])
def test_the_last_n_after_out_of_is_a_window_of_the_days_stated(reply, number, expected):
    assert outcome(reply, number, real("request_21.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_21: Thu Nov 26 7,651; Tue Nov 24 8,963
    ("Your low was the twenty-sixth, at 7,651.", "7,651", "quoted"),
    ("Your low was the twenty-sixth, at 8,963.", "8,963", "unsupported"),
    ("Your low was the twenty-sixth.", "twenty-sixth", "quoted"),
])
def test_a_day_of_the_month_in_words_is_a_date(reply, number, expected):
    assert outcome(reply, number, real("request_21.json")) == expected


@pytest.mark.parametrize("text", ["the third day in a row", "the fifth-best day",
                                  "the third of them", "the fourth lowest day"])
def test_an_ordinal_word_that_ranks_is_no_date(text):
    from coach_tui.coach.grounding.dates import as_written

    atoms = [as_written(text, a) for a in scan(text)]
    assert all(a.kind != "date" for a in atoms)


@pytest.mark.parametrize("reply, number, expected", [
    # request_21: Mon Nov 30 9,237; last week averaged 9,904 a day
    ("Monday closed getting on for 9,300.", "9,300", "quoted"),
    ("Monday closed getting on for 9,200.", "9,200", "unsupported"),
    ("Monday closed north of 9,000.", "9,000", "quoted"),
    ("Monday closed north of 9,300.", "9,300", "unsupported"),
    ("Last week averaged the best part of ten thousand a day.", "ten thousand", "computed"),
    ("Last week averaged the best part of eight thousand a day.", "eight thousand",
     "unsupported"),
])
def test_hedges_of_the_calendar_voice_put_the_value_on_their_side(reply, number, expected):
    assert outcome(reply, number, real("request_21.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_18: November goal met on 13 of 30 days (43.3%)
    ("In November you met the goal on just over 43% of days.", "43%", "computed"),
    ("In November you met the goal on just under 43% of days.", "43%", "unsupported"),
])
def test_a_hedged_percentage_is_on_the_side_its_words_say(reply, number, expected):
    assert outcome(reply, number, real("request_18.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_21: this week 11,274 a day against last week's 9,904 (+13.8%)
    ("This week's 11,274 a day runs roughly a seventh more than last week's 9,904.",
     "seventh", "computed"),
    ("This week's 11,274 a day runs roughly a tenth more than last week's 9,904.", "tenth",
     "unsupported"),
])
def test_smaller_fraction_words_are_shares_to_their_own_precision(reply, number, expected):
    assert outcome(reply, number, real("request_21.json")) == expected


def test_an_ordinal_word_before_day_is_a_place_not_a_share():
    from coach_tui.coach.grounding import candidates

    reply = "That made Tuesday a seventh day in a row."
    (atom,) = [a for a in scan(reply) if a.kind == "ordinal"]
    assert candidates.fraction(reply, atom, real_evidence("request_21.json"), None) is None


def real_evidence(name: str):
    from coach_tui.coach.grounding import evidence_of

    return evidence_of(real(name))


@pytest.mark.parametrize("reply, number, expected", [
    # request_21: last week (Nov 23 to 29) met the goal on 3 days and missed it on 4
    ("Last week the goal was met on all but four days.", "four", "computed"),
    ("Last week the goal was met on all but three days.", "three", "unsupported"),
    ("Last week you missed the goal every day but three.", "three", "computed"),
])
def test_all_but_n_days_counts_the_days_that_went_the_other_way(reply, number, expected):
    assert outcome(reply, number, real("request_21.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_21: now Wednesday 2026-12-02; Wed Nov 25 12,028, Tue Nov 24 8,963
    ("A week ago today you logged 12,028.", "12,028", "quoted"),
    ("A week ago today you logged 13,311.", "13,311", "unsupported"),
    ("A week ago yesterday you logged 8,963.", "8,963", "quoted"),
])
def test_a_week_ago_moves_the_day_word_back_a_week(reply, number, expected):
    assert outcome(reply, number, real("request_21.json")) == expected


@pytest.mark.parametrize("text, value, step", [
    ("nine and a quarter thousand", 9250, 250),
    ("nine-and-a-half thousand", 9500, 500),
    ("thirteen and a quarter thousand", 13250, 250),
])
def test_a_quarter_or_half_thousand_in_words_is_one_number(text, value, step):
    (atom,) = scan(text)
    assert (atom.value, atom.unit_step) == (value, step)


@pytest.mark.parametrize("reply, number, expected", [
    # request_21: Tue Dec 1 13,311
    ("Tuesday finished on about thirteen and a quarter thousand.",
     "thirteen and a quarter thousand", "quoted"),
    ("Tuesday finished on about fourteen and a quarter thousand.",
     "fourteen and a quarter thousand", "unsupported"),
])
def test_a_quarter_thousand_in_words_is_checked_to_the_quarter(reply, number, expected):
    assert outcome(reply, number, real("request_21.json")) == expected


def test_a_stretch_at_an_end_the_goal_is_claimed_for_is_not_cleared_by_its_size():
    # request_21: of the last four days (Nov 28 to Dec 1) only Nov 29 and Dec 1 met the goal
    assert outcome("You have met the goal on the last four days.", "four",
                   real("request_21.json")) == "unsupported"


@pytest.mark.parametrize("text, values", [
    ("nine thousand, two hundred and thirty-seven", [9237]),
    ("nine thousand, two days later", [9000, 2]),
])
def test_a_comma_inside_a_number_in_words_joins_only_a_hundreds_part(text, values):
    assert [a.value for a in scan(text)] == values
