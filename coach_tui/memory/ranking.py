"""Which matching memories a message gets, best first: pure, the same hits give the same order.

Every hit comes with its bm25 score from the one recall index (store/search.py). Ranking:

- *coverage*: the share of the message's words (a word or any of its synonyms) a hit holds.
  bm25 alone lets one common word ("goal") pull in every line that says it;
- a hit dated inside a span the message names ("in October", "since the trip") or anchoring an
  event it names counts as covering one more word;
- order: coverage, then bm25, then the newer first (recency breaks ties), then kind and id;
- weak matches are dropped: a hit must cover at least `MIN_SHARE` of what the best hit covers
  and score at least `MIN_SCORE_SHARE` of its bm25;
- duplicates (the same text, after spaces and case) keep only their best.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from coach_tui.memory.query import base_form, expand
from coach_tui.memory.spans import Span
from coach_tui.store.search import Hit

MIN_SHARE = 0.75
MIN_SCORE_SHARE = 0.35


@dataclass(frozen=True)
class Ranked:
    hit: Hit
    covered: float       # words of the message (or a named span) the hit holds
    anchor: bool = False  # it dates an event the message names


def _bases(text: str) -> set[str]:
    return {base_form(t) for t in re.findall(r"[^\W_]+", text.lower())}


def covered_words(words: Sequence[str], text: str) -> int:
    """How many of `words` (each with its synonyms) occur in `text`, inflections aside."""
    held = _bases(text)
    return sum(1 for w in words if any(base_form(t) in held for t in expand(w)))


def rank(hits: Sequence[Hit], words: Sequence[str], *, spans: Sequence[Span] = (),
         anchors: Sequence[Hit] = ()) -> list[Ranked]:
    """`hits` (and the event `anchors`, which always stay) ranked, weak ones and repeats out."""
    anchor_keys = {(h.kind, h.ref) for h in anchors}
    by_key: dict[tuple[str, int], Ranked] = {}
    for hit in [*anchors, *hits]:
        key = (hit.kind, hit.ref)
        if key in by_key:
            continue
        covered = float(covered_words(words, f"{hit.text}\n{hit.reply}"))
        if spans and _dated_inside(hit.day, spans):
            covered += 1
        by_key[key] = Ranked(hit, covered, key in anchor_keys)
    ranked = sorted(by_key.values(), key=_order)
    if not ranked:
        return []
    best = max((r for r in ranked if not r.anchor), key=_order_key, default=None)
    kept, seen = [], set()
    for r in ranked:
        if not r.anchor and best is not None and (
                r.covered < MIN_SHARE * best.covered
                or r.hit.score < MIN_SCORE_SHARE * best.hit.score):
            continue
        text = " ".join(f"{r.hit.text} {r.hit.reply}".lower().split())
        if text in seen:
            continue
        seen.add(text)
        kept.append(r)
    return kept


def _order_key(r: Ranked) -> tuple:
    return (r.covered, r.hit.score)


def _order(r: Ranked) -> tuple:
    return (not r.anchor, -r.covered, -r.hit.score, _negated_day(r.hit.day), r.hit.kind,
            -r.hit.ref)


def _negated_day(day: str) -> int:
    try:
        return -date.fromisoformat(day).toordinal()
    except ValueError:
        return 0


def _dated_inside(day: str, spans: Sequence[Span]) -> bool:
    try:
        d = date.fromisoformat(day)
    except ValueError:
        return False
    return any(s.start <= d <= s.end for s in spans)
