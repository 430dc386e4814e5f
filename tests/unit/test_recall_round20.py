"""Recall, round 20: a formal writer's events. "the days running up to" an event, a stretch
said of the event named before it ("the week after it", "the five days after I got home",
"the fortnight before it", "the holiday itself"). Pure, with a pinned today (Wednesday 9
December 2026); the phrasings are this file's own."""

from datetime import date

import pytest

from coach_tui.memory.events import EventPhrase, anchored_span, event_phrases

TODAY = date(2026, 12, 9)  # a Wednesday


@pytest.mark.parametrize("text", [
    "my average in the week running up to the marathon",
    "steps in the build-up to the marathon",
    "the days building up to the marathon, how were they",
])
def test_running_up_to_an_event_is_the_week_before_it(text):
    assert EventPhrase("leading up to", "marathon") in event_phrases(text)
    span = anchored_span(EventPhrase("leading up to", "marathon"), date(2026, 10, 18),
                         date(2026, 10, 18), TODAY)
    assert span is not None and (span.start, span.end) == (date(2026, 10, 11),
                                                           date(2026, 10, 17))


@pytest.mark.parametrize("text, relation, days", [
    ("my totals for the conference week, and for the week after it", "the week after", 0),
    ("the five days after I got home from the conference", "after", 5),
    ("since the conference, and the fortnight before it", "before", 14),
    ("during the conference and the day after it", "the day after", 0),
    ("since the conference; the three days following it?", "after", 3),
])
def test_a_stretch_said_of_the_event_named_before(text, relation, days):
    phrases = event_phrases(text)
    assert any(p.relation.startswith(relation) and p.words == "conference" and p.days == days
               for p in phrases), phrases


def test_the_week_after_a_named_week_is_the_next_calendar_week():
    phrases = event_phrases("how did the heatwave week go, and the week after it?")
    assert EventPhrase("the week after the week of", "heatwave") in phrases


def test_no_back_reference_without_an_event_before():
    assert not any(p.days for p in event_phrases("the four days after it were rough"))


def test_the_event_itself_is_its_own_days():
    phrases = event_phrases("my average since the holiday compared with the holiday itself")
    assert EventPhrase("during", "holiday") in phrases
    assert EventPhrase("since", "holiday") in phrases


def test_itself_of_a_thing_not_named_as_an_event_is_not_one():
    assert not event_phrases("the watch itself was fine")


@pytest.mark.parametrize("text", [
    "the step count on the day of my move, and on the day after?",
    "the step count on the day of my move and for the day after.",
])
def test_and_on_the_day_after(text):
    # (the day after that day: after the move's first day, which a one-day move is; round 52)
    assert EventPhrase("the day after", "move", onset=True) in event_phrases(text)


def test_counted_days_after_an_event():
    span = anchored_span(EventPhrase("after", "conference", days=4), date(2026, 9, 7),
                         date(2026, 9, 10), TODAY)
    assert span is not None and (span.start, span.end) == (date(2026, 9, 11), date(2026, 9, 14))


@pytest.mark.parametrize("text, words", [
    ("steps on the day the migraine lifted", "migraine"),
    ("and the morning the rash finally cleared?", "rash"),
    ("the day the swelling subsided", "swelling"),
])
def test_the_day_an_event_ended_is_its_last_day(text, words):
    phrase = EventPhrase("the day of", words, end=True)
    assert phrase in event_phrases(text)
    span = anchored_span(phrase, date(2026, 11, 2), date(2026, 11, 5), TODAY)
    assert span is not None and span.start == span.end == date(2026, 11, 5)


def test_the_day_an_event_happened_is_not_an_end():
    assert all(not p.end for p in event_phrases("the day the migraine hit"))


@pytest.mark.parametrize("text, onset, end", [
    ("my totals during the migraine, and on the day it finally eased", False, True),
    ("during the migraine, and the day it started", True, False),
])
def test_the_day_it_ended_or_began_is_the_event_named_before(text, onset, end):
    assert EventPhrase("the day of", "migraine", onset=onset, end=end) in event_phrases(text)


def test_the_days_of_an_event_are_its_own_days():
    assert EventPhrase("during", "migraine") in event_phrases(
        "steps on the four days of the migraine")


def test_the_review_after_an_event_is_of_the_week_that_held_it():
    phrases = event_phrases("what did the review after the migraine say")
    assert [p.relation for p in phrases] == ["the week of"]


