"""A recalled exchange quoted for one side brings the other side's first sentence that says
something: the answer to a matched message, or what a matched reply answered
(memory/chat_lines.py `excerpt`)."""

from coach_tui.memory.chat_lines import excerpt, term_weights
from tests.unit.test_recall_memories import exchange, recall

USER = ("Thanks! The Harbour Lights played, they were brilliant. "
        "We danced until midnight and my feet still hurt.")
REPLY = ("So glad you had a great time at the concert with your sister. "
         "Take it easy on the feet this week.")


def test_a_matched_reply_brings_the_message_it_answered():
    cut = excerpt(USER, REPLY, term_weights(["concert"], [USER, REPLY]), 80)
    assert "concert" in cut.reply and cut.reply_shown
    assert "Harbour Lights" in cut.user and cut.user_shown
    assert not cut.user.startswith("Thanks!")  # a pleasantry says nothing


def test_a_matched_message_brings_the_start_of_its_answer():
    user = "Ran the parkrun in the rain this morning, legs felt heavy all the way round."
    reply = ("Well done. A heavy-legged parkrun after a big week is normal, so take tomorrow "
             "as a rest day and eat well tonight.")
    cut = excerpt(user, reply, term_weights(["rain"], [user, reply]), 80)
    assert "rain" in cut.user and cut.user_shown
    assert cut.reply.startswith("... A heavy-legged parkrun") and cut.reply_shown


def test_a_side_of_pleasantries_only_stays_out():
    reply = "Thanks, Anna! Great to hear."
    user = ("My knee felt fine on the long run by the river today, no pain at all on the "
            "hills either, which was a relief after last month.")
    cut = excerpt(user, reply, term_weights(["knee"], [user, reply]), 80)
    assert cut.reply == "" and not cut.reply_shown and cut.user_shown


def test_the_other_side_fits_in_the_room_left():
    long_user = " ".join(["We walked along the harbour and then up the hill to the castle."] * 6)
    cut = excerpt(long_user, REPLY, term_weights(["concert"], [long_user, REPLY]), 80)
    assert cut.user_shown and len(cut.user) <= 80 + 8


def test_the_recalled_line_quotes_both_turns_of_the_exchange(conn):
    _, tid, reply_id = exchange(conn, "2026-11-06", USER, REPLY)
    got = recall(conn, "who played at the concert?")
    chat = next(it for it in got.items if it.kind == "chat")
    assert "Harbour Lights" in chat.text and "concert" in chat.text
    assert chat.shown == (tid, reply_id)
