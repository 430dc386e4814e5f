"""Recall, round 45 (read from fresh115, a runner comparing two named stretches in one
question, after it was scored blind): "what did you advise me on 12/11?" with nothing else to
look for brings what the coach said that day; "remind me what I wrote on Sep 5" and "what was
happening on each of those days" bring the days' own journal lines, as "what did I write" did;
of two days named side by side ("parkrun on the 8th vs parkrun on the 31st"), each day's own
matching line stays, not only the one that matches more words. The phrasings are this file's
own."""

from datetime import date, datetime

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.recall import as_read
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import exchange, recall

NOW = datetime(2026, 12, 1, 8, 0)


def _spans(text: str, today: date) -> set[tuple[str, str]]:
    return {(s.start.isoformat(), s.end.isoformat()) for s in named_spans(as_read(text), today)}


@pytest.mark.parametrize("text", [
    "what did you say on 12/11?",
    "11/11 against 12/11: steps on each, and what did you advise me on those days?",
    "What did you tell me on Thursday 12 November?",
])
def test_what_the_coach_said_on_a_written_day(conn, text):
    seed_steps(conn, end=date(2026, 11, 30), values=[9_000] * 40, today_steps=None)
    exchange(conn, "2026-11-12", "picked up my bib today, chip on the back",
             "Leave the chip where it is and pin the bib on the front.")
    exchange(conn, "2026-11-20", "new gloves arrived", "Good for the cold mornings.")
    rec = recall(conn, text, now=NOW)
    chats = [it for it in rec.items if it.kind == "chat"]
    assert [it.day for it in chats] == ["2026-11-12"]
    assert "chip" in rec.text


@pytest.mark.parametrize("text", [
    "Could you tell me how my steps compared on 11/11 and 12/11?",  # a polite ask, not "say"
    "How many steps did I do on 12/11?",
])
def test_a_day_asked_for_its_steps_brings_no_exchange(conn, text):
    seed_steps(conn, end=date(2026, 11, 30), values=[9_000] * 40, today_steps=None)
    exchange(conn, "2026-11-12", "picked up my bib today, chip on the back",
             "Leave the chip where it is and pin the bib on the front.")
    rec = recall(conn, text, now=NOW)
    assert not [it for it in rec.items if it.kind == "chat"]


@pytest.mark.parametrize("text", [
    "Early Sept against early Oct, totals please. And remind me what I wrote on Sep 5 and Oct 3.",
    "exactly 10 weeks ago today vs 8 weeks ago today: steps, and what was happening each day?",
])
def test_what_the_user_wrote_on_named_days(conn, text):
    seed_steps(conn, end=date(2026, 11, 30), values=[9_000] * 120, today_steps=None)
    days = ("2026-09-05", "2026-10-03") if "Sep 5" in text else ("2026-09-22", "2026-10-06")
    seed_journal(conn, ["Swapped the old trainers for a new pair; cushioned heel."],
                 entry_date=days[0])
    seed_journal(conn, ["Slow lap of the park after the illness, walked the hill."],
                 entry_date=days[1])
    seed_journal(conn, ["Rainy commute, bus both ways."], entry_date="2026-11-10")
    rec = recall(conn, text, now=NOW)
    assert sorted(it.day for it in rec.items if it.kind == "journal") == list(days)


def test_nothing_written_is_asked_without_a_verb_of_writing(conn):
    seed_steps(conn, end=date(2026, 11, 30), values=[9_000] * 120, today_steps=None)
    seed_journal(conn, ["Rainy commute, bus both ways."], entry_date="2026-09-05")
    rec = recall(conn, "Steps on Sep 5 and on Oct 3, please.", now=NOW)
    assert not [it for it in rec.items if it.kind == "journal"]


def test_each_day_named_side_by_side_keeps_its_own_line(conn):
    seed_steps(conn, end=date(2026, 11, 30), values=[9_000] * 120, today_steps=None)
    seed_journal(conn, ["Saturday parkrun with a friend, running easy; finished in 29:40."],
                 entry_date="2026-08-08")
    seed_journal(conn, ["Parkrun personal best: 27:52."], entry_date="2026-10-31")
    seed_journal(conn, ["Parkrun in the rain, jogged round."], entry_date="2026-09-12")
    rec = recall(conn, "parkrun on the 8th of August vs parkrun on Oct 31st: what times did I "
                 "run?", now=NOW)
    days = sorted(it.day for it in rec.items if it.kind == "journal")
    assert days == ["2026-08-08", "2026-10-31"]


def test_a_line_of_the_other_day_matching_no_word_stays_out(conn):
    seed_steps(conn, end=date(2026, 11, 30), values=[9_000] * 120, today_steps=None)
    seed_journal(conn, ["Saturday parkrun with a friend, running easy; finished in 29:40."],
                 entry_date="2026-08-08")
    seed_journal(conn, ["Bought a head torch for the dark evenings."], entry_date="2026-10-31")
    rec = recall(conn, "parkrun on the 8th of August vs Oct 31st: what times did I run?",
                 now=NOW)
    assert [it.day for it in rec.items if it.kind == "journal"] == ["2026-08-08"]


