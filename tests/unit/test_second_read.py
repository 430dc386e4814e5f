"""The second read: the model's proposed sources for warned numbers, believed only when code
confirms them (grounding/proposed.py), and the question and answer around it
(coach/second_read.py)."""

from __future__ import annotations

import json

import pytest

from coach_tui.coach.grounding import check
from coach_tui.coach.grounding.proposed import Proposal, checked, confirmed
from coach_tui.coach.second_read import applied, listing, max_tokens_for, question, read_answer

PERSONA = "You are a coach. Aim for 10,000 steps; a 4,321-step walk is a fine start."
CONTEXT = ("CONTEXT FOR THIS MESSAGE (added by the app, not typed by the user; numbers here "
           "come from the user's records):\n"
           "Now: Monday 2026-11-30, 08:15. Today so far: 812 steps of a 10,000 goal (partial: "
           "the day is not over).\n"
           "Days this message mentions:\n"
           "- Thu 2026-11-26: 7,651 steps, goal 10,000, not met\n"
           "- Fri 2026-11-27: 10,269 steps, goal 10,000, met\n"
           "- last week (2026-11-23 to 2026-11-29): 7 of 7 days recorded, 69,329 steps, "
           "average 9,904/day, goal met on 3, best 12,028 on 2026-11-25")
REQUEST = {
    "system": [{"type": "text", "text": PERSONA},
               {"type": "text", "text": "MEMORY:\n- step goal streak: 1 days (through "
                                        "2026-11-29)"}],
    "messages": [
        {"role": "user", "content": [{"type": "text", "text": "How was last week?"}]},
        {"role": "assistant", "content": [{"type": "text", "text": "You walked 55,555 steps."}]},
        {"role": "user", "content": [{"type": "text", "text": CONTEXT},
                                     {"type": "text", "text": "And the 13th? It's 13 days to "
                                                              "my 10k on 2026-12-13."}]},
    ],
}
TODAY = "Today so far: 812 steps of a 10,000 goal (partial: the day is not over)."
WEEK = "last week (2026-11-23 to 2026-11-29): 7 of 7 days recorded, 69,329 steps"


def verdict(reply: str, needle: str, proposal: Proposal, occurrence: int = 1):
    at = -1
    for _ in range(occurrence):
        at = reply.index(needle, at + 1)
    return confirmed(reply, at, at + len(needle), proposal, REQUEST)


def test_arithmetic_over_stated_numbers_is_confirmed_with_its_working():
    got = verdict("You're on 812, so you have 9,188 to go today.", "9,188",
                  Proposal("computed", (TODAY,), "10,000 - 812"))
    assert got == ("computed", f"10,000 - 812 = 9,188 (from: {TODAY})")


def test_arithmetic_must_start_from_what_the_reply_says():
    # from no number the reply shows and no day it names, any two lines would do
    assert verdict("You have 9,188 to go today.", "9,188",
                   Proposal("computed", (TODAY,), "10,000 - 812")) is None
    days = ("Thu 2026-11-26: 7,651 steps", "Fri 2026-11-27: 10,269 steps")
    assert verdict("Thursday and Friday came to 17,920.", "17,920",
                   Proposal("computed", days, "7,651 + 10,269"))[0] == "computed"
    assert verdict("Two days came to 17,920.", "17,920",
                   Proposal("computed", days, "7,651 + 10,269")) is None
    # the number itself is no number the reply shows for its own working ("15 * 1" of a
    # clock's 08:15)
    assert verdict("Your streak is 15 days.", "15", Proposal(
        "computed", ("Now: Monday 2026-11-30, 08:15.",), "15 * 1")) is None


def test_arithmetic_that_does_not_give_the_number_is_not():
    assert verdict("You have 9,288 to go today.", "9,288",
                   Proposal("computed", (TODAY,), "10,000 - 812")) is None


def test_an_operand_no_line_states_is_not_confirmed():
    # 9,000 is in no line: the arithmetic may not bring its own numbers
    assert verdict("That's 188 over.", "188",
                   Proposal("computed", (TODAY,), "9,188 - 9,000")) is None


