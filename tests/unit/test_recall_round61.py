"""Recall, round 61. The phrasings are this file's own.

- a weekday named bare in a question ("on Saturday and Sunday") is the Saturday of the one
  weekend the message names ("Two weekends ago I was out all day. Steps on Saturday and
  Sunday?"), as "the Saturday" is: not the most recent one as well, and the weekend told in
  the remark stays asked. Not where the message sets a day beside a period ("Was Sunday
  higher than the weekend of the 21st?"), in a remark ("Lazy Saturday morning here. ..."), in
  a stretch ("Mon-Sun", "Monday to Sunday"), after "since", as a date's weekday ("Sunday the
  22nd"), or in a period longer than a weekend ("How many steps on Monday and how did the week
  of the 9th go?": the most recent Monday);
- Scots as it is typed: "fae" from, "efter" after, "oot" out, "doon" down, "telt" told, "auld"
  old, "cauld" cold, "wi" with, "o" of, "wrang" wrong, "daein" doing, "gieing" giving,
  "couldnae" and the like; "pished it doon" pouring; "lower pins" the calves ("since me and
  Tom got back fae Lisbon" is since the trip; "that stinker o a cauld" the cold);
- "Put Oct 31 and Nov 1 side by side for me.": a request, its days asked, though the question
  after it names none ("head to head" too);
- words learners bring from their own languages: "grippe" the flu, "the kiné" the physio,
  "footing" a jog, "constipated" (Spanish "constipado") a cold, "slow sugars" carbs, "the
  veterinary" the vet;
- "before yesterday" (Spanish "antes de ayer") is the day before yesterday; "there is 10 days,
  how much steps...?" (French "il y a 10 jours") is 10 days ago ("there are 10 days left" is
  not); "last to last week" (Indian English) is the week before last; "that viral thing" an
  illness; "what to eat in the morning of 15th Nov", "eat on race morning": breakfast;
- "When did I buy these Brooks? And what did you say yesterday about a second pair?": the day
  named where the message asks what the coach said dates that part alone, not the question
  beside it (which finds the day the shoes were bought);
- "What did the last weekly review say?", "your latest review", "the most recent write-up": the
  newest saved review ("last week's review" stays that week's);
- "my four-legged pal" is the dog, its hyphen read as a space as recall reads compounds;
- "while I was away at that trade show": during it (as "away in", "away for" were);
- "what was the reason it was so poor?" asks why, the whole of it ("poor" is no topic to
  search for): the week's story;
- "the race itself", "the half itself": the day of it; "itself", "himself", "herself" and
  "ourselves" are no words to search for;
- "After the holiday my lower legs were locked up for days. Which loosening exercises did you
  give me?": a question asking what the coach said, in two words or fewer of its own, is
  about the matter of the remark told before it (the remark's words of the field are searched
  with it); not a remark told after it ("..., want to copy it for my next long run");
- "...? And the exercises Helen gave me for the knee, remind me which ones": a clause after the
  question asks when it says "remind me which" (or "tell me what", "show me when"); so does
  one ending ", I don't remember" ("and the new shoes gave me blisters or not, I don't
  remember");
- "the typhoon", "a cyclone": the storm; "catarrh": a cold; "the animal doctor", "the vet
  doctor": the vet; "abeg" (Nigerian English): please; "the day before the day before
  yesterday": three days ago; "last last week" (Filipino English) the week before last;
  "abroad for business" a work trip; "the body pains" aching; "what to eat in the days leading
  up to the hm": carb loading; "malaria-like fever" a fever, "flu-like symptoms" the flu;
- "Last week I catch a cold" (a learner's present for the past) and "that dose of a cold last
  week" (Irish): the cold, its days, not last week's;
- "on the 21st last month" is that day (not the whole month too); "takkies" (South African)
  are trainers;
- Jamaican patois as it is typed ("mi target pon di 22nd a August": my target on the 22nd of
  August) and Hinglish ("parso", "bukhar", "ghutna", "joote", "pichle se pichle hafte": the week
  before last), their words for days and the body read as the words they stand for;
- "before two weeks", "the Tuesday before two weeks", "before 4 days" (as Greek and Arabic
  speakers write them): that long ago ("before two weeks had passed" is not); "21,1 km" (a
  decimal comma) is 21.1 km; "running pumps" are trainers; "the fysioterapeut" the physio;
- "the wall exercise you had me doing", "before you teach me some trick": what the coach said
  ("the stretch you had me on the bigger number" is not);
- "when I changed my sport shoes": to change is to swap (the line says "to replace the
  Asics");
- a short question pointing back at the remark before it ("After the half my kneecap started
  grumbling again. How long did it take to calm down?") is about the remark's matter too;
- a message written as a letter ("Dear Coach, ... Love, Margaret") is read without its
  greeting and signature (neither remark nor question);
- "12 X", "25 VIII" (a Roman numeral month, as Poles write it) are dates ("on 5/11 I was..." is
  not); "the gripe", "elongations", "the lantern for the forehead", "my best mark", "the
  maximum distance" as European Portuguese speakers say them; the particles a sentence ends on
  in Thai, Singlish and Filipino English ("na", "ka", "lah", "po") are no words to search for."""

