"""Recall, round 59. The phrasings are this file's own.

- an ailment that "kicked in" started (no "kicks", no shoe); "the day I assisted to the
  physio" (a learner's "asistir a") went to it; "the back of the legs" are the calves and
  hamstrings; "under the water" flooded;
- "your trick for ...", "your pointers" ask what the coach said, as "your tips" do;
- "two months ago the day, how many steps?" is that day, as "two months ago today" is (not
  "two months ago the day I hurt my knee");
- "the month before the last one", "the week before the last one": the month or week before
  last;
- "and the day 28, how many steps?" is the 28th (not "day 3 of the streak", "the day 2 after
  the race", "the day 10k felt easy");
- "the goal of 10.000": a thousands point ("2026.11.15" and "1.5 km" stay as written);
- "my first week with the goal of 10,000": the first week of that goal's first run, as "my
  first week on 10,000" is;
- Scots as typed ("whit did ye tell me tae dae aboot the river path", "ma knee"; not "my ma");
- "the nervy eve of the big day", "the eve of the race": the day before it;
- "my first Saturday after the race" is the first Saturday after it, as "the first Saturday"
  is (not last Saturday); "my first 5k back after the flu", "my first Saturday 5k back after
  the flu": the first 5k done after it (a distance, and a weekday that says when, not what);
- "what stretches did you give me for my calves, and how many steps did I do the day we flew
  home?": the day of what holds the most of the clause naming the day, not of the stretches
  ("...and how many steps did I do that day?" is still the day of what another clause found);
- "how did the cold affect my steps?", "how low did the cold drag my steps?", "what did the flu
  do to my step count?": the steps during it (a probe of our own, after a tuning writer's
  "how low did the snot-fest drag my steps?");
- LoCoMo's conversations (1-5 read): "his wife's first dance" is a thing, not the earliest time;
  the exchange after a recalled one that asks about a word of its reply ("...a picnic with
  friends from church." "Looks fun! What games did you all play?") comes with it, as a
  follow-up (not a next message on something else);
- "what all did I do on Sunday 16th Aug" asks what happened that day; "the reason it was so
  low" asks why;
- "few days back when I was under the weather": the days two to five before today date the
  illness (the recent cold, not September's flu); "a few days ago" alone still pins no day;
- "heaps of walking" is how much, not what; "the light was gone" is the dark; "I got myself one
  of those lamps" bought one (not "got myself injured"); "my old runners were completely
  cactus": worn out; "what was your call on heading out" asks what the coach said;
- a note's shorthand: "the first three days of the head cold", "days 1-3 of the cold", "head
  cold d1-d3": the event's first days (of a storm of six days, "the first two days" are two);
  "steps that d", "each d": a day; "Helen's dx": the diagnosis; "pyrexial", "febrile",
  "myalgia": a fever's words;
- "which day was the big one" asks for the biggest day (of the weekend it names), not for a
  race; "the whole 12k-a-day regime" is the run of that goal, as "the 12k regime" is;
- "during that head cold, how low did each day go, and did the Saturday pick up?": all of its
  days (the Saturday among them), where a day written beside an event is otherwise the day
  meant ("10/10 in Lisbon");
- a car park is no park: "our grandson rang while we were in the car park" anchors nothing on
  the parkrun's lines, and "Thursday 24/9" stays the day asked;
- "which day was I back at parkrun after the knee?": the first parkrun after it, as "when I
  came back to parkrun after the knee" is; "end of august total steps, and ..." asks for the
  end of August (a note's request, not a remark whose days only place an event);
- of the memories a message's "again" or "first" picks the newest or earliest of, only those
  holding nearly all it names take part ("after the race my knee played up again when I tried
  a gentle trot": the flare's exchange, not the next day's "ran 25 min, knee fine");
- "the loosening routine", "loosening moves": stretches;
- "does that ruin my week", "doesn't spoil the seven-day numbers", "scupper my average": one
  family; "the seven-day numbers" is a count of days, no "that day";
- "I did mine on Nov 1": a month's short name is when, not a name to search for, and "mine" is
  no word of a memory;
- "what did you say when I got back from Germany?": that day's exchange, though it says
  "germany" where the event's line says Frankfurt."""

from datetime import date, datetime

import pytest

