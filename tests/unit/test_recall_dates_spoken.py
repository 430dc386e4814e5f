"""Dates as people say them (issue 18, item 1): each form names its day or span, read with a
pinned clock (Friday 4 December 2026); and the words around a date that say what is asked of
it ("what did I write that day", "the day the dog cut his paw", "my daily avg")."""

from datetime import date

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.focus import _ASKS_DAYS, THAT_DAY, WHAT_HAPPENED
from coach_tui.memory.query import expand, message_words, read_phrases, spelled_out

TODAY = date(2026, 12, 4)  # a Friday


def _spans(text: str, order: str = "DMY") -> list[tuple[date, date]]:
    return [(s.start, s.end) for s in named_spans(text, TODAY, order)]


def _day(y: int, m: int, d: int) -> tuple[date, date]:
    return (date(y, m, d), date(y, m, d))


@pytest.mark.parametrize("text, order, expected", [
    ("steps on Nov 13?", "DMY", [_day(2026, 11, 13)]),
    ("steps on 13 Nov?", "DMY", [_day(2026, 11, 13)]),
    ("November 13th", "DMY", [_day(2026, 11, 13)]),
    ("what about the 13th", "DMY", [_day(2026, 11, 13)]),
    ("13/11 was a big one", "DMY", [_day(2026, 11, 13)]),
    ("11/13 was a big one", "MDY", [_day(2026, 11, 13)]),
    ("31/10 and 1/11", "DMY", [_day(2026, 10, 31), _day(2026, 11, 1)]),
    ("10/31 and 11/1", "MDY", [_day(2026, 10, 31), _day(2026, 11, 1)]),
    ("27th of october", "DMY", [_day(2026, 10, 27)]),
    ("did i hit target on 1 oct", "DMY", [_day(2026, 10, 1)]),
])
def test_a_named_day_in_every_common_form(text, order, expected):
    assert _spans(text, order) == expected


def test_tuesday_the_13th_is_the_one_such_date_in_range():
    # 13 November 2026 is a Friday; the latest Tuesday the 13th before it is in October.
    assert _spans("how far did I walk on Tuesday the 13th?") == [_day(2026, 10, 13)]


@pytest.mark.parametrize("text, expected", [
    ("last Tuesday", [_day(2026, 12, 1)]),
    ("3 weeks ago", [_day(2026, 11, 13)]),
    ("a fortnight ago", [_day(2026, 11, 20)]),
    ("fortnight ago i was flying", [_day(2026, 11, 20)]),
    ("a couple of weeks ago", [_day(2026, 11, 20)]),
    ("couple of days ago", [_day(2026, 12, 2)]),
    ("two weekends ago", [(date(2026, 11, 21), date(2026, 11, 22))]),
    ("the week of the 10th", [(date(2026, 11, 9), date(2026, 11, 15))]),
    ("how many steps did I get last night", [_day(2026, 12, 3)]),
    ("last night's walk with the dog", [_day(2026, 12, 3)]),
])
def test_a_relative_day_or_week(text, expected):
    assert _spans(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("early October", [(date(2026, 10, 1), date(2026, 10, 10))]),
    ("early november, what was my daily avg", [(date(2026, 11, 1), date(2026, 11, 10))]),
    ("mid-Oct", [(date(2026, 10, 11), date(2026, 10, 20))]),
    ("late Oct", [(date(2026, 10, 21), date(2026, 10, 31))]),
    ("how did sept compare to oct step-wise",
     [(date(2026, 9, 1), date(2026, 9, 30)), (date(2026, 10, 1), date(2026, 10, 31))]),
    ("aug vs nov",
     [(date(2026, 8, 1), date(2026, 8, 31)), (date(2026, 11, 1), date(2026, 11, 30))]),
    ("Sept. was tough", [(date(2026, 9, 1), date(2026, 9, 30))]),
])
def test_a_month_or_part_of_one_as_people_shorten_it(text, expected):
    assert _spans(text) == expected


@pytest.mark.parametrize("text", ["Jan said the park was shut", "don't mar the streak",
                                  "my best month"])
def test_a_name_or_a_verb_spelled_like_a_month_is_no_date(text):
    assert _spans(text) == []


