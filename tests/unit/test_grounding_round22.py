"""Round 22's classes, in phrasings of our own (never a labelled reply): a list under an
introduction that says what the list is for ("A way to close the gap:", "Suggested split:") is
a plan; the goal a wrong gap is measured against stays true; a change of a named fact ("your
average is up 1,143") is the change, not the fact's level."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check
from tests.unit.test_grounding import REQUEST, request


def outcomes(reply: str, req=REQUEST) -> dict[str, str]:
    return {m.text: m.outcome for m in check(reply, req)}


@pytest.mark.parametrize("reply, numbers", [
    ("One way to close it:\n- 35 minutes after lunch\n- 10 more after six", ["35", "10"]),
    ("Suggested split:\n- 4 weekdays at 10,800\n- Saturday at 12,400", ["4", "10,800", "12,400"]),
    ("Options:\n- 9,500 every day\n- 11,500 on the weekend days", ["9,500", "11,500"]),
    ("How to make up the gap:\n- 3,200 before noon\n- 2,600 in the evening", ["3,200", "2,600"]),
    ("A rough split for Saturday:\n- 6,000 on the morning loop\n- 7,000 later", ["6,000", "7,000"]),
])
def test_a_list_under_an_introduction_that_plans_is_advice(reply, numbers):
    got = outcomes(reply)
    for n in numbers:
        assert got[n] != "unsupported", (n, got)


@pytest.mark.parametrize("reply", [
    # the same lists under an introduction that reports stay claims
    "How last week went:\n- 4 days at 10,800\n- Saturday at 12,400",
    "Your days so far:\n- Thursday 10,800\n- Saturday 12,400",
])
def test_a_list_under_an_introduction_that_reports_makes_claims(reply):
    assert outcomes(reply)["10,800"] == "unsupported"


def test_the_goal_a_wrong_gap_is_measured_against_stays_true():
    got = outcomes("Sunday landed at 9,100, 1,100 short of your 10,000, so no goal day.")
    assert got["1,100"] == "unsupported"  # 10,000 − 9,100 is 900
    assert got["10,000"] != "unsupported"
    assert got["9,100"] == "quoted"


# the chat's invented streak of 47 days and best day of 18,406 (round 21c's history)
@pytest.mark.parametrize("reply, number", [
    # denied outright, with no verb of saying
    ("You're on a 4-day streak, not 47.", "47"),
    ("Your streak stands at 4 days rather than 47.", "47"),
    ("Your best is 13,313, not the 18,406 or anything like it.", "18,406"),
    # reported speech with "now" inside it, then a bare denial
    ("Earlier I said the streak was now 47 days. It isn't: it's 4.", "47"),
    # "take back" before what it takes back
    ("I have to take back the 47-day streak I gave you.", "47"),
    ("Walking back the 18,406 I gave you as your best day.", "18,406"),
])
def test_a_number_denied_or_taken_back_names_what_was_said(reply, number):
    from tests.unit.test_grounding_round21c import REQ
    mentions = {m.text: m for m in check(reply, REQ)}
    assert mentions[number].outcome == "quoted", mentions[number]
    assert mentions[number].source.startswith("an earlier reply, taken back: ")


@pytest.mark.parametrize("reply, number", [
    ("As I said, your streak is 47 days, not 4.", "47"),  # affirmed, the true one denied
    ("Your streak is not 4: it's 47.", "47"),
])
def test_an_invented_number_affirmed_beside_a_denial_stays_warned(reply, number):
    from tests.unit.test_grounding_round21c import REQ
    assert {m.text: m.outcome for m in check(reply, REQ)}[number] == "unsupported"


def test_the_next_item_after_plus_goes_on_suggesting():
    got = outcomes("- Weekdays: a lunch loop, 25 minutes, plus 15 after dinner.")
    assert got["25"] == got["15"] == "advice"


# round 22c (ra: a coach who quotes the chat back)
@pytest.mark.parametrize("reply, number", [
    # the earlier reply's words quoted, then taken back
    ('I have to take back "You\'re on a 47-day streak": it\'s 4.', "47"),
    ('What I wrote, "your best day was 18,406 steps", was wrong.', "18,406"),
    # a quotation mark between the number and the coach's words
    ('The "47-day" streak I gave you was wrong; it is 4.', "47"),
    # "only", and "doesn't exist"
    ("Earlier I only gave you a 47-day streak that doesn't exist.", "47"),
])
def test_a_number_quoted_from_the_chat_and_taken_back_is_what_was_said(reply, number):
    from tests.unit.test_grounding_round21c import REQ
    mentions = {m.text: m for m in check(reply, REQ)}
    assert mentions[number].outcome == "quoted", mentions[number]
    assert mentions[number].source.startswith("an earlier reply, ")


def test_an_earlier_reply_quoted_to_stand_by_it_stays_warned():
    from tests.unit.test_grounding_round21c import REQ
    got = {m.text: m.outcome for m in check('As I said: "You\'re on a 47-day streak".', REQ)}
    assert got["47"] == "unsupported"


# round 22d (rX: long replies with headings, tables and plans)
@pytest.mark.parametrize("reply, numbers", [
    ("## A steadier ramp\n\n- Week 1: 10,600 a day\n- Week 2: 11,200 a day", ["10,600", "11,200"]),
    ("### How to close it\n\nA 35-minute walk at lunch, then 3,800 after dinner.", ["35", "3,800"]),
])
def test_a_section_under_a_qualified_plan_heading_plans(reply, numbers):
    got = outcomes(reply)
    for n in numbers:
        assert got[n] != "unsupported", (n, got)


@pytest.mark.parametrize("reply, number, outcome", [
    # a change of the named fact, not its level: last week's 9,143 against the 30-day 8,387
    ("Your average is up 756 steps a day on the 30-day figure.", "756", "computed"),
    ("Last week's average rose by about 760 over the month's.", "760", "computed"),
    ("Your average is up 1,756 steps a day on the 30-day figure.", "1,756", "unsupported"),
    # the level after "up to" is still the fact
    ("Your average went up to 9,143 last week.", "9,143", "quoted"),
])
def test_a_change_of_a_named_fact_is_the_change(reply, number, outcome):
    assert outcomes(reply)[number] == outcome


def test_a_table_of_times_and_targets_plans():
    reply = ("| Slot | When | Target |\n|---|---|---|\n| Before work | 7:15 | 3,300 |\n"
             "| Lunch | 12:45 | 2,700 |\n| Evening | after 6 | 4,100 |")
    got = outcomes(reply)
    assert "unsupported" not in {got["3,300"], got["2,700"], got["4,100"]}, got


def test_a_table_of_days_with_their_targets_still_reports():
    reply = ("| Day | Steps | Target |\n|---|---|---|\n| Thu | 11,283 | 10,000 |\n"
             "| Sat | 12,900 | 10,000 |")
    assert outcomes(reply)["12,900"] == "unsupported"


# round 22f (rb: a coach who goes back over the chat)
@pytest.mark.parametrize("reply, number", [
    ("Earlier I gave you 18,406 as your best day. Your records say 13,313.", "18,406"),
    ("I put your streak at 47 days. The data shows 4.", "47"),
    ("My earlier figure of 47 days was rubbish; it's 4.", "47"),
    ("The 47-day claim was mine, and it was wrong.", "47"),
])
def test_a_number_the_records_are_set_against_is_taken_back(reply, number):
    from tests.unit.test_grounding_round21c import REQ
    mentions = {m.text: m for m in check(reply, REQ)}
    assert mentions[number].outcome == "quoted", mentions[number]


def test_the_records_that_agree_take_nothing_back():
    from tests.unit.test_grounding_round21c import REQ
    got = {m.text: m.outcome for m in check("Your streak is 47 days. The records say so.", REQ)}
    assert got["47"] == "unsupported"


@pytest.mark.parametrize("reply, outcome", [
    ("A 40-minute walk after dinner would add roughly 4,000-5,000.", "advice"),
    ("- Evening: 25 minutes around the block (about 2,500-3,000)", "advice"),
    # a range no walk of that length gives stays a claim
    ("A 10-minute walk after dinner would add roughly 6,000-7,000.", "unsupported"),
])
def test_a_range_of_steps_a_suggested_walk_gives_is_advice(reply, outcome):
    ranges = [m for m in check(reply, REQUEST) if m.kind == "range"]
    assert [m.outcome for m in ranges] == [outcome]


def test_a_bare_day_of_the_month_is_the_stated_date_ahead():
    # the request's memory states the city 10k on Dec 13; now is Wednesday 25 Nov
    got = outcomes("The race on the 13th is 18 days away.")
    assert got["18"] == "computed"
    assert outcomes("The race on the 13th is 12 days away.")["12"] == "unsupported"


@pytest.mark.parametrize("reply, outcome", [
    ("Keep the streak at 16 days: get 8,796 more today.", "unsupported"),  # the streak is 4
    ("Keep your streak going at 16 days.", "unsupported"),
    ("Keep the streak at 5 days: get 8,796 more today.", "computed"),  # 4 + today
])
def test_an_instruction_that_names_the_streak_states_it(reply, outcome):
    assert next(iter(outcomes(reply).values())) == outcome


def test_the_users_own_bare_date_is_not_a_notes_date():
    req = request("My calf has ached since the 20th. Should I rest it?")
    # the memory's note of 2026-11-20 is no rescue nor a conflict: the runner wrote the 20th
    got = {m.text: m.outcome for m in check("You said your calf has ached since the 20th.", req)}
    assert got["20th"] == "quoted"
