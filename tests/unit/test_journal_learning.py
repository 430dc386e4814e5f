"""The journal learns without repeating: reflection reads the journal (in its cached prefix),
adds only what is new or replaces a coach line it refines, and code refuses near-duplicates."""

import json

import pytest

from coach_tui.coach.review import reflect_on_review, review_period, save_review, write_review
from coach_tui.memory import journal
from coach_tui.memory.journal import add_entry, list_entries, replaced_lines, same_words, save_entry
from coach_tui.memory.reflect import parse_reply, reflect_on_artifact
from coach_tui.store.db import connect
from coach_tui.store.journal import Entry
from coach_tui.ui.messages import ReflectionFinished
from coach_tui.ui.reflection import notice
from tests.engine_support import NOW, seed_journal, seed_steps


@pytest.fixture
def mem():
    c = connect(":memory:")
    yield c
    c.close()


def model(reply):
    seen = []

    def generate(prompt):
        seen.append(prompt)
        return reply
    generate.seen = seen
    return generate


@pytest.mark.parametrize("a, b", [
    ("Skips Mondays after long weekends.", "skips mondays after long weekends"),
    ("Skips Mondays after long weekends", "  Skips   Mondays, after long weekends!!"),
    ("Skips Mondays after long weekends", "After long weekends, skips Mondays"),
    ("Skips Mondays after long weekends", "Skipped Monday again after the long weekend"),
    ("Walks more when it's sunny", "walks more when its sunny"),
])
def test_lines_with_the_same_words_are_the_same(a, b):
    assert same_words(a) == same_words(b)


@pytest.mark.parametrize("a, b", [
    ("Walks on weekends", "Does not walk on weekends"),
    ("Walks more on weekends", "Walks less on weekends"),
    ("Prefers trails", "Prefers roads"),
])
def test_lines_that_say_different_things_differ(a, b):
    assert same_words(a) != same_words(b)


def test_a_near_duplicate_is_refused_for_the_user_and_for_reflection(mem):
    first = save_entry(mem, "Skips Mondays after long weekends.", source="user",
                       entry_date="2026-11-20")
    again = add_entry(mem, "skips mondays, after long weekends", source="user",
                      entry_date="2026-11-21")
    assert again.entry_id is None and again.duplicate_of.entry_id == first
    assert reflect_on_artifact(mem, "r", source="review", source_key="k",
                               generate=model("MEMORY: After long weekends he skips Mondays")) == []
    assert [e.text for e in list_entries(mem)] == ["Skips Mondays after long weekends."]


def test_reflection_is_shown_every_line_in_its_prompt(mem):
    save_entry(mem, "Prefers trails", source="user", entry_date="2026-11-20")
    save_entry(mem, "Walks at lunch on office days", source="review", source_key="week:2026-W47",
               entry_date="2026-11-23")
    gen = model("NONE")
    reflect_on_artifact(mem, "The week went well.", source="review", source_key="k", generate=gen)
    prompt = gen.seen[0]
    assert prompt.journal == ("The journal (2 lines):\n"
                              "[1] 2026-11-20, the user: Prefers trails\n"
                              "[2] 2026-11-23, coach: Walks at lunch on office days")
    assert "REPLACE <id>" in prompt.instructions and prompt.artifact == "The week went well."


def test_a_replacement_takes_the_old_lines_place_and_keeps_its_history(mem):
    old = save_entry(mem, "Walks at lunch", source="review", source_key="week:2026-W46",
                     entry_date="2026-11-16")
    mine = save_entry(mem, "Prefers trails", source="user", entry_date="2026-11-20")
    ids = reflect_on_artifact(
        mem, "r", source="review", source_key="week:2026-W48", entry_date="2026-11-30",
        generate=model(f"REPLACE {old}: Walks at lunch on office days, not when working from "
                       f"home\nREPLACE [{mine}]: Prefers forest trails to the road"))
    assert len(ids) == 2
    texts = {e.entry_id: e.text for e in list_entries(mem)}
    assert old not in texts  # refined away
    assert texts[mine] == "Prefers trails"  # the user's own line is never replaced...
    assert texts[ids[1]] == "Prefers forest trails to the road"  # ...the refinement is added
    assert replaced_lines(mem) == {ids[0]: "Walks at lunch"}
    row = mem.execute("SELECT lines_written, replaced FROM journal_events "
                      "WHERE source_key = 'week:2026-W48'").fetchone()
    assert row[0] == 2
    assert json.loads(row[1]) == [{
        "entry_id": ids[0], "old_entry_id": old, "old_text": "Walks at lunch",
        "old_entry_date": "2026-11-16", "old_source": "review",
        "old_source_key": "week:2026-W46"}]
    # A replacement is not a deletion by the user: open sessions keep their snapshot.
    assert journal.deletion_count(mem) == 0


def test_a_replacement_that_says_the_same_thing_is_refused(mem):
    old = save_entry(mem, "Walks at lunch", source="review", source_key="w1",
                     entry_date="2026-11-16")
    other = save_entry(mem, "Likes streaks", source="review", source_key="w2",
                       entry_date="2026-11-17")
    ids = reflect_on_artifact(mem, "r", source="review", source_key="w3",
                              generate=model(f"REPLACE {old}: likes streaks."))
    assert ids == []
    assert {e.entry_id for e in list_entries(mem)} == {old, other}


def test_the_reply_grammar():
    assert parse_reply("NONE") == []
    got = parse_reply("Sure.\nREPLACE 12: Sharper line\nmemory: new one\nMEMORY: third")
    assert [(p.text, p.replaces) for p in got] == [("Sharper line", 12), ("new one", None)]


def test_review_reflection_sends_the_journal_in_the_cached_prefix(api, conn, settings):
    seed_steps(conn, goal=10_000)
    seed_journal(conn, ["Prefers morning walks"])
    old = save_entry(conn, "Thursdays are weak", source="review", source_key="week:2026-W46",
                     entry_date="2026-11-16")
    period = review_period("week", NOW.date())
    api.queue_reply("A steady week, Thursday the weak spot again.")
    draft = write_review(conn, settings, period, now=NOW)
    saved = save_review(conn, settings, draft)
    api.queue_reply(f"REPLACE {old}: Thursdays are weak when meetings run late\n"
                    "MEMORY: prefers morning walks.")
    reflection = reflect_on_review(conn, settings, saved, draft)
    sent = api.requests[-1]
    assert sent["model"] == settings.reflection_model
    system = sent["system"]
    assert system[-1]["cache_control"] == {"type": "ephemeral"}  # the breakpoint ends it
    assert "Prefers morning walks" in system[-1]["text"]
    assert f"[{old}] 2026-11-16, coach: Thursdays are weak" in system[-1]["text"]
    assert "A steady week" not in json.dumps(system)  # the review is the user turn
    assert sent["messages"][0]["content"][0]["text"] == draft.text
    # The near-duplicate of the user's line was refused; the refinement replaced the old line.
    assert len(reflection.entry_ids) == 1
    new = reflection.entry_ids[0]
    assert replaced_lines(conn) == {new: "Thursdays are weak"}
    assert [e.text for e in list_entries(conn)][0] == "Thursdays are weak when meetings run late"


def test_the_notice_says_which_lines_are_updates():
    def entry(i, text):
        return Entry(i, "2026-11-30T09:15:00Z", "2026-11-30", "review", "week:2026-W48", i, text)
    note = notice(ReflectionFinished([entry(3, "Sharper"), entry(4, "New")], True, False,
                                     updated=frozenset({3})))
    assert note.title == "Journal: 1 new line, 1 updated"
    assert note.text.startswith("• Sharper (updated)\n• New\n")
