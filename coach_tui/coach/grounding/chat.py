"""The chat's own numbers, the verdict's last look: numbers whose standing depends on who said
them in the conversation rather than on the records.

- what the coach said before and this reply takes back is quoted from that reply, not warned
  (taken_back.py: "I told you 47 days; that was wrong");
- what the user wants is no record: their aim reported as done is unsupported (aims.py: "I
  want 75,000 steps total" does not support "last week you did about 75,000").
"""

from __future__ import annotations

from collections.abc import Callable

from coach_tui.coach.grounding import aims, taken_back
from coach_tui.coach.grounding.facts import Evidence


def checked[M: aims.Mention](reply: str, out: list[M], ev: Evidence,
                             sentence: Callable[[int], tuple[int, int]]) -> list[M]:
    """`out` as the two rules above leave it."""
    return taken_back.cleared(reply, aims.refuted(reply, out, ev, sentence), ev, sentence)
