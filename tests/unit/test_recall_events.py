"""Events as people name them: bare names in lower case, what happened to someone, a place
they were, the first day of something, and an event's end from the line saying it is over."""

from datetime import date

import pytest

from coach_tui.memory.events import EventPhrase, anchored_span, closes, event_phrases, follows
from coach_tui.memory.names import place_names
from coach_tui.store import transaction
from coach_tui.store.steps import Day, upsert_days
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import exchange, recall


@pytest.mark.parametrize("text, phrase", [
    ("how did my steps look the week after storm ingrid",
     EventPhrase("the week after", "storm ingrid")),
    ("what did i do the weekend before lisbon?", EventPhrase("the weekend before", "lisbon")),
    ("my steps while i was in germany for work", EventPhrase("during", "germany work")),
    ("the day the dog cut his foot, how many steps?", EventPhrase("the day of", "dog cut foot")),
    ("the day i did 18k - how many steps", EventPhrase("the day of", "18k")),
    ("steps on the days I had the head cold?", EventPhrase("during", "cold")),
    ("the day after my knee first started hurting", EventPhrase("the day after", "knee", True)),
    ("total for the week leading into the half?", EventPhrase("leading up to", "half")),
    ("my steps in the run-up to the race", EventPhrase("leading up to", "race")),
    ("my steps in the lead up to the race", EventPhrase("leading up to", "race")),
])
def test_an_event_is_read_as_people_name_it(text, phrase):
    assert phrase in event_phrases(text)


@pytest.mark.parametrize("text, phrases", [
    ("before bed I stretch", []),                # a bare word after a plain "before"
    ("remind me what you said after the 6x800 track session", []),  # when it was said
    ("the week before i bought the brooks",
     [EventPhrase("the week before", "brooks bought", change=True)]),
])
def test_what_is_not_an_event_of_its_own(text, phrases):
    assert event_phrases(text) == phrases


def test_a_place_the_user_wrote_is_the_days_they_were_there():
    places = place_names(["Home from Lisbon; calves tight", "Parkrun at Millbrook Park"])
    assert places == {"lisbon", "millbrook"}
    assert EventPhrase("during", "lisbon") in event_phrases("my steps in lisbon?", places)
    assert event_phrases("my steps in lisbon?") == []


def test_a_line_saying_it_is_over_ends_the_event():
    assert closes("Cold cleared. 12 km easy with Priya", ["cold"]) == "before"
    assert closes("Weather week ends: only one day over target", ["weather"]) == "that day"
    assert closes("only one day over target", ["target"]) is None
    assert follows("First parkrun after the illness", ["flu"])
    assert not follows("Down with flu since Saturday", ["flu"])


def test_the_first_day_of_something_is_its_onset():
    got = anchored_span(EventPhrase("the day after", "knee", True), date(2026, 8, 19),
                        date(2026, 8, 21), date(2026, 12, 1))
    assert (got.start, got.end) == (date(2026, 8, 20), date(2026, 8, 20))


def test_an_illness_lasts_until_the_line_that_says_it_cleared(conn):
    seed_steps(conn)
    start, end = seed_journal(conn, ["Head cold: blocked nose and sore throat."],
                              entry_date="2026-11-20") + seed_journal(
        conn, ["Cold cleared. 12 km easy with Priya."], entry_date="2026-11-23")
    seed_journal(conn, ["Knee niggle, icing after walks."], entry_date="2026-11-16")
    got = recall(conn, "how many steps on the days I had the head cold?")
    assert [(it.day, it.end) for it in got.items if it.kind == "span"] == [
        ("2026-11-20", "2026-11-22")]
    assert [it.ref for it in got.items if it.kind == "journal"][:2] == [start, end]


def test_the_dog_is_found_by_its_name(conn):
    seed_steps(conn)
    seed_journal(conn, ["Walking Biscuit (beagle) twice a day."], entry_date="2026-11-01")
    (cut,) = seed_journal(conn, ["Biscuit cut a paw pad on glass at the park."],
                          entry_date="2026-11-21")
    seed_journal(conn, ["Evening dog walk only, tired."], entry_date="2026-11-24")
    got = recall(conn, "the day the dog cut his foot, how many steps did i get")
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-11-21"]
    assert cut in [it.ref for it in got.items if it.kind == "journal"]


