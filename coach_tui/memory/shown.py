"""How many memories the block shows: pure, the ranked list in, a count out.

The ranking (memory/ranking.py) keeps only the memories near the best (as much of the message
as it holds, nearly its bm25): when one hit stands out, few pass. `MAX_SHOWN` of them are
shown. When the scores are flat, more than `MAX_SHOWN` passing, the message is answered
across many memories ("what has she painted?", "which countries has he been to?"), and up to
`MAX_FLAT` are shown, follow-ups after them, as the token budget allows. A follow-up exchange
(memory/followups.py: it matched nothing itself) does not make the scores flat, and a message
that names its days keeps `MAX_SHOWN`: every memory dated inside them counts one word more, so
its matches look flat when they are not.
"""

from __future__ import annotations

from collections.abc import Sequence

from coach_tui.memory.ranking import Ranked

MAX_SHOWN = 6    # memories in the block: past the best few, a ranking's matches are weak
MAX_FLAT = 10    # when more than MAX_SHOWN matched about as well as the best


def shown_count(ranked: Sequence[Ranked], dated: bool = False) -> int:
    """How many of `ranked` (best first, follow-ups last) the block shows; `dated`: the
    message names its days."""
    matched = sum(1 for r in ranked if r.anchor or r.covered > 0)
    if dated or matched <= MAX_SHOWN:
        return MAX_SHOWN
    return min(len(ranked), MAX_FLAT)
