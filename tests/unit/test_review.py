"""Reviews: complete periods, a dedicated request without its own lines, reflection once."""

import json
from datetime import date

import pytest

from coach_tui.coach import llm
from coach_tui.coach.review import (
    day_table,
    reflect_on_review,
    review_period,
    save_review,
    write_review,
)
from coach_tui.memory import journal
from coach_tui.memory.switch import set_memory
from coach_tui.store.steps import load_days
from tests.engine_support import NOW, seed_journal, seed_steps
from tests.support import saved_reviews

REVIEW_TEXT = "A steady week: four days over the goal, Thursday the weak spot."


@pytest.mark.parametrize("today, key, start, end", [
    (date(2026, 11, 30), "week:2026-W48", "2026-11-23", "2026-11-29"),   # Monday: last week
    (date(2026, 12, 2), "week:2026-W48", "2026-11-23", "2026-11-29"),    # Wednesday: still it
    (date(2026, 12, 6), "week:2026-W48", "2026-11-23", "2026-11-29"),    # Sunday: not over
    (date(2026, 12, 7), "week:2026-W49", "2026-11-30", "2026-12-06"),
    (date(2027, 1, 4), "week:2026-W53", "2026-12-28", "2027-01-03"),     # ISO year boundary
])
def test_week_is_the_latest_whole_week_ended_by_yesterday(today, key, start, end):
    period = review_period("week", today)
    assert (period.key, period.start.isoformat(), period.end.isoformat()) == (key, start, end)
    assert period.kind == "week"


def test_day_is_yesterday_and_bad_kinds_are_refused():
    period = review_period("day", date(2026, 11, 30))
    assert period.key == "day:2026-11-29" and period.start == period.end == date(2026, 11, 29)
    assert period.label == "Sunday 29 November 2026"
    with pytest.raises(ValueError):
        review_period("month", date(2026, 11, 30))


def test_day_table_comes_from_rows(conn):
    seed_steps(conn, goal=10_000)
    period = review_period("week", date(2026, 11, 30))
    table, totals = day_table(load_days(conn, period.start, period.end), period, 10_000)
    assert table.splitlines()[0] == "- Mon 2026-11-23: 7,531 steps, goal 10,000, not met"
    assert len(table.splitlines()) == 7
    assert "65,789 steps" in totals and "goal met on 3" in totals


def reflections(api):
    return [r for r in api.requests if r["model"] == "claude-haiku-5-5"]


def test_review_request_never_holds_its_own_lines(api, conn, settings):
    seed_steps(conn, goal=10_000)
    seed_journal(conn, ["Prefers morning walks"])
    period = review_period("week", NOW.date())
    journal.save_entry(conn, "Own line from this very review", source="review",
                       source_key=period.key, entry_date="2026-11-30")
    journal.save_entry(conn, "Line from another review", source="review",
                       source_key="week:2026-W47", entry_date="2026-11-23")
    api.queue_reply(REVIEW_TEXT)
    draft = write_review(conn, settings, period, now=NOW)
    assert draft.text == REVIEW_TEXT and draft.usage.output_tokens > 0
    sent = json.dumps(api.requests[-1])
    assert "Own line from this very review" not in sent
    assert "Prefers morning walks" in sent and "Line from another review" in sent
    assert "- Sun 2026-11-29: 9,753 steps, goal 10,000, not met" in sent
    assert "9,398" in sent  # the average, computed in code, handed to the model
    assert api.requests[-1]["model"] == settings.chat_model


