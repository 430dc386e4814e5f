"""Recall, round 54: "could you give me the step total" asks for numbers now, not for what the
coach said; "what said you about the chip?" (a Dutch speaker's order) asks what the coach
said; "what was that trick you gave me ... when I had the sniffles?" is what the coach said
during the cold, whatever its words; "when did you say I could run again" asks about running
resumed, not for the newest exchange; "... away for work in Bergen, and did you say anything
once I was home?" is the exchange of the coming home; "in the period with the higher target"
is the raised goal's run. The home and the phrasings are this file's own."""

from datetime import date, datetime

import pytest

from coach_tui.memory.evaluative import without_feelings
from coach_tui.memory.events import event_phrases, it_named
from coach_tui.memory.query import read_phrases
from coach_tui.memory.ranking import asked_kind, covered_words, which_end
from coach_tui.memory.recall import as_read
from tests.engine_support import seed_dated_journal, seed_steps
from tests.unit.test_recall_followups import conversation
from tests.unit.test_recall_memories import exchange, named_days, recall

NOW = datetime(2026, 11, 30, 9, 15)  # a Monday

LINES = [
    ("2026-11-25", "Head cold: blocked nose, sore throat. Short walks only."),
    ("2026-11-28", "Cold cleared. 8 km easy by the lake."),
    ("2026-10-07", "Work trip to Bergen booked, Wed 14 to Sun 18 October."),
    ("2026-11-08", "Harbour Half done in 2:01:12, first half ever."),
    ("2026-11-02", "Daily target raised to 12,000 for the last weeks before the half."),
]


@pytest.fixture
def runner(conn):
    seed_steps(conn, end=date(2026, 11, 29), values=[9_000] * 121, goal=10_000,
               today_steps=None)
    seed_steps(conn, end=date(2026, 11, 22), values=[12_500] * 21, goal=12_000,
               today_steps=None)
    seed_dated_journal(conn, LINES)
    exchange(conn, "2026-11-26", "nose streaming, throat like sandpaper. go out or rest?",
             "Use the neck check: symptoms only above the neck, an easy walk is fine.")
    exchange(conn, "2026-10-19", "back at last. bergen was all standing at the stand",
             "Welcome back! Those stand days were low; two easy days and back to normal.")
    exchange(conn, "2026-10-12", "off to bergen on wednesday, any tips for steps there?",
             "Take the stairs at the hotel and walk to the venue if you can.")
    exchange(conn, "2026-11-10", "how long till i can run again? want to be back running soon",
             "Walk for a few days and try a short easy run around day four or five.")
    exchange(conn, "2026-11-20", "ran 25 min easy tonight, felt good again",
             "Lovely. Keep the next few runs short and easy.")
    return conn


def _steps_and_lines(conn, lines) -> None:
    """120 days of 9,000 steps on a 10,000 goal up to 2026-11-29, and the journal `lines`."""
    seed_steps(conn, end=date(2026, 11, 29), values=[9_000] * 120, goal=10_000,
               today_steps=None)
    seed_dated_journal(conn, lines)


def _chats(conn, text: str) -> list[str]:
    return [it.text for it in recall(conn, text, now=NOW).items if it.kind == "chat"]


@pytest.mark.parametrize("text", [
    "Could you give me the step total for the week before the half?",
    "can you tell me how many steps I did last week",
    "would you please show me my best week",
])
def test_a_request_for_numbers_now_is_not_asking_what_the_coach_said(text):
    assert asked_kind(text) is None


@pytest.mark.parametrize("text", [
    "What said you about the timing chip on my race number?",
    "In September I had a fever. What answer gave you me?",
    "and what advised you when my calves were complaining over there?",
    "can you tell me what you said about the chip?",
])
def test_what_the_coach_said_asked_in_any_order(text):
    assert asked_kind(text) == "chat"


def test_a_count_i_told_the_coach_is_not_asking_what_it_said():
    assert asked_kind("how many steps I told you about last week") is None


def test_what_the_coach_said_during_an_illness_is_found_by_its_days(runner):
    text = "What was that trick you gave me for deciding whether to go out when I had the sniffles?"
    assert any("neck check" in c for c in _chats(runner, text))


@pytest.mark.parametrize("text", [
    "when did you say i could start running again",
    "what did u say about when i could jog again",
])
def test_running_again_is_running_resumed_not_the_newest_time(text):
    assert which_end(text) is None


