"""The recall block's live line and its "yesterday" are the Garmin account's, like the ledger's
today, not this machine's clock."""

from datetime import UTC, datetime

from coach_tui.coach.turn_recall import turn_recall
from coach_tui.store.settings import ACCOUNT_ZONE, set_setting
from tests.engine_support import seed_steps


def test_the_live_line_is_the_accounts_day_and_time(conn, settings):
    seed_steps(conn)
    moment = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)
    set_setting(conn, ACCOUNT_ZONE, "Pacific/Auckland")      # UTC+13 in November
    text = turn_recall(conn, settings, None, "how did yesterday go?", now=moment).text
    assert "Now: Tuesday 2026-12-01, 09:00." in text
    assert "- Mon 2026-11-30:" in text                       # yesterday, over there
    set_setting(conn, ACCOUNT_ZONE, "America/Los_Angeles")   # UTC-8
    text = turn_recall(conn, settings, None, "how did yesterday go?", now=moment).text
    assert "Now: Monday 2026-11-30, 12:00." in text
    assert "- Sun 2026-11-29:" in text
