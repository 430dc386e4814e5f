"""Round 21 of the number checker: classes a ranking and comparing coach showed (a place
"second" among days, a hedged gap between the best and the lowest day, a supposition of the
user's doing, the next day of a count, a split of a total over a week, days counted between two
bounds), each in phrasings of its own, with the case that must stay warned beside the one it
clears."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check
from tests.support import WEEK_48_DAYS, number_outcome

# Monday evening after week 48: its seven day lines, the month so far, the streak
REQUEST = """MEMORY (code-derived facts and journal lines):
- step goal streak: 1 days (through 2026-11-29)
- 7-day average: 9,904 steps/day (2026-11-23 to 2026-11-29)
CONTEXT FOR THIS MESSAGE (added by the app, not typed by the user; numbers here come from \
the user's records):
Now: Monday 2026-11-30, 18:40. Today so far: 6,120 steps of a 10,000 goal (partial: the \
day is not over).
Days this message mentions:
""" + WEEK_48_DAYS + """- November 2026 so far (2026-11-01 to 2026-11-29): 29 of 29 days recorded, \
275,589 steps, average 9,503/day, goal met on 13, best 12,993 on 2026-11-07
I want 80,000 steps this week. How did last week rank, and what now?
"""


def outcome(reply: str, number: str) -> str:
    """The checker's outcome, with quoted and computed both read as "true" (not warned)."""
    found = number_outcome(reply, number, REQUEST)
    return "true" if found in ("quoted", "computed") else found


@pytest.mark.parametrize("reply, number, expected", [
    ("Sunday's 11,470 came in as the week's second-best total.", "second", "true"),
    ("Tuesday was the second lowest of the seven.", "second", "true"),
    # Friday holds third place by steps, not second
    ("Friday (10,269) ranked second best of the week.", "second", "unsupported"),
    # "second" alone stays no number at all
    ("First, a word on Thursday. Second, the weekend.", "7,651", None),
])
def test_second_before_a_ranking_word_is_a_place(reply, number, expected):
    if expected is None:
        with pytest.raises(AssertionError):
            outcome(reply, "Second")
        return
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("Your peak was Wednesday and your low was Thursday: a spread of over 4,000 steps.", "4,000",
     "true"),
    ("Best day Wednesday, lowest Thursday, a difference of a little under 4,400.", "4,400",
     "true"),
    # the gap is 4,377: "more than 5,000" and "under 4,000" say it wrong
    ("Your peak was Wednesday and your low was Thursday: a spread of more than 5,000.", "5,000",
     "unsupported"),
    ("Best day Wednesday, lowest Thursday, a difference of just under 4,000.", "4,000",
     "unsupported"),
])
def test_a_hedged_gap_between_best_and_lowest_reads_its_side(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("Should you manage to average 11.5k from here to Sunday, the 80,000 is yours.", "11.5k",
     "advice"),
    ("Once you walk 4,500 more tonight, you're clear of the goal.", "4,500", "advice"),
    # what was done is a claim, supposed or not
    ("If you hit 8,400 yesterday, I missed it.", "8,400", "unsupported"),
    # a fact the words name stays bound to that fact
    ("If you keep your average of 9,650, you'll fall short.", "9,650", "unsupported"),
])
def test_a_supposition_of_the_users_doing_is_advice(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("The streak is at 1 day; today is about making it 2.", "2", "true"),
    ("You've met the goal on 13 days this month. Getting there today would be 14.", "14",
     "true"),
    ("- November: goal met on 13 days\n\nToday you're 3,880 from making it goal day number "
     "14.", "14", "true"),
    # two past the count is not the day being walked
    ("You've met the goal on 13 days this month. Getting there today would be 15.", "15",
     "unsupported"),
    # no day ahead: a count of what is done
    ("The streak stands at 1 day, and Sunday made it 2.", "2", "unsupported"),
])
def test_the_next_day_of_a_count_said_of_today(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("For 80,000 this week, one way: 11,000 on the weekdays and 12,500 on both weekend days.",
     "12,500", "advice"),
    ("For 80,000 this week, one way: 11,000 on the weekdays and 12,500 on both weekend days.",
     "11,000", "advice"),
    # 5 × 11,000 + 2 × 13,500 is 82,000: a split that does not add up is not cleared by it
    ("For 80,000 this week, one way: 11,000 on the weekdays and 13,500 on both weekend days.",
     "13,500", "unsupported"),
])
def test_a_split_of_a_total_over_a_week_is_a_plan(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("Two of the seven days landed between 10,000 and 11,500.", "11,500", "true"),
    ("Four days sat between 8,900 and 10,300 last week.", "8,900", "true"),
    # Mon 9,231 and Sat 9,717 are the misses within 800 of the goal; Tue 8,963 is 1,037 under
    ("Four days missed the goal, though two of them came within 800 steps.", "two", "true"),
    ("Four days missed the goal, though three of them came within 800 steps.", "three",
     "unsupported"),
    # three days fall between 10,000 and 12,500, not two
    ("Two of the seven days landed between 10,000 and 12,500.", "12,500", "unsupported"),
])
def test_bounds_the_counted_days_fall_between(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # 12,028 − 8,963 = 3,065: a hedged gap of three figures ending in 5 is to the nearest 50
    ("Wednesday's 12,028 beat Tuesday's 8,963 by about 3,050 steps.", "3,050", "true"),
    ("Wednesday's 12,028 beat Tuesday's 8,963 by about 3,150 steps.", "3,150", "unsupported"),
])
def test_a_hedged_gap_ending_in_5_is_to_the_nearest_half_place(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("- Best: Wed 12,028\n\nTip: two 25-min loops on Thu.", "25", "advice"),
    ("Idea: 10.8k/d through Fri, then 12.6k at the weekend.", "12.6k", "advice"),
    ("Next step: bank 3k before noon.", "3k", "advice"),
    # a tip that reports is no plan
    ("Tip: you walked 13,400 on Wednesday.", "13,400", "unsupported"),
])
def test_a_sentence_headed_tip_or_next_step_is_a_plan(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # Monday evening, 6,120 so far, 80,000 wanted: 73,880 over the seven days left
    ("Last week came to 69,329; matching it takes 63,209 more, across today and the six days "
     "after it: about 9,030 a day.", "9,030", "true"),
    ("For 80,000 you need about 10,550 a day from here.", "10,550", "true"),
    # today is still to walk: the six days after it are not the days left
    ("For 80,000 you need about 12,310 a day from here.", "12,310", "unsupported"),
    # a rate for the days to come that no amount over the days left gives
    ("For 80,000 you need about 11,900 a day from here.", "11,900", "unsupported"),
])
def test_a_rate_over_the_days_left(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("- 4 of 7 d under 10k", "4", "true"),
    ("- 5 of 7 d under 10k", "5", "unsupported"),
    ("Streak's at 1 d going into the new wk.", "1", "true"),
    ("Streak's at 3 d going into the new wk.", "3", "unsupported"),
])
def test_a_d_after_a_number_is_days(reply, number, expected):
    assert outcome(reply, number) == expected


