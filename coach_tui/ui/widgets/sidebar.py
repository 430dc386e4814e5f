"""The sidebar: what the coach remembers, beside the chat.

Contract:
- Top to bottom: a banner while memory is off, the ledger facts (as of yesterday, worded as the
  snapshot words them), the 30-day chart, the Garmin sync panel while a sync runs, and the
  journal, newest first.
- `refresh_all()` reads all of it again from the database (after a sync, at a new session);
  `refresh_journal()` only the journal (after a turn, a reflection, a memory toggle). Journal
  lines newer than the shown session's snapshot are marked: they reach the coach next session.
  With `only_if_changed=True` (the app following changes other processes made, ui/db_watch.py)
  a part is redrawn only when what it would show differs from what it shows.
- Journal lines: Enter opens one, Delete or ctrl+d asks (y/n/escape), then the row goes from the
  database and the list; the engine re-renders the snapshot on the next message.
"""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label

from coach_tui.memory.switch import MemoryState, memory_state
from coach_tui.text import plural
from coach_tui.ui.typed_app import coach_app
from coach_tui.ui.widgets.facts import FactsPanel
from coach_tui.ui.widgets.journal import JournalList, source_label
from coach_tui.ui.widgets.literal import literal, one_line
from coach_tui.ui.widgets.steps_chart import WINDOW_DAYS, StepsChart
from coach_tui.ui.widgets.sync_panel import SyncPanel

if TYPE_CHECKING:
    from coach_tui.coach.session import CoachSession
    from coach_tui.memory import journal

# The sidebar is drawn empty in the first frame and filled right after it (the main screen's
# open_new_session), so what reads its content is imported then, in the methods (issue 23).


