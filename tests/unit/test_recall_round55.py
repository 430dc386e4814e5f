"""Recall, round 55: stretches, events and questions said the ways ten new writers say them
(an analyst, a triathlete, a forgetful runner, a German speaker's compounds, a learner, a
lawyer, a writer spelling by ear and the rest). The homes and the phrasings are this file's own.

- weeks and stretches: "my step total 3 weeks ago" and "4 weeks ago vs last week" are whole
  weeks; "the week of the 10th just gone"; "past 7 days vs the 7 before that"; "rank my three
  best weeks"; "From 3.11. until 5.11."; "the weekend 3/10 and 4/10, total?" (one stretch);
  "the Manchester Marathon in April" (the April to come, not a month before the records); a
  learner's "past 7 day", "the week of 20th";
- events: "the stretch I had the flu", "the spell Sam and I were away", "the week I couldn't
  run because of the floods", "the 3 days right before the flu", "the three bunged-up days",
  "the four days just before them", "Knee weeks: the week it first flared", "my head-cold",
  "the Lisbon-trip", "pull up all five days I had the flu", "Day 1 after I got back", "the 10
  days following Porto", "three days either side of the holiday, not the holiday itself",
  "after knee break I first go back to parkrun", "wile i was in lisbin" (spelled by ear), "the
  date on which ...", "the day before I fell sick with the flu", "my frist run";
- the goal: "since the target dropped" from the day it did, "since the day that we lowered
  the objective", "in the time of the 12,000-step-target", "give me every day I was on the
  12,000 target", "each day on which my daily target stood at 12,000";
- what is asked: "was it you who told me"; "What were those tips again, anyway?" (a
  reminder); "Last month vs the month before, total steps. Which one wins?"; "Priya's serious
  about the Manchester Marathon. ... what did you say about the build?" (the remark says what
  the question is about); "my engine"; "pick up the headlamp"; "was the Porto week really my
  biggest?"; "the week I finally got my parkrun time down"; "what stretches did you give me for
  my calves once we were home?" (said in the week after the stay); "what did you say when i
  asked if i could do parkrun on 17/10" (asked the day before: "can i do parkrun tmrw?");
  "What's my personal best, and when did I set it?" (one question); "her 70th will be on
  13/11 next year ... How many steps did I do on it this year?"; "Tom's sniffling today. When
  I went through the same thing, did you tell me to train?" (the remark's thing)."""

from datetime import date, datetime

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.message_parts import asking
from coach_tui.memory.names import _one_off
from coach_tui.memory.query import expand, message_words, read_phrases
from coach_tui.memory.ranking import asked_kind, which_end
from coach_tui.memory.recall import as_read
from tests.engine_support import seed_dated_journal, seed_steps
from tests.unit.test_recall_memories import exchange, named_days, recall
from tests.unit.test_recall_round54 import _steps_and_lines

TODAY = date(2026, 12, 3)  # a Thursday
NOW = datetime(2026, 12, 3, 9, 30)

LINES = [
    ("2026-10-12", "Down with flu: fever and aching, in bed all day."),
    ("2026-10-16", "Fever gone since yesterday, a short walk round the block."),
    ("2026-09-21", "Porto holiday with Sam booked for Thu 24 to Mon 28 September."),
    ("2026-11-03", "Storm Bert: the canal towpath flooded, runs cancelled all week."),
    ("2026-11-24", "Head cold: blocked nose and sore throat, short walks only."),
    ("2026-11-27", "Cold cleared, easy 5 km by the canal."),
]


@pytest.fixture
def storied(conn):
    _steps_and_lines(conn, LINES)
    return conn


def expand_all(text: str) -> set[str]:
    return {w for word in message_words(text) for w in expand(word)}


def _weeks(text: str) -> list[tuple[date, date]]:
    return [(s.start, s.end) for s in named_spans(text, TODAY)]


@pytest.mark.parametrize("text", [
    "what was my step total 3 weeks ago?",
    "what did i total three weeks ago",
])
def test_a_total_n_weeks_ago_is_that_whole_week(text):
    assert _weeks(text) == [(date(2026, 11, 9), date(2026, 11, 15))]


