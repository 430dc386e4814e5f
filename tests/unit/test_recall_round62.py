"""Recall, round 62. The phrasings are this file's own.

- a word typed without its last g ("movin'", "buyin'", "goin'", "nothin'") is the word, so
  "How'd I do last month all told? Felt like I was movin' more than usual." asks about the
  month as "moving" did (the apostrophe had hidden the month asked);
- Nigerian Pidgin as it is typed: "wetin" what, "de" the, "dat" that, "wey" when, "waka"
  walk ("Dat time wey fever knock me down for bed, wetin you tell me?"; not "don", which may
  be Don); "canvas"
  (West African English) are trainers;
- "how many steps did I walk on 3/11?", "how many step I walk", "steps I walked": the verb
  that counts the steps is no walk to look for (the day's line is the answer, not every
  journal line about a walk); "the week we walked all over Lisbon" still is;
- "Which week was my very worst for steps?" is the worst week ("very", "absolute" and
  "all-time" before the superlative);
- "I was so under the weather with that head cold": the cold's days, not every time the
  runner was unwell ("I was ill last week" is still the illness);
- "that big blow" (American South) is the storm; "masuk angin" (Indonesian) a cold; the
  particles "sih", "dong", "kok" (Indonesian) and "ar", "wor", "ga", "jor" (Cantonese
  English) are no words to search for; a retired engineer's "patellar discomfort", "the
  athletics oval", "half-mile efforts", "counsel" and "refreshments" are the kneecap's ache,
  the track, 800s, advice and a café;
- "between October 5 and 11" (and "between october 5. and 11.") is the week from the 5th to
  the 11th, as "from October 5 to 11" was; "16-17/11" and "16 and 17/11" (day first) are the
  16th and 17th of November, not the 17th alone;
- "how many steps on Monday after the race?" is the Monday after it (as "the Monday after");
- "On Nov 18 I walked very little. How much exactly?": the question asks the remark's day's
  count ("Leg grumbling since yesterday. How much rest do I need?" asks none);
- "which stretches you sent me", "you already said something to me": what the coach said;
  "Frank Furt" (dictated) is Frankfurt;
- "weeks 40 to 42", "wk 40-42", "week 40 to week 42": those ISO weeks as one period ("week 40
  and week 41" stay two, "weeks 3 to 5 of my rehab" none, "the week 16 to 22" no weeks);
- "mid-Oct to mid-Nov", "late Sept to early Oct": one period from the first part to the
  second, a month's middle its 15th ("compare late sept to late oct" stays two parts);
- "yesterdya", "Novmeber", "Wedensday": two letters typed the wrong way round;
- an emoji written for a word inside a sentence is the word ("my 👟 again", "the 🤧 days",
  "since the 🇵🇹 trip"), one decorating the end of a question is not ("...hurt his foot?? 🐶😭");
  "#raceday", "#longrun": race day, long run;
- Pakistani English: "kal" yesterday, "mene", "maine", "mujhe" I, "woh" that, "liye" bought,
  "juttay" shoes, "bukhaar" fever, "parson" the day before yesterday ("jab" is not read: it is
  a flu jab too); an Argentine speaker's "anteayer", "zapatillas", "the kinesiologist",
  "angina" (a sore throat); a Romanian's "kinetotherapist" and "răceală" (a cold).;
- "yesterday vs the same day last week": the day a week before yesterday (not before today);
- "the weekend of Aug 22nd" is that Saturday and Sunday, as "the weekend of the 22nd" was;
- "last week-end", "two week-ends ago", "before-yesterday" (as French speakers write them) and
  "the shin-dig in Lisbon" (a do, not a shin) are read as one word;
- a message typed in capitals ("WHAT WAS MY CHIP TIME FOR THE 21.1K?!?!", three words or
  more) is shouted, not full of names: its "WHAT", "WAS", "MY" are no words to search for;
  "21.1k" is the half and "chip time" its finish time;
- "since I come back from the trip" (a learner's present for the past) is since I came back;
  "vorgestern" (German) the day before yesterday; "the weekend 22./23.8." its two days."""

from datetime import date, datetime

import pytest

from coach_tui.memory.bests import best_phrases
from coach_tui.memory.daywords import named_spans
from coach_tui.memory.events import event_phrases
from coach_tui.memory.query import message_words, read_phrases, spelled_out
from coach_tui.memory.ranking import asked_kind
from coach_tui.memory.recall import as_read
from tests.engine_support import seed_dated_journal
from tests.unit.test_recall_memories import recall
from tests.unit.test_recall_round61 import NOW, _home, _named  # (its home, its block's days)


