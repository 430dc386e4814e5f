"""Round-13 mechanisms of the checker, one test each, in several phrasings a writer uses: a
number that must keep its outcome and one that must change. Written for the classes the
thirteenth labeller's replies showed (not copied from them)."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding.scan import scan
from tests.unit.test_grounding_round7 import outcome, real


@pytest.mark.parametrize("text, minutes", [
    ("it's only ten past eight", (490, 1210)),
    ("by quarter to nine", (525, 1245)),
    ("around half past six", (390, 1110)),
    ("at twenty-five past seven", (445, 1165)),
    ("before seven o'clock", (420, 1140)),
    ("lunch at noon", None),  # "noon" alone is a word, not a number
])
def test_a_clock_time_in_words_is_one_time_not_two_counts(text, minutes):
    atoms = scan(text)
    if minutes is None:
        assert atoms == []
    else:
        assert [(a.kind, a.minutes) for a in atoms] == [("time", minutes)]


@pytest.mark.parametrize("text", ["ten past nine thousand steps", "five past goal days",
                                  "ten minutes after six walks"])
def test_words_near_a_clock_phrase_that_are_not_one_stay_counts(text):
    assert all(a.kind != "time" for a in scan(text))


@pytest.mark.parametrize("reply, number, expected", [
    # request_03: "Now: Monday 2026-11-30, 08:10"
    ("Today's 812 is a slow start, but it's only ten past eight.", "ten past eight", "quoted"),
    ("It's barely ten past eight, so 812 is fine.", "ten past eight", "quoted"),
    ("It's already half past nine and you're on 812.", "half past nine", "unsupported"),
])
def test_a_clock_time_in_words_is_checked_against_the_request_time(reply, number, expected):
    assert outcome(reply, number, real("request_03.json")) == expected


@pytest.mark.parametrize("request_name, reply, number, expected", [
    # request_01: 30-day average 9,505; week 47 averaged 8,111; Fri 5,699, Sat 4,016
    ("request_01.json", "Set against your 30-day average of 9,505, this week sagged by about "
     "15%.", "9,505", "quoted"),
    ("request_01.json", "Compared with your 30-day average of 9,505 this week came in lower.",
     "9,505", "quoted"),
    ("request_01.json", "Compared with your 30-day average of 9,550 this week came in lower.",
     "9,550", "unsupported"),
    # request_06: today so far 4,906 (12:40); yesterday (Sun Nov 29) 11,470
    ("request_06.json", "With 4,906 done before lunch you're ahead of yesterday's pace.",
     "4,906", "quoted"),
    ("request_06.json", "You have 4,906 already, well ahead of yesterday's pace.", "4,906",
     "quoted"),
    ("request_06.json", "Yesterday you did 4,906 by lunchtime.", "4,906", "unsupported"),
    # request_21: this week so far 22,548; last week 69,329
    ("request_21.json", "So far this week: 22,548 steps, against 69,329 for all of last week.",
     "22,548", "computed"),
    ("request_21.json", "Last week you had 22,548 steps.", "22,548", "unsupported"),
])
def test_an_exact_stated_value_is_quoted_when_the_other_anchors_are_the_other_side(
        request_name, reply, number, expected):
    assert outcome(reply, number, real(request_name)) == expected


@pytest.mark.parametrize("request_name, reply, number", [
    # request_01: Fri Nov 20 5,699, Sat Nov 21 4,016: swapped between two named days
    ("request_01.json", "Friday had 4,016 and Saturday 5,699.", "4,016"),
    ("request_01.json", "Friday had 4,016 and Saturday 5,699.", "5,699"),
    ("request_01.json", "Saturday managed only 5,699, then Sunday climbed to 9,257.", "5,699"),
    # request_09: Tue Nov 24 8,963, Wed Nov 25 12,028: the other side's day owns its number
    ("request_09.json", "Last Tuesday edged it: 12,028 steps against Wednesday's 8,963.",
     "12,028"),
    # request_11: October averaged 8,020, November so far 9,503: swapped between periods
    ("request_11.json", "October averaged 9,503 and November 8,020.", "9,503"),
    ("request_11.json", "October averaged 9,503 and November 8,020.", "8,020"),
    # request_10: Mon Nov 23 9,231, Tue Nov 24 8,963: a clause of the number alone is the
    # one before's
    ("request_10.json", "Last week Tuesday, at 9,231, trailed Monday.", "9,231"),
    ("request_10.json", "Tuesday came in at 9,231 against Monday.", "9,231"),
])
def test_a_value_swapped_between_anchors_stays_unsupported(request_name, reply, number):
    assert outcome(reply, number, real(request_name)) == "unsupported"


@pytest.mark.parametrize("reply, number, expected", [
    # request_10: last week Sat Nov 28 9,717, Sun Nov 29 11,470: the weekend averaged 10,594
    ("Last week your weekend averaged roughly 10,600 a day.", "10,600", "computed"),
    ("Last week the weekend came in at about 10,600 a day, the weekdays lower.", "10,600",
     "computed"),
    ("Last week your weekend averaged about 11,400.", "11,400", "unsupported"),
    # one weekend day's count named by its day is that day's, not a weekend average
    ("Last week the weekend closed on Sunday's 11,470.", "11,470", "quoted"),
    ("Last week the weekend closed on Sunday's 9,717.", "9,717", "unsupported"),
])
def test_the_weekend_in_the_singular_is_its_two_days(reply, number, expected):
    assert outcome(reply, number, real("request_10.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_10: last week's best Wed Nov 25 12,028, lowest Thu Nov 26 7,651 (Tue 8,963)
    ("Last week your top day was Wednesday with 12,028 and your lowest was Tuesday with "
     "7,651, so 4,377 separated them.", "4,377", "computed"),  # the records' gap is true
    ("Last week your top day was Wednesday with 12,028 and your lowest was Tuesday with "
     "7,651, so 4,377 separated them.", "7,651", "unsupported"),  # the day is not
    ("Last week Wednesday had 12,028 and Tuesday 7,651, a gap of 4,377.", "4,377",
     "unsupported"),  # of two days, one of them wrong: wrong too
    ("Last week your top day was Wednesday with 12,028 and your lowest was Tuesday with "
     "7,651, so 4,500 separated them.", "4,500", "unsupported"),
])
def test_a_gap_between_named_records_is_true_when_one_is_given_the_wrong_day(
        reply, number, expected):
    assert outcome(reply, number, real("request_10.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_10: last week 69,329 in all, Thu Nov 26 7,651: the other six averaged 10,280
    ("Last week came to 69,329. Leave out Thursday's 7,651 and the remaining 6 days averaged "
     "roughly 10,280.", "10,280", "computed"),
    ("Last week came to 69,329; without Thursday's 7,651, the other six days averaged about "
     "10,280 a day.", "10,280", "computed"),
    ("Last week came to 69,329. Leave out Thursday's 7,651 and the remaining 6 days averaged "
     "roughly 10,500.", "10,500", "unsupported"),
])
def test_the_average_of_the_other_days_is_the_total_less_the_named_day(reply, number,
                                                                         expected):
    assert outcome(reply, number, real("request_10.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_03: Sun Nov 29 11,470 against the 10,000 goal: +14.7%; the day named by value
    ("**11,470 steps** cleared the goal by 1,470, roughly 15% over.", "15%", "computed"),
    ("You logged 11,470. That's about 15% above your goal.", "15%", "computed"),
    ("You logged 11,470, about 25% over the goal.", "25%", "unsupported"),
    ("You logged 11,470, about 15% under the goal.", "15%", "unsupported"),  # direction
    ("You logged 11,570, about 15% over the goal.", "15%", "unsupported"),  # invented base
])
def test_a_change_in_percent_over_counts_written_true_beside_it(reply, number, expected):
    assert outcome(reply, number, real("request_03.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_05: streak 1 (through Sun Nov 29); a supposed event and what would follow
    ("Three more goal days this week and you'd be at 4.", "Three", "advice"),
    ("Three more goal days this week and you'd be at 4.", "4", "advice"),
    ("One more goal day and you'd have 2 in a row.", "2", "advice"),
    # a claim about the data stays a claim, "would" or not
    ("You're on a 1-day streak, so today would be day 9.", "9", "unsupported"),
    ("Your streak is 1 day and you'd be at 5 by now.", "5", "unsupported"),
    ("You met it 7 more times than you'd think.", "7", "unsupported"),
])
def test_what_would_follow_a_supposed_event_is_advice(reply, number, expected):
    assert outcome(reply, number, real("request_05.json")) == expected


_PLAN = ("It's a long day tomorrow, so let's tuck the walking into the gaps.\n\n"
         "- **Before 9:** a 20-minute walk after breakfast.\n"
         "- **12:15, if the call ends early:** even 10 minutes round the block.")
_RECORD = "Your week went like this.\n\n- 12:15 walks on 3 days"


@pytest.mark.parametrize("reply, number, expected", [
    # request_07: a list under a sentence that suggests (no colon) sizes a plan
    (_PLAN, "12:15", "advice"),
    (_PLAN, "10", "advice"),
    # under a sentence that reports, a time is checked
    (_RECORD, "12:15", "unsupported"),
])
def test_a_list_under_a_suggesting_sentence_sizes_a_plan(reply, number, expected):
    assert outcome(reply, number, real("request_07.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_01: Nov 9 is no stated date; an example of what to ask for is not a claim
    ("If you want the detail for an earlier week, say the week of Nov 9, the app will pull "
     "those days.", "Nov 9", "advice"),
    ("For another week, just name it, for example the week of Nov 9, and I'll look it up.",
     "Nov 9", "advice"),
    ("Your best week, say the week of Nov 9, had the most steps.", "Nov 9", "unsupported"),
    ("For example Nov 9 was your best day.", "Nov 9", "unsupported"),
])
def test_an_example_of_what_to_ask_for_is_advice(reply, number, expected):
    assert outcome(reply, number, real("request_01.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_19: the user wrote "12k a day"; goal 10,000; today so far 7,645
    ("12k a day is 20% above your goal.", "20%", "computed"),
    ("12k a day is 25% above your goal.", "25%", "unsupported"),
    ("12k a day is 20% below your goal.", "20%", "unsupported"),  # direction
    ("You're at 7,645, about 24% short of the goal.", "24%", "computed"),
    ("You're at 7,645, about 30% short of the goal.", "30%", "unsupported"),
])
def test_a_change_in_percent_of_a_written_count_against_the_goal(reply, number, expected):
    assert outcome(reply, number, real("request_19.json")) == expected


@pytest.mark.parametrize("reply, expected", [
    # request_01: week 47's two lowest days are Fri Nov 20 (5,699) and Sat Nov 21 (4,016)
    ("The two weakest days came together: Friday the 20th at 5,699 and Saturday the 21st at "
     "4,016.", "computed"),
    ("The two weakest days came together: Thursday the 19th at 9,137 and Friday the 20th at "
     "5,699.", "unsupported"),
])
def test_a_ranking_counts_the_days_its_colon_lists(reply, expected):
    assert outcome(reply, "two", real("request_01.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_10: Thu Nov 26 7,651, Wed Nov 25 12,028 (last week's best), Tue Nov 24 8,963
    ("Last week ranged from 7,651 on Thursday to 12,028 on Wednesday.", "12,028", "quoted"),
    ("Last week ranged from 7,651 on Thursday to 12,028 on Tuesday.", "12,028",
     "unsupported"),
    ("Tuesday went up to 12,028 last week.", "12,028", "unsupported"),  # no range: Tuesday's
])
def test_a_range_from_one_day_to_another_gives_each_end_its_own_day(reply, number, expected):
    assert outcome(reply, number, real("request_10.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_22: the app records steps, not minutes: a length of time sizes a plan...
    ("That's roughly 75 to 80 minutes of walking spread over the day.", "75 to 80", "advice"),
    ("At your pace that's about 70 minutes on your feet.", "70", "advice"),
    # ...unless its clause reports what happened
    ("You walked 40 minutes yesterday.", "40", "unsupported"),
    ("Your 45-minute lunch walks last week paid off.", "45", "unsupported"),
])
def test_a_length_of_walking_the_request_does_not_state_sizes_a_plan(reply, number, expected):
    assert outcome(reply, number, real("request_22.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_11: October averaged 8,020 a day, November (so far) 9,503
    ("November pulled ahead. The daily average climbed from 8,020 in October to 9,503, with "
     "13 goal days in each.", "9,503", "quoted"),
    ("November pulled ahead. The daily average was 9,503 in October.", "9,503",
     "unsupported"),
    ("November pulled ahead. Your best climbed from 8,020 in October to 9,503.", "9,503",
     "unsupported"),  # not November's best
])
def test_a_topic_sentence_names_the_period_of_the_later_side_of_a_change(reply, number,
                                                                            expected):
    assert outcome(reply, number, real("request_11.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_04: a plan opened by an imperative the verb list lacked
    ("Shoot for 4 goal days this week.", "4", "advice"),
    ("Target 11,000 on Saturday.", "11,000", "advice"),
    ("You had 4 goal days last week.", "4", "unsupported"),
])
def test_more_imperatives_open_a_suggestion(reply, number, expected):
    assert outcome(reply, number, real("request_04.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_03: "Now: Monday 2026-11-30, 08:10": an hour said loosely where a clock is read
    ("It's not even nine yet, so 812 is fine.", "nine", "quoted"),
    ("It's barely past eight in the morning.", "eight", "quoted"),
    ("It's already eleven, and you're on 812.", "eleven", "unsupported"),
    ("It's only two days in.", "two", "unsupported"),  # a count of days, not an hour
])
def test_an_hour_in_words_where_a_clock_is_read_is_a_time(reply, number, expected):
    assert outcome(reply, number, real("request_03.json")) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_10: last week 69,329 over 7 days; without Thursday's 7,651 the six average 10,280
    ("Last week came to 69,329 steps. Without Thursday's 7,651, the week averaged about "
     "10,280.", "10,280", "computed"),
    ("Last week came to 69,329 steps. Take out Thursday (7,651) and the rest of the week "
     "averaged about 10,280.", "10,280", "computed"),
    ("Last week came to 69,329 steps. Without Thursday's 7,651, the week averaged about "
     "10,900.", "10,900", "unsupported"),
    ("Last week came to 69,329 steps. Without Tuesday's 8,963, the week averaged about "
     "10,280.", "10,280", "unsupported"),
])
def test_an_average_without_a_day_left_out_is_over_the_days_left(reply, number, expected):
    assert outcome(reply, number, real("request_10.json")) == expected