from datetime import date, datetime

import pytest

from coach_tui.memory.events import event_phrases
from coach_tui.memory.focus import WHY_SO
from coach_tui.memory.message_parts import asking
from coach_tui.memory.query import expand, message_words, read_phrases, spelled_out
from coach_tui.memory.ranking import asked_kind
from coach_tui.memory.recall import as_read
from coach_tui.memory.weekday_within import _bare
from coach_tui.store.reviews import save_review
from tests.engine_support import seed_dated_journal, seed_steps
from tests.unit.test_recall_memories import exchange, recall

NOW = datetime(2026, 12, 3, 9, 0)  # a Thursday: the last weekend was 28-29 November


def _home(conn):
    seed_steps(conn, end=date(2026, 12, 2), values=[9_000] * 120, goal=10_000,
               today_steps=None)


def _named(conn, text, now=NOW):
    """The block's periods and its days, each as (first, last)."""
    rec = recall(conn, text, now=now, date_order="DMY")
    return sorted({(it.day, it.end or it.day) for it in rec.items if it.kind in ("span", "day")})


WEEKEND_21 = [("2026-11-21", "2026-11-21"), ("2026-11-21", "2026-11-22"),
              ("2026-11-22", "2026-11-22")]


@pytest.mark.parametrize("text", [
    "Two weekends ago I was out on my feet all day. How many steps on Saturday and Sunday?",
    "Two weekends ago, how many steps did I get on Saturday and on Sunday?",
    "The weekend of 21 November: steps on Saturday and Sunday?",
    "21.-22.11., the weekend with the school fair. Saturday and Sunday each, please.",
])
def test_a_bare_weekday_is_the_named_weekends(conn, text):
    _home(conn)
    assert _named(conn, text) == WEEKEND_21


@pytest.mark.parametrize("text, kept", [
    # (set beside the weekend: the most recent Sunday too)
    ("Was Sunday higher than the weekend of 21 November?", ("2026-11-29", "2026-11-29")),
    ("Sunday vs the weekend of 21 November, which was bigger?", ("2026-11-29", "2026-11-29")),
    # (a remark's weekday is not asked about)
    ("Lazy Saturday morning here with a coffee. My worst week ever, which one was it?",
     None),
])
def test_a_bare_weekday_set_beside_a_period_or_in_a_remark_stays_its_own(conn, text, kept):
    _home(conn)
    got = _named(conn, text)
    if kept is not None:
        assert kept in got
    assert ("2026-11-21", "2026-11-22") in got or kept is None


def test_a_weekday_in_a_remark_moves_nothing_of_the_period_asked(conn):
    _home(conn)
    seed = [9_000] * 120
    seed[-12] = 2_000  # Sunday 22 November, alone the low week's
    seed_steps(conn, end=date(2026, 12, 2), values=seed, goal=10_000, today_steps=None)
    got = _named(conn, "Lazy Saturday morning here with a coffee. Which was my worst week?",
                 now=datetime(2026, 12, 5, 10, 0))
    assert ("2026-11-16", "2026-11-22") in got


@pytest.mark.parametrize("text, period", [
    ("Race wk, Mon-Sun. Numbers pls. Race was the weekend of 21 November.",
     ("2026-11-21", "2026-11-22")),
    ("The weekend of 21 November, from Saturday to Sunday: total?", ("2026-11-21", "2026-11-22")),
])
def test_a_stretch_of_weekdays_is_no_weekday(conn, text, period):
    _home(conn)
    assert period in _named(conn, text)


