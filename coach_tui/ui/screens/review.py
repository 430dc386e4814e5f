"""The last whole week's review (Mon–Sun) on its own screen: it streams in, ctrl+s saves it.

The review covers complete days through yesterday (the engine's `review_period`). Writing runs
in a thread worker with its own connection and streams like a chat reply (StreamedMarkdown in a
FollowingScroll: the view follows the text only while the reader is at the bottom); the worker
ends by posting `Written`. Saving stores the dated snapshot at once and dismisses the screen
with a `ReviewSaved`; the main screen reflects on it in the background and says what it added
when it is done, so closing the app's screens never loses it.

Esc while the review is being written stops it (nothing is saved: a fragment is not a review)
and leaves the screen open on what arrived; Esc again goes back to the chat. A review that did
not finish was billed once its stream began: the line under it says what it cost ("≥" where
the output is only what arrived), and with more than one attempt today, the review's total.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Label
from textual.worker import get_current_worker

from coach_tui import clock
from coach_tui.config import Settings
from coach_tui.logfile import logged_failure
from coach_tui.text import plural
from coach_tui.ui.messages import WorkerCancelled
from coach_tui.ui.typed_app import coach_app
from coach_tui.ui.widgets.chat import NOT_FROM_RECORDS, mark_unverified, unverified_note
from coach_tui.ui.widgets.footer import KeyFooter
from coach_tui.ui.widgets.literal import plain
from coach_tui.ui.widgets.stream import FollowingScroll, StreamedMarkdown

if TYPE_CHECKING:
    from textual.timer import Timer

    from coach_tui.coach.pricing import Usage
    from coach_tui.coach.review import Period, ReviewDraft, SavedReview
    from coach_tui.store.reviews import Spend

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ReviewSaved:
    """What the review screen is dismissed with after a save: what to reflect on."""

    review: SavedReview
    draft: ReviewDraft


class ReviewScreen(Screen["ReviewSaved | None"]):
    BINDINGS = [
        Binding("ctrl+s", "save", "Save", id="review.save",
                tooltip="Save the review; the coach reflects on it in the background"),
        Binding("ctrl+r", "rewrite", "Rewrite", id="review.rewrite",
                tooltip="Write the review again"),
        Binding("escape", "close", "Stop / Back", id="review.close",
                tooltip="Stop the review being written; when none is, back to the chat"),
    ]

    @dataclass
    class Written(Message):
        """The writing worker ended: a draft, or one line saying why there is none; what a
        review that did not finish was billed, and every attempt at it today."""

        draft: ReviewDraft | None
        error: str | None
        usage: Usage | None = None
        spend: Spend | None = None

    @dataclass
    class RetryWait(Message):
        """The request failed and is sent again after `seconds` (coach/llm/retry.py)."""

        seconds: float
        why: str

    def __init__(self, kind: str = "week") -> None:
        super().__init__(id="review-screen")
        self.kind = kind
        self.period: Period | None = None
        self.draft: ReviewDraft | None = None
        self.saved: SavedReview | None = None
        self.writing = False
        self._waited = 0
        self._ticker: Timer | None = None
        self._retry_until = 0.0  # monotonic end of a wait to retry, and what it waits out
        self._retry_why = ""
        self._stop = threading.Event()

    def compose(self) -> ComposeResult:
        yield Label("", id="review-title")
        with FollowingScroll(id="review-scroll"):
            yield StreamedMarkdown(id="review-text")
        yield Label("", id="review-status")
        yield KeyFooter(compact=True)

    async def on_mount(self) -> None:
        from coach_tui.coach.review import review_period

        self.period = review_period(self.kind, clock.today())
        self.query_one("#review-title", Label).update(plain(f"Review · {self.period.label}"))
        await self.start_writing()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "save":
            return True if self.draft is not None and self.saved is None else None
        if action == "rewrite":
            return None if self.writing else True
        return True

    @property
    def text(self) -> StreamedMarkdown:
        return self.query_one(StreamedMarkdown)

    def _status(self, text: str, kind: str = "") -> None:
        label = self.query_one("#review-status", Label)
        label.set_classes(kind)
        label.update(plain(text))  # errors can quote a server message: never markup

    async def start_writing(self) -> None:
        self.draft = None
        self.saved = None
        self.writing = True
        self.refresh_bindings()
        await self.text.restart()
        # A new text starts at the top; the scroll anchors again once it outgrows the screen.
        self.query_one(FollowingScroll).anchor(False)
        # The model thinks before it writes: count the seconds until the first text arrives,
        # so a silent wait never looks like a hang.
        self._waited = 0
        self._retry_until = 0.0
        self._status("The coach is thinking about your review… esc stops it", "busy")
        self._stop_ticker()
        self._ticker = self.set_interval(1.0, self._tick)
        self._stop = threading.Event()
        self.write_review(self.text, self._stop)

    def on_review_screen_retry_wait(self, message: RetryWait) -> None:
        if self.writing:
            self._retry_until = time.monotonic() + message.seconds
            self._retry_why = message.why
            self._tick()

    def _tick(self) -> None:
        left = math.ceil(self._retry_until - time.monotonic())
        if left > 0:
            self._status(f"{self._retry_why.capitalize()}: retrying in {left}s · esc stops it",
                         "busy")
            return
        self._waited += 1
        self._status(f"The coach is thinking about your review… {self._waited}s · esc stops it",
                     "busy")

    def _stop_ticker(self) -> None:
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None

    def on_streamed_markdown_started(self, message: StreamedMarkdown.Started) -> None:
        if self.writing and self._ticker is not None:
            self._stop_ticker()
            self._status("The coach is writing your review… esc stops it", "busy")

    def _show_checking(self, count: int) -> None:
        """The review is in, and the model is asked about `count` of its numbers (the ticker
        stopped, so a first chunk drawn after this does not say "writing" over it)."""
        if self.writing:
            self._stop_ticker()
            self._status(f"Checking {plural(count, 'number')} with the coach…", "busy")

    @work(thread=True, group="review", exclusive=True, exit_on_error=False)
    def write_review(self, text: StreamedMarkdown, stop: threading.Event) -> None:
        from coach_tui.coach import llm, review

        worker = get_current_worker()
        settings = coach_app(self).settings

        def on_text(chunk: str) -> None:
            if worker.is_cancelled:
                raise WorkerCancelled()  # the screen was closed: stop reading the stream
            text.feed(chunk)

        def on_wait(seconds: float, why: str) -> None:
            self.post_message(self.RetryWait(seconds, why))

        def on_checking(count: int) -> None:  # the second read (coach/second_read.py)
            if not worker.is_cancelled:
                self.app.call_from_thread(self._show_checking, count)

        draft = error = usage = spend = None
        assert self.period is not None  # set on mount, before the first write
        period = self.period
        now = clock.now()
        conn = coach_app(self).ctx.connect()
        try:
            draft = review.write_review(conn, settings, period, now=now,
                                        on_text=on_text,
                                        should_stop=lambda: worker.is_cancelled or stop.is_set(),
                                        on_wait=on_wait, on_checking=on_checking)
        except llm.LLMError as exc:
            usage = exc.usage  # billed although it did not finish
            if exc.kind == "memory_off":
                error = ("Memory is off, so no review is written: it would send your step "
                         "data. Go back (esc) and press ctrl+t to turn memory on.")
            else:
                error = exc.message
        except Exception as exc:
            if not worker.is_cancelled:
                log.exception("review failed")
                error = logged_failure(exc)
        try:
            spend = review.review_total(conn, period, now.date())
        except Exception:
            log.exception("reading what the review cost failed")
        finally:
            conn.close()
        if not worker.is_cancelled:  # cancelled: the screen is gone, nobody is waiting
            self.post_message(self.Written(draft, error, usage, spend))

    async def on_review_screen_written(self, message: Written) -> None:
        # Still "writing" until the outcome is on screen: a ctrl+r while the text settles
        # would start a new review that this handler's draft and status then overwrite.
        self._stop_ticker()
        draft = message.draft
        # A failed review keeps what arrived on screen; a written one shows its stored text.
        unverified = (draft.unverified or ()) if draft is not None else ()
        await self.text.finish(mark_unverified(draft.text, unverified) if draft is not None
                               else "")
        self.text.tooltip = NOT_FROM_RECORDS if unverified else None
        settings = coach_app(self).settings
        if draft is None:
            cost = _cost_note(settings, settings.chat_model, message.usage, message.spend)
            billed = f" It was billed{cost}." if cost else ""
            self._status(f"No review. {message.error}{billed} ctrl+r tries again · esc goes "
                         "back.", "error")
        else:
            self.draft = draft
            cost = _cost_note(settings, draft.model, draft.usage, message.spend)
            unchecked = " · numbers not checked (the check failed)" \
                if draft.unverified is None else ""
            self._status(f"Done{cost}{unverified_note(unverified)}{unchecked}. ctrl+s saves it, "
                         "then the coach reflects on it in the background.", "ready")
        self.writing = False
        self.refresh_bindings()

    async def action_rewrite(self) -> None:
        if not self.writing:
            await self.start_writing()

    def action_save(self) -> None:
        if self.draft is None or self.saved is not None:
            return
        from coach_tui.coach import review

        app = coach_app(self)
        try:
            self.saved = review.save_review(app.conn, app.settings, self.draft)
        except Exception as exc:
            log.exception("saving the review failed")
            self._status(f"The review was not saved: {logged_failure(exc)} Press ctrl+s to try "
                         "again.", "error")
            return
        self.refresh_bindings()
        assert self.period is not None  # a draft was written for it
        app.notify(f"Review for {self.period.label} saved. The coach is reflecting on it…",
                   title="Review", markup=False)
        self.dismiss(ReviewSaved(self.saved, self.draft))

    def action_close(self) -> None:
        if self.writing and not self._stop.is_set():
            self._stop.set()  # the first Esc stops the writing; the screen stays open
            self._status("Stopping…", "busy")
            return
        if self.writing:
            self.workers.cancel_group(self, "review")
        self.dismiss(None)


def _cost_note(settings: Settings, model: str, usage: Usage | None,
               spend: Spend | None) -> str:
    """' ($0.0123)': what writing this review cost ('≥' when only what arrived is counted),
    and ' ($0.0123; review total ≥$0.0200)' when there were other attempts at it today; ''
    when nothing was billed."""
    from coach_tui.coach.pricing import format_cost, turn_cost

    if usage is None:
        return ""
    cost = turn_cost(settings, model, usage)
    note = format_cost(cost, at_least=usage.output_is_floor) if cost is not None else (
        "cost unknown")  # a model without a price
    if spend is not None and spend.attempts > 1:
        note += f"; review total {format_cost(spend.cost_usd, at_least=spend.floor)}"
    return f" ({note})"
