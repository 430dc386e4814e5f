"""Recall, round 17: events as a retired teacher names them ("while I was laid up with the flu
in September", "since we got back from the trip", "the week of that dreadful storm", "the
morning my gammy knee first went"). Pure where it can be, with a pinned today."""

from datetime import date

import pytest

from coach_tui.memory.daywords import named_spans
from coach_tui.memory.event_days import event_days
from coach_tui.memory.event_refs import qualifying_months
from coach_tui.memory.events import EventPhrase, event_phrases
from coach_tui.memory.goal_spans import asked_goal, first_part, goal_span
from coach_tui.memory.message_parts import asking, told_after
from coach_tui.memory.query import expand, read_phrases
from coach_tui.store.reviews import save_review
from coach_tui.store.steps import Day
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import exchange, recall


@pytest.mark.parametrize("text, phrase", [
    ("how many steps while I was laid up with the flu?", EventPhrase("during", "flu")),
    ("my steps while we were off sick with that bug", EventPhrase("during", "bug")),
    ("have I kept my steps up since we got back from the trip?", EventPhrase("since", "trip")),
    ("since I got back from the trip?", EventPhrase("since", "trip")),
    ("the week of that dreadful storm, in total?",
     EventPhrase("the week of", "storm")),  # round 19: "dreadful" is a feeling
    ("my step count on the morning my gammy knee first went",
     EventPhrase("the day of", "gammy knee", onset=True)),  # round 20: "first": its onset
])
def test_an_event_as_people_name_it(text, phrase):
    assert phrase in event_phrases(text)


def test_what_led_to_an_event_is_not_a_stretch_after_it():
    # "after that fast session" tells what set the knee off, not the days since the session
    text = "steps on the morning my knee first went, after that fast session?"
    assert [p.relation for p in event_phrases(text)] == ["the day of"]
    # a stretch of its own after "and" still is one
    assert EventPhrase("the week after", "race") in event_phrases(
        "the day I saw the physio, and the week after the race")


def test_a_month_written_after_an_event_dates_the_event():
    phrases = event_phrases("steps while I was laid up with the flu in September?")
    assert qualifying_months("steps while I was laid up with the flu in September?",
                             phrases) == [9]
    text = "the week of that dreadful storm back in Oct, in total?"
    assert qualifying_months(text, event_phrases(text)) == [10]
    # a month standing apart is asked about
    text = "steps in October, and how was the storm week?"
    assert qualifying_months(text, event_phrases(text)) == []
    # a word starting like a month is not one ("in decent shape")
    text = "steps during the storm in decent shape?"
    assert qualifying_months(text, event_phrases(text)) == []


def test_the_morning_after_a_weekday_dates_what_came_after_not_what_came_on_it():
    line = "Left knee sore going down stairs the morning after Tuesday's tempo session."
    wed = date(2026, 8, 19)
    assert event_days(wed, [], line, ["knee"]) == (wed, wed)
    assert event_days(wed, [], line, ["tempo"]) == (date(2026, 8, 18), date(2026, 8, 18))


def test_the_illness_in_a_month_gives_its_days_not_the_months(conn):
    seed_steps(conn)
    (down,) = seed_journal(conn, ["Down with flu: fever since Saturday evening, in bed."],
                           entry_date="2026-11-22")
    seed_journal(conn, ["Fever gone since yesterday, short walk."], entry_date="2026-11-26")
    got = recall(conn, "How many steps did I manage while I was laid up with the flu in November?")
    assert [(it.day, it.end) for it in got.items if it.kind == "span"] == [
        ("2026-11-21", "2026-11-25")]
    assert down in [it.ref for it in got.items if it.kind == "journal"]


def test_last_weekday_that_was_yesterday_is_a_week_further_back():
    wednesday = date(2026, 12, 2)
    got = [s.start.isoformat() for s in named_spans("How did last Tuesday go?", wednesday)]
    assert got == ["2026-11-24"]
    # yesterday by name is still yesterday, and "last Monday" two days back is that Monday
    assert [s.start.isoformat() for s in named_spans("tuesday?", wednesday)] == ["2026-12-01"]
    assert [s.start.isoformat() for s in named_spans("last monday?", wednesday)] == [
        "2026-11-30"]
    # on a Monday "last Sunday" is the weekend just gone
    assert [s.start.isoformat() for s in named_spans("last sunday?", date(2026, 11, 30))] == [
        "2026-11-29"]


def test_an_adjective_or_adverb_the_word_list_lacks_searches_for_its_word():
    assert "carb" in expand("starchy")           # starch
    assert "tight" in expand("stiffly")          # stiff
    assert "frost" in expand("snowy")            # snow
    assert expand("early") == ("early",)         # "earl" is no word of the list


