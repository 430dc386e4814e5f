"""Round 16 of the number checker: classes two new writers' replies showed (plans in tables,
gaps whose words name their operands, both sides of a comparison, a number a stated fact's
name heads), each in phrasings of its own, with the case that must stay warned beside the one
it clears."""

from __future__ import annotations

import pytest

from tests.support import WEEK_48_DAYS, number_outcome

# Tuesday evening: last week and this week so far, two months, the snapshot, the user's aim
REQUEST = """MEMORY (code-derived facts and journal lines):
- step goal streak: 1 days (through 2026-12-01)
- 7-day average: 10,526 steps/day (2026-11-25 to 2026-12-01)
- 30-day average: 9,548 steps/day (2026-11-02 to 2026-12-01)
- 2026-11-02: Running the city 10k on Dec 13 with my sister Ana.
CONTEXT FOR THIS MESSAGE (added by the app, not typed by the user; numbers here come from \
the user's records):
Now: Tuesday 2026-12-01, 19:10. Today so far: 13,311 steps of a 10,000 goal (partial: the \
day is not over).
Days this message mentions:
""" + WEEK_48_DAYS + """- Mon 2026-11-30: 9,237 steps, goal 10,000, not met
- this week so far (2026-11-30 to 2026-12-01): 2 of 2 days recorded, 22,548 steps, average \
11,274/day, goal met on 1, best 13,311 on 2026-12-01
- last week (2026-11-23 to 2026-11-29): 7 of 7 days recorded, 69,329 steps, average \
9,904/day, goal met on 3, best 12,028 on 2026-11-25
- October 2026 (2026-10-01 to 2026-10-31): 31 of 31 days recorded, 248,630 steps, average \
8,020/day, goal met on 13, best 13,759 on 2026-10-17
- November 2026 (2026-11-01 to 2026-11-30): 30 of 30 days recorded, 284,826 steps, average \
9,494/day, goal met on 13, best 12,993 on 2026-11-07
How am I doing, and how do I get to 12k a day?
"""


def outcome(reply: str, number: str) -> str:
    """The checker's outcome, with quoted and computed both read as "true" (not warned)."""
    found = number_outcome(reply, number, REQUEST)
    return "true" if found in ("quoted", "computed") else found


PLAN_BY_CLOCK = """Here's a day that gets you there:

| Time | Walk | Steps |
|---|---|---|
| 7:45 | before the first meeting | 2,400 |
| 13:10 | lunch loop | 3,100 |
| 18:40 | evening stroll | 4,200 |
"""

PLAN_BY_COLUMN = """| Day | Aim | How |
|---|---|---|
| Wed | 11,500 | lunch walk and a loop after dinner |
| Thu | 10,800 | two 25-minute walks |

That would put the week around 76,000.
"""

REVIEW = """| Day | Steps | Target |
|---|---|---|
| Mon 23 | 9,231 | 10,000 |
| Tue 24 | 8,412 | 10,000 |
"""


