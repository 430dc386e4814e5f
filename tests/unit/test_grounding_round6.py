"""Round-6 mechanisms of the checker (generalised from a sixth labeller's replies), one test
each: a true number that must pass and a wrong one that must be flagged."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check, evidence_of, ranks
from coach_tui.coach.grounding.binding import Binder
from coach_tui.coach.grounding.reading import read_numbers
from tests.support import number_outcome
from tests.unit.test_grounding import REQUEST


def outcome(reply: str, number: str, req=REQUEST) -> str:
    return number_outcome(reply, number, req)


@pytest.mark.parametrize("reply, number, expected", [
    # a ranking: the days the sentence names are that many and the lowest / highest listed
    ("Sunday and Monday were the two lowest days.", "two", "computed"),
    ("Thursday and Monday were the two lowest days.", "two", "unsupported"),
    ("Saturday (12,245) and Thursday (11,283) were your two best days.", "two", "computed"),
    ("Saturday was one of your two best days.", "two", "computed"),
    ("Sunday was one of your two best days.", "two", "unsupported"),
    # days past a mark the reply sets: counted over the day lines, not any span that long
    ("Two days came in over 11,000.", "Two", "computed"),
    ("Three days came in over 11,000.", "Three", "unsupported"),
    ("Three days were under 12,000.", "Three", "computed"),
    ("Two of the four days landed above 11,000.", "Two", "computed"),
])
def test_counts_of_days_the_reply_defines(reply, number, expected):
    assert outcome(reply, number) == expected


def test_the_whole_of_x_of_y_days_is_not_the_count_past_the_mark():
    (four,) = [m for m in check("Two of the four days landed above 7,000.", REQUEST)
               if m.text == "four"]
    assert not (four.source or "").startswith("days over")  # the four listed, not four over 7,000


@pytest.mark.parametrize("reply, expected", [
    ("Saturday came in at 12,245. That's about 22% above your goal.", "computed"),
    ("Saturday came in at 12,245. That's about 30% above your goal.", "unsupported"),
])
def test_that_is_refers_to_the_day_of_the_sentence_before(reply, expected):
    assert outcome(reply, reply.split()[-4]) == expected


def test_a_change_between_periods_is_not_pinned_to_a_day_the_sentence_before_names():
    reply = "Last week averaged 9,143, helped by Saturday's 12,245. That's up about 9%."
    assert outcome(reply, "9%") == "unsupported"  # (no earlier average to change from)


def test_cleared_a_mark_is_a_level_not_a_gap():
    assert outcome("Saturday's 12,245 cleared 10,000.", "12,245") == "quoted"
    assert outcome("Saturday's 12,425 cleared 10,000.", "12,425") == "unsupported"


def test_x_of_a_step_level_is_a_count_of_steps_not_of_days():
    assert outcome("Today you're at 1,204 of 10,000.", "1,204") == "quoted"
    assert outcome("Today you're at 1,402 of 10,000.", "1,402") == "unsupported"


@pytest.mark.parametrize("reply, number, expected", [
    ("Saturday's 12,245 against Monday's 8,000: about 53% higher.", "53%", "computed"),
    ("Saturday's 12,245 against Monday's 8,000: about 35% higher.", "35%", "unsupported"),
    ("Saturday's 12,245 against Monday's 8,000: about 53% lower.", "53%", "unsupported"),
])
def test_a_change_of_two_true_counts_the_sentence_pairs(reply, number, expected):
    assert outcome(reply, number) == expected


def test_a_supposed_target_is_advice_a_lived_one_is_not():
    assert outcome("If you hit 9k tomorrow, you're back on track.", "9k") == "advice"
    assert outcome("Once you manage 11,500 a day, the week looks after itself.",
                   "11,500") == "advice"
    assert outcome("If you hit 9k yesterday, you're back on track.", "9k") == "unsupported"


def test_a_day_a_supposition_names_does_not_bind_the_clauses_after_it():
    reply = ("If it's today through Sunday, that's five days, which is not far off your best "
             "day of the last 30, 13,313.")
    assert outcome(reply, "13,313") == "quoted"
    assert outcome(reply.replace("13,313", "13,331"), "13,331") == "unsupported"


def test_a_question_to_ask_after_another_quoted_one_is_still_words_to_type():
    reply = 'If you ask "how did last week go?" or "how did the week of Oct 12 go?", I can look.'
    assert outcome(reply, "Oct 12") == "advice"
    assert outcome("The week of Oct 12 was your best.", "Oct 12") == "unsupported"


def test_the_steps_a_suggested_activity_gives_are_advice_a_done_one_is_checked():
    assert outcome("- **Lunch:** a 30-minute flat loop, roughly 3,500 steps", "3,500") \
        == "advice"
    assert outcome("You did a 30-minute loop, roughly 3,500 steps.", "3,500") == "unsupported"


@pytest.mark.parametrize("reply, number, expected", [
    ("Last week had three goal days.", "three", "quoted"),
    ("Last week had 3 days at goal.", "3", "quoted"),
    ("Last week had four goal days.", "four", "unsupported"),  # not 7 recorded − 3 met
    ("That makes 4 goal days in a row.", "4", "quoted"),  # a streak, not a count of met days
])
def test_n_goal_days_counts_the_days_that_met_it(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, expected", [
    ("If it's today through Sunday, that's five days.", "Wed Nov 25 to Sun Nov 29: 5 days"),
    ("Through Monday it's six days.", "Wed Nov 25 to Mon Nov 30: 6 days"),
    ("From Thursday to Saturday is 3 days.", "Thu Nov 26 to Sat Nov 28: 3 days"),
    ("If it's today through Sunday, that's six days.", None),
])
def test_a_count_of_days_ahead_in_a_span_the_sentence_names(reply, expected):
    ev = evidence_of(REQUEST)  # today is Wednesday Nov 25
    atoms = read_numbers(reply)
    count = next(a for a in atoms if a.kind == "count")
    found = ranks.span_ahead(reply, count, ev, Binder(reply, atoms, ev))
    assert (found[1] if found else None) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # the day after "vs Y" is Y's, the one before "against Y" is the first side's
    ("Saturday, clearly: 12,245 vs 8,000 on Monday.", "12,245", "quoted"),
    ("Saturday, clearly: 12,245 vs 8,000 on Saturday.", "8,000", "unsupported"),
    ("Saturday and Sunday averaged about 10,700 against 8,000 on Monday.", "8,000", "quoted"),
    ("Saturday and Sunday averaged about 10,700 against 9,000 on Monday.", "9,000",
     "unsupported"),
])
def test_a_day_on_the_other_side_of_vs_does_not_bind(reply, number, expected):
    assert outcome(reply, number) == expected


def test_the_days_left_in_the_week_count_from_today_to_sunday():
    ev = evidence_of(REQUEST)  # Wednesday
    for reply, expected in (("That leaves 30,000 for the five days from today this week.",
                             "Wed Nov 25 to Sun Nov 29: 5 days"),
                            # "days left" may leave today out (Thursday to Sunday, as
                            # its source says since round 20)
                            ("That leaves 30,000 for the four days left this week.",
                             "Thu Nov 26 to Sun Nov 29: 4 days"),
                            ("That leaves 30,000 for the three days left this week.",
                             "Wed Nov 25 to Sun Nov 29 is 5 days")):
        atoms = read_numbers(reply)
        count = next(a for a in atoms if a.word)
        found = ranks.span_ahead(reply, count, ev, Binder(reply, atoms, ev))
        assert (found[1] if found else None) == expected


def test_a_supposed_level_with_any_subject_and_a_modal_is_advice():
    reply = "If this week's weekdays can hold around 10,500, you'll beat last week."
    assert outcome(reply, "10,500") == "advice"
    assert outcome("If last week's average was 9,341, fine.", "9,341") == "unsupported"


def test_a_count_past_the_goal_over_a_period_not_listed_day_by_day_uses_its_counts():
    # the request states "goal met on 10 of the last 30 days" but lists only four days
    assert outcome("You had 10 days over 10,000 in the last 30.", "10") == "quoted"
    assert outcome("You had 11 days over 10,000 in the last 30.", "11") == "unsupported"


def test_a_ranking_word_before_a_window_is_not_a_ranking():
    assert outcome("Your lowest 7-day average since Monday was fine.", "7") == "quoted"


def test_that_is_borrows_the_day_only_for_a_gap_or_change_of_it():
    reply = "Saturday hit 12,245. That's well above the 8,387 you usually manage."
    assert outcome(reply, "8,387") == "quoted"  # the 30-day average, not Saturday's count