class Sidebar(Vertical):
    """Ledger facts, the chart, the sync panel and the journal, each refreshed from SQLite."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        # the session whose snapshot the "next session" marks compare to
        self.session: CoachSession | None = None
        self._facts_at_session_start: list[str] | None = None
        # What the ledger and chart, and the journal, were last drawn from.
        self._shown_ledger: tuple | None = None
        self._shown_journal: tuple | None = None

    def compose(self) -> ComposeResult:
        yield Label("", id="memory-banner")
        with VerticalScroll(id="facts-box") as facts_box:
            # Tab goes from the message box straight to the journal.
            facts_box.can_focus = False
            yield FactsPanel(id="facts")
        yield StepsChart(id="chart")
        yield SyncPanel(id="sync-box")
        yield JournalList(id="journal")

    def on_mount(self) -> None:
        self.query_one("#facts-box").border_title = "Ledger · as of yesterday"
        self.query_one(StepsChart).border_title = f"Last {WINDOW_DAYS} days"

    @property
    def conn(self) -> sqlite3.Connection:
        return coach_app(self).conn

    @property
    def journal_list(self) -> JournalList:
        return self.query_one(JournalList)

    def fit_height(self, height: int) -> None:
        # Short terminals (30 rows) get a shorter chart so every ledger fact still fits.
        self.query_one(StepsChart).compact = height < 36

    # ------------------------------------------------------------------ refresh
    def show_session(self, session: CoachSession, *, new: bool) -> None:
        """Mark journal lines against `session`; a `new` one also notes today's facts, so a
        sync that changes them can say they reach the coach next session."""
        from coach_tui.memory.snapshot import current_facts, ledger_today

        self.session = session
        self._facts_at_session_start = (
            current_facts(self.conn, ledger_today(self.conn),
                          coach_app(self).settings.default_step_goal)
            if new else None
        )

    def show_memory(self, state: MemoryState) -> None:
        banner = self.query_one("#memory-banner", Label)
        if state.on:
            banner.update("")
        elif state.forced_off:
            banner.update("Memory OFF (COACH_MEMORY env)")
        else:
            banner.update("Memory OFF: coach sees none of this")

    def refresh_all(self, *, only_if_changed: bool = False) -> bool:
        """Facts, chart and journal, read again from the database; whether anything was
        redrawn (with `only_if_changed`, only the parts whose content differs are)."""
        from coach_tui.memory.goals import goal_in_force
        from coach_tui.memory.snapshot import current_facts, ledger_today
        from coach_tui.store.steps import load_days

        today = ledger_today(self.conn)
        goal = goal_in_force(self.conn, coach_app(self).settings.default_step_goal)
        facts = current_facts(self.conn, today, goal)
        changed = self._facts_at_session_start is not None and facts != self._facts_at_session_start
        days = load_days(self.conn, today - timedelta(days=WINDOW_DAYS), today)
        ledger = (today, goal, facts, changed, days)
        redrawn = not only_if_changed or ledger != self._shown_ledger
        if redrawn:
            self._shown_ledger = ledger
            self.query_one(FactsPanel).show(facts, changed_since_session=changed)
            chart = self.query_one(StepsChart)
            chart.set_data(days, today, goal)
            assert chart.data is not None  # set_data just set it
            chart.border_title = f"Last {WINDOW_DAYS} days · goal {chart.data.goal_line:,}"
            chart.border_subtitle = chart.caption()
        return self.refresh_journal(only_if_changed=only_if_changed) or redrawn

    def refresh_journal(self, *, only_if_changed: bool = False) -> bool:
        """The journal read again; whether it was redrawn."""
        from coach_tui.memory import journal

        entries = journal.list_entries(self.conn)
        pending = self.pending_ids(entries)
        updated = journal.replaced_lines(self.conn)
        if only_if_changed and (entries, pending, updated) == self._shown_journal:
            return False
        self._shown_journal = (entries, pending, updated)
        jl = self.journal_list
        jl.show(entries, pending=pending, updated=updated)
        jl.border_title = f"Journal · {plural(len(entries), 'line')}"
        jl.border_subtitle = "⏎ open · del delete" if entries else ""
        return True

    def pending_ids(self, entries: list[journal.Entry]) -> set[int]:
        """Lines written after this session's snapshot: they reach the coach next session.

        Only lines newer than every line the snapshot holds count (entry ids only grow); older
        lines outside the snapshot were left out by its size limit, not written this session.
        With memory off, or a session whose snapshot was rendered with memory off (the next
        message renders a fresh one), nothing waits for the next session.
        """
        session = self.session
        if session is None or not session.memory_on or not memory_state(self.conn).on:
            return set()
        held = session.snapshot_entry_ids
        watermark = getattr(session, "journal_watermark", None)
        if watermark is None:
            watermark = max(held, default=0)
        return {e.entry_id for e in entries if e.entry_id not in held and e.entry_id > watermark}

    # ------------------------------------------------------------------ journal
    @on(JournalList.ViewRequested)
    def view_line(self, message: JournalList.ViewRequested) -> None:
        from coach_tui.ui.screens.journal_line import JournalLineScreen

        entry = message.entry
        pending = self.journal_list.is_pending(entry.entry_id)
        before = self.journal_list.replaced_text(entry.entry_id)

        def closed(delete: bool | None) -> None:
            if delete:
                self.confirm_delete(entry)

        self.app.push_screen(JournalLineScreen(entry, pending=pending, before=before), closed)

    @on(JournalList.DeleteRequested)
    def delete_requested(self, message: JournalList.DeleteRequested) -> None:
        self.confirm_delete(message.entry)

    def confirm_delete(self, entry: journal.Entry) -> None:
        from coach_tui.ui.screens.confirm import ConfirmationModal

        body = Text()
        body.append(f"{entry.entry_date} · {one_line(source_label(entry))}\n", "dim")
        body.append(literal(entry.text))
        body.append("\n\nThe coach will no longer see it from your next message.", "dim")

        def answered(yes: bool | None) -> None:
            if yes:
                self.delete_line(entry)

        self.app.push_screen(
            ConfirmationModal("Delete this journal line?", body, yes="Delete", no="Keep"),
            answered,
        )

    def delete_line(self, entry: journal.Entry) -> None:
        from coach_tui.memory import journal

        existed = journal.delete_entry(self.conn, entry.entry_id)
        self.journal_list.remove_entry(entry.entry_id)
        self.refresh_journal()
        if existed:
            self.notify("Deleted. The coach will no longer see that line from your next "
                        "message.", title="Journal")
        else:
            self.notify("That line was already gone.", title="Journal")
