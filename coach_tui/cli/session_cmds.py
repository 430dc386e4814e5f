"""`sessions`: list, read, export, rename and delete chat sessions from a shell.

`sessions list` prints one session per line, starting with its id (then the day it started,
the messages you sent and its title), so it composes with `head`, `grep` and `cut`. `export`
writes a Markdown transcript with times: the file is created 0600 and an existing file is never
replaced without `--force`; `-` writes to stdout.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from coach_tui.cli.typed import record_id
from coach_tui.context import Context, UserError
from coach_tui.exports import export_text
from coach_tui.text import one_line, plural

SESSION_ID = record_id("session")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "sessions", help="list, show, export, rename or delete chat sessions",
        description="Your chat sessions, newest first: each line starts with the session id.",
    )
    ssub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    q = ssub.add_parser("list", help="one session per line: id, date, messages, title")
    q.add_argument("--search", metavar="WORDS",
                   help="only sessions whose title or messages contain WORDS")
    q.set_defaults(handler=cmd_list)
    q = ssub.add_parser("show", help="print a session as Markdown")
    q.add_argument("session_id", type=SESSION_ID, metavar="ID")
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


def cmd_list(ctx: Context, args: argparse.Namespace) -> int:
    from coach_tui.coach.transcript import list_sessions

    for info in list_sessions(ctx.conn, limit=10_000, matching=args.search):
        day = (info.created_at or "")[:10]
        title = one_line(info.title or "(no messages)")
        print(f"{info.session_id}\t{day}\t{plural(info.turn_count, 'message')}\t{title}")
    return 0


def _transcript(ctx: Context, session_id: int) -> str:
    from coach_tui.coach.transcript import markdown_transcript

    text = markdown_transcript(ctx.conn, session_id)
    if text is None:
        raise UserError(f"there is no session {session_id}; `coach-tui sessions list` shows them")
    return text


def cmd_show(ctx: Context, args: argparse.Namespace) -> int:
    sys.stdout.write(_transcript(ctx, args.session_id))
    return 0


def cmd_export(ctx: Context, args: argparse.Namespace) -> int:
    text = _transcript(ctx, args.session_id)
    path = export_text(text, args.path, f"coach-session-{args.session_id}.md", force=args.force)
    if path is not None:
        print(f"wrote session {args.session_id} to {path}")
    return 0


def cmd_rename(ctx: Context, args: argparse.Namespace) -> int:
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
    from coach_tui.store.sessions import delete_session

    if not delete_session(ctx.conn, args.session_id):
        raise UserError(f"there is no session {args.session_id}")
    print(f"deleted session {args.session_id}")
    return 0
