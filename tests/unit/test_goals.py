"""Today's goal is the user's goal: the newest stored day's, the default only when none has one."""

from datetime import date, timedelta

from coach_tui.memory.goals import day_goal, goal_in_force, goal_in_force_of
from coach_tui.memory.snapshot import current_facts
from coach_tui.store.db import transaction
from coach_tui.store.steps import Day, upsert_days

TODAY = date(2026, 11, 30)


def weeks_of_garmin_days(conn, goal=8_000, n=21, steps=9_000):
    """`n` days through yesterday, each with Garmin's goal; today not synced yet."""
    days = [Day((TODAY - timedelta(days=i)).isoformat(), steps, goal) for i in range(n, 0, -1)]
    with transaction(conn):
        upsert_days(conn, days, source="garmin", synced_at="2026-11-30T08:00:00+00:00")


def test_the_rule():
    assert day_goal(Day("2026-11-29", 1, 6_000), 8_000) == 6_000
    assert day_goal(Day("2026-11-29", 1, None), 8_000) == 8_000
    assert day_goal(None, 8_000) == 8_000
    days = [Day("2026-11-27", 1, 7_000), Day("2026-11-29", 1, None), Day("2026-11-28", 1, 8_000)]
    assert goal_in_force_of(days, 10_000) == 8_000          # the newest day with a goal
    assert goal_in_force_of([Day("2026-11-29", 1, None)], 10_000) == 10_000


def test_goal_in_force_from_the_database(conn):
    assert goal_in_force(conn, 10_000) == 10_000            # nothing stored: the default
    weeks_of_garmin_days(conn)
    with transaction(conn):                                  # a file without a goal column
        upsert_days(conn, [Day(TODAY.isoformat(), 500, None)], source="csv")
    assert goal_in_force(conn, 10_000) == 8_000


def test_ledger_judges_days_without_a_goal_on_the_goal_in_force(conn):
    weeks_of_garmin_days(conn)
    with transaction(conn):   # yesterday re-imported from a file without goals
        upsert_days(conn, [Day((TODAY - timedelta(days=1)).isoformat(), 9_000, None)],
                    source="csv")
    facts = current_facts(conn, TODAY, 10_000)
    assert facts[0] == "step goal streak: 21 days (through 2026-11-29)"

