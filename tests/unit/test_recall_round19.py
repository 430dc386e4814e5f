"""Recall, round 19: a message as dictated by voice. Numbers said as words ("the twenty
eighth", "eighteen k", "twelve thousand"), words a dictation program hears in a number's or a
date's place ("for weeks ago", "the recovery weak"), a goal said with its verb ("the target was
up at"), "N weeks ago on the Friday"; what the speaker felt about an event ("that stinking
cold"), "the one before", the weekday of a period named ("in Frankfurt on the Wednesday").
Pure, with a pinned today (Wednesday 9 December 2026); the phrasings are this file's own."""

from datetime import date

import pytest

from coach_tui.memory.anchors import reviews_of
from coach_tui.memory.daywords import named_spans
from coach_tui.memory.event_days import writes_duration
from coach_tui.memory.event_refs import qualifying_months
from coach_tui.memory.events import HOW_LONG, EventPhrase, event_phrases
from coach_tui.memory.focus import remark_only
from coach_tui.memory.goal_spans import asked_goal
from coach_tui.memory.query import message_words, read_phrases, spelled_out
from coach_tui.memory.ranking import rank
from coach_tui.memory.spans import Span
from coach_tui.memory.weekday_within import weekdays_within
from coach_tui.store.reviews import save_review
from coach_tui.store.search import JOURNAL_KIND, REVIEW_KIND, Hit
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import exchange, recall

TODAY = date(2026, 12, 9)  # a Wednesday


def _days(text: str, order: str = "DMY") -> list[tuple[date, date]]:
    return [(s.start, s.end) for s in named_spans(spelled_out(text), TODAY, order)]


def _day(m: int, d: int, y: int = 2026) -> tuple[date, date]:
    return (date(y, m, d), date(y, m, d))


@pytest.mark.parametrize("text, expected", [
    ("okay and the nineteenth how did that go", [_day(11, 19)]),
    ("on the thirtieth was i over", [_day(11, 30)]),
    ("the twenty-first whats the count", [_day(11, 21)]),
    ("the sixteenth of october and the seventeenth", [_day(10, 16), _day(10, 17)]),
    ("from the second to the fourth of august each day please",
     [(date(2026, 8, 2), date(2026, 8, 4))]),
    ("on the sixth what did i manage", [_day(12, 6)]),
    ("between the twelfth and the fourteenth of september",
     [(date(2026, 9, 12), date(2026, 9, 14))]),
])
def test_a_day_of_the_month_said_as_words(text, expected):
    assert _days(text) == expected


@pytest.mark.parametrize("text", [
    "the third lap felt slow",
    "my twentieth parkrun was great",
    "the second half of the run was hard",
    "the first time i ran ten k",
    "was the fifth one any better",
    "a book about the twentieth century",
])
def test_an_ordinal_that_counts_is_not_a_date(text):
    assert _days(text) == []


@pytest.mark.parametrize("text, written", [
    ("the fifteen k on sunday", "the 15k on sunday"),
    ("my target was eight thousand back then", "my target was 8,000 back then"),
    ("did i get over eleven thousand five hundred", "did i get over 11,500"),
    ("twenty one kilometres is a long way", "21 kilometres is a long way"),
    ("three hundred k on the shoes", "300k on the shoes"),
    ("two miles with the dog", "2 miles with the dog"),
    ("the one before", "the one before"),                  # a number word alone stays a word
    ("two weekends ago", "two weekends ago"),
    ("a thousand thanks", "a thousand thanks"),
])
def test_a_count_said_as_words_before_a_unit_is_written_in_digits(text, written):
    assert spelled_out(text) == written


@pytest.mark.parametrize("text, expected", [
    ("for weeks ago on the tuesday", [_day(11, 10)]),
    ("to weeks back on monday what happened", [_day(11, 23)]),
    ("for days ago", [_day(12, 5)]),
    ("last weak how did i do", [(date(2026, 11, 30), date(2026, 12, 6))]),
    ("five weeks ago friday", [_day(11, 6)]),
    ("the wednesday three weeks ago", [_day(11, 18)]),
])
def test_what_dictation_mishears_in_a_date(text, expected):
    assert _days(text) == expected


