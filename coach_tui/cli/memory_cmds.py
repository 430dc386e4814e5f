"""`facts`, `journal` and `memory`: inspect and edit what the coach remembers."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from coach_tui.cli.typed import record_id, typed_words
from coach_tui.context import Context, UserError
from coach_tui.exports import export_text
from coach_tui.memory import journal
from coach_tui.memory.snapshot import current_facts, ledger_today
from coach_tui.memory.switch import memory_state, set_memory
from coach_tui.text import plural


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "facts", help="print the ledger facts, exactly as the coach sees them",
        description="Print the ledger facts (computed as of yesterday), one per line, "
        "exactly as they go into the coach's memory snapshot.",
    )
    p.set_defaults(handler=cmd_facts)

    p = sub.add_parser(
        "journal", help="list, add, delete or export the coach's journal lines",
        description="The coach's journal: short dated lines about you, capped at the "
        "configured number of lines.",
    )
    jsub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    q = jsub.add_parser("list", help="show every line, newest first, with its id")
    q.set_defaults(handler=cmd_journal_list)
    q = jsub.add_parser("add", help="add a line of your own")
    q.add_argument("text", nargs="+", help="the line (quotes optional)")
    q.set_defaults(handler=cmd_journal_add)
    q = jsub.add_parser("delete", help="delete one line by id (see `journal list`)")
    q.add_argument("entry_id", type=record_id("journal line"), metavar="ID")
    q.set_defaults(handler=cmd_journal_delete)
    q = jsub.add_parser("export", help="write the journal as a Markdown file")
    q.add_argument(
        "path", nargs="?", type=Path, metavar="PATH",
        help="where to write it (default: coach-journal-DATE.md here; '-' for stdout)",
    )
    q.add_argument("--force", action="store_true", help="replace PATH if it exists")
    q.set_defaults(handler=cmd_journal_export)

    p = sub.add_parser(
        "memory", help="turn the coach's memory on or off, or show its state",
        description="Off: no facts, journal or step data go to the model and nothing is "
        "reflected; your data stays as it is. COACH_MEMORY=off forces it off.",
    )
    msub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    for action, helptext in (("on", "turn memory on"), ("off", "turn memory off"),
                             ("status", "show whether memory is on")):
        q = msub.add_parser(action, help=helptext)
        q.set_defaults(handler=cmd_memory, action=action)


def cmd_facts(ctx: Context, args: argparse.Namespace) -> int:
    facts = current_facts(ctx.conn, ledger_today(ctx.conn, ctx.now()),
                          ctx.settings.default_step_goal)
    if not facts:
        print("no step data yet: run `coach-tui sync` or `coach-tui import FILE`", file=sys.stderr)
        return 0
    for fact in facts:
        print(fact)
    return 0


def cmd_journal_list(ctx: Context, args: argparse.Namespace) -> int:
    entries = journal.list_entries(ctx.conn)
    if not entries:
        print("the journal is empty", file=sys.stderr)
        return 0
    width = len(str(max(e.entry_id for e in entries)))
    for e in entries:
        origin = "you" if e.source == journal.USER_SOURCE else e.source
        print(f"{e.entry_id:>{width}}  {e.entry_date}  {origin:<8} {e.text}")
    return 0


def cmd_journal_add(ctx: Context, args: argparse.Namespace) -> int:
    text = typed_words(args.text, "the line")
    try:
        entry_id = journal.save_entry(
            ctx.conn, text, source=journal.USER_SOURCE, entry_date=ctx.today().isoformat(),
            cap=ctx.settings.journal_cap, max_chars=ctx.settings.line_max_chars,
        )
    except ValueError as exc:
        raise UserError(str(exc)) from None
    if entry_id is None:
        print("that line is already in the journal; nothing added", file=sys.stderr)
        return 0
    note = ""
    # Cleaned but not cut, the line is longer than the cap only when it really was shortened
    # (a control character that was taken out is not "shortened").
    if len(journal.clean_line(text, max_chars=len(text))) > ctx.settings.line_max_chars:
        note = f" (shortened to {ctx.settings.line_max_chars} characters)"
    print(f"added line {entry_id}{note}; the coach sees it from the next session")
    return 0


def cmd_journal_delete(ctx: Context, args: argparse.Namespace) -> int:
    if not journal.delete_entry(ctx.conn, args.entry_id):
        raise UserError(f"there is no journal line {args.entry_id}; see `coach-tui journal list`")
    print(f"deleted line {args.entry_id}")
    return 0


def cmd_journal_export(ctx: Context, args: argparse.Namespace) -> int:
    entries = journal.list_entries(ctx.conn)
    text = journal.export_markdown(entries, exported_on=ctx.today().isoformat())
    path = export_text(text, args.path, f"coach-journal-{ctx.today().isoformat()}.md",
                       force=args.force)
    if path is not None:
        print(f"wrote {plural(len(entries), 'line')} to {path}")
    return 0


def cmd_memory(ctx: Context, args: argparse.Namespace) -> int:
    if args.action in ("on", "off"):
        set_memory(ctx.conn, args.action == "on")
    state = memory_state(ctx.conn)
    print(state.describe())
    if args.action == "on" and state.forced_off:
        print("unset COACH_MEMORY to let the saved setting apply", file=sys.stderr)
    return 0
