"""More dates as people say them: ordinals written out, "the month before", a distance that
names a race ("5k"), "brand" for the shoe makers."""

from datetime import date

import pytest

from coach_tui.memory.datewords import calendar_spans
from coach_tui.memory.daywords import named_spans
from coach_tui.memory.query import expand

TODAY = date(2026, 12, 4)


@pytest.mark.parametrize("text, day", [
    ("did I meet my target on the twentieth of October?", date(2026, 10, 20)),
    ("October the first was good", date(2026, 10, 1)),
    ("what about november twenty-first?", date(2026, 11, 21)),
    ("the thirty first of August", date(2026, 8, 31)),
])
def test_an_ordinal_written_out_next_to_a_month_is_that_day(text, day):
    assert [s.start for _, _, s in calendar_spans(text, TODAY)] == [day]


def test_an_ordinal_word_alone_is_no_date():
    assert calendar_spans("my first of many runs", TODAY) == []


def test_the_month_before_last_month_is_the_one_before_it():
    spans = named_spans("how did last month compare to the month before?", TODAY)
    assert [(s.start, s.end) for s in spans] == [
        (date(2026, 11, 1), date(2026, 11, 30)), (date(2026, 10, 1), date(2026, 10, 31))]


def test_the_week_before_an_event_is_not_the_week_before_last():
    assert named_spans("was i overdoing it the week before i got the flu?", TODAY) == []
    assert len(named_spans("how was last week vs the week before?", TODAY)) == 2


def test_a_race_distance_and_a_brand_search_for_what_they_name():
    assert "parkrun" in expand("5k") and "5 km" in expand("5k")
    assert "brooks" in expand("brand")


def test_a_short_distance_is_a_word_and_whats_is_not():
    from coach_tui.memory.query import message_words
    assert message_words("whats my fastest 5k ever") == ["fastest", "5k"]
    assert "race" not in expand("5k")          # its own group, not the races over it


def test_a_bare_ordinal_beside_a_dated_week_is_a_day_of_its_month():
    spans = [s for _, _, s in calendar_spans(
        "what did my review for the week of 5 October say, and how many steps on the 10th?",
        TODAY)]
    assert [s.start for s in spans] == [date(2026, 10, 5), date(2026, 10, 10)]
    assert [s.start for _, _, s in calendar_spans("the 13th?", TODAY)] == [date(2026, 11, 13)]