@pytest.mark.parametrize("typed, read", [
    ("I was movin' more than usual", "I was moving more than usual"),
    ("what was goin’ on that week", "what was going on that week"),
    ("the shoes I ended up buyin'", "the shoes I ended up buying"),
    ("nothin' doin'", "nothing doing"),
    # (a possessive, a quote and a word of its own are left as written)
    ("Robin's walk", "Robin's walk"),
    ("the 'in' crowd", "the 'in' crowd"),
    ("Berlin was fun", "Berlin was fun"),
])
def test_a_dropped_g_is_the_word(typed, read):
    assert spelled_out(typed) == read


def test_a_dropped_g_no_longer_hides_the_month_asked(conn):
    _home(conn)
    got = _named(conn, "How'd I do last month all told? Felt like I was movin' more than usual.")
    assert ("2026-11-01", "2026-11-30") in got


@pytest.mark.parametrize("typed, read", [
    ("Dat time wey fever knock me down, wetin you tell me?",
     "that time when fever knock me down, what you tell me?"),
    ("how many steps I waka on 3/11?", "how many steps I walk on 3/11?"),
    ("when de old pair don finish", "when the old pair don finish"),
    ("Don said I should rest", "Don said I should rest"),
])
def test_pidgin_as_typed(typed, read):
    assert spelled_out(typed) == read


def test_canvas_are_trainers():
    assert "trainers" in read_phrases("wetin be de name of de new canvas wey I get")


def _walks(conn):
    _home(conn)
    seed_dated_journal(conn, [
        ("2026-09-08", "Biscuit cut a paw pad; short lead walks only for ten days."),
        ("2026-11-26", "Head cold: rest days, short walks only."),
    ])


@pytest.mark.parametrize("text", [
    "how many steps did I walk on 3/11?",
    "how many step I walk on 3/11?",
    "How many steps I walked on 3/11 ar?",
    "how many steps I waka on 3/11?",
])
def test_the_verb_counting_steps_is_no_walk_to_look_for(conn, text):
    _walks(conn)
    rec = recall(conn, text, now=NOW, date_order="DMY")
    assert [it.day for it in rec.items if it.kind == "day"] == ["2026-11-03"]
    assert not [it for it in rec.items if it.kind == "journal"]


def test_a_walk_told_of_is_still_looked_for(conn):
    _walks(conn)
    rec = recall(conn, "how long was Biscuit on short walks after his paw, and my steps on "
                       "3/11?", now=NOW, date_order="DMY")
    assert any(it.kind == "journal" and "paw" in it.text for it in rec.items)


@pytest.mark.parametrize("text", [
    "Which week was my very worst for steps, and what was goin' on that week?",
    "which week was my absolute worst?",
    "Which week was my all-time worst for steps?",
])
def test_a_very_worst_week_is_the_worst(text):
    assert best_phrases(as_read(text)) == [(False, "week")]


@pytest.mark.parametrize("text, words", [
    ("I was so under the weather with that head cold, how many steps those days?", "cold"),
    ("I was so unwell with that head cold, how many steps was I getting?", "cold"),
    ("I was ill last week, how low did my steps go?", "ill"),
])
def test_unwell_with_a_named_illness_is_that_illness(text, words):
    assert [p.words for p in event_phrases(as_read(text), ())] == [words]


@pytest.mark.parametrize("typed, read", [
    ("when that big blow came through", "storm"),
    ("when I got masuk angin end of Nov", "cold"),
    ("when the patellar discomfort began", "kneecap ache"),
    ("repeated half-mile efforts on the athletics oval", "800 efforts on the track"),
    ("what counsel did you offer", "advice"),
    ("concluded with refreshments", "cafe"),
])
def test_words_of_the_field_said_another_way(typed, read):
    assert read in read_phrases(typed)


def test_sentence_particles_are_no_words_to_search_for():
    words = message_words("did I manage any indoor running sih? how many steps I walked ar, "
                          "very far wor, I ran jor")
    assert not {"sih", "ar", "wor", "jor"} & set(words)
    assert "indoor" in words


@pytest.mark.parametrize("text", [
    "How many steps all together between October 5 and 11?",
    "How many steps all together between october 5. and 11.?",
    "How many steps from October 5 to 11?",
])
def test_between_a_month_day_and_a_day_is_the_period(conn, text):
    _home(conn)
    assert ("2026-10-05", "2026-10-11") in _named(conn, text)