def test_an_n_miler_is_the_race_of_that_many_miles():
    assert read_phrases("about a 26-miler next spring") == "about a marathon next spring"
    assert read_phrases("the big 13.1 miler") == "the big half"
    assert read_phrases("a 5 miler") == "a 5 miler"     # no race the list knows


@pytest.mark.parametrize("text, phrase", [
    ("The morning following the big event I could barely get up the stairs",
     EventPhrase("the day after", "race")),
    ("what did you tell me the night before the half?", EventPhrase("the day before", "half")),
])
def test_a_part_of_a_day_next_to_an_event_is_that_day(text, phrase):
    assert phrase in event_phrases(text)


def test_a_question_about_that_carries_the_remark_it_points_at():
    text = "After Lisbon my lower legs were ever so stiff. What did I put that down to?"
    assert asking(text) == [
        "After Lisbon my lower legs were ever so stiff. What did I put that down to"]


def test_what_i_decided_on_a_named_day_is_that_days_line(conn):
    seed_steps(conn)
    seed_journal(conn, ["Riverside Half finished in 2:04:37."], entry_date="2026-11-22")
    (stiff,) = seed_journal(conn, ["Very stiff, stairs difficult. Walking only for a few days."],
                            entry_date="2026-11-23")
    got = recall(conn, "The morning following the big event I could barely get up to the "
                       "landing. What did I decide to do about it?")
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-11-23"]
    assert stiff in [it.ref for it in got.items if it.kind == "journal"]


def test_the_first_week_on_a_goal_is_the_week_it_began_in():
    text = "What did the review for my first week on 10,000 say?"
    assert (asked_goal(text), first_part(text)) == (10_000, "week")
    days = [Day(f"2026-08-{d}", 9_000, 8_000) for d in (29, 30, 31)] + [
        Day(f"2026-09-0{d}", 11_000, 10_000) for d in range(1, 10)] + [
        Day("2026-09-10", 9_000, 12_000), Day("2026-09-11", 9_000, 10_000)]
    got = goal_span(10_000, days, date(2026, 12, 4), "week")
    # the first run on 10,000 began Tuesday 1 September: its week is Monday 31 Aug to 6 Sep
    assert (got.start, got.end) == (date(2026, 8, 31), date(2026, 9, 6))
    assert goal_span(10_000, days, date(2026, 12, 4), "day").start == date(2026, 9, 1)


def _week_47_review(conn):
    seed_steps(conn)
    return save_review(conn, period_key="week:2026-W47", period_start="2026-11-16",
                       period_end="2026-11-22", text="Race week: a taper, then the half.",
                       model="m", created_at="2026-11-23T09:00:00")


def test_a_week_whose_review_is_asked_for_needs_no_totals_line_of_its_own(conn):
    review = _week_47_review(conn)
    got = recall(conn, "Could you read me back the weekly review from the week of 16 November? "
                       "And how did the 24th go on its own?")
    assert [it.kind for it in got.items if it.kind == "span"] == []
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-11-24"]
    assert review in [it.ref for it in got.items if it.kind == "review"]


def test_a_week_whose_review_and_total_are_asked_for_keeps_its_totals_line(conn):
    _week_47_review(conn)
    got = recall(conn, "what did the review of the week of 16 November say, and what was that "
                       "week's total?")
    assert [(it.day, it.end) for it in got.items if it.kind == "span"] == [
        ("2026-11-16", "2026-11-22")]


def test_a_sentence_told_after_the_question_names_no_days_of_its_own(conn):
    seed_steps(conn)
    got = recall(conn, "Were the 21st and 22nd of November any good step-wise? That was a "
                       "Saturday and Sunday if I remember rightly.")
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-11-21", "2026-11-22"]
    # a part going on with the question still asks ("...? and the 17th while you're at it")
    got = recall(conn, "steps on the 28th? and 17/11 while you're at it")
    assert sorted(it.day for it in got.items if it.kind == "day") == ["2026-11-17", "2026-11-28"]


def test_what_is_told_after_a_question():
    assert told_after("Any good? That was a Saturday. And Sunday?") == "That was a Saturday"
    assert told_after("steps on the 28th? and 7/11 while youre at it") == ""
    assert told_after("no question here, only a remark") == ""


