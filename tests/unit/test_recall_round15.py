"""Recall, round 15: date forms and event anchors as people type them ("yesterdays steps",
"the monday 2 weeks ago", "race day steps?", "the storm ingrid week", "the first 3 days after
the half", "while i was on the 12k target"), what a clause asks when another one named the
days, and what the coach said about a best or worst period. Pure, or one small database with
a pinned clock (tests.engine_support.NOW, Monday 30 November 2026)."""

from datetime import date

from coach_tui.memory import bests
from coach_tui.memory.daywords import named_spans
from coach_tui.memory.events import EventPhrase, anchored_span, event_phrases
from coach_tui.memory.focus import _ASKS_DAYS, step_counts
from coach_tui.memory.goal_spans import asked_goal
from coach_tui.memory.lasted import DURATION
from coach_tui.memory.message_parts import asking
from coach_tui.memory.query import message_words
from coach_tui.memory.ranking import KIND_WORDS
from coach_tui.memory.spans import Span
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import exchange, recall
from tests.unit.test_recall_precision import kinds

WED = date(2026, 12, 2)


def days(text: str, today: date = WED) -> list[tuple[str, str]]:
    return [(s.start.isoformat(), s.end.isoformat()) for s in named_spans(text, today)]


def test_yesterdays_without_the_apostrophe_is_yesterday():
    assert days("yesterdays steps + what did you say") == [("2026-12-01", "2026-12-01")]
    assert days("yesterday's total") == [("2026-12-01", "2026-12-01")]


def test_a_weekday_n_weeks_ago_is_that_day_of_that_week():
    # Wednesday 2 Dec: two weeks back is the week of Mon 16 Nov
    assert days("what about the monday 2 weeks ago? felt rough") == [("2026-11-16", "2026-11-16")]
    assert days("friday of the week three weeks ago") == [("2026-11-13", "2026-11-13")]


def test_this_day_last_month_is_the_same_day_then():
    assert days("this day last month - how many steps?", date(2026, 12, 5)) == [
        ("2026-11-05", "2026-11-05")]
    assert days("same day last week") == [("2026-11-25", "2026-11-25")]


def test_an_overview_of_named_days_asks_for_the_days():
    assert _ASKS_DAYS.search("give me the past 7 days in a nutshell")
    assert _ASKS_DAYS.search("whats the verdict on last week overall")
    assert _ASKS_DAYS.search("best month so far?? also when was my parkrun pb")


def test_an_event_named_with_its_day_or_week():
    assert event_phrases("race day steps? and remind me my finish time") == [
        EventPhrase("the day of", "race")]
    assert event_phrases("the storm ingrid week - whats the total") == [
        EventPhrase("the week of", "storm ingrid")]
    assert event_phrases("how many steps was my 18k day") == [EventPhrase("the day of", "18k")]
    assert event_phrases("parkrun pb day - how many steps?") == [
        EventPhrase("the day of", "parkrun pb")]
    assert event_phrases("the big race day") == [EventPhrase("the day of", "race")]


def test_a_kind_of_day_is_no_event():
    for text in ("what did i do on 4/11 step wise? office day i think",
                 "total for the week of the 10th? and whats the avg per day",
                 "how many steps on 22/10, the really low day", "my lowest day that week",
                 "how many steps that day", "was it a rest day", "was it a leg day",
                 "was it a rainy week", "my gym day"):  # ("the rainy week" names one: 36)
        assert [p for p in event_phrases(text) if p.relation in ("the day of", "the week of")
                ] == [], text


def test_the_week_of_an_event_holds_most_of_its_days():
    flu = EventPhrase("the week of", "flu")   # Sat 26 Sep to Wed 30 Sep: mostly the next week
    span = anchored_span(flu, date(2026, 9, 26), date(2026, 9, 30), WED)
    assert (span.start, span.end) == (date(2026, 9, 28), date(2026, 10, 4))
    storm = anchored_span(EventPhrase("the week of", "storm"), date(2026, 10, 20),
                          date(2026, 10, 25), WED)
    assert (storm.start, storm.end) == (date(2026, 10, 19), date(2026, 10, 25))