def test_save_then_reflect_once_per_key(api, conn, settings):
    seed_steps(conn, goal=10_000)
    period = review_period("week", NOW.date())
    api.queue_reply(REVIEW_TEXT)
    draft = write_review(conn, settings, period, now=NOW)
    saved = save_review(conn, settings, draft)
    api.queue_reply("MEMORY: Thursdays are the weak spot\nMEMORY: Responds to streaks\n"
                    "MEMORY: a third line that must be dropped")
    reflection = reflect_on_review(conn, settings, saved, draft)
    assert len(reflection.entry_ids) == 2 and len(reflections(api)) == 1
    assert reflection.usage.output_tokens > 0 and reflection.cost_usd > 0
    lines = [e for e in journal.list_entries(conn) if e.source_key == period.key]
    assert sorted(e.text for e in lines) == ["Responds to streaks", "Thursdays are the weak spot"]
    assert all(e.source == "review" for e in lines)
    # Saving the same draft again stores nothing new and asks the model nothing.
    again = save_review(conn, settings, draft)
    repeat = reflect_on_review(conn, settings, again, draft)
    assert repeat.entry_ids == [] and repeat.usage is None
    assert len(reflections(api)) == 1
    assert len(saved_reviews(conn, period_key=period.key)) == 1
    # A rewrite of the same period leaves the new lines out of its own request.
    api.queue_reply(REVIEW_TEXT)
    write_review(conn, settings, period, now=NOW)
    assert "Thursdays are the weak spot" not in json.dumps(api.requests[-1])


def test_reflection_failure_is_silent_and_writes_nothing(api, conn, settings, caplog):
    seed_steps(conn)
    period = review_period("day", NOW.date())
    api.queue_reply(REVIEW_TEXT)
    draft = write_review(conn, settings, period, now=NOW)
    saved = save_review(conn, settings, draft)
    api.queue_error(400, "invalid_request_error", "bad", times=1)
    reflection = reflect_on_review(conn, settings, saved, draft)
    assert reflection.entry_ids == [] and "bad" in reflection.problem
    assert journal.list_entries(conn) == []
    assert saved_reviews(conn)[0].text == REVIEW_TEXT  # the review itself is safe


def test_memory_off_writes_no_review_and_reflects_nothing(api, conn, settings):
    seed_steps(conn)
    period = review_period("week", NOW.date())
    api.queue_reply(REVIEW_TEXT)
    draft = write_review(conn, settings, period, now=NOW)
    saved = save_review(conn, settings, draft)
    set_memory(conn, False)
    count = len(api.requests)
    with pytest.raises(llm.LLMError) as info:
        write_review(conn, settings, period, now=NOW)
    assert info.value.kind == "memory_off"
    assert reflect_on_review(conn, settings, saved, draft).entry_ids == []
    assert len(api.requests) == count


def test_no_data_for_the_period_is_one_clear_error(api, conn, settings):
    with pytest.raises(llm.LLMError) as info:
        write_review(conn, settings, review_period("week", NOW.date()), now=NOW)
    assert info.value.kind == "no_data" and "sync" in info.value.message
    assert api.requests == []


def test_saving_one_draft_twice_stores_it_once(api, conn, settings):
    seed_steps(conn, goal=10_000)
    api.queue_reply("Fine week.")
    period = review_period("week", NOW.date())
    draft = write_review(conn, settings, period, now=NOW)
    first = save_review(conn, settings, draft)
    second = save_review(conn, settings, draft)
    assert first.review_id == second.review_id
    assert conn.execute("SELECT COUNT(*) FROM reviews").fetchone() == (1,)


def test_a_store_failure_while_reflecting_is_a_problem_naming_the_log(api, conn, settings,
                                                                      monkeypatch, tmp_path):
    from coach_tui import logfile
    from coach_tui.memory import reflect

    logged = logfile.attach(tmp_path / "logs")
    seed_steps(conn)
    period = review_period("day", NOW.date())
    api.queue_reply(REVIEW_TEXT)
    draft = write_review(conn, settings, period, now=NOW)
    saved = save_review(conn, settings, draft)
    api.queue_reply("MEMORY: Thursdays are the weak spot")

    def broken(*args, **kwargs):
        raise RuntimeError("the journal table is gone")

    monkeypatch.setattr(reflect, "mark_event", broken)
    try:
        reflection = reflect_on_review(conn, settings, saved, draft)
    finally:
        logfile.detach()
    assert reflection.entry_ids == [] and journal.list_entries(conn) == []
    assert reflection.problem == f"the journal table is gone. The details are in {logged}."
    assert "RuntimeError: the journal table is gone" in logged.read_text()
