"""The help screen (F1, or `?` in an empty message box): every key, what it does and its
binding id, then where this run's data lives.

The keys are read from the live bindings, not a copy: each binding the app declares (the
owners `CoachApp.all_bindings()` lists) with the keys `[keys]` in config.toml gives it, so a
remap shows here as it works. Where the data lives comes from the run's context (the demo
shows the demo's home). Esc, q or F1 closes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from coach_tui.keynames import shown_key
from coach_tui.text import visible
from coach_tui.ui.typed_app import coach_app

if TYPE_CHECKING:
    from coach_tui.ui.app import CoachApp

# Where each binding id's keys work, by its prefix, in the order the screen lists them.
SECTIONS = (
    ("app.", "Everywhere"),
    ("chat.", "Chat and message box"),
    ("select.", "Choosing a message to copy"),
    ("memory.", "Memory"),
    ("session.", "Sessions"),
    ("sessions.", "In the sessions list"),
    ("rename.", "Renaming a session"),
    ("journal.", "Journal"),
    ("line.", "An open journal line"),
    ("review.", "Review"),
    ("garmin.", "Garmin"),
    ("login.", "Garmin login"),
    ("sources.", "Where a reply's numbers come from"),
    ("confirm.", "Questions (yes / no)"),
    ("export.", "Exporting a session"),
    ("help.", "This screen"),
)


def key_rows(app: CoachApp) -> list[tuple[str, str, str, str]]:
    """(section, keys, what it does, binding id) for every binding with an id, keys as
    `[keys]` remaps them."""
    from coach_tui.ui.app import PALETTE_TITLES

    keymap = app.settings.keys
    rows: list[tuple[str, str, str, str]] = []
    seen: set[str] = set()
    for binding in app.all_bindings():
        if not binding.id or binding.id in seen:
            continue
        seen.add(binding.id)
        keys = keymap.get(binding.id, binding.key)
        section = next((title for prefix, title in SECTIONS if binding.id.startswith(prefix)),
                       "Other")
        does = PALETTE_TITLES.get(binding.id) or binding.tooltip or binding.description
        rows.append((section, ", ".join(shown_key(k.strip()) for k in keys.split(",")), does,
                     binding.id))
    order = [title for _, title in SECTIONS] + ["Other"]
    rows.sort(key=lambda row: order.index(row[0]))  # stable: declaration order within one
    return rows


def data_rows(app: CoachApp) -> list[tuple[str, str]]:
    """(what, path) for the files this run uses."""
    from coach_tui.coach.llm.keystore import key_file

    paths = app.ctx.paths
    return [
        ("home (data)", str(paths.data_dir)),
        ("database", str(paths.db_file)),
        ("config", str(paths.config_file)),
        ("API key file (coach-tui key set)", str(key_file(paths))),
        ("logs", str(paths.logs_dir)),
        ("Garmin login", str(paths.garmin_dir)),
    ]


class HelpScreen(ModalScreen[None]):
    """Every key with its binding id, and where the data lives; esc, q or F1 closes it."""

    BINDINGS = [Binding("escape,q,f1", "close", "Close", id="help.close")]

    DEFAULT_CSS = """
    HelpScreen #help-scroll { height: 1fr; }
    HelpScreen .help-title { text-style: bold; margin: 1 0 0 0; }
    """

    def __init__(self) -> None:
        super().__init__(classes="dialog help")

    def compose(self) -> ComposeResult:
        app = coach_app(self)
        with Vertical(id="dialog-box") as box:
            box.border_title = "Keys and files"
            with VerticalScroll(id="help-scroll"):
                yield Static(self._keys_table(app), id="help-keys")
                yield Label("Where your data lives", classes="help-title")
                yield Static(self._data_table(app), id="help-data")
            yield Label("Remap a key under [keys] in config.toml by its binding id · "
                        "esc closes", id="dialog-hint", markup=False)

    @staticmethod
    def _keys_table(app: CoachApp) -> Group:
        """One small table per section under its title, so a long section title never
        widens the key column; every table gets the same column widths, so the keys, what
        they do and the binding ids line up from one section to the next."""
        rows = key_rows(app)
        key_width = max([14, *(cell_len(keys) for _, keys, _, _ in rows)])
        id_width = max([0, *(cell_len(binding_id) for _, _, _, binding_id in rows)])
        parts: list[Text | Table] = []
        table: Table | None = None
        section = None
        for where, keys, does, binding_id in rows:
            if where != section or table is None:
                section = where
                table = Table(box=None, expand=True, show_edge=False, pad_edge=False,
                              show_header=False)
                table.add_column("key", no_wrap=True, style="bold", width=key_width)
                table.add_column("does", ratio=1)
                table.add_column("binding id", no_wrap=True, style="dim", width=id_width)
                parts += [Text(where, style="italic"), table]
            table.add_row(Text(keys), Text(does), Text(binding_id))
        return Group(*parts)

    @staticmethod
    def _data_table(app: CoachApp) -> Table:
        table = Table(box=None, show_header=False, expand=True, show_edge=False,
                      pad_edge=False)
        table.add_column("what", no_wrap=True)
        table.add_column("path", ratio=1)
        for what, path in data_rows(app):
            table.add_row(Text(what), Text(visible(path)))
        return table

    def action_close(self) -> None:
        self.dismiss(None)
