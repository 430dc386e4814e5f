"""The day and period lines of the block: the days a message names, its periods' totals, a
comparison when it makes one, and the days of the short periods. Pure: the spans and the stored
rows in, the block's items out."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, timedelta

from coach_tui.memory.daylines import (
    compares,
    comparison_line,
    day_line,
    summary_line,
)
from coach_tui.memory.recall_items import RecallItem
from coach_tui.memory.spans import Span

MAX_LISTED_DAYS = 14
MAX_SUMMARIES = 4


def day_items(spans: Sequence[Span], rows: dict, default_goal: int,
              text: str) -> tuple[list[RecallItem], list[RecallItem]]:
    """(the days named and the periods' totals lines, then a comparison when the message
    makes one; the days of the periods a week long or shorter). The periods' own days come
    after the memories: they fill the room the memories leave."""
    named: list[date] = []
    listed: list[date] = []
    summaries: list[RecallItem] = []
    periods = [s for s in spans if s.summary]
    if not periods and len(spans) == 2:  # "compare Sept 5 and Sept 6": two days
        periods = list(spans)
    for span in spans:
        if span.summary:
            if len(summaries) < MAX_SUMMARIES:
                summaries.append(RecallItem("span", summary_line(span, rows, default_goal),
                                            span.start.isoformat(), label=span.label,
                                            end=span.end.isoformat()))
            if span.days <= 7:
                listed += [span.start + timedelta(days=i) for i in range(span.days)]
        else:
            named.append(span.start)

    def lines(days: Iterable[date]) -> list[RecallItem]:
        return [RecallItem("day", day_line(d, rows.get(d.isoformat()), default_goal),
                           d.isoformat()) for d in sorted(set(days))[-MAX_LISTED_DAYS:]]

    items = lines(named) + summaries
    if len(periods) >= 2 and compares(text):
        older, newer = sorted(periods[:2], key=lambda s: (s.start, s.end))
        line = comparison_line(older, newer, rows)
        if line is not None:
            items.append(RecallItem("compare", line, newer.start.isoformat()))
    return items, lines(d for d in listed if d not in set(named))
