"""The grounding package's inner seams: the tokens the scanner tries (`scan._tokens`), the
numbers of a text as a reader sees them (`read_numbers`), which sentences suggest rather than
report (`AdviceReader`), and the patterns rewritten for speed against their plain forms."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coach_tui.coach.grounding import advice, binding, dates, scan
from coach_tui.coach.grounding.advice import AdviceReader
from coach_tui.coach.grounding.reading import read_numbers


def spans(text: str) -> list[tuple[str, str, str | None]]:
    return [(text[a.start:a.end], a.kind, a.unit) for a in read_numbers(text)]


def test_a_range_is_one_number_with_its_unit_and_k_covering_both_ends():
    text = "Walk 8 to 10k steps, four or five days a week."
    assert spans(text) == [("8 to 10k", "range", "step"), ("four or five", "range", "day")]
    assert [end.value for end in read_numbers(text)[0].ends] == [8000.0, 10000.0]


def test_from_to_and_between_and_stay_two_numbers():
    assert [s for s, _, _ in spans("from 6,100 to 9,800, between 8,000 and 9,000 steps")] == [
        "6,100", "9,800", "8,000", "9,000"]


def test_a_month_covers_both_ends_of_a_day_range():
    (nov,) = read_numbers("Nov 21-24 was your best week")
    assert nov.kind == "range"
    assert [end.dates[0][1:3] for end in nov.ends] == [(11, 21), (11, 24)]


def test_gaps_and_list_markers_are_marked():
    gap, marker, count = read_numbers("6,900 to go.\n## 3. Keep going: 12 days")
    assert gap.difference and not count.difference
    assert marker.ignored == "list marker" and count.ignored is None


def test_advice_by_what_the_sentence_does():
    advice = "Try a 20-minute walk at 12:30 and aim for 11,000 steps."
    report = "You did a 40-minute walk at 12:30."
    weak = "Your usual 9,000 would be fine, or two short walks."
    plan = "Days 4–7: easy, 2 x 15 minutes."
    for text, expected in ((advice, [True, True, True]), (report, [False, False]),
                           (weak, [False, True]), (plan, [True, True, True])):
        reader = AdviceReader(text)
        assert [reader.sizes_advice(a) for a in read_numbers(text)] == expected, text


# The scanner's tokens as the plain definition states them: every maximal run of digits or of
# A-Z/a-z, or a backtick, kept when it can start a number (see the comment above
# scan.py's `_START_WORDS`).
def reference_tokens(text: str) -> list[tuple[int, int, str]]:
    kept = []
    for token in re.finditer(r"`|\d+|[A-Za-z]+", text):
        word, after = token.group(), text[token.end() + 1:token.end() + 2]
        if word[0] in "`0123456789":
            pass
        elif word in ("a", "A"):
            if after.lower() not in "htqfdwm" or not after:
                continue
        elif word in ("the", "The", "THE"):
            if after not in "0123456789" or not after:
                continue
        elif word not in scan._START_WORDS:
            continue
        kept.append((token.start(), token.end(), word))
    return kept


@pytest.mark.parametrize("text", [
    "Two walks", "a hundred, a third, a day or two; a walk", "the 19th, the end", "THE 3rd",
    "٣3 and 3٣ and x3", "`code` 12`3`", "caféthe 5 Nov", "Monday-Tuesday", "anone one-two",
    "a\nthird", "the\n5", "MAY may May", "", "a", "the", "a month, A minute, a quarter",
    "the-5, the:7, a-third",
])
def test_tokens_are_the_start_words_digit_runs_and_backticks(text):
    assert scan._tokens(text) == reference_tokens(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(
    ["a", "A", "the", "The", "two", "Two", "TWO", "thirty", "may", "Nov", "claude", "twos",
     "atwo", "hundred", "third", "day", " ", "  ", "\n", "-", ",", "`", "7", "19", "٣", "é",
     "x", "th", "st", ":", ".", "m", "q", "W"]), max_size=30))
def test_tokens_match_their_definition_on_any_text(parts):
    text = "".join(parts)
    assert scan._tokens(text) == reference_tokens(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(
    ["Now: Monday 2026-11-30", "xNow: Monday 2026-11-30", "Now: monday 2026-11-30", "é", "N",
     "No", "w", " ", ".", "!", "?", "\n", "\n\n", "\t", "\u00a0", "a", "walk", "5", ","]),
    max_size=25))
def test_rewritten_patterns_find_what_their_plain_forms_find(parts):
    text = "".join(parts)
    sentence_end = re.compile(r"(?<=[.!?])\s+|\n+")
    assert [m.end() for m in advice._SENTENCE_END.finditer(text)] == [
        m.end() for m in sentence_end.finditer(text)]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(
    ["Monday", "mon", "Mon's", "month", "xMonday", "yesterday's", "today", "tonight", "Sat",
     "sat", "November", "anovember", "last week", "this week", "7-day", "17-days",
     "last 7 days", "week 47", " ", ",", "\n", "-", "'s", "é", "3"]), max_size=20))
def test_day_and_period_names_are_found_as_their_plain_forms_find_them(parts):
    text = "".join(parts)
    for fast, exact in (binding._DAY_WORDS, dates.PERIOD_WORDS):
        plain = re.compile(r"(?<![A-Za-z0-9])" + exact.pattern, re.IGNORECASE)
        found = [m.span() for m in fast.finditer(text) if exact.fullmatch(m.group())]
        assert found == [m.span() for m in plain.finditer(text)]