def test_n_weeks_ago_set_against_last_week_is_a_week_too():
    assert sorted(_weeks("4 weeks ago vs last week - how far off the pace was I?")) == [
        (date(2026, 11, 2), date(2026, 11, 8)), (date(2026, 11, 23), date(2026, 11, 29))]


@pytest.mark.parametrize("text", [
    "what was my total exactly 3 weeks ago",
    "3 weeks ago today, what was my total?",
    "how did I do 3 weeks ago",   # (no total, no week beside it: the day)
])
def test_exactly_n_weeks_ago_is_still_the_day(text):
    assert _weeks(text) == [(date(2026, 11, 12), date(2026, 11, 12))]


def test_the_ordinal_just_gone_is_the_latest_even_beside_another_month():
    assert sorted(_weeks("how does the week of 10 Sept stack up against the week of the 10th "
                         "just gone?")) == [(date(2026, 9, 7), date(2026, 9, 13)),
                                            (date(2026, 11, 9), date(2026, 11, 15))]
    # (beside a month, a bare ordinal is still a day of that month)
    assert sorted(_weeks("the week of 5 October, and the 10th?")) == [
        (date(2026, 10, 5), date(2026, 10, 11)), (date(2026, 10, 10), date(2026, 10, 10))]


@pytest.mark.parametrize("text, first", [
    ("past 7 days vs the 7 before that", (date(2026, 11, 19), date(2026, 11, 25))),
    ("the last 2 weeks vs the 2 before that", (date(2026, 11, 5), date(2026, 11, 18))),
])
def test_as_many_before_that_is_a_stretch_as_long(text, first):
    assert sorted(_weeks(text))[0] == first
    assert len(_weeks(text)) == 2


def test_a_bare_count_before_that_names_nothing_alone():
    assert _weeks("the 3 before that") == []


@pytest.mark.parametrize("text", [
    "daily steps for the stretch I had the flu",
    "steps over that spell when I had the flu",
    "the stretch I caught Sam's flu and was in bed, daily steps",
])
def test_a_stretch_or_spell_of_an_illness_is_its_days(storied, text):
    assert named_days(storied, text, now=NOW) == [("2026-10-12", "2026-10-15")]


@pytest.mark.parametrize("text", [
    "pull daily steps for the stretch Sam and I were away",
    "steps the days we were away",
])
def test_the_days_we_were_away_are_the_trip(storied, text):
    assert named_days(storied, text, now=NOW) == [("2026-09-24", "2026-09-28")]


@pytest.mark.parametrize("text", [
    "what did the week I couldn't run outside because of the floods look like?",
    "the week we could not run due to the storm",
])
def test_the_week_something_kept_me_in_is_its_week(storied, text):
    assert named_days(storied, text, now=NOW) == [("2026-11-02", "2026-11-08")]


# the goal: 10,000 up to 1 Nov, 12,000 from 2 to 22 Nov, 10,000 again from 23 Nov
@pytest.fixture
def goal_home(conn):
    seed_steps(conn, end=date(2026, 11, 1), values=[9_000] * 90, goal=10_000, today_steps=None)
    seed_steps(conn, end=date(2026, 11, 22), values=[12_500] * 21, goal=12_000,
               today_steps=None)
    seed_steps(conn, end=date(2026, 12, 2), values=[9_500] * 10, goal=10_000, today_steps=None)
    seed_dated_journal(conn, [("2026-11-02", "Daily target raised to 12,000 for the race build."),
                              ("2026-11-23", "Target lowered back to 10,000 for the winter.")])
    return conn


@pytest.mark.parametrize("text", [
    "since the target dropped, how many days have I hit it?",
    "since we knocked the target back down, hit rate?",
    "my average since the goal was cut",
])
def test_since_the_goal_was_cut_begins_the_day_it_was(goal_home, text):
    assert named_days(goal_home, text, now=NOW) == [("2026-11-23", "2026-12-02")]


