"""Recall, round 46 (read from fresh123, a runner asking how things changed around events, and
fresh125, a runner asking what they wrote about sleep, food, weather, work and the dog, after
each was scored blind): a season beside an event dates it as its months do ("when my knee
flared up in the summer": the summer's time, not November's); "the week I went up to 12k a day"
is the first week on that goal; "around the office" is a place, not an event to anchor on. The
phrasings are this file's own."""

import functools
from datetime import datetime
from pathlib import Path

import pytest

from coach_tui.memory.event_refs import qualifying_months
from coach_tui.memory.events import event_phrases
from coach_tui.memory.goal_spans import goal_asks
from coach_tui.memory.textspeak import spelled_out

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("text, months", [
    ("the week after my knee flared up in the summer, how far did my steps fall?", [6, 7, 8]),
    ("how many steps did I manage during the cold back in the winter?", [12, 1, 2]),
    ("the week after my knee flared up, how far did my steps fall?", []),
    # a season's race is its name, not when the event was
    ("the week after the spring marathon, how far did my steps fall?", []),
])
def test_a_season_beside_an_event_gives_its_months(text, months):
    assert qualifying_months(text, event_phrases(text)) == months


@pytest.mark.parametrize("text, asks", [
    ("the week I went up to 12k a day for the race build, what did I average?",
     [(12_000, "week", 1)]),
    ("the day we moved up to 11,000 steps, did I make it?", [(11_000, "day", 1)]),
    ("the week I went up to 5 km runs, how did my legs feel?", []),
])
def test_the_week_the_user_went_up_to_a_goal_is_its_first(text, asks):
    assert goal_asks(spelled_out(text)) == asks


@pytest.mark.parametrize("text, anchored", [
    ("what did you tell me about squeezing walks in around the office?", False),
    ("how many steps the week after the office party?", True),
])
def test_the_office_is_a_place_not_an_event(text, anchored):
    assert bool([p for p in event_phrases(text) if "office" in p.words.split()]) == anchored



@functools.cache
def _home():
    from bench.recall_homes import load_fitness

    return load_fitness(REPO / "bench" / "data" / "recall_fitness" / "home.json")


def _recalled(text: str) -> list[tuple[str, str]]:
    """(kind, day) of each journal line and exchange recalled from the benchmark's 120-day
    home for `text` on the morning of 1 December."""
    import bench.recall_quality as rq
    from bench.recall_homes import Question

    rec = rq.recall_for(_home(), Question("t", "topic", datetime(2026, 12, 1, 8, 0), text), 500)
    return [(it.kind, it.day) for it in rec.items if it.kind in ("journal", "chat")]


@pytest.mark.parametrize("text", [
    "when the target went back to 10k, how did that week go, and what did you say december "
    "should look like?",
    "and what did you say december should be?",
])
def test_a_month_still_to_come_is_the_topic_of_what_the_coach_said(text):
    # 23 Nov: "what should i do in december" and the coach's answer
    assert ("chat", "2026-11-23") in _recalled(text)


@pytest.mark.parametrize("text, found", [
    ("since the parkrun PB at millbrook every run has felt quicker. what was the PB time again?",
     True),
    ("everything's felt easier since that parkrun PB at millbrook. what was the PB time again?",
     True),
    ("since the parkrun PB at millbrook every run has felt quicker. should I try a 10k race?",
     False),
])
def test_a_question_about_the_event_beside_a_remark_brings_its_line(text, found):
    # 31 Oct: "Parkrun personal best at Millbrook Park: 27:52, ..."
    assert (("journal", "2026-10-31") in _recalled(text)) == found


@pytest.mark.parametrize("word, kin", [("gloomy", "dark"), ("alternating", "rotate")])
def test_the_word_list_knows_the_runners_words(word, kin):
    # ("now that it's gloomy by teatime": the dark evenings; "two sets on the go and
    # alternating": rotating two pairs)
    from coach_tui.memory.query import expand

    assert kin in expand(word)


@pytest.mark.parametrize("text, want", [
    # "on the second" is read as a day of the month first: a weekday after it makes it a place
    ("how many steps did i get on the second saturday in october?", {("2026-10-10",) * 2}),
    ("steps on the third tuesday of september?", {("2026-09-15",) * 2}),
    ("second sunday in november: how many steps?", {("2026-11-08",) * 2}),
    ("steps and notes for the last day of november", {("2026-11-30",) * 2}),
    ("the first day of october, how many steps?", {("2026-10-01",) * 2}),
    # (a day of the month alone stays that day)
    ("what did I do on the 2nd?", {("2026-11-02",) * 2}),
])
def test_a_weekday_or_day_counted_within_a_month(text, want):
    from datetime import date

    from coach_tui.memory.daywords import named_spans
    from coach_tui.memory.recall import as_read

    got = {(s.start.isoformat(), s.end.isoformat())
           for s in named_spans(as_read(text), date(2026, 12, 1))}
    assert got == want


@pytest.mark.parametrize("text, found", [
    ("Last Thursday was bitter out there. Did I get close to 10k?", True),
    ("Last Thursday was bitter out there. Did I come near my goal?", True),
    # (a remark's day beside a question that asks no steps stays out)
    ("Last Thursday was bitter out there. What gloves did you suggest?", False),
])
def test_a_remarks_day_is_asked_by_did_i_get_close(text, found):
    assert (("day", "2026-11-26") in _days(text)) == found


@pytest.mark.parametrize("text, words", [
    ("When I was full of that head cold, what were my steps each day?", "cold"),
    ("while I was laid up with the flu, how many steps?", "flu"),
])
def test_what_the_runner_was_full_of_is_the_event(text, words):
    assert words in [p.words for p in event_phrases(text)]


def _days(text: str) -> list[tuple[str, str]]:
    """(kind, day) of each day line recalled from the benchmark's home for `text` on the
    morning of 1 December."""
    import bench.recall_quality as rq
    from bench.recall_homes import Question

    rec = rq.recall_for(_home(), Question("t", "topic", datetime(2026, 12, 1, 8, 0), text), 500)
    return [(it.kind, it.day) for it in rec.items if it.kind == "day"]


@pytest.mark.parametrize("text, words", [
    ("How bad were my steps the week that big storm came through?", "storm"),
    ("the week the big storm came through, steps?", "storm"),
])
def test_the_week_that_an_event_happened(text, words):
    assert [(p.relation, p.words) for p in event_phrases(text)] == [("the week of", words)]
