"""Round 21c's class, in phrasings of our own (never a labelled reply): a reply that takes
back what the coach said earlier in the chat. The number names what was said, it makes no
claim about the runner's data, so it is quoted from the earlier reply (taken_back.py); the
same invented number repeated as true stays warned, and so does one the chat never held."""

from __future__ import annotations

import pytest

from coach_tui.coach.grounding import check, evidence_of
from coach_tui.coach.grounding.request import segments
from coach_tui.coach.prompts import PastTurn
from tests.unit.test_grounding import CONTEXT, request

# the chat so far: an invented streak of 47 days and an invented best day of 18,406 (the
# request's streak is 4 days, its best day of the last 30 13,313)
HISTORY = (PastTurn("How long is my streak?", CONTEXT,
                    "You're on a 47-day streak, and your best day was 18,406 steps."),
           PastTurn("What should I aim for?", CONTEXT, "Aim for about 10,000 again today."))
REQ = request("Is that right?", history=HISTORY)


def outcomes(reply: str, req=REQ) -> dict[str, str]:
    return {m.text: m.outcome for m in check(reply, req)}


@pytest.mark.parametrize("reply, number", [
    # the sentence itself takes it back
    ("Correction: I told you your streak was 47 days, and it is 4.", "47"),
    ("Earlier I had your best day at 18,406, which was a mistake.", "18,406"),
    ("I wrongly said 47 days before; that wasn't in your records.", "47"),
    ("Please disregard the 18,406 I gave you for your best day.", "18,406"),
    # the number before the coach's words
    ("The 47-day streak I mentioned never came from your data.", "47"),
    ("That 18,406 I quoted you is not right.", "18,406"),
    # the next sentence points back at it
    ("I said your best was 18,406 steps. That was invented, I'm sorry.", "18,406"),
    ("Yesterday I told you the streak stood at 47. Neither number is real.", "47"),
    # a short sentence before announces it
    ("Let me set the record straight. I put your streak at 47 days.", "47"),
    # the value given again after a turn
    ("I had the streak at 47; it's 4, counting through Tuesday.", "47"),
    # "my earlier ...", "from my last ...", or what the taking back is said of
    ("My earlier figure of 47 days was wrong.", "47"),
    ("The 18,406 from my last message was wrong.", "18,406"),
    ("Sorry, that 47-day streak was made up: it's 4.", "47"),
    ("Ignore what I said about an 18,406-step best day; it's 13,313.", "18,406"),
    # in words, rounded
    ("The forty-seven days I gave you earlier were made up.", "forty-seven"),
    ("My mistake: I said about 18,400 for your best day.", "18,400"),
])
def test_a_number_the_coach_takes_back_is_quoted_from_the_chat(reply, number):
    mentions = {m.text: m for m in check(reply, REQ)}
    assert mentions[number].outcome == "quoted"
    assert mentions[number].source.startswith("an earlier reply, taken back: ")
    assert "47-day streak" in mentions[number].source


@pytest.mark.parametrize("reply, number", [
    # repeated as true: no word takes it back
    ("As I said, your streak is 47 days.", "47"),
    ("Like I told you, 18,406 is your best day.", "18,406"),
    ("I told you 47 days, and that still stands.", "47"),
    ("Nothing wrong with what I said: 47 days in a row.", "47"),
    ("I said your streak was 47 days. That is right, keep going.", "47"),
    ("My last answer stands: 47 days.", "47"),
    ("Your streak is 47 days, nothing wrong there.", "47"),
    # a number the chat never held
    ("I said your streak was 52 days; that was wrong.", "52"),
    # the new value after the turn is a claim of its own
    ("I had the streak at 47; it's 40.", "40"),
    ("Earlier I said 47, but your streak is really 40. Sorry, that was wrong.", "40"),
])
def test_an_invented_number_repeated_or_new_stays_warned(reply, number):
    assert outcomes(reply)[number] == "unsupported"


def test_with_no_earlier_reply_nothing_is_taken_back():
    req = request("Is that right?")
    assert outcomes("I told you 47 days; that was wrong.", req)["47"] == "unsupported"


def test_a_reply_recall_brought_back_counts_as_said_before():
    # the invented 31 of CONTEXT's recalled reply, with no assistant turn in the request
    req = request("Is that right?")
    assert outcomes("Last week I said your streak was 31 days, and that was wrong.",
                    req)["31"] == "quoted"
    assert outcomes("Last week I said your streak was 31 days.", req)["31"] == "unsupported"


