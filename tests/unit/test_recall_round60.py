"""Recall, round 60. The phrasings are this file's own.

- a weekday beside an event ("lisbon saturday", "Saturday in Lisbon", "the Saturday in
  Lisbon") is read by patterns compiled once, not three built from the event's words for each
  message: the same weekdays as before, in the same order;
- "3.-5.11.", "5. - 11.10.2026": two days of one month written the way German speakers write
  a range, the month once; "9. 8.", "12. to 18. 10.": a dotted date with a space after the
  day's dot, as Czech writers put it; "22.8. and 23.8.": a one-digit month read as a date when
  its closing dot is written ("the 13.1." and "13.1 km" stay a half marathon and a distance);
  "KW 45" (Kalenderwoche) is ISO week 45; "week 37 in total" is week 37 (not "week 3 in the
  plan");
- "in the time where my target was 12,000", "the week where I was ill": when; "in the week
  when was the storm", "in week when storm was": the week of the storm; "on day when Biscuit
  cut his paw": the day when (articles as speakers of Slavic languages leave them out); "why it
  happened" asks why;
- "3/11-5/11: step count each day. Was I tapering...?": a note's request for each day's count
  asks for those days, though the question after it asks about something else;
- "Give me the big picture", "how has it been since...": how the days went is asked;
- "which month came out on top": the best month ("top of the table" is not);
- "why made I so few steps there?" asks why, as "why did I ..." does;
- "I was sick for some days with that head cold": the cold (not "sick"); "ill with high
  temperature", no illness named, is read as before;
- "URTI", "coryza": a cold; "PFPS": the knee; "the heavens opened": it poured; "cop",
  "snagged": bought; "starchy" food: carbs; "indoors on a machine": the treadmill;
- "how did race week vs the week after compare step-wise?": the week after the race (as "vs
  the week after?" is);
- "W35: total, and what did you say when I asked for a bigger daily number?": the words of
  the part asking what the coach said are searched for, though "number" is a word of counts;
- "on the Saturday before race": a weekday before an event its article left out names the
  day, as "the day before race" does; "why it was so bad?" asks why;
- "What you wrote in review of race week", "in review about it": a review asked for, its
  article left out;
- "In November my knee hurt again. Which day did it start?" (or a learner's "Which day it
  started?"): the question leans on the remark, whose month dates what it asks;
- "my worst week, and how did the week straight after it go?": the week after it; "the week
  after the week of the storm": the week after the storm;
- "my first parkrun back after the knee, how many steps that Saturday?": the parkrun's
  Saturday, not the last one as well;
- "...whether I could run with a cold. ... how low did my steps go while I had it?": the cold;
- "The Monday before last I asked you about dropping my target. What did you say?": the day
  told dates the exchange asked for (a remark's day is otherwise not asked);
- "mixing it up with another day" names no event (the Thursday the 22nd before it stays
  asked)."""

from datetime import date, datetime

import pytest

from coach_tui.memory.bests import best_phrases
from coach_tui.memory.daywords import named_spans
from coach_tui.memory.events import event_phrases
from coach_tui.memory.focus import WHY_SO
from coach_tui.memory.query import expand, read_phrases
from coach_tui.memory.ranking import asked_kind
from coach_tui.memory.recall import as_read
from coach_tui.memory.weekday_within import _beside_events
from coach_tui.store.search import REVIEW_KIND
from tests.engine_support import seed_dated_journal, seed_steps
from tests.unit.test_recall_memories import exchange, recall

NOW = datetime(2026, 12, 3, 9, 0)  # a Thursday


def _spans(text, now=NOW):
    return [(s.start, s.end) for s in named_spans(as_read(text), now.date(), "DMY")]


@pytest.mark.parametrize("text, events, weekdays", [
    ("lisbon saturday, how many steps?", ["lisbon"], ["saturday"]),
    ("Lisbon, Saturday and Sunday: steps?", ["lisbon"], ["Saturday", "Sunday"]),
    ("what did I do on Saturday in Lisbon?", ["lisbon"], ["Saturday"]),
    ("The Saturday in Lisbon, the day of the castle", ["lisbon"], ["Saturday"]),
    ("frankfurt on wednesday and lisbon saturday", ["frankfurt", "lisbon"],
     ["wednesday", "saturday"]),
    # (the second of two events' words that start alike: the one a weekday follows)
    ("the lisbon trip saturday?", ["lisbon", "lisbon trip"], ["saturday"]),
    ("Saturday, then the flu", ["flu"], []),
    ("how was lisbon?", ["lisbon"], []),
    ("lisbon saturday", [], []),
])
def test_a_weekday_beside_an_event(text, events, weekdays):
    assert _beside_events(text, events) == weekdays


