"""Recall, round 57: what the runner asks of the coach's own record. The home and the
phrasings are this file's own.

- "what did you note down on 24/9?", "what's in your notes for Oct 18th?", "what have you got
  logged for the weekend?", "what did you jot down about my ankle?" ask for the journal (the
  coach's written record), not what it said in a chat; "what did you say" still asks for the
  exchange, "what did you write in the review" for the review;
- asked what the journal noted of a day or a short span (up to three days), the lines written
  then are given, whatever their words;
- a month or weekday spelled by ear ("9 agust", "erly septembur", "novembur", "thursdy") is
  that month or day: one letter off its name (six letters or more), the first as written; not
  a plural ("Mondays") nor a word of its own ("sundry");
- more of the words a writer who spells by ear uses: "meny", "erly", "wer", "rember", "nee",
  "tredmil", "runing", "setled";
- from a French speaker: "exactly two months ago", "2 months ago today" are that day (as "a
  month ago today" is), not the month; "my kinesitherapist" is the physio, "rhinitis" a cold,
  "my baskets" trainers; "what was the reason of it?" asks what the journal says of the day;
  "the weekend I fell sick of the flu" is the flu's weekend, as "fell sick with" is;
- "the day I signed up for the half", "registered for": the entering, as "entered" is (the
  line that tells of it, not the race day);
- "How long did the Frankfurt trip last, and how did my steps hold up while I was out there?":
  how long it lasted, and its days' steps asked for too (not "how long was I ill? steps were
  awful", a remark; not when the part asking names a time of its own, "that week");
- the reason asked for tersely: "19 aug steps why so low", "worst wk total n why", "and why?",
  "what knocked me off track?": what the journal says of those days;
- typed like a search, "steps day i saw helen" is "steps the day i saw helen";
- "how often did I hit the target while it was up at 12,000?": the goal named before "it", at
  that number (not "while it was 12 degrees", no goal named);
- a bare ordinal typed like a search: "24th steps", "24th?", "steps on 24th" are the 24th (not
  "1st parkrun when?", "2nd run after the flu", "on 2nd thoughts");
- an act done on one day said in any form ("entering", "buying", "persuaded"): "the day after
  Dana talked me into entering the Canal Half" is the day after the line that tells of it,
  not only the day after the race date that line writes;
- "how many steps I had on 28th?" (a learner's, without "the") is the 28th;
- "which month was best for steps", "which month came out best", "which week was worst": the
  best or worst month or week, as "which was my best month" is;
- "race day", "storm week" after "with", "against", "than" ("how did my PB day compare with
  race day?") are the event's own day or week, as after "and" or "vs";
- shoes "knackered", "worn out", "dead", "cooked", "falling apart", "tatty" are worn ("when my
  old trainers were completely knackered", "my dead old trainers"); a person worn out is
  still tired;
- the time actually run asked beside the coach's prediction: "how close did I actually get?",
  "what did I end up running?" ask for the finish time;
- "the seven full days before today" is the last seven days (not the day a week back); "last
  7d" is the last seven days; "fifteen weeks ago today" (counts to nineteen in words);
  "exactly three calendar months before today" is that day;
- "wk 1 on the 12k goal", "day 3 at 12,000": a part of the goal's run (the first week, the
  third day), not week 1 of the year;
- "the first three days of October" stays a count of days ("first" is not read as the 1st
  before a count: "the first two weeks");
- two written days joined as "starting Monday 21 September, running through Sunday 4 October"
  or "from 2 November up to and including 8 November" are the period between them;
- a learner's "since when I came back from Lisbon" is "since I came back" (not "since when
  have I had them?", asked);
- the diagnosis asked for in other words: "what did the specialist call it?", "what name did
  she give it", "name of my leg trouble aug" (not "call it a day", and only of a hurt, an
  illness or who treats them: "what name did she give her puppy?" asks a name);
- "how busy were my legs" asks for the days' steps, as "how active" does."""

from datetime import date, datetime

import pytest

