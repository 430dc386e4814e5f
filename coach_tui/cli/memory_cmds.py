"""`facts`, `journal` and `memory`: inspect and edit what the coach remembers.

`facts --json` and `journal list --json` give scripts the same content as one JSON document
(keys kept stable; README.md shows them)."""

from __future__ import annotations

import argparse
import sys
from datetime import timedelta
from pathlib import Path

from coach_tui.cli.output import print_json
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
    p.add_argument("--json", action="store_true",
                   help="a JSON object: the day the facts are as of, and the facts")
    p.set_defaults(handler=cmd_facts)

    p = sub.add_parser(
        "journal", help="list, add, delete or export the coach's journal lines",
        description="The coach's journal: short dated lines about you, capped at the "
        "configured number of lines. With no ACTION: list.",
    )
    p.set_defaults(default_action="list")
    jsub = p.add_subparsers(dest="action", metavar="ACTION")
    q = jsub.add_parser("list", help="show every line, newest first, with its id")
    q.add_argument("--json", action="store_true", help="a JSON array, one object a line")
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
        "reflected; your data stays as it is. COACH_MEMORY=off forces it off. With no ACTION: "
        "status.",
    )
    p.set_defaults(default_action="status")
    msub = p.add_subparsers(dest="action", metavar="ACTION")
    for action, helptext in (("on", "turn memory on"), ("off", "turn memory off"),
                             ("status", "show whether memory is on")):
        q = msub.add_parser(action, help=helptext)
        q.set_defaults(handler=cmd_memory, action=action)


def cmd_facts(ctx: Context, args: argparse.Namespace) -> int:
    today = ledger_today(ctx.conn, ctx.now())
    facts = current_facts(ctx.conn, today, ctx.settings.default_step_goal)
    if args.json:
        print_json({"as_of": (today - timedelta(days=1)).isoformat(), "facts": facts})
    else:
        for fact in facts:
            print(fact)
    if not facts:
        print("no step data yet: run `coach-tui sync` or `coach-tui import FILE`", file=sys.stderr)
    return 0


def cmd_journal_list(ctx: Context, args: argparse.Namespace) -> int:
    entries = journal.list_entries(ctx.conn)
    if args.json:
        print_json([{"id": e.entry_id, "date": e.entry_date, "source": e.source,
                     "text": e.text, "created_at": e.created_at} for e in entries])
        return 0
    if not entries:
        print("the journal is empty", file=sys.stderr)
        return 0
    width = len(str(max(e.entry_id for e in entries)))
    updated = journal.replaced_lines(ctx.conn)
    origins = {e.entry_id: ("you" if e.source == journal.USER_SOURCE else e.source)
               + (" updated" if e.entry_id in updated else "") for e in entries}
    origin_width = max(8, *(len(o) for o in origins.values()))
    for e in entries:
        print(f"{e.entry_id:>{width}}  {e.entry_date}  {origins[e.entry_id]:<{origin_width}} "
              f"{e.text}")
    return 0


def cmd_journal_add(ctx: Context, args: argparse.Namespace) -> int:
    text = typed_words(args.text, "the line")
    try:
        added = journal.add_entry(
            ctx.conn, text, source=journal.USER_SOURCE, entry_date=ctx.today().isoformat(),
            cap=ctx.settings.journal_cap, max_chars=ctx.settings.line_max_chars,
        )
    except ValueError as exc:
        raise UserError(str(exc)) from None
    if added.entry_id is None:
        same = added.duplicate_of
        where = "" if same is None else f" (line {same.entry_id}: {same.text})"
        print(f"that line is already in the journal{where}; nothing added", file=sys.stderr)
        return 0
    note = ""
    # Cleaned but not cut, the line is longer than the cap only when it really was shortened
    # (a control character that was taken out is not "shortened").
    if len(journal.clean_line(text, max_chars=len(text))) > ctx.settings.line_max_chars:
        note = f" (shortened to {ctx.settings.line_max_chars} characters)"
    removed = "".join(
        f"; the journal holds {ctx.settings.journal_cap} lines, so the coach's line "
        f"{e.entry_id} ({e.entry_date}: {e.text}) was removed" for e in added.pruned)
    print(f"added line {added.entry_id}{note}{removed}; the coach sees it from the next session")
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
