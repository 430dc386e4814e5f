"""Recall, round 58. The home and the phrasings are this file's own.

- "Before the half, what finish time did you reckon was realistic, and how close did I actually
  get?": the days before the race date when the coach said it, not the time run (the race's
  own line, not the taper's); "when my knee flared after the race, what did you tell me, and
  how long till it settled?" still dates both parts by the race;
- "exactly a month ago" is that day, as "a month ago today" is ("a month ago" is still the
  month);
- "how did the week of the 10th stack up against 5-11 October?": the latest 10th's week, not the
  October week it is set against ("the week of 5 October, and the 10th?" is still October's
  10th);
- "we talked about this right at the start", "way back at the beginning", "at the very start":
  the earliest (not "at the start of the race");
- an Irish or northern "me" for "my" before a thing of one's own ("pick up me bib", "me auld
  knee"; not "set me back"); "that dose", "a bad dose" an illness (not "a dose of ibuprofen"),
  "knocked me flat", "floored me", "wiped me out" made ill; "shivering" a fever;
- a message's search takes 34 terms, not 28: "when was i poorly in september ...
  also when did i come down with the sniffles" reaches "flu" (a word broader than "poorly")
  past the cold's many words;
- "my knee flared again after the half, what day was that and how many steps did i do?": the
  day of what it names, as "steps that day" is (not without its steps asked);
- "when my knee went again after the race", "when my kneecap piped up again after the medal
  race": what came back after the event, as "flared up again" is ("went" only with "again");
- "what did you tell me to do when rufus cut his paw, and my steps that day?": the exchange
  that told of the event, on its first day or the next, is a candidate beside the search's
  (the event's words found its line, so the search had none of them), and the answer when the
  message has no word of the field left to find one by ("...what did you suggest I do to keep
  my numbers up?");
- "my lower legs felt like rocks. What did you suggest to ease them off?": "them" is what the
  remark before says hurt ("ease", "loosen", "stretch", "treat", "fix", "soothe", "settle",
  "calm" them; a question of up to eight words);
- days counted from a written date: "two days after the 15th" is the 17th (not the 15th), "the
  three days after 15 Nov" the 16th to the 18th, "the eve of the 15th" the 14th, "week ending
  8th November" the 2nd to the 8th;
- "did it calm down?" asks whether it settled (not "she helped me calm down"); "how many steps
  did I scrape (together) that day" is managed, not a graze ("I scraped my knee" still is);
- what is left of a negation cut at its apostrophe ("didn", "couldn", "haven") is no word to
  search for; "I want to check", "just checking", "double check" ask, they are not the coach's
  neck check;
- "the past month", "the last 3 months", "past two months": the days since that day then, to
  yesterday ("last month" is still the calendar month); "how was the previous week?" is last
  week alone (beside "last week" it is still the week before);
- an event no journal line holds well is dated by the best line or exchange before a saved
  review ("the day the beagle got hurt": the cut paw's line, not the review of a week that
  names the dog beside the knee's flare);
- courtesy around a question ("could you kindly remind me", "excuse me", "I would like to
  confirm", "I was wondering", "greetings", "I would be grateful", "apologies") is no word to
  search for, nor is the framing ("jog my memory": no run; "out of interest", "if you don't
  mind", "hope you are well", "any idea", "roughly", "thanks in advance");
- dates written year first with slashes or dots ("2026/11/15", "2026.11.15"), as with dashes;
  two joined by "to", a dash or "between ... and" are the days between them ("2026-10-19 to
  2026-10-25"; "2026-11-02 and 2026-11-20" stay two days);
- "stocking up on food", "stocking up the tank", "loading up on carbs": carb loading; "the
  run-up to the race" is no run; "which trainers did I end up getting", "when did I change to
  the new trainers": the buying and the replacing;
- "the first weekend after I was proper bad with the flu", "since we were sick with that bug":
  after the illness (not after a state called "proper" or "ill")."""