from coach_tui.memory import events
from coach_tui.memory.bests import best_phrases
from coach_tui.memory.daywords import named_spans
from coach_tui.memory.focus import WHY_SO, asks_days
from coach_tui.memory.goal_spans import goal_asks
from coach_tui.memory.query import expand, read_phrases
from coach_tui.memory.ranking import asked_kind
from coach_tui.memory.recall import as_read
from coach_tui.memory.spoken import digits_for_spoken
from coach_tui.memory.textspeak import spelled_out
from tests.engine_support import seed_dated_journal, seed_steps
from tests.unit.test_recall_memories import exchange, named_days, recall
from tests.unit.test_recall_round55 import goal_home  # noqa: F401  (a fixture)

NOW = datetime(2026, 12, 3, 18, 20)  # a Thursday: two weekends ago is 21-22 November


@pytest.fixture
def noted(conn):
    seed_steps(conn, end=date(2026, 11, 30), values=[9_500] * 120, goal=10_000,
               today_steps=None)
    seed_dated_journal(conn, [
        ("2026-09-24", "Track session: 6 x 800 m at the club, felt sharp."),
        ("2026-10-18", "Long Sunday along the canal with Dana, 16 km."),
        ("2026-11-21", "Easy weekend: slow 8 km with Dana and a walk with Rufus."),
        ("2026-11-04", "Right ankle rolled on a kerb; ice and rest."),
    ])
    exchange(conn, "2026-09-24", "legs like jelly after the club tonight", "That's the 800s "
             "doing their job. Easy jog tomorrow, nothing fast.")
    exchange(conn, "2026-11-04", "rolled my ankle on a kerb, ouch",
             "Ice it, rest it tonight, and walk only if it doesn't hurt.")
    return conn


def _journal(conn, text: str) -> list[str]:
    return [it.text for it in recall(conn, text, now=NOW).items if it.kind == "journal"]


@pytest.mark.parametrize("text", [
    "What did you note down on 24/9?",
    "What's in your notes for Oct 18th?",
    "what have u got logged for the weekend",
    "what did you jot down about my ankle?",
    "Did you record anything about the canal run?",
    "what did you put down for the 4th?",
    "anything in your log about Dana?",
])
def test_asking_for_the_coachs_notes_asks_for_the_journal(text):
    assert asked_kind(text) == "journal"


@pytest.mark.parametrize("text, kind", [
    ("What did you say about my ankle?", "chat"),
    ("what did you write in the review for that week?", "review"),
    ("did you tell me to rest it?", "chat"),
])
def test_what_the_coach_said_or_reviewed_is_still_asked_so(text, kind):
    assert asked_kind(text) == kind


@pytest.mark.parametrize("text, told", [
    ("What did you note down on 24/9? Can't remember what I did.", "6 x 800 m"),
    ("What's in your notes for Oct 18th? Was it a decent day?", "canal with Dana"),
    ("What did you note down two weekends ago? It felt like a nice one.", "Easy weekend"),
])
def test_the_notes_of_a_day_named_are_that_days_lines(noted, text, told):
    assert any(told in line for line in _journal(noted, text))


def test_the_notes_of_the_day_are_the_line_not_the_chat_of_it(noted):
    items = recall(noted, "What did you note down on 4/11?", now=NOW).items
    assert [it.text for it in items if it.kind == "journal" and "ankle" in it.text]
    assert not [it for it in items if it.kind == "chat"]


def test_a_span_of_a_week_is_not_read_line_by_line(noted):
    lines = _journal(noted, "What did you note down in the week of the 16th of November?")
    assert not any("Easy weekend" in line for line in lines)


@pytest.mark.parametrize("text, day", [
    ("wat wer my steps on 9 agust?", ("2026-08-09", "2026-08-09")),
    ("how meny steps on novembur 3rd", ("2026-11-03", "2026-11-03")),
    ("steps on the 12th of Octobr?", ("2026-10-12", "2026-10-12")),
    ("how did i do on thursdy the 26th", ("2026-11-26", "2026-11-26")),
])
def test_a_month_or_weekday_spelled_by_ear_names_its_day(noted, text, day):
    assert named_days(noted, text, now=NOW) == [day]


def test_early_in_a_month_spelled_by_ear_is_its_first_ten_days(noted):
    assert named_days(noted, "how did i get on in erly septembur", now=NOW) == [
        ("2026-09-01", "2026-09-10")]


@pytest.mark.parametrize("text", ["Mondays are my rest days", "a sundry list of aches",
                                  "the Augusta half"])
def test_words_of_their_own_are_not_read_as_calendar_names(text):
    assert spelled_out(text) == text


