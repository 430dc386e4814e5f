"""Day words: the days and ranges a message names, read relative to today.

A bare weekday ("Tuesday") is the most recent one on or before today; "last Tuesday" is the
most recent one before today; "next Tuesday" is skipped; "yesterday" and "the day before
yesterday" are what they say; an ISO date ("2026-11-24") is that day; "this week" is the ISO
week so far, "last week" the whole previous ISO week; "last 5 days" (digits, or a number word)
ends yesterday; "this month" and "last month" are calendar months; a month name is the most
recent such month (this one if it is the current month), or the one in the year written after
it ("May 2026"). "May" is only a month when capitalised and used like a date ("in May",
"May 3", "May 2026"), because "may" is also a verb. Future days are dropped and a span ends
yesterday at the latest: today is the live line's job.

Pure: the same text and today give the same spans, in a fixed order.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december")
_NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10, "fourteen": 14, "thirty": 30}


@dataclass(frozen=True)
class Span:
    """A stretch of days the message names. `summary` spans also get a totals line."""

    label: str
    start: date
    end: date
    summary: bool


def named_spans(text: str, today: date) -> list[Span]:
    """The days and ranges `text` names, clipped to before today, in a fixed order."""
    spans: list[Span] = []
    low = text.lower()
    yesterday = today - timedelta(days=1)

    if re.search(r"\bday before yesterday\b", low):
        d = today - timedelta(days=2)
        spans.append(Span(d.isoformat(), d, d, False))
    if re.search(r"(?<!before )\byesterday\b", low):
        spans.append(Span(yesterday.isoformat(), yesterday, yesterday, False))

    for m in re.finditer(r"\b(?:(last|next|this)\s+)?(" + "|".join(WEEKDAYS) + r")\b", low):
        qualifier, name = m.group(1), m.group(2)
        if qualifier == "next":
            continue
        back = (today.weekday() - WEEKDAYS.index(name)) % 7
        if qualifier == "last" and back == 0:
            back = 7
        d = today - timedelta(days=back)
        spans.append(Span(d.isoformat(), d, d, False))

    for m in re.finditer(r"\b(\d{4})-(\d{2})-(\d{2})\b", text):
        try:
            d = date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:
            continue
        spans.append(Span(d.isoformat(), d, d, False))

    monday = today - timedelta(days=today.weekday())
    if re.search(r"\bthis week\b", low):
        spans.append(Span("this week so far", monday, yesterday, True))
    if re.search(r"\b(last|past|previous) week\b", low):
        start = monday - timedelta(days=7)
        spans.append(Span("last week", start, start + timedelta(days=6), True))

    for m in re.finditer(r"\b(?:last|past|previous)\s+(\d{1,2}|" + "|".join(_NUMBER_WORDS)
                         + r")\s+days\b", low):
        n = int(m.group(1)) if m.group(1).isdigit() else _NUMBER_WORDS[m.group(1)]
        if 1 <= n <= 31:
            spans.append(Span(f"the last {n} days", today - timedelta(days=n), yesterday, True))

    first_of_month = today.replace(day=1)
    if re.search(r"\bthis month\b", low):
        spans.append(_month_span(today.year, today.month, today))
    if re.search(r"\blast month\b", low):
        prev = first_of_month - timedelta(days=1)
        spans.append(_month_span(prev.year, prev.month, today))
    for m in _month_mentions(text):
        month = MONTHS.index(m[0]) + 1
        year = m[1]
        if year is None:
            year = today.year if month <= today.month else today.year - 1
        spans.append(_month_span(year, month, today))

    out, seen = [], set()
    for span in spans:
        end = min(span.end, yesterday)
        if span.start > end:
            continue  # today or the future: nothing complete to recall
        span = Span(span.label, span.start, end, span.summary)
        if (span.start, span.end, span.summary) not in seen:
            seen.add((span.start, span.end, span.summary))
            out.append(span)
    return out


def _month_span(year: int, month: int, today: date) -> Span:
    last = calendar.monthrange(year, month)[1]
    label = f"{calendar.month_name[month]} {year}"
    if (year, month) == (today.year, today.month):
        label += " so far"
    return Span(label, date(year, month, 1), date(year, month, last), True)


def _month_mentions(text: str) -> Iterable[tuple[str, int | None]]:
    pattern = r"\b(" + "|".join(MONTHS) + r")\b(?:\s+(\d{1,2})\b(?!:))?(?:,?\s+(\d{4})\b)?"
    for m in re.finditer(pattern, text, re.IGNORECASE):
        name = m.group(1).lower()
        year = int(m.group(3)) if m.group(3) else None
        if name == "may":
            before = text[: m.start()].split()
            prev = before[-1].lower() if before else ""
            datelike = m.group(2) or m.group(3) or prev in {
                "in", "during", "since", "of", "last", "this", "early", "late", "mid", "through"}
            if m.group(1) != "May" or not datelike:
                continue
        if year is not None and not 1970 <= year <= 9999:
            continue
        yield name, year