from coach_tui.memory.bests import best_phrases
from coach_tui.memory.daywords import named_spans
from coach_tui.memory.first_after import first_done
from coach_tui.memory.focus import THAT_DAY, WHAT_HAPPENED, WHY_SO
from coach_tui.memory.goal_spans import asked_goal, first_part
from coach_tui.memory.message_parts import asking
from coach_tui.memory.query import expand, message_words, read_phrases
from coach_tui.memory.ranking import asked_kind, which_end
from coach_tui.memory.recall import as_read
from coach_tui.memory.spoken import digits_for_spoken
from coach_tui.memory.textspeak import spelled_out
from coach_tui.store.search import CHAT_KIND
from tests.engine_support import seed_dated_journal, seed_steps
from tests.unit.test_recall_followups import conversation
from tests.unit.test_recall_memories import exchange, recall

NOW = datetime(2026, 12, 3, 18, 20)  # a Thursday


def _spans(text, now=NOW):
    return [(s.start, s.end) for s in named_spans(as_read(text), now.date(), "DMY")]


def _steps(conn):
    """120 days of steps to 30 November, every one under the goal."""
    seed_steps(conn, end=date(2026, 11, 30), values=[9_500] * 120, goal=10_000,
               today_steps=None)


@pytest.mark.parametrize("typed, means", [
    ("what were my steps just before the cold kicked in?", "the cold started"),
    ("before the flu kicks in", "the flu starts"),
    ("how many steps the day I assisted to the physio for the knee?", "went to the physio"),
    ("what exercises for the back of the legs?", "calf hamstring"),
    ("what did I do when the park was under the water?", "was flooded"),
])
def test_phrases_said_another_way(typed, means):
    assert means in read_phrases(typed)


def test_an_ailment_kicking_in_is_no_shoe():
    assert "kick" not in read_phrases("just before the snot-fest kicked in")


@pytest.mark.parametrize("text", [
    "back in that washed-out week, what was your trick for making the treadmill bearable?",
    "what were your pointers for heading out once the nights drew in?",
])
def test_your_trick_or_pointers_ask_what_the_coach_said(text):
    assert asked_kind(text) == CHAT_KIND


@pytest.mark.parametrize("text, day", [
    ("Two months ago the day, how many steps did I get?", date(2026, 10, 3)),
    ("a month ago the day?", date(2026, 11, 3)),
    ("two months ago today", date(2026, 10, 3)),
])
def test_months_ago_the_day_is_that_day(text, day):
    assert _spans(text) == [(day, day)]


def test_months_ago_the_day_something_happened_is_not_that_day():
    assert (date(2026, 10, 3), date(2026, 10, 3)) not in _spans(
        "two months ago the day I hurt my knee, steps?")


@pytest.mark.parametrize("text, start, end", [
    ("How many steps in total I did the month before the last one?", date(2026, 10, 1),
     date(2026, 10, 31)),
    ("the week before the last one?", date(2026, 11, 16), date(2026, 11, 22)),
    ("the weekend before the last one?", date(2026, 11, 21), date(2026, 11, 22)),
])
def test_before_the_last_one_is_before_last(text, start, end):
    assert _spans(text)[0] == (start, end)


@pytest.mark.parametrize("text, day", [
    ("And the day 28, how many steps? I think very few.", date(2026, 11, 28)),
    ("how many steps on the day 21?", date(2026, 11, 21)),
])
def test_the_day_and_a_number_is_that_date(text, day):
    assert _spans(text) == [(day, day)]


@pytest.mark.parametrize("text", ["day 3 of the streak, how was it?",
                                  "the day 10k felt easy, how many steps?",
                                  "the day 3 of my plan"])
def test_a_numbered_day_of_something_is_no_date(text):
    assert "the 3rd" not in digits_for_spoken(text) and "the 10th" not in digits_for_spoken(text)


@pytest.mark.parametrize("typed, read", [
    ("the goal of 10.000?", "the goal of 10,000?"),
    ("when did it go to 12.000", "when did it go to 12,000"),
    ("steps on 2026.11.15?", "steps on 2026.11.15?"),
    ("I ran 1.5 km", "I ran 1.5 km"),
    ("version v1.234", "version v1.234"),
])
def test_a_thousands_point_is_read_as_a_thousands_comma(typed, read):
    assert digits_for_spoken(typed) == read


@pytest.mark.parametrize("text", ["What said the weekly review of my first week with the goal "
                                  "of 10.000?",
                                  "my first week with a target of 10,000, how did it go?"])
def test_the_first_week_with_the_goal_of_a_number_is_that_goals_first_week(text):
    read = as_read(text)
    assert (asked_goal(read), first_part(read)) == (10_000, "week")


