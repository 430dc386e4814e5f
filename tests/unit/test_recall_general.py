"""Recall that carries over to questions it was never tuned on: text-speak, whole word
families, reviews that retell a line, far guesses on a named day, days listed after a month."""

from datetime import date

from coach_tui.memory.datewords import calendar_spans
from coach_tui.memory.query import message_words, query_terms, spelled_out
from coach_tui.memory.ranking import asked_kind, covered_words, rank
from coach_tui.store.reviews import save_review
from coach_tui.store.search import CHAT_KIND, JOURNAL_KIND, REVIEW_KIND, Hit
from tests.engine_support import seed_journal, seed_steps
from tests.unit.test_recall_memories import exchange, recall
from tests.unit.test_recall_precision import kinds


def days(text: str) -> list[tuple[str, str]]:
    return [(s.start.isoformat(), s.end.isoformat())
            for _, _, s in calendar_spans(text, date(2026, 12, 3))]


# text-speak


def test_text_speak_is_read_as_the_words_it_spells():
    assert spelled_out("did u say b4 the half n 5 wks ago?") == (
        "did you say before the half and 5 weeks ago?")
    assert spelled_out("Sun 22 Nov, nude run") == "Sun 22 Nov, nude run"   # whole words only
    assert spelled_out("the U.S. trip, rock 'n' roll") == "the U.S. trip, rock 'n' roll"


def test_u_said_asks_for_what_the_coach_said():
    assert asked_kind("what did u tell me to do") == CHAT_KIND
    assert asked_kind("what goal time did u predict") == CHAT_KIND
    assert asked_kind("how do i make it less boring, u gave me a workout") == CHAT_KIND


def test_a_text_speak_question_finds_the_exchange(conn):
    seed_steps(conn)
    exchange(conn, "2026-11-18", "the patella pain is back after a jog",
             "Stop running for two days and go back to the step-downs.")
    got = recall(conn, "wat did u tell me to do when my leg flared up again")
    assert [k for k, _ in kinds(got)] == ["chat"]


# word families


def test_everyday_words_of_runners_find_their_family():
    assert "physio" in query_terms(message_words("what did the sports therapist say"))
    assert "diagnosed" in query_terms(message_words("what was wrong with my leg"))
    assert "replace" in query_terms(message_words("when did i swap my sneakers"))
    assert "cold" in query_terms(message_words("full of snot and sniffles"))
    assert "cleared" in query_terms(message_words("when did it clear up"))
    assert "lower" in query_terms(message_words("my daily number went back down"))


def test_a_memory_is_compared_with_the_whole_family_not_the_searched_few():
    # "leg" searches its first few narrower words; a line saying "patella" still covers it.
    assert covered_words(["leg"], "the patella pain is back") > 0
    assert covered_words(["leg"], "booked the hotel") == 0


# reviews that retell a line


def _hit(kind: str, ref: int, day: str, text: str, score: float = 5.0) -> Hit:
    return Hit(kind, ref, day, text, score, label="week:2026-W36" if kind == REVIEW_KIND else "")


def test_a_review_does_not_set_the_bar_for_the_line_it_retells():
    line = _hit(JOURNAL_KIND, 1, "2026-09-05", "Bought Brooks to replace the Asics")
    review = _hit(REVIEW_KIND, 2, "2026-09-07",
                  "New Brooks bought on Saturday to replace the old Asics, shoes feel new")
    got = rank([review, line], message_words("when did i swap my old trainers for new sneakers"))
    assert [(r.hit.kind, r.hit.ref) for r in got] == [(JOURNAL_KIND, 1)]


def test_a_review_asked_for_is_kept(conn):
    seed_steps(conn)
    seed_journal(conn, ["Storm week, the park flooded"], entry_date="2026-11-24")
    review_id = save_review(conn, period_key="week:2026-W48", period_start="2026-11-23",
                            period_end="2026-11-29", text="The storm week: the park flooded.",
                            model="m", created_at="2026-11-30T08:00:00")
    assert ("review", review_id) in kinds(recall(conn, "what did my review say about the storm"))


