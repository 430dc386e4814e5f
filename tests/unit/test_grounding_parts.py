"""The grounding package's inner seams: the numbers of a text as a reader sees them
(`read_numbers`), and which unsupported numbers size advice (`AdviceReader`)."""

from __future__ import annotations

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


def test_advice_sizes_only_in_a_sentence_that_suggests():
    advice = "Try a 20-minute walk at 12:30 and aim for 11,000 steps."
    report = "You did a 40-minute walk at 12:30."
    for text, expected in ((advice, [True, True, False]), (report, [False, False])):
        reader = AdviceReader(text)
        assert [reader.sizes_advice(a) for a in read_numbers(text)] == expected, text