@pytest.mark.parametrize("typed, means", [
    ("whit did ye tell me tae dae aboot the river path in the dark?",
     "what did you tell me to do about the river path in the dark?"),
    ("when did I buy ma head torch", "when did I buy my head torch"),
    ("when ma knee went in August", "when my knee went in August"),
    ("I visited my ma", "I visited my ma"),
])
def test_scots_as_typed(typed, means):
    assert spelled_out(typed) == means


def _raced(conn):
    _steps(conn)
    seed_dated_journal(conn, [
        ("2026-09-27", "Flu: fever and aches, in bed all weekend."),
        ("2026-10-03", "First 5k after the illness: slow 31:40, walked a bit."),
        ("2026-10-10", "5k in 28:55 at the park, a good one."),
        ("2026-11-15", "Harbour Half Marathon finished in 2:03:10."),
    ])


def _days(conn, text, now=NOW):
    return [it.day for it in recall(conn, text, now=now).items if it.kind == "day"]


@pytest.mark.parametrize("text", ["Three weeks ago today was the nervy eve of the big day. How "
                                  "many steps did I actually do?",
                                  "the eve of the race, how many steps?"])
def test_the_eve_of_an_event_is_the_day_before_it(conn, text):
    _raced(conn)
    # (three weeks before Saturday 5 December is 14 November too)
    assert _days(conn, text, datetime(2026, 12, 5, 10, 0)) == ["2026-11-14"]


@pytest.mark.parametrize("text", ["my first saturday after the race, steps?",
                                  "the first saturday after the race, steps?"])
def test_my_first_saturday_after_an_event_is_the_first_after_it(conn, text):
    _raced(conn)
    assert _days(conn, text) == ["2026-11-21"]


@pytest.mark.parametrize("text", ["what time did I do on my first 5k back after the flu?",
                                  "what time did I do on my first Saturday 5k back after the "
                                  "flu?"])
def test_the_first_distance_done_after_an_event(conn, text):
    _raced(conn)
    got = recall(conn, text, now=NOW)
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-10-03"]
    assert any("31:40" in it.text for it in got.items if it.kind == "journal")


def test_a_weekday_says_when_not_what_was_done():
    assert first_done("my first Saturday 5k back after the flu") == ["5k"]


def _flew(conn):
    _steps(conn)
    seed_dated_journal(conn, [("2026-10-13", "Home from Porto; calves tight from the hills.")])
    exchange(conn, "2026-10-11", "my calves are dying from all the cobbles",
             "Stretch your calves gently tonight and skip tomorrow's run.")
    exchange(conn, "2026-10-16", "calves still tight, any stretches?",
             "A wall calf stretch, 30 seconds each side, a few times a day.")


def test_the_day_a_clause_names_is_of_that_clauses_memory(conn):
    _flew(conn)
    got = _days(conn, "My calves were wrecked after all the cobbles - what stretches did you "
                      "give me for them, and how many steps did I do the day we flew home?")
    assert got == ["2026-10-13"]


def test_that_day_is_still_of_what_another_clause_found(conn):
    _flew(conn)
    got = _days(conn, "what did you say when my calves were dying from the cobbles, and how "
                      "many steps did I do that day?")
    assert got == ["2026-10-11"]


@pytest.mark.parametrize("text", ["how did the cold affect my steps?",
                                  "how low did the cold drag my steps?",
                                  "what did the cold do to my step count?",
                                  "how badly did the cold hit my steps?"])
def test_what_an_event_did_to_the_steps_is_the_steps_during_it(conn, text):
    _steps(conn)
    seed_dated_journal(conn, [("2026-11-26", "Head cold: blocked nose, rest days."),
                              ("2026-11-29", "Cold cleared up; short walk.")])
    assert _days(conn, text) == ["2026-11-26", "2026-11-27", "2026-11-28"]


@pytest.mark.parametrize("text, end", [
    ("What was the setting for John and his wife's first dance?", None),
    ("when did my knee first hurt?", "first"),
])
def test_a_possessives_first_thing_is_no_earliest_time(text, end):
    assert which_end(text) == end


def test_the_question_about_a_recalled_reply_comes_with_it(conn):
    picnic, games, _ = conversation(conn, "2026-07-17", [
        ("John: It's great to be part of the volunteer group.",
         "Maria: Last weekend I had a picnic with some friends from church. We played games "
         "under the trees."),
        ("John: Looks fun! What games did you all play?",
         "Maria: Charades and a scavenger hunt. We all had a good laugh!"),
        ("John: Did you see the match on Sunday?", "Maria: No, I missed it."),
    ])
    got = [it.ref for it in recall(conn, "What did Maria do at the picnic with her church "
                                         "friends?", now=NOW).items if it.kind == "chat"]
    assert got == [picnic, games]


