"""The exchange that carried on from a recalled one comes with it (memory/followups.py):
real database, pinned clock."""

from coach_tui.memory.followups import asks, continues
from coach_tui.store import sessions as store
from tests.unit.test_recall_memories import recall


def conversation(conn, day, pairs, *, minutes=2):
    """One session of `pairs` (user, reply), `minutes` apart; the user turn ids."""
    sid = store.create_session(conn, created_at=f"{day}T10:00:00", model="m", system=[],
                               memory_on=True, snapshot_entry_ids=[], journal_watermark=0,
                               snapshot_deletions=0, effort="low", max_tokens=8192,
                               snapshot_date=day)
    ids = []
    for i, (user, reply) in enumerate(pairs):
        at = f"{day}T10:{i * minutes:02d}:00"
        tid = store.add_user_turn(conn, sid, created_at=at, text=user, memory_on=True, title="t")
        store.finish_user_turn_in_tx(conn, tid, status="ok", error=None)
        store.add_assistant_turn_in_tx(
            conn, sid, reply_to=tid, created_at=at, text=reply, status="ok", error=None,
            response_id="r", model="m", usage=None, cost_usd=None, cache_miss_reason=None,
            memory_on=True)
        ids.append(tid)
    return ids


def chats(got):
    return [it.ref for it in got.items if it.kind == "chat"]


def test_the_exchange_that_carried_on_comes_after_the_one_found(conn):
    first, then = conversation(conn, "2026-11-06", [
        ("how do I carb load for the half?", "Two days of extra rice and pasta is plenty."),
        ("and what should I eat for breakfast on race morning?", "Porridge and a banana."),
    ])
    assert chats(recall(conn, "what did you say about carb loading?")) == [first, then]


def test_a_next_message_that_starts_afresh_or_says_nothing_stays_out(conn):
    first, _, _ = conversation(conn, "2026-11-06", [
        ("how do I carb load for the half?", "Two days of extra rice and pasta is plenty."),
        ("ok thanks", "Good luck!"),
    ] + [("my watch lost its strap at the gym today", "A spare strap costs little.")])
    assert chats(recall(conn, "what did you say about carb loading?")) == [first]


def test_a_next_message_the_next_morning_is_another_conversation(conn):
    first, _ = conversation(conn, "2026-11-06", [
        ("how do I carb load for the half?", "Plenty of rice. How is the taper going?"),
        ("and the taper makes my legs heavy and restless", "That is normal."),
    ], minutes=45)
    assert chats(recall(conn, "what did you say about carb loading?")) == [first]


def test_what_carries_on():
    assert continues("and breakfast on the day?") and continues("It taught me patience.")
    assert continues("Melanie: yeah, we got another cat")
    assert not continues("my watch lost its strap")
    assert asks("Lovely. What made you pick it?") and not asks("Well done.")


def test_the_exchange_a_best_match_answered_comes_with_it(conn):
    asked, answered = conversation(conn, "2026-11-06", [
        ("Gina: what made you open a studio of your own after losing the job?",
         "Jon: I always loved teaching kids."),
        ("Jon: Yes, dancing is my passion, so the dance studio was the plan all along",
         "Gina: Good for you!"),
    ])
    assert chats(recall(conn, "why did Jon start his dance studio passion plan?")) == [
        answered, asked]
    # A best match that starts afresh stands alone.
    before, alone = conversation(conn, "2026-11-07", [
        ("Gina: how is the new place coming along for everyone there?", "Jon: Slowly."),
        ("Jon: The tango studio lease is signed, my passion plan goes on", "Gina: Great!"),
    ])
    assert chats(recall(conn, "what about the tango studio lease?")) == [alone]


def test_each_of_the_two_best_matches_brings_the_exchange_it_answered(conn):
    first_asked, first = conversation(conn, "2026-11-06", [
        ("Tom: what got you started with clay and glazes back then?", "Ann: My aunt did it."),
        ("Ann: Yes, pottery is my calm place, the class on Tuesdays", "Tom: Lovely!"),
    ])
    second_asked, second = conversation(conn, "2026-11-08", [
        ("Tom: how did the weekend go with the twins and their cousins?", "Ann: Busy."),
        ("Ann: Yes, pottery again with the kids, the class was calm", "Tom: Nice!"),
    ])
    got = chats(recall(conn, "why is the pottery class so calm for Ann?"))
    assert {first, second} <= set(got[:2])
    assert {first_asked, second_asked} <= set(got[2:])



def test_the_two_best_exchanges_each_bring_the_answer_to_their_question(conn):
    # Four conversations, each reply asking something the next message answers: each of the
    # two best exchanges brings its answer, after everything that matched; the third and
    # fourth do not (their follow-ups cost the block more than they told: docs/recall.md
    # round 49).
    from coach_tui.memory.followups import FOLLOW_UPS, with_follow_ups
    from coach_tui.memory.ranking import Ranked
    from coach_tui.store.search import CHAT_KIND, Hit

    ranked, answers = [], []
    for day, (said, answer) in zip(["2026-10-02", "2026-10-09", "2026-10-16", "2026-10-23"], [
        ("the marathon plan starts monday", "my long run is sundays along the river"),
        ("marathon shoes arrived today", "they are the pegasus, half a size up"),
        ("marathon fuelling practice went ok", "gels every 40 minutes sat fine"),
        ("marathon taper begins next week", "the legs feel heavy and restless already"),
    ], strict=True):
        first, then = conversation(conn, day, [
            (said, "Nice. Which day suits you best for it?"),
            (f"yeah, {answer}", "Good, keep it that way."),
        ])
        ranked.append(Ranked(Hit(CHAT_KIND, first, day, said, 1.0,
                                 reply="Nice. Which day suits you best for it?"), 2.0))
        answers.append(then)
    got = with_follow_ups(conn, ranked, session_id=None, context_from=0)
    assert FOLLOW_UPS == 2
    assert [r.hit.ref for r in got] == [r.hit.ref for r in ranked] + answers[:2]
    assert all(r.covered == 0 for r in got[4:])
