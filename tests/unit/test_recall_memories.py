"""Recall finds what the runner means: synonyms, the exchange as the unit, events, weak matches
left out, best first within a token budget, each item with its source."""

from datetime import datetime

import pytest

from coach_tui.memory.recall import build_recall, estimate_tokens
from coach_tui.store import sessions as store
from coach_tui.store.reviews import save_review
from tests.engine_support import NOW, seed_journal, seed_steps


def recall(conn, text, **kw):
    kw.setdefault("now", NOW)
    kw.setdefault("default_goal", 10_000)
    kw.setdefault("max_chars", 10_000)
    return build_recall(conn, text, **kw)


def named_days(conn, text, **kw) -> list[tuple[str, str]]:
    """The days and periods the block for `text` names: its periods, and its days outside
    them, each as (first, last)."""
    got = recall(conn, text, **kw)
    spans = [(it.day, it.end or it.day) for it in got.items if it.kind == "span"]
    days = [(it.day, it.day) for it in got.items if it.kind == "day"
            and not any(a <= it.day <= b for a, b in spans)]
    return sorted(spans + days)


def exchange(conn, day, user, reply, *, memory_on=True):
    sid = store.create_session(conn, created_at=f"{day}T10:00:00", model="m", system=[],
                               memory_on=memory_on, snapshot_entry_ids=[], journal_watermark=0,
                               snapshot_deletions=0, effort="low", max_tokens=8192,
                               snapshot_date=day)
    tid = store.add_user_turn(conn, sid, created_at=f"{day}T10:00:00", text=user,
                              memory_on=memory_on, title="t")
    store.finish_user_turn_in_tx(conn, tid, status="ok", error=None)
    reply_id = store.add_assistant_turn_in_tx(
        conn, sid, reply_to=tid, created_at=f"{day}T10:00:05", text=reply, status="ok",
        error=None, response_id="r", model="m", usage=None, cost_usd=None,
        cache_miss_reason=None, memory_on=memory_on)
    return sid, tid, reply_id


@pytest.mark.parametrize("asked, written", [
    ("my leg is playing up", "Left knee sore going down stairs"),
    ("are my sneakers worn out?", "Bought new trainers to replace the old pair"),
    ("I went for a jog", "Ran 5 km along the canal"),
    ("I felt ill all week", "Down with flu, in bed"),
    ("should I change my target?", "Goal raised from 8,000 to 10,000"),
    ("when was I under the weather?", "Down with flu, in bed"),
    ("what did the physical therapist say?", "Physio says rest for a week"),
])
def test_near_synonyms_and_inflections_find_the_line(conn, asked, written):
    seed_journal(conn, [written, "Enjoys podcasts on the bus"])
    text = recall(conn, asked).text
    assert written in text and "podcasts" not in text


def test_names_the_user_wrote_are_searched_even_when_they_look_common(conn):
    seed_journal(conn, ["Long walk with Will by the river", "Will try the gym on Friday"])
    text = recall(conn, "How did the walk with Will go?").text
    assert "Long walk with Will by the river" in text


def test_the_recalled_chat_is_the_message_with_its_reply(conn):
    seed_journal(conn, ["Enjoys podcasts on the bus", "Walks the dog at seven"])
    sid, tid, reply_id = exchange(conn, "2026-11-06", "how do I carb load for the half?",
                                  "Two days of extra rice and pasta is plenty.")
    got = recall(conn, "what did you say about carb loading?")
    assert ('- 2026-11-06 chat, you: "how do I carb load for the half?"; coach: '
            '"Two days of extra rice and pasta is plenty."') in got.text
    chat = next(it for it in got.items if it.kind == "chat")
    assert chat.source() == {"kind": "chat", "date": "2026-11-06", "session_id": sid,
                             "turn_id": tid, "reply_turn_id": reply_id,
                             "quoted_turn_ids": [tid, reply_id]}
    assert chat.score > 0


def test_a_reply_alone_is_found_by_its_words(conn):
    exchange(conn, "2026-11-06", "any tips?", "Ice the knee for ten minutes after walks.")
    assert "Ice the knee" in recall(conn, "the ice thing for my knee").text


def test_weak_matches_are_left_out(conn):
    seed_journal(conn, [
        "Left knee sore after the hill run; physio says rest it",
        "Goal met on the hill walk with the dog",
        "New goal for the winter: 8,000",
        "Goal of 10,000 set in August",
    ])
    text = recall(conn, "what did the physio say about my sore knee after the hill run?").text
    assert "physio says rest it" in text
    assert "8,000" not in text and "August" not in text


