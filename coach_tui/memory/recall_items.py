"""What a recall block is made of: its lines, each with where it came from, and the block.

`Recall.text` is what the user turn carries (and `turns.recall` stores); `Recall.items` says,
line by line, what each is and where it came from (`coach-tui recall --json`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from coach_tui.memory.chat_lines import clip, excerpt
from coach_tui.memory.ranking import Ranked
from coach_tui.store import search
from coach_tui.text import one_line

BYTES_PER_TOKEN = 3
CHAT_CHARS = 130        # an exchange longer than this is cut to its matching sentences
REVIEW_CHARS = 360      # a review recalled for its period, not for a word: its opening


@dataclass(frozen=True)
class RecallItem:
    """One line of the block and where it came from.

    `kind` is live, fact, day, span, compare, journal, review or chat; `ref` the journal entry
    id, review id or user turn id; `reply_ref` a chat's reply turn id; `score` the match score
    (memories only: -bm25, higher is better).
    """

    kind: str
    text: str
    day: str = ""
    ref: int | None = None
    score: float | None = None
    session_id: int | None = None
    reply_ref: int | None = None
    label: str = ""
    end: str = ""          # a span's last day (`day` is its first)
    shown: tuple[int, ...] = ()  # a chat's turns whose words the line quotes

    def source(self) -> dict:
        out: dict = {"kind": self.kind}
        if self.day:
            out["date"] = self.day
        if self.end:
            out["end"] = self.end
        if self.label:
            out["label"] = self.label
        if self.kind == "journal":
            out["journal_line_id"] = self.ref
        elif self.kind == "review":
            out["review_id"] = self.ref
        elif self.kind == "chat":
            out.update(session_id=self.session_id, turn_id=self.ref, reply_turn_id=self.reply_ref,
                       quoted_turn_ids=list(self.shown))
        return out


@dataclass(frozen=True)
class Recall:
    """A recall block as sent, the items it holds, and the journal lines it quotes.

    `quoted` holds (entry id, the line exactly as it appears in `text`) for every journal line
    the block holds, so the line can be removed by id after the entry itself is gone.
    """

    text: str                                   # "" when not even the live line fits
    quoted: tuple[tuple[int, str], ...] = ()
    items: tuple[RecallItem, ...] = field(default=(), compare=False)


def estimate_tokens(text: str) -> int:
    return -(-len(text.encode("utf-8")) // BYTES_PER_TOKEN)


def fit_block(header: str, sections: list[tuple[str | None, list[RecallItem]]], max_chars: int,
         max_tokens: int | None, recalled_from: int) -> tuple[str, list[RecallItem]]:
    """`header` plus whole lines in priority order, within both budgets.

    `max_chars` bounds the whole block; `max_tokens` what the message recalls (the sections
    from `recalled_from` on: the days it names and the memories), so the live line and the
    days since an earlier snapshot are never crowded out by it. The first section (the live
    line) is the anchor: when it does not fit, nothing is sent. After it, a line that does
    not fit is skipped and a shorter one further down may still go.
    """
    kept: list[RecallItem]
    out, kept, recalled = header, [], 0
    for index, (title, items) in enumerate(sections):
        pending_title = title
        for item in items:
            piece = (f"\n{pending_title}" if pending_title else "") + "\n" + item.text
            cost = estimate_tokens(piece) if index >= recalled_from else 0
            if len(out) + len(piece) > max_chars or (
                    max_tokens is not None and recalled + cost > max_tokens):
                if index == 0:
                    return "", []
                continue
            out += piece
            recalled += cost
            kept.append(item)
            pending_title = None
    return out, kept


def memory_item(r: Ranked, snippet: str = "",
                weights: dict[str, float] | None = None) -> RecallItem:
    """The block's line for a ranked memory; a review shows `snippet`, its matching stretch;
    an exchange the sentences that hold the message's words (`weights`, chat_lines.py)."""
    h = r.hit
    shown: tuple[int, ...] = ()
    if h.kind == search.JOURNAL_KIND:
        line = f"- {h.day}, journal: {one_line(h.text)}"
    elif h.kind == search.REVIEW_KIND:
        quoted = snippet or clip(one_line(h.text), REVIEW_CHARS)
        line = f"- {h.day}, saved review of {h.label}: \"{quoted}\""
    else:
        cut = excerpt(h.text, h.reply, weights or {}, CHAT_CHARS)
        said = ([f"you: \"{cut.user}\""] if cut.user else []) + (
            [f"coach: \"{cut.reply}\""] if cut.reply else [])
        line = f"- {h.day} chat, " + "; ".join(said)
        shown = tuple(t for t, on in ((h.ref, cut.user_shown), (h.reply_ref, cut.reply_shown))
                      if on and t)
    return RecallItem(h.kind, line, h.day, h.ref, round(h.score, 4),
                      h.session_id or None, h.reply_ref or None, h.label, shown=shown)
