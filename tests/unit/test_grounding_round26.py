"""Round 26's classes, in phrasings of our own (never a labelled reply): a weekday placed in
last week by its words ("Monday last week", "last week's Tuesday", a line headed "Same days
last week:"), a table with a last-week column, a table of running totals against a goal pace
and the gap between them, a "vs goal" cell and a "Days" cell, a number worked out from a
table right above its sentence, a plan under a bold "Next steps" line, and "missed 16"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coach_tui.coach.grounding import check

REQUESTS = Path(__file__).resolve().parents[2] / "bench" / "data" / "grounding" / "requests"
# Wednesday 2 December: last week Mon 23 9,231, Tue 24 8,963 ... Sun 29 11,470 (69,329);
# this week Mon 30 9,237, Tue 1 13,311; today 2,214 of a 10,000 goal
WEEKS = json.loads((REQUESTS / "request_21.json").read_text(encoding="utf-8"))
# Monday 30 November, 19:07: November so far 29 days recorded, goal met on 13
MONTH = json.loads((REQUESTS / "request_08.json").read_text(encoding="utf-8"))


def outcomes(reply: str, req: dict) -> dict[str, str]:
    return {m.text: m.outcome for m in check(reply, req)}


@pytest.mark.parametrize("reply", [
    "Monday last week came in at 9,231.",
    "Last week's Tuesday was 8,963.",
    "Last week's Monday and Tuesday: 9,231 and 8,963.",
    "**Same days last week:** Monday 9,231 and Tuesday 8,963.",
    "Last week, Monday was 9,231 and Tuesday was 8,963.",
])
def test_a_weekday_its_words_put_in_last_week_is_last_weeks(reply):
    got = outcomes(reply, WEEKS)
    assert all(got[n] == "quoted" for n in ("9,231", "8,963") if n in got), got


@pytest.mark.parametrize("reply", [
    "Monday last week came in at 9,237.",           # this week's Monday
    "Compared with last week, Monday 9,231 was flat.",  # "Monday" is this week's
])
def test_a_weekday_of_the_wrong_week_stays_unsupported(reply):
    got = outcomes(reply, WEEKS)
    assert "unsupported" in got.values(), got


def test_a_table_with_a_last_week_column_reads_each_weeks_day():
    reply = ("| Day | Last week | This week |\n|---|---|---|\n"
             "| Monday | 9,231 | 9,237 |\n| Tuesday | 8,963 | 13,311 |\n")
    got = outcomes(reply, WEEKS)
    assert {got[n] for n in ("9,231", "9,237", "8,963", "13,311")} == {"quoted"}
    wrong = reply.replace("8,963", "8,693")
    assert outcomes(wrong, WEEKS)["8,693"] == "unsupported"


PACE = ("| Day | Steps | So far | Pace | Ahead / behind |\n|---|---|---|---|---|\n"
        "| Mon 23 | 9,231 | 9,231 | 10,000 | -769 |\n"
        "| Tue 24 | 8,963 | 18,194 | 20,000 | -1,806 |\n"
        "| Wed 25 | 12,028 | 30,222 | 30,000 | +222 |\n"
        "| Thu 26 | 7,651 | 37,873 | 40,000 | -2,127 |\n"
        "| Fri 27 | 10,269 | 48,142 | 50,000 | -1,858 |\n")


def test_a_goal_pace_column_and_the_gap_to_it_are_worked_out():
    got = outcomes(PACE, WEEKS)
    for n in ("50,000", "1,806", "222", "2,127", "1,858"):
        assert got[n] == "computed", (n, got)
    wrong = PACE.replace("-1,858", "-1,588")
    assert outcomes(wrong, WEEKS)["1,588"] == "unsupported"


def test_a_vs_goal_cell_and_a_days_cell():
    reply = ("| Stretch | Days | Avg/day | vs goal |\n|---|---|---|---|\n"
             "| Last week | 7 | 9,904 | −96/day |\n"
             "| Mon 23 – Wed 25 | 3 | 10,074 | +74 |\n"
             "| Weekend | 2 | 10,594 | +594 |\n")
    got = outcomes(reply, WEEKS)
    assert got["96"] == "computed", got
    # (the request states 3 goal days and 2 days of this week: quoted is as true)
    assert got["3"] in ("quoted", "computed") and got["2"] in ("quoted", "computed"), got
    assert outcomes(reply.replace("| 3 |", "| 4 |"), WEEKS)["4"] == "unsupported"


def test_a_number_worked_out_from_the_table_right_above_it():
    reply = ("| Item | Steps |\n|---|---|\n| Needed a day from here | 10,000 |\n"
             "| Last week's average | 9,904 |\n\n"
             "So each day needs about 96 more than last week gave you, an easy 1-minute walk.")
    # (96 < 100: too small to trust as a worked difference; 1,000 and up are)
    reply = reply.replace("10,000 |", "11,274 |").replace("about 96", "about 1,370")
    assert outcomes(reply, WEEKS)["1,370"] == "computed"


def test_a_plan_under_a_bold_next_steps_line_is_advice():
    reply = ("You're at 2,214 so far, 7,786 to go.\n\n**Next steps**\n"
             "1. Out the door by 12:30 for 35 minutes.\n"
             "2. Aim for 6,000 by mid-afternoon, then 20 minutes after six.\n")
    got = outcomes(reply, WEEKS)
    assert got["6,000"] == "advice" and got["35"] == "advice", got
    assert got["7,786"] == "computed"
    told = reply.replace("1. Out the door", "1. You did 9,999 yesterday. Out the door")
    assert outcomes(told, WEEKS)["9,999"] == "unsupported"  # a claim, whatever the heading


@pytest.mark.parametrize("reply, number, expected", [
    ("Goal met on 13 days; missed 16.", "16", "computed"),
    ("| Met | Not met |\n|---|---|\n| 13 | 16 |\n\nNot met: 16.", "16", "computed"),
    ("Goal met on 13 days; missed 15.", "15", "unsupported"),
])
def test_a_bare_count_after_missed_counts_the_missed_days(reply, number, expected):
    assert outcomes(reply, MONTH)[number] == expected


# Round 26b (rap, a terse numbers-first coach, read as tuning data); request_20: Wednesday
# 2 December, Sun 29 11,470, Mon 30 9,237, Tue 1 13,311 (the last 3 days: 34,018, average
# 11,339, goal met on 2), streak 1 day, today 2,214 of 10,000.
THREE = json.loads((REQUESTS / "request_20.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("reply, number, expected", [
    ("Last wk avg 9,904, 96/day under goal.", "96", "computed"),
    ("Last wk avg 9,904, 69/day under goal.", "69", "unsupported"),
])
def test_a_rate_written_per_slash_day(reply, number, expected):
    assert outcomes(reply, WEEKS)[number] == expected


def test_a_count_after_wk_is_no_week_number():
    got = outcomes("This wk avg 11,274 vs last wk 9,904.", WEEKS)
    assert got["9,904"] == "quoted"
    assert outcomes("Wk 47 was the low one.", WEEKS)["47"] != "quoted"  # no week 47 here


@pytest.mark.parametrize("reply, expected", [
    ("Last 3: 34,018, avg 11,339. Streak: 1 day.", "computed"),
    ("Last 3: 34,018, avg 11,339. Streak: 2 days.", "unsupported"),  # met 2 of 3 is no streak
])
def test_a_label_after_a_sentence_names_its_fact(reply, expected):
    got = [m.outcome for m in check(reply, THREE)]
    assert got[-1] == expected, got


@pytest.mark.parametrize("reply, number", [
    ("Bank 3k on a lunch walk, then finish after six.", "3k"),
    ("- Wk 1: 10.5k/day\n- Wk 2: 11k/day", "1"),
    ("Two walks: 4k at lunch, 4k after six.", "4k"),
    ("Tomorrow: 4,000 before work and 6,000 after six.", "6,000"),
])
def test_a_plans_amounts_are_advice(reply, number):
    assert outcomes(reply, THREE)[number] == "advice"


@pytest.mark.parametrize("reply, number", [
    ("You did 4k at lunch on Tuesday.", "4k"),
    ("Sunday: 4,000 before work and 7,470 after six.", "7,470"),
])
def test_amounts_told_of_a_day_done_stay_claims(reply, number):
    assert outcomes(reply, THREE)[number] == "unsupported"


def test_an_exact_difference_of_two_true_counts_anywhere_in_the_reply():
    reply = ("Sunday was your big one at 11,470.\n\nMonday dipped to 9,237 and then Tuesday "
             "came back with 13,311.\n\nSo Tuesday beat Sunday by 1,841, a proper finish.")
    assert outcomes(reply, THREE)["1,841"] == "computed"
    assert outcomes(reply.replace("1,841", "1,814"), THREE)["1,814"] == "unsupported"


# Round 26c (rao, a chatty coach, read as tuning data).

@pytest.mark.parametrize("reply, expected", [
    ("Monday's 9,237 sat close to the Monday before at 9,231.", "quoted"),
    ("The Tuesday before was 8,963.", "quoted"),
    ("The Monday before the race was 9,231.", "unsupported"),  # before an event: not a week
])
def test_the_weekday_before_on_its_own_is_a_week_earlier(reply, expected):
    got = [m for m in check(reply, WEEKS) if m.text in ("9,231", "8,963")]
    assert got and got[0].outcome == expected, got


@pytest.mark.parametrize("heading", [
    "## Plan for tomorrow", "**Tomorrow's plan**", "### Getting to 10k today",
    "**Ideas for the week ahead:**", "#### What to aim for",
])
def test_a_section_under_a_heading_that_looks_ahead_plans(heading):
    reply = (f"You're at 2,214 so far.\n\n{heading}\n"
             "A 25-minute loop at lunch gets you near 5,500, then 40 minutes after work.\n")
    got = outcomes(reply, THREE)
    assert got["5,500"] == "advice" and got["2,214"] == "quoted", got


@pytest.mark.parametrize("heading", ["**Last week's plan vs what happened**", "## So far"])
def test_a_heading_that_looks_back_does_not(heading):
    reply = f"{heading}\nYou did 5,500 at lunch on Tuesday.\n"
    assert outcomes(reply, THREE)["5,500"] == "unsupported"


def test_the_streak_moving_to_a_number_is_the_next_days_place():
    reply = "A lunch loop plus an evening walk and the streak moves to 2 days."
    assert outcomes(reply, THREE)["2"] == "computed"
    assert outcomes(reply.replace("to 2", "to 3"), THREE)["3"] == "unsupported"


# Round 26d (ras, a coach of plain prose and small counts, read as tuning data).

@pytest.mark.parametrize("reply, number, expected", [
    ("Saturday missed by 283 and Monday by 769; two more goal days like those would have made "
     "it five of seven.", "two", "computed"),
])
def test_more_goal_days_that_would_have_made_it_m_of_k(reply, number, expected):
    assert outcomes(reply, WEEKS)[number] == expected


def test_fewer_than_half_is_a_share_below_half():
    reply = "You met the goal on 13 of 29 days, fewer than half."
    assert outcomes(reply, MONTH)["half"] == "computed"


# Round 26e (rar, an analyst's bullets of percentages, read as tuning data); request_03:
# Monday 30 November, Sunday 11,470, 7-day average 9,904, 30-day average 9,548.
SUNDAY = json.loads((REQUESTS / "request_03.json").read_text(encoding="utf-8"))
VERDICT = "**Sunday's 11,470 cleared the goal.**\n\n"


@pytest.mark.parametrize("bullet, number, expected", [
    ("- **Versus your week:** 15.8% above your 7-day average of 9,904.", "15.8%", "computed"),
    ("- **Versus your month:** 20.1% above your 30-day average of 9,548.", "20.1%", "computed"),
    ("- **Against your week:** 18.5% above your 7-day average of 9,904.", "18.5%",
     "unsupported"),  # (11,470 − 9,548) ÷ 9,548 = 20.1%: the other base's change
    ("- **Versus your week:** 15.8% below your 7-day average of 9,904.", "15.8%",
     "unsupported"),  # the wrong way round
])
def test_a_change_over_the_base_its_words_name_of_the_replys_subject(bullet, number, expected):
    assert outcomes(VERDICT + bullet, SUNDAY)[number] == expected


@pytest.mark.parametrize("reply, expected", [
    ("Yesterday beat your 7-day average by 1,566 steps, about 15.8% more than a typical day.",
     "computed"),
    ("Yesterday beat your 30-day average by 1,922 steps, about 20.1% more.", "computed"),
    ("Yesterday beat your 7-day average by 1,566 steps, about 13.7% more.", "unsupported"),
])
def test_a_gap_over_the_fact_its_words_name(reply, expected):
    got = [m.outcome for m in check(reply, SUNDAY) if m.text.endswith("%")]
    assert got == [expected]
