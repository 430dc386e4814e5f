"""Recall, round 20b: each part of a message that asks two things gets its own best rows
(memory/part_ranks.py). Pure: hits built here, spans pinned; the phrasings are this file's
own."""

from datetime import date

import pytest

from coach_tui.memory.focus import memory_data_words
from coach_tui.memory.part_ranks import days_before, following_week, rank_parts, with_review
from coach_tui.memory.ranking import Ranked
from coach_tui.memory.spans import Span
from coach_tui.store.search import CHAT_KIND, JOURNAL_KIND, REVIEW_KIND, Hit

# A week of a cycling holiday (Mon 3 to Sun 9 August 2026), its review saved on Monday 10th.
WEEK = Span("the week of 2026-08-03", date(2026, 8, 3), date(2026, 8, 9), True)
REVIEW = Hit(REVIEW_KIND, 1, "2026-08-10", "Holiday week in the Alps with Ana: long climbs "
             "every day and a rest day on Thursday.", 3.0, label="week:2026-W32")
OTHER_REVIEW = Hit(REVIEW_KIND, 2, "2026-09-14", "A quiet week; a coffee ride with Ana on "
                   "Sunday.", 4.0, label="week:2026-W37")
LINE = Hit(JOURNAL_KIND, 3, "2026-08-04", "Alps trip with Ana: first climb done.", 3.5)
CHAT = Hit(CHAT_KIND, 4, "2026-08-01", "packing the bike for the alps with ana",
           2.0, reply="Take a spare tube and arm warmers.")


def _ids(ranked):
    return [(r.hit.kind, r.hit.ref) for r in ranked]


def test_a_part_asking_for_the_review_of_a_named_week_gets_that_review_alone():
    text = "which was my best week of the period, and what did its review say about Ana?"
    parts = [("which was my best week of the period", ["period"]),
             ("and what did its review say about Ana?", ["ana"])]
    ranked = rank_parts([REVIEW, OTHER_REVIEW, LINE], parts, text, anchors=[REVIEW],
                        spans=[WEEK], best_spans=[WEEK], asked=REVIEW_KIND, aliases={})
    assert _ids(ranked) == [(REVIEW_KIND, 1)]


def test_a_review_found_by_its_words_drops_the_lines_of_its_week_not_the_chats():
    text = "what did the review of the Alps week say, and what did you tell me to pack?"
    parts = [("what did the review of the Alps week say", ["alps"]),
             ("and what did you tell me to pack?", ["pack"])]
    ranked = rank_parts([REVIEW, LINE, CHAT], parts, text, anchors=[], spans=[],
                        best_spans=[], asked=REVIEW_KIND, aliases={})
    assert (REVIEW_KIND, 1) in _ids(ranked) and (CHAT_KIND, 4) in _ids(ranked)
    assert (JOURNAL_KIND, 3) not in _ids(ranked)


def test_a_single_question_keeps_the_line_beside_the_review():
    text = "what did I write about the alps trip with Ana"
    ranked = rank_parts([LINE, REVIEW], [(text, ["alps", "trip", "ana"])], text, anchors=[],
                        spans=[], best_spans=[], asked=None, aliases={})
    assert (JOURNAL_KIND, 3) in _ids(ranked)


TODAY = date(2026, 12, 9)


@pytest.mark.parametrize("text, kept", [
    ("steps in March vs February, and what did we decide for the goal after the move?",
     {"goal"}),
    ("my total on 4/3, and what did you tell me about the daily target back then?",
     {"daily", "target"}),
])
def test_a_part_asking_what_was_decided_or_said_keeps_its_data_words(text, kept):
    assert memory_data_words(text, TODAY, "DMY") == kept


@pytest.mark.parametrize("text", [
    "how many steps on 4/3? and was that over the goal",
    "steps on 4/3, and did I reach the target that day?",
    "what did you tell me about the target",            # one part: no other part names days
    "what did I decide about the goal on 4/3, and why",  # the part that asks names the day
])
def test_a_days_number_or_a_single_part_keeps_none(text):
    assert memory_data_words(text, TODAY, "DMY") == set()


# A physio's advice on Wednesday 12 August 2026; the next Monday-to-Sunday week is 17-23 Aug.
ADVICE = Hit(JOURNAL_KIND, 5, "2026-08-12", "Physio said: rest the hip, glute bridges daily.",
             6.0)
NEXT_REVIEW = Hit(REVIEW_KIND, 6, "2026-08-24", "Bridges done every day; hip calm.", 0.0,
                  label="week:2026-W34")