@pytest.mark.parametrize(("text", "today", "want"), [
    # a day named twice (as "just gone" and as "the Monday") is one day to count back from
    ("Monday just gone vs the Monday a fortnight before it: steps?", date(2026, 12, 2),
     ("2026-11-16", "2026-11-16")),
    # "the one before" a weekend is the weekend before, ending a clause with a colon
    ("the weekend just gone compared with the one before: steps on each of the four days",
     date(2026, 12, 1), ("2026-11-21", "2026-11-22")),
    ("the weekend just gone compared with the weekend before?", date(2026, 12, 1),
     ("2026-11-21", "2026-11-22")),
    ("November vs the month before; how did they compare?", date(2026, 12, 1),
     ("2026-10-01", "2026-10-31")),
])
def test_a_stretch_said_of_the_one_named(text, today, want):
    assert want in _spans(text, today)


def test_the_one_before_ending_a_correction_is_not_a_second_day():
    spans = _spans("last tuesday what was my count not today obviously the one before",
                   date(2026, 12, 1))
    assert spans == {("2026-11-24", "2026-11-24")}


def test_a_day_inside_the_weekend_named_leaves_the_weekend_to_count_back_from(conn):
    seed_steps(conn, end=date(2026, 11, 30), values=[9_000] * 40, today_steps=None)
    rec = recall(conn, "the weekend just gone compared with the one before: steps on each "
                 "day, and what was the big Sunday outing each time?", now=NOW)
    spans = {(it.day, it.end) for it in rec.items if it.kind == "span"}
    assert ("2026-11-21", "2026-11-22") in spans


@pytest.mark.parametrize(("text", "today", "want"), [
    # a weekday before, ending a clause with a comma or a dash
    ("last sunday vs the sunday before, which one had more steps?", date(2026, 12, 2),
     ("2026-11-22", "2026-11-22")),
    ("last month against the month before - total steps and the average?", date(2026, 12, 2),
     ("2026-10-01", "2026-10-31")),
    # "N weeks ago" compared as weeks: the weeks, not the days N weeks back
    ("3 weeks ago vs 6 weeks ago, how did those weeks compare on steps?", date(2026, 12, 2),
     ("2026-10-19", "2026-10-25")),
])
def test_stretches_compared_side_by_side(text, today, want):
    assert want in _spans(text, today)


def test_weeks_ago_alone_is_still_the_day():
    assert _spans("3 weeks ago, how many steps?", date(2026, 12, 2)) == {
        ("2026-11-11", "2026-11-11")}


@pytest.mark.parametrize("text", [
    "the flu against the head cold - how low did my steps go through each one?",
    "The flu vs this latest cold: how low did my steps go during each?",
    "during the flu vs during the cold",
])
def test_two_illnesses_set_side_by_side_are_each_read(text):
    from coach_tui.memory import events

    assert [(p.relation, p.words) for p in events.event_phrases(text)] == [
        ("during", "flu"), ("during", "cold")]


def test_against_the_goal_is_no_second_event():
    from coach_tui.memory import events

    assert [(p.relation, p.words) for p in events.event_phrases(
        "my steps against the goal during the flu")] == [("during", "flu")]


def test_each_illness_compared_brings_its_own_days(conn):
    seed_steps(conn, end=date(2026, 11, 30), values=[9_000] * 120, today_steps=None)
    seed_journal(conn, ["Down with flu: fever, in bed."], entry_date="2026-09-27")
    seed_journal(conn, ["Head cold: blocked nose, short walks only."], entry_date="2026-11-26")
    rec = recall(conn, "the flu against the head cold - how low did my steps go through each "
                 "one?", now=NOW)
    spans = [(it.day, it.end) for it in rec.items if it.kind in ("span", "day")]
    assert any(day <= "2026-09-27" <= (end or day) for day, end in spans), rec.text
    assert any(day <= "2026-11-26" <= (end or day) for day, end in spans), rec.text


@pytest.mark.parametrize("text", [
    "what did you write in the reviews for those two weeks?",
    "what did you say in your write-ups about it?",
])
def test_reviews_named_in_the_plural_are_asked_for(text):
    from coach_tui.memory.ranking import asked_kind
    from coach_tui.store.search import REVIEW_KIND

    assert asked_kind(text) == REVIEW_KIND


def test_what_you_wrote_alone_is_still_what_the_coach_said():
    from coach_tui.memory.ranking import asked_kind
    from coach_tui.store.search import CHAT_KIND

    assert asked_kind("what did you write to me about my shoes?") == CHAT_KIND


def test_what_a_week_looked_like_weeks_ago_is_that_week():
    assert _spans("what did my week look like five weeks ago?", date(2026, 12, 1)) == {
        ("2026-10-26", "2026-11-01")}


def test_the_weekend_before_going_off_somewhere():
    from coach_tui.memory import events

    assert [(p.relation, p.words) for p in events.event_phrases(
        "the weekend before i went off to Frankfurt for work - steps over those two days?",
        frozenset({"frankfurt"}))] == [("the weekend before", "frankfurt work")]