from datetime import date, datetime

import pytest

from coach_tui.memory import events
from coach_tui.memory.daywords import named_spans
from coach_tui.memory.first_after import first_done
from coach_tui.memory.message_parts import asking
from coach_tui.memory.query import expand, message_words, query_terms, read_phrases
from coach_tui.memory.ranking import which_end
from coach_tui.memory.recall import as_read
from coach_tui.memory.textspeak import spelled_out
from coach_tui.store.reviews import save_review
from tests.engine_support import seed_dated_journal, seed_steps
from tests.unit.test_recall_memories import exchange, recall

NOW = datetime(2026, 12, 3, 18, 20)  # a Thursday


def _steps(conn):
    """120 days of steps to 30 November, every one under the goal."""
    seed_steps(conn, end=date(2026, 11, 30), values=[9_500] * 120, goal=10_000,
               today_steps=None)


@pytest.fixture
def raced(conn):
    _steps(conn)
    seed_dated_journal(conn, [
        ("2026-08-12", "Entered the Canal Half Marathon on Sunday 15 November."),
        ("2026-11-08", "Last long run before the race, 15 km. Taper from today until the race."),
        ("2026-11-15", "Canal Half Marathon finished in 2:01:40, a first half."),
        ("2026-11-18", "Knee sore again after a short jog; ice and step-downs."),
        ("2026-11-20", "Knee settled; easy 5 km with no pain."),
    ])
    exchange(conn, "2026-11-10", "whats a realistic finish time for the half",
             "Going by your long runs, about 2:05 is realistic.")
    exchange(conn, "2026-11-18", "knee flared after the race, ugh",
             "Back to step-downs and ice; walk only for two days.")
    return conn


def _journal(conn, text):
    return [it.text for it in recall(conn, text, now=NOW).items if it.kind == "journal"]


@pytest.mark.parametrize("text", [
    "Before the half, what finish time did you reckon was realistic, and how close did I actually "
    "get?",
    "Before the race you gave me a realistic finish time, I think. What did you predict, and "
    "what did I end up running?",
])
def test_the_time_run_is_not_dated_by_when_the_coach_predicted_it(raced, text):
    got = _journal(raced, text)
    assert any("2:01:40" in t for t in got)
    assert not any("Taper" in t for t in got)


def test_an_event_that_dates_the_topic_still_dates_every_part(raced):
    got = _journal(raced, "when my knee flared after the race what did you tell me to do, and "
                          "how long till it settled?")
    assert any("settled" in t for t in got)


def _spans(text, now=NOW):
    return [(s.start, s.end) for s in named_spans(as_read(text), now.date(), "DMY")]


@pytest.mark.parametrize("text", ["what about exactly a month ago?",
                                  "exactly one month ago, steps?",
                                  "exactly a month ago today"])
def test_exactly_a_month_ago_is_that_day(text):
    assert _spans(text) == [(date(2026, 11, 3), date(2026, 11, 3))]


def test_a_month_ago_is_still_the_month():
    assert _spans("how was a month ago?") == [(date(2026, 11, 1), date(2026, 11, 30))]


def test_the_week_of_a_bare_ordinal_is_not_the_week_it_is_set_against():
    assert _spans("how did the week of the 10th stack up against 5-11 October?") == [
        (date(2026, 11, 9), date(2026, 11, 15)), (date(2026, 10, 5), date(2026, 10, 11))]


@pytest.mark.parametrize("text, start, end", [
    ("the review for the week of 5 October, and the 10th?", date(2026, 10, 10),
     date(2026, 10, 10)),
    ("the week of 5 October, and the week of the 20th?", date(2026, 10, 19),
     date(2026, 10, 25)),
])
def test_a_bare_ordinal_beside_a_dated_week_is_still_of_its_month(text, start, end):
    assert (start, end) in _spans(text)