def test_since_the_goal_went_up_begins_the_day_it_did(goal_home):
    got = named_days(goal_home, "steps since my goal went up", now=NOW)
    assert ("2026-11-02", "2026-12-02") in got


def test_since_it_went_back_down_is_the_goal_named_before(goal_home):
    text = "per-day avg while the target was 12k vs since it went back down"
    assert named_days(goal_home, text, now=NOW) == [("2026-11-02", "2026-11-22"),
                                                    ("2026-11-23", "2026-12-02")]


@pytest.mark.parametrize("text, span", [
    ("steps the 3 days right before the flu", ("2026-10-09", "2026-10-11")),
    ("steps the three days just before the flu", ("2026-10-09", "2026-10-11")),
    ("steps the two days straight after the flu", ("2026-10-16", "2026-10-17")),
])
def test_a_count_of_days_right_before_an_event_is_kept(storied, text, span):
    assert named_days(storied, text, now=NOW) == [span]


@pytest.mark.parametrize("text, span", [
    ("steps the four flu days", ("2026-10-12", "2026-10-15")),
    ("steps the three bunged-up days", ("2026-11-24", "2026-11-26")),
])
def test_a_counted_or_hyphenated_state_names_the_days_of_it(storied, text, span):
    assert named_days(storied, text, now=NOW) == [span]


def test_the_days_just_before_them_are_before_the_event_named(storied):
    assert named_days(storied, "the four flu days vs the four days just before them, in total?",
                      now=NOW) == [("2026-10-08", "2026-10-11"), ("2026-10-12", "2026-10-15")]


@pytest.fixture
def weeks(conn):
    """Eight Monday-to-Sunday weeks to 29 Nov, each day of a week the same: the weeks of
    19 Oct, 23 Nov and 9 Nov the biggest (in that order)."""
    per_week = [8_000, 9_000, 15_000, 7_000, 6_500, 13_000, 8_500, 14_000]
    seed_steps(conn, end=date(2026, 11, 29), values=[v for v in per_week for _ in range(7)],
               goal=10_000, today_steps=None)
    return conn


def test_my_three_best_weeks_are_the_three_biggest(weeks):
    assert named_days(weeks, "rank my three best weeks by steps", now=NOW) == [
        ("2026-10-19", "2026-10-25"), ("2026-11-09", "2026-11-15"),
        ("2026-11-23", "2026-11-29")]


@pytest.mark.parametrize("text, count", [
    ("my top 3 weeks", 3), ("my 2 worst weeks", 2), ("the best two weeks", 2),
    ("my best week", 1),
])
def test_how_many_bests_are_asked_for(weeks, text, count):
    assert len(named_days(weeks, text, now=NOW)) == count


def test_a_headline_word_is_what_it_means_in_the_week_it_flared(conn):
    _lines = [("2026-08-18", "Left knee sore after the tempo run, ache around the kneecap."),
              ("2026-08-20", "Physio says runner's knee; walking only for a week.")]
    _steps_and_lines(conn, _lines)
    assert named_days(conn, "Knee weeks: the week it first flared, steps?", now=NOW) == [
        ("2026-08-17", "2026-08-23")]


@pytest.mark.parametrize("text", [
    "was it you who told me to take it easy the day after the track night?",
    "was it you that said I could cut the rehab moves down?",
    "you rattled off a few makes worth trying on, what were they?",
])
def test_who_said_it_asks_what_the_coach_said(text):
    assert asked_kind(text) == "chat"


def test_a_sentence_asking_again_is_a_reminder_not_the_newest_time():
    assert which_end("Which was my worst week? What were those tips again, anyway?") is None
    assert which_end("when did my knee flare again") == "last"


def test_last_month_against_the_one_before_then_which_wins_is_kept(storied):
    assert named_days(storied, "Last month vs the month before, total steps. Which one wins?",
                      now=NOW) == [("2026-10-01", "2026-10-31"), ("2026-11-01", "2026-11-30")]