def test_the_day_an_event_first_happened_is_its_earliest_time(conn):
    from tests.engine_support import seed_journal, seed_steps
    from tests.unit.test_recall_memories import recall

    seed_steps(conn)
    (early,) = seed_journal(conn, ["Hip twinged on the hill reps; stopped early."],
                            entry_date="2026-11-10")
    seed_journal(conn, ["Hip twinged again on the hill reps, a milder one."],
                 entry_date="2026-11-24")
    got = recall(conn, "steps on the day my hip first twinged?")
    days = [it.day for it in got.items if it.kind == "day"]
    assert days == ["2026-11-10"]


@pytest.mark.parametrize("text, asks", [
    ("how was my third week on the 15k goal", [(15_000, "week", 3)]),
    ("the last day at 9,000, was it a good one?", [(9_000, "day", -1)]),
    ("my 2nd week on 15000 and the whole spell at that level",
     [(15_000, "week", 2), (15_000, None, 1)]),
    ("average over the entire stretch on the 15k target", [(15_000, None, 1)]),
    ("the whole time at that level", []),    # no goal named before
    ("my second week on holiday", []),
])
def test_a_part_or_the_whole_of_a_goal_period(text, asks):
    from coach_tui.memory.goal_spans import goal_asks

    assert goal_asks(text) == asks


@pytest.mark.parametrize("part, nth, expected", [
    ("week", 2, (date(2026, 11, 9), date(2026, 11, 15))),
    ("week", -1, (date(2026, 11, 16), date(2026, 11, 22))),
    ("day", 3, (date(2026, 11, 4), date(2026, 11, 4))),
    ("day", -1, (date(2026, 11, 20), date(2026, 11, 20))),
])
def test_the_nth_part_of_a_goal_run(part, nth, expected):
    from coach_tui.memory.goal_spans import goal_span
    from coach_tui.store.steps import Day

    days = [Day(f"2026-11-{d:02d}", 10_000, 15_000 if 2 <= d <= 20 else 10_000)
            for d in range(1, 30)]
    span = goal_span(15_000, days, TODAY, part, nth)
    assert span is not None and (span.start, span.end) == expected


def _spans(text: str) -> list[tuple[date, date]]:
    from coach_tui.memory.daywords import named_spans
    from coach_tui.memory.query import spelled_out

    return [(s.start, s.end) for s in named_spans(spelled_out(text), TODAY, "DMY")]


def _d(m: int, d: int) -> tuple[date, date]:
    return (date(2026, m, d), date(2026, m, d))


@pytest.mark.parametrize("text, expected", [
    ("the third full week of September, total?", [(date(2026, 9, 21), date(2026, 9, 27))]),
    ("my first full week of November", [(date(2026, 11, 2), date(2026, 11, 8))]),
    ("the last full week of August", [(date(2026, 8, 24), date(2026, 8, 30))]),
    ("the second half of September against the first half",
     [(date(2026, 9, 16), date(2026, 9, 30)), (date(2026, 9, 1), date(2026, 9, 15))]),
    ("the first half of the session was slow", []),
])
def test_full_weeks_and_the_other_half_of_a_month(text, expected):
    assert _spans(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("three weeks ago today, and a week before that", [_d(11, 18), _d(11, 11)]),
    ("Friday the 20th of November and the Wednesday before it", [_d(11, 20), _d(11, 18)]),
    ("on 5/11 and the Sunday after that", [_d(11, 5), _d(11, 8)]),
    ("the week before last, and the week before that",
     [(date(2026, 11, 23), date(2026, 11, 29)), (date(2026, 11, 16), date(2026, 11, 22))]),
    ("last month vs the month before it",
     [(date(2026, 11, 1), date(2026, 11, 30)), (date(2026, 10, 1), date(2026, 10, 31))]),
    ("on this day three months ago", [_d(9, 9)]),
    ("the same date two weeks ago", [_d(11, 25)]),
])
def test_a_day_said_of_the_one_named_before(text, expected):
    assert _spans(text) == expected


def test_a_day_before_a_month_that_only_dates_an_event_is_not_read():
    assert _spans("when my hip went in October, steps then and the day before it") == [
        (date(2026, 10, 1), date(2026, 10, 31))]


def test_nothing_said_of_that_when_several_were_named():
    assert len(_spans("on 3/11 and 5/11, and the day before that")) == 2