def test_while_i_had_an_illness_is_its_days():
    assert event_phrases("how low did my steps go while i had that stinking cold?") == [
        EventPhrase("during", "cold")]        # "stinking cold" is read as the word list's "cold"


def test_the_journal_line_naming_the_events_head_word_dates_it(conn):
    seed_steps(conn)
    (line,) = seed_journal(conn, ["Head cold: blocked nose and sore throat."],
                           entry_date="2026-11-20")
    seed_journal(conn, ["Cold cleared, 12 km easy."], entry_date="2026-11-23")
    exchange(conn, "2026-11-21", "got a stinking cold, nose streaming. run or no run?",
             "Skip it: a stinking cold with a fever means rest.")
    got = recall(conn, "how low did my steps go while i had that stinking cold?")
    assert [(it.day, it.end) for it in got.items if it.kind == "span"] == [
        ("2026-11-20", "2026-11-22")]
    assert line in [it.ref for it in got.items if it.kind == "journal"]


def test_the_day_of_a_distance_and_a_phrase_of_the_word_list_are_events():
    assert EventPhrase("the day of", "18k") in event_phrases("steps on the day of the 18k?")
    assert EventPhrase("after", "half") in event_phrases("my knee after the 13.1?")
    assert event_phrases("total for the week of the 20th?") == []


def test_that_day_is_the_day_of_what_the_message_found(conn):
    seed_steps(conn)
    (line,) = seed_journal(conn, ["Parkrun personal best at Millbrook Park: 27:52."],
                           entry_date="2026-11-21")
    seed_journal(conn, ["Enjoys podcasts", "Likes the canal path"], entry_date="2026-11-10")
    got = recall(conn, "What was my parkrun PB, and how many steps that day?")
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-11-21"]
    assert line in [it.ref for it in got.items if it.kind == "journal"]


def test_those_days_are_the_dates_the_line_writes(conn):
    seed_steps(conn)
    seed_journal(conn, ["Packing for the Frankfurt trade fair, Mon 23 to Thu 26 November."],
                 entry_date="2026-11-22")
    got = recall(conn, "Frankfurt: how did my steps look those days?")
    assert [(it.day, it.end) for it in got.items if it.kind == "span"] == [
        ("2026-11-23", "2026-11-26")]


def test_the_worst_day_of_a_named_week_is_found_in_that_week(conn):
    seed_steps(conn)      # the lowest of all is 4,321 on 2026-11-19; last week's 6,420
    got = recall(conn, "last week: how many steps on my worst day?")
    assert [it.day for it in got.items if it.kind == "day"][:1] == ["2026-11-25"]


def test_how_long_an_illness_lasted_is_its_first_and_last_lines(conn):
    seed_steps(conn)
    start, end = seed_journal(conn, ["Down with flu: fever since Saturday evening."],
                              entry_date="2026-11-16") + seed_journal(
        conn, ["Fever gone since yesterday. Short walk."], entry_date="2026-11-19")
    seed_journal(conn, ["Long run 16 km on the river path."], entry_date="2026-11-21")
    assert EventPhrase("how long", "ill") in event_phrases("how long was i ill in november?")
    got = recall(conn, "how long was i ill in november?")
    assert [(it.kind, it.ref) for it in got.items if it.kind != "live"] == [
        ("journal", start), ("journal", end)]


def test_what_was_done_tells_which_line_and_a_change_holds_from_its_day(conn):
    assert event_phrases("since I dropped my target back to 10k")[0] == EventPhrase(
        "since", "target dropped", change=True)
    seed_steps(conn)
    seed_journal(conn, ["Target: under 2:10 for the race."], entry_date="2026-11-18")
    (lowered,) = seed_journal(conn, ["Target lowered back to 10,000 for the winter."],
                              entry_date="2026-11-23")
    got = recall(conn, "Since I dropped my target back to 10k, have I been hitting it?")
    assert [(it.day, it.end) for it in got.items if it.kind == "span"] == [
        ("2026-11-23", "2026-11-29")]
    assert lowered in [it.ref for it in got.items if it.kind == "journal"]


def test_the_week_after_alone_is_the_week_after_the_one_named_before_it():
    assert event_phrases("my reviews of the week i hurt my leg and the week after?") == [
        EventPhrase("the week of", "leg hurt"),
        EventPhrase("the week after the week of", "leg hurt")]
    got = anchored_span(EventPhrase("the week after the week of", "leg hurt"),
                        date(2026, 8, 19), date(2026, 8, 19), date(2026, 12, 1))
    assert (got.start, got.end) == (date(2026, 8, 24), date(2026, 8, 30))


