"""Round-11 mechanisms of the checker (structural: the arithmetic a writer does over numbers
the reply has just shown true, and which clause of a sentence reports), one test each: a
number that must keep its outcome and one that must change."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check
from tests.unit.test_grounding_round7 import outcome, real


@pytest.mark.parametrize("reply, expected", [
    # request_01: Wednesday 11,203, Saturday 4,016: 4,016 ÷ 11,203 = 35.8%
    ("The highlight was Wednesday at 11,203. Saturday's 4,016 steps came to about 36% of "
     "Wednesday's total.", "computed"),
    ("The highlight was Wednesday at 11,203. Saturday's 4,016 steps came to about 46% of "
     "Wednesday's total.", "unsupported"),
])
def test_a_share_of_two_true_counts_beside_it_is_computed(reply, expected):
    assert outcome(reply, "36%" if "36%" in reply else "46%", real("request_01.json")) \
        == expected


@pytest.mark.parametrize("number, expected", [
    # request_15: 7-day average 9,905; nothing states 11,500 or a gap of 1,600: a claim
    ("1,600", "unsupported"),
    # the clause that suggests keeps its sizes as advice
    ("45", "advice"),
])
def test_a_gap_against_the_users_figure_reports_whatever_follows(number, expected):
    reply = ("You need 11,500 a day. That's roughly 1,600 above your 7-day average of 9,905, "
             "so build in a 45-minute walk.")
    assert outcome(reply, number, real("request_15.json")) == expected


@pytest.mark.parametrize("reply, date, expected", [
    # request_05: the best day of the last 30 is 12,993 on Nov 7; 12,028 was Wednesday the 25th
    ("Your best day is 12,028 steps, set on Wednesday the 25th.", "Wednesday the 25th",
     "unsupported"),
    ("Your best day is 12,993 steps, set on Nov 7.", "Nov 7", "quoted"),
    # a true count keeps its date however it is joined
    ("Wednesday's 12,028 (Wednesday the 25th) was a good day.", "Wednesday the 25th", "quoted"),
])
def test_a_date_joined_to_an_unsupported_count_shares_its_claim(reply, date, expected):
    assert outcome(reply, date, real("request_05.json")) == expected


@pytest.mark.parametrize("reply, expected", [
    # request_15: now Tuesday Dec 1; the week runs to Sunday Dec 6: six days with today
    ("If the week runs Monday to Sunday, 65,763 is left for the six days from today.",
     "computed"),
    ("You need 65,763 over the six days from today through Sunday.", "computed"),
    ("Monday gave you 9,237, so the remaining 65,763 over six days is about 10,960 a day.",
     "computed"),
    ("You have 65,763 left for the week, over the remaining five days.", "unsupported"),
    ("That leaves five days after today to find 65,763 this week.", "computed"),
])
def test_days_left_in_the_week_are_counted_from_today_to_sunday(reply, expected):
    word = "six" if "six" in reply else "five"
    assert outcome(reply, word, real("request_15.json")) == expected


@pytest.mark.parametrize("reply, expected", [
    # request_01 reviews week 47 (to Sun Nov 22); the 10k is on Dec 13: 21 days, three weeks
    ("With the 10k on Dec 13 three weeks after this week ended, keep the weekend walk flat.",
     "computed"),
    # a count of days of the week reviewed stays bound to that week
    ("This week you met the goal on three days.", "unsupported"),
])
def test_weeks_to_a_date_named_beside_them_count_to_that_date(reply, expected):
    assert outcome(reply, "three", real("request_01.json")) == expected


@pytest.mark.parametrize("reply, req, expected", [
    # request_01: week 47 met the goal on 1 day of 7; request_05: streak 1 day
    ("Week 47: you met it on one day out of seven.", "request_01.json", "computed"),
    ("Your streak is one day, thanks to Sunday.", "request_05.json", "quoted"),
    # request_10: the last 7 days met the goal on 3: "one" is now read, and wrong
    ("Last week you met the goal on one day out of seven.", "request_10.json", "unsupported"),
])
def test_one_stating_a_facts_level_is_a_count(reply, req, expected):
    assert outcome(reply, "one", real(req)) in (
        (expected,) if expected == "unsupported" else ("quoted", "computed"))


@pytest.mark.parametrize("reply", [
    "Take it one day at a time.",
    "One day off won't undo a good month.",
    "Pick one of the lunch loops.",
])
def test_one_as_a_pronoun_or_idiom_is_not_read(reply):
    assert not [m for m in check(reply, real("request_10.json")) if m.text.lower() == "one"]


@pytest.mark.parametrize("reply, number, expected", [
    # request_10: the last 7 days (Mon Nov 23 to Sun Nov 29) met the goal on 3
    ("You met the goal on 3 of the last 7 days.", "3", "computed"),
    # 2 goal days Mon to Fri is no count "of the last 7 days"
    ("You met the goal on 2 of the last 7 days.", "2", "unsupported"),
    # a count over a named period is over all its days, not a run inside it
    ("Over the last 7 days you had 1 goal day.", "1", "unsupported"),
])
def test_a_count_of_goal_days_is_over_the_days_its_words_count(reply, number, expected):
    assert outcome(reply, number, real("request_10.json")) == expected


@pytest.mark.parametrize("reply, expected", [
    # request_10 lists Mon Nov 23 to Sun Nov 29 (7 days); now is Mon Nov 30
    ("You have 7 days on record.", "computed"),
    # neither the first five days of the listing nor the days since a stated date
    ("You have 5 days on record.", "unsupported"),
])
def test_a_count_of_days_is_a_stated_period_or_a_span_its_words_name(reply, expected):
    number = "7" if "7" in reply else "5"
    assert outcome(reply, number, real("request_10.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_07: today so far 8,214 of a 10,000 goal: 1,786 to go
    ("First, today: you're at 8,214, so 1,786 more gets you to 10,000 tonight.", "1,786",
     "computed"),
    # a sentence that suggests ("tonight") still reports where the user stands
    ("First, today: you're at 8,214, so 2,020 more gets you to 10,000 tonight.", "2,020",
     "unsupported"),
    ("Tonight you're 2,020 short; 20 minutes now would do it.", "2,020", "unsupported"),
    ("Today you're at 9,280, so finish with a short walk tonight.", "9,280", "unsupported"),
    # a plan's own size stays advice
    ("Tonight, get 2,000 more steps in after dinner.", "2,000", "advice"),
])
def test_a_step_count_that_reports_where_the_user_stands_is_a_claim(reply, number, expected):
    assert outcome(reply, number, real("request_07.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_10: Fri Nov 27 10,269, Wed 12,028, Sun 11,470; today so far 9,377
    ("Wednesday's 12,028 topped the week, and Friday's 10,269 and Sunday's 11,470 closed it.",
     "10,269", "quoted"),
    # a day's level that is not that day's is not rescued as a sum of the numbers beside it
    ("Wednesday's 12,028 topped the week, and Friday's 11,600 and Sunday's 11,470 closed it.",
     "11,600", "unsupported"),
    ("Today you're at 10,600, only 623 from the goal.", "10,600", "unsupported"),
    ("Today you're at 9,377, only 623 from the goal.", "9,377", "quoted"),
])
def test_a_stated_days_level_is_that_days_value_not_a_sum(reply, number, expected):
    assert outcome(reply, number, real("request_10.json")) == expected


@pytest.mark.parametrize("reply, number", [
    # request_07: today so far 8,214 of a 10,000 goal
    ("Tonight's 9,280 is 1,786 from adding today to the list.", "9,280"),
    ("Today you're at 8,214; reaching 12,000 tonight would need 4,920 more.", "4,920"),
])
def test_more_report_frames_are_claims(reply, number):
    assert outcome(reply, number, real("request_07.json")) == "unsupported"


@pytest.mark.parametrize("reply, number, req, expected", [
    # request_05: streak 1 day, longest 18; request_10: last 7 days met the goal on 3
    ("**Streak:** 1 day, from Sunday's 11,470.", "1", "request_05.json", "quoted"),
    ("**Streak:** 2 days, from Sunday's 11,470.", "2", "request_05.json", "unsupported"),
    ("- **Longest streak this past year:** 18 days.", "18", "request_05.json", "quoted"),
    ("- **Goal met:** 3 of 7 days (Wednesday, Friday, Sunday)", "3", "request_10.json",
     "computed"),
    ("- **Goal met:** 4 of 7 days (Wednesday, Friday, Sunday)", "4", "request_10.json",
     "unsupported"),
])
def test_a_report_lines_label_names_the_fact_its_count_is(reply, number, req, expected):
    got = outcome(reply, number, real(req))
    assert got == expected or expected != "unsupported" and got in ("quoted", "computed")