@pytest.mark.parametrize("text, kept", [
    ("what was my longest run back then, when I joined the club?", 2),
    ("my furthest run at that point, when the club started", 2),
    ("what is my longest run?", 1),
])
def test_the_furthest_at_a_time_is_the_memory_of_that_time(text, kept):
    from coach_tui.memory.furthest import furthest
    from coach_tui.memory.ranking import Ranked
    from coach_tui.store.search import JOURNAL_KIND, Hit

    hits = [Hit(JOURNAL_KIND, 1, "2026-09-01", "Joined the club; longest run so far 6 km.", 2.0),
            Hit(JOURNAL_KIND, 2, "2026-11-01", "Longest run: 21 km on the canal.", 1.0)]
    assert len(furthest(text, [Ranked(h, 1.0) for h in hits], None)) == kept


@pytest.mark.parametrize("text, word", [
    ("my sore throat last week, when had it passed?", "cleared"),
    ("when was I back on my feet after the migraine", "recovered"),
    ("what did the clinician say", "clinician"),
])
def test_words_of_getting_better_and_of_doctors(text, word):
    from coach_tui.memory.query import expand, message_words, read_phrases

    words = message_words(read_phrases(text))
    assert word in words
    if word == "clinician":
        assert "diagnosed" in expand(word)



def test_flu_is_a_virus():
    from coach_tui.memory.query import general_words

    assert "virus" in general_words("flu")


@pytest.mark.parametrize("text, expected", [
    ("the 3rd and the 10th of October", [_d(10, 3), _d(10, 10)]),
    ("between the 3rd and the 10th of October", [(date(2026, 10, 3), date(2026, 10, 10))]),
    ("the 3rd and 4th of October", [(date(2026, 10, 3), date(2026, 10, 4))]),
])
def test_two_days_of_a_month_joined_by_and(text, expected):
    assert _spans(text) == expected


def test_a_kind_of_day_is_no_event():
    assert not any(p.words == "real" for p in event_phrases(
        "yesterday was my first real day back at work, how did it go?"))


@pytest.mark.parametrize("text, words", [
    ("while I was stuffed up with that flu, my steps each day?", "flu"),
    ("my totals while I was battling the migraine", "migraine"),
])
def test_while_ill_with_an_event(text, words):
    assert EventPhrase("during", words) in event_phrases(text)


def test_the_weekend_a_time_was_broken():
    assert EventPhrase("the weekend of", "25 minutes") in event_phrases(
        "steps over the weekend I finally cracked 25 minutes at the lake?")


def test_under_water_is_flooded():
    phrases = event_phrases("during the week the towpath was under water, my lowest day?")
    assert any("flooded" in p.words for p in phrases), phrases


def test_weeks_counted_after_and_before_a_change():
    phrases = event_phrases("my average in the three weeks after I switched to the new insoles, "
                            "and the three weeks before?")
    assert {(p.relation, p.words.split()[0], p.onset, p.days) for p in phrases} == {
        ("after", "insoles", True, 21), ("before", "insoles", True, 21)}
    span = anchored_span(EventPhrase("before", "insoles", days=21), date(2026, 10, 22),
                         date(2026, 10, 22), TODAY)
    assert span is not None and (span.start, span.end) == (date(2026, 10, 1),
                                                           date(2026, 10, 21))


def test_how_long_it_took_asks_a_duration_not_a_long_run():
    from coach_tui.memory.recall import HOW_LONG_WAS

    assert HOW_LONG_WAS.search("how long did it take me to finish the 10k?")
    assert not HOW_LONG_WAS.search("how long is my longest run")


@pytest.mark.parametrize("text, word", [("my time for the 26.2 miles", "marathon"),
                                        ("did I do 13.1 mi in under two hours", "half")])
def test_race_distances_written_in_miles(text, word):
    from coach_tui.memory.query import read_phrases

    assert word in read_phrases(text).split()


@pytest.mark.parametrize("text", ["what distance did I record on the canal loop",
                                  "the pace I recorded at the track"])
def test_record_as_a_verb_is_no_personal_best(text):
    from coach_tui.memory.query import message_words, read_phrases

    assert "record" not in message_words(read_phrases(text))
    assert "recorded" not in message_words(read_phrases(text))


def test_a_personal_record_still_is_one():
    from coach_tui.memory.query import expand, message_words, read_phrases

    words = message_words(read_phrases("when did I set my 5k record"))
    assert "record" in words and "pb" in expand("record")


def test_clearing_a_target_is_meeting_it():
    from coach_tui.memory.query import message_words, read_phrases

    words = message_words(read_phrases("steps on the 4th, and had I cleared my target?"))
    assert "cleared" not in words and "met" in read_phrases("cleared the goal").split()