def test_those_ten_days_are_the_days_the_line_says_it_lasted(conn):
    seed_steps(conn)
    seed_journal(conn, ["Walking Biscuit (beagle) twice a day."], entry_date="2026-11-01")
    seed_journal(conn, ["Biscuit cut a paw pad. Vet: short lead walks only for ten days."],
                 entry_date="2026-11-17")
    got = recall(conn, "When Biscuit hurt his paw: what did the vet say, and did my steps "
                       "drop over those ten days?")
    assert [(it.day, it.end) for it in got.items if it.kind == "span"] == [
        ("2026-11-17", "2026-11-26")]


def test_getting_something_new_is_buying_it():
    assert event_phrases("how many steps the day I got my new Brooks?") == [
        EventPhrase("the day of", "brooks bought", change=True)]


def test_a_place_named_anywhere_is_the_days_there_and_short_day_names_are_no_places():
    places = place_names(["Lisbon holiday Thu 8 to Tue 13 October.", "Home from Lisbon."])
    assert places == {"lisbon"}
    assert EventPhrase("during", "lisbon") in event_phrases(
        "compare my totals for the Lisbon trip and the storm week", places)


def test_the_line_naming_the_most_of_an_event_dates_it(conn):
    seed_steps(conn)
    seed_journal(conn, ["Priya talked me into the Riverside Half on 28 November."],
                 entry_date="2026-11-02")
    (track,) = seed_journal(conn, ["Track session with Priya: 6 x 800 m, held pace."],
                            entry_date="2026-11-18")
    got = recall(conn, "steps on the day of the track session with priya and how did it go")
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-11-18"]
    assert track in [it.ref for it in got.items if it.kind == "journal"]


def test_a_goal_named_by_its_number_or_change_brings_the_lines_that_set_and_ended_it(conn):
    goals = [10_000] * 10 + [12_000] * 7 + [10_000] * 12
    with transaction(conn):
        upsert_days(conn, [Day(f"2026-11-{i + 1:02d}", 11_000, g) for i, g in enumerate(goals)],
                    source="test", synced_at="2026-11-30T08:00:00")
    raised, lowered = (seed_journal(conn, ["Daily target raised to 12,000 for race build."],
                                    entry_date="2026-11-11")
                       + seed_journal(conn, ["Target lowered back to 10,000 for winter."],
                                      entry_date="2026-11-18"))
    seed_journal(conn, ["Long walk by the river."], entry_date="2026-11-18")
    for text in ("what did i average per day while the 12k target was on",
                 "did I manage 12k a day while that higher target was on?"):
        got = recall(conn, text)
        assert [(it.day, it.end) for it in got.items if it.kind == "span"] == [
            ("2026-11-11", "2026-11-17")], text
        assert [it.ref for it in got.items if it.kind == "journal"][:2] == [raised, lowered]


def test_a_line_saying_the_morning_after_a_named_day_dates_the_day_after():
    from coach_tui.memory.events import event_days

    line = "Left knee sore going down stairs the morning after Tuesday's tempo session."
    assert event_days(date(2026, 8, 19), [], line, ["knee"]) == (date(2026, 8, 19),
                                                                  date(2026, 8, 19))
    # without "after", the day named is the day it began
    assert event_days(date(2026, 11, 27), [], "Fever since Tuesday, in bed.", ["fever"])[0] == \
        date(2026, 11, 24)


def test_how_long_was_my_longest_run_asks_a_distance_not_how_long_an_event_lasted():
    assert event_phrases("how long was my longest run") == []
    assert event_phrases("how long was my chest infection") == [
        EventPhrase("how long", "cough")]     # "chest infection": the cough group


def test_that_day_of_what_the_coach_said_is_the_day_of_the_exchange(conn):
    seed_steps(conn)
    seed_journal(conn, ["Considering the Berlin Marathon in spring with Sam; wants a plan."],
                 entry_date="2026-11-24")
    exchange(conn, "2026-11-23", "sam wants to do the berlin marathon with me next spring",
             "Spring gives you time: build the base first, then a long run each week.")
    got = recall(conn, "when sam brought up berlin what did you tell me, and how many steps "
                       "did i do that day")
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-11-23"]
    assert any("build the base" in it.text for it in got.items if it.kind == "chat")
