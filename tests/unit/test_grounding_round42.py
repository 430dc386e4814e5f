"""Round 42's rules (the nineteenth session), each read from a tuning writer's wrong warning
(rep, req, rer: scored blind on the session's start, then read) and kept with no dev outcome
made worse. Each rule has a true and a false phrasing: a rule that made both pass would only
have silenced the warning."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check
from tests.unit.test_grounding_round31 import mention, request

# request 10: last week's weekdays 48,142 (9,628.4 a day), its weekend 21,187 (10,593.5 a day)
_SPLIT = "Splitting the week shows where the gap came from:\n\n" \
    "- **Weekdays (Mon–Fri):** 48,142 steps, about 9,628 a day\n" \
    "- **Weekend (Sat–Sun):** 21,187 steps, about 10,594 a day\n\n" \
    "So the weekend ran about {n} steps a day ahead of the weekdays."


@pytest.mark.parametrize("n, outcome", [("965", "computed"), ("1,065", "unsupported")])
def test_a_sentence_under_a_list_works_from_the_lists_figures(n, outcome):
    assert mention(_SPLIT.format(n=n), 10, n).outcome == outcome


# request 4: last week 9,904 a day, the 30-day average 9,548 (+3.7%)
_PACE = "- **Last week (Nov 23–29):** 69,329 steps, 9,904 a day.\n" \
    "- **Your 30-day average:** 9,548 a day.\n\n" \
    "So last week ran about 356 steps a day above your month, roughly {n} up."


@pytest.mark.parametrize("n, outcome", [("4%", "computed"), ("6%", "unsupported")])
def test_a_percentage_under_a_list_works_from_the_lists_figures(n, outcome):
    assert mention(_PACE.format(n=n), 4, n).outcome == outcome


# request 8: November so far 13 of 29 days met (44.8%); the last 30 days 14 of 30 (46.7%)
def test_a_list_items_own_percentage_is_not_worked_from_the_items_above():
    reply = "- **Hit rate:** 13 of 29 days, a 44.8% hit rate.\n" \
        "- **Average:** 9,503 a day.\n- **Best day:** 12,993 on 7 Nov.\n" \
        "- **Rolling view:** 14 of the last 30 days met, which is 48.3%."
    assert mention(reply, 8, "48.3%").outcome == "unsupported"


# request 23: last week's weekend (Sat 28th, Sun 29th) 21,187
@pytest.mark.parametrize("n, outcome", [("two", "quoted"), ("six", "unsupported")])
def test_a_total_over_the_days_of_the_weekend(n, outcome):
    reply = f"Your weekend, 21,187 steps over {n} days, outpaced your weekdays."
    assert mention(reply, 23, n).outcome == outcome


# request 24: Monday 30th 9,237; the 30-day average 9,494 (257 under it)
@pytest.mark.parametrize("n, outcome", [("250", "computed"), ("260", "computed"),
                                        ("225", "unsupported")])
def test_a_hedged_gap_ending_in_5_rounds_to_the_nearest_50(n, outcome):
    reply = f"Monday came in at 9,237, about {n} under your 30-day average of 9,494."
    assert mention(reply, 24, n).outcome == outcome


# request 11: October 13 goal days of 31 (41.9%), November so far 13 of 29 (44.8%)
_RATE = "The November total is already 26,959 higher with the 30th still to count. Goal " \
    "days are level at 13, but in fewer days, so the hit rate went from about {n} to about 45%."


@pytest.mark.parametrize("n, outcome", [("42%", "computed"), ("38%", "unsupported")])
def test_from_a_to_b_the_earlier_side_is_the_other_period(n, outcome):
    assert mention(_RATE.format(n=n), 11, n).outcome == outcome


# request 22: Wednesday 2 December; the streak is 1 day through December 1
_PLAN = "To keep the streak going, here's today and the two days after it:\n\n" \
    "- **Wed Dec 2, lunch:** a 30-minute walk on your flat route.\n" \
    "- **Thu Dec 3:** day {n} if today lands. Same lunch walk.\n"


@pytest.mark.parametrize("n, outcome", [("3", "computed"), ("5", "unsupported")])
def test_day_n_on_a_plans_dated_line_is_the_streak_counted_on_to_it(n, outcome):
    assert mention(_PLAN.format(n=n), 22, n).outcome == outcome


# request 5: Monday 30 November
@pytest.mark.parametrize("reply, outcome", [
    ("You hit the goal yesterday.\n\nSo the streak is young, which makes the next three days "
     "the ones that count:", "advice"),
    # (a line right under a line that tells is read with it, as before)
    ("You hit the goal yesterday.\nSo the next three days are the ones that count.",
     "unsupported"),
])
def test_a_paragraph_of_its_own_is_not_told_by_the_line_above_it(reply, outcome):
    assert mention(reply, 5, "three").outcome == outcome


# request 13: Tuesday 1 December
@pytest.mark.parametrize("reply, outcome", [
    ("- **Thu:** same as Wednesday. Three goal days in a row would be a fine restart after "
     "yesterday's near miss.", "advice"),
    ("Three goal days in a row would be your longest streak this year.", "unsupported"),
])
def test_a_count_the_words_after_it_suppose_is_advice(reply, outcome):
    assert mention(reply, 13, "Three").outcome == outcome


# request 19: a plan for December
@pytest.mark.parametrize("reply, outcome", [
    ("Each week stays simple: a 30-minute lunch walk every weekday, plus an evening walk that "
     "grows from 15 to 30 minutes.", "advice"),
    # (a range's first end is advice only beside a planned other end)
    ("You walked 15 to 30 minutes a day last week, 15 on Monday.", "unsupported"),
])
def test_the_first_end_of_a_plans_range_is_advice(reply, outcome):
    assert mention(reply, 19, "15").outcome == outcome


# request 17: Tuesday 1 December
@pytest.mark.parametrize("reply, present", [
    ("- **Fri Dec 4:** a lighter day, 20 minutes at lunch, and see where you are at 6.", False),
    ("You are at 6 days in a row.", True),
])
def test_where_you_are_at_six_is_an_hour(reply, present):
    warned = [m.text for m in check(reply, request(17)) if m.outcome == "unsupported"]
    assert ("6" in warned) == present


# request 22: Wednesday 2 December
@pytest.mark.parametrize("reply, outcome", [
    ("- Sat Dec 12: 6,000, legs up", "advice"),
    # (a plan's dated line that tells a record is checked)
    ("- **Thu Dec 3:** last Thursday, the 26th, was the weakest day of last week at 6,000.",
     "unsupported"),
])
def test_a_plans_line_headed_by_a_weekday_and_a_date_ahead(reply, outcome):
    assert mention(reply, 22, "6,000").outcome == outcome


@pytest.mark.parametrize("reply, number, outcome", [
    ("A typical 10k takes 12,000 to 14,000 steps at walking stride.", "12,000 to 14,000",
     "advice"),
    ("Around 5,000 steps a day is often called sedentary.", "5,000", "advice"),
    ("You averaged 5,000 steps a day last week.", "5,000", "unsupported"),
])
def test_a_general_fact_is_advice(reply, number, outcome):
    assert mention(reply, 22, number).outcome == outcome


# request 22: Wednesday 2 December; the streak is 1 day through December 1
@pytest.mark.parametrize("n, outcome", [("3", "computed"), ("4", "unsupported")])
def test_the_day_a_sentence_names_is_its_day_of_the_streak(n, outcome):
    reply = f"If you hit the goal today and tomorrow, Thursday will be day {n} of your streak."
    assert mention(reply, 22, n).outcome == outcome
