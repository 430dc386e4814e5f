"""Round 28's classes, chosen on writers' replies the checker had never read (each writer scored
by the checker as it stood before its replies were first read) and written in phrasings of our
own: a clock time or a length the app never records, outside a sentence saying what the user
did, is advice; a count in words beside no fact of the data ("Three quick wins") is advice; a
round amount no sentence reports ("Match Monday: 4,000 by 1 pm") is advice. Each stays a claim
where the words report the user's data, hedge a worked-out value or name a fact."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coach_tui.coach.grounding import check

REQUESTS = Path(__file__).resolve().parents[2] / "bench" / "data" / "grounding" / "requests"
# Wednesday 2 December: last week 69,329 (9,904 a day), this week Mon 9,237, Tue 13,311
WEEKS = json.loads((REQUESTS / "request_21.json").read_text(encoding="utf-8"))
# a review of the week of Mon 16 to Sun 22 November
LAST_WEEK = json.loads((REQUESTS / "request_01.json").read_text(encoding="utf-8"))
# Monday 30 November, 21:30: 9,377 so far today of a 10,000 goal
EVENING = json.loads((REQUESTS / "request_09.json").read_text(encoding="utf-8"))


def outcome(reply: str, req: dict, number: str) -> str:
    return next(m.outcome for m in check(reply, req) if m.text == number)


def source(reply: str, req: dict, number: str) -> str:
    return next(m.source or "" for m in check(reply, req) if m.text == number)


@pytest.mark.parametrize("reply, number", [
    ("Out the door by 5:15 and home by six.", "5:15"),
    ("Squeeze in a 35-minute loop before the school run.", "35"),
])
def test_a_time_or_length_the_app_never_records_is_advice_outside_a_report(reply, number):
    assert outcome(reply, WEEKS, number) == "advice"


@pytest.mark.parametrize("reply, number", [
    ("You were out at 6:15 this morning.", "6:15"),
    ("You said the loop takes 25 minutes.", "25"),
])
def test_a_time_or_length_said_of_what_the_user_did_stays_a_claim(reply, number):
    assert outcome(reply, WEEKS, number) == "unsupported"


@pytest.mark.parametrize("reply, number", [
    ("Two answers, one with a caveat.", "Two"),
    ("Three quick wins.", "Three"),
])
def test_a_count_in_words_beside_no_fact_is_advice(reply, number):
    assert outcome(reply, EVENING, number) == "advice"


@pytest.mark.parametrize("reply, number", [
    ("Your streak is at two.", "two"),          # a fact named
    ("You reached 10,000 twice.", "twice"),     # what the user did
])
def test_a_count_in_words_naming_a_fact_or_a_report_stays_checked(reply, number):
    assert outcome(reply, EVENING, number) == "unsupported"


@pytest.mark.parametrize("reply, number", [
    ("Bank 4,000 by 1 pm with a lunch loop.", "4,000"),
    ("A month of 5,000-step days would need a rethink.", "5,000"),
    ("Home by six with 8,000 on the counter.", "8,000"),
])
def test_a_round_amount_no_sentence_reports_is_advice(reply, number):
    assert outcome(reply, WEEKS, number) == "advice"


@pytest.mark.parametrize("reply, number", [
    ("Yesterday you did 11,500 steps.", "11,500"),                          # a report
    ("Last week averaged about 9,900, against roughly 9,000 the week before.", "9,000"),
    ("Tuesday beat Monday by about 3,500.", "3,500"),                       # hedged: worked out
])
def test_a_round_amount_reported_averaged_or_hedged_stays_a_claim(reply, number):
    assert outcome(reply, WEEKS, number) == "unsupported"


# rbd, read as tuning data: four more classes
def test_what_you_still_need_today_is_todays_gap_beside_another_days_count():
    reply = ("You're on a 1-day streak (Tue 1 Dec, 13,311), and today you're at 2,214, "
             "so you need 7,786.")
    assert outcome(reply, WEEKS, "7,786") == "computed"
    assert outcome("Tuesday you hit 13,311, so you need 7,786 more to match it.", WEEKS,
                   "7,786") == "unsupported"


def test_goal_days_from_matching_the_record_are_the_record_less_the_streak():
    assert outcome("The record is 18 days, so you're 17 goal days from matching it.", WEEKS,
                   "17") == "computed"
    assert outcome("The record is 18 days, so you're 16 goal days from matching it.", WEEKS,
                   "16") == "unsupported"


def test_that_n_day_stretch_counts_the_days_its_sentence_names():
    reply = ("Friday and Saturday together came in under 10k combined, and that two-day dip "
             "is what pulled the average down.")
    assert outcome(reply, LAST_WEEK, "two") == "quoted"
    assert outcome("Friday came in under 10k, and that three-day dip is what pulled the "
                   "average down.", LAST_WEEK, "three") == "unsupported"


def test_if_you_are_at_an_amount_by_a_time_is_supposed():
    assert outcome("If you're at 6,000 by dinner, you're on track.", WEEKS, "6,000") == "advice"


# rbc, read as tuning data
def test_a_day_told_sliding_into_the_next_week_is_a_report_not_a_plan():
    reply = "Even so, Sunday bounced back to 9,548, so you didn't let it slide into the next week."
    assert outcome(reply, LAST_WEEK, "9,548") == "unsupported"  # Sunday was 9,257
    assert outcome(reply.replace("9,548", "9,257"), LAST_WEEK, "9,257") == "quoted"


# rbg, read as tuning data
MONTHS = json.loads((REQUESTS / "request_11.json").read_text(encoding="utf-8"))  # Oct vs Nov


def test_a_change_cell_is_the_difference_of_its_rows_true_counts():
    table = ("| | October | November | Change |\n|---|---|---|---|\n"
             "| Days recorded | 31 | 29 | −2 |\n")
    assert source(table, MONTHS, "2") == "31 − 29 = 2"
    assert source(table.replace("−2", "−3"), MONTHS, "3") != "31 − 29 = 3"


def test_a_points_cell_is_the_difference_of_its_rows_percentages():
    table = ("| | October | November | Change |\n|---|---|---|---|\n"
             "| Hit rate | 41.9% | 44.8% | +2.9 points |\n")
    assert outcome(table, MONTHS, "2.9") == "computed"
    assert outcome(table.replace("+2.9", "+3.9"), MONTHS, "3.9") == "unsupported"


def test_a_count_of_the_values_its_sentence_lists():
    reply = "Your 3 shortfalls that week came to 769, 1,037 and 283."
    assert source(reply, WEEKS, "3") == "the 3 values its sentence lists"
    assert "lists" not in source(reply.replace("3 short", "4 short"), WEEKS, "4")


def test_the_span_a_plan_looks_ahead_over_is_advice():
    assert outcome("Spread it over the next 9 days.", WEEKS, "9") == "advice"
    assert outcome("The next 9 days were all over the goal.", WEEKS, "9") == "unsupported"


# rbf, read as tuning data
@pytest.mark.parametrize("req, reply, time", [
    ("request_08.json", "You're on 8,214 at seven minutes past seven.", "seven minutes past seven"),
    ("request_17.json", "You're on 7,645 at twenty-two minutes past six.",
     "twenty-two minutes past six"),
    ("request_09.json", "Tonight: it's half nine and you're on 9,377.", "half nine"),
])
def test_a_clock_time_in_spoken_words_is_checked_against_the_requests_now(req, reply, time):
    request = json.loads((REQUESTS / req).read_text(encoding="utf-8"))
    assert outcome(reply, request, time) == "quoted"
    wrong = reply.replace("seven minutes", "nine minutes").replace("twenty-two", "twelve") \
        .replace("half nine", "half eight")
    assert outcome(wrong, request, time.replace("seven minutes", "nine minutes")
                   .replace("twenty-two", "twelve").replace("half nine", "half eight")) \
        == "unsupported"


def test_half_before_a_number_word_of_thousands_is_no_clock_time():
    assert all(m.kind != "time" for m in check("Half nine thousand steps.", WEEKS))


def test_an_average_over_a_named_run_of_days_is_over_all_of_them():
    req = json.loads((REQUESTS / "request_10.json").read_text(encoding="utf-8"))
    # Thu 26 7,651, Fri 27 10,269, Sat 28 9,717, Sun 29 11,470: Thursday to Sunday is 9,777
    assert outcome("Thursday to Sunday averaged 9,777.", req, "9,777") == "computed"
    # 10,485 is Friday to Sunday's: not the run the sentence names
    assert outcome("Thursday to Sunday averaged 10,485.", req, "10,485") == "unsupported"