@pytest.mark.parametrize("text, word", [
    ("panicking my engine would disappear", "fitness"),
    ("when did I pick up the headlamp for night sessions?", "bought"),
])
def test_a_triathletes_words_search_for_what_they_mean(text, word):
    assert word in expand_all(read_phrases(text))


def test_since_the_day_we_lowered_the_objective_is_the_goals_run(goal_home):
    text = "Since the day that we lowered the objective to 10.000 for the winter, how many steps?"
    assert named_days(goal_home, text, now=NOW) == [("2026-11-23", "2026-12-02")]


def test_a_remark_naming_a_thing_says_what_the_question_of_the_coachs_words_is_about():
    text = ("Priya's serious about the Manchester Marathon in April. At 52 I want a sensible "
            "block: what did you say about how long the build would be?")
    assert any("Manchester" in part for part in asking(text))
    # (a remark naming nothing by name stays a remark)
    assert not any("dull" in part for part in asking(
        "Work was dull today. What did you say about how long the build would be?"))


@pytest.mark.parametrize("text, read", [
    ("During my head-cold, how many steps?", "During my head cold, how many steps?"),
    ("the Lisbon-trip", "the Lisbon trip"),
    # (hyphens other readings rely on stay)
    ("post-race", "post-race"), ("knee-gate", "knee-gate"), ("bunged-up", "bunged-up"),
    ("Mon-Sun", "Mon-Sun"), ("the walking-only week", "the walking-only week"),
    ("step-downs", "step-downs"), ("the bigger race-build number", "the bigger race-build number"),
])
def test_words_joined_by_a_hyphen_are_read_as_two(text, read):
    assert as_read(text) == read


def test_a_head_cold_written_with_a_hyphen_is_the_cold(storied):
    assert named_days(storied, "During my head-cold, how many steps each day?", now=NOW) == [
        ("2026-11-24", "2026-11-26")]


def test_dotted_dates_with_until_are_one_stretch(storied):
    assert named_days(storied, "From 3.11. until 5.11., how many steps together?",
                      now=NOW) == [("2026-11-03", "2026-11-05")]


def test_in_the_time_of_the_goal_with_hyphens_is_its_run(goal_home):
    assert ("2026-11-02", "2026-11-22") in named_days(
        goal_home, "In the time of the 12,000-step-target, on how many days did I reach it?",
        now=NOW)


@pytest.mark.parametrize("text", [
    "Pull up all five days I had the flu, I want the daily numbers side by side.",
    "the whole time i was sick w the flu, what were my numbers",
])
def test_all_the_days_of_an_illness_shown(storied, text):
    assert named_days(storied, text, now=NOW) == [("2026-10-12", "2026-10-15")]


def test_every_day_on_a_goal_is_its_run(goal_home):
    assert named_days(goal_home, "Give me every day I was on the 12,000 target, first to last.",
                      now=NOW) == [("2026-11-02", "2026-11-22")]


def test_show_me_the_month_of_an_event_shows_its_days(storied):
    assert named_days(storied, "Please show me the month of the Porto holiday as a whole.",
                      now=NOW) == [("2026-09-01", "2026-09-30")]


@pytest.mark.parametrize("text", [
    "Day 1 after I got back from Porto: how many?",
    "What did I log on the 1st day after the Porto holiday, steps?",
])
def test_day_one_after_an_event_is_the_day_after_it(storied, text):
    assert named_days(storied, text, now=NOW) == [("2026-09-29", "2026-09-29")]


@pytest.mark.parametrize("text, want", [
    ("Show me the 10 days following Porto.", [("2026-09-29", "2026-10-08")]),
    ("The 14 days after the Porto holiday, please.", [("2026-09-29", "2026-10-12")]),
    ("From the Porto holiday to the flu, please, the full stretch.",
     [("2026-09-24", "2026-10-15")]),
    ("Three days either side of the Porto holiday, not the holiday itself.",
     [("2026-09-21", "2026-09-23"), ("2026-09-29", "2026-10-01")]),
])
def test_a_message_that_is_a_stretch_asks_for_its_days(storied, text, want):
    assert named_days(storied, text, now=NOW) == want


