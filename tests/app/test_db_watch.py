"""The app follows its database: what another process commits (a sync, an import, a journal
line, a rename) reaches the sidebar and the open picker within 2 s, and nothing is redrawn
when nothing changed."""

from __future__ import annotations

from datetime import datetime

import pytest

from coach_tui.context import Context
from coach_tui.memory import journal
from coach_tui.memory.switch import set_memory
from coach_tui.store import connect
from coach_tui.store import sessions as store
from coach_tui.store.db import transaction
from coach_tui.store.steps import Day, upsert_days
from coach_tui.ui.app import CoachApp
from coach_tui.ui.db_watch import POLL_SECONDS
from coach_tui.ui.screens.sessions import SessionsScreen
from coach_tui.ui.widgets.facts import FactsPanel
from coach_tui.ui.widgets.journal import JournalList
from coach_tui.ui.widgets.steps_chart import StepsChart
from tests.engine_support import seed_steps
from tests.support import opened, until


@pytest.fixture
def ctx(home):
    context = Context()
    seed_steps(context.conn, goal=10_000, today_steps=None)
    yield context
    context.close()


@pytest.fixture
def other(ctx):
    """A second connection: what another coach-tui process writes through."""
    conn = connect(ctx.settings.paths.db_file)
    yield conn
    conn.close()


def counting(monkeypatch, cls, name: str) -> list:
    calls: list = []
    original = getattr(cls, name)

    def spy(self, *args, **kwargs):
        calls.append(args)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(cls, name, spy)
    return calls


async def test_a_sync_and_a_journal_line_from_another_process_show_within_two_seconds(
        ctx, other, monkeypatch):
    assert POLL_SECONDS <= 1.0
    facts_drawn = counting(monkeypatch, FactsPanel, "show")
    journal_drawn = counting(monkeypatch, JournalList, "show")
    async with CoachApp(ctx).run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        await pilot.pause(0.5)   # the new session's own first draw
        chart = screen.query_one(StepsChart)
        assert "today not synced" in chart.border_subtitle
        facts, lines = len(facts_drawn), len(journal_drawn)

        start = datetime.now()
        with transaction(other):
            upsert_days(other, [Day("2026-11-30", 4_321, 10_000)], source="garmin")
        journal.save_entry(other, "Walks the dog at lunch now", source="user",
                           entry_date="2026-11-30")
        await until(pilot, lambda: "today 4,321" in chart.border_subtitle
                    and len(screen.sidebar.journal_list.entries) == 1, timeout=5)
        # A poll each second, then a draw: about a second; the margin is for a loaded machine.
        assert (datetime.now() - start).total_seconds() < 3.0
        assert len(facts_drawn) == facts + 1 and len(journal_drawn) == lines + 1

        # A commit that changes nothing shown: the next poll notices it (the version moved),
        # reads, and redraws nothing; with no commit at all it reads nothing.
        watch = pilot.app.db_watch
        seen = watch.version
        with transaction(other):
            other.execute("INSERT INTO settings (key, value) VALUES ('unrelated', '1')")
        assert watch.follow(pilot.app) is False and watch.version != seen
        assert watch.follow(pilot.app) is False
        await pilot.pause()
        assert len(facts_drawn) == facts + 1 and len(journal_drawn) == lines + 1

        set_memory(other, False)                  # `coach-tui memory off` in another shell
        assert watch.follow(pilot.app) is True
        await pilot.pause()
        assert "Memory OFF" in str(screen.sidebar.query_one("#memory-banner").render())
        assert screen.has_class("-memory-off")


async def test_the_open_picker_follows_a_rename_and_keeps_the_highlight(ctx, other):
    from coach_tui.coach.session import CoachSession

    for day, words in (("2026-11-28", "First chat"), ("2026-11-29", "Second chat")):
        session = CoachSession.new(ctx.conn, ctx.settings,
                                   now=datetime.fromisoformat(f"{day}T08:00"))
        store.add_user_turn(ctx.conn, session.session_id, created_at=f"{day}T08:00:00",
                            text=words, memory_on=True, title=words)
    async with CoachApp(ctx).run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        await pilot.press("ctrl+o")
        await until(pilot, lambda: isinstance(pilot.app.screen, SessionsScreen))
        picker = pilot.app.screen
        await pilot.press("down", "down")            # the first chat, the second row
        assert picker.highlighted.title == "First chat"
        store.rename_session(other, 1, "Knee week")  # `coach-tui sessions rename` elsewhere
        await until(pilot, lambda: "Knee week" in str(picker.rows.get_option_at_index(1).prompt),
                    timeout=3)
        assert picker.highlighted.session_id == 1


def test_nothing_is_read_while_a_turn_runs_and_the_commit_is_seen_after_it(ctx, other):
    # The turn's own commits move the counter; reading the sidebar's data then would compete
    # with the turn on the UI thread. The move is kept for the first poll after the turn.
    from types import SimpleNamespace

    from coach_tui.ui.db_watch import DatabaseWatch
    from coach_tui.ui.screens.main import MainScreen

    class Replying(MainScreen):
        turn_running = True  # type: ignore[assignment]

    watch = DatabaseWatch(ctx.conn)
    journal.save_entry(other, "Walks the dog at lunch now", source="user",
                       entry_date="2026-11-30")
    assert watch.follow(SimpleNamespace(screen_stack=[Replying()])) is False
    assert watch.moved() is True  # still there for the poll after the turn
