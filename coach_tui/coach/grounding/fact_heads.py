"""Which number a fact word ("best", "lowest", "average") heads when a day stands between.

A digest writes the fact word, the day, then the day's value: "Best Wed Nov 25 (12,028) vs
lowest Thu Nov 26 (7,651)", "High: Wed 25th at 12,028". The date after the word is the day
of the number after the date, not a number of its own that takes the word: the word heads
that number, and not the number written before it.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

# A fact word right before a number names that number ("average about 10,700", "streak of 4").
_HEADS = re.compile(r"[a-z]+(?:\s+(?:of|is|was|at|to))?\s+(?:about\s+|around\s+|roughly\s+|"
                    r"nearly\s+|just\s+over\s+|just\s+under\s+)?\d", re.I)
# what may stand between a day and its value: "(", ":", "at", "on", "with", a dash
_DAY_TO_VALUE = re.compile(r"[\s(:,–—-]*(?:(?:at|on|with|of)\s+)?(?:about\s+|~)?$", re.I)


def taken_between(starts: Sequence[int], dated: set[int], lo: int, hi: int,
                  word_first: bool) -> bool:
    """Whether a number other than a date right after the word (`word_first`: the word
    is before `hi`) starts in `lo:hi`: then the word is that number's."""
    i = bisect_right(starts, lo)
    while i < len(starts) and starts[i] < hi:
        if not word_first or starts[i] not in dated:
            return True
        i += 1
    return False


def heads_next(reply: str, starts: Sequence[int], ends: Sequence[int], dated: set[int],
               pos: int, limit: int) -> bool:
    """Whether the fact word at `pos` heads the number right after it ("average about
    10,700"), or a date and the value written right after that ("lowest Thu Nov 26
    (7,651)"), both before `limit`."""
    if _HEADS.match(reply, pos):
        return True
    i = bisect_right(starts, pos)
    if i + 1 >= len(starts) or starts[i] not in dated or starts[i + 1] >= limit:
        return False
    gap = reply[ends[i]:starts[i + 1]]
    return len(gap) <= 8 and _DAY_TO_VALUE.match(gap) is not None \
        and reply[pos:starts[i]].strip(" \t*_").isalpha()