def test_memories_are_best_first_then_newest(conn):
    seed_journal(conn, ["Knee ache on the stairs"], entry_date="2026-10-01")
    seed_journal(conn, ["Knee ache on the hills"], entry_date="2026-11-01")
    seed_journal(conn, ["Knee ache and a swollen knee after the long knee-deep river crossing"],
                 entry_date="2026-11-02")
    seed_journal(conn, ["Enjoys podcasts", "Walks the dog at seven", "Likes the canal path"])
    items = [it for it in recall(conn, "knee ache").items if it.kind == "journal"]
    assert [it.text.split("journal: ")[1] for it in items[:2]] == ["Knee ache on the hills",
                                                                  "Knee ache on the stairs"]
    assert [it.score for it in items] == sorted((it.score for it in items), reverse=True)


def test_identical_memories_are_recalled_once(conn):
    exchange(conn, "2026-10-01", "knee hurts", "Rest it.")
    exchange(conn, "2026-10-02", "knee hurts", "Rest it.")
    assert recall(conn, "knee hurts").text.count("knee hurts") == 1


def test_the_block_keeps_to_its_token_budget_best_first(conn):
    seed_steps(conn)
    seed_journal(conn, [f"Knee felt stiff after hill walk number {i}" for i in range(40)])
    full = recall(conn, "knee stiff after the hill walk yesterday")
    small = recall(conn, "knee stiff after the hill walk yesterday", max_tokens=120)
    assert len(small.items) < len(full.items)
    recalled = small.text.split("\n", 2)[2]          # after the header and the live line
    assert estimate_tokens(recalled) <= 120
    assert "Sun 2026-11-29" in small.text             # the named day goes before memories
    assert all(it.text in small.text for it in small.items)


def test_an_event_anchors_its_days_and_its_line_comes_along(conn):
    seed_steps(conn)
    (line,) = seed_journal(conn, ["Lisbon holiday with Tom, Thu 19 to Sat 21 November"],
                           entry_date="2026-11-10")
    got = recall(conn, "how much did I walk since the holiday?")
    assert "- since the holiday (2026-11-19 to 2026-11-21) (2026-11-22 to 2026-11-29):" \
        in got.text
    assert any(it.kind == "journal" and it.ref == line for it in got.items)
    before = recall(conn, "and the week before the holiday?").text
    assert "(2026-11-12 to 2026-11-18)" in before


def test_my_best_month_is_found_in_the_data(conn):
    seed_steps(conn)   # 14 days: no whole month recorded
    assert "best month" not in recall(conn, "what was my best month?").text
    assert "best day" not in recall(conn, "what was my best month?").text
    text = recall(conn, "which was my best day?").text
    assert "- Sun 2026-11-22: 13,579 steps" in text


def test_comparing_periods_gives_both_totals_averages_and_the_change(conn):
    seed_steps(conn)
    text = recall(conn, "was last week better than the week before?").text
    assert ("- last week compared with the week of 2026-11-16: total 65,789 steps over 7 "
            "recorded days vs 71,305 over 7 (-7.7%); average 9,398/day vs 10,186/day (-7.7%)"
            ) in text


def test_comparing_two_days_gives_the_change(conn):
    seed_steps(conn)
    text = recall(conn, "compare Nov 28 with Nov 29").text
    assert ("- Sun 2026-11-29 compared with Sat 2026-11-28: 9,753 vs 12,468 steps (-21.8%)"
            in text)
    assert "compared with" not in recall(conn, "Nov 28 and Nov 29?").text


def test_a_day_named_with_a_goal_word_brings_its_line_not_every_goal_memory(conn):
    seed_steps(conn, goal=10_000)
    seed_journal(conn, ["Target raised to 12,000", "Target lowered to 10,000"])
    got = recall(conn, "Tuesday the 24th, did I make my target?",
                 now=datetime(2026, 11, 30, 9, 0))
    assert "- Tue 2026-11-24: 10,864 steps, goal 10,000, met" in got.text
    assert "Target raised" not in got.text


def test_reviews_carry_their_id_and_period(conn):
    review_id = save_review(conn, period_key="week:2026-W40", period_start="2026-09-28",
                            period_end="2026-10-04", text="Storm week: rain every day.",
                            model="m", created_at="2026-10-05T09:00:00")
    got = recall(conn, "what did the review say about the storm?")
    (item,) = [it for it in got.items if it.kind == "review"]
    assert item.source() == {"kind": "review", "date": "2026-10-05", "label": "week:2026-W40",
                             "review_id": review_id}


