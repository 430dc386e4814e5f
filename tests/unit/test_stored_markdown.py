"""A stored reply is set by ReplyMarkdown (widgets/stored_markdown.py), which skips Rich's
Markdown.__init__ to parse with one shared parser: it must leave the object as Rich's would."""

from __future__ import annotations

from rich.console import Console
from rich.markdown import Markdown

from coach_tui.ui.widgets.stored_markdown import ReplyMarkdown

TEXT = "# Plan\n\nWalk **9,000** steps, `47` more.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~no~~"


def test_reply_markdown_sets_what_rich_sets_and_parses_the_same():
    ours, rich = ReplyMarkdown(TEXT, hyperlinks=False), Markdown(TEXT, hyperlinks=False)
    assert vars(ours).keys() == vars(rich).keys()
    assert {k: v for k, v in vars(ours).items() if k != "parsed"} == \
        {k: v for k, v in vars(rich).items() if k != "parsed"}
    assert [(t.type, t.content) for t in ours.parsed] == [(t.type, t.content) for t in rich.parsed]


def test_two_replies_set_with_the_shared_parser_do_not_mix():
    console = Console(width=40, color_system=None)
    with console.capture() as first:
        console.print(ReplyMarkdown("- one\n- two"))
    with console.capture() as second:
        console.print(ReplyMarkdown("plain words"))
    assert "• one" in first.get() and "• two" in first.get()
    assert second.get().strip() == "plain words"
