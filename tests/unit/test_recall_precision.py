"""What recall leaves out: the words that name a kind of memory, guesses about a named day,
reviews nobody asked for, and an exchange whose fact the journal already dates."""

from coach_tui.memory.message_parts import asking, clauses
from coach_tui.memory.query import message_words
from coach_tui.memory.ranking import (
    Ranked,
    asked_kind,
    rank,
    recorded_first,
)
from coach_tui.store.reviews import save_review
from coach_tui.store.search import CHAT_KIND, JOURNAL_KIND, REVIEW_KIND, Hit
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import exchange, recall


def kinds(got):
    return [(it.kind, it.ref) for it in got.items if it.kind in ("journal", "review", "chat")]


def test_the_word_review_names_the_kind_asked_for_not_what_to_look_for(conn):
    seed_steps(conn)
    review_id = save_review(conn, period_key="week:2026-W48", period_start="2026-11-23",
                            period_end="2026-11-29", text="Steady week, Saturday the best.",
                            model="m", created_at="2026-11-30T08:00:00")
    exchange(conn, "2026-09-03", "which shoes should I get?",
             "Buy the pair that feels right, not the one with the best reviews.")
    assert asked_kind("what did my review of last week say?") == "review"
    assert kinds(recall(conn, "what did my review of last week say?")) == [
        ("review", review_id)]


def test_a_named_day_brings_no_guess_on_everyday_words(conn):
    seed_steps(conn)
    seed_journal(conn, ["Felt fine after a slow parkrun", "Enjoys podcasts"],
                 entry_date="2026-10-03")
    got = recall(conn, "how many steps did I manage on the 27th? felt like nothing")
    assert any(it.kind == "day" and it.day == "2026-11-27" for it in got.items)
    assert kinds(got) == []
    # A word of the field ("knee") is still looked for on a named day.
    seed_journal(conn, ["Knee sore on the stairs"], entry_date="2026-10-03")
    assert [k for k, _ in kinds(recall(conn, "my knee on the 27th?"))] == ["journal"]


def test_a_review_comes_only_when_asked_for_or_the_best_match(conn):
    (line,) = seed_journal(conn, ["Stiff legs after the race, stairs hard"],
                           entry_date="2026-11-16")
    save_review(conn, period_key="week:2026-W47", period_start="2026-11-16",
                period_end="2026-11-22", text="Recovery week: tired legs kept Monday low.",
                model="m", created_at="2026-11-23T08:00:00")
    assert kinds(recall(conn, "why were my legs so stiff on the stairs?")) == [
        ("journal", line)]
    asked = recall(conn, "what did the review say about my tired legs?")
    assert [k for k, _ in kinds(asked)] == ["review"]


def test_an_exchange_gives_way_to_the_journal_line_of_its_day(conn):
    (line,) = seed_journal(conn, ["First 14 km run, river path with Priya"],
                           entry_date="2026-09-20")
    exchange(conn, "2026-09-20", "14k done with priya along the river, longest ever!!",
             "That's a big milestone: your longest run so far.")
    assert kinds(recall(conn, "how far was my first long jog with Priya by the river?")) == [
        ("journal", line)]
    said = recall(conn, "what did you say about my long jog with Priya by the river?")
    assert [k for k, _ in kinds(said)] == ["chat"]


def test_days_that_only_narrow_down_a_topic_bring_no_totals(conn):
    seed_steps(conn)
    seed_journal(conn, ["Lisbon holiday with Tom, Thu 19 to Sat 21 November."],
                 entry_date="2026-11-17")
    sid, tid, _ = exchange(conn, "2026-11-24", "calves still tight from all the hills, stretches?",
                           "Try a wall calf stretch, 30 seconds each side.")
    topic = recall(conn, "What did you recommend for my tight calves after the holiday?")
    assert [it.kind for it in topic.items if it.kind != "live"] == ["chat"]
    steps = recall(conn, "How many steps did I do after the holiday?")
    assert [it.kind for it in steps.items if it.kind in ("span", "journal")] == [
        "span", "journal"]


def test_first_brings_the_earliest_and_again_the_newest(conn):
    (early,) = seed_journal(conn, ["Left knee sore going down stairs"], entry_date="2026-08-19")
    (late,) = seed_journal(conn, ["Left knee sore again after a short jog"],
                           entry_date="2026-11-18")
    seed_journal(conn, ["Enjoys podcasts", "Likes the canal path"], entry_date="2026-10-01")
    assert [r for _, r in kinds(recall(conn, "When did my knee first get sore?"))] == [early]
    assert [r for _, r in kinds(recall(conn, "When was my knee sore again?"))] == [late]
    assert sorted(r for _, r in kinds(recall(conn, "Was my knee sore?"))) == [early, late]


def test_a_goal_going_up_is_a_raise():
    assert "raise" in message_words("When did my daily step goal first go up?")


