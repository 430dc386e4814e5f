"""Recall, round 32 (read from fresh52, a runner writing in the evening who opens with how the
day went): a short question carried on from the last one ("and what about gels?") comes with
the exchange it carried on from; "the week Storm Ingrid hit" is the week of a named thing;
"after the flu ..., the first weekend after it" is that weekend, not every day since; "why do
you think I stalled the week after the race?" brings what the journal says of those days. The
phrasings are this file's own."""

from datetime import date, datetime

import pytest

from coach_tui.memory.events import event_phrases
from coach_tui.memory.query import expand
from coach_tui.store import sessions as store
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import recall


def _talk(conn, day: str, turns: list[tuple[str, str, str]]) -> None:
    """One session of `turns` (clock time, user, coach) on `day`."""
    sid = store.create_session(conn, created_at=f"{day}T{turns[0][0]}:00", model="m",
                               system=[], memory_on=True, snapshot_entry_ids=[],
                               journal_watermark=0, snapshot_deletions=0, effort="low",
                               max_tokens=8192, snapshot_date=day)
    for at, user, reply in turns:
        tid = store.add_user_turn(conn, sid, created_at=f"{day}T{at}:00", text=user,
                                  memory_on=True, title="t")
        store.finish_user_turn_in_tx(conn, tid, status="ok", error=None)
        store.add_assistant_turn_in_tx(
            conn, sid, reply_to=tid, created_at=f"{day}T{at}:05", text=reply, status="ok",
            error=None, response_id="r", model="m", usage=None, cost_usd=None,
            cache_miss_reason=None, memory_on=True)


def test_a_short_question_carried_on_comes_with_the_exchange_it_follows(conn):
    _talk(conn, "2026-10-30", [
        ("18:00", "what should I drink during the long run on sunday?",
         "Water every 20 minutes, and an electrolyte tab if it is warm."),
        ("18:04", "and gels?", "One at 45 minutes, another at 90 if you go that long."),
    ])
    block = recall(conn, "What did you tell me about drinking on my long runs?",
                   now=datetime(2026, 12, 3, 20, 30)).text
    assert "electrolyte" in block
    assert "One at 45 minutes" in block


def test_a_one_word_thank_you_after_an_exchange_is_not_brought(conn):
    _talk(conn, "2026-10-30", [
        ("18:00", "what should I drink during the long run on sunday?",
         "Water every 20 minutes, and an electrolyte tab if it is warm."),
        ("18:04", "ok thanks!", "Any time."),
    ])
    block = recall(conn, "What did you tell me about drinking on my long runs?",
                   now=datetime(2026, 12, 3, 20, 30)).text
    assert "Any time" not in block


def test_the_week_a_named_thing_happened_is_its_week():
    assert [(p.relation, p.words) for p in event_phrases(
        "How did I do the week Storm Ingrid hit?")] == [("the week of", "storm ingrid hit")]


@pytest.mark.parametrize("text", [
    "After the flu in October, how did the first weekend after it go?",
    "after the flu, how was the weekend after it?",
])
def test_the_first_weekend_after_it_is_that_weekend_not_every_day_since(text):
    assert [(p.relation, p.words) for p in event_phrases(text)] == [
        ("the weekend after", "flu")]


def test_why_a_week_went_as_it_did_brings_that_weeks_journal_lines(conn):
    seed_steps(conn, end=date(2026, 11, 30), values=[9_000] * 40, today_steps=None)
    seed_journal(conn, ["Finished the autumn half in 2:01, legs shot."],
                 entry_date="2026-11-08")
    seed_journal(conn, ["Calves still tight, skipped the Tuesday run."],
                 entry_date="2026-11-10")
    seed_journal(conn, ["Work trip to Leeds, hotel gym only."], entry_date="2026-11-12")
    block = recall(conn, "Why do you think I slumped in the week after the half?",
                   now=datetime(2026, 12, 2, 21, 0)).text
    assert "Calves still tight" in block
    assert "Work trip to Leeds" in block


def test_mileage_is_distance():
    assert "km" in expand("mileage")


