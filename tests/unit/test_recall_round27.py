"""Recall, round 27: a runner who writes a line about how they are before the question
("Legs heavy after yesterday's easy 6k. How many steps did I get on 3/10?"). The lead-in's days
and words are not what is asked; "since it's months away" is a reason, not an event; and a
month's weekly review is the one that says what is asked. The phrasings are this file's own."""

from datetime import date, datetime, timedelta

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.focus import asked_days
from coach_tui.memory.message_parts import asked_only, told_before
from coach_tui.store.reviews import save_review
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import recall

TODAY = date(2026, 12, 2)  # a Wednesday


def _asked(text: str) -> list[tuple[date, date]]:
    spans = named_spans(text, TODAY)
    return [(s.start, s.end) for s in asked_days(text, spans, asked_only(text), False, TODAY,
                                                 "DMY")]


def _day(m: int, d: int) -> tuple[date, date]:
    return (date(2026, m, d), date(2026, m, d))


def test_the_sentences_before_the_question_are_told_not_asked():
    text = "Legs heavy today. Slept badly too! Anyway: what did I do on 3/10?"
    assert told_before(text) == "Legs heavy today. Slept badly too!"
    assert told_before("What did I do on 3/10? Legs heavy today.") == ""
    assert told_before("No question here.") == ""


@pytest.mark.parametrize("text, expected", [
    # the question names its own days: the lead-in's "yesterday" is how they are
    ("Legs a bit heavy after an easy 6k yesterday. How many steps did I get on 3/10, and was "
     "4/10 a bigger day than that?", [_day(10, 3), _day(10, 4)]),
    ("Busy at work this week. A month ago today, was I over the goal?", [_day(11, 2)]),
    # it asks no steps: a topic, not the day the remark names
    ("Calf grumbling since yesterday's run. What did the physio say about calves?", []),
])
def test_a_lead_in_remarks_days_are_not_asked(text, expected):
    assert _asked(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Walked miles yesterday! Was that a record?", [_day(12, 1)]),
    ("I have 24/9 circled in my diary. What did the app say for that day?", [_day(9, 24)]),
    ("Ran 10k on Saturday. How did it compare with Sunday?", [_day(11, 29), _day(11, 28)]),
    ("Yesterday was rough. How many steps did I get?", [_day(12, 1)]),  # steps, no day of its own
])
def test_a_question_about_the_remarks_day_keeps_it(text, expected):
    assert sorted(_asked(text)) == sorted(expected)


@pytest.mark.parametrize("text", [
    "Nervous about the spring race, which is daft since it's months away. What did I do in the "
    "week before the half?",
    "Knee grumbling since yesterday's jog. What did Helen say it was?",
])
def test_since_a_reason_or_a_day_is_no_event(conn, text):
    seed_steps(conn)
    seed_journal(conn, ["Half marathon done in 2:04, first ever."], entry_date="2026-11-15")
    # lines that the words after "since" would otherwise date an event by
    seed_journal(conn, ["Priya is away for months with work; it's quiet."], entry_date="2026-10-25")
    seed_journal(conn, ["Yesterday's jog by the canal felt easy."], entry_date="2026-10-03")
    got = recall(conn, text, now=datetime(2026, 12, 2, 9, 0))
    assert not [line for line in got.text.split("\n") if line.startswith("- since")]


def test_a_lead_in_remarks_words_do_not_crowd_out_the_question(conn):
    # many lines about limping; the one the question means shares only its synonyms
    for day in range(1, 21):
        seed_journal(conn, [f"Limping after the woods loop again, sore and stiff, day {day}."],
                     entry_date=f"2026-10-{day:02d}")
    paw = seed_journal(conn, ["Biscuit cut a paw pad on glass; vet says lead walks only."],
                       entry_date="2026-09-08")[0]
    got = recall(conn, "The pup came home limping from the woods today and I'm worried. When "
                       "he hurt his foot back in September, how long were his outings restricted?",
                 now=datetime(2026, 12, 5, 16, 0))
    assert ("journal", paw) in {(it.kind, it.ref) for it in got.items}


def test_a_month_named_keeps_the_review_of_the_week_that_says_what_is_asked(conn):
    seed_steps(conn)
    for key, start, end, text in [
        ("week:2026-W36", "2026-08-31", "2026-09-06",
         "New shoes bought on Saturday; keep the old Asics for dog walks."),
        ("week:2026-W38", "2026-09-14", "2026-09-20", "Work travel week, few steps."),
        ("week:2026-W39", "2026-09-21", "2026-09-27", "Flu week, rest."),
    ]:
        save_review(conn, period_key=key, period_start=start, period_end=end, text=text,
                    model="m", created_at=f"{end}T20:00:00")
    got = recall(conn, "What did my weekly review back in September say to do with the old "
                       "Asics?", now=datetime(2026, 12, 1, 8, 0))
    reviews = [it.text for it in got.items if it.kind == "review"]
    assert len(reviews) == 1 and "old Asics" in reviews[0]



def test_a_question_of_days_and_data_words_alone_searches_no_memories(conn):
    seed_steps(conn)
    seed_journal(conn, ["Easy 6k along the river, legs heavy at the start."],
                 entry_date="2026-10-18")
    got = recall(conn, "Legs a bit heavy after an easy 6k yesterday. How many steps did I get "
                       "on 3/10, and was 4/10 a bigger day than that?",
                 now=datetime(2026, 12, 2, 7, 15))
    assert not [it for it in got.items if it.kind in ("journal", "review", "chat")]
    assert {it.day for it in got.items if it.kind == "day"} >= {"2026-10-03", "2026-10-04"}


