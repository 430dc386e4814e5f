"""The chat's window on a long session: a bounded run of messages drawn around what is read.

Contract:
- A resumed session is drawn from its newest messages (or around one message: `show(around=)`).
  What is drawn is a list of batches, each a run of stored turns read with one LIMIT query and
  about a screenful long (`batch_size`: the view's height over 4 rows a message). The batches
  are blocks of one HistoryView (history.py): lines drawn once, one widget to lay out however
  many are drawn; messages sent in this session are widgets below it. Blank rows of the
  history stand for what is stored beyond either end (history.py); a view moved past what is
  drawn into them (the scrollbar dragged) is put on the nearest drawn row, and drawing goes on
  from there.
- Scrolling to within a screen of the top of what is drawn reads the next older batch and draws
  it above, before the reader gets there; to within a screen of the bottom, when newer messages
  were let go, the next newer batch below.
- The window holds at most `chat_window` messages (a setting). Past that, the batches at the
  far end from where the reader is heading are let go, never one within a screen of the
  view and never below a reply that is streaming; scrolling back reads them from the store
  again. So one PageUp costs at most one batch drawn and one let go, and the layout of a
  few widgets, however long the session is.
- The reader's place is kept through every change: the message at the top of the view stays
  on the same row (a view following the bottom keeps following it). ChatView.arrange does it
  in the layout pass that places the change (the history's `shift`): a batch drawn and one
  let go are laid out and painted once, together (in one `batch_update`). Each page key moves
  a page (`page`); its frame comes first, the check after it, unless keys went onto blank
  rows: then all up to the view is drawn before that frame.
- `to_end()` (End, and before a message is sent or sent again) and `to_start()` (Home) jump
  there, reading that end afresh when it is not drawn. `show(around=)` (a day picked in the
  sessions list) lands that message at the top of the view once enough is drawn below it; a
  scroll key before then wins.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from textual.widget import Widget

from coach_tui.ui.textual_private import forget_let_go_renders
from coach_tui.ui.typed_app import coach_app
from coach_tui.ui.widgets.chat import ChatView, Notice, UserMessage
from coach_tui.ui.widgets.history import Block, HistoryView
from coach_tui.ui.widgets.turn_lines import reply_lines, sent_lines

if TYPE_CHECKING:
    from coach_tui.coach.transcript import TurnView
    from coach_tui.ui.widgets.chat_pane import ChatPane

# A message takes about this many rows (a question ~3, a reply ~6 and more): a batch of
# height / ROWS_PER_MESSAGE messages is about a screenful.
ROWS_PER_MESSAGE = 4
# The fewest messages read at a time (a tiny terminal still moves in useful steps).
MIN_BATCH = 4
# Screens of blank rows kept above (and below) what is drawn while more is stored there:
# batches drawn into them need no new layout (history.py), one in this many screens does.
RESERVE_SCREENS = 8
# The most batches one check draws to catch up with keys that went past what is drawn.
MAX_CATCH_UP = 16


@dataclass
class Batch:
    """A run of stored turns drawn together: their views and the blocks that show them."""

    views: list[TurnView]
    blocks: list[Block] = field(default_factory=list)

    first = property(lambda self: self.views[0].turn_id)
    last = property(lambda self: self.views[-1].turn_id)


class ChatWindow:
    """Which stored turns of the pane's session are drawn, and drawing more or fewer."""

    def __init__(self, pane: ChatPane) -> None:
        self.pane = pane
        self.batches: list[Batch] = []
        self.more_above = False     # older turns are stored but not drawn
        self.more_below = False     # newer turns were let go and are not drawn
        self._checking, self._paged = False, False  # _paged: keys moved it since a check
        self._queued, self._urgent = 0, False  # checks due; one of them before the next frame
        self.landing: Block | None = None  # a message to put at the top of the view

    # ------------------------------------------------------------------ sizes
    @property
    def chat(self) -> ChatView:
        return self.pane.chat

    @property
    def history(self) -> HistoryView | None:
        return self.chat.history

    @property
    def size(self) -> int:
        return coach_app(self.pane).settings.chat_window

    def batch_size(self) -> int:
        height = self.chat.size.height or self.pane.app.size.height
        return max(MIN_BATCH, min(self.size // 3, math.ceil(height / ROWS_PER_MESSAGE)))

    @property
    def drawn(self) -> int:
        """How many stored turns are drawn."""
        return sum(len(b.views) for b in self.batches)

    @property
    def settled(self) -> bool:
        """Nothing is being read, drawn or let go, and no check is due."""
        return not (self._queued or self._checking)

    def reset(self) -> None:
        self.batches, self.more_above, self.more_below = [], False, False

    # ------------------------------------------------------------------ drawing
    def blocks(self, views: list[TurnView], following=()) -> list[Block]:
        """The blocks that show `views`, in order; `following` are the views just below
        them, which tell whether the last message was retried."""
        pane = self.pane
        session = pane.session
        assert session is not None  # drawn only once a session is shown
        cut = session.history_from if pane.left_out else None
        out: list[Block] = []
        context = [*views, *following]
        for index, view in enumerate(views):
            if view.role == "user":
                sent = sent_lines(context, index)  # nothing when the retry stands for it
                if sent and view.turn_id == cut:
                    out.append(Block(view.turn_id, "hint", pane.left_out_text()))
                out += sent
                continue
            out += reply_lines(context, index)
        return out

    def _read(self, **where) -> list[TurnView]:
        session = self.pane.session
        assert session is not None
        return session.turns_page(coach_app(self.pane).conn, **where)

    async def show(self, *, around: int | None = None) -> Block | None:
        """Draw the session's newest batch (or the one around stored turn `around`) in place
        of what is shown; returns the first block of `around` when it is drawn."""
        n = self.batch_size()
        self.landing = None
        if around is None:
            views = self._read(limit=n)
            self.more_above, self.more_below, following = len(views) == n, False, []
        else:
            before = self._read(limit=n // 2, before_turn_id=around)
            after = self._read(limit=n - len(before) + 2, after_turn_id=around - 1)
            views, following = before + after[:n - len(before)], after[n - len(before):]
            self.more_above, self.more_below = len(before) == n // 2, bool(following)
        batch = Batch(views, self.blocks(views, following)) if views else None
        self.batches = [batch] if batch else []
        shown: list[Widget] = []
        if batch and batch.blocks:
            history = HistoryView(batch.blocks)
            history.reserve = RESERVE_SCREENS * max(1, self.chat.size.height)
            history.padded(above=self.more_above, below=self.more_below)
            shown.append(history)
        if not shown:
            shown.append(Notice("This session has no messages yet.", "hint"))
        chat = self.chat
        # One layout for the swap: unbatched, the emptied chat is laid out (and painted)
        # before the new messages arrive.
        with self.pane.app.batch_update():
            await chat.clear()
            await chat.mount_all(shown)
        target = next((b for b in batch.blocks if b.turn_id >= around), None) \
            if batch and around is not None else None
        if target is None:
            chat.scroll_end(animate=False)
        else:
            # Not following the bottom while newer batches are drawn below the message; the
            # view goes to it once there is enough below it to put it at the top.
            chat.release_anchor()
            self.landing = target
        self.queue_check()
        return target

    async def to_end(self) -> None:
        """Make the newest messages drawn (read afresh when they were let go)."""
        if self.more_below:
            await self.show()
        else:
            self.chat.scroll_end(animate=False)

    async def to_start(self) -> None:
        """Show the session's first message at the top (read afresh when not drawn)."""
        if self.more_above:
            first = self._read(limit=1, after_turn_id=0)
            if first:
                await self.show(around=first[0].turn_id)
                self.chat.call_after_refresh(self.chat.scroll_home, animate=False)
                return
        self.chat.scroll_home(animate=False)

    def newest_reply(self) -> TurnView | None:
        """The session's newest stored reply with text, read from the store."""
        return next((v for v in reversed(self._read(limit=2 * MIN_BATCH))
                     if v.role == "assistant" and v.text.strip()), None)

    def last_block(self, kind: str) -> Block | None:
        """The newest drawn stored block of `kind` with text ("user" or "reply")."""
        history = self.history
        blocks = history.blocks if history is not None else []
        return next((b for b in reversed(blocks) if b.kind == kind and b.text.strip()), None)

    async def take_last_sent(self) -> str | None:
        """Take the newest message the user sent off the screen, with all below it, and return
        its words (None when there is none): the retry key sends it again in their place.
        The newest messages are drawn (`to_end`) before this is called."""
        chat, history = self.chat, self.history
        sent = [w for w in chat.children if isinstance(w, UserMessage)]
        if sent:
            shown = list(chat.children)
            await chat.remove_children(shown[shown.index(sent[-1]):])
            return sent[-1].text
        block = self.last_block("user")
        if block is None or history is None:
            return None
        await chat.remove_children(list(chat.children)[1:])
        history.drop_from(block)
        for batch in self.batches:
            if block in batch.blocks:
                batch.blocks = batch.blocks[:batch.blocks.index(block)]
        return block.text

    # ------------------------------------------------------------------ scrolling
    async def page(self, pages: int) -> None:
        """Scroll `pages` screens down (up when negative) now, from where the view is (Textual's
        waits a frame: a held key moved a page for several); blank rows gone onto are drawn."""
        chat = self.chat
        self._paged = True
        chat.scroll_to(y=chat.scroll_y + pages * chat.scrollable_content_region.height,
                       animate=False, immediate=True)
        if not self._covered():
            await self._run_check()

    def queue_check(self, *, scrolled: bool = False) -> None:
        """Check whether the view nears an end of what is drawn after the next frame (a key's
        page is painted at once, the batch it calls for drawn in idle time); at once when it
        `scrolled` onto blank rows, so the scroll and what it draws are painted together."""
        if scrolled and not self._urgent and not self._covered():
            self._urgent = True
            self._queued += 1
            self.chat.call_next(self._check)
        elif not self._queued:
            self._queued += 1
            self.chat.call_after_refresh(self._check)

    def _view_top(self) -> float:
        """The view's top row once a change not laid out yet is (ChatView.arrange)."""
        return self.chat.scroll_y + (self.history.shift if self.history is not None else 0)

    def _covered(self) -> bool:
        """What is drawn fills the view (no blank rows in it)."""
        history, chat = self.history, self.chat
        if history is None:
            return False
        top, bottom = history.drawn_span()
        y = self._view_top()
        return ((top <= y or not history.pad_above)
                and (y + chat.size.height <= bottom or not history.pad_below))

    async def _check(self) -> None:
        self._queued = max(0, self._queued - 1)
        self._urgent = False
        await self._run_check()

    async def _run_check(self) -> None:
        if self._checking or not self.batches:
            return
        self._land()
        self._checking = True
        try:
            # Nothing is laid out or painted until the batch is drawn and the far one let
            # go: one layout and one frame for both.
            with self.pane.app.batch_update():
                changed = await self._draw_or_let_go()
                for _ in range(MAX_CATCH_UP):  # keys went past what is drawn: up to them
                    if not self._paged or self._covered():
                        break
                    changed = await self._draw_or_let_go() or changed
                self._paged = False
        finally:
            self._checking = False
        if changed:
            self.queue_check()  # the screen may still not be covered (a fast scroll, a tall view)

    def _land(self) -> None:
        """Put the `landing` message at the top of the view once what is drawn below it
        fills the view (or nothing more is stored below)."""
        target, chat, history = self.landing, self.chat, self.history
        if target is None:
            return
        if history is None or target not in history.blocks:
            self.landing = None
            return
        y = history.block_region(target).y
        if not self.more_below or history.drawn_span()[1] - y >= chat.size.height:
            self.landing = None
            chat.scroll_to(y=y, animate=False, immediate=True)

    async def _draw_or_let_go(self) -> bool:
        """Draw the next batch toward the end the view nears, letting go of the far one; or,
        with none to draw, let go of a far batch. False when nothing changed. What `_let_go`
        measures is from the last layout, which a batch drawn at the other end leaves true."""
        chat, history = self.chat, self.history
        if history is None:
            return False
        screen = max(1, chat.size.height)
        top, bottom = history.drawn_span()
        y = self._view_top()
        if self.landing is not None and self.more_below:
            await self._grow(up=False)  # enough below the message landed on to fill the view
        elif not self._paged and ((history.pad_above and y + screen <= top) or (
                history.pad_below and y >= bottom)):
            # The view went past what is drawn into the blank rows (the scrollbar dragged,
            # Home): it is put on the nearest drawn row, and drawing goes on from there.
            history.unpad(above=y < top)
            return True
        elif self.more_above and y - top < screen:
            await self._grow(up=True)
        elif self.more_below and bottom - (y + screen) < screen:
            await self._grow(up=False)
        else:
            return self.drawn > self.size and await self._let_go()
        if self.drawn > self.size:
            await self._let_go()
        return True

    async def _grow(self, *, up: bool) -> None:
        """Read the next batch above (or below) what is drawn and draw it there."""
        n = self.batch_size()
        if up:
            views = self._read(limit=n, before_turn_id=self.batches[0].first)
            self.more_above = len(views) == n
            following = self.batches[0].views
        else:
            got = self._read(limit=n + 2, after_turn_id=self.batches[-1].last)
            views, following = got[:n], got[n:]
            self.more_below = len(got) > n
        history = self.history
        if not views or history is None:
            return
        batch = Batch(views, self.blocks(views, following))
        # The view keeps its place as they are laid out (ChatView.arrange).
        if up:
            self.batches.insert(0, batch)
            history.prepend(batch.blocks, more=self.more_above)
        else:
            self.batches.append(batch)
            history.append(batch.blocks, more=self.more_below)

    async def _let_go(self) -> bool:
        """Let go of the batch at the end farther from the view, unless it is within a screen
        of it (or below a streaming reply); False when none was."""
        chat, history = self.chat, self.history
        if len(self.batches) < 2 or history is None:
            return False
        screen = chat.size.height
        top, bottom_row = history.drawn_span()
        below = list(chat.children)[1:]  # messages sent here
        below_rows = sum(w.outer_size.height + w.styles.margin.top for w in below)
        y = self._view_top()
        above_view = y - top
        below_view = bottom_row + below_rows - (y + screen)
        bottom = below_view > above_view
        if bottom:
            if self.pane.turn_running:
                return False  # the streaming reply is below: it stays
            # Everything below the kept batches goes, messages sent here included: they
            # are stored, and come back with the batch that holds them.
            gone = self.batches[-1].blocks
            rows = history.rows(gone) + below_rows
            space = below_view - screen
        else:
            gone = self.batches[0].blocks
            rows = history.rows(gone)
            space = above_view - screen
        if rows > space:
            return False  # the batch reaches within a screen of the view
        if bottom:
            self.batches.pop()
            self.more_below = True
            if gone:
                history.drop_from(gone[0], keep_rows=True)
            if below:
                await chat.remove_children(below)
                forget_let_go_renders()  # else Textual keeps what they drew (textual_private.py)
        else:
            self.batches.pop(0)
            self.more_above = True
            history.drop_first(len(gone))
        return True