def test_a_count_of_days_before_or_after_an_event():
    [after] = event_phrases("first 3 days after the half, how many steps? i was hobbling")
    assert after == EventPhrase("after", "half", days=3)
    span = anchored_span(after, date(2026, 11, 15), date(2026, 11, 15), WED)
    assert (span.start, span.end) == (date(2026, 11, 16), date(2026, 11, 18))
    [before] = event_phrases("what did the 7 days leading into race day add up to?")
    assert before == EventPhrase("leading up to", "race", days=7)
    span = anchored_span(EventPhrase("before", "race", days=2), date(2026, 11, 15),
                         date(2026, 11, 15), WED)
    assert (span.start, span.end) == (date(2026, 11, 13), date(2026, 11, 14))
    assert event_phrases("since the half")[0].days == 0


def test_the_days_on_a_goal_as_people_say_them():
    assert asked_goal("while i was on the 12k target how many days did i hit it") == 12_000
    assert asked_goal("over the whole time the target was 12k, did I mostly hit it?") == 12_000
    assert asked_goal("the days I was on my 10,000 goal") == 10_000
    assert asked_goal("is 12k a good target") is None


def test_how_many_days_was_i_ill_asks_how_long():
    assert DURATION.search("how many days was i wiped out with that nasty bug")
    assert DURATION.search("how many days did I have the cold")
    assert not DURATION.search("how many days was i over 10k")
    assert not DURATION.search("how many days did i hit my goal")


def test_counts_of_steps_and_words_that_only_ask_for_the_days():
    assert step_counts("september in total? + how many days over 10k") == {"10k"}
    assert "far" not in message_words("best month so far?")
    assert {"give", "gave", "advise", "tips"} <= KIND_WORDS
    assert bests.best_words("what was my lowest day that week") == {"lowest", "day"}


def test_a_question_pointing_back_at_a_remark_carries_it():
    text = ("Morning! Priya keeps asking about the Manchester Marathon in April. What did you "
            "think about it when I brought it up, is it realistic for me?")
    parts = asking(text)
    assert any("Manchester" in p and "brought it up" in p for p in parts)
    assert asking("any advise you gave me for jogging after sunset? will need it again soon") \
        == ["any advise you gave me for jogging after sunset"]
    assert asking("how many steps last sunday? felt like loads") == [
        "how many steps last sunday"]


def test_what_the_coach_said_about_the_worst_week_at_the_time(conn):
    seed_steps(conn)   # 16-29 Nov: the week of 23 Nov is the lower one
    exchange(conn, "2026-11-29", "that was my worst week for ages wasnt it",
             "Yes: the lowest week of the month, with good reasons.")
    exchange(conn, "2026-11-10", "what shoes should I get?", "Go and try some on.")
    got = recall(conn, "which was my worst week, and what did you say when i asked you about it")
    assert "worst week: the week of 2026-11-23" in got.text
    assert [k for k, _ in kinds(got)] == ["chat"]
    assert "lowest week of the month" in got.text
    # a clause with its own topic searches for that topic, not the worst week's exchange
    got = recall(conn, "which was my worst week, and what did you say about shoes")
    assert "lowest week of the month" not in got.text


def test_a_best_period_for_one_clause_does_not_date_another(conn):
    seed_steps(conn)
    exchange(conn, "2026-11-20", "my parkrun pb chat, and which was my best week",
             "Your best week was this one, and the parkrun PB was 26:01 on 3 October.")
    exchange(conn, "2026-10-03", "parkrun pb today!! 26:01", "Brilliant personal best.")
    got = recall(conn, "best week so far?? also when was my parkrun pb")
    assert "best week:" in got.text
    assert "parkrun pb today" in got.text


def test_a_weekday_two_weeks_ago_spans_nothing_else():
    assert all(s.days == 1 for s in named_spans("the monday 2 weeks ago", WED))
    assert isinstance(named_spans("the monday 2 weeks ago", WED)[0], Span)