@pytest.mark.parametrize("typed, read", [
    ("16 and 17/11 right after the race", "16/11 and 17/11 right after the race"),
    ("16-17/11 steps?", "16/11-17/11 steps?"),
    ("steps on 16 & 17/11/2026", "steps on 16/11/2026 & 17/11/2026"),
    # (not a pace, nor two numbers that are no days of one month)
    ("my pace was 5-6/km", "my pace was 5-6/km"),
    ("17-16/11", "17-16/11"),
])
def test_two_days_of_one_month_written_once(typed, read):
    assert as_read(typed) == read


def test_two_slashed_days_are_both_named(conn):
    _home(conn)
    got = _named(conn, "16-17/11 my legs were so stiff. How many steps those days?")
    assert ("2026-11-16", "2026-11-16") in got and ("2026-11-17", "2026-11-17") in got


def test_on_a_weekday_after_an_event_is_the_one_after_it(conn):
    _home(conn)
    seed_dated_journal(conn, [("2026-11-15", "Riverside Half Marathon finished in 2:04:37.")])
    assert _named(conn, "How many steps I made on Monday after the race?") == [
        ("2026-11-16", "2026-11-16")]


@pytest.mark.parametrize("text, day", [
    ("On Nov 18 I walked very little. How much exactly?", "2026-11-18"),
    ("On Wednesday before 2 weeks I walked very little I think. How much exactly?",
     "2026-11-18"),
])
def test_how_much_asks_the_remarks_day(conn, text, day):
    _home(conn)
    assert (day, day) in _named(conn, text, now=datetime(2026, 12, 2, 7, 45))


@pytest.mark.parametrize("text", [
    "My calves are tight again, which stretches you sent me that time after all the hills?",
    "About Manchester, you already said something to me, what was it?",
])
def test_what_the_coach_sent_or_already_said(text):
    assert asked_kind(text) == "chat"


def test_a_place_dictated_in_two_halves():
    assert "frankfurt" in read_phrases("how did my steps look during Frank Furt")


def _spans(text, today=date(2026, 12, 2)):
    return [(s.start.isoformat(), s.end.isoformat()) for s in named_spans(as_read(text), today,
                                                                          "DMY")]


@pytest.mark.parametrize("text, spans", [
    ("Total for weeks 40 to 42?", [("2026-09-28", "2026-10-18")]),
    ("wk 40-42 in total", [("2026-09-28", "2026-10-18")]),
    ("week 40 to week 42", [("2026-09-28", "2026-10-18")]),
    ("week 40 and week 41 compared", [("2026-09-28", "2026-10-04"),
                                      ("2026-10-05", "2026-10-11")]),
    ("weeks 3 to 5 of my rehab", []),
])
def test_a_run_of_weeks_by_their_numbers(text, spans):
    assert _spans(text) == spans


@pytest.mark.parametrize("text, spans", [
    ("mid-Oct to mid-Nov feels like my peak block", [("2026-10-15", "2026-11-15")]),
    ("late Sept to early Oct", [("2026-09-21", "2026-10-10")]),
    ("from early October to mid November", [("2026-10-01", "2026-11-15")]),
    ("compare late sept to late oct for me", [("2026-09-21", "2026-09-30"),
                                              ("2026-10-21", "2026-10-31")]),
    ("mid-Oct vs mid-Nov", [("2026-10-11", "2026-10-20"), ("2026-11-11", "2026-11-20")]),
])
def test_parts_of_two_months_joined(text, spans):
    assert _spans(text) == spans


@pytest.mark.parametrize("typed, read", [
    ("how many steps yesterdya", "how many steps yesterday"),
    ("Novmeber 3", "November 3"),
    ("on Wedensday", "on Wednesday"),
    ("Satruday", "Saturday"),
    # (a plural and a word of its own stay)
    ("Mondays are slow", "Mondays are slow"),
    ("the sundry items", "the sundry items"),
])
def test_two_letters_the_wrong_way_round(typed, read):
    assert spelled_out(typed) == read


