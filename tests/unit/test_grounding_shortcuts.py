"""The number checker's shortcuts find what the slow way finds: week numbers matched only
where "week " or "-W" is written, an operation's period names read from its brackets by one
findall, and a number's candidates narrowed once by the tests that depend only on them."""

from __future__ import annotations

import json
import re
from datetime import timedelta

from coach_tui.coach.grounding import candidates, evidence_of, facts, shortlist
from coach_tui.coach.grounding.request import segments
from tests.support import REPO

REQUESTS = REPO / "bench" / "data" / "grounding" / "requests"


def test_week_numbers_are_the_patterns_matches() -> None:
    texts = ["week 47", "Week 12 and WEEK 5", "your 2026-W47 review", "aweek 4", "1week 2",
             "wee\u212a 3 (a Kelvin sign is a k)", "İstanbul week 9", "week 2026-W47",
             "2026-W47week 3", "ab-w12", "week 4 week 5", "week 123", ""]
    texts += [seg.text for path in sorted(REQUESTS.glob("*.json"))[:4]
              for seg in segments(json.loads(path.read_text(encoding="utf-8")))]
    for text in texts:
        assert [m.span() for m in facts._week_numbers(text)] == \
            [m.span() for m in facts._WEEK_NUMBER.finditer(text)], text[:60]


def _request(label: str) -> dict:
    day = "- {} 2026-11-{:02d}: {:,} steps, goal 10,000, {}"
    lines = [day.format(wd, d, steps, "met" if steps >= 10_000 else "not met")
             for wd, d, steps in (("Mon", 23, 9_231), ("Tue", 24, 8_963), ("Wed", 25, 12_028),
                                  ("Thu", 26, 7_651), ("Fri", 27, 10_412))]
    lines.append(f"- {label} (2026-11-23 to 2026-11-29): 5 of 7 days recorded, 48,285 steps, "
                 "average 9,657/day, goal met on 2, best 12,028 on 2026-11-25")
    lines.append("- last week (2026-11-16 to 2026-11-22): 7 of 7 days recorded, 64,000 steps, "
                 "average 9,143/day, goal met on 3, best 11,470 on 2026-11-22")
    lines.append("Now: Monday 2026-11-30, 12:40. Today so far: 2,214 steps of a 10,000 goal")
    return {"messages": [{"role": "user", "content": [{"type": "text",
                                                       "text": "\n".join(lines)}]}]}


def test_an_operations_periods_are_the_labels_it_writes_in_brackets() -> None:
    for label in ("this week so far", "week 48 of 2026 (Mon 23 Nov to Sun 29 Nov)"):
        ev = evidence_of(_request(label))
        assert any(ev.named[id(d)] for d in ev.derived)
        for d in ev.derived:
            assert ev.named[id(d)] == tuple(p.label for p in ev.periods
                                            if f"({p.label})" in d.text), d.text


def test_narrowed_candidates_are_those_every_test_allows() -> None:
    ev = evidence_of(_request("this week so far"))
    days = frozenset(ev.days)
    near = tuple((0.0, item, derived) for pool, derived in ((ev.facts, False), (ev.derived, True))
                 for item in pool)
    for kinds in (None, frozenset({"average"}), frozenset({"met", "next"}),
                  frozenset({"diff"})):
        for named in (frozenset(), days):
            for on in (None, frozenset(), frozenset(list(days)[:1]), days):
                kept = shortlist.fitting(ev, near, kinds, on, named)
                assert kept == tuple(c for c in near if _allowed(c[1], c[2], kinds, on, named,
                                                                 ev))


def _allowed(item, derived, kinds, days, named, ev) -> bool:
    """The tests as the candidate loop wrote them before they were kept with the request."""
    if days is not None and not candidates.day_ok(item, derived, days, strict=kinds is None) \
            and not candidates.spans_period(item, derived, named, ev) \
            and not (not days and derived and item.kind == "between" and item.days <= named):
        return False
    if days is not None and item.kind in ("met", "missed") and len(days) >= 2 \
            and (max(days) - min(days)).days == len(days) - 1 and not (
                item.days and item.days <= days if derived else any(
                    p.label == item.period and min(days) <= p.start and p.end <= max(days)
                    for p in ev.periods)):
        return False
    if days is None and derived and item.unit == "%" and (
            len(item.days) >= 2 or item.days and item.kind in ("change", "part")):
        return False
    if days is None and derived and item.kind in ("met", "missed", "recorded") \
            and len(item.days) >= 2 and not _whole_period(item.days, ev):
        return False
    if days is None and derived and item.kind == "recorded" and len(item.days) >= 2 \
            and not _stated_period(item.days, ev) and not _whole_block(item.days, ev):
        return False
    return kinds is None or candidates.kind_ok(item, derived, kinds, ev)


def _whole_block(days, ev) -> bool:
    return any(b and (min(b), max(b)) == (min(days), max(days)) for b in ev.blocks)


def _stated_period(days, ev) -> bool:
    return (min(days), max(days)) in {(p.start, p.end) for p in ev.periods}


def _whole_period(days, ev) -> bool:
    lo, hi = min(days), max(days)
    if (hi - lo).days + 1 != len(days):
        return True
    one = timedelta(days=1)
    return lo - one not in ev.days or hi + one not in ev.days or _stated_period(days, ev)


def test_the_bracket_pattern_reads_a_label_as_the_search_does() -> None:
    text = "(a) + (b (c)) = 3 (this week so far)"
    found = set(re.findall(r"\(([^()]*)\)", text))
    for label in ("a", "b", "c", "this week so far", "b (c)"):
        if "(" not in label:
            assert (label in found) == (f"({label})" in text)