@pytest.mark.parametrize("text, written", [
    ("what is the shoe for", "what is the shoe for"),
    ("i felt weak after the long run", "i felt weak after the long run"),
    ("my legs were weak last week", "my legs were weak last week"),
    ("went to the park", "went to the park"),
    ("the taper weak was odd", "the taper week was odd"),
])
def test_a_homophone_is_read_only_where_a_date_stands(text, written):
    assert spelled_out(text) == written


@pytest.mark.parametrize("text, goal", [
    ("while the target was up at fourteen thousand", 14_000),
    ("when my goal was set at 9k how often did i hit it", 9_000),
    ("while the goal was bumped up to 11,000", 11_000),
    ("while the target was down at 6000", 6_000),
    ("when the target was 12k", 12_000),
])
def test_a_goal_said_with_its_verb_names_its_days(text, goal):
    assert asked_goal(spelled_out(text)) == goal


@pytest.mark.parametrize("text, words", [
    ("when i had that horrible head cold how many steps", "cold"),
    ("during that bloody storm what was my total", "storm"),
    ("the week after that miserable trip to the coast", "trip"),
    ("when i had that flu", "flu"),
])
def test_what_the_speaker_felt_about_an_event_is_not_its_name(text, words):
    assert [p.words for p in event_phrases(spelled_out(text))] == [words]


@pytest.mark.parametrize("text", [
    "what did the review say about that awful week",
    "that terrible day in the rain",
])
def test_a_feeling_about_a_week_names_no_event(text):
    assert event_phrases(spelled_out(text)) == []


@pytest.mark.parametrize("text, expected", [
    ("last month, and was it up on the one before", [
        (date(2026, 11, 1), date(2026, 11, 30)), (date(2026, 10, 1), date(2026, 10, 31))]),
    ("last week versus the previous one", [
        (date(2026, 11, 30), date(2026, 12, 6)), (date(2026, 11, 23), date(2026, 11, 29))]),
    ("last month and the one before the race", [(date(2026, 11, 1), date(2026, 11, 30))]),
])
def test_the_one_before_is_the_period_before_the_one_named(text, expected):
    assert _days(text) == expected


def _span(a: date, b: date) -> Span:
    return Span("period", a, b, True)


def _one(d: date) -> Span:
    return Span(d.isoformat(), d, d, False)


@pytest.mark.parametrize("text, spans, expected", [
    # a trip Monday to Friday: its Thursday, not last Thursday (the trip only places it)
    ("on the trip, what about the thursday", [_one(date(2026, 12, 3)),
                                               _span(date(2026, 10, 5), date(2026, 10, 9))],
     [_one(date(2026, 10, 8))]),
    ("the trip's total, and the thursday", [_one(date(2026, 12, 3)),
                                             _span(date(2026, 10, 5), date(2026, 10, 9))],
     [_span(date(2026, 10, 5), date(2026, 10, 9)), _one(date(2026, 10, 8))]),
    # a weekend lists its own days: only last Sunday is taken out
    ("three weekends ago, the sunday", [_one(date(2026, 12, 6)),
                                         _span(date(2026, 11, 14), date(2026, 11, 15))],
     [_span(date(2026, 11, 14), date(2026, 11, 15))]),
    # "last tuesday" names its own week; two periods leave "the tuesday" as it is
    ("the week of the storm and last tuesday", [_one(date(2026, 12, 8)),
                                                _span(date(2026, 10, 19), date(2026, 10, 25))],
     [_one(date(2026, 12, 8)), _span(date(2026, 10, 19), date(2026, 10, 25))]),
    ("the tuesday", [_one(date(2026, 12, 8)), _span(date(2026, 10, 19), date(2026, 10, 25)),
                     _span(date(2026, 9, 7), date(2026, 9, 13))],
     [_one(date(2026, 12, 8)), _span(date(2026, 10, 19), date(2026, 10, 25)),
      _span(date(2026, 9, 7), date(2026, 9, 13))]),
])
def test_the_weekday_of_a_period_named(text, spans, expected):
    assert weekdays_within(text, spans, TODAY) == expected


