"""Round 35's rules, found by probes in held-out writers' voices (the classes chosen from
aggregate counts only, never a held-out reply read). Written in phrasings of our own; a claim
about the user's data in the same frame stays checked."""

from __future__ import annotations

import pytest

from tests.unit.test_grounding_round31 import mention


# request 22: two Tuesdays listed (Tue 24 Nov 8,963; Tue 1 Dec 13,311), Mon 23 Nov 9,231,
# Mon 30 Nov 9,237; now Wednesday 2 December
@pytest.mark.parametrize("reply, number, outcome", [
    ("Last week wobbled: Tuesday came in at 8,963 and Thursday at 7,651.", "8,963", "quoted"),
    ("Last week was uneven.\nMonday and Tuesday were both under, at 9,231 and 8,963.", "8,963",
     "quoted"),
    ("Last week wobbled: Tuesday came in at 13,311.", "13,311", "quoted"),
    # neither Tuesday's: still a wrong day
    ("Last week wobbled: Tuesday came in at 9,717.", "9,717", "unsupported"),
    # last week as the base a day is set against, or told in another paragraph
    ("Compared with last week, Tuesday 8,963 was flat.", "8,963", "unsupported"),
    ("Last week wobbled.\n\nTuesday came in at 8,963.", "8,963", "unsupported"),
    ("Tuesday came in at 8,963.", "8,963", "unsupported"),
    # a day word that is no weekday keeps its one day
    ("Last week wobbled. Today you're at 8,963.", "8,963", "unsupported"),
])
def test_a_weekday_in_a_paragraph_about_last_week_is_either_listed(reply, number, outcome):
    assert mention(reply, 22, number).outcome == outcome


# request 11: Monday 30 November, 21:30, 9,377 so far
@pytest.mark.parametrize("reply, outcome", [
    ("Beat the rain with a 30-minute walk at 7.", "advice"),
    ("Take the dog out by 8 and you're done.", "advice"),
    ("You walked at 7 yesterday and hit 9,000.", "unsupported"),
])
def test_a_clock_time_a_suggestion_sets_is_advice(reply, outcome):
    number = "7" if "7" in reply else "8"
    assert mention(reply, 11, number).outcome == outcome


# request 21: streak of 1 day through Tuesday; today (Wednesday) 2,214 so far
@pytest.mark.parametrize("reply, number, outcome", [
    ("Get that done and you're on a 2-day streak.", "2", "computed"),
    ("Close it out and that's 2 days in a row.", "2", "computed"),
    ("Close it out and that's 3 days in a row.", "3", "unsupported"),
])
def test_the_streak_meeting_today_would_make(reply, number, outcome):
    assert mention(reply, 21, number).outcome == outcome


# request 21: Tue 24 Nov 8,963, Tue 1 Dec 13,311, Mon 23 Nov 9,231
@pytest.mark.parametrize("reply, number, outcome", [
    ("Tuesday was the jump, 8,963 to 13,311.", "8,963", "quoted"),
    ("Tuesday: 8,963 to 13,311, up 48.5%.", "48.5%", "computed"),
    ("Tuesday was the jump, 9,231 to 13,311.", "9,231", "unsupported"),
    # a range's ends are round: "8,000 to 10,000" on a day stays one range
    ("Tuesday landed somewhere in 8,000 to 10,000.", "8,000 to 10,000", "unsupported"),
])
def test_two_exact_counts_joined_by_to_are_a_change(reply, number, outcome):
    assert mention(reply, 21, number).outcome == outcome


# request 18: Tuesday 1 December; November met the goal on 13 of 30 days (43.3%)
@pytest.mark.parametrize("reply, outcome", [
    ("To get past 50% in December you'd need 16 of 31 days.", "advice"),
    ("To beat 50% in December you need 16 goal days.", "advice"),
    ("You met the goal on over 50% of days in November.", "unsupported"),
    ("November was over 50%, so December needs to hold that.", "unsupported"),
])
def test_a_round_share_set_as_a_mark_is_advice(reply, outcome):
    assert mention(reply, 18, "50%").outcome == outcome