def test_a_line_not_in_the_evidence_is_not_confirmed():
    # an earlier coach reply and the persona are not data
    assert verdict("You walked 55,555 steps.", "55,555",
                   Proposal("quoted", ("You walked 55,555 steps.",))) is None
    assert verdict("A 4,321-step walk.", "4,321",
                   Proposal("quoted", ("a 4,321-step walk is a fine start",))) is None


def test_a_quoted_value_must_be_in_its_line_to_the_precision_written():
    reply = "Last week came to about 69,300 steps, or 69.3k."
    assert verdict(reply, "69,300", Proposal("quoted", (WEEK,))) == ("quoted", WEEK)
    assert verdict(reply, "69.3k", Proposal("quoted", (WEEK,))) == ("quoted", WEEK)
    assert verdict("Last week came to 69,900 steps.", "69,900",
                   Proposal("quoted", (WEEK,))) is None


def test_a_day_line_must_be_the_day_the_sentence_names():
    line = "Fri 2026-11-27: 10,269 steps, goal 10,000, met"
    assert verdict("Friday's 10,269 was the pick.", "10,269",
                   Proposal("quoted", (line,))) == ("quoted", line)
    # true of Friday, said of Thursday: the value elsewhere does not rescue it
    assert verdict("Thursday's 10,269 was the pick.", "10,269",
                   Proposal("quoted", (line,))) is None


def test_a_share_a_percentage_and_a_change_are_redone():
    line = "last week (2026-11-23 to 2026-11-29): 7 of 7 days recorded, 69,329 steps, " \
           "average 9,904/day, goal met on 3"
    assert verdict("You met it on 3 days, 43% of them.", "43%",
                   Proposal("computed", (line,), "3 / 7 * 100"))[0] == "computed"
    assert verdict("You met it on 3 days, 43% of them.", "43%",
                   Proposal("computed", (line,), "3 / 7"))[0] == "computed"
    # a fall written without its sign: its size is checked
    assert verdict("Friday's 10,269 was down 14.6% on the best day.", "14.6%", Proposal(
        "computed", ("best 12,028 on 2026-11-25", "Fri 2026-11-27: 10,269 steps"),
        "(10,269 - 12,028) / 12,028 * 100"))[0] == "computed"


def test_days_between_two_stated_dates():
    got = verdict("The 10k is 13 days away.", "13", Proposal(
        "computed", ("Now: Monday 2026-11-30, 08:15.", "my 10k on 2026-12-13"),
        "2026-12-13 - 2026-11-30"))
    assert got is not None and got[0] == "computed"
    # a date no line names is no operand
    assert verdict("The 10k is 14 days away.", "14", Proposal(
        "computed", ("Now: Monday 2026-11-30, 08:15.",), "2026-12-14 - 2026-11-30")) is None


def test_a_count_of_days_as_ones_over_their_lines():
    lines = ("Fri 2026-11-27: 10,269 steps, goal 10,000, met",
             "best 12,028 on 2026-11-25")
    assert verdict("You cleared 10k on 2 days.", "2",
                   Proposal("computed", lines, "1 + 1"))[0] == "computed"
    # ones alone, with no line's number, prove nothing
    assert verdict("You cleared 10k on 2 days.", "2",
                   Proposal("computed", (), "1 + 1")) is None


def test_only_arithmetic_is_evaluated():
    for calc in ("__import__('os')", "10,000 ** 2", "10,000 - ", "max(10,000, 812)", ""):
        assert verdict("You have 9,188 to go.", "9,188",
                       Proposal("computed", (TODAY,), calc)) is None


def test_a_quoted_date_must_be_a_date_its_line_names():
    line = "Fri 2026-11-27: 10,269 steps, goal 10,000, met"
    assert verdict("Your goal day was Nov 27.", "Nov 27",
                   Proposal("quoted", (line,)))[0] == "quoted"
    assert verdict("Your goal day was Nov 28.", "Nov 28", Proposal("quoted", (line,))) is None
    # (a date given as a best's day needs a line that gives a best on it: a day's own line
    # does not; tests/unit/test_second_read_ties.py)
    assert verdict("Your best was Nov 27.", "Nov 27", Proposal("quoted", (line,))) is None


def test_advice_is_taken_and_unsupported_stays_warned():
    assert verdict("Try 3,000 before lunch.", "3,000", Proposal("advice"))[0] == "advice"
    assert verdict("You did 3,000 before lunch.", "3,000", Proposal("unsupported")) is None