def test_which_day_had_the_most_is_the_best_day():
    assert bests.best_phrases("which outing had me wandering about the most?") == [(True, "day")]
    assert bests.best_phrases("what week did I walk the least") == [(False, "week")]
    assert bests.best_phrases("which shoes do I like the most") == []


def test_the_best_day_of_an_event_s_days(conn):
    seed_steps(conn)   # 16-29 Nov; within 23-27 Nov the most is 10,864 on the 24th
    seed_journal(conn, ["Holiday in Lisbon booked for Mon 23 to Fri 27 November."],
                 entry_date="2026-11-20")
    got = recall(conn, "in lisbon which day did i walk the most?")
    days_part = got.text.split("Days this message mentions:\n")[1]
    assert days_part.startswith("- Tue 2026-11-24: 10,864 steps")


def test_what_was_forgotten_is_asked():
    assert asking("which trainers did i end up going with? forgot the brand") == [
        "which trainers did i end up going with", "forgot the brand"]


def test_an_anchor_that_answers_the_question_makes_the_days_only_narrow_it():
    from coach_tui.memory.focus import qualifies
    from coach_tui.memory.ranking import SURE_COVER, Ranked
    from coach_tui.store.search import JOURNAL_KIND, Hit
    line = Hit(JOURNAL_KIND, 1, "2026-10-20", "Storm Ingrid: Millbrook Park paths flooded.", 9.0)
    text = "was millbrook park flooded during storm ingrid or am i misremembering"
    assert qualifies(text, [Ranked(line, SURE_COVER, anchor=True)])
    assert not qualifies("how many steps during storm ingrid",
                         [Ranked(line, SURE_COVER, anchor=True)])
    assert not qualifies(text, [Ranked(line, 0.0, anchor=True)])


def test_a_place_the_journal_names_across_months_is_no_trip(conn):
    seed_steps(conn)
    seed_journal(conn, ["Parkrun at Millbrook Park, 29:10."], entry_date="2026-08-08")
    seed_journal(conn, ["Storm: paths at Millbrook Park flooded."], entry_date="2026-11-18")
    got = recall(conn, "was millbrook park flooded in the storm or am i misremembering")
    assert "during the millbrook" not in got.text
    assert "flooded" in got.text
    seed_journal(conn, ["Home from Lisbon, calves tight."], entry_date="2026-11-21")
    seed_journal(conn, ["Holiday in Lisbon from Tue 17 to Fri 20 November."],
                 entry_date="2026-11-16")
    assert "during the lisbon" in recall(conn, "how many steps in lisbon").text


def test_more_ways_to_name_an_event_s_days():
    assert event_phrases("the weekend right after frankfurt, how many steps sat n sun") == [
        EventPhrase("the weekend after", "frankfurt")]
    assert event_phrases("the week just before the race") == [
        EventPhrase("the week before", "race")]
    assert event_phrases("each day of my head cold, how many steps?") == [
        EventPhrase("during", "cold")]
    assert days("week before last - how many days did i make target?") == [
        ("2026-11-16", "2026-11-22")]


def test_the_first_time_is_the_journal_s_record_not_the_chat_before_it(conn):
    seed_steps(conn)
    exchange(conn, "2026-08-04", "i walk a lot, sometimes parkrun on sat with my friend priya",
             "Good, a weekly parkrun is a great anchor.")
    seed_journal(conn, ["Saturday parkrun with running friend Priya; finished in 29:40."],
                 entry_date="2026-08-08")
    seed_journal(conn, ["Parkrun with Priya again, 29:10."], entry_date="2026-09-05")
    got = recall(conn, "whats my parkrun time the first time i went with priya")
    assert [k for k, _ in kinds(got)] == ["journal"]
    assert "29:40" in got.text and "29:10" not in got.text


