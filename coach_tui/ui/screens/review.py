"""This week's review on its own screen: it streams in, ctrl+s saves it.

The review covers complete days through yesterday (the engine's `review_period`). Writing runs
in a thread worker with its own connection; saving stores the dated snapshot at once and hands
the reflection to the main screen, which runs it in the background and says what it added
when it is done, so closing this screen never loses it.
"""

from __future__ import annotations

import logging

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Label, Markdown
from textual.worker import get_current_worker

from coach_tui import clock
from coach_tui.store.db import connect
from coach_tui.ui.widgets.literal import literal, one_line, plain

log = logging.getLogger(__name__)


class ReviewScreen(Screen):
    BINDINGS = [
        Binding("ctrl+s", "save", "Save", id="review.save",
                tooltip="Save the review; the coach reflects on it in the background"),
        Binding("ctrl+r", "rewrite", "Rewrite", id="review.rewrite",
                tooltip="Write the review again"),
        Binding("escape", "close", "Back", id="review.close", tooltip="Back to the chat"),
    ]

    def __init__(self, kind: str = "week") -> None:
        super().__init__(id="review-screen")
        self.kind = kind
        self.period = None
        self.draft = None
        self.saved = None
        self.writing = False
        self._stream = None

    def compose(self) -> ComposeResult:
        yield Label("", id="review-title")
        with VerticalScroll(id="review-scroll"):
            yield Markdown(id="review-text", open_links=False)
        yield Label("", id="review-status")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        from coach_tui.coach.review import review_period

        self.period = review_period(self.kind, clock.today())
        self.query_one("#review-title", Label).update(plain(f"Review · {self.period.label}"))
        self.start_writing()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "save":
            return True if self.draft is not None and self.saved is None else None
        if action == "rewrite":
            return None if self.writing else True
        return True

    def _status(self, text: str, kind: str = "") -> None:
        label = self.query_one("#review-status", Label)
        label.set_classes(kind)
        label.update(plain(text))  # errors can quote a server message: never markup

    def start_writing(self) -> None:
        self.draft = None
        self.saved = None
        self.writing = True
        self.refresh_bindings()
        self.query_one("#review-text", Markdown).update("")
        self._stream = Markdown.get_stream(self.query_one("#review-text", Markdown))
        self._status("The coach is writing your review…", "busy")
        self.write_review()

    @work(thread=True, group="review", exclusive=True, exit_on_error=False)
    def write_review(self) -> None:
        from coach_tui.coach import llm, review

        worker = get_current_worker()
        app = self.app
        settings = app.settings

        def on_text(chunk: str) -> None:
            if worker.is_cancelled:
                raise RuntimeError("review closed")
            app.call_from_thread(self._write_chunk, chunk)

        draft = error = None
        conn = connect(settings.paths.db_file)
        try:
            draft = review.write_review(conn, settings, self.period, now=clock.now(),
                                        on_text=on_text)
        except llm.LLMError as exc:
            if exc.kind == "memory_off":
                error = ("Memory is off, so no review is written: it would send your step "
                         "data. Go back (esc) and press ctrl+t to turn memory on.")
            else:
                error = exc.message
        except Exception as exc:
            if worker.is_cancelled:
                return
            log.exception("review failed")
            error = one_line(str(exc)) or type(exc).__name__
        finally:
            conn.close()
        if worker.is_cancelled:
            return
        try:
            app.call_from_thread(self.writing_done, draft, error)
        except RuntimeError:
            pass

    async def _write_chunk(self, chunk: str) -> None:
        if self._stream is not None and chunk:
            await self._stream.write(literal(chunk))
            # Follow the text once it outgrows the screen (anchoring earlier would pin a short
            # review to the bottom); scrolling up releases the anchor, as in the chat.
            scroll = self.query_one("#review-scroll")
            if not scroll.is_anchored and scroll.max_scroll_y > 0:
                scroll.anchor()

    async def writing_done(self, draft, error: str | None) -> None:
        self.writing = False
        if self._stream is not None:
            await self._stream.stop()
            self._stream = None
        markdown = self.query_one("#review-text", Markdown)
        if draft is None:
            self._status(f"No review: {error} ctrl+r tries again · esc goes back.", "error")
        else:
            self.draft = draft
            await markdown.update(literal(draft.text))
            self._status("Done. ctrl+s saves it, then the coach reflects on it in the background.",
                         "ready")
        self.refresh_bindings()

    def action_rewrite(self) -> None:
        if not self.writing:
            self.start_writing()

    def action_save(self) -> None:
        if self.draft is None or self.saved is not None:
            return
        from coach_tui.coach import review

        app = self.app
        try:
            self.saved = review.save_review(app.conn, app.settings, self.draft)
        except Exception as exc:
            log.exception("saving the review failed")
            self._status(f"The review was not saved: {one_line(str(exc))} Press ctrl+s to try "
                         "again.", "error")
            return
        self.refresh_bindings()
        main = self._main_screen()
        app.notify(f"Review for {self.period.label} saved. The coach is reflecting on it…",
                   title="Review", markup=False)
        if main is not None:
            main.reflect_in_background(self.saved, self.draft)
        self.dismiss()

    def _main_screen(self):
        from coach_tui.ui.screens.main import MainScreen

        for screen in self.app.screen_stack:
            if isinstance(screen, MainScreen):
                return screen
        return None

    def action_close(self) -> None:
        if self.writing:
            self.workers.cancel_group(self, "review")
        self.dismiss()