def test_a_next_question_on_something_else_stays_out(conn):
    picnic, _ = conversation(conn, "2026-07-17", [
        ("John: It's great to be part of the volunteer group.",
         "Maria: Last weekend I had a picnic with some friends from church. We played games "
         "under the trees."),
        ("John: Did you see the football on Sunday?", "Maria: No, I missed it."),
    ])
    got = [it.ref for it in recall(conn, "What did Maria do at the picnic with her church "
                                         "friends?", now=NOW).items if it.kind == "chat"]
    assert got == [picnic]



@pytest.mark.parametrize("text", ["What all did I do on Sunday 16th Aug, and how many steps did "
                                  "it come to?"])
def test_what_all_did_i_do_asks_what_happened(text):
    assert WHAT_HAPPENED.search(text)


def test_the_reason_it_was_so_low_asks_why():
    assert WHY_SO.search("Which was my worst week? Kindly give the total and the reason it was "
                         "so low.")


def test_a_few_days_back_when_dates_what_it_names():
    assert _spans("few days back when I was under the weather, what did you say?",
                  datetime(2026, 12, 1, 17, 20)) == [(date(2026, 11, 26), date(2026, 11, 29))]


def test_a_few_days_ago_alone_pins_no_day():
    assert _spans("A few days ago I think I walked a lot, but which day?") == []


def test_the_recent_illness_a_few_days_back(conn):
    _steps(conn)
    seed_dated_journal(conn, [("2026-09-27", "Flu: fever, in bed all weekend."),
                              ("2026-11-27", "Head cold: blocked nose, rest days.")])
    exchange(conn, "2026-09-28", "flu is awful, should I run?", "Not until the fever is gone.")
    exchange(conn, "2026-11-27", "bunged up with a cold, can I run?",
             "Above the neck only: an easy 20 minutes is fine.")
    got = recall(conn, "Few days back when I was under the weather, you gave me some advice on "
                       "whether to exercise or not. Kindly tell me the same again.",
                 now=datetime(2026, 12, 1, 17, 20))
    said = [it.text for it in got.items if it.kind == "chat"]
    assert any("neck" in t for t in said) and not any("fever" in t for t in said)


@pytest.mark.parametrize("typed, word", [
    ("did I get a run in or just heaps of walking?", None),
    ("once the light was gone by teatime", "dark"),
    ("I got myself one of those lamps you strap on", "bought"),
    ("my old runners were completely cactus", "worn"),
])
def test_words_of_other_englishes(typed, word):
    words = message_words(read_phrases(typed))
    assert "heaps" not in words and (word is None or word in words)


def test_got_myself_injured_is_no_buying():
    assert "bought" not in read_phrases("I got myself injured on the stairs")


def test_your_call_on_asks_what_the_coach_said():
    assert asked_kind("what was your call on heading out each time?") == CHAT_KIND



@pytest.mark.parametrize("text, start, end", [
    ("the first three days of the head cold, steps?", date(2026, 11, 26), date(2026, 11, 28)),
    ("days 1-3 of the head cold, steps?", date(2026, 11, 26), date(2026, 11, 28)),
    ("head cold d1-d3: steps each d?", date(2026, 11, 26), date(2026, 11, 28)),
    ("the first two days of the storm, steps?", date(2026, 10, 20), date(2026, 10, 21)),
])
def test_the_first_days_of_an_event(conn, text, start, end):
    _steps(conn)
    seed_dated_journal(conn, [
        ("2026-10-20", "Storm Ingrid: heavy rain, the park flooded. Outdoor runs cancelled for "
                       "the week."),
        ("2026-11-26", "Head cold: blocked nose, rest days."),
        ("2026-11-29", "Cold cleared up; short walk."),
    ])
    got = recall(conn, text, now=datetime(2026, 12, 4, 18, 5))
    assert [(it.day, it.end) for it in got.items if it.kind == "span"] == [
        (start.isoformat(), end.isoformat())]


@pytest.mark.parametrize("typed, means", [
    ("steps that d + Helen's dx?", "steps that day + Helen's diagnosis?"),
    ("steps each d?", "steps each day?"),
    ("vitamin d", "vitamin d"),
])
def test_a_notes_shorthand(typed, means):
    assert spelled_out(typed) == means


