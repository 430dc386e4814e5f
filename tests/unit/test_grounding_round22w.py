"""Round 22w's classes (rW, a writer for a phone: rounded, worded, medium replies), in
phrasings of our own (never a labelled reply): a fact "is up" so much is its change; "makes it
N" after today's gap is the next count; a share's hedge ("a little under half") is no word of
missing; an average "just under" a value is no mark days are counted by; a ratio after a rounded
gap ("about 1,600 more, nearly a fifth more") is worked out over that gap's operands; a length
of time put in a slot of the day ("25 minutes before work") sizes a plan; "your average" with
nothing named is a stated average; a gap "more than" a count written in full is from it; a mark
a day went past is no aim reported as done; a plan's size that "gets you there" is advice."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check
from tests.unit.test_grounding import request

CONTEXT = "\n".join([
    "CONTEXT FOR THIS MESSAGE (added by the app, not typed by the user; numbers here come "
    "from the user's records):",
    "Now: Wednesday 2026-12-02, 19:00. Today so far: 8,650 steps of a 10,000 goal "
    "(partial: the day is not over).",
    "Days this message mentions:",
    "- Mon 2026-11-30: 8,800 steps, goal 10,000, not met",
    "- Tue 2026-12-01: 12,600 steps, goal 10,000, met",
    "- this week so far (2026-11-30 to 2026-12-01): 2 of 2 days recorded, 21,400 steps, "
    "average 10,700/day, goal met on 1, best 12,600 on 2026-12-01",
    "- October 2026 (2026-10-01 to 2026-10-31): 31 of 31 days recorded, 263,500 steps, "
    "average 8,500/day, goal met on 9, best 13,100 on 2026-10-09",
    "- November 2026 (2026-11-01 to 2026-11-30): 30 of 30 days recorded, 303,300 steps, "
    "average 10,110/day, goal met on 12, best 12,900 on 2026-11-14",
])
SNAPSHOT = "\n".join([
    "MEMORY (code-derived facts and journal lines):",
    "- step goal streak: 1 days (through 2026-12-01)",
    "- goal met on 12 of the last 30 days (2026-11-01 to 2026-11-30)",
])
REQ = request("How did November compare with October?", context=CONTEXT, snapshot=SNAPSHOT)


def outcomes(reply: str) -> dict[str, str]:
    return {m.text: m.outcome for m in check(reply, REQ)}


def test_a_fact_up_by_so_much_is_its_change():
    got = outcomes("- October: 8,500 a day\n- November: 10,110 a day\n\n"
                   "So the daily average is up 1,610 steps.")
    assert got["1,610"] == "computed"
    got = outcomes("- October: 8,500 a day\n- November: 10,110 a day\n\n"
                   "So the daily average is up 2,300 steps.")
    assert got["2,300"] == "unsupported"  # 10,110 − 8,500 is 1,610


@pytest.mark.parametrize("reply, n, outcome", [
    ("You met the goal on 12 days in November.\n\nYou're 1,350 short: one more walk makes it 13.",
     "13", "computed"),
    ("You met the goal on 12 days in November.\n\nYou're 1,350 short: one more walk makes it 15.",
     "15", "unsupported"),
])
def test_makes_it_after_todays_gap_is_the_next_count(reply, n, outcome):
    assert outcomes(reply)[n] == outcome


@pytest.mark.parametrize("reply, n, outcome", [
    ("You reached 10,000 on a little under half your days (12 of 30).", "12", "quoted"),
    ("You reached 10,000 on just under half of your days: 14 of 30.", "14", "unsupported"),
    ("You dropped under 10,000 on 18 of 30 days.", "18", "computed"),  # missing still read
])
def test_a_shares_hedge_is_no_word_of_missing(reply, n, outcome):
    assert outcomes(reply)[n] == outcome


def test_an_average_just_under_a_value_is_no_mark():
    got = outcomes("This week's two days so far average just under 10.8k.")
    assert got["two"] != "unsupported" and got["10.8k"] != "unsupported"
    # a mark the days are counted by still counts them (only Monday was under 10,000)
    assert outcomes("This week two days came in under 10,000.")["two"] == "unsupported"


@pytest.mark.parametrize("share, outcome", [("nearly a fifth", "computed"),
                                            ("about a third", "unsupported")])
def test_a_ratio_after_a_rounded_gap_is_over_that_gaps_operands(share, outcome):
    got = check("October ran about 8.5k a day and November about 10.1k. That's roughly 1,600 "
                f"more steps a day, {share} more.", REQ)
    assert [m.outcome for m in got if m.kind in ("ordinal", "fraction")] == [outcome], got


def test_a_length_of_time_in_a_slot_of_the_day_sizes_a_plan():
    got = outcomes("You're at 8,650, so 1,350 to go.\n\n- 25 minutes before dinner\n"
                   "- 15 minutes after it")
    assert got["25"] == "advice" and got["15"] == "advice"
    assert outcomes("Yesterday you walked 25 minutes before dinner.")["25"] == "unsupported"


@pytest.mark.parametrize("reply, n, outcome", [
    ("Your average is about 9.8k a day.", "9.8k", "unsupported"),  # Sat to Mon's only
    ("Your average is around 10.7k a day.", "10.7k", "unsupported"),  # the weekend's only
    ("Your average is about 9.5k a day.", "9.5k", "quoted"),  # the 7-day average
    ("Over Saturday and Sunday your average was about 10.7k.", "10.7k", "computed"),
    ("Your average is about 9.8k over the last three days.", "9.8k", "computed"),
])
def test_your_average_with_nothing_named_is_a_stated_one(reply, n, outcome):
    from tests.unit.test_grounding import REQUEST
    assert {m.text: m.outcome for m in check(reply, REQUEST)}[n] == outcome


@pytest.mark.parametrize("reply, n, outcome", [
    # the 7-day average is 9,486: a gap "than" it is worked out from it
    ("You would need roughly 1,500 more steps a day than your 7-day average of 9,486.",
     "1,500", "computed"),  # 11,000 aimed − 9,486 = 1,514
    ("You would need roughly 2,000 more steps a day than your 7-day average of 9,486.",
     "2,000", "unsupported"),  # a gap leaving 9,486 out (11,000 − 9,000) does not stand
    # the other side a true count before it in the sentence
    ("Saturday had 12,245, about 3,100 more than Sunday's 9,100.", "3,100", "computed"),
])
def test_a_gap_than_a_written_count_is_from_that_count(reply, n, outcome):
    req = request("I want to hit 11,000 a day. And I once did 9,000 in a morning.")
    assert {m.text: m.outcome for m in check(reply, req)}[n] == outcome


@pytest.mark.parametrize("aim, reply, n, outcome", [
    # the best of the last 30 is 13,313: a day went past the mark
    ("Could I ever do 13,000 a day?", "You've already reached over 13,000 before.",
     "13,000", "quoted"),
    # the same words with no day past it still report an aim as done
    ("Could I ever do 14,500 a day?", "You've already reached 14,500 before.",
     "14,500", "unsupported"),
])
def test_a_mark_a_day_went_past_is_no_aim_reported_as_done(aim, reply, n, outcome):
    assert {m.text: m.outcome for m in check(reply, request(aim))}[n] == outcome


@pytest.mark.parametrize("reply, n, outcome", [
    ("Six weekdays at the goal and one long weekend walk get you there.", "Six", "advice"),
    ("Six weekdays at the goal gets you to the total.", "Six", "advice"),
    # a report of days done stays a claim
    ("You cleared 9,000 on six weekdays last month.", "six", "unsupported"),
])
def test_a_plans_size_that_gets_you_there_is_advice(reply, n, outcome):
    from tests.unit.test_grounding import REQUEST
    assert {m.text: m.outcome for m in check(reply, REQUEST)}[n] == outcome