def test_a_race_in_a_month_before_the_records_is_next_years(storied):
    # (the records begin in August: "in April" is the April to come, with no days to show)
    assert named_days(storied, "Priya wants the Manchester Marathon in April. Steps today?",
                      now=NOW) == []
    # (a month with records stays the month)
    assert named_days(storied, "what did I total in October?", now=NOW) == [
        ("2026-10-01", "2026-10-31")]


def test_was_the_holiday_week_my_biggest_shows_that_week(storied):
    assert ("2026-09-21", "2026-09-27") in named_days(
        storied, "Was the Porto week really my biggest?", now=NOW)


def test_got_my_parkrun_time_down_is_a_best(conn):
    _steps_and_lines(conn, [("2026-10-31", "Parkrun personal best: 27:52, first time under 28.")])
    assert named_days(conn, "the week I finally got my parkrun time down, total?",
                      now=NOW) == [("2026-10-26", "2026-11-01")]


def test_what_the_coach_said_once_we_were_home_is_found_in_the_week_after(storied):
    exchange(storied, "2026-09-26", "calves dying from all the hills in porto",
             "Take it gently tomorrow.")
    exchange(storied, "2026-10-01", "calves still tight from the hills, any stretches?",
             "Try a wall calf stretch, 30 seconds each side.")
    got = recall(storied, "on the Porto holiday which day did I walk most, and what stretches "
                 "did you give me for my calves once we were home?", now=NOW)
    assert any(it.kind == "chat" and "wall calf stretch" in it.text for it in got.items)


@pytest.mark.parametrize("text, want", [
    ("past 7 day my average step is how many?", [(date(2026, 11, 26), date(2026, 12, 2))]),
    ("the week of 20th, how many day I hit the goal?", [(date(2026, 11, 16), date(2026, 11, 22))]),
])
def test_a_learners_dates_without_plural_or_the(text, want):
    assert _weeks(text) == want


def test_after_an_event_then_i_first_go_back_is_the_first_time_after_it(conn):
    _steps_and_lines(conn, [("2026-08-20", "Knee break: walking only for a week."),
                            ("2026-08-29", "Back at parkrun after the knee break, no pain.")])
    assert named_days(conn, "after knee break I first go back to parkrun, which day, how many "
                      "step?", now=NOW) == [("2026-08-29", "2026-08-29")]


@pytest.mark.parametrize("text, want", [
    ("how many steps did i do wile i was on the porto holiday", [("2026-09-24", "2026-09-28")]),
    ("the week befor the porto holiday, wat were my steps", [("2026-09-17", "2026-09-23")]),
])
def test_a_place_and_a_relation_spelled_by_ear(storied, text, want):
    assert named_days(storied, text, now=NOW) == want


@pytest.mark.parametrize("word, place, near", [
    ("lisbin", "lisbon", True), ("frankfert", "frankfurt", True), ("portugul", "portugal", True),
    ("lisbo", "lisbon", True),
    ("stain", "spain", False),      # (the first two letters as written)
    ("paris", "parks", False),      # (short names are left alone)
    ("londonn", "london", True), ("lonndonn", "london", False),
])
def test_one_letter_off_a_place(word, place, near):
    assert _one_off(word, place) is near


def test_a_place_spelled_by_ear_is_the_place_written(conn):
    _steps_and_lines(conn, [("2026-10-06", "Lisbon holiday with Tom booked for Thu 8 to Tue "
                                           "13 October."),
                            ("2026-10-13", "Home from Lisbon; calves tight from the hills.")])
    assert named_days(conn, "how many steps did i do wile i was in lisbin", now=NOW) == [
        ("2026-10-08", "2026-10-13")]