@pytest.mark.parametrize("word", ["pyrexial", "febrile", "myalgia"])
def test_a_fevers_clinical_words(word):
    assert "fever" in expand(word)



def test_which_day_was_the_big_one_is_the_biggest():
    assert best_phrases("two weekends ago, sat and sun combined? and which day was the big "
                        "one") == [(True, "day")]


def test_a_goal_block_said_with_a_day():
    assert asked_goal("the whole 12k-a-day regime, start to finish, what did i average?") \
        == 12_000



def _cold_and_paw(conn):
    _steps(conn)
    seed_dated_journal(conn, [
        ("2026-09-08", "Rufus cut a paw pad on glass. Vet: short lead walks only for ten days."),
        ("2026-10-08", "Porto trip with Sam, Thu 8 to Tue 13 October."),
        ("2026-11-26", "Head cold: blocked nose, rest days."),
        ("2026-11-29", "Cold cleared up; short walk."),
    ])


def _spans_of(conn, text, now):
    return [(it.day, it.end) for it in recall(conn, text, now=now).items if it.kind == "span"]


def test_each_day_of_an_event_with_one_of_its_days_named(conn):
    _cold_and_paw(conn)
    got = recall(conn, "During that head cold, how low did each day go, and did the Saturday "
                       "start to pick up?", now=datetime(2026, 12, 1, 12, 0))
    assert sorted(it.day for it in got.items if it.kind == "day") == [
        "2026-11-26", "2026-11-27", "2026-11-28"]


def test_a_day_written_beside_an_event_is_still_that_day(conn):
    _cold_and_paw(conn)
    got = recall(conn, "how many steps on 10/10 in Porto?", now=datetime(2026, 12, 1, 12, 0))
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-10-10"]



def test_a_car_park_is_no_park():
    assert "park" not in message_words(read_phrases("he rang while we were in the car park"))


@pytest.mark.parametrize("text", ["which day was i back at parkrun after the knee?",
                                  "when I was back at parkrun after the knee, steps?"])
def test_back_at_something_after_an_event(text):
    assert first_done(text) == ["parkrun"]


def test_a_notes_request_for_total_steps_asks():
    assert asking("end of august total steps, and which day was i back at parkrun after the "
                  "knee?")[0] == "end of august total steps"
    assert asking("did 300k total steps in October, proud. how was November?") == [
        "how was November"]


def test_the_newest_is_of_what_holds_nearly_all_the_message(conn):
    _steps(conn)
    seed_dated_journal(conn, [("2026-11-15", "Canal Half Marathon finished in 2:01:40.")])
    _, flare, _ = exchange(conn, "2026-11-18", "tried a little jog today and the kneecap pain "
                           "is back, same side as august", "Stop running for two or three days, "
                           "back to the step-downs, and ice after walks.")
    exchange(conn, "2026-11-19", "ran 25 min easy tonight, knee fine",
             "Great, the exercises are working. Keep the next few runs short and easy.")
    got = recall(conn, "After the race, my dicky knee played up again when I tried a gentle "
                       "trot. What did you tell me to do about it?",
                 now=datetime(2026, 12, 2, 9, 0))
    assert [it.ref for it in got.items if it.kind == "chat"] == [flare]


@pytest.mark.parametrize("word", ["loosening", "loosen", "looseners"])
def test_loosening_is_stretching(word):
    assert "stretch" in expand(word)


@pytest.mark.parametrize("word", ["spoil", "scupper", "derail"])
def test_spoiling_the_numbers_is_ruining_them(word):
    assert "ruin" in expand(word)


def test_the_seven_day_numbers_name_no_day():
    assert not THAT_DAY.search(as_read("a single desk day doesn't spoil the seven-day numbers"))


def test_a_months_short_name_and_mine_are_not_searched():
    assert message_words("I did mine on Nov 1, so how long did it take me") == ["long", "take"]


def test_what_was_said_the_day_a_stay_ended_in_other_words(conn):
    _steps(conn)
    seed_dated_journal(conn, [("2026-09-13", "Packing for the Frankfurt trade fair, Mon 14 to "
                                             "Thu 17 September.")])
    _, back, _ = exchange(conn, "2026-09-17", "back from germany, the hotel gym was tiny",
                          "Nice work fitting a run in. Ease back into your week.")
    got = recall(conn, "what did you say when I got back from Germany?",
                 now=datetime(2026, 12, 2, 16, 40))
    assert [it.ref for it in got.items if it.kind == "chat"] == [back]