def test_flared_up_again_still_asks_for_the_newest_time():
    assert which_end("when did my knee flare up again") == "last"


def test_when_i_could_run_again_finds_the_answer_given_after_the_race(runner):
    text = "the day after the half, steps? and what did you say about when i could run again"
    assert any("day four or five" in c for c in _chats(runner, text))


def test_once_i_was_home_is_the_day_the_stay_ended():
    phrases = event_phrases("while I was away in Bergen, how were my steps, and did you say "
                            "anything once I was home?", frozenset({"bergen"}))
    assert any(p.relation == "the day of" and p.words == "bergen" and p.end for p in phrases)


def test_what_the_coach_said_once_i_was_home_is_the_exchange_of_the_coming_home(runner):
    text = ("while I was away for work in Bergen, how did my steps hold up across those days, "
            "and did you say anything once I was home?")
    chats = _chats(runner, text)
    assert any("Welcome back" in c for c in chats)
    assert not any("Take the stairs" in c for c in chats)


@pytest.mark.parametrize("text", [
    "In the period with the higher target, what was my daily average?",
    "while I had the higher target, how many days did I make it?",
])
def test_the_period_with_the_higher_target_is_the_raised_goals_run(runner, text):
    assert ("2026-11-02", "2026-11-22") in named_days(runner, text)


def test_the_plural_of_a_word_of_time_is_a_word_of_the_message():
    assert covered_words(["evenings"], "its dark at 5 now, any tips for going out in the evenings")


def test_tips_for_the_evenings_find_the_exchange_about_them(runner):
    exchange(runner, "2026-10-28", "its dark at 5 now, any tips for going out in the evenings",
             "Get a head torch and something reflective.")
    text = ("It's dark at 5 again (shock horror). What were your tips for going out running "
            "in the evenings?")
    assert any("head torch" in c for c in _chats(runner, text))


def test_the_cold_from_hell_is_the_cold():
    assert without_feelings("steps during the cold from hell?") == "steps during the cold?"
    assert any(p.words == "cold" for p in event_phrases("how low did my steps go during the "
                                                        "cold from hell?"))


def test_an_lsr_is_a_long_run():
    assert "long run" in read_phrases("what about the sunday lsr while i was away")


@pytest.mark.parametrize("text", [
    "what was your first bit of advice?",
    "what was your piece of advice about the chip?",
])
def test_a_bit_of_advice_is_what_the_coach_said(text):
    assert asked_kind(text) == "chat"


def test_what_the_coach_advised_before_i_flew_out_is_the_exchange_before_the_stay(runner):
    text = ("Bergen work trip: how many steps across those days, and what did you advise before "
            "I flew out about walking there?")
    assert any("Take the stairs" in c for c in _chats(runner, text))


def test_a_week_before_it_kicked_off_is_the_week_before_the_event_named_before():
    assert it_named("Forensics on knee-gate: how many steps in the week before it kicked off?") \
        == "Forensics on knee-gate: how many steps in the week before the knee kicked off?"
    assert it_named("Out the other side of the cold from hell. My average since it cleared?") \
        == "Out the other side of the cold from hell. My average since the cold cleared?"


def test_it_in_the_same_sentence_as_a_number_names_no_event():
    text = "what's my daily step average since it cleared?"
    assert it_named(text) == text


def test_since_it_cleared_after_the_cold_is_since_the_cold_ended(runner):
    text = "Finally out the other side of the cold from hell. What's my average since it cleared?"
    assert named_days(runner, text) == [("2026-11-28", "2026-11-29")]


def test_what_was_said_when_i_moaned_about_my_worst_week_is_the_exchange_about_it(runner):
    seed_steps(runner, end=date(2026, 10, 25), values=[3_000] * 7, goal=10_000,
               today_steps=None)
    exchange(runner, "2026-10-26", "that was a terrible week for steps wasnt it. worst one so far?",
             "Yes: your lowest week since you started, but the storm explains it.")
    text = ("What was my worst week for steps, and what did you say when I moaned about it at "
            "the time?")
    assert any("lowest week" in c for c in _chats(runner, text))


def test_the_next_exchange_that_holds_the_rest_of_what_was_asked_comes_with_the_first(conn):
    seed_steps(conn, end=date(2026, 11, 29), values=[9_000] * 60, goal=10_000, today_steps=None)
    conversation(conn, "2026-10-20", [
        ("this weather is insane, the park is underwater",
         "Safety first. If you can get to a gym, a treadmill run keeps the plan on track."),
        ("how do i make the treadmill less boring",
         "Break it up: five minutes easy, then alternate steady and faster minutes.")])
    text = "what did you tell me to stop indoor running feeling so dull when the weather was awful?"
    assert any("Break it up" in c for c in _chats(conn, text))


