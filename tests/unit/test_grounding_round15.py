"""Round 15 of the number checker: classes a fifteenth writer's replies showed, each in
phrasings of its own, with the case that must stay warned beside the one it clears."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check, evidence_of, lenient
from coach_tui.coach.grounding.verdict import NumberMention
from tests.support import number_outcome
from tests.unit.test_grounding_round7 import real

REQUEST = """Now: Monday 2026-11-30, 19:05. Today so far: 6,420 steps of a 10,000 goal \
(partial: the day is not over).
- Mon 2026-11-23: 9,231 steps, goal 10,000, not met
- Tue 2026-11-24: 8,963 steps, goal 10,000, not met
- Wed 2026-11-25: 12,028 steps, goal 10,000, met
- Thu 2026-11-26: 7,651 steps, goal 10,000, not met
- Fri 2026-11-27: 10,210 steps, goal 10,000, met
- Sat 2026-11-28: 11,470 steps, goal 10,000, met
- Sun 2026-11-29: 10,776 steps, goal 10,000, met
- step goal streak: 3 days (through 2026-11-29)
- longest goal streak in the last 365 days: 11 days (2026-08-20 to 2026-08-30)
"""


def outcome(reply: str, number: str) -> str:
    return number_outcome(reply, number, REQUEST)


@pytest.mark.parametrize("reply, number, expected", [
    # longest 11 − streak 3 = 8, however the words point back at the record
    ("You're on a 3-day run, 8 days short of matching that record of 11.", "8", "computed"),
    ("Your longest run this year was 11 days. To equal it you'd need 8 more days in a row.",
     "8", "computed"),
    ("Your record is 11 days. You are 8 more goal days in a row from tying it.", "8",
     "computed"),
    # the same words with the wrong gap stay warned
    ("You're on a 3-day run, 6 days short of matching that record of 11.", "6",
     "unsupported"),
    ("Your longest run this year was 11 days. To equal it you'd need 7 more days in a row.",
     "7", "unsupported"),
])
def test_days_to_match_the_longest_streak_are_worked_out(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("At 6,420 now, so 3,580 more this evening wraps up the day.", "3,580", "computed"),
    ("At 6,420 now, so 2,580 more this evening wraps up the day.", "2,580", "unsupported"),
    ("You're sitting at 6,420, so 4,580 more tonight.", "4,580", "unsupported"),
    ("You're at 6,420, so 3,580 more tonight.", "3,580", "computed"),
    # a plan sized in its own steps is still advice
    ("You're at 6,420, so get 1,700 more in before dinner and walk the rest after.", "1,700",
     "advice"),
])
def test_what_today_leaves_to_the_goal_is_a_claim_not_a_plan(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("Until the knee settles, 3–4 easy walks of 15–20 minutes beat one long slog.", "3–4",
     "advice"),
    ("Until the knee settles, 3–4 easy walks of 15–20 minutes beat one long slog.", "15–20",
     "advice"),
    # a range that reports what the user did is a claim
    ("Last week you walked 5–6 times a day, most of them on Wednesday.", "5–6", "unsupported"),
])
def test_a_range_of_walks_or_minutes_is_a_plan(reply, number, expected):
    assert outcome(reply, number) == expected


def relaxed(reply: str, number: str) -> str:
    """The last stage (lenient.py) alone on `number`, warned by the verdict; sentences end
    at ". "."""
    at = reply.index(number)

    def sentence(pos: int) -> tuple[int, int]:
        start = reply.rfind(". ", 0, pos) + 2 if ". " in reply[:pos] else 0
        end = reply.find(". ", pos)
        return start, len(reply) if end < 0 else end + 1

    warned = NumberMention(at, at + len(number), number, "count", "unsupported")
    out = lenient.relax(reply, [warned], evidence_of(REQUEST), sentence,
                        lambda m, o, s: NumberMention(m.start, m.end, m.text, m.kind, o, s))
    return out[0].outcome


@pytest.mark.parametrize("reply, number, expected", [
    ("Mon (9,231) and Thu (7,651) were the soft spots. Those two days pulled the week "
     "down.", "two", "quoted"),
    ("The dip came on Tuesday (8,963) and Thursday (7,651), the two days under 9,000.",
     "two", "quoted"),
    ("Three hits, and two of those (Wed 12,028, Sat 11,470) cleared 11,000.", "two",
     "quoted"),
    ("Wednesday the 25th beat Tuesday the 24th. It was the better of the two on Wednesday.",
     "two", "quoted"),
    # as many days as the words name, and not a ranking (the days' values decide that one)
    ("The dip came on Tuesday (8,963) and Thursday (7,651), the three days under 9,000.",
     "three", "unsupported"),
    ("The dip came on Tuesday (8,963) and Thursday (7,651), the two lowest days.", "two",
     "unsupported"),
])
def test_a_count_of_the_days_a_sentence_names_is_quoted(reply, number, expected):
    assert relaxed(reply, number) == expected


def test_the_days_pointed_back_at_are_the_period_s_size():
    assert outcome("Your best of those 7 was Wednesday.", "7") == "quoted"
    assert outcome("Your best of those 9 was Wednesday.", "9") == "unsupported"


def test_a_spaced_em_dash_is_an_aside_not_a_range():
    found = {m.text: m.outcome for m in check(
        "Thursday came in at 7,651 — 2,349 short of the goal.", REQUEST)}
    assert found == {"Thursday": "quoted", "7,651": "quoted", "2,349": "computed"} \
        or found.get("7,651") == "quoted" and found.get("2,349") == "computed"


WEEKS = REQUEST + """\
- last week (2026-11-23 to 2026-11-29): 7 of 7 days recorded, 69,701 steps, average \
9,957/day, goal met on 4, best 12,028 on 2026-11-25
- the week before (2026-11-16 to 2026-11-22): 7 of 7 days recorded, 61,446 steps, average \
8,778/day, goal met on 2, best 11,203 on 2026-11-18
"""


@pytest.mark.parametrize("reply, number, expected", [
    ("Last week was the stronger one: your average climbed from 8,778 to 9,957.", "8,778",
     "quoted"),
    ("Last week was the stronger one: your average climbed from 8,400 to 9,957.", "8,400",
     "unsupported"),
    # the goal is the goal whatever part of the week the sentence is about
    ("Your weekdays are where the gap to 10,000 lives.", "10,000", "quoted"),
])
def test_the_start_of_a_change_and_the_goal_are_not_bound_to_the_period_named(
        reply, number, expected):
    found = [m for m in check(reply, WEEKS) if m.text == number]
    assert found and found[0].outcome == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_10 asks for the last 7 days' average; an answer that names days of its own is
    # about those days (Sat 9,717 + Sun 11,470; Tue-Thu 8,963 + 12,028 + 7,651)
    ("The weekend averaged 10,594, against 9,628 on weekdays.", "10,594", "computed"),
    ("Midweek, Tuesday to Thursday averaged 9,547.", "9,547", "computed"),
    ("The weekend averaged 10,894, against 9,628 on weekdays.", "10,894", "unsupported"),
    # one that names none is about the period asked
    ("About 9,550 a day.", "9,550", "unsupported"),
])
def test_days_the_answer_names_outweigh_the_period_asked(reply, number, expected):
    assert real_outcome(reply, number, "request_10.json") == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_10's last 7 days: five over 9,000 (Mon, Wed, Fri, Sat, Sun), four over 9,500
    ("Five of seven days topped 9,000.", "Five", "computed"),
    ("You were over 9,000 on 5 of the 7 days.", "5", "computed"),
    ("You topped 9,000 on five days.", "five", "computed"),
    ("You stayed above 9,500 on 4 of the 7 days.", "4", "computed"),
    ("You were over 9,000 on 6 of the 7 days.", "6", "unsupported"),
    ("You topped 9,000 on four days.", "four", "unsupported"),
])
def test_a_count_of_days_past_a_mark_its_clause_names_is_redone(reply, number, expected):
    assert real_outcome(reply, number, "request_10.json") == expected


def real_outcome(reply: str, number: str, name: str) -> str:
    return number_outcome(reply, number, real(name))


@pytest.mark.parametrize("reply, number, expected", [
    # request_19: "I'm aiming for 12k a day in December" (now Dec 1): the month's days
    ("At 12k a day that comes to 372,000 steps in December.", "372,000", "computed"),
    ("At 12k a day that comes to 392,000 steps in December.", "392,000", "unsupported"),
    ("That is 12k on each of December's 31 days.", "31", "quoted"),
])
def test_a_daily_target_over_the_month_it_names(reply, number, expected):
    assert real_outcome(reply, number, "request_19.json") == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("Across November's 30 days you met the goal often.", "30", "quoted"),
    ("Across November's 31 days you met the goal often.", "31", "unsupported"),
    ("Across October's 31 days you met the goal often.", "31", "quoted"),
])
def test_a_month_s_own_days_are_its_length(reply, number, expected):
    assert relaxed(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_21 (Wednesday Dec 2): last week 69,329, this week so far 22,548; Wed-Sun is 5
    ("To beat last week you need 46,781 more over the next five days, about 9,356 a day.",
     "five", "computed"),
    ("To beat last week you need 46,781 more over the next six days, about 7,797 a day.",
     "six", "unsupported"),
])
def test_the_next_days_of_the_week_are_counted_to_sunday(reply, number, expected):
    assert real_outcome(reply, number, "request_21.json") == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_23 (the week 48 review): a stretch the sentence names, not the week reviewed
    ("The strongest stretch was Wednesday to Sunday, averaging 10,227.", "10,227", "computed"),
    ("The strongest stretch was Wednesday to Sunday, averaging 10,527.", "10,527",
     "unsupported"),
])
def test_a_stretch_the_review_names_is_its_own(reply, number, expected):
    assert real_outcome(reply, number, "request_23.json") == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("Best stretch: Tue-Sat, where 3 of the 5 days met the goal.", "5", "quoted"),
    ("From Thursday through Sunday you met it on 3 of the 4 days.", "4", "quoted"),
    ("Best stretch: Tue-Sat, where 3 of the 6 days met the goal.", "6", "unsupported"),
])
def test_the_size_of_a_span_of_weekdays_the_sentence_names(reply, number, expected):
    assert relaxed(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_14: 7-day average 9,905, 30-day 9,494 (411 apart)
    ("The 7-day average is 411 above the 30-day one.", "411", "computed"),
    ("The 7-day average is 511 above the 30-day one.", "511", "unsupported"),
])
def test_a_gap_to_an_n_day_figure_is_a_gap_not_a_span(reply, number, expected):
    assert real_outcome(reply, number, "request_14.json") == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_11 asks "Compare October and November for me." (8,020 -> 9,503 a day: +18.5%)
    ("November's average was 1,483 higher per day, an 18.5% jump.", "18.5%", "computed"),
    # the base the question names, not the later month
    ("November's average was 1,483 higher per day, a 15.6% jump.", "15.6%", "unsupported"),
])
def test_a_change_between_the_periods_the_question_names(reply, number, expected):
    assert real_outcome(reply, number, "request_11.json") == expected


@pytest.mark.parametrize("reply, number, expected", [
    # request_23 (week 48): Thursday 7,651 is the only day under 8,000; Fri-Sun average 10,485
    ("The high was Wednesday the 25th at 12,028; the low was Thursday the 26th at 7,651, the "
     "only day under 8,000.", "8,000", "computed"),
    ("The high was Thursday the 26th at 7,651; the low was Wednesday the 25th, the only day "
     "under 8,000.", "8,000", "unsupported"),
    ("The weekend came to 21,187, and the last three days averaged 10,485.", "three",
     "computed"),
    ("The last four days averaged 10,485.", "four", "unsupported"),
])
def test_the_day_and_the_window_a_sentence_points_at(reply, number, expected):
    assert real_outcome(reply, number, "request_23.json") == expected
