"""Recall, round 26: a question whose answer is several things told on several days ("what
books have I read", "which races has Sam run", "how many times"), LoCoMo's multi-hop kind.
Each match may hold one of the things, so weaker matches stay; a question about one telling
("what stretches did you give me") keeps the usual cut. The phrasings are this file's own."""

import pytest

from coach_tui.memory.ranking import gathers
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import recall


@pytest.mark.parametrize("text", [
    "What books have I read this autumn?",
    "which parkruns has Sam done with me",
    "What kinds of cross-training do I do?",
    "what are my favourite recovery snacks",
    "What has Priya baked for the club?",
    "how many times did my knee flare up",
    "how many physio sessions have I had",
    "what do Sam and I both like about trail running",
    "Where has Tom taken me hiking?",
])
def test_a_question_asking_for_several_things_gathers(text):
    assert gathers(text)


@pytest.mark.parametrize("text", [
    "what stretches did you give me for my calves",     # one telling: "did"
    "which trainers did i end up buying",
    "how many gels did i take on the long run",
    "how many steps have I done this week",              # counted in the data
    "what were my steps on Tuesday",
    "two weekends ago, steps both days",
    "last month both in total and as a daily average",
    "what was my best day in October",
    "how is my knee",
    "what about my knees, are they ok for hills",
])
def test_a_question_about_one_fact_does_not_gather(text):
    assert not gathers(text)


def _books(conn):
    seed_steps(conn)
    strong = seed_journal(conn, ["Reading a running book on the commute: Born to Run."],
                          entry_date="2026-10-06")[0]
    weak = seed_journal(conn, ["Finished Endure, the running book Sam lent me."],
                        entry_date="2026-11-12")[0]
    for day, line in [("2026-11-14", "Easy 5k with Sam by the canal."),
                      ("2026-11-03", "Knee fine on the stairs; physio exercises done."),
                      ("2026-10-20", "Rainy week, treadmill twice."),
                      ("2026-10-27", "New trainers arrived, wore them around the house."),
                      ("2026-11-20", "Goal raised to 11,000 for December."),
                      ("2026-11-24", "Long walk with Tom along the river.")]:
        seed_journal(conn, [line], entry_date=day)
    return strong, weak


def test_a_list_question_keeps_the_weaker_match_that_holds_another_item(conn):
    strong, weak = _books(conn)
    got = {(it.kind, it.ref)
           for it in recall(conn, "what books have I been reading about running?").items}
    assert {("journal", strong), ("journal", weak)} <= got


def test_a_question_about_one_telling_keeps_only_the_strong_match(conn):
    strong, weak = _books(conn)
    got = {(it.kind, it.ref)
           for it in recall(conn, "which running book was I reading on the commute").items}
    assert ("journal", strong) in got
    assert ("journal", weak) not in got
