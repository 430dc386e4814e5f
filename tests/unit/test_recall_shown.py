"""Which memories the block shows: six when one hit stands out or a few matched, up to ten
when many matched about as well as the best (flat scores), six again when the message names
its days, and after them every follow-up exchange (memory/shown.py)."""

from datetime import datetime

from coach_tui.memory.ranking import Ranked
from coach_tui.memory.shown import MAX_FLAT, MAX_SHOWN, shown, shown_count
from coach_tui.store.search import CHAT_KIND, Hit
from tests.unit.test_recall_memories import exchange, recall


def ranked(covered: list[float]) -> list[Ranked]:
    return [Ranked(Hit(CHAT_KIND, i + 1, "2026-10-01", f"text {i}", 1.0), c)
            for i, c in enumerate(covered)]


def test_a_few_matches_keep_the_usual_count():
    assert shown_count(ranked([2.0] * 3)) == 3
    assert shown_count(ranked([2.0] * 6)) == MAX_SHOWN == 6


def test_many_near_equal_matches_show_more_up_to_ten():
    assert shown_count(ranked([2.0] * 8)) == 8
    assert shown_count(ranked([2.0] * 15)) == MAX_FLAT == 10


def test_follow_ups_do_not_make_the_scores_flat():
    # Five matched, four exchanges that only carried on from them (covered 0).
    assert shown_count(ranked([2.0] * 5 + [0.0] * 4)) == 5


def test_every_follow_up_comes_after_the_matches_shown():
    # Twelve flat matches and two follow-ups: the best ten, then both follow-ups (the answer
    # to a shown exchange's question is worth more than an eleventh match).
    got = shown(ranked([2.0] * 12 + [0.0] * 2))
    assert [r.hit.ref for r in got] == [*range(1, 11), 13, 14]
    got = shown(ranked([2.0] * 7 + [0.0] * 2))
    assert [r.hit.ref for r in got] == list(range(1, 10))


def test_a_message_naming_its_days_keeps_the_usual_count():
    assert shown_count(ranked([2.0] * 12), dated=True) == 6
    # ...and its follow-ups still come after the six
    got = shown(ranked([2.0] * 8 + [0.0]), dated=True)
    assert [r.hit.ref for r in got] == [1, 2, 3, 4, 5, 6, 9]


def test_one_clear_hit_shows_itself_and_what_is_near_it(conn):
    exchange(conn, "2026-10-01", "my left knee is sore after the tempo run on the hill",
             "Rest it and ice it twice a day.")
    for day in range(2, 14):
        exchange(conn, f"2026-10-{day:02d}", f"lovely walk today, day {day}", "Nice one.")
    got = recall(conn, "what did I say about my knee after the tempo run?",
                 max_tokens=10_000)
    chats = [it for it in got.items if it.kind == "chat"]
    assert len(chats) == 1 and "tempo run" in chats[0].text


def test_many_equal_matches_fill_more_of_the_block(conn):
    for day in range(1, 13):
        exchange(conn, f"2026-10-{day:02d}", f"went to my pottery classes, week {day}",
                 "Sounds fun.")
    got = recall(conn, "which pottery classes did I go to?", max_tokens=10_000)
    assert sum(it.kind == "chat" for it in got.items) == 10


def test_flat_matches_in_named_days_stay_at_six(conn):
    for day in range(1, 13):
        exchange(conn, f"2026-10-{day:02d}", f"went to my pottery classes, week {day}",
                 "Sounds fun.")
    got = recall(conn, "which pottery classes did I go to in early October?",
                 now=datetime(2026, 11, 30, 9, 0), max_tokens=10_000)
    assert sum(it.kind == "chat" for it in got.items) == 6
