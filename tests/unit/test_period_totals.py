"""store.steps.period_totals: weeks from their Monday and months from their first day, summed in
SQL (a week by its Julian week number, a month by its text), the same rows as the day lines."""

from __future__ import annotations

from datetime import date, timedelta

from coach_tui.store import connect
from coach_tui.store.steps import Day, period_totals, upsert_days


def _home(first: date, days: int, skip: frozenset = frozenset()):
    conn = connect(":memory:")
    upsert_days(conn, [Day((first + timedelta(days=k)).isoformat(), 1000 + k, 10_000, None)
                       for k in range(days) if k not in skip], source="test")
    return conn


def test_weeks_run_monday_to_sunday_whichever_day_the_records_start():
    # Wed 25 Nov 2026 to Sun 13 Dec 2026; Mon 30 Nov missing
    conn = _home(date(2026, 11, 25), 19, skip=frozenset({5}))
    weeks = period_totals(conn, "week", date(2026, 12, 14))
    assert [w[0] for w in weeks] == ["2026-11-23", "2026-11-30", "2026-12-07"]
    assert [w[2] for w in weeks] == [5, 6, 7]
    assert weeks[0][1] == sum(1000 + k for k in range(5))
    by_day = {(date(2026, 11, 25) + timedelta(days=k)): 1000 + k for k in range(19) if k != 5}
    for first, total, _ in weeks:
        monday = date.fromisoformat(first)
        assert monday.weekday() == 0
        assert total == sum(v for d, v in by_day.items() if monday <= d < monday + timedelta(7))


def test_months_start_on_their_first_day_and_stop_before_the_day_given():
    conn = _home(date(2026, 10, 30), 40)  # 30 Oct to 8 Dec
    months = period_totals(conn, "month", date(2026, 12, 5))
    assert [(m[0], m[2]) for m in months] == [("2026-10-01", 2), ("2026-11-01", 30),
                                              ("2026-12-01", 4)]
    assert months[1][1] == sum(1000 + k for k in range(2, 32))