def _review(conn, week: str, start: str, end: str, text: str = "") -> int:
    return save_review(conn, period_key=f"week:2026-{week}", period_start=start, period_end=end,
                       text=text or f"A week of steps ({week}).", model="m",
                       created_at=f"{end}T20:00:00")


@pytest.mark.parametrize("text, kept", [
    ("my top month, my lowest week, and the review of that grim week?", ["W36"]),
    ("what did the review say about the week", ["W36"]),
    ("the review for that month, please", ["W32", "W33", "W36"]),  # no week asked: all
])
def test_the_review_of_that_week_beside_a_month_is_the_weeks(conn, text, kept):
    ids = {w: _review(conn, w, s, e) for w, s, e in [
        ("W32", "2026-08-03", "2026-08-09"), ("W33", "2026-08-10", "2026-08-16"),
        ("W36", "2026-08-31", "2026-09-06")]}
    spans = [_span(date(2026, 8, 1), date(2026, 8, 31)),
             _span(date(2026, 8, 31), date(2026, 9, 6))]
    got = [h.ref for h in reviews_of(conn, spans, [], text)]
    assert sorted(got) == sorted(ids[w] for w in kept)


@pytest.mark.parametrize("text, expected", [
    ("steps on 4/9, that was a friday", [_day(9, 4)]),
    ("was 2/10 a saturday? steps please", [_day(10, 2)]),
    ("on a sunday i tend to rest, what about 6/9", [_day(9, 6)]),
    ("and friday?", [_day(12, 4)]),
])
def test_a_weekday_after_a_names_no_day(text, expected):
    assert _days(text) == expected


@pytest.mark.parametrize("text, means", [
    ("when i binned my old runners", "shoes"),
    ("what make were they", "brand"),
    ("the timing sensor on the bib", "sensor"),
])
def test_words_of_gear_as_people_say_them(text, means):
    assert means in read_phrases(text)


@pytest.mark.parametrize("text, means, not_means", [
    ("did i get over the number on the 3rd", "beat", "recovered"),
    ("did i get over my target that day", "beat", "recovered"),
    ("when i got over the cold", "recovered", "beat"),
])
def test_over_a_number_is_past_it_not_recovered(text, means, not_means):
    read = read_phrases(text)
    assert means in read and not_means not in read


def test_a_month_written_back_in_dates_the_event_beside_it():
    text = "when i was poorly with a cough back in march how long did it last"
    assert qualifying_months(text, event_phrases(text)) == [3]
    assert qualifying_months("steps back in march", []) == []     # no event: asked about


@pytest.mark.parametrize("text, word", [
    ("how long was i laid up for", "sick"),
    ("how long was i sick", "sick"),
])
def test_how_long_an_illness_lasted_in_everyday_words(text, word):
    assert EventPhrase(HOW_LONG, word) in event_phrases(text)


@pytest.mark.parametrize("text, written", [
    ("how many on monday i think it rained", "how many on monday? i think it rained"),
    ("did i hit 12k on the 4th i have a feeling i did",
     "did i hit 12k on the 4th? i have a feeling i did"),
    ("i think the knee went on the 4th", "i think the knee went on the 4th"),   # no question
    ("what about monday? i think it rained", "what about monday? i think it rained"),
])
def test_a_remark_run_on_after_a_dictated_question_is_its_own_sentence(text, written):
    assert spelled_out(text) == written


@pytest.mark.parametrize("part", [
    "did i get to 12,000 on the 4th", "did i hit it", "did i make it on monday",
    "did i go over on sunday",
])
def test_whether_a_day_made_a_number_asks_for_its_steps(part):
    assert remark_only([(part, [])], True)


@pytest.mark.parametrize("line, lasts", [
    ("Heavy snow, the club cancelled sessions for the week.", True),
    ("Sprained ankle; physio says no running for two weeks.", True),
    ("Away at the conference all week.", True),
    ("Off work with a chest infection; resting until it clears.", False),
    ("Ran 8 km for the first time.", False),
])
def test_a_line_that_says_how_long_its_event_lasts(line, lasts):
    assert writes_duration(line) is lasts