@pytest.mark.parametrize("text, weekdays", [
    ("steps on Saturday and Sunday?", [5, 6]),
    ("how many steps since Saturday?", []),
    ("Monday to Sunday, the total?", []),
    ("Mon-Sun numbers", []),
    ("what about Sunday the 22nd?", []),
    ("Sunday vs Saturday?", []),
])
def test_the_weekdays_named_bare(text, weekdays):
    assert _bare(text) == weekdays


def test_a_longer_period_keeps_a_bare_weekday_the_most_recent(conn):
    _home(conn)
    got = _named(conn, "How many steps on Monday and how did the week of the 9th go?")
    assert ("2026-11-30", "2026-11-30") in got
    assert ("2026-11-09", "2026-11-15") in got


@pytest.mark.parametrize("typed, read", [
    ("since we got back fae Lisbon", "since we got back from Lisbon"),
    ("the week efter the half", "the week after the half"),
    ("that stinker o a cauld", "that stinker of a cold"),
    ("whit did ye tell me tae dae wi ma auld trainers", "what did you tell me to do with my old "
     "trainers"),
    ("I couldnae get oot", "I couldn't get out"),
])
def test_scots_as_typed(typed, read):
    assert spelled_out(typed) == read


def test_scots_rain_and_calves():
    assert "pouring" in read_phrases(spelled_out("it pished it doon for days"))
    assert "calf" in read_phrases("the backs of my lower pins")


def test_scots_since_the_trip(conn):
    _home(conn)
    seed_dated_journal(conn, [
        ("2026-10-06", "Lisbon holiday with Tom booked for Thu 8 to Tue 13 October."),
        ("2026-10-13", "Home from Lisbon; calves tight from the cobbles."),
    ])
    assert ("2026-10-14", "2026-12-02") in _named(
        conn, "Since me and Tom got back fae Lisbon, whit's ma daily average been like?")


def test_set_side_by_side_is_asked(conn):
    _home(conn)
    got = _named(conn, "Put Oct 31 and Nov 1 side by side for me. Which day was higher, and by "
                       "how much?")
    assert ("2026-10-31", "2026-10-31") in got and ("2026-11-01", "2026-11-01") in got


@pytest.mark.parametrize("word, group", [
    ("grippe", "flu"), ("kiné", "physio"), ("footing", "run"), ("constipated", "cold"),
    ("veterinary", "vet"),
])
def test_words_learners_bring_from_their_languages(word, group):
    assert group in expand(word)


def test_slow_sugars_are_carbs():
    assert "carb" in read_phrases("how to fill up with slow sugars before the race")


@pytest.mark.parametrize("typed, read", [
    ("How many steps I did before yesterday?", "How many steps I did the day before yesterday?"),
    ("and the day before yesterday?", "and the day before yesterday?"),
    ("there is 10 days, how much steps did I make?", "10 days ago, how much steps did I make?"),
    ("there are two weeks. What was the total?", "two weeks ago. What was the total?"),
    ("there are 10 days left in the month", "there are 10 days left in the month"),
])
def test_time_back_as_learners_say_it(typed, read):
    assert as_read(typed) == read


def test_last_to_last_is_before_last():
    assert as_read("What was my total for last to last week?") == (
        "What was my total for the week before last?")
    assert as_read("last-to-last month") == "the month before last"


def test_viral_is_an_illness_and_race_morning_breakfast():
    assert "virus" in expand("viral")
    assert "breakfast" in read_phrases("what to eat in the morning of 15th Nov")
    assert "breakfast" in read_phrases("what should I eat on race morning")


def test_a_day_said_of_a_chat_dates_that_part_alone(conn):
    _home(conn)
    seed_dated_journal(conn, [("2026-09-05", "Bought Brooks Ghost 16 to replace the worn Asics.")])
    exchange(conn, "2026-12-02", "the brooks have about 500k on them, do i need new ones for "
             "marathon training?", "Buy a second pair in January and rotate them.")
    rec = recall(conn, "When did I buy these Brooks? And what did you say yesterday about "
                       "getting one more pair for marathon training?", now=NOW, date_order="DMY")
    kinds = [(it.kind, it.day) for it in rec.items if it.kind in ("journal", "chat")]
    assert ("journal", "2026-09-05") in kinds and ("chat", "2026-12-02") in kinds