@pytest.mark.parametrize("text, end", [
    ("i was puffing again on an easy one and i remembered we talked about this right at the "
     "start, what did you tell me my easy pace should be", "first"),
    ("way back at the beginning, what did you say about my pace?", "first"),
    ("what did you say at the very start?", "first"),
    ("how did I feel at the very start of the race?", None),
    ("what pace did I go out at right at the start of the race?", None),
])
def test_right_at_the_start_asks_for_the_earliest(text, end):
    assert which_end(text) == end


@pytest.mark.parametrize("typed, means", [
    ("when did i pick up me bib for the big day?", "pick up my bib"),
    ("the auld knee: me auld knee was at me again", "my old knee was at me again"),
    ("it set me back a week", "it set me back a week"),
    ("let me first check", "let me first check"),
])
def test_me_before_a_thing_of_ones_own_is_my(typed, means):
    assert means in spelled_out(typed)


@pytest.mark.parametrize("typed, means", [
    ("when was it that dose knocked me flat?", "that illness made me sick"),
    ("the bug that floored me in the autumn", "made me sick"),
    ("had a bad dose in september", "a bad illness"),
])
def test_an_illness_said_the_irish_way(typed, means):
    assert means in read_phrases(typed)


def test_a_dose_of_something_is_not_an_illness():
    assert "illness" not in read_phrases("a dose of ibuprofen before the long run")


def test_shivering_is_a_fever():
    assert "fever" in expand("shivering")


def test_each_part_of_a_long_message_reaches_its_broader_words():
    # ("when was i poorly in september ... also when did i come down with the sniffles")
    terms = query_terms(["poorly", "caught", "sniffles"])
    assert "flu" in terms and "fever" in terms


def test_what_day_was_that_and_its_steps_is_the_day_of_what_it_names(raced):
    got = recall(raced, "my knee went again after the half, what day was that and how many "
                        "steps did i do", now=NOW)
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-11-18"]


def test_what_day_was_that_alone_asks_no_steps(raced):
    got = recall(raced, "my knee went again after the half, what day was that?", now=NOW)
    assert not [it for it in got.items if it.kind == "day"]


@pytest.mark.parametrize("text, words", [
    ("when my knee went again after the race, how many steps that day?", ["knee", "flare"]),
    ("when my calf piped up again after the half, steps that day?", ["calf", "flare"]),
    ("when my knee went after the race, steps that day?", []),
])
def test_what_came_back_after_an_event_said_loosely(text, words):
    assert first_done(text, days_asked=True) == words


def test_piped_up_again_is_a_flare():
    assert "flare" in read_phrases("my kneecap piped up again after the race")


@pytest.fixture
def paw(conn):
    _steps(conn)
    seed_dated_journal(conn, [
        ("2026-09-08", "Rufus cut a paw pad on glass at the park. Vet: short lead walks only."),
        ("2026-10-02", "Long walk with Rufus along the canal, 14 km, legs fine."),
        ("2026-11-04", "Ankle rolled on a kerb; ice and rest."),
    ])
    exchange(conn, "2026-09-08", "rufus cut his paw on some glass, only short walks for a week",
             "Poor Rufus. Add a brisk 15-minute walk of your own at lunch to make up the steps.")
    exchange(conn, "2026-10-20", "what should i do about keeping my numbers up in winter",
             "Lunchtime walks and a weekend long walk keep the numbers up all winter.")
    exchange(conn, "2026-11-04", "rolled my ankle, any tips", "Ice it and rest it tonight.")
    return conn


def test_what_the_coach_said_when_an_event_happened_is_a_candidate(paw):
    got = recall(paw, "what did you tell me to do when rufus cut his paw, and how many steps "
                      "did I manage that day?", now=NOW)
    assert any("rufus cut his paw" in it.text for it in got.items if it.kind == "chat")