@pytest.mark.parametrize("text, want", [
    ("Please provide the step count for the date on which the Porto holiday began.",
     [("2026-09-24", "2026-09-24")]),
    ("Please advise my step count on the day on which I returned home from Porto.",
     [("2026-09-28", "2026-09-28")]),
    ("What were my steps on the day before I fell sick with the flu?",
     [("2026-10-11", "2026-10-11")]),
    ("my frist run after the flu, how many steps", [("2026-10-18", "2026-10-18")]),
])
def test_a_lawyers_and_a_hurried_writers_days_of_an_event(storied, text, want):
    seed_dated_journal(storied, [("2026-10-18", "First run since the flu: 3 km easy.")])
    assert named_days(storied, text, now=NOW) == want


def test_a_short_question_about_it_is_the_question_before_it():
    assert asking("What's my personal best, and when did I set it?") == [
        "What's my personal best, when did I set it"]


def test_a_day_a_plan_names_is_asked_of_by_on_it(storied):
    text = ("Tom's mum just told us her 70th will be on 13/11 next year, so that date is stuck "
            "in my head. How many steps did I do on it this year?")
    assert named_days(storied, text, now=NOW) == [("2026-11-13", "2026-11-13")]


@pytest.mark.parametrize("text, joined", [
    ("Tom's sniffling and croaky today. When I went through the same thing, did you tell me to "
     "train?", "sniffling"),
    ("My trainers are looking tatty. When the previous ones died, what did you advise?",
     "trainers"),
])
def test_the_same_thing_or_the_previous_ones_are_the_remarks(text, joined):
    assert any(joined in part for part in asking(text))


def test_each_day_on_which_the_goal_stood_at_a_number_is_its_run(goal_home):
    assert named_days(goal_home, "Please set out my step totals for each day on which my daily "
                      "target stood at 12,000.", now=NOW) == [("2026-11-02", "2026-11-22")]


@pytest.mark.parametrize("text, together", [
    ("the weekend 3/10 and 4/10, my step is how many, total?", True),
    ("steps for aug 22 and 23?? was that weekend as grim as i remember", True),
    ("steps on 3/10 and 4/10", False),
    ("steps on 26/9 n 27/9?? i was a total wreck those days", False),
])
def test_a_saturday_and_sunday_called_a_weekend_or_asked_in_total_are_one_stretch(text, together):
    spans = _weeks(text)
    assert any(s != e for s, e in spans) is together


def test_what_was_said_the_day_before_of_tomorrow_is_of_the_day_named(storied):
    exchange(storied, "2026-10-16", "feeling human again. can i do parkrun tmrw?",
             "If the fever's been gone a couple of days, an easy parkrun is fine.")
    exchange(storied, "2026-10-16", "ate too much pasta at lunch", "Happens to everyone.")
    got = recall(storied, "what did you say when i asked if i could do parkrun on 17/10 after "
                 "the flu?", now=NOW)
    chats = [it.text for it in got.items if it.kind == "chat"]
    assert any("easy parkrun is fine" in t for t in chats)
    assert not any("pasta" in t for t in chats)


def test_a_day_counted_past_five_after_an_event_is_read_without_failing(storied):
    # ("day 7 after the holiday": no ordinal word was kept for it, and recall failed)
    assert as_read("day 7 after the holiday") == "day 7 after the holiday"
    named_days(storied, "steps on day 7 after the Porto holiday?", now=NOW)


@pytest.mark.parametrize("text, joined", [
    # (a name that begins like a month or a weekday is still a name)
    ("Janet's keen on the Riverside Half. What did you say about the build?", "Riverside"),
    ("Had coffee with Monica and Augustine. What did you say about the build?", "Monica"),
    ("Last Thursday was bitter out there. What gloves did you suggest?", None),
])
def test_a_name_is_a_name_though_it_begins_like_a_month(text, joined):
    parts = asking(text)
    assert any(joined in p for p in parts) if joined else parts == [
        "What gloves did you suggest"]


def test_a_word_near_two_places_is_left_as_written():
    from coach_tui.memory.names import place_meant

    # (one letter off two places the user wrote: no guess, and no change of case)
    assert place_meant("Berlim", frozenset({"berlin", "berlid"})) == "Berlim"
    assert place_meant("Lisbin", frozenset({"lisbon"})) == "lisbon"
