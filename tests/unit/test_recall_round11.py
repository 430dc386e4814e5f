"""Recall on words runners use for this kind of story (legs "like rocks", "the backs of my
legs", "spaghetti", a "gadget" to see by, a storm's rain), and a best week asked for beside
its review: pure or one small database, pinned clock (tests.engine_support.NOW)."""

from coach_tui.memory.query import expand, message_words, query_terms, synonym_groups
from coach_tui.store.reviews import save_review
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import recall
from tests.unit.test_recall_precision import kinds


def terms(text: str) -> list[str]:
    return query_terms(message_words(text))


def test_everyday_words_find_the_written_ones():
    assert "tight" in terms("after portugal my lower legs were like rocks")
    assert {"calf", "hamstring"} <= set(terms("stretches for the backs of my legs"))
    assert "pasta" in terms("eating tons of spaghetti")
    assert "race" in terms("ahead of the big one")
    assert "torch" in terms("what gadget did i get")
    assert "storm" in expand("flooded")
    assert "realistically" in terms("what goal time did you predict")
    assert "talk" in terms("what did priya and i natter about")  # the index stems "talked"
    assert "storm" in synonym_groups()["rain"]  # the family a memory is compared with


def test_a_phrase_added_to_the_list_does_not_crowd_out_a_group():
    # "under the weather" means "unwell": the illnesses under it are still searched for.
    assert {"flu", "cold"} <= set(expand("ill"))
    assert "flu" in terms("when was i under the weather")


def test_a_best_week_asked_beside_its_review_brings_both(conn):
    seed_steps(conn)
    review_id = save_review(conn, period_key="week:2026-W47", period_start="2026-11-16",
                            period_end="2026-11-22", text="A strong week: calves a bit tight.",
                            model="m", created_at="2026-11-23T08:00:00")
    got = recall(conn, "which was my best week ever?? and what did the weekly review say")
    assert "best week" in got.text
    assert ("review", review_id) in kinds(got)
    # Only narrowing what is asked for, the week is not shown by itself.
    narrowed = recall(conn, "what did the review of my best week say about my calves")
    assert ("review", review_id) in kinds(narrowed)


def test_the_review_of_a_named_days_week_comes_with_it(conn):
    seed_steps(conn)
    review_id = save_review(conn, period_key="week:2026-W47", period_start="2026-11-16",
                            period_end="2026-11-22", text="Calves tight after the hills.",
                            model="m", created_at="2026-11-23T08:00:00")
    got = recall(conn, "how many steps on 18/11 and what did the weekly review say about that week")
    assert ("review", review_id) in kinds(got)
    assert "Wed 2026-11-18" in got.text


def test_that_day_after_an_event_is_the_day_of_what_was_found(conn):
    seed_steps(conn)
    seed_journal(conn, ["Riverside Half Marathon finished in 2:04:37."], entry_date="2026-11-22")
    seed_journal(conn, ["Left knee flared on a short jog."], entry_date="2026-11-25")
    got = recall(conn, "when my knee flared after the half, how many steps did i do that day")
    assert "Wed 2026-11-25" in got.text
    assert "after the half" not in got.text      # the open stretch only narrowed it
