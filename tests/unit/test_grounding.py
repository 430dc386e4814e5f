"""The grounding check: each rule on small contexts, the labelled set, and replies that quote
only given facts (which must never be flagged)."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coach_tui.coach.grounding import check, index_context, unverified_numbers
from coach_tui.memory.block import HEADER as MEMORY_HEADER
from coach_tui.memory.ledger import ledger_facts
from coach_tui.memory.recall import HEADER as RECALL_HEADER
from coach_tui.memory.recall import day_line, live_line
from coach_tui.store.steps import Day
from tests.grounding_cases import load_cases, score

CONTEXT = """\
MEMORY (code-derived facts and journal lines):
Cite ONLY facts listed below, with their counts and dates.
- step goal streak: 4 days (through 2026-11-24)
- 7-day average: 9,486 steps/day (2026-11-18 to 2026-11-24)
- best day of the last 30: 13,313 steps on 2026-11-08
- goal met on 10 of the last 30 days (2026-10-26 to 2026-11-24)
- 2026-09-06: I work from home; mornings are meetings, so my walks happen at lunch or after six.
Keep replies short: usually two to five sentences.
CONTEXT FOR THIS MESSAGE (added by the app, not typed by the user; numbers here come from the user's records):
Now: Wednesday 2026-11-25, 07:30. Today so far: 1,204 steps of a 10,000 goal (partial: the day is not over).
Days this message mentions:
- Thu 2026-11-19: 11,283 steps, goal 10,000, met
- Sat 2026-11-21: 12,245 steps, goal 10,000, met
- Mon 2026-11-23: 8,000 steps, goal 10,000, not met

My watch says I'm at 85% of my goal for the week."""  # noqa: E501


def unverified(reply: str, context: str = CONTEXT) -> list[str]:
    return unverified_numbers(reply, context)


# --------------------------------------------------------------------------- counts


@pytest.mark.parametrize("reply", [
    "You walked 11,283 steps.", "You walked 11283 steps.", "That was about 11,300.",
    "Call it 11.3k.", "Roughly 11k.", "About 11,000 steps.", "Eleven thousand steps, nearly.",
    "Your 7-day average is 9.5k.", "A best of 13.3k.",
])
def test_counts_match_through_separators_k_words_and_rounding(reply):
    assert unverified(reply) == []


@pytest.mark.parametrize("reply, marked", [
    ("About 11,500 steps.", ["11,500"]),  # near 11,283, but not how it rounds
    ("Your average is about 10,000.", []),  # the goal itself is given
    ("Your average is about 9,000.", ["9,000"]),  # 9,486 rounds to 9,500, not 9,000
    ("Roughly 12k on Saturday.", []),  # 12,245 to 2 figures
    ("Roughly 14k on Saturday.", ["14k"]),  # nothing in 13,500-14,500
])
def test_rounding_is_to_two_or_more_significant_figures(reply, marked):
    assert unverified(reply) == marked


def test_numbers_in_words():
    assert unverified("Four days in a row now.") == []
    assert unverified("Nine days in a row now.") == ["Nine"]
    assert unverified("Twelve thousand on Saturday.") == []


def test_units_must_agree_when_both_sides_name_one():
    # "two" and "five" are in the persona, about sentences, and in words.
    assert unverified("You missed two days.") == ["two"]
    assert unverified("Five days at goal.") == ["Five"]
    assert unverified("Ten days at goal out of thirty.") == []


def test_ordinals_match_the_count_or_the_date():
    assert unverified("Your 4th day in a row, the fourth straight.") == []
    assert unverified("The fifth day in a row would be a record.") == ["fifth"]
    assert unverified("On the 19th you had 11,283.") == []
    assert unverified("On the 20th you had a quiet day.") == ["20th"]


# --------------------------------------------------------------------------- percentages, gaps


def test_percentages_only_when_the_same_percentage_was_given():
    assert unverified("85% of the way there.") == []
    assert unverified("You're 85 percent done.") == []
    assert unverified("That's 10% of your days.") == ["10%"]  # 10 is given, 10% is not
    assert unverified("Up 13% on the month.") == ["13%"]


def test_derived_numbers_are_unverified():
    reply = ("You're at 1,204, so 8,796 to go. Saturday beat Thursday by 962 steps, and "
             "the two together made 23,528.")
    assert unverified(reply) == ["8,796", "962", "23,528"]


def test_a_gap_needs_the_same_gap_even_when_the_value_is_given():
    # 4 is given (a streak of 4 days), "4 more" is the model's arithmetic.
    assert unverified("4 more days and it's a record.") == ["4"]
    assert unverified("You said you want 4 more days.", CONTEXT + "\nI want 4 more days.") == []


# --------------------------------------------------------------------------- dates and times


@pytest.mark.parametrize("reply", [
    "On 2026-11-19 you walked 11,283.", "On Nov 19 you walked 11,283.",
    "On 19 November you walked 11,283.", "On November 19th you walked 11,283.",
    "Thursday the 19th was 11,283.", "Thu 19 Nov: 11,283.", "Thursday, November 19, 2026.",
    "From 19 to 21 November you did well.", "Nov 19-21 went well.",
])
def test_dates_written_differently(reply):
    assert unverified(reply) == []


def test_wrong_dates_and_weekdays_are_unverified():
    assert unverified("Friday the 19th was 11,283.") == ["Friday the 19th"]
    assert unverified("November 9th was your best.") == ["November 9th"]
    assert unverified("Your best was on 2026-11-09.") == ["2026-11-09"]
    assert unverified("Thursday was good, Saturday better.") == []  # weekdays are not numbers


def test_times():
    assert unverified("It's 07:30 now.") == []
    assert unverified("It's 7:30am now.") == []
    assert unverified("Yesterday you walked at 9pm.") == ["9pm"]
    assert unverified("Yesterday you walked after 6pm, as usual.") == []  # "after six"


def test_ranges_need_both_ends():
    assert unverified("Your days ran 11,283-12,245.") == []
    assert unverified("A goal in the 8,000-10,000 range suits you.") == []
    assert unverified("A goal in the 7,000-10,000 range suits you.") == ["7,000-10,000"]
    assert unverified("Somewhere in the 8 to 10k range.") == []
    assert unverified("From 8,000 to 12,245 over the week.") == []  # a change: two numbers


def test_years():
    assert unverified("Your best day of 2026.") == []
    assert unverified("Better than 2025.") == ["2025"]


# --------------------------------------------------------------------------- ignored


def test_list_markers_headings_and_model_names_are_ignored():
    reply = ("## 1. Today\n1. Walk at lunch.\n2) Walk after six.\n- **Day 3:** rest.\n"
             "I'm Claude 5.5 (claude-sonnet-5-5), here 24/7 for your 9-to-5. "
             "Run `coach-tui steps --days 14`.")
    found = check(reply, CONTEXT)
    assert [m.text for m in found if m.status == "unverified"] == []
    assert {m.text for m in found if m.status == "ignored"} >= {
        "1", "2", "3", "Claude 5.5", "24/7", "9-to-5", "`coach-tui steps --days 14`"}


def test_one_first_and_second_are_not_numbers():
    assert unverified("One thing to try: the one walk you like. First, rest; second, walk.") == []
    assert unverified("You met the goal on 1 day.") == ["1"]


def test_advice_durations_are_ignored_but_reported_durations_are_checked():
    assert unverified("Try a 30-minute walk at 12:15 tomorrow, or two short loops.") == []
    assert unverified("A 25-minute loop is plenty.") == []
    assert unverified("You walked 45 minutes yesterday.") == ["45"]
    assert unverified("You said you walked 45 minutes.", CONTEXT + "\nI walked 45 minutes.") == []


def test_advice_never_excuses_step_counts_percentages_or_dates():
    reply = "Aim for 15,000 steps on Friday, or 20% more, and check in on 2026-11-27."
    assert unverified(reply) == ["15,000", "20%", "2026-11-27"]


# --------------------------------------------------------------------------- the API


def test_check_reports_spans_kinds_and_matches():
    reply = "Thursday the 19th: about 11.3k, 85% of the week, 962 more than usual."
    found = check(reply, CONTEXT)
    assert [(m.text, m.kind, m.status) for m in found] == [
        ("Thursday the 19th", "date", "supported"),
        ("11.3k", "count", "supported"),
        ("85%", "percent", "supported"),
        ("962", "count", "unverified"),
    ]
    assert all(reply[m.start:m.end] == m.text for m in found)
    assert found[1].matched == "11,283"
    assert found[0].matched == "2026-11-19"
    assert found[3].matched is None and not found[3].verified


def test_every_occurrence_in_reply_order():
    assert unverified("962, then 11,283, then 962 again, then 5%.") == ["962", "962", "5%"]


def test_an_indexed_context_gives_the_same_answer():
    reply = "Thursday the 19th: 11,283, 6,900 to go, a 20-minute walk."
    assert check(reply, index_context(CONTEXT)) == check(reply, CONTEXT)


def test_nothing_in_the_context_supports_anything():
    assert unverified("You did 8,412 on Nov 19.", "") == ["8,412", "Nov 19"]
    assert unverified("", CONTEXT) == []


# --------------------------------------------------------------------------- the labelled set


def test_the_labelled_set_keeps_precision_and_recall_at_or_above_090():
    cases = load_cases()
    assert len(cases) >= 80
    result = score(cases, unverified_numbers)
    misses = [(o.case.name, o.false_positives, o.false_negatives)
              for o in result.outcomes if o.false_positives or o.false_negatives]
    assert result.precision >= 0.90, misses
    assert result.recall >= 0.90, misses


def test_hard_negatives_in_the_set_are_never_flagged():
    negatives = [c for c in load_cases() if c.note.startswith("hard negative")]
    assert len(negatives) >= 20
    for case in negatives:
        assert unverified_numbers(case.reply, case.context) == [], case.name


# --------------------------------------------------------------------------- quoting only facts

_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve"]


def _ordinal(n: int) -> str:
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@settings(max_examples=40, deadline=None)
@given(steps=st.lists(st.integers(min_value=300, max_value=30_000), min_size=8, max_size=60),
       goal=st.sampled_from([6_000, 7_500, 8_000, 10_000, 12_000]),
       today=st.dates(min_value=date(2025, 1, 1), max_value=date(2027, 12, 31)),
       minute=st.integers(min_value=0, max_value=24 * 60 - 1))
def test_a_reply_quoting_only_given_facts_is_never_flagged(steps, goal, today, minute):
    """The app's own ledger and recall text as context; a reply that restates every number of
    it the ways people do (word for word, rounded, k, words, other date forms)."""
    days = [Day((today - timedelta(days=len(steps) - i)).isoformat(), s, goal)
            for i, s in enumerate(steps)]
    facts = ledger_facts(days, today, goal)
    now = datetime.combine(today, datetime.min.time()) + timedelta(minutes=minute)
    listed = days[-7:]
    context = "\n".join([
        MEMORY_HEADER + "\n".join(f"- {f}" for f in facts),
        RECALL_HEADER, live_line(now, None, goal), "Days this message mentions:",
        *(day_line(date.fromisoformat(d.date), d, goal) for d in listed),
    ])
    sentences = [f"Your records say: {fact}." for fact in facts]
    for d in listed:
        when = date.fromisoformat(d.date)
        # Rounded to 2 or more significant figures, as people round.
        rounded = f"{round(d.steps, -2):,}, call it {d.steps / 1000:.1f}k" \
            if d.steps >= 1_000 else f"{d.steps}"
        sentences += [
            f"On {when:%A} the {_ordinal(when.day)} you walked {d.steps:,} steps.",
            f"On {when.day} {when:%B} it was about {rounded}.",
            f"{when:%b} {when.day}: {d.steps} steps against the {goal:,} goal.",
        ]
    streak = int(facts[0].split(": ")[1].split()[0])
    if streak <= 12:
        sentences.append(f"That's {_WORDS[streak]} days in a row.")
    sentences.append(f"It's {now:%H:%M} now.")
    reply = " ".join(sentences)
    flagged = [m for m in check(reply, context) if m.status == "unverified"]
    assert flagged == [], (flagged, context)