def test_earlier_replies_are_kept_apart_and_give_no_evidence():
    segs = segments(REQ)
    said = [s.text for s in segs if s.role == "reply"]
    assert "You're on a 47-day streak, and your best day was 18,406 steps." in said
    assert "Your streak is at 31 days." in said  # recalled, without its quotes
    assert all("47-day" not in s.text for s in segs if s.role != "reply")
    ev = evidence_of(REQ)
    assert 47 not in {f.value for f in ev.facts}
    assert 18_406 not in {f.value for f in ev.facts}


@pytest.mark.parametrize("reply, expected", [
    # CONTEXT's streak: 4 days through Nov 24, and Nov 25 is today
    ("Hit the goal today and your streak goes from 4 to 5.", {"4": "true", "5": "true"}),
    ("Hit the goal today and your streak goes from 4 to 6.", {"4": "true", "6": "unsupported"}),
    ("Hit the goal today and your streak goes from 3 to 4.", {"3": "unsupported"}),
    ("Your streak went from 4 to 5 yesterday.", {"5": "unsupported"}),
    # a working day's hours are still hours
    ("With meetings from 9 to 5, walk at lunch.", {"9": "true", "5": "true"}),
])
def test_a_streak_said_to_go_from_one_count_to_the_next_is_counts(reply, expected):
    got = {m.text: m.outcome for m in check(reply, request("And today?"))}
    for number, want in expected.items():
        assert got[number] in ("quoted", "computed", "advice") if want == "true" \
            else got[number] == want, number


@pytest.mark.parametrize("words, reply, number, expected", [
    # the user's aim reported as done: no record says so (last week was 64,000)
    ("I'm hoping to get 72,000 steps this week. How?",
     "Last week you walked 72,000 steps, so keep that rhythm.", "72,000", "unsupported"),
    ("I'm hoping to get 72,000 steps this week. How?",
     "You logged about 72,000 last week; do the same again.", "72,000", "unsupported"),
    ("My target is 72,000 for the week.",
     "You managed 72,000 last week, so it's within reach.", "72,000", "unsupported"),
    # the aim as an aim
    ("I'm hoping to get 72,000 steps this week. How?",
     "To reach 72,000 you'd walk about 10,300 a day.", "72,000", "quoted"),
    ("I'm hoping to get 72,000 steps this week. How?",
     "Your 72,000 target is 8,000 above last week's 64,000.", "72,000", "quoted"),
    ("I'm hoping to get 72,000 steps this week. How?",
     "If you hit 72,000, that's your best week in a while.", "72,000", "quoted"),
    # a mark days are counted by
    ("I want to walk 11,000 a day.",
     "You reached 11,000 on two days last week.", "11,000", "quoted"),
    # what the user did, in their own words, is evidence
    ("On my trip I walked 72,000 steps in three days.",
     "You walked 72,000 steps on that trip.", "72,000", "quoted"),
    # a record with the value is no aim's
    ("I want 64,000 again this week.",
     "Last week you walked 64,000 steps.", "64,000", "quoted"),
])
def test_a_users_aim_reported_as_done_is_unsupported(words, reply, number, expected):
    assert outcomes(reply, request(words))[number] == expected


@pytest.mark.parametrize("reply, expected", [
    # the record of the last 30 days is 13,313 (Nov 8); 12,245 is last week's best (Sat 21st)
    ("Your best day was 12,245 steps, on Saturday the 21st.", "unsupported"),
    ("Your best day is 12,245, from Saturday.", "unsupported"),
    ("Your best day was 13,313 steps, back on Nov 8.", "quoted"),
    ("Your best day last week was 12,245 on Saturday.", "true"),
    ("Saturday's 12,245 was the best day of last week.", "true"),
])
def test_your_best_day_is_the_record_even_with_a_day_named(reply, expected):
    number = "13,313" if "13,313" in reply else "12,245"
    got = outcomes(reply, request("What's my best day ever?"))[number]
    assert got in ("quoted", "computed") if expected == "true" else got == expected


def test_a_best_day_asked_of_no_record_may_be_the_weeks():
    # asked how the user is doing (last week listed): a day's count as "your best day" passes
    assert outcomes("Your best day was 12,245, on Saturday the 21st.",
                    request("How was last week?"))["12,245"] == "quoted"
