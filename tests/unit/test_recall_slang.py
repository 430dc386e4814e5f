"""Recall, round 20c: a club runner's slang and informal dates. "w/e" for a weekend, "Sun
gone" for the Sunday just past, "the week starting" a day, "the whole Mon-Sun week" some weeks
back. Pure, with a pinned today (Thursday 10 December 2026); the phrasings are this file's own."""

import re
from datetime import date, timedelta

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.textspeak import spelled_out

TODAY = date(2026, 12, 10)  # a Thursday


def _spans(text: str) -> list[tuple[date, date]]:
    return [(s.start, s.end) for s in named_spans(spelled_out(text), TODAY)]


@pytest.mark.parametrize("text, days", [
    ("how was my last w/e?", (date(2026, 12, 5), date(2026, 12, 6))),
    ("steps over the w/e before last", (date(2026, 11, 28), date(2026, 11, 29))),
    ("two w/e's ago, sat and sun", (date(2026, 11, 28), date(2026, 11, 29))),
    ("four w/es back please", (date(2026, 11, 14), date(2026, 11, 15))),
    ("the weekend just gone", (date(2026, 12, 5), date(2026, 12, 6))),
])
def test_a_weekend_written_short_or_just_gone(text, days):
    assert days in _spans(text)


@pytest.mark.parametrize("text, day", [
    ("Sun gone, did I make it?", date(2026, 12, 6)),
    ("Mon just gone: steps?", date(2026, 12, 7)),
])
def test_a_weekday_gone_is_the_last_one(text, day):
    assert (day, day) in _spans(text)


@pytest.mark.parametrize("text, day", [
    ("a week last Sunday, what did I do?", date(2026, 11, 29)),     # last Sunday is 6 Dec
    ("a fortnight last Monday", date(2026, 11, 23)),
])
def test_a_week_last_weekday_is_a_week_before_it(text, day):
    assert _spans(text) == [(day, day)]


def test_the_week_just_gone_is_last_week():
    assert (date(2026, 11, 30), date(2026, 12, 6)) in _spans("total for the week just gone")


@pytest.mark.parametrize("text, week", [
    ("the wk starting Mon 2nd Nov", (date(2026, 11, 2), date(2026, 11, 8))),
    ("week commencing the 16th of November", (date(2026, 11, 16), date(2026, 11, 22))),
    ("the week beginning Wednesday 4 November", (date(2026, 11, 4), date(2026, 11, 10))),
    ("the week of Wednesday 4 November", (date(2026, 11, 2), date(2026, 11, 8))),
])
def test_the_week_starting_a_day(text, week):
    assert week in _spans(text)


@pytest.mark.parametrize("text, day", [
    ("what did I clock a fortnight back?", date(2026, 11, 26)),
    ("a couple weeks back, was I on target?", date(2026, 11, 26)),
    ("a couple wks ago", date(2026, 11, 26)),
])
def test_a_fortnight_back_and_a_couple_of_weeks(text, day):
    assert (day, day) in _spans(text)


@pytest.mark.parametrize("text, today, days", [
    ("steps over the weekend?", TODAY, (date(2026, 12, 5), date(2026, 12, 6))),
    ("did I get out at the weekend", date(2026, 12, 14), (date(2026, 12, 12),
                                                         date(2026, 12, 13))),
])
def test_over_the_weekend_is_the_latest_one(text, today, days):
    assert days in [(s.start, s.end) for s in named_spans(spelled_out(text), today)]


def test_the_weekend_of_a_date_is_not_the_latest_one():
    assert (date(2026, 12, 5), date(2026, 12, 6)) not in _spans(
        "over the weekend of the 14th of November")


@pytest.mark.parametrize("text, days", [
    ("the last w/e of oct", (date(2026, 10, 31), date(2026, 11, 1))),
    ("steps on the first weekend in November", (date(2026, 11, 7), date(2026, 11, 8))),
    ("the second wknd of sept", (date(2026, 9, 12), date(2026, 9, 13))),
])
def test_a_weekend_counted_within_a_month(text, days):
    spans = _spans(text)
    assert days in spans
    assert not any(end - start > timedelta(days=2) for start, end in spans)  # no whole month


def test_the_month_is_the_latest_so_named():
    assert (date(2026, 1, 3), date(2026, 1, 4)) in _spans("the first weekend of january")


def test_the_whole_monday_to_sunday_week_some_weeks_back():
    assert (date(2026, 11, 16), date(2026, 11, 22)) in _spans(
        "3 wks back, that whole Mon-Sun wk, what did I total?")


# The word list: a club runner's slang as the words the lines are written in.

from coach_tui.memory.query import expand, message_words, read_phrases  # noqa: E402


@pytest.mark.parametrize("text, word", [
    ("did the man flu keep me in?", "cold"),            # a cold taken hard, not influenza
    ("any hot spots on the long one?", "blister"),
    ("what did the animal doc say about her paw", "vet"),
    ("a torch for when the sun's gone", "dark"),
    ("who roped me into the 10k?", "persuaded"),
    ("the day I picked up the gels", "pickup"),
])
def test_slang_phrases_read_as_their_word(text, word):
    assert word in message_words(text)