# Round 32b (fresh51 read: a terse runner on a phone between meetings).
@pytest.mark.parametrize("text, parts", [
    ("oct 3rd steps? that was parkrun day right", 2),
    ("steps on the 12th? it was the storm day yeah", 2),
    ("steps on the 12th? felt rough all day", 1),     # a remark: no tag, no question
])
def test_a_tag_asks_as_a_question_mark_does(text, parts):
    from coach_tui.memory.message_parts import asking
    assert len(asking(text)) == parts


def test_that_week_inside_a_month_named_is_the_week_of_what_was_found(conn):
    seed_steps(conn, end=date(2026, 11, 30), values=[9_000] * 120, today_steps=None)
    seed_journal(conn, ["Saw the physio about my hip: rest, then glute bridges daily."],
                 entry_date="2026-09-16")
    block = recall(conn, "What did the physio tell me when I saw her in September, and how "
                   "did my steps hold up that week?", now=datetime(2026, 12, 3, 20, 0)).text
    assert "2026-09-14 to 2026-09-20" in block
    assert "September 2026 (2026-09-01 to 2026-09-30)" not in block


# Round 32d (fresh54 read: a runner packing two or three asks into a message).
def test_a_target_moved_up_to_a_level_finds_the_line_of_that_change(conn):
    seed_steps(conn, end=date(2026, 11, 30), values=[9_000] * 120, today_steps=None)
    seed_journal(conn, ["Daily target raised from 8,000 to 10,000, knee feels solid."],
                 entry_date="2026-09-01")
    seed_journal(conn, ["Daily target raised to 12,000 for the last weeks before the race."],
                 entry_date="2026-11-02")
    block = recall(conn, "when did i first move up to the 10k a day thing?",
                   now=datetime(2026, 12, 3, 9, 0)).text
    assert "8,000 to 10,000" in block


def test_the_night_before_said_after_an_event_is_the_day_before_it():
    phrases = event_phrases("How many steps the week before the race? And I was a mess the "
                            "night before, what did you say to settle me?")
    assert ("the day before", "race") in [(p.relation, p.words) for p in phrases]


def test_what_you_said_to_calm_me_on_a_day_brings_that_days_exchange(conn):
    seed_journal(conn, ["Ran the Harbour 10k in 52:10."], entry_date="2026-11-15")
    _talk(conn, "2026-11-14", [("19:40", "race tomorrow, jittery!!", "You've done the work.")])
    block = recall(conn, "I was a wreck the night before the race, what did you say to calm "
                   "me down?", now=datetime(2026, 12, 3, 7, 15)).text
    assert "You've done the work" in block


@pytest.mark.parametrize("text, goal", [
    ("when did the 12k a day goal start? and how many steps while it was on?", 12_000),
    ("my 11,000 target, how did the weeks go while it lasted?", 11_000),
])
def test_while_it_was_on_after_a_goal_named_is_that_goals_run(text, goal):
    from coach_tui.memory.goal_spans import asked_goal
    assert asked_goal(text) == goal


def test_what_you_told_me_after_something_found_brings_that_days_exchange(conn):
    seed_steps(conn, end=date(2026, 11, 30), values=[9_000] * 120, today_steps=None)
    seed_journal(conn, ["Hill repeats with Sam: 8 x 90 s up Kite Hill, legs gone after."],
                 entry_date="2026-10-14")
    _talk(conn, "2026-10-14", [("20:10", "done, totally cooked",
                                "Good work. Keep tomorrow to an easy walk, nothing more.")])
    block = recall(conn, "the hill repeats with sam, how many did we do? steps that day? and "
                   "what did you tell me to do the next day", now=datetime(2026, 12, 4, 12, 0)).text
    assert "Keep tomorrow to an easy walk" in block


@pytest.mark.parametrize("text, months", [
    ("what did u say i should do in dec", ["december"]),
    ("what was the december plan you gave me?", ["december"]),
    ("how many steps on 2 dec?", []),
])
def test_a_month_asked_about_as_a_topic_in_any_form(text, months):
    from coach_tui.memory.query import topic_months
    assert topic_months(text) == months