def test_the_question_lists_each_warned_number_in_its_sentence():
    reply = "Good week.\nThursday's 14,730 was big. Try 20 minutes more."
    numbers = [m for m in check(reply, REQUEST) if m.unsupported]
    assert [m.text for m in numbers] == ["14,730"]
    assert listing(reply, numbers) == '1. "14,730" in: Thursday\'s [[14,730]] was big.'
    text = question(reply, numbers)
    assert text.startswith("CHECK YOUR NUMBERS") and text.endswith("[[14,730]] was big.\n")


def test_the_answer_is_read_leniently_and_what_is_not_understood_stays_warned():
    text = ("```json\n" + json.dumps([
        {"n": 2, "is": "computed", "from": [TODAY], "calc": "10,000 - 812"},
        {"n": 1, "is": "maybe", "from": [], "calc": ""},
        "junk"]) + "\n```")
    got = read_answer(text, 3)
    assert got == [Proposal("unsupported"), Proposal("computed", (TODAY,), "10,000 - 812"),
                   Proposal("unsupported")]
    with pytest.raises(ValueError):
        read_answer("I could not check these.", 2)


def test_applied_clears_only_what_code_confirms():
    reply = "You have 9,188 to go today, and you did 47 days in a row."
    numbers = check(reply, REQUEST)
    asked = [m for m in numbers if m.unsupported]
    assert [m.text for m in asked] == ["9,188", "47"] or "47" in [m.text for m in asked]
    proposals = [Proposal("computed", (TODAY,), "10,000 - 812") if m.text == "9,188"
                 else Proposal("quoted", ("step goal streak: 1 days",)) for m in asked]
    after = applied(reply, numbers, asked, proposals, REQUEST)
    assert [m.text for m in after if m.unsupported] == ["47"]
    assert len(after) == len(numbers)
    # the one still flagged says what the model pointed to and why code did not take it
    assert [m.source for m in after if m.unsupported] == [
        'the coach pointed to "step goal streak: 1 days", but that line does not state it']
    # an answer that points to nothing leaves the number as the checker had it
    after = applied(reply, numbers, asked, [Proposal("unsupported")] * len(asked), REQUEST)
    assert after == numbers


def test_why_code_did_not_take_a_proposal_is_said_in_a_phrase():
    line = "Fri 2026-11-27: 10,269 steps, goal 10,000, met"
    reply = "Thursday's 10,269 was the pick, 269 over."
    at = reply.index("10,269")
    assert checked(reply, at, at + 6, Proposal("quoted", (line,)), REQUEST) == (
        "that line gives it for another day, period or fact than this sentence names")
    at = reply.index("269 over")
    assert checked(reply, at, at + 3, Proposal("computed", (line,), "10,269 - 10,000 - 1"),
                   REQUEST) == "its working gives 268"
    assert checked(reply, at, at + 3, Proposal("computed", (line,), "10,269 - 9,000"),
                   REQUEST) == "its working is not arithmetic on numbers its lines state"
    assert checked(reply, at, at + 3, Proposal("quoted", ("Your streak is 9.",)), REQUEST) == (
        "that is not a line of what the coach was given")
    assert checked(reply, at, at + 3, Proposal("unsupported"), REQUEST) == ""


def test_a_value_said_of_a_named_fact_must_be_that_facts_in_its_line():
    line = ("last week (2026-11-23 to 2026-11-29): 7 of 7 days recorded, 69,329 steps, "
            "average 9,904/day, goal met on 3, best 12,028 on 2026-11-25")
    assert verdict("Last week you had the goal met on 3 days.", "3",
                   Proposal("quoted", (line,))) == ("quoted", line)
    assert verdict("Your average was 9,904 a day.", "9,904",
                   Proposal("quoted", (line,))) == ("quoted", line)
    # the week's goal days are no streak, and its best day is no average
    assert verdict("Your streak is 3 days.", "3", Proposal("quoted", (line,))) is None
    assert verdict("Your average was 12,028 a day.", "12,028",
                   Proposal("quoted", (line,))) is None


def test_the_answers_room_grows_with_the_numbers_asked_about_to_a_ceiling():
    assert max_tokens_for(1) == 2248 and max_tokens_for(10) == 4048
    assert max_tokens_for(500) == 16_384