@pytest.mark.parametrize("typed, read", [
    ("when did i get the new 👟 again?", "when did i get the new shoes again?"),
    ("how low did my steps go during the 🤧 days last week?",
     "how low did my steps go during the cold days last week?"),
    ("since the 🇵🇹 trip what's my avg", "since the Portugal trip what's my avg"),
    ("my 🐶's paw", "my dog's paw"),
    ("the week before #raceday, steps?", "the week before race day, steps?"),
    # (decoration, not a word)
    ("which day did my pup hurt his foot?? 🐶😭 and how long", "which day did my pup hurt his "
     "foot?? 🐶😭 and how long"),
    ("new shoes day 👟", "new shoes day 👟"),
])
def test_an_emoji_written_for_a_word(typed, read):
    assert spelled_out(typed) == read


@pytest.mark.parametrize("typed, read", [
    ("kal kitne steps hue?", "yesterday how many steps hue?"),
    ("kab liye thay mene naye trainers?", "when bought thay I new trainers?"),
    ("I've had my jab this year", "I've had my jab this year"),
    ("Anteayer I felt like I was flying", "the day before yesterday I felt like I was flying"),
])
def test_hindi_urdu_and_spanish_words_as_typed(typed, read):
    assert spelled_out(typed) == read


@pytest.mark.parametrize("typed, read", [
    ("What did the kinesiologist say I had?", "physio"),
    ("my old zapatillas", "trainers"),
    ("I had angina last week", "sore throat"),
    ("When I had răceală last week", "cold"),
])
def test_learners_words_of_the_field(typed, read):
    assert read in read_phrases(typed)


@pytest.mark.parametrize("text, spans", [
    ("yesterday vs the same day last week - did I hit the target on both?",
     [("2026-11-30", "2026-11-30"), ("2026-11-23", "2026-11-23")]),
    ("the same day last week", [("2026-11-24", "2026-11-24")]),
    ("yesterday vs this time last week", [("2026-11-30", "2026-11-30"),
                                          ("2026-11-24", "2026-11-24")]),
])
def test_the_same_day_last_week_as_the_day_named(text, spans):
    assert _spans(text, today=date(2026, 12, 1)) == spans


@pytest.mark.parametrize("text, spans", [
    ("The weekend of Aug 22nd, how bad was it?", [("2026-08-22", "2026-08-23")]),
    ("the weekend of August 22", [("2026-08-22", "2026-08-23")]),
    ("Two week-ends ago, how many steps?", [("2026-11-21", "2026-11-22")]),
    ("Last week-end, did I reach my 10 000 both days?", [("2026-11-28", "2026-11-29")]),
    ("How many steps I made before-yesterday?", [("2026-12-02", "2026-12-02")]),
])
def test_weekends_and_days_as_written(text, spans):
    assert _spans(text, today=date(2026, 12, 4)) == spans


def test_a_shindig_is_no_shin():
    assert as_read("Since I got back from the shin-dig in Lisbon") == \
        "Since I got back from the shindig in Lisbon"


@pytest.mark.parametrize("text, words", [
    ("WHEN DID I GET MY FOREHEAD LAMP THINGY?!?", ["forehead", "lamp", "thingy"]),
    ("HOW MANY STEPS DID I DO ON 3/10?!?!", []),
    # (a name written with its capital is still a name, and a word or two in capitals in a
    # message that is not shouted may be one: "the US")
    ("What did Will say in May?", ["will"]),
    ("how many steps did I do in the US", ["us"]),
])
def test_words_typed_in_capitals_are_shouted_not_named(text, words):
    assert [w for w in message_words(text) if w != "steps"] == words


def test_the_half_by_its_distance_and_its_chip_time():
    assert read_phrases("WHAT WAS MY CHIP TIME FOR THE 21.1K?!?!") == \
        "WHAT WAS MY finish time FOR THE half?!?!"


@pytest.mark.parametrize("typed, read", [
    ("Since I come back from the trip, total?", "Since I came back from the trip, total?"),
    ("when we get home from Lisbon", "when we got home from Lisbon"),
    ("the weekend 22./23.8., each day?", "the weekend 22.8./23.8., each day?"),
    ("How many steps vorgestern?", "How many steps the day before yesterday?"),
])
def test_learners_past_and_days(typed, read):
    assert as_read(typed) == read


def test_since_i_come_back_from_the_trip(conn):
    _home(conn)
    seed_dated_journal(conn, [
        ("2026-10-06", "Lisbon holiday with Tom booked for Thu 8 to Tue 13 October."),
    ])
    assert ("2026-10-14", "2026-12-02") in _named(
        conn, "Since I come back from the trip, total steps how many already?")