@pytest.mark.parametrize("text", [
    "What did the physio tell me to do, and did I stick to it the week that followed?",
    "what did the physio say. and how did I get on the following week",
    "what did you tell me after the physio visit, and what did my review say afterwards?",
])
def test_a_part_pointing_at_the_week_after_gets_that_weeks_review(text):
    ranked = [Ranked(ADVICE, 2.0)]
    assert following_week(text, ranked) == (date(2026, 8, 17), date(2026, 8, 23))
    out = with_review(ranked, [NEXT_REVIEW])
    assert [(r.hit.kind, r.hit.ref) for r in out] == [(JOURNAL_KIND, 5), (REVIEW_KIND, 6)]


@pytest.mark.parametrize("text", [
    "what did the physio tell me to do afterwards",               # one part
    "what did the physio say, and what did you tell me afterwards",  # no week, no review
    "what did the physio say, and the week after the race?",      # an event of its own
])
def test_no_following_week_otherwise(text):
    assert following_week(text, [Ranked(ADVICE, 2.0)]) is None


def test_the_review_is_not_added_twice():
    ranked = [Ranked(ADVICE, 2.0), Ranked(NEXT_REVIEW, 1.0)]
    assert with_review(ranked, [NEXT_REVIEW]) == ranked


CONFERENCE = Span("the conference", date(2026, 10, 5), date(2026, 10, 8), True)


@pytest.mark.parametrize("text", [
    "Lyon: what did you advise beforehand, and how were my steps those days?",
    "what did my review of the Lyon week say, and what had you suggested before I left?",
    "how was the conference week, and what did you tell me before it?",
])
def test_a_part_asking_what_the_coach_said_beforehand_is_the_week_before(text):
    assert days_before(text, [CONFERENCE]) == (date(2026, 9, 28), date(2026, 10, 4))


@pytest.mark.parametrize("text, spans", [
    ("what did you advise beforehand", []),                       # no period named
    ("Lyon: what did I write beforehand?", [CONFERENCE]),          # the journal, not the coach
    ("what did you say about the hotel gym before the trip?", [CONFERENCE]),  # an event's own
])
def test_no_days_before_otherwise(text, spans):
    assert days_before(text, spans) is None


def test_a_pointing_part_is_not_ranked_by_its_own_words():
    text = "What did the physio tell me to do, and what did the review say afterwards?"
    parts = [("What did the physio tell me to do", ["physio"]),
             ("and what did the review say afterwards?", ["afterwards"])]
    after = Hit(JOURNAL_KIND, 7, "2026-08-30", "Felt fine afterwards, no ache.", 9.0)
    ranked = rank_parts([ADVICE, after], parts, text, anchors=[], spans=[], best_spans=[],
                        asked=None, aliases={})
    assert [r.hit.ref for r in ranked] == [5]


def test_what_the_coach_said_was_the_best_week_is_found_weeks_later(conn):
    from coach_tui.memory.recall import build_recall
    from tests.engine_support import NOW, seed_steps
    from tests.unit.test_recall_memories import exchange
    # 28 days to Sunday 29 November; the week of 2 November is the biggest by far.
    seed_steps(conn, values=[21_000] * 7 + [9_000] * 21)
    exchange(conn, "2026-11-04", "rowing machine at the gym today, hows my week looking",
             "A strong week so far; keep the rowing easy.")
    exchange(conn, "2026-11-26", "which was my best week so far?",
             "Your best week was the one starting 2 November, the holiday week.")
    text = build_recall(conn, "Which week did you say was my best, and what did the review of "
                        "it say?", now=NOW, default_goal=10_000, max_chars=10_000).text
    assert "which was my best week so far" in text and "rowing" not in text


def test_what_the_coach_said_on_the_day_before_an_event_is_that_days_exchange(conn):
    from coach_tui.memory.recall import build_recall
    from tests.engine_support import NOW, seed_journal, seed_steps
    from tests.unit.test_recall_memories import exchange
    seed_steps(conn)
    seed_journal(conn, ["Marathon day: finished in 4:10, legs gone at 35 km."],
                 entry_date="2026-11-22")
    exchange(conn, "2026-11-20", "lunch walk done, bit chilly", "Good, keep it easy.")
    exchange(conn, "2026-11-21", "marathon tomorrow, cannot sleep at all",
             "Rest anyway: lying still with your eyes closed helps.")
    text = build_recall(conn, "what did you say to me the night before the marathon? and my "
                        "steps that day", now=NOW, default_goal=10_000, max_chars=10_000).text
    assert "marathon tomorrow" in text and "lunch walk" not in text