@pytest.mark.parametrize("text, start, end", [
    ("Give me please the steps from 12.-14.11., together and per day.", date(2026, 11, 12),
     date(2026, 11, 14)),
    ("For the week from 5.-11.10.: how many steps?", date(2026, 10, 5), date(2026, 10, 11)),
    ("steps 5. - 11.10.2026?", date(2026, 10, 5), date(2026, 10, 11)),
    ("In KW 45, how many steps made I?", date(2026, 11, 2), date(2026, 11, 8)),
    ("kw45 total?", date(2026, 11, 2), date(2026, 11, 8)),
    ("How many steps did I make in week 37 in total?", date(2026, 9, 7), date(2026, 9, 13)),
])
def test_dates_as_german_and_dutch_speakers_write_them(text, start, end):
    assert _spans(text)[0] == (start, end)


@pytest.mark.parametrize("text", ["a pace of 5.-6.13 a km", "from 14.-12.11."])
def test_no_range_of_two_days_where_none_is_written(text):
    assert as_read(text) == text


def test_week_three_of_a_plan_is_no_week_of_the_year():
    assert _spans("week 3 in the plan was hard") == []


@pytest.mark.parametrize("typed, read", [
    ("In the time where my daily target was 12,000, how often reached I it?",
     "the time when my daily target"),
    ("the week where I was ill", "the week when I was ill"),
])
def test_where_for_when(typed, read):
    assert read in as_read(typed)


def test_where_of_a_place_stays():
    assert "where" in as_read("the park where I run")


def _home(conn):
    seed_steps(conn, end=date(2026, 11, 30), values=[9_000] * 120, goal=10_000,
               today_steps=None)
    seed_dated_journal(conn, [
        ("2026-10-06", "Lisbon trip with Tom booked: Thursday 8 to Tuesday 13 October."),
        ("2026-11-08", "Taper starts: short easy runs only until the race."),
    ])


def _chats(conn, text):
    """(day, text) of each exchange the block for `text` recalls."""
    rec = recall(conn, text, now=NOW, date_order="DMY")
    return [(it.day, it.text) for it in rec.items if it.kind == "chat"]


def _items(conn, text):
    rec = recall(conn, text, now=NOW, date_order="DMY")
    return ([(it.day, it.end) for it in rec.items if it.kind == "span"],
            [it.day for it in rec.items if it.kind == "day"])


def test_a_notes_request_for_each_days_count_asks_for_those_days(conn):
    _home(conn)
    spans, days = _items(conn, "12/11-14/11, pre-race: step count each day. Was I tapering on "
                               "my feet too or just on run volume?")
    assert spans == [("2026-11-12", "2026-11-14")]
    assert days == ["2026-11-12", "2026-11-13", "2026-11-14"]


@pytest.mark.parametrize("text", [
    "Since the trip, have I kept the engine purring or has it been downhill? Give me the big "
    "picture.",
    "Since the trip, what's the overall picture?",
])
def test_the_big_picture_of_a_period_asks_for_its_days(conn, text):
    _home(conn)
    spans, _ = _items(conn, text)
    assert spans == [("2026-10-14", "2026-12-02")]


@pytest.mark.parametrize("text, found", [
    ("Which month came out on top?", [(True, "month")]),
    ("which week came out on top overall, and by how much?", [(True, "week")]),
    ("which week was top of the table for the club?", []),
])
def test_which_came_out_on_top(text, found):
    assert best_phrases(text) == found


@pytest.mark.parametrize("text", ["Which was my worst week, and why made I so few steps there?",
                                  "why had I so little steps that day?"])
def test_why_with_the_verb_first(text):
    assert WHY_SO.search(text)


def test_why_without_so_few_is_no_why_so():
    assert not WHY_SO.search("why made I the switch to the Brooks?")


