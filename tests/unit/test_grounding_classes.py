"""The last stage of the number checker (grounding/lenient.py): class rules that may only turn a
warned number into another outcome. Each rule in phrasings of its own, with the case that must
stay warned beside the one it clears."""

from __future__ import annotations

import re

import pytest

from coach_tui.coach.grounding import evidence_of, lenient
from coach_tui.coach.grounding.verdict import NumberMention
from tests.support import number_outcome

REQUEST = """Now: Monday 2026-11-30, 12:40. Today so far: 4,906 steps of a 10,000 goal
- Mon 2026-11-23: 9,231 steps, goal 10,000, not met
- Tue 2026-11-24: 8,963 steps, goal 10,000, not met
- Wed 2026-11-25: 12,028 steps, goal 10,000, met
- Thu 2026-11-26: 7,651 steps, goal 10,000, not met
- Fri 2026-11-27: 10,210 steps, goal 10,000, met
- Sat 2026-11-28: 11,470 steps, goal 10,000, met
- Sun 2026-11-29: 9,776 steps, goal 10,000, not met
- last week (2026-11-23 to 2026-11-29): 7 of 7 days recorded, 69,329 steps, average \
9,904/day, goal met on 3, best 12,028 on 2026-11-25
- the week before (2026-11-16 to 2026-11-22): 7 of 7 days recorded, 61,446 steps, average \
8,778/day, goal met on 2, best 11,203 on 2026-11-18
"""


def outcome(reply: str, number: str) -> str:
    return number_outcome(reply, number, REQUEST)


@pytest.mark.parametrize("reply, number, expected", [
    ("If it is Monday to Sunday, that is seven days and 10,700 a day.", "10,700", "advice"),
    ("Suppose the week runs to Sunday: 10,700 a day gets you there.", "10,700", "advice"),
    # a fact named beside it is the binding's to decide
    ("If it is Monday to Sunday, that is 10,700 a day, near your best of 12,028.", "10,700",
     "unsupported"),
    ("If you keep your 6-day streak going, you will be fine.", "6", "unsupported"),
    # the clause reports what the user did: a claim, "if" or not
    ("If you walked 9,500 yesterday, that beats Sunday.", "9,500", "unsupported"),
    ("You walked 9,500 on Sunday, if memory serves.", "9,500", "unsupported"),
])
def test_a_number_a_sentence_supposes_is_advice(reply, number, expected):
    assert outcome(reply, number) == expected


@pytest.mark.parametrize("reply, number, expected", [
    ("The goal was met on 3 of November's 30 days.", "30", "quoted"),
    ("The goal was met on 3 of October's 31 days.", "31", "quoted"),
    # October has 31 days; a month the request does not reach by name is not a size
    ("The goal was met on 3 of October's 30 days.", "30", "unsupported"),
    ("You met the goal on 3 of the 9 days last week.", "9", "unsupported"),
])
def test_the_size_of_a_month_or_period_after_a_count_of_days_is_quoted(reply, number, expected):
    assert outcome(reply, number) == expected


def mentions(reply: str, outcomes: dict[str, str]) -> list[NumberMention]:
    """The reply's numbers as the verdict might leave them: each written number with the
    outcome given (unsupported when not given)."""
    out = []
    for m in re.finditer(r"\d[\d,]*(?:\.\d+)?%?", reply):
        text = m.group().rstrip(",")
        kind = "percent" if text.endswith("%") else "count"
        out.append(NumberMention(m.start(), m.start() + len(text), text, kind,
                                 outcomes.get(text, "unsupported")))
    return out


def relaxed(reply: str, outcomes: dict[str, str], number: str) -> str:
    def sentence(pos: int) -> tuple[int, int]:
        start = max(reply.rfind(". ", 0, pos) + 2, 0) if ". " in reply[:pos] else 0
        end = reply.find(". ", pos)
        return start, len(reply) if end < 0 else end + 1

    out = lenient.relax(reply, mentions(reply, outcomes), evidence_of(REQUEST), sentence,
                        lambda m, o, s: NumberMention(m.start, m.end, m.text, m.kind, o, s))
    return next(m.outcome for m in out if m.text == number)


TRUE = {"11,274": "quoted", "9,904": "quoted", "8,020": "quoted", "9,503": "quoted",
        "22,548": "quoted", "69,329": "quoted", "13": "quoted", "30": "quoted",
        "11,470": "quoted"}


@pytest.mark.parametrize("reply, number, expected", [
    # a change on the base the words give, rounded to the place written
    ("Per day you are ahead: 11,274 against 9,904, roughly 14% higher.", "14%", "computed"),
    ("Your daily average went from 8,020 to 9,503, a rise of 18.5%.", "18.5%", "computed"),
    ("Your daily average went from 8,020 to 9,503, a rise of 15.6%.", "15.6%", "unsupported"),
    ("In raw totals you are down about 67% (22,548 against 69,329).", "67%", "computed"),
    ("In raw totals you are up about 67% (22,548 against 69,329).", "67%", "unsupported"),
    # the base after "below" / "above" is the number that follows
    ("You averaged 9,904. That is 4% above your month's 9,503.", "4%", "computed"),
    ("You averaged 9,904. That is 4% below your month's 9,503.", "4%", "unsupported"),
    # the goal, when the words name it
    ("Saturday gave you 11,470. That is about 15% over the goal.", "15%", "computed"),
    ("Saturday gave you 11,470. That is about 15% over.", "15%", "unsupported"),
    # a share, when no word gives a way
    ("13 goal days out of 30, roughly 43%.", "43%", "computed"),
    ("13 goal days out of 30, roughly 48%.", "48%", "unsupported"),
])
def test_a_percentage_worked_out_from_true_numbers_beside_it_is_computed(reply, number,
                                                                         expected):
    assert relaxed(reply, TRUE, number) == expected


def test_an_invented_number_beside_it_makes_no_percentage_true():
    reply = "Per day you are ahead: 11,274 against 9,904, roughly 14% higher."
    assert relaxed(reply, {"9,904": "quoted"}, "14%") == "unsupported"


def test_only_warned_numbers_change():
    reply = "If it is Monday to Sunday, that is 10,700 a day and 9,904 on average."
    out = mentions(reply, {"9,904": "quoted"})
    got = lenient.relax(reply, out, evidence_of(REQUEST), lambda pos: (0, len(reply)),
                        lambda m, o, s: NumberMention(m.start, m.end, m.text, m.kind, o, s))
    assert [(m.text, m.outcome) for m in got] == [("10,700", "advice"), ("9,904", "quoted")]


@pytest.mark.parametrize("reply, number, expected", [
    ("No week of yours has cleared 90,000 yet.", "90,000", "advice"),
    ("You are well ahead of 40,000 for the month.", "40,000", "advice"),
    ("One day you could go past 33k.", "33k", "advice"),
    # a value given as a bound, or a rate, is a claim
    ("Saturday was a long walk of over 14,000 steps.", "14,000", "unsupported"),
    ("You walked over 12,000 a day last week.", "12,000", "unsupported"),
    ("Thursday came in at 7,000.", "7,000", "unsupported"),
    # "a full week at goal" is a claim (7 × the goal), not a mark
    ("You were 671 short of a full 75,000 week.", "75,000", "unsupported"),
])
def test_a_round_mark_a_sentence_measures_against_is_not_a_claim(reply, number, expected):
    assert outcome(reply, number) == expected