# request 21: Mon 30 Nov 9,237; Mon 23 Nov 9,231; Sat 28 Nov 9,717
@pytest.mark.parametrize("reply, number, outcome", [
    ("Monday matched the week before: 9,237 vs 9,231.", "9,231", "quoted"),
    ("Monday: 9,237 vs 9,231 the week before.", "9,231", "quoted"),
    ("Monday: 9,237 vs 9,717 the week before.", "9,717", "unsupported"),
])
def test_the_week_before_puts_the_other_side_a_week_back(reply, number, outcome):
    assert mention(reply, 21, number).outcome == outcome


# request 21: this week so far 22,548 over two days; today 2,214 so far
@pytest.mark.parametrize("reply, number, warned", [
    ("Totals are meaningless right now: 22,548 after 2 days.", "22,548", False),
    ("Right now you're on 22,548 this week.", "22,548", False),
    ("Right now you're on 22,000 this week.", "22,000", True),
    ("Right now you're on 22,548.", "22,548", True),    # today's is 2,214
])
def test_right_now_before_a_period_is_the_periods(reply, number, warned):
    assert (mention(reply, 21, number).outcome == "unsupported") == warned


# request 22: earlier coach replies said "streak is at 47 days", "best day was 24,318 steps" and
# "the streak is now 15 days"; none came from the records
@pytest.mark.parametrize("reply, number, outcome", [
    ("Ignore the 24,318 I quoted as your best day; I have no record of it.", "24,318", "quoted"),
    ("Scratch what I said about 15 days. The streak stands at 1.", "15", "quoted"),
    ("I quoted 24,318 as your best day, and I stand by it.", "24,318", "unsupported"),
    ("Ignore the rain. Your best day was 24,318.", "24,318", "unsupported"),
])
def test_a_figure_the_coach_takes_back_in_other_words(reply, number, outcome):
    assert mention(reply, 22, number).outcome == outcome


# request 10: last week, three of seven days met the goal (Wed, Fri, Sun)
@pytest.mark.parametrize("reply, number, outcome", [
    ("Three days met it (Wed, Fri, Sun); the other four averaged 8,891.", "four", "computed"),
    ("Three days met it; the other five averaged 8,891.", "five", "unsupported"),
])
def test_the_other_side_of_days_that_met_it(reply, number, outcome):
    assert mention(reply, 10, number).outcome == outcome


# request 16: Tuesday 1 December; November 2026 began on a Sunday (9 weekend days, 21 weekdays)
@pytest.mark.parametrize("reply, number, outcome", [
    ("November had 9 weekend days and 21 weekdays.", "9", "computed"),
    ("November had 9 weekend days and 21 weekdays.", "21", "computed"),
    ("November had 4 Saturdays and 5 Sundays.", "5", "computed"),
    ("November had 8 weekend days and 22 weekdays.", "8", "unsupported"),
    ("November had 5 Saturdays.", "5", "unsupported"),
])
def test_a_months_days_of_the_week_counted_on_the_calendar(reply, number, outcome):
    assert mention(reply, 16, number).outcome == outcome


# request 17: Tuesday 1 December; the user asks about Nov 19
@pytest.mark.parametrize("reply, number, outcome", [
    ("It was a Thursday, 12 days ago.", "12", "computed"),
    ("Thursday 19 was a good one.", "Thursday 19", "quoted"),
])
def test_a_weekday_then_a_count_of_days_is_no_date(reply, number, outcome):
    assert mention(reply, 17, number).outcome == outcome


# request 10: last week, Mon 23 to Sun 29 November; five days above 9,000, two below
@pytest.mark.parametrize("reply, number, outcome", [
    ("- Days above 9,000: 5 of 7 (Tuesday and Thursday fell below).", "5", "computed"),
    ("**Days below 9,000:** 2", "2", "computed"),
    ("- Days above 9,000: 4 of 7.", "4", "unsupported"),
])
def test_a_count_of_days_after_its_label(reply, number, outcome):
    assert mention(reply, 10, number).outcome == outcome