def _reviews(conn):
    for week, start, end, saved, text in [
            ("W46", "2026-11-09", "2026-11-15", "2026-11-16", "Race week: the half on Sunday."),
            ("W47", "2026-11-16", "2026-11-22", "2026-11-23", "Recovery week after the half.")]:
        save_review(conn, period_key=f"week:2026-{week}", period_start=start, period_end=end,
                    text=text, model="m", created_at=f"{saved}T09:00:00")


@pytest.mark.parametrize("text", [
    "What did the last weekly review say? And yesterday, how many steps?",
    "what did your latest review say?",
    "remind me of the most recent write-up",
])
def test_the_latest_review_is_the_newest(conn, text):
    _home(conn)
    _reviews(conn)
    rec = recall(conn, text, now=NOW, date_order="DMY")
    assert [it.text for it in rec.items if it.kind == "review"] == [
        '- 2026-11-23, saved review of week:2026-W47: "Recovery week after the half."']


def test_last_weeks_review_is_that_weeks(conn):
    _home(conn)
    _reviews(conn)
    rec = recall(conn, "what did last week's review say?", now=NOW, date_order="DMY")
    assert not any("W47" in it.text for it in rec.items if it.kind == "review")


def test_four_legged_as_read_is_the_dog():
    assert "dog" in read_phrases(as_read("When did my four-legged pal hurt his foot?"))


def test_away_at_is_during():
    got = event_phrases(as_read("while I was away at that trade show, what was I averaging?"))
    assert [(p.relation, p.words) for p in got] == [("during", "fair")]


def test_the_reason_it_was_so_poor_is_why():
    text = "what did the week come to, and what was the reason it was so poor?"
    assert "poor" not in WHY_SO.sub(" ", text)


def test_the_race_itself_is_its_day():
    got = event_phrases(as_read("How did my longest run compare with the race itself?"))
    assert ("the day of", "race") in [(p.relation, p.words) for p in got]
    assert "itself" not in message_words("the race itself")


def test_between_a_run_and_the_race_itself_stays_between():
    got = event_phrases(as_read("Between my 18 km long run and the half marathon itself, how "
                                "consistently did I meet the target?"))
    assert ("the day of", "half") not in [(p.relation, p.words) for p in got]


def test_a_short_question_of_what_was_said_leans_on_the_remark_before(conn):
    _home(conn)
    exchange(conn, "2026-10-14", "calves still tight from all the hills, any stretches?",
             "Try a wall calf stretch with the knee straight and then bent.")
    exchange(conn, "2026-08-25", "the physio exercises are so boring, do i have to do them?",
             "Yes, daily: put them after brushing your teeth.")
    rec = recall(conn, "After the holiday my lower legs were locked up for days. Which "
                       "loosening exercises did you give me?", now=NOW, date_order="DMY")
    chats = [it.day for it in rec.items if it.kind == "chat"]
    assert chats[0] == "2026-10-14"


def test_remind_me_which_after_the_question_asks():
    text = ("My worst week, how much in total? And the exercises Helen gave me for the knee, "
            "remind me which ones")
    assert len(asking(text)) == 2
    assert len(asking("How was the week? And the rest was lovely, thanks")) == 1


def test_i_dont_remember_after_the_question_asks():
    text = ("The 20/9 I did my first 14 km with Priya. How much steps? and the new shoes gave me "
            "blisters or not, I don't remember")
    assert asking(text)[-1].startswith("and the new shoes")


@pytest.mark.parametrize("word, group", [("typhoon", "storm"), ("cyclone", "storm"),
                                         ("catarrh", "cold")])
def test_more_words_of_the_field(word, group):
    assert group in expand(word)


def test_the_animal_doctor_abeg_and_three_days_back():
    assert "vet" in read_phrases("what did the animal doctor say")
    assert spelled_out("abeg check my average") == "please check my average"
    assert as_read("the day before the day before yesterday?") == "3 days ago?"


def test_last_last_week_abroad_for_business_body_pains():
    assert as_read("last last week how many steps?") == "the week before last how many steps?"
    assert "work trip" in read_phrases("when I was abroad for business")
    assert "aching" in read_phrases("the bad one with the body pains")
    assert "carb load" in read_phrases("what should i eat in the days leading up to the hm")


def test_a_fever_like_another_illness_is_a_fever():
    assert "fever" in read_phrases(as_read("I was down with malaria-like fever"))
    assert "flu" in read_phrases(as_read("I had flu-like symptoms"))


