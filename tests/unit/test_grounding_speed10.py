"""Speed round 9's shortcuts find what the slow way finds: a pattern is searched only in a
sentence holding one of the words every match of it holds (`words.may_hold`), so a sentence
without them must have no match, as written, upper case and with doubled spaces."""

from __future__ import annotations

import json
import re

from coach_tui.coach.grounding import block_ops
from coach_tui.coach.grounding.words import may_hold
from tests.support import REPO

DEV = REPO / "bench" / "data" / "grounding" / "dev"

_HOLDS = [(block_ops._BOTH, block_ops._BOTH_WORDS), (block_ops._BEST, block_ops._BEST_WORDS),
          (block_ops._WORST, block_ops._WORST_WORDS),
          *((pattern, words) for pattern, words, _, _ in block_ops._PARTS)]


def _sentences() -> list[str]:
    replies = [json.loads(p.read_text(encoding="utf-8"))["reply"]
               for p in sorted(DEV.glob("r*.json"))[::4]]  # (a quarter of them: quick)
    texts = replies + [r.upper() for r in replies[::5]] + [r.replace(" ", "  ")
                                                           for r in replies[::5]]
    return [s for t in texts for s in re.split(r"(?<=[.!?\n])", t) if s.strip()]


def test_a_sentence_without_a_patterns_words_has_no_match():
    wrong = [f"{pattern.pattern[:20]!r} in {s!r}" for s in _sentences()
             for pattern, words in _HOLDS if not may_hold(s, words) and pattern.search(s)]
    assert wrong == []


def test_each_word_list_lets_every_form_of_its_pattern_through():
    for said in ("Both weeks together", "the two of them", "combined, that's", "in all",
                 "Your weekdays", "Monday to Friday", "mon-fri", "the weekend", "Sat & Sun",
                 "your BEST day", "the top one", "your peak", "the low point", "your worst",
                 "the quietest day", "Slowest of all"):
        for pattern, words in _HOLDS:
            if pattern.search(said):
                assert may_hold(said, words), (pattern.pattern, said)


def test_a_sentence_with_other_letters_is_left_to_the_pattern():
    """"ſ" matches "s" case-blind: a non-ASCII sentence is always searched."""
    said = "the ſmallest day"
    assert block_ops._WORST.search(said) and may_hold(said, block_ops._WORST_WORDS)


def test_days_within_a_period_are_judged_by_their_first_and_last():
    """`candidates._within` tests a span's edges against the days' first and last: the same
    answer as testing every day, for any days and spans (empty, one day, reversed edges)."""
    import random
    from datetime import date, timedelta
    from types import SimpleNamespace

    from coach_tui.coach.grounding import candidates

    rnd = random.Random(10)
    base = date(2026, 11, 1)
    for _ in range(3000):
        spans = [(base + timedelta(rnd.randrange(30)), base + timedelta(rnd.randrange(30)))
                 for _ in range(rnd.randrange(4))]
        periods = [SimpleNamespace(label=f"p{i}", start=lo, end=hi)
                   for i, (lo, hi) in enumerate(spans)]
        named = tuple(p.label for p in periods if rnd.random() < 0.7)
        days = frozenset(base + timedelta(rnd.randrange(30)) for _ in range(rnd.randrange(5)))
        ev = SimpleNamespace(periods=periods)
        chosen = [(p.start, p.end) for p in periods if p.label in named]
        slow = not chosen or any(all(lo <= d <= hi for d in days) for lo, hi in chosen)
        assert candidates._within(days, named, ev) == slow  # type: ignore[arg-type]


def test_a_day_line_read_again_sets_what_a_later_line_changed():
    """A day line seen before in the request is not parsed again (facts.index keeps it): its
    day's count, goal and the request's goal are still set by the line read last, and each
    block still lists its days."""
    from datetime import date

    from coach_tui.coach.grounding.facts import index
    from coach_tui.coach.grounding.request import Segment

    first = "- Mon 2026-11-23: 9,000 steps, goal 10,000, not met"
    other = "- Mon 2026-11-23: 9,500 steps, goal 11,000, not met"
    tue = "- Tue 2026-11-24: 12,000 steps, goal 10,000, met"
    monday = date(2026, 11, 23)
    segs = (Segment("context", f"{first}\n{tue}"), Segment("context", other),
            Segment("context", f"{tue}\n{first}"))
    ev = index(segs)
    assert ev.days[monday].value == 9000 and ev.goals[monday] == 10000 and ev.goal == 10000
    assert ev.blocks == [[monday, date(2026, 11, 24)], [monday],
                         [date(2026, 11, 24), monday]]
    ev = index(segs[:2])
    assert ev.days[monday].value == 9500 and ev.goal == 11000
    assert [f.value for f in ev.facts if f.kind == "day"] == [9000, 12000, 9500]


