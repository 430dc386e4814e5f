"""What a coach works out over a block of day lines without naming the days
(coach_tui/coach/grounding/block_ops.py): a part of the week's average or total, best against
worst, a day's place; and a review request's own instructions are no evidence
(request.py). Phrasings of our own, each true one beside a wrong one that stays warned."""

from __future__ import annotations

import pytest

from tests.unit.test_grounding_round7 import outcome, real

# request_23: the review of week 48: Mon 9,231, Tue 8,963, Wed 12,028 (best), Thu 7,651
# (worst), Fri 10,269, Sat 9,717, Sun 11,470; weekdays average 9,628, the weekend 21,187


@pytest.mark.parametrize("reply, number, expected", [
    ("Your weekdays averaged about 9,600, the weekend a lot more.", "9,600", "computed"),
    ("Monday to Friday you averaged 9,628 a day.", "9,628", "computed"),
    ("Your weekdays averaged about 9,300.", "9,300", "unsupported"),
    ("The weekend came to 21,187 steps in total.", "21,187", "computed"),
    ("Across the weekend you averaged roughly 10,600 a day.", "10,600", "computed"),
    ("Across the weekend you averaged roughly 11,600 a day.", "11,600", "unsupported"),
])
def test_a_part_of_the_week_is_averaged_or_summed_over_its_days(reply, number, expected):
    assert outcome(reply, number, real("request_23.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("Between your best and your lowest day there were about 4,400 steps.", "4,400",
     "computed"),
    ("Your highest day beat your weakest by 4.4k.", "4.4k", "computed"),
    ("Your highest day beat your weakest by 3.4k.", "3.4k", "unsupported"),
    ("The top day of the week was about 57% above the lowest.", "57%", "computed"),
    ("The lowest day sat about 36% below the top one.", "36%", "computed"),
    # the change from the worst up is not the change from the best down
    ("The top day of the week was about 36% above the lowest.", "36%", "unsupported"),
])
def test_best_against_worst_is_worked_out_over_the_block(reply, number, expected):
    assert outcome(reply, number, real("request_23.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("Friday was your third-best day of the week.", "third", "computed"),
    ("Your third-best day was Friday, at 10,269.", "third", "computed"),
    ("Saturday was your third-best day of the week.", "third", "unsupported"),
    ("Monday's 9,231 was your third-lowest.", "third", "computed"),
    ("Tuesday's 8,963 was your third-lowest.", "third", "unsupported"),
    # the place goes to the day named nearest to it
    ("Saturday beat Monday, and Friday was the third-best day.", "third", "computed"),
    ("Friday beat Monday, and Saturday was the third-best day.", "third", "unsupported"),
])
def test_a_place_among_the_days_is_the_named_days(reply, number, expected):
    assert outcome(reply, number, real("request_23.json")) == expected


def test_a_review_requests_instructions_are_no_evidence():
    # "In about one hundred and fifty words" is what the app asks for, not the user's data:
    # 10,000 − 150 is no average of anything
    assert outcome("Your weekdays averaged 9,850.", "9,850", real("request_23.json")) \
        == "unsupported"
    assert outcome("Week 48 came to 69,329 steps.", "69,329", real("request_23.json")) \
        in ("quoted", "computed")


@pytest.mark.parametrize("reply, number, expected", [
    # request_19: best 12,993; 7-day average 9,905; 30-day average 9,494; goal 10,000; today
    # 7,645 so far (fact_ops.py: a percentage between two facts named, not written)
    ("Your best day came in nearly 37% above your 30-day average.", "37%", "computed"),
    ("Your best day came in nearly 30% above your 30-day average.", "30%", "unsupported"),
    ("So far today you're about 23% behind your 7-day average.", "23%", "computed"),
    ("Your 30-day average is 95% of the goal.", "95%", "computed"),
    # the base is the fact named after it: 12,993 is 31% above 9,905, not 37%
    ("Your best day came in nearly 37% above your 7-day average.", "37%", "unsupported"),
])
def test_a_percentage_between_two_named_facts_is_worked_out(reply, number, expected):
    assert outcome(reply, number, real("request_19.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_06: 4,906 so far today; Mon 23 Nov 9,231; Wed 25 Nov 12,028 (local.py: today's
    # count is an operand, as the goal is)
    ("Last Monday you finished on 9,231, so matching it takes 4,325 more.", "4,325",
     "computed"),
    ("Beating last Wednesday's 12,028 would take 7,122 more.", "7,122", "computed"),
    ("Beating last Wednesday's 12,028 would take 6,122 more.", "6,122", "unsupported"),
])
def test_what_is_left_to_match_a_day_is_counted_from_today(reply, number, expected):
    assert outcome(reply, number, real("request_06.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_11: October 248,630 over 31 days (13 goal days); November so far 275,589 over 29
    ("Over the two months you logged 524,219 steps.", "524,219", "computed"),
    ("Over the two months you logged 524,219 steps.", "two", "computed"),
    ("Over the two months you logged 534,219 steps.", "534,219", "unsupported"),
    ("Across both months that's about 8,700 a day.", "8,700", "computed"),
    ("You walked most in the first two weeks.", "two", "unsupported"),
    # a share as digits reads as it does in words: 13 of 31 is about 4 in 10
    ("In October you met the goal on about 4 days in 10.", "4 days in 10", "computed"),
    ("In October you met the goal on about 2 days in 10.", "2 days in 10", "unsupported"),
])
def test_two_periods_together_and_a_share_in_digits(reply, number, expected):
    assert outcome(reply, number, real("request_11.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_19: 7-day average 9,905, 30-day 9,494 (candidates.both_named: the period named
    # right after a change in percent is its base, so the subject is the other)
    ("Your 7-day average is about 4% above your 30-day average.", "4%", "computed"),
    ("Your 30-day average is about 4% above your 7-day average.", "4%", "unsupported"),
    ("Your 30-day average is about 4% below your 7-day average.", "4%", "computed"),
])
def test_a_change_between_two_named_periods_has_the_base_named_after_it(reply, number,
                                                                        expected):
    assert outcome(reply, number, real("request_19.json")) == expected