def test_sick_with_a_named_illness_is_that_illness():
    words = [p.words for p in event_phrases(
        "I was sick for some days with that head cold. How many steps per day then?")]
    assert any("cold" in w for w in words) and not any(w == "sick" for w in words)


def test_ill_with_no_named_illness_is_read_as_before():
    read = [(p.relation, p.words) for p in event_phrases(
        "When I was ill with high temperature, how long did you tell me to wait?")]
    assert read == [("during", "high temperature")]


@pytest.mark.parametrize("word, group", [("urti", "cold"), ("coryza", "cold"),
                                         ("pfps", "knee")])
def test_clinical_shorthand_in_the_word_list(word, group):
    assert group in expand(word)


def test_the_heavens_opening_is_pouring_rain():
    assert "poured" in read_phrases("the week the heavens opened and the park was a lake")


def test_another_day_is_no_event():
    assert event_phrases("I think it was Thursday the 22nd, but I might be mixing it up with "
                         "another day. How many steps did I do on that Thursday?") == []


def test_a_day_named_before_a_worry_about_another_day_stays_asked(conn):
    _home(conn)
    _, days = _items(conn, "I think it was Thursday the 22nd, but I might be mixing it up with "
                           "another day. How many steps did I actually do on that Thursday?")
    assert "2026-10-22" in days


@pytest.mark.parametrize("word", ["cop", "copped", "snagged"])
def test_slang_for_buying(word):
    assert "bought" in expand(word)


def test_what_the_coach_said_when_asked_for_a_bigger_number_is_searched_for(conn):
    _home(conn)
    exchange(conn, "2026-08-30", "think im ready for a bigger daily number?",
             "Yes: 10,000 from the 1st of September.")
    exchange(conn, "2026-08-26", "knee feels fine on the stairs now", "Good, keep the step-downs.")
    chats = _chats(conn, "W35: total volume, and what did you say when I asked for a bigger "
                         "daily number?")
    assert any("bigger daily number" in t for _, t in chats)


def test_the_week_after_before_compare_is_the_week_after_the_event(conn):
    seed_steps(conn, end=date(2026, 11, 30), values=[9_000] * 120, goal=10_000,
               today_steps=None)
    seed_dated_journal(conn, [("2026-11-15", "Harbour Half Marathon race done in 2:03:10.")])
    spans, _ = _items(conn, "how did race week vs the week after compare step-wise?")
    assert spans == [("2026-11-09", "2026-11-15"), ("2026-11-16", "2026-11-22")]


def test_the_saturday_before_race_with_no_article_is_the_day_before_it(conn):
    seed_steps(conn, end=date(2026, 11, 30), values=[9_000] * 120, goal=10_000,
               today_steps=None)
    seed_dated_journal(conn, [("2026-11-15", "Harbour Half Marathon race done in 2:03:10.")])
    _, days = _items(conn, "How many steps I made on the Saturday before race? I was resting.")
    assert days == ["2026-11-14"]


@pytest.mark.parametrize("text", ["Which was my worst week, and why it was so bad?",
                                  "why my steps were so low that week?"])
def test_why_in_a_learners_word_order(text):
    assert WHY_SO.search(text)


def test_while_i_had_it_after_a_cold_named_with_a(conn):
    _home(conn)
    seed_dated_journal(conn, [("2026-11-26", "Head cold: blocked nose, rest days."),
                              ("2026-11-29", "Cold cleared, easy 8 km.")])
    spans, days = _items(conn, "You gave me some rule about whether I could run with a cold. "
                               "What was it again, and how low did my steps go while I had it?")
    assert spans == [("2026-11-26", "2026-11-28")]


def test_the_day_i_asked_you_dates_the_exchange_asked_for(conn):
    _home(conn)
    exchange(conn, "2026-11-23", "can we drop the target back down? no race now",
             "Yes, back to 10,000 from today.")
    exchange(conn, "2026-11-01", "should we bump the daily goal", "Yes, 12,000 from tomorrow.")
    text = ("The Monday before last I asked you about knocking my daily target back down. What "
            "did you say?")
    assert _items(conn, text)[1] == ["2026-11-23"]
    assert any("drop the target" in t for _, t in _chats(conn, text))


def test_starchy_food_is_carbs():
    assert "carb" in expand("starchy")


