"""Round 37's rules, from the tuning writers' replies (rcv, an upbeat coach of bullet lists;
rcw, a gentle coach writing in prose and number words; rcx, a club coach who shows its working
in brackets: read case by case after each was scored blind; the held-out writers only in
aggregate). Written in phrasings of our own; a claim about the user's data in the same frame
stays checked."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check
from tests.unit.test_grounding_round31 import mention, request


def outcomes(reply: str, n: int, number: str) -> list[str]:
    """The outcome of every mention of `number` in `reply`, in order."""
    return [m.outcome for m in check(reply, request(n)) if m.text == number]


# request 19: the user asks about raising the goal to 12,000
@pytest.mark.parametrize("reply, number, outcome", [
    ("If you hit 10,500 on 5 days out of 7 for two straight weeks, move up again.", "5",
     "advice"),
    ("If you hit 10,500 on 5 days out of 7 for two straight weeks, move up again.", "two",
     "advice"),
    ("Once you manage 11,000 on 4 days a week, try 12k.", "4", "advice"),
    # what was done is no supposition
    ("Last week you hit 10,000 on 5 days out of 7.", "5", "unsupported"),
    ("If you hit 10,500 yesterday on 5 days out of 7, great.", "5", "unsupported"),
])
def test_a_supposition_runs_past_a_number_with_a_thousands_comma(reply, number, outcome):
    assert mention(reply, 19, number).outcome == outcome


# request 15: 75,000 wanted for the week, Monday 30 Nov walked 9,237; today Tuesday 1 Dec
def test_a_working_in_brackets_restates_the_days_left():
    reply = ("Monday already gave you 9,237, so for the calendar week you still need 65,763 "
             "over Tue–Sun (75,000 − 9,237), 10,961 a day across the 6 days left (65,763 ÷ 6).")
    assert outcomes(reply, 15, "6") == ["computed", "computed"]


def test_a_bracketed_working_that_does_not_hold_restates_nothing():
    reply = "You need 65,763 more, 10,961 a day across the 6 days left (65,763 ÷ 5)."
    assert outcomes(reply, 15, "5") == ["unsupported"]


# request 10: last week, best Wed 25 Nov 12,028, lowest Thu 26 Nov 7,651
def test_a_term_of_the_working_after_a_gap_is_no_gap():
    reply = ("Best 12,028 on Wednesday the 25th, lowest 7,651 on Thursday the 26th, a 4,377 "
             "swing on back-to-back days (12,028 − 7,651).")
    assert outcomes(reply, 10, "12,028") == ["computed", "quoted"]
    assert mention(reply, 10, "4,377").outcome == "computed"


def test_a_swing_that_is_wrong_stays_warned():
    reply = "Best 12,028 on Wednesday, lowest 7,651 on Thursday: a swing of 4,777."
    assert mention(reply, 10, "4,777").outcome == "unsupported"


# request 21: today Wed 2 Dec; this week so far 22,548; last week 69,329; Tue 1 Dec 13,311
@pytest.mark.parametrize("reply, number, outcome", [
    ("Plan: 10,000 a day Wed–Sun finishes the week at 72,548, 3,219 ahead of last week.",
     "72,548", "advice"),
    ("Plan: 10,000 a day Wed–Sun finishes the week at 72,548, 3,219 ahead of last week.",
     "3,219", "advice"),
    # a plan's label over what was done
    ("Plan: last week ended at 72,548, so aim higher.", "72,548", "unsupported"),
    ("Yesterday's wonderful 13,311 pulls the average up.", "13,311", "quoted"),
    ("Yesterday's big 13,311 lifts this week's average.", "13,311", "quoted"),
    # another day's value, praised
    ("Monday's wonderful 13,311 pulls the average up.", "13,311", "unsupported"),
])
def test_a_plans_projection_and_a_praised_days_count(reply, number, outcome):
    assert mention(reply, 21, number).outcome == outcome


# request 18: Tue 1 Dec, 7,645 so far, December just begun
def test_days_supposed_and_their_working_are_the_plans():
    reply = "For the month, 16 of 31 days puts you over half (16 ÷ 31 = 52%)."
    got = [(m.text, m.outcome) for m in check(reply, request(18)) if m.text != "half"]
    assert got == [("16", "advice"), ("31", "advice"), ("16", "advice"), ("31", "advice"),
                   ("52%", "advice")]


def test_a_supposed_share_worked_out_wrong_stays_warned():
    reply = "For the month, 16 of 31 days puts you over half (16 ÷ 31 = 58%)."
    assert mention(reply, 18, "58%").outcome == "unsupported"


# request 22: the streak is 1 day through Tue 1 Dec (Mon 30 Nov missed)
@pytest.mark.parametrize("reply, outcome", [
    ("Your streak is 2 days going into today, so the job is simple.", "unsupported"),
    ("Your streak is 1 day going into today.", "quoted"),
])
def test_a_streak_going_into_today_is_the_streak_as_it_stands(reply, outcome):
    assert check(reply, request(22))[0].outcome == outcome


# request 11 (November against October), request 15 (a busy Tuesday of meetings)
@pytest.mark.parametrize("reply, n, number, outcome", [
    ("A real shift in habit rather than a lucky week or two.", 11, "two", "advice"),
    ("A twenty-minute walk before nine and a forty-minute loop after five should get you "
     "somewhere near nine thousand.", 15, "nine thousand", "advice"),
    ("Yesterday a twenty-minute walk should get you somewhere near nine thousand.", 15,
     "nine thousand", "unsupported"),
])
def test_an_idiom_and_what_a_suggested_walk_comes_to(reply, n, number, outcome):
    assert mention(reply, n, number).outcome == outcome


def test_a_week_or_two_ago_is_still_read():
    assert mention("A good week or two weeks ago?", 11, "two").kind != "ignored"


# request 11: October averaged 8,020 a day, November so far 9,503; request 13: 310 so far today
@pytest.mark.parametrize("reply, n, number, outcome", [
    ("Your daily average went from 8,020 to 9,503, up 1,483 a day (9,503 − 8,020), which is "
     "16% (1,483 ÷ 9,503).", 11, "16%", "unsupported"),
    ("Your daily average went from 8,020 to 9,503, up 1,483 a day (9,503 − 8,020), which is "
     "18% (1,483 ÷ 8,020).", 11, "18%", "computed"),
    # a gap's share of the whole it is cut from is a share
    ("Today you're at 310, so 9,690 to go (10,000 − 310), 97% of the day's work still ahead.",
     13, "97%", "computed"),
])
def test_a_rise_over_the_later_value_is_the_wrong_base(reply, n, number, outcome):
    assert mention(reply, n, number).outcome == outcome


# request 23: last week, Mon 23 Nov 9,231, Tue 8,963, Wed 12,028 (met), Fri 27 Nov 10,269
# (met), Sat 9,717, Sun 29 Nov 11,470 (met)
@pytest.mark.parametrize("reply, outcome", [
    ("Your strongest run was Friday to Sunday, 31,456 steps over three days (10,269 + 9,717 + "
     "11,470), two of them goal days.", "computed"),
    # one goal day among those listed, though the sentence names two days
    ("The start was slow: Monday to Wednesday came to 30,222 steps over three days (9,231 + "
     "8,963 + 12,028), two of them goal days.", "unsupported"),
])
def test_goal_days_among_the_days_a_bracket_listed(reply, outcome):
    assert [m.outcome for m in check(reply, request(23)) if m.text == "two"] == [outcome]


# request 07: the streak is 1 day; request 18: 13 goal days in November, December just begun
@pytest.mark.parametrize("reply, n, number, outcome", [
    ("Finishing it tonight takes your streak from 1 day to 2.", 7, "2", "computed"),
    ("Finishing it tonight takes your streak from 1 day to 3.", 7, "3", "unsupported"),
    ("If you want a real target, aim for 60% in December. That's 19 goal days.", 18, "19",
     "advice"),
    # a count of days that restates no aim, and a gap after an aim: still checked
    ("You did 13 in November. That's 19 goal days.", 18, "19", "unsupported"),
    ("Aim for 10,000 today. That's 3,355 more than you have now.", 18, "3,355", "unsupported"),
])
def test_a_streak_taken_to_its_next_day_and_an_aim_restated_in_days(reply, n, number, outcome):
    assert mention(reply, n, number).outcome == outcome


# request 04: Mon 30 Nov, 812 so far; last week averaged 9,904
@pytest.mark.parametrize("reply, number, outcome", [
    ("A gentle aim for today: 9,000, as a flat walk after six, enough to stay in touch with "
     "last week's pace.", "9,000", "advice"),
    ("The aim: you walked 9,000 yesterday.", "9,000", "unsupported"),
])
def test_an_aim_as_a_label(reply, number, outcome):
    assert mention(reply, 4, number).outcome == outcome


# request 21: this week 11,274 a day against last week's 9,904 (up 13.8%)
@pytest.mark.parametrize("first, again, outcome", [("14%", "that 14%", "computed"),
                                                    ("19%", "that 19%", "unsupported")])
def test_a_number_pointed_back_at_is_what_it_was(first, again, outcome):
    reply = (f"Your daily average is up about {first}: 11,274 a day against 9,904 last week, "
             f"a rise of 1,370 a day.\n\nMonday's 9,237 and Tuesday's 13,311 made it, so Tuesday "
             f"carries a lot of {again}.")
    assert [m.outcome for m in check(reply, request(21)) if m.text == first][-1] == outcome


# request 07: Tuesday 1 Dec, meetings 9 to 5 tomorrow
PLAN = ("For tomorrow I'd suggest:\n\n- **Morning:** 15 minutes around the block at 8:30.\n"
        "- **Evening:** a steady 40 minutes at about 5:30 on a flat route.\n\n")


@pytest.mark.parametrize("after, outcome", [
    ("That's roughly 7,000 to 8,000 steps from the walks alone.", "advice"),
    ("That's 7,000 to 8,000 more than you did yesterday.", "unsupported"),
])
def test_what_a_plans_list_comes_to(after, outcome):
    got = [m.outcome for m in check(PLAN + after, request(7)) if m.text == "7,000 to 8,000"]
    assert got == [outcome]


def test_a_report_list_is_no_plan():
    reply = ("Last week, for reference:\n- **Total:** 69,329 steps\n- **Average:** 9,904 a "
             "day\n\nThat's up about 5% on the week before.")
    assert mention(reply, 4, "5%").outcome == "unsupported"


# request 19 (raising the goal to 12,000; November averaged 9,494), request 04 (last week:
# Wed 25 Nov 12,028 best, Sun 29 Nov 11,470 second, Fri 27 Nov 10,269; goal met on 3 days)
WEEKS = ("The usual guidance is to build by roughly 10% a week. From your 9,494 that looks "
         "like:\n\n- **Week 1 (Dec 1–6):** about 10,400\n- **Week 2:** about 11,000\n"
         "- **Weeks 3 and 4:** about 11,500, then 12,000 if the knee stays quiet\n")


@pytest.mark.parametrize("number", ["10%", "1", "10,400", "11,000", "3", "4", "11,500"])
def test_a_plans_own_weeks_and_the_guidance_it_builds_by(number):
    assert mention(WEEKS, 19, number).outcome == "advice"


def test_a_months_weeks_that_report_are_no_plan():
    assert mention("- **Week 2:** 57,775 steps, a dip\n- **Week 3:** 69,329 steps", 4,
                   "57,775").outcome == "unsupported"


@pytest.mark.parametrize("reply, number, outcome", [
    ("- **Best:** Wed 25/11 at 12,028; second-best Sun 29/11 at 11,470", "second", "computed"),
    ("- **Best:** Wed 25/11 at 12,028; second-best Fri 27/11 at 10,269", "second",
     "unsupported"),
    ("To beat last week, this week needs 4 goal days, or an average above 9,904.", "4",
     "computed"),
    ("To match last week you need about 9,900 a day; to beat its goal count you need 4 days "
     "at 10,000 or more.", "4", "computed"),
    ("To beat last week, this week needs 5 goal days.", "5", "unsupported"),
])
def test_a_place_in_its_part_of_a_list_and_the_goal_days_that_beat_a_week(reply, number,
                                                                         outcome):
    assert mention(reply, 4, number).outcome == outcome


# request 21: this week's average up 13.8% on last week's
def test_the_number_pointed_back_at_with_the():
    reply = ("Your daily average is up about 14%: 11,274 a day against 9,904 last week.\n\n"
             "Monday's 9,237 and Tuesday's 13,311 made it, so the 14% rests on Tuesday alone.")
    assert [m.outcome for m in check(reply, request(21)) if m.text == "14%"] == ["computed"] * 2


# request 18: goal met on 13 of November's 30 days; request 13: 310 so far today
@pytest.mark.parametrize("reply, n, number, outcome", [
    ("Worth noting: 17 of November's days fell short.", 18, "17", "computed"),
    ("Worth noting: 15 of November's days fell short.", 18, "15", "unsupported"),
    ("Today you're on 310, which leaves 9,690 to go. A lunch block and an after-six block of "
     "about 4,850 each would cover it.", 13, "4,850", "advice"),
    ("Today you're on 310, which leaves 9,690 to go. Two blocks of about 5,850 each would "
     "cover it.", 13, "5,850", "unsupported"),
])
def test_a_months_days_that_fell_short_and_a_plans_even_split(reply, n, number, outcome):
    assert mention(reply, n, number).outcome == outcome


# request 13: Tue 1 Dec, the city 10k on Sun 13 Dec; request 19: raising the goal to 12,000
@pytest.mark.parametrize("reply, n, number, outcome", [
    ("Countdown check: 12 days to the city 10k with Ana.", 13, "12", "computed"),
    ("Countdown check: 14 days to the city 10k with Ana.", 13, "14", "unsupported"),
    ("Go big, but in steps.\n- **Weeks 1–2:** 10,500 a day.\n- **Weeks 3–4:** 11,000–11,500.",
     19, "11,000–11,500", "advice"),
])
def test_days_to_an_event_and_a_plans_phases(reply, n, number, outcome):
    assert mention(reply, n, number).outcome == outcome


# request 14: Tue 1 Dec, Monday 30 Nov walked 9,237
TABLE = ("For the rest of this week:\n\n| Day | Lunch | After six | Day target |\n"
         "|---|---|---|---|\n| Mon 30 Nov | 9,237 (done) | - | - |\n"
         "| Wed 2 Dec | 3,500 | 4,500 | 10,000 |\n| Thu 3 Dec | 4,000 | 4,000 | 10,000 |\n")


@pytest.mark.parametrize("number, outcome", [("3,500", "advice"), ("4,500", "advice")])
def test_a_table_rows_day_ahead_is_a_plans(number, outcome):
    assert mention(TABLE, 14, number).outcome == outcome


def test_a_past_days_row_in_the_table_still_reports():
    reply = TABLE.replace("| Mon 30 Nov | 9,237 (done) | - | - |",
                          "| Mon 30 Nov | 9,337 | - | - |")
    assert mention(reply, 14, "9,337").outcome == "unsupported"


# request 14 (Monday 30 Nov 9,237 banked), request 21 (this week so far 22,548)
@pytest.mark.parametrize("reply, n, number, outcome", [
    ("With Monday's 9,237 already banked, four 10,000 days would put you at 49,237 by Friday "
     "night.", 14, "49,237", "advice"),
    # a projection over days still to go, not days of a given size: still checked
    ("At that pace, with Monday and Tuesday already at 22,548 and 6 days still to go, you'd "
     "finish the week near 90,600.", 21, "90,600", "unsupported"),
])
def test_days_of_a_planned_size_and_what_they_would_come_to(reply, n, number, outcome):
    assert mention(reply, n, number).outcome == outcome


# Numbers as much of Europe writes them (read from `rdj`, a tuning writer in the voice of the
# held-out `rdi`, which scored 0.05 blind and was not read). Request 21: Tue 1 Dec 13,311; last
# week 69,329, 9,904 a day; this week 11,274 a day. Request 13: Mon 30 Nov 9,237.
@pytest.mark.parametrize("reply, n, number, outcome", [
    ("On Tuesday, 1 December, you walked 13 311 steps.", 21, "13 311", "quoted"),
    ("Last week you had 69 329 steps, an average of 9 904 per day.", 21, "9 904", "quoted"),
    ("This week, Monday and Tuesday, 11 274 per day.", 21, "11 274", "computed"),
    ("On the 30.11. you had 9 237 steps.", 13, "30.11.", "quoted"),
    ("On the 30.11. you had 9 237 steps.", 13, "9 237", "quoted"),
    # a wrong value written the same way, a day given another's: still warned
    ("On the 30.11. you had 9 337 steps.", 13, "9 337", "unsupported"),
])
def test_thousands_with_a_space_and_dates_with_dots(reply, n, number, outcome):
    assert mention(reply, n, number).outcome == outcome


@pytest.mark.parametrize("reply", ["It rose by 9.5. Then it fell.",
                                   "In 2026 120 days were logged."])
def test_a_decimal_ending_a_sentence_and_a_year_before_a_count_are_no_such_numbers(reply):
    texts = [m.text for m in check(reply, request(21))]
    assert "9.5." not in texts and "2026 120" not in texts



# request 21: Mon 30 Nov 9,237, Tue 1 Dec 13,311
@pytest.mark.parametrize("reply, outcome", [("On the 30.11. you had 9 237 steps.", "quoted"),
                                            ("On the 30.11. you had 13 311 steps.",
                                             "unsupported")])
def test_a_dotted_dates_closing_dot_ends_no_sentence(reply, outcome):
    assert [m.outcome for m in check(reply, request(21))][-1] == outcome