@pytest.mark.parametrize("typed, read", [
    ("how meny steps", "how many steps"),
    ("my nee pain", "my knee pain"),
    ("the hotel tredmil", "the hotel treadmill"),
    ("till it setled", "till it settled"),
    ("cant rember", "cant remember"),
])
def test_words_spelled_by_ear_are_read_as_the_words(typed, read):
    assert spelled_out(typed) == read


@pytest.mark.parametrize("text, day", [
    ("Exactly two months ago it was a Saturday, no? How many steps I did that day?",
     date(2026, 10, 3)),
    ("how many steps did i do 2 months ago today", date(2026, 10, 3)),
    ("3 months ago to the day, what did I walk?", date(2026, 9, 3)),
])
def test_months_ago_to_the_day_is_that_day(text, day):
    assert [(s.start, s.end) for s in named_spans(text, NOW.date(), "DMY")] == [(day, day)]


def test_months_ago_alone_is_still_the_month():
    assert [(s.start, s.end) for s in named_spans("two months ago", NOW.date(), "DMY")] == [
        (date(2026, 10, 1), date(2026, 10, 31))]


@pytest.mark.parametrize("word, means", [("kinesitherapist", "physio"), ("rhinitis", "cold")])
def test_a_french_speakers_words_are_in_their_groups(word, means):
    assert means in expand(word)


def test_my_baskets_are_my_trainers():
    assert "trainers" in read_phrases("My baskets that I wear now, since when do I have them?")


@pytest.mark.parametrize("text", ["what was the reason of it?", "What's the cause, do you think?",
                                  "what caused that?", "19 aug steps why so low",
                                  "worst wk total and why", "my worst week, and why?",
                                  "What knocked me off track that week?"])
def test_asking_the_reason_asks_what_happened(text):
    assert WHY_SO.search(text)


def test_fell_sick_of_the_flu_is_its_onset(noted):
    seed_dated_journal(noted, [
        ("2026-09-27", "Down with flu: fever since Saturday evening, aching and in bed."),
        ("2026-10-01", "Flu cleared. Short easy walk round the block.")])
    assert named_days(noted, "The weekend I fell sick of the flu, what were my steps?",
                      now=NOW) == [("2026-09-26", "2026-09-27")]


@pytest.mark.parametrize("said", ["signed up for", "registered for", "signed up to"])
def test_signing_up_is_entering(noted, said):
    seed_dated_journal(noted, [("2026-08-11", "Entered the Canal Half Marathon on 15 November."),
                               ("2026-11-15", "Canal Half Marathon done in 2:01:40.")])
    assert named_days(noted, f"How many steps did I do on the day I {said} the Canal Half?",
                      now=NOW) == [("2026-08-11", "2026-08-11")]


@pytest.fixture
def trip(noted):
    seed_dated_journal(noted, [("2026-09-13", "Packing for the Bergen fair, Mon 14 to Thu 17 "
                                              "September. Hotel gym planned.")])
    return noted


@pytest.mark.parametrize("text", [
    "How long did the Bergen trip last, and how did my steps hold up while I was out there?",
    "How long did the Bergen trip last, and what were my steps on it?",
])
def test_how_long_it_lasted_and_its_steps(trip, text):
    assert named_days(trip, text, now=NOW) == [("2026-09-14", "2026-09-17")]


def test_how_long_it_lasted_alone_is_its_lines_not_its_steps(trip):
    assert named_days(trip, "How long did the Bergen trip last?", now=NOW) == []


@pytest.mark.parametrize("text", [
    "how long was I ill? steps were awful",
    "how long was the dog restricted after he hurt his foot? and how many steps did i manage "
    "that week",
])
def test_a_remark_or_a_time_of_its_own_adds_no_days_of_the_event(text):
    assert [p.relation for p in events.event_phrases(text)] == [events.HOW_LONG]


@pytest.mark.parametrize("text", ["why do you ask?", "why not", "I wonder why it hurts"])
def test_why_inside_a_sentence_is_not_asking_what_happened(text):
    assert not WHY_SO.search(text)


def test_why_so_low_gives_the_days_line(noted):
    assert any("ankle" in line for line in _journal(noted, "4 nov steps why so low"))