def test_a_pet_named_in_lower_case_hurting_its_paw_is_an_event():
    phrases = event_phrases("when pip hurt his paw, how many steps did i do?")
    assert [p.words for p in phrases] == ["pip hurt paw"]


def test_the_days_after_it_happened_are_after_the_day_it_began(conn):
    _steps_and_lines(conn, [("2026-09-08", "Pip cut a paw on glass at the park; vet says "
                                           "short lead walks only for ten days.")])
    text = ("when pip hurt his paw did i still make my 10k the first few days after? like the 3 "
            "days after it happened")
    assert ("2026-09-09", "2026-09-11") in named_days(conn, text)


def test_the_weekend_i_came_back_to_parkrun_after_the_knee_trouble(conn):
    _steps_and_lines(conn, [
        ("2026-08-19", "Right knee sore on the stairs the morning after Tuesday's tempo session."),
        ("2026-08-29", "Back at parkrun after the knee break; no pain."),
        ("2026-10-03", "Parkrun with Ana in 30:05, legs fine."),
    ])
    text = ("How many steps made I in total on the weekend when I came back to parkrun after the "
            "knee trouble?")
    assert named_days(conn, text) == [("2026-08-29", "2026-08-30")]


@pytest.mark.parametrize("text", [
    "I was afraid my form would disappear. What answer gave you me?",
    "did you reckon all the conditioning I'd built would drain away?",
])
def test_losing_fitness_said_other_ways_finds_the_exchange_about_it(conn, text):
    exchange(conn, "2026-09-27", "will i lose all my fitness",
             "A week off for illness costs very little; coming back too early costs more.")
    assert any("very little" in c for c in _chats(conn, text))


def test_the_week_everything_flooded_is_the_week_of_the_storm():
    phrases = event_phrases("was the week everything flooded worse than the week before?")
    assert [(p.relation, p.words) for p in phrases][:1] == [("the week of", "flooded")]


def test_a_month_after_any_word_of_the_event_only_dates_it(conn):
    _steps_and_lines(conn, [("2026-08-19", "Right knee sore on the stairs after the tempo "
                                           "session; knee hurt all day.")])
    assert named_days(conn, "the week I hurt my knee in August, total steps?") == [
        ("2026-08-17", "2026-08-23")]


def test_the_week_before_i_went_is_the_week_before_the_trip():
    phrases = event_phrases("how have my steps been since the trip compared with the week "
                            "before I went?")
    assert ("the week before", "trip") in [(p.relation, p.words) for p in phrases]


def test_that_stinker_of_a_cold_is_that_cold():
    assert without_feelings("when I was bunged up with that stinker of a cold, steps?") == \
        "when I was bunged up with that cold, steps?"


def test_the_bumped_up_daily_number_is_the_raised_goal(runner):
    text = "While I was on the bumped-up daily number, what did I average per day?"
    assert ("2026-11-02", "2026-11-22") in named_days(runner, text)


def test_and_the_week_after_follows_the_week_named_not_the_clause_telling_of_it():
    phrases = event_phrases("that awful storm week when the park flooded - total steps? and the "
                            "week straight after")
    assert ("the week after the week of", "storm") in [(p.relation, p.words) for p in phrases]


def test_the_patella_thing_week_is_the_week_of_the_patella():
    assert as_read("Patella-thing wk in Aug vs the storm wk?").startswith("Patella week in Aug")
    assert as_read("the knee business week, steps?") == "the knee week, steps?"


@pytest.mark.parametrize("text", [
    "what did u reckon i should eat the morning of the big day",
    "what did you say I should eat first thing on the morning of the race, and when?",
])
def test_what_to_eat_on_race_morning_is_the_breakfast_exchange(conn, text):
    exchange(conn, "2026-11-04", "how do i carb load for the half",
             "Make carbs the base of your meals for the two days before the race.")
    exchange(conn, "2026-11-04", "and breakfast on the day?",
             "Porridge with a banana, two to three hours before the start.")
    assert any("Porridge" in c for c in _chats(conn, text))


def test_first_thing_in_the_morning_is_not_the_earliest_time():
    assert which_end("what should I eat first thing on race morning?") is None
