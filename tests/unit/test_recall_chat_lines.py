"""A long recalled exchange is quoted by the sentences that hold the message's words, so more
exchanges fit the budget; a day the message names finds that day's exchanges however old."""

from datetime import datetime

from coach_tui.memory.chat_lines import excerpt, term_weights
from coach_tui.memory.query import base_form
from tests.unit.test_recall_memories import exchange, recall

LONG_REPLY = ("Great question. Recovery matters as much as the miles do, so keep the easy days "
              "easy. For the carb load, two days of extra rice and pasta is plenty. "
              "On race morning have a bagel three hours before the start. "
              "Let me know how the legs feel after Sunday's long run.")


def test_a_short_exchange_is_quoted_whole():
    cut = excerpt("how do I carb load?", "Two days of extra rice.", {"carb": 1.0}, 170)
    assert (cut.user, cut.reply) == ("how do I carb load?", "Two days of extra rice.")
    assert cut.user_shown and cut.reply_shown


def test_a_long_exchange_keeps_the_sentences_with_the_words_and_says_which_side():
    cut = excerpt("Thanks, coach!",
                  LONG_REPLY, term_weights(["carb", "pasta"], [LONG_REPLY]), 120)
    assert cut.reply == "... For the carb load, two days of extra rice and pasta is plenty. ..."
    assert cut.user == "" and not cut.user_shown and cut.reply_shown


def test_a_quoted_question_brings_the_start_of_its_answer():
    user = ("I have been reading a lot about fuelling lately and I am confused. "
            "Any tips for the week before the marathon?")
    cut = excerpt(user, LONG_REPLY, term_weights(["marathon"], [user]), 150)
    assert cut.user == "... Any tips for the week before the marathon?"
    assert cut.reply.startswith("Great question.") and cut.reply_shown


def test_a_word_every_memory_holds_weighs_less_than_a_rare_one():
    texts = ["Anna: the bus was late", "Anna: new shoes today", "Anna: rain again", "bus"]
    weights = term_weights(["anna", "shoes"], texts)
    assert weights[base_form("shoes")] > weights["anna"] > 0


def test_no_word_of_the_message_quotes_the_openings_within_the_limit():
    cut = excerpt("x " * 200, "y " * 200, {}, 100)
    assert len(cut.user) + len(cut.reply) <= 110 and cut.user_shown and cut.reply_shown


def test_the_recalled_line_quotes_only_the_matching_side(conn):
    _, tid, reply_id = exchange(conn, "2026-11-06", "Thanks, that looks good!", LONG_REPLY)
    got = recall(conn, "what about pasta before the race?")
    chat = next(it for it in got.items if it.kind == "chat")
    assert chat.text == ('- 2026-11-06 chat, coach: "... For the carb load, two days of '
                         'extra rice and pasta is plenty. ..."')
    assert chat.shown == (reply_id,) and chat.source()["quoted_turn_ids"] == [reply_id]


def test_a_named_day_finds_its_exchange_past_the_best_matches_elsewhere(conn):
    for day in range(1, 25):
        exchange(conn, f"2026-10-{day:02d}", f"news news news about the club, week {day}",
                 "Good to hear.")
    exchange(conn, "2026-09-16", "I have some news: I joined a gym!", "Congratulations!")
    got = recall(conn, "What news did I share on 16 September?",
                 now=datetime(2026, 11, 30, 9, 0))
    assert "I joined a gym" in got.text


def test_a_named_day_is_searched_even_when_the_search_found_another_exchange_of_it(conn):
    # The search of every day returns the day's exchange that says "news" most often; the
    # one that tells the news, a weaker match of the same day, is found by searching the day.
    exchange(conn, "2026-09-16", "I have some news to share, I joined a gym!", "Congrats!")
    for day in range(1, 25):
        exchange(conn, f"2026-10-{day:02d}", f"news to share: the club news, week {day}",
                 "Good to hear.")
    exchange(conn, "2026-09-16", "news to share: the club news is out", "Good to hear.")
    got = recall(conn, "What news did I share on 16 September?",
                 now=datetime(2026, 11, 30, 9, 0))
    assert "I joined a gym" in got.text


def test_at_most_ten_memories_however_many_match(conn):
    for day in range(1, 15):
        exchange(conn, f"2026-10-{day:02d}", f"knee sore again on walk {day}", "Ice it.")
    got = recall(conn, "how is my knee on walks?", max_tokens=10_000)
    assert sum(it.kind == "chat" for it in got.items) == 10


def test_a_long_sentence_is_cut_to_the_run_of_its_words_that_match():
    reply = ("Well, after all the miles you have put in over the summer with Priya and the club, "
             "the thing I would change first is the pair of worn Asics you still race in, "
             "because they are past 900 km.")
    cut = excerpt("ok", reply, term_weights(["asics"], [reply]), 60)
    assert "worn Asics" in cut.reply and len(cut.reply) <= 60 + 8
    assert cut.reply.startswith("...") and cut.reply.endswith("...")


def test_each_turn_that_matched_is_quoted_by_its_best_sentence():
    user = ("Caroline: Since we last spoke a lot has happened at work and at home. "
            "I went to an LGBTQ support group last week and it was so powerful.")
    reply = ("Melanie: Wow, that sounds amazing. The kids and I painted all weekend. "
             "A support group like that must help a lot.")
    weights = term_weights(["lgbtq", "support", "group"], [user, reply, "x", "y"])
    cut = excerpt(user, reply, weights, 80)
    assert cut.user == ("Caroline: ... I went to an LGBTQ support group last week and it was "
                        "so powerful.")
    assert cut.reply == "Melanie: ... A support group like that must help a lot."
    assert cut.user_shown and cut.reply_shown


def test_a_word_every_memory_holds_does_not_make_a_sentence_match():
    texts = [f"Caroline: line {i}" for i in range(10)]
    user = "Caroline: Thanks so much, Melanie! Lovely."
    reply = ("Melanie: Of course, Caroline! We went camping by the lake with the kids last "
             "weekend, and the stars were out all night long.")
    weights = term_weights(["caroline", "camping"], [*texts, user, reply])
    assert weights[base_form("caroline")] == 0 < weights[base_form("camping")]
    cut = excerpt(user, reply, weights, 80)
    assert cut.user == "" and not cut.user_shown
    assert "camping" in cut.reply and "Of course" not in cut.reply and cut.reply_shown


def test_a_word_every_memory_holds_still_counts_when_every_word_does():
    weights = term_weights(["knee"], ["knee sore", "knee better", "knee fine", "knee ok"])
    assert weights[base_form("knee")] > 0