def test_a_period_line_read_again_changes_nothing():
    from coach_tui.coach.grounding.facts import index
    from coach_tui.coach.grounding.request import Segment

    week = ("- this week (2026-11-16 to 2026-11-22): 7 of 7 days recorded, 70,000 steps, "
            "average 10,000/day, goal met on 4, best 12,000 on 2026-11-20")
    last = ("- last week (2026-11-09 to 2026-11-15): 6 of 7 days recorded, 54,000 steps, "
            "average 9,000/day, goal met on 2, best 11,000 on 2026-11-12")
    once = index((Segment("context", f"{week}\n{last}"),))
    again = index((Segment("context", f"{week}\n{last}"), Segment("context", f"{last}\n{week}")))
    assert [p.label for p in again.periods] == ["this week", "last week"]
    assert again.periods == once.periods and again.facts == once.facts
    assert again.dates == once.dates


def test_a_sum_word_found_in_the_sentence_is_found_in_the_wider_window():
    """`working._listed_sum` first searches the 60 characters before a number, then only its
    sentence's part of them: a window's end part holds no match the whole window lacks."""
    from coach_tui.coach.grounding import working
    from coach_tui.coach.grounding.reading import read_numbers

    texts = [json.loads(p.read_text(encoding="utf-8"))["reply"]
             for p in sorted(DEV.glob("r*.json"))[::6]]
    texts.append("Tue 9,000, Wed 9,500 and Thu 10,000. Together they come to 28,500 steps.")
    for text in texts:
        for a in read_numbers(text):
            for cut in range(max(0, a.start - 60), a.start + 1, 3):
                if working._SUM_WORDS.search(text, cut, a.start):
                    assert working._SUM_WORDS.search(text, max(0, a.start - 60), a.start)


def test_those_before_a_count_is_searched_only_where_a_match_may_end():
    """lenient's "of those 30", "December's 31": searched only in 40 characters ending (before
    spaces) with a word every match ends with; never ruling out one the pattern finds."""
    from coach_tui.coach.grounding import lenient
    from coach_tui.coach.grounding.reading import read_numbers
    from coach_tui.coach.grounding.words import may_end

    texts = [json.loads(p.read_text(encoding="utf-8"))["reply"]
             for p in sorted(DEV.glob("r*.json"))[::4]]
    texts += [t.upper() for t in texts[::5]] + [t.replace(" ", "  ") for t in texts[::5]]
    texts += ["met it on 4 of those 7", "ALL THE 30", "over the 7 days", "October's 31 days",
              "across all of the 30\n"]
    wrong = []
    for text in texts:
        for a in read_numbers(text):
            tail = text[max(0, a.start - 40):a.start]
            if not may_end(tail, 0, len(tail), lenient._THOSE_ENDS) \
                    and lenient._THOSE.search(tail):
                wrong.append(tail)
    assert wrong == []


def test_kept_answers_are_the_slow_ways():
    """`evidence.step_gaps` (largest first, equal values in the request's order) and
    `candidates.spans_period` (the labels spanned, kept per set of days) answer as the plain
    sort and the walk over the periods did, on every labelled request of a part of dev."""
    from coach_tui.coach.grounding import candidates, evidence

    names = sorted({json.loads(p.read_text(encoding="utf-8"))["request"]
                    for p in DEV.glob("r*.json")})
    checked = 0
    for name in names[::2]:
        request = json.loads((DEV.parent / "requests" / name).read_text(encoding="utf-8"))
        ev = evidence.evidence_of(request)
        checked += len(ev.periods) > 1
        gaps, negated = evidence.step_gaps(ev)
        slow = sorted((d for d in ev.derived if d.kind == "diff" and d.unit == "step"),
                      key=lambda d: -d.value)
        assert [id(d) for d in gaps] == [id(d) for d in slow]
        assert negated == [-d.value for d in slow]
        spans = {frozenset((p.start, p.end)) for p in ev.periods}
        for named in spans:
            for f in ev.facts:
                walked = f.period is not None and len(named) >= 2 and any(
                    p.label == f.period and p.start == min(named) and p.end == max(named)
                    for p in ev.periods)
                assert candidates.spans_period(f, False, named, ev) == walked
    assert checked >= 3
