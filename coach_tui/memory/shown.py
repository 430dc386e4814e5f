"""Which memories the block shows: pure, the ranked list in, the shown ones out.

The ranking (memory/ranking.py) keeps only the memories near the best (as much of the message
as it holds, nearly its bm25): when one hit stands out, few pass. `MAX_SHOWN` of them are
shown. When the scores are flat, more than `MAX_SHOWN` passing, the message is answered
across many memories ("what has she painted?", "which countries has he been to?"), and up to
`MAX_FLAT` are shown. A follow-up exchange (memory/followups.py: it matched nothing itself,
at most a few: the answer to a recalled exchange's question) does not make the scores flat
and is not counted: every follow-up comes after the matches shown, as the token budget allows.
A message that names its days keeps `MAX_SHOWN`: every memory dated inside them counts one
word more, so its matches look flat when they are not.
"""

from __future__ import annotations

from collections.abc import Sequence

from coach_tui.memory.ranking import Ranked

MAX_SHOWN = 6    # memories in the block: past the best few, a ranking's matches are weak
MAX_FLAT = 10    # when more than MAX_SHOWN matched about as well as the best


def _matched(r: Ranked) -> bool:
    return r.anchor or r.covered > 0


def shown_count(ranked: Sequence[Ranked], dated: bool = False) -> int:
    """How many of `ranked`'s matches (best first) the block shows; `dated`: the message
    names its days."""
    matched = sum(1 for r in ranked if _matched(r))
    return min(matched, MAX_SHOWN if dated or matched <= MAX_SHOWN else MAX_FLAT)


def shown(ranked: Sequence[Ranked], dated: bool = False) -> list[Ranked]:
    """The memories of `ranked` (matches best first, follow-ups last) the block shows: the
    first `shown_count` matches, then every follow-up."""
    count = shown_count(ranked, dated)
    matches = [r for r in ranked if _matched(r)]
    return [*matches[:count], *(r for r in ranked if not _matched(r))]
