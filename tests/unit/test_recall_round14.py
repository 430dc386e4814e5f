"""Recall, round 14: a message asking only for its named days' steps gets the days, not the
memories its remark's words match ("last sunday how many steps? felt like loads"), and "10k
steps" is a count, not a distance; runners' everyday words find the written ones. Pure or one
small database, pinned clock (tests.engine_support.NOW, Monday 30 November 2026)."""

from datetime import date

from coach_tui.memory.focus import _ASKS_DAYS, remark_only, step_counts
from coach_tui.memory.message_parts import asking, clauses
from coach_tui.memory.query import message_words, query_terms, spelled_out
from coach_tui.memory.ranking import (
    KIND_WORDS,
    SYNONYM_WEIGHT,
    covered_words,
    rank,
    which_end,
)
from coach_tui.memory.spans import Span
from coach_tui.store.reviews import save_review
from coach_tui.store.search import CHAT_KIND, JOURNAL_KIND, Hit
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import recall
from tests.unit.test_recall_precision import kinds


def terms(text: str) -> list[str]:
    return query_terms(message_words(spelled_out(text)))


def test_a_remark_beside_a_steps_question_is_not_searched(conn):
    seed_steps(conn)
    seed_journal(conn, ["Felt great, loads of energy on the long walk"], entry_date="2026-11-29")
    got = recall(conn, "last sunday how many steps? felt like loads")
    assert "Sun 2026-11-29" in got.text
    assert kinds(got) == []


def test_a_remark_that_names_what_is_asked_is_still_searched(conn):
    seed_steps(conn)
    seed_journal(conn, ["First parkrun back after being poorly: 32:10"], entry_date="2026-11-28")
    got = recall(conn, "what was 28/11 like? first parkrun back after being poorly. what time")
    assert [k for k, _ in kinds(got)] == ["journal"]


def test_a_question_with_its_own_words_is_searched(conn):
    seed_steps(conn)
    seed_journal(conn, ["Long walk with Priya by the river"], entry_date="2026-11-29")
    got = recall(conn, "how many steps last sunday, and who did I walk with?")
    assert [k for k, _ in kinds(got)] == ["journal"]


def test_a_count_of_steps_is_no_distance():
    assert step_counts("10 days ago did i break 10k steps?") == {"10k"}
    assert step_counts("did I hit 12,000 steps or 9k steps") == {"12,000", "9k"}
    assert step_counts("a 10k run, 14k on sunday") == set()
    assert step_counts("did i average 10k? hit the new 12k goal? 9k a day") == {"10k", "12k", "9k"}
    assert step_counts("the whole time i was on the 12k target") == set()  # a goal's days


def test_remark_only_needs_every_question_to_ask_for_steps_alone():
    assert remark_only([("last sunday how many steps", [])], remarks=True)
    assert not remark_only([("last sunday how many steps", [])], remarks=False)
    assert not remark_only([("what was 3/10 like", [])], remarks=True)
    assert not remark_only([("steps with priya", ["priya"])], remarks=True)


def test_a_guess_on_a_word_of_the_field_comes_before_one_on_a_chatty_word(conn):
    seed_journal(conn, ["Pick the long run back up next week", "Pick an easy route for Sunday",
                        "Pick a flat course next time"], entry_date="2026-10-06")
    (torch,) = seed_journal(conn, ["Bought a head torch for evening runs"],
                            entry_date="2026-10-27")
    got = recall(conn, "when did i pick up that lamp thing you strap on")
    assert ("journal", torch) in kinds(got)


def test_a_word_cut_to_a_common_word_is_no_sign_of_itself():
    # "upped" and "up" share a stem: "set up the app" says nothing of a raised goal.
    assert covered_words(["upped"], "just set up the app") == 0
    assert covered_words(["upped"], "Daily target raised to 10,000") == SYNONYM_WEIGHT


def test_runners_everyday_words_find_the_written_ones():
    assert "marathon" in terms("which 26.2 am i eyeing up")
    assert "considering" in terms("which 26.2 am i eyeing up")
    assert "hamstring" in terms("my hammies are tight")
    assert "work trip" in " ".join(terms("the week i was away for work"))
    assert "tired" in terms("i was dead on my feet")
    assert "sleep" in terms("had a kip after")
    assert "walk" in terms("a mooch round the park")
    assert "potato" in terms("loads of spuds")
    assert "unmotivated" in terms("been slackin this week")
    assert "bored" in terms("the dreadmill without losing my mind")


def test_a_common_misspelling_reads_as_the_word():
    assert spelled_out("i actualy ran thru the park w priya") == (
        "i actually ran through the park with priya")
    assert message_words(spelled_out("did i actualy run")) == ["run"]