def test_what_the_coach_said_is_the_exchange_not_the_line_of_that_day(conn):
    seed_journal(conn, ["Collected race number and timing chip for Sunday."],
                 entry_date="2026-11-12")
    seed_journal(conn, ["Enjoys podcasts", "Likes the canal path"], entry_date="2026-10-01")
    exchange(conn, "2026-11-12", "collected my race number, there's a timing chip on it?",
             "Leave the timing chip where it is; it records your time.")
    assert [k for k, _ in kinds(recall(conn, "what did you say about the timing chip?"))] == [
        "chat"]
    # A part that asks about the fact itself keeps the line.
    both = recall(conn, "when did I collect the timing chip, and what did you tell me?")
    assert sorted(k for k, _ in kinds(both)) == ["chat", "journal"]


def test_a_place_the_user_wrote_dates_on_the_holiday(conn):
    seed_steps(conn)
    seed_journal(conn, ["Lisbon holiday with Tom, Fri 20 to Sun 22 November.",
                        "Home from Lisbon, calves tight."], entry_date="2026-11-19")
    got = recall(conn, "how much did I walk on the Lisbon holiday overall?")
    assert [(it.day, it.end) for it in got.items if it.kind == "span"] == [
        ("2026-11-20", "2026-11-22")]


def test_a_weekday_in_the_plural_is_a_date_word_not_a_topic():
    assert "saturdays" not in message_words("two Saturdays ago?")


def test_first_as_a_thing_is_not_the_earliest_time():
    from coach_tui.memory.ranking import which_end
    assert which_end("When did my leg first start playing up?") == "first"
    assert which_end("the first time I ran 10k?") == "first"
    assert which_end("When did her parents give her first console?") is None
    assert which_end("how did my first long run in them go?") is None
    assert which_end("what's my target right now?") == "last"


def test_asking_what_a_review_said_about_a_week_brings_the_review_not_its_totals(conn):
    seed_steps(conn)
    review_id = save_review(conn, period_key="week:2026-W48", period_start="2026-11-23",
                            period_end="2026-11-29", text="Steady week, Saturday the best.",
                            model="m", created_at="2026-11-30T08:00:00")
    got = recall(conn, "what did my review say about last week?")
    assert [(it.kind, it.ref) for it in got.items if it.kind != "live"] == [
        ("review", review_id)]
    totals = recall(conn, "what did my review say about last week, and what was the total?")
    assert "span" in [it.kind for it in totals.items]


def test_your_advice_asks_what_the_coach_said():
    assert asked_kind("what was your advice on eating before race day?") == "chat"
    assert asked_kind("what were your thoughts on the marathon?") == "chat"


def test_what_the_message_sets_aside_is_neither_searched_nor_recalled(conn):
    from coach_tui.memory.query import negated_words
    flu, sniffles = seed_journal(conn, ["Down with flu: fever, in bed all day",
                                        "Head cold: blocked nose, sniffles"],
                                 entry_date="2026-09-27")
    assert negated_words("when was I properly ill, not the sniffles one") == ["sniffles"]
    assert negated_words("I'm not sure") == [] and negated_words("did I not run") == []
    got = kinds(recall(conn, "when was I properly ill, not the sniffles one?"))
    assert ("journal", flu) in got and ("journal", sniffles) not in got


def test_chatty_words_that_look_like_the_fields_find_nothing():
    from coach_tui.memory.query import expand
    assert expand("loads") == ("loads",)             # not carb "loading"
    assert "stomach" not in expand("gutted")         # not the gut
    assert "review" in message_words("pull up the review") and "pull" not in message_words(
        "pull up the review")                        # not a pulled muscle


def test_a_word_for_someone_finds_the_people_written_by_name(conn):
    from coach_tui.memory.names import aliases, role_names
    lines = ["Physio (Helen) diagnosed patellofemoral pain.", "Walking Biscuit (beagle).",
             "Left knee sore going down stairs."]
    assert aliases(["lady"], role_names(lines)) == {"lady": ("helen",)}   # not the dog
    helen, _, stairs = seed_journal(conn, lines, entry_date="2026-08-21")
    got = kinds(recall(conn, "whats the name of the lady who sorted out my kneecap thing?"))
    assert got[0] == ("journal", helen)


def test_a_remark_beside_a_question_is_not_searched_on_its_own():
    assert asking("which trainers did i end up going for? need to rebuy") == [
        "which trainers did i end up going for"]
    assert asking("total for the week leading into the half? felt like i did nothing") == [
        "total for the week leading into the half"]
    # A clause asks by its question word or its asking verb, with or without "?".
    assert asking("knee - when did it first go and when did it flare again? steps on both") == [
        "knee - when did it first go", "when did it flare again"]
    assert asking("best month so far? and remind me what you said") == [
        "best month so far", "and remind me what you said"]
    # Without any "?", every clause stays: nothing marks which one asks.
    assert asking("my knee, and the shoes") == ["my knee", "the shoes"]
    # A space before the "?" still marks the clause; a clause whose words come again later
    # is marked by whichever place ends on "?"; characters a pattern reads are plain here.
    assert asking("new shoes ? felt odd") == ["new shoes"]
    assert asking("knee (left) again ? knee (left) again, ugh") == ["knee (left) again"]


