"""`recall`: the block the coach would be given with a message now, without sending it."""

from __future__ import annotations

import argparse
import json

from coach_tui.cli.typed import typed_words
from coach_tui.context import Context, UserError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "recall", help="print what the coach would be given with a message, without sending it",
        description="Print exactly the context block the coach would be given with MESSAGE "
        "now, as memory on: the live line, the days it names and the memories that match, in "
        "the chat `ask` would continue (today's), or a new one. Nothing is sent or stored.",
    )
    p.add_argument("text", nargs="+", metavar="MESSAGE", help="the message (quotes optional)")
    p.add_argument("--json", action="store_true",
                   help="list each item with its source and score, as JSON")
    p.set_defaults(handler=cmd_recall)


def cmd_recall(ctx: Context, args: argparse.Namespace) -> int:
    from coach_tui.coach.session import CoachSession

    text = typed_words(args.text, "your message")
    if not text.strip():
        raise UserError("the message is empty; type something to recall for")
    session = (CoachSession.latest(ctx.conn, ctx.settings, used_on=ctx.today().isoformat())
               or CoachSession.pending(ctx.settings))
    recall = session.recall_for(ctx.conn, text.strip(), now=ctx.now())
    if args.json:
        items = [{"kind": it.kind, "text": it.text, "source": it.source(), "score": it.score}
                 for it in recall.items]
        print(json.dumps({"block": recall.text, "items": items}, indent=2, ensure_ascii=False))
    else:
        print(recall.text)
    return 0
