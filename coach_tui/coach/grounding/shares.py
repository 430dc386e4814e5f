"""A share written in words, as the fractions it can mean: "three quarters" (0.75), "two
thirds", "two days in five" (0.4), "one day in every three", "one in every two and a bit"
(between 1/2.5 and 1/2), and the side a hedge before it puts the true share on ("a little
over two in five": at least 0.4; "nearly three quarters": at most 0.75).

Pure: the words alone; candidates.py weighs the shares the request's numbers give."""

from __future__ import annotations

import re

from coach_tui.coach.grounding.words import SMALL

_PARTS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4,
          "fifth": 5, "fifths": 5, "tenth": 10, "tenths": 10}
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
    if m is None:
        return None
    n, d = (int(w) if w.isdigit() else SMALL.get(w.lower(), 0) for w in (m[1], m[2]))
    if n < 1 or d < 2:
        return None
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


# "a fifth more than last week's 9,904 average": the base a ratio is worked out on, written
_THAN_NUMBER = re.compile(r"\s+(?:more|higher|bigger|up|above|over|less|lower|fewer|below|under)"
                          r"\s+(?:than|on)\s+(?:[\w'’]+\s+){0,3}?(\d{1,3}(?:,\d{3})+|\d{4,})\b",
                          re.I)


# "about a quarter of Wednesday's 11,203": the whole a share is of, written
_OF_NUMBER = re.compile(r"\s+of\s+(?:[\w'’]+\s+){0,3}?(\d{1,3}(?:,\d{3})+|\d{4,})\b", re.I)
_SUBJECT_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+|\d{4,}")
_THOUSANDS = re.compile(r"(?<![\d.,])(\d{1,3}(?:\.\d)?)k\b")
_SUBJECT = re.compile(r"(\d{1,3}(?:,\d{3})+|\d{4,})(?=[^.!?\n\d]*$)")


def subject_of(reply: str, start: int) -> int | None:
    """The count a sentence writes before a ratio at `start` ("Tuesday was 13,311, roughly a
    fifth more than ..."), or None."""
    found = _SUBJECT.search(reply, max(0, start - 60), start)
    if found is None or "\n" in reply[found.end():start]:
        return None
    return int(found[1].replace(",", ""))


def subject_miss(value: int, operation: str) -> float | None:
    """How far the count `value` written before a ratio (subject_of) is from what
    `operation` works out from (0 for exact), or None when it is not of it."""
    # (or the gap it makes: "ahead by 3,065 steps, roughly a third more")
    top = operation.split("÷")[0]
    if f"{value:,} " in top or value % 100 == 0 and f"{value / 1000:g}k " in top:
        return 0.0  # ("12,000 every day is about a quarter more": "your 12k ÷ 9,494 ...")
    used = {int(n.replace(",", "")) for n in _SUBJECT_NUMBER.findall(operation)} | {
        round(float(n) * 1000) for n in _THOUSANDS.findall(operation)}  # ("your 12k ÷ ...")
    if any(x - value in used for x in used):
        return 0.0
    # ("close to 1,500 more steps a day, nearly a fifth more": the gap as rounded, to the
    # place of its last written digit)
    place = 1
    while value % (place * 10) == 0:
        place *= 10
    misses = [abs(x - y - value) for x in used for y in used if x > y]
    return min(misses) if place > 1 and misses and min(misses) <= place / 2 else None


def base_fits(reply: str, end: int, operation: str) -> bool:
    """False when the words after a share or ratio at `end` name its whole and `operation`
    (worked out by code) is not over it: "that Saturday was less than half of your goal" is
    no share of goal days; "a fifth more than last week's 9,904" is a ratio over 9,904."""
    if (than := _THAN_NUMBER.match(reply, end) or _OF_NUMBER.match(reply, end)) is not None:
        return f"÷ {int(than[1].replace(',', '')):,}" in operation
    return _OF_GOAL.match(reply, end) is None or operation.endswith("goal", 0,
                                                                     operation.rfind(" ="))


def widened(text: str, start: int, lo: float, hi: float, slack: float) -> tuple[float, float]:
    """The shares a fraction word written at `start` allows: its own (`lo`..`hi`) within the
    written precision `slack`, on the side the words before it say ("a touch over two in
    five": not under 40%)."""
    side = side_of(text, start)
    return lo - (SIDE_SLACK if side > 0 else slack), hi + (SIDE_SLACK if side < 0 else slack)