@pytest.mark.parametrize("text", [
    "After we got back from lisbon my lower legs felt like rocks. What did you suggest to ease "
    "them off?",
    "my calves were like concrete after the hills. how did you say to loosen them?",
])
def test_a_question_easing_them_asks_of_the_remark_before(text):
    assert asking(text) == [text.rstrip("?")]


@pytest.mark.parametrize("text, start, end", [
    ("steps two days after the 15th?", date(2026, 11, 17), date(2026, 11, 17)),
    ("3 days before 15/11, steps?", date(2026, 11, 12), date(2026, 11, 12)),
    ("the three days after 15 Nov, total?", date(2026, 11, 16), date(2026, 11, 18)),
    ("the 2 days before 15 November", date(2026, 11, 13), date(2026, 11, 14)),
    ("the eve of the 15th", date(2026, 11, 14), date(2026, 11, 14)),
    ("week ending 8th November, how did it go?", date(2026, 11, 2), date(2026, 11, 8)),
    ("the day after 15 Nov", date(2026, 11, 16), date(2026, 11, 16)),
])
def test_days_counted_from_a_written_date(text, start, end):
    assert _spans(text) == [(start, end)]


@pytest.mark.parametrize("typed, means", [
    ("and did it calm down?", "settle"),
    ("which day it finally calmed down", "settled"),
    ("how many steps did i scrape that day", "did i manage"),
    ("steps i scraped together that day", "managed"),
])
def test_settling_and_managing_said_loosely(typed, means):
    assert means in read_phrases(typed)


def test_a_scraped_knee_is_still_a_graze():
    assert "manage" not in read_phrases("i scraped my knee on the kerb")


def test_a_person_calming_down_is_not_settling():
    assert "settle" not in read_phrases("she helped me calm down before the exam")


@pytest.mark.parametrize("typed", ["I didn't do too much", "I couldn't say", "I haven't a clue",
                                   "it wouldn't stop", "it doesn't matter"])
def test_a_negation_cut_at_its_apostrophe_is_no_word_to_search_for(typed):
    assert not {"didn", "couldn", "haven", "wouldn", "doesn"} & set(message_words(typed))


@pytest.mark.parametrize("typed", ["I want to check I didn't do too much",
                                   "just checking, how many steps?",
                                   "can you double check my total"])
def test_checking_is_asking_not_the_neck_check(typed):
    assert "check" not in message_words(typed) and "checking" not in message_words(typed)


def test_the_neck_check_is_still_a_check():
    assert "check" in message_words("what was that neck check thing for colds?")


@pytest.mark.parametrize("text, start, end", [
    ("over the past month, how did I do?", date(2026, 11, 3), date(2026, 12, 2)),
    ("the last 3 months, average?", date(2026, 9, 3), date(2026, 12, 2)),
    ("past two months total", date(2026, 10, 3), date(2026, 12, 2)),
    ("how was last month?", date(2026, 11, 1), date(2026, 11, 30)),
    ("how was the previous week?", date(2026, 11, 23), date(2026, 11, 29)),
])
def test_rolling_months_and_the_previous_week(text, start, end):
    assert _spans(text) == [(start, end)]


def test_last_week_against_the_previous_week_is_two_weeks():
    assert _spans("last week vs the previous week?") == [
        (date(2026, 11, 23), date(2026, 11, 29)), (date(2026, 11, 16), date(2026, 11, 22))]


@pytest.fixture
def rufus(conn):
    _steps(conn)
    seed_dated_journal(conn, [
        ("2026-08-02", "Long walk with our beagle Rufus in the hills."),
        ("2026-09-08", "Rufus cut a paw pad on broken glass. Vet: short lead walks only."),
        ("2026-11-18", "Left knee niggle came back on a short jog."),
    ])
    save_review(conn, period_key="week:2026-W47", period_start="2026-11-16",
                period_end="2026-11-22", text="Recovery week: the knee niggle returned on "
                "Wednesday and hurt for a day; a long walk with Rufus on Sunday.", model="m",
                created_at="2026-11-23T08:00:00")
    return conn


