"""A share written in words, as the fractions it can mean: "three quarters" (0.75), "two
thirds", "two days in five" (0.4), "one day in every three", "one in every two and a bit"
(between 1/2.5 and 1/2), and the side a hedge before it puts the true share on ("a little
over two in five": at least 0.4; "nearly three quarters": at most 0.75).

Pure: the words alone; candidates.py weighs the shares the request's numbers give."""

from __future__ import annotations

import re

from coach_tui.coach.grounding.words import SMALL

_PARTS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4,
          "fifth": 5, "fifths": 5}
# "two days in five", "one in every three", "one day in every two and a bit"
_RATIO = re.compile(r"(\w+)\s+(?:days?\s+)?in\s+(?:every\s+)?(\w+)(\s+and\s+a\s+bit)?", re.I)
# the words before a share that put the true one on a side of it
_SIDE = re.compile(r"(?:(?:just|a\s+(?:little|bit|touch|shade)|slightly)\s+)?(?:(over|above|"
                   r"more\s+than)|(under|below|less\s+than|shy\s+of)|nearly|almost|"
                   r"getting\s+on\s+for|close\s+to)\s+$", re.I)
SIDE_SLACK = 0.005  # "just over two in five" of 39.8%: a share rounded to a tenth of a percent


def share_range(words: str) -> tuple[float, float] | None:
    """(lowest, highest) share `words` can mean, or None when they are no share in words."""
    low = " ".join(words.lower().split()).removeprefix("a ").removeprefix("one ")
    if low in _PARTS:
        return 1 / _PARTS[low], 1 / _PARTS[low]
    head, _, part = " ".join(words.lower().split()).partition(" ")
    if part in _PARTS and 0 < SMALL.get(head, 0) < _PARTS[part]:
        return SMALL[head] / _PARTS[part], SMALL[head] / _PARTS[part]
    m = _RATIO.fullmatch(words.strip())
    if m is None or SMALL.get(m[1].lower(), 0) < 1 or SMALL.get(m[2].lower(), 0) < 2:
        return None
    n, d = SMALL[m[1].lower()], SMALL[m[2].lower()]
    return (n / (d + 0.5), n / d) if m[3] else (n / d, n / d)


def side_of(text: str, start: int) -> int:
    """+1 when the words before `start` say the true share is over it ("a touch over"), -1
    when under ("nearly", "just shy of"), 0 when they say neither."""
    m = _SIDE.search(text, max(0, start - 28), start)
    if m is None:
        return 0
    return 1 if m[1] else -1


# "half of your goal", "three quarters of the way to 10,000": a share whose whole is the goal
_OF_GOAL = re.compile(r"\s+(?:of\s+)?(?:your|the)\s+(?:daily\s+|step\s+)?(?:goal|target)\b|"
                      r"\s+of\s+the\s+way\s+(?:to|there)\b", re.I)


def base_fits(reply: str, end: int, operation: str) -> bool:
    """False when the words after a share at `end` name the goal as its whole and
    `operation` (a share worked out by code) is not one of the goal: "that Saturday was less
    than half of your goal" is no share of goal days."""
    return _OF_GOAL.match(reply, end) is None or operation.endswith("goal", 0,
                                                                     operation.rfind(" ="))