def test_a_message_asking_only_what_a_review_said_gets_the_review_alone(conn):
    seed_steps(conn)
    review_id = save_review(conn, period_key="week:2026-W43", period_start="2026-10-19",
                            period_end="2026-10-25", text="Storm week: one treadmill 10 km.",
                            model="m", created_at="2026-10-26T08:00:00")
    seed_journal(conn, ["Did 10 km on the gym treadmill during the storm"],
                 entry_date="2026-10-21")
    got = recall(conn, "what did my review of the storm week say about treadmills")
    assert kinds(got) == [("review", review_id)]
    # A part asking something else keeps what it finds.
    both = recall(conn, "what did my review say about treadmills, and when did I do 10 km "
                        "on the treadmill?")
    assert "journal" in [k for k, _ in kinds(both)]


def test_two_general_words_count_less_than_the_word_itself():
    # "leg" for "knee", "eat" for "breakfast": a long reply that says both is no better a
    # match than the line that says "knee".
    words = ["knee", "breakfast"]
    assert covered_words(words, "leg day, then eat well") < covered_words(words, "sore knee")


def test_a_body_part_or_a_look_at_it_does_not_ask_for_the_days():
    assert not _ASKS_DAYS.search("what exercises did you give me for my sore lower legs")
    assert not _ASKS_DAYS.search("the lady who looked at my leg in august, what was it")
    assert _ASKS_DAYS.search("was november lower than october")
    assert _ASKS_DAYS.search("how did my steps look in october")


def test_what_was_managed_on_a_trip_does_not_ask_for_its_days():
    assert not _ASKS_DAYS.search("what exercise did i manage on the germany work trip")
    assert _ASKS_DAYS.search("did i manage 10k on the 5th")


def test_a_distance_with_a_point_is_no_end_of_sentence():
    assert clauses("what was your take on me doing 26.2 in the spring with my mate") == [
        "what was your take on me doing 26.2 in the spring with my mate"]
    assert len(clauses("steps on 21/8. what did helen say")) == 2


def test_asking_what_the_coach_said_sets_the_bar_by_the_exchanges():
    # The journal line holds more of the message, but the message asks for the advice.
    line = Hit(JOURNAL_KIND, 1, "2026-11-29", "Easy 12 km with Priya on the river path; they "
               "talked about a spring marathon together", 9.0)
    advice = Hit(CHAT_KIND, 2, "2026-11-20", "priya wants to do a marathon with me", 8.0,
                 reply="April gives you about twenty weeks, enough for a first marathon.")
    ranked = rank([line, advice], ["marathon", "spring", "priya", "river"], asked=CHAT_KIND)
    assert [r.hit.ref for r in ranked] == [1, 2]
    assert "take" not in message_words_asked("what was your take on the half")


def message_words_asked(text: str) -> list[str]:
    """The words searched for in `text`, the kind words it asks with left out."""
    return [w for w in message_words(text) if w not in KIND_WORDS]


def test_how_long_it_lasted_brings_the_line_where_it_ended(conn):
    seed_journal(conn, ["Head cold: blocked nose and sore throat. Rest days."],
                 entry_date="2026-11-20")
    (cleared,) = seed_journal(conn, ["Cold cleared. 12 km easy with Priya."],
                              entry_date="2026-11-24")
    seed_journal(conn, ["Cold morning run, gloves on."], entry_date="2026-10-02")
    got = recall(conn, "when did i come down with the sniffles and how long did it hang around")
    assert ("journal", cleared) in kinds(got)
    assert len(kinds(got)) == 2
    # Not asked how long: the line it began with alone.
    assert len(kinds(recall(conn, "when did i come down with the sniffles"))) == 1


def test_a_remark_without_its_subject_is_no_question():
    assert asking("how many steps yesterday? was knackered by the end") == [
        "how many steps yesterday"]
    assert len(asking("what did helen say? was it the knee")) == 2


def test_a_day_named_does_not_lift_a_memory_holding_only_a_more_general_word():
    line = Hit(CHAT_KIND, 1, "2026-11-15", "DID IT! 2:04:37", 9.0, reply="Eat, drink, rest.")
    tip = Hit(CHAT_KIND, 2, "2026-11-06", "and breakfast on the day?", 5.0,
              reply="Porridge with a banana.")
    race_day = Span("the day of the race", date(2026, 11, 15), date(2026, 11, 15), False)
    ranked = rank([line, tip], ["breakfast"], spans=[race_day], asked=CHAT_KIND)
    assert [r.hit.ref for r in ranked] == [2]


def test_again_at_the_end_of_a_what_question_asks_to_be_reminded():
    assert which_end("what exercises did helen give me for the knee again") is None
    assert which_end("when did my knee flare up again?") == "last"
    assert which_end("what's my target right now, again") == "last"