def test_a_remark_brings_no_memory_of_its_own_words(conn):
    (shoes,) = seed_journal(conn, ["Bought Brooks Ghost 16 trainers"], entry_date="2026-09-05")
    seed_journal(conn, ["Need to rebuy dog food"], entry_date="2026-09-06")
    got = recall(conn, "which trainers did i end up going for? need to rebuy")
    assert kinds(got) == [("journal", shoes)]


def test_the_words_of_a_comparison_are_answered_by_its_line_not_searched(conn):
    seed_steps(conn)
    exchange(conn, "2026-11-18", "knee is back", "If it's not better by the weekend, book Helen.")
    got = recall(conn, "was last week better than the week before last? totals pls")
    assert any(it.kind == "compare" for it in got.items)
    assert kinds(got) == []
    # Without two periods to set against each other, "better" is looked for.
    assert [k for k, _ in kinds(recall(conn, "was my knee better?"))] == ["chat"]


def test_the_journal_answers_and_the_chat_around_it_stays_out():
    line = Hit(JOURNAL_KIND, 1, "2026-09-05", "Bought Brooks Ghost 16 to replace the Asics", 15.0)
    chat = Hit(CHAT_KIND, 2, "2026-09-03", "what sneakers should i get", 19.0,
               reply="Try a few neutral pairs at a running shop.")
    ranked = [Ranked(chat, 1.0), Ranked(line, 1.0)]
    # Not asking what the coach said: the coach's dated record alone.
    assert recorded_first(ranked) == [Ranked(line, 1.0)]
    # No journal line or review to answer it: the exchange stays.
    assert recorded_first(ranked[:1]) == ranked[:1]


def test_a_when_clause_names_the_time_and_the_question_after_it_is_its_own_part(conn):
    assert clauses("when the big rain hit and the park was underwater did i manage anything "
                   "indoors on the belt") == ["when the big rain hit and the park was underwater",
                                              "did i manage anything indoors on the belt"]
    assert clauses("when did i buy shoes") == ["when did i buy shoes"]
    seed_journal(conn, ["Storm: heavy rain, park paths flooded, runs cancelled."],
                 entry_date="2026-10-20")
    (gym,) = seed_journal(conn, ["10 km on the gym treadmill during the storm."],
                          entry_date="2026-10-21")
    got = recall(conn, "when the big rain hit and the park was underwater did i manage anything "
                       "indoors on the belt?")
    assert ("journal", gym) in kinds(got)


def test_a_review_that_only_ties_the_best_line_stays_out():
    paw = Hit(JOURNAL_KIND, 1, "2026-09-08", "Biscuit cut a paw pad on glass at the park.", 5.0)
    week = Hit(REVIEW_KIND, 2, "2026-11-23",
               "Recovery week: long walks with Biscuit, the knee niggle returned.", 5.0)
    also = {"pup": ("biscuit",)}
    # Both cover the message as much ("pup" by name, "hurt" by a synonym): a tie.
    assert [r.hit for r in rank([paw, week], ["pup", "hurt"], aliases=also)] == [paw]
    # A review that covers a whole word more than any line still comes (round 19: a synonym
    # more, "hurt" for the line's "cut", is the line's fact retold).
    sore = Hit(REVIEW_KIND, 3, "2026-10-05", "Biscuit hurt his paw: short walks all week.", 5.0)
    park = Hit(JOURNAL_KIND, 1, "2026-09-08", "Biscuit at the park.", 5.0)
    assert sore in [r.hit for r in rank([park, sore], ["pup", "hurt"], aliases=also)]
    assert sore not in [r.hit for r in rank([paw, sore], ["pup", "hurt"], aliases=also)]


def test_how_long_was_asks_how_long_a_state_lasted_not_about_long_runs(conn):
    seed_journal(conn, ["Walking Biscuit (beagle) morning and evening."], entry_date="2026-08-03")
    (paw,) = seed_journal(conn, ["Biscuit cut a paw pad on glass. Vet: short lead walks only "
                                 "for ten days."], entry_date="2026-09-08")
    seed_journal(conn, ["First long run of 14 km on the river path, no blisters, feet fine."],
                 entry_date="2026-09-20")
    got = kinds(recall(conn, "when the pup hurt his foot how long was he restricted for"))
    assert got == [("journal", paw)]
    # "how long have I..." still finds what says "long" ("for a long time").
    exchange(conn, "2026-10-01", "i've been painting for a long time, it calms me",
             "Painting sounds like a great way to unwind.")
    said = recall(conn, "how long have i been painting?")
    assert [k for k, _ in kinds(said)] == ["chat"]