# far guesses on a named day


def test_a_named_day_gets_no_far_guess_on_a_number_but_keeps_a_field_word(conn):
    seed_steps(conn)
    exchange(conn, "2026-11-04", "12k a day is hard on office days", "Split it into walks.")
    got = recall(conn, "how many steps on nov 27? was i over 12k that day")
    assert any(it.kind == "day" and it.day == "2026-11-27" for it in got.items)
    assert kinds(got) == []
    seed_journal(conn, ["Knee sore on the stairs"], entry_date="2026-10-03")
    assert [k for k, _ in kinds(recall(conn, "my knee on the 27th?"))] == ["journal"]


# days listed after a month


def test_days_listed_after_a_month_are_each_a_day():
    assert days("aug 19th and 20th steps?") == [("2026-08-19", "2026-08-19"),
                                                ("2026-08-20", "2026-08-20")]
    assert days("Nov 3, 4 and 5") == [("2026-11-03", "2026-11-03"), ("2026-11-04", "2026-11-04"),
                                      ("2026-11-05", "2026-11-05")]


def test_a_number_after_a_date_is_not_a_listed_day():
    assert days("nov 3 and 12k") == [("2026-11-03", "2026-11-03")]
    assert days("aug 19th and 20 minutes") == [("2026-08-19", "2026-08-19")]
    assert days("nov 3 and 12,000 steps") == [("2026-11-03", "2026-11-03")]
    assert days("nov 3 and 31") == [("2026-11-03", "2026-11-03")]   # no 31 November
    assert days("the 19th and 20th of aug") == [("2026-08-19", "2026-08-20")]


# events: weekends, relations without "the", "came down with"


def test_the_weekend_of_an_event_and_a_relation_without_the():
    from coach_tui.memory.events import EventPhrase, anchored_span, event_phrases

    assert event_phrases("my steps the weekend i came down with flu") == [
        EventPhrase("the weekend of", "flu")]
    assert event_phrases("weekend before lisbon, my steps?", frozenset({"lisbon"}))[0] == (
        EventPhrase("the weekend before", "lisbon"))
    today = date(2026, 12, 3)
    sunday = anchored_span(EventPhrase("the weekend of", "flu"), date(2026, 9, 27),
                           date(2026, 9, 30), today)
    wednesday = anchored_span(EventPhrase("the weekend of", "flu"), date(2026, 9, 23),
                              date(2026, 9, 30), today)
    assert sunday is not None and wednesday is not None
    assert (sunday.start, sunday.end) == (date(2026, 9, 26), date(2026, 9, 27))
    assert (wednesday.start, wednesday.end) == (date(2026, 9, 26), date(2026, 9, 27))


def test_n_weeks_ago_is_the_week_when_the_message_asks_about_a_week():
    from coach_tui.memory.daywords import named_spans

    today = date(2026, 12, 4)
    week = named_spans("what was my weekly total 5 weeks ago", today, "DMY")
    assert [(s.start, s.end) for s in week] == [(date(2026, 10, 26), date(2026, 11, 1))]
    day = named_spans("3 weeks ago today, did i hit target", today, "DMY")
    assert [(s.start, s.end) for s in day] == [(date(2026, 11, 13), date(2026, 11, 13))]


def test_where_was_i_on_a_named_day_brings_that_days_journal_line(conn):
    seed_steps(conn)
    [line] = seed_journal(conn, ["Lisbon: huge sightseeing day up to the castle"],
                          entry_date="2026-11-27")
    seed_journal(conn, ["Parkrun in the rain"], entry_date="2026-11-26")
    assert kinds(recall(conn, "how many steps on 27/11 and where was i that day")) == [
        ("journal", line)]
    assert kinds(recall(conn, "what did i do on 27/11, steps wise")) == []


def test_an_event_name_stops_where_the_next_part_of_the_message_starts():
    from coach_tui.memory.events import event_phrases

    assert [p.words for p in event_phrases("before the half what goal time did u predict")] == [
        "half"]