@pytest.mark.parametrize("reply, number, expected", [
    # rows that are clock times: the table is a plan, whatever its columns say
    (PLAN_BY_CLOCK, "2,400", "advice"), (PLAN_BY_CLOCK, "18:40", "advice"),
    # a column that says what to do, and what the plan comes to just after it
    (PLAN_BY_COLUMN, "11,500", "advice"), (PLAN_BY_COLUMN, "76,000", "advice"),
    # a review beside the goal is no plan, nor a week summed up: a wrong count stays warned
    (REVIEW, "8,412", "unsupported"),
    ("| What | Steps |\n|---|---|\n| Total | 69,329 |\n| Best day | 12,480 |\n", "12,480",
     "unsupported"),
])
def test_a_table_that_plans_is_advice(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("Here's a gentler ramp: 10,800 a day through Sunday, then 11,400, then 12,000.", "11,400",
     "advice"),
    ("My plan: 11,200 on weekdays and 13,000 on Saturdays.", "11,200", "advice"),
    # a heading that reports is no plan
    ("Your route: you walked 11,200 on Monday.", "11,200", "unsupported"),
    # a range of minutes after a clause that reports the day so far
    ("Yesterday was good. Today you're at 13,311 so far, so a lunchtime walk of 20-30 minutes "
     "will do a lot of the heavy lifting.", "20-30", "advice"),
])
def test_a_sentence_headed_by_a_plan_is_advice(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # the goal less the average the reply last wrote true, at any size
    ("November averaged 9,494 a day. Day to day that leaves you 506 short on average.", "506",
     "true"),
    ("Last week averaged 9,904. That is 96 steps a day from averaging the goal.", "96",
     "true"),
    ("November averaged 9,494 a day. Day to day that leaves you 406 short on average.", "406",
     "unsupported"),
    # two values the sentence sets against each other around the gap
    ("Monday's 9,237 came in just 6 steps more than the 9,231 of Nov 23.", "6", "true"),
    ("Monday's 9,237 came in just 9 steps more than the 9,231 of Nov 23.", "9",
     "unsupported"),
])
def test_a_gap_whose_words_name_its_operands(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("Thursday gave you 7,651 and Friday 10,269. That's about 2,600 more, a solid bounce.",
     "2,600", "true"),
    # the best day less Thursday has this size; the sentence before names Friday
    ("Thursday gave you 7,651 and Friday 10,269. That's about 5,300 more, a solid bounce.",
     "5,300", "unsupported"),
])
def test_that_s_n_more_is_the_gap_between_the_two_counts_before(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("Daily average: 8,020 in October → 9,494 in November.", "9,494", "true"),
    ("Daily average: 8,020 in October → 7,200 in November.", "7,200", "unsupported"),
    ("So far this week you average 11,274 against 9,904 the week before.", "9,904", "true"),
    ("Totals this week read 22,548 vs 69,329, but that's two days against seven.", "69,329",
     "true"),
    ("You're down a lot on last week: 22,548 steps versus 69,329.", "22,548", "true"),
    # "to the 30th" after a month ends its span: the month's total, not that day's count
    ("**November (to the 30th):** 284,826 steps.", "284,826", "true"),
    ("**November (to the 30th):** 248,630 steps.", "248,630", "unsupported"),
])
def test_each_side_of_a_comparison_is_its_own_period(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # the whole of "3 of 7" is cleared as the week's size: the share over it is worked out
    ("**Last week: 3 of 7 days at goal (43%).**", "43%", "true"),
    ("**Last week: 3 of 7 days at goal (48%).**", "48%", "unsupported"),
    # the whole of a count of days named with its period is that period's length
    ("You met the goal on 13 of 30 days in November.", "30", "true"),
    ("You met the goal on 13 of 31 days in November.", "31", "unsupported"),
])
def test_a_count_of_days_and_its_share(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("Your 30-day average came out at just under 9,600.", "9,600", "true"),
    # a six-day average (10,016) is just over 10,000; the words name the 30-day average
    ("Your 30-day average came out at just over 10,000.", "10,000", "unsupported"),
    ("Your 30-day average sits at about 9,500.", "9,500", "true"),
    # a gap after the name is not the average
    ("Your 30-day average sits 98 below the 7-day one.", "98", "unsupported"),
])
def test_a_number_a_stated_averages_name_heads(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # a change against a week the request does not state
    ("Last week came to 69,329, roughly a fifth more than the week before.", "fifth",
     "unsupported"),
    ("Your average rose from 8,020 to 9,494, about 18% better.", "18%", "true"),
    # the totals changed by 14.6%: the words pair the averages
    ("Your average rose from 8,020 to 9,494, about 15% better.", "15%", "unsupported"),
    # days over a mark that is not the goal: the request counts only days at the goal
    ("In November you had 13 days over 12,000.", "13", "unsupported"),
    # both sides of a comparison of counts count the same thing
    ("This week you've met the goal on 1 of 2 days, compared with 3 of 7 last week.", "3",
     "true"),
    ("This week you've met the goal on 1 of 2 days, compared with 4 of 7 last week.", "4",
     "unsupported"),
    # the streak's size said in passing inside a suggestion is a claim
    ("Protect the run; at 47 days it's worth it.", "47", "unsupported"),
    ("Protect the run; at 1 day it's just starting.", "1", "true"),
])
def test_a_wrong_number_no_longer_passes_as_another_operation(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("A 12k average means most days would look like your best ones.", "12k", "advice"),
    ("An 11,800 day would need a long lunch walk.", "11,800", "advice"),
    # a value the sentence reports is no supposition
    ("A 11,800 day is what you logged on Monday.", "11,800", "unsupported"),
    ("The race on Dec 13 is just under two weeks away.", "two", "true"),
    ("The race on Dec 13 is about three weeks away.", "three", "unsupported"),
])
def test_suppositions_and_weeks_ahead(reply, number, expected):
    assert outcome(reply, number) == expected