def test_a_role_finds_the_name_it_was_written_with(conn):
    seed_journal(conn, ["Walks Biscuit (beagle) twice a day", "Running friend Priya set the pace",
                        "Enjoys podcasts", "Likes the canal path"])
    seed_journal(conn, ["Biscuit cut a paw on glass; vet says short walks"],
                 entry_date="2026-11-25")
    assert "Biscuit cut a paw" in recall(conn, "how did my pup hurt himself?").text
    assert "Running friend Priya" in recall(conn, "what about Priya?").text


def test_each_part_of_a_two_part_question_finds_its_own_memory(conn):
    seed_journal(conn, ["Physio diagnosed a tendon problem; step-downs daily",
                        "Enjoys podcasts", "Likes the canal path", "Walks the dog at seven"])
    exchange(conn, "2026-08-19", "my knee hurts on the stairs, so sore, knee knee",
             "Walk only this week and ice the sore knee after the stairs.")
    text = recall(conn, "What did you tell me when the stairs hurt my knee, "
                        "and what did the physio diagnose?").text
    assert "ice the sore knee" in text and "Physio diagnosed a tendon problem" in text


def test_asking_for_the_review_of_a_week_brings_that_weeks_review(conn):
    seed_steps(conn)
    review_id = save_review(conn, period_key="week:2026-W48", period_start="2026-11-23",
                            period_end="2026-11-29", text="Steady week, Saturday the best.",
                            model="m", created_at="2026-11-30T08:00:00")
    got = recall(conn, "what did the review of last week say?")
    assert any(it.kind == "review" and it.ref == review_id for it in got.items)
    assert "Steady week, Saturday the best." in got.text
    assert "Steady week" not in recall(conn, "how did last week go?").text


def test_a_periods_days_come_after_the_memories_and_only_as_room_allows(conn):
    seed_steps(conn)
    seed_journal(conn, ["Knee sore all last week", "Enjoys podcasts", "Likes the canal"])
    text = recall(conn, "my knee last week?").text
    assert text.index("Knee sore all last week") < text.index("- Mon 2026-11-23:")
    assert text.count(" steps, goal ") == 7
    tight = recall(conn, "my knee last week?", max_tokens=130).text
    assert "- last week (2026-11-23 to 2026-11-29)" in tight
    assert "Knee sore all last week" in tight
    assert 0 < tight.count(" steps, goal ") < 7


def test_a_review_asked_for_by_its_period_alone_is_recalled_from_its_opening(conn):
    seed_steps(conn)
    save_review(conn, period_key="week:2026-W48", period_start="2026-11-23",
                period_end="2026-11-29", text="Steady week, Saturday the best.", model="m",
                created_at="2026-11-30T08:00:00")
    assert '"Steady week, Saturday the best."' in recall(conn, "the review of last week?").text


def test_the_same_fact_in_the_journal_and_a_chat_of_that_day_is_recalled_once(conn):
    (line,) = seed_journal(conn, ["Bought Brooks Ghost trainers to replace the worn Asics"],
                           entry_date="2026-09-05")
    seed_journal(conn, ["Enjoys podcasts", "Likes the canal path", "Walks the dog at seven"])
    exchange(conn, "2026-09-05", "got the brooks ghost trainers today!", "Great choice.")
    items = recall(conn, "when did I get the Brooks trainers?").items
    assert [(it.kind, it.ref) for it in items if it.kind in ("journal", "chat")] == [
        ("journal", line)]
    asked = recall(conn, "what did you say when I got the Brooks trainers?").items
    assert any(it.kind == "chat" for it in asked)


def test_a_guess_brings_only_the_best_few(conn):
    seed_journal(conn, [f"Knee ache number {i} after the {w} walk"
                        for i, w in enumerate(["hill", "canal", "park", "river", "town", "lake"])])
    seed_journal(conn, ["Enjoys podcasts", "Likes the canal path", "Walks the dog at seven"])
    # "leg" is only a synonym of what the lines say: at most three of the six come.
    guessed = [it for it in recall(conn, "my leg?").items if it.kind == "journal"]
    assert 1 <= len(guessed) <= 3
    sure = [it for it in recall(conn, "knee ache after the walk").items if it.kind == "journal"]
    assert len(sure) == 6


def test_a_month_asked_about_as_a_topic_finds_what_the_coach_said_of_it(conn):
    seed_steps(conn)
    _, plan, _ = exchange(conn, "2026-11-23", "what should i do in december",
                          "Keep running three or four times a week, easy.")
    exchange(conn, "2026-11-24", "knee ok today", "Good, keep the step-downs going.")
    got = recall(conn, "what did you say when i asked about december, and how did last week go?")
    assert [it.ref for it in got.items if it.kind == "chat"] == [plan]
