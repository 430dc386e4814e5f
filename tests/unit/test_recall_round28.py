"""Recall, round 28: a runner checking their own spreadsheet ("Nov 13 and the 28th: are both
right?") and a busy one who asks in passing ("Dad keeps asking what ... . How many steps on
the 9th?"). A question that points back at the days a remark named keeps them; a question only
told of is no question; "what time did I run" asks the day's line; a write-up is a review; a
line that says how long something lasts dates its end; and the words of a time told before the
question only say when. The phrasings are this file's own."""

from datetime import date, datetime

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.event_days import event_days
from coach_tui.memory.focus import asked_days
from coach_tui.memory.message_parts import asked_only, told_before
from coach_tui.memory.ranking import asked_kind
from coach_tui.store.reviews import save_review
from coach_tui.store.search import JOURNAL_KIND, REVIEW_KIND
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import recall

TODAY = date(2026, 12, 3)  # a Thursday


def _asked(text: str) -> list[tuple[date, date]]:
    spans = named_spans(text, TODAY)
    return sorted((s.start, s.end) for s in asked_days(text, spans, asked_only(text), False,
                                                        TODAY, "DMY"))


def _day(m: int, d: int) -> tuple[date, date]:
    return (date(2026, m, d), date(2026, m, d))


@pytest.mark.parametrize("text, expected", [
    ("Oct 2 and the 19th: I have 9,120 and 11,004 written down. Both right?",
     [_day(10, 2), _day(10, 19)]),
    ("Saturday 21 November: the sheet shows 8,870. Can you confirm that?", [_day(11, 21)]),
    ("3/11 and 4/11 in my notes say 7,200 and 6,900. Are those correct?",
     [_day(11, 3), _day(11, 4)]),
])
def test_a_check_of_the_remarks_days_asks_about_them(text, expected):
    assert _asked(text) == expected


@pytest.mark.parametrize("text, told", [
    ("My brother keeps asking what a normal week looks like for me. How many steps did I do "
     "on the 2nd of October?", "My brother keeps asking what a normal week looks like for me."),
    ("Half the year gone already, where did the time go. What was my average in early "
     "September?", "Half the year gone already, where did the time go."),
])
def test_a_question_only_told_of_is_a_remark(text, told):
    assert told_before(text) == told
    assert _asked(text) == ([_day(10, 2)] if "October" in text
                            else [(date(2026, 9, 1), date(2026, 9, 10))])


def test_a_real_question_before_another_still_asks():
    text = "What did I do on 2/10? And how was the week after?"
    assert told_before(text) == ""


def test_what_time_did_i_run_on_a_day_brings_that_days_lines(conn):
    seed_steps(conn)
    pb = seed_journal(conn, ["Parkrun at the lake: 26:41, a new best."],
                      entry_date="2026-10-24")[0]
    got = recall(conn, "Making a photo album for the club. What time did I run on Saturday 24 "
                       "Oct?", now=datetime(2026, 12, 3, 18, 0))
    assert (JOURNAL_KIND, pb) in {(it.kind, it.ref) for it in got.items}


@pytest.mark.parametrize("text, kind", [
    ("what did the write-up say about the storm week?", REVIEW_KIND),
    ("what did last week's recap say?", REVIEW_KIND),
    ("my club is doing a year-in-review thing. what was my best day?", None),
])
def test_a_write_up_is_a_review_and_a_year_in_review_is_not(text, kind):
    assert asked_kind(text) == kind


def test_a_year_in_review_remark_brings_no_reviews(conn):
    seed_steps(conn)
    save_review(conn, period_key="week:2026-W44", period_start="2026-10-26",
                period_end="2026-11-01", text="Parkrun best on Saturday; steady week.",
                model="m", created_at="2026-11-01T20:00:00")
    seed_journal(conn, ["Parkrun at the lake: 26:41, a new best."], entry_date="2026-10-31")
    got = recall(conn, "Priya's doing a year-in-review thing. What time did I run on Saturday "
                       "31 Oct?", now=datetime(2026, 12, 3, 18, 0))
    assert [it.kind for it in got.items if it.kind in ("review", "journal")] == ["journal"]


@pytest.mark.parametrize("text, day, last", [
    ("Storm all week: outdoor runs cancelled for the week.", date(2026, 10, 20),
     date(2026, 10, 25)),  # a Tuesday: to that Sunday
    ("Dog cut his paw. Vet: lead walks only for ten days.", date(2026, 9, 8),
     date(2026, 9, 17)),
    ("Calf tight, resting for a couple of days.", date(2026, 9, 8), date(2026, 9, 9)),
    ("Knee sore going downstairs.", date(2026, 9, 8), date(2026, 9, 8)),
])
def test_a_line_that_says_how_long_it_lasts_dates_its_end(text, day, last):
    assert event_days(day, [], text, ["storm" if "Storm" in text else "paw"]) == (day, last) \
        or event_days(day, [], text, []) == (day, last)


def test_the_words_of_a_time_told_before_the_question_only_date_it(conn):
    seed_steps(conn)
    seed_journal(conn, ["Storm Dora: gales and rain, the park paths flooded. Outdoor runs "
                        "cancelled for the week."], entry_date="2026-10-19")
    gym = seed_journal(conn, ["Did 8 km on the treadmill at the leisure centre."],
                       entry_date="2026-10-21")[0]
    for day in range(1, 6):  # lines about the park the question's lead-in would match
        seed_journal(conn, [f"Windy loop of the park, flooded corner again ({day})."],
                     entry_date=f"2026-08-{day:02d}")
    got = recall(conn, "Pouring again tonight. During that wild windy spell when the park "
                       "flooded, how far did I manage indoors?",
                 now=datetime(2026, 12, 3, 21, 0))
    journal = [it.ref for it in got.items if it.kind == "journal"]
    assert gym in journal and journal.index(gym) <= 1


# Round 28b (fresh39, a runner planning next year, read as tuning data).

def test_a_yes_no_question_about_a_month_asks_it():
    text = ("Was August busier than July, and what did the review of the heatwave week say "
            "about my long runs?")
    assert _asked(text) == [(date(2026, 7, 1), date(2026, 7, 31)),
                            (date(2026, 8, 1), date(2026, 8, 31))]


@pytest.mark.parametrize("text", [
    "What was my quietest week? I want the truth before I set next year's targets.",
    "How many steps did I do in the week before the race? Asking before the coming season.",
])
def test_what_is_still_to_come_anchors_no_days(text):
    from coach_tui.memory.events import event_phrases
    assert not [p for p in event_phrases(text) if "year" in p.words or "season" in p.words]


def test_a_month_of_a_race_not_yet_run_is_not_asked():
    text = ("What did you tell me about gels before the half, because if I do Berlin in "
            "September I want the fuelling right?")
    assert (date(2026, 9, 1), date(2026, 9, 30)) not in _asked(text)