@pytest.mark.parametrize("text", [
    "Last week I catch a cold, those days how many steps each day?",
    "Was I in bits with that dose of a cold last week? What did the steps look like?",
])
def test_a_cold_caught_as_learners_and_the_irish_say_it(text):
    got = event_phrases(read_phrases(as_read(text)))
    assert "cold" in [p.words for p in got]


def test_the_nth_last_month_is_that_day_alone():
    text = as_read("on the 21st last month you told me which week was the best")
    assert _spans_of(text, date(2026, 12, 1)) == [("2026-11-21", "2026-11-21")]
    assert "trainers" in read_phrases("when did I get these takkies")


def _spans_of(text, today):
    from coach_tui.memory.daywords import named_spans
    return [(s.start.isoformat(), s.end.isoformat()) for s in named_spans(text, today, "DMY")]


@pytest.mark.parametrize("typed, read", [
    ("mi did reach mi target pon di 22nd a August or nah?",
     "mi did reach my target on the 22nd of August or nah?"),
    ("parso kitne steps the?", "the day before yesterday how many steps the?"),
    ("pichle se pichle hafte ka total?", "the week before last ka total?"),
    ("mera ghutna kab dukha?", "my knee when hurt?"),
])
def test_patois_and_hinglish_as_typed(typed, read):
    assert as_read(typed) == read


@pytest.mark.parametrize("typed, read", [
    ("How many steps I did the Tuesday before two weeks?",
     "How many steps I did the Tuesday two weeks ago?"),
    ("Before two weekends, Saturday and Sunday?", "two weekends ago, Saturday and Sunday?"),
    ("before 4 days", "4 days ago"),
    ("before two weeks had passed", "before two weeks had passed"),
    ("my time on the 21,1 km", "my time on the 21.1 km"),
    ("the 12,000 steps", "the 12,000 steps"),
])
def test_time_back_and_decimals_as_learners_write_them(typed, read):
    assert as_read(typed) == read


@pytest.mark.parametrize("text, kind", [
    ("What was the wall exercise you had me doing after the holiday?", "chat"),
    ("Before you teach me some trick to make it more fun, what was it?", "chat"),
    ("Over the stretch you had me on the bigger number, what did I add up to?", None),
])
def test_what_the_coach_set_is_what_the_coach_said(text, kind):
    assert asked_kind(text) == kind


def test_changing_shoes_is_swapping_them():
    assert "replace" in expand("changed")


def test_a_short_question_pointing_back_leans_on_the_remark(conn):
    _home(conn)
    seed_dated_journal(conn, [
        ("2026-11-18", "Left knee niggle came back on a short 3 km jog. Step-downs again."),
        ("2026-11-19", "Knee settled after rest; 25 minutes easy without pain."),
        ("2026-11-25", "Calm easy jog by the canal; took it slow and long."),
    ])
    rec = recall(conn, "After the half my kneecap started grumbling again. How long did it "
                       "take to calm down?", now=NOW, date_order="DMY")
    days = [it.day for it in rec.items if it.kind == "journal"]
    assert {"2026-11-18", "2026-11-19"} <= set(days) and "2026-11-25" not in days


@pytest.mark.parametrize("typed, read", [
    ("Dear Coach,\nWhich was my very Worst week for steps?\nLove, Margaret",
     "Which was my very Worst week for steps?"),
    ("did I hit it? Cheers, Tom", "did I hit it?"),
    ("how many steps? thanks", "how many steps? thanks"),
])
def test_a_letters_greeting_and_signature(typed, read):
    assert as_read(typed) == read


@pytest.mark.parametrize("typed, read", [
    ("Did I reach my goal on 12 X or no?", "Did I reach my goal on 12.10. or no?"),
    ("thursday 5/11 I was above the target?", "thursday 5/11 I was above the target?"),
    ("4 X 400m", "4 X 400m"),
])
def test_a_roman_numeral_month(typed, read):
    assert as_read(typed) == read


def test_portuguese_phrases_and_sentence_particles():
    assert "stretches" in read_phrases("what elongations you told me to do")
    assert "head torch" in read_phrases("when I got the lantern for the forehead")
    assert "personal best" in read_phrases("what is my best mark in the 5k")
    assert message_words("yesterday I walk how many na") == message_words(
        "yesterday I walk how many")