@pytest.mark.parametrize("text, word", [
    ("when did the hip thing kick off?", "start"),
    ("the day my shin pain kicked off", "started"),
])
def test_kicking_off_is_starting(text, word):
    assert word in re.findall(r"\w+", read_phrases(text))


def test_an_ailment_kicking_off_is_no_shoe():
    words = message_words("the achilles thing kicked off in march")
    assert "kicked" not in words and "shoe" not in {t for w in words for t in expand(w)}


def test_picked_up_finds_bought_and_collected():
    assert {"bought", "collected"} <= set(expand("pickup"))


def test_binned_and_ditched_shoes_were_replaced():
    assert "replace" in expand("binned") and "replace" in expand("ditched")


def test_lsd_is_a_long_run():
    assert "long" in expand("lsd")


def test_persuaded_finds_talked():
    assert "talked" in expand("persuaded")


def test_teatime_is_the_evening_and_even_is_not():
    assert "evening" in read_phrases("out by teatime")
    assert "teatime" not in expand("even")


# Events said the informal way.

from coach_tui.memory.events import event_phrases  # noqa: E402


@pytest.mark.parametrize("text", [
    "my steps while me and the missus were on holiday",
    "while Sam and I were on the getaway, what did I average?",
    "average while we were away on the getaway",
])
def test_while_we_were_on_an_event(text):
    assert any(p.relation == "during" and p.words.split()[0] in ("holiday", "getaway")
               for p in event_phrases(text)), event_phrases(text)


def test_the_day_i_picked_something_up_is_a_change_of_gear():
    phrases = event_phrases("steps on the day I picked up the new spikes")
    assert any(p.relation == "the day of" and "spikes" in p.words and p.change for p in phrases)


def test_my_first_distance_is_the_event():
    phrases = event_phrases("the week I ran my first 21k, what was the total?")
    assert any(p.relation == "the week of" and p.words.startswith("21k") and p.onset
               for p in phrases)


def test_first_before_a_word_is_not_skipped():
    # (not "time" on its own: "first time" is not "for the first time"; the word list reads
    # "time trial" as one word)
    assert not any(p.words.split()[0] == "time" for p in event_phrases(
        "the day I did my first time trial"))


@pytest.mark.parametrize("word, means", [
    ("parkie", "parkrun"), ("snuffles", "cold"), ("bimble", "walk"),
])
def test_more_club_slang(word, means):
    assert means in expand(word)


@pytest.mark.parametrize("text, word", [
    ("it chucked it down all morning", "pouring"),
    ("had a dicky tummy before the race", "stomach"),
    ("gippy tummy on holiday", "stomach"),
])
def test_more_club_phrases(text, word):
    assert word in re.findall(r"\w+", read_phrases(text))


# A thing's story is asked, not the days of the month that dates it.

from coach_tui.memory.focus import asks_days  # noqa: E402


@pytest.mark.parametrize("text", [
    "how did the new spikes cope with the mud in March?",
    "how did the cat hurt her leg in June",
    "how did my achilles thing start in May?",
])
def test_how_a_thing_fared_asks_no_days(text):
    assert not asks_days(text)


@pytest.mark.parametrize("text", [
    "how did the storm week go?",
    "how did my steps look in May",
    "how did I do in March?",
])
def test_how_the_days_went_still_asks_them(text):
    assert asks_days(text)


def test_the_month_after_how_a_thing_began_dates_it():
    from coach_tui.memory.event_refs import qualifying_months

    text = read_phrases("my steps the day the hip thing first kicked off in March?")
    assert 3 in qualifying_months(text, event_phrases(text))


def test_feet_up_is_resting_not_the_feet():
    words = message_words("was Sunday a feet-up day?")
    assert "rest" in words and "feet" not in words


def test_while_i_was_away_for_an_event():
    assert any(p.relation == "during" and p.words == "conference"
               for p in event_phrases("how far did I run while I was away for the conference?"))


def test_something_new_picked_up_was_bought():
    assert "bought" in re.findall(r"\w+", read_phrases("the day I picked up my new spikes"))
    assert "bought" not in re.findall(r"\w+", read_phrases("the day I picked up my race pack"))


@pytest.mark.parametrize("text, partner", [
    ("steps while me and the OH were away", True),
    ("my oh came along to parkrun", True),
    ("oh, and what about my steps?", False),
])
def test_the_oh_is_the_other_half(text, partner):
    assert ("partner" in message_words(spelled_out(text))) is partner


@pytest.mark.parametrize("text, days", [
    ("how did last mo go overall", (date(2026, 11, 1), date(2026, 11, 30))),
    ("early last mo, avg per day?", (date(2026, 11, 1), date(2026, 11, 10))),
    ("this mo so far?", (date(2026, 12, 1), date(2026, 12, 9))),  # (complete days)
    ("steps 3 mos ago", (date(2026, 9, 1), date(2026, 9, 30))),
])
def test_a_month_written_mo(text, days):
    assert days in _spans(text)


@pytest.mark.parametrize("text", ["wait a mo, how was the week", "half a mo, sorry"])
def test_a_mo_after_a_is_a_moment(text):
    assert "month" not in spelled_out(text)