@pytest.mark.parametrize("text, expected", [
    ("how much steps in 13-10?", [_day(10, 13)]),
    ("28-09 and 28-10, which was bigger", [_day(9, 28), _day(10, 28)]),
    ("from 07-11 to 13-11 how much", [(date(2026, 11, 7), date(2026, 11, 13))]),
    ("13-10-2026 please", [_day(10, 13)]),
])
def test_a_date_with_dashes_day_first(text, expected):
    assert [(s.start, s.end) for s in named_spans(text, TODAY)] == expected


@pytest.mark.parametrize("text", ["3-4 days a week", "10-12 km", "ran 5-6 times", "2-3 walks"])
def test_a_range_of_counts_is_no_dashed_date(text):
    assert named_spans(text, TODAY) == []


def test_a_question_tagged_on_is_no_word_of_the_event():
    from coach_tui.memory.query import message_words

    assert message_words("that was when the knee flared up again wasnt it") == ["knee", "flare"]


@pytest.mark.parametrize("text", [
    "the 28th - steps, and was i still full of cold then?",
    "past 7 days total? and was the cold in that or the week before",
])
def test_whether_a_day_fell_inside_an_illness_brings_both_its_ends(conn, text):
    seed_steps(conn)
    start = seed_journal(conn, ["Head cold: blocked nose, rest days."], entry_date="2026-11-26")[0]
    end = seed_journal(conn, ["Cold cleared, easy 8 km with Priya."], entry_date="2026-11-29")[0]
    got = recall(conn, text, now=datetime(2026, 12, 1, 8, 0))
    assert {("journal", start), ("journal", end)} <= {(it.kind, it.ref) for it in got.items}


def test_the_period_i_had_a_goal_is_that_goals_run():
    from coach_tui.memory.goal_spans import goal_asks

    assert goal_asks("The stretch I had the 12,000 goal, how many steps in all?") == [
        (12000, None, 1)]
    assert goal_asks("the weeks we had the 11k target") == [(11000, None, 1)]


def test_a_request_sentence_before_the_question_is_asked_not_told():
    text = "I want to compare the 28-09 and the 28-10. In which one did I walk more?"
    assert told_before(text) == ""
    assert _asked(text) == [_day(9, 28), _day(10, 28)]


def test_a_date_inside_an_event_names_the_day_the_event_only_places_it(conn):
    seed_steps(conn)
    seed_journal(conn, ["Porto trip with Tom booked for Thu 8 to Tue 13 October."],
                 entry_date="2026-10-06")
    day = seed_journal(conn, ["Porto: riverside walk and up to the cathedral, huge day."],
                       entry_date="2026-10-10")[0]
    got = recall(conn, "The 10.10 in Porto, where we walked that day and how many steps?",
                 now=datetime(2026, 12, 2, 9, 30))
    assert not [it for it in got.items if it.kind == "span"]
    assert ("journal", day) in {(it.kind, it.ref) for it in got.items}


def _cold(conn):
    seed_steps(conn)
    seed_journal(conn, ["Head cold: blocked nose, rest days."], entry_date="2026-11-26")
    seed_journal(conn, ["Cold cleared, easy 8 km with Priya."], entry_date="2026-11-29")


def _span_labels(got) -> list[str]:
    return [it.text for it in got.items if it.kind == "span"]


def test_last_week_only_dates_the_event_it_names(conn):
    _cold(conn)
    got = recall(conn, "how many steps each day while i had that stinking cold last week?",
                 now=datetime(2026, 12, 1, 8, 0))
    spans = _span_labels(got)
    assert len(spans) == 1 and "2026-11-26 to 2026-11-28" in spans[0]


def test_way_before_an_event_is_no_stretch_of_days(conn):
    _cold(conn)
    seed_journal(conn, ["Down with flu: fever since Saturday."], entry_date="2026-09-27")
    got = recall(conn, "back when i had the flu, way before the cold, how many steps a day?",
                 now=datetime(2026, 12, 5, 9, 0))
    assert not [s for s in _span_labels(got) if "before the cold" in s]


def test_the_worst_week_asked_with_its_review_keeps_its_totals(conn):
    seed_steps(conn)
    for week in range(40, 49):  # a review for every week, the worst one's among them
        monday = date.fromisocalendar(2026, week, 1)
        save_review(conn, period_key=f"week:2026-W{week}", period_start=monday.isoformat(),
                    period_end=(monday + timedelta(days=6)).isoformat(),
                    text=f"Week {week}: rain most days.", model="m",
                    created_at=f"{monday + timedelta(days=7)}T09:00:00")
    got = recall(conn, "which was my worst week in the whole thing, and what did that week's "
                       "review say?", now=datetime(2026, 11, 30, 9, 0))
    assert [s for s in _span_labels(got) if "worst week" in s]


@pytest.mark.parametrize("text, expected", [
    # a remark after the question: "when" there dates it, it asks nothing
    ("what were my steps 16/11 to 18/11? the few days after the race when stairs were awful",
     ["what were my steps 16/11 to 18/11"]),
    ("what did i do on Oct 27th? it was around when the clocks went back i think",
     ["what did i do on Oct 27th"]),
    # still asking after the question
    ("steps yesterday? also what race was i planning next", ["steps yesterday",
                                                            "what race was i planning next"]),
    ("which trainers did i buy? forgot the brand", ["which trainers did i buy",
                                                   "forgot the brand"]),
])
def test_a_part_after_the_question_asks_only_by_a_question_word_that_asks(text, expected):
    from coach_tui.memory.message_parts import asking

    assert asking(text) == expected
