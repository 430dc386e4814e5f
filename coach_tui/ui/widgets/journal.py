"""The coach's journal in the sidebar: newest first, with date and source.

Each row is the line's date and where it came from, then the line itself cut to one row; Enter
opens the whole line, Delete (or ctrl+d) asks for a delete. A printable key or a paste is never
a journal command: the app moves it, and focus, to the message box before it gets here
(ui/typing_focus.py), so typing "day" here cannot delete a line. The widget never touches the
database:
it posts `ViewRequested` / `DeleteRequested` and the screen decides. Lines the current session's
snapshot does not hold (written mid-session by reflection) are marked: they reach the coach at
the next session. A line reflection wrote in place of one it refined is marked "updated".
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from coach_tui.ui.widgets.literal import one_line
from coach_tui.ui.widgets.style import component_style

if TYPE_CHECKING:  # the lines are read after the first frame, and the journal with them
    from coach_tui.memory.journal import Entry

NEXT_SESSION_MARK = "next session"
UPDATED_MARK = "updated"


def source_label(entry: Entry) -> str:
    from coach_tui.memory.journal import USER_SOURCE

    if entry.source == USER_SOURCE:
        return "you"
    if entry.source_key:
        return f"{entry.source} {entry.source_key.split(':', 1)[-1]}"
    return entry.source


class JournalList(OptionList):
    """Journal lines as options whose id is the entry id."""

    BINDINGS = [
        Binding("enter", "select", "Open", id="journal.open",
                tooltip="Show the highlighted journal line whole"),
        Binding("delete,ctrl+d", "delete_line", "Delete", key_display="del", id="journal.delete",
                tooltip="Delete the highlighted journal line (asks first)"),
    ]

    COMPONENT_CLASSES = OptionList.COMPONENT_CLASSES | {
        "journal--meta",
        "journal--pending",
    }

    class ViewRequested(Message):
        def __init__(self, entry: Entry) -> None:
            super().__init__()
            self.entry = entry

    class DeleteRequested(Message):
        def __init__(self, entry: Entry) -> None:
            super().__init__()
            self.entry = entry

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._entries: dict[str, Entry] = {}
        self._pending: frozenset[int] = frozenset()
        self._updated: dict[int, str] = {}

    @property
    def entries(self) -> list[Entry]:
        return list(self._entries.values())

    def is_pending(self, entry_id: int) -> bool:
        return entry_id in self._pending

    def replaced_text(self, entry_id: int) -> str | None:
        """What the line said before reflection updated it; None for a line never updated."""
        return self._updated.get(entry_id)

    def show(self, entries: list[Entry], *, pending: Collection[int] = (),
             updated: Mapping[int, str] | None = None) -> None:
        """Replace the rows, keeping the highlight on the same line when it is still there.

        `updated` maps the id of a line that replaced another to the old line's text."""
        updated = dict(updated or {})
        if (self._entries and entries == self.entries and frozenset(pending) == self._pending
                and updated == self._updated):
            return  # the same rows: rebuilding them would only lay the sidebar out again
        current = self.highlighted_entry
        self._pending = frozenset(pending)
        self._updated = updated
        self._entries = {str(e.entry_id): e for e in entries}
        options: list[Option | None] = []
        for e in entries:
            if options:
                options.append(None)  # a thin rule between lines
            options.append(Option(self._prompt(e), id=str(e.entry_id)))
        self.set_options(options)
        if not entries:
            return
        index = 0
        if current is not None and str(current.entry_id) in self._entries:
            index = self.get_option_index(str(current.entry_id))
        self.highlighted = index
        # Once the new rows are laid out, bring the whole highlighted line into view.
        self.call_after_refresh(self.scroll_to_highlight)

    @property
    def highlighted_entry(self) -> Entry | None:
        if self.highlighted is None or self.highlighted >= self.option_count:
            return None
        option = self.get_option_at_index(self.highlighted)
        return self._entries.get(option.id or "")

    def remove_entry(self, entry_id: int) -> None:
        key = str(entry_id)
        if key in self._entries:
            del self._entries[key]
            self.remove_option(key)

    def _prompt(self, entry: Entry) -> Text:
        meta = component_style(self, "journal--meta")
        text = Text(no_wrap=True, overflow="ellipsis")
        if entry.entry_id in self._pending:
            # First, so a narrow sidebar cuts the source, never the mark.
            text.append(f"{NEXT_SESSION_MARK} · ", component_style(self, "journal--pending"))
        if entry.entry_id in self._updated:
            text.append(f"{entry.entry_date} · {UPDATED_MARK} · {one_line(source_label(entry))}",
                        meta)
        else:
            text.append(f"{entry.entry_date} · {one_line(source_label(entry))}", meta)
        text.append("\n")
        text.append(one_line(entry.text))
        return text

    def action_delete_line(self) -> None:
        entry = self.highlighted_entry
        if entry is not None:
            self.post_message(self.DeleteRequested(entry))

    def _on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        entry = self._entries.get(event.option.id or "")
        if entry is not None:
            self.post_message(self.ViewRequested(entry))