def test_again_with_a_kind_asked_dates_the_end_by_that_kind():
    told = Hit(CHAT_KIND, 1, "2026-11-18", "the patella pain is back after a jog", 5.0,
               reply="Go back to the step-downs.")
    later = _hit(JOURNAL_KIND, 2, "2026-11-19", "Knee settled after rest, no pain")
    words = message_words("what did you tell me when my leg hurt again")
    got = rank([told, later], words, asked=CHAT_KIND, end="last")
    assert [(r.hit.kind, r.hit.ref) for r in got] == [(CHAT_KIND, 1)]


def test_chat_filler_and_abbreviated_dates_are_not_searched_for():
    assert message_words("sat 10 oct whats the exact number lol, right?") == ["number"]
    assert "biscuit" in message_words("somethin happend with biscuit that day right?")
    assert message_words("which shoes should I try on") == ["shoes", "try"]


def test_while_the_goal_was_names_the_days_judged_on_it():
    from coach_tui.memory.goal_spans import asked_goal, goal_span
    from coach_tui.store.steps import Day

    assert asked_goal("while the goal was 12k how many days did i hit it") == 12_000
    assert asked_goal("the days my target was 12,000") == 12_000
    assert asked_goal("my goal is 12k") is None
    goals = [8_000] * 3 + [12_000] * 4 + [10_000] * 2
    stored = [Day(f"2026-11-{i + 1:02d}", 9_000, g) for i, g in enumerate(goals)]
    span = goal_span(12_000, stored, date(2026, 12, 1))
    assert span is not None and (span.start, span.end) == (date(2026, 11, 4), date(2026, 11, 7))
    assert goal_span(15_000, stored, date(2026, 12, 1)) is None


def test_the_lowest_day_asks_about_the_days_of_a_period():
    from coach_tui.memory.focus import qualifies
    from coach_tui.memory.ranking import Ranked

    review = Ranked(_hit(REVIEW_KIND, 1, "2026-10-26", "The storm week"), 1.0)
    assert qualifies("what did my review for 19-25 oct say", [review], REVIEW_KIND)
    assert not qualifies("what did my review for 19-25 oct say and what was my lowest day",
                         [review], REVIEW_KIND)


def test_a_span_up_to_a_month_dates_a_memory_a_longer_one_does_not():
    from coach_tui.memory.spans import Span
    words = message_words("how have my steps been since the trip")
    inside = _hit(CHAT_KIND, 1, "2026-11-09", "taper week is so weird, i feel sluggish", 2.5)
    october = Span("October 2026", date(2026, 10, 1), date(2026, 10, 31), True)
    since = Span("since the trip", date(2026, 10, 14), date(2026, 12, 2), True)
    november = Span("November 2026", date(2026, 11, 1), date(2026, 11, 30), True)
    assert [r.covered for r in rank([inside], words, spans=[november])] == [1.0]
    # Dated outside the month, or inside seven weeks: none of the message's words, no more.
    assert all(r.covered == 0 for r in rank([inside], words, spans=[october]))
    assert all(r.covered == 0 for r in rank([inside], words, spans=[since]))


def test_each_part_of_a_message_brings_only_what_nearly_matches_its_best():
    from coach_tui.memory.ranking import Ranked, merge
    knee = [Ranked(_hit(JOURNAL_KIND, 1, "2026-11-18", "knee niggle back"), 2.0),
            Ranked(_hit(JOURNAL_KIND, 2, "2026-11-19", "knee settled"), 1.6)]
    said = [Ranked(_hit(CHAT_KIND, 3, "2026-11-18", "patella pain is back"), 2.0),
            Ranked(_hit(CHAT_KIND, 4, "2026-11-09", "taper week"), 1.8)]
    assert [r.hit.ref for r in merge([knee, said])] == [1, 3, 4]
    # One part alone keeps its ranking as it came.
    assert [r.hit.ref for r in merge([knee])] == [1, 2]