def test_the_line_that_ended_an_event_is_not_shown_when_its_first_line_says_how_long(conn):
    seed_steps(conn)
    first, last = seed_journal(conn, ["Heatwave: park shut for the week."],
                               entry_date="2026-11-16") + seed_journal(
        conn, ["Heatwave ends: only two days over target this week, so back to the park on "
               "Monday with the dog and the usual loop."], entry_date="2026-11-22")
    got = recall(conn, "how did the heatwave week go, total?")
    refs = [it.ref for it in got.items if it.kind == "journal"]
    assert first in refs and last not in refs


@pytest.mark.parametrize("text, shown", [
    ("what did you tell me to eat the night before the heatwave", False),
    ("what did the review say about the week after the heatwave", False),
    ("steps the week after the heatwave and what did you tell me", True),   # its days asked
    ("how did the week after the heatwave go", True),
])
def test_an_event_that_only_dates_what_is_asked_shows_no_line_of_its_own(conn, text, shown):
    seed_steps(conn)
    (line,) = seed_journal(conn, ["Heatwave: park shut for the week."], entry_date="2026-11-16")
    got = recall(conn, text)
    assert (line in [it.ref for it in got.items if it.kind == "journal"]) is shown


@pytest.mark.parametrize("line, shown", [
    ("Long day at the expo; one gym session on Tuesday the 24th before the flight.", True),
    ("Back home. Yesterday was all meetings, no run at all.", True),
    ("Back home, legs fresh for the weekend.", False),      # names no day: not that day's
])
def test_what_i_did_on_a_day_is_also_a_later_line_that_names_it(conn, line, shown):
    seed_steps(conn)
    (ref,) = seed_journal(conn, [line], entry_date="2026-11-25")
    got = recall(conn, "on 24/11 what did i actually do that day")
    assert (ref in [it.ref for it in got.items if it.kind == "journal"]) is shown


@pytest.mark.parametrize("review_text, asked, kept", [
    # a synonym more than the line ("jogged" for run): the review gives way to the line
    ("Hill week: hamstring fine, jogged easy.", None, ["journal"]),
    # a whole word more: it still comes
    ("Hill week: hamstring fine, a run every day.", None, ["review", "journal"]),
    # asked for by name: it stays
    ("Hill week: hamstring fine, jogged easy.", "review", ["review"]),
])
def test_a_review_not_asked_for_comes_only_with_a_whole_word_more(review_text, asked, kept):
    line = Hit(JOURNAL_KIND, 1, "2026-10-05", "Hamstring tight on the hills.", 5.0)
    review = Hit(REVIEW_KIND, 2, "2026-11-23", review_text, 6.0)
    got = rank([line, review], ["hamstring", "hills", "run"], asked=asked)
    assert [r.hit.kind for r in got] == kept


def test_a_review_alone_stays_when_nothing_else_matches():
    review = Hit(REVIEW_KIND, 2, "2026-11-23", "Hill week: the long run was easy.", 6.0)
    assert [r.hit.kind for r in rank([review], ["hills", "long", "run"])] == ["review"]


@pytest.mark.parametrize("text, absent, present", [
    ("what did you say about that little clip thing on my vest", "little", "clip"),
    ("my trusty old headtorch, when did i buy it", "trusty", "headtorch"),
    ("that horrible hill session, what did you tell me", "horrible", "hill"),
    ("i went on a little jog with the dog", None, "little"),     # "a little jog" is a short one
])
def test_what_a_speaker_feels_about_a_thing_is_not_searched_for(text, absent, present):
    words = message_words(text)
    assert present in words and (absent is None or absent not in words)


@pytest.mark.parametrize("text, day_shown", [
    ("what did you tell me to eat on gala day", False),   # the event's day only dates it
    ("on 21/11, gala day, what did you tell me to eat", True),   # named by its date too
])
def test_an_event_day_that_only_dates_the_advice_asked_for_has_no_day_line(conn, text,
                                                                             day_shown):
    seed_steps(conn)
    seed_journal(conn, ["Gala in the park: 5 km fun run with the kids."], entry_date="2026-11-21")
    exchange(conn, "2026-11-19", "what should i eat before the gala",
             "Toast with honey and a banana two hours before the gala.")
    got = recall(conn, text)
    assert ("2026-11-21" in [it.day for it in got.items if it.kind == "day"]) is day_shown