def test_mentions_of_a_terse_reply_keep_the_replys_spans():
    reply = "- 4 of 7 d under 10k; best Wed 12,028"
    for m in check(reply, REQUEST):
        assert reply[m.start:m.end] == m.text
    assert [m.text for m in check(reply, REQUEST)] == ["4", "7", "10k", "12,028"]


@pytest.mark.parametrize("reply, number, expected", [
    # week 48: 69,329 over seven days; Tuesday's 8,963 lifted to 10,000 gives 70,366
    ("Had Tuesday made it to the goal, the week would have averaged about 10,052.", "10,052",
     "true"),
    ("Had Tuesday hit 10,000, the week would have come to 70,366.", "70,366", "true"),
    # Tuesday lifted is not 10,400 a day
    ("Had Tuesday made it to the goal, the week would have averaged about 10,400.", "10,400",
     "unsupported"),
])
def test_what_a_week_would_have_been_with_one_day_otherwise(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # November so far 275,589; 6,120 today
    ("Counting today's 6,120 brings November to 281,709.", "281,709", "true"),
    ("Counting today's 6,120 brings November to 282,709.", "282,709", "unsupported"),
])
def test_a_period_with_today_added(reply, number, expected):
    assert outcome(reply, number) == expected


def test_a_clock_time_with_a_m_ends_no_sentence():
    # the plan's head reaches past "a.m.": the walk's length is the plan's
    assert outcome("Tip: Sun 9 a.m. loop by the river, 35 min.", "35") == "advice"


