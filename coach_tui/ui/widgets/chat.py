"""The conversation: the user's messages, the coach's replies as Markdown, and notices.

The view is anchored to its bottom: new text keeps it scrolled down only while the reader is
already at the bottom; scrolling up releases it (Textual's `anchor`), scrolling back down
re-engages it. A reply streams through `Markdown.get_stream` and gets one final `update` with
the stored text when the turn ends, so what stays on screen is exactly what was stored.
Everything shown goes through `literal`, so escape sequences in a reply are displayed, never
executed; the Markdown widget does not parse Rich markup.
"""

from __future__ import annotations

from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Label, Markdown, Static
from textual.widgets.markdown import MarkdownStream

from coach_tui.ui.widgets.literal import literal, plain


class UserMessage(Vertical):
    def __init__(self, text: str, meta: str) -> None:
        super().__init__(classes="message user")
        self.text = text
        self._meta = meta

    def compose(self):
        yield Label(plain(self._meta), classes="meta")
        yield Static(plain(self.text), classes="body")


def cut_label(reason: str | None) -> str:
    """How a reply header names an incomplete reply, from its stop reason or cut kind."""
    return {"max_tokens": "cut short", "refusal": "declined", "stopped": "stopped"}.get(
        reason or "", "cut off")


class AssistantMessage(Vertical):
    """A coach reply; streams while the turn runs.

    Mounted with the class "waiting", its header counts the seconds until the first text
    arrives ("coach · thinking… 12s"): the 5.5 models think before they write, and a silent
    wait should never look like a hang.

    `feed(chunk)` may be called from any thread: it posts the chunk to this widget's own queue
    and returns at once, so the worker reading the network is never held up by the screen;
    chunks are written in the order they were fed, and the MarkdownStream merges them when
    they arrive faster than the widget can render.
    """

    class Chunk(Message):
        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(self, meta: str, text: str | None = None) -> None:
        super().__init__(classes="message assistant")
        self._meta = meta
        self._initial = text
        self._stream: MarkdownStream | None = None
        self._finished = False
        self._waited = 0
        self._ticker = None
        self.received = ""

    def on_mount(self) -> None:
        if self.has_class("waiting"):
            self._ticker = self.set_interval(1.0, self._tick)

    def _tick(self) -> None:
        if not self.has_class("waiting"):
            self._stop_ticker()
            return
        self._waited += 1
        self.set_meta(f"{self._meta} {self._waited}s")

    def _stop_ticker(self) -> None:
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None

    def compose(self):
        yield Label(plain(self._meta), classes="meta")
        yield Markdown(
            literal(self._initial) if self._initial is not None else None,
            classes="body", open_links=False,
        )

    @property
    def markdown(self) -> Markdown:
        return self.query_one(Markdown)

    def set_meta(self, meta: str) -> None:
        self.query_one(".meta", Label).update(plain(meta))

    def feed(self, chunk: str) -> None:
        """Thread-safe: queue `chunk` for this reply."""
        self.post_message(self.Chunk(chunk))

    async def on_assistant_message_chunk(self, message: Chunk) -> None:
        message.stop()
        await self.write(message.text)

    async def write(self, chunk: str) -> None:
        if not chunk or self._finished:
            return  # after `finish`, the stored text is on screen: late chunks add nothing
        if self._stream is None:
            self.remove_class("waiting")
            self._stop_ticker()
            self.set_meta("coach · writing…")
            self._stream = Markdown.get_stream(self.markdown)
        self.received += chunk
        await self._stream.write(literal(chunk))

    async def finish(self, text: str) -> None:
        """End the stream and show `text` (the stored reply, or what arrived before a cut)."""
        self._finished = True
        self._stop_ticker()
        if self._stream is not None:
            await self._stream.stop()
            self._stream = None
        self.remove_class("waiting")
        if text:
            await self.markdown.update(literal(text))
        else:
            self.display = False


class Notice(Static):
    """One line from the app itself: an error, a hint, a note about memory."""

    def __init__(self, text: str, kind: str = "info") -> None:
        super().__init__(plain(text), classes=f"notice {kind}")


class ChatView(VerticalScroll):
    """The scrolling conversation."""

    def on_mount(self) -> None:
        self.anchor()

    async def add(self, widget) -> None:
        await self.mount(widget)

    async def clear(self) -> None:
        await self.remove_children()