def test_the_week_straight_after_it_is_the_week_after_the_one_named():
    from coach_tui.memory.before_that import next_to, said_of_that
    from coach_tui.memory.spans import Span
    worst = Span("worst week", date(2026, 10, 19), date(2026, 10, 25), True)
    found = next_to(said_of_that("my worst week, and how did the week straight after it go?"),
                    [worst])
    assert [(s.start, s.end) for s in found] == [(date(2026, 10, 26), date(2026, 11, 1))]


def test_that_saturday_of_an_event_is_the_events_saturday(conn):
    _home(conn)
    seed_dated_journal(conn, [("2026-08-19", "Left knee sore on the stairs; running paused."),
                              ("2026-08-29", "Back at parkrun after the knee break, no pain.")])
    _, days = _items(conn, "my first parkrun back after the knee, how many steps that Saturday?")
    assert days == ["2026-08-29"]


@pytest.mark.parametrize("text", ["What you wrote in review of race week about rest?",
                                  "what did you say from weekly review for the storm week?"])
def test_a_review_asked_for_with_its_article_left_out(text):
    assert asked_kind(text) == REVIEW_KIND


def test_running_on_a_machine_is_the_treadmill():
    assert "treadmill" in expand("machine")


@pytest.mark.parametrize("text", [
    "In November my knee hurt again. Which day did it start and what did you advise me?",
    "In November my knee was bad again, after long break. Which day it started?",
])
def test_which_day_it_started_leans_on_the_remark_before(conn, text):
    _home(conn)
    exchange(conn, "2026-08-19", "my knee hurts going down the stairs", "Ice it and rest.")
    exchange(conn, "2026-09-20", "first 14k, knee a tiny bit achy at the end", "Good to hear.")
    exchange(conn, "2026-11-18", "tried a little jog today and the patella pain is back",
             "Stop running for two or three days.")
    chats = _chats(conn, text)
    assert chats and chats[0][0] == "2026-11-18"


def test_the_week_when_was_the_storm_is_the_storms_week():
    assert "the week of the storm" in as_read("In the week when was the storm, how many steps?")


def test_why_it_happened_asks_why():
    assert WHY_SO.search("Which was my worst week, and why it happened?")


@pytest.mark.parametrize("typed, read", [
    ("How many steps I had on day when Biscuit cut his paw?", "on the day when Biscuit"),
    ("How many steps I made in week when storm was?", "in the week of the storm"),
])
def test_a_day_or_week_with_its_article_left_out(typed, read):
    assert read in as_read(typed)


def test_a_day_of_the_week_keeps_its_words():
    assert as_read("which day of the week is best?") == "which day of the week is best?"


@pytest.mark.parametrize("text, start, end", [
    ("How many steps I did on 9. 8.? I think it was Sunday", date(2026, 8, 9), date(2026, 8, 9)),
    ("how was my week from 12. to 18. 10.?", date(2026, 10, 12), date(2026, 10, 18)),
    ("steps on 22.8. and 23.8.?", date(2026, 8, 22), date(2026, 8, 22)),
])
def test_dotted_dates_as_czech_and_german_writers_space_and_close_them(text, start, end):
    assert _spans(text)[0] == (start, end)


def test_both_dotted_days_joined_by_and_are_read():
    assert _spans("steps on 22.8. and 23.8.?") == [(date(2026, 8, 22), date(2026, 8, 22)),
                                                   (date(2026, 8, 23), date(2026, 8, 23))]


@pytest.mark.parametrize("text", ["after the 13.1. I was tired", "I ran 13.1 km", "5. 10 km"])
def test_a_decimal_stays_no_date(text):
    assert _spans(text) == []


def test_a_dotted_range_with_the_before_it():
    assert _spans("the total for the 21.-23.8., Friday to Sunday?")[0] == (date(2026, 8, 21),
                                                                            date(2026, 8, 23))


@pytest.mark.parametrize("text", ["my first 26.2. is booked", "the 13.1. in spring"])
def test_a_races_miles_with_a_dot_after_them_are_no_date(text):
    assert _spans(text) == []


def test_the_week_after_the_week_of_an_event_is_the_week_after_it():
    assert "The week after the storm I" in as_read("The week after the week of the storm I was "
                                                 "outside again. Steps?")
