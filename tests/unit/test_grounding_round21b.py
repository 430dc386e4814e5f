"""Round 21b's classes, in phrasings of our own (never a labelled reply): the terse voice of a
coach read on a watch. Its shorthand ("3 of 7 d", "avg 9,500/d", "last wk", "the 15-d
streak") is read as the words it stands for (shorthand.py), a signed change ("avg +1,483/d")
is no level of the fact it follows, a "Tip:" line plans, a clock time with "a.m." is no date,
a ratio "2.8x" is worked out over the two values it sets side by side, and a change in percent
after an arrow runs from the left value to the right one."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check
from coach_tui.coach.grounding.shorthand import widened
from tests.unit.test_grounding_round7 import outcome, real


@pytest.mark.parametrize("req, reply, number, expected", [
    # request_12: Monday Nov 30, the knee sore since the 19th (11 days)
    ("request_12.json", "Knee sore since the 19th = 11 d now: see a physio.", "11", "computed"),
    ("request_12.json", "Knee sore since the 19th = 9 d now: see a physio.", "9", "unsupported"),
    # request_05: the streak is 1 day ("at 1 d" is no clock time)
    ("request_05.json", "Your streak's at 1 d, so today starts the next one.", "1", "true"),
    ("request_05.json", "Your streak's at 4 d, so today starts the next one.", "4",
     "unsupported"),
    # request_23: week 48, goal met on 3 of 7 days; under 10k on Mon, Tue, Thu, Sat
    ("request_23.json", "- 4 of 7 d under 10k last wk", "4", "computed"),
    ("request_23.json", "- 5 of 7 d under 10k last wk", "5", "unsupported"),
])
def test_days_written_d_are_days(req, reply, number, expected):
    got = outcome(reply, number, real(req))
    assert got in ("quoted", "computed") if expected == "true" else got == expected


@pytest.mark.parametrize("req, reply, number, expected", [
    # request_22: the streak is 1 day; an earlier coach reply said 15 (invented)
    ("request_22.json", "Protect the 15-d streak today:\n- 2,214 now", "15", "unsupported"),
    ("request_22.json", "Protect the 1-d streak today:\n- 2,214 now", "1", "quoted"),
])
def test_a_streak_named_in_a_suggestion_is_the_users(req, reply, number, expected):
    assert outcome(reply, number, real(req)) == expected


@pytest.mark.parametrize("req, reply, number, expected", [
    # request_11: October average 8,020, November so far 9,503 (+1,483)
    ("request_11.json", "Oct → Nov:\n- Avg +1,483/d", "1,483", "computed"),
    ("request_11.json", "Oct → Nov:\n- Avg +1,843/d", "1,843", "unsupported"),
])
def test_a_signed_number_after_a_fact_is_its_change(req, reply, number, expected):
    assert outcome(reply, number, real(req)) == expected


def test_a_run_of_weeks_in_a_note_is_a_claim():
    # request_01: no run of weeks anywhere
    assert outcome("NOTE: Sunday saved the week 4 weeks running; Friday is the weak day.", "4",
                   real("request_01.json")) == "unsupported"


def test_each_number_keeps_the_span_and_text_the_writer_wrote():
    reply = "Last wk: avg 9,904/d, 3 of 7 d at goal; 2 wks to go, streak 1 d."
    wide = widened(reply)
    assert wide is not None and wide[0] == ("Last week: average 9,904 a day, 3 of 7 days at "
                                            "goal; 2 weeks to go, streak 1 day.")
    for m in check(reply, real("request_23.json")):
        assert reply[m.start:m.end] == m.text
    assert [m.text for m in check(reply, real("request_23.json"))] == \
        ["9,904", "3", "7", "2", "1"]
    # no shorthand: the reply is read as it is; "2nd", "3rd" and "Wk 47" are not shorthand
    assert widened("You walked 9,904 a day on the 2nd and 3rd.") is None
    assert widened("Wk 47 recap") is None


@pytest.mark.parametrize("reply, number, expected", [
    # request_23: week 48 (goal met Wed, Fri, Sun; Sat 9,717, 283 short)
    ("Solid wk.\nTip: 3 brisk loops Thu, 12 min each.", "3", "advice"),
    ("Solid wk.\nTip: 3 brisk loops Thu, 12 min each.", "12", "advice"),
    ("Solid wk.\nTip: Sun 9 a.m. easy walk, 35 min, then reassess.", "35", "advice"),
    ("Solid wk.\nTip: 10.5k/d wk 1, 11k from wk 3.", "10.5k", "advice"),
    ("Solid wk.\nTip: 5 goal days/wk in Dec → ~71%.", "5", "advice"),
    ("Solid wk.\nTip: 4 short walks beat 1 long one.", "4", "advice"),
    # a part that says where the week or the day stands is a claim
    ("Solid wk.\nTip: Sat missed by 283 → a 5-min add-on Sat.", "283", "computed"),
    ("Solid wk.\nTip: Sat missed by 480 → a 5-min add-on Sat.", "480", "unsupported"),
])
def test_a_tip_line_plans_unless_a_part_reports(reply, number, expected):
    assert outcome(reply, number, real("request_23.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_22: Dec 2, 09:10, 2,214 so far (7,786 to the goal)
    ("Tip: 2,214 now → 7,786 more tonight.", "7,786", "computed"),
    ("Tip: you're at 2,214 → 7,786 left.", "7,786", "computed"),
])
def test_where_the_day_stands_in_a_tip_is_a_claim(reply, number, expected):
    assert outcome(reply, number, real("request_22.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_23: week 48, goal met on 3 of its 7 days (under it on 4)
    ("Wk 48 in short: goal reached 3/7 d, avg 9,904.", "7", "computed"),
    ("Wk 48 in short: goal reached 3/7 d, avg 9,904.", "3", "computed"),
    ("Wk 48 in short: 3/7 goal days, avg 9,904.", "7", "quoted"),
    ("Wk 48 in short: goal reached 5/7 d, avg 9,904.", "5", "unsupported"),
    # with the goal named and no word of missing, a count of days is of the days that met it
    ("Wk 48 in short: goal 4/7 d.", "4", "unsupported"),
    ("Wk 48 in short: 4 of 7 days ≥10k.", "4", "unsupported"),
    ("Wk 48 in short: 4 of 7 days below 10k.", "4", "computed"),
])
def test_n_slash_m_days_is_n_of_m_days(reply, number, expected):
    assert outcome(reply, number, real("request_23.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_11: October average 8,020, November so far 9,503 (+18.5% on October)
    ("Oct vs Nov:\n- avg 8,020 → 9,503 (+1,483/d, +18.5%)", "18.5%", "computed"),
    ("Oct vs Nov:\n- avg 8,020 → 9,503 (+1,483/d, ~18%)", "18%", "computed"),
    # the base is the arrow's left side: 1,483 of 9,503 is a share, not this change
    ("Oct vs Nov:\n- avg 8,020 → 9,503 (+1,483/d, +15.6%)", "15.6%", "unsupported"),
    ("Oct vs Nov:\n- avg 8,020 → 9,503 (+1,483/d, 15.6% more)", "15.6%", "unsupported"),
    # the sign written runs the way the pair does
    ("Oct vs Nov:\n- avg 8,020 → 9,503 (−18.5%)", "18.5%", "unsupported"),
    ("Oct vs Nov:\n- +18.5% a day (8,020 → 9,503)", "18.5%", "computed"),
])
def test_a_change_beside_an_arrow_runs_from_its_left_value(reply, number, expected):
    assert outcome(reply, number, real("request_11.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_01: week 47 averaged 8,111 against a 30-day 9,505 (14.7% lower)
    ("Wk 47:\n- avg 8,111 vs 30-day 9,505: −14.7%", "14.7%", "computed"),
    ("Wk 47:\n- avg 8,111 vs 30-day 9,505: +14.7%", "14.7%", "unsupported"),
])
def test_a_signed_percentage_is_a_change_the_way_its_sign_says(reply, number, expected):
    assert outcome(reply, number, real("request_01.json")) == expected


def test_a_weekday_before_a_clock_time_is_no_date():
    # request_23: "Sat 10" would be a date (no Saturday the 10th is stated); "10 a.m." a time
    mentions = check("Plan: Sun 9 a.m. loop, then Sat 10 am with Ana.", real("request_23.json"))
    assert [(m.text, m.kind) for m in mentions] == [("9 a.m.", "time"), ("10 am", "time")]
    mentions = check("Mon 23 gave you 9,231.", real("request_23.json"))
    assert [(m.text, m.kind) for m in mentions][0] == ("Mon 23", "date")


@pytest.mark.parametrize("reply, number, expected", [
    # request_01: week 47, best Wed 11,203, lowest Sat 4,016 (11,203 ÷ 4,016 = 2.79)
    ("- Top: Wed, 11,203\n- Bottom: Sat 4,016, a 2.8x gap to the best", "2.8", "computed"),
    ("- Top: Wed, 11,203\n- Bottom: Sat 4,016, about 2.8x below the best", "2.8", "computed"),
    ("- Top: Wed, 11,203\n- Bottom: Sat 4,016, a 3.6x gap to the best", "3.6", "unsupported"),
])
def test_a_multiple_of_a_fact_is_no_level_of_it(reply, number, expected):
    assert outcome(reply, number, real("request_01.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_05: longest goal streak in the last 365 days: 18 days
    ("Your longest run (365 d) was 18 d.", "365", "quoted"),
    ("Longest streak in 365 days: 18, so you've done it before.", "365", "quoted"),
    ("Longest streak in 365 days: 18, so you've done it before.", "18", "quoted"),
    ("Longest streak in 365 days: 21, so you've done it before.", "21", "unsupported"),
    ("Longest streak in 200 days: 18, so you've done it before.", "200", "unsupported"),
])
def test_the_window_written_beside_a_record_is_the_records(reply, number, expected):
    assert outcome(reply, number, real("request_05.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_11: November so far is 29 days, 275,589 steps (9,503 a day)
    ("Nov: avg 275,589 / 29 = 9,503/d.", "9,503", "quoted"),
    ("Nov: avg 275,589 / 29 = 9,503/d.", "275,589", "quoted"),
    # a divisor a day off the period's days: the division holds, the average is not November's
    ("Nov: avg 275,589 / 30 = 9,186/d.", "9,186", "unsupported"),
    ("Nov: avg 275,589 / 30 = 9,186/d.", "30", "unsupported"),
    ("Nov: avg 275,589 / 30 = 9,186/d.", "275,589", "quoted"),
])
def test_a_total_divided_by_other_than_its_days_is_no_average(reply, number, expected):
    assert outcome(reply, number, real("request_11.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_19: Dec 1, 7,645 so far; the user asks about a 12k goal
    ("- Now: 7,645 → 2,355 to 10k, 4,355 to 12k", "4,355", "computed"),
    ("- Now: 7,645 → 2,355 to 10k, 4,455 to 12k", "4,455", "unsupported"),
    ("- Now: 7,645 → 2,355 to 10k, 4,455 to 12k", "2,355", "computed"),
])
def test_an_exact_count_to_a_round_mark_is_no_range(reply, number, expected):
    assert outcome(reply, number, real("request_19.json")) == expected


def test_a_range_of_round_ends_stays_a_range():
    mentions = check("Aim for 8,000 to 12k a day, or 20 to 30 minutes.", real("request_19.json"))
    assert [m.kind for m in mentions] == ["range", "range"]
