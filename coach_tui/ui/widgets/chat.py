"""The conversation: the user's messages, the coach's replies as Markdown, and notices.

The view is anchored to its bottom: new text keeps it scrolled down only while the reader is
already at the bottom; scrolling up releases it (Textual's `anchor`), scrolling back down
re-engages it. A reply streams through `StreamedMarkdown` (widgets/stream.py, shared with the
review) and gets one final `update` with the stored text when the turn ends, so what stays on
screen is exactly what was stored. Everything shown goes through `literal`, so escape sequences
in a reply are displayed, never executed. A long session is drawn through a window; each move
of the view posts `ChatView.Scrolled`, and the pane's window draws or lets go of messages.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from textual.containers import Vertical
from textual.geometry import Size
from textual.layout import DockArrangeResult
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Label, Static

from coach_tui.text import plural
from coach_tui.ui.textual_private import follows_bottom
from coach_tui.ui.widgets.fit import FitLabel
from coach_tui.ui.widgets.history import HistoryView
from coach_tui.ui.widgets.literal import plain
from coach_tui.ui.widgets.stream import FollowingScroll, StreamedMarkdown


class UserMessage(Vertical):
    def __init__(self, text: str, meta: str) -> None:
        super().__init__(classes="message user")
        self.text = text
        self._meta = meta

    def compose(self):
        yield Label(plain(self._meta), classes="meta")
        yield Static(plain(self.text), classes="body")


NOT_FROM_RECORDS = ("Highlighted numbers are not from your records: nothing the coach was "
                    "given states them or gives them by arithmetic. ctrl+e or a click shows "
                    "where each number comes from.")


def mark_unverified(text: str, numbers) -> str:
    """`text` with each unverified number set as inline code: the highlight that says "not
    from your records". `numbers` are the checker's outcomes (dicts with spans: the flagged
    ones are marked where they are), or, for replies stored before those were kept, the
    flagged numbers as written, found in reply order."""
    if any(isinstance(n, dict) for n in numbers):
        out, at = [], 0
        for n in sorted((n for n in numbers if n.get("outcome") == "unsupported"),
                        key=lambda n: n["start"]):
            start, end = n["start"], n["end"]
            if start < at or text[start:end] != n["text"]:
                continue
            out += [text[at:start], f"`{n['text']}`"]
            at = end
        out.append(text[at:])
        return "".join(out)
    out, at = [], 0
    for number in numbers:
        found = text.find(number, at)
        if found < 0:
            continue
        out.append(text[at:found])
        out.append(f"`{number}`")
        at = found + len(number)
    out.append(text[at:])
    return "".join(out)


def unverified_note(numbers) -> str:
    """' · 2 numbers not from your records' for a reply header ('' when there are none)."""
    count = len(dict.fromkeys(numbers))
    if not count:
        return ""
    return f" · {count} number{'s' if count != 1 else ''} not from your records"


def cut_label(reason: str | None) -> str:
    """How a reply header names an incomplete reply, from its stop reason or cut kind."""
    return {"max_tokens": "cut short", "refusal": "declined", "stopped": "stopped"}.get(
        reason or "", "interrupted")


class AssistantMessage(Vertical):
    """A coach reply: a header line (time, cache share, cost) over the streamed Markdown.

    `feed(chunk)` may be called from any thread (see StreamedMarkdown). Mounted with the class
    "waiting", its header counts the seconds until the first text arrives ("coach · thinking…
    12s"): the 5.5 models think before they write, and a silent wait should never look like a
    hang.
    """

    @dataclass
    class Inspect(Message):
        """The reader clicked this reply: show where its numbers come from."""

        reply: AssistantMessage

    @dataclass
    class RetryWait(Message):
        """The request failed and is sent again after `seconds` (coach/llm/retry.py)."""

        seconds: float
        why: str

    @dataclass
    class Checking(Message):
        """The reply is in and the model is asked about `count` of its numbers."""

        count: int

    def __init__(self, meta: str, text: str | None = None, unverified=(),
                 turn_id: int | None = None) -> None:
        super().__init__(classes="message assistant")
        self.turn_id = turn_id  # the stored reply, once there is one
        if text is not None and unverified:
            text = mark_unverified(text, unverified)
            self.tooltip = NOT_FROM_RECORDS
        self._meta = meta
        self._finished = False
        self._checking = False  # the second read has begun on this reply
        self._waited = 0
        self._ticker: Timer | None = None
        self._retry: tuple[float, str] | None = None  # (monotonic end, why) of a wait to retry
        # Kept from here, not queried, so a worker thread can feed it without touching the DOM.
        # A reply drawn from the store is a block of the history's lines (history.py).
        self.markdown = StreamedMarkdown(text, classes="body")

    def compose(self):
        yield FitLabel(self._meta, classes="meta")
        yield self.markdown

    def on_click(self) -> None:
        if self.turn_id is not None:
            self.post_message(self.Inspect(self))

    def on_mount(self) -> None:
        if self.has_class("waiting"):
            self._ticker = self.set_interval(1.0, self._tick)

    def wait_shown(self, seconds: float, why: str) -> None:
        """Thread-safe: count down a wait to retry on this reply's line."""
        self.post_message(self.RetryWait(seconds, why))

    def checking(self, count: int) -> None:
        """Thread-safe: say on this reply's line that the model is asked about `count` of its
        numbers (the second read), until the turn's meta replaces it."""
        self.post_message(self.Checking(count))

    def on_assistant_message_checking(self, message: Checking) -> None:
        message.stop()
        if not self._finished:
            self._checking = True
            self.set_meta(f"coach · checking {plural(message.count, 'number')}…")

    def on_assistant_message_retry_wait(self, message: RetryWait) -> None:
        message.stop()
        if not self._finished:
            self._retry = (time.monotonic() + message.seconds, message.why)
            self._show_retry()

    def _show_retry(self) -> bool:
        """Show the countdown; False (and the waiting line back) once the wait is over."""
        if self._retry is None:
            return False
        end, why = self._retry
        left = math.ceil(end - time.monotonic())
        if left <= 0:
            self._retry = None
            self._waited = 0
            self.set_meta(self._meta)
            return False
        self.set_meta(f"coach · {why}, retrying in {left}s (esc stops)")
        return True

    def _tick(self) -> None:
        if not self.has_class("waiting"):
            self._stop_ticker()
            return
        if self._show_retry():
            return
        self._waited += 1
        self.set_meta(f"{self._meta} {self._waited}s")

    def _stop_ticker(self) -> None:
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None

    @property
    def received(self) -> str:
        """The text streamed in so far."""
        return self.markdown.received

    def set_meta(self, meta: str) -> None:
        self.query_one(".meta", FitLabel).set_meta(meta)

    @property
    def stream(self) -> StreamedMarkdown:
        """The reply's text as it streams in."""
        return self.markdown

    def feed(self, chunk: str) -> None:
        """Thread-safe: queue `chunk` for this reply."""
        self.stream.feed(chunk)

    def on_streamed_markdown_started(self, message: StreamedMarkdown.Started) -> None:
        message.stop()
        if not self._finished:  # the first chunk can be handled after the turn ended
            self.remove_class("waiting")
            self._stop_ticker()
            if not self._checking:  # (drawn after the reply was in and the check began)
                self.set_meta("coach · writing…")

    async def finish(self, text: str, unverified=()) -> None:
        """End the stream and show `text` (the stored reply, or what arrived before a cut),
        its `unverified` numbers highlighted."""
        self._finished = True
        self._retry = None
        self.remove_class("waiting")
        self._stop_ticker()
        if unverified:
            self.tooltip = NOT_FROM_RECORDS
        await self.stream.finish(mark_unverified(text, unverified) if unverified else text)
        if not text:
            self.display = False


class Notice(Static):
    """One line from the app itself: an error, a hint, a note about memory."""

    def __init__(self, text: str, kind: str = "info") -> None:
        super().__init__(plain(text), classes=f"notice {kind}")


class ChatView(FollowingScroll):
    """The scrolling conversation, anchored from the start: a short conversation sits at the
    bottom, just above the message box. Not a focus stop: Tab goes between the message box and
    the journal, and the screen scrolls this view with PageUp / PageDown."""

    can_focus = False

    @dataclass
    class Scrolled(Message):
        """The view moved: the pane's window may draw more above or below (chat_window.py)."""

    def __init__(self, *children: Widget, **kwargs) -> None:
        super().__init__(*children, **kwargs)
        self._placed: DockArrangeResult | None = None  # the last arrangement of the messages

    def on_mount(self) -> None:
        self.anchor()

    def arrange(self, size: Size, optimal: bool = False) -> DockArrangeResult:
        """Textual's arrangement of the messages, keeping what the reader sees in place.

        Messages drawn or let go above the view (or a reply growing there) would move what
        is read by as much as they add or take away. As a browser anchors its scroll, the
        first message the view showed is found in the new arrangement and the view moved by
        as much as it moved, in the same layout pass that places it (Textual's own anchor
        does the same for the bottom, and a view following the bottom is left to it). So no
        frame shows the wrong place, and no second layout puts it back."""
        arrangement = super().arrange(size, optimal)
        if optimal:
            return arrangement
        before, self._placed = self._placed, arrangement
        # Rows the history drew or let go above its lines in view (history.py).
        history = self.history
        shift = history.take_shift() if history is not None else 0
        if before is None or before is arrangement or follows_bottom(self):
            return arrangement
        top = self.scroll_y
        now = {p.widget: p.region.y for p in arrangement.placements}
        for placed in before.placements:
            if placed.region.bottom > top and placed.widget in now:
                moved = now[placed.widget] - placed.region.y
                if placed.widget is history:
                    moved += shift
                if moved:
                    y = max(0.0, top + moved)
                    self.set_reactive(ChatView.scroll_y, y)
                    self.set_reactive(ChatView.scroll_target_y, y)
                    self.vertical_scrollbar.position = y
                break
        return arrangement

    @property
    def history(self) -> HistoryView | None:
        """The stored messages' lines (the first child when a resumed session is shown)."""
        first = self.children[0] if self.children else None
        return first if isinstance(first, HistoryView) else None

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if round(new_value) != round(old_value):
            self.post_message(self.Scrolled())

    async def add(self, widget) -> None:
        await self.mount(widget)

    async def clear(self) -> None:
        await self.remove_children()
