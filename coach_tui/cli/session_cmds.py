"""`sessions`: list, read, export, rename and delete chat sessions from a shell.

`sessions list` prints one session per line, the most recently active first, starting with
its id, then the same aligned cells as the app's picker (coach/session_rows.py: last active,
messages, cost, title), so it composes with `head`, `grep` and `awk`; `--limit` and `--search`
work as in the picker, and `--json` (on `list` and `show`) gives scripts the fields. `export`
writes a Markdown transcript with times: the file is created 0600 and an existing file is never
replaced without `--force`; `-` writes to stdout.

The app opens on the demo until there is data of the user's own (`Context.is_first_run`), so
a first chat is often made there; while that rule holds and the user's own home has no chat,
these commands read the demo's chats (saying so on stderr) once the app has opened on it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from coach_tui.cli.output import print_json
from coach_tui.cli.typed import count, record_id
from coach_tui.coach.session_rows import LIST_LIMIT
from coach_tui.context import Context, UserError
from coach_tui.exports import export_text

SESSION_ID = record_id("session")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "sessions", help="list, show, export, rename or delete chat sessions",
        description="Your chat sessions, the most recently active first: each line starts with "
        "the session id. With no ACTION: list.",
    )
    p.set_defaults(default_action="list")
    ssub = p.add_subparsers(dest="action", metavar="ACTION")
    q = ssub.add_parser("list", help="one session per line: id, last active, messages, cost, "
                        "title")
    q.add_argument("--search", metavar="WORDS",
                   help="only sessions whose title or messages contain WORDS")
    q.add_argument("--limit", metavar="N", type=count("sessions"), default=LIST_LIMIT,
                   help=f"the N most recently active (default {LIST_LIMIT}, as in the app)")
    q.add_argument("--json", action="store_true", help="a JSON array, one object a session")
    q.set_defaults(handler=cmd_list)
    q = ssub.add_parser("show", help="print a session as Markdown")
    q.add_argument("session_id", type=SESSION_ID, metavar="ID")
    q.add_argument("--json", action="store_true",
                   help="a JSON object: the session and each message with its usage and cost")
    q.set_defaults(handler=cmd_show)
    q = ssub.add_parser("export", help="write a session as a Markdown file")
    q.add_argument("session_id", type=SESSION_ID, metavar="ID")
    q.add_argument("path", nargs="?", type=Path, metavar="FILE",
                   help="where to write it (default: coach-session-ID.md here; '-' for stdout)")
    q.add_argument("--force", action="store_true", help="replace FILE if it exists")
    q.set_defaults(handler=cmd_export)
    q = ssub.add_parser("rename", help="give a session a new title")
    q.add_argument("session_id", type=SESSION_ID, metavar="ID")
    q.add_argument("title", nargs="+", metavar="TITLE")
    q.set_defaults(handler=cmd_rename)
    q = ssub.add_parser("delete", help="delete a session and its messages")
    q.add_argument("session_id", type=SESSION_ID, metavar="ID")
    q.set_defaults(handler=cmd_delete)


def _follow_the_app(ctx: Context) -> None:
    """On a first run, the chats are where the app made them: in the demo it opened on."""
    if ctx.demo or not ctx.is_first_run() or not ctx.paths.demo().db_file.exists():
        return
    from coach_tui.store.db import connect
    from coach_tui.store.sessions import latest_used_session_id

    if ctx.paths.db_file.exists() and latest_used_session_id(ctx.conn) is not None:
        return  # chats of the user's own (`ask`) come first
    demo = connect(ctx.paths.demo().db_file)
    try:
        if latest_used_session_id(demo) is None:
            return
    finally:
        demo.close()
    ctx.switch_to_demo(DEMO_CHATS)
    print(f"coach-tui: {DEMO_CHATS}", file=sys.stderr)


DEMO_CHATS = ("the demo's chats: the app opens on demo data until you sync or import steps "
              "of your own (`--demo` reads them any time)")


def cmd_list(ctx: Context, args: argparse.Namespace) -> int:
    _follow_the_app(ctx)
    from coach_tui.coach.session_rows import session_json, session_lines
    from coach_tui.coach.transcript import list_sessions

    found = list_sessions(ctx.conn, limit=args.limit + 1, matching=args.search)
    shown = found[:args.limit]
    if args.json:
        print_json([session_json(info) for info in shown])
    else:
        for line in session_lines(shown):
            print(line)
    if len(found) > len(shown):
        print(f"the {args.limit:,} most recently active sessions; --limit N shows more",
              file=sys.stderr)
    elif not found:
        print("no sessions match" if args.search and args.search.strip() else "no sessions yet",
              file=sys.stderr)
    return 0


def _transcript(ctx: Context, session_id: int) -> str:
    from coach_tui.coach.transcript import markdown_transcript

    text = markdown_transcript(ctx.conn, session_id)
    if text is None:
        raise _no_session(session_id)
    return text


def _no_session(session_id: int) -> UserError:
    return UserError(f"there is no session {session_id}; `coach-tui sessions list` shows them")


def cmd_show(ctx: Context, args: argparse.Namespace) -> int:
    _follow_the_app(ctx)
    if args.json:
        from coach_tui.coach.transcript import transcript_json

        shape = transcript_json(ctx.conn, args.session_id)
        if shape is None:
            raise _no_session(args.session_id)
        print_json(shape)
        return 0
    sys.stdout.write(_transcript(ctx, args.session_id))
    return 0


def cmd_export(ctx: Context, args: argparse.Namespace) -> int:
    _follow_the_app(ctx)
    text = _transcript(ctx, args.session_id)
    path = export_text(text, args.path, f"coach-session-{args.session_id}.md", force=args.force)
    if path is not None:
        print(f"wrote session {args.session_id} to {path}")
    return 0


def cmd_rename(ctx: Context, args: argparse.Namespace) -> int:
    _follow_the_app(ctx)
    from coach_tui.coach.turn import title_line
    from coach_tui.store.sessions import rename_session

    title = title_line(" ".join(args.title))
    if not title:
        raise UserError("the title is empty")
    if not rename_session(ctx.conn, args.session_id, title):
        raise UserError(f"there is no session {args.session_id}")
    print(f"session {args.session_id} is now titled: {title}")
    return 0


def cmd_delete(ctx: Context, args: argparse.Namespace) -> int:
    _follow_the_app(ctx)
    from coach_tui.store.sessions import delete_session

    if not delete_session(ctx.conn, args.session_id):
        raise UserError(f"there is no session {args.session_id}")
    print(f"deleted session {args.session_id}")
    return 0