def test_a_week_s_size_after_a_slash():
    request = REQUEST + "- last week (2026-11-23 to 2026-11-29): 7 of 7 days recorded, " \
        "69,329 steps, average 9,904/day, goal met on 3, best 12,028 on 2026-11-25\n"
    checked = {m.text: m.outcome for m in check("Last wk: 3/7 goal days, avg 9,904.", request)}
    assert checked["7"] == "quoted"
    # with a wrong count before the slash the count is warned and the week's 7 days stay
    # true, as "5 of 7 days" reads (shorthand.py spells "5/7 goal days" out that way)
    checked = {m.text: m.outcome for m in check("Last wk: 5/7 goal days, avg 9,904.", request)}
    assert checked["5"] == "unsupported"
    assert checked["7"] == "quoted"


def test_the_window_a_fact_is_over():
    request = REQUEST.replace("- 7-day average:", "- best day of the last 30: 12,993 steps on "
                              "2026-11-07\n- longest goal streak in the last 365 days: 18 days "
                              "(2026-08-20 to 2026-09-06)\n- 7-day average:")
    for reply, number, expected in (
            ("- Past-30 top day: 12,993 (Nov 7)", "30", "quoted"),
            ("- Longest run (365 d): 18 d", "365", "quoted"),
            # a window no fact is over
            ("- Longest run (200 d): 18 d", "200", "unsupported")):
        assert number_outcome(reply, number, request) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("You're 3,880 short:\n\n- Before dinner: 25 minutes round the park, roughly 2,650",
     "2,650", "advice"),
    # no walking pace gives 7,400 steps in 25 minutes
    ("You're 3,880 short:\n\n- Before dinner: 25 minutes round the park, roughly 7,400",
     "7,400", "unsupported"),
    # a line that reports what was walked is a claim
    ("- Yesterday you walked 25 minutes at lunch, about 2,650", "2,650", "unsupported"),
])
def test_the_steps_of_a_planned_walk(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # 6,120 of 10,000 walked: 38.8% of the goal is left
    ("You're at 6,120, so just under two-fifths of the goal is still to go.", "two-fifths",
     "true"),
    ("You're at 6,120: about 39% of your goal left.", "39%", "true"),
    ("You're at 6,120, so just over half the goal is still to go.", "half", "unsupported"),
])
def test_the_share_of_the_goal_still_to_go(reply, number, expected):
    assert outcome(reply, number) == expected


def test_a_gap_to_a_period_named():
    # the request states last week's total: 69,329
    request = REQUEST + "- last week (2026-11-23 to 2026-11-29): 7 of 7 days recorded, " \
        "69,329 steps, average 9,904/day, goal met on 3, best 12,028 on 2026-11-25\n"
    assert number_outcome("At 10,700 a day you'd end the week around 75,000, about 5,700 more "
                          "than last week.", "5,700", request) == "computed"
    assert number_outcome("At 10,700 a day you'd end the week around 75,000, about 7,700 more "
                          "than last week.", "7,700", request) == "unsupported"


def test_a_walk_reported_with_a_capital_you_is_a_claim():
    assert outcome("You did a 25-minute loop, roughly 2,650.", "2,650") == "unsupported"