@pytest.mark.parametrize("typed, read", [
    ("steps day i saw helen", "steps the day i saw helen"),
    ("total week i had flu", "total the week i had flu"),
    ("steps the day i saw helen", "steps the day i saw helen"),
    ("my day i was off", "my day i was off"),
])
def test_a_day_typed_after_the_word_asked_for_gets_its_the(typed, read):
    assert as_read(typed) == read


@pytest.mark.parametrize("text", [
    "How often did I actually hit the target while it was up at 12,000?",
    "my goal, while it was still at 12k, how did I do",
])
def test_the_goal_named_before_it_at_that_number(goal_home, text):  # noqa: F811
    assert named_days(goal_home, text, now=NOW) == [("2026-11-02", "2026-11-22")]


def test_it_at_a_number_with_no_goal_named_is_no_goal(goal_home):  # noqa: F811
    assert named_days(goal_home, "how far did I run while it was 12 degrees?", now=NOW) == []


@pytest.mark.parametrize("text", ["24th steps", "24th?", "steps on 24th?",
                                  "how many steps I had on 24th?"])
def test_a_bare_ordinal_typed_like_a_search_is_a_day(text):
    assert [(s.start, s.end) for s in named_spans(text, NOW.date(), "DMY")] == [
        (date(2026, 11, 24), date(2026, 11, 24))]


@pytest.mark.parametrize("text", ["1st parkrun when?", "2nd run after the flu", "on 2nd thoughts",
                                  "my 24th run"])
def test_a_rank_is_not_a_day(text):
    assert named_spans(text, NOW.date(), "DMY") == []


def test_an_act_said_in_any_form_is_the_day_of_its_line(noted):
    seed_dated_journal(noted, [("2026-08-11", "Dana talked them into entering the Canal Half "
                                              "Marathon on 15 November.")])
    text = "How many steps did I do the day after Dana talked me into entering the Canal Half?"
    assert ("2026-08-12", "2026-08-12") in named_days(noted, text, now=NOW)


@pytest.mark.parametrize("text, asked", [
    ("Which month came out best for steps?", [(True, "month")]),
    ("which month was best for steps", [(True, "month")]),
    ("which week was worst", [(False, "week")]),
    ("which day turned out the best?", [(True, "day")]),
])
def test_which_one_was_best_said_without_my(text, asked):
    assert best_phrases(text) == asked


@pytest.mark.parametrize("text", [
    "How did my steps on the day of my parkrun PB compare with race day?",
    "my parkrun PB day against race day, steps?",
    "was my PB day busier than race day?",
])
def test_race_day_after_with_against_than_is_the_races_day(text):
    assert ("the day of", "race") in [(p.relation, p.words) for p in events.event_phrases(text)]


@pytest.mark.parametrize("typed, read", [
    ("when my old trainers were completely knackered", "when my old trainers were completely worn"),
    ("my trainers were worn out", "my trainers were worn"),
    ("my dead old trainers", "my worn old trainers"),
    ("the sneakers are looking tatty", "the sneakers are looking worn"),
    ("I was worn out after the race", "I was tired after the race"),
])
def test_shoes_worn_out_are_worn_a_person_is_tired(typed, read):
    assert read_phrases(typed) == read


def test_advice_when_the_old_trainers_were_knackered_finds_the_worn_pair(noted):
    exchange(noted, "2026-09-03", "my asics have 900km on them, the sole is totally flat",
             "At 900 km it's time. Try a few neutral pairs at a running shop.")
    exchange(noted, "2026-09-04", "would new ones help my ankle?",
             "Maybe; break the new pair in on short runs first.")
    chats = [it.text for it in recall(noted, "What did you recommend when my old trainers were "
                                      "completely knackered?", now=NOW).items if it.kind == "chat"]
    assert chats and "900km" in chats[0]


@pytest.mark.parametrize("typed", ["how close did I actually get?", "what did I actually run?",
                                   "what did I end up running?"])
def test_how_close_did_i_get_asks_for_the_finish_time(typed):
    assert "finish time" in read_phrases(typed.lower())


def test_the_prediction_and_the_time_run(noted):
    seed_dated_journal(noted, [("2026-11-15", "Canal Half Marathon finished in 2:01:40.")])
    exchange(noted, "2026-11-09", "whats a realistic goal time for the half",
             "Going by your long runs, about 2:05 is realistic.")
    items = recall(noted, "What did you reckon I'd do the half in, and how close did I actually "
                   "get?", now=NOW).items
    assert any("2:01:40" in it.text for it in items if it.kind == "journal")
    assert any("2:05" in it.text for it in items if it.kind == "chat")


