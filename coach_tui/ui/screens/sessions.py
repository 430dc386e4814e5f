"""Past sessions (ctrl+o): search them, resume one, rename or delete it.

Contract:
- The search box has the focus when the picker opens; each keystroke filters the list at once
  to the sessions whose title or any message contains what is typed (one literal,
  case-insensitive substring: the same search as `coach-tui sessions list --search`). Down
  moves into the list, Up on its first row goes back to the box; Enter (in the box or the list)
  resumes the highlighted session; Esc closes.
- A day typed as YYYY-MM-DD lists the sessions with a message written that day, and resuming
  one lands on that day's first message (the chat draws the messages around it). A day that
  does not exist says so in one line.
- Each row is one line, the same cells as `coach-tui sessions list` (coach/session_rows.py):
  last active (date and time), the messages you sent, the cost, a title that tells sessions
  apart, in aligned columns, the most recently active first; the session open in the chat is
  marked. An empty list or a search with no match says so.
- r or F2 renames the highlighted session in a small dialog prefilled with its title: the title
  is made one line and cut to the length a first message's title gets; an empty one is refused
  with one line and nothing changes.
- Delete or ctrl+d deletes it after the confirmation dialog (No has the focus; only y or the
  Delete button confirms). The list updates in place, the highlight staying on the row that
  took the deleted one's place. Deleting the session open in the chat is allowed: the picker
  dismisses with `Picked(..., current_deleted=True)` and the main screen starts a fresh session
  (the chat a user just deleted should not stay on screen, nor accept messages).
- Every key has a binding id (`sessions.*`, `rename.cancel`), so it can be remapped under
  `[keys]` and is listed in the palette.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from coach_tui.coach.session_rows import LIST_LIMIT, SessionCells, last_active, session_cells
from coach_tui.coach.transcript import SessionInfo, list_sessions
from coach_tui.store import sessions as store
from coach_tui.text import plural
from coach_tui.ui.screens.confirm import ConfirmationModal
from coach_tui.ui.widgets.footer import KeyFooter
from coach_tui.ui.widgets.literal import literal, one_line

DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True)
class Picked:
    """What the picker ends with: the session to resume (None: none) and whether the session
    open in the chat was deleted meanwhile."""

    session_id: int | None
    current_deleted: bool = False
    around: int | None = None  # the stored message to show first (a day's first message)


def typed_day(words: str) -> str | None:
    """The ISO day typed in the search box ('2026-11-30'), or None when it is not one; a
    ValueError for a day shaped like one that does not exist ('2026-02-30')."""
    words = words.strip()
    if not DAY.fullmatch(words):
        return None
    try:
        return date.fromisoformat(words).isoformat()
    except ValueError:
        raise ValueError(f"“{words}” is not a day on the calendar (YYYY-MM-DD).") from None


def session_prompt(cells: SessionCells, *, current: bool) -> Text:
    """One row: last active, messages, cost, title (shown literally); the open session marked."""
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(cells.active, "bold")
    text.append(f"  {cells.messages}  {cells.cost}  ", "dim")
    if current:
        text.append("this session · ", "italic")
    text.append(one_line(cells.title))
    return text


class SessionList(OptionList):
    """The rows; Up on the first row hands the focus back to the search box."""

    def action_cursor_up(self) -> None:
        if self.highlighted in (None, 0):
            self.screen.query_one("#session-search", Input).focus()
            return
        super().action_cursor_up()


class RenameScreen(ModalScreen[str | None]):
    """A title prefilled for editing: Enter answers the cleaned title, Esc answers None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="rename.cancel")]

    def __init__(self, session_id: int, title: str) -> None:
        super().__init__(classes="dialog")
        self.session_id = session_id
        self.old_title = title

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog-box") as box:
            box.border_title = f"Rename session {self.session_id}"
            yield Input(self.old_title, id="rename-title", select_on_focus=False)
            yield Label("", classes="error-line")
            yield Label("⏎ save · esc keep the old title", id="dialog-hint")

    def on_mount(self) -> None:
        self.query_one("#rename-title", Input).focus()

    @on(Input.Submitted)
    def save(self, event: Input.Submitted) -> None:
        event.stop()
        from coach_tui.coach.turn import title_line

        title = title_line(event.value)
        if not title:
            self.query_one(".error-line", Label).update(
                "A title cannot be empty; Esc keeps the old one.")
            return
        self.dismiss(title)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SessionsScreen(ModalScreen[Picked]):
    BINDINGS = [
        Binding("escape", "close", "Close", id="sessions.close"),
        Binding("down", "into_list", "Down", show=False, id="sessions.down",
                tooltip="Move from the search box into the list"),
        Binding("f2,r", "rename", "Rename", key_display="F2/r", id="sessions.rename",
                tooltip="Rename the highlighted session"),
        Binding("delete,ctrl+d", "delete", "Delete", key_display="del", id="sessions.delete",
                tooltip="Delete the highlighted session (asks first)"),
    ]

    def __init__(self, conn, *, current: int | None) -> None:
        super().__init__(classes="dialog sessions")
        self.conn = conn
        self.current = current
        self.current_deleted = False
        self.shown: list[SessionInfo] = []
        self.found: list[SessionInfo] = []   # what the search found, before the empty are left out
        self.day: str | None = None          # the day typed in the search box, if one is

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog-box") as box:
            box.border_title = "Past sessions"
            yield Input(placeholder="Search titles and messages, or a day (2026-11-30)",
                        id="session-search")
            yield SessionList(id="sessions")
            yield Label("", id="sessions-empty")
            yield Label("type to search · ↓ list · ⏎ resume · esc close", id="dialog-hint")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        self.load()
        # Start on the newest session other than the one already open.
        for index, info in enumerate(self.shown):
            if info.session_id != self.current:
                self.rows.highlighted = index
                break
        self.search_box.focus()

    @property
    def rows(self) -> SessionList:
        return self.query_one(SessionList)

    @property
    def search_box(self) -> Input:
        return self.query_one("#session-search", Input)

    @property
    def highlighted(self) -> SessionInfo | None:
        index = self.rows.highlighted
        return None if index is None or index >= len(self.shown) else self.shown[index]

    def load(self, *, near: int | None = None, keep: int | None = None) -> None:
        """Fill the list for what the search box holds; the highlight goes to session `keep`
        when it is still listed, else to row `near` (clamped), else to the first row."""
        words = self.search_box.value
        try:
            self.day, bad_day = typed_day(words), None
        except ValueError as exc:
            self.day, bad_day = None, str(exc)
        found = self.found = [] if bad_day else self._find(words)
        # A session with no message yet is only listed while it is the one open.
        self.shown = [s for s in found if s.turn_count > 0 or s.session_id == self.current]
        rows = self.rows
        rows.set_options(Option(session_prompt(c, current=s.session_id == self.current),
                                id=str(s.session_id))
                         for s, c in zip(self.shown, session_cells(self.shown), strict=True))
        ids = [s.session_id for s in self.shown]
        if keep in ids:
            rows.highlighted = ids.index(keep)
        elif self.shown:
            rows.highlighted = min(near or 0, len(self.shown) - 1)
        empty = self.query_one("#sessions-empty", Label)
        if self.shown:
            empty.update("")
        elif bad_day:
            empty.update(Text(bad_day))
        elif self.day:
            empty.update(f"No session has a message written on {self.day}.")
        elif words.strip():
            empty.update(Text(literal(f"No session matches “{one_line(words)}”.")))
        else:
            empty.update("No past sessions yet.")
        if not self.shown and self.focused is rows:
            self.search_box.focus()  # the hidden list would keep the keys otherwise
        rows.display = bool(self.shown)
        empty.display = not self.shown

    def _find(self, words: str) -> list[SessionInfo]:
        if self.day:
            return list_sessions(self.conn, limit=LIST_LIMIT, on_day=self.day)
        return list_sessions(self.conn, limit=LIST_LIMIT, matching=words)

    def reload_if_changed(self) -> bool:
        """List again when the sessions changed under the picker (another process's `ask`,
        rename or delete), keeping the highlighted session; whether the rows were redrawn."""
        try:
            typed_day(self.search_box.value)
        except ValueError:
            return False
        if self._find(self.search_box.value) == self.found:
            return False
        selected = self.highlighted
        self.load(near=self.rows.highlighted,
                  keep=selected.session_id if selected else None)
        return True

    # ------------------------------------------------------------------ search and open
    @on(Input.Changed, "#session-search")
    def search(self, event: Input.Changed) -> None:
        selected = self.highlighted
        self.load(keep=selected.session_id if selected else None)

    @on(Input.Submitted, "#session-search")
    def open_highlighted(self, event: Input.Submitted) -> None:
        event.stop()
        selected = self.highlighted
        if selected is not None:
            self.finish(selected.session_id)

    @on(OptionList.OptionSelected)
    def option_selected(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None  # every option is made with its session's id
        self.finish(int(event.option.id))

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "into_list":
            # Only from the search box; in the list, Down is the list's own.
            return self.focused is self.search_box and bool(self.shown)
        if action in ("rename", "delete"):
            return self.highlighted is not None
        return True

    def action_into_list(self) -> None:
        self.rows.focus()

    def finish(self, session_id: int | None) -> None:
        around = (store.first_turn_on_day(self.conn, session_id, self.day)
                  if self.day and session_id is not None else None)
        self.dismiss(Picked(session_id, current_deleted=self.current_deleted, around=around))

    def action_close(self) -> None:
        self.finish(None)

    # ------------------------------------------------------------------ rename
    def action_rename(self) -> None:
        info = self.highlighted
        if info is None:
            return

        def renamed(title: str | None) -> None:
            if title is None:
                return
            if not store.rename_session(self.conn, info.session_id, title):
                self.notify(f"Session {info.session_id} is gone; it was not renamed.",
                            severity="warning")
            else:
                self.notify(one_line(f"Renamed session {info.session_id}: {title}"),
                            markup=False)
            self.load(near=self.rows.highlighted, keep=info.session_id)

        self.app.push_screen(RenameScreen(info.session_id, one_line(info.title or "")), renamed)

    # ------------------------------------------------------------------ delete
    def action_delete(self) -> None:
        info = self.highlighted
        if info is None:
            return
        body = Text()
        body.append(f"last active {last_active(info)} · {plural(info.turn_count, 'message')}\n",
                    "dim")
        body.append(one_line(info.title or "(no messages)"))
        if info.session_id == self.current:
            body.append("\n\nThis is the session open in the chat: a new one starts in its "
                        "place.", "dim")
        body.append("\n\nIts messages are deleted too; the coach can no longer recall them.",
                    "dim")
        index = self.rows.highlighted

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            store.delete_session(self.conn, info.session_id)
            if info.session_id == self.current:
                self.current_deleted = True
                self.current = None
            self.load(near=index)
            self.notify(f"Deleted session {info.session_id}.")

        self.app.push_screen(
            ConfirmationModal("Delete this session?", body, yes="Delete", no="Keep"), answered)