def test_the_line_dating_an_open_event_goes_once_that_day_is_the_found_memorys(conn):
    from coach_tui.memory.recall import build_recall
    from tests.engine_support import NOW, seed_journal, seed_steps
    from tests.unit.test_recall_memories import exchange
    seed_steps(conn)
    seed_journal(conn, ["Ran the Harbour 10 mile race in 1:31, cramp at mile 9."],
                 entry_date="2026-11-19")
    exchange(conn, "2026-11-23", "my achilles is sore again on a short jog",
             "Stop running for a few days and do the calf raises slowly.")
    text = build_recall(conn, "my achilles got sore after the harbour race, what did you tell "
                        "me to do, and how many steps did i do that day?", now=NOW,
                        default_goal=10_000, max_chars=10_000).text
    assert "achilles is sore" in text and "2026-11-23" in text
    assert "cramp at mile 9" not in text


def test_an_exchange_asked_about_the_topic_beats_a_reply_mentioning_it_in_passing():
    from coach_tui.memory.ranking import rank
    asked = Hit(CHAT_KIND, 10, "2026-11-20", "what should my January look like", 4.0,
                reply="Three easy runs a week and one longer one.")
    passing = Hit(CHAT_KIND, 11, "2026-11-27", "pool or gym this weekend?", 4.5,
                  reply="Either; we plan properly after a quiet January.")
    kept = rank([asked, passing], ["january"], asked=CHAT_KIND)
    assert [r.hit.ref for r in kept] == [10]
    # with no exchange asked about it, a reply holding the word stays
    assert [r.hit.ref for r in rank([passing], ["january"], asked=CHAT_KIND)] == [11]
    # and a message not asking what the coach said keeps both
    assert {r.hit.ref for r in rank([asked, passing], ["january"])} == {10, 11}


def test_a_message_whose_words_are_all_in_its_review_part_gets_the_review_alone():
    text = "total for 3-9 aug? and what did the weekly review say about Ana"
    ranked = rank_parts([REVIEW, LINE], [(text, ["ana"])], text, anchors=[REVIEW],
                        spans=[WEEK], best_spans=[], asked=REVIEW_KIND, aliases={})
    assert _ids(ranked) == [(REVIEW_KIND, 1)]


def test_the_line_of_a_day_the_message_names_stays_beside_the_review():
    text = "steps on the day of the first climb? and what did the review that week say about Ana"
    day = Span("2026-08-04", date(2026, 8, 4), date(2026, 8, 4), False)
    ranked = rank_parts([REVIEW, LINE], [(text, ["ana"])], text, anchors=[REVIEW],
                        spans=[day], best_spans=[], asked=REVIEW_KIND, aliases={})
    assert (JOURNAL_KIND, 3) in _ids(ranked)


def test_the_days_a_goal_changed_within_a_period():
    from coach_tui.memory.goal_spans import goal_changes
    from coach_tui.store.steps import Day
    goals = [9_000] * 3 + [11_000] * 10 + [9_000] * 5   # from 1 March
    days = [Day(date(2027, 3, 1 + i).isoformat(), 5_000, g) for i, g in enumerate(goals)]
    march = Span("March", date(2027, 3, 1), date(2027, 3, 31), True)
    assert goal_changes(days, march) == [date(2027, 3, 4), date(2027, 3, 14)]


@pytest.mark.parametrize("text, asks", [
    ("Which was my biggest month, and what daily targets was I on through it?", True),
    ("my best week - what was my goal at the time?", True),
    ("did I hit my target that week?", False),
    ("and what was my target doing thru nov", True),
    ("did my goal change over October?", True),
    ("how did the daily target move in the autumn", True),
    ("what was my goal on the 3rd?", False),
    ("did my goal help me?", False),
])
def test_asking_which_goals_were_in_force(text, asks):
    from coach_tui.memory.goal_spans import GOALS_ON
    assert (GOALS_ON.search(text) is not None) == asks


@pytest.mark.parametrize("text, kind", [
    ("what did you put it down to in the review?", REVIEW_KIND),
    ("and what did you write in my weekly review about it", REVIEW_KIND),
    ("what did you say about the review", CHAT_KIND),
    ("what did you tell me to do", CHAT_KIND),
])
def test_the_coachs_words_in_a_review_ask_for_the_review(text, kind):
    from coach_tui.memory.ranking import asked_kind
    assert asked_kind(text) == kind


@pytest.mark.parametrize("text", [
    "Biggest week of the whole cycle, which was it?",
    "my best month of the entire year, which one",
])
def test_the_best_period_of_the_whole_stretch_asks_for_its_days(text):
    from coach_tui.memory.focus import asks_days
    assert asks_days(text)