def test_a_period_named_only_to_date_a_memory_gets_no_totals_line(conn):
    seed_steps(conn)
    (idea,) = seed_journal(conn, ["Considering the Manchester Marathon in April with Priya."],
                           entry_date="2026-11-26")
    got = recall(conn, "What was Priya's idea at the end of November, and how many steps did I "
                       "do on the 28th?")
    assert [it.kind for it in got.items if it.kind == "span"] == []
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-11-28"]
    assert idea in [it.ref for it in got.items if it.kind == "journal"]
    # a part asking about days without naming its own asks about the period named
    got = recall(conn, "late nov was rough right? how many days did i even hit 10k")
    assert [(it.day, it.end) for it in got.items if it.kind == "span"] == [
        ("2026-11-21", "2026-11-29")]


def test_what_the_app_says_for_a_named_day_is_its_steps(conn):
    seed_steps(conn)
    exchange(conn, "2026-11-17", "just set up the app, it syncs with my watch", "Great start.")
    got = recall(conn, "I have 24/11 circled in my diary. What did the app say for that day?")
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-11-24"]
    assert [it.kind for it in got.items if it.kind == "chat"] == []
    # without a day named, the app is a topic like any other
    assert [it.kind for it in recall(conn, "when did I set up the app?").items
            if it.kind == "chat"] == ["chat"]


def test_the_lines_that_dated_a_reviewed_week_are_not_recalled_beside_its_review(conn):
    review = _week_47_review(conn)
    seed_journal(conn, ["Storm Ingrid: heavy rain and gales, paths flooded."],
                 entry_date="2026-11-17")
    got = recall(conn, "Could you read me back the weekly review from the storm week? And how "
                       "did the 24th go on its own?")
    assert [(it.kind, it.ref) for it in got.items if it.kind in ("journal", "review")] == [
        ("review", review)]
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-11-24"]


def test_a_remark_beside_how_a_named_day_went_is_not_searched(conn):
    seed_steps(conn)
    seed_journal(conn, ["Evening constitutional round the park with Biscuit."],
                 entry_date="2026-11-10")
    got = recall(conn, "How did last Tuesday go? I forget whether I got out for my "
                       "constitutional before the rain came in.")
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-11-24"]
    assert [it.kind for it in got.items if it.kind == "journal"] == []


def test_a_weekday_and_date_a_line_writes_is_the_one_nearest_the_day_it_was_written(conn):
    seed_steps(conn)
    (line,) = seed_journal(conn, ["Work trip to Frankfurt was mostly standing; one 5 km hotel "
                                  "treadmill session on Wednesday the 18th."],
                           entry_date="2026-11-19")
    seed_journal(conn, ["Packing for Frankfurt, Mon 16 to Thu 19 November."],
                 entry_date="2026-11-15")
    got = recall(conn, "How many steps did I do on the day I used the hotel treadmill in "
                       "Frankfurt?")
    assert [it.day for it in got.items if it.kind == "day"] == ["2026-11-18"]
    assert [it.kind for it in got.items if it.kind == "span"] == []   # the place only says where
    assert line in [it.ref for it in got.items if it.kind == "journal"]


def test_a_written_weekday_and_date_is_read_nearest_the_day_of_writing():
    # 16 December 2026 is a Wednesday too: written on 17 September, the line means the 16th
    # of September, the day before
    line = "Frankfurt week; one 5 km hotel treadmill session on Wednesday the 16th."
    sep17 = date(2026, 9, 17)
    assert event_days(sep17, [], line, ["treadmill"]) == (date(2026, 9, 16), date(2026, 9, 16))
    # and a race date written months ahead is the coming one
    aug11 = date(2026, 8, 11)
    race = "Entered the Riverside Half on 15 November."
    assert event_days(aug11, [], race, ["half"]) == (date(2026, 11, 15), date(2026, 11, 15))


def test_lost_track_is_forgetting_not_the_track(conn):
    seed_steps(conn)
    seed_journal(conn, ["Track session with Priya: 6 x 800 m."], entry_date="2026-11-18")
    got = recall(conn, "How did last week go? I've rather lost track since I was poorly.")
    assert [it.kind for it in got.items if it.kind == "journal"] == []
    assert read_phrases("I've lost track") == "I've forgot"


def test_step_downs_are_an_exercise_not_steps_asked_for(conn):
    seed_steps(conn)
    (line,) = seed_journal(conn, ["Physio (Helen): daily step-downs and clamshells for the knee."],
                           entry_date="2026-11-18")
    got = recall(conn, "What did my physio tell me to do for my knee last week? Step-downs and "
                       "something else, I think.")
    assert [it.kind for it in got.items if it.kind == "span"] == []
    assert line in [it.ref for it in got.items if it.kind == "journal"]