@pytest.mark.parametrize("text, start, end", [
    ("Over the seven full days before today, not counting today itself, my total?",
     date(2026, 11, 26), date(2026, 12, 2)),
    ("last 7d total + avg/day pls", date(2026, 11, 26), date(2026, 12, 2)),
    ("fifteen weeks ago today, how many steps?", date(2026, 8, 20), date(2026, 8, 20)),
    ("What did I log on the date exactly three calendar months before today?",
     date(2026, 9, 3), date(2026, 9, 3)),
])
def test_more_counted_stretches_before_today(text, start, end):
    assert [(s.start, s.end) for s in named_spans(as_read(text), NOW.date(), "DMY")] == [
        (start, end)]


def test_seven_days_before_today_without_the_is_that_day():
    assert [(s.start, s.end) for s in named_spans("seven days before today", NOW.date(), "DMY")
            ] == [(date(2026, 11, 26), date(2026, 11, 26))]


@pytest.mark.parametrize("text, asked", [
    ("wk 1 on the 12k goal - how many days did I actually hit 12k?", [(12_000, "week", 1)]),
    ("day 3 at 12,000, steps?", [(12_000, "day", 3)]),
])
def test_a_numbered_part_of_a_goals_run(text, asked):
    assert goal_asks(text) == asked


def test_a_numbered_week_on_a_goal_is_not_a_week_of_the_year(goal_home):  # noqa: F811
    assert named_days(goal_home, "wk 1 on the 12k goal - how many days did I hit 12k?",
                      now=NOW) == [("2026-11-02", "2026-11-08")]


@pytest.mark.parametrize("text", ["the first three days of October", "the first two weeks of it",
                                  "the first 3 days of the month"])
def test_first_before_a_count_is_not_a_date(text):
    assert digits_for_spoken(text) == text


def test_the_first_three_days_of_a_month(noted):
    assert named_days(noted, "how many steps on the first three days of October", now=NOW) == [
        ("2026-10-01", "2026-10-03")]


@pytest.mark.parametrize("text, start, end", [
    ("Over the fortnight starting Monday 21 September, running through Sunday 4 October, my "
     "total?", date(2026, 9, 21), date(2026, 10, 4)),
    ("from 2 November up to and including 8 November", date(2026, 11, 2), date(2026, 11, 8)),
])
def test_two_days_joined_in_more_words_are_a_period(text, start, end):
    assert [(s.start, s.end) for s in named_spans(as_read(text), NOW.date(), "DMY")] == [
        (start, end)]


@pytest.mark.parametrize("typed, read", [
    ("since when I came back from Lisbon, my average?",
     "since I came back from Lisbon, my average?"),
    ("since when have I had the brooks?", "since when have I had the brooks?"),
])
def test_since_when_as_a_learner_says_since(typed, read):
    assert spelled_out(typed) == read


@pytest.mark.parametrize("typed, read", [
    ("what did the specialist I saw call it?", "what did the specialist I saw diagnosed it?"),
    ("what name did the specialist give it", "what diagnosis did the specialist give it"),
    ("name of my leg trouble aug", "diagnosis of my leg trouble aug"),
    ("lets call it a day", "lets call it a day"),
    ("what name did she give her new puppy?", "what name did she give her new puppy?"),
    ("What did Melanie call it?", "What did Melanie call it?"),
])
def test_the_name_of_a_trouble_is_its_diagnosis(typed, read):
    assert read_phrases(typed) == read


def test_what_the_specialist_called_it_finds_the_diagnosis(noted):
    seed_dated_journal(noted, [
        ("2026-08-19", "Left leg playing up on the stairs after the tempo session; first time."),
        ("2026-08-21", "Physio (Jo) diagnosed patellofemoral pain. A week of walking only.")])
    lines = _journal(noted, "When my leg first started playing up, what did the specialist I "
                             "saw call it?")
    assert lines and "diagnosed" in lines[0]


@pytest.mark.parametrize("text, asks", [
    ("In the seven days leading up to the race, how busy were my legs really?", True),
    ("how lazy was I the week after Lisbon", True),
    ("was the office busy that week", False),
])
def test_how_busy_asks_for_the_days(text, asks):
    assert asks_days(text) is asks