@pytest.mark.parametrize("text", ["How many steps on the day the beagle got hurt?",
                                  "How many steps on the day the dog got hurt?"])
def test_an_event_is_dated_by_its_line_before_a_review_that_retells_the_week(rufus, text):
    got = recall(rufus, text, now=NOW)
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-09-08"]


@pytest.mark.parametrize("typed, words", [
    ("Could you kindly remind me when I had the flu?", ["flu"]),
    ("Excuse me, could you tell me what the physio said?", ["physio"]),
    ("I would like to confirm my average for last week.", ["average"]),
    ("Greetings! I was wondering what my longest run was.", ["longest", "run"]),
    ("I would be grateful if you could tell me my finish time. Apologies!", ["finish"]),
])
def test_courtesy_around_a_question_is_no_word_to_search_for(typed, words):
    assert message_words(typed) == words


@pytest.mark.parametrize("typed", [
    "jog my memory, what was my best week?", "refresh my memory: best week?",
    "out of interest, what was my best week?", "what was my best week, if you don't mind?",
    "Hi coach, hope you are well! what was my best week?", "any idea what my best week was?",
    "could you look up my best week", "roughly what was my best week, thanks in advance",
])
def test_how_a_question_is_framed_is_no_word_to_search_for(typed):
    assert message_words(typed) == []


def test_a_jog_is_still_a_run():
    assert "jog" in message_words("how far did I jog on Sunday?")


@pytest.mark.parametrize("text, spans", [
    ("steps on 2026/11/15?", [(date(2026, 11, 15), date(2026, 11, 15))]),
    ("what about 2026.11.15", [(date(2026, 11, 15), date(2026, 11, 15))]),
    ("For 2026-10-19 to 2026-10-25, what was the total?",
     [(date(2026, 10, 19), date(2026, 10, 25))]),
    ("between 2026/11/2 and 2026/11/8, average?", [(date(2026, 11, 2), date(2026, 11, 8))]),
    ("steps on 2026-11-02 and 2026-11-20?",
     [(date(2026, 11, 2), date(2026, 11, 2)), (date(2026, 11, 20), date(2026, 11, 20))]),
])
def test_dates_written_year_first(text, spans):
    assert _spans(text) == spans


def test_a_year_first_date_that_is_no_date_names_nothing():
    assert _spans("steps on 2026/13/45?") == []


@pytest.mark.parametrize("typed", ["what did you say about stocking up on food before the race?",
                                   "stocking up the tank before the 21k",
                                   "loading up on carbs for the half"])
def test_stocking_up_on_food_is_carb_loading(typed):
    assert "carb" in message_words(typed)


def test_the_run_up_to_a_race_is_no_run():
    assert "run" not in message_words("what did you tell me in the run-up to the race?")


def test_what_the_coach_said_when_an_event_happened_with_nothing_else_to_find_it_by(paw):
    got = recall(paw, "when rufus cut his paw, what did you suggest I do to keep my numbers "
                      "up?", now=NOW)
    assert any("15-minute walk" in it.text for it in got.items if it.kind == "chat")


@pytest.mark.parametrize("typed, means", [
    ("which trainers did I end up getting when my old ones wore out?", "buy"),
    ("which sneakers did I end up choosing", "buy"),
    ("when did I change to the new trainers?", "switch to the new"),
    ("when I changed my old trainers for the new ones", "replaced my old"),
])
def test_buying_and_replacing_said_loosely(typed, means):
    assert means in read_phrases(typed)


@pytest.mark.parametrize("text, words", [
    ("The first weekend after I was proper bad with the flu - how many steps?", "flu"),
    ("the weekend after I was ill with the flu", "flu"),
    ("since we were sick with that bug, how many steps?", "bug"),
])
def test_after_being_ill_with_something_is_after_it(text, words):
    assert [p.words for p in events.event_phrases(as_read(text))] == [words]