def test_a_clause_asking_about_afterwards_is_not_dated_by_the_trip(conn):
    seed_steps(conn)
    seed_journal(conn, ["Holiday in Lisbon from Tue 17 to Fri 20 November."],
                 entry_date="2026-11-16")
    exchange(conn, "2026-11-19", "my calves are dying from all the hills, stretches?",
             "Take it gently today.")
    exchange(conn, "2026-11-23", "calves still tight from the hills, any stretches?",
             "Try a wall calf stretch, 30 seconds each side.")
    got = recall(conn, "lisbon: total steps for the trip, and what stretches did you give me "
                       "for my calves after")
    assert "wall calf stretch" in got.text


def test_which_week_was_my_best_is_the_best_week():
    assert bests.best_phrases("Which week did you say was my best, and what did my review "
                              "of it say?") == [(True, "week")]
    assert bests.best_phrases("what day was the best time to run") == []
    assert bests.best_phrases("which month was my best run") == []


def test_what_did_i_do_is_asked_even_when_another_clause_asks_for_steps():
    from coach_tui.memory.focus import WHAT_HAPPENED
    assert WHAT_HAPPENED.search("what did i do on sat 31 oct? and how many steps was it")
    assert not WHAT_HAPPENED.search("what did i do on sat 31 oct step wise")


def test_an_adverb_between_i_and_what_i_did():
    assert event_phrases("steps the day before i first saw helen?") == [
        EventPhrase("the day before", "helen", onset=True)]


def test_a_weekday_named_by_what_i_did_that_day():
    assert event_phrases("the saturday i got my parkrun pb - steps?") == [
        EventPhrase("the day of", "parkrun pb")]
    assert _ASKS_DAYS.search("was oct or nov my bigger month?")


def test_the_furthest_is_the_line_with_the_longest_distance(conn):
    from coach_tui.memory.furthest import distance_km
    assert distance_km("Longest run yet: 18 km on the river path") == 18.0
    assert distance_km("ran 10 miles") > 16
    assert distance_km("27:52 at parkrun") == 0.0
    seed_steps(conn)
    seed_journal(conn, ["First 14 km run along the river."], entry_date="2026-09-20")
    seed_journal(conn, ["Longest run yet: 18 km on the river path."], entry_date="2026-11-01")
    seed_journal(conn, ["Easy 6 km run with Priya."], entry_date="2026-11-10")
    got = recall(conn, "whats the furthest ive run in training")
    assert [k for k, _ in kinds(got)] == ["journal"] and "18 km" in got.text


def test_the_day_after_that_and_two_days_written_with_a_slash():
    assert days("10 days ago - how many steps? and the day before that one",
                date(2026, 12, 5)) == [("2026-11-25", "2026-11-25"), ("2026-11-24", "2026-11-24")]
    assert days("how did parkrun on 3/10 go, and what had you told me the day before") == [
        ("2026-10-03", "2026-10-03")]
    assert days("weekend of 12/13 sept, how many steps altogether") == [
        ("2026-09-12", "2026-09-13")]


def test_a_weekday_before_or_after_an_event():
    [after] = event_phrases("how many steps on the sunday after i saw the physio?")
    assert after == EventPhrase("the sunday after", "physio")
    span = anchored_span(after, date(2026, 8, 21), date(2026, 8, 21), WED)   # a Friday
    assert (span.start, span.end) == (date(2026, 8, 23), date(2026, 8, 23))
    [before] = event_phrases("the monday before the race")
    span = anchored_span(before, date(2026, 11, 15), date(2026, 11, 15), WED)
    assert (span.start, span.end) == (date(2026, 11, 9), date(2026, 11, 9))


def test_the_day_after_getting_back_from_a_trip():
    assert event_phrases("day after getting back from lisbon, how many steps?") == [
        EventPhrase("the day after", "lisbon")]
    assert event_phrases("the week after coming home from the trip") == [
        EventPhrase("the week after", "trip")]
    # an open "after returning from" stays a word to search for
    assert event_phrases("when did john meet his team after returning from chicago?") == []
