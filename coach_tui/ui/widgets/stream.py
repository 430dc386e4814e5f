"""Text that streams in from the model: the chat's replies and the review use this one path.

`StreamedMarkdown` is a Markdown widget fed chunk by chunk. `feed(chunk)` may be called from any
thread: it posts the chunk to the widget's own queue and returns at once, so the worker reading
the network is never held up by the screen; chunks are written in the order they were fed
through `Markdown.get_stream`, which merges them when they arrive faster than the widget can
render. `finish(text)` ends the stream with one `update` to the stored text, so what stays on
screen is exactly what was stored; chunks that arrive after it add nothing. A widget made with
its text (a stored reply, a saved review) builds its blocks as it is composed, so they mount in
the same pass as their message: Markdown's own first `update` parses in a worker thread and
mounts the blocks afterwards, a second mount and layout pass per reply. Everything shown
goes through `literal`, so escape sequences are displayed, never executed (Markdown does not
parse Rich markup). Streaming is Textual's public `Markdown.get_stream`/`MarkdownStream`; the
compose-time build is the one use of Markdown's internals, in ui/textual_private.py.

`FollowingScroll` keeps the newest text in view only while the reader is at the bottom
(Textual's anchor: scrolling up releases it, scrolling back down re-engages it). It anchors
once its content outgrows it, so a short text stays where it starts.
"""

from __future__ import annotations

import asyncio

from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Markdown
from textual.widgets.markdown import MarkdownStream

from coach_tui.ui.textual_private import markdown_blocks, note_markdown_source
from coach_tui.ui.widgets.literal import literal


class StreamedMarkdown(Markdown):
    """Markdown written chunk by chunk, then replaced once by the final text."""

    class Chunk(Message):
        """One piece of text on its way from a worker thread to this widget."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class Started(Message):
        """The first text arrived (a reply's header changes from "thinking" to "writing")."""

    def __init__(self, markdown: str | None = None, **kwargs) -> None:
        kwargs.setdefault("open_links", False)
        text = literal(markdown) if markdown is not None else None
        super().__init__(text, **kwargs)
        self._composed = text           # built by `compose`; Markdown's first update skips it
        self._stream: MarkdownStream | None = None
        self._finished = False
        self.received = ""

    def compose(self) -> ComposeResult:
        if self._composed:
            yield from markdown_blocks(self, self._composed)

    def update(self, markdown: str) -> AwaitComplete:
        composed, self._composed = self._composed, None
        if composed is None or markdown != composed:
            return super().update(markdown)
        # Markdown's mount-time update of the text `compose` already built: keep the blocks,
        # note the text as `update` would have (Textual's private bookkeeping, kept in
        # ui/textual_private.py with the test that watches it).
        note_markdown_source(self, markdown)
        return AwaitComplete.nothing()

    def feed(self, chunk: str) -> None:
        """Thread-safe: queue `chunk` to be written after the ones fed before it."""
        self.post_message(self.Chunk(chunk))

    async def on_streamed_markdown_chunk(self, message: Chunk) -> None:
        message.stop()
        await self.write(message.text)

    async def write(self, chunk: str) -> None:
        if not chunk or self._finished:
            return  # after `finish`, the stored text is on screen: late chunks add nothing
        if self._stream is None:
            self._stream = Markdown.get_stream(self)
            self.post_message(self.Started())
        self.received += chunk
        await self._stream.write(literal(chunk))

    async def finish(self, text: str) -> None:
        """End the stream and show `text` (the stored text, or what arrived before a cut)."""
        self._finished = True
        drawn = await self._stop_stream()
        if text:
            await self.update(literal(text))
        elif not drawn and self.received:
            await self.update(literal(self.received))  # a cut reply keeps what arrived

    async def restart(self) -> None:
        """Empty, ready to stream a new text (a review written again)."""
        await self._stop_stream()
        self._finished = False
        self.received = ""
        await self.update("")

    async def _stop_stream(self) -> bool:
        """Stop the stream; False when its task was stopped before it drew anything.

        The stream's task is started by this widget's own message loop (the first chunk),
        while `finish` runs in its parent's (the turn or the review ending). On a busy
        machine the parent can stop the stream before that task has run once; awaiting a task
        cancelled before its first step re-raises the cancellation in the awaiting handler,
        which would end the parent's message loop and leave its screen deaf to every key."""
        stream, self._stream = self._stream, None
        if stream is None:
            return True
        try:
            await stream.stop()
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise  # this handler itself is being cancelled: let it end
            return False
        return True


class FollowingScroll(VerticalScroll):
    """A scroll that follows text added at its bottom while the reader is there."""

    def watch_virtual_size(self) -> None:
        # The content grew or shrank; once laid out, anchor if it no longer fits.
        if not self.is_anchored:
            self.call_after_refresh(self._anchor_if_overflowing)

    def _anchor_if_overflowing(self) -> None:
        if not self.is_anchored and self.max_scroll_y > 0:
            self.anchor()