def test_a_short_month_next_to_a_day_is_that_day_even_when_ambiguous_alone():
    assert _spans("Jan 5") == [_day(2026, 1, 5)]
    assert _spans("mar 3") == [_day(2026, 3, 3)]


@pytest.mark.parametrize("text", [
    "27th of october. what did i write down that day",
    "how was i feeling on 1 oct",
    "how did I feel on the 3rd?",
    "what did i get up to on the 5th of september?",
])
def test_asking_what_was_written_or_felt_on_a_day_asks_for_its_journal(text):
    assert WHAT_HAPPENED.search(text)


@pytest.mark.parametrize("text", [
    "steps the day biscuit cut his paw?",
    "how many steps on my parkrun pb day?",
    "how many steps that day",
])
def test_the_day_of_something_found_is_asked_for(text):
    assert THAT_DAY.search(text)


@pytest.mark.parametrize("text", ["how was the day before the race",
                                  "did I hit it on the first day of each"])
def test_a_day_counted_from_an_event_is_no_day_of_what_was_found(text):
    assert THAT_DAY.search(text) is None


@pytest.mark.parametrize("text", ["what was my daily avg?", "how did sept compare step-wise",
                                  "steps per day that week"])
def test_an_average_asks_about_the_days(text):
    assert _ASKS_DAYS.search(text)


def test_a_two_letter_word_of_the_domain_is_searched_for():
    assert message_words("remind me of my parkrun pb time") == ["parkrun", "pb"]
    assert "gp" in message_words("what did the gp say")
    assert message_words("is it ok to go") == []


@pytest.mark.parametrize("text, word, means", [
    ("my sore lower legs", "calf", "calves"),
    ("anything indoors on the belt?", "treadmill", "gym"),
    ("how long was i hobbling about", "hobbling", "stiff"),
    ("when my previous set wore through", "worn", "threadbare"),
    ("the lady who looked at my leg", "examined", "diagnosed"),
    ("anything after dark in my singlet?", "singlet", "clothes"),
    ("pushed hard on the hills", "effort", "exertion"),
    ("muddy trails", "trails", "woods"),
])
def test_everyday_words_find_their_family(text, word, means):
    read = read_phrases(text)
    assert word in message_words(read)
    assert means in expand(word, 40) or means in expand(word.rstrip("s"), 40)


@pytest.mark.parametrize("text, expected", [
    ("the week 3 weeks back, how many steps all in?", [(date(2026, 11, 9), date(2026, 11, 15))]),
    ("steps 3 days back", [_day(2026, 12, 1)]),
    ("two saturdays back", [_day(2026, 11, 21)]),
    ("I got back 3 days ago", [_day(2026, 12, 1)]),   # "back" after no count is not "ago"
])
def test_back_after_a_count_of_days_is_ago(text, expected):
    assert _spans(text) == expected


def test_text_speak_with_a_possessive_is_still_the_word():
    assert spelled_out("yday's steps? did i make the 10k") == (
        "yesterday's steps? did i make the 10k")
    assert _spans(spelled_out("yday's steps?")) == [_day(2026, 12, 3)]
    assert spelled_out("u'll see, rock 'n' roll") == "u'll see, rock 'n' roll"


MONDAY = date(2026, 11, 30)  # a Monday: an unqualified "Monday" alone is today


@pytest.mark.parametrize("text, expected", [
    # every weekday of a list that ends "last week" is that day of last week
    ("How were Monday and Tuesday last week?", [_day(2026, 11, 23), _day(2026, 11, 24)]),
    ("Thursday, Friday and Saturday of last week?",
     [_day(2026, 11, 26), _day(2026, 11, 27), _day(2026, 11, 28)]),
    ("monday or tuesday last week, which was better?",
     [_day(2026, 11, 23), _day(2026, 11, 24)]),
    # a list with no week named keeps the nearest days ("Monday" is today's own line)
    ("How were Monday and Tuesday?", [_day(2026, 11, 24)]),
    # only the weekday the week follows when the list is cut by other words
    ("Monday was fine, and Tuesday last week was not",
     [_day(2026, 11, 24)]),
])
def test_weekdays_listed_before_last_week(text, expected):
    assert sorted((s.start, s.end) for s in named_spans(text, MONDAY, "DMY")
                  if not s.summary) == expected
