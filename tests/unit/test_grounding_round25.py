"""Round 25's classes, in phrasings of our own (never a labelled reply): a date written with a
slash ("Sat 21/11", "11/21", "21/11/2026"), read in the order that makes it a date, while
"4/7 days" and "3/4 of the way" stay counts and shares; the run a day met today would make,
written "a 5-day streak" ("meet it today and you'll be on a 5-day streak"); "left" the verb
("8,963 left you 1,037 short"); a short run of days and its counts in order ("Monday-Tuesday
... 9,231 and 8,963"); "the previous Monday"; a gap "ahead of" a named day's count."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coach_tui.coach.grounding import check
from coach_tui.coach.grounding.scan import scan
from tests.unit.test_grounding import REQUEST

REQUESTS = Path(__file__).resolve().parents[2] / "bench" / "data" / "grounding" / "requests"


def outcome(reply: str, number: str, req=REQUEST) -> str:
    found = [m.outcome for m in check(reply, req) if m.text == number]
    assert found, [(m.text, m.outcome) for m in check(reply, req)]
    return found[0]


@pytest.mark.parametrize("reply, number", [
    ("Your best day was Sat 21/11, at 12,245.", "Sat 21/11"),
    ("Saturday, 21/11, was the high point at 12,245.", "Saturday, 21/11"),
    ("On 11/21 you reached 12,245.", "11/21"),
    ("The 12,245 on 21/11/2026 was the week's best.", "21/11/2026"),
    ("The 12,245 on 21/11/26 was the week's best.", "21/11/26"),
])
def test_a_slashed_date_the_request_states_is_quoted(reply, number):
    assert outcome(reply, number) == "quoted"


@pytest.mark.parametrize("reply, number", [
    ("Your best day was Sun 22/11, at 12,245.", "12,245"),   # 12,245 was Saturday's
    ("Tue 17/11 was your best day.", "Tue 17/11"),            # a day the request lacks
])
def test_a_slashed_date_binds_like_any_other(reply, number):
    assert outcome(reply, number) == "unsupported"


@pytest.mark.parametrize("text, kinds", [
    ("You met the goal on 4/7 days.", ["count", "count"]),
    ("About 3/4 of the way there.", ["count", "count"]),
    ("That's 13/30 days at goal.", ["count", "count"]),
    ("A 2/3 share of the week.", ["count", "count"]),
    ("It runs 24/7.", ["ignored"]),
    ("on 3/11 you walked", ["date"]),          # either order: the words say it is a day
    ("3/11", ["count", "count"]),              # either order, nothing says a day: numbers
])
def test_a_slash_between_counts_is_not_a_date(text, kinds):
    assert [a.kind for a in scan(text)] == kinds


def test_a_slashed_date_in_either_order_keeps_both_readings():
    (atom,) = scan("Wed 3/11 was wet")
    assert {(d[1], d[2]) for d in atom.dates} == {(11, 3), (3, 11)}


@pytest.mark.parametrize("reply", [
    "Meet the goal today and you'll be on a 5-day streak.",
    "If you reach 10,000 today, that is a 5-day streak.",
    "Bank a lunch walk, and tomorrow you will be looking at a 5-day streak.",
    "Meet it today for a 5-day run.",
])
def test_the_run_today_would_make_is_the_streak_plus_one(reply):
    assert outcome(reply, "5") == "computed"


@pytest.mark.parametrize("reply", [
    "You are on a 5-day streak.",                                   # the streak is 4
    "That puts you on a 5-day streak heading into today.",          # as it stands
    "Meet it today and you'll be on a 6-day streak.",               # 4 + 1 is 5
])
def test_a_run_as_it_stands_or_miscounted_is_unsupported(reply):
    number = "6" if "6-day" in reply else "5"
    assert outcome(reply, number) == "unsupported"


def _on(request: str, reply: str, number: str) -> str:
    return outcome(reply, number, json.loads((REQUESTS / request).read_text()))


@pytest.mark.parametrize("reply, number, expected", [
    # "left" the verb is what the day did, not steps left to go
    ("Tuesday's 8,963 left you 1,037 short of the goal.", "8,963", "quoted"),
    ("Tuesday's 8,963 left you 1,037 short of the goal.", "1,037", "computed"),
    ("Tuesday's 8,963 left you 1,307 short of the goal.", "1,307", "unsupported"),
    # a short run of days and its counts, in order
    ("Your low was Thursday the 26th, at 7,651, with a sluggish Monday-Tuesday opening of 9,231 "
     "and 8,963.",
     "8,963", "quoted"),
    ("Your low was Thursday the 26th, at 7,651, with a sluggish Monday-Tuesday opening of 9,231 "
     "and 8,963.",
     "9,231", "quoted"),
])
def test_a_reviewed_weeks_days_told_in_prose(reply, number, expected):
    assert _on("request_23.json", reply, number) == expected  # week 48 reviewed


@pytest.mark.parametrize("reply, number, expected", [
    ("Monday's 9,237 was 6 steps ahead of the previous Monday's 9,231.", "9,231", "quoted"),
    ("Monday's 9,237 was 6 steps ahead of the previous Monday's 9,231.", "6", "computed"),
    ("Monday's 9,237 was 60 steps ahead of the previous Monday's 9,231.", "60", "unsupported"),
    ("The previous Monday came in at 9,237.", "9,237", "unsupported"),   # that was this one
])
def test_the_previous_weekday_is_the_one_a_week_before(reply, number, expected):
    # Monday 30 Nov walked 9,237, Monday 23 Nov 9,231
    assert _on("request_21.json", reply, number) == expected


# A week of day lines (request_10: Mon 23 to Sun 29 Nov, 69,329 steps, goal 10,000; met on
# Wed 12,028, Fri 10,269 and Sun 11,470): what a coach works out over picked days of it.
WEEK = "request_10.json"


@pytest.mark.parametrize("reply, number, expected", [
    ("Fri, Wed and Sun averaged 11,256 between them.", "11,256", "computed"),
    ("Fri, Wed and Sun averaged 11,556 between them.", "11,556", "unsupported"),
    ("Your three strongest days averaged about 11,260.", "11,260", "computed"),
    ("Your two strongest days averaged 11,900.", "11,900", "unsupported"),   # 11,749
    ("The days under the goal averaged 8,891.", "8,891", "computed"),
    ("Your goal days together made 33,767 steps.", "33,767", "computed"),
    ("The four misses were short by 4,438 in total.", "4,438", "computed"),
    ("The four misses were short by 4,183 in total.", "4,183", "unsupported"),
    ("The five weekdays made 48,142 and the two weekend days 21,187.", "five", "quoted"),
    ("The four weekdays made 48,142.", "four", "unsupported"),
])
def test_picked_days_of_a_week(reply, number, expected):
    assert _on(WEEK, reply, number) == expected


def test_a_share_of_the_week_over_the_weeks_total():
    reply = "Your goal days together made 33,767 steps, 48.7% of the week."
    assert _on(WEEK, reply, "48.7%") == "computed"
    assert _on(WEEK, reply.replace("48.7%", "44.7%"), "44.7%") == "unsupported"


def test_a_share_column_with_no_total_row_is_over_the_columns_sum():
    table = ("| Day | Steps | Share |\n|---|---|---|\n| Mon | 9,231 | 13.3% |\n"
             "| Tue | 8,963 | 12.9% |\n| Wed | 12,028 | {} |\n| Thu | 7,651 | 11.0% |\n"
             "| Fri | 10,269 | 14.8% |\n| Sat | 9,717 | 14.0% |\n| Sun | 11,470 | 16.5% |\n")
    assert _on(WEEK, table.format("17.3%"), "17.3%") == "computed"
    assert _on(WEEK, table.format("19.3%"), "19.3%") == "unsupported"


@pytest.mark.parametrize("table", [
    # rows that name a clock time
    "| When | Steps |\n|---|---|\n| Lunch loop, 12:15–12:45 | 3,600 |\n"
    "| Evening, 6:30–7:00 pm | 2,650 |\n",
    # a slot and a target
    "| Slot | Target |\n|---|---|\n| Before work | 3,600 |\n| Evening | 2,650 |\n",
    # targets adding up to an aim
    "| Day | Target | Running total |\n|---|---|---|\n| Tue 1 | 10,500 | 10,500 |\n"
    "| Wed 2 | 11,000 | 21,500 |\n",
])
def test_a_table_that_plans_is_advice(table):
    assert {m.outcome for m in check(table, REQUEST) if m.text in ("3,600", "2,650", "21,500")} \
        == {"advice"}


@pytest.mark.parametrize("request_name, reply, number, expected", [
    # "last" over a list of weekdays: both of last week's (Mon 23 9,231 + Tue 24 8,963)
    ("request_21.json", "Last Monday and Tuesday came to 18,194 together.", "18,194",
     "computed"),
    ("request_21.json", "Last Monday and Tuesday came to 18,494 together.", "18,494",
     "unsupported"),
    # a "Difference" row under two true counts
    ("request_19.json", "| | Steps |\n|---|---|\n| 12k for 31 days | 372,000 |\n"
     "| November | 284,826 |\n| Difference | 87,174 |\n", "87,174", "computed"),
    ("request_19.json", "| | Steps |\n|---|---|\n| 12k for 31 days | 372,000 |\n"
     "| November | 284,826 |\n| Difference | 88,174 |\n", "88,174", "unsupported"),
    # a named day's share of a stated period's total (Tue 1 Dec 13,311 of the last 3 days 34,018)
    ("request_20.json", "Tuesday carried the stretch: 39.1% of the 3-day total.", "39.1%",
     "computed"),
    ("request_20.json", "Tuesday carried the stretch: 43.1% of the 3-day total.", "43.1%",
     "unsupported"),
    # "For December:" heads a plan, it does not bind the November average after it
    ("request_11.json", "For December: the gap between a 9,503 average and the 10,000 goal is "
     "497 a day.", "497", "computed"),
    # the goal less an average the reply wrote true, "averaged ... under goal"
    ("request_16.json", "| Average | 9,494/day |\n|---|---|\n\nSo the month averaged 506 steps "
     "a day under goal.", "506", "computed"),
    # today's steps so far against a day of the week past (Mon 23 Nov 9,231; today 812)
    ("request_04.json", "You need 8,419 more today to match last Monday.", "8,419", "computed"),
    ("request_04.json", "You need 8,819 more today to match last Monday.", "8,819", "unsupported"),
])
def test_worked_out_over_what_the_reply_or_request_shows(request_name, reply, number, expected):
    assert _on(request_name, reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # week 47 (request_01): Mon-Fri 9,548 7,915 11,203 9,137 5,699 (8,700); Sat 4,016 Sun 9,257
    ("Your weekdays averaged 8,700.", "8,700", "computed"),
    ("Your weekdays averaged 9,451.", "9,451", "unsupported"),    # Monday to Thursday's
    ("Your weekend came to 13,273.", "13,273", "computed"),
    ("Friday and Saturday together were just 17.1% of the total.", "17.1%", "computed"),
    ("Friday and Saturday together were just 19.1% of the total.", "19.1%", "unsupported"),
])
def test_the_parts_of_a_week_said_as_such(reply, number, expected):
    assert _on("request_01.json", reply, number) == expected


def test_a_refuted_part_says_what_it_is():
    found = [m for m in check("Your weekdays averaged 9,451.", json.loads(
        (REQUESTS / "request_01.json").read_text())) if m.text == "9,451"]
    assert found[0].source == "the weekdays' average is 8,700, not 9,451"


def test_what_today_would_turn_the_streak_into():
    # request_03: streak 1 through Sun 29 Nov, today 812 of 10,000
    reply = "That turns the 9,188 still needed into a streak of 2 days."
    assert _on("request_03.json", reply, "2") == "computed"
    assert _on("request_03.json", reply.replace("of 2", "of 3"), "3") == "unsupported"


@pytest.mark.parametrize("reply, number, expected", [
    ("A 5- to 10-minute loop before bed finishes the day.", "5- to 10", "advice"),
    ("Here is the plan. Around 4, a 10-minute stretch of the legs.", "4", "advice"),
    ("Around 4, you had done 1,204.", "4", "unsupported"),     # when it happened: a claim
])
def test_a_suspended_range_and_a_bare_hour_in_a_plan(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_17: 30-day average 9,494 (Nov 1-30), goal met on 13 of the last 30
    ("November as a whole averaged 9,494/day with the goal met on 13 of 30 days.", "9,494",
     "quoted"),
    ("November as a whole averaged 9,694/day with the goal met on 13 of 30 days.", "9,694",
     "unsupported"),
])
def test_a_rate_beside_a_count_of_goal_days_is_not_one(reply, number, expected):
    assert _on("request_17.json", reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_10: the week of 23-29 Nov, 69,329; Thu 26 7,651
    ("If Thursday had reached 10,000, it would have lifted the week's average to about 10,240.",
     "10,240", "computed"),
    ("If Thursday had reached 10,000, it would have lifted the week's average to about 10,540.",
     "10,540", "unsupported"),
])
def test_what_a_week_would_have_averaged_with_one_day_otherwise(reply, number, expected):
    assert _on(WEEK, reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_20: Sun 29 Nov 11,470, Mon 30 Nov 9,237, Tue 1 Dec 13,311
    ("Sunday gave you 11,470, Monday 9,237, then Tuesday's 13,311 was 4,074 up on Sunday.",
     "4,074", "unsupported"),                      # that is Monday's gap
    ("Sunday gave you 11,470, Monday 9,237, then Tuesday's 13,311 was 1,841 up on Sunday.",
     "1,841", "computed"),
    ("Sunday gave you 11,470, Monday 9,237, then Tuesday's 13,311 was 4,074 up on Monday.",
     "4,074", "computed"),
])
def test_a_gap_from_a_named_day_is_from_that_day(reply, number, expected):
    assert _on("request_20.json", reply, number) == expected
